//! The dataflow explorations against one process's, on spaces made for them: layers,
//! antipodes, checkpoints, budgets and the sharing of ranks.

use super::*;
use crate::checkpoint::Checkpoint;
use crate::explore;

/// Ranks `0..n`, each reached from its neighbours and from a far rank: no puzzle, but
/// layers of every width, in every worker's stretch.
struct Web(u64);

impl RankedSpace for Web {
    fn ranks(&self) -> u64 {
        self.0
    }

    fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
        let n = self.0;
        for &rank in ranks {
            out.extend([(rank + 1) % n, (rank + n - 1) % n, (rank * 7 + 3) % n]);
        }
    }

    fn reversible(&self) -> bool {
        false
    }
}

/// What both dataflow explorations take and give.
type Explorer = fn(
    Arc<dyn RankedSpace>,
    &[u64],
    &Options,
    &Cluster,
    Arc<dyn Fn(&Exploration) + Send + Sync>,
) -> Result<Option<Exploration>, ExploreError>;

/// `explorer` run from `goals` on `workers` workers of this process.
fn on_workers(
    explorer: Explorer,
    space: &Arc<dyn RankedSpace>,
    goals: &[u64],
    options: &Options,
    workers: usize,
) -> Exploration {
    let cluster = Cluster::local(workers);
    explorer(space.clone(), goals, options, &cluster, Arc::new(|_| {}))
        .unwrap()
        .expect("the only process is process 0")
}

fn dataflow(space: &Arc<dyn RankedSpace>, options: &Options, workers: usize) -> Exploration {
    on_workers(explore_dataflow, space, &[5, 0, 5], options, workers)
}

/// `whole` run to `depth` by `run`, then run again to the end from its checkpoints.
fn stopped_then_resumed(
    run: impl Fn(&Options) -> Exploration,
    whole: &Options,
    depth: u32,
) -> Exploration {
    let stopped = Options {
        max_depth: Some(depth),
        ..whole.clone()
    };
    assert_eq!(run(&stopped).max_depth(), depth);
    let resumed = run(whole);
    assert_eq!(
        resumed.layer_times[..depth as usize],
        vec![None; depth as usize]
    );
    resumed
}

/// The same layers, antipodes and ending as `alone` found.
fn assert_alike(found: &Exploration, alone: &Exploration, workers: usize) {
    assert_eq!(found.layers, alone.layers, "{workers} workers");
    assert_eq!(found.antipodes, alone.antipodes, "{workers} workers");
    assert_eq!(found.complete, alone.complete, "{workers} workers");
}

#[test]
fn workers_find_the_layers_and_antipodes_of_one_process() {
    let space: Arc<dyn RankedSpace> = Arc::new(Web(100_003));
    for max_depth in [None, Some(4)] {
        let options = Options {
            max_depth,
            antipodes: 4,
            ..Options::default()
        };
        let alone = explore(&*space, &[5, 0, 5], &options).unwrap();
        assert!(alone.layers.len() >= 5, "{:?}", alone.layers);
        for workers in [1, 2, 3] {
            assert_alike(&dataflow(&space, &options, workers), &alone, workers);
        }
    }
}

