//! Maps that change (issue 49, part 1): after random edits, every algorithm of a searcher that
//! kept its jumps and tables through them answers as A* does on the map rebuilt from scratch,
//! and JPS+'s repaired table is the table built afresh; a unit that replans as it walks (D* Lite)
//! finds A*'s lengths too.

use std::sync::Arc;

use proptest::prelude::*;
use statespace_engine::{Limits, StopReason, Weights};
use statespace_grid::{
    Algorithm, Connectivity, Costs, Edit, Grid, GridCase, GridSearcher, JumpTable, Map, Octile,
    Replanner, Step, TerrainSteps,
};

/// Random rows: walls with probability `walls` in 100, water now and then.
fn rows_of(width: usize, height: usize, walls: u32) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(0u32..100, width * height).prop_map(move |draws| {
        draws
            .into_iter()
            .map(|draw| match draw {
                d if d < walls => b'@',
                d if d < walls + 4 => b'W',
                d if d % 7 == 0 => b'S',
                _ => b'.',
            })
            .collect()
    })
}

/// An edit somewhere on a map of `width` × `height`: a cell or a rectangle, opened or closed.
fn edit_on(width: usize, height: usize) -> impl Strategy<Value = Edit> {
    (0..width, 0..height, any::<bool>(), 1usize..4, 1usize..4).prop_map(
        move |(x, y, open, w, h)| {
            let edit = if open {
                Edit::open(x, y)
            } else {
                Edit::close(x, y)
            };
            edit.sized(w.min(width - x), h.min(height - y))
        },
    )
}

/// The length `searcher` finds from `start` to `goal` on `map` by `algorithm`.
fn length(
    searcher: &mut GridSearcher,
    map: &Arc<Map>,
    algorithm: Algorithm,
    (start, goal): (u32, u32),
) -> Option<Octile> {
    let case = GridCase {
        map: map.clone(),
        start,
        goal,
        optimal: None,
    };
    let (answer, _) = searcher.solve(&case, Connectivity::Eight, algorithm, &Limits::none());
    answer.unwrap().path.map(|(_, length)| length)
}

const ALGORITHMS: [Algorithm; 4] = [
    Algorithm::Astar,
    Algorithm::Dijkstra,
    Algorithm::Jps,
    Algorithm::JpsPlus,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Edits between queries, on maps from open to dense: every algorithm of the searcher that
    /// lived through them finds A*'s lengths on the map rebuilt from its letters by a fresh
    /// searcher (no path to a goal walled in).
    #[test]
    fn after_edits_every_algorithm_equals_astar_on_the_rebuilt_map(
        (width, height, cells, edits) in (2usize..40, 2usize..24, 0u32..50).prop_flat_map(|(w, h, walls)| {
            (Just(w), Just(h), rows_of(w, h, walls), prop::collection::vec(edit_on(w, h), 1..10))
        }),
        pairs in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 4),
    ) {
        let mut map = Arc::new(Map::new(width, height, cells).unwrap());
        let mut searcher = GridSearcher::default();
        let pick = |map: &Map, (from, to): &(prop::sample::Index, prop::sample::Index)| {
            let cells = map.cells();
            (from.index(cells) as u32, to.index(cells) as u32)
        };
        for edit in &edits {
            // Every algorithm searches before the edit, so that the searcher keeps its jumps
            // and tables for the map the edit changes.
            for algorithm in ALGORITHMS {
                length(&mut searcher, &map, algorithm, pick(&map, &pairs[0]));
            }
            map = searcher.edit(&map, edit);
            let rebuilt = Arc::new(Map::new(width, height, map_letters(&map)).unwrap());
            for pair in &pairs {
                let (start, goal) = pick(&map, pair);
                let expected = length(&mut GridSearcher::default(), &rebuilt, Algorithm::Astar, (start, goal));
                if !rebuilt.is_walkable(goal) || !rebuilt.is_walkable(start) {
                    prop_assert_eq!(expected, None);
                }
                for algorithm in ALGORITHMS {
                    let found = length(&mut searcher, &map, algorithm, (start, goal));
                    prop_assert_eq!(found, expected, "{:?} after {}", algorithm, edit);
                }
            }
        }
    }

    /// JPS+'s table repaired after each edit is the table built afresh on the edited map.
    #[test]
    fn a_repaired_table_is_the_table_built_afresh(
        (width, height, cells, edits) in (1usize..70, 1usize..40, 0u32..60).prop_flat_map(|(w, h, walls)| {
            (Just(w), Just(h), rows_of(w, h, walls), prop::collection::vec(edit_on(w, h), 1..12))
        }),
    ) {
        let mut map = Map::new(width, height, cells).unwrap();
        let mut table = JumpTable::build(Arc::new(map.clone()));
        for edit in &edits {
            map.apply(edit);
            let map = Arc::new(map.clone());
            table.repair(map.clone(), edit_area(edit));
            prop_assert_eq!(&table, &JumpTable::build(map), "after {}", edit);
        }
    }
}

