//! Explorations against the engine's distance tables on small spaces, and published counts.

use statespace_engine::distance_table::distance_table;
use statespace_engine::space::RankedSpace;
use statespace_engine::{Domain, Limits, PerfectHash, Reversible};
use statespace_explore::{ExploreError, Options, explore, explore_sparse};

/// Sliding boards of `rows` x `cols` as permutations ranked in lexicographic order (Lehmer
/// code): an independent domain, the blank's moves in any order.
struct Tiles {
    rows: usize,
    cols: usize,
}

impl Tiles {
    fn cells(&self) -> usize {
        self.rows * self.cols
    }

    fn goal(&self) -> Vec<u8> {
        (1..self.cells() as u8).chain([0]).collect()
    }
}

impl Domain for Tiles {
    type State = Vec<u8>;
    /// The blank goes up, down, left or right: 0, 1, 2, 3.
    type Action = u8;
    fn actions(&self, state: &Vec<u8>, out: &mut Vec<u8>) {
        let blank = state.iter().position(|&tile| tile == 0).unwrap();
        let (row, col) = (blank / self.cols, blank % self.cols);
        let open = [row > 0, row + 1 < self.rows, col > 0, col + 1 < self.cols];
        out.extend((0..4).filter(|&step| open[usize::from(step)]));
    }
    fn apply(&self, state: &mut Vec<u8>, step: u8) {
        let blank = state.iter().position(|&tile| tile == 0).unwrap();
        let target = match step {
            0 => blank - self.cols,
            1 => blank + self.cols,
            2 => blank - 1,
            _ => blank + 1,
        };
        state.swap(blank, target);
    }
    fn invert(&self, step: u8) -> Option<u8> {
        Some(step ^ 1)
    }
    fn is_goal(&self, state: &Vec<u8>) -> bool {
        *state == self.goal()
    }
}
impl Reversible for Tiles {}

impl PerfectHash for Tiles {
    fn size(&self) -> u64 {
        (1..=self.cells() as u64).product()
    }
    fn rank(&self, state: &Vec<u8>) -> u64 {
        let n = state.len();
        (0..n).fold(0, |rank, i| {
            let smaller = state[i + 1..].iter().filter(|&&t| t < state[i]).count() as u64;
            rank * (n - i) as u64 + smaller
        })
    }
    fn unrank(&self, mut rank: u64) -> Vec<u8> {
        let n = self.cells();
        let mut digits = vec![0; n];
        for i in (0..n).rev() {
            let base = (n - i) as u64;
            digits[i] = (rank % base) as usize;
            rank /= base;
        }
        let mut left: Vec<u8> = (0..n as u8).collect();
        digits.iter().map(|&digit| left.remove(digit)).collect()
    }
}

#[test]
fn layers_equal_the_distance_tables_of_small_spaces() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)] {
        let tiles = Tiles { rows, cols };
        let goal = tiles.goal();
        let table = distance_table(&tiles, std::slice::from_ref(&goal), &Limits::none());
        let expected = table.table.unwrap().histogram();
        let exploration = explore(&tiles, &[tiles.rank(&goal)], &Options::default()).unwrap();
        assert_eq!(exploration.layers, expected, "{rows}x{cols}");
        assert!(exploration.complete);
        let antipodes = exploration.layers.last().copied().unwrap() as usize;
        assert_eq!(exploration.antipodes.len(), antipodes.min(10));
    }
}

#[test]
fn the_eight_puzzle_has_181440_boards_and_two_need_31_moves() {
    let tiles = Tiles { rows: 3, cols: 3 };
    let exploration = explore(&tiles, &[tiles.rank(&tiles.goal())], &Options::default()).unwrap();
    assert_eq!(exploration.total(), 181_440);
    assert_eq!(exploration.max_depth(), 31);
    let mut antipodes: Vec<Vec<u8>> = exploration
        .antipodes
        .iter()
        .map(|&r| tiles.unrank(r))
        .collect();
    antipodes.sort();
    assert_eq!(
        antipodes,
        [
            vec![6, 4, 7, 8, 5, 0, 3, 2, 1],
            vec![8, 6, 7, 2, 5, 4, 3, 0, 1]
        ]
    );
}

#[test]
fn a_depth_bound_stops_early_and_a_budget_refuses() {
    let tiles = Tiles { rows: 3, cols: 3 };
    let goals = [tiles.rank(&tiles.goal())];
    let bounded = Options {
        max_depth: Some(3),
        ..Options::default()
    };
    let exploration = explore(&tiles, &goals, &bounded).unwrap();
    assert_eq!(exploration.layers, [1, 2, 4, 8]);
    assert!(!exploration.complete);
    let tight = Options {
        max_memory: Some(1000),
        ..Options::default()
    };
    assert_eq!(
        explore(&tiles, &goals, &tight).unwrap_err(),
        ExploreError::TooLarge {
            ranks: 362_880,
            bytes: 90_810,
            budget: 1000
        }
    );
    assert!(matches!(
        explore(&tiles, &[tiles.ranks()], &Options::default()),
        Err(ExploreError::GoalOutside { .. })
    ));
}

#[test]
fn sparse_layers_equal_dense_ones() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)] {
        let tiles = Tiles { rows, cols };
        let goals = [tiles.rank(&tiles.goal())];
        let dense = explore(&tiles, &goals, &Options::default()).unwrap();
        let sparse = explore_sparse(&tiles, &goals, &Options::default()).unwrap();
        assert_eq!(sparse.layers, dense.layers, "{rows}x{cols}");
        assert_eq!(sparse.antipodes, dense.antipodes, "{rows}x{cols}");
        assert!(sparse.complete && !sparse.stopped_by_memory);
    }
}

#[test]
fn sparse_mode_stops_at_its_bounds_and_refuses_what_it_cannot_do() {
    let tiles = Tiles { rows: 3, cols: 3 };
    let goals = [tiles.rank(&tiles.goal())];
    let bounded = Options {
        max_depth: Some(3),
        ..Options::default()
    };
    assert_eq!(
        explore_sparse(&tiles, &goals, &bounded).unwrap().layers,
        [1, 2, 4, 8]
    );
    let tight = Options {
        max_memory: Some(10_000),
        ..Options::default()
    };
    let stopped = explore_sparse(&tiles, &goals, &tight).unwrap();
    assert!(stopped.stopped_by_memory && !stopped.complete);
    assert!(stopped.layers.len() < 31);
    struct OneWay(Tiles);
    impl RankedSpace for OneWay {
        fn ranks(&self) -> u64 {
            self.0.ranks()
        }
        fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
            self.0.predecessors(ranks, out);
        }
        fn reversible(&self) -> bool {
            false
        }
    }
    assert_eq!(
        explore_sparse(&OneWay(tiles), &goals, &Options::default()).unwrap_err(),
        ExploreError::NotReversible
    );
}
