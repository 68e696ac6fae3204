//! Optimal 3×3×3 answers by IDA* (Korf 1997). The estimate is the most of Korf's corner table
//! (the exact distance of each of the 88,179,840 corner positions, a byte each, built by the
//! engine's backward breadth-first search over [`CornerSpace`]) and, along each of the cube's
//! three axes, the two-phase search's phase-1 pair tables (the moves to G1 bound by twist ×
//! flip, slice × twist, slice × flip; Kociemba's optimal solver takes the three axes too), each
//! coordinate turned by a move table as the search goes; a face is never
//! turned twice in a row, nor D after U, L after R or B after F's opposite first (the engine's
//! [`MoveAutomaton`]). The table is kept in a folder of pattern databases (the engine's
//! [`TableCache`]: a header naming it, a checksum, a damaged file refused and rebuilt) and the
//! search split over the cores (the engine's parallel IDA*). Cubes of up to 13 moves take
//! seconds; random cubes (17–18) need a stronger table (the full phase-1 table) still to come.
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
use statespace_engine::pattern_database::{PatternDatabase, TableCache, TableId};
use statespace_engine::{Domain, Limits, Outcome, PerfectHash, Stats, StopReason, estimate};

use super::coords::{MOVES, Tables, flip, slice, twist};
use super::corner_space::{CornerCoordinates, CornerSpace};
use super::cubie::{Corners, Metric, Move};
use super::face::ALL_MOVES;
use super::rubik::Rubik;
use super::sym_table::cache_note;
use super::twophase::phase1_estimate;
use super::views::{View, view_moves};
use crate::puzzle::table_note;

/// A cube and the coordinates its estimate reads, each turned by a move table: its corners
/// (Korf's table) and, along each of its three axes (the [`View`]s that put U, then F, then R
/// on top), its phase-1 coordinates (twist, flip, slice), as the two-phase search has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Tracked {
    cube: Rubik,
    corners: CornerCoordinates,
    axes: [(u16, u16, u16); 3],
}

/// The 3×3×3 turned by the 18 face turns, actions numbered as in [`CornerSpace`], with what
/// turns the coordinates of [`Tracked`].
struct FaceTurns<'a> {
    pruning: MoveAutomaton,
    corners: &'a CornerSpace,
    tables: &'a Tables,
    /// Each cube move as each axis's view moves.
    view_moves: [[u8; MOVES]; 3],
}

impl<'a> FaceTurns<'a> {
    fn new(corners: &'a CornerSpace, tables: &'a Tables) -> FaceTurns<'a> {
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
            corners,
            tables,
            view_moves: view_moves(),
        }
    }

    /// `cube` with its coordinates.
    fn track(&self, cube: &Rubik) -> Tracked {
        Tracked {
            cube: *cube,
            corners: self.corners.coordinates(&cube.corners),
            axes: std::array::from_fn(|axis| {
                let view = View::ALL[axis].cube(cube);
                (twist(&view.corners), flip(&view.edges), slice(&view.edges))
            }),
        }
    }
}

