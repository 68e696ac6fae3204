//! Optimal 3×3×3 answers by IDA* (Korf 1997). The estimate is the most of Korf's corner table
//! (the exact distance of each of the 88,179,840 corner positions, folded by the 16 symmetries
//! that keep the UD axis: [`CornerDistances`]) and, along each of the cube's three axes, the
//! exact number of moves into G1 = ⟨U, D, R2, L2, F2, B2⟩ (the two-phase search's full phase-1
//! table, [`Phase1Table`]; Kociemba's optimal solver reads three axes too), and the same of
//! the cube's inverse, which is as far from solved: the inverse's views are kept beside the
//! coordinates and read for the children that the cube's own estimate keeps
//! ([`optimal_node`](super::optimal_node)). On Korf's first cube it generated 10.2 million
//! nodes instead of 16.1 million (the figures here were measured with the last iteration's
//! subtrees tightest first, before the order below). The medium tables add h48's `h0` table
//! with the permutations' parity ([`SeparationTable`]), whose goal is alike along every axis:
//! folded by all 48 symmetries, read once for the whole cube after the phase-1 table (33.3
//! million nodes on Korf's first cube instead of 44.1 million). Larger tables add a table with
//! the corners' tetrad, read likewise before the phase-1 table: the phase-1 coordinates with it
//! ([`TetradTable`], `huge`), or vcube's "208" coordinate in bands of two bits ([`OrderTable`],
//! `giant`) without a phase-1 table (beside it the sorted one saved fewer nodes than its reads
//! cost). Each axis's distance is then the most of its tables', and the three axes' are
//! combined as the phase-1 table's alone are ([`axes_distance`]): on Korf's ten with `giant`,
//! half the nodes expanded of taking the tables' most.
//!
//! A node is coordinates, each turned by a move table (the corners' permutation and twist, and
//! on each axis the twist, the flip and the sorted slice: the slice edges' places and order),
//! and the inverse's views. The goal test reads the coordinates, and is exact: the corners at
//! home, and on each axis the four slice edges at home in order (the three slices hold all
//! twelve edges) and unflipped.
//! Each node's children are made and their corner distances read together, so that the
//! processor waits for the large tables' cache misses side by side, the side (the cube or its
//! inverse) and the axis that read farthest at the parent first, as they prune the most
//! children before the others are read; a face is never turned
//! twice in a row, nor D after U, L after R or B after F, nor a move of a table's target group
//! when the inverse is as far from that target as the moves left ([`Targets`]: nxopt's rule,
//! which halves the children made with the default tables, the nodes expanded the same). The
//! tables are kept in a folder of
//! pattern databases (the engine's [`TableCache`]: a header naming each, a checksum, a damaged
//! file refused and rebuilt) and the search split over the cores (the engine's parallel IDA*).
//! The last iteration ends at its first answer, so the order of its subtrees, and of each
//! node's children, decides its cost: loosest first (the most room under the bound, which
//! holds an answer most often) expands 2.1 times fewer nodes than tightest first on Korf's
//! first three cubes with the medium tables (BENCHMARKS.md).
//! (Past 600 lines with its tests: each table kind's estimates against known distances and its
//! answers against the plain search's on the same scrambles.)
//!
//! ```no_run
//! use statespace_engine::Limits;
//! use statespace_puzzles::cube::{CornerTable, PhaseTables, parse_rubik};
//!
//! let (table, _note) = CornerTable::build(PhaseTables::Phase1, &Limits::none()).unwrap();
//! let cube = parse_rubik("R U2 F' D").unwrap();
//! let (moves, _stats) = table.solve(&cube, &Limits::none());
//! assert_eq!(moves.unwrap().len(), 4);
//! ```

use std::ops::ControlFlow;

use statespace_engine::idastar::{Expander, Expansion};
use statespace_engine::parallel_idastar::{Parallel, parallel_idastar_with};
use statespace_engine::pattern_database::TableCache;
use statespace_engine::{Limits, Outcome, Stats, StopReason};

use super::coords::{MOVES, SORTED_SLICES};
use super::corner_table::{CORNER_TABLE_BYTES, CornerDistances};
use super::cubie::{Corners, Move};
use super::face::ALL_MOVES;
use super::optimal_node::{Axis, AxisReads, Coordinates, Node, Packed, SOLVED, Turns};
use super::order_table::{ORDER_TABLE_BYTES, OrderTable};
use super::phase1_table::{Phase1Table, table_bytes};
use super::rubik::Rubik;
use super::separation_table::{SEPARATION_TABLE_BYTES, SeparationTable};
use super::symmetry::SliceKind;
use super::tetrad_table::{TETRAD_TABLE_BYTES, TETRADS, TetradTable};

/// Whether move `turn` may follow `last`: never the same face twice, and of two opposite faces
/// U before D, R before L, F before B (turns of opposite faces commute).
#[inline]
fn may_follow(turn: u8, last: Option<u8>) -> bool {
    last.is_none_or(|last| {
        let (face, last_face) = (turn / 3, last / 3);
        face != last_face && face + 3 != last_face
    })
}

