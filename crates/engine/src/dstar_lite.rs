//! D* Lite: replanning for a unit that moves while edge costs change around it.
//!
//! See Koenig and Likhachev, "D* Lite" (AAAI 2002), <https://idm-lab.org/bib/abstracts/papers/aaai02b.pdf>,
//! the optimized version of its figure 4. The search runs backwards from the goal, so that
//! the start may move: every vertex keeps `g`, its distance to the goal as last computed, and
//! `rhs`, the one-step lookahead `min over successors (cost + g)`. A vertex is inconsistent when
//! the two differ, and only inconsistent vertices wait in the priority queue, keyed
//! `[min(g, rhs) + h(start, vertex) + k_m; min(g, rhs)]`. When the unit moves, `k_m` grows by
//! the estimate between its old and new positions instead of every key being recomputed; when
//! costs change, only the vertices whose outgoing edges changed are looked at again, and the
//! next replan repairs what that reaches, which near the unit is far less than a new search.
//!
//! The vertices are numbered from 0 ([`ChangingGraph::vertices`]), so `g`, `rhs` and each
//! vertex's place in the queue are arrays; costs are any [`Cost`] (exact octile lengths on
//! grids).

use crate::limits::{Clock, Meter};
use crate::{Cost, Footprint, Limits, Outcome, SearchResult, Solution, Stats, StopReason};

/// A graph of numbered vertices whose edge costs change between replans (an edge that
/// disappears is one that is no longer listed).
pub trait ChangingGraph {
    /// The cost of an edge and of a path.
    type Cost: Cost;
    /// The number of vertices: they are numbered from 0 below it, and it never changes.
    fn vertices(&self) -> usize;
    /// Appends to `out` each vertex an edge leads to from `vertex`, with the edge's cost.
    fn successors(&self, vertex: u32, out: &mut Vec<(u32, Self::Cost)>);
    /// Appends to `out` each vertex with an edge to `vertex`, with the edge's cost: exactly
    /// the edges [`successors`](Self::successors) lists, seen from their other end.
    fn predecessors(&self, vertex: u32, out: &mut Vec<(u32, Self::Cost)>);
    /// A lower bound on the cost of any path from `from` to `to`, whatever the changes, that
    /// keeps the triangle inequality (`estimate(a, c) <= estimate(a, b) + estimate(b, c)`,
    /// and no more than an edge's cost between its ends): else the paths found may not be the
    /// cheapest.
    fn estimate(&self, from: u32, to: u32) -> Self::Cost;
}

/// A distance to the goal, infinite until a path is known. Finite distances order first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Distance<C> {
    Finite(C),
    Infinite,
}

impl<C: Cost> Distance<C> {
    fn plus(self, cost: C) -> Self {
        match self {
            Distance::Finite(distance) => Distance::Finite(distance + cost),
            Distance::Infinite => Distance::Infinite,
        }
    }
}

/// A queue key: `[min(g, rhs) + h + k_m; min(g, rhs)]`, compared in that order.
type Key<C> = (Distance<C>, Distance<C>);

/// No place in the queue.
const ABSENT: u32 = u32::MAX;

/// A vertex in the queue under its key, with the key's two parts as integers when the costs
/// have them ([`Cost::key`]), which compare as the parts do and faster.
#[derive(Clone, Copy, Debug)]
struct Filed<C> {
    key: Key<C>,
    integers: Option<(u64, u64)>,
    vertex: u32,
}

impl<C: Cost> Filed<C> {
    fn new(key: Key<C>, vertex: u32) -> Self {
        let integers = match key {
            (Distance::Finite(first), Distance::Finite(second)) => first.key().zip(second.key()),
            _ => None,
        };
        Self {
            key,
            integers,
            vertex,
        }
    }

    /// Whether this key is below `other`'s.
    #[inline(always)]
    fn before(&self, other: &Self) -> bool {
        match (self.integers, other.integers) {
            (Some(ours), Some(theirs)) => ours < theirs,
            _ => self.key < other.key,
        }
    }
}

