//! What a whole-space search pays per board of 2×7, away from its two-bit array: the neighbours'
//! ranks of a wide layer's ranks (`SolvableSpace::predecessors`), each order unranked from the
//! last. The ranks are one in 25 of a stretch, as in the widest layers (1.86 G of 43.6 G). Row by
//! row, a move up or down carries a tile over six others; on the board transposed (7×2, which the
//! explorer walks for 2×7), a move left or right carries one over one.
//!
//! Run with `cargo bench -p statespace-puzzles --bench space`.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use statespace_engine::space::RankedSpace;
use statespace_puzzles::sliding::{Board, PackedBoard, Shape, SolvableBoards, SolvableSpace};

/// Ranks of a layer as wide as the widest: spread by a fixed pseudo-random step averaging 25.
fn layer(first: u64, count: usize) -> Vec<u64> {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut rank = first;
    (0..count)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            rank += 1 + state % 49;
            rank
        })
        .collect()
}

fn neighbours_2x7(c: &mut Criterion) {
    let mut group = c.benchmark_group("2x7 neighbours of a wide layer");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (rows, cols) in [(2, 7), (7, 2)] {
        let shape = Shape::new(rows, cols).unwrap();
        let goal = PackedBoard::from_board(&Board::solved(shape)).unwrap();
        let space = SolvableSpace(SolvableBoards::new(shape, &goal));
        let ranks = layer(space.ranks() / 3, 100_000);
        let mut out = Vec::with_capacity(4 * ranks.len());
        group.throughput(Throughput::Elements(ranks.len() as u64));
        group.bench_function(format!("{shape}"), |b| {
            b.iter(|| {
                out.clear();
                space.predecessors(black_box(&ranks), &mut out);
                out.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, neighbours_2x7);
criterion_main!(benches);
