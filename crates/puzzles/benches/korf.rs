//! The field's standard benchmarks: Korf's 100 15-puzzle instances (and Korf & Felner's 24-puzzle
//! instances) solved optimally with additive pattern databases, one line per instance, then the
//! totals: lengths against the recorded optima, nodes generated, search time.
//!
//! ```sh
//! cargo bench --bench korf                                  # korf100, 7-8 + reflection
//! KORF_LAYOUT=555 cargo bench --bench korf                  # 5-5-5 + reflection
//! KORF_FILE=../shared/benchmarks/korf24.txt KORF_IDS=38,40,25,32,44,37,30,13,1,28 \
//!     KORF_THREADS=2 cargo bench --bench korf               # the ten easiest 24-puzzles
//! ```
//!
//! Other variables: `KORF_REFLECT=0` (no reflection), `STATESPACE_PDB_DIR` (the tables' folder,
//! default the user's cache folder). Tables missing from the folder are built first (and timed).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use statespace_engine::Limits;
use statespace_engine::pattern_database::{BuildOptions, TableCache, default_cache_dir};
use statespace_puzzles::sliding::pdb::{
    Board, Layout, PatternTables, Solver, TableEvent, parse_instances,
};

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|value| !value.is_empty())
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let file = var("KORF_FILE").map_or_else(
        || root.join("../shared/benchmarks/korf100.txt"),
        PathBuf::from,
    );
    let text = std::fs::read_to_string(&file)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", file.display()));
    let wanted: Option<Vec<String>> =
        var("KORF_IDS").map(|ids| ids.split(',').map(|id| id.trim().to_string()).collect());
    let threads: usize = var("KORF_THREADS").map_or(1, |n| n.parse().expect("KORF_THREADS"));
    let reflect = var("KORF_REFLECT").is_none_or(|value| value != "0");
    let cache =
        TableCache::new(var("STATESPACE_PDB_DIR").map_or_else(default_cache_dir, PathBuf::from));
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .expect("thread pool");

    let mut instances: Vec<_> = parse_instances(&text, None)
        .map(|instance| instance.expect("a well-formed benchmark file"))
        .filter(|instance| wanted.as_ref().is_none_or(|ids| ids.contains(&instance.id)))
        .collect();
    if let Some(ids) = &wanted {
        instances.sort_by_key(|instance| ids.iter().position(|id| *id == instance.id));
    }
    let geometry = instances.first().expect("no instance").geometry;
    let cells = geometry.cells() as u8;
    let goal = Board::new(&(0..cells).collect::<Vec<_>>()).expect("blank-first goal");
    let layout = match var("KORF_LAYOUT") {
        Some(name) => Layout::named(&name, &geometry, 0).expect("a known layout"),
        None => Layout::default_for(&geometry, 0).expect("a 4x4 or 5x5 file"),
    };

    let started = Instant::now();
    let options = BuildOptions {
        progress: Some("building".into()),
        ..BuildOptions::default()
    };
    let tables =
        PatternTables::load_or_build(
            &cache,
            &geometry,
            0,
            &layout,
            &options,
            |event| match event {
                TableEvent::Loaded { path, elapsed } => {
                    eprintln!("loaded {} in {elapsed:.2?}", path.display())
                }
                TableEvent::Building { path, .. } => eprintln!("building {}", path.display()),
                TableEvent::Built { path, elapsed, .. } => {
                    eprintln!("built {} in {elapsed:.2?}", path.display())
                }
            },
        )
        .expect("tables");
    let preparation = started.elapsed();
    let solver = Solver::new(geometry, goal, &tables, reflect);

    println!(
        "{} instances of {}, layout {layout}{}, {threads} thread(s)",
        instances.len(),
        file.display(),
        if solver.reflects() {
            " + reflection"
        } else {
            ""
        }
    );
    let mut total_nodes = 0u64;
    let mut total_time = Duration::ZERO;
    let mut mismatches = 0;
    for instance in &instances {
        let result = solver.solve(&instance.board, &Limits::none(), threads);
        let solution = result.outcome.solution().expect("solvable instance");
        let length = solution.actions.len() as u32;
        let verdict = match instance.optimal {
            Some(optimal) if optimal == length => "optimal",
            Some(_) => {
                mismatches += 1;
                "MISMATCH"
            }
            None => "",
        };
        total_nodes += result.stats.generated;
        total_time += result.stats.elapsed;
        println!(
            "{:>4} {length:>4} {verdict:>8} {:>14} generated {:>10.3} s",
            instance.id,
            result.stats.generated,
            result.stats.elapsed.as_secs_f64()
        );
    }
    println!(
        "tables {:.3} s; {} solved, {mismatches} length mismatches; {} nodes generated ({:.0} per instance); search {:.3} s",
        preparation.as_secs_f64(),
        instances.len(),
        total_nodes,
        total_nodes as f64 / instances.len() as f64,
        total_time.as_secs_f64()
    );
    assert_eq!(
        mismatches, 0,
        "some lengths differ from the recorded optima"
    );
}
