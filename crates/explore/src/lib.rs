//! statespace-explore: whole state spaces, layer by layer, from their goals.
//!
//! A breadth-first search over the ranks of any [`RankedSpace`] (every engine domain with a
//! [`PerfectHash`](statespace_engine::PerfectHash)), backwards from the goals: how many states lie
//! at each distance, the greatest distance (the space's "God's number") and the states that need
//! it (its antipodes). It knows no puzzle. Its goals are ranks: those of a domain's states, or of
//! the states its `is_goal` accepts, are what
//! [`Goals::ranks`](statespace_engine::distance_table::Goals::ranks) gives. Explorations as a
//! timely dataflow, on threads or a cluster of processes (`explore_dataflow`), need the crate's
//! `dataflow` feature.
//!
//! ```
//! use statespace_engine::space::RankedSpace;
//! use statespace_explore::{Options, explore};
//! /// The integers 0..10 on a ring, one step either way: distances 0, 1, 1, 2, 2, ... 5 from 0.
//! struct Ring;
//! impl RankedSpace for Ring {
//!     fn ranks(&self) -> u64 { 10 }
//!     fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
//!         out.extend(ranks.iter().flat_map(|&r| [(r + 1) % 10, (r + 9) % 10]));
//!     }
//!     fn reversible(&self) -> bool { true }
//! }
//! let exploration = explore(&Ring, &[0], &Options::default()).unwrap();
//! assert_eq!(exploration.layers, [1, 2, 2, 2, 2, 1]);
//! assert_eq!(exploration.antipodes, [5]);
//! ```

mod checkpoint;
#[cfg(feature = "dataflow")]
mod dataflow;
mod dense;
#[cfg(feature = "dataflow")]
mod handshake;
mod sparse;
mod terms;
#[cfg(feature = "dataflow")]
mod watch;

use std::time::Duration;

use statespace_engine::space::RankedSpace;
use thiserror::Error;

pub use checkpoint::{Checkpoint, FolderLock};
#[cfg(feature = "dataflow")]
pub use dataflow::{Cluster, DEFAULT_PATIENCE, explore_dataflow, explore_sparse_dataflow};
pub use dense::{explore, explore_with};
pub use sparse::{explore_sparse, explore_sparse_with};
pub use terms::{Difference, Term, Terms};
#[cfg(feature = "dataflow")]
pub use watch::OnSilence;

/// The least time between two checkpoints: layers that go by faster are saved together.
const SAVE_PERIOD: Duration = Duration::from_secs(1);

/// How an exploration runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Stop after the layer of this depth (the whole space when `None`).
    pub max_depth: Option<u32>,
    /// Keep the ranks of at most this many antipodes (states of the deepest layer).
    pub antipodes: usize,
    /// Refuse to start when the search would hold more than this many bytes.
    pub max_memory: Option<u64>,
    /// Save the search after a layer (at most once a second), and resume from what was saved.
    pub checkpoint: Option<Checkpoint>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            max_depth: None,
            antipodes: 10,
            max_memory: None,
            checkpoint: None,
        }
    }
}

/// What an exploration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exploration {
    /// The number of states at each distance from the goals, from distance 0.
    pub layers: Vec<u64>,
    /// Whether the last layer is the space's last: false when `max_depth` or the memory budget
    /// stopped it first.
    pub complete: bool,
    /// Whether the memory budget stopped a sparse exploration before its next layer.
    pub stopped_by_memory: bool,
    /// The ranks of the first antipodes (states of the last layer), in rank order.
    pub antipodes: Vec<u64>,
    /// The time each layer after the first took to find; `None` for layers restored from a
    /// checkpoint.
    pub layer_times: Vec<Option<Duration>>,
    /// In a dataflow exploration, the bytes of children the workers sent one another to find
    /// each layer (0 for the goals' and for layers restored); empty otherwise.
    pub exchanged: Vec<u64>,
}

