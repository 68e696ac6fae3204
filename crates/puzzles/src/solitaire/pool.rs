//! Answering many cases on several threads at once, in order.

use super::grid::Grid;
use super::parse::Case;
use super::solve::{Answer, Settings, Solver};

/// Several solvers, one per thread, answering batches of cases in parallel.
#[derive(Debug)]
pub struct Pool {
    solvers: Vec<Solver>,
}

/// How many cases are read ahead and answered together.
const BATCH: usize = 1024;

impl Pool {
    /// `threads` solvers (at least one) of cases on `grid`.
    pub fn new(grid: Grid, settings: Settings, threads: usize) -> Self {
        Self {
            solvers: (0..threads.max(1))
                .map(|_| Solver::new(grid, settings))
                .collect(),
        }
    }

    /// The answers to `cases`, in order. Thread `t` of `n` answers cases `t`, `t + n`, `t + 2n`,
    /// ... so that easy and hard cases spread evenly.
    pub fn solve_all(&mut self, cases: &[Case]) -> Vec<Answer> {
        let threads = self.solvers.len().min(cases.len());
        if threads <= 1 {
            let solver = &mut self.solvers[0];
            return cases.iter().map(|case| solver.solve(case)).collect();
        }
        let mut answers: Vec<Option<Answer>> = vec![None; cases.len()];
        std::thread::scope(|scope| {
            let workers: Vec<_> = self.solvers[..threads]
                .iter_mut()
                .enumerate()
                .map(|(first, solver)| {
                    scope.spawn(move || {
                        cases
                            .iter()
                            .skip(first)
                            .step_by(threads)
                            .map(|case| solver.solve(case))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            for (first, worker) in workers.into_iter().enumerate() {
                let solved = worker.join().expect("a solver thread panicked");
                for (answer, slot) in solved
                    .into_iter()
                    .zip(answers.iter_mut().skip(first).step_by(threads))
                {
                    *slot = Some(answer);
                }
            }
        });
        answers.into_iter().flatten().collect()
    }

    /// Each parsed case with its answer, in order, reading and answering 1,024 cases at a time.
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
