//! Answering many cases on several threads at once, in order.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::grid::Grid;
use super::parse::Case;
use super::solve::{Answer, Settings, Solver};

/// Several solvers, one per thread, answering batches of cases in parallel.
#[derive(Debug)]
pub struct Pool {
    solvers: Vec<Solver>,
}

/// How many cases are read ahead and answered together.
const BATCH: usize = 4096;

impl Pool {
    /// `threads` solvers (at least one) of cases on `grid`.
    pub fn new(grid: Grid, settings: Settings, threads: usize) -> Self {
        Self {
            solvers: (0..threads.max(1))
                .map(|_| Solver::new(grid, settings))
                .collect(),
        }
    }

    /// The answers to `cases`, in order. Each thread takes the next unanswered case as soon as it
    /// is free, so that neither a run of hard cases nor a thread the system holds back keeps the
    /// others waiting.
    pub fn solve_all(&mut self, cases: &[Case]) -> Vec<Answer> {
        let threads = self.solvers.len().min(cases.len());
        if threads <= 1 {
            let solver = &mut self.solvers[0];
            return cases.iter().map(|case| solver.solve(case)).collect();
        }
        let next = AtomicUsize::new(0);
        let mut answers: Vec<Option<Answer>> = vec![None; cases.len()];
        std::thread::scope(|scope| {
            let workers: Vec<_> = self.solvers[..threads]
                .iter_mut()
                .map(|solver| {
                    let next = &next;
                    scope.spawn(move || {
                        std::iter::from_fn(|| {
                            let index = next.fetch_add(1, Ordering::Relaxed);
                            cases.get(index).map(|case| (index, solver.solve(case)))
                        })
                        .collect::<Vec<_>>()
                    })
                })
                .collect();
            for worker in workers {
                for (index, answer) in worker.join().expect("a solver thread panicked") {
                    answers[index] = Some(answer);
                }
            }
        });
        answers.into_iter().flatten().collect()
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
