//! What the grid benches hand `pathfinding`: Moving AI's rules over points.

use statespace_engine::OrderedFloat;
use statespace_grid::Map;

/// The eight neighbours of `(x, y)` on `map` that a step may enter, with real costs (1 or √2),
/// by the benchmark's rule for corners: a diagonal step needs both straight steps it passes.
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
