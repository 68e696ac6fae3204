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
pub fn octile_successors(map: &Map, (x, y): (i64, i64)) -> Vec<((i64, i64), OrderedFloat<f64>)> {
    let open = |x: i64, y: i64| map.cell(x, y).is_some_and(|cell| map.is_passable(cell));
    let mut out = Vec::with_capacity(8);
    for dy in -1..=1 {
        for dx in -1..=1 {
            let diagonal = dx != 0 && dy != 0;
            if (dx, dy) != (0, 0)
                && open(x + dx, y + dy)
                && (!diagonal || (open(x + dx, y) && open(x, y + dy)))
            {
                let cost = if diagonal {
                    std::f64::consts::SQRT_2
                } else {
                    1.0
                };
                out.push(((x + dx, y + dy), OrderedFloat(cost)));
            }
        }
    }
    out
}
