//! Terrain (issue 49, part 2): Moving AI's letters, water apart from land, and costs per
//! letter. A* and Dijkstra against each other and against a reference written here from the
//! rules alone (a plain Dijkstra over `a + b√2` lengths kept as pairs of whole numbers).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use proptest::prelude::*;
use statespace_engine::Limits;
use statespace_grid::{
    Algorithm, Connectivity, Costs, GridCase, GridSearcher, Map, Octile, Step, Terrain, parse,
    solve,
};

/// The letter's world: `None` for a wall.
fn world(cell: u8) -> Option<bool> {
    match cell {
        b'.' | b'G' | b'S' => Some(false),
        b'W' => Some(true),
        _ => None,
    }
}

/// The least length from `start` to `goal` on `rows` (the map's letters) for a unit of
/// `unit` × `unit` cells standing on its top-left cell, steps costing their length times the
/// largest `cost` of the letters under the unit after the step: a step along a side to where
/// every cell under the unit is of the start's world, across a corner when both steps along
/// the sides could be taken too. Lengths as `(straight, diagonal)` sums, compared exactly by
/// [`Octile`]'s order.
fn reference(
    rows: &[Vec<u8>],
    unit: usize,
    cost: impl Fn(u8) -> u32,
    start: (usize, usize),
    goal: (usize, usize),
) -> Option<Octile> {
    let (height, width) = (rows.len(), rows[0].len());
    let kind = world(rows[start.1][start.0])?;
    let under = |x: isize, y: isize| {
        (0..unit as isize).flat_map(move |dy| (0..unit as isize).map(move |dx| (x + dx, y + dy)))
    };
    let same = |x: isize, y: isize| {
        under(x, y).all(|(x, y)| {
            (0..width as isize).contains(&x)
                && (0..height as isize).contains(&y)
                && world(rows[y as usize][x as usize]) == Some(kind)
        })
    };
    let paid = |x: usize, y: usize| {
        under(x as isize, y as isize)
            .map(|(x, y)| cost(rows[y as usize][x as usize]))
            .max()
            .unwrap()
    };
    if !same(start.0 as isize, start.1 as isize) || !same(goal.0 as isize, goal.1 as isize) {
        return None;
    }
    let mut best = vec![None::<Octile>; width * height];
    let mut open = BinaryHeap::new();
    best[start.1 * width + start.0] = Some(Octile::default());
    open.push(Reverse((Octile::default(), start)));
    while let Some(Reverse((length, (x, y)))) = open.pop() {
        if (x, y) == goal {
            return Some(length);
        }
        if best[y * width + x].is_some_and(|known| known < length) {
            continue;
        }
        for step in Step::ALL {
            let (dx, dy) = step.offset();
            let (nx, ny) = (x as isize + dx as isize, y as isize + dy as isize);
            let diagonal = dx != 0 && dy != 0;
            if !same(nx, ny) || (diagonal && !(same(nx, y as isize) && same(x as isize, ny))) {
                continue;
            }
            let (nx, ny) = (nx as usize, ny as usize);
            let next = length + Octile::of(step, paid(nx, ny));
            let slot = &mut best[ny * width + nx];
            if slot.is_none_or(|known| next < known) {
                *slot = Some(next);
                open.push(Reverse((next, (nx, ny))));
            }
        }
    }
    None
}

/// A map of `rows` weighed by `costs`.
fn map(rows: &[Vec<u8>], costs: Costs) -> Arc<Map> {
    let cells = rows.concat();
    Arc::new(
        Map::new(rows[0].len(), rows.len(), cells)
            .unwrap()
            .with_costs(costs)
            .unwrap(),
    )
}

