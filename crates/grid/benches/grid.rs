//! The engine against `pathfinding` (crates.io) on grids, both sides on the same maps in one run:
//! - `algos`: the shapes of `pathfinding`'s own `benches/algos.rs`: an open 65 × 65 grid,
//!   four-connected, unit costs, corner to corner, and a search with no goal that visits the
//!   whole grid;
//! - `maze`: a 1000 × 1000 random maze (25% walls, four-connected), corner to corner, with unit
//!   costs and with cell costs from 1 to 9 (the cost of entering a cell);
//! - `arena`: the Moving AI benchmark's arena map and its 130 scenarios, eight-connected, octile
//!   lengths.
//!
//! Ours twice: the closure API (`closures::{astar, bfs, dijkstra, idastar}`, the same closures as theirs)
//! and the trait API (a small domain of the bench's, or the grid crate's `GridSearcher` on the
//! `Grid` domain, with a dense visited index of the cells). Every pair of searches is checked to find the same cost
//! before it is timed.
//!
//! Run with `cargo bench -p statespace-grid --bench grid`.

mod common;

use std::cell::RefCell;
use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::astar::AStar;
use statespace_engine::bfs::{Bfs, bfs};
use statespace_engine::closures;
use statespace_engine::idastar::idastar;
use statespace_engine::index::{DenseIndex, DenseSet};
use statespace_engine::{Domain, Limits, OrderedFloat, PerfectHash};
use statespace_grid::{Algorithm, Connectivity, GridSearcher, Map, parse};

/// A point of a grid, as `pathfinding`'s benchmark has it.
type Point = (u16, u16);

/// A four-connected grid of `side` × `side` cells; `cost[cell]` is the cost of entering it, 0
/// for a wall.
struct Maze {
    side: u16,
    cost: Vec<u8>,
    /// Whether the far corner is a goal (a search without one visits every reachable cell).
    goal: bool,
}

impl Maze {
    /// An open grid of unit costs.
    fn open(side: u16) -> Self {
        Self {
            side,
            cost: vec![1; usize::from(side) * usize::from(side)],
            goal: true,
        }
    }

    /// A random maze: each cell a wall with probability `walls`, else of a cost from 1 to
    /// `most`; the corners open.
    fn random(side: u16, walls: f64, most: u8, seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cost: Vec<u8> = (0..usize::from(side) * usize::from(side))
            .map(|_| {
                if rng.random_bool(walls) {
                    0
                } else {
                    rng.random_range(1..=most)
                }
            })
            .collect();
        let last = cost.len() - 1;
        cost[0] = 1;
        cost[last] = 1;
        Self {
            side,
            cost,
            goal: true,
        }
    }

    fn cell(&self, (x, y): Point) -> usize {
        usize::from(y) * usize::from(self.side) + usize::from(x)
    }

    /// The open neighbours of `point`, with the cost of entering each.
    fn neighbours(&self, &(x, y): &Point) -> Vec<(Point, u32)> {
        let mut out = Vec::with_capacity(4);
        let side = self.side;
        let mut try_push = |point: Point| {
            let cost = self.cost[self.cell(point)];
            if cost > 0 {
                out.push((point, u32::from(cost)));
            }
        };
        if x > 0 {
            try_push((x - 1, y));
        }
        if x + 1 < side {
            try_push((x + 1, y));
        }
        if y > 0 {
            try_push((x, y - 1));
        }
        if y + 1 < side {
            try_push((x, y + 1));
        }
        out
    }

    fn corner(&self) -> Point {
        (self.side - 1, self.side - 1)
    }

    fn manhattan(&self, &(x, y): &Point) -> u32 {
        u32::from(self.side - 1 - x) + u32::from(self.side - 1 - y)
    }
}

