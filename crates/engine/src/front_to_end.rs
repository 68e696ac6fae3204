//! What the front-to-end bidirectional heuristic searches ([`mm`](crate::mm), [`nbs`](crate::nbs)
//! and [`dvcbs`](crate::dvcbs), which runs NBS's loop) share: each direction's nodes and their
//! expansion, the cheapest meeting of the two directions found so far, and the solution through
//! it. They differ only in which node (or pair of nodes) they expand next and when they stop,
//! each with open lists of its own.
//!
//! Forwards a node's children are its successors; backwards they are its predecessors
//! ([`Predecessors::predecessor_actions`]), each reached by an action whose inverse leads back and
//! costing what that inverse costs from the predecessor. A node's estimate is computed once, when
//! it is first reached: towards the goals forwards, towards the start backwards. Every node
//! reached again more cheaply is opened again (an inconsistent estimate may close a node early).

use crate::index::{HashIndex, StateIndex};
use crate::path::{Link, ROOT, steps_to};
use crate::predecessors::check_before_search;
use crate::{Cost, Domain, Heuristic, Limits, Meter, Predecessors, Solution, StopReason, Weights};

/// How a search ended: a solution, none, or a limit.
pub(crate) type Verdict<A, C> = Result<Option<Solution<A, C>>, StopReason>;

/// A node of one direction: its cost from that direction's roots (g), its estimate (h), how it
/// was reached and whether it is open (waiting to be expanded).
#[derive(Clone, Copy, Debug)]
struct Node<A, C> {
    g: C,
    h: C,
    link: Link<A>,
    open: bool,
}

/// A node just opened (new, or reached more cheaply): its number, g and h, and the g it was open
/// at before if it was open already (an open list keyed on the old g then holds a stale entry).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opened<C> {
    pub(crate) node: u32,
    pub(crate) g: C,
    pub(crate) h: C,
    pub(crate) was_open_at: Option<C>,
}

/// A state reached from both directions: its node on each side, and the cost of the solution
/// through it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Meeting<C> {
    forward: u32,
    backward: u32,
    pub(crate) cost: C,
}

/// One direction of the search.
pub(crate) struct Side<S, A, C> {
    forwards: bool,
    index: HashIndex<S>,
    states: Vec<S>,
    nodes: Vec<Node<A, C>>,
    open: u64,
    /// A reusable buffer for the actions of one state.
    actions: Vec<A>,
}

impl<S: Clone + Eq + std::hash::Hash, A: Copy + Eq + std::fmt::Debug, C: Cost> Side<S, A, C> {
    /// An empty side, searching forwards from the start or backwards from the goals.
    pub(crate) fn new(forwards: bool) -> Self {
        Self {
            forwards,
            index: HashIndex::default(),
            states: Vec::new(),
            nodes: Vec::new(),
            open: 0,
            actions: Vec::new(),
        }
    }

    /// The number of nodes (open and closed).
    pub(crate) fn len(&self) -> u64 {
        self.nodes.len() as u64
    }

    /// Whether no node is open: this side has reached all it can.
    pub(crate) fn is_spent(&self) -> bool {
        self.open == 0
    }

    /// Whether an open list's entry for `node` at cost `g` is current: the node is open at `g`.
    pub(crate) fn is_live(&self, node: u32, g: C) -> bool {
        let node = &self.nodes[node as usize];
        node.open && node.g == g
    }

    /// Adds a root (the start, or a goal) with estimate `h`; meets `other` if it holds the state.
    pub(crate) fn add_root(
        &mut self,
        state: &S,
        h: C,
        other: &Self,
        best: &mut Option<Meeting<C>>,
    ) -> Option<Opened<C>> {
        let root = Link {
            parent: ROOT,
            action: None,
        };
        self.reach(state, C::ZERO, root, || h, other, best)
    }

