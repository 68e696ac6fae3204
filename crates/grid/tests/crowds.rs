//! Crowds and shorter paths (issue 49, parts 4 and 5), on random maps against A*:
//! - a distance field's next steps reach the goal from every cell, each step allowed, at the
//!   optimal length (A*'s, exactly), and only from the cells A* reaches the goal from;
//! - Theta* is never longer than the octile optimum and never through a wall; smoothing an A*
//!   path never lengthens it nor crosses a wall; segments checked by a test of sight written
//!   here independently (every wall's square against the segment, separating axes).

use std::sync::Arc;

use proptest::prelude::*;
use statespace_engine::Limits;
use statespace_grid::{
    Algorithm, AnyAnglePath, Connectivity, Costs, DistanceField, GridCase, Map, Octile, euclidean,
    line_of_sight, solve, string_pull, theta_star,
};

/// A map of `width` × `height` from the letters of `cells` (walls, ground, swamp, water).
fn map_of(width: usize, height: usize, cells: &[u8], costs: Costs) -> Arc<Map> {
    let map = Map::new(width, height, cells.to_vec()).unwrap();
    Arc::new(map.with_costs(costs).unwrap())
}

/// Random letters: mostly ground, some walls, swamp and water.
fn letters(cells: usize) -> impl Strategy<Value = Vec<u8>> {
    let letter = prop::sample::select(vec![b'.', b'.', b'.', b'@', b'S', b'S', b'W']);
    prop::collection::vec(letter, cells)
}

/// A*'s exact length from `start` to `goal`, `None` when there is no path.
fn astar(map: &Arc<Map>, connectivity: Connectivity, start: u32, goal: u32) -> Option<Octile> {
    let case = GridCase {
        map: map.clone(),
        start,
        goal,
        optimal: None,
    };
    let (answer, _) = solve(&case, connectivity, Algorithm::Astar, &Limits::none());
    answer.unwrap().path.map(|(_, length)| length)
}

/// Whether the segment between the centres of `from` and `to` meets no square of a cell outside
/// the world of `from` (closed squares: edges and corners count): each such square in the
/// segment's box tested by separating axes (x, y, and the segment's normal), in doubled integer
/// coordinates.
fn sees(map: &Map, from: u32, to: u32) -> bool {
    let ((ax, ay), (bx, by)) = (map.position(from), map.position(to));
    let (px, py, qx, qy) = (
        2 * ax as i64 + 1,
        2 * ay as i64 + 1,
        2 * bx as i64 + 1,
        2 * by as i64 + 1,
    );
    let world = map.terrain(from);
    for y in ay.min(by)..=ay.max(by) {
        for x in ax.min(bx)..=ax.max(bx) {
            if map.terrain(map.cell(x as i64, y as i64).unwrap()) == world {
                continue;
            }
            let (left, top) = (2 * x as i64, 2 * y as i64);
            let corners = [
                (left, top),
                (left + 2, top),
                (left, top + 2),
                (left + 2, top + 2),
            ];
            let side = |(cx, cy): (i64, i64)| (qx - px) * (cy - py) - (qy - py) * (cx - px);
            let sides = corners.map(side);
            let apart = sides.iter().all(|&s| s > 0) || sides.iter().all(|&s| s < 0);
            // The boxes overlap (the square is inside the segment's box), so only the normal
            // can separate them.
            if !apart {
                return false;
            }
        }
    }
    true
}

