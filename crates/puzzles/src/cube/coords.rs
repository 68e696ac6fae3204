//! Kociemba's coordinates of the 3×3×3, their move tables and pruning tables: what the
//! two-phase search ([`twophase`](super::twophase)) reads instead of turning cubies.
//!
//! Phase 1 brings the cube into the subgroup G1 = ⟨U, D, R2, L2, F2, B2⟩, where every corner
//! and edge is oriented and the four UD-slice edges (FR, FL, BL, BR) are in that slice; its
//! coordinates are the corners' twist (3^7 = 2187), the edges' flip (2^11 = 2048) and the
//! slice edges' places (C(12, 4) = 495). Phase 2 solves the cube within G1; its coordinates are
//! the corners' permutation (8! = 40320), the eight U and D edges' permutation (40320) and the
//! slice edges' permutation (4! = 24). Each is a rank of the engine's
//! ([`statespace_engine::rank`]): orientations, subsets, permutations.
//!
//! A move table holds each coordinate's value after each of the 18 moves; a pruning table, the
//! exact distance to G1 (or to the solved cube, within G1) of each pair of coordinates, built
//! by a breadth-first search over the pairs' ranks.
//! The larger of a phase's two distances is an admissible estimate of the moves it needs.
//! (Past 600 lines with its tests: the move tables against the cubies, the pruning tables
//! against breadth-first distances.)

use statespace_engine::pattern_database::TableCache;
use statespace_engine::rank::{
    orientation_count, rank_orientation, rank_permutation, unrank_orientation, unrank_permutation,
    unrank_subset,
};
use statespace_engine::{LayerStats, Limits, Stats, StopReason};

use super::cubie::{CORNERS, Corners, Face, Move};
use super::edges::{EDGES, Edges};
use super::phase1_table::{PHASE1_TABLE_BYTES, Phase1Table};
use super::phase2_table::{PHASE2_TABLE_BYTES, Phase2Table};
use super::pruning::{Phase1Pruning, Phase2Pruning};
use super::rubik::Rubik;
use super::small_ranks::subset_rank;
use super::symmetry::SliceKind;
use crate::puzzle::format_duration;

/// The 18 moves, `3 × face + quarters − 1` in Kociemba's face order: U U2 U' R R2 R' F …
pub const MOVES: usize = 18;
/// The moves of G1, phase 2's: U, D (any turn), R2, L2, F2, B2.
pub const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 9, 10, 11, 4, 13, 7, 16];
/// The slice edges' places when solved, the rank of {8, 9, 10, 11}.
pub const SLICE_SOLVED: u16 = 494;

/// Move number `index` (below [`MOVES`]).
pub fn move_of(index: u8) -> Move {
    Move {
        face: Face::ALL[usize::from(index / 3)],
        quarters: index % 3 + 1,
    }
}

/// The corners' twist, 0 to 2186 (0 when every corner is oriented).
#[inline]
pub fn twist(corners: &Corners) -> u16 {
    rank_orientation(&corners.twist, 3) as u16
}

/// The edges' flip, 0 to 2047.
#[inline]
pub fn flip(edges: &Edges) -> u16 {
    rank_orientation(&edges.flip, 2) as u16
}

/// Where the four slice edges are, whatever their order: 0 to 494 ([`SLICE_SOLVED`] at home).
#[inline]
pub fn slice(edges: &Edges) -> u16 {
    let mask = edges
        .cubie
        .iter()
        .enumerate()
        .fold(0, |mask, (place, &cubie)| {
            mask | u16::from(cubie >= 8) << place
        });
    subset_rank(mask)
}