/// IDA*'s node expander: the node is its memo, so a thread's expander holds only the tables.
#[derive(Clone, Copy)]
struct Search<'a> {
    turns: &'a Turns,
    corners: &'a CornerDistances,
    /// The phase-1 table, unless the order table is read instead.
    phase1: Option<&'a Phase1Table>,
    /// The table with the corners' tetrads, read before `phase1` when loaded.
    tetrads: Option<&'a TetradTables>,
    /// h48's `h0` table with the parity, read once for the whole cube after `phase1` when
    /// loaded.
    separation: Option<&'a SeparationTable>,
    start: Node,
    /// Whether the inverse's estimate is read beside the cube's (and bars moves).
    inverse: bool,
    /// The moves of each table's target group, which the inverse's reads may bar.
    targets: Targets,
}

/// Along each axis, the moves that leave the solved cube in the phase-1 table's target and in
/// the tetrad table's, as bits: the targets' groups' moves (on the UD axis, U, D and the half
/// turns for the phase-1 table; U and D alone for the sorted one and the tetrad tables).
/// nxopt's rule (Rokicki; h48's "tight bounds"): when the inverse is at least the moves left
/// from a target, no answer within the bound starts with a move of that target's group. An
/// answer of the cube, reversed and each move undone, answers the inverse and ends with the
/// first move undone; were that move in the group, the inverse would reach the target a move
/// sooner. Those children are not made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Targets {
    phase1: [u32; 3],
    tetrads: [u32; 3],
    separation: u32,
}

impl Targets {
    /// Along each axis, the moves after which the solved cube's `entry` is still the solved
    /// cube's.
    fn keeping(turns: &Turns, entry: impl Fn(&Axis) -> usize) -> [u32; 3] {
        std::array::from_fn(|axis| {
            Targets::keeping_whole(turns, |coordinates| entry(&coordinates.axes[axis]))
        })
    }

    /// The moves after which the solved cube's `entry` is still the solved cube's.
    fn keeping_whole(turns: &Turns, entry: impl Fn(&Coordinates) -> usize) -> u32 {
        let solved = entry(&SOLVED);
        let kept = (0..MOVES as u8).filter(|&turn| entry(&turns.turned(&SOLVED, turn)) == solved);
        kept.fold(0, |bits, turn| bits | 1 << turn)
    }

    /// The moves barred after a node whose inverse read `reads`, with `left` moves left.
    #[inline]
    fn barred(&self, reads: &AxisReads, left: u64) -> u32 {
        let mut barred = 0;
        for axis in 0..3 {
            if u64::from(reads.phase1[axis]) >= left {
                barred |= self.phase1[axis];
            }
            if u64::from(reads.tetrads[axis]) >= left {
                barred |= self.tetrads[axis];
            }
        }
        if u64::from(reads.separation) >= left {
            barred |= self.separation;
        }
        barred
    }
}

/// A child of the node expanded: coordinates (the cube's or its inverse's), their three axes'
/// phase-1 and tetrad distances once read, and where the child is among those generated.
#[derive(Clone, Copy)]
struct Child {
    turn: u8,
    /// Where the child is among those made.
    made: u8,
    /// Where the child was among those the first side kept.
    slot: u8,
    coordinates: Coordinates,
    reads: AxisReads,
    /// The most that the tables have read of the child, the cube's and the inverse's.
    estimate: u8,
}

/// The estimate that `reads` give, the corners' aside.
#[inline]
fn side_distance(reads: &AxisReads) -> u8 {
    axes_distance(reads.axes()).max(reads.separation)
}