    /// Expands the open node `node`, closing it: opens each child that is new or reached more
    /// cheaply (`opened` hears of each) and keeps in `best` the cheapest meeting with `other`.
    /// Returns the number of children generated.
    #[allow(clippy::too_many_arguments)] // the search's parts, each needed here
    pub(crate) fn expand<D, W, H>(
        &mut self,
        domain: &D,
        weights: &W,
        heuristic: &H,
        node: u32,
        other: &Self,
        best: &mut Option<Meeting<C>>,
        mut opened: impl FnMut(Opened<C>),
    ) -> u64
    where
        D: Predecessors<State = S, Action = A>,
        W: Weights<D, Cost = C>,
        H: Heuristic<D, C>,
    {
        let Node { g, link, .. } = self.nodes[node as usize];
        self.nodes[node as usize].open = false;
        self.open -= 1;
        let mut state = self.states[node as usize].clone();
        let mut actions = std::mem::take(&mut self.actions);
        actions.clear();
        if self.forwards {
            domain.actions(&state, &mut actions);
        } else {
            domain.predecessor_actions(&state, &mut actions);
        }
        // The way back leads to the parent, which a path through here can never improve.
        let back = link.action.and_then(|action| domain.invert(action));
        for &action in &actions {
            if Some(action) == back {
                continue;
            }
            let inverse = domain.invert(action);
            domain.apply(&mut state, action);
            let step = if self.forwards {
                weights.weight(domain, &self.states[node as usize], action)
            } else {
                let inverse = inverse.unwrap_or_else(|| {
                    panic!(
                        "bidirectional search needs the inverse of every predecessor action \
                         (Domain::invert), and {action:?} has none"
                    )
                });
                weights.weight(domain, &state, inverse)
            };
            let link = Link {
                parent: node,
                action: Some(action),
            };
            let estimate = || heuristic.estimate(domain, &state);
            if let Some(child) = self.reach(&state, g + step, link, estimate, other, best) {
                opened(child);
            }
            // Back in place: by the inverse where there is one (no copy of a large state).
            match inverse {
                Some(_) => domain.undo(&mut state, action),
                None => state.clone_from(&self.states[node as usize]),
            }
        }
        let generated = actions.len() as u64;
        self.actions = actions;
        generated
    }

    /// Reaches `state` at cost `g` by `link`: opens it if it is new (its estimate then computed
    /// by `estimate`) or cheaper than before, and then meets `other` if it holds the state.
    fn reach(
        &mut self,
        state: &S,
        g: C,
        link: Link<A>,
        estimate: impl FnOnce() -> C,
        other: &Self,
        best: &mut Option<Meeting<C>>,
    ) -> Option<Opened<C>> {
        let fresh = self.nodes.len() as u32;
        let opened = match self.index.get_or_insert(state, fresh) {
            None => {
                let h = estimate();
                self.states.push(state.clone());
                self.nodes.push(Node {
                    g,
                    h,
                    link,
                    open: true,
                });
                self.open += 1;
                Opened {
                    node: fresh,
                    g,
                    h,
                    was_open_at: None,
                }
            }
            Some(known) if g < self.nodes[known as usize].g => {
                let node = &mut self.nodes[known as usize];
                let was_open_at = node.open.then_some(node.g);
                if !node.open {
                    self.open += 1;
                }
                *node = Node {
                    g,
                    link,
                    open: true,
                    ..*node
                };
                Opened {
                    node: known,
                    g,
                    h: node.h,
                    was_open_at,
                }
            }
            Some(_) => return None,
        };
        if let Some(theirs) = other.index.get(state) {
            let cost = g + other.nodes[theirs as usize].g;
            if best.is_none_or(|meeting| cost < meeting.cost) {
                let (forward, backward) = if self.forwards {
                    (opened.node, theirs)
                } else {
                    (theirs, opened.node)
                };
                *best = Some(Meeting {
                    forward,
                    backward,
                    cost,
                });
            }
        }
        Some(opened)
    }

    /// The actions from this side's root to `node`, in order.
    fn actions_to(&self, node: u32) -> Vec<A> {
        steps_to(node, |node| self.nodes[node as usize].link)
            .into_iter()
            .map(|(_, action)| action)
            .collect()
    }
}

/// The solution through `meeting`: forwards to it, then back along the backward side's links by
/// their inverses. Links change only when a node's cost falls, and every cost fall is met again
/// at once, so the links of the cheapest meeting are those of its cost.
fn join<D: Domain, C: Cost>(
    domain: &D,
    forward: &Side<D::State, D::Action, C>,
    backward: &Side<D::State, D::Action, C>,
    meeting: Meeting<C>,
) -> Solution<D::Action, C> {
    let mut actions = forward.actions_to(meeting.forward);
    let back = backward.actions_to(meeting.backward);
    actions.extend(back.iter().rev().map(|&action| {
        domain
            .invert(action)
            .expect("the backward side goes back by the inverses of predecessor actions")
    }));
    Solution {
        actions,
        cost: meeting.cost,
    }
}

