//! Heuristic combinators: sums of disjoint pattern databases, maxima and sums of heuristics, and
//! lookups on a symmetric image of the state; [`Projection`], a pattern database for a domain of
//! your own.
//!
//! Each of them is a [`Heuristic`] (for A*, MM, NBS and DVCBS) and an [`IncrementalHeuristic`]
//! (for IDA* and parallel IDA*), held by value or by reference: `Max(&a, &b)` and `Recompute(&h)`
//! combine tables without moving them. The
//! sum of disjoint databases, [`Additive`], carries one entry per pattern in its memo: an action
//! moves one pattern's part of the state at most, so IDA* looks up one table per move instead
//! of all of them.
//!
//! ```
//! use statespace_engine::heuristics::{Image, Max, Symmetry};
//! use statespace_engine::{Domain, Heuristic, Limits, idastar::idastar};
//!
//! /// A point on a 5 x 5 grid walking to the corner (0, 0), one step at a time.
//! struct Grid;
//! impl Domain for Grid {
//!     type State = (i32, i32);
//!     type Action = (i32, i32);
//!     fn actions(&self, &(x, y): &(i32, i32), out: &mut Vec<(i32, i32)>) {
//!         for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
//!             if (0..5).contains(&(x + dx)) && (0..5).contains(&(y + dy)) {
//!                 out.push((dx, dy));
//!             }
//!         }
//!     }
//!     fn apply(&self, (x, y): &mut (i32, i32), (dx, dy): (i32, i32)) { *x += dx; *y += dy; }
//!     fn invert(&self, (dx, dy): (i32, i32)) -> Option<(i32, i32)> { Some((-dx, -dy)) }
//!     fn is_goal(&self, &state: &(i32, i32)) -> bool { state == (0, 0) }
//! }
//! /// The grid is symmetric about its diagonal, which keeps the goal in place.
//! struct Diagonal;
//! impl Symmetry<Grid> for Diagonal {
//!     fn image(&self, &(x, y): &(i32, i32)) -> (i32, i32) { (y, x) }
//!     fn image_action(&self, (dx, dy): (i32, i32)) -> (i32, i32) { (dy, dx) }
//! }
//! // Two weak estimates: the distance along x only, and the same on the mirrored point.
//! let along_x = |&(x, _): &(i32, i32)| x as u32;
//! let both = Max(along_x, Image { heuristic: along_x, symmetry: Diagonal });
//! assert_eq!(both.estimate(&Grid, &(1, 4)), 4);
//! let result = idastar(&Grid, &(3, 4), &both, &Limits::none());
//! assert_eq!(result.outcome.solution().unwrap().cost, 7);
//! ```

use crate::distance_table::{DistanceTable, distance_table};
use crate::pattern_database::PatternDatabase;
use crate::{
    Domain, Heuristic, IncrementalHeuristic, Limits, PerfectHash, Predecessors, Recompute,
    StopReason,
};

/// The most patterns an [`Additive`] heuristic sums.
pub const MAX_PATTERNS: usize = 8;

/// How a state splits into disjoint patterns, each indexing its own pattern database.
///
/// The patterns must be disjoint in the additive sense: no action changes the entries of two
/// patterns, and each table counts only the actions that change its own entry, so that the sum
/// of the tables is a lower bound.
pub trait Partition<D: Domain + ?Sized> {
    /// The entry of pattern `pattern`'s table that `state` projects to.
    fn entry(&self, pattern: usize, state: &D::State) -> u64;
    /// The only pattern whose entry `action` may have changed, `after` being the state it led
    /// to; `None` when it changed none.
    fn changed(&self, after: &D::State, action: D::Action) -> Option<usize>;
}

/// The sum of disjoint pattern databases: table `i` indexed by the entry of pattern `i`.
#[derive(Clone, Debug)]
pub struct Additive<'t, P> {
    partition: P,
    tables: Vec<&'t PatternDatabase>,
}

/// The per-pattern entries an [`Additive`] heuristic carries from move to move, and their sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PatternValues {
    values: [u8; MAX_PATTERNS],
    sum: u32,
}

impl<'t, P> Additive<'t, P> {
    /// The sum of `tables`, table `i` holding the distances of pattern `i` of `partition`.
    ///
    /// # Panics
    ///
    /// If there are more than [`MAX_PATTERNS`] tables.
    pub fn new(partition: P, tables: Vec<&'t PatternDatabase>) -> Self {
        assert!(
            tables.len() <= MAX_PATTERNS,
            "at most {MAX_PATTERNS} patterns"
        );
        Self { partition, tables }
    }