/// The slice edges' places and their order there: `slice × 24 +` the rank of the order in
/// which they sit, 0 to 11879 ([`SORTED_SLICE_SOLVED`] at home). Unlike [`slice`], it is at
/// home only when each slice edge is.
#[inline]
pub fn sorted_slice(edges: &Edges) -> u16 {
    // One pass without branches: the places' mask, and every cubie (less 8) written to the
    // next place of the order, which only a slice edge's write keeps (the fifth takes what
    // comes after the fourth).
    let (mut mask, mut order, mut found) = (0u16, [0u8; 5], 0usize);
    for (place, &cubie) in edges.cubie.iter().enumerate() {
        let in_slice = cubie >= 8;
        mask |= u16::from(in_slice) << place;
        order[found.min(4)] = cubie & 3;
        found += usize::from(in_slice);
    }
    subset_rank(mask) * 24 + rank_permutation(&order[..4]) as u16
}

/// The sorted slice coordinate's values: 495 places times 24 orders.
pub const SORTED_SLICES: usize = 495 * 24;
/// The slice edges at home, in order.
pub const SORTED_SLICE_SOLVED: u16 = SLICE_SOLVED * 24;

/// The move table of [`sorted_slice`] under all 18 moves.
pub fn sorted_slice_moves() -> MoveTable {
    let all: Vec<u8> = (0..MOVES as u8).collect();
    MoveTable::build(
        SORTED_SLICES,
        &all,
        |value| sorted_slice_cube(value as u16),
        |cube| sorted_slice(&cube.edges),
    )
}

/// A cube whose sorted slice coordinate is `value`: the four slice edges at its places in its
/// order, the other edges in order, everything oriented.
pub(super) fn sorted_slice_cube(value: u16) -> Rubik {
    let mask = unrank_subset(u64::from(value / 24), 4);
    let mut order = [0; 4];
    unrank_permutation(u64::from(value % 24), &mut order);
    let mut cube = Rubik::SOLVED;
    let (mut next_slice_edge, mut other) = (0, 0);
    for position in 0..EDGES {
        cube.edges.cubie[position] = if mask >> position & 1 == 1 {
            next_slice_edge += 1;
            8 + order[next_slice_edge - 1]
        } else {
            other += 1;
            other - 1
        };
    }
    cube
}

/// A cube whose four slice edges are at the places of slice coordinate `value`, the other edges
/// in order, everything oriented.
pub(super) fn slice_cube(value: u16) -> Rubik {
    let mut cube = Rubik::SOLVED;
    cube.edges.cubie = subset_cubies(value, 8, 0);
    cube
}

/// The cubies at `N` places when four of them, those of subset `value`, hold the cubies
/// `inside..inside + 4` in order and the others the cubies from `outside` on, in order.
pub(super) fn subset_cubies<const N: usize>(value: u16, inside: u8, outside: u8) -> [u8; N] {
    let mask = unrank_subset(u64::from(value), 4);
    let (mut inside, mut outside) = (inside, outside);
    std::array::from_fn(|place| {
        let next = if mask >> place & 1 == 1 {
            &mut inside
        } else {
            &mut outside
        };
        *next += 1;
        *next - 1
    })
}

/// The corners' permutation, 0 to 40319.
pub fn corner_permutation(corners: &Corners) -> u16 {
    rank_permutation(&corners.cubie) as u16
}

/// The U and D edges' permutation, 0 to 40319; the cube must be in G1.
pub fn edge_permutation(edges: &Edges) -> u16 {
    rank_permutation(&edges.cubie[..8]) as u16
}

/// The slice edges' permutation, 0 to 23; the cube must be in G1.
pub fn slice_permutation(edges: &Edges) -> u16 {
    let order = [8, 9, 10, 11].map(|position| edges.cubie[position] - 8);
    rank_permutation(&order) as u16
}

/// A coordinate's value after each of its moves: `next[value × columns + column]`, a column
/// for each move it is turned by (phase 2's ten alone, so its rows stay short).
#[derive(Clone, Debug)]
pub struct MoveTable {
    size: usize,
    columns: usize,
    next: Vec<u16>,
}