/// The answer of `algorithm` to the scenario from `start` to `goal`, its path replayed: every
/// step stays in the start's world and does not cut a corner, and the steps' costs add up to
/// the length.
fn answer(map: &Arc<Map>, algorithm: Algorithm, start: u32, goal: u32) -> Option<Octile> {
    let case = GridCase {
        map: map.clone(),
        start,
        goal,
        optimal: None,
    };
    let (answer, _) = solve(&case, Connectivity::Eight, algorithm, &Limits::none());
    let (steps, length) = answer.unwrap().path?;
    let kind = map.terrain(start);
    let (mut x, mut y) = map.position(start);
    let mut walked = Octile::default();
    let in_world = |x: i64, y: i64| map.cell(x, y).is_some_and(|cell| map.terrain(cell) == kind);
    for step in steps {
        let (dx, dy) = step.offset();
        let (nx, ny) = (x as i64 + dx, y as i64 + dy);
        assert!(in_world(nx, ny), "{step} from ({x}, {y}) leaves its world");
        if step.is_diagonal() {
            assert!(
                in_world(nx, y as i64) && in_world(x as i64, ny),
                "{step} cuts a corner"
            );
        }
        let cell = map.cell(nx, ny).unwrap();
        walked = walked + Octile::of(step, map.cost(cell));
        (x, y) = (nx as usize, ny as usize);
    }
    assert_eq!(map.cell(x as i64, y as i64), Some(goal));
    assert_eq!(walked, length);
    Some(length)
}

/// Random rows of terrain: walls with probability `walls` in 100, the rest ground, goal, swamp
/// and water as `mix` draws them.
fn rows_of(width: usize, height: usize) -> impl Strategy<Value = Vec<Vec<u8>>> {
    let letter = prop::sample::select(vec![
        b'.', b'.', b'.', b'G', b'S', b'S', b'W', b'W', b'@', b'T',
    ]);
    prop::collection::vec(prop::collection::vec(letter, width), height)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// On random maps of random terrain and costs: A* and Dijkstra find the reference's
    /// lengths exactly (no path where it finds none), their paths never joining water to land.
    #[test]
    fn weighted_astar_equals_dijkstra_and_the_reference(
        rows in (4usize..20, 3usize..14).prop_flat_map(|(w, h)| rows_of(w, h)),
        costs in prop::collection::vec(1u32..9, 4),
        pairs in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 6),
    ) {
        let mut weights = Costs::uniform();
        for (letter, &cost) in ['.', 'G', 'S', 'W'].into_iter().zip(&costs) {
            weights = weights.with(letter, cost).unwrap();
        }
        let map = map(&rows, weights);
        let walkable: Vec<u32> = (0..map.cells() as u32).filter(|&cell| map.is_walkable(cell)).collect();
        prop_assume!(!walkable.is_empty());
        for (from, to) in &pairs {
            let (start, goal) = (walkable[from.index(walkable.len())], walkable[to.index(walkable.len())]);
            let expected = reference(&rows, 1, |cell| weights.of(cell), map.position(start), map.position(goal));
            let astar = answer(&map, Algorithm::Astar, start, goal);
            let dijkstra = answer(&map, Algorithm::Dijkstra, start, goal);
            prop_assert_eq!(astar, expected);
            prop_assert_eq!(dijkstra, expected);
            if map.terrain(start) != map.terrain(goal) {
                prop_assert_eq!(astar, None);
            }
        }
    }

    /// On random maps of random terrain at cost 1: jump point search, online and by JPS+'s
    /// tables, finds A*'s lengths, in water as on land.
    #[test]
    fn jump_point_search_walks_each_world(
        rows in (4usize..70, 3usize..20).prop_flat_map(|(w, h)| rows_of(w, h)),
        pairs in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 6),
    ) {
        let map = map(&rows, Costs::uniform());
        let walkable: Vec<u32> = (0..map.cells() as u32).filter(|&cell| map.is_walkable(cell)).collect();
        prop_assume!(!walkable.is_empty());
        for (from, to) in &pairs {
            let (start, goal) = (walkable[from.index(walkable.len())], walkable[to.index(walkable.len())]);
            let astar = answer(&map, Algorithm::Astar, start, goal);
            prop_assert_eq!(astar, reference(&rows, 1, |_| 1, map.position(start), map.position(goal)));
            for algorithm in [Algorithm::Jps, Algorithm::JpsPlus] {
                prop_assert_eq!(answer(&map, algorithm, start, goal), astar, "{:?}", algorithm);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Units of 1 to 4 cells a side (issue 49, part 3), on random terrain with and without
    /// costs: every algorithm (jump point search at cost 1) finds the reference's length over
    /// the positions where the unit fits, before and after random edits.
    #[test]
    fn units_walk_where_they_fit(
        rows in (4usize..24, 4usize..16).prop_flat_map(|(w, h)| rows_of(w, h)),
        unit in 1usize..5,
        weighted in any::<bool>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<bool>()), 0..4),
        pairs in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 4),
    ) {
        let weights = if weighted { Costs::parse("S=3,W=2,G=5").unwrap() } else { Costs::uniform() };
        let (width, height) = (rows[0].len(), rows.len());
        prop_assume!(unit <= width.min(height));
        let mut letters = rows.clone();
        let mut map = Arc::new(Map::clone(&map(&rows, weights)).with_unit(unit).unwrap());
        let mut searcher = statespace_grid::GridSearcher::default();
        let algorithms: &[Algorithm] = if weighted {
            &[Algorithm::Astar, Algorithm::Dijkstra]
        } else {
            &[Algorithm::Astar, Algorithm::Dijkstra, Algorithm::Jps, Algorithm::JpsPlus]
        };
        for round in 0..=edits.len() {
            if round > 0 {
                let (x, y, open) = edits[round - 1];
                let (x, y) = (x.index(width), y.index(height));
                let edit = if open { statespace_grid::Edit::open(x, y) } else { statespace_grid::Edit::close(x, y) };
                letters[y][x] = match (open, letters[y][x]) {
                    (false, _) => b'@',
                    (true, b'@' | b'T') => b'.',
                    (true, letter) => letter,
                };
                map = searcher.edit(&map, &edit);
            }
            for (from, to) in &pairs {
                let (start, goal) = (from.index(map.cells()) as u32, to.index(map.cells()) as u32);
                let expected = reference(&letters, unit, |cell| weights.of(cell), map.position(start), map.position(goal));
                for &algorithm in algorithms {
                    let case = GridCase { map: map.clone(), start, goal, optimal: None };
                    let (found, _) = searcher.solve(&case, Connectivity::Eight, algorithm, &Limits::none());
                    let found = found.unwrap().path.map(|(_, length)| length);
                    prop_assert_eq!(found, expected, "{:?}, round {}", algorithm, round);
                }
            }
        }
    }
}