/// A search's two sides with their roots, or its answer when it ends before any expansion (no
/// goal, or the start is one). The estimates of the roots are `forward` of the start and
/// `backward` of each goal; `opened` hears of each root, forward side first (`true`).
pub(crate) fn roots<D: Predecessors, C: Cost>(
    domain: &D,
    start: &D::State,
    goals: &[D::State],
    forward: impl Fn(&D::State) -> C,
    backward: impl Fn(&D::State) -> C,
    mut opened: impl FnMut(bool, Opened<C>),
) -> Sides<D::State, D::Action, C> {
    check_before_search(domain, goals, Some(start));
    let mut fwd = Side::new(true);
    let mut bwd = Side::new(false);
    let mut best = None;
    if let Some(root) = fwd.add_root(start, forward(start), &bwd, &mut best) {
        opened(true, root);
    }
    for goal in goals {
        if let Some(root) = bwd.add_root(goal, backward(goal), &fwd, &mut best) {
            opened(false, root);
        }
    }
    Sides { fwd, bwd, best }
}

/// The two sides of a search and the cheapest meeting so far.
pub(crate) struct Sides<S, A, C> {
    pub(crate) fwd: Side<S, A, C>,
    pub(crate) bwd: Side<S, A, C>,
    pub(crate) best: Option<Meeting<C>>,
}

impl<S: Clone + Eq + std::hash::Hash, A: Copy + Eq + std::fmt::Debug, C: Cost> Sides<S, A, C> {
    /// The answer once the search stops (with a lower bound at least the cheapest meeting's
    /// cost, or a side spent): the cheapest meeting if there is one, unless the depth limit
    /// rules it out.
    pub(crate) fn verdict<D: Domain<State = S, Action = A>>(
        &self,
        domain: &D,
        meter: &Meter<'_>,
    ) -> Verdict<A, C> {
        match self.best {
            Some(meeting) if meter.beyond_depth(meeting.cost.whole()) => {
                Err(StopReason::DepthLimit)
            }
            Some(meeting) => Ok(Some(join(domain, &self.fwd, &self.bwd, meeting))),
            None => Ok(None),
        }
    }

    /// The estimate of `node` on the side `forwards` says.
    pub(crate) fn h(&self, forwards: bool, node: u32) -> C {
        let side = if forwards { &self.fwd } else { &self.bwd };
        side.nodes[node as usize].h
    }

    /// The states both sides store.
    pub(crate) fn stored(&self) -> u64 {
        self.fwd.len() + self.bwd.len()
    }

    /// Expands `node` on the side `forwards` says, with that side's estimate (`heuristics`:
    /// forwards, backwards); `opened` hears of each child opened. Returns the children generated.
    pub(crate) fn expand<D, W, F, B>(
        &mut self,
        domain: &D,
        weights: &W,
        (forward, backward): (&F, &B),
        forwards: bool,
        node: u32,
        opened: impl FnMut(Opened<C>),
    ) -> u64
    where
        D: Predecessors<State = S, Action = A>,
        W: Weights<D, Cost = C>,
        F: Heuristic<D, C>,
        B: Heuristic<D, C>,
    {
        let best = &mut self.best;
        if forwards {
            let (near, far) = (&mut self.fwd, &self.bwd);
            near.expand(domain, weights, forward, node, far, best, opened)
        } else {
            let (near, far) = (&mut self.bwd, &self.fwd);
            near.expand(domain, weights, backward, node, far, best, opened)
        }
    }
}

/// `heuristic`'s estimate widened to `u64`, the type of the domain's own costs summed.
pub(crate) fn widened<'h, D: Domain, H: Heuristic<D>>(
    domain: &'h D,
    heuristic: &'h H,
) -> impl Fn(&D::State) -> u64 + 'h {
    |state| u64::from(heuristic.estimate(domain, state))
}

/// The meter of a bidirectional search whose open lists hold `open_bytes` per node: each node
/// stores its state twice (in its side's array and in its visited map) and a link, as in A*
/// ([`bytes_per_stored_state`](crate::bytes_per_stored_state)), and its g, h and open flag; all
/// but the state's own heap doubled, as arrays that grow by doubling hold up to twice.
pub(crate) fn meter<'l, D: Domain, C>(
    domain: &D,
    start: &D::State,
    limits: &'l Limits,
    open_bytes: usize,
) -> Meter<'l> {
    let node = size_of::<Node<D::Action, C>>() - size_of::<Link<D::Action>>();
    let extra = 2 * (node + open_bytes) as u64;
    Meter::new(limits).charging(crate::bytes_per_stored_state(domain, start) + extra)
}