impl MoveTable {
    /// The table of the coordinate `rank` over its `size` values, each value's cube made by
    /// `cube`, under `moves` (column `k` for `moves[k]`).
    pub(super) fn build(
        size: usize,
        moves: &[u8],
        cube: impl Fn(usize) -> Rubik,
        rank: impl Fn(&Rubik) -> u16,
    ) -> MoveTable {
        let columns = moves.len();
        let mut next = Vec::with_capacity(size * columns);
        for value in 0..size {
            let start = cube(value);
            next.extend(moves.iter().map(|&turn| rank(&start.turned(move_of(turn)))));
        }
        MoveTable {
            size,
            columns,
            next,
        }
    }

    /// The number of values.
    pub fn len(&self) -> usize {
        self.size
    }

    /// Whether the coordinate has no value.
    pub fn is_empty(&self) -> bool {
        self.size == 0
    }

    /// The number of moves, a column each.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// The value after the move of `column` from `value`.
    #[inline]
    pub fn get(&self, value: u16, column: u8) -> u16 {
        self.next[usize::from(value) * self.columns + usize::from(column)]
    }
}

/// A pair not reached yet.
const UNSEEN: u8 = u8::MAX;

/// The exact distance of each pair of two coordinates to theirs at `goal`, under `moves`: four
/// bits per pair (no pair is 15 moves away), pair `outer × inner size + inner` in the low half
/// of its byte when even. Half a byte keeps the tables the searches read most in the cache:
/// phase 2's two take 0.9 MB, not 1.9.
#[derive(Debug)]
pub struct PruningTable {
    inner: usize,
    nibbles: Vec<u8>,
}

impl PruningTable {
    /// The table of the pairs of `outer` and `inner` under their moves (the same for both), by
    /// a breadth-first search
    /// from `goal` that scans the table for each distance's pairs (the moves are a group's, so
    /// distances from the goal are distances to it). A byte per pair and no frontier lists: a
    /// few times faster than the engine's general
    /// [`distance_table`](statespace_engine::distance_table::distance_table) on these dense
    /// spaces. Once most pairs are reached, each layer is found backwards instead: a pair not
    /// reached yet is one more than a layer's distance when a move leads it into that layer,
    /// and the search of its moves stops at the first that does (Kociemba builds his tables
    /// so).
    pub(super) fn build(
        outer: &MoveTable,
        inner: &MoveTable,
        goal: (u16, u16),
        stats: &mut Stats,
    ) -> PruningTable {
        let width = inner.size;
        let size = outer.size * width;
        debug_assert_eq!(outer.columns, inner.columns);
        let moves = 0..outer.columns as u8;
        let mut distances = vec![UNSEEN; size];
        distances[usize::from(goal.0) * width + usize::from(goal.1)] = 0;
        let mut reached = 1;
        let neighbour = |(outer_value, inner_value): (u16, u16), turn: u8| {
            usize::from(outer.get(outer_value, turn)) * width
                + usize::from(inner.get(inner_value, turn))
        };
        for depth in 0u8.. {
            let mut layer = LayerStats {
                depth: u32::from(depth),
                ..LayerStats::default()
            };
            let backwards = reached * 2 > size;
            let wanted = if backwards { UNSEEN } else { depth };
            for pair in 0..size {
                if distances[pair] != wanted {
                    continue;
                }
                layer.expanded += 1;
                let values = ((pair / width) as u16, (pair % width) as u16);
                for turn in moves.clone() {
                    layer.generated += 1;
                    let next = neighbour(values, turn);
                    if backwards {
                        if distances[next] == depth {
                            distances[pair] = depth + 1;
                            reached += 1;
                            break;
                        }
                    } else if distances[next] == UNSEEN {
                        distances[next] = depth + 1;
                        reached += 1;
                    }
                }
            }
            stats.expanded += layer.expanded;
            stats.generated += layer.generated;
            if reached == size || layer.expanded == 0 {
                break;
            }
        }
        let nibbles = distances
            .chunks(2)
            .map(|pair| {
                let (low, high) = (pair[0], pair.get(1).copied().unwrap_or(0));
                assert!(
                    low < 16 && high < 16,
                    "a pair 16 moves or more from the goal"
                );
                low | high << 4
            })
            .collect();
        PruningTable {
            inner: width,
            nibbles,
        }
    }

