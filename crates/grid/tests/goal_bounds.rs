//! Goal bounding: its boxes against brute force on random maps (each the bounding box of
//! exactly the goals some canonical shortest path reaches by that first step), the boxes at jump
//! points the same at exactly the cells where an online jump stops, JPS+ with goal bounding
//! (at every cell and at jump points) against Dijkstra's distances from every start to many
//! goals on random maps (cells and larger units) and on the shipped arena map, and both kinds
//! of boxes in the table cache: built once then loaded, refused and rebuilt when damaged,
//! refused by the memory budget.

mod common;

use common::{arena, random_maps};
use std::path::PathBuf;
use std::sync::Arc;

use proptest::prelude::*;
use statespace_engine::pattern_database::TableCache;
use statespace_engine::{Limits, StopReason};
use statespace_grid::{
    Algorithm, Bounds, Connectivity, Coverage, DistanceField, EveryCell, GoalBounds, GridCase,
    GridSearcher, JumpMap, JumpPointBounds, JumpPoints, Map, MapTable, Octile, Step,
    random_scenarios,
};

/// The two kinds of goal bounds: at every cell, at the jump points.
const BOUNDED: [Algorithm; 2] = [Algorithm::JpsPlusGb, Algorithm::JpsPlusGbj];

/// A folder of its own for `test`, emptied.
fn scratch(test: &str) -> PathBuf {
    common::scratch("gb", test)
}

/// The shortest lengths from every cell to `goal`: one Dijkstra.
fn field(map: &Arc<Map>, goal: u32) -> DistanceField {
    DistanceField::build(map, Connectivity::Eight, goal, &Limits::none()).unwrap()
}

/// The steps jump point search may take after `(dx, dy)` into `(x, y)` (Harabor and
/// Grastien's pruning, no cutting corners): across a corner, on and along both its sides; along
/// a side, on, and where a side's neighbour is open while the one behind it is not, that side
/// and the corner ahead of it.
fn canonical(map: &Map, (x, y): (i64, i64), (dx, dy): (i64, i64)) -> Vec<(i64, i64)> {
    if dx != 0 && dy != 0 {
        return vec![(dx, 0), (0, dy), (dx, dy)];
    }
    let open = |x, y| map.cell(x, y).is_some_and(|cell| map.is_passable(cell));
    let mut next = vec![(dx, dy)];
    for (px, py) in [(dy, dx), (-dy, -dx)] {
        if open(x + px, y + py) && !open(x - dx + px, y - dy + py) {
            next.extend([(px, py), (dx + px, dy + py)]);
        }
    }
    next
}

