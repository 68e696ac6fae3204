//! The decision tree over the rules' value tests, psvn2c's way: a node reads one position,
//! chosen as the one most of its rules test by value, and branches on its value; a rule that
//! does not test that position by value goes down every branch, one whose test fails down none.
//! A leaf lists, in file order, the rules whose value tests all held on the way.
//!
//! Rules that test many positions each by value make the tree grow exponentially: the rules
//! are then cut into consecutive pieces, each with its own tree (walked in turn, so the file
//! order holds), until every piece fits a budget proportional to the tests. Equal subtrees are
//! shared.
//!
//! Where no rule tests more than one position by value, a tree would read the positions one by
//! one all the same: a compact scan of the tests replaces it, and where they all look for one
//! value at increasing positions (the blank of sliding tiles), the positions holding it are
//! found eight bytes at a time.

use std::collections::HashMap;
use std::ops::ControlFlow;

/// A node: a branch on the value at a position, or a leaf.
#[derive(Clone, Copy, Debug)]
enum Node {
    /// Reads `state[at]`; child `v` is `children[first + v]`.
    Branch { at: u16, first: u32 },
    /// The rules `leaves[start..end]` apply, as far as value tests go.
    Leaf { start: u32, end: u32 },
}

/// The trees of the pieces of a rule list, or the scan that replaces them when no rule tests
/// more than one position by value.
#[derive(Clone, Debug)]
pub(crate) struct RuleTree {
    roots: Vec<u32>,
    nodes: Vec<Node>,
    children: Vec<u32>,
    leaves: Vec<u16>,
    /// `masks[i]`: the rules `leaves[..i]` below 64, each a bit, summed by exclusive or, so
    /// that the rules of a run `leaves[start..end]` (distinct) are `masks[end] ^ masks[start]`.
    masks: Vec<u64>,
    scan: Option<Box<[Check]>>,
    /// The marker scan, when every rule tests one value (the same for all) at one position,
    /// positions increasing with the rules.
    marker: Option<Marker>,
}

/// Rules that all look for one value (the blank of sliding tiles) at one position each, the
/// positions increasing in file order: the positions holding the value are found in one pass
/// over the state, as a bit set, and only their rules are visited, in increasing position,
/// which is file order.
#[derive(Clone, Debug)]
struct Marker {
    value: u8,
    /// The positions some rule tests.
    tested: u64,
    /// The rules `leaves[start..end]` testing each position.
    rules: Box<[(u32, u32)]>,
}

/// A run of consecutive rules with the same single value test (or none), for the scan: where
/// each rule tests at most one position by value (sliding tiles test where the blank is), a tree
/// would read every position one by one anyway, and a compact list does it with no indirection.
#[derive(Clone, Copy, Debug)]
struct Check {
    /// The position tested (0 for rules without value tests).
    at: u16,
    value: u8,
    /// `0xFF` where the value is tested, 0 for rules without value tests: the test is
    /// `(state[at] ^ value) & mask == 0`, with no branch on whether there is one.
    mask: u8,
    /// The rules `leaves[start..end]`.
    start: u32,
    end: u32,
}

/// Rules found together by [`RuleTree::try_for_each_run`]: consecutive in file order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run<'t> {
    /// The rules.
    pub(crate) rules: &'t [u16],
    /// `masks[0]` and `masks[1]`: see [`Run::mask`].
    masks: [u64; 2],
}

impl Run<'_> {
    /// The rules below 64, each a bit.
    #[inline]
    pub(crate) fn mask(&self) -> u64 {
        self.masks[0] ^ self.masks[1]
    }
}

/// A rule still alive at a node, and its value tests not yet read.
type Alive = (u16, Vec<(u16, u8)>);

/// The tree of one piece went over its budget.
struct OverBudget;

/// What the trees of one attempt may take: child slots and leaf entries (memory), and rules
/// sorted into children (time: a file of thousands of rules testing many positions each must
/// not take minutes to compile).
struct Budget {
    slots: usize,
    work: usize,
}

/// The rules an attempt may sort into children, in all.
const WORK: usize = 1 << 24;

