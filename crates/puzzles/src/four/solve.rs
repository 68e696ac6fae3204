//! The solvers: a table of every answer, built once per count signature by breadth-first search
//! backwards from all won positions, or a breadth-first search forwards from each board.
//!
//! Either colour may move first, so a board's answer is the better of two positions, (board,
//! black to move) and (board, white to move). On a tie black's is taken; within one position the
//! solution is the lexicographically smallest shortest one (in [`FourInARow`]'s move order), so
//! both solvers give the same moves.

use std::collections::hash_map::Entry;
use std::time::Instant;

use statespace_engine::bfs::Bfs;
use statespace_engine::distance_table::{DistanceTable, distance_table};
use statespace_engine::index::HashIndex;
use statespace_engine::{LayerStats, Limits, Outcome, PerfectHash, Stats, StopReason};

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use super::board::{Board, Colour, Counts, FourInARow, Move, Position};

/// How boards are answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Breadth-first search forwards from the board, once per first mover.
    #[default]
    Bfs,
    /// Look the answer up in the distance table of the board's counts, built on first use.
    Table,
}

/// The forward breadth-first searcher of [`bfs_solution`], reused from board to board.
pub type Searcher = Bfs<Position, Move, HashIndex<Position>>;

/// One shortest way to a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The colour that moves first.
    pub first: Colour,
    /// The moves, alternating colours from `first`.
    pub moves: Vec<Move>,
}

/// A board's answer; in `--json`, the moves' names and the colour that moves first (see
/// [`print`](super::print)).
#[derive(Clone, Debug)]
pub struct Answer {
    /// The fewest moves to a line; `None` when no line can ever be made.
    pub moves: Option<u32>,
    /// A shortest solution, when one was asked for and exists.
    pub solution: Option<Solution>,
    /// What answering cost: the searches, or the table's construction for the board that
    /// needed it.
    pub stats: Stats,
}

/// The exact distance to a line of every position with one count signature.
#[derive(Clone, Debug)]
pub struct Table {
    domain: FourInARow,
    distances: DistanceTable,
}

impl Table {
    /// Builds the table of the boards of `domain` by breadth-first search backwards from every
    /// won position; returns it with the statistics of the construction.
    pub fn build(domain: FourInARow, limits: &Limits) -> Result<(Table, Stats), StopReason> {
        let started = Instant::now();
        let build = distance_table(&domain, &won_positions(&domain), limits);
        let distances = build.table?;
        let stats = Stats {
            elapsed: started.elapsed(),
            ..build.stats
        };
        Ok((Table { domain, distances }, stats))
    }

    /// The counts of the boards this table answers.
    pub fn counts(&self) -> Counts {
        self.domain.counts()
    }

    /// The fewest moves to a line from `position`, if a line can be made.
    pub fn distance(&self, position: &Position) -> Option<u32> {
        self.distances
            .distance(self.domain.rank(position))
            .map(u32::from)
    }

    /// The better first mover for `board` (black on a tie) and its fewest moves, if a line can
    /// be made. `board` must have this table's counts.
    pub fn best_start(&self, board: Board) -> Option<(Colour, u32)> {
        Colour::BOTH
            .into_iter()
            .filter_map(|to_move| {
                self.distance(&Position { board, to_move })
                    .map(|moves| (to_move, moves))
            })
            .min_by_key(|&(_, moves)| moves)
    }

    /// The lexicographically smallest shortest solution from `board` with the better first
    /// mover, if a line can be made.
    pub fn solution(&self, board: Board) -> Option<Solution> {
        let (first, _) = self.best_start(board)?;
        let start = Position {
            board,
            to_move: first,
        };
        let moves = self.distances.solution(&self.domain, &start)?;
        Some(Solution { first, moves })
    }

    /// How many positions are at each distance (entry `d` for distance `d`).
    pub fn histogram(&self) -> Vec<u64> {
        self.distances.histogram()
    }
}

/// Every position of `domain` whose board has a line, either side to move.
pub fn won_positions(domain: &FourInARow) -> Vec<Position> {
    (0..domain.boards())
        .map(|rank| domain.board(rank))
        .filter(|board| board.has_line())
        .flat_map(|board| Colour::BOTH.map(|to_move| Position { board, to_move }))
        .collect()
}