#[test]
fn a_run_stopped_at_a_depth_resumes_from_its_workers_checkpoints() {
    let dir = std::env::temp_dir().join(format!("statespace-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let checkpoint = Some(Checkpoint {
        dir: dir.clone(),
        run: Terms::new().with("run", Some("web")),
    });
    let space: Arc<dyn RankedSpace> = Arc::new(Web(100_003));
    let whole = Options {
        checkpoint,
        antipodes: 4,
        ..Options::default()
    };
    let resumed = stopped_then_resumed(|options| dataflow(&space, options, 2), &whole, 4);
    let alone = explore(&*space, &[5, 0, 5], &Options::default()).unwrap();
    assert_eq!(resumed.layers, alone.layers);
    assert_eq!(resumed.antipodes, alone.antipodes[..4]);
    // A damaged checkpoint of one worker stops them all, saying so.
    for parity in ["even", "odd"] {
        let file = dir.join(format!("worker-1-of-2/{parity}/explore.checkpoint"));
        let mut bytes = std::fs::read(&file).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&file, bytes).unwrap();
    }
    let cluster = Cluster::local(2);
    let refused = explore_dataflow(space, &[5, 0, 5], &whole, &cluster, Arc::new(|_| {}));
    match refused {
        Err(ExploreError::Checkpoint(message)) => {
            assert!(message.contains("damaged (checksum); refused"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A torus of `n` × `n` cells, a step along either axis either way: reversible.
struct Torus(u64);

impl RankedSpace for Torus {
    fn ranks(&self) -> u64 {
        self.0 * self.0
    }

    fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
        let n = self.0;
        for &rank in ranks {
            let (row, col) = (rank / n, rank % n);
            out.extend([
                row * n + (col + 1) % n,
                row * n + (col + n - 1) % n,
                (row + 1) % n * n + col,
                (row + n - 1) % n * n + col,
            ]);
        }
    }

    fn reversible(&self) -> bool {
        true
    }
}

fn sparse(space: &Arc<dyn RankedSpace>, options: &Options, workers: usize) -> Exploration {
    on_workers(explore_sparse_dataflow, space, &[7, 3, 7], options, workers)
}

#[test]
fn sparse_workers_find_the_layers_of_one_process_and_resume() {
    let space: Arc<dyn RankedSpace> = Arc::new(Torus(301));
    let dir = std::env::temp_dir().join(format!("statespace-sparse-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for max_depth in [None, Some(40)] {
        let options = Options {
            max_depth,
            antipodes: 5,
            ..Options::default()
        };
        let alone = crate::explore_sparse(&*space, &[7, 3, 7], &options).unwrap();
        for workers in [1, 2, 3] {
            assert_alike(&sparse(&space, &options, workers), &alone, workers);
        }
    }
    let whole = Options {
        checkpoint: Some(Checkpoint {
            dir: dir.clone(),
            run: Terms::new().with("run", Some("torus")),
        }),
        ..Options::default()
    };
    let resumed = stopped_then_resumed(|options| sparse(&space, options, 2), &whole, 40);
    let alone = crate::explore_sparse(&*space, &[7, 3, 7], &Options::default()).unwrap();
    assert_eq!(resumed.layers, alone.layers);
    std::fs::remove_dir_all(&dir).unwrap();
    // A budget too small stops the layers where a worker's lists outgrow its part.
    let tight = Options {
        max_memory: Some(16 << 10),
        ..Options::default()
    };
    let stopped = sparse(&space, &tight, 2);
    assert!(stopped.stopped_by_memory && !stopped.complete);
    assert_eq!(stopped.layers[..], alone.layers[..stopped.layers.len()]);
}

#[test]
fn sparse_needs_a_reversible_space() {
    let space: Arc<dyn RankedSpace> = Arc::new(Web(100));
    let cluster = Cluster::local(2);
    let refused =
        explore_sparse_dataflow(space, &[0], &Options::default(), &cluster, Arc::new(|_| {}));
    assert_eq!(refused, Err(ExploreError::NotReversible));
}

#[test]
fn every_rank_has_one_owner_and_place() {
    for (ranks, workers) in [(40, 3), (100_003, 2), (1 << 30, 5)] {
        let shares = Shares::new(ranks, workers);
        let places: u64 = (0..workers).map(|worker| shares.blocks_of(worker)).sum();
        assert!(places * shares.block >= ranks);
        for rank in (0..ranks).step_by((ranks / 1000) as usize + 1) {
            let owner = shares.owner(rank);
            let place = shares.place(rank);
            assert!(place < shares.blocks_of(owner) * shares.block);
            assert_eq!(shares.rank(owner, place), rank);
        }
    }
}

#[test]
fn more_workers_than_words_leave_some_idle() {
    let space: Arc<dyn RankedSpace> = Arc::new(Web(40));
    let options = Options::default();
    let alone = explore(&*space, &[5, 0, 5], &options).unwrap();
    assert_eq!(dataflow(&space, &options, 3).layers, alone.layers);
}

#[test]
fn a_stretch_past_the_budget_is_refused() {
    let space: Arc<dyn RankedSpace> = Arc::new(Web(1 << 20));
    let options = Options {
        max_memory: Some(1 << 10),
        ..Options::default()
    };
    let refused = explore_dataflow(space, &[0], &options, &Cluster::local(2), Arc::new(|_| {}));
    assert!(
        matches!(refused, Err(ExploreError::TooLarge { .. })),
        "{refused:?}"
    );
}