/// A binary heap of vertices by key that knows where each vertex is, so that a vertex's key can
/// be changed and the vertex taken out wherever it is (D* Lite's `U.Update` and `U.Remove`).
#[derive(Clone, Debug)]
struct KeyedHeap<C> {
    entries: Vec<Filed<C>>,
    /// Each vertex's index in `entries`, or [`ABSENT`].
    place: Vec<u32>,
}

impl<C: Cost> KeyedHeap<C> {
    fn new(vertices: usize) -> Self {
        Self {
            entries: Vec::new(),
            place: vec![ABSENT; vertices],
        }
    }

    fn top(&self) -> Option<(Key<C>, u32)> {
        self.entries.first().map(|filed| (filed.key, filed.vertex))
    }

    /// Files `vertex` under `key`, whether it is in the heap or not.
    fn set(&mut self, vertex: u32, key: Key<C>) {
        match self.place[vertex as usize] {
            ABSENT => {
                self.entries.push(Filed::new(key, vertex));
                self.place[vertex as usize] = self.entries.len() as u32 - 1;
                self.up(self.entries.len() - 1);
            }
            at => {
                let at = at as usize;
                let old = std::mem::replace(&mut self.entries[at], Filed::new(key, vertex)).key;
                if key < old {
                    self.up(at)
                } else {
                    self.down(at)
                }
            }
        }
    }

    fn remove(&mut self, vertex: u32) {
        let at = self.place[vertex as usize];
        if at == ABSENT {
            return;
        }
        let at = at as usize;
        self.place[vertex as usize] = ABSENT;
        let last = self.entries.pop().expect("a vertex in the heap");
        if at < self.entries.len() {
            self.entries[at] = last;
            self.place[last.vertex as usize] = at as u32;
            self.up(at);
            self.down(self.place[last.vertex as usize] as usize);
        }
    }

    /// Puts `filed` at `at`, noting its place.
    #[inline(always)]
    fn put(&mut self, at: usize, filed: Filed<C>) {
        self.place[filed.vertex as usize] = at as u32;
        self.entries[at] = filed;
    }

    /// Moves the entry at `at` up to its place, its parents down a level as it passes them.
    fn up(&mut self, mut at: usize) {
        let moving = self.entries[at];
        while at > 0 {
            let parent = (at - 1) / 2;
            if !moving.before(&self.entries[parent]) {
                break;
            }
            self.put(at, self.entries[parent]);
            at = parent;
        }
        self.put(at, moving);
    }

    /// Moves the entry at `at` down to its place, its least children up a level as it passes.
    fn down(&mut self, mut at: usize) {
        let moving = self.entries[at];
        let len = self.entries.len();
        loop {
            let left = 2 * at + 1;
            if left >= len {
                break;
            }
            let right = left + 1;
            let child = if right < len && self.entries[right].before(&self.entries[left]) {
                right
            } else {
                left
            };
            if !self.entries[child].before(&moving) {
                break;
            }
            self.put(at, self.entries[child]);
            at = child;
        }
        self.put(at, moving);
    }
}

