//! Grid maps: the Moving AI benchmark's own optimal lengths, A* against Dijkstra and plain BFS,
//! and exact octile lengths.

use std::cmp::Ordering;

use proptest::prelude::*;
use statespace_engine::bfs::bfs;
use statespace_engine::idastar::idastar_weighted;
use statespace_engine::{Cost, Domain, Limits, Weights};
use statespace_grid::{
    Algorithm, Connectivity, Grid, GridCase, Octile, OctileSteps, TOLERANCE, parse,
    random_scenarios, solve,
};

/// The arena map of the benchmark with its 130 scenarios.
fn arena() -> Vec<GridCase> {
    let text = [
        include_str!("data/arena.map"),
        include_str!("data/arena.map.scen"),
    ]
    .concat();
    parse(&text).collect::<Result<_, _>>().unwrap()
}

/// The steps of `case`'s answer, replayed: they must be allowed and end at the goal; their
/// length.
fn replayed_length(
    case: &GridCase,
    connectivity: Connectivity,
    algorithm: Algorithm,
) -> Option<f64> {
    let (answer, _) = solve(case, connectivity, algorithm, &Limits::none());
    let (steps, length) = answer.unwrap().path?;
    let grid = Grid::new(case.map.clone(), connectivity, case.goal);
    let mut cell = case.start;
    let mut walked = Octile::default();
    for step in steps {
        assert!(grid.allows(cell, step), "{step} from {cell}");
        walked = walked + OctileSteps.weight(&grid, &cell, step);
        grid.apply(&mut cell, step);
    }
    assert_eq!(cell, case.goal);
    assert_eq!(walked, length);
    Some(length.length())
}

#[test]
fn every_arena_scenario_has_its_published_length() {
    let cases = arena();
    assert_eq!(cases.len(), 130);
    for (number, case) in cases.iter().enumerate() {
        let recorded = case.optimal.unwrap();
        for algorithm in [
            Algorithm::Astar,
            Algorithm::Dijkstra,
            Algorithm::Jps,
            Algorithm::JpsPlus,
        ] {
            let length = replayed_length(case, Connectivity::Eight, algorithm).unwrap();
            assert!(
                (length - recorded).abs() <= TOLERANCE,
                "scenario {number} by {algorithm:?}: {length} against {recorded}"
            );
        }
    }
}

