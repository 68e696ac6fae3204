//! The engine against `pathfinding` (crates.io), on the same sliding-puzzle domain with the same
//! estimate:
//! - BFS over all 181,440 boards of one parity of the 3×3 puzzle;
//! - A* and IDA* with Manhattan distance on 100 random solvable 3×3 boards;
//! - A* and IDA* with Manhattan distance, and IDA* with linear conflicts, on ten 4×4 boards of
//!   40 to 50 moves.
//!
//! Ours: the engine's algorithms (BFS as one `Bfs` searcher with a bit per rank as its visited
//! set, each successor ranked from its parent's rank; A* as one `AStar` searcher kept across boards, with a
//! `FlatIndex` (open addressing; a hash map, and a dense array of node numbers, are slower here)
//! and the estimate updated move by move; in-place IDA* with the incremental estimate). Theirs:
//! `pathfinding::directed::{bfs, astar, idastar}` with successors in a `Vec` and the estimate
//! computed per node. Both use the same estimate values and must return the same lengths.
//! Each side counts its own expansions: `pathfinding`'s IDA* sorts successors by f and prunes
//! every cycle on the path, the engine only the move back, so their counts differ.
//!
//! Run with `cargo bench -p statespace-puzzles --bench sliding`.

use std::cell::Cell;
use std::hint::black_box;
use std::time::Duration;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use statespace_engine::astar::AStar;
use statespace_engine::bfs::Bfs;
use statespace_engine::idastar::idastar;
use statespace_engine::index::{DenseSet, FlatIndex};
use statespace_engine::{Domain, Heuristic, Limits, Outcome};
use statespace_puzzles::sliding::{
    Board, Estimate, Move, PackedBoard, PackedPuzzle, Shape, parse_boards, random_boards,
};

/// Boards from random walks whose optimal solutions have 40 to 50 moves (the length follows).
const INSTANCES: [(&str, usize); 10] = [
    ("1 6 3 5 9 10 4 0 7 2 11 13 14 8 12 15", 46),
    ("4 15 6 11 5 7 10 3 0 1 8 12 9 2 13 14", 42),
    ("7 15 5 14 1 2 11 3 13 8 0 10 6 12 9 4", 50),
    ("8 10 4 1 6 7 11 14 2 3 9 0 5 13 15 12", 43),
    ("15 11 4 12 1 0 8 10 2 3 6 7 5 13 9 14", 44),
    ("1 3 11 7 10 5 12 0 14 4 8 2 15 13 6 9", 44),
    ("10 5 8 1 4 6 9 11 14 2 0 7 13 12 15 3", 48),
    ("14 15 13 2 5 1 4 3 11 6 7 0 10 9 8 12", 45),
    ("5 2 0 1 15 14 6 10 12 7 9 3 13 4 8 11", 50),
    ("0 5 9 4 1 7 8 15 3 10 2 6 13 14 11 12", 40),
];

/// The successors of `board` as `pathfinding` wants them: (board, cost) pairs.
fn successors(puzzle: &PackedPuzzle, board: &PackedBoard) -> Vec<(PackedBoard, u32)> {
    let mut actions = Vec::with_capacity(4);
    puzzle.actions(board, &mut actions);
    actions
        .iter()
        .map(|&step| {
            let mut next = *board;
            puzzle.apply(&mut next, step);
            (next, 1)
        })
        .collect()
}

/// The length of a found solution.
fn length<A>(outcome: &Outcome<A>) -> usize {
    outcome.solution().expect("solvable").actions.len()
}

fn ours_idastar(puzzle: &PackedPuzzle, start: &PackedBoard, estimate: Estimate) -> (usize, u64) {
    let result = idastar(puzzle, start, &estimate, &Limits::none());
    (length(&result.outcome), result.stats.expanded)
}

