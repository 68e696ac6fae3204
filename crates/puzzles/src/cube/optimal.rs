//! Optimal 3×3×3 answers by IDA* (Korf 1997), a first step: the estimate is Korf's corner
//! table alone (the exact distance of each of the 88,179,840 corner positions, a byte each,
//! built by the engine's backward breadth-first search over [`CornerSpace`]); a face is never
//! turned twice in a row, nor D after U, L after R or B after F's opposite first (the engine's
//! [`MoveAutomaton`]). The table is kept in a folder of pattern databases (the engine's
//! [`TableCache`]: a header naming it, a checksum, a damaged file refused and rebuilt) and the
//! search split over the cores (the engine's parallel IDA*). Stronger tables are still to come,
//! so only cubes of up to about a dozen moves are answered in seconds.
//!
//! ```no_run
//! use statespace_engine::Limits;
//! use statespace_puzzles::cube::{CornerTable, parse_rubik};
//!
//! let (table, _stats) = CornerTable::build(&Limits::none()).unwrap();
//! let cube = parse_rubik("R U2 F' D").unwrap();
//! let (moves, _stats) = table.solve(&cube, &Limits::none());
//! assert_eq!(moves.unwrap().len(), 4);
//! ```

use std::time::Instant;

use statespace_engine::distance_table::distance_table;
use statespace_engine::move_pruning::MoveAutomaton;
use statespace_engine::parallel_idastar::{Parallel, parallel_idastar};
use statespace_engine::pattern_database::{Origin, PatternDatabase, TableCache, TableId};
use statespace_engine::{Domain, Limits, Outcome, PerfectHash, Stats, StopReason, estimate};

use super::corner_space::CornerSpace;
use super::cubie::{Corners, Metric, Move};
use super::face::ALL_MOVES;
use super::rubik::Rubik;
use crate::puzzle::{format_duration, table_note};

/// The 3×3×3 turned by the 18 face turns, actions numbered as in [`CornerSpace`].
struct FaceTurns {
    pruning: MoveAutomaton,
}

impl FaceTurns {
    fn new() -> FaceTurns {
        // Two turns of one face are one turn (or none); turns of opposite faces commute, so of
        // the two orders only U before D, R before L and F before B is kept.
        let face = |turn: usize| turn / 3;
        let forbidden = (0..18).flat_map(|first| {
            (0..18)
                .filter(move |&second| {
                    face(first) == face(second) || face(first) == face(second) + 3
                })
                .map(move |second| [first, second])
        });
        FaceTurns {
            pruning: MoveAutomaton::new(18, forbidden).expect("a small automaton"),
        }
    }
}

impl Domain for FaceTurns {
    type State = Rubik;
    type Action = u8;

    fn actions(&self, _: &Rubik, out: &mut Vec<u8>) {
        out.extend(0..18);
    }

    fn apply(&self, cube: &mut Rubik, turn: u8) {
        *cube = cube.turned(ALL_MOVES[usize::from(turn)]);
    }

    fn invert(&self, turn: u8) -> Option<u8> {
        Some(turn - turn % 3 + 2 - turn % 3)
    }

    fn is_goal(&self, cube: &Rubik) -> bool {
        *cube == Rubik::SOLVED
    }

    fn duplicate_moves(&self) -> Option<&MoveAutomaton> {
        Some(&self.pruning)
    }

    fn action_index(&self, turn: u8) -> usize {
        usize::from(turn)
    }
}

/// What the corner table's file holds, checked when it is loaded.
fn corner_table_id() -> TableId {
    TableId::new(
        "cube 3x3x3, half-turn metric, solved cube",
        "corners: permutation rank x 3^7 + twist rank",
    )
}

/// The file name of the corner table in a cache folder.
pub const CORNER_TABLE_NAME: &str = "cube-3x3x3-corners";

/// Korf's corner table: the exact number of face turns that solve each corner position.
#[derive(Debug)]
pub struct CornerTable {
    space: CornerSpace,
    distances: PatternDatabase,
}

impl CornerTable {
    /// Builds the table (88 MB) within the memory budget of `limits`, with the statistics of
    /// its breadth-first search.
    pub fn build(limits: &Limits) -> Result<(CornerTable, Stats), StopReason> {
        let space = CornerSpace::new(Metric::Htm);
        let solved = space.coordinates(&Corners::SOLVED);
        let build = distance_table(&space, &[solved], limits);
        let distances = build
            .table?
            .as_bytes()
            .ok_or(StopReason::MemoryLimit)?
            .to_vec();
        let distances = PatternDatabase::from_distances(corner_table_id(), distances);
        Ok((CornerTable { space, distances }, build.stats))
    }

    /// The table from `cache` when its file is there and sound (mapped, its checksum checked),
    /// otherwise built within `limits` and saved there; with what happened, in a line.
    pub fn load_or_build(
        cache: &TableCache,
        limits: &Limits,
    ) -> Result<(CornerTable, String), StopReason> {
        let path = cache.path(CORNER_TABLE_NAME);
        let started = Instant::now();
        let mut stats = None;
        let cached = cache.load_or_build(CORNER_TABLE_NAME, &corner_table_id(), |_| {
            let (table, built) = CornerTable::build(limits)?;
            stats = Some(built);
            Ok(table.distances)
        })?;
        let note = match (&cached.origin, stats) {
            (Origin::Built { refused, saved }, Some(stats)) => {
                let mut note = table_note(&stats);
                if let Some(refused) = refused {
                    note.push_str(&format!(" ({refused}: rebuilt)"));
                }
                match saved {
                    Ok(()) => note.push_str(&format!(", saved to {}", path.display())),
                    Err(error) => note.push_str(&format!(", not saved: {error}")),
                }
                note
            }
            _ => format!(
                "table: corners loaded from {} in {}",
                path.display(),
                format_duration(started.elapsed())
            ),
        };
        let space = CornerSpace::new(Metric::Htm);
        let table = CornerTable {
            space,
            distances: cached.table,
        };
        Ok((table, note))
    }

    /// The fewest face turns that solve the corners of `corners`: a lower bound for the cube.
    pub fn distance(&self, corners: &Corners) -> u8 {
        self.distances
            .get(self.space.rank(&self.space.coordinates(corners)))
    }

    /// A shortest answer to `cube` in face turns, by IDA* within `limits`, split over the
    /// machine's cores (rayon's threads) once an iteration passes a million nodes.
    pub fn solve(&self, cube: &Rubik, limits: &Limits) -> (Result<Vec<Move>, StopReason>, Stats) {
        let turns = FaceTurns::new();
        let estimate = estimate(&turns, |cube: &Rubik| {
            u32::from(self.distance(&cube.corners))
        });
        let parallel = Parallel::threads(rayon::current_num_threads());
        let result = parallel_idastar(&turns, cube, &estimate, limits, &parallel);
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_faces_turn_in_one_order_and_no_face_twice() {
        let turns = FaceTurns::new();
        let after = |first: u8, second: u8| {
            let state = turns.pruning.step(MoveAutomaton::START, usize::from(first));
            state.and_then(|state| turns.pruning.step(state, usize::from(second)))
        };
        // U then D2 is kept, D2 then U is not; R then R' is not, R then U is.
        assert!(after(0, 10).is_some());
        assert!(after(10, 0).is_none());
        assert!(after(3, 5).is_none());
        assert!(after(3, 0).is_some());
    }
}
