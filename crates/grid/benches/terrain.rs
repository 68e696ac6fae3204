//! Weighted terrain and units of K × K cells (issue 49, parts 2 and 3) against `pathfinding`
//! (crates.io), both sides on the same map and queries in one run:
//! - `terrain`: the map with random rectangles of swamp (`S`) and water (`W`) painted over its
//!   ground, costs `S=3,W=2` (`--cost S=3,W=2`): a step costs its length times the cost of the
//!   cell it enters, and water never joins ground. Ours: A* and Dijkstra by the `GridSearcher`
//!   that `solve grid` uses (exact `a + b√2` lengths); theirs: `astar` and `dijkstra` with
//!   successors that keep to the start's world and cost the same, in `f64`, with the same
//!   estimate (the octile distance times the least cost of the world).
//! - `unit`: units of `UNIT` × `UNIT` cells standing on their top-left cell, on the map as it
//!   is. Ours: A* over the cells' clearance (computed once, when the map is made, untimed);
//!   theirs: `astar` with successors that check the unit's footprint, cell by cell. Timed
//!   beside them, the map made with its clearance (`clearance/ours`).
//!
//! The queries: random pairs of cells far apart that a path joins. Every query's length is
//! checked equal on every side before anything is timed.
//!
//! Run with `cargo bench -p statespace-grid --bench terrain`, or
//! `TERRAIN_MAP=/work/shared/peers/warthog/example/arena2.map cargo bench -p statespace-grid --bench terrain`.

mod common;

use std::cell::RefCell;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::Limits;
use statespace_grid::{Algorithm, Connectivity, Costs, GridCase, GridSearcher, Map, Terrain};

/// How many queries a side answers per iteration.
const QUERIES: usize = 32;
/// The side of the units of the `unit` group.
const UNIT: usize = 3;

/// `map` with rectangles of swamp and water painted over its ground, from `rng`.
fn painted(map: &Map, rng: &mut ChaCha8Rng) -> Map {
    let (width, height) = (map.width(), map.height());
    let mut cells: Vec<u8> = (0..map.cells() as u32).map(|c| map.char_at(c)).collect();
    let rectangles = width * height / 150;
    for _ in 0..rectangles {
        let (letter, most) = if rng.random_bool(0.6) {
            (b'S', 12)
        } else {
            (b'W', 30)
        };
        let (w, h) = (rng.random_range(2..=most), rng.random_range(2..=most));
        let (x, y) = (rng.random_range(0..width), rng.random_range(0..height));
        for row in y..(y + h).min(height) {
            for cell in &mut cells[row * width + x..row * width + (x + w).min(width)] {
                if *cell == b'.' {
                    *cell = letter;
                }
            }
        }
    }
    Map::new(width, height, cells).expect("the same letters")
}

/// A side of a group: its name, and what answers the group's queries (their lengths).
type Side<'a> = (&'a str, Box<dyn FnMut() -> Vec<f64> + 'a>);

/// The query from `start` to `goal` on `map`.
fn case(map: &Arc<Map>, start: u32, goal: u32) -> GridCase {
    let optimal = None;
    let map = map.clone();
    GridCase {
        map,
        start,
        goal,
        optimal,
    }
}

/// Prints what `group` is about (`about`, the map and the mean of `lengths`), then times each
/// side of it.
fn timed(
    c: &mut Criterion,
    (group, about): (&str, String),
    (map, lengths): (&Map, &[f64]),
    sides: Vec<Side<'_>>,
) {
    println!(
        "{group}: {} x {} map, {about}, {QUERIES} queries, mean length {:.2}",
        map.width(),
        map.height(),
        lengths.iter().sum::<f64>() / lengths.len() as f64
    );
    let mut group = c.benchmark_group(group);
    group.sample_size(10);
    for (name, mut side) in sides {
        group.bench_function(name, |b| b.iter(&mut side));
    }
    group.finish();
}

