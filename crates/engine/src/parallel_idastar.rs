//! IDA* on several threads: each large iteration split into subtrees near the root, which the
//! threads take one after another from a shared counter.
//!
//! An iteration runs on one thread, as in [`idastar`](crate::idastar::idastar), until one
//! generates [`Parallel::split_after`] nodes; every later iteration first deepens the tree
//! level by level, in action order, until it has [`Parallel::subtrees`] roots (or the level
//! ends), then hands the subtrees out in the chosen [`SubtreeOrder`]. A subtree that finds a
//! solution tells the others: subtrees after it in the order stop, those before it finish, and
//! the answer is the first solution in that order. Nothing about this depends on the number of
//! threads, so the answer is the same for every number above one.

use crate::limits::Clock;
use std::cmp::Reverse;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use crate::domain::Widened;
use crate::idastar::{Expander, Frontier, Iteration, Moves, Search, min_some};
use crate::limits::Meter;
use crate::path::finish;
use crate::{
    Cost, Domain, DomainCosts, IncrementalHeuristic, LayerStats, Limits, SearchResult, StopReason,
};

/// The order in which the subtrees of a split iteration are searched, which decides the answer
/// when several optimal solutions lie in different subtrees.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SubtreeOrder {
    /// Tightest first: by decreasing f-value (cost plus estimate), then decreasing
    /// [`Expander::tightness`], action order among equals.
    /// Where the estimate is nearly exact the subtrees are small and lie on optimal paths more
    /// often, so the last iteration ends sooner; the answer is an optimal solution, the same
    /// for any number of threads above one, but not always the lexicographically first.
    #[default]
    Tightest,
    /// Loosest first: by increasing f-value, then increasing [`Expander::tightness`], action
    /// order among equals. Where solutions are many and the estimate is often short of the
    /// distance, a subtree with room under the bound holds one more often: on Rubik's cubes
    /// the optimal solver expands 1.4–2.1× fewer nodes than tightest first (BENCHMARKS.md).
    Loosest,
    /// In action order: the answer is the lexicographically first optimal solution, as on one
    /// thread, at the price of finishing every subtree before it (what judge-exact answers
    /// need).
    Actions,
}

/// How [`parallel_idastar`] shares its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parallel {
    /// The threads; one runs the plain sequential search.
    pub threads: usize,
    /// The order of the subtrees of a split iteration.
    pub order: SubtreeOrder,
    /// The fewest nodes an iteration generates for the next ones to be split: splitting costs
    /// some work, more than small iterations take on one thread.
    pub split_after: u64,
    /// The subtrees wanted when an iteration is split, whatever the number of threads, so that
    /// every number of threads gives the same answer.
    pub subtrees: usize,
}

impl Parallel {
    /// `threads` threads (at least one), subtrees tightest first, split after iterations of a
    /// million nodes into about 4,096 subtrees.
    pub fn threads(threads: usize) -> Self {
        Self {
            threads: threads.max(1),
            order: SubtreeOrder::Tightest,
            split_after: 1 << 20,
            subtrees: 1 << 12,
        }
    }

    /// Subtrees searched in action order: the lexicographically first optimal solution.
    pub fn ordered(mut self) -> Self {
        self.order = SubtreeOrder::Actions;
        self
    }

    /// Subtrees searched loosest first ([`SubtreeOrder::Loosest`]).
    pub fn loosest_first(mut self) -> Self {
        self.order = SubtreeOrder::Loosest;
        self
    }

    /// Splits iterations after one that generated at least `nodes` nodes.
    pub fn split_after(mut self, nodes: u64) -> Self {
        self.split_after = nodes;
        self
    }

    /// Splits iterations into at least `subtrees` subtrees (when the tree has them).
    pub fn subtrees(mut self, subtrees: usize) -> Self {
        self.subtrees = subtrees.max(1);
        self
    }
}