impl Domain for FaceTurns<'_> {
    type State = Tracked;
    type Action = u8;

    fn actions(&self, _: &Tracked, out: &mut Vec<u8>) {
        out.extend(0..18);
    }

    fn apply(&self, tracked: &mut Tracked, turn: u8) {
        tracked.cube = tracked.cube.turned(ALL_MOVES[usize::from(turn)]);
        self.corners.apply(&mut tracked.corners, turn);
        for (axis, (twist, flip, slice)) in tracked.axes.iter_mut().enumerate() {
            let turn = self.view_moves[axis][usize::from(turn)];
            *twist = self.tables.twist.get(*twist, turn);
            *flip = self.tables.flip.get(*flip, turn);
            *slice = self.tables.slice.get(*slice, turn);
        }
    }

    fn invert(&self, turn: u8) -> Option<u8> {
        Some(turn - turn % 3 + 2 - turn % 3)
    }

    fn is_goal(&self, tracked: &Tracked) -> bool {
        tracked.cube == Rubik::SOLVED
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

/// Korf's corner table, built by the engine's breadth-first search over [`CornerSpace`] within
/// the memory budget of `limits`.
fn build_corner_distances(limits: &Limits) -> Result<(PatternDatabase, Stats), StopReason> {
    let space = CornerSpace::new(Metric::Htm);
    let solved = space.coordinates(&Corners::SOLVED);
    let build = distance_table(&space, &[solved], limits);
    let distances = build
        .table?
        .as_bytes()
        .ok_or(StopReason::MemoryLimit)?
        .to_vec();
    let distances = PatternDatabase::from_distances(corner_table_id(), distances);
    Ok((distances, build.stats))
}

/// Korf's corner table (the exact number of face turns that solve each corner position) and
/// the two-phase search's tables, whose phase-1 pair tables bound the moves to G1 along each
/// axis: the optimal solver's estimates.
#[derive(Debug)]
pub struct CornerTable {
    space: CornerSpace,
    distances: PatternDatabase,
    tables: Tables,
}

impl CornerTable {
    /// Builds the tables (88 MB, then 5 MB) within the memory budget of `limits`, with the
    /// statistics of the corner table's breadth-first search.
    pub fn build(limits: &Limits) -> Result<(CornerTable, Stats), StopReason> {
        let (distances, stats) = build_corner_distances(limits)?;
        let (tables, _) = Tables::build(limits)?;
        let space = CornerSpace::new(Metric::Htm);
        let table = CornerTable {
            space,
            distances,
            tables,
        };
        Ok((table, stats))
    }

    /// The corner table from `cache` when its file is there and sound (mapped, its checksum
    /// checked), otherwise built within `limits` and saved there, and the two-phase tables
    /// built; with what happened, in a line.
    pub fn load_or_build(
        cache: &TableCache,
        limits: &Limits,
    ) -> Result<(CornerTable, String), StopReason> {
        let path = cache.path(CORNER_TABLE_NAME);
        let started = Instant::now();
        let mut stats = None;
        let cached = cache.load_or_build(CORNER_TABLE_NAME, &corner_table_id(), |_| {
            let (distances, built) = build_corner_distances(limits)?;
            stats = Some(built);
            Ok(distances)
        })?;
        let built = stats.map(|stats| table_note(&stats));
        let note = cache_note(&cached.origin, built, &path, "corners", started);
        let (tables, _) = Tables::build(limits)?;
        let table = CornerTable {
            space: CornerSpace::new(Metric::Htm),
            distances: cached.table,
            tables,
        };
        Ok((table, note))
    }

    /// The fewest face turns that solve the corners of `corners`: a lower bound for the cube.
    pub fn distance(&self, corners: &Corners) -> u8 {
        self.distances
            .get(self.space.rank(&self.space.coordinates(corners)))
    }

    /// A lower bound of the face turns that solve `tracked`: the most of its corners' distance
    /// and its three axes' phase-1 estimates.
    fn estimate(&self, tracked: &Tracked) -> u32 {
        let corners = self.distances.get(self.space.rank(&tracked.corners));
        let axes = tracked.axes.iter();
        let phase1 = axes.map(|&axis| phase1_estimate(&self.tables, axis)).max();
        u32::from(corners.max(phase1.unwrap_or(0)))
    }

    /// A shortest answer to `cube` in face turns, by IDA* within `limits`, split over the
    /// machine's cores (rayon's threads) once an iteration passes a million nodes.
    pub fn solve(&self, cube: &Rubik, limits: &Limits) -> (Result<Vec<Move>, StopReason>, Stats) {
        let turns = FaceTurns::new(&self.space, &self.tables);
        let estimate = estimate(&turns, |tracked: &Tracked| self.estimate(tracked));
        let parallel = Parallel::threads(rayon::current_num_threads());
        let start = turns.track(cube);
        let result = parallel_idastar(&turns, &start, &estimate, limits, &parallel);
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

    /// The tables the domain turns coordinates with (the corner table is not needed).
    fn domain_tables() -> (CornerSpace, Tables) {
        let (tables, _) = Tables::build(&Limits::none()).unwrap();
        (CornerSpace::new(Metric::Htm), tables)
    }

    #[test]
    fn tracked_coordinates_are_those_of_the_turned_cube() {
        let (space, tables) = domain_tables();
        let turns = FaceTurns::new(&space, &tables);
        let mut tracked = turns.track(&Rubik::SOLVED);
        // R U2 F' D L2 B' U' R2 F D2, then the same again.
        for turn in [3, 1, 8, 9, 13, 17, 2, 4, 6, 10].repeat(2) {
            turns.apply(&mut tracked, turn);
            assert_eq!(tracked, turns.track(&tracked.cube), "after move {turn}");
        }
    }

    #[test]
    fn opposite_faces_turn_in_one_order_and_no_face_twice() {
        let (space, tables) = domain_tables();
        let turns = FaceTurns::new(&space, &tables);
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