    #[inline]
    fn lookup<D: Domain + ?Sized>(&self, pattern: usize, state: &D::State) -> u8
    where
        P: Partition<D>,
    {
        self.tables[pattern].get(self.partition.entry(pattern, state))
    }
}

impl<D: Domain + ?Sized, P: Partition<D>> Heuristic<D> for Additive<'_, P> {
    fn estimate(&self, _domain: &D, state: &D::State) -> u32 {
        (0..self.tables.len())
            .map(|pattern| u32::from(self.lookup::<D>(pattern, state)))
            .sum()
    }
}

impl<D: Domain + ?Sized, P: Partition<D>> IncrementalHeuristic<D> for Additive<'_, P> {
    type Memo = PatternValues;

    fn init(&self, _domain: &D, state: &D::State) -> PatternValues {
        let mut memo = PatternValues {
            values: [0; MAX_PATTERNS],
            sum: 0,
        };
        for pattern in 0..self.tables.len() {
            memo.values[pattern] = self.lookup::<D>(pattern, state);
            memo.sum += u32::from(memo.values[pattern]);
        }
        memo
    }

    #[inline]
    fn update(
        &self,
        _domain: &D,
        after: &D::State,
        action: D::Action,
        mut memo: PatternValues,
    ) -> PatternValues {
        if let Some(pattern) = self.partition.changed(after, action) {
            let value = self.lookup::<D>(pattern, after);
            memo.sum = memo.sum - u32::from(memo.values[pattern]) + u32::from(value);
            memo.values[pattern] = value;
        }
        memo
    }

    #[inline]
    fn value(&self, memo: PatternValues) -> u32 {
        memo.sum
    }
}

/// The memo of a pair of heuristics (`Max`, `Sum`): each part's own, side by side.
macro_rules! both_parts {
    () => {
        fn init(&self, domain: &D, state: &D::State) -> Self::Memo {
            (self.0.init(domain, state), self.1.init(domain, state))
        }

        #[inline]
        fn update(
            &self,
            domain: &D,
            after: &D::State,
            action: D::Action,
            (a, b): Self::Memo,
        ) -> Self::Memo {
            (
                self.0.update(domain, after, action, a),
                self.1.update(domain, after, action, b),
            )
        }
    };
}

/// The larger of two heuristics, both admissible: admissible, and at least as informed as each.
///
/// Any two estimates of the same cost type combine, in every search that takes a heuristic; as an
/// [`IncrementalHeuristic`] each part keeps its own memo.
#[derive(Clone, Copy, Debug, Default)]
pub struct Max<A, B>(pub A, pub B);

impl<D, C, A, B> Heuristic<D, C> for Max<A, B>
where
    D: Domain + ?Sized,
    C: Ord,
    A: Heuristic<D, C>,
    B: Heuristic<D, C>,
{
    fn estimate(&self, domain: &D, state: &D::State) -> C {
        self.0
            .estimate(domain, state)
            .max(self.1.estimate(domain, state))
    }
}

impl<D, C, A, B> IncrementalHeuristic<D, C> for Max<A, B>
where
    D: Domain + ?Sized,
    C: Ord,
    A: IncrementalHeuristic<D, C>,
    B: IncrementalHeuristic<D, C>,
{
    type Memo = (A::Memo, B::Memo);

    both_parts!();

    #[inline]
    fn value(&self, (a, b): Self::Memo) -> C {
        self.0.value(a).max(self.1.value(b))
    }
}

/// The sum of two heuristics: admissible **only when they are additive**, that is when no
/// action's cost is counted by both. That holds for the distances of disjoint abstractions in
/// which each action moves one abstraction's part of the state at most (the other sees it as
/// free), such as the [`Projection`]s of a domain onto sets of pieces that no move shares, or
/// onto dials turned one at a time. Two estimates of the same cost do not add up: the sum of two
/// admissible estimates may overestimate, and then A* and IDA* may return a longer solution.
/// For the sum of many disjoint pattern databases updated one table per move, see [`Additive`].
///
/// Estimates are `u32`; a sum saturates, so that a part that says `u32::MAX` (a dead end, as a
/// [`Projection`] says of an image that cannot reach a goal) still says so.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sum<A, B>(pub A, pub B);

impl<D, A, B> Heuristic<D> for Sum<A, B>
where
    D: Domain + ?Sized,
    A: Heuristic<D>,
    B: Heuristic<D>,
{
    fn estimate(&self, domain: &D, state: &D::State) -> u32 {
        self.0
            .estimate(domain, state)
            .saturating_add(self.1.estimate(domain, state))
    }
}

