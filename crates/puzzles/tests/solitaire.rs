//! Solitaire against plain BFS: the bidirectional search with its lower bound and corridor must
//! give the same answers and distances as the engine's BFS on the whole space.

use proptest::prelude::*;
use statespace_engine::bfs::bfs;
use statespace_engine::{Limits, Outcome};
use statespace_puzzles::puzzle::CaseLimits;
use statespace_puzzles::solitaire::{
    Algorithm, Answer, Bitboard, Case, CellList, Corridor, Grid, Move, Placement, Pool, Settings,
    Solitaire, Solver, lower_bound, random_cases,
};

/// The fewest moves by the engine's plain BFS on every move, or `None` past `max_moves`.
fn bfs_distance<P: Placement>(grid: Grid, case: &Case, max_moves: u32) -> Option<usize> {
    let domain = Solitaire::new(grid, P::from_cells(&case.target));
    let result = bfs(
        &domain,
        &P::from_cells(&case.start),
        &Limits::none().max_depth(max_moves),
    );
    result
        .outcome
        .solution()
        .map(|solution| solution.actions.len())
}

fn distance(answer: &Answer) -> Option<usize> {
    answer
        .result
        .outcome
        .solution()
        .map(|solution| solution.actions.len())
}

/// Plays `moves` from the start, each one a legal move of the placement it is made in.
fn replay(grid: Grid, case: &Case, moves: &[Move]) -> Vec<u16> {
    let mut placement = CellList::from_cells(&case.start);
    let mut legal = Vec::new();
    for &step in moves {
        legal.clear();
        grid.moves(&placement, &mut legal, |_| true);
        assert!(legal.contains(&step), "{step:?} is not a legal move");
        placement.relocate(step.from, step.to);
    }
    placement.pieces().collect()
}

/// Checks the default solver on `cases` against plain BFS: same distance, a solution that
/// replays to the target, a lower bound that never overestimates.
fn check_against_bfs<P: Placement>(grid: Grid, cases: &[Case], max_moves: u32) {
    let settings = Settings {
        max_moves,
        algorithm: Algorithm::Bidirectional,
    };
    let mut solver = Solver::new(grid, settings);
    for case in cases {
        let answer = solver.solve(case, &Limits::none());
        let expected = bfs_distance::<P>(grid, case, max_moves);
        assert_eq!(distance(&answer), expected, "{case:?}");
        if let Some(solution) = answer.result.outcome.solution() {
            assert_eq!(replay(grid, case, &solution.actions), case.target);
            assert!(answer.lower_bound as usize <= solution.actions.len());
        } else {
            assert_eq!(
                answer.result.outcome,
                Outcome::Stopped(statespace_engine::StopReason::DepthLimit)
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn bidirectional_equals_bfs_on_small_boards(
        rows in 1usize..=5,
        cols in 2usize..=5,
        pieces in 1usize..=5,
        max_moves in 0u32..=7,
        seed in any::<u64>(),
    ) {
        let grid = Grid::new(rows, cols).unwrap();
        let pieces = pieces.min(grid.cells());
        let cases = random_cases(grid, pieces, 4, seed);
        check_against_bfs::<Bitboard>(grid, &cases, max_moves);
    }

    #[test]
    fn the_corridor_holds_both_ends_when_the_bound_allows(
        seed in any::<u64>(),
        pieces in 1usize..=6,
        max_moves in 0u32..=12,
    ) {
        let grid = Grid::new(6, 7).unwrap();
        for case in random_cases(grid, pieces, 4, seed) {
            let corridor = Corridor::new(grid, &case.start, &case.target, max_moves);
            let within = lower_bound(grid, &case.start, &case.target) <= max_moves;
            for cells in [&case.start, &case.target] {
                let weight = corridor.weight(&Bitboard::from_cells(cells));
                prop_assert_eq!(corridor.contains(weight), within);
            }
        }
    }
}

#[test]
fn judges_board_matches_bfs_within_eight_moves() {
    let grid = Grid::judge();
    check_against_bfs::<Bitboard>(grid, &random_cases(grid, 4, 24, 2024), 8);
}

#[test]
fn boards_beyond_64_cells_match_bfs() {
    let grid = Grid::new(9, 10).unwrap();
    check_against_bfs::<CellList>(grid, &random_cases(grid, 3, 16, 7), 6);
}

#[test]
fn plain_bfs_solver_gives_the_same_distances() {
    let grid = Grid::judge();
    let cases = random_cases(grid, 4, 12, 99);
    let mut bidirectional = Solver::new(grid, Settings::default());
    let mut plain = Solver::new(
        grid,
        Settings {
            algorithm: Algorithm::Bfs,
            ..Settings::default()
        },
    );
    for case in &cases {
        assert_eq!(
            distance(&bidirectional.solve(case, &Limits::none())),
            distance(&plain.solve(case, &Limits::none())),
            "{case:?}"
        );
    }
}

#[test]
fn judge_sample_takes_seven_moves() {
    let grid = Grid::judge();
    let case = Case {
        start: vec![27, 28, 35, 44],
        target: vec![11, 18, 21, 29],
    };
    let answer = Solver::new(grid, Settings::default()).solve(&case, &Limits::none());
    assert_eq!(distance(&answer), Some(7));
    let tighter = Settings {
        max_moves: 6,
        ..Settings::default()
    };
    assert_eq!(
        distance(&Solver::new(grid, tighter).solve(&case, &Limits::none())),
        None
    );
}

#[test]
fn pool_answers_in_input_order_on_any_number_of_threads() {
    let grid = Grid::judge();
    let cases = random_cases(grid, 4, 40, 5);
    let mut solver = Solver::new(grid, Settings::default());
    let expected: Vec<Option<usize>> = cases
        .iter()
        .map(|c| distance(&solver.solve(c, &Limits::none())))
        .collect();
    for threads in [1, 2, 3] {
        let mut pool = Pool::new(grid, Settings::default(), threads);
        let answered: Vec<Option<usize>> = pool
            .solve_all(&cases, &CaseLimits::default())
            .iter()
            .map(distance)
            .collect();
        assert_eq!(answered, expected, "{threads} threads");
    }
}