impl Search<'_> {
    /// Gives `children` the coordinates of their cubes (from `cubes`, by where each was made)
    /// or, if `inverse`, of their inverses, turned from `node`'s inverse into `inverses`.
    #[inline]
    fn side_coordinates(
        &self,
        children: &mut [Child],
        inverse: bool,
        node: &Node,
        cubes: &[Coordinates; MOVES],
        inverses: &mut [[Packed; 3]; MOVES],
    ) {
        for child in children {
            let made = usize::from(child.made);
            child.coordinates = match inverse {
                true => {
                    inverses[made] = self.turns.inverse_turned(&node.inverse, child.turn);
                    self.turns.packed_coordinates(&inverses[made])
                }
                false => cubes[made],
            };
        }
    }

    #[inline]
    fn corner_distance(&self, coordinates: &Coordinates) -> u8 {
        self.corners.distance(&coordinates.corners)
    }

    /// The phase-1 table's entry of the view along `axis`.
    #[inline]
    fn phase1_entry(table: &Phase1Table, axis: &Axis) -> usize {
        let slice = table.slice().of_sorted(axis.sorted_slice);
        table.entry(axis.twist, axis.flip, slice)
    }

    /// The separation table's entry of the cube of `coordinates`.
    #[inline]
    fn separation_entry(table: &SeparationTable, coordinates: &Coordinates) -> usize {
        let [u, f, _] = &coordinates.axes;
        let slices = [u.sorted_slice / 24, f.sorted_slice / 24];
        table.entry(u.twist, coordinates.corners.permutation, slices)
    }

    /// The estimate of the cube of `coordinates`: the corners' distance, the separation
    /// table's, and the least moves that the three axes' distances leave (each axis's the most
    /// of its tables').
    fn distance(&self, coordinates: &Coordinates) -> u8 {
        let reads = self.reads(coordinates);
        self.corner_distance(coordinates).max(side_distance(&reads))
    }

    /// The phase-1 table's and the tetrad table's distances of `coordinates` along each axis.
    fn reads(&self, coordinates: &Coordinates) -> AxisReads {
        let axes = &coordinates.axes;
        AxisReads {
            phase1: match self.phase1 {
                Some(table) => axes.map(|axis| table.distance_at(Self::phase1_entry(table, &axis))),
                None => [0; 3],
            },
            tetrads: match self.tetrads {
                Some(table) => axes.map(|axis| table.distance_at(table.entry(&axis))),
                None => [0; 3],
            },
            separation: self.separation.map_or(0, |table| {
                table.distance_at(Self::separation_entry(table, coordinates))
            }),
        }
    }

    /// Keeps, in order, the first `count` of `children` whose cost `g` plus estimate is within
    /// `bound`, and returns how many. Each table is read for all the children still within the
    /// bound before any is used, so that the large tables' cache misses overlap: the corners
    /// first, then each axis, then the axes together.
    #[inline]
    fn keep_admissible(
        &self,
        children: &mut [Child; MOVES],
        count: usize,
        f: (u64, u64),
        least: &mut u64,
        axes: [usize; 3],
    ) -> usize {
        let mut count = keep_within(children, count, f, least, |_, child| {
            self.corner_distance(&child.coordinates)
        });
        // The tetrad table first, the stronger: the phase-1 table is read for fewer children.
        // (Beside the order table, the sorted phase-1 table paid less than its reads cost: on
        // Korf's ten, 22% more nodes without it, but a fifth less CPU time; BENCHMARKS.md.)
        if let Some(table) = self.tetrads {
            for axis in axes {
                let mut entries = [0; MOVES];
                for (entry, child) in entries.iter_mut().zip(&children[..count]) {
                    *entry = table.entry(&child.coordinates.axes[axis]);
                }
                count = keep_within(children, count, f, least, |k, child| {
                    child.reads.tetrads[axis] = table.distance_at(entries[k]);
                    child.reads.tetrads[axis]
                });
            }
        }
        for axis in axes {
            let Some(table) = self.phase1 else { break };
            // Each child's entry first (a read of the class), then the entries' distances.
            let mut entries = [0; MOVES];
            for (entry, child) in entries.iter_mut().zip(&children[..count]) {
                *entry = Self::phase1_entry(table, &child.coordinates.axes[axis]);
            }
            count = keep_within(children, count, f, least, |k, child| {
                child.reads.phase1[axis] = table.distance_at(entries[k]);
                child.reads.phase1[axis]
            });
        }
        count = keep_within(children, count, f, least, |_, child| {
            axes_distance(child.reads.axes())
        });
        if let Some(table) = self.separation {
            let mut entries = [0; MOVES];
            for (entry, child) in entries.iter_mut().zip(&children[..count]) {
                *entry = Self::separation_entry(table, &child.coordinates);
            }
            count = keep_within(children, count, f, least, |k, child| {
                child.reads.separation = table.distance_at(entries[k]);
                child.reads.separation
            });
        }
        count
    }
}

/// The least moves that solve a cube whose three axes' distances are at least `axes`: their
/// most, and one more when they are all the same but 0. Each table's target group on an axis
/// holds that axis's face turns (G1 = ⟨U, D, R2, L2, F2, B2⟩, and the others' ⟨U, D⟩), so an
/// answer's last move keeps one axis's target: that axis was reached a move before the end
/// (Kociemba's optimal solver prunes so with G1; the tests check the other tables' groups).
#[inline]
fn axes_distance([a, b, c]: [u8; 3]) -> u8 {
    let most = a.max(b).max(c);
    most + u8::from(a == b && b == c && a > 0)
}

/// A table with the corners' tetrads: either is read along the three axes and for the inverse.
#[derive(Debug)]
enum TetradTables {
    /// The phase-1 coordinates with the tetrad.
    Phase1(TetradTable),
    /// The slice edges' order, the other edges' flips, the twist and the tetrad, in bands.
    Order(OrderTable),
}

impl TetradTables {
    /// The table that `tables` read besides the sorted phase-1 table, if any, loaded from
    /// `cache` or built within `limits`; with what happened, in a line.
    fn load_or_build(
        tables: PhaseTables,
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<Option<(TetradTables, String)>, StopReason> {
        Ok(match tables {
            PhaseTables::Phase1 | PhaseTables::Separation | PhaseTables::Sorted => None,
            PhaseTables::Tetrads => {
                let (table, note) = TetradTable::load_or_build(cache, limits)?;
                Some((TetradTables::Phase1(table), note))
            }
            PhaseTables::Order => {
                let (table, note) = OrderTable::load_or_build(cache, limits)?;
                Some((TetradTables::Order(table), note))
            }
        })
    }

    /// The entry of the view `axis`.
    #[inline]
    fn entry(&self, axis: &Axis) -> usize {
        match self {
            TetradTables::Phase1(table) => {
                let slice = SliceKind::Places.of_sorted(axis.sorted_slice);
                table.entry(axis.twist, axis.flip, slice, axis.tetrad)
            }
            TetradTables::Order(table) => {
                table.entry(axis.twist, axis.flip, axis.sorted_slice, axis.tetrad)
            }
        }
    }

    /// The distance of entry `entry` (at least).
    #[inline]
    fn distance_at(&self, entry: usize) -> u8 {
        match self {
            TetradTables::Phase1(table) => table.distance_at(entry),
            TetradTables::Order(table) => table.distance_at(entry),
        }
    }
}

impl Expander for Search<'_> {
    type Action = u8;
    type Cost = u64;
    type Memo = Node;

