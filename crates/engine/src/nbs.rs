//! NBS: near-optimal bidirectional search, expanding pairs of nodes.
//!
//! Chen, Holte, Zilles and Sturtevant, "Front-to-end bidirectional heuristic search with
//! near-optimal node expansions", IJCAI 2017 (<https://www.ijcai.org/proceedings/2017/0070>).
//! A pair of open nodes, u forwards and v backwards, bounds the cost of every solution through
//! both by lb(u, v) = max(f_F(u), f_B(v), g_F(u) + g_B(v) + ε) (ε the least cost of an action).
//! NBS expands both nodes of a pair whose bound is least, and stops when the cheapest solution
//! met so far is at most that bound. Every solution-finding front-to-end search must expand a
//! vertex cover of the pairs whose bound is below the cheapest cost C*; with a consistent
//! estimate NBS expands at most twice the least such cover.
//!
//! Finding a least pair is cheap: each side keeps its open nodes whose f is at most the current
//! lower bound "ready", by g, and the others "waiting", in order of f. While the ready nodes'
//! least g-values sum (with ε) above the bound, the bound rises to the least value any pair can
//! have (the least waiting f, or that sum) and the nodes it reaches become ready. Any ready pair
//! whose g-values sum (with ε) to at most the bound is a least pair; NBS takes the deepest: the
//! forward node of largest g that pairs with the least backward g, then the backward node of
//! largest g that pairs with it (ties: the node opened last). Which least pair is taken leaves
//! the guarantee as it is, but decides the work at the bound C*, where every pair is a least one
//! until the cheapest meeting is found: taking the shallowest there is a breadth-first search
//! of the nodes of f = C* (a hundred times A*'s expansions on pancakes with the gap estimate),
//! taking the deepest dives like A*. The side-shared parts (nodes, expansion, meetings) are in
//! `front_to_end`.

use crate::limits::Clock;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};

use crate::front_to_end::{Opened, Side, Sides, meter, roots, widened};
use crate::path::finish;
use crate::{Cost, DomainCosts, Heuristic, Limits, SearchResult, Stats, Weights};
use crate::{Meter, Predecessors, StopReason};

/// Finds a cheapest solution from `start` to any of `goals` with NBS, each action costing
/// [`Domain::cost`](crate::Domain::cost).
///
/// `forward` must never overestimate the cost from a state to the nearest goal, nor `backward`
/// the cost from the start to a state, or the solution may not be the cheapest; consistent ones
/// keep the promise on expansions (a node reached again more cheaply is opened again). As for
/// [`bidirectional_bfs`](crate::bidirectional_bfs::bidirectional_bfs), the backward side needs
/// [`Predecessors::predecessor_actions`] (a reversible domain's actions, `impl Reversible`) and the
/// inverse of each ([`Domain::invert`](crate::Domain::invert)); the goals are the given states ([`Domain::is_goal`](crate::Domain::is_goal) is
/// not asked). Each lower bound expanded at is one entry of [`Stats::layers`], and each pair is
/// two expansions.
///
/// ```
/// use statespace_engine::{Domain, Limits, Reversible, nbs::nbs};
/// /// A ring of 100 positions, by steps of -1, +1 and +10.
/// struct Ring;
/// impl Domain for Ring {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1, 10, -10]); }
///     fn apply(&self, n: &mut i32, step: i32) { *n = (*n + step).rem_euclid(100); }
///     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
///     fn is_goal(&self, n: &i32) -> bool { *n == 42 }
/// }
/// impl Reversible for Ring {}
/// // The distance around the ring, in steps of ten.
/// let apart = |a: i32, b: i32| ((a - b).rem_euclid(100).min((b - a).rem_euclid(100)) / 10) as u32;
/// let to_goal = |n: &i32| apart(*n, 42);
/// let from_start = |n: &i32| apart(*n, 0);
/// let result = nbs(&Ring, &0, &[42], &to_goal, &from_start, &Limits::none());
/// let solution = result.outcome.solution().unwrap();
/// assert_eq!(solution.cost, 6); // four times +10, twice +1
/// assert_eq!(solution.states(&Ring, &0).last(), Some(&42));
/// assert_eq!(result.stats.expanded % 2, 0); // in pairs
/// ```
pub fn nbs<D, F, B>(
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
    nbs_weighted(
        domain,
        start,
        goals,
        &DomainCosts,
        1,
        (&forward, &backward),
        limits,
    )
}