/// The columns and rows an edit covers, last ones included.
fn edit_area(edit: &Edit) -> ((usize, usize), (usize, usize)) {
    (
        (edit.x, edit.y),
        (edit.x + edit.width - 1, edit.y + edit.height - 1),
    )
}

/// The letters of `map`, row by row.
fn map_letters(map: &Map) -> Vec<u8> {
    map.to_string()
        .lines()
        .skip(4)
        .flat_map(|row| row.bytes().collect::<Vec<_>>())
        .collect()
}

/// A goal walled in by an edit has no path; opened again, the path comes back, by every
/// algorithm of the same searcher.
#[test]
fn a_goal_walled_in_has_no_path_until_opened() {
    let mut map =
        Arc::new(Map::parse("type octile\nheight 3\nwidth 5\nmap\n.....\n.....\n.....\n").unwrap());
    let mut searcher = GridSearcher::default();
    let (start, goal) = (0, 14);
    for algorithm in ALGORITHMS {
        let found = length(&mut searcher, &map, algorithm, (start, goal)).unwrap();
        assert_eq!(
            found,
            Octile {
                straight: 2,
                diagonal: 2
            }
        );
    }
    map = searcher.edit(&map, &Edit::close(4, 2));
    for algorithm in ALGORITHMS {
        assert_eq!(
            length(&mut searcher, &map, algorithm, (start, goal)),
            None,
            "{algorithm:?}"
        );
    }
    // A wall down column 2 but its last cell: through that cell, no corner cut beside the
    // wall, one diagonal and four straight steps.
    map = searcher.edit(&map, &Edit::open(4, 2));
    map = searcher.edit(&map, &Edit::close(2, 0).sized(1, 2));
    for algorithm in ALGORITHMS {
        let found = length(&mut searcher, &map, algorithm, (start, goal)).unwrap();
        assert_eq!(
            found,
            Octile {
                straight: 4,
                diagonal: 1
            },
            "{algorithm:?}"
        );
    }
    assert!(
        searcher
            .take_notes()
            .iter()
            .any(|note| note.starts_with("jps+: repaired the table after `close 2 0 1 2`"))
    );
}

/// The map `letters` (of `width` × `height`) rebuilt from scratch, weighed by `costs` and
/// walked by units of `unit` cells.
fn rebuilt(width: usize, height: usize, letters: Vec<u8>, costs: Costs, unit: usize) -> Arc<Map> {
    let map = Map::new(width, height, letters).unwrap();
    Arc::new(map.with_costs(costs).unwrap().with_unit(unit).unwrap())
}