    fn memo(&self) -> Node {
        self.start
    }

    fn estimate(&self, node: Node) -> u64 {
        let cube = self.distance(&node.coordinates);
        let inverse = match self.inverse {
            true => self.distance(&self.turns.packed_coordinates(&node.inverse)),
            false => 0,
        };
        u64::from(cube.max(inverse))
    }

    fn is_goal(&self, node: Node) -> bool {
        node.coordinates == SOLVED
    }

    fn play(&mut self, turn: u8, node: Node) -> (u64, Node) {
        (1, self.turns.node_turned(&node, turn))
    }

    fn expand<B>(
        &mut self,
        g: u64,
        node: Node,
        bound: u64,
        last: Option<u8>,
        mut visit: impl FnMut(&mut Self, u8, u64, Node) -> ControlFlow<B, Option<u64>>,
    ) -> Expansion<B, u64> {
        let barred = match self.inverse {
            true => self
                .targets
                .barred(&node.inverse_reads, bound.saturating_sub(g)),
            false => 0,
        };
        // The children made, and their cubes.
        let mut first = [Child {
            turn: 0,
            made: 0,
            slot: 0,
            coordinates: node.coordinates,
            reads: AxisReads::default(),
            estimate: 0,
        }; MOVES];
        let mut cubes = [node.coordinates; MOVES];
        let mut count = 0;
        for turn in 0..MOVES as u8 {
            if may_follow(turn, last) && barred >> turn & 1 == 0 {
                first[count].turn = turn;
                first[count].made = count as u8;
                cubes[count] = self.turns.turned(&node.coordinates, turn);
                count += 1;
            }
        }
        let generated = count as u64;
        let mut least = u64::MAX;
        let f = (g + 1, bound);
        // The side (the cube or its inverse) whose parent read farther is read first: it
        // prunes the most children before the other side is read (without the inverse's
        // estimate, its views are not turned: nothing reads them).
        let inverse_first =
            self.inverse && side_distance(&node.inverse_reads) > side_distance(&node.reads);
        let mut inverses = [node.inverse; MOVES];
        let (first_reads, second_reads) = match inverse_first {
            true => (&node.inverse_reads, &node.reads),
            false => (&node.reads, &node.inverse_reads),
        };
        self.side_coordinates(
            &mut first[..count],
            inverse_first,
            &node,
            &cubes,
            &mut inverses,
        );
        let axes = first_reads.axes_farthest_first();
        count = self.keep_admissible(&mut first, count, f, &mut least, axes);
        let mut second = first;
        for (k, child) in second[..count].iter_mut().enumerate() {
            child.slot = k as u8;
        }
        if self.inverse {
            let coordinates = &mut second[..count];
            self.side_coordinates(coordinates, !inverse_first, &node, &cubes, &mut inverses);
            let axes = second_reads.axes_farthest_first();
            count = self.keep_admissible(&mut second, count, f, &mut least, axes);
        }
        // The loosest children first, as the iterations' subtrees are (see `solve`).
        second[..count].sort_by_key(|child| child.estimate);
        for child in &second[..count] {
            let read_first = &first[usize::from(child.slot)];
            let made = usize::from(read_first.made);
            let (cube, inverse) = match (self.inverse, inverse_first) {
                (false, _) => (read_first.reads, AxisReads::default()),
                (true, false) => (read_first.reads, child.reads),
                (true, true) => (child.reads, read_first.reads),
            };
            let node = Node {
                coordinates: cubes[made],
                inverse: inverses[made],
                reads: cube,
                inverse_reads: inverse,
            };
            match visit(self, child.turn, g + 1, node) {
                ControlFlow::Break(found) => {
                    return Expansion {
                        generated,
                        flow: ControlFlow::Break(found),
                    };
                }
                ControlFlow::Continue(below) => least = least.min(below.unwrap_or(u64::MAX)),
            }
        }
        Expansion {
            generated,
            flow: ControlFlow::Continue((least < u64::MAX).then_some(least)),
        }
    }
}

/// Keeps, in order, the first `count` of `children` whose cost `g` plus `distance` is within
/// `bound`, and returns how many; the least cost plus distance beyond it goes into `least`.
/// The distances are all read first, then compared: no read waits for another's cache miss.
#[inline]
fn keep_within(
    children: &mut [Child; MOVES],
    count: usize,
    (g, bound): (u64, u64),
    least: &mut u64,
    mut distance: impl FnMut(usize, &mut Child) -> u8,
) -> usize {
    let mut distances = [0; MOVES];
    for (k, (read, child)) in distances.iter_mut().zip(&mut children[..count]).enumerate() {
        *read = distance(k, child);
    }
    let mut kept = 0;
    for (k, &read) in distances[..count].iter().enumerate() {
        let f = g + u64::from(read);
        if f > bound {
            *least = (*least).min(f);
        } else {
            children[kept] = children[k];
            children[kept].estimate = children[kept].estimate.max(read);
            kept += 1;
        }
    }
    kept
}

/// The nodes an iteration makes for the next ones to be split over the cores.
const SPLIT_AFTER: u64 = 1 << 16;

/// The bytes of the move tables the search turns coordinates with.
const SEARCH_BYTES: u64 = 2 * MOVES as u64 * (2187 + 2048 + SORTED_SLICES as u64 + TETRADS as u64);

