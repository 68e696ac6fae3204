//! What the grid benches share: the map they read, and what they hand `pathfinding` (Moving
//! AI's rules over points).

use std::sync::Arc;

use statespace_engine::OrderedFloat;
use statespace_grid::Map;

/// The map whose file the environment variable `variable` names, else the arena of the tests.
#[allow(dead_code)] // not every bench reads one
pub fn map_named_by(variable: &str) -> Arc<Map> {
    let text = match std::env::var(variable) {
        Ok(path) => std::fs::read_to_string(path).expect("a readable map"),
        Err(_) => include_str!("../../tests/data/arena.map").to_string(),
    };
    Arc::new(Map::parse(&text).expect("a map"))
}

/// The eight neighbours of `(x, y)` on `map` that a step may enter, with real costs (1 or √2),
/// by the benchmark's rule for corners: a diagonal step needs both straight steps it passes.
#[allow(dead_code)] // not every bench hands `pathfinding` a map
pub fn octile_successors(map: &Map, point: (i64, i64)) -> Vec<((i64, i64), OrderedFloat<f64>)> {
    let open = |x: i64, y: i64| map.cell(x, y).is_some_and(|cell| map.is_passable(cell));
    successors_where(open, |_| 1.0, point)
}

/// The eight neighbours of `(x, y)` that are `open`, by the benchmark's rule for corners (a
/// diagonal step needs both straight steps it passes), each costing its length (1 or √2) times
/// the `cost` of the point it enters.
#[allow(dead_code)] // not every bench hands `pathfinding` a map
#[inline(always)]
pub fn successors_where(
    open: impl Fn(i64, i64) -> bool,
    cost: impl Fn((i64, i64)) -> f64,
    (x, y): (i64, i64),
) -> Vec<((i64, i64), OrderedFloat<f64>)> {
    let mut out = Vec::with_capacity(8);
    for dy in -1..=1 {
        for dx in -1..=1 {
            let diagonal = dx != 0 && dy != 0;
            if (dx, dy) != (0, 0)
                && open(x + dx, y + dy)
                && (!diagonal || (open(x + dx, y) && open(x, y + dy)))
            {
                let length = if diagonal {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                let next = (x + dx, y + dy);
                out.push((next, OrderedFloat(length * cost(next))));
            }
        }
    }
    out
}

/// The octile distance between two points times `least`, the least cost of a cell: the
/// estimate `pathfinding`'s A* is given, the one ours uses.
#[allow(dead_code)] // not every bench hands `pathfinding` an estimate
pub fn octile_estimate((x, y): (i64, i64), (gx, gy): (i64, i64), least: f64) -> OrderedFloat<f64> {
    let (dx, dy) = ((x - gx).abs() as f64, (y - gy).abs() as f64);
    OrderedFloat((dx.max(dy) + (std::f64::consts::SQRT_2 - 1.0) * dx.min(dy)) * least)
}
