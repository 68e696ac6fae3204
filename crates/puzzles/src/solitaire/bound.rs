//! Lower bounds on the moves between two placements: to answer `NO` without searching when even
//! the bound exceeds the limit, and to leave out of the search the placements that cannot lie on
//! a short enough solution.
//!
//! A move carries one piece one cell, or two when it jumps, so a piece that ends `d` cells
//! (Manhattan distance) from where it began has made at least `⌈d / 2⌉` moves. Pieces are
//! identical, but each one still travels from one start cell to one target cell.

use super::grid::Grid;
use super::placement::Placement;

/// A cell as (row, column).
type Point = (usize, usize);

/// The least moves a piece needs to travel between two cells, jumping all the way.
#[inline]
fn travel((r1, c1): Point, (r2, c2): Point) -> i32 {
    (r1.abs_diff(r2) + c1.abs_diff(c2)).div_ceil(2) as i32
}

/// The (row, column) of each of `cells`.
fn points(grid: Grid, cells: &[u16]) -> Vec<Point> {
    cells.iter().map(|&cell| grid.coordinates(cell)).collect()
}

/// The cheapest matching of start cells to target cells (pair cost [`travel`]), with the
/// potentials that prove it optimal: `start[i] + target[j] <= travel(i, j)` for every pair,
/// with equality on the matched pairs, so that both sum to the cost.
#[derive(Clone, Debug)]
struct Matching {
    cost: i32,
    start: Vec<i32>,
    target: Vec<i32>,
}

impl Matching {
    /// The Hungarian algorithm with potentials, `O(pieces³)`.
    fn new(start: &[Point], target: &[Point]) -> Self {
        let n = start.len();
        let cost = |row: usize, col: usize| travel(start[row - 1], target[col - 1]);
        // Rows and columns count from 1; column 0 roots the alternating tree of each round.
        let mut row_potential = vec![0i32; n + 1];
        let mut col_potential = vec![0i32; n + 1];
        let mut row_of_col = vec![0usize; n + 1];
        let mut previous_col = vec![0usize; n + 1];
        let (mut slack, mut reached) = (vec![i32::MAX; n + 1], vec![false; n + 1]);
        for row in 1..=n {
            row_of_col[0] = row;
            let mut col = 0;
            slack.fill(i32::MAX);
            reached.fill(false);
            while row_of_col[col] != 0 {
                reached[col] = true;
                let current = row_of_col[col];
                let (mut delta, mut next_col) = (i32::MAX, 0);
                for j in (1..=n).filter(|&j| !reached[j]) {
                    let reduced = cost(current, j) - row_potential[current] - col_potential[j];
                    if reduced < slack[j] {
                        slack[j] = reduced;
                        previous_col[j] = col;
                    }
                    if slack[j] < delta {
                        (delta, next_col) = (slack[j], j);
                    }
                }
                for j in 0..=n {
                    if reached[j] {
                        row_potential[row_of_col[j]] += delta;
                        col_potential[j] -= delta;
                    } else {
                        slack[j] -= delta;
                    }
                }
                col = next_col;
            }
            // Augment: shift the matching along the path back to column 0.
            while col != 0 {
                let before = previous_col[col];
                row_of_col[col] = row_of_col[before];
                col = before;
            }
        }
        Self {
            cost: -col_potential[0],
            start: row_potential[1..].to_vec(),
            target: col_potential[1..].to_vec(),
        }
    }
}

/// A lower bound on the moves from `start` to `target` (same number of cells) on `grid`: the
/// cheapest matching of start cells to target cells, each pair costing `⌈d / 2⌉`.
pub fn lower_bound(grid: Grid, start: &[u16], target: &[u16]) -> u32 {
    debug_assert_eq!(start.len(), target.len());
    Matching::new(&points(grid, start), &points(grid, target)).cost as u32
}

/// The placements that can lie on a solution of at most `max_moves` moves from a start to a
/// target.
///
/// A bound on the moves between two placements that sums a weight over the pieces of one of them
/// can be checked move by move, at the cost of a few table reads. Two kinds are used, both from
/// the matching argument:
///
/// - nearest cell: a piece on `x` has made at least `⌈s(x) / 2⌉` moves since the start, `s(x)`
///   being the distance from `x` to the nearest start cell (likewise to the target);
/// - potentials: for any numbers `p_j` on the target cells, `Σ_x min_j (⌈d(x, t_j) / 2⌉ - p_j) +
///   Σ_j p_j` never exceeds the cheapest matching of a placement to the target (weak duality),
///   and with the potentials of the start's optimal matching it equals the start's bound.
///
/// A placement is kept when both "nearest to the start, potentials to the target" (exact at the
/// start) and "potentials from the start, nearest to the target" (exact at the target) are at
/// most `max_moves`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Corridor {
    /// Per cell, its weight in each of the two bounds.
    weights: Vec<Weight>,
    /// What the weights of a placement may add up to, per bound.
    budgets: Weight,
    /// The [`lower_bound`] from the start to the target.
    lower_bound: u32,
}

/// Weights under the two bounds of a [`Corridor`].
pub type Weight = [i32; 2];

