//! The tree a graph search grows: states with parent numbers instead of cloned paths.

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

pub(crate) struct Node<S, A> {
    pub(crate) state: S,
    link: Link<A>,
    /// Cost from the root (g).
    pub(crate) cost: u64,
    /// Actions from the root.
    pub(crate) depth: u32,
}

pub(crate) struct SearchTree<S, A> {
    pub(crate) nodes: Vec<Node<S, A>>,
}

impl<S, A: Copy> SearchTree<S, A> {
    pub(crate) fn with_root(state: S) -> Self {
        let mut tree = Self::empty();
        tree.add_root(state);
        tree
    }

    pub(crate) fn empty() -> Self {
        Self { nodes: Vec::new() }
    }

    /// Adds a root (a search may start from several states at once); returns its number.
    pub(crate) fn add_root(&mut self, state: S) -> u32 {
        self.nodes.push(Node {
            state,
            link: Link {
                parent: ROOT,
                action: None,
            },
            cost: 0,
            depth: 0,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Adds `state`, reached from node `parent` by `action` of cost `step`; returns its number.
    pub(crate) fn push(&mut self, state: S, parent: u32, action: A, step: u32) -> u32 {
        let from = &self.nodes[parent as usize];
        let node = Node {
            state,
            link: Link {
                parent,
                action: Some(action),
            },
            cost: from.cost + u64::from(step),
            depth: from.depth + 1,
        };
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    pub(crate) fn len(&self) -> u64 {
        self.nodes.len() as u64
    }

    /// The actions from the root to `node`, in order.
    pub(crate) fn actions_to(&self, node: u32) -> Vec<A> {
        let steps = steps_to(node, |node| self.nodes[node as usize].link);
        steps.into_iter().map(|(_, action)| action).collect()
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
    started: std::time::Instant,
) -> crate::SearchResult<A, C> {
    stats.elapsed = started.elapsed();
    crate::SearchResult {
        outcome: outcome(verdict),
        stats,
    }
}
