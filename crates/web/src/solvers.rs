//! Solvers kept between requests: building one (its tables, its memory) costs more than many
//! answers, so the server keeps the most recently used ones within a budget of bytes, one per
//! request at a time. Tables that depend on fewer options than the solver are shared between
//! solvers by the puzzle (the cube's), so a new longest answer costs no new tables.

use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard, PoisonError};

use serde_json::Value;
use statespace_puzzles::puzzle::CaseLimits;
use statespace_puzzles::registry::{Entry, Failure, Solver};

/// What a solver without tables is counted: what its searches keep between requests (visited
/// sets, small tables built in memory) is not told, so each is counted as some.
pub const SOLVER_BYTES: u64 = 16 << 20;

/// A solver, the puzzle and options it was built for (`eight {"algo":"astar"}`), and the bytes
/// it is counted.
struct Kept {
    key: String,
    solver: Box<dyn Solver>,
    bytes: u64,
}

/// The solvers kept, the most recently used first, their bytes within `budget`.
pub struct Solvers {
    budget: u64,
    kept: Mutex<VecDeque<Kept>>,
}

impl Solvers {
    /// No solver yet; at most `budget` bytes of them kept (each counted as its tables' bytes,
    /// or [`SOLVER_BYTES`] when it has fewer).
    pub fn new(budget: u64) -> Self {
        Self {
            budget,
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
        let bytes = solver.table_bytes().max(SOLVER_BYTES);
        self.keep(Kept { key, solver, bytes });
        Ok(done)
    }

    fn lock(&self) -> MutexGuard<'_, VecDeque<Kept>> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The kept solver for `key`, taken out.
    fn take(&self, key: &str) -> Option<Box<dyn Solver>> {
        let mut kept = self.lock();
        let at = kept.iter().position(|kept| kept.key == key)?;
        kept.remove(at).map(|kept| kept.solver)
    }

    /// Keeps `solver` as the most recently used, dropping the least recently used beyond the
    /// budget (outside the lock: a solver's tables take a while to free). A solver larger than
    /// the whole budget is not kept.
    fn keep(&self, solver: Kept) {
        let dropped = {
            let mut kept = self.lock();
            kept.push_front(solver);
            let mut total = 0;
            let within = kept
                .iter()
                .take_while(|kept| {
                    total += kept.bytes;
                    total <= self.budget
                })
                .count();
            kept.split_off(within)
        };
        drop(dropped);
    }

    /// The keys of the solvers kept, the most recently used first, and their bytes in all.
    #[cfg(test)]
    fn kept(&self) -> (Vec<String>, u64) {
        let kept = self.lock();
        let keys = kept.iter().map(|kept| kept.key.clone()).collect();
        (keys, kept.iter().map(|kept| kept.bytes).sum())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use statespace_puzzles::registry;

    use super::*;

    #[test]
    fn solvers_are_kept_per_options_within_the_budget() {
        let solvers = Solvers::new(2 * SOLVER_BYTES);
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
        assert_eq!(
            solvers.kept().0,
            ["eight {}"],
            "the same options, the same solver"
        );
        assert_eq!(solve(json!({"algo": "astar"})), "r\n");
        assert_eq!(solve(json!({"algo": "bfs"})), "r\n");
        let kept = (
            vec![
                r#"eight {"algo":"bfs"}"#.to_string(),
                r#"eight {"algo":"astar"}"#.to_string(),
            ],
            2 * SOLVER_BYTES,
        );
        assert_eq!(solvers.kept(), kept, "the least recently used dropped");
        let bad = solvers.with(eight, &json!({"algo": "nonsense"}), &limits, |_| ());
        assert!(bad.is_err());
        assert_eq!(solvers.kept(), kept, "options refused keep nothing");
    }

    #[test]
    fn a_solver_is_counted_as_its_tables() {
        let folder =
            std::env::temp_dir().join(format!("statespace-solvers-{}", std::process::id()));
        let cube = registry::find("cube").unwrap();
        let options = json!({"algo": "optimal", "pdb_dir": folder});
        let limits = CaseLimits::default();
        let tables = cube.solver(options.clone(), &limits).unwrap().table_bytes();
        assert_eq!(
            tables, 87_443_829,
            "Korf's corner table and the phase-1 table"
        );
        let solvers = Solvers::new(tables);
        solvers.with(cube, &options, &limits, |_| ()).unwrap();
        assert_eq!(solvers.kept().1, tables);
        // Another solver: the two pass the budget, the older is dropped.
        let two = json!({"algo": "optimal", "pdb_dir": folder, "max_length": 10});
        solvers.with(cube, &two, &limits, |_| ()).unwrap();
        assert_eq!(solvers.kept(), (vec![format!("cube {two}")], tables));
        // One larger than the whole budget is not kept.
        let small = Solvers::new(tables - 1);
        small.with(cube, &options, &limits, |_| ()).unwrap();
        assert_eq!(small.kept(), (Vec::new(), 0));
    }
}
