//! MM: bidirectional heuristic search that is guaranteed to meet in the middle.
//!
//! Holte, Felner, Sharon and Sturtevant, "Bidirectional search that is guaranteed to meet in the
//! middle", AAAI 2016 (<https://ojs.aaai.org/index.php/AAAI/article/view/10436>). A search from
//! the start and one from the goals, each with its own estimate (towards the goals; towards the
//! start), each keeping its open nodes in order of priority pr = max(f, 2g). The side whose least
//! priority is lower expands its first node; on equal priorities, the side whose first node is
//! shallower (smaller g), then the forward side. No node past the middle
//! (g above half the cheapest solution's cost C*) is expanded on either side, whatever the
//! estimates.
//!
//! It stops once the cheapest solution met so far, U, is at most the lower bound
//! max(C, fmin_F, fmin_B, gmin_F + gmin_B + ε): C the lesser least priority of the two sides,
//! fmin and gmin each side's least f and least g among its open nodes, and ε the least cost of an
//! action. Ties on priority go to the larger g, then to the node opened last. The side-shared
//! parts (nodes, expansion, meetings) are in `front_to_end`.

use crate::limits::Clock;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use crate::front_to_end::{Opened, Sides, Verdict, meter, roots, widened};
use crate::path::finish;
use crate::{Cost, DomainCosts, Heuristic, Limits, SearchResult, Stats, Weights};
use crate::{Meter, Predecessors, StopReason};

/// Finds a cheapest solution from `start` to any of `goals` with MM, each action costing
/// [`Domain::cost`](crate::Domain::cost).
///
/// `forward` must never overestimate the cost from a state to the nearest goal, nor `backward`
/// the cost from the start to a state, or the solution may not be the cheapest. Consistency is
/// not required: a node reached again more cheaply is opened again. As for
/// [`bidirectional_bfs`](crate::bidirectional_bfs::bidirectional_bfs), the backward side needs
/// [`Predecessors::predecessor_actions`] (a reversible domain's actions, `impl Reversible`) and the
/// inverse of each ([`Domain::invert`](crate::Domain::invert)); the goals are the given states ([`Domain::is_goal`](crate::Domain::is_goal) is
/// not asked). Each lower bound expanded at is one entry of [`Stats::layers`].
///
/// ```
/// use statespace_engine::{Domain, Limits, Reversible, astar::astar, mm::mm};
/// /// A 9x9 grid walk from (0, 0) to (8, 8).
/// struct Grid;
/// impl Domain for Grid {
///     type State = (i32, i32);
///     type Action = (i32, i32);
///     fn actions(&self, &(x, y): &(i32, i32), out: &mut Vec<(i32, i32)>) {
///         for (dx, dy) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
///             if (0..9).contains(&(x + dx)) && (0..9).contains(&(y + dy)) { out.push((dx, dy)); }
///         }
///     }
///     fn apply(&self, s: &mut (i32, i32), a: (i32, i32)) { s.0 += a.0; s.1 += a.1; }
///     fn invert(&self, a: (i32, i32)) -> Option<(i32, i32)> { Some((-a.0, -a.1)) }
///     fn is_goal(&self, s: &(i32, i32)) -> bool { *s == (8, 8) }
/// }
/// impl Reversible for Grid {}
/// // Half the Manhattan distance to the goal, and from the start.
/// let to_goal = |&(x, y): &(i32, i32)| (16 - x - y) as u32 / 2;
/// let from_start = |&(x, y): &(i32, i32)| (x + y) as u32 / 2;
/// let result = mm(&Grid, &(0, 0), &[(8, 8)], &to_goal, &from_start, &Limits::none());
/// let solution = result.outcome.solution().unwrap();
/// assert_eq!(solution.cost, 16);
/// assert_eq!(solution.states(&Grid, &(0, 0)).last(), Some(&(8, 8)));
/// let by_astar = astar(&Grid, &(0, 0), &to_goal, &Limits::none());
/// assert_eq!(by_astar.outcome.solution().unwrap().cost, 16);
/// ```
pub fn mm<D, F, B>(
    domain: &D,
    start: &D::State,
    goals: &[D::State],
    forward: &F,
    backward: &B,
    limits: &Limits,
) -> SearchResult<D::Action>
where
    D: Predecessors,
    F: Heuristic<D>,
    B: Heuristic<D>,
{
    let (forward, backward) = (widened(domain, forward), widened(domain, backward));
    // Every action costs at least 1 (Domain::cost).
    mm_weighted(
        domain,
        start,
        goals,
        &DomainCosts,
        1,
        (&forward, &backward),
        limits,
    )
}

