//! A thousand units toward one goal (issue 49, part 4): one distance field and a thousand walks
//! by its next steps, against a thousand A* searches (and JPS+ searches) by the `GridSearcher`
//! that `solve grid` uses, on the arena map or the map `CROWD_MAP` names (a Dragon Age map).
//! Beside them, the same field by `pathfinding`'s `dijkstra_all` (crates.io): every cell's
//! parent toward the goal in a hash map, real costs, walked the same way.
//! The units stand on random cells the goal can be reached from; both sides are checked to
//! find the same total length before they are timed.
//!
//! Run with `cargo bench -p statespace-grid --bench crowds`, or
//! `CROWD_MAP=/work/shared/peers/warthog/example/arena2.map cargo bench -p statespace-grid --bench crowds`.

mod common;

use std::cell::RefCell;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::Limits;
use statespace_grid::{Algorithm, Connectivity, DistanceField, GridCase, GridSearcher};

/// How many units walk to the goal.
const UNITS: usize = 1000;

fn crowds(c: &mut Criterion) {
    let map = common::map_named_by("CROWD_MAP");
    let mut rng = ChaCha8Rng::seed_from_u64(49);
    let cells = map.cells() as u32;
    // The goal: the open cell whose field reaches the most cells, of a few random ones.
    let goal = (0..8)
        .filter_map(|_| {
            let cell = (0..)
                .map(|_| rng.random_range(0..cells))
                .find(|&cell| map.is_passable(cell))?;
            let field =
                DistanceField::build(&map, Connectivity::Eight, cell, &Limits::none()).ok()?;
            let reached = (0..cells).filter(|&c| field.distance(c).is_some()).count();
            Some((reached, cell))
        })
        .max()
        .expect("an open cell")
        .1;
    let field = DistanceField::build(&map, Connectivity::Eight, goal, &Limits::none()).unwrap();
    let units: Vec<u32> = (0..)
        .map(|_| rng.random_range(0..cells))
        .filter(|&cell| field.distance(cell).is_some())
        .take(UNITS)
        .collect();
    let cases: Vec<GridCase> = units
        .iter()
        .map(|&start| GridCase {
            map: map.clone(),
            start,
            goal,
            optimal: None,
        })
        .collect();

    // One field, then every unit walks by lookups; the total length of the walks.
    let by_field = || -> f64 {
        let field = DistanceField::build(&map, Connectivity::Eight, goal, &Limits::none()).unwrap();
        units
            .iter()
            .map(|&unit| {
                let mut cell = unit;
                let mut steps = 0u32;
                while let Some(step) = field.next_step(cell) {
                    cell = field.neighbour(cell, step);
                    steps += 1;
                }
                black_box(steps);
                field.distance(unit).unwrap().length()
            })
            .sum()
    };
    // Theirs: points and real costs, the benchmark's rule for corners (uniform costs: the
    // field from the goal is the field to it).
    let width = map.width() as i64;
    let successors = |&point: &(i64, i64)| common::octile_successors(&map, point);
    let point = |cell: u32| (i64::from(cell) % width, i64::from(cell) / width);
    let by_pathfinding = || -> f64 {
        let goal = point(goal);
        let parents = pathfinding::directed::dijkstra::dijkstra_all(&goal, successors);
        units
            .iter()
            .map(|&unit| {
                let mut at = point(unit);
                let mut steps = 0u32;
                while at != goal {
                    at = parents[&at].0;
                    steps += 1;
                }
                black_box(steps);
                parents[&point(unit)].1.0
            })
            .sum()
    };
    let searcher = RefCell::new(GridSearcher::default());
    let by_search = |algorithm| {
        let searcher = &searcher;
        let cases = &cases;
        move || -> f64 {
            let mut searcher = searcher.borrow_mut();
            cases
                .iter()
                .map(|case| {
                    let (answer, _) =
                        searcher.solve(case, Connectivity::Eight, algorithm, &Limits::none());
                    answer.unwrap().length().expect("a path")
                })
                .sum()
        }
    };
    let (field_total, astar_total, jps_total) = (
        by_field(),
        by_search(Algorithm::Astar)(),
        by_search(Algorithm::JpsPlus)(),
    );
    assert!(
        (field_total - astar_total).abs() < 1e-6,
        "{field_total} against {astar_total}"
    );
    assert!((jps_total - astar_total).abs() < 1e-6);
    if map.is_weighted() || map.has_water() {
        println!("pathfinding's side left out: its successors walk land of cost 1");
    } else {
        let theirs = by_pathfinding();
        assert!(
            (theirs - astar_total).abs() < 1e-6,
            "{theirs} against {astar_total}"
        );
    }
    println!(
        "{} x {} map, goal {goal}, {UNITS} units, mean length {:.2}",
        map.width(),
        map.height(),
        astar_total / UNITS as f64
    );

    let mut group = c.benchmark_group("crowds");
    group.sample_size(10);
    group.bench_function("field", |b| {
        b.iter(|| DistanceField::build(&map, Connectivity::Eight, goal, &Limits::none()))
    });
    group.bench_function("field+1000 walks", |b| b.iter(by_field));
    if !map.is_weighted() && !map.has_water() {
        group.bench_function("field+1000 walks/pathfinding", |b| b.iter(by_pathfinding));
    }
    group.bench_function("1000 astar", |b| b.iter(by_search(Algorithm::Astar)));
    group.bench_function("1000 jps+", |b| b.iter(by_search(Algorithm::JpsPlus)));
    group.finish();
}

criterion_group!(benches, crowds);
criterion_main!(benches);