/// Water is a world of its own: a boat goes round the island, a walker round the lake, and
/// neither reaches the other's cells; swamp is ground for walking, dearer when it costs more.
#[test]
fn water_and_land_never_join() {
    let text = "type octile\nheight 5\nwidth 7\nmap\n\
                WWWWWWW\n\
                W..S..W\n\
                W.@S@.W\n\
                W.....W\n\
                WWWWWWW\n";
    let plain = Arc::new(Map::parse(text).unwrap());
    assert!(plain.has_water());
    let cell = |x, y| plain.cell(x, y).unwrap();
    assert_eq!(plain.terrain(cell(0, 0)), Terrain::Water);
    assert_eq!(plain.terrain(cell(3, 1)), Terrain::Land);
    let length =
        |map: &Arc<Map>, from, to| answer(map, Algorithm::Astar, from, to).map(Octile::length);
    // Along the top row of water: 6 steps east.
    assert_eq!(length(&plain, cell(0, 0), cell(6, 0)), Some(6.0));
    // From water to land, from land to water: no path, though the cells touch.
    assert_eq!(length(&plain, cell(0, 1), cell(1, 1)), None);
    assert_eq!(length(&plain, cell(1, 1), cell(0, 1)), None);
    // Through the swamp at cost 1: straight down the middle column.
    assert_eq!(length(&plain, cell(3, 1), cell(3, 3)), Some(2.0));
    // At cost 5 the swamp's two cells cost 10, more than going round by (1, 3): 2√2 + 2 + …
    let dear = Arc::new(
        plain
            .as_ref()
            .clone()
            .with_costs(Costs::parse("S=5").unwrap())
            .unwrap(),
    );
    let round = answer(&dear, Algorithm::Astar, cell(3, 1), cell(3, 3)).unwrap();
    assert_eq!(
        round,
        reference(&rows(&dear), 1, |c| dear.costs().of(c), (3, 1), (3, 3)).unwrap()
    );
    assert!(
        round.length() < 10.0 && round.length() > 2.0,
        "{}",
        round.length()
    );
    // Every algorithm agrees in the water, at cost 1.
    for algorithm in [Algorithm::Dijkstra, Algorithm::Jps, Algorithm::JpsPlus] {
        assert_eq!(
            length(&plain, cell(0, 4), cell(6, 0)),
            answer(&plain, algorithm, cell(0, 4), cell(6, 0)).map(Octile::length)
        );
    }
}