fn theirs_idastar(puzzle: &PackedPuzzle, start: &PackedBoard, estimate: Estimate) -> (usize, u64) {
    let expanded = Cell::new(0u64);
    let (path, _) = pathfinding::directed::idastar::idastar(
        start,
        |board| {
            expanded.set(expanded.get() + 1);
            successors(puzzle, board)
        },
        |board| estimate.estimate(puzzle, board),
        |board| puzzle.is_goal(board),
    )
    .expect("solvable");
    (path.len() - 1, expanded.get())
}

/// The engine's A* searcher for sliding boards, kept from one search to the next.
type Searcher = AStar<PackedBoard, Move, FlatIndex<PackedBoard>>;

fn ours_astar(puzzle: &PackedPuzzle, start: &PackedBoard, searcher: &mut Searcher) -> (usize, u64) {
    let result = searcher.search_incremental(puzzle, start, &Estimate::Manhattan, &Limits::none());
    (length(&result.outcome), result.stats.expanded)
}

fn theirs_astar(puzzle: &PackedPuzzle, start: &PackedBoard) -> (usize, u64) {
    let expanded = Cell::new(0u64);
    let (path, _) = pathfinding::directed::astar::astar(
        start,
        |board| {
            expanded.set(expanded.get() + 1);
            successors(puzzle, board)
        },
        |board| Estimate::Manhattan.estimate(puzzle, board),
        |board| puzzle.is_goal(board),
    )
    .expect("solvable");
    (path.len() - 1, expanded.get())
}

fn configure(group: &mut BenchmarkGroup<'_, WallTime>) {
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
}

/// Breadth-first search over the whole half of the 3×3 space that cannot reach the goal.
fn bfs_3x3(c: &mut Criterion) {
    let puzzle = PackedPuzzle::new(Shape::new(3, 3).unwrap());
    let unsolvable = PackedBoard::from_tiles(&[2u8, 1, 3, 4, 5, 6, 7, 8, 0]);
    let mut searcher = Bfs::new(DenseSet::new(&puzzle));
    let ours = searcher.search(&puzzle, &unsolvable, &Limits::none());
    assert_eq!(ours.outcome, Outcome::Exhausted);
    assert_eq!(ours.stats.stored, 181_440);
    let mut group = c.benchmark_group("bfs 3x3, all 181,440 boards");
    configure(&mut group);
    group.throughput(Throughput::Elements(181_440));
    group.bench_function("statespace", |b| {
        b.iter(|| searcher.search(&puzzle, black_box(&unsolvable), &Limits::none()))
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            let found = pathfinding::directed::bfs::bfs(
                black_box(&unsolvable),
                |board| successors(&puzzle, board).into_iter().map(|(next, _)| next),
                |board| puzzle.is_goal(board),
            );
            assert!(found.is_none());
        })
    });
    group.finish();
}

/// A* and IDA* with Manhattan distance on 100 random solvable 3×3 boards, all in one iteration.
fn random_3x3(c: &mut Criterion) {
    let shape = Shape::new(3, 3).unwrap();
    let puzzle = PackedPuzzle::new(shape);
    let starts: Vec<PackedBoard> = random_boards(shape, 7, true)
        .take(100)
        .map(|board| PackedBoard::from_board(&board).unwrap())
        .collect();
    let mut searcher = Searcher::new(FlatIndex::default());
    for start in &starts {
        let expected = ours_astar(&puzzle, start, &mut searcher).0;
        assert_eq!(theirs_astar(&puzzle, start).0, expected);
        assert_eq!(
            ours_idastar(&puzzle, start, Estimate::Manhattan).0,
            expected
        );
        assert_eq!(
            theirs_idastar(&puzzle, start, Estimate::Manhattan).0,
            expected
        );
    }
    let mut group = c.benchmark_group("3x3, 100 random boards, manhattan");
    configure(&mut group);
    group.throughput(Throughput::Elements(starts.len() as u64));
    group.bench_function("astar/statespace", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|s| ours_astar(&puzzle, s, &mut searcher).0)
                .sum::<usize>()
        })
    });
    group.bench_function("astar/pathfinding", |b| {
        b.iter(|| {
            starts
                .iter()
                .map(|s| theirs_astar(&puzzle, s).0)
                .sum::<usize>()
        })
    });
    group.bench_function("idastar/statespace", |b| {
        b.iter(|| {
            let lengths = starts
                .iter()
                .map(|s| ours_idastar(&puzzle, s, Estimate::Manhattan).0);
            lengths.sum::<usize>()
        })
    });
    group.bench_function("idastar/pathfinding", |b| {
        b.iter(|| {
            let lengths = starts
                .iter()
                .map(|s| theirs_idastar(&puzzle, s, Estimate::Manhattan).0);
            lengths.sum::<usize>()
        })
    });
    group.finish();
}