/// Finds a cheapest solution from `start` to any of `goals` with NBS, as [`nbs`] does, each
/// action costing what `weights` says, never less than `epsilon` (zero is always right; the
/// least cost of an action stops the search sooner). The `heuristics` (forwards, backwards)
/// estimate in the same type, admissibly.
///
/// ```
/// use statespace_engine::{Domain, Limits, OrderedFloat, Reversible, nbs::nbs_weighted};
/// /// Round a clock face from 0 to 6 by steps of one hour (cost 1) or three (cost 2.5).
/// struct Clock;
/// impl Domain for Clock {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, -1, 3, -3]); }
///     fn apply(&self, hour: &mut i32, step: i32) { *hour = (*hour + step).rem_euclid(12); }
///     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
///     fn is_goal(&self, hour: &i32) -> bool { *hour == 6 }
/// }
/// impl Reversible for Clock {}
/// let cost = |_: &i32, step: i32| OrderedFloat(if step.abs() == 3 { 2.5 } else { 1.0 });
/// // No estimate either way: a bidirectional uniform-cost search.
/// let blind = |_: &i32| OrderedFloat(0.0);
/// let limits = Limits::none();
/// let result = nbs_weighted(&Clock, &0, &[6], &cost, OrderedFloat(1.0), (&blind, &blind), &limits);
/// let solution = result.outcome.solution().unwrap();
/// assert_eq!(solution.cost, OrderedFloat(5.0)); // two steps of three hours
/// assert_eq!(solution.actions.len(), 2);
/// ```
pub fn nbs_weighted<D, W, F, B>(
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
    let search = (domain, weights, heuristics);
    by_lower_bound(search, start, goals, epsilon, Choice::Pair, limits)
}

/// Which ready nodes a search by least lower bounds expands next, once some ready pair's bound
/// is at most the lower bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// NBS: both nodes of the deepest least pair.
    Pair,
    /// DVCBS: one node of a least vertex cover of the ready pairs' g-values
    /// ([`crate::dvcbs`]).
    Cover,
}

/// NBS's loop, expanding what `choice` says; DVCBS shares it.
pub(crate) fn by_lower_bound<D, W, F, B>(
    (domain, weights, heuristics): (&D, &W, (&F, &B)),
    start: &D::State,
    goals: &[D::State],
    epsilon: W::Cost,
    choice: Choice,
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
    let (forward, backward) = heuristics;
    let (mut queues, mut clb) = ([Queues::new(), Queues::new()], W::Cost::ZERO);
    let mut sides = roots::<D, W::Cost>(
        domain,
        start,
        goals,
        |state| forward.estimate(domain, state),
        |state| backward.estimate(domain, state),
        |forwards, root| queues[usize::from(!forwards)].open(root),
    );
    // Each node has an entry among the waiting and one among the ready, at the most.
    let waiting = size_of::<Reverse<(W::Cost, W::Cost, Reverse<u32>)>>();
    let ready = size_of::<u32>();
    let mut meter = meter::<D, W::Cost>(domain, start, limits, waiting + ready);
    stats.stored = sides.stored();
    let mut pairs = Pairs {
        queues: &mut queues,
        lower_bound: &mut clb,
        epsilon,
        choice,
    };
    let verdict = (|| loop {
        let Some(pair) = pairs.least(&sides) else {
            // A side has reached all it can: every cheaper meeting would have been seen.
            return sides.verdict(domain, &meter);
        };
        let bound = *pairs.lower_bound;
        if sides.best.is_some_and(|meeting| meeting.cost <= bound) {
            return sides.verdict(domain, &meter);
        }
        if meter.beyond_depth(bound.whole()) {
            return Err(StopReason::DepthLimit);
        }
        let search = (domain, weights, heuristics);
        expand_pair(search, &mut sides, &mut pairs, pair, &mut meter, &mut stats)?;
    })();
    finish(verdict, stats, started)
}

