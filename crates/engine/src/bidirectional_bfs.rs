//! Bidirectional breadth-first search: from the start forwards and from the goals backwards,
//! a whole layer at a time, always on the side with the smaller frontier.
//!
//! See <https://en.wikipedia.org/wiki/Bidirectional_search>.
//!
//! Why the first meeting is a shortest solution: before a layer is expanded no state is on both
//! sides, so every solution is longer than `df + db` (the depths searched so far). Expanding a
//! forward layer reaches depth `df + 1`, and a state met there lies at a backward depth of at most
//! `db`; the solution through it has length at most `df + 1 + db`, hence exactly that, the least.

use crate::limits::Clock;

use crate::index::{HashIndex, StateIndex};
use crate::limits::{Footprint, Meter, owned_bytes};
use crate::path::{SearchTree, finish};
use crate::predecessors::check_before_search;
use crate::{Domain, LayerStats, Limits, Predecessors, SearchResult, Solution, Stats, StopReason};

/// Finds a solution with the fewest actions from `start` to any of `goals`.
///
/// The domain must have unit costs, and say how to step backwards ([`Predecessors`]: a
/// reversible domain says `impl Reversible for ..`, which makes the successors its
/// predecessors), each predecessor action with its inverse ([`Domain::invert`]), which leads
/// back from the predecessor. The search checks that on its goals and start before it starts.
/// With [`Limits::max_depth`] only solutions of at most that many actions are looked for. Each
/// layer expanded is one entry of [`Stats::layers`], keyed by the solution length it rules out
/// or finds.
///
/// ```
/// use statespace_engine::{Domain, Limits, Predecessors, bidirectional_bfs::bidirectional_bfs};
/// /// A ring of 100 positions, by steps of -1, +1 and +10.
/// struct Ring;
/// impl Domain for Ring {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1, 10]); }
///     fn apply(&self, n: &mut i32, step: i32) { *n = (*n + step).rem_euclid(100); }
///     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
///     fn is_goal(&self, n: &i32) -> bool { *n == 42 }
/// }
/// /// One way round: -10 is no move, but the way back from one.
/// impl Predecessors for Ring {
///     fn predecessor_actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, -1, -10]); }
/// }
/// let result = bidirectional_bfs(&Ring, &0, &[42], &Limits::none());
/// let solution = result.outcome.solution().unwrap();
/// assert_eq!(solution.actions.len(), 6); // four times +10, twice +1
/// assert_eq!(solution.actions.iter().sum::<i32>(), 42);
/// ```
pub fn bidirectional_bfs<D: Predecessors>(
    domain: &D,
    start: &D::State,
    goals: &[D::State],
    limits: &Limits,
) -> SearchResult<D::Action> {
    let (mut forward, mut backward) = (HashIndex::default(), HashIndex::default());
    bidirectional_bfs_with(domain, start, goals, limits, &mut forward, &mut backward)
}

/// [`bidirectional_bfs`] with visited maps of the caller's choice for each side, cleared first
/// and reusable across calls.
pub fn bidirectional_bfs_with<D: Predecessors, I: StateIndex<D::State>>(
    domain: &D,
    start: &D::State,
    goals: &[D::State],
    limits: &Limits,
    forward: &mut I,
    backward: &mut I,
) -> SearchResult<D::Action> {
    let started = Clock::start(limits);
    let mut stats = Stats::default();
    let verdict = search(
        domain,
        start,
        goals,
        limits,
        [forward, backward],
        &mut stats,
    );
    finish(verdict, stats, started)
}

/// One direction of the search: its tree, its visited map and where its last layer begins.
struct Side<'i, S, A, I> {
    tree: SearchTree<S, A>,
    visited: &'i mut I,
    layer_start: usize,
    depth: u32,
    /// A reusable buffer for the actions of one state.
    actions: Vec<A>,
    /// What each state's two copies (the tree's and the visited map's) own on the heap.
    owned: u64,
}

impl<S, A: Copy, I> Side<'_, S, A, I> {
    fn frontier(&self) -> usize {
        self.tree.states.len() - self.layer_start
    }
}

impl<S, A, I: Footprint> Footprint for Side<'_, S, A, I> {
    fn bytes_to_insert(&self) -> u64 {
        self.tree.bytes_to_insert()
            + self.visited.bytes_to_insert()
            + (self.tree.states.len() as u64 + 1) * self.owned
    }
}

