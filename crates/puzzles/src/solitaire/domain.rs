//! Solitaire as a search domain: placements as states, moves as actions, one target placement.

use statespace_engine::rank::{binomial, rank_subset, unrank_subset};
use statespace_engine::{Domain, PerfectHash, Reversible};

use super::bound::Corridor;
use super::grid::{Grid, Move};
use super::placement::{Bitboard, Placement};

/// Identical pieces on a grid, to be brought to `target`.
///
/// Every move can be undone by the reverse move, so the domain is reversible and searches may
/// run backwards from the target with the same moves.
///
/// Made [`within`](Solitaire::within) a number of moves, the domain leaves out the moves into
/// placements outside the [`Corridor`] of solutions that short: every solution within the bound
/// stays, so searches bounded by it answer the same, and explore less.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solitaire<P> {
    grid: Grid,
    target: P,
    corridor: Option<Corridor>,
}

impl<P: Placement> Solitaire<P> {
    /// The game on `grid` whose goal is `target`, every move allowed.
    pub fn new(grid: Grid, target: P) -> Self {
        Self {
            grid,
            target,
            corridor: None,
        }
    }

    /// The game on `grid` whose goal is `target`, with only the moves that stay in `corridor`,
    /// which must be the corridor of solutions from the start to be searched from to `target`.
    pub fn within(grid: Grid, target: P, corridor: Corridor) -> Self {
        Self {
            grid,
            target,
            corridor: Some(corridor),
        }
    }

    /// The board.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The placement to reach.
    pub fn target(&self) -> &P {
        &self.target
    }
}

impl<P: Placement> Domain for Solitaire<P> {
    type State = P;
    type Action = Move;

    #[inline]
    fn actions(&self, state: &P, out: &mut Vec<Move>) {
        match &self.corridor {
            None => self.grid.moves(state, out, |_| true),
            Some(corridor) => {
                let weight = corridor.weight(state);
                self.grid.moves(state, out, |step| {
                    corridor.admits(weight, step.from, step.to)
                });
            }
        }
    }

    #[inline]
    fn apply(&self, state: &mut P, action: Move) {
        state.relocate(action.from, action.to);
    }

    #[inline]
    fn invert(&self, action: Move) -> Option<Move> {
        Some(action.reversed())
    }

    fn is_goal(&self, state: &P) -> bool {
        *state == self.target
    }
}

/// Every move is undone by the reverse move; made `within` a corridor, between the corridor's
/// placements, which are all its searches visit.
impl<P: Placement> Reversible for Solitaire<P> {}

/// Placements of as many pieces as the target has, ranked as subsets of the cells: the
/// combinatorial number system over the occupancy bits, `C(cells, pieces)` ranks.
impl PerfectHash for Solitaire<Bitboard> {
    fn size(&self) -> u64 {
        binomial(self.grid.cells(), self.target.count())
    }

    #[inline]
    fn rank(&self, state: &Bitboard) -> u64 {
        rank_subset(state.0)
    }

    fn unrank(&self, rank: u64) -> Bitboard {
        Bitboard(unrank_subset(rank, self.target.count()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves_of(grid: Grid, cells: &[u16]) -> Vec<(u16, u16)> {
        let mut out = Vec::new();
        grid.moves(&Bitboard::from_cells(cells), &mut out, |_| true);
        out.iter().map(|m| (m.from, m.to)).collect()
    }

    #[test]
    fn steps_and_jumps_in_order() {
        // 3×3 board, pieces on the centre (4) and above it (1). 1 jumps down over 4 to 7 or
        // steps left or right; 4 cannot jump over 1 (the board ends) but steps down, left, right.
        let grid = Grid::new(3, 3).unwrap();
        assert_eq!(
            moves_of(grid, &[1, 4]),
            vec![(1, 7), (1, 0), (1, 2), (4, 7), (4, 3), (4, 5)]
        );
    }

    #[test]
    fn jumps_need_an_empty_landing_cell_on_the_board() {
        // A row of three on a 1×4 board: the first piece is blocked (two pieces to jump), the
        // middle one jumps into the last cell, the last one steps there.
        let grid = Grid::new(1, 4).unwrap();
        assert_eq!(moves_of(grid, &[0, 1, 2]), vec![(1, 3), (2, 3)]);
        assert_eq!(moves_of(grid, &[0, 1]), vec![(0, 2), (1, 2)]);
    }

    #[test]
    fn ranks_cover_every_placement_once() {
        let grid = Grid::new(3, 4).unwrap();
        let domain = Solitaire::new(grid, Bitboard::from_cells(&[0, 1, 2]));
        assert_eq!(domain.size(), 220);
        for rank in 0..domain.size() {
            let placement = domain.unrank(rank);
            assert_eq!(placement.count(), 3);
            assert!(placement.0 < 1 << 12);
            assert_eq!(domain.rank(&placement), rank);
        }
    }
}
