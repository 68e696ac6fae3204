//! [Pattern databases](https://en.wikipedia.org/wiki/Pattern_database): exact distances in an
//! abstraction of a search space, one byte per abstract entry, as admissible heuristics.
//!
//! An abstraction keeps part of a state (say, where a few tiles stand) and forgets the rest. A
//! [`PatternSpace`] describes it to the engine without saying what it abstracts: its states are
//! pairs `(entry, variant)`, where the *entry* is what the table is indexed by and the *variants*
//! of an entry are the states that *free* actions (cost 0) connect, such as the positions of a
//! blank among the cells no pattern tile occupies. Every other action costs 1, or up to
//! [`PatternSpace::max_cost`] in a space that weighs them. [`build`] runs a parallel
//! breadth-first search from the goal (by layers of cost, for weighted actions) and keeps, per
//! entry, the least distance over its variants: the additive (disjoint) pattern databases of
//! Korf and Felner (2002) when only the pattern's own moves cost 1, and classic ones when every
//! move does.
//!
//! Tables are saved with a header naming what they abstract ([`TableId`]), a format version and a
//! checksum ([`PatternDatabase::save`]), and loaded memory-mapped after verification
//! ([`PatternDatabase::load`]): a damaged or foreign file is refused, never trusted.
//! [`TableCache`] keeps them in a folder and rebuilds what it cannot load.
//!
//! An abstraction of your own that ranks its states ([`PerfectHash`](crate::PerfectHash)) and
//! says how to step back in it ([`Predecessors`](crate::Predecessors): one-way moves included)
//! needs no `PatternSpace`: [`RankedPdb`] builds its table backwards from its goals, keeps it in
//! the same files and folders, and serves it to the concrete domain through a projection closure
//! as a [`Heuristic`](crate::Heuristic) for A* and IDA*.
//!
//! ```
//! use std::ops::ControlFlow;
//! use statespace_engine::pattern_database::{build, BuildOptions, PatternSpace, TableId};
//!
//! /// A token on a line of 10 cells, one step at a time, abstracted to itself: one variant each.
//! struct Line;
//! impl PatternSpace for Line {
//!     type Entry = u64;
//!     fn entries(&self) -> u64 { 10 }
//!     fn variants(&self) -> u32 { 1 }
//!     fn goal(&self) -> (u64, u64) { (0, 1) }
//!     fn decode(&self, entry: u64) -> u64 { entry }
//!     fn advance(&self, entry: &mut u64) { *entry += 1; }
//!     fn closure(&self, _entry: &u64, variants: u64) -> u64 { variants }
//!     fn neighbours(
//!         &self,
//!         &entry: &u64,
//!         _variants: u64,
//!         mut visit: impl FnMut(u64, u32, &dyn Fn() -> u64) -> ControlFlow<()>,
//!     ) -> ControlFlow<()> {
//!         if entry > 0 { visit(entry - 1, 0, &|| 1)?; }
//!         if entry < 9 { visit(entry + 1, 0, &|| 1)?; }
//!         ControlFlow::Continue(())
//!     }
//! }
//! let id = TableId::new("line of 10", "token");
//! let table = build(&Line, id, &BuildOptions::default()).table.unwrap();
//! assert_eq!(table.get(7), 7);
//! assert_eq!(table.histogram(), vec![1; 10]);
//! ```

mod build;
mod cache;
mod file;
mod ranked;

use std::fmt;
use std::ops::ControlFlow;

pub use build::{BuildOptions, BuildProgress, PatternBuild, build};
pub use cache::{Cached, Origin, TableCache, TableFile};
pub use file::{FORMAT_VERSION, Header, PdbError};
pub use ranked::{RankedPdb, SATURATED};

pub use crate::distance_table::UNREACHED;