/// `count` random pairs of cells on `map` that A* joins by a path at least `least` long, the
/// first cell's terrain `from`.
fn queries(
    map: &Arc<Map>,
    rng: &mut ChaCha8Rng,
    (count, least): (usize, f64),
    from: Terrain,
) -> Vec<(u32, u32)> {
    let mut searcher = GridSearcher::default();
    let cells = map.cells() as u32;
    std::iter::from_fn(|| {
        let (start, goal) = (rng.random_range(0..cells), rng.random_range(0..cells));
        if map.terrain(start) != from {
            return Some(None);
        }
        let limits = Limits::none();
        let case = case(map, start, goal);
        let (answer, _) = searcher.solve(&case, Connectivity::Eight, Algorithm::Astar, &limits);
        let far = answer
            .unwrap()
            .length()
            .is_some_and(|length| length >= least);
        Some(far.then_some((start, goal)))
    })
    .flatten()
    .take(count)
    .collect()
}

/// The lengths of `queries` on `map` by our `algorithm`, one searcher kept across them.
fn ours(
    searcher: &RefCell<GridSearcher>,
    map: &Arc<Map>,
    queries: &[(u32, u32)],
    algorithm: Algorithm,
) -> Vec<f64> {
    let mut searcher = searcher.borrow_mut();
    queries
        .iter()
        .map(|&(start, goal)| {
            let case = case(map, start, goal);
            let (answer, _) =
                searcher.solve(&case, Connectivity::Eight, algorithm, &Limits::none());
            answer.unwrap().length().expect("a path")
        })
        .collect()
}

/// The lengths of `queries` (cells of a map `width` wide) by `pathfinding`'s A*: from a start,
/// the points `open(start)` holds open, a step costing its length times the `cost` of the point
/// it enters, the estimate the octile distance times `least(start)`.
fn by_pathfinding_astar<Open: Fn(i64, i64) -> bool + Copy>(
    width: i64,
    queries: &[(u32, u32)],
    open: impl Fn(u32) -> Open,
    cost: impl Fn((i64, i64)) -> f64 + Copy,
    least: impl Fn(u32) -> f64,
) -> Vec<f64> {
    let point = |cell: u32| (i64::from(cell) % width, i64::from(cell) / width);
    queries
        .iter()
        .map(|&(start, goal)| {
            let (open, goal, least) = (open(start), point(goal), least(start));
            let successors = |&at: &(i64, i64)| common::successors_where(open, cost, at);
            let estimate = |&at: &(i64, i64)| common::octile_estimate(at, goal, least);
            let found =
                pathfinding::directed::astar::astar(&point(start), successors, estimate, |&at| {
                    at == goal
                });
            found.expect("a path").1.0
        })
        .collect()
}

/// Panics unless `theirs` and `ours` are the same lengths, query by query.
fn check_equal(what: &str, theirs: &[f64], ours: &[f64]) {
    assert_eq!(theirs.len(), ours.len());
    for (query, (a, b)) in theirs.iter().zip(ours).enumerate() {
        assert!(
            (a - b).abs() < 1e-6,
            "{what}, query {query}: {a} against {b}"
        );
    }
}

