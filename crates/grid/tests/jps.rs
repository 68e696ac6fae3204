//! Online jump point search without intermediate jump points (Warthog's `jps2`): its diagonal
//! walk leaps as its jumps taken one at a time do and as JPS+'s table does (whose leaps are its
//! own jumps' too), and its answers are A*'s on random maps (before and after edits) and on the
//! arena's scenarios, every path walked step by step.

#[allow(dead_code)] // the scratch folders of the tables' tests
mod common;

use common::random_maps;

use proptest::prelude::*;
use statespace_engine::{Domain, Limits, Weights};
use statespace_grid::{
    Algorithm, Connectivity, Edit, Grid, GridCase, GridSearcher, Jump, JumpMap, JumpTable, Jumps,
    Leap, Map, Octile, OctileSteps, Step,
};

/// The leaps along the diagonal `step` from `at` as [`Jumps::leap_diagonal`] defines them, one
/// jump of `jumps` at a time: the diagonal jumped until blocked, the straight jumps of both
/// sides from each cell it stops at, the goal if reached.
fn leaps_jump_by_jump(
    jumps: &impl Jumps,
    at: (isize, isize),
    step: Step,
    goal: (isize, isize),
) -> Vec<Leap> {
    let (dx, dy) = step.offset();
    let side = |offset| Step::ALL.into_iter().find(|side| side.offset() == offset);
    let along = [side((dx, 0)).unwrap(), side((0, dy)).unwrap()];
    let (mut here, mut run, mut leaps) = (at, 0, Vec::new());
    while let Some(length) = jumps.jump_diagonal(here, step, goal) {
        run += length;
        here = (
            here.0 + dx as isize * length as isize,
            here.1 + dy as isize * length as isize,
        );
        let diagonal = Jump {
            step,
            length: run as u16,
        };
        if here == goal {
            let straight = Jump { step, length: 0 };
            leaps.push(Leap { diagonal, straight });
            break;
        }
        for side in along {
            if let Some(length) = jumps.jump_straight(here, side, goal) {
                let straight = Jump {
                    step: side,
                    length: length as u16,
                };
                leaps.push(Leap { diagonal, straight });
            }
        }
    }
    leaps
}

/// The open cells of `map`.
fn open_cells(map: &Map) -> Vec<(isize, isize)> {
    (0..map.height() as isize)
        .flat_map(|y| (0..map.width() as isize).map(move |x| (x, y)))
        .filter(|&(x, y)| map.is_open(x, y))
        .collect()
}