/// A D* Lite planner from a moving start to a fixed goal, keeping `g`, `rhs` and its queue
/// between replans. The caller owns the graph: after changing it, it says which vertices'
/// outgoing edges changed ([`changed`](Self::changed)); after the unit moves, where it is now
/// ([`move_start`](Self::move_start)); then it asks for the path again
/// ([`replan`](Self::replan)), which repairs only what the changes reach.
///
/// ```
/// use statespace_engine::{Limits, dstar_lite::{ChangingGraph, DStarLite}};
/// /// A line of five vertices, each step costing what `costs` says in either direction.
/// struct Line { costs: [u32; 4] }
/// impl ChangingGraph for Line {
///     type Cost = u32;
///     fn vertices(&self) -> usize { 5 }
///     fn successors(&self, v: u32, out: &mut Vec<(u32, u32)>) {
///         if v > 0 { out.push((v - 1, self.costs[v as usize - 1])); }
///         if v < 4 { out.push((v + 1, self.costs[v as usize])); }
///     }
///     fn predecessors(&self, v: u32, out: &mut Vec<(u32, u32)>) { self.successors(v, out) }
///     fn estimate(&self, from: u32, to: u32) -> u32 { from.abs_diff(to) }
/// }
/// let mut line = Line { costs: [1, 1, 1, 1] };
/// let mut planner = DStarLite::new(&line, 0, 4);
/// let first = planner.replan(&line, &Limits::none());
/// let path = first.outcome.solution().unwrap();
/// assert_eq!((path.actions.clone(), path.cost), (vec![1, 2, 3, 4], 4));
/// // The unit steps to 1; the edge from 2 to 3 gets dearer, on both of its ends.
/// planner.move_start(&line, 1);
/// line.costs[2] = 10;
/// planner.changed(&line, 2);
/// planner.changed(&line, 3);
/// let again = planner.replan(&line, &Limits::none());
/// assert_eq!(again.outcome.solution().unwrap().cost, 12);
/// assert!(again.stats.expanded < first.stats.expanded + 4);
/// ```
#[derive(Clone, Debug)]
pub struct DStarLite<C> {
    goal: u32,
    start: u32,
    /// Where the start was when `k_m` was last brought up to date.
    last: u32,
    /// What the keys in the queue lack: the estimates between the starts they were computed for.
    k_m: C,
    g: Vec<Distance<C>>,
    rhs: Vec<Distance<C>>,
    queue: KeyedHeap<C>,
    /// The edges of the vertex at hand, kept for the next vertex's.
    edges: Vec<(u32, C)>,
}

impl<C: Cost> DStarLite<C> {
    /// A planner on `graph` from `start` to `goal` (both below [`ChangingGraph::vertices`]),
    /// nothing searched yet: the first [`replan`](Self::replan) is a whole backward A*.
    ///
    /// # Panics
    /// When `start` or `goal` is not a vertex of `graph` (front-ends check them first).
    pub fn new<G: ChangingGraph<Cost = C>>(graph: &G, start: u32, goal: u32) -> Self {
        let vertices = graph.vertices();
        assert!(
            (start as usize) < vertices && (goal as usize) < vertices,
            "start {start} and goal {goal} must be among the {vertices} vertices"
        );
        let mut planner = Self {
            goal,
            start,
            last: start,
            k_m: C::ZERO,
            g: vec![Distance::Infinite; vertices],
            rhs: vec![Distance::Infinite; vertices],
            queue: KeyedHeap::new(vertices),
            edges: Vec::new(),
        };
        planner.rhs[goal as usize] = Distance::Finite(C::ZERO);
        let key = planner.key(graph, goal);
        planner.queue.set(goal, key);
        planner
    }

    /// The vertex the unit stands on.
    pub fn start(&self) -> u32 {
        self.start
    }

    /// The goal.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The unit now stands on `start` (anywhere: a step along the path, or farther).
    ///
    /// # Panics
    /// When `start` is not a vertex of `graph`.
    pub fn move_start<G: ChangingGraph<Cost = C>>(&mut self, graph: &G, start: u32) {
        assert!((start as usize) < graph.vertices(), "no vertex {start}");
        self.start = start;
    }

    /// The costs of the edges leaving `vertex` changed (or may have: edges that appeared or
    /// disappeared too), as `graph` now says. Call it for every such vertex after the change and
    /// before the next replan; calling it for a vertex that did not change costs a look at its
    /// successors and nothing more.
    ///
    /// # Panics
    /// When `vertex` is not a vertex of `graph`.
    pub fn changed<G: ChangingGraph<Cost = C>>(&mut self, graph: &G, vertex: u32) {
        self.catch_up(graph);
        if vertex != self.goal {
            self.rhs[vertex as usize] = self.lookahead(graph, vertex).0;
        }
        self.update(graph, vertex);
    }

