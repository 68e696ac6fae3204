//! Phase 1's and phase 2's estimates of the two-phase search: the small pair tables of
//! [`coords`](super::coords), or the symmetry-reduced tables ([`Phase1Table`],
//! [`Phase2Table`]) when the memory budget holds them.

use statespace_engine::Stats;

use super::coords::{MoveTable, PruningTable, SLICE_SOLVED};
use super::phase1_table::Phase1Table;
use super::phase2_table::Phase2Table;

/// Phase 1's estimate of the moves into G1.
#[derive(Debug)]
pub enum Phase1Pruning {
    /// The largest of three pair distances, (slice, twist), (slice, flip) and (twist, flip):
    /// 5 MB, built in a fraction of a second.
    Pairs {
        /// Distances of (slice, twist).
        slice_twist: PruningTable,
        /// Distances of (slice, flip).
        slice_flip: PruningTable,
        /// Distances of (twist, flip).
        twist_flip: PruningTable,
    },
    /// The exact distance (70 MB, cached), read after the pair tables slice × twist and slice
    /// × flip (1 MB, built each run in tens of milliseconds): in the cache, they prune most
    /// children without the big table's read from memory (1,000 cubes at 20 moves 20% faster).
    Full(Box<Phase1Table>, Box<[PruningTable; 2]>),
}

impl Phase1Pruning {
    /// The pair tables, built on the move tables of phase 1.
    pub(super) fn pairs(moves: [&MoveTable; 3], stats: &mut Stats) -> Phase1Pruning {
        let [slice_twist, slice_flip] = Phase1Pruning::slice_pairs(moves, stats);
        Phase1Pruning::Pairs {
            slice_twist,
            slice_flip,
            twist_flip: PruningTable::build(moves[0], moves[1], (0, 0), stats),
        }
    }

    /// The pair tables slice × twist and slice × flip, on the move tables of phase 1.
    pub(super) fn slice_pairs(
        [twist, flip, slice]: [&MoveTable; 3],
        stats: &mut Stats,
    ) -> [PruningTable; 2] {
        let goal = (SLICE_SOLVED, 0);
        [
            PruningTable::build(slice, twist, goal, stats),
            PruningTable::build(slice, flip, goal, stats),
        ]
    }

    /// A lower bound of the moves that bring (twist, flip, slice) into G1 (exact with the full
    /// table).
    #[inline]
    pub fn estimate(&self, (twist, flip, slice): (u16, u16, u16)) -> u8 {
        match self {
            Phase1Pruning::Pairs {
                slice_twist,
                slice_flip,
                twist_flip,
            } => slice_twist
                .get(slice, twist)
                .max(slice_flip.get(slice, flip))
                .max(twist_flip.get(twist, flip)),
            Phase1Pruning::Full(table, _) => table.distance(twist, flip, slice),
        }
    }

    /// Whether (twist, flip, slice) may reach G1 in fewer than `remaining` moves: each pair
    /// table is read only while the ones before allow it.
    #[inline]
    pub fn within(&self, (twist, flip, slice): (u16, u16, u16), remaining: u8) -> bool {
        match self {
            Phase1Pruning::Pairs {
                slice_twist,
                slice_flip,
                twist_flip,
            } => {
                slice_twist.get(slice, twist) < remaining
                    && slice_flip.get(slice, flip) < remaining
                    && twist_flip.get(twist, flip) < remaining
            }
            Phase1Pruning::Full(table, pairs) => {
                pairs[0].get(slice, twist) < remaining
                    && pairs[1].get(slice, flip) < remaining
                    && table.distance(twist, flip, slice) < remaining
            }
        }
    }
}

/// Phase 2's estimate of the moves that solve a cube of G1.
#[derive(Debug)]
pub enum Phase2Pruning {
    /// The larger of two pair distances, (corners, slice order) and (edges, slice order): 0.9
    /// MB, built in a fraction of a second.
    Pairs {
        /// Distances of (corners, slice order).
        corners_slice: PruningTable,
        /// Distances of (edges, slice order).
        edges_slice: PruningTable,
    },
    /// The distance of (corners, edges) (56 MB, cached): the pair tables would prune 2% more
    /// nodes, not worth building them every run.
    Full(Box<Phase2Table>),
}

impl Phase2Pruning {
    /// A lower bound of the moves that solve the corners' permutation `corners`, the U and D
    /// edges' `edges` and the slice edges' `order` within G1.
    #[inline]
    pub fn estimate(&self, corners: u16, edges: u16, order: u16) -> u8 {
        match self {
            Phase2Pruning::Pairs {
                corners_slice,
                edges_slice,
            } => corners_slice
                .get(corners, order)
                .max(edges_slice.get(edges, order)),
            Phase2Pruning::Full(table) => table.distance(corners, edges),
        }
    }

    /// Whether the estimate is below `remaining`: the second pair table is read only when the
    /// first allows it.
    #[inline]
    pub fn within(&self, corners: u16, edges: u16, order: u16, remaining: u8) -> bool {
        match self {
            Phase2Pruning::Pairs {
                corners_slice,
                edges_slice,
            } => {
                corners_slice.get(corners, order) < remaining
                    && edges_slice.get(edges, order) < remaining
            }
            Phase2Pruning::Full(table) => table.distance(corners, edges) < remaining,
        }
    }
}
