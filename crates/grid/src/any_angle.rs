//! Shorter paths than the grid's: any-angle paths from cell centre to cell centre, each segment
//! in line of sight.
//!
//! - [`string_pull`]: a path of steps (A*'s) smoothed by visibility, each waypoint joined to the
//!   farthest later cell of the path it sees; never longer than the path it smooths.
//! - [`theta_star`]: Theta* (Nash, Daniel, Koenig and Felner 2007), A* whose nodes take their
//!   parent's parent as their own when they see it; never longer than the octile optimum.
//!
//! Line of sight keeps Moving AI's rules: a segment between two cell centres may not meet a
//! blocked cell (or one of the other world, water or land) at all, not even along an edge or
//! at a corner, so a single step is in line of sight exactly when the grid allows it (a
//! diagonal needs both cells beside it open).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use std::fmt::Write;
use std::time::Instant;

use serde::Serialize;
use statespace_engine::{Domain, Limits, Meter, OrderedFloat, Stats, StopReason, doubling};

use crate::domain::{Connectivity, Grid, Step};
use crate::map::Map;
use crate::scenario::GridCase;
use crate::solve::GridAnswer;
use crate::terrain::Costs;

/// An any-angle path as answers show it: its waypoints' columns and rows, and its length.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Waypoints {
    /// Where the path turns, `(x, y)` each, from the start to the goal.
    pub points: Vec<(usize, usize)>,
    /// The Euclidean length.
    pub length: f64,
}

impl Waypoints {
    /// The waypoints of `path` on `map`.
    pub fn new(map: &Map, path: &AnyAnglePath) -> Self {
        Self {
            points: path
                .waypoints
                .iter()
                .map(|&cell| map.position(cell))
                .collect(),
            length: path.length,
        }
    }

    /// The line the command line prints: the length to eight decimals, then each waypoint as
    /// `X,Y`.
    pub fn line(&self) -> String {
        let mut line = format!("{:.8}", self.length);
        for (x, y) in &self.points {
            let _ = write!(line, " {x},{y}");
        }
        line
    }
}

/// Why any-angle paths cannot be had on maps weighed by `costs` walked as `connectivity`
/// allows, if they cannot (the refusal front-ends print).
pub fn any_angle_refusal(costs: &Costs, connectivity: Connectivity) -> Option<String> {
    if connectivity == Connectivity::Four {
        return Some("any-angle paths follow eight-connected rules: use --connect 8".to_string());
    }
    (!costs.is_uniform()).then(|| AnyAngleError::Weighted(*costs).to_string())
}

/// Theta*'s answer to `case` (its start and goal in its map's world) within `limits`, with
/// what the search did; `None` where Theta* does not walk (costs, units larger than a cell,
/// four-connected maps: front-ends refuse those), for A* to answer.
pub(crate) fn theta_answer(
    case: &GridCase,
    connectivity: Connectivity,
    limits: &Limits,
) -> Option<(Result<GridAnswer, StopReason>, Stats)> {
    if connectivity == Connectivity::Four {
        return None;
    }
    let started = Instant::now();
    let (found, expanded) = theta_search(&case.map, case.start, case.goal, limits);
    let stats = Stats {
        expanded,
        elapsed: started.elapsed(),
        ..Stats::default()
    };
    let answer = match found {
        Err(AnyAngleError::Stopped(reason)) => Err(reason),
        Err(_) => return None,
        Ok(path) => Ok(GridAnswer {
            path: None,
            any_angle: path.map(|path| Waypoints::new(&case.map, &path)),
        }),
    };
    Some((answer, stats))
}

/// A path of segments between cell centres.
#[derive(Clone, Debug, PartialEq)]
pub struct AnyAnglePath {
    /// The cells the path turns at, from the start to the goal (both included; one cell when
    /// they are the same).
    pub waypoints: Vec<u32>,
    /// The path's Euclidean length.
    pub length: f64,
}

impl AnyAnglePath {
    /// The path through `waypoints` on `map`, its length summed.
    fn through(map: &Map, waypoints: Vec<u32>) -> Self {
        let length = waypoints
            .windows(2)
            .map(|pair| euclidean(map, pair[0], pair[1]))
            .sum();
        Self { waypoints, length }
    }
}