/// The tables the optimal solver reads besides Korf's corner table, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PhaseTables {
    /// The phase-1 table (70 MB).
    Phase1,
    /// The phase-1 table and h48's `h0` table with the parity (59 MB more).
    Separation,
    /// Kociemba's sorted phase-1 table (1.7 GB).
    Sorted,
    /// The sorted phase-1 table and the phase-1 table with tetrads (4.9 GB more).
    Tetrads,
    /// The table of the slice edges' order with tetrads (7.3 GB), and no phase-1 table.
    Order,
}

impl PhaseTables {
    /// All of them, strongest first.
    pub const STRONGEST_FIRST: [PhaseTables; 5] = [
        PhaseTables::Order,
        PhaseTables::Tetrads,
        PhaseTables::Sorted,
        PhaseTables::Separation,
        PhaseTables::Phase1,
    ];

    /// The slice coordinate of its phase-1 table, if it reads one.
    pub fn phase1(self) -> Option<SliceKind> {
        match self {
            PhaseTables::Phase1 | PhaseTables::Separation => Some(SliceKind::Places),
            PhaseTables::Sorted | PhaseTables::Tetrads => Some(SliceKind::Sorted),
            PhaseTables::Order => None,
        }
    }

    /// Whether it reads the phase-1 table with tetrads.
    pub fn tetrads(self) -> bool {
        self == PhaseTables::Tetrads
    }

    /// Whether it reads h48's `h0` table with the parity.
    pub fn separation(self) -> bool {
        self == PhaseTables::Separation
    }

    /// Whether it reads the table of the slice edges' order with tetrads.
    pub fn order(self) -> bool {
        self == PhaseTables::Order
    }

    /// The memory the optimal solver needs at most with these tables: its tables (loaded or
    /// built one after the other) and the search's move tables.
    pub fn needed_bytes(self) -> u64 {
        let tetrads = match self {
            PhaseTables::Tetrads => TETRAD_TABLE_BYTES,
            PhaseTables::Order => ORDER_TABLE_BYTES,
            PhaseTables::Separation => SEPARATION_TABLE_BYTES,
            PhaseTables::Phase1 | PhaseTables::Sorted => 0,
        };
        let phase1 = self.phase1().map_or(0, table_bytes);
        SEARCH_BYTES + CORNER_TABLE_BYTES + phase1 + tetrads
    }

    /// What the tables are, in a message.
    pub fn what(self) -> &'static str {
        match self {
            PhaseTables::Phase1 => "the phase-1 table",
            PhaseTables::Separation => "the phase-1 table, h48's h0 table with the parity",
            PhaseTables::Sorted => "the sorted phase-1 table",
            PhaseTables::Tetrads => "the sorted phase-1 table, the phase-1 table with tetrads",
            PhaseTables::Order => "the table of the slice order with tetrads",
        }
    }
}

/// Korf's corner table (the exact number of face turns that solve each corner position), the
/// two-phase search's full phase-1 table (the exact number of moves into G1, read along each
/// axis; or with the slice edges sorted, Kociemba's optimal solver's table; none beside the
/// order table) and what turns the search's coordinates: the optimal solver.
#[derive(Debug)]
pub struct CornerTable {
    corners: CornerDistances,
    phase1: Option<Phase1Table>,
    tetrads: Option<TetradTables>,
    separation: Option<SeparationTable>,
    turns: Turns,
}

impl CornerTable {
    /// Builds the tables (3 MB, then 75 MB; 1.7 GB sorted; 4.9 GB more with tetrads) within
    /// the memory budget of `limits`; with what was built, in a line.
    pub fn build(
        tables: PhaseTables,
        limits: &Limits,
    ) -> Result<(CornerTable, String), StopReason> {
        CornerTable::load_or_build(tables, None, limits)
    }

