//! The tree a graph search grows: states with parent numbers instead of cloned paths.

use crate::limits::Footprint;
use crate::{Outcome, Solution, Stats, StopReason};

/// The parent of a root.
pub(crate) const ROOT: u32 = u32::MAX;

/// How a search reached a node: from node `parent` by `action`; a root has no action.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Link<A> {
    pub(crate) parent: u32,
    pub(crate) action: Option<A>,
}

/// The steps from a root to `node`, found by following `link_of` back: each action with the
/// node it was taken from, in order.
pub(crate) fn steps_to<A: Copy>(mut node: u32, link_of: impl Fn(u32) -> Link<A>) -> Vec<(u32, A)> {
    let mut steps = Vec::new();
    while let Link {
        parent,
        action: Some(action),
    } = link_of(node)
    {
        steps.push((parent, action));
        node = parent;
    }
    steps.reverse();
    steps
}

/// The actions from a root to `node`, found by following `link_of` back, in order: one vector,
/// for searches that need no more of the path (many small searches allocate little).
pub(crate) fn actions_to<A: Copy>(mut node: u32, link_of: impl Fn(u32) -> Link<A>) -> Vec<A> {
    let mut actions = Vec::new();
    while let Link {
        parent,
        action: Some(action),
    } = link_of(node)
    {
        actions.push(action);
        node = parent;
    }
    actions.reverse();
    actions
}

/// The nodes a search grew: each state with the link it was reached by, in two arrays.
#[derive(Debug)]
pub(crate) struct SearchTree<S, A> {
    pub(crate) states: Vec<S>,
    links: Vec<Link<A>>,
}

impl<S, A: Copy> SearchTree<S, A> {
    pub(crate) fn with_root(state: S) -> Self {
        let mut tree = Self::empty();
        tree.add_root(state);
        tree
    }

    pub(crate) fn empty() -> Self {
        Self::with_capacity(0)
    }

    /// An empty tree with room for `nodes` nodes before it grows.
    pub(crate) fn with_capacity(nodes: usize) -> Self {
        Self {
            states: Vec::with_capacity(nodes),
            links: Vec::with_capacity(nodes),
        }
    }

    /// Adds a root (a search may start from several states at once); returns its number.
    pub(crate) fn add_root(&mut self, state: S) -> u32 {
        self.states.push(state);
        self.links.push(Link {
            parent: ROOT,
            action: None,
        });
        (self.states.len() - 1) as u32
    }

    /// Adds `state`, reached from node `parent` by `action`; returns its number.
    pub(crate) fn push(&mut self, state: S, parent: u32, action: A) -> u32 {
        self.states.push(state);
        self.links.push(Link {
            parent,
            action: Some(action),
        });
        (self.states.len() - 1) as u32
    }

    pub(crate) fn len(&self) -> u64 {
        self.states.len() as u64
    }

    /// How node `node` was reached.
    pub(crate) fn link(&self, node: usize) -> Link<A> {
        self.links[node]
    }

    /// Forgets every node, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.states.clear();
        self.links.clear();
    }

    /// The actions from the root to `node`, in order.
    pub(crate) fn actions_to(&self, node: u32) -> Vec<A> {
        self.steps_to(node)
            .into_iter()
            .map(|(_, action)| action)
            .collect()
    }

    /// The steps from the root to `node`: each action with the node it was taken from.
    pub(crate) fn steps_to(&self, node: u32) -> Vec<(u32, A)> {
        steps_to(node, |node| self.links[node as usize])
    }
}

impl<S, A> Footprint for SearchTree<S, A> {
    fn bytes_to_insert(&self) -> u64 {
        self.states.bytes_to_insert() + self.links.bytes_to_insert()
    }
}

/// Turns a search's verdict into an outcome.
pub(crate) fn outcome<A, C>(verdict: Result<Option<Solution<A, C>>, StopReason>) -> Outcome<A, C> {
    match verdict {
        Ok(Some(solution)) => Outcome::Found(solution),
        Ok(None) => Outcome::Exhausted,
        Err(reason) => Outcome::Stopped(reason),
    }
}

/// Stamps the elapsed time on the statistics and packs the result.
pub(crate) fn finish<A, C>(
    verdict: Result<Option<Solution<A, C>>, StopReason>,
    mut stats: Stats,
    started: crate::limits::Clock,
) -> crate::SearchResult<A, C> {
    started.stamp(&mut stats);
    crate::SearchResult {
        outcome: outcome(verdict),
        stats,
    }
}