fn search<D: Predecessors, I: StateIndex<D::State>>(
    domain: &D,
    start: &D::State,
    goals: &[D::State],
    limits: &Limits,
    [forward, backward]: [&mut I; 2],
    stats: &mut Stats,
) -> Result<Option<Solution<D::Action>>, StopReason> {
    forward.clear();
    backward.clear();
    check_before_search(domain, goals, Some(start));
    if goals.contains(start) {
        return Ok(Some(Solution {
            actions: Vec::new(),
            cost: 0,
        }));
    }
    let mut meter = Meter::new(limits);
    let owned = 2 * owned_bytes(domain, start);
    let mut fwd = Side {
        tree: SearchTree::with_root(start.clone()),
        visited: forward,
        layer_start: 0,
        depth: 0,
        actions: Vec::new(),
        owned,
    };
    fwd.visited.insert(start, 0);
    let mut bwd = Side {
        tree: SearchTree::empty(),
        visited: backward,
        layer_start: 0,
        depth: 0,
        actions: Vec::new(),
        owned,
    };
    for goal in goals {
        meter.holds(fwd.bytes_to_insert() + bwd.bytes_to_insert())?;
        if bwd.visited.insert(goal, bwd.tree.len() as u32) {
            bwd.tree.add_root(goal.clone());
        }
    }
    loop {
        if fwd.frontier() == 0 || bwd.frontier() == 0 {
            return Ok(None);
        }
        let length = u64::from(fwd.depth + bwd.depth + 1);
        if meter.beyond_depth(length) {
            return Err(StopReason::DepthLimit);
        }
        let forwards = fwd.frontier() <= bwd.frontier();
        let (near, far) = if forwards {
            (&mut fwd, &mut bwd)
        } else {
            (&mut bwd, &mut fwd)
        };
        let mut layer = LayerStats {
            depth: length as u32,
            ..LayerStats::default()
        };
        let expanded_before = stats.expanded;
        let met = expand_layer(
            domain,
            near,
            far,
            forwards,
            &mut meter,
            expanded_before,
            &mut layer,
        );
        stats.push_layer(layer);
        stats.stored = fwd.tree.len() + bwd.tree.len();
        if let Some((near_node, far_node)) = met? {
            let (f, b) = if forwards {
                (near_node, far_node)
            } else {
                (far_node, near_node)
            };
            return Ok(Some(join(domain, &fwd.tree, f, &bwd.tree, b)));
        }
    }
}

/// Expands every state of `near`'s last layer; returns the first state met on the `far` side,
/// as (its number on the near side, its number on the far side).
fn expand_layer<D: Predecessors, I: StateIndex<D::State>>(
    domain: &D,
    near: &mut Side<'_, D::State, D::Action, I>,
    far: &Side<'_, D::State, D::Action, I>,
    forwards: bool,
    meter: &mut Meter<'_>,
    expanded_before: u64,
    layer: &mut LayerStats,
) -> Result<Option<(u32, u32)>, StopReason> {
    let layer_end = near.tree.states.len();
    let stored_elsewhere = far.tree.len();
    // The far side does not grow meanwhile; counted as if it might, it stays within the budget.
    let held_elsewhere = far.bytes_to_insert();
    meter.holds(near.bytes_to_insert() + held_elsewhere)?;
    for node in near.layer_start..layer_end {
        meter.before_expansion(expanded_before + layer.expanded)?;
        let mut state = near.tree.states[node].clone();
        let mut actions = std::mem::take(&mut near.actions);
        actions.clear();
        if forwards {
            domain.actions(&state, &mut actions);
        } else {
            domain.predecessor_actions(&state, &mut actions);
        }
        layer.count(actions.len() as u64);
        for &action in &actions {
            assert!(
                forwards || domain.invert(action).is_some(),
                "bidirectional search needs the inverse of every predecessor action \
                 (Domain::invert), and {action:?} has none"
            );
            domain.apply(&mut state, action);
            let child = near.tree.states.len() as u32;
            if near.visited.insert(&state, child) {
                near.tree.push(state.clone(), node as u32, action);
                if let Some(other) = far.visited.get(&state) {
                    return Ok(Some((child, other)));
                }
                meter.stored(near.tree.len() + stored_elsewhere)?;
                meter.holds(near.bytes_to_insert() + held_elsewhere)?;
            }
            // Back in place: by the inverse where there is one (no copy of a large state).
            match domain.invert(action) {
                Some(_) => domain.undo(&mut state, action),
                None => state.clone_from(&near.tree.states[node]),
            }
        }
        near.actions = actions;
    }
    near.layer_start = layer_end;
    near.depth += 1;
    Ok(None)
}

/// The solution through a meeting state: forwards to it, then back along the backward tree.
fn join<D: Domain>(
    domain: &D,
    forward: &SearchTree<D::State, D::Action>,
    forward_node: u32,
    backward: &SearchTree<D::State, D::Action>,
    backward_node: u32,
) -> Solution<D::Action> {
    let mut actions = forward.actions_to(forward_node);
    let back = backward.actions_to(backward_node);
    actions.extend(back.iter().rev().map(|&action| {
        domain
            .invert(action)
            .expect("bidirectional search goes back by the inverses of predecessor actions")
    }));
    Solution {
        cost: actions.len() as u64,
        actions,
    }
}
