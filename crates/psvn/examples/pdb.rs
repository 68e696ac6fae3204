//! Builds (or loads) pattern databases of a PSVN domain and solves random states with them, or
//! chooses abstractions automatically; prints sizes, times and nodes.
//!
//! `cargo run -p statespace-psvn --release --example pdb -- DOMAIN.psvn [ABST...|auto[=SIZE]]
//! [--cache DIR] [--solve N WALK]`

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::pattern_database::TableCache;
use statespace_engine::{Domain, Limits, idastar::idastar};
use statespace_psvn::{
    Abstraction, AutoOptions, MaxPdb, Psvn, PsvnDomain, PsvnPdb, choose_abstractions,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let domain_path = args
        .first()
        .ok_or("usage: pdb DOMAIN.psvn [ABST...|auto[=SIZE]]")?;
    let psvn = Psvn::parse(domain_path, &std::fs::read_to_string(domain_path)?)?;
    let cache = args
        .iter()
        .position(|a| a == "--cache")
        .map(|i| TableCache::new(&args[i + 1]));
    let solve = args.iter().position(|a| a == "--solve").map(|i| {
        let n: usize = args[i + 1].parse().unwrap_or(5);
        let walk: usize = args[i + 2].parse().unwrap_or(60);
        (n, walk)
    });
    let mut tables = Vec::new();
    for spec in args[1..].iter().take_while(|a| !a.starts_with("--")) {
        let started = Instant::now();
        if let Some(options) = AutoOptions::from_spec(spec) {
            let choice = choose_abstractions(&psvn, &options, &Limits::none())?;
            println!(
                "auto: {} tables, {} bytes, mean {:.2}, {:.2} s",
                choice.tables.tables().len(),
                choice.bytes(),
                choice.mean,
                started.elapsed().as_secs_f64()
            );
            for abstraction in choice.abstractions() {
                print!("{abstraction}");
            }
            tables.extend(choice.tables.into_tables());
            continue;
        }
        let abstraction = Abstraction::parse(spec, &std::fs::read_to_string(spec)?, &psvn)?;
        let table = match &cache {
            Some(cache) => PsvnPdb::load_or_build(&psvn, &abstraction, cache, &Limits::none())?.0,
            None => PsvnPdb::build(&psvn, &abstraction, &Limits::none())?,
        };
        println!(
            "{spec}: {} entries, mean {:.3}, histogram {:?}, {:.2} s",
            table.table().len(),
            table.mean(),
            table.table().histogram(),
            started.elapsed().as_secs_f64()
        );
        tables.push(table);
    }
    if let Some((count, walk)) = solve {
        solve_random(&psvn, &MaxPdb::new(tables), count, walk)?;
    }
    Ok(())
}

fn solve_random(
    psvn: &Psvn,
    heuristic: &MaxPdb,
    count: usize,
    walk: usize,
) -> Result<(), Box<dyn std::error::Error>> {
    let domain = PsvnDomain::new(psvn)?;
    let goal = domain.goal_state().ok_or("no goal state")?;
    let mut random = ChaCha8Rng::seed_from_u64(2026);
    let mut moves = Vec::new();
    for _ in 0..count {
        let mut state = goal.clone();
        for _ in 0..walk {
            moves.clear();
            domain.actions(&state, &mut moves);
            domain.apply(&mut state, moves[random.random_range(0..moves.len())]);
        }
        let started = Instant::now();
        let result = idastar(&domain, &state, heuristic, &Limits::none());
        let cost = result.outcome.solution().map(|s| s.cost);
        println!(
            "{}: h {} cost {cost:?}, {} nodes, {:.2} s",
            domain.format_state(&state),
            heuristic.estimate_state(&state),
            result.stats.expanded,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