    /// The fewest moves from the pair (`outer`, `inner`) to the goal's.
    #[inline]
    pub fn get(&self, outer: u16, inner: u16) -> u8 {
        let pair = usize::from(outer) * self.inner + usize::from(inner);
        self.nibbles[pair / 2] >> (pair % 2 * 4) & 15
    }
}

/// Every table of the two-phase search.
#[derive(Debug)]
pub struct Tables {
    /// The twist after each move.
    pub twist: MoveTable,
    /// The flip after each move.
    pub flip: MoveTable,
    /// The slice edges' places after each move.
    pub slice: MoveTable,
    /// The corners' permutation after each phase-2 move.
    pub corners: MoveTable,
    /// The U and D edges' permutation after each phase-2 move.
    pub edges: MoveTable,
    /// The slice edges' permutation after each phase-2 move.
    pub slice_order: MoveTable,
    /// Phase 1's estimate.
    pub phase1: Phase1Pruning,
    /// Phase 2's estimate.
    pub phase2: Phase2Pruning,
}

/// The bytes the tables take at most but phase 1's pruning: six move tables of two bytes per
/// value and move, phase 2's two pruning tables of a byte per pair while each is searched
/// (half a byte once packed).
const COMMON_BYTES: u64 = 2 * MOVES as u64 * (2187 + 2048 + 495)
    + 2 * PHASE2_MOVES.len() as u64 * (2 * 40320 + 24)
    + 2 * 40320 * 24;

/// The bytes the tables take at most with phase 1's pair tables.
pub const TABLE_BYTES: u64 = COMMON_BYTES + 495 * (2187 + 2048) + 2187 * 2048;
/// The bytes the tables take at most with the full phase-1 table (and its two small pair
/// tables) and phase 2's (corners, edges) table.
pub const FULL_TABLE_BYTES: u64 =
    COMMON_BYTES + PHASE1_TABLE_BYTES + PHASE2_TABLE_BYTES + 495 * (2187 + 2048);

/// The move tables of phase 1: twist, flip and slice under the 18 moves.
pub(super) fn phase1_move_tables() -> [MoveTable; 3] {
    let all: Vec<u8> = (0..MOVES as u8).collect();
    // Pieces of one kind oriented as rank `value` of their `k` orientations, nothing else moved.
    let oriented = |value: usize, k: u8, digits: fn(&mut Rubik) -> &mut [u8]| {
        let mut cube = Rubik::SOLVED;
        unrank_orientation(value as u64, k, 0, digits(&mut cube));
        cube
    };
    let twist = MoveTable::build(
        orientation_count(CORNERS, 3) as usize,
        &all,
        |value| oriented(value, 3, |cube| &mut cube.corners.twist),
        |cube| twist(&cube.corners),
    );
    let flip = MoveTable::build(
        orientation_count(EDGES, 2) as usize,
        &all,
        |value| oriented(value, 2, |cube| &mut cube.edges.flip),
        |cube| flip(&cube.edges),
    );
    let slice = MoveTable::build(
        495,
        &all,
        |value| slice_cube(value as u16),
        |cube| slice(&cube.edges),
    );
    [twist, flip, slice]
}

/// The move table of the corners' permutation under `moves`.
pub(super) fn corner_permutation_moves(moves: &[u8]) -> MoveTable {
    MoveTable::build(
        40320,
        moves,
        |value| {
            let mut cube = Rubik::SOLVED;
            unrank_permutation(value as u64, &mut cube.corners.cubie);
            cube
        },
        |cube| corner_permutation(&cube.corners),
    )
}