/// The maze as an engine domain: a point's actions are steps to its open neighbours, (from, to).
impl Domain for Maze {
    type State = u32;
    type Action = (u32, u32);
    fn actions(&self, &cell: &u32, out: &mut Vec<(u32, u32)>) {
        let side = u32::from(self.side);
        let (x, y) = (cell % side, cell / side);
        let mut try_push = |next: u32| {
            if self.cost[next as usize] > 0 {
                out.push((cell, next));
            }
        };
        if x > 0 {
            try_push(cell - 1);
        }
        if x + 1 < side {
            try_push(cell + 1);
        }
        if y > 0 {
            try_push(cell - side);
        }
        if y + 1 < side {
            try_push(cell + side);
        }
    }
    fn apply(&self, cell: &mut u32, (_, next): (u32, u32)) {
        *cell = next;
    }
    fn invert(&self, (from, to): (u32, u32)) -> Option<(u32, u32)> {
        Some((to, from))
    }
    fn is_goal(&self, &cell: &u32) -> bool {
        self.goal && cell as usize == self.cost.len() - 1
    }
    fn cost(&self, _: &u32, (_, next): (u32, u32)) -> u32 {
        u32::from(self.cost[next as usize])
    }
}

impl PerfectHash for Maze {
    fn size(&self) -> u64 {
        self.cost.len() as u64
    }
    fn rank(&self, &cell: &u32) -> u64 {
        u64::from(cell)
    }
    fn unrank(&self, rank: u64) -> u32 {
        rank as u32
    }
}

impl Maze {
    fn trait_manhattan(&self, &cell: &u32) -> u32 {
        let side = u32::from(self.side);
        (side - 1 - cell % side) + (side - 1 - cell / side)
    }
}

/// The searches on `maze` from its first corner to the last, ours (closures, traits) and theirs:
/// A* and Dijkstra, BFS when costs are `unit`, IDA* when `deepening` (on open grids: in a maze
/// its iterations would be countless).
fn maze_group(c: &mut Criterion, name: &str, maze: &Maze, unit: bool, deepening: bool) {
    let start: Point = (0, 0);
    let goal = maze.corner();
    let successors = |point: &Point| maze.neighbours(point);
    let neighbours = |point: &Point| maze.neighbours(point).into_iter().map(|(next, _)| next);
    let success = |point: &Point| *point == goal;
    let heuristic = |point: &Point| maze.manhattan(point);
    let limits = Limits::none();
    let mut searcher = AStar::new(DenseIndex::new(maze));
    let mut breadth_first = Bfs::new(DenseSet::new(maze));
    let trait_astar = |searcher: &mut AStar<u32, (u32, u32), DenseIndex<&Maze>>| {
        let estimate = |cell: &u32| maze.trait_manhattan(cell);
        let result = searcher.search(maze, &0, &estimate, &limits);
        result.outcome.solution().map(|solution| solution.cost)
    };
    let trait_dijkstra = |searcher: &mut AStar<u32, (u32, u32), DenseIndex<&Maze>>| {
        let result = searcher.search(maze, &0, &|_: &u32| 0, &limits);
        result.outcome.solution().map(|solution| solution.cost)
    };
    // The same costs on every side before timing.
    let theirs = pathfinding::directed::astar::astar(&start, successors, heuristic, success)
        .map(|(_, cost)| u64::from(cost));
    assert!(theirs.is_some(), "{name}: the corners must connect");
    let ours = closures::astar(&start, successors, heuristic, success).map(|(_, c)| u64::from(c));
    assert_eq!(ours, theirs);
    assert_eq!(trait_astar(&mut searcher), theirs);
    assert_eq!(trait_dijkstra(&mut searcher), theirs);
    let mut group = c.benchmark_group(name);
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(4));
    group.bench_function("astar/pathfinding", |b| {
        b.iter(|| pathfinding::directed::astar::astar(&start, successors, heuristic, success))
    });
    group.bench_function("astar/closures", |b| {
        b.iter(|| closures::astar(&start, successors, heuristic, success))
    });
    group.bench_function("astar/traits", |b| b.iter(|| trait_astar(&mut searcher)));
    group.bench_function("dijkstra/pathfinding", |b| {
        b.iter(|| pathfinding::directed::dijkstra::dijkstra(&start, successors, success))
    });
    group.bench_function("dijkstra/closures", |b| {
        b.iter(|| closures::dijkstra(&start, successors, success))
    });
    group.bench_function("dijkstra/traits", |b| {
        b.iter(|| trait_dijkstra(&mut searcher))
    });
    if deepening {
        let estimate = |cell: &u32| maze.trait_manhattan(cell);
        let trait_idastar = || {
            idastar(maze, &0, &estimate, &limits)
                .outcome
                .solution()
                .map(|s| s.cost)
        };
        let theirs =
            pathfinding::directed::idastar::idastar(&start, successors, heuristic, success)
                .map(|(_, cost)| u64::from(cost));
        let ours = closures::idastar(&start, successors, heuristic, success);
        assert_eq!(ours.map(|(_, cost)| u64::from(cost)), theirs);
        assert_eq!(trait_idastar(), theirs);
        group.bench_function("idastar/pathfinding", |b| {
            b.iter(|| {
                pathfinding::directed::idastar::idastar(&start, successors, heuristic, success)
            })
        });
        group.bench_function("idastar/closures", |b| {
            b.iter(|| closures::idastar(&start, successors, heuristic, success))
        });
        group.bench_function("idastar/traits", |b| b.iter(trait_idastar));
    }
    if unit {
        let theirs = pathfinding::directed::bfs::bfs(&start, neighbours, success).map(|p| p.len());
        assert_eq!(
            closures::bfs(&start, neighbours, success).map(|p| p.len()),
            theirs
        );
        group.bench_function("bfs/pathfinding", |b| {
            b.iter(|| pathfinding::directed::bfs::bfs(&start, neighbours, success))
        });
        group.bench_function("bfs/closures", |b| {
            b.iter(|| closures::bfs(&start, neighbours, success))
        });
        group.bench_function("bfs/floor", |b| {
            b.iter(|| bfs_order(&start, neighbours, success))
        });
        let order = bfs_order(&start, neighbours, success);
        let seen: rustc_hash::FxHashSet<Point> = order.iter().copied().collect();
        group.bench_function("bfs/listing", |b| {
            b.iter(|| {
                let mut known = 0usize;
                for node in &order {
                    for next in neighbours(node) {
                        known += usize::from(seen.contains(&next));
                    }
                }
                known
            })
        });
        group.bench_function("bfs/traits", |b| {
            b.iter(|| black_box(breadth_first.search(maze, &0, &limits).stats.expanded))
        });
        // The README's way: the default `bfs`, nothing chosen.
        group.bench_function("bfs/default", |b| {
            b.iter(|| black_box(bfs(maze, &0, &limits).stats.expanded))
        });
    }
    group.finish();
}