/// An abstract space to build a pattern database over: states `(entry, variant)`, free actions
/// within an entry and unit-cost actions between states.
///
/// Requirements, which the builder relies on:
/// - free actions never change the entry, and [`PatternSpace::closure`] returns every variant
///   they connect to the given ones;
/// - unit actions are reversible: if `(e, v)` has the neighbour `(f, w)`, then `(f, w)` has the
///   neighbour `(e, v)` (the builder searches backwards as well as forwards).
///
/// The builder decodes each entry it visits once ([`PatternSpace::decode`], or
/// [`PatternSpace::advance`] when it walks entries in order) and asks about it with the decoded
/// form, so that the space can keep whatever makes its questions cheap.
pub trait PatternSpace: Sync {
    /// An entry in the form the space works with (e.g. where the pattern's pieces stand).
    type Entry: Clone;
    /// The number of table entries: entries are `0..entries()`.
    fn entries(&self) -> u64;
    /// The number of variants of every entry, from 1 to 64: variants are `0..variants()`.
    fn variants(&self) -> u32;
    /// The goal: its entry and a mask of its variants (closed by the builder under free actions).
    fn goal(&self) -> (u64, u64);
    /// The decoded form of `entry`.
    fn decode(&self, entry: u64) -> Self::Entry;
    /// Turns the decoded form of entry `e` into that of `e + 1` (which is below `entries()`).
    fn advance(&self, entry: &mut Self::Entry);
    /// The mask of the variants of `entry` that free actions connect to those of `variants`
    /// (which it includes).
    fn closure(&self, entry: &Self::Entry, variants: u64) -> u64;
    /// Calls `visit(next, variant, component)` for each state `(next, variant)` one unit action
    /// away from a state `(entry, v)` with `v` in the mask `variants`, until `visit` breaks;
    /// returns whether it did. `component()` gives the closure of `variant` within `next`, for
    /// the visitor to call only when it needs it.
    fn neighbours(
        &self,
        entry: &Self::Entry,
        variants: u64,
        visit: impl FnMut(u64, u32, &dyn Fn() -> u64) -> ControlFlow<()>,
    ) -> ControlFlow<()>;

    /// The most a non-free action costs: 1 (the default) unless the space weighs its actions
    /// with [`PatternSpace::weighted_neighbours`].
    fn max_cost(&self) -> u8 {
        1
    }

    /// As [`PatternSpace::neighbours`], with each action's cost from 1 to
    /// [`PatternSpace::max_cost`] (the same both ways): `visit(next, variant, cost, component)`.
    /// The builder asks this instead when `max_cost()` is above 1, to give the cost-splitting
    /// abstractions of Yang, Culberson, Holte et al. (JAIR 2008), where an abstract action costs
    /// the share of the real one that falls to the pattern, so that tables over disjoint
    /// patterns add up. By default every action costs 1.
    fn weighted_neighbours(
        &self,
        entry: &Self::Entry,
        variants: u64,
        mut visit: impl FnMut(u64, u32, u8, &dyn Fn() -> u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.neighbours(entry, variants, |next, variant, component| {
            visit(next, variant, 1, component)
        })
    }
}

/// What a table abstracts, as recorded in its file header: loading checks both strings, so that
/// a table is never used for another puzzle or pattern.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableId {
    /// The concrete space and the goal, e.g. `sliding 4x4, blank goal 0`.
    pub domain: String,
    /// The abstraction, e.g. `tiles at goal cells 1 2 3 4 5 6 7`.
    pub pattern: String,
}

impl TableId {
    /// An identity from its two parts.
    pub fn new(domain: impl Into<String>, pattern: impl Into<String>) -> Self {
        Self {
            domain: domain.into(),
            pattern: pattern.into(),
        }
    }
}

impl fmt::Display for TableId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}; {}", self.domain, self.pattern)
    }
}

/// A pattern database: one distance byte per entry, in memory or mapped from its file.
pub struct PatternDatabase {
    id: TableId,
    checksum: u64,
    data: file::Data,
}

impl PatternDatabase {
    /// A table from its distances (one byte per entry, [`UNREACHED`] where the goal cannot be
    /// reached); computes its checksum.
    pub fn from_distances(id: TableId, distances: Vec<u8>) -> Self {
        let checksum = file::checksum(&distances);
        Self {
            id,
            checksum,
            data: file::Data::Owned(distances),
        }
    }

    /// What the table abstracts.
    pub fn id(&self) -> &TableId {
        &self.id
    }

    /// The checksum of the distances, as stored in the file header.
    pub fn checksum(&self) -> u64 {
        self.checksum
    }

    /// One byte per entry: the distance, or [`UNREACHED`]. Hot loops index this slice directly.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        self.data.as_bytes()
    }

    /// The distance of entry `entry`, or [`UNREACHED`].
    #[inline]
    pub fn get(&self, entry: u64) -> u8 {
        self.as_bytes()[entry as usize]
    }

    /// The number of entries.
    pub fn len(&self) -> u64 {
        self.as_bytes().len() as u64
    }

    /// Whether the table has no entry.
    pub fn is_empty(&self) -> bool {
        self.as_bytes().is_empty()
    }

    /// Whether the table was mapped from a file rather than built or read into memory.
    pub fn is_mapped(&self) -> bool {
        matches!(self.data, file::Data::Mapped { .. })
    }

    /// How many entries have each distance: entry `d` counts the entries at distance `d`
    /// (unreached entries are not counted).
    pub fn histogram(&self) -> Vec<u64> {
        crate::distance_table::histogram(self.as_bytes())
    }
}

impl fmt::Debug for PatternDatabase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PatternDatabase")
            .field("id", &self.id)
            .field("entries", &self.len())
            .field("checksum", &format_args!("{:016x}", self.checksum))
            .field("mapped", &self.is_mapped())
            .finish()
    }
}
