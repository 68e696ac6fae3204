//! Optimal 3×3×3 answers by IDA* (Korf 1997), a first step: the estimate is Korf's corner
//! table alone (the exact distance of each of the 88,179,840 corner positions, a byte each,
//! built by the engine's backward breadth-first search over [`CornerSpace`]); a face is never
//! turned twice in a row, nor D after U, L after R or B after F's opposite first (the engine's
//! [`MoveAutomaton`]). Korf's edge tables, the table cache and both cores are still to come, so
//! only cubes of up to about a dozen moves are answered in seconds.
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

use statespace_engine::distance_table::distance_table;
use statespace_engine::idastar::idastar;
use statespace_engine::move_pruning::MoveAutomaton;
use statespace_engine::{Domain, Limits, Outcome, PerfectHash, Stats, StopReason, estimate};

use super::corner_space::CornerSpace;
use super::cubie::{Corners, Metric, Move};
use super::face::ALL_MOVES;
use super::rubik::Rubik;

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

/// Korf's corner table: the exact number of face turns that solve each corner position.
#[derive(Debug)]
pub struct CornerTable {
    space: CornerSpace,
    distances: Vec<u8>,
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
        Ok((CornerTable { space, distances }, build.stats))
    }

    /// The fewest face turns that solve the corners of `corners`: a lower bound for the cube.
    pub fn distance(&self, corners: &Corners) -> u8 {
        self.distances[self.space.rank(&self.space.coordinates(corners)) as usize]
    }

    /// A shortest answer to `cube` in face turns, by IDA* within `limits`.
    pub fn solve(&self, cube: &Rubik, limits: &Limits) -> (Result<Vec<Move>, StopReason>, Stats) {
        let turns = FaceTurns::new();
        let estimate = estimate(&turns, |cube: &Rubik| {
            u32::from(self.distance(&cube.corners))
        });
        let result = idastar(&turns, cube, &estimate, limits);
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
