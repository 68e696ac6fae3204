//! A unit that replans as cells change along its path (issue 49, part 1): D* Lite (the
//! `Replanner`) against a fresh A* per replan (the `GridSearcher` that `solve grid` uses), on
//! the arena map or the map `REPLAN_MAP` names (a Dragon Age map).
//!
//! Each walk goes between two random cells far apart. The unit plans, walks `STEPS` steps of
//! its path, then `EDITS` random edits land near the path ahead (a rectangle of up to 3 × 3
//! cells within two cells of one of its next 30 cells: closed, or a rectangle closed before
//! opened again; never the unit's cell or the goal), and it replans; until it reaches the
//! goal. The script of moves and edits is made once by D* Lite's own walk, then both sides
//! replay it: the same positions and maps, so the same optimal lengths, which are checked at
//! every replan before anything is timed. Printed: expansions per replan, both sides; timed:
//! the walks, and their first plans alone (the difference is the replans'); D* Lite giving
//! the whole path each plan, or the next step only. Beside them, `pathfinding`'s A* (crates.io)
//! afresh for each plan on a copy of the map edited in place, its lengths checked too.
//!
//! Run with `cargo bench -p statespace-grid --bench replan`, or
//! `REPLAN_MAP=/work/shared/peers/warthog/example/arena2.map cargo bench -p statespace-grid --bench replan`.

mod common;

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::Limits;
use statespace_grid::{
    Algorithm, Connectivity, Edit, GridCase, GridSearcher, Map, Octile, Replanner, Step,
};

/// How many walks.
const WALKS: usize = 8;
/// Steps between two replans.
const STEPS: usize = 4;
/// Edits before each replan.
const EDITS: usize = 2;

/// One replan of a walk: the steps walked since the last plan, then the edits.
struct Event {
    steps: Vec<Step>,
    edits: Vec<Edit>,
}

/// A walk: from `start` to `goal`, planned first, then the events.
struct Walk {
    start: u32,
    goal: u32,
    events: Vec<Event>,
}

impl Walk {
    /// The walks without their events: their first plans only.
    fn first_plans(walks: &[Walk]) -> Vec<Walk> {
        let first = |walk: &Walk| Walk {
            start: walk.start,
            goal: walk.goal,
            events: Vec::new(),
        };
        walks.iter().map(first).collect()
    }
}

/// Edits near the next cells of `path` from `at`, none over `at` or `goal` when closing.
fn edits_near(
    rng: &mut ChaCha8Rng,
    map: &Map,
    (at, goal): (u32, u32),
    path: &[Step],
    closed: &mut Vec<Edit>,
) -> Vec<Edit> {
    let (width, height) = (map.width() as i64, map.height() as i64);
    let mut cells = vec![map.position(at)];
    for step in path.iter().take(30) {
        let (x, y) = *cells.last().unwrap();
        let (dx, dy) = step.offset();
        cells.push(((x as i64 + dx) as usize, (y as i64 + dy) as usize));
    }
    let mut edits = Vec::new();
    while edits.len() < EDITS {
        if !closed.is_empty() && rng.random_range(0..3) == 0 {
            let reopened = closed.swap_remove(rng.random_range(0..closed.len()));
            edits.push(Edit {
                open: true,
                ..reopened
            });
            continue;
        }
        let (x, y) = cells[rng.random_range(1..cells.len().max(2)).min(cells.len() - 1)];
        let x = (x as i64 + rng.random_range(-2..=2)).clamp(0, width - 1) as usize;
        let y = (y as i64 + rng.random_range(-2..=2)).clamp(0, height - 1) as usize;
        let (w, h) = (rng.random_range(1..=3), rng.random_range(1..=3));
        let edit = Edit::close(x, y).sized(w.min(map.width() - x), h.min(map.height() - y));
        let ((left, top), (right, bottom)) = ((x, y), (x + edit.width - 1, y + edit.height - 1));
        let covers = |cell: u32| {
            let (cx, cy) = map.position(cell);
            (left..=right).contains(&cx) && (top..=bottom).contains(&cy)
        };
        if !covers(at) && !covers(goal) {
            closed.push(edit);
            edits.push(edit);
        }
    }
    edits
}