/// A shortest solution of `board` by forward breadth-first search (black first, then white
/// only for a strictly shorter solution), `None` when no line can be made, with the statistics
/// of both searches. `board` must have the counts of `domain`; `searcher` keeps its memory
/// from one search to the next.
pub fn bfs_solution(
    domain: &FourInARow,
    board: Board,
    limits: &Limits,
    searcher: &mut Searcher,
) -> Result<(Option<Solution>, Stats), StopReason> {
    let mut stats = Stats::default();
    let mut best: Option<Solution> = None;
    if !domain.counts().allow_a_line() {
        return Ok((best, stats));
    }
    for first in Colour::BOTH {
        let mut limits = limits.clone();
        if let Some(found) = &best {
            let Some(shorter) = (found.moves.len() as u32).checked_sub(1) else {
                break;
            };
            limits.max_depth = Some(limits.max_depth.map_or(shorter, |max| max.min(shorter)));
        }
        let start = Position {
            board,
            to_move: first,
        };
        let result = searcher.search(domain, &start, &limits);
        add_stats(&mut stats, &result.stats);
        match result.outcome {
            Outcome::Found(solution) => {
                best = Some(Solution {
                    first,
                    moves: solution.actions,
                })
            }
            Outcome::Exhausted => {}
            // Nothing shorter than black's solution.
            Outcome::Stopped(StopReason::DepthLimit) if best.is_some() => {}
            Outcome::Stopped(reason) => return Err(reason),
        }
    }
    Ok((best, stats))
}

/// Adds the work of `part` into `total`, layer by layer.
fn add_stats(total: &mut Stats, part: &Stats) {
    total.expanded += part.expanded;
    total.generated += part.generated;
    total.stored = total.stored.max(part.stored);
    total.elapsed += part.elapsed;
    for layer in &part.layers {
        match total.layers.iter_mut().find(|t| t.depth == layer.depth) {
            Some(sum) => {
                sum.expanded += layer.expanded;
                sum.generated += layer.generated;
            }
            None => total.layers.push(LayerStats { ..*layer }),
        }
    }
}

/// Answers boards one after another with one algorithm, keeping what it builds per count
/// signature (the domain, and the table when it uses one) and the visited set of its searches.
#[derive(Debug)]
pub struct Solver {
    algorithm: Algorithm,
    domains: FxHashMap<Counts, FourInARow>,
    tables: FxHashMap<Counts, Table>,
    searcher: Searcher,
}

impl Solver {
    /// A solver using `algorithm`.
    pub fn new(algorithm: Algorithm) -> Solver {
        Solver {
            algorithm,
            domains: FxHashMap::default(),
            tables: FxHashMap::default(),
            searcher: Searcher::new(HashIndex::default()),
        }
    }

    /// The fewest moves from `board` to a line, either colour moving first, and a shortest
    /// solution too when `with_solution` is set (searches always have one); each search and
    /// table construction within `limits`.
    pub fn solve(
        &mut self,
        board: Board,
        limits: &Limits,
        with_solution: bool,
    ) -> Result<Answer, StopReason> {
        match self.algorithm {
            Algorithm::Table => self.look_up(board, limits, with_solution),
            Algorithm::Bfs => {
                let domain = self
                    .domains
                    .entry(board.counts())
                    .or_insert_with(|| FourInARow::new(board.counts()));
                let (solution, stats) = bfs_solution(domain, board, limits, &mut self.searcher)?;
                Ok(Answer {
                    moves: solution.as_ref().map(|s| s.moves.len() as u32),
                    solution,
                    stats,
                })
            }
        }
    }

    fn look_up(
        &mut self,
        board: Board,
        limits: &Limits,
        with_solution: bool,
    ) -> Result<Answer, StopReason> {
        let started = Instant::now();
        let (table, mut stats) = match self.tables.entry(board.counts()) {
            Entry::Occupied(entry) => (entry.into_mut(), Stats::default()),
            Entry::Vacant(entry) => {
                let domain = FourInARow::new(board.counts());
                let (table, stats) = Table::build(domain, limits)?;
                (entry.insert(table), stats)
            }
        };
        let moves = table.best_start(board).map(|(_, moves)| moves);
        let solution = with_solution.then(|| table.solution(board)).flatten();
        stats.elapsed = started.elapsed();
        Ok(Answer {
            moves,
            solution,
            stats,
        })
    }
}
