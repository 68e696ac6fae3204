//! statespace-engine: generic state-space search.
//!
//! A puzzle describes itself once as a [`Domain`] (states, ordered actions, apply, invert, goal
//! test); optionally as a [`PerfectHash`] (rank and unrank below a known size) and with a
//! [`Heuristic`]; for the searches that run backwards from the goals, with how to step back
//! ([`Reversible`] in one line, or [`Predecessors`] listed: see [`predecessors`]). Every
//! algorithm then runs on it, honours [`Limits`] and reports an [`Outcome`]
//! with [`Stats`]. The engine knows nothing of any particular puzzle.
//!
//! ```
//! use statespace_engine::{Domain, Limits, bfs::bfs, idastar::idastar};
//!
//! /// Three pancakes, flipped from the top: a flip of k reverses the top k.
//! struct Pancakes;
//!
//! impl Domain for Pancakes {
//!     type State = [u8; 3];
//!     type Action = usize;
//!     fn actions(&self, _: &[u8; 3], out: &mut Vec<usize>) {
//!         out.extend([2, 3]);
//!     }
//!     fn apply(&self, stack: &mut [u8; 3], k: usize) {
//!         stack[..k].reverse();
//!     }
//!     fn invert(&self, k: usize) -> Option<usize> {
//!         Some(k) // a flip undoes itself
//!     }
//!     fn is_goal(&self, stack: &[u8; 3]) -> bool {
//!         *stack == [1, 2, 3]
//!     }
//! }
//!
//! let start = [3, 1, 2];
//! let shortest = bfs(&Pancakes, &start, &Limits::none());
//! let solution = shortest.outcome.solution().expect("solvable");
//! assert_eq!(solution.actions, vec![3, 2]);
//!
//! // The number of adjacent pairs that are not neighbours is a lower bound on the flips needed.
//! let gaps = |s: &[u8; 3]| s.windows(2).filter(|w| w[0].abs_diff(w[1]) != 1).count() as u32;
//! let optimal = idastar(&Pancakes, &start, &gaps, &Limits::none().max_expanded(1_000));
//! assert_eq!(optimal.outcome.solution(), Some(solution));
//! println!("{} expanded", optimal.stats.expanded);
//! ```

pub mod astar;
pub mod bfs;
pub mod bidirectional_bfs;
pub mod closures;
mod cost;
pub mod dijkstra;
pub mod distance_table;
mod domain;
pub mod dstar_lite;
pub mod dvcbs;
mod front_to_end;
pub mod heuristics;
pub mod idastar;
pub mod index;
mod limits;
pub mod meet_in_the_middle;
pub mod mm;
pub mod move_pruning;
pub mod nbs;
mod outcome;
pub mod parallel_idastar;
mod path;
pub mod pattern_database;
pub mod predecessors;
pub mod rank;
pub mod space;

pub use cost::Cost;
pub use domain::{
    Domain, DomainCosts, Heuristic, IncrementalHeuristic, PerfectHash, Recompute, Weights, estimate,
};
pub use limits::{
    Footprint, Limits, Meter, StopReason, bytes_per_state, bytes_per_stored_state, doubling,
    owned_bytes,
};
pub use ordered_float::OrderedFloat;
pub use outcome::{LayerStats, Outcome, SearchResult, Solution, Stats};
pub use predecessors::{Predecessors, Reversible, check_predecessors};

/// The README's library example, run as a test so that it cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeExamples;

/// The crate's own README, whose example is run as a test too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct CrateReadme;