/// The script of a walk from `start` to `goal` on `map`, by D* Lite's own walk.
fn script(rng: &mut ChaCha8Rng, map: &Arc<Map>, start: u32, goal: u32) -> Walk {
    let mut walker = Replanner::new(map, Connectivity::Eight, start, goal).unwrap();
    let mut events = Vec::new();
    let mut closed = Vec::new();
    let mut path = walker.path(&Limits::none()).0.unwrap().path.unwrap().0;
    while path.len() > STEPS {
        let steps = path[..STEPS].to_vec();
        for &step in &steps {
            walker.advance(step).unwrap();
        }
        let at = (walker.position(), goal);
        let edits = edits_near(rng, walker.map(), at, &path[STEPS..], &mut closed);
        for edit in &edits {
            walker.edit(edit).unwrap();
        }
        events.push(Event { steps, edits });
        match walker.path(&Limits::none()).0.unwrap().path {
            Some((steps, _)) => path = steps,
            None => break,
        }
    }
    Walk {
        start,
        goal,
        events,
    }
}

/// The lengths and expansions of D* Lite's plans over `walk`: the first plan, then each replan.
/// With `whole` false, each plan reads the next step only ([`Replanner::next_step`]).
fn by_dstar(map: &Arc<Map>, walk: &Walk, whole: bool) -> Vec<(Option<Octile>, u64)> {
    let mut walker = Replanner::new(map, Connectivity::Eight, walk.start, walk.goal).unwrap();
    let plan = |walker: &mut Replanner| {
        if whole {
            let (answer, stats) = walker.path(&Limits::none());
            (
                answer.unwrap().path.map(|(_, length)| length),
                stats.expanded,
            )
        } else {
            let (next, stats) = walker.next_step(&Limits::none());
            (next.unwrap().map(|(_, length)| length), stats.expanded)
        }
    };
    let mut plans = vec![plan(&mut walker)];
    for event in &walk.events {
        for &step in &event.steps {
            walker.advance(step).unwrap();
        }
        for edit in &event.edits {
            walker.edit(edit).unwrap();
        }
        plans.push(plan(&mut walker));
    }
    plans
}

/// The same by a fresh A* for each plan, on the map edited as the walk goes.
fn by_astar(
    searcher: &mut GridSearcher,
    map: &Arc<Map>,
    walk: &Walk,
) -> Vec<(Option<Octile>, u64)> {
    let mut case = GridCase {
        map: map.clone(),
        start: walk.start,
        goal: walk.goal,
        optimal: None,
    };
    let plan = |searcher: &mut GridSearcher, case: &GridCase| {
        let (answer, stats) =
            searcher.solve(case, Connectivity::Eight, Algorithm::Astar, &Limits::none());
        (
            answer.unwrap().path.map(|(_, length)| length),
            stats.expanded,
        )
    };
    let mut plans = vec![plan(searcher, &case)];
    for event in &walk.events {
        for &step in &event.steps {
            let (x, y) = case.map.position(case.start);
            let (dx, dy) = step.offset();
            case.start = case.map.cell(x as i64 + dx, y as i64 + dy).unwrap();
        }
        for edit in &event.edits {
            case.map = searcher.edit(&case.map, edit);
        }
        plans.push(plan(searcher, &case));
    }
    plans
}

/// The lengths of the plans over `walk` by `pathfinding`'s A* (crates.io) afresh for each, on
/// a copy of `map` edited in place as the walk goes: points, real costs, the benchmark's rule
/// for corners, the octile estimate.
fn by_pathfinding(map: &Map, walk: &Walk) -> Vec<Option<f64>> {
    let mut map = map.clone();
    let point = |cell: u32, map: &Map| {
        let (x, y) = map.position(cell);
        (x as i64, y as i64)
    };
    let (mut at, goal) = (point(walk.start, &map), point(walk.goal, &map));
    let plan = |map: &Map, at: (i64, i64)| {
        let successors = |&point: &(i64, i64)| common::octile_successors(map, point);
        let estimate = |&point: &(i64, i64)| common::octile_estimate(point, goal, 1.0);
        let found =
            pathfinding::directed::astar::astar(&at, successors, estimate, |&point| point == goal);
        found.map(|(_, length)| length.0)
    };
    let mut plans = vec![plan(&map, at)];
    for event in &walk.events {
        for &step in &event.steps {
            let (dx, dy) = step.offset();
            at = (at.0 + dx, at.1 + dy);
        }
        for edit in &event.edits {
            map.apply(edit);
        }
        plans.push(plan(&map, at));
    }
    plans
}