/// Checks `path` from `start` to `goal`: its ends, each segment in sight (by [`sees`]), its
/// length the sum of its segments'.
fn check_path(map: &Map, path: &AnyAnglePath, start: u32, goal: u32) {
    assert_eq!(path.waypoints.first(), Some(&start));
    assert_eq!(path.waypoints.last(), Some(&goal));
    let mut length = 0.0;
    for pair in path.waypoints.windows(2) {
        assert!(sees(map, pair[0], pair[1]), "{pair:?} through a wall");
        length += euclidean(map, pair[0], pair[1]);
    }
    assert!((length - path.length).abs() < 1e-9);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// From every cell, the field's steps are allowed and reach the goal at A*'s length; cells
    /// with no step are those A* finds no path from.
    #[test]
    fn a_fields_steps_reach_the_goal_at_the_optimal_length(
        (width, height, cells) in (2usize..12, 2usize..12)
            .prop_flat_map(|(w, h)| (Just(w), Just(h), letters(w * h))),
        goal in any::<prop::sample::Index>(),
        costs in prop::sample::select(vec!["1", "S=3", "S=2,W=5", ".=2,S=3"]),
        four in any::<bool>(),
    ) {
        let costs = if costs == "1" { Costs::default() } else { Costs::parse(costs).unwrap() };
        let map = map_of(width, height, &cells, costs);
        let connectivity = if four { Connectivity::Four } else { Connectivity::Eight };
        let goal = goal.index(width * height) as u32;
        let field = DistanceField::build(&map, connectivity, goal, &Limits::none()).unwrap();
        for start in 0..(width * height) as u32 {
            let optimal = astar(&map, connectivity, start, goal);
            prop_assert_eq!(field.distance(start), optimal, "from {}", start);
            let Some((steps, length)) = field.path(start) else {
                prop_assert_eq!(optimal, None);
                continue;
            };
            // Walked again, step by step on the map's rules, paying as A* pays.
            let world = map.seen_from(goal);
            let (mut cell, mut walked) = (start, Octile::default());
            for &step in &steps {
                let grid = statespace_grid::Grid::new(world.clone(), connectivity, goal);
                prop_assert!(grid.allows(cell, step), "{} from {}", step, cell);
                cell = field.neighbour(cell, step);
                walked = walked + Octile::of(step, map.cost(cell));
            }
            prop_assert_eq!(cell, goal);
            prop_assert_eq!(Some(walked), optimal);
            prop_assert_eq!(Some(length), optimal);
        }
    }

    /// The test of sight agrees with the separating axes on every pair of cells.
    #[test]
    fn sight_agrees_with_separating_axes(
        (width, height, cells) in (1usize..9, 1usize..9)
            .prop_flat_map(|(w, h)| (Just(w), Just(h), letters(w * h))),
    ) {
        let map = map_of(width, height, &cells, Costs::default());
        for from in 0..(width * height) as u32 {
            let world = map.seen_from(from);
            if !world.is_passable(from) {
                continue;
            }
            for to in 0..(width * height) as u32 {
                prop_assert_eq!(line_of_sight(&world, from, to), sees(&map, from, to),
                    "{} to {}", from, to);
            }
        }
    }

    /// Theta* finds a path exactly when A* does, never longer than the octile optimum, never
    /// shorter than the straight line, every segment in sight; smoothing A*'s path neither
    /// lengthens it nor crosses a wall (nor a shore: swamp and water, of cost 1).
    #[test]
    fn theta_and_smoothing_are_no_longer_than_the_optimum_and_see_every_segment(
        (width, height, cells) in (2usize..16, 2usize..16)
            .prop_flat_map(|(w, h)| (Just(w), Just(h), letters(w * h))),
        ends in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 8),
    ) {
        let map = map_of(width, height, &cells, Costs::default());
        for (start, goal) in ends {
            let (start, goal) = (start.index(width * height) as u32, goal.index(width * height) as u32);
            let case = GridCase { map: map.clone(), start, goal, optimal: None };
            let (answer, _) = solve(&case, Connectivity::Eight, Algorithm::Astar, &Limits::none());
            let grid_path = answer.unwrap().path;
            let theta = theta_star(&map, start, goal, &Limits::none()).unwrap();
            prop_assert_eq!(theta.is_some(), grid_path.is_some());
            let (Some(theta), Some((steps, optimal))) = (theta, grid_path) else { continue };
            check_path(&map, &theta, start, goal);
            prop_assert!(theta.length <= optimal.length() + 1e-9,
                "{} against {}", theta.length, optimal.length());
            prop_assert!(theta.length >= euclidean(&map, start, goal) - 1e-9);
            let pulled = string_pull(&map, start, &steps).unwrap();
            check_path(&map, &pulled, start, goal);
            prop_assert!(pulled.length <= optimal.length() + 1e-9);
        }
    }
}
