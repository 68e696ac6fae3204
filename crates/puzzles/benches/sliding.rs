//! IDA* with Manhattan distance and linear conflicts on ten 4×4 boards of 40 to 50 moves:
//! the engine's in-place IDA* with the incremental estimate, against `pathfinding`'s `idastar`
//! with the same estimate computed from scratch. Throughput is in expanded nodes per second,
//! each side counting its own (their node counts differ: `pathfinding` orders successors by f
//! and prunes every cycle on the path, the engine only the move back).
//!
//! Run with `cargo bench -p statespace-puzzles --bench sliding`.

use std::cell::Cell;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use statespace_engine::idastar::idastar;
use statespace_engine::{Domain, Heuristic, Limits};
use statespace_puzzles::sliding::{
    Board, Estimate, PackedBoard, PackedPuzzle, Shape, parse_boards,
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

/// The engine's IDA*: the solution length and the nodes expanded.
fn ours(puzzle: &PackedPuzzle, start: &PackedBoard) -> (usize, u64) {
    let result = idastar(puzzle, start, &Estimate::LinearConflicts, &Limits::none());
    let moves = result.outcome.solution().expect("solvable").actions.len();
    (moves, result.stats.expanded)
}

/// `pathfinding`'s IDA* on the same domain and estimate: the solution length and the nodes
/// expanded (calls of the successor function).
fn theirs(puzzle: &PackedPuzzle, start: &PackedBoard) -> (usize, u64) {
    let expanded = Cell::new(0u64);
    let mut actions = Vec::with_capacity(4);
    let (path, _) = pathfinding::directed::idastar::idastar(
        start,
        |board| {
            expanded.set(expanded.get() + 1);
            actions.clear();
            puzzle.actions(board, &mut actions);
            actions
                .iter()
                .map(|&step| {
                    let mut next = *board;
                    puzzle.apply(&mut next, step);
                    (next, 1u32)
                })
                .collect::<Vec<_>>()
        },
        |board| Estimate::LinearConflicts.estimate(puzzle, board),
        |board| puzzle.is_goal(board),
    )
    .expect("solvable");
    (path.len() - 1, expanded.get())
}

fn idastar_4x4(c: &mut Criterion) {
    let shape = Shape::new(4, 4).unwrap();
    let puzzle = PackedPuzzle::new(shape);
    let mut group = c.benchmark_group("idastar 4x4 manhattan+conflicts");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (index, (tiles, length)) in INSTANCES.into_iter().enumerate() {
        let board: Board = parse_boards(tiles, Some(shape)).next().unwrap().unwrap();
        let start = PackedBoard::from_board(&board).unwrap();
        let (our_length, our_nodes) = ours(&puzzle, &start);
        let (their_length, their_nodes) = theirs(&puzzle, &start);
        assert_eq!((our_length, their_length), (length, length), "{tiles}");
        eprintln!(
            "instance {index}: {length} moves; expanded: statespace {our_nodes}, pathfinding {their_nodes}"
        );
        group.throughput(Throughput::Elements(our_nodes));
        group.bench_function(format!("statespace/{index}"), |b| {
            b.iter(|| ours(&puzzle, black_box(&start)))
        });
        group.throughput(Throughput::Elements(their_nodes));
        group.bench_function(format!("pathfinding/{index}"), |b| {
            b.iter(|| theirs(&puzzle, black_box(&start)))
        });
    }
    group.finish();
}

criterion_group!(benches, idastar_4x4);
criterion_main!(benches);
