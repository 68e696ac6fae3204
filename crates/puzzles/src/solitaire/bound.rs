//! Lower bounds on the moves between two placements: to answer `NO` without searching when even
//! the bound exceeds the limit, and to leave out of the search the placements that cannot lie on
//! a short enough solution.
//!
//! A move carries one piece one cell, or two when it jumps, so a piece that ends `d` cells
//! (Manhattan distance) from where it began has made at least `⌈d / 2⌉` moves. Pieces are
//! identical, but each one still travels from one start cell to one target cell.

use super::grid::Grid;
use super::placement::Placement;

/// Beyond this many pieces the matching is not solved exactly (its table has `2^pieces` entries)
/// and a weaker bound is used.
const MATCHED_PIECES: usize = 12;

/// A lower bound on the moves from `start` to `target` (same number of cells) on `grid`: the
/// cheapest matching of start cells to target cells, each pair costing `⌈d / 2⌉`.
pub fn lower_bound(grid: Grid, start: &[u16], target: &[u16]) -> u32 {
    debug_assert_eq!(start.len(), target.len());
    let to: Vec<(usize, usize)> = target.iter().map(|&c| grid.coordinates(c)).collect();
    let costs: Vec<Vec<u32>> = start
        .iter()
        .map(|&cell| {
            let (row, col) = grid.coordinates(cell);
            to.iter()
                .map(|&(r, c)| (row.abs_diff(r) + col.abs_diff(c)).div_ceil(2) as u32)
                .collect()
        })
        .collect();
    if start.len() <= MATCHED_PIECES {
        cheapest_matching(&costs)
    } else {
        nearest_cells(&costs)
    }
}

/// The least total cost of matching row `i` to a distinct column for every `i`: dynamic
/// programming over the sets of columns used by the first rows.
fn cheapest_matching(costs: &[Vec<u32>]) -> u32 {
    let pieces = costs.len();
    let mut best = vec![u32::MAX; 1 << pieces];
    best[0] = 0;
    for used in 0..best.len() {
        let cost_so_far = best[used];
        if cost_so_far == u32::MAX {
            continue;
        }
        let row = used.count_ones() as usize;
        if row == pieces {
            continue;
        }
        for (col, &cost) in costs[row].iter().enumerate() {
            if used & 1 << col == 0 {
                let next = &mut best[used | 1 << col];
                *next = (*next).min(cost_so_far + cost);
            }
        }
    }
    best[best.len() - 1]
}

/// Each piece must at least reach its nearest target cell, and each target cell must be reached
/// from the nearest start cell: the larger of the two sums.
fn nearest_cells(costs: &[Vec<u32>]) -> u32 {
    let by_rows: u32 = costs
        .iter()
        .map(|row| row.iter().copied().min().unwrap_or(0))
        .sum();
    let by_cols: u32 = (0..costs.len())
        .map(|col| costs.iter().map(|row| row[col]).min().unwrap_or(0))
        .sum();
    by_rows.max(by_cols)
}

/// The placements that can lie on a solution of at most `max_moves` moves from a start to a
/// target.
///
/// A piece on cell `x` has made at least `⌈s(x) / 2⌉` moves since the start, `s(x)` being the
/// distance from `x` to the nearest start cell, and has at least `⌈t(x) / 2⌉` to go, likewise
/// with target cells. Summed over the pieces of a placement this bounds the length of every
/// solution through it; a placement whose sum exceeds `max_moves` lies on none short enough, and
/// a search may leave it out. The sum changes by one cell's weight per move, so checking a move
/// costs two table reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Corridor {
    weights: Vec<u32>,
    max_moves: u32,
}

impl Corridor {
    /// The corridor of solutions of at most `max_moves` moves from `start` to `target` cells.
    pub fn new(grid: Grid, start: &[u16], target: &[u16], max_moves: u32) -> Self {
        let from_start = nearest_distances(grid, start);
        let to_target = nearest_distances(grid, target);
        let weights = from_start
            .iter()
            .zip(&to_target)
            .map(|(&s, &t)| s.div_ceil(2) + t.div_ceil(2))
            .collect();
        Self { weights, max_moves }
    }