/// Expands the nodes of `pair` (forwards, backwards) there are, taken from their ready nodes.
fn expand_pair<D, W, F, B>(
    (domain, weights, heuristics): (&D, &W, (&F, &B)),
    sides: &mut Sides<D::State, D::Action, W::Cost>,
    pairs: &mut Pairs<'_, W::Cost>,
    pair: [Option<u32>; 2],
    meter: &mut Meter<'_>,
    stats: &mut Stats,
) -> Result<(), StopReason>
where
    D: Predecessors,
    W: Weights<D>,
    F: Heuristic<D, W::Cost>,
    B: Heuristic<D, W::Cost>,
{
    let layer = u32::try_from(pairs.lower_bound.whole()).unwrap_or(u32::MAX);
    for (side, node) in pair.into_iter().enumerate() {
        let Some(node) = node else { continue };
        meter.before_expansion(stats.expanded)?;
        let queues = &mut pairs.queues[side];
        let opened = |child| queues.open(child);
        let generated = sides.expand(domain, weights, heuristics, side == 0, node, opened);
        stats.count(layer, generated);
        stats.stored = sides.stored();
        meter.stored(stats.stored)?;
    }
    Ok(())
}

/// One side's open nodes: those waiting, by least f, and those ready, by g (a stack of nodes
/// for each g). Entries left behind by a node reached more cheaply, or closed, are dropped when
/// they come first.
#[derive(Debug)]
struct Queues<C> {
    waiting: BinaryHeap<Reverse<(C, C, Reverse<u32>)>>,
    ready: BTreeMap<C, Vec<u32>>,
}

impl<C: Cost> Queues<C> {
    fn new() -> Self {
        Self {
            waiting: BinaryHeap::new(),
            ready: BTreeMap::new(),
        }
    }

    /// Files a node just opened among the waiting; the next pair's choice makes it ready if its
    /// f allows.
    fn open(&mut self, opened: Opened<C>) {
        let f = opened.g + opened.h;
        self.waiting
            .push(Reverse((f, opened.g, Reverse(opened.node))));
    }

    /// Makes every live waiting node whose f is at most `bound` ready.
    fn promote<S, A>(&mut self, side: &Side<S, A, C>, bound: C)
    where
        S: Clone + Eq + std::hash::Hash,
        A: Copy + Eq + std::fmt::Debug,
    {
        while let Some(&Reverse((f, g, Reverse(node)))) = self.waiting.peek() {
            if side.is_live(node, g) && f > bound {
                return;
            }
            self.waiting.pop();
            if side.is_live(node, g) {
                self.ready.entry(g).or_default().push(node);
            }
        }
    }

    /// The first live waiting node's f.
    fn least_waiting<S, A>(&mut self, side: &Side<S, A, C>) -> Option<C>
    where
        S: Clone + Eq + std::hash::Hash,
        A: Copy + Eq + std::fmt::Debug,
    {
        while let Some(&Reverse((f, g, Reverse(node)))) = self.waiting.peek() {
            if side.is_live(node, g) {
                return Some(f);
            }
            self.waiting.pop();
        }
        None
    }

    /// The least g of a live ready node.
    fn least_ready<S, A>(&mut self, side: &Side<S, A, C>) -> Option<C>
    where
        S: Clone + Eq + std::hash::Hash,
        A: Copy + Eq + std::fmt::Debug,
    {
        loop {
            let mut least = self.ready.first_entry()?;
            let g = *least.key();
            let nodes = least.get_mut();
            while let Some(&node) = nodes.last() {
                if side.is_live(node, g) {
                    return Some(g);
                }
                nodes.pop();
            }
            least.remove();
        }
    }