/// The rows of `map`'s letters.
fn rows(map: &Map) -> Vec<Vec<u8>> {
    map.to_string()
        .lines()
        .skip(4)
        .map(|row| row.as_bytes().to_vec())
        .collect()
}

/// The library answers Theta* and jump point search by A* where they do not walk (weighted
/// terrain), and its searcher says so, once however many scenarios it answers.
#[test]
fn a_search_answered_by_astar_instead_says_so_once() {
    let weighted = map(
        &[b"..S.".to_vec(), b".@S.".to_vec(), b"....".to_vec()],
        Costs::parse("S=3").unwrap(),
    );
    let case = GridCase {
        map: weighted.clone(),
        start: 0,
        goal: 3,
        optimal: None,
    };
    for (algorithm, note) in [
        (
            Algorithm::Theta,
            "theta: Theta* walks eight-connected maps of one cost, units of a cell; this path is \
             A*'s",
        ),
        (
            Algorithm::Jps,
            "jps: jump point search walks eight-connected maps of one cost; this path is A*'s",
        ),
    ] {
        let mut searcher = GridSearcher::default();
        for _ in 0..3 {
            let (found, _) = searcher.solve(&case, Connectivity::Eight, algorithm, &Limits::none());
            assert_eq!(
                found.unwrap().path.unwrap().1,
                answer(&weighted, Algorithm::Astar, 0, 3).unwrap()
            );
        }
        assert_eq!(searcher.take_notes(), vec![note.to_string()]);
    }
}

/// A scenario may start or end in water (it used to be a wall); letters Moving AI does not
/// define are refused with their line; the library answers jump point search by A* on weighted
/// maps (front-ends refuse it there).
#[test]
fn scenarios_read_water_and_refuse_unknown_letters() {
    let header = "type octile\nheight 2\nwidth 3\nmap\nWW.\nW@.\n";
    let cases: Vec<GridCase> = parse(&format!("{header}0 0 0 1\n"))
        .collect::<Result<_, _>>()
        .unwrap();
    let (found, _) = solve(
        &cases[0],
        Connectivity::Eight,
        Algorithm::Astar,
        &Limits::none(),
    );
    assert_eq!(found.unwrap().line(), "1.00000000 S");
    let bad = "type octile\nheight 2\nwidth 3\nmap\nWW.\nW~.\n0 0 0 1\n";
    let error = parse(bad).next().unwrap().unwrap_err().to_string();
    assert_eq!(
        error,
        "line 6: '~' in column 2 is not a map cell (ground . G, swamp S, water W, blocked @ O T)"
    );
    let weighted = Costs::parse("S=3").unwrap();
    assert!(
        Algorithm::Jps
            .refusal(&weighted, Connectivity::Eight)
            .unwrap()
            .starts_with("jump point search is not exact on weighted terrain (--cost S=3)")
    );
    assert_eq!(
        Algorithm::Astar.refusal(&weighted, Connectivity::Eight),
        None
    );
    assert_eq!(
        Algorithm::JpsPlus.refusal(&Costs::uniform(), Connectivity::Eight),
        None
    );
    let rows = vec![b"..S.".to_vec(), b".SS.".to_vec(), b"....".to_vec()];
    let dear = map(&rows, weighted);
    let (start, goal) = (dear.cell(0, 0).unwrap(), dear.cell(3, 0).unwrap());
    assert_eq!(
        answer(&dear, Algorithm::Jps, start, goal),
        answer(&dear, Algorithm::Astar, start, goal)
    );
}
