//! Sliding puzzles against plain breadth-first search and exhaustive enumeration.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use proptest::prelude::*;
use statespace_engine::distance_table::distance_table;
use statespace_engine::{Domain, Heuristic, Limits, PerfectHash, StopReason};
use statespace_puzzles::sliding::{
    Algorithm, Answer, Board, Estimate, Move, Options, PackedBoard, PackedPuzzle, Shape,
    SlidingPuzzle, Solver, fast_solution, random_boards,
};

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).unwrap()
}

fn solver(algorithm: Algorithm) -> Solver {
    Solver::new(Options {
        algorithm,
        ..Options::default()
    })
}

/// One solver per algorithm for all the tests, so that each distance table is built once.
static SOLVERS: LazyLock<Mutex<HashMap<Algorithm, Solver>>> = LazyLock::new(Mutex::default);

/// The moves `algorithm` finds for `board`, checked to lead to the goal.
fn solve_and_replay(algorithm: Algorithm, board: &Board) -> Vec<Move> {
    let mut solvers = SOLVERS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let solver = solvers
        .entry(algorithm)
        .or_insert_with(|| solver(algorithm));
    let report = solver.solve(board, &Limits::none()).unwrap();
    let Answer::Solved(moves) = report.answer else {
        panic!("{board:?} is solvable, yet {:?}", report.answer);
    };
    let mut replay = board.clone();
    replay.play(&moves).expect("legal moves");
    assert!(replay.is_solved(), "{board:?}: {moves:?} does not solve it");
    moves
}

/// A board `steps` random moves away from the goal.
fn walk(shape: Shape, steps: usize, seed: u64) -> Board {
    let puzzle = SlidingPuzzle::<Board>::new(shape);
    let mut board = puzzle.goal().clone();
    let mut actions = Vec::new();
    let mut state = seed;
    for _ in 0..steps {
        actions.clear();
        puzzle.actions(&board, &mut actions);
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        puzzle.apply(&mut board, actions[(state >> 33) as usize % actions.len()]);
    }
    board
}

/// The algorithms that must give a shortest solution, besides breadth-first search.
const SHORTEST: [Algorithm; 7] = [
    Algorithm::Table,
    Algorithm::Bidirectional,
    Algorithm::Astar,
    Algorithm::Idastar,
    Algorithm::Mm,
    Algorithm::Nbs,
    Algorithm::Dvcbs,
];

#[test]
fn parity_agrees_with_exhaustive_search() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (1, 4), (4, 1), (2, 4), (3, 3)] {
        let shape = shape(rows, cols);
        let puzzle = PackedPuzzle::new(shape);
        let table = distance_table(&puzzle, &[*puzzle.goal()], &Limits::none())
            .table
            .unwrap();
        let mut reachable = 0;
        for rank in 0..puzzle.size() {
            let board = puzzle.unrank(rank).to_board(shape);
            let reached = table.distance(rank).is_some();
            assert_eq!(board.is_solvable(), reached, "{board:?}");
            reachable += u64::from(reached);
        }
        let expected = if rows == 1 || cols == 1 {
            (rows * cols) as u64
        } else {
            puzzle.size() / 2
        };
        assert_eq!(reachable, expected, "{shape}");
    }
}

#[test]
fn estimates_never_exceed_the_true_distance() {
    for (rows, cols) in [(3, 3), (2, 4), (4, 2)] {
        let shape = shape(rows, cols);
        let puzzle = PackedPuzzle::new(shape);
        let table = distance_table(&puzzle, &[*puzzle.goal()], &Limits::none())
            .table
            .unwrap();
        for rank in 0..puzzle.size() {
            if let Some(distance) = table.distance(rank) {
                let board = puzzle.unrank(rank);
                let estimate = Estimate::LinearConflicts.estimate(&puzzle, &board);
                assert!(estimate <= u32::from(distance), "{board:?}");
                assert_eq!(estimate % 2, u32::from(distance) % 2, "{board:?}");
            }
        }
    }
}