impl Corridor {
    /// The corridor of solutions of at most `max_moves` moves from `start` to `target` cells.
    pub fn new(grid: Grid, start: &[u16], target: &[u16], max_moves: u32) -> Self {
        let (start_points, target_points) = (points(grid, start), points(grid, target));
        let matching = Matching::new(&start_points, &target_points);
        let near_start = nearest_distances(grid, start);
        let near_target = nearest_distances(grid, target);
        let cheapest = |points: &[Point], potentials: &[i32], x: Point| {
            points
                .iter()
                .zip(potentials)
                .map(|(&point, &potential)| travel(point, x) - potential)
                .min()
                .unwrap_or(0)
        };
        let mut weights = Vec::with_capacity(grid.cells());
        for row in 1..=grid.rows() {
            for col in 1..=grid.cols() {
                let cell = weights.len();
                let from_start = near_start[cell].div_ceil(2) as i32;
                let to_target = near_target[cell].div_ceil(2) as i32;
                weights.push([
                    from_start + cheapest(&target_points, &matching.target, (row, col)),
                    cheapest(&start_points, &matching.start, (row, col)) + to_target,
                ]);
            }
        }
        let max_moves = max_moves.min(i32::MAX as u32 / 4) as i32;
        let budgets = [
            max_moves - matching.target.iter().sum::<i32>(),
            max_moves - matching.start.iter().sum::<i32>(),
        ];
        Self {
            weights,
            budgets,
            lower_bound: matching.cost as u32,
        }
    }

    /// The [`lower_bound`] on the moves from the start to the target.
    pub fn lower_bound(&self) -> u32 {
        self.lower_bound
    }

    /// The weights of a placement: the sums of its cells' weights.
    #[inline]
    pub fn weight(&self, placement: &impl Placement) -> Weight {
        placement.pieces().fold([0, 0], |[a, b], cell| {
            let [x, y] = self.cell(cell);
            [a + x, b + y]
        })
    }

    /// Whether moving a piece from `from` to `to` in a placement of weights `weight` stays inside.
    #[inline]
    pub fn admits(&self, [a, b]: Weight, from: u16, to: u16) -> bool {
        let ([to_a, to_b], [from_a, from_b]) = (self.cell(to), self.cell(from));
        a + to_a - from_a <= self.budgets[0] && b + to_b - from_b <= self.budgets[1]
    }

    /// Whether a placement of weights `weight` is inside.
    pub fn contains(&self, [a, b]: Weight) -> bool {
        a <= self.budgets[0] && b <= self.budgets[1]
    }

    #[inline]
    fn cell(&self, cell: u16) -> Weight {
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
    use crate::solitaire::{Bitboard, random_cases};

    /// The cheapest matching by trying every permutation.
    fn brute_force(start: &[Point], target: &[Point]) -> i32 {
        fn best(start: &[Point], target: &mut Vec<Point>) -> i32 {
            let Some((&first, rest)) = start.split_first() else {
                return 0;
            };
            (0..target.len())
                .map(|j| {
                    let point = target.remove(j);
                    let cost = travel(first, point) + best(rest, target);
                    target.insert(j, point);
                    cost
                })
                .min()
                .unwrap()
        }
        best(start, &mut target.to_vec())
    }

    #[test]
    fn the_matching_is_cheapest_and_its_potentials_prove_it() {
        let grid = Grid::new(6, 9).unwrap();
        for pieces in 1..=6 {
            for case in random_cases(grid, pieces, 20, pieces as u64) {
                let (start, target) = (&case.start, &case.target);
                let (from, to) = (points(grid, start), points(grid, target));
                let matching = Matching::new(&from, &to);
                assert_eq!(matching.cost, brute_force(&from, &to), "{case:?}");
                let potentials: i32 =
                    matching.start.iter().sum::<i32>() + matching.target.iter().sum::<i32>();
                assert_eq!(potentials, matching.cost);
                for (i, &s) in from.iter().enumerate() {
                    for (j, &t) in to.iter().enumerate() {
                        assert!(matching.start[i] + matching.target[j] <= travel(s, t));
                    }
                }
            }
        }
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
    fn the_corridor_is_exact_at_both_ends() {
        let grid = Grid::judge();
        for case in random_cases(grid, 4, 20, 3) {
            let bound = lower_bound(grid, &case.start, &case.target) as i32;
            let corridor = Corridor::new(grid, &case.start, &case.target, 8);
            assert_eq!(corridor.lower_bound() as i32, bound);
            let start = corridor.weight(&Bitboard::from_cells(&case.start));
            let target = corridor.weight(&Bitboard::from_cells(&case.target));
            // The bound exact at the start is the first, the one exact at the target the second.
            assert_eq!(8 - corridor.budgets[0] + start[0], bound);
            assert_eq!(8 - corridor.budgets[1] + target[1], bound);
            assert_eq!(corridor.contains(start), bound <= 8);
            assert_eq!(corridor.contains(target), bound <= 8);
        }
    }

    #[test]
    fn judge_sample_bound() {
        // (4,4) (4,5) (5,4) (6,5) to (2,4) (3,3) (3,6) (4,6): the answer is 7 moves.
        let grid = Grid::judge();
        assert_eq!(lower_bound(grid, &[27, 28, 35, 44], &[11, 18, 21, 29]), 6);
        assert_eq!(lower_bound(grid, &[0, 63], &[0, 63]), 0);
        assert_eq!(lower_bound(grid, &[0], &[63]), 7);
        assert_eq!(lower_bound(grid, &[], &[]), 0);
    }
}