/// The least any breadth-first search over closures does, whatever its data structures: the
/// caller's closure on each node it expands and a probe of a hash set for each node listed. No
/// parents, no path: a floor under `pathfinding`'s time and ours. Returns the nodes expanded, in
/// order.
fn bfs_order<N, I>(start: &N, successors: impl Fn(&N) -> I, success: impl Fn(&N) -> bool) -> Vec<N>
where
    N: Clone + Eq + std::hash::Hash,
    I: IntoIterator<Item = N>,
{
    let mut seen = rustc_hash::FxHashSet::default();
    seen.insert(start.clone());
    let mut queue = vec![start.clone()];
    let mut at = 0;
    while at < queue.len() {
        let node = queue[at].clone();
        at += 1;
        if success(&node) {
            break;
        }
        for next in successors(&node) {
            if seen.insert(next.clone()) {
                queue.push(next);
            }
        }
    }
    queue.truncate(at);
    queue
}

/// `pathfinding`'s own shapes: corner to corner on an open 65 × 65 grid, and no goal at all.
fn algos(c: &mut Criterion) {
    maze_group(c, "algos/corner_to_corner", &Maze::open(65), true, true);
    let maze = Maze {
        goal: false,
        ..Maze::open(65)
    };
    let start: Point = (2, 3);
    let successors = |point: &Point| maze.neighbours(point);
    let cell = maze.cell(start) as u32;
    let limits = Limits::none();
    let mut searcher = AStar::new(DenseIndex::new(&maze));
    let mut trait_search = |estimate: u32| {
        let result = searcher.search(&maze, &cell, &|_: &u32| estimate, &limits);
        assert!(result.outcome.solution().is_none());
        result.stats.expanded
    };
    assert_eq!(trait_search(1), 65 * 65);
    let mut group = c.benchmark_group("algos/no_path");
    group.bench_function("astar/pathfinding", |b| {
        b.iter(|| pathfinding::directed::astar::astar(&start, successors, |_| 1, |_| false))
    });
    group.bench_function("astar/closures", |b| {
        b.iter(|| closures::astar(&start, successors, |_| 1u32, |_| false))
    });
    group.bench_function("dijkstra/pathfinding", |b| {
        b.iter(|| pathfinding::directed::dijkstra::dijkstra(&start, successors, |_| false))
    });
    group.bench_function("dijkstra/closures", |b| {
        b.iter(|| closures::dijkstra(&start, successors, |_| false))
    });
    group.bench_function("astar/traits", |b| b.iter(|| trait_search(1)));
    group.bench_function("dijkstra/traits", |b| b.iter(|| trait_search(0)));
    group.finish();
}