/// The move tables of phase 2: the corners', the U and D edges' and the slice edges'
/// permutations under phase 2's ten moves.
pub(super) fn phase2_move_tables() -> [MoveTable; 3] {
    let corners = corner_permutation_moves(&PHASE2_MOVES);
    let edges = MoveTable::build(
        40320,
        &PHASE2_MOVES,
        |value| {
            let mut cube = Rubik::SOLVED;
            unrank_permutation(value as u64, &mut cube.edges.cubie[..8]);
            cube
        },
        |cube| edge_permutation(&cube.edges),
    );
    let slice_order = MoveTable::build(
        24,
        &PHASE2_MOVES,
        |value| {
            let mut cube = Rubik::SOLVED;
            unrank_permutation(value as u64, &mut cube.edges.cubie[8..]);
            for cubie in &mut cube.edges.cubie[8..] {
                *cubie += 8;
            }
            cube
        },
        |cube| slice_permutation(&cube.edges),
    );
    [corners, edges, slice_order]
}

impl Tables {
    /// Builds every table, phase 1's pair tables among them, within the memory budget of
    /// `limits` (refused before it starts when it cannot fit), with the statistics of the
    /// pruning tables' searches.
    pub fn build(limits: &Limits) -> Result<(Tables, Stats), StopReason> {
        if !limits.fits(TABLE_BYTES) {
            return Err(StopReason::MemoryLimit);
        }
        let started = std::time::Instant::now();
        let mut stats = Stats::default();
        let tables = Tables::with_pruning(|phase1, [corners, edges, order]| {
            let phase2 = Phase2Pruning::Pairs {
                corners_slice: PruningTable::build(corners, order, (0, 0), &mut stats),
                edges_slice: PruningTable::build(edges, order, (0, 0), &mut stats),
            };
            Ok((Phase1Pruning::pairs(phase1, &mut stats), phase2))
        })?;
        stats.elapsed = started.elapsed();
        Ok((tables, stats))
    }

    /// The tables with the full phase-1 table when the memory budget of `limits` holds it
    /// (loaded from `cache` or built and saved there, or built in memory without a cache),
    /// else with the pair tables; with a line saying what was built or loaded.
    pub fn load_or_build(
        cache: Option<&TableCache>,
        limits: &Limits,
    ) -> Result<(Tables, String), StopReason> {
        if !limits.fits(FULL_TABLE_BYTES) {
            let (tables, stats) = Tables::build(limits)?;
            let note = format!(
                "tables: two-phase move and pruning tables (phase 1 by pair tables: the full \
                 table needs {} MB), built in {}",
                FULL_TABLE_BYTES.div_ceil(1 << 20),
                format_duration(stats.elapsed)
            );
            return Ok((tables, note));
        }
        let started = std::time::Instant::now();
        let mut note = String::new();
        let tables = Tables::with_pruning(|moves, _| {
            let (phase1, said) = Phase1Table::load_or_build(SliceKind::Places, cache, limits)?;
            let (phase2, more) = Phase2Table::load_or_build(cache, limits)?;
            note = format!("{said}; {more}");
            let pairs = Phase1Pruning::slice_pairs(moves, &mut Stats::default());
            Ok((
                Phase1Pruning::Full(Box::new(phase1), Box::new(pairs)),
                Phase2Pruning::Full(Box::new(phase2)),
            ))
        })?;
        note = format!(
            "{note}; tables: two-phase in {} in all",
            format_duration(started.elapsed())
        );
        Ok((tables, note))
    }