impl Exploration {
    /// An exploration under way, its layers so far found (or restored from a checkpoint).
    fn resumed(layers: Vec<u64>) -> Self {
        Self {
            layer_times: vec![None; layers.len() - 1],
            layers,
            complete: false,
            stopped_by_memory: false,
            antipodes: Vec::new(),
            exchanged: Vec::new(),
        }
    }

    /// The states reached.
    pub fn total(&self) -> u64 {
        self.layers.iter().sum()
    }

    /// The greatest distance reached: the space's God's number when the exploration is complete.
    pub fn max_depth(&self) -> u32 {
        self.layers.len().saturating_sub(1) as u32
    }
}

/// `bytes` for a reader: in KiB below a mebibyte, else in MiB, rounded up.
pub fn readable_size(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{} KiB", bytes.div_ceil(1 << 10))
    } else {
        format!("{} MiB", bytes.div_ceil(1 << 20))
    }
}

/// Why an exploration could not start.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ExploreError {
    /// The dense array of two bits per rank does not fit in the memory budget (or at all).
    #[error(
        "{ranks} ranks need {} at two bits each, more than the memory budget of {}",
        readable_size(*bytes),
        readable_size(*budget)
    )]
    TooLarge {
        /// The ranks of the space.
        ranks: u64,
        /// The bytes the search would hold.
        bytes: u64,
        /// The budget.
        budget: u64,
    },
    /// A checkpoint was refused: damaged, of another run, not a regular file, or its folder in
    /// use by another run.
    #[error("checkpoint {0}")]
    Checkpoint(String),
    /// A checkpoint could not be read or written.
    #[error("checkpoint {0}")]
    CheckpointIo(String),
    /// A checkpoint holds layers past the depth bound asked for: they cannot be undone.
    #[error("checkpoint {path} holds layers to depth {saved}, deeper than the depth bound {bound}")]
    DeeperCheckpoint {
        /// The checkpoint's file.
        path: String,
        /// The depth of its last layer.
        saved: u32,
        /// The depth bound asked for.
        bound: u32,
    },
    /// The processes of a cluster were started with different terms, or a peer is not one of
    /// them.
    #[error("{0}")]
    Mismatch(String),
    /// Sparse exploration needs a reversible space.
    #[error(
        "the space is not reversible, so a layer's predecessors may lie anywhere: explore it densely"
    )]
    NotReversible,
    /// The workers of a dataflow exploration could not start, or one of them failed.
    #[error("the cluster failed: {0}")]
    Cluster(String),
    /// A goal's rank is outside the space.
    #[error("goal rank {rank} is outside the space's {ranks} ranks")]
    GoalOutside {
        /// The goal's rank.
        rank: u64,
        /// The ranks of the space.
        ranks: u64,
    },
}

impl ExploreError {
    /// Whether the error is the user's to fix (options, a space or a checkpoint refused), rather
    /// than a failure of the system (a file that cannot be written, a peer lost).
    pub fn is_refusal(&self) -> bool {
        !matches!(self, Self::CheckpointIo(_) | Self::Cluster(_))
    }
}

/// A fingerprint of a run's goals (ranks, in the order given), the same on every machine and
/// build: for the terms of checkpoints and clusters.
pub fn goals_fingerprint(goals: &[u64]) -> String {
    let bytes: Vec<u8> = goals.iter().flat_map(|goal| goal.to_le_bytes()).collect();
    format!(
        "{} goals, xxh3 {:016x}",
        goals.len(),
        xxhash_rust::xxh3::xxh3_64(&bytes)
    )
}

/// The bytes a dense exploration of `space` holds: two bits per rank, and two flags per task of
/// words.
pub fn dense_bytes(space: &(impl RankedSpace + ?Sized)) -> u64 {
    let words = space.ranks().div_ceil(32);
    words * 8 + 2 * words.div_ceil(dense::WORDS_PER_TASK as u64)
}