/// Why an any-angle search gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AnyAngleError {
    /// Segments cross cells of different costs, which any-angle paths do not weigh.
    #[error("any-angle paths are for maps of one cost, not --cost {0}")]
    Weighted(Costs),
    /// A unit larger than a cell sweeps more than the cells a segment crosses.
    #[error("any-angle paths are for units of one cell, not {0} x {0}")]
    Unit(usize),
    /// A limit stopped the search.
    #[error("stopped: {0}")]
    Stopped(StopReason),
}

/// Refuses what line of sight between cells cannot judge: costs, which segments would weigh
/// cell by cell, and units larger than a cell, whose sweep covers cells no segment crosses.
fn check_any_angle(map: &Map) -> Result<(), AnyAngleError> {
    if map.is_weighted() {
        return Err(AnyAngleError::Weighted(*map.costs()));
    }
    if map.unit() > 1 {
        return Err(AnyAngleError::Unit(map.unit()));
    }
    Ok(())
}

/// The straight-line distance between the centres of `from` and `to`.
pub fn euclidean(map: &Map, from: u32, to: u32) -> f64 {
    let ((ax, ay), (bx, by)) = (map.position(from), map.position(to));
    let (dx, dy) = (ax.abs_diff(bx) as f64, ay.abs_diff(by) as f64);
    dx.hypot(dy)
}

/// Whether the segment between the centres of `from` and `to` meets only cells of `map`'s world
/// (see the module's rules), in exact integer arithmetic.
pub fn line_of_sight(map: &Map, from: u32, to: u32) -> bool {
    let position = |cell| {
        let (x, y) = map.position(cell);
        (x as i64, y as i64)
    };
    let (a, b) = (position(from), position(to));
    let ((x0, y0), (x1, y1)) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    let open = |x: i64, y: i64| map.is_open(x as isize, y as isize);
    if x0 == x1 {
        return (y0.min(y1)..=y0.max(y1)).all(|y| open(x0, y));
    }
    // In doubled coordinates cell x spans [2x, 2x + 2] and its centre is 2x + 1; the segment's
    // doubled height at doubled abscissa X is num(X) / dx.
    let (dx, dy) = (x1 - x0, y1 - y0);
    let num = |big_x: i64| (2 * y0 + 1) * dx + dy * (big_x - 2 * x0 - 1);
    (x0..=x1).all(|column| {
        let low = (2 * column).max(2 * x0 + 1);
        let high = (2 * column + 2).min(2 * x1 + 1);
        let (first, last) = (num(low), num(high));
        let (least, most) = (first.min(last), first.max(last));
        // Rows r whose closed span [2r, 2r + 2] meets [least, most] / dx.
        let top = (least - 2 * dx).div_euclid(2 * dx)
            + i64::from((least - 2 * dx).rem_euclid(2 * dx) != 0);
        let bottom = most.div_euclid(2 * dx);
        (top..=bottom).all(|row| open(column, row))
    })
}

/// The cells of the path that takes `steps` from `start` on `map`, the start first.
pub fn path_cells(map: &Map, start: u32, steps: &[Step]) -> Vec<u32> {
    let width = map.width() as i64;
    let mut cell = i64::from(start);
    let mut cells = Vec::with_capacity(steps.len() + 1);
    cells.push(start);
    for step in steps {
        let (dx, dy) = step.offset();
        cell += dy * width + dx;
        cells.push(cell as u32);
    }
    cells
}

/// The path that takes `steps` from `start` on `map` (allowed steps, such as A*'s answer),
/// smoothed by visibility: from each waypoint, straight to the farthest later cell of the path
/// in line of sight before the next cell that is not. Never longer than the steps (each
/// segment replaces steps between its ends, a triangle inequality). Sight is taken in the
/// start's world (land, or water).
///
/// # Errors
/// On a map with costs, or walked by units larger than a cell.
pub fn string_pull(
    map: &Arc<Map>,
    start: u32,
    steps: &[Step],
) -> Result<AnyAnglePath, AnyAngleError> {
    check_any_angle(map)?;
    let world = map.seen_from(start);
    let map = &*world;
    let cells = path_cells(map, start, steps);
    let mut waypoints = vec![start];
    let mut anchor = start;
    for pair in cells.windows(2) {
        let (here, next) = (pair[0], pair[1]);
        if here != anchor && !line_of_sight(map, anchor, next) {
            waypoints.push(here);
            anchor = here;
        }
    }
    if let Some(&goal) = cells.last()
        && goal != anchor
    {
        waypoints.push(goal);
    }
    Ok(AnyAnglePath::through(map, waypoints))
}