    /// The ready nodes' g-values, least first, and how many entries each has (entries of
    /// nodes since closed or reached more cheaply are counted until dropped).
    fn clusters(&self) -> Vec<(C, usize)> {
        let clusters = self.ready.iter().map(|(&g, nodes)| (g, nodes.len()));
        clusters.filter(|&(_, count)| count > 0).collect()
    }

    /// Takes the live ready node of largest g that `pairs` (the last opened of equals): its g
    /// and number. `pairs` must hold for every g up to some value.
    fn take_deepest<S, A>(
        &mut self,
        side: &Side<S, A, C>,
        pairs: impl Fn(C) -> bool,
    ) -> Option<(C, u32)>
    where
        S: Clone + Eq + std::hash::Hash,
        A: Copy + Eq + std::fmt::Debug,
    {
        loop {
            let g = *self.ready.keys().rev().find(|&&g| pairs(g))?;
            let nodes = self.ready.get_mut(&g).expect("a key just seen");
            let live = std::iter::from_fn(|| nodes.pop()).find(|&node| side.is_live(node, g));
            if nodes.is_empty() {
                self.ready.remove(&g);
            }
            if let Some(node) = live {
                return Some((g, node));
            }
        }
    }
}

/// The choice of the next pair: both sides' queues and the current lower bound on every open
/// pair's (and so every solution not met yet).
struct Pairs<'q, C> {
    queues: &'q mut [Queues<C>; 2],
    lower_bound: &'q mut C,
    epsilon: C,
    choice: Choice,
}

impl<C: Cost> Pairs<'_, C> {
    /// A pair whose bound is least, [forward node, backward node] (DVCBS: one of them),
    /// raising the lower bound to that least bound; `None` when a side has no open node.
    fn least<S, A>(&mut self, sides: &Sides<S, A, C>) -> Option<[Option<u32>; 2]>
    where
        S: Clone + Eq + std::hash::Hash,
        A: Copy + Eq + std::fmt::Debug,
    {
        let [fwd, bwd] = &mut *self.queues;
        loop {
            if sides.fwd.is_spent() || sides.bwd.is_spent() {
                return None;
            }
            let bound = *self.lower_bound;
            fwd.promote(&sides.fwd, bound);
            bwd.promote(&sides.bwd, bound);
            let epsilon = self.epsilon;
            let ready = (fwd.least_ready(&sides.fwd), bwd.least_ready(&sides.bwd));
            let ready_sum = match ready {
                (Some(g_f), Some(g_b))
                    if g_f + g_b + epsilon <= bound && self.choice == Choice::Cover =>
                {
                    let clusters = [fwd.clusters(), bwd.clusters()];
                    let (forwards, g) = crate::dvcbs::cover_choice(clusters, epsilon, bound);
                    let (queue, side) = if forwards {
                        (&mut *fwd, &sides.fwd)
                    } else {
                        (&mut *bwd, &sides.bwd)
                    };
                    // A cluster of stale entries only is dropped, and the choice made again.
                    if let Some((_, node)) = queue.take_deepest(side, |at| at == g) {
                        return Some(if forwards {
                            [Some(node), None]
                        } else {
                            [None, Some(node)]
                        });
                    }
                    continue;
                }
                (Some(g_f), Some(g_b)) if g_f + g_b + epsilon <= bound => {
                    let deepest = |g: C| g + g_b + epsilon <= bound;
                    let least_pairs = "the least g pairs";
                    let (g_u, u) = fwd.take_deepest(&sides.fwd, deepest).expect(least_pairs);
                    let (_, v) = bwd
                        .take_deepest(&sides.bwd, |g| g_u + g + epsilon <= bound)
                        .expect(least_pairs);
                    return Some([Some(u), Some(v)]);
                }
                (Some(g_f), Some(g_b)) => Some(g_f + g_b + epsilon),
                _ => None,
            };
            let waiting = [fwd.least_waiting(&sides.fwd), bwd.least_waiting(&sides.bwd)];
            // Every pair includes a waiting node (its f is above the bound) or two ready ones
            // (their g-values sum above it): the least of those values is the new bound.
            *self.lower_bound = waiting.into_iter().chain([ready_sum]).flatten().min()?;
        }
    }
}