/// Finds a cheapest solution from `start` with IDA* on `parallel.threads` threads.
///
/// The heuristic must be admissible, as for [`idastar`](crate::idastar::idastar). On one thread
/// the search is exactly the sequential one: the lexicographically first optimal solution (in
/// the order of [`Domain::actions`]), and the same node counts. On more, iterations after a
/// large one are split into subtrees (see the [module](self)): the answer is optimal and the
/// same for every number of threads above one; with [`SubtreeOrder::Actions`] it is the
/// lexicographically first, as on one thread. The last iteration's node counts include work
/// in subtrees that were stopped once a solution was found, and vary a little from run to run.
/// Each iteration is one entry of [`Stats::layers`](crate::Stats::layers); limits hold across
/// the threads.
///
/// ```
/// use statespace_engine::{Domain, Limits};
/// use statespace_engine::parallel_idastar::{Parallel, parallel_idastar};
/// /// Two counters, each stepped up or down by one, to reach (5, 5) from (0, 0).
/// struct Pair;
/// impl Domain for Pair {
///     type State = (i32, i32);
///     type Action = (i32, i32);
///     fn actions(&self, _: &(i32, i32), out: &mut Vec<(i32, i32)>) {
///         out.extend([(-1, 0), (1, 0), (0, -1), (0, 1)]);
///     }
///     fn apply(&self, s: &mut (i32, i32), (dx, dy): (i32, i32)) { s.0 += dx; s.1 += dy; }
///     fn invert(&self, (dx, dy): (i32, i32)) -> Option<(i32, i32)> { Some((-dx, -dy)) }
///     fn is_goal(&self, s: &(i32, i32)) -> bool { *s == (5, 5) }
/// }
/// // Too weak an estimate, so that iterations grow and are split.
/// let estimate = |s: &(i32, i32)| (5 - s.0).unsigned_abs().max((5 - s.1).unsigned_abs());
/// let parallel = Parallel::threads(2).ordered().split_after(100).subtrees(16);
/// let result = parallel_idastar(&Pair, &(0, 0), &estimate, &Limits::none(), &parallel);
/// // In action order, the first of the shortest solutions: x first, then y.
/// let solution = result.outcome.solution().unwrap();
/// assert_eq!(solution.actions, [[(1, 0); 5], [(0, 1); 5]].concat());
/// ```
pub fn parallel_idastar<D, H>(
    domain: &D,
    start: &D::State,
    heuristic: &H,
    limits: &Limits,
    parallel: &Parallel,
) -> SearchResult<D::Action>
where
    D: Domain + Sync,
    D::State: Sync,
    D::Action: Send + Sync,
    H: IncrementalHeuristic<D> + Sync,
    H::Memo: Sync,
{
    let heuristic = Widened(heuristic);
    let moves = Moves::new(domain, &DomainCosts, &heuristic, start.clone());
    parallel_idastar_with(moves, limits, parallel)
}

/// Finds a cheapest solution from where `expander` stands with IDA* on `parallel.threads`
/// threads, as [`parallel_idastar`] does with a domain: each thread searches its subtrees on a
/// clone of `expander` moved along the subtree's path by [`Expander::play`].
pub fn parallel_idastar_with<T>(
    expander: T,
    limits: &Limits,
    parallel: &Parallel,
) -> SearchResult<T::Action, T::Cost>
where
    T: Expander + Clone + Sync,
    T::Action: Send + Sync,
    T::Memo: Sync,
{
    let started = Clock::start(limits);
    let split = Split {
        start: &expander.clone(),
        start_memo: expander.memo(),
        limits,
        parallel,
    };
    let mut search = Search::new(expander, limits);
    let verdict = search.run(limits, |search, bound, memo| {
        // Iterations that end without a solution search their whole tree, so this count, and
        // the choice, are the same on every run and for every number of threads.
        let previous = search
            .walk
            .stats
            .layers
            .last()
            .map_or(0, |layer| layer.generated);
        (parallel.threads > 1 && previous >= parallel.split_after)
            .then(|| split.iteration(search, bound, memo))
    });
    finish(verdict, search.walk.stats, started)
}

/// One search's parts, for the iterations it splits.
struct Split<'a, T: Expander> {
    /// The expander at the start, cloned for every subtree, and its memo.
    start: &'a T,
    start_memo: T::Memo,
    limits: &'a Limits,
    parallel: &'a Parallel,
}

/// The roots of the subtrees of an iteration.
type Roots<T> = Vec<Root<T>>;

/// The root of a subtree of an iteration.
type Root<T> = Frontier<<T as Expander>::Action, <T as Expander>::Cost, <T as Expander>::Memo>;

/// A subtree searched by a thread: its place in the order, and what its search found and did.
struct Searched<A, C> {
    index: usize,
    iteration: Result<Iteration<A, C>, StopReason>,
    layer: LayerStats,
    stored: u64,
}