fn mazes(c: &mut Criterion) {
    maze_group(c, "maze/unit", &Maze::random(1000, 0.25, 1, 1), true, false);
    maze_group(
        c,
        "maze/costs_1_to_9",
        &Maze::random(1000, 0.25, 9, 1),
        false,
        false,
    );
}

/// The arena map's 130 scenarios, eight-connected, octile lengths.
fn arena(c: &mut Criterion) {
    // Another map and its scenarios when ARENA_MAP and ARENA_SCEN name them (a Dragon Age map).
    let text = match (std::env::var("ARENA_MAP"), std::env::var("ARENA_SCEN")) {
        (Ok(map), Ok(scen)) => [map, scen]
            .map(|path| std::fs::read_to_string(path).expect("a readable file"))
            .concat(),
        _ => [
            include_str!("../tests/data/arena.map"),
            include_str!("../tests/data/arena.map.scen"),
        ]
        .concat(),
    };
    let cases: Vec<_> = parse(&text).collect::<Result<_, _>>().unwrap();
    let map: Arc<Map> = cases[0].map.clone();
    let (width, height) = (map.width() as i64, map.height() as i64);
    // Theirs: points and real costs, the benchmark's rule for corners.
    let successors = |&point: &(i64, i64)| common::octile_successors(&map, point);
    let octile = |(x, y): (i64, i64), (gx, gy): (i64, i64)| {
        let (dx, dy) = ((x - gx).abs() as f64, (y - gy).abs() as f64);
        OrderedFloat(dx.max(dy) + (std::f64::consts::SQRT_2 - 1.0) * dx.min(dy))
    };
    let points: Vec<((i64, i64), (i64, i64))> = cases
        .iter()
        .map(|case| {
            let (sx, sy) = map.position(case.start);
            let (gx, gy) = map.position(case.goal);
            ((sx as i64, sy as i64), (gx as i64, gy as i64))
        })
        .collect();
    assert!(width > 0 && height > 0);
    // The sum of the scenarios' lengths by `$search`, `pathfinding`'s A* or ours: the same
    // shape, each called directly (a shared function would time dynamic calls on both sides).
    macro_rules! lengths_by {
        ($search:path) => {
            || -> f64 {
                points
                    .iter()
                    .map(|&(start, goal)| {
                        let estimate = |&point: &(i64, i64)| octile(point, goal);
                        let found = $search(&start, successors, estimate, |&point| point == goal);
                        found.expect("a path").1.0
                    })
                    .sum()
            }
        };
    }
    let theirs = lengths_by!(pathfinding::directed::astar::astar);
    let closures_side = lengths_by!(closures::astar);
    // The grid crate's searcher: a dense index of the map's cells, kept from case to case.
    let searcher = RefCell::new(GridSearcher::default());
    let traits_side = || -> f64 {
        cases
            .iter()
            .map(|case| {
                let mut searcher = searcher.borrow_mut();
                let (answer, _) =
                    searcher.solve(case, Connectivity::Eight, Algorithm::Astar, &Limits::none());
                answer.unwrap().length().expect("a path")
            })
            .sum()
    };
    let total: f64 = cases.iter().map(|case| case.optimal.unwrap()).sum();
    for side in [theirs(), closures_side(), traits_side()] {
        assert!((side - total).abs() < 1e-3, "{side} against {total}");
    }
    let mut group = c.benchmark_group("arena");
    group.bench_function("astar/pathfinding", |b| b.iter(theirs));
    group.bench_function("astar/closures", |b| b.iter(closures_side));
    group.bench_function("astar/traits", |b| b.iter(traits_side));
    group.finish();
}

criterion_group!(benches, algos, mazes, arena);
criterion_main!(benches);
