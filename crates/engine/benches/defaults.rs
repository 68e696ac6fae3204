//! The engine's default searches against `pathfinding` (crates.io), through the public API
//! exactly as the README shows it (`bfs(&domain, &start, &Limits::none())`, `astar(..)` with a
//! closure as the estimate), on two domains a user writes in a few lines:
//! - Lights Out 4×4 (a `Domain` and a `PerfectHash`): a search from each of the 4,096 boards that
//!   can be switched off;
//! - a 1000×1000 random maze (a quarter of the cells walls, a fixed seed, four-connected), from
//!   one corner to the other.
//!
//! Theirs: `pathfinding::directed::{bfs::bfs, astar::astar}` with successors in a `Vec`, the
//! estimate the same closure. Each side's path lengths are asserted equal before timing. The
//! engine's `closures::bfs`, in `pathfinding`'s shape, runs beside them.
//!
//! Measured in CPU time (the process's, every search here running on one thread), which other
//! programs on the machine disturb less than the wall clock.
//!
//! Run with `cargo bench -p statespace-engine --bench defaults`.

use std::hint::black_box;
use std::time::Duration;

use cpu_time::ProcessTime;
use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, criterion_group, criterion_main};
use statespace_engine::astar::astar;
use statespace_engine::bfs::bfs;
use statespace_engine::{Domain, Limits, PerfectHash, closures};

/// Lights Out on 4×4 buttons, a bit per light: a press toggles its light and its neighbours'.
struct LightsOut;

const SIDE: usize = 4;

fn toggled(button: usize) -> u16 {
    let (row, column) = (button / SIDE, button % SIDE);
    let mut lights = 1 << button;
    if row > 0 {
        lights |= 1 << (button - SIDE);
    }
    if row + 1 < SIDE {
        lights |= 1 << (button + SIDE);
    }
    if column > 0 {
        lights |= 1 << (button - 1);
    }
    if column + 1 < SIDE {
        lights |= 1 << (button + 1);
    }
    lights
}

impl Domain for LightsOut {
    type State = u16;
    type Action = u8;
    fn actions(&self, _: &u16, out: &mut Vec<u8>) {
        out.extend(0..(SIDE * SIDE) as u8);
    }
    fn apply(&self, lights: &mut u16, button: u8) {
        *lights ^= toggled(usize::from(button));
    }
    fn invert(&self, button: u8) -> Option<u8> {
        Some(button)
    }
    fn is_goal(&self, lights: &u16) -> bool {
        *lights == 0
    }
}

impl PerfectHash for LightsOut {
    fn size(&self) -> u64 {
        1 << (SIDE * SIDE)
    }
    fn rank(&self, lights: &u16) -> u64 {
        u64::from(*lights)
    }
    fn unrank(&self, rank: u64) -> u16 {
        rank as u16
    }
}

/// The boards `pathfinding` is given: the same presses, as successors.
fn lights_successors(lights: &u16) -> Vec<u16> {
    (0..SIDE * SIDE)
        .map(|button| lights ^ toggled(button))
        .collect()
}

/// A press toggles five lights at most.
fn lit_over_five(lights: &u16) -> u32 {
    lights.count_ones().div_ceil(5)
}

/// The 4,096 boards that presses switch off: every sum of presses.
fn solvable_boards() -> Vec<u16> {
    let mut boards: Vec<u16> = (0..1u32 << (SIDE * SIDE))
        .map(|presses| {
            (0..SIDE * SIDE)
                .filter(|button| presses >> button & 1 == 1)
                .fold(0, |lights, button| lights ^ toggled(button))
        })
        .collect();
    boards.sort_unstable();
    boards.dedup();
    assert_eq!(boards.len(), 4_096);
    boards
}

/// A maze of `WIDTH` × `WIDTH` cells, `true` where a wall stands; four-connected.
struct Maze {
    walls: Vec<bool>,
}

const WIDTH: usize = 1000;

/// The seed of the maze, chosen so that the corners are joined.
const MAZE_SEED: u64 = 3;

impl Maze {
    /// A quarter of the cells walls, drawn by xorshift from `seed`; the corners left open.
    fn random(seed: u64) -> Self {
        let mut bits = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut walls: Vec<bool> = (0..WIDTH * WIDTH)
            .map(|_| {
                bits ^= bits << 13;
                bits ^= bits >> 7;
                bits ^= bits << 17;
                bits.is_multiple_of(4)
            })
            .collect();
        walls[0] = false;
        walls[WIDTH * WIDTH - 1] = false;
        Self { walls }
    }

    fn open(&self, (x, y): (usize, usize)) -> bool {
        !self.walls[y * WIDTH + x]
    }

    /// The open neighbours of a cell, for `pathfinding`.
    fn neighbours(&self, &(x, y): &(usize, usize)) -> Vec<(usize, usize)> {
        let mut out = Vec::with_capacity(4);
        for step in STEPS {
            if let Some(next) = moved((x, y), step)
                && self.open(next)
            {
                out.push(next);
            }
        }
        out
    }
}

const STEPS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

fn moved((x, y): (usize, usize), (dx, dy): (i8, i8)) -> Option<(usize, usize)> {
    let x = x
        .checked_add_signed(isize::from(dx))
        .filter(|&x| x < WIDTH)?;
    let y = y
        .checked_add_signed(isize::from(dy))
        .filter(|&y| y < WIDTH)?;
    Some((x, y))
}