impl<D, A, B> IncrementalHeuristic<D> for Sum<A, B>
where
    D: Domain + ?Sized,
    A: IncrementalHeuristic<D>,
    B: IncrementalHeuristic<D>,
{
    type Memo = (A::Memo, B::Memo);

    both_parts!();

    #[inline]
    fn value(&self, (a, b): Self::Memo) -> u32 {
        self.0.value(a).saturating_add(self.1.value(b))
    }
}

/// A symmetry of a domain: a bijection of its states that maps actions to actions, keeps costs
/// and fixes the goals, so that the image of a solution is a solution of the same cost.
///
/// For the sliding puzzles, the reflection about the main diagonal when the blank's goal lies on
/// it: tiles are renamed after their mirrored goal cells, and up and left moves swap.
pub trait Symmetry<D: Domain + ?Sized> {
    /// The image of `state`.
    fn image(&self, state: &D::State) -> D::State;
    /// The image of `action`: applying it to `image(s)` gives `image(apply(s, action))`.
    fn image_action(&self, action: D::Action) -> D::Action;
}

/// A heuristic evaluated on the symmetric image of the state: admissible whenever the heuristic
/// is, and usually different, so that the [`Max`] of both beats either.
#[derive(Clone, Copy, Debug, Default)]
pub struct Image<H, S> {
    /// The heuristic looked up on the image.
    pub heuristic: H,
    /// The symmetry that gives the image.
    pub symmetry: S,
}

impl<D: Domain + ?Sized, C, H: Heuristic<D, C>, S: Symmetry<D>> Heuristic<D, C> for Image<H, S> {
    fn estimate(&self, domain: &D, state: &D::State) -> C {
        self.heuristic.estimate(domain, &self.symmetry.image(state))
    }
}

impl<D, C, H, S> IncrementalHeuristic<D, C> for Image<H, S>
where
    D: Domain + ?Sized,
    H: IncrementalHeuristic<D, C>,
    S: Symmetry<D>,
{
    type Memo = H::Memo;

    fn init(&self, domain: &D, state: &D::State) -> H::Memo {
        self.heuristic.init(domain, &self.symmetry.image(state))
    }

    #[inline]
    fn update(&self, domain: &D, after: &D::State, action: D::Action, memo: H::Memo) -> H::Memo {
        self.heuristic.update(
            domain,
            &self.symmetry.image(after),
            self.symmetry.image_action(action),
            memo,
        )
    }

    #[inline]
    fn value(&self, memo: H::Memo) -> C {
        self.heuristic.value(memo)
    }
}

/// A simple pattern database for a domain of your own: the exact distances of an abstraction
/// (a ranked domain whose states keep part of a state), and the projection of a state onto it.
/// The estimate of a state is its image's distance to the abstract goals, which never exceeds
/// the state's own (every move of the domain maps to a move of the abstraction or to none);
/// a state whose image cannot reach a goal is estimated at `u32::MAX`.
///
/// ```
/// use statespace_engine::heuristics::Projection;
/// use statespace_engine::{Domain, Heuristic, Limits, PerfectHash, Reversible, astar::astar};
/// /// Three dials of 0..=9, one turned by one step at a time, to reach all zeros.
/// struct Dials;
/// impl Domain for Dials {
///     type State = [u8; 3];
///     type Action = (usize, i8);
///     fn actions(&self, s: &[u8; 3], out: &mut Vec<(usize, i8)>) {
///         for dial in 0..3 {
///             if s[dial] > 0 { out.push((dial, -1)); }
///             if s[dial] < 9 { out.push((dial, 1)); }
///         }
///     }
///     fn apply(&self, s: &mut [u8; 3], (dial, step): (usize, i8)) {
///         s[dial] = s[dial].wrapping_add_signed(step);
///     }
///     fn invert(&self, (dial, step): (usize, i8)) -> Option<(usize, i8)> { Some((dial, -step)) }
///     fn is_goal(&self, s: &[u8; 3]) -> bool { *s == [0; 3] }
/// }
/// /// The first two dials only: 100 abstract states.
/// struct FirstTwo;
/// impl Domain for FirstTwo {
///     type State = [u8; 2];
///     type Action = (usize, i8);
///     fn actions(&self, s: &[u8; 2], out: &mut Vec<(usize, i8)>) {
///         for dial in 0..2 {
///             if s[dial] > 0 { out.push((dial, -1)); }
///             if s[dial] < 9 { out.push((dial, 1)); }
///         }
///     }
///     fn apply(&self, s: &mut [u8; 2], (dial, step): (usize, i8)) {
///         s[dial] = s[dial].wrapping_add_signed(step);
///     }
///     fn invert(&self, (dial, step): (usize, i8)) -> Option<(usize, i8)> { Some((dial, -step)) }
///     fn is_goal(&self, s: &[u8; 2]) -> bool { *s == [0; 2] }
/// }
/// impl Reversible for FirstTwo {}
/// impl PerfectHash for FirstTwo {
///     fn size(&self) -> u64 { 100 }
///     fn rank(&self, s: &[u8; 2]) -> u64 { u64::from(s[0]) * 10 + u64::from(s[1]) }
///     fn unrank(&self, rank: u64) -> [u8; 2] { [(rank / 10) as u8, (rank % 10) as u8] }
/// }
/// let project = |s: &[u8; 3]| [s[0], s[1]];
/// let estimate = Projection::build(FirstTwo, &[[0, 0]], project, &Limits::none()).unwrap();
/// assert_eq!(estimate.estimate(&Dials, &[3, 9, 4]), 12);
/// let result = astar(&Dials, &[3, 9, 4], &estimate, &Limits::none());
/// assert_eq!(result.outcome.solution().unwrap().cost, 16);
/// ```
#[derive(Clone, Debug)]
pub struct Projection<A, F> {
    abstraction: A,
    table: DistanceTable,
    project: F,
}