/// Whether `map`'s boxes are, for every cell and step, the bounding box of exactly the goals
/// that a canonical shortest path from the cell (one jump point search may take) reaches by
/// that step first (none: no box). Found goal by goal: from which cells, reached by which
/// step, a canonical shortest path goes on to the goal, nearest cells first.
fn boxes_by_brute_force(map: &Arc<Map>, bounds: &GoalBounds) -> Result<(), String> {
    let cells = map.cells() as u32;
    let open: Vec<u32> = (0..cells).filter(|&cell| map.is_passable(cell)).collect();
    let steps: Vec<(i64, i64)> = Step::ALL.iter().map(|step| step.offset()).collect();
    let length = |(dx, dy): (i64, i64)| {
        Octile::of(
            if dx != 0 && dy != 0 {
                Step::NE
            } else {
                Step::N
            },
            1,
        )
    };
    // The cell a step leads to, if the step is allowed (no cutting corners).
    let after = |cell: u32, (dx, dy): (i64, i64)| {
        let (x, y) = map.position(cell);
        let (x, y) = (x as i64, y as i64);
        let passes = |x, y| map.cell(x, y).is_some_and(|cell| map.is_passable(cell));
        (passes(x + dx, y + dy) && passes(x + dx, y) && passes(x, y + dy))
            .then(|| map.cell(x + dx, y + dy).unwrap())
    };
    // expected[cell][slot]: the box grown by each goal found.
    let mut expected = vec![[None::<[u16; 4]>; 8]; map.cells()];
    for &goal in &open {
        let field = field(map, goal);
        let mut nearest: Vec<u32> = open
            .iter()
            .copied()
            .filter(|&cell| field.distance(cell).is_some())
            .collect();
        nearest.sort_by_key(|&cell| field.distance(cell));
        // on_path[cell][slot]: a canonical shortest path to the goal goes on from `cell`
        // reached by the `slot`th step.
        let mut on_path = vec![[false; 8]; map.cells()];
        // Whether the step `step` from `cell` is on a shortest path to the goal.
        let shortest = |cell: u32, step: (i64, i64)| {
            after(cell, step).filter(|&next| {
                field.distance(next).map(|rest| rest + length(step)) == field.distance(cell)
            })
        };
        for &cell in &nearest {
            let (x, y) = map.position(cell);
            for (slot, &step) in steps.iter().enumerate() {
                on_path[cell as usize][slot] = cell == goal
                    || canonical(map, (x as i64, y as i64), step)
                        .into_iter()
                        .any(|next| {
                            let at = steps.iter().position(|&each| each == next).unwrap();
                            shortest(cell, next).is_some_and(|to| on_path[to as usize][at])
                        });
            }
        }
        let (gx, gy) = map.position(goal);
        let (gx, gy) = (gx as u16, gy as u16);
        for &cell in nearest.iter().filter(|&&cell| cell != goal) {
            for (slot, &step) in steps.iter().enumerate() {
                if shortest(cell, step).is_some_and(|to| on_path[to as usize][slot]) {
                    let grown = match expected[cell as usize][slot] {
                        None => [gx, gy, gx, gy],
                        Some([l, t, r, b]) => [l.min(gx), t.min(gy), r.max(gx), b.max(gy)],
                    };
                    expected[cell as usize][slot] = Some(grown);
                }
            }
        }
    }
    for &cell in &open {
        for (slot, step) in Step::ALL.into_iter().enumerate() {
            let found = bounds.bounds(cell, step);
            if found != expected[cell as usize][slot] {
                let expected = expected[cell as usize][slot];
                return Err(format!("{step} from {cell}: {found:?}, not {expected:?}"));
            }
        }
    }
    Ok(())
}

/// Whether each cell of `map` is a jump point: where a jump of jump point search (online, as
/// [`JumpMap`] finds them, no goal on the map) from some open cell stops.
fn jump_points(map: &Map) -> Vec<bool> {
    let jumps = JumpMap::new(map);
    let mut stops = vec![false; map.cells()];
    for cell in (0..map.cells() as u32).filter(|&cell| map.is_passable(cell)) {
        let (x, y) = map.position(cell);
        let (x, y) = (x as isize, y as isize);
        for step in Step::ALL {
            let no_goal = (-1, -1);
            let jumped = if step.is_diagonal() {
                jumps.jump_diagonal((x, y), step, no_goal)
            } else {
                jumps.jump_straight((x, y), step, no_goal)
            };
            if let Some(length) = jumped {
                let (dx, dy) = step.offset();
                let length = i64::from(length);
                let stop = map.cell(x as i64 + dx * length, y as i64 + dy * length);
                stops[stop.unwrap() as usize] = true;
            }
        }
    }
    stops
}

/// Whether `map`'s boxes at jump points are kept by exactly its jump points, as many, and
/// are there the boxes of every cell.
fn boxes_at_exactly_the_jump_points(map: &Arc<Map>) -> Result<(), String> {
    let (every, at_jump_points) = (GoalBounds::build(map), JumpPointBounds::build(map));
    let stops = jump_points(map);
    let count = stops.iter().filter(|&&stop| stop).count();
    if at_jump_points.kept() != count {
        return Err(format!(
            "{} cells keep boxes, not {count}",
            at_jump_points.kept()
        ));
    }
    for cell in 0..map.cells() as u32 {
        if at_jump_points.keeps(cell) != stops[cell as usize] {
            return Err(format!(
                "cell {cell}: keeps boxes {}",
                at_jump_points.keeps(cell)
            ));
        }
        for step in Step::ALL.into_iter().filter(|_| stops[cell as usize]) {
            let (found, full) = (at_jump_points.bounds(cell, step), every.bounds(cell, step));
            if found != full {
                return Err(format!("{step} from {cell}: {found:?}, not {full:?}"));
            }
        }
    }
    Ok(())
}

