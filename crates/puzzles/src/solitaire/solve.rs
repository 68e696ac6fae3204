//! Answering queries: bidirectional (or plain) breadth-first search within a bound on the moves,
//! on the most compact state the board allows, after a lower bound has had its say.

use statespace_engine::bfs::bfs_with;
use statespace_engine::bidirectional_bfs::bidirectional_bfs_with;
use statespace_engine::index::{DenseIndex, HashIndex, StateIndex};
use statespace_engine::{Limits, Outcome, PerfectHash, SearchResult, Stats, StopReason};

use serde::{Deserialize, Serialize};

use super::bound::Corridor;
use super::domain::Solitaire;
use super::grid::{Grid, Move};
use super::index::BitboardIndex;
use super::parse::Case;
use super::placement::{Bitboard, CellList, Placement};

/// The judges' bound on the moves.
pub const JUDGE_MAX_MOVES: u32 = 8;

/// The largest dense visited array worth allocating, in slots of 4 bytes. Beyond it the states
/// go into hash maps.
const DENSE_SLOTS: u64 = 1 << 22;

/// Which search answers the queries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Algorithm {
    /// Bidirectional breadth-first search from the start and the target: the default.
    #[default]
    #[serde(rename = "bibfs")]
    Bidirectional,
    /// Plain breadth-first search from the start: slower, a reference to check against.
    #[serde(rename = "bfs")]
    Bfs,
}

/// How queries are answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The most moves a solution may take.
    pub max_moves: u32,
    /// The search.
    pub algorithm: Algorithm,
}

impl Default for Settings {
    /// The judges' settings: at most 8 moves, bidirectional search.
    fn default() -> Self {
        Self {
            max_moves: JUDGE_MAX_MOVES,
            algorithm: Algorithm::Bidirectional,
        }
    }
}

/// The answer to one case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The search's outcome and statistics. `Found` holds a shortest sequence of moves;
    /// `Stopped(DepthLimit)` means that none has at most [`Settings::max_moves`] moves;
    /// `Exhausted` (from plain BFS only) that the target cannot be reached at all.
    pub result: SearchResult<Move>,
    /// A lower bound on the moves (see [`lower_bound`](super::lower_bound)). When it exceeds the
    /// limit the answer is `Stopped(DepthLimit)` without a search: nothing expanded.
    pub lower_bound: u32,
}

/// Answers queries on one grid, keeping its visited sets from one query to the next.
///
/// Bidirectional search keeps each side small (a few thousand placements on the judges' board),
/// so its visited sets are [`BitboardIndex`] tables that stay in cache (hash maps beyond 64
/// cells). Plain BFS visits a large part of the space, so when the placements can be ranked into
/// a dense array of at most 4 Mi slots (`C(64, 4) = 635,376` on the judges' board) it uses a
/// `DenseIndex`.
#[derive(Debug)]
pub struct Solver {
    grid: Grid,
    settings: Settings,
    bitboards: [BitboardIndex; 2],
    cell_lists: [HashIndex<CellList>; 2],
}

impl Solver {
    /// A solver of cases on `grid`.
    pub fn new(grid: Grid, settings: Settings) -> Self {
        Self {
            grid,
            settings,
            bitboards: Default::default(),
            cell_lists: Default::default(),
        }
    }

    /// The settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Searches for the fewest moves from `case.start` to `case.target`, at most
    /// [`Settings::max_moves`], unless the lower bound already exceeds that; `limits` may stop
    /// the search sooner.
    ///
    /// The case must fit the grid (as [`parse`](super::parse()) makes sure).
    pub fn solve(&mut self, case: &Case, limits: &Limits) -> Answer {
        debug_assert_eq!(case.start.len(), case.target.len());
        let corridor = Corridor::new(
            self.grid,
            &case.start,
            &case.target,
            self.settings.max_moves,
        );
        let lower_bound = corridor.lower_bound();
        let result = if lower_bound > self.settings.max_moves {
            SearchResult {
                outcome: Outcome::Stopped(StopReason::DepthLimit),
                stats: Stats::default(),
            }
        } else {
            self.search(case, corridor, limits)
        };
        Answer {
            result,
            lower_bound,
        }
    }

    /// The search, on the most compact placements the grid allows.
    fn search(&mut self, case: &Case, corridor: Corridor, limits: &Limits) -> SearchResult<Move> {
        let Settings {
            max_moves,
            algorithm,
        } = self.settings;
        let limits = &limits.clone().max_depth(max_moves);
        let mut result = if self.grid.cells() > Bitboard::MAX_CELLS {
            let (domain, start) = problem::<CellList>(self.grid, case, algorithm, corridor);
            run(algorithm, &domain, &start, limits, &mut self.cell_lists)
        } else {
            let (domain, start) = problem::<Bitboard>(self.grid, case, algorithm, corridor);
            // A dense index the memory budget cannot hold gives way to the hashed one.
            let dense = domain.size() <= DENSE_SLOTS && limits.fits(4 * domain.size());
            if algorithm == Algorithm::Bfs && dense {
                bfs_with(&domain, &start, limits, &mut DenseIndex::new(&domain))
            } else {
                run(algorithm, &domain, &start, limits, &mut self.bitboards)
            }
        };
        if algorithm == Algorithm::Bidirectional && result.outcome == Outcome::Exhausted {
            // The corridor hid the rest of the space: no solution within the bound, which is not
            // to say none at all.
            result.outcome = Outcome::Stopped(StopReason::DepthLimit);
        }
        result
    }
}

/// The domain of `case` and its start, as placements `P`: bidirectional search keeps to the
/// corridor of short enough solutions, plain BFS (the reference) has every move.
fn problem<P: Placement>(
    grid: Grid,
    case: &Case,
    algorithm: Algorithm,
    corridor: Corridor,
) -> (Solitaire<P>, P) {
    let target = P::from_cells(&case.target);
    let domain = match algorithm {
        Algorithm::Bidirectional => Solitaire::within(grid, target, corridor),
        Algorithm::Bfs => Solitaire::new(grid, target),
    };
    (domain, P::from_cells(&case.start))
}

/// Runs `algorithm` with the visited sets `indexes` (plain BFS needs only the first).
fn run<P: Placement, I: StateIndex<P>>(
    algorithm: Algorithm,
    domain: &Solitaire<P>,
    start: &P,
    limits: &Limits,
    [forward, backward]: &mut [I; 2],
) -> SearchResult<Move> {
    match algorithm {
        Algorithm::Bidirectional => bidirectional_bfs_with(
            domain,
            start,
            std::slice::from_ref(domain.target()),
            limits,
            forward,
            backward,
        ),
        Algorithm::Bfs => bfs_with(domain, start, limits, forward),
    }
}