const GOAL: (usize, usize) = (WIDTH - 1, WIDTH - 1);

impl Domain for Maze {
    type State = (usize, usize);
    type Action = (i8, i8);
    fn actions(&self, &cell: &(usize, usize), out: &mut Vec<(i8, i8)>) {
        for step in STEPS {
            if moved(cell, step).is_some_and(|next| self.open(next)) {
                out.push(step);
            }
        }
    }
    fn apply(&self, cell: &mut (usize, usize), step: (i8, i8)) {
        *cell = moved(*cell, step).expect("an applicable step");
    }
    fn invert(&self, (dx, dy): (i8, i8)) -> Option<(i8, i8)> {
        Some((-dx, -dy))
    }
    fn is_goal(&self, cell: &(usize, usize)) -> bool {
        *cell == GOAL
    }
}

fn manhattan(&(x, y): &(usize, usize)) -> u32 {
    (GOAL.0 - x + GOAL.1 - y) as u32
}

/// The process's CPU time, as criterion's measurement (shown as its wall time is).
struct CpuTime(WallTime);

impl Measurement for CpuTime {
    type Intermediate = ProcessTime;
    type Value = Duration;
    fn start(&self) -> ProcessTime {
        ProcessTime::now()
    }
    fn end(&self, started: ProcessTime) -> Duration {
        started.elapsed()
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, value: &Duration) -> f64 {
        value.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        self.0.formatter()
    }
}

fn lights_out(c: &mut Criterion<CpuTime>) {
    let boards = solvable_boards();
    let limits = Limits::none();
    let lengths: Vec<usize> = boards
        .iter()
        .map(|board| {
            let ours = bfs(&LightsOut, board, &limits);
            let ours = ours.outcome.solution().unwrap().actions.len();
            let theirs = pathfinding::directed::bfs::bfs(board, lights_successors, |l| *l == 0);
            assert_eq!(theirs.unwrap().len() - 1, ours);
            let by_astar = astar(&LightsOut, board, &lit_over_five, &limits);
            assert_eq!(by_astar.outcome.solution().unwrap().actions.len(), ours);
            ours
        })
        .collect();
    assert_eq!(lengths.iter().max(), Some(&7));
    let mut group = c.benchmark_group("lights out 4x4, 4096 boards");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("bfs/ours", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(bfs(&LightsOut, board, &limits));
            }
        })
    });
    group.bench_function("bfs/pathfinding", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(pathfinding::directed::bfs::bfs(
                    board,
                    lights_successors,
                    |l| *l == 0,
                ));
            }
        })
    });
    group.bench_function("bfs/closures", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(closures::bfs(board, lights_successors, |l| *l == 0));
            }
        })
    });
    group.bench_function("astar/ours", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(astar(&LightsOut, board, &lit_over_five, &limits));
            }
        })
    });
    group.bench_function("astar/pathfinding", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(pathfinding::directed::astar::astar(
                    board,
                    |l| lights_successors(l).into_iter().map(|next| (next, 1)),
                    lit_over_five,
                    |l| *l == 0,
                ));
            }
        })
    });
    group.finish();
}

fn maze(c: &mut Criterion<CpuTime>) {
    let maze = Maze::random(MAZE_SEED);
    let limits = Limits::none();
    let ours = bfs(&maze, &(0, 0), &limits);
    let length = ours
        .outcome
        .solution()
        .expect("the corners are joined")
        .cost;
    let theirs = pathfinding::directed::bfs::bfs(&(0, 0), |c| maze.neighbours(c), |c| *c == GOAL);
    assert_eq!(theirs.unwrap().len() as u64 - 1, length);
    let by_astar = astar(&maze, &(0, 0), &manhattan, &limits);
    assert_eq!(by_astar.outcome.solution().unwrap().cost, length);
    let mut group = c.benchmark_group("maze 1000x1000, corner to corner");
    group.sample_size(10).warm_up_time(Duration::from_secs(1));
    group.bench_function("bfs/ours", |b| {
        b.iter(|| black_box(bfs(&maze, &(0, 0), &limits)))
    });
    group.bench_function("bfs/pathfinding", |b| {
        b.iter(|| {
            black_box(pathfinding::directed::bfs::bfs(
                &(0, 0),
                |c| maze.neighbours(c),
                |c| *c == GOAL,
            ))
        })
    });
    group.bench_function("bfs/closures", |b| {
        b.iter(|| {
            black_box(closures::bfs(
                &(0, 0),
                |c| maze.neighbours(c),
                |c| *c == GOAL,
            ))
        })
    });
    group.bench_function("astar/ours", |b| {
        b.iter(|| black_box(astar(&maze, &(0, 0), &manhattan, &limits)))
    });
    group.bench_function("astar/pathfinding", |b| {
        b.iter(|| {
            black_box(pathfinding::directed::astar::astar(
                &(0, 0),
                |c| maze.neighbours(c).into_iter().map(|next| (next, 1)),
                manhattan,
                |c| *c == GOAL,
            ))
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime(WallTime));
    targets = lights_out, maze
}
criterion_main!(benches);
