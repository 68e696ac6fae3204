//! Any-angle lengths against the octile optimum (issue 49, part 5): for each scenario of a
//! Moving AI scenario file, A*'s optimal octile path, that path string-pulled, and Theta*'s
//! path; prints the mean ratio of each length to the optimum, the worst ratio, and the CPU time
//! of each method over the file (best of three rounds).
//!
//! `cargo run --release -p statespace-grid --example any_angle_lengths -- MAP SCEN`

use std::sync::Arc;
use std::time::{Duration, Instant};

use statespace_engine::Limits;
use statespace_grid::bench::read_bench_cases;
use statespace_grid::{Algorithm, Connectivity, GridSearcher, Map, string_pull, theta_star};

/// A scenario's lengths: the octile optimum, string-pulled, Theta*'s.
type Lengths = (f64, f64, f64);

/// Picks one length of a scenario's.
type Pick = fn(&Lengths) -> f64;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [map_path, scen_path] = args.as_slice() else {
        return Err("usage: any_angle_lengths MAP SCEN".to_string());
    };
    let read = |path: &str| std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"));
    let map = Map::parse(&read(map_path)?).map_err(|e| format!("{map_path}: {e}"))?;
    let map = Arc::new(map.named(map_path));
    let cases =
        read_bench_cases(&map, &read(scen_path)?).map_err(|e| format!("{scen_path}: {e}"))?;
    let mut searcher = GridSearcher::default();
    let (mut best, mut rows) = ([Duration::MAX; 3], Vec::new());
    for _ in 0..3 {
        rows.clear();
        let mut spent = [Duration::ZERO; 3];
        for bench in &cases {
            let case = &bench.case;
            let clock = Instant::now();
            let (answer, _) =
                searcher.solve(case, Connectivity::Eight, Algorithm::Astar, &Limits::none());
            spent[0] += clock.elapsed();
            let Some((steps, optimal)) = answer.map_err(|e| e.to_string())?.path else {
                continue;
            };
            let clock = Instant::now();
            let pulled = string_pull(&case.map, case.start, &steps).unwrap();
            spent[1] += clock.elapsed();
            let clock = Instant::now();
            let theta = theta_star(&case.map, case.start, case.goal, &Limits::none())
                .map_err(|e| e.to_string())?
                .ok_or("Theta* found no path where A* did")?;
            spent[2] += clock.elapsed();
            rows.push((optimal.length(), pulled.length, theta.length));
        }
        for (best, spent) in best.iter_mut().zip(spent) {
            *best = (*best).min(spent);
        }
    }
    let paths: Vec<_> = rows.iter().filter(|row| row.0 > 0.0).collect();
    let ratio = |pick: Pick| {
        let ratios: Vec<f64> = paths.iter().map(|row| pick(row) / row.0).collect();
        let mean = ratios.iter().sum::<f64>() / ratios.len() as f64;
        let worst = ratios.iter().copied().fold(0.0, f64::max);
        let best = ratios.iter().copied().fold(f64::MAX, f64::min);
        (mean, best, worst)
    };
    println!("{} scenarios with a path of positive length", paths.len());
    println!("method          mean/optimum  least   most    time (best of 3)");
    let methods: [(&str, Pick); 3] = [
        ("astar (octile)", |row| row.0),
        ("string-pulled", |row| row.1),
        ("theta*", |row| row.2),
    ];
    for ((name, pick), time) in methods.into_iter().zip(best) {
        let (mean, least, most) = ratio(pick);
        println!("{name:<15} {mean:.6}      {least:.4}  {most:.4}  {time:.1?}");
    }
    println!("string-pulling's time is on top of A*'s");
    Ok(())
}