impl<T> Split<'_, T>
where
    T: Expander + Clone + Sync,
    T::Action: Send + Sync,
    T::Memo: Sync,
{
    /// A search at the root of `subtree`, counting `expanded_elsewhere` against the node limit.
    fn search(&self, subtree: &Root<T>, expanded_elsewhere: u64) -> Search<'_, T> {
        let mut search = Search::new(self.start.clone(), self.limits);
        search.walk.expanded_elsewhere = expanded_elsewhere;
        search.follow(&subtree.path, self.start_memo);
        search
    }

    /// One iteration under `bound`, split into subtrees searched on the threads; `root` is the
    /// start's search, which keeps the counts.
    fn iteration(
        &self,
        root: &mut Search<'_, T>,
        bound: T::Cost,
        memo: T::Memo,
    ) -> Result<Iteration<T::Action, T::Cost>, StopReason> {
        let elsewhere = root.walk.stats.expanded;
        let (mut subtrees, least) = self.frontier(root, bound, memo)?;
        if subtrees.is_empty() {
            return Ok(Iteration::Exceeded(least));
        }
        match self.parallel.order {
            SubtreeOrder::Tightest => {
                subtrees.sort_by_key(|subtree| (Reverse(subtree.f), Reverse(subtree.tightness)))
            }
            SubtreeOrder::Loosest => subtrees.sort_by_key(|subtree| (subtree.f, subtree.tightness)),
            SubtreeOrder::Actions => {}
        }
        let walk = &mut root.walk;
        let mut searched = self.search_subtrees(&subtrees, bound, elsewhere + walk.layer.expanded);
        searched.sort_unstable_by_key(|subtree| subtree.index);
        for subtree in &searched {
            walk.layer
                .add(subtree.layer.expanded, subtree.layer.generated);
            walk.stats.stored = walk.stats.stored.max(subtree.stored);
        }
        // The first subtree in the order that found a solution or was stopped decides: every
        // subtree before it was searched whole (none is missing before it, since they are taken
        // in order and only those after a solution are abandoned).
        let mut least = least;
        for subtree in searched {
            match subtree.iteration? {
                Iteration::Exceeded(next) => least = min_some(least, next),
                solved => return Ok(solved),
            }
        }
        Ok(Iteration::Exceeded(least))
    }

    /// The roots of the subtrees of an iteration under `bound`: the tree deepened a level at a
    /// time, in action order, until there are enough of them, and the least f-value above the
    /// bound seen on the way. Goals stay in place as roots of their own.
    fn frontier(
        &self,
        root: &mut Search<'_, T>,
        bound: T::Cost,
        memo: T::Memo,
    ) -> Result<(Roots<T>, Option<T::Cost>), StopReason> {
        let mut subtrees = vec![Frontier {
            path: Vec::new(),
            g: T::Cost::ZERO,
            f: root.expander.estimate(memo),
            memo,
            tightness: root.expander.tightness(memo),
        }];
        let mut least = None;
        while subtrees.len() < self.parallel.subtrees {
            let mut deeper = Vec::with_capacity(subtrees.len());
            let mut expanded = false;
            for subtree in subtrees {
                let walk = &root.walk;
                let mut search = self.search(&subtree, walk.stats.expanded + walk.layer.expanded);
                if search.expander.is_goal(subtree.memo) {
                    deeper.push(subtree);
                    continue;
                }
                expanded = true;
                search.walk.frontier_depth = subtree.path.len() + 1;
                if let Iteration::Exceeded(next) = search.pass(subtree.g, subtree.memo, bound)? {
                    least = min_some(least, next);
                }
                root.walk
                    .layer
                    .add(search.walk.layer.expanded, search.walk.layer.generated);
                deeper.append(&mut search.walk.frontier);
            }
            subtrees = deeper;
            if !expanded {
                break;
            }
        }
        Ok((subtrees, least))
    }

    /// Searches `subtrees` under `bound` on the threads, each taking the next one in order, so
    /// that the threads work side by side near the front: when a subtree finds a solution, the
    /// subtrees before it were shared out, and little is spent on those after it.
    fn search_subtrees(
        &self,
        subtrees: &Roots<T>,
        bound: T::Cost,
        expanded_before: u64,
    ) -> Vec<Searched<T::Action, T::Cost>> {
        let first_found = AtomicUsize::new(usize::MAX);
        let next_subtree = AtomicUsize::new(0);
        // Expansions of the finished subtrees, for the node limit.
        let finished = AtomicU64::new(expanded_before);
        let work = || {
            let mut done = Vec::new();
            loop {
                let index = next_subtree.fetch_add(1, Ordering::Relaxed);
                if index >= subtrees.len() || first_found.load(Ordering::Relaxed) < index {
                    return done;
                }
                let subtree = &subtrees[index];
                let mut search = self.search(subtree, finished.load(Ordering::Relaxed));
                let abandon = || first_found.load(Ordering::Relaxed) < index;
                search.walk.meter = Meter::new(self.limits).abandoning(&abandon);
                let iteration = search.pass(subtree.g, subtree.memo, bound);
                if let Ok(Iteration::Solved(_)) = iteration {
                    first_found.fetch_min(index, Ordering::Relaxed);
                }
                finished.fetch_add(search.walk.layer.expanded, Ordering::Relaxed);
                let stopped = iteration.is_err();
                done.push(Searched {
                    index,
                    iteration,
                    layer: search.walk.layer,
                    stored: search.walk.stats.stored,
                });
                if stopped {
                    return done;
                }
            }
        };
        std::thread::scope(|scope| {
            let threads: Vec<_> = (0..self.parallel.threads)
                .map(|_| scope.spawn(work))
                .collect();
            threads
                .into_iter()
                .flat_map(|thread| {
                    thread
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        })
    }
}