    /// The corner table and the phase-1 tables of `tables` from `cache` when their files are
    /// there and sound (mapped, their checksums checked), otherwise built within `limits` and
    /// saved there (kept in memory only without a cache); with what happened, in a line.
    pub fn load_or_build(
        tables: PhaseTables,
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(CornerTable, String), StopReason> {
        let (corners, corners_note) = CornerDistances::load_or_build(cache, limits)?;
        let mut note = corners_note;
        let phase1 = match tables.phase1() {
            Some(slice) => {
                let (table, more) = Phase1Table::load_or_build(slice, cache, limits)?;
                note = format!("{note}; {more}");
                Some(table)
            }
            None => None,
        };
        let tetrads = TetradTables::load_or_build(tables, cache, limits)?.map(|(table, more)| {
            note = format!("{note}; {more}");
            table
        });
        let separation = if tables.separation() {
            let (table, more) = SeparationTable::load_or_build(cache, limits)?;
            note = format!("{note}; {more}");
            Some(table)
        } else {
            None
        };
        let table = CornerTable {
            corners,
            phase1,
            tetrads,
            separation,
            turns: Turns::build(),
        };
        Ok((table, note))
    }

    /// The fewest face turns that solve the corners of `corners`: a lower bound for the cube.
    pub fn distance(&self, corners: &Corners) -> u8 {
        let coordinates = self.turns.space.coordinates(corners);
        self.corners.distance(&coordinates)
    }

    /// A shortest answer to `cube` in face turns, by IDA* within `limits`, split over the
    /// machine's cores (rayon's threads) after an iteration of 65,536 nodes.
    pub fn solve(&self, cube: &Rubik, limits: &Limits) -> (Result<Vec<Move>, StopReason>, Stats) {
        self.solve_reading(cube, limits, true)
    }

    /// [`solve`](Self::solve), the inverse's estimate read beside the cube's or not.
    fn solve_reading(
        &self,
        cube: &Rubik,
        limits: &Limits,
        inverse: bool,
    ) -> (Result<Vec<Move>, StopReason>, Stats) {
        let search = self.search(cube, inverse);
        // An iteration here makes ten to thirty times the last one's nodes, so the largest, the
        // last, often follows one under the engine's million and would run on one thread. The
        // last iteration ends at its first answer: the subtrees with the most room under the
        // bound hold one most often (1.4–2.1× fewer nodes on Korf's cubes than tightest first).
        let parallel = Parallel::threads(rayon::current_num_threads())
            .split_after(SPLIT_AFTER)
            .loosest_first();
        let result = parallel_idastar_with(search, limits, &parallel);
        let moves = match result.outcome {
            Outcome::Found(solution) => Ok(solution
                .actions
                .iter()
                .map(|&turn| ALL_MOVES[usize::from(turn)])
                .collect()),
            Outcome::Stopped(reason) => Err(reason),
            Outcome::Exhausted => unreachable!("every cube of the group can be solved"),
        };
        (moves, result.stats)
    }

    /// The search of `cube` on these tables, the inverse's estimate read or not.
    fn search(&self, cube: &Rubik, inverse: bool) -> Search<'_> {
        let mut search = Search {
            turns: &self.turns,
            corners: &self.corners,
            phase1: self.phase1.as_ref(),
            tetrads: self.tetrads.as_ref(),
            separation: self.separation.as_ref(),
            start: self.turns.node(cube),
            inverse,
            targets: Targets::default(),
        };
        search.targets = Targets {
            phase1: match search.phase1 {
                Some(table) => {
                    Targets::keeping(&self.turns, |axis| Search::phase1_entry(table, axis))
                }
                None => [0; 3],
            },
            tetrads: match search.tetrads {
                Some(table) => Targets::keeping(&self.turns, |axis| table.entry(axis)),
                None => [0; 3],
            },
            separation: match search.separation {
                Some(table) => Targets::keeping_whole(&self.turns, |coordinates| {
                    Search::separation_entry(table, coordinates)
                }),
                None => 0,
            },
        };
        let inverse = search.turns.packed_coordinates(&search.start.inverse);
        search.start.reads = search.reads(&search.start.coordinates);
        search.start.inverse_reads = search.reads(&inverse);
        search
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::cube::cubie::Face;
    use crate::cube::phase1_table::sorted_test_cache;

    #[test]
    fn three_axes_alike_need_one_move_more() {
        assert_eq!(axes_distance([0, 0, 0]), 0);
        assert_eq!(axes_distance([3, 3, 3]), 4);
        assert_eq!(axes_distance([3, 2, 3]), 3);
        assert_eq!(axes_distance([1, 5, 2]), 5);
    }

    /// A scramble of `length` random moves.
    fn scramble(rng: &mut ChaCha8Rng, length: usize) -> Vec<Move> {
        (0..length)
            .map(|_| ALL_MOVES[rng.random_range(0..MOVES)])
            .collect()
    }

    #[test]
    fn the_inverse_estimate_is_never_above_the_distance_and_answers_are_as_short() {
        let cache = sorted_test_cache();
        let mut rng = ChaCha8Rng::seed_from_u64(48);
        for slice in [PhaseTables::Phase1, PhaseTables::Sorted] {
            let table = CornerTable::load_or_build(slice, Some(&cache), &Limits::none());
            let table = table.expect("no limits").0;
            let mut nodes = [0, 0];
            for length in (0..=10).chain([11, 12, 12, 13]) {
                let scramble = scramble(&mut rng, length);
                let cube = Rubik::scrambled(&scramble);
                // The plain search (the cube's estimate alone) gives the true distance.
                let (plain, plain_stats) = table.solve_reading(&cube, &Limits::none(), false);
                let (moves, stats) = table.solve_reading(&cube, &Limits::none(), true);
                let (plain, moves) = (plain.unwrap(), moves.unwrap());
                assert_eq!(moves.len(), plain.len(), "{scramble:?}");
                nodes[0] += plain_stats.generated;
                nodes[1] += stats.generated;
                // Along an optimal answer each cube's distance is known: what is left of it.
                // No estimate, the cube's or its inverse's, is above it.
                let mut search = table.search(&cube, true);
                let mut node = search.memo();
                for (done, &turn) in plain.iter().enumerate() {
                    let left = (plain.len() - done) as u64;
                    assert!(search.estimate(node) <= left, "{scramble:?} after {done}");
                    let inverse = search.distance(&table.turns.packed_coordinates(&node.inverse));
                    assert!(u64::from(inverse) <= left, "{scramble:?} after {done}");
                    let index = ALL_MOVES.iter().position(|&m| m == turn).unwrap();
                    assert_not_barred(&search, &node, left, index, &scramble);
                    node = search.play(index as u8, node).1;
                }
                assert!(search.is_goal(node), "{scramble:?}");
                let end = moves.iter().fold(cube, |cube, &turn| cube.turned(turn));
                assert_eq!(end, Rubik::SOLVED, "{scramble:?}");
            }
            assert!(nodes[1] < nodes[0], "{slice:?}: {nodes:?}");
        }
    }

    /// The move `turn` of an optimal answer, taken at `node` with `left` moves left, is not
    /// barred by what the tables read of the node's inverse.
    fn assert_not_barred(search: &Search, node: &Node, left: u64, turn: usize, scramble: &[Move]) {
        let reads = search.reads(&search.turns.packed_coordinates(&node.inverse));
        let barred = search.targets.barred(&reads, left);
        assert_eq!(
            barred >> turn & 1,
            0,
            "{scramble:?}: {reads:?}, {left} left"
        );
    }

    /// The faces of each axis, in the order of the views.
    const AXIS_FACES: [[Face; 2]; 3] = [[Face::U, Face::D], [Face::F, Face::B], [Face::R, Face::L]];

    /// The moves, as bits, of the faces `faces` and the half turns too if `halves`.
    fn moves_of(faces: [Face; 2], halves: bool) -> u32 {
        let moves = ALL_MOVES.iter().enumerate();
        let kept =
            moves.filter(|(_, turn)| faces.contains(&turn.face) || halves && turn.quarters == 2);
        kept.fold(0, |bits, (turn, _)| bits | 1 << turn)
    }

    #[test]
    fn the_targets_are_their_groups_and_bar_moves_only_when_the_inverse_is_that_far() {
        let cache = sorted_test_cache();
        let cube = Rubik::scrambled(&[ALL_MOVES[3], ALL_MOVES[7], ALL_MOVES[10]]);
        // G1 = <U, D, R2, L2, F2, B2> on the UD axis; with the slice sorted, <U, D>.
        for (tables, halves) in [(PhaseTables::Phase1, true), (PhaseTables::Sorted, false)] {
            let table = CornerTable::load_or_build(tables, Some(&cache), &Limits::none());
            let table = table.expect("no limits").0;
            let search = table.search(&cube, true);
            let groups = AXIS_FACES.map(|faces| moves_of(faces, halves));
            assert_eq!(search.targets.phase1, groups);
            assert_eq!(search.targets.tetrads, [0; 3]);
            let reads = AxisReads {
                phase1: [4, 6, 5],
                tetrads: [0; 3],
                separation: 0,
            };
            assert_eq!(search.targets.barred(&reads, 7), 0);
            assert_eq!(search.targets.barred(&reads, 6), search.targets.phase1[1]);
            let both = search.targets.phase1[1] | search.targets.phase1[2];
            assert_eq!(search.targets.barred(&reads, 5), both);
        }
    }

    #[test]
    fn the_separation_table_answers_as_short_bars_half_turns_and_is_never_above_the_distance() {
        let cache = sorted_test_cache();
        let load = |tables| CornerTable::load_or_build(tables, Some(&cache), &Limits::none());
        let small = load(PhaseTables::Phase1).expect("no limits").0;
        let medium = load(PhaseTables::Separation).expect("no limits").0;
        // Its goal group is <U2, D2, R2, L2, F2, B2> (h48's "tight bounds").
        let targets = medium.search(&Rubik::SOLVED, true).targets;
        let half_turns = ALL_MOVES
            .iter()
            .enumerate()
            .filter(|(_, turn)| turn.quarters == 2);
        assert_eq!(
            targets.separation,
            half_turns.fold(0, |bits, (turn, _)| bits | 1 << turn)
        );
        let reads = AxisReads {
            separation: 6,
            ..AxisReads::default()
        };
        assert_eq!(targets.barred(&reads, 7), 0);
        assert_eq!(targets.barred(&reads, 6), targets.separation);
        let nodes = answer_alike(&small, &medium, 148, 45);
        println!("generated, small then with the separation table: {nodes:?}");
        assert!(nodes[1] < nodes[0], "{nodes:?}");
    }

    #[test]
    fn without_the_inverse_estimate_the_inverse_views_are_not_turned() {
        let cache = sorted_test_cache();
        let table = CornerTable::load_or_build(PhaseTables::Phase1, Some(&cache), &Limits::none());
        let table = table.expect("no limits").0;
        let cube = Rubik::scrambled(&[ALL_MOVES[3], ALL_MOVES[7], ALL_MOVES[10]]);
        for inverse in [false, true] {
            let mut search = table.search(&cube, inverse);
            let node = search.memo();
            let mut children = Vec::new();
            let _ = search.expand(0, node, 20, None, |_, turn, _, child| {
                children.push((turn, child));
                ControlFlow::<(), Option<u64>>::Continue(None)
            });
            assert_eq!(children.len(), MOVES);
            for (turn, child) in children {
                let expected = match inverse {
                    true => table.turns.inverse_turned(&node.inverse, turn),
                    false => node.inverse,
                };
                assert_eq!(child.inverse, expected, "inverse {inverse}, move {turn}");
                assert_eq!(
                    child.coordinates,
                    table.turns.turned(&node.coordinates, turn)
                );
            }
        }
    }

    /// On `count` random scrambles of 0 to 14 moves (seed `seed`): `table`'s answers as short
    /// as `reference`'s, and along `reference`'s answers no estimate of `table`'s above the
    /// moves left and no move barred; the nodes both generated.
    fn answer_alike(
        reference: &CornerTable,
        table: &CornerTable,
        seed: u64,
        count: usize,
    ) -> [u64; 2] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut nodes = [0, 0];
        for length in (0..=14).cycle().take(count) {
            let scramble = scramble(&mut rng, length);
            let cube = Rubik::scrambled(&scramble);
            let (plain, reference_stats) = reference.solve(&cube, &Limits::none());
            let (moves, stats) = table.solve(&cube, &Limits::none());
            let (plain, moves) = (plain.unwrap(), moves.unwrap());
            assert_eq!(moves.len(), plain.len(), "{scramble:?}");
            nodes[0] += reference_stats.generated;
            nodes[1] += stats.generated;
            let mut search = table.search(&cube, true);
            let mut node = search.memo();
            for (done, &turn) in plain.iter().enumerate() {
                let left = (plain.len() - done) as u64;
                assert!(search.estimate(node) <= left, "{scramble:?} after {done}");
                let index = ALL_MOVES.iter().position(|&m| m == turn).unwrap();
                assert_not_barred(&search, &node, left, index, &scramble);
                node = search.play(index as u8, node).1;
            }
            assert!(search.is_goal(node), "{scramble:?}");
            let end = moves.iter().fold(cube, |cube, &turn| cube.turned(turn));
            assert_eq!(end, Rubik::SOLVED, "{scramble:?}");
        }
        nodes
    }