#[test]
fn the_shipped_example_checks_out() {
    let cases: Vec<GridCase> = parse(include_str!("../../../examples/grid.txt"))
        .collect::<Result<_, _>>()
        .unwrap();
    for case in cases {
        let length = replayed_length(&case, Connectivity::Eight, Algorithm::Astar);
        match case.optimal {
            Some(recorded) => assert!((length.unwrap() - recorded).abs() <= TOLERANCE),
            None => assert_eq!(length, None),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On random maps: A* and Dijkstra find the same lengths, walking eight ways; walking four
    /// ways, the same as a breadth-first search counts steps.
    #[test]
    fn astar_dijkstra_and_bfs_agree(seed in 0u64..1_000_000, walls in 0u32..45) {
        let walls = f64::from(walls) / 100.0;
        let (_, cases) = random_scenarios(24, 16, walls, Connectivity::Eight, 6, seed).unwrap();
        for case in &cases {
            let astar = replayed_length(case, Connectivity::Eight, Algorithm::Astar);
            let dijkstra = replayed_length(case, Connectivity::Eight, Algorithm::Dijkstra);
            prop_assert_eq!(astar, dijkstra);
            prop_assert!((astar.unwrap() - case.optimal.unwrap()).abs() <= TOLERANCE);
            let grid = Grid::new(case.map.clone(), Connectivity::Four, case.goal);
            let steps = bfs(&grid, &case.start, &Limits::none()).outcome.solution().map(|s| s.actions.len() as f64);
            for algorithm in [Algorithm::Astar, Algorithm::Dijkstra] {
                prop_assert_eq!(replayed_length(case, Connectivity::Four, algorithm), steps);
            }
        }
    }

    /// On random maps of every density, from open to nearly walled in, of sides that straddle a
    /// word of 64 cells: jump point search, online and by JPS+'s tables, finds A*'s lengths (and
    /// no path where A* finds none), its paths replayed step by step.
    #[test]
    fn jump_point_search_finds_astars_lengths(
        seed in 0u64..1_000_000,
        walls in 0u32..70,
        width in 1usize..140,
        height in 1usize..70,
    ) {
        let walls = f64::from(walls) / 100.0;
        let (map, cases) = random_scenarios(width, height, walls, Connectivity::Eight, 6, seed).unwrap();
        let open: Vec<u32> = (0..map.cells() as u32).filter(|&cell| map.is_passable(cell)).collect();
        // Pairs that may not reach each other too.
        let unreached = open.first().zip(open.last()).map(|(&start, &goal)| GridCase {
            map: map.clone(),
            start,
            goal,
            optimal: None,
        });
        for case in cases.iter().chain(&unreached) {
            let astar = replayed_length(case, Connectivity::Eight, Algorithm::Astar);
            let rounded = |length: Option<f64>| length.map(|length| (length * 1e6).round());
            for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
                let jps = replayed_length(case, Connectivity::Eight, algorithm);
                prop_assert_eq!(rounded(astar), rounded(jps), "{:?}", algorithm);
            }
        }
    }

    /// Octile lengths compare as their real values do.
    #[test]
    fn octile_lengths_compare_exactly(a in (0u32..5000, 0u32..5000), b in (0u32..5000, 0u32..5000)) {
        let (a, b) = (Octile { straight: a.0, diagonal: a.1 }, Octile { straight: b.0, diagonal: b.1 });
        let expected = if a == b {
            Ordering::Equal
        } else {
            a.length().partial_cmp(&b.length()).unwrap()
        };
        prop_assert_eq!(a.cmp(&b), expected);
        prop_assert!(((a + b).length() - (a.length() + b.length())).abs() < 1e-9);
    }

    /// Octile lengths compare exactly, by their keys (the open list's order) or without, on both
    /// sides of the keys' range (counts up to 2^20) and at near ties: `p` straight steps against
    /// `q` diagonal ones, `p / q` a convergent of √2, `p − q√2` as small as `1 / 2q√2`.
    #[test]
    fn octile_keys_order_near_ties_exactly(
        base in (0u32..1 << 21, 0u32..1 << 21),
        convergent in 0usize..16,
        keyed_base in any::<bool>(),
    ) {
        let (mut p, mut q) = (1u32, 1u32);
        for _ in 0..convergent {
            (p, q) = (p + 2 * q, p + q);
        }
        let base = if keyed_base { (base.0 >> 2, base.1 >> 2) } else { base };
        let a = Octile { straight: base.0 + p, diagonal: base.1 };
        let b = Octile { straight: base.0, diagonal: base.1 + q };
        // The sign of p − q√2: p² against 2q², exactly.
        let expected = (u64::from(p) * u64::from(p)).cmp(&(2 * u64::from(q) * u64::from(q)));
        prop_assert_eq!(a.cmp(&b), expected);
        prop_assert_eq!(b.cmp(&a), expected.reverse());
        if let (Some(a_key), Some(b_key)) = (a.key(), b.key()) {
            prop_assert_eq!(a_key.cmp(&b_key), expected);
        }
    }
}

#[test]
fn idastar_with_exact_octile_costs_agrees_on_short_scenarios() {
    let short: Vec<GridCase> = arena()
        .into_iter()
        .filter(|case| case.optimal.unwrap() < 8.0)
        .collect();
    assert_eq!(short.len(), 20);
    for case in short {
        let grid = Grid::new(case.map.clone(), Connectivity::Eight, case.goal);
        let estimate = |&cell: &u32| grid.estimate(cell);
        let result = idastar_weighted(&grid, &case.start, &OctileSteps, &estimate, &Limits::none());
        let length = result.outcome.solution().unwrap().cost.length();
        assert!((length - case.optimal.unwrap()).abs() <= TOLERANCE);
    }
}
