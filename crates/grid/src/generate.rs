//! Random maps and scenarios for `gen`.

use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::Limits;

use crate::domain::Connectivity;
use crate::map::Map;
use crate::scenario::GridCase;
use crate::solve::{Algorithm, GridSearcher};

/// A `width` × `height` map whose cells are blocked (`@`) with probability `walls` (from 0 to
/// 1), and `count` scenarios between passable cells that reach each other, each with its
/// optimal length under `connectivity`; the same for the same `seed`. Fewer scenarios when the
/// map has too few connected cells to draw them from. Starts and goals differ.
pub fn random_scenarios(
    width: usize,
    height: usize,
    walls: f64,
    connectivity: Connectivity,
    count: usize,
    seed: u64,
) -> Result<(Arc<Map>, Vec<GridCase>), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let cells = (0..width * height)
        .map(|_| if rng.random_bool(walls) { b'@' } else { b'.' })
        .collect();
    let map = Arc::new(Map::new(width, height, cells)?);
    let open: Vec<u32> = (0..map.cells() as u32)
        .filter(|&cell| map.is_passable(cell))
        .collect();
    let mut scenarios = Vec::with_capacity(count);
    let mut searcher = GridSearcher::default();
    // Pairs that do not reach each other are drawn again, a bounded number of times.
    for _ in 0..count.saturating_mul(8) {
        if scenarios.len() == count || open.is_empty() {
            break;
        }
        let mut case = GridCase {
            map: map.clone(),
            start: open[rng.random_range(0..open.len())],
            goal: open[rng.random_range(0..open.len())],
            optimal: None,
        };
        if case.start == case.goal {
            continue;
        }
        let (answer, _) = searcher.solve(&case, connectivity, Algorithm::Astar, &Limits::none());
        if let Some(length) = answer.ok().and_then(|answer| answer.length()) {
            case.optimal = Some(length);
            scenarios.push(case);
        }
    }
    Ok((map, scenarios))
}

#[cfg(test)]
mod tests {
    use crate::*;

    #[test]
    fn random_scenarios_reach_their_goals_and_follow_the_seed() {
        let (map, cases) = random_scenarios(20, 10, 0.25, Connectivity::Eight, 30, 7).unwrap();
        assert_eq!((map.width(), map.height(), cases.len()), (20, 10, 30));
        assert!(cases.iter().all(|case| case.optimal.is_some()));
        assert!(cases.iter().all(|case| case.start != case.goal));
        let again = random_scenarios(20, 10, 0.25, Connectivity::Eight, 30, 7).unwrap();
        assert_eq!(again.1, cases);
        let walled = random_scenarios(5, 5, 1.0, Connectivity::Eight, 3, 1).unwrap();
        assert!(walled.1.is_empty());
    }
}