fn boards_4x4() -> Vec<(PackedBoard, usize)> {
    let shape = Shape::new(4, 4).unwrap();
    INSTANCES
        .into_iter()
        .map(|(tiles, length)| {
            let board: Board = parse_boards(tiles, Some(shape)).next().unwrap().unwrap();
            (PackedBoard::from_board(&board).unwrap(), length)
        })
        .collect()
}

/// IDA* on each 4×4 board, with `estimate`, one benchmark per board and side.
fn idastar_4x4(c: &mut Criterion, estimate: Estimate, name: &str) {
    let puzzle = PackedPuzzle::new(Shape::new(4, 4).unwrap());
    let mut group = c.benchmark_group(format!("idastar 4x4 {name}"));
    configure(&mut group);
    for (index, (start, length)) in boards_4x4().into_iter().enumerate() {
        let (our_length, our_nodes) = ours_idastar(&puzzle, &start, estimate);
        let (their_length, their_nodes) = theirs_idastar(&puzzle, &start, estimate);
        assert_eq!(
            (our_length, their_length),
            (length, length),
            "board {index}"
        );
        eprintln!(
            "board {index}: {length} moves; expanded: statespace {our_nodes}, pathfinding {their_nodes}"
        );
        group.throughput(Throughput::Elements(our_nodes));
        group.bench_function(format!("statespace/{index}"), |b| {
            b.iter(|| ours_idastar(&puzzle, black_box(&start), estimate))
        });
        group.throughput(Throughput::Elements(their_nodes));
        group.bench_function(format!("pathfinding/{index}"), |b| {
            b.iter(|| theirs_idastar(&puzzle, black_box(&start), estimate))
        });
    }
    group.finish();
}

fn idastar_4x4_manhattan(c: &mut Criterion) {
    idastar_4x4(c, Estimate::Manhattan, "manhattan");
}

fn idastar_4x4_conflicts(c: &mut Criterion) {
    idastar_4x4(c, Estimate::LinearConflicts, "manhattan+conflicts");
}

/// A* with Manhattan distance on all ten 4×4 boards in one iteration.
fn astar_4x4(c: &mut Criterion) {
    let puzzle = PackedPuzzle::new(Shape::new(4, 4).unwrap());
    let boards = boards_4x4();
    let mut searcher = Searcher::new(FlatIndex::default());
    for (index, (start, length)) in boards.iter().enumerate() {
        let (ours, our_nodes) = ours_astar(&puzzle, start, &mut searcher);
        let (theirs, their_nodes) = theirs_astar(&puzzle, start);
        assert_eq!((ours, theirs), (*length, *length), "board {index}");
        eprintln!(
            "board {index}: {length} moves; A* expanded: statespace {our_nodes}, pathfinding {their_nodes}"
        );
    }
    let mut group = c.benchmark_group("astar 4x4 manhattan, ten boards");
    configure(&mut group);
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("statespace", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|(s, _)| ours_astar(&puzzle, s, &mut searcher).0)
                .sum::<usize>()
        })
    });
    group.bench_function("pathfinding", |b| {
        b.iter(|| {
            boards
                .iter()
                .map(|(s, _)| theirs_astar(&puzzle, s).0)
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    bfs_3x3,
    random_3x3,
    astar_4x4,
    idastar_4x4_manhattan,
    idastar_4x4_conflicts
);
criterion_main!(benches);