    /// The tables, the phases' pruning made by `pruning` from their move tables.
    fn with_pruning(
        pruning: impl FnOnce(
            [&MoveTable; 3],
            [&MoveTable; 3],
        ) -> Result<(Phase1Pruning, Phase2Pruning), StopReason>,
    ) -> Result<Tables, StopReason> {
        let [twist, flip, slice] = phase1_move_tables();
        let [corners, edges, slice_order] = phase2_move_tables();
        let (phase1, phase2) = pruning([&twist, &flip, &slice], [&corners, &edges, &slice_order])?;
        Ok(Tables {
            twist,
            flip,
            slice,
            corners,
            edges,
            slice_order,
            phase1,
            phase2,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_numbers_round_trip() {
        for index in 0..MOVES as u8 {
            assert_eq!(
                move_of(index).face as u8 * 3 + move_of(index).quarters - 1,
                index
            );
        }
    }

    /// Every pair's packed distance is the breadth-first one: 0 at the goal alone, no move
    /// changes it by more than one, and every other pair has a move one closer.
    fn assert_exact(
        table: &PruningTable,
        (outer, inner): (&MoveTable, &MoveTable),
        goal: (u16, u16),
    ) {
        for a in 0..outer.size as u16 {
            for b in 0..inner.size as u16 {
                let distance = table.get(a, b);
                assert_eq!(distance == 0, (a, b) == goal, "({a}, {b})");
                let next = (0..outer.columns as u8)
                    .map(|column| table.get(outer.get(a, column), inner.get(b, column)));
                assert!(
                    next.clone().all(|d| d.abs_diff(distance) <= 1),
                    "({a}, {b})"
                );
                assert!(distance == 0 || next.clone().any(|d| d + 1 == distance));
            }
        }
    }

    #[test]
    fn packed_pruning_tables_hold_the_exact_distances() {
        let (tables, _) = Tables::build(&Limits::none()).unwrap();
        let Phase1Pruning::Pairs {
            slice_twist,
            slice_flip,
            twist_flip,
        } = &tables.phase1
        else {
            panic!("Tables::build makes the pair tables");
        };
        let Phase2Pruning::Pairs {
            corners_slice,
            edges_slice,
        } = &tables.phase2
        else {
            panic!("Tables::build makes the pair tables");
        };
        let pairs = [
            (
                slice_twist,
                (&tables.slice, &tables.twist),
                (SLICE_SOLVED, 0),
            ),
            (slice_flip, (&tables.slice, &tables.flip), (SLICE_SOLVED, 0)),
            (twist_flip, (&tables.twist, &tables.flip), (0, 0)),
            (
                corners_slice,
                (&tables.corners, &tables.slice_order),
                (0, 0),
            ),
            (edges_slice, (&tables.edges, &tables.slice_order), (0, 0)),
        ];
        for (table, coordinates, goal) in pairs {
            assert_exact(table, coordinates, goal);
        }
    }

    #[test]
    fn the_solved_cube_has_the_goal_coordinates() {
        let cube = Rubik::SOLVED;
        assert_eq!(twist(&cube.corners), 0);
        assert_eq!(flip(&cube.edges), 0);
        assert_eq!(slice(&cube.edges), SLICE_SOLVED);
        assert_eq!(corner_permutation(&cube.corners), 0);
        assert_eq!(edge_permutation(&cube.edges), 0);
        assert_eq!(slice_permutation(&cube.edges), 0);
        assert_eq!(sorted_slice(&cube.edges), SORTED_SLICE_SOLVED);
    }

    #[test]
    fn the_sorted_slice_table_turns_as_the_cubies_do() {
        let table = sorted_slice_moves();
        let mut cube = Rubik::SOLVED;
        // R U2 F' D L2 B' U' R2 F D2, twice: every face, each slice edge moved.
        for turn in [3, 1, 8, 9, 13, 17, 2, 4, 6, 10].repeat(2) {
            let before = sorted_slice(&cube.edges);
            cube = cube.turned(move_of(turn));
            assert_eq!(table.get(before, turn), sorted_slice(&cube.edges));
            assert_eq!(sorted_slice(&cube.edges) / 24, slice(&cube.edges));
        }
        assert_ne!(sorted_slice(&cube.edges), SORTED_SLICE_SOLVED);
        for value in 0..SORTED_SLICES as u16 {
            assert_eq!(sorted_slice(&sorted_slice_cube(value).edges), value);
        }
        // Every value comes back under the move that undoes a move: no two values collide.
        for value in 0..SORTED_SLICES as u16 {
            for turn in 0..MOVES as u8 {
                let undo = turn - turn % 3 + 2 - turn % 3;
                assert_eq!(table.get(table.get(value, turn), undo), value);
            }
        }
    }
}
