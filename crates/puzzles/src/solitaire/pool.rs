//! Answering many cases on several threads at once, in order.

use rayon::prelude::*;

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

/// How many cases are read ahead and answered together.
const BATCH: usize = 4096;

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

    /// The answers to `cases`, in order.
    pub fn solve_all(&mut self, cases: &[Case]) -> Vec<Answer> {
        let (grid, settings) = (self.grid, self.settings);
        self.threads.install(|| {
            cases
                .par_iter()
                .with_min_len(CASES_PER_TASK)
                .map_init(
                    || Solver::new(grid, settings),
                    |solver, case| solver.solve(case),
                )
                .collect()
        })
    }

    /// Each parsed case with its answer, in order, reading and answering 4,096 cases at a time.
    /// A parse error comes in its place, after the answers to the cases before it, and is last.
    pub fn answers<'p, E: 'p>(
        &'p mut self,
        cases: impl Iterator<Item = Result<Case, E>> + 'p,
    ) -> impl Iterator<Item = Result<(Case, Answer), E>> + 'p {
        let mut cases = cases.fuse();
        let mut ready = std::collections::VecDeque::new();
        let mut failed = false;
        std::iter::from_fn(move || {
            if ready.is_empty() && !failed {
                let mut batch = Vec::new();
                let mut error = None;
                for case in cases.by_ref() {
                    match case {
                        Ok(case) => batch.push(case),
                        Err(failure) => {
                            error = Some(failure);
                            break;
                        }
                    }
                    if batch.len() == BATCH {
                        break;
                    }
                }
                let answers = self.solve_all(&batch);
                ready.extend(batch.into_iter().zip(answers).map(Ok));
                failed = error.is_some();
                ready.extend(error.map(Err));
            }
            ready.pop_front()
        })
    }
}