/// Whether JPS+ with goal bounding (`algorithm`) finds, from every open cell of `map` to each
/// of `goals`, a path of Dijkstra's length (and none where Dijkstra reaches none).
fn every_start_to(
    searcher: &mut GridSearcher,
    algorithm: Algorithm,
    map: &Arc<Map>,
    goals: &[u32],
) -> Result<(), String> {
    for &goal in goals {
        let field = field(map, goal);
        for start in (0..map.cells() as u32).filter(|&cell| map.is_passable(cell)) {
            let case = GridCase {
                map: map.clone(),
                start,
                goal,
                optimal: None,
            };
            let limits = Limits::none();
            let (answer, _) = searcher.solve(&case, Connectivity::Eight, algorithm, &limits);
            let found = answer.unwrap().path.map(|(_, length)| length);
            if found != field.distance(start) {
                let expected = field.distance(start);
                return Err(format!(
                    "{algorithm:?}, {start} to {goal}: {found:?}, not {expected:?}"
                ));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// On small random maps of every density, each box is the bounding box of exactly the
    /// goals that some shortest path reaches by its step first.
    #[test]
    fn boxes_bound_exactly_the_goals_of_each_first_step(map in random_maps(60, 1, 14, 14)) {
        let bounds = GoalBounds::build(&map);
        prop_assert_eq!(boxes_by_brute_force(&map, &bounds), Ok(()));
    }

    /// On random maps of every density, the boxes at jump points are the full boxes, kept by
    /// exactly the cells where an online jump stops.
    #[test]
    fn boxes_at_jump_points_are_kept_by_exactly_the_jump_points(map in random_maps(60, 1, 30, 30)) {
        prop_assert_eq!(boxes_at_exactly_the_jump_points(&map), Ok(()));
    }

    /// On random maps of every density and size, JPS+ with goal bounding, at every cell and
    /// at jump points, finds Dijkstra's length from every start to every goal (every cell a
    /// goal on maps of up to 400 cells).
    #[test]
    fn goal_bounded_jps_plus_equals_dijkstra_on_random_maps(map in random_maps(50, 1, 40, 40)) {
        let open: Vec<u32> = (0..map.cells() as u32).filter(|&c| map.is_passable(c)).collect();
        let every = open.len().div_ceil(24).max(1);
        let goals: Vec<u32> = open.iter().copied().step_by(every).collect();
        for algorithm in BOUNDED {
            let mut searcher = GridSearcher::default();
            prop_assert_eq!(every_start_to(&mut searcher, algorithm, &map, &goals), Ok(()));
        }
    }
}

/// Units of 2 × 2 and 3 × 3 cells: the boxes of the positions where the unit fits, and JPS+
/// with goal bounding (at every cell and at jump points) at Dijkstra's lengths over those
/// positions.
#[test]
fn goal_bounding_walks_units_larger_than_a_cell() {
    for seed in 0..6 {
        for unit in [2, 3] {
            let eight = Connectivity::Eight;
            let (map, _) = random_scenarios(24, 18, 0.15, eight, 0, seed).unwrap();
            let map = Arc::new(Map::clone(&map).with_unit(unit).unwrap());
            let open: Vec<u32> = (0..map.cells() as u32)
                .filter(|&c| map.is_passable(c))
                .collect();
            let goals: Vec<u32> = open.iter().copied().step_by(9).collect();
            for algorithm in BOUNDED {
                let mut searcher = GridSearcher::default();
                assert_eq!(
                    every_start_to(&mut searcher, algorithm, &map, &goals),
                    Ok(()),
                    "seed {seed}, unit {unit}"
                );
            }
            assert_eq!(boxes_at_exactly_the_jump_points(&map), Ok(()));
        }
    }
}

/// Every scenario of the shipped arena map at its recorded length, and hidden-style ones (from
/// every open cell to every seventh open cell) at Dijkstra's, by goal bounds at every cell and
/// at jump points.
#[test]
fn goal_bounded_jps_plus_equals_a_star_on_the_arena_map() {
    let (map, cases) = arena();
    let open: Vec<u32> = (0..map.cells() as u32)
        .filter(|&c| map.is_passable(c))
        .collect();
    let goals: Vec<u32> = open.iter().copied().step_by(7).collect();
    for algorithm in BOUNDED {
        let mut searcher = GridSearcher::default();
        common::at_their_lengths(&mut searcher, &cases, algorithm);
        assert_eq!(
            every_start_to(&mut searcher, algorithm, &map, &goals),
            Ok(())
        );
    }
}

/// The arena map's jump points keep boxes, no other cell: a fraction of its open cells.
#[test]
fn the_arena_maps_jump_points_keep_boxes() {
    let (map, _) = arena();
    assert_eq!(boxes_at_exactly_the_jump_points(&map), Ok(()));
    let open = (0..map.cells() as u32)
        .filter(|&c| map.is_passable(c))
        .count();
    let kept = JumpPointBounds::build(&map).kept();
    eprintln!("{kept} of {open} open cells");
}

/// The notes of `searcher`.
fn notes(searcher: &mut GridSearcher) -> Vec<String> {
    searcher.take_notes()
}

/// The boxes at the cells `C` keeps them for (searched by `algorithm`), in a table cache:
/// built once, then loaded; when damaged, refused and built again.
fn built_once_then_loaded_and_rebuilt_when_damaged<C: Coverage>(algorithm: Algorithm) {
    let name = C::NAME;
    let dir = scratch(&format!("cache-{}", &name[4..]));
    let (map, _) = arena();
    let cache = TableCache::new(&dir);
    let path = cache.path(&Bounds::<C>::file_name(&map));
    let mut first = GridSearcher::with_table_cache(TableCache::new(&dir));
    first.prepare(&map, algorithm, &Limits::none()).unwrap();
    let lines = notes(&mut first);
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert!(lines[0].starts_with("jps+: built "), "{lines:?}");
    let built = format!("{name}: built {} in ", path.display());
    assert!(lines[1].starts_with(&built), "{lines:?}");
    let (loaded, line) = Bounds::<C>::for_map(map.clone(), Some(&cache));
    assert!(line.starts_with(&format!("{name}: loaded ")), "{line}");
    assert_eq!(loaded, Bounds::<C>::build(&map));
    // A byte of the table (after the 4 KiB header).
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[4096 + 1000] = !bytes[4096 + 1000];
    std::fs::write(&path, bytes).unwrap();
    let (rebuilt, line) = Bounds::<C>::for_map(map.clone(), Some(&cache));
    let refused = format!(
        "{name}: refused {}: damaged pattern database (checksum ",
        path.display()
    );
    assert!(line.starts_with(&refused), "{line}");
    assert!(line.contains("; built it again in "), "{line}");
    assert_eq!(rebuilt, loaded);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn boxes_are_built_once_then_loaded_and_rebuilt_when_damaged() {
    built_once_then_loaded_and_rebuilt_when_damaged::<EveryCell>(Algorithm::JpsPlusGb);
    built_once_then_loaded_and_rebuilt_when_damaged::<JumpPoints>(Algorithm::JpsPlusGbj);
}

#[test]
fn boxes_over_the_memory_budget_are_refused() {
    let (map, cases) = arena();
    // The index (4 bytes a cell) and JPS+'s table (16) fit, the boxes (64 more) do not.
    let limits = Limits::none().max_memory(map.cells() as u64 * 80);
    let mut searcher = GridSearcher::default();
    let eight = Connectivity::Eight;
    let (answer, _) = searcher.solve(&cases[0], eight, Algorithm::JpsPlusGb, &limits);
    assert_eq!(answer, Err(StopReason::MemoryLimit));
    assert_eq!(searcher.take_notes(), Vec::<String>::new());
    let (answer, _) = searcher.solve(&cases[0], eight, Algorithm::JpsPlus, &limits);
    assert!(answer.is_ok());
}

/// Boxes at jump points take 4 bytes a cell and 64 a jump point: refused a byte short of
/// that (with the index's 4 bytes a cell and JPS+'s 16), searched with it.
#[test]
fn boxes_at_jump_points_count_against_the_memory_budget() {
    let (map, cases) = arena();
    let jump_points = JumpPointBounds::build(&map).kept() as u64;
    let needed = map.cells() as u64 * (4 + 16 + 4) + jump_points * 64;
    assert_eq!(
        JumpPointBounds::bytes(&map),
        map.cells() as u64 * 4 + jump_points * 64
    );
    let eight = Connectivity::Eight;
    let short = Limits::none().max_memory(needed - 1);
    let mut searcher = GridSearcher::default();
    let (answer, _) = searcher.solve(&cases[0], eight, Algorithm::JpsPlusGbj, &short);
    assert_eq!(answer, Err(StopReason::MemoryLimit));
    let enough = Limits::none().max_memory(needed);
    let (answer, _) = searcher.solve(&cases[0], eight, Algorithm::JpsPlusGbj, &enough);
    assert!(answer.is_ok());
}