/// No parent yet.
const NO_PARENT: u32 = u32::MAX;

/// An entry of Theta*'s open list: the estimate of the whole path, the cost so far (negated,
/// so that ties go to the deeper node) and the cell.
type Entry = Reverse<(OrderedFloat<f64>, OrderedFloat<f64>, u32)>;

/// What Theta* holds a cell of the map: a cost, a parent and a closed flag.
const CELL_BYTES: usize = size_of::<f64>() + size_of::<u32>() + 1;

/// The bytes Theta* needs for `map`: a cost, a parent and a closed flag a cell, and room in
/// the open list for an entry a cell. Should the open list grow past that, its growth is
/// counted against the budget too.
pub fn theta_bytes(map: &Map) -> u64 {
    (map.cells() * (CELL_BYTES + size_of::<Entry>())) as u64
}

/// An any-angle path from `start` to `goal` on `map` by Theta*, or `None` when the goal cannot
/// be reached; the world walked is the start's (land or water). Eight-connected, no cutting
/// corners; never longer than the octile optimum (nodes keep the grid's step when their
/// parent's parent is out of sight).
///
/// # Errors
/// On a map with costs (segments would cross cells of different costs) or walked by units
/// larger than a cell, and when a limit of
/// `limits` stops the search (the memory budget before it starts).
pub fn theta_star(
    map: &Arc<Map>,
    start: u32,
    goal: u32,
    limits: &Limits,
) -> Result<Option<AnyAnglePath>, AnyAngleError> {
    theta_search(map, start, goal, limits).0
}

/// [`theta_star`]'s answer, and how many cells it expanded.
fn theta_search(
    map: &Arc<Map>,
    start: u32,
    goal: u32,
    limits: &Limits,
) -> (Result<Option<AnyAnglePath>, AnyAngleError>, u64) {
    let mut expanded = 0;
    let found = theta_expanding(map, (start, goal), limits, &mut expanded);
    (found, expanded)
}

