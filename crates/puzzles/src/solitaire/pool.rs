//! Answering many cases on several threads at once, in order.

use rayon::prelude::*;

use crate::puzzle::CaseLimits;

use super::grid::Grid;
use super::parse::Case;
use super::solve::{Answer, Settings, Solver};

/// Solvers on a pool of threads, answering batches of cases in parallel.
#[derive(Debug)]
pub struct Pool {
    grid: Grid,
    settings: Settings,
    threads: rayon::ThreadPool,
}

/// Cases a thread takes at a time: enough that a solver's set-up is paid rarely, few enough that
/// a run of hard cases is shared out.
const CASES_PER_TASK: usize = 64;

impl Pool {
    /// Solvers of cases on `grid`, on `threads` threads (at least one).
    pub fn new(grid: Grid, settings: Settings, threads: usize) -> Self {
        let threads = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build()
            .expect("the threads start");
        Self {
            grid,
            settings,
            threads,
        }
    }

    /// The answers to `cases`, in order, each search stopped by `limits`.
    pub fn solve_all(&mut self, cases: &[Case], limits: &CaseLimits) -> Vec<Answer> {
        let (grid, settings) = (self.grid, self.settings);
        self.threads.install(|| {
            cases
                .par_iter()
                .with_min_len(CASES_PER_TASK)
                .map_init(
                    || Solver::new(grid, settings),
                    |solver, case| solver.solve(case, &limits.start()),
                )
                .collect()
        })
    }

    /// The grid and settings the cases are answered on.
    pub fn settings(&self) -> (Grid, Settings) {
        (self.grid, self.settings)
    }
}