impl<A: PerfectHash + Predecessors + Sync, F> Projection<A, F> {
    /// Builds the distances of `abstraction` backwards from `goals` (the images of the
    /// domain's goals) within `limits` (a byte per abstract state), for states projected by
    /// `project`.
    ///
    /// # Errors
    /// The limit that stopped the table's construction.
    pub fn build(
        abstraction: A,
        goals: &[A::State],
        project: F,
        limits: &Limits,
    ) -> Result<Self, StopReason> {
        let table = distance_table(&abstraction, goals, limits).table?;
        Ok(Self {
            abstraction,
            table,
            project,
        })
    }

    /// The abstraction's distance table.
    pub fn table(&self) -> &DistanceTable {
        &self.table
    }

    /// The abstraction, its table and the projection, for a table to be saved
    /// ([`RankedPdb::from_projection`](crate::pattern_database::RankedPdb::from_projection)).
    pub(crate) fn into_parts(self) -> (A, DistanceTable, F) {
        (self.abstraction, self.table, self.project)
    }
}

impl<D, A, F> Heuristic<D> for Projection<A, F>
where
    D: Domain + ?Sized,
    A: PerfectHash,
    F: Fn(&D::State) -> A::State,
{
    fn estimate(&self, _: &D, state: &D::State) -> u32 {
        let rank = self.abstraction.rank(&(self.project)(state));
        self.table.distance(rank).map_or(u32::MAX, u32::from)
    }
}

// IDA* recomputes a projection at every state (a rank and a table read).
crate::domain::recomputed_at_every_state!(
    [D, A, F] Projection<A, F>, u32
    where D: Domain + ?Sized, A: PerfectHash, F: Fn(&D::State) -> A::State
);

/// Implements [`Heuristic`] and [`IncrementalHeuristic`] for references to each of the engine's
/// heuristics, so that `Recompute(&h)` and `Max(&a, &b)` combine tables without moving them.
/// (A blanket `impl Heuristic for &H` would overlap with the closures' impl, `&F` being a
/// closure whenever `F` is: references to closures are heuristics by that impl already. A
/// heuristic type of your own does the same as here to be held by reference.)
macro_rules! by_reference {
    ($([$($generics:tt)*] $heuristic:ty),* $(,)?) => {$(
        impl<'h, $($generics)* D: Domain + ?Sized, C> Heuristic<D, C> for &'h $heuristic
        where
            $heuristic: Heuristic<D, C>,
        {
            #[inline]
            fn estimate(&self, domain: &D, state: &D::State) -> C {
                (**self).estimate(domain, state)
            }
        }

        impl<'h, $($generics)* D: Domain + ?Sized, C> IncrementalHeuristic<D, C> for &'h $heuristic
        where
            $heuristic: IncrementalHeuristic<D, C>,
        {
            type Memo = <$heuristic as IncrementalHeuristic<D, C>>::Memo;

            fn init(&self, domain: &D, state: &D::State) -> Self::Memo {
                (**self).init(domain, state)
            }

            #[inline]
            fn update(&self, domain: &D, after: &D::State, action: D::Action, memo: Self::Memo)
                -> Self::Memo {
                (**self).update(domain, after, action, memo)
            }

            #[inline]
            fn value(&self, memo: Self::Memo) -> C {
                (**self).value(memo)
            }
        }
    )*};
}

by_reference!(
    ['t, P,] Additive<'t, P>,
    [A, B,] Max<A, B>,
    [A, B,] Sum<A, B>,
    [H, S,] Image<H, S>,
    [A, F,] Projection<A, F>,
    [H,] Recompute<H>,
    [A, F,] crate::pattern_database::RankedPdb<A, F>,
);