#[test]
fn the_eight_puzzle_has_181440_boards_at_most_31_moves_away() {
    let mut solver = solver(Algorithm::Table);
    let board = Board::new(shape(3, 3), vec![8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap();
    let report = solver.solve(&board, &Limits::none()).unwrap();
    let build = report
        .table_built
        .expect("the first board builds the table");
    assert_eq!(build.stored, 181_440);
    assert_eq!(build.layers.len(), 32);
    assert!(matches!(report.answer, Answer::Solved(moves) if moves.len() == 31));
}

#[test]
fn unsolvable_boards_are_answered_without_search() {
    let swapped = [2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];
    let board = Board::new(shape(4, 4), swapped.to_vec()).unwrap();
    for algorithm in [Algorithm::Auto, Algorithm::Idastar, Algorithm::Fast] {
        let report = solver(algorithm).solve(&board, &Limits::none()).unwrap();
        assert_eq!(report.answer, Answer::Unsolvable);
        assert_eq!(report.stats.expanded, 0);
    }
}

#[test]
fn the_table_refuses_large_boards() {
    let board = Board::solved(shape(3, 4));
    assert!(
        solver(Algorithm::Table)
            .solve(&board, &Limits::none())
            .is_err()
    );
}

#[test]
fn limits_stop_searches_and_say_so() {
    let board = walk(shape(4, 4), 60, 9);
    let mut solver = solver(Algorithm::Idastar);
    let report = solver
        .solve(&board, &Limits::none().max_expanded(10))
        .unwrap();
    assert_eq!(
        report.answer,
        Answer::Stopped(statespace_engine::StopReason::NodeLimit)
    );
}

#[test]
fn packed_and_large_boards_search_alike() {
    // The same 3x4 board through the packed domain and the any-size one.
    let board = walk(shape(3, 4), 30, 5);
    let packed = PackedPuzzle::new(board.shape());
    let large = SlidingPuzzle::<Board>::new(board.shape());
    let start = PackedBoard::from_board(&board).unwrap();
    let limits = Limits::none();
    let a =
        statespace_engine::idastar::idastar(&packed, &start, &Estimate::LinearConflicts, &limits);
    let b =
        statespace_engine::idastar::idastar(&large, &board, &Estimate::LinearConflicts, &limits);
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(a.stats.expanded, b.stats.expanded);
}

/// The fast method's moves for `board`, which must be solvable, without limits.
fn fast_moves(board: &Board) -> Vec<Move> {
    let (moves, _) = fast_solution(board, &Limits::none()).expect("a solvable board");
    moves.expect("no limit to stop it")
}

#[test]
fn the_fast_method_honours_every_limit() {
    let board = random_boards(shape(40, 40), 7, true).next().unwrap();
    let moves = fast_moves(&board).len() as u64;
    let stopped = |limits: Limits| fast_solution(&board, &limits).unwrap().0.unwrap_err();
    assert_eq!(
        stopped(Limits::none().max_expanded(moves / 2)),
        StopReason::NodeLimit
    );
    assert_eq!(
        stopped(Limits::none().max_memory(moves)),
        StopReason::MemoryLimit
    );
    assert_eq!(
        stopped(Limits::none().time_limit(Duration::ZERO)),
        StopReason::TimeLimit
    );
    let (enough, stats) = fast_solution(&board, &Limits::none().max_expanded(10 * moves)).unwrap();
    assert_eq!(enough.unwrap().len() as u64, moves);
    assert!(
        stats.expanded >= moves && stats.expanded < 2 * moves,
        "{stats:?}"
    );
}

#[test]
fn fast_solves_large_boards() {
    for (rows, cols, seed) in [(30, 30, 1), (9, 17, 2), (2, 25, 3), (25, 2, 4), (1, 30, 5)] {
        let board = random_boards(shape(rows, cols), seed, true).next().unwrap();
        let moves = fast_moves(&board);
        let mut replay = board.clone();
        replay.play(&moves).unwrap();
        assert!(replay.is_solved(), "{rows}x{cols}");
    }
}

/// Every shortest algorithm answers `board` as long as BFS does; table and IDA* with BFS's moves.
fn assert_every_algorithm_shortest(board: &Board) -> Result<(), TestCaseError> {
    let bfs = solve_and_replay(Algorithm::Bfs, board);
    for algorithm in SHORTEST {
        let moves = solve_and_replay(algorithm, board);
        prop_assert_eq!(moves.len(), bfs.len(), "{:?}", algorithm);
        if matches!(algorithm, Algorithm::Table | Algorithm::Idastar) {
            prop_assert_eq!(&moves, &bfs, "{:?}", algorithm);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn every_algorithm_is_shortest_on_the_eight_puzzle(seed in any::<u64>()) {
        let board = random_boards(shape(3, 3), seed, true).next().unwrap();
        assert_every_algorithm_shortest(&board)?;
    }

    #[test]
    fn every_algorithm_is_shortest_on_small_boards(
        (rows, cols) in prop_oneof![Just((2, 2)), Just((2, 3)), Just((3, 2)), Just((2, 4)), Just((4, 2))],
        seed in any::<u64>(),
    ) {
        let board = random_boards(shape(rows, cols), seed, true).next().unwrap();
        assert_every_algorithm_shortest(&board)?;
    }

    #[test]
    fn searches_are_shortest_on_large_boards_near_the_goal(
        (rows, cols) in prop_oneof![Just((4, 4)), Just((3, 5)), Just((5, 5)), Just((4, 6))],
        steps in 0..16usize,
        seed in any::<u64>(),
    ) {
        let board = walk(shape(rows, cols), steps, seed);
        let bfs = solve_and_replay(Algorithm::Bfs, &board);
        let others = [
            Algorithm::Bidirectional,
            Algorithm::Astar,
            Algorithm::Mm,
            Algorithm::Nbs,
            Algorithm::Dvcbs,
        ];
        for algorithm in others {
            let moves = solve_and_replay(algorithm, &board);
            prop_assert_eq!(moves.len(), bfs.len(), "{:?}", algorithm);
        }
        prop_assert_eq!(solve_and_replay(Algorithm::Idastar, &board), bfs.clone());
        let fast = fast_moves(&board);
        prop_assert!(fast.len() >= bfs.len());
    }

    #[test]
    fn fast_solves_every_shape(rows in 1..9usize, cols in 1..9usize, seed in any::<u64>()) {
        let board = random_boards(shape(rows, cols), seed, false).next().unwrap();
        match fast_solution(&board, &Limits::none()) {
            Some((moves, _)) => {
                let moves = moves.unwrap();
                let mut replay = board.clone();
                replay.play(&moves).unwrap();
                prop_assert!(replay.is_solved());
            }
            None => prop_assert!(!board.is_solvable()),
        }
    }
}

/// Two of Korf's 15-puzzles (5 and 6, turned about to end blank last), whose iterations pass a
/// million nodes: on two threads IDA* splits them and still answers as on one.
#[test]
fn idastar_on_two_threads_gives_the_same_answers() {
    let boards = [
        [0, 8, 14, 15, 1, 10, 11, 5, 4, 7, 13, 6, 3, 2, 9, 12],
        [3, 12, 0, 6, 11, 14, 5, 8, 1, 10, 13, 4, 7, 15, 9, 2],
    ];
    let mut two_threads = Solver::new(Options {
        algorithm: Algorithm::Idastar,
        threads: 2,
        ..Options::default()
    });
    for (tiles, length) in boards.into_iter().zip([56, 52]) {
        let board = Board::new(shape(4, 4), tiles.to_vec()).unwrap();
        let one = solve_and_replay(Algorithm::Idastar, &board);
        assert_eq!(one.len(), length);
        let two = two_threads.solve(&board, &Limits::none()).unwrap();
        assert_eq!(two.answer, Answer::Solved(one));
        assert!(
            two.stats
                .layers
                .iter()
                .any(|layer| layer.generated > 1 << 20)
        );
    }
}