fn replan(c: &mut Criterion) {
    let map = common::map_named_by("REPLAN_MAP");
    let mut rng = ChaCha8Rng::seed_from_u64(49);
    let cells = map.cells() as u32;
    let mut searcher = GridSearcher::default();
    // Pairs of random open cells, kept when their path is at least half the map's longer side.
    let least = (map.width().max(map.height()) / 2) as f64;
    let walks: Vec<Walk> = std::iter::from_fn(|| {
        let (start, goal) = (rng.random_range(0..cells), rng.random_range(0..cells));
        let case = GridCase {
            map: map.clone(),
            start,
            goal,
            optimal: None,
        };
        let (answer, _) = searcher.solve(
            &case,
            Connectivity::Eight,
            Algorithm::Astar,
            &Limits::none(),
        );
        let far = answer
            .unwrap()
            .length()
            .is_some_and(|length| length >= least);
        Some(far.then(|| script(&mut rng, &map, start, goal)))
    })
    .flatten()
    .take(WALKS)
    .collect();

    let (mut first, mut later) = ([0u64; 2], [0u64; 2]);
    let mut replans = 0;
    let mut fewer = 0;
    for walk in &walks {
        let (dstar, astar) = (
            by_dstar(&map, walk, true),
            by_astar(&mut searcher, &map, walk),
        );
        assert_eq!(by_dstar(&map, walk, false), dstar, "the next step only");
        let lengths =
            |plans: &[(Option<Octile>, u64)]| plans.iter().map(|p| p.0).collect::<Vec<_>>();
        assert_eq!(lengths(&dstar), lengths(&astar), "D* Lite against A*");
        let theirs = by_pathfinding(&map, walk);
        for (ours, theirs) in lengths(&dstar).iter().zip(&theirs) {
            let ours = ours.map(Octile::length);
            let equal = match (ours, theirs) {
                (Some(ours), Some(theirs)) => (ours - theirs).abs() < 1e-6,
                (ours, theirs) => ours.is_none() && theirs.is_none(),
            };
            assert!(
                equal,
                "D* Lite against pathfinding: {ours:?} and {theirs:?}"
            );
        }
        assert_eq!(theirs.len(), dstar.len());
        first[0] += dstar[0].1;
        first[1] += astar[0].1;
        for (ours, theirs) in dstar[1..].iter().zip(&astar[1..]) {
            later[0] += ours.1;
            later[1] += theirs.1;
            replans += 1;
            fewer += u32::from(ours.1 < theirs.1);
        }
    }
    let per = |total: u64, count: usize| total as f64 / count.max(1) as f64;
    println!(
        "{} x {} map, {WALKS} walks, {replans} replans ({STEPS} steps and {EDITS} edits apart)\n\
         first plan: D* Lite {:.0} expansions, A* {:.0}\n\
         per replan: D* Lite {:.1} expansions, A* {:.1} ({:.1}x fewer; fewer in {fewer} of {replans})",
        map.width(),
        map.height(),
        per(first[0], walks.len()),
        per(first[1], walks.len()),
        per(later[0], replans),
        per(later[1], replans),
        later[1] as f64 / later[0].max(1) as f64,
    );

    // The first plans alone: what the walks cost beyond them is the replans'.
    let first_plans = Walk::first_plans(&walks);
    let mut group = c.benchmark_group("replan");
    group.sample_size(10);
    for (name, walks) in [("first plans", &first_plans), ("walks", &walks)] {
        for (whole, reads) in [(true, "paths"), (false, "next steps")] {
            group.bench_function(format!("dstar lite {name}, {reads}"), |b| {
                b.iter(|| {
                    walks
                        .iter()
                        .map(|walk| black_box(by_dstar(&map, walk, whole)).len())
                        .sum::<usize>()
                })
            });
        }
        group.bench_function(format!("fresh astar {name}"), |b| {
            let searcher = &mut searcher;
            b.iter(|| {
                walks
                    .iter()
                    .map(|walk| black_box(by_astar(searcher, &map, walk)).len())
                    .sum::<usize>()
            })
        });
        group.bench_function(format!("fresh astar {name}/pathfinding"), |b| {
            b.iter(|| {
                walks
                    .iter()
                    .map(|walk| black_box(by_pathfinding(&map, walk)).len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, replan);
criterion_main!(benches);