/// Finds a cheapest solution from `start` to any of `goals` with MM, as [`mm`] does, each action
/// costing what `weights` says, never less than `epsilon` (zero is always right; the least cost
/// of an action stops the search sooner). The `heuristics` (forwards, backwards) estimate in the
/// same type, admissibly.
///
/// ```
/// use statespace_engine::{Domain, Limits, OrderedFloat, Reversible, mm::mm_weighted};
/// /// Steps of 1 or 2 along a line from 0 to 7; a step of 2 costs 1.5.
/// struct Line;
/// impl Domain for Line {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, 2, -1, -2]); }
///     fn apply(&self, n: &mut i32, step: i32) { *n += step; }
///     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
///     fn is_goal(&self, n: &i32) -> bool { *n == 7 }
/// }
/// impl Reversible for Line {}
/// let length = |_: &i32, step: i32| OrderedFloat(if step.abs() == 2 { 1.5 } else { 1.0 });
/// let to_goal = |n: &i32| OrderedFloat(f64::from((7 - n).abs()) * 0.75);
/// let from_start = |n: &i32| OrderedFloat(f64::from(n.abs()) * 0.75);
/// let epsilon = OrderedFloat(1.0);
/// let heuristics = (&to_goal, &from_start);
/// let result = mm_weighted(&Line, &0, &[7], &length, epsilon, heuristics, &Limits::none());
/// let solution = result.outcome.solution().unwrap();
/// assert_eq!(solution.cost, OrderedFloat(5.5)); // three steps of 2 and one of 1
/// assert_eq!(solution.actions.iter().sum::<i32>(), 7);
/// ```
pub fn mm_weighted<D, W, F, B>(
    domain: &D,
    start: &D::State,
    goals: &[D::State],
    weights: &W,
    epsilon: W::Cost,
    heuristics: (&F, &B),
    limits: &Limits,
) -> SearchResult<D::Action, W::Cost>
where
    D: Predecessors,
    W: Weights<D>,
    F: Heuristic<D, W::Cost>,
    B: Heuristic<D, W::Cost>,
{
    let started = Clock::start(limits);
    let mut stats = Stats::default();
    let search = Search {
        domain,
        weights,
        heuristics,
        epsilon,
    };
    let verdict = search.run(start, goals, limits, &mut stats);
    finish(verdict, stats, started)
}

/// A count of the values of one side's open nodes (their f, or their g), for the least of them.
#[derive(Debug)]
struct Values<C>(BTreeMap<C, u64>);

impl<C: Cost> Values<C> {
    fn add(&mut self, value: C) {
        *self.0.entry(value).or_default() += 1;
    }

    fn remove(&mut self, value: C) {
        if let Some(count) = self.0.get_mut(&value) {
            *count -= 1;
            if *count == 0 {
                self.0.remove(&value);
            }
        }
    }

    fn least(&self) -> Option<C> {
        self.0.keys().next().copied()
    }
}

/// One side's open list: its open nodes by priority (entries left behind by a node reached more
/// cheaply, or closed, are dropped when they come first), and their f- and g-values.
#[derive(Debug)]
struct OpenList<C> {
    by_priority: BinaryHeap<(Reverse<C>, C, u32)>,
    f: Values<C>,
    g: Values<C>,
}

impl<C: Cost> OpenList<C> {
    fn new() -> Self {
        Self {
            by_priority: BinaryHeap::new(),
            f: Values(BTreeMap::new()),
            g: Values(BTreeMap::new()),
        }
    }

    fn open(&mut self, opened: Opened<C>) {
        if let Some(g) = opened.was_open_at {
            self.forget(g, g + opened.h);
        }
        let (g, f) = (opened.g, opened.g + opened.h);
        self.by_priority
            .push((Reverse(priority(f, g)), g, opened.node));
        self.f.add(f);
        self.g.add(g);
    }

    fn forget(&mut self, g: C, f: C) {
        self.f.remove(f);
        self.g.remove(g);
    }

    /// The first live entry (priority, g, node), dropping stale ones before it.
    fn first(&mut self, is_live: impl Fn(u32, C) -> bool) -> Option<(C, C, u32)> {
        while let Some(&(Reverse(priority), g, node)) = self.by_priority.peek() {
            if is_live(node, g) {
                return Some((priority, g, node));
            }
            self.by_priority.pop();
        }
        None
    }
}