    /// The cheapest path from the start to the goal, as the vertices after the start (the
    /// solution's actions: "go to this vertex") and its cost, found by repairing what changed
    /// since the last replan. [`Stats::expanded`] counts the vertices made consistent (each
    /// looks at its predecessors), [`Stats::generated`] the edges looked at,
    /// [`Stats::stored`] the longest the queue grew; no layers.
    ///
    /// Limits: `max_expanded` counts this replan's expansions; the deadline and the flag are
    /// checked as A* checks them; `max_stored` bounds the queue; `max_memory` the arrays (two
    /// distances and a place a vertex) and the queue; `max_depth` is checked on the path found
    /// (a dearer one is `Stopped(DepthLimit)`). A replan a limit stops leaves the planner sound:
    /// the next one carries on.
    pub fn replan<G: ChangingGraph<Cost = C>>(
        &mut self,
        graph: &G,
        limits: &Limits,
    ) -> SearchResult<u32, C> {
        self.plan(graph, limits, usize::MAX)
    }

    /// The first step of a cheapest path and the whole path's cost, as [`replan`](Self::replan)
    /// finds them, without reading the rest of the path off `g` (a unit that takes one step
    /// before it replans needs no more): the solution's actions are the next vertex alone (none
    /// at the goal), its cost the whole path's.
    pub fn replan_step<G: ChangingGraph<Cost = C>>(
        &mut self,
        graph: &G,
        limits: &Limits,
    ) -> SearchResult<u32, C> {
        self.plan(graph, limits, 1)
    }

    /// [`replan`](Self::replan), the path read up to `steps` steps.
    fn plan<G: ChangingGraph<Cost = C>>(
        &mut self,
        graph: &G,
        limits: &Limits,
        steps: usize,
    ) -> SearchResult<u32, C> {
        let clock = Clock::start(limits);
        let mut stats = Stats::default();
        self.catch_up(graph);
        let outcome = match self.repair(graph, limits, &mut stats) {
            Err(reason) => Outcome::Stopped(reason),
            Ok(()) => match self.path(graph, steps) {
                None => Outcome::Exhausted,
                Some(path) if Meter::new(limits).beyond_depth(path.cost.whole()) => {
                    Outcome::Stopped(StopReason::DepthLimit)
                }
                Some(path) => Outcome::Found(path),
            },
        };
        clock.stamp(&mut stats);
        SearchResult { outcome, stats }
    }

    /// The bytes the planner holds: its arrays and its queue.
    pub fn bytes(&self) -> u64 {
        let per_vertex = 2 * size_of::<Distance<C>>() + size_of::<u32>();
        (self.g.len() * per_vertex) as u64 + self.queue.entries.bytes_to_insert()
    }

    /// D* Lite's `ComputeShortestPath`: expands inconsistent vertices in key order until the
    /// start is consistent and no key below its own waits.
    fn repair<G: ChangingGraph<Cost = C>>(
        &mut self,
        graph: &G,
        limits: &Limits,
        stats: &mut Stats,
    ) -> Result<(), StopReason> {
        let mut meter = Meter::new(limits);
        meter.holds_counted(|| self.bytes())?;
        while let Some((old_key, vertex)) = self.queue.top() {
            let start = self.start as usize;
            if old_key >= self.key(graph, self.start) && self.rhs[start] <= self.g[start] {
                break;
            }
            let new_key = self.key(graph, vertex);
            if old_key < new_key {
                // Filed before the unit moved: only its key is late.
                self.queue.set(vertex, new_key);
                continue;
            }
            meter.before_expansion(stats.expanded)?;
            stats.expanded += 1;
            let at = vertex as usize;
            let mut edges = std::mem::take(&mut self.edges);
            edges.clear();
            graph.predecessors(vertex, &mut edges);
            stats.generated += edges.len() as u64;
            if self.g[at] > self.rhs[at] {
                // Overconsistent: its distance falls to the lookahead, and may lower its
                // predecessors'.
                self.g[at] = self.rhs[at];
                self.queue.remove(vertex);
                for &(before, cost) in &edges {
                    let through = self.g[at].plus(cost);
                    if before != self.goal && through < self.rhs[before as usize] {
                        self.rhs[before as usize] = through;
                        self.update(graph, before);
                    }
                }
            } else {
                // Underconsistent: its distance is unknown again; the predecessors that went
                // through it look again.
                let old = self.g[at];
                self.g[at] = Distance::Infinite;
                for &(before, cost) in edges.iter().chain([&(vertex, C::ZERO)]) {
                    let went_through =
                        before == vertex || self.rhs[before as usize] == old.plus(cost);
                    if before != self.goal && went_through {
                        self.rhs[before as usize] = self.lookahead(graph, before).0;
                    }
                    self.update(graph, before);
                }
            }
            self.edges = edges;
            stats.stored = stats.stored.max(self.queue.entries.len() as u64);
            meter.stored(self.queue.entries.len() as u64)?;
            meter.holds_counted(|| self.bytes())?;
        }
        Ok(())
    }

