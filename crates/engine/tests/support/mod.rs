//! Small domains for the engine's tests: random undirected graphs and little sliding puzzles.

#![allow(dead_code)] // each test file uses part of the support

use std::collections::VecDeque;

use proptest::prelude::*;
use statespace_engine::{Domain, PerfectHash, Reversible};

/// An undirected graph; an action is a move to a neighbour, listed in increasing order.
#[derive(Clone, Debug)]
pub struct Graph {
    pub neighbours: Vec<Vec<u32>>,
    pub goals: Vec<u32>,
}

impl Graph {
    /// A graph on `n` nodes from a list of edges (self-loops and repeats dropped).
    pub fn new(n: usize, edges: &[(u32, u32)], goals: Vec<u32>) -> Self {
        let mut neighbours = vec![Vec::new(); n];
        for &(a, b) in edges {
            let (a, b) = (a % n as u32, b % n as u32);
            if a != b {
                neighbours[a as usize].push(b);
                neighbours[b as usize].push(a);
            }
        }
        for list in &mut neighbours {
            list.sort_unstable();
            list.dedup();
        }
        let goals = goals.into_iter().map(|g| g % n as u32).collect();
        Self { neighbours, goals }
    }

    /// Distances to the nearest goal by a textbook BFS, independent of the engine.
    pub fn distances(&self) -> Vec<Option<u32>> {
        let mut distance = vec![None; self.neighbours.len()];
        let mut queue = VecDeque::new();
        for &g in &self.goals {
            if distance[g as usize].is_none() {
                distance[g as usize] = Some(0);
                queue.push_back(g);
            }
        }
        while let Some(node) = queue.pop_front() {
            let d = distance[node as usize].unwrap();
            for &next in &self.neighbours[node as usize] {
                if distance[next as usize].is_none() {
                    distance[next as usize] = Some(d + 1);
                    queue.push_back(next);
                }
            }
        }
        distance
    }
}

impl Domain for Graph {
    type State = u32;
    /// (from, to)
    type Action = (u32, u32);
    fn actions(&self, node: &u32, out: &mut Vec<(u32, u32)>) {
        out.extend(
            self.neighbours[*node as usize]
                .iter()
                .map(|&to| (*node, to)),
        );
    }
    fn apply(&self, node: &mut u32, (_, to): (u32, u32)) {
        *node = to;
    }
    fn invert(&self, (from, to): (u32, u32)) -> Option<(u32, u32)> {
        Some((to, from))
    }
    fn is_goal(&self, node: &u32) -> bool {
        self.goals.contains(node)
    }
}

impl Reversible for Graph {}

impl PerfectHash for Graph {
    fn size(&self) -> u64 {
        self.neighbours.len() as u64
    }
    fn rank(&self, node: &u32) -> u64 {
        u64::from(*node)
    }
    fn unrank(&self, rank: u64) -> u32 {
        rank as u32
    }
}

/// Replays `actions` from `start`, checking each is applicable; returns the final state.
pub fn replay<D: Domain>(domain: &D, start: &D::State, actions: &[D::Action]) -> D::State {
    let mut state = start.clone();
    let mut applicable = Vec::new();
    for &action in actions {
        applicable.clear();
        domain.actions(&state, &mut applicable);
        assert!(
            applicable.contains(&action),
            "{action:?} is not applicable in {state:?}"
        );
        domain.apply(&mut state, action);
    }
    state
}

/// The blank's moves: up, down, left, right (the blank moves in that direction).
pub const MOVES: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// A sliding puzzle of `rows` x `cols`, tiles 1.., blank 0, goal 1 2 … 0.
#[derive(Clone, Debug)]
pub struct Sliding {
    pub rows: usize,
    pub cols: usize,
}

impl Sliding {
    pub fn goal(&self) -> Vec<u8> {
        let n = self.rows * self.cols;
        (1..n as u8).chain([0]).collect()
    }

    fn blank(state: &[u8]) -> usize {
        state.iter().position(|&t| t == 0).unwrap()
    }

    /// Sum of the tiles' Manhattan distances to their goal cells.
    pub fn manhattan(&self, state: &[u8]) -> u32 {
        state
            .iter()
            .enumerate()
            .filter(|&(_, &tile)| tile != 0)
            .map(|(cell, &tile)| {
                let home = usize::from(tile) - 1;
                ((cell / self.cols).abs_diff(home / self.cols)
                    + (cell % self.cols).abs_diff(home % self.cols)) as u32
            })
            .sum()
    }
}

impl Domain for Sliding {
    type State = Vec<u8>;
    type Action = u8;
    fn actions(&self, state: &Vec<u8>, out: &mut Vec<u8>) {
        let blank = Self::blank(state);
        let (r, c) = ((blank / self.cols) as i8, (blank % self.cols) as i8);
        for (index, (dr, dc)) in MOVES.iter().enumerate() {
            let (nr, nc) = (r + dr, c + dc);
            if (0..self.rows as i8).contains(&nr) && (0..self.cols as i8).contains(&nc) {
                out.push(index as u8);
            }
        }
    }
    fn apply(&self, state: &mut Vec<u8>, action: u8) {
        let blank = Self::blank(state);
        let (dr, dc) = MOVES[action as usize];
        let target = (blank as isize + dr as isize * self.cols as isize + dc as isize) as usize;
        state.swap(blank, target);
    }
    fn invert(&self, action: u8) -> Option<u8> {
        Some(action ^ 1)
    }
    fn is_goal(&self, state: &Vec<u8>) -> bool {
        *state == self.goal()
    }

    fn heap_bytes(&self, state: &Vec<u8>) -> usize {
        state.capacity()
    }
}

impl Reversible for Sliding {}

impl PerfectHash for Sliding {
    fn size(&self) -> u64 {
        (1..=(self.rows * self.cols) as u64).product()
    }
    fn rank(&self, state: &Vec<u8>) -> u64 {
        statespace_engine::rank::rank_permutation(state)
    }
    fn unrank(&self, rank: u64) -> Vec<u8> {
        let mut state = vec![0; self.rows * self.cols];
        statespace_engine::rank::unrank_permutation(rank, &mut state);
        state
    }
}

/// Random graphs of 2 to 39 nodes with one or two goals, and a start.
pub fn graphs() -> impl Strategy<Value = (Graph, u32)> {
    (2usize..40).prop_flat_map(|n| {
        (
            prop::collection::vec((0..n as u32, 0..n as u32), 0..n * 2),
            prop::collection::vec(0..n as u32, 1..3),
            0..n as u32,
        )
            .prop_map(move |(edges, goals, start)| (Graph::new(n, &edges, goals), start))
    })
}

/// Boards of `rows` × `cols` reached by random walks from the goal: always solvable.
pub fn sliding_starts(rows: usize, cols: usize) -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(0u8..4, 0..60).prop_map(move |walk| {
        let domain = Sliding { rows, cols };
        let mut state = domain.goal();
        let mut actions = Vec::new();
        for choice in walk {
            actions.clear();
            domain.actions(&state, &mut actions);
            domain.apply(&mut state, actions[choice as usize % actions.len()]);
        }
        state
    })
}