proptest! {
    // Many cases: a planner that forgot how far the unit moved (D* Lite's k_m) fails only
    // rarely (the regressions file keeps such a case, and one that missed the cells beside
    // an edit).
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// A unit walks part of its path, cells open and close, it replans (D* Lite), and again:
    /// each path costs what a fresh A* finds on the map rebuilt from its letters, and walks
    /// that map's allowed steps; over densities, terrain costs, unit sizes and both
    /// connectivities.
    #[test]
    fn replanning_equals_a_fresh_astar_on_the_rebuilt_map(
        (width, height, cells, rounds) in (2usize..30, 2usize..20, 0u32..45).prop_flat_map(|(w, h, walls)| {
            let round = (0usize..5, prop::collection::vec(edit_on(w, h), 0..5));
            (Just(w), Just(h), rows_of(w, h, walls), prop::collection::vec(round, 1..8))
        }),
        (from, to) in (any::<prop::sample::Index>(), any::<prop::sample::Index>()),
        (weighted, unit, four) in (any::<bool>(), 1usize..3, any::<bool>()),
    ) {
        let costs = if weighted { Costs::parse("S=3,W=2").unwrap() } else { Costs::default() };
        let unit = unit.min(width).min(height);
        let connectivity = if four { Connectivity::Four } else { Connectivity::Eight };
        let map = rebuilt(width, height, cells, costs, unit);
        let (start, goal) = (from.index(map.cells()) as u32, to.index(map.cells()) as u32);
        let mut walker = Replanner::new(&map, connectivity, start, goal).unwrap();
        for (walk, edits) in rounds {
            let (answer, _) = walker.path(&Limits::none());
            let path = answer.unwrap().path;
            let map = rebuilt(width, height, map_letters(walker.map()), costs, unit);
            let case = GridCase { map, start: walker.position(), goal, optimal: None };
            let (fresh, _) = GridSearcher::default().solve(&case, connectivity, Algorithm::Astar, &Limits::none());
            let expected = fresh.unwrap().path.map(|(_, length)| length);
            prop_assert_eq!(path.as_ref().map(|(_, length)| *length), expected);
            let (next, _) = walker.next_step(&Limits::none());
            let first = path.as_ref().map(|(steps, length)| (steps.first().copied(), *length));
            prop_assert_eq!(next.unwrap(), first);
            if let Some((steps, length)) = &path {
                let world = case.map.seen_from(case.start);
                let grid = Grid::new(world, connectivity, goal);
                let mut at = case.start;
                let mut walked = Octile::default();
                for &step in steps {
                    prop_assert!(grid.allows(at, step), "{} from {}", step, at);
                    walked = walked + TerrainSteps.weight(&grid, &at, step);
                    at = grid.neighbour(at, step);
                }
                prop_assert_eq!((at, walked), (goal, *length));
                for &step in steps.iter().take(walk) {
                    walker.advance(step).unwrap();
                }
            }
            for edit in &edits {
                walker.edit(edit).unwrap();
            }
        }
    }
}

/// A unit on water whose cell is closed and opened again stands on land ('.'): it plans on
/// land from there, as a fresh search does (it kept planning on water, and found no path).
#[test]
fn a_replanner_follows_its_cell_from_water_to_land() {
    let map = Arc::new(Map::parse("type octile\nheight 3\nwidth 2\nmap\nWW\nW.\nW.\n").unwrap());
    let mut walker = Replanner::new(&map, Connectivity::Eight, 0, 2).unwrap();
    let line = |walker: &mut Replanner| walker.path(&Limits::none()).0.unwrap().line();
    assert_eq!(line(&mut walker), "1.00000000 S");
    walker.advance(Step::S).unwrap();
    walker.edit(&Edit::close(0, 0).sized(1, 2)).unwrap();
    assert_eq!(line(&mut walker), "no path");
    walker.edit(&Edit::open(0, 0).sized(1, 2)).unwrap();
    assert_eq!(line(&mut walker), "0.00000000");
    assert_eq!(
        walker.next_step(&Limits::none()).0.unwrap(),
        Some((None, Octile::default()))
    );
}

/// A goal the edits wall off has no path, and opened again its path comes back; an edit off
/// the map and a step into a wall are refused; limits stop a replan and say which.
#[test]
fn a_replanner_walled_off_refused_and_limited() {
    let map =
        Arc::new(Map::parse("type octile\nheight 3\nwidth 5\nmap\n.....\n.....\n.....\n").unwrap());
    let mut walker = Replanner::new(&map, Connectivity::Eight, 0, 14).unwrap();
    let line = |walker: &mut Replanner| walker.path(&Limits::none()).0.unwrap().line();
    assert_eq!(line(&mut walker), "4.82842712 E E SE SE");
    walker.edit(&Edit::close(3, 0).sized(1, 3)).unwrap();
    assert_eq!(line(&mut walker), "no path");
    walker.edit(&Edit::open(3, 2)).unwrap();
    assert_eq!(line(&mut walker), "4.82842712 SE SE E E");
    assert_eq!(
        walker.edit(&Edit::close(5, 0)).unwrap_err(),
        "the 1 x 1 cells from (5, 0) are off the map of 5 x 3"
    );
    assert_eq!(
        walker.advance(Step::N).unwrap_err(),
        "no step N from (0, 0)"
    );
    assert!(Replanner::new(&map, Connectivity::Eight, 0, 15).is_err());
    walker.advance(Step::E).unwrap();
    walker.edit(&Edit::close(2, 2)).unwrap();
    let (stopped, stats) = walker.path(&Limits::none().max_expanded(1));
    assert_eq!((stopped, stats.expanded), (Err(StopReason::NodeLimit), 1));
    assert_eq!(line(&mut walker), "no path");
}