/// The positions below 64 of `state` holding `value`, as a bit set; eight bytes at a time.
#[inline]
fn positions_holding(state: &[u8], value: u8) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let spread = u64::from(value) * 0x0101_0101_0101_0101;
    let mut holding = 0;
    let mut chunks = state.chunks_exact(8);
    for (index, chunk) in chunks.by_ref().take(8).enumerate() {
        let word = u64::from_le_bytes(chunk.try_into().expect("chunks of eight"));
        // A byte of `x` is zero where the state holds `value`: its top bit in `zero` is set
        // exactly there (adding 0x7F within each byte carries into the top bit unless it is 0).
        let x = word ^ spread;
        let zero = !(((x & LOW7) + LOW7) | x | LOW7);
        // Gathers the eight top bits into one byte, the first byte's lowest.
        let bits = ((zero >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56;
        holding |= bits << (8 * index);
    }
    let done = 8 * (state.len().min(64) / 8);
    for (offset, &held) in state[done..state.len().min(64)].iter().enumerate() {
        holding |= u64::from(held == value) << (done + offset);
    }
    holding
}

impl Marker {
    /// The marker scan of `checks`, if they all test one value at increasing positions below 64.
    fn new(checks: &[Check]) -> Option<Self> {
        let first = checks.first()?;
        let increasing = checks.windows(2).all(|pair| pair[0].at < pair[1].at);
        let one_value = checks
            .iter()
            .all(|c| c.mask == 0xFF && c.value == first.value && c.at < 64);
        if !(increasing && one_value) {
            return None;
        }
        let last = usize::from(checks.last()?.at);
        let mut rules = vec![(0, 0); last + 1];
        let mut tested = 0;
        for check in checks {
            rules[usize::from(check.at)] = (check.start, check.end);
            tested |= 1 << check.at;
        }
        Some(Self {
            value: first.value,
            tested,
            rules: rules.into_boxed_slice(),
        })
    }
}

impl RuleTree {
    /// The trees over `tests[r]` (each rule's value tests), for states whose position `p` takes
    /// `sizes[p]` values.
    pub(crate) fn new(sizes: &[usize], tests: &[Vec<(u16, u8)>]) -> Self {
        if tests.iter().all(|t| t.len() <= 1) {
            return Self::scan(tests);
        }
        let total: usize = tests.iter().map(Vec::len).sum();
        let slots = 32 * total + 4096;
        let mut pieces = 1;
        loop {
            let mut tree = RuleTree {
                roots: Vec::new(),
                nodes: Vec::new(),
                children: Vec::new(),
                leaves: Vec::new(),
                masks: Vec::new(),
                scan: None,
                marker: None,
            };
            let mut memo = HashMap::new();
            let size = tests.len().div_ceil(pieces).max(1);
            // A rule alone is a chain of its tests: it always fits.
            let mut budget = if size == 1 {
                Budget {
                    slots: usize::MAX,
                    work: usize::MAX,
                }
            } else {
                Budget { slots, work: WORK }
            };
            let built = (0..tests.len()).step_by(size).try_for_each(|start| {
                let alive: Vec<Alive> = (start..(start + size).min(tests.len()))
                    .map(|r| (r as u16, tests[r].clone()))
                    .collect();
                let root = tree.build(sizes, alive, &mut memo, &mut budget)?;
                tree.roots.push(root);
                Ok(())
            });
            match built {
                Ok(()) => return tree.with_masks(),
                Err(OverBudget) => pieces *= 2,
            }
        }
    }

    /// The scan over rules testing one position by value at most.
    fn scan(tests: &[Vec<(u16, u8)>]) -> Self {
        let mut checks: Vec<Check> = Vec::new();
        for (rule, test) in tests.iter().enumerate() {
            let (at, value, mask) = test
                .first()
                .map_or((0, 0, 0), |&(at, value)| (at, value, 0xFF));
            match checks.last_mut() {
                Some(last) if (last.at, last.value, last.mask) == (at, value, mask) => {
                    last.end += 1
                }
                _ => checks.push(Check {
                    at,
                    value,
                    mask,
                    start: rule as u32,
                    end: rule as u32 + 1,
                }),
            }
        }
        RuleTree {
            roots: Vec::new(),
            nodes: Vec::new(),
            children: Vec::new(),
            leaves: (0..tests.len() as u16).collect(),
            masks: Vec::new(),
            marker: Marker::new(&checks),
            scan: Some(checks.into_boxed_slice()),
        }
        .with_masks()
    }

    /// The tree with its [`RuleTree::masks`].
    fn with_masks(mut self) -> Self {
        let mut mask = 0u64;
        self.masks = std::iter::once(0)
            .chain(self.leaves.iter().map(|&rule| {
                mask ^= 1u64.checked_shl(u32::from(rule)).unwrap_or(0);
                mask
            }))
            .collect();
        self
    }

    fn build(
        &mut self,
        sizes: &[usize],
        alive: Vec<Alive>,
        memo: &mut HashMap<Vec<Alive>, u32>,
        budget: &mut Budget,
    ) -> Result<u32, OverBudget> {
        if let Some(&node) = memo.get(&alive) {
            return Ok(node);
        }
        if self.children.len() + self.leaves.len() > budget.slots {
            return Err(OverBudget);
        }
        let mut counts: HashMap<u16, usize> = HashMap::new();
        for (_, tests) in &alive {
            for &(p, _) in tests {
                *counts.entry(p).or_default() += 1;
            }
        }
        let chosen = counts
            .into_iter()
            .max_by_key(|&(p, count)| (count, std::cmp::Reverse(p)))
            .map(|(p, _)| p);
        let node = match chosen {
            None => {
                let start = self.leaves.len() as u32;
                self.leaves.extend(alive.iter().map(|&(rule, _)| rule));
                Node::Leaf {
                    start,
                    end: self.leaves.len() as u32,
                }
            }
            Some(at) => {
                let values = sizes[usize::from(at)];
                let first = self.children.len() as u32;
                self.children.resize(self.children.len() + values, 0);
                for value in 0..values {
                    budget.work = budget.work.checked_sub(alive.len()).ok_or(OverBudget)?;
                    let child: Vec<Alive> = alive
                        .iter()
                        .filter_map(
                            |(rule, tests)| match tests.iter().find(|&&(p, _)| p == at) {
                                None => Some((*rule, tests.clone())),
                                Some(&(_, v)) if usize::from(v) == value => Some((
                                    *rule,
                                    tests.iter().copied().filter(|&(p, _)| p != at).collect(),
                                )),
                                Some(_) => None,
                            },
                        )
                        .collect();
                    let id = self.build(sizes, child, memo, budget)?;
                    self.children[first as usize + value] = id;
                }
                Node::Branch { at, first }
            }
        };
        self.nodes.push(node);
        let id = self.nodes.len() as u32 - 1;
        memo.insert(alive, id);
        Ok(id)
    }

    /// The value the marker scan looks for, if the rules are found by one.
    #[inline]
    pub(crate) fn marker(&self) -> Option<u8> {
        self.marker.as_ref().map(|marker| marker.value)
    }

    /// The positions below 64 of `state` holding the marker's value (0 without a marker), a
    /// bit each: what the marker scan reads off the state unless its caller keeps it.
    #[inline]
    pub(crate) fn holding(&self, state: &[u8]) -> u64 {
        self.marker
            .as_ref()
            .map_or(0, |marker| positions_holding(state, marker.value))
    }

    /// The number of rules found in a state whose [`RuleTree::holding`] is `holding`, and those
    /// below 64 as a bit each, when a marker scan finds them: read off the holding alone.
    #[inline]
    pub(crate) fn marked_rules(&self, holding: u64) -> Option<(u64, u64)> {
        let marker = self.marker.as_ref()?;
        let (mut count, mut mask) = (0, 0);
        let mut holding = holding & marker.tested;
        while holding != 0 {
            let (start, end) = marker.rules[holding.trailing_zeros() as usize];
            holding &= holding - 1;
            let (start, end) = (start as usize, end as usize);
            count += (end - start) as u64;
            mask |= self.masks[start] ^ self.masks[end];
        }
        Some((count, mask))
    }

    /// Calls `each` with every rule whose value tests `state` passes, in file order.
    #[inline]
    pub(crate) fn for_each(&self, state: &[u8], mut each: impl FnMut(u16)) {
        fn values<'c>(state: &'c &[u8]) -> &'c [u8] {
            state
        }
        let _: ControlFlow<()> = self.try_for_each_run(&mut { state }, values, None, |_, run| {
            run.rules.iter().for_each(|&rule| each(rule));
            ControlFlow::Continue(())
        });
    }

    /// Calls `each` with the rules whose value tests the state `state_of(context)` passes, in
    /// file order, in runs (slices of consecutive rules found together), until it breaks.
    /// `each` may change the state through `context` if it restores it before it returns:
    /// that is how a search expands a node straight from the tree, with no list of moves.
    /// `holding`, when given, is [`RuleTree::holding`] of the state, kept by the caller.
    #[inline(always)]
    pub(crate) fn try_for_each_run<C, B>(
        &self,
        context: &mut C,
        state_of: impl Fn(&C) -> &[u8],
        holding: Option<u64>,
        mut each: impl FnMut(&mut C, Run) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let run = |start: u32, end: u32| {
            let (start, end) = (start as usize, end as usize);
            Run {
                rules: &self.leaves[start..end],
                masks: [self.masks[start], self.masks[end]],
            }
        };
        if let Some(marker) = &self.marker {
            let holding =
                holding.unwrap_or_else(|| positions_holding(state_of(context), marker.value));
            let mut holding = holding & marker.tested;
            while holding != 0 {
                let (start, end) = marker.rules[holding.trailing_zeros() as usize];
                holding &= holding - 1;
                each(context, run(start, end))?;
            }
            return ControlFlow::Continue(());
        }
        if let Some(checks) = &self.scan {
            for check in checks.iter() {
                let held = state_of(context)[usize::from(check.at)];
                if (held ^ check.value) & check.mask == 0 {
                    each(context, run(check.start, check.end))?;
                }
            }
            return ControlFlow::Continue(());
        }
        for &root in &self.roots {
            let mut node = root;
            loop {
                match self.nodes[node as usize] {
                    Node::Branch { at, first } => {
                        let value = u32::from(state_of(context)[usize::from(at)]);
                        node = self.children[(first + value) as usize];
                    }
                    Node::Leaf { start, end } => {
                        each(context, run(start, end))?;
                        break;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules passing their value tests, the plain way.
    fn plain(tests: &[Vec<(u16, u8)>], state: &[u8]) -> Vec<u16> {
        (0..tests.len() as u16)
            .filter(|&r| {
                tests[usize::from(r)]
                    .iter()
                    .all(|&(p, v)| state[usize::from(p)] == v)
            })
            .collect()
    }

    #[test]
    fn rules_with_one_value_test_at_most_are_scanned() {
        let tests = vec![
            vec![(0, 1)],
            vec![(0, 1)],
            vec![],
            vec![(2, 0)],
            vec![(0, 1)],
        ];
        let tree = RuleTree::new(&[2; 3], &tests);
        assert_eq!(tree.scan.as_ref().map(|s| s.len()), Some(4));
        assert!(tree.marker.is_none());
        // One value at increasing positions: the marker scan.
        let marked = vec![vec![(0, 1)], vec![(0, 1)], vec![(1, 1)], vec![(2, 1)]];
        let marker_tree = RuleTree::new(&[2; 3], &marked);
        assert!(marker_tree.marker.is_some());
        for bits in 0..8u8 {
            let state: Vec<u8> = (0..3).map(|i| (bits >> i) & 1).collect();
            let mut found = Vec::new();
            marker_tree.for_each(&state, |r| found.push(r));
            assert_eq!(found, plain(&marked, &state));
        }
        for bits in 0..8u8 {
            let state: Vec<u8> = (0..3).map(|i| (bits >> i) & 1).collect();
            let mut found = Vec::new();
            tree.for_each(&state, |r| found.push(r));
            assert_eq!(found, plain(&tests, &state));
        }
    }

    #[test]
    fn positions_holding_a_value_are_found_eight_at_a_time() {
        let state: Vec<u8> = (0..70u32)
            .map(|i| [0, 1, 255, 128, 127][(i * i % 7 % 5) as usize])
            .collect();
        for value in [0, 1, 2, 127, 128, 255] {
            for len in [0, 3, 8, 15, 16, 63, 64, 70] {
                let expected = (0..len.min(64))
                    .filter(|&i| state[i] == value)
                    .fold(0u64, |bits, i| bits | 1 << i);
                assert_eq!(
                    positions_holding(&state[..len], value),
                    expected,
                    "{value} {len}"
                );
            }
        }
    }

    #[test]
    fn lists_the_rules_whose_tests_hold_in_order_even_in_pieces() {
        // One rule per position and value of 6 binary positions, two tests each: the tree
        // of all of them in one piece is large.
        let mut tests = Vec::new();
        for p in 0..6u16 {
            for v in 0..2u8 {
                tests.push(vec![(p, v), ((p + 1) % 6, 1 - v)]);
                tests.push(vec![]);
            }
        }
        let tree = RuleTree::new(&[2; 6], &tests);
        assert!(tree.scan.is_none());
        for bits in 0..64u8 {
            let state: Vec<u8> = (0..6).map(|i| (bits >> i) & 1).collect();
            let mut found = Vec::new();
            tree.for_each(&state, |r| found.push(r));
            assert_eq!(found, plain(&tests, &state));
        }
    }
}
