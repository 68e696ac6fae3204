//! What a search returns: its outcome and its statistics.

use std::time::Duration;

use crate::{Domain, StopReason};

/// A solution: the actions from the start to a goal, in order, and their total cost (an integer,
/// or a [`Cost`](crate::Cost) of another type for searches with their own weights).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<A, C = u64> {
    /// The actions, first to last.
    pub actions: Vec<A>,
    /// The sum of the actions' costs.
    pub cost: C,
}

impl<A: Copy, C> Solution<A, C> {
    /// The states along the solution of `domain` from `start`: `start` first, the goal last.
    ///
    /// ```
    /// use statespace_engine::{Domain, Limits, bfs::bfs};
    /// struct Line;
    /// impl Domain for Line {
    ///     type State = i32;
    ///     type Action = i32;
    ///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, 2]); }
    ///     fn apply(&self, n: &mut i32, step: i32) { *n += step; }
    ///     fn is_goal(&self, n: &i32) -> bool { *n == 5 }
    /// }
    /// let result = bfs(&Line, &0, &Limits::none());
    /// let solution = result.outcome.solution().unwrap();
    /// assert_eq!(solution.actions, [1, 2, 2]);
    /// assert_eq!(solution.states(&Line, &0), [0, 1, 3, 5]);
    /// ```
    pub fn states<D: Domain<Action = A> + ?Sized>(
        &self,
        domain: &D,
        start: &D::State,
    ) -> Vec<D::State> {
        let mut state = start.clone();
        let mut states = Vec::with_capacity(self.actions.len() + 1);
        states.push(state.clone());
        for &action in &self.actions {
            domain.apply(&mut state, action);
            states.push(state.clone());
        }
        states
    }
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<A, C = u64> {
    /// A solution was found (the shortest one, for the optimal algorithms).
    Found(Solution<A, C>),
    /// The whole reachable space (within the depth limit, if the space ends before it) was
    /// searched: no solution exists.
    Exhausted,
    /// A limit stopped the search before it could answer.
    Stopped(StopReason),
}

impl<A, C> Outcome<A, C> {
    /// The solution, if one was found.
    pub fn solution(&self) -> Option<&Solution<A, C>> {
        match self {
            Outcome::Found(solution) => Some(solution),
            _ => None,
        }
    }
}

/// Counts for one BFS layer (by depth), IDA* iteration (by cost bound) or A* f-value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayerStats {
    /// The depth, cost bound or f-value this layer stands for.
    pub depth: u32,
    /// Nodes expanded in this layer.
    pub expanded: u64,
    /// Successors generated in this layer, counted as [`Stats::generated`] counts them.
    pub generated: u64,
}

/// What a search did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successors generated: every action the domain listed at the nodes expanded, whether
    /// the search then applies it or not. The inverse of the last action, which every search
    /// skips without applying it, the moves a domain's duplicate automaton prunes and states
    /// already seen are all counted, so that the figure means the same for BFS, A* and IDA*
    /// (IDA* on a domain with `invert` applies about one action fewer per expansion than it
    /// counts); the closure searches count every successor their closure listed.
    pub generated: u64,
    /// The most states stored at once (visited sets, open lists; the path for IDA*).
    pub stored: u64,
    /// Per layer or iteration, in the order they were searched.
    pub layers: Vec<LayerStats>,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
    /// CPU time of the process during the search, when [`Limits::measure_cpu`](crate::Limits::measure_cpu)
    /// asked for it (and the system tells it): every thread's, the parallel searches' workers
    /// and any other thread of the process alike. Not measured unless asked, because reading
    /// the CPU clock is a system call at each end, a microsecond or more, which a search of a
    /// few microseconds would feel.
    pub cpu_time: Option<Duration>,
}

impl LayerStats {
    /// Counts one expansion with `generated` successors.
    #[inline]
    pub fn count(&mut self, generated: u64) {
        self.add(1, generated);
    }

    /// Counts `expanded` expansions with `generated` successors in all, made elsewhere (by a
    /// worker, in a subtree).
    #[inline]
    pub fn add(&mut self, expanded: u64, generated: u64) {
        self.expanded += expanded;
        self.generated += generated;
    }
}

impl Stats {
    /// Counts one expansion with `generated` successors into the layer `depth`,
    /// opening a new layer entry when `depth` differs from the last one.
    #[inline]
    pub(crate) fn count(&mut self, depth: u32, generated: u64) {
        self.expanded += 1;
        self.generated += generated;
        match self.layers.last_mut() {
            Some(layer) if layer.depth == depth => layer.count(generated),
            _ => self.layers.push(LayerStats {
                depth,
                expanded: 1,
                generated,
            }),
        }
    }

    /// Keeps a finished layer and adds its counts to the totals.
    pub fn push_layer(&mut self, layer: LayerStats) {
        self.expanded += layer.expanded;
        self.generated += layer.generated;
        self.layers.push(layer);
    }
}

/// An outcome with the statistics of the search that produced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<A, C = u64> {
    /// How the search ended.
    pub outcome: Outcome<A, C>,
    /// What it did.
    pub stats: Stats,
}