    /// With the tetrad table (4.93 GB) or the order table (7.3 GB) from the folder named by
    /// `STATESPACE_TETRAD_DIR` (built there if need be): no estimate above the distance along
    /// optimal answers, the same lengths as the sorted tables' answers, and fewer nodes if
    /// `fewer`.
    fn never_above_the_distance(tables: PhaseTables, fewer: bool) {
        let dir = std::env::var("STATESPACE_TETRAD_DIR").expect("STATESPACE_TETRAD_DIR");
        let cache = TableCache::new(dir);
        let load = |tables| CornerTable::load_or_build(tables, Some(&cache), &Limits::none());
        let large = load(PhaseTables::Sorted).expect("no limits").0;
        let huge = load(tables).expect("no limits").0;
        let nodes = answer_alike(&large, &huge, 48, 75);
        // Each axis's face turns are in the tetrad table's group there (`axes_distance`).
        let targets = huge.search(&Rubik::SOLVED, true).targets;
        assert_eq!(
            targets.tetrads,
            AXIS_FACES.map(|faces| moves_of(faces, false))
        );
        println!("generated, large then {tables:?}: {nodes:?}");
        assert_eq!(nodes[1] < nodes[0], fewer, "{nodes:?}");
    }

    #[test]
    #[ignore = "reads a 4.93 GB table"]
    fn the_tetrad_estimates_are_never_above_the_distance() {
        never_above_the_distance(PhaseTables::Tetrads, true);
    }

