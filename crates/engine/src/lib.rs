//! statespace-engine: generic state-space search.
//!
//! A puzzle describes itself once as a [`Domain`] (states, ordered actions, apply, invert, goal
//! test); optionally as a [`PerfectHash`] (rank and unrank below a known size) and with a
//! [`Heuristic`]. Every algorithm then runs on it, honours [`Limits`] and reports an [`Outcome`]
//! with [`Stats`]. The engine knows nothing of any particular puzzle.

pub mod astar;
pub mod bfs;
pub mod bidirectional_bfs;
pub mod distance_table;
mod domain;
pub mod idastar;
pub mod index;
mod limits;
mod outcome;
mod path;
pub mod rank;

pub use domain::{Domain, Heuristic, IncrementalHeuristic, PerfectHash, Recompute};
pub use limits::{Limits, StopReason};
pub use outcome::{LayerStats, Outcome, SearchResult, Solution, Stats};
