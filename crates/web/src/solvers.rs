//! Solvers kept between requests: building one (its tables, its memory) costs more than many
//! answers, so the server keeps the last few, one per request at a time.

use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard, PoisonError};

use serde_json::Value;
use statespace_puzzles::puzzle::CaseLimits;
use statespace_puzzles::registry::{Entry, Failure, Solver};

/// A solver and the puzzle and options it was built for (`eight {"algo":"astar"}`).
type Kept = (String, Box<dyn Solver>);

/// The solvers kept, the most recently used first, at most `capacity` of them.
pub struct Solvers {
    capacity: usize,
    kept: Mutex<VecDeque<Kept>>,
}

impl Solvers {
    /// No solver yet; at most `capacity` kept.
    pub fn new(capacity: usize) -> Self {
        Self {
            capacity,
            kept: Mutex::default(),
        }
    }

    /// Runs `work` with a solver of `entry` for `options`: a kept one, taken out while it
    /// works (two requests never share one), or a new one built within `limits`. The solver
    /// is kept afterwards, unless `work` panicked.
    pub fn with<T>(
        &self,
        entry: &dyn Entry,
        options: &Value,
        limits: &CaseLimits,
        work: impl FnOnce(&mut dyn Solver) -> T,
    ) -> Result<T, Failure> {
        // serde_json's objects keep their keys sorted: equal options give equal keys.
        let key = format!("{} {options}", entry.about().name);
        let kept = self.take(&key);
        let mut solver = match kept {
            Some(solver) => solver,
            None => entry.solver(options.clone(), limits)?,
        };
        let done = work(solver.as_mut());
        self.keep(key, solver);
        Ok(done)
    }

    fn lock(&self) -> MutexGuard<'_, VecDeque<Kept>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The kept solver for `key`, taken out.
    fn take(&self, key: &str) -> Option<Box<dyn Solver>> {
        let mut kept = self.lock();
        let at = kept.iter().position(|(kept, _)| kept == key)?;
        kept.remove(at).map(|(_, solver)| solver)
    }

    /// Keeps `solver` as the most recently used, dropping the least recently used beyond the
    /// capacity (outside the lock: a solver's tables take a while to free).
    fn keep(&self, key: String, solver: Box<dyn Solver>) {
        let dropped = {
            let mut kept = self.lock();
            kept.push_front((key, solver));
            let keep = kept.len().min(self.capacity);
            kept.split_off(keep)
        };
        drop(dropped);
    }

    /// How many solvers are kept.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().len()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use statespace_puzzles::registry;

    use super::*;

    #[test]
    fn solvers_are_kept_per_options_and_at_most_the_capacity() {
        let solvers = Solvers::new(2);
        let eight = registry::find("eight").unwrap();
        let limits = CaseLimits::default();
        let solve = |options: Value| {
            solvers
                .with(eight, &options, &limits, |solver| {
                    solver.solve_one(b"1 2 3 4 5 6 7 x 8\n", &limits, false, u64::MAX)
                })
                .unwrap()
                .unwrap()["output"]
                .clone()
        };
        assert_eq!(solve(json!({})), "r\n");
        assert_eq!(solve(json!({})), "r\n");
        assert_eq!(solvers.len(), 1, "the same options, the same solver");
        assert_eq!(solve(json!({"algo": "astar"})), "r\n");
        assert_eq!(solve(json!({"algo": "bfs"})), "r\n");
        assert_eq!(solvers.len(), 2);
        let bad = solvers.with(eight, &json!({"algo": "nonsense"}), &limits, |_| ());
        assert!(bad.is_err());
        assert_eq!(solvers.len(), 2, "options refused keep nothing");
    }
}