    #[test]
    #[ignore = "reads a 7.3 GB table"]
    fn the_order_estimates_are_never_above_the_distance() {
        // Without a phase-1 table, these scrambles of up to 14 moves are mostly within the
        // order table's first band (at most `last - 2` moves, read as 0): more nodes than the
        // sorted table's (2.9 million against 37,000), still milliseconds a cube. Random cubes
        // of 16 to 19 moves, its use, take less time (BENCHMARKS.md).
        never_above_the_distance(PhaseTables::Order, false);
    }

    #[test]
    fn the_sorted_tables_answer_as_short_and_search_fewer_nodes() {
        let cache = sorted_test_cache();
        let load = |slice| CornerTable::load_or_build(slice, Some(&cache), &Limits::none());
        let small = load(PhaseTables::Phase1).expect("no limits").0;
        let large = load(PhaseTables::Sorted).expect("no limits").0;
        let mut rng = ChaCha8Rng::seed_from_u64(34);
        let mut nodes = [0, 0];
        for length in [0, 1, 3, 6, 9, 11, 12, 13] {
            let scramble: Vec<Move> = (0..length)
                .map(|_| ALL_MOVES[rng.random_range(0..MOVES)])
                .collect();
            let cube = Rubik::scrambled(&scramble);
            let answers = [&small, &large].map(|table| table.solve(&cube, &Limits::none()));
            let [(small_moves, small_stats), (large_moves, large_stats)] = answers;
            let (small_moves, large_moves) = (small_moves.unwrap(), large_moves.unwrap());
            assert_eq!(small_moves.len(), large_moves.len(), "{scramble:?}");
            let end = large_moves
                .iter()
                .fold(cube, |cube, &turn| cube.turned(turn));
            assert_eq!(end, Rubik::SOLVED, "{scramble:?}");
            nodes[0] += small_stats.generated;
            nodes[1] += large_stats.generated;
        }
        assert!(nodes[1] < nodes[0], "{nodes:?}");
    }

    #[test]
    fn opposite_faces_turn_in_one_order_and_no_face_twice() {
        // U then D2 is kept, D2 then U is not; R then R' is not, R then U is.
        assert!(may_follow(10, Some(0)));
        assert!(!may_follow(0, Some(10)));
        assert!(!may_follow(5, Some(3)));
        assert!(may_follow(0, Some(3)));
        assert_eq!((0..18).filter(|&turn| may_follow(turn, None)).count(), 18);
        assert_eq!(
            (0..18).filter(|&turn| may_follow(turn, Some(1))).count(),
            15
        );
        assert_eq!(
            (0..18).filter(|&turn| may_follow(turn, Some(10))).count(),
            12
        );
    }
}