    /// The bound of a placement: the sum of its cells' weights.
    #[inline]
    pub fn weight(&self, placement: &impl Placement) -> u32 {
        placement.pieces().map(|cell| self.cell(cell)).sum()
    }

    /// Whether moving a piece from `from` to `to` in a placement of weight `weight` stays inside.
    #[inline]
    pub fn admits(&self, weight: u32, from: u16, to: u16) -> bool {
        weight + self.cell(to) - self.cell(from) <= self.max_moves
    }

    #[inline]
    fn cell(&self, cell: u16) -> u32 {
        self.weights[usize::from(cell)]
    }
}

/// The Manhattan distance from every cell to the nearest of `cells` (which must not be empty for
/// the distances to be finite), by two sweeps over the board.
fn nearest_distances(grid: Grid, cells: &[u16]) -> Vec<u32> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let far = u32::MAX / 2;
    let mut distance = vec![far; grid.cells()];
    for &cell in cells {
        distance[usize::from(cell)] = 0;
    }
    for cell in 0..distance.len() {
        let (row, col) = (cell / cols, cell % cols);
        let mut best = distance[cell];
        if row > 0 {
            best = best.min(distance[cell - cols] + 1);
        }
        if col > 0 {
            best = best.min(distance[cell - 1] + 1);
        }
        distance[cell] = best;
    }
    for cell in (0..distance.len()).rev() {
        let (row, col) = (cell / cols, cell % cols);
        let mut best = distance[cell];
        if row + 1 < rows {
            best = best.min(distance[cell + cols] + 1);
        }
        if col + 1 < cols {
            best = best.min(distance[cell + 1] + 1);
        }
        distance[cell] = best;
    }
    distance
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_beats_nearest_cells() {
        // Two start cells nearest to the same target cell, and two target cells nearest to the
        // same start cell: only the matching sees that one of each pair must go further.
        let costs = vec![vec![0, 4, 4], vec![0, 4, 4], vec![4, 0, 0]];
        assert_eq!(cheapest_matching(&costs), 4);
        assert_eq!(nearest_cells(&costs), 0);
        let costs = vec![vec![1, 5], vec![1, 3]];
        assert_eq!(cheapest_matching(&costs), 4);
    }

    #[test]
    fn nearest_distances_are_manhattan() {
        let grid = Grid::new(5, 7).unwrap();
        let cells = [3, 22, 30];
        let distances = nearest_distances(grid, &cells);
        for (cell, &distance) in distances.iter().enumerate() {
            let (row, col) = grid.coordinates(cell as u16);
            let nearest = cells
                .iter()
                .map(|&c| {
                    let (r, k) = grid.coordinates(c);
                    (row.abs_diff(r) + col.abs_diff(k)) as u32
                })
                .min();
            assert_eq!(Some(distance), nearest);
        }
    }

    #[test]
    fn the_corridor_holds_start_and_target_and_bounds_moves() {
        use crate::solitaire::Bitboard;
        let grid = Grid::judge();
        let (start, target) = ([27, 28, 35, 44], [11, 18, 21, 29]);
        let corridor = Corridor::new(grid, &start, &target, 7);
        // From (6, 5) the nearest target cell (4, 6) is 3 away: 2 moves at least.
        assert_eq!(corridor.cell(44), 2);
        let weight = corridor.weight(&Bitboard::from_cells(&start));
        assert!(weight <= lower_bound(grid, &start, &target));
        // (4, 4) to (1, 1) leaves the corridor: 3 moves from the start and 2 to (2, 4).
        assert_eq!(corridor.cell(0), 5);
        assert!(!corridor.admits(weight, 27, 0));
    }

    #[test]
    fn judge_sample_bound() {
        // (4,4) (4,5) (5,4) (6,5) to (2,4) (3,3) (3,6) (4,6): the answer is 7 moves.
        let grid = Grid::judge();
        assert_eq!(lower_bound(grid, &[27, 28, 35, 44], &[11, 18, 21, 29]), 6);
        assert_eq!(lower_bound(grid, &[0, 63], &[0, 63]), 0);
        assert_eq!(lower_bound(grid, &[0], &[63]), 7);
    }
}