fn terrain(c: &mut Criterion) {
    let plain = common::map_named_by("TERRAIN_MAP");
    let mut rng = ChaCha8Rng::seed_from_u64(49);
    let costs = Costs::parse("S=3,W=2").unwrap();
    let map = Arc::new(painted(&plain, &mut rng).with_costs(costs).unwrap());
    let least = (map.width().max(map.height()) / 2) as f64;
    // A quarter of the queries on water, shorter (its lakes are small).
    let water = QUERIES / 4;
    let mut queries = queries(&map, &mut rng, (QUERIES - water, least), Terrain::Land);
    queries.extend(self::queries(
        &map,
        &mut rng,
        (water, least / 4.0),
        Terrain::Water,
    ));
    let width = map.width() as i64;
    let point = |cell: u32| (i64::from(cell) % width, i64::from(cell) / width);
    // Theirs: points in the start's world (a flag a cell for each world, made here from the
    // letters), each step its length times the cost of the cell it enters.
    let height = map.height() as i64;
    let world_of = |terrain| -> Vec<bool> {
        let cells = 0..map.cells() as u32;
        cells.map(|cell| map.terrain(cell) == terrain).collect()
    };
    let (land, lakes) = (world_of(Terrain::Land), world_of(Terrain::Water));
    let in_world = |start: u32| {
        let open: &[bool] = if lakes[start as usize] { &lakes } else { &land };
        move |x: i64, y: i64| {
            (0..width).contains(&x) && (0..height).contains(&y) && open[(y * width + x) as usize]
        }
    };
    let cost = |(x, y): (i64, i64)| f64::from(costs.of(map.char_at((y * width + x) as u32)));
    let least = |start: u32| f64::from(costs.least(map.terrain(start)));
    let theirs_astar = || by_pathfinding_astar(width, &queries, in_world, cost, least);
    let theirs_dijkstra = || -> Vec<f64> {
        queries
            .iter()
            .map(|&(start, goal)| {
                let (open, goal) = (in_world(start), point(goal));
                let successors = |&at: &(i64, i64)| common::successors_where(open, cost, at);
                let found =
                    pathfinding::directed::dijkstra::dijkstra(&point(start), successors, |&at| {
                        at == goal
                    });
                found.expect("a path").1.0
            })
            .collect()
    };
    let searcher = RefCell::new(GridSearcher::default());
    let ours_astar = || ours(&searcher, &map, &queries, Algorithm::Astar);
    let ours_dijkstra = || ours(&searcher, &map, &queries, Algorithm::Dijkstra);
    let lengths = ours_astar();
    check_equal("terrain astar", &theirs_astar(), &lengths);
    check_equal("terrain dijkstra", &theirs_dijkstra(), &lengths);
    check_equal("terrain, our dijkstra", &ours_dijkstra(), &lengths);
    let about = format!("costs S=3,W=2, {water} queries on water");
    let sides: Vec<Side> = vec![
        ("astar/pathfinding", Box::new(theirs_astar)),
        ("astar/ours", Box::new(ours_astar)),
        ("dijkstra/pathfinding", Box::new(theirs_dijkstra)),
        ("dijkstra/ours", Box::new(ours_dijkstra)),
    ];
    timed(c, ("terrain", about), (&map, &lengths), sides);
}

fn unit(c: &mut Criterion) {
    let plain = common::map_named_by("TERRAIN_MAP");
    let map = Arc::new(Map::clone(&plain).with_unit(UNIT).unwrap());
    let mut rng = ChaCha8Rng::seed_from_u64(49);
    let least = (map.width().max(map.height()) / 2) as f64;
    let queries = queries(&map, &mut rng, (QUERIES, least), Terrain::Land);
    let width = map.width() as i64;
    // Theirs: a unit fits where every cell under it is on the map and open, checked each time.
    let side = UNIT as i64;
    let fits = |x: i64, y: i64| {
        (y..y + side).all(|y| {
            (x..x + side).all(|x| plain.cell(x, y).is_some_and(|cell| plain.is_passable(cell)))
        })
    };
    let theirs_astar = || by_pathfinding_astar(width, &queries, |_| fits, |_| 1.0, |_| 1.0);
    let searcher = RefCell::new(GridSearcher::default());
    let ours_astar = || ours(&searcher, &map, &queries, Algorithm::Astar);
    let lengths = ours_astar();
    check_equal("unit astar", &theirs_astar(), &lengths);
    let made = || vec![Map::clone(&plain).with_unit(UNIT).unwrap().cells() as f64];
    let about = format!("units of {UNIT} x {UNIT}");
    let sides: Vec<Side> = vec![
        ("astar/pathfinding", Box::new(theirs_astar)),
        ("astar/ours", Box::new(ours_astar)),
        // What ours does once per map and unit, untimed above: the map made, its clearance.
        ("clearance/ours", Box::new(made)),
    ];
    timed(c, ("unit", about), (&map, &lengths), sides);
}

criterion_group!(benches, terrain, unit);
criterion_main!(benches);