/// Whether the diagonal walks of `bits` from every cell of `cells` toward each goal of `goals`
/// leap as its jumps one at a time do, and as JPS+'s `table` does (its leaps also its jumps').
fn walks_leap_as_jumps(
    bits: &JumpMap,
    table: &JumpTable,
    cells: &[(isize, isize)],
    goals: &[(isize, isize)],
) -> Result<(), String> {
    let (mut walked, mut read) = (Vec::new(), Vec::new());
    for &goal in goals {
        for &at in cells {
            for step in [Step::NE, Step::SE, Step::SW, Step::NW] {
                walked.clear();
                read.clear();
                bits.leap_diagonal(at, step, goal, &mut walked);
                table.leap_diagonal(at, step, goal, &mut read);
                let expected = leaps_jump_by_jump(bits, at, step, goal);
                let read_one_at_a_time = leaps_jump_by_jump(table, at, step, goal);
                if walked != expected || read != expected || read_one_at_a_time != expected {
                    return Err(format!(
                        "{step} from {at:?} to {goal:?}: walked {walked:?}, its jumps one at a \
                         time {expected:?}; JPS+ {read:?}, its jumps one at a time \
                         {read_one_at_a_time:?}"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The steps of `case`'s answer by `searcher` and `algorithm`, walked: each allowed (no corner
/// cut), the last at the goal; the length they add up to, which must be the answer's.
fn walked_length(
    searcher: &mut GridSearcher,
    case: &GridCase,
    algorithm: Algorithm,
) -> Option<Octile> {
    let eight = Connectivity::Eight;
    let (answer, _) = searcher.solve(case, eight, algorithm, &Limits::none());
    let (steps, length) = answer.unwrap().path?;
    let grid = Grid::new(case.map.clone(), eight, case.goal);
    let mut cell = case.start;
    let mut walked = Octile::default();
    for step in steps {
        assert!(
            grid.allows(cell, step),
            "{step} from {cell} by {algorithm:?}"
        );
        walked = walked + OctileSteps.weight(&grid, &cell, step);
        grid.apply(&mut cell, step);
    }
    assert_eq!(cell, case.goal, "{algorithm:?}");
    assert_eq!(walked, length, "{algorithm:?}");
    Some(length)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On small random maps of every density, from every open cell toward every goal: the
    /// online diagonal walk's leaps are its jumps' and JPS+'s.
    #[test]
    fn the_diagonal_walk_leaps_as_its_jumps_do(map in random_maps(60, 1, 24, 24)) {
        let cells = open_cells(&map);
        let (bits, table) = (JumpMap::new(&map), JumpTable::build(map.clone()));
        prop_assert_eq!(walks_leap_as_jumps(&bits, &table, &cells, &cells), Ok(()));
    }

    /// On maps wider and taller than a round of the walk's scans (54 cells) and a read (56),
    /// mostly open so that the scans run long: the same, toward a few goals (and none).
    #[test]
    fn long_walks_leap_as_their_jumps_do(
        map in random_maps(12, 50, 150, 130),
        goals in prop::collection::vec(any::<prop::sample::Index>(), 3),
    ) {
        let cells = open_cells(&map);
        prop_assume!(!cells.is_empty());
        let mut goals: Vec<_> = goals.iter().map(|goal| cells[goal.index(cells.len())]).collect();
        goals.push((-5, -5));
        let (bits, table) = (JumpMap::new(&map), JumpTable::build(map.clone()));
        prop_assert_eq!(walks_leap_as_jumps(&bits, &table, &cells, &goals), Ok(()));
    }

    /// On random maps from open to nearly walled in, before and after random edits kept by the
    /// searcher: jump point search finds A*'s lengths (none where A* finds none), its paths
    /// walked step by step.
    #[test]
    fn jump_point_search_equals_astar_through_edits(
        map in random_maps(70, 1, 90, 60),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<bool>(), 1usize..5, 1usize..5), 0..6),
        pairs in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 8),
    ) {
        let (width, height) = (map.width(), map.height());
        let mut map = map;
        let mut searcher = GridSearcher::default();
        for round in 0..=edits.len() {
            for (start, goal) in &pairs {
                let (start, goal) = (start.index(map.cells()) as u32, goal.index(map.cells()) as u32);
                let case = GridCase { map: map.clone(), start, goal, optimal: None };
                let astar = walked_length(&mut GridSearcher::default(), &case, Algorithm::Astar);
                let jps = walked_length(&mut searcher, &case, Algorithm::Jps);
                prop_assert_eq!(jps, astar, "{:?}", case);
            }
            if let Some(&(x, y, open, w, h)) = edits.get(round) {
                let (x, y) = (x.index(width), y.index(height));
                let edit = if open { Edit::open(x, y) } else { Edit::close(x, y) };
                map = searcher.edit(&map, &edit.sized(w.min(width - x), h.min(height - y)));
            }
        }
    }
}

/// Every scenario of the arena: the published length, the path walked step by step, and as
/// many expansions as JPS+ (which leaps the same way, reading its jumps off a table).
#[test]
fn every_arena_scenario_has_its_length_and_jps_pluss_expansions() {
    let (_, cases) = common::arena();
    common::at_their_lengths(&mut GridSearcher::default(), &cases, Algorithm::Jps);
    let (mut online, mut table) = (GridSearcher::default(), GridSearcher::default());
    let eight = Connectivity::Eight;
    for case in &cases {
        let astar = walked_length(&mut GridSearcher::default(), case, Algorithm::Astar);
        assert_eq!(walked_length(&mut online, case, Algorithm::Jps), astar);
        let (_, jps) = online.solve(case, eight, Algorithm::Jps, &Limits::none());
        let (_, jps_plus) = table.solve(case, eight, Algorithm::JpsPlus, &Limits::none());
        assert_eq!(jps.expanded, jps_plus.expanded, "{case:?}");
    }
}