/// [`theta_star`], counting its expansions in `expanded`.
fn theta_expanding(
    map: &Arc<Map>,
    (start, goal): (u32, u32),
    limits: &Limits,
    expanded: &mut u64,
) -> Result<Option<AnyAnglePath>, AnyAngleError> {
    check_any_angle(map)?;
    if !limits.fits(theta_bytes(map)) {
        return Err(AnyAngleError::Stopped(StopReason::MemoryLimit));
    }
    let world = map.seen_from(start);
    if !world.is_passable(start) || !world.is_passable(goal) {
        return Ok(None);
    }
    let grid = Grid::new(world.clone(), Connectivity::Eight, goal);
    let map = &*world;
    let cells = map.cells();
    let (mut cost, mut parent, mut closed) = (
        vec![f64::INFINITY; cells],
        vec![NO_PARENT; cells],
        vec![false; cells],
    );
    let mut open: BinaryHeap<Entry> = BinaryHeap::with_capacity(cells);
    let cell_bytes = (cells * CELL_BYTES) as u64;
    let mut meter = Meter::new(limits);
    let mut steps = Vec::with_capacity(8);
    let estimate = |cell| OrderedFloat(euclidean(map, cell, goal));
    cost[start as usize] = 0.0;
    parent[start as usize] = start;
    open.push(Reverse((estimate(start), OrderedFloat(0.0), start)));
    while let Some(Reverse((_, _, cell))) = open.pop() {
        if std::mem::replace(&mut closed[cell as usize], true) {
            continue;
        }
        if cell == goal {
            let mut waypoints = vec![goal];
            let mut at = goal;
            while at != start {
                at = parent[at as usize];
                waypoints.push(at);
            }
            waypoints.reverse();
            return Ok(Some(AnyAnglePath::through(map, waypoints)));
        }
        meter
            .before_expansion(*expanded)
            .map_err(AnyAngleError::Stopped)?;
        *expanded += 1;
        let grandparent = parent[cell as usize];
        steps.clear();
        grid.actions(&cell, &mut steps);
        for &step in &steps {
            let next = grid.neighbour(cell, step);
            if closed[next as usize] {
                continue;
            }
            let (through, by) = if line_of_sight(map, grandparent, next) {
                let far = cost[grandparent as usize] + euclidean(map, grandparent, next);
                (far, grandparent)
            } else {
                let length = if step.is_diagonal() {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                (cost[cell as usize] + length, cell)
            };
            if through < cost[next as usize] {
                cost[next as usize] = through;
                parent[next as usize] = by;
                // Ties of f to the deeper node, the nearer to the goal.
                let f = OrderedFloat(through + estimate(next).0);
                if open.len() == open.capacity() {
                    let held = (open.capacity() * size_of::<Entry>()) as u64;
                    meter
                        .holds(cell_bytes + doubling(held, held))
                        .map_err(AnyAngleError::Stopped)?;
                }
                open.push(Reverse((f, OrderedFloat(-through), next)));
            }
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(rows: &[&str]) -> Arc<Map> {
        let text = format!(
            "type octile\nheight {}\nwidth {}\nmap\n{}\n",
            rows.len(),
            rows[0].len(),
            rows.join("\n")
        );
        Arc::new(Map::parse(&text).unwrap())
    }

    #[test]
    fn sight_follows_the_corner_rule() {
        let map = map(&["...", ".@.", "..."]);
        let cell = |x, y| map.cell(x, y).unwrap();
        // Beside the wall along an edge, but never touching it: seen.
        assert!(line_of_sight(&map, cell(0, 0), cell(2, 0)));
        // Corner to corner through the wall, and a diagonal step touching its corner: not.
        assert!(!line_of_sight(&map, cell(0, 0), cell(2, 2)));
        assert!(!line_of_sight(&map, cell(0, 0), cell(1, 1)));
        assert!(!line_of_sight(&map, cell(1, 0), cell(2, 1)));
        // A knight's move grazes the wall's corner: not seen either.
        assert!(!line_of_sight(&map, cell(0, 0), cell(2, 1)));
        assert!(line_of_sight(&map, cell(0, 0), cell(0, 2)));
    }

    #[test]
    fn theta_cuts_across_an_open_room() {
        let map = map(&[".....", ".....", "....."]);
        let (start, goal) = (map.cell(0, 0).unwrap(), map.cell(4, 1).unwrap());
        let path = theta_star(&map, start, goal, &Limits::none())
            .unwrap()
            .unwrap();
        assert_eq!(path.waypoints, [start, goal]);
        assert!((path.length - 17f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn theta_refuses_costs_and_honours_limits() {
        let weighted = Map::parse("type octile\nheight 1\nwidth 3\nmap\n.S.\n").unwrap();
        let weighted = Arc::new(weighted.with_costs(Costs::parse("S=3").unwrap()).unwrap());
        let error = theta_star(&weighted, 0, 2, &Limits::none()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "any-angle paths are for maps of one cost, not --cost S=3"
        );
        let open = map(&["....", "...."]);
        let stopped = theta_star(&open, 0, 7, &Limits::none().max_expanded(1));
        assert_eq!(stopped, Err(AnyAngleError::Stopped(StopReason::NodeLimit)));
        let small = theta_star(&open, 0, 7, &Limits::none().max_memory(100));
        assert_eq!(small, Err(AnyAngleError::Stopped(StopReason::MemoryLimit)));
    }

    /// A regression: a unit of 2 x 2 was given the sight of one cell, which misses cells its
    /// sweep covers.
    #[test]
    fn any_angle_paths_refuse_units_larger_than_a_cell() {
        let open = map(&["....", "....", "...."]);
        let two = Arc::new(Map::clone(&open).with_unit(2).unwrap());
        let error = theta_star(&two, 0, 2, &Limits::none()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "any-angle paths are for units of one cell, not 2 x 2"
        );
        assert_eq!(
            string_pull(&two, 0, &[Step::E, Step::E]),
            Err(AnyAngleError::Unit(2))
        );
    }

    #[test]
    fn string_pulling_keeps_the_turn_round_a_wall() {
        let map = map(&["....", ".@@.", "...."]);
        use Step::*;
        // Down the left side and along the bottom: the corner cell (0, 2) is where it must turn.
        let steps = [S, S, E, E, E];
        let path = string_pull(&map, 0, &steps).unwrap();
        assert_eq!(path.waypoints, [0, 8, 11]);
        assert!((path.length - 5.0).abs() < 1e-12);
    }

    /// A regression: a path on water was pulled with the sight of land, seeing nothing.
    #[test]
    fn string_pulling_sees_across_water() {
        let map = map(&["..WWW", "..WWW"]);
        let path = string_pull(&map, 2, &[Step::E, Step::SE]).unwrap();
        assert_eq!(path.waypoints, [2, 9]);
    }
}
