//! Random queries, half of them reachable by construction.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::grid::Grid;
use super::parse::Case;
use super::placement::{CellList, Placement};

/// The longest random walk a generated target is made by: past the judges' 8 moves, so that
/// some walked targets still need more than 8.
const LONGEST_WALK: usize = 12;

/// `count` random cases of `pieces` pieces on `grid`, the same for the same `seed`. Every start
/// is uniformly random; the targets of even-numbered cases (counting from 1) are a random walk of
/// 1 to 12 moves away from it, the others uniformly random too (and mostly out of reach).
///
/// # Panics
/// If `pieces` exceeds the cells of `grid`.
pub fn random_cases(grid: Grid, pieces: usize, count: usize, seed: u64) -> Vec<Case> {
    assert!(pieces <= grid.cells(), "more pieces than cells");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|index| {
            let start = random_cells(grid, pieces, &mut rng);
            let target = if index % 2 == 1 {
                let steps = rng.random_range(1..=LONGEST_WALK);
                random_walk(grid, &start, steps, &mut rng)
            } else {
                random_cells(grid, pieces, &mut rng)
            };
            Case { start, target }
        })
        .collect()
}

fn random_cells(grid: Grid, pieces: usize, rng: &mut impl Rng) -> Vec<u16> {
    let mut cells: Vec<u16> = rand::seq::index::sample(rng, grid.cells(), pieces)
        .into_iter()
        .map(|cell| cell as u16)
        .collect();
    cells.sort_unstable();
    cells
}

/// Where `steps` random moves take the pieces from `start` (fewer if they get stuck).
fn random_walk(grid: Grid, start: &[u16], steps: usize, rng: &mut impl Rng) -> Vec<u16> {
    let mut placement = CellList::from_cells(start);
    let mut moves = Vec::new();
    for _ in 0..steps {
        moves.clear();
        grid.moves(&placement, &mut moves, |_| true);
        let Some(step) = moves.choose(rng) else {
            break;
        };
        placement.relocate(step.from, step.to);
    }
    placement.pieces().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_valid_and_reproducible() {
        let grid = Grid::new(5, 7).unwrap();
        let cases = random_cases(grid, 6, 50, 3);
        assert_eq!(cases, random_cases(grid, 6, 50, 3));
        assert_ne!(cases, random_cases(grid, 6, 50, 4));
        for case in &cases {
            for cells in [&case.start, &case.target] {
                assert_eq!(cells.len(), 6);
                assert!(cells.windows(2).all(|pair| pair[0] < pair[1]));
                assert!(cells.iter().all(|&cell| usize::from(cell) < grid.cells()));
            }
        }
    }

    #[test]
    fn a_full_board_walks_nowhere() {
        let grid = Grid::new(2, 2).unwrap();
        let cases = random_cases(grid, 4, 2, 1);
        assert_eq!(cases[1].start, cases[1].target);
    }
}