    /// Brings `k_m` up to date with the start's move since the keys were last computed.
    fn catch_up<G: ChangingGraph<Cost = C>>(&mut self, graph: &G) {
        if self.last != self.start {
            self.k_m = self.k_m + graph.estimate(self.last, self.start);
            self.last = self.start;
        }
    }

    /// `vertex`'s key for the queue.
    fn key<G: ChangingGraph<Cost = C>>(&self, graph: &G, vertex: u32) -> Key<C> {
        let least = self.g[vertex as usize].min(self.rhs[vertex as usize]);
        let estimate = graph.estimate(self.start, vertex);
        (least.plus(estimate + self.k_m), least)
    }

    /// D* Lite's `UpdateVertex`: `vertex` waits in the queue, under its current key, exactly
    /// when it is inconsistent.
    fn update<G: ChangingGraph<Cost = C>>(&mut self, graph: &G, vertex: u32) {
        if self.g[vertex as usize] != self.rhs[vertex as usize] {
            let key = self.key(graph, vertex);
            self.queue.set(vertex, key);
        } else {
            self.queue.remove(vertex);
        }
    }

    /// The least `cost + g` over `vertex`'s successors, and the successor that gives it with
    /// the edge's cost (the first one listed, among equals).
    fn lookahead<G: ChangingGraph<Cost = C>>(
        &mut self,
        graph: &G,
        vertex: u32,
    ) -> (Distance<C>, Option<(u32, C)>) {
        let mut edges = std::mem::take(&mut self.edges);
        edges.clear();
        graph.successors(vertex, &mut edges);
        let best = edges
            .iter()
            .map(|&(next, cost)| (self.g[next as usize].plus(cost), Some((next, cost))))
            .min_by_key(|&(distance, _)| distance)
            .unwrap_or((Distance::Infinite, None));
        self.edges = edges;
        best
    }

    /// The path from the start by the least `cost + g` at each vertex, once the start is
    /// consistent, its first `steps` steps and its whole cost; `None` when the goal cannot be
    /// reached.
    fn path<G: ChangingGraph<Cost = C>>(
        &mut self,
        graph: &G,
        steps: usize,
    ) -> Option<Solution<u32, C>> {
        let mut vertex = self.start;
        let mut path = Solution {
            actions: Vec::new(),
            cost: C::ZERO,
        };
        while vertex != self.goal {
            // Positive costs never lead a path through a vertex twice.
            if path.actions.len() >= self.g.len() {
                debug_assert!(false, "a path longer than the graph");
                return None;
            }
            let (Distance::Finite(rest), Some((next, cost))) = self.lookahead(graph, vertex) else {
                return None;
            };
            if path.actions.len() == steps {
                path.cost = path.cost + rest;
                break;
            }
            path.cost = path.cost + cost;
            path.actions.push(next);
            vertex = next;
        }
        Some(path)
    }
}
