//! The 2×2×2 cube's whole space (3,674,160 positions, half-turn metric) searched one way per
//! process, for `/usr/bin/time` to measure: `-- table` builds the engine's `distance_table`, `--
//! bfs` runs `bfs_with` and a `DenseSet` from the solved cube over every position (a search with
//! no goal, the plain search a distance table should not be slower than).
//!
//! `cargo run --release -p statespace-puzzles --example tables -- table`

use statespace_engine::bfs::bfs_with;
use statespace_engine::distance_table::distance_table;
use statespace_engine::index::DenseSet;
use statespace_engine::{Domain, Limits, PerfectHash};
use statespace_puzzles::cube::{Corners, Metric, Move, PocketCube};

/// The cube with no goal: a breadth-first search then visits every position.
struct Everything(PocketCube);

impl Domain for Everything {
    type State = Corners;
    type Action = Move;
    fn actions(&self, cube: &Corners, out: &mut Vec<Move>) {
        self.0.actions(cube, out);
    }
    fn apply(&self, cube: &mut Corners, turn: Move) {
        self.0.apply(cube, turn);
    }
    fn invert(&self, turn: Move) -> Option<Move> {
        self.0.invert(turn)
    }
    fn is_goal(&self, _: &Corners) -> bool {
        false
    }
}

impl PerfectHash for Everything {
    fn size(&self) -> u64 {
        self.0.size()
    }
    fn rank(&self, cube: &Corners) -> u64 {
        self.0.rank(cube)
    }
    fn unrank(&self, rank: u64) -> Corners {
        self.0.unrank(rank)
    }
}

fn main() {
    let cube = PocketCube {
        metric: Metric::Htm,
    };
    let limits = Limits::none();
    let started = std::time::Instant::now();
    let (states, layers) = match std::env::args().nth(1).as_deref() {
        Some("table") => {
            let build = distance_table(&cube, &[Corners::SOLVED], &limits);
            let histogram = build.table.expect("no limit").histogram();
            (histogram.iter().sum::<u64>(), histogram.len())
        }
        Some("bfs") => {
            let space = Everything(cube);
            let mut visited = DenseSet::new(&space);
            let searched = bfs_with(&space, &Corners::SOLVED, &limits, &mut visited);
            (searched.stats.stored, searched.stats.layers.len())
        }
        _ => panic!("say table or bfs"),
    };
    println!(
        "{states} positions, {layers} layers, {:.2} s",
        started.elapsed().as_secs_f64()
    );
}