/// MM's priority of a node: max(f, 2g).
fn priority<C: Cost>(f: C, g: C) -> C {
    f.max(g + g)
}

/// One search's domain, weights, estimates and ε.
struct Search<'a, D, W: Weights<D>, F, B>
where
    D: Predecessors,
{
    domain: &'a D,
    weights: &'a W,
    heuristics: (&'a F, &'a B),
    epsilon: W::Cost,
}

impl<D, W, F, B> Search<'_, D, W, F, B>
where
    D: Predecessors,
    W: Weights<D>,
    F: Heuristic<D, W::Cost>,
    B: Heuristic<D, W::Cost>,
{
    fn run(
        &self,
        start: &D::State,
        goals: &[D::State],
        limits: &Limits,
        stats: &mut Stats,
    ) -> Verdict<D::Action, W::Cost> {
        let (domain, (forward, backward)) = (self.domain, self.heuristics);
        let mut open = [OpenList::new(), OpenList::new()];
        let mut sides = roots::<D, W::Cost>(
            domain,
            start,
            goals,
            |state| forward.estimate(domain, state),
            |state| backward.estimate(domain, state),
            |forwards, root| open[usize::from(!forwards)].open(root),
        );
        // Each node has an entry in the open list, and at times a stale one too.
        let entry = size_of::<(Reverse<W::Cost>, W::Cost, u32)>();
        let mut meter = meter::<D, W::Cost>(domain, start, limits, 2 * entry);
        stats.stored = sides.stored();
        loop {
            let first_f = open[0].first(|node, g| sides.fwd.is_live(node, g));
            let first_b = open[1].first(|node, g| sides.bwd.is_live(node, g));
            let (Some((pr_f, g_f, node_f)), Some((pr_b, g_b, node_b))) = (first_f, first_b) else {
                // A side has reached all it can: every cheaper meeting would have been seen.
                return sides.verdict(domain, &meter);
            };
            let bound = self.lower_bound(&open, pr_f.min(pr_b));
            if sides.best.is_some_and(|meeting| meeting.cost <= bound) {
                return sides.verdict(domain, &meter);
            }
            if meter.beyond_depth(bound.whole()) {
                return Err(StopReason::DepthLimit);
            }
            // On equal priorities the shallower side goes: a side that took every tie would
            // search its whole last layer before the other side could meet it.
            let forwards = (pr_f, g_f) <= (pr_b, g_b);
            let (node, g) = if forwards {
                (node_f, g_f)
            } else {
                (node_b, g_b)
            };
            self.expand(
                &mut sides,
                &mut open,
                forwards,
                (node, g),
                &mut meter,
                bound,
                stats,
            )?;
        }
    }

    /// The lower bound on the cost of a solution not met yet: max(C, fmin_F, fmin_B,
    /// gmin_F + gmin_B + ε), `least_priority` being C.
    fn lower_bound(&self, [fwd, bwd]: &[OpenList<W::Cost>; 2], least_priority: W::Cost) -> W::Cost {
        let least = |values: &Values<W::Cost>| values.least().unwrap_or(W::Cost::ZERO);
        let g_sum = least(&fwd.g) + least(&bwd.g) + self.epsilon;
        least_priority
            .max(least(&fwd.f))
            .max(least(&bwd.f))
            .max(g_sum)
    }

    /// Expands the first node of the side `forwards` says, at lower bound `bound`.
    #[allow(clippy::too_many_arguments)] // the search's state, each part needed here
    fn expand(
        &self,
        sides: &mut Sides<D::State, D::Action, W::Cost>,
        open: &mut [OpenList<W::Cost>; 2],
        forwards: bool,
        (node, g): (u32, W::Cost),
        meter: &mut Meter<'_>,
        bound: W::Cost,
        stats: &mut Stats,
    ) -> Result<(), StopReason> {
        meter.before_expansion(stats.expanded)?;
        let list = &mut open[usize::from(!forwards)];
        let (_, _, node_h) = list
            .by_priority
            .pop()
            .expect("the first entry was just seen");
        debug_assert_eq!(node_h, node);
        let h = sides.h(forwards, node);
        list.forget(g, g + h);
        let generated = sides.expand(
            self.domain,
            self.weights,
            self.heuristics,
            forwards,
            node,
            |child| list.open(child),
        );
        stats.count(u32::try_from(bound.whole()).unwrap_or(u32::MAX), generated);
        stats.stored = sides.stored();
        meter.stored(stats.stored)
    }
}
