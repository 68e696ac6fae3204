//! The compiled domain: the engine's [`Domain`] over states of `u8` values, its moves the
//! file's rules.
//! (Past 600 lines: the domain keeps its moves, goals, move pruning and backward rules
//! together, since the searches and the expander read them all per node.)

use statespace_engine::move_pruning::{MoveAutomaton, MoveState};
use statespace_engine::{Domain, Predecessors};

use crate::ast::Psvn;
use crate::compile::{CompiledRule, MAX_LOST, Pattern, compile_rule};
use crate::error::ParseError;
use crate::program::Shape;
use crate::tree::RuleTree;

/// A state: one value per variable, each the index of the value in the variable's domain.
pub type State = Box<[u8]>;

/// The most rules for which [`PsvnDomain`] builds its duplicate-move automaton (it compares
/// every pair of rules, and its table has a row per rule).
pub const MAX_PRUNED_RULES: usize = 1024;

/// The largest trie the duplicate-move automaton is built from (entries of 4 bytes).
const MAX_TRIE_ENTRIES: usize = 1 << 24;

/// A move: a rule applied forward (a successor) or backward (a predecessor), with the values the
/// rule overwrites and cannot recompute, so that it can be undone. Packed in one word, so that
/// searches compare moves (a move against the inverse of the last) in one instruction: the rule
/// in bits 0..16, backward in bit 16, the lost values in bytes 3..8.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u64);

impl Move {
    /// The index of its rule, in file order.
    #[inline]
    pub fn rule(self) -> usize {
        (self.0 & 0xFFFF) as usize
    }

    /// Its rule's index times two, plus one if it applies it backward: where the domain keeps
    /// the shape of the rewrite it runs.
    #[inline]
    fn rewrite(self) -> usize {
        (((self.0 & 0xFFFF) << 1) | (self.0 >> 16 & 1)) as usize
    }

    /// Whether it applies its rule backward (from a state to a predecessor).
    #[inline]
    pub fn is_backward(self) -> bool {
        self.0 & 1 << 16 != 0
    }

    /// The values its rule overwrites and cannot recompute, as many as the rule loses, zeros
    /// after.
    pub fn lost(self) -> [u8; MAX_LOST] {
        let bytes = self.0.to_le_bytes();
        [bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]]
    }

    fn new(rule: u16, backward: bool, lost: [u8; MAX_LOST]) -> Self {
        let [a, b, c, d, e] = lost;
        let [low, high] = rule.to_le_bytes();
        Self(u64::from_le_bytes([
            low,
            high,
            u8::from(backward),
            a,
            b,
            c,
            d,
            e,
        ]))
    }

    fn forward(rule: u16, lost: [u8; MAX_LOST]) -> Self {
        Self::new(rule, false, lost)
    }

    /// The same rule and lost values, the other way.
    fn reversed(self) -> Self {
        Self(self.0 ^ 1 << 16)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Move")
            .field("rule", &self.rule())
            .field("backward", &self.is_backward())
            .field("lost", &self.lost())
            .finish()
    }
}

/// A PSVN file compiled for search: a decision tree finds the rules that apply, each applied by
/// a short program of byte writes, undone by its backward program.
///
/// Built from a [`Psvn`] (an abstraction can build another `Psvn` and compile it the same way).
/// Its moves are listed in file order; a rule whose backward rule is another rule of the file
/// has that rule as its inverse. Predecessors ([`Predecessors::predecessor_actions`]) are the
/// backward moves of every rule whose successor pattern a state shows, one for each choice of
/// the values the rule loses; in a reversible domain (every rule has an inverse rule) they are
/// the successors.
#[derive(Clone, Debug)]
pub struct PsvnDomain {
    psvn: Psvn,
    rules: Vec<CompiledRule>,
    /// The shape of each rule's forward rewrite (at twice its index) and backward rewrite (the
    /// next): one small table, read before the rule's program, which most moves never need.
    shapes: Box<[Shape]>,
    /// Each rule's cost, in a table of its own for the same reason.
    costs: Box<[u32]>,
    tree: RuleTree,
    /// Whether a rule needs no more than its value tests and carries no lost value: its move is
    /// pushed as found.
    plain: Vec<bool>,
    /// Whether every rule is plain (sliding tiles, pancakes, cubes): no rule needs a look.
    all_plain: bool,
    inverse: Vec<Option<u16>>,
    /// The goal lines naming one state each (compared whole), and the others.
    goal_states: Vec<State>,
    goals: Vec<Pattern>,
    reversible: bool,
    pruning: Option<MoveAutomaton>,
    /// With at most 64 rules and the automaton, the rules it allows in each of its states, a
    /// bit each: a search that only needs to know whether a node has a move judges it at once.
    allowed: Option<Box<[u64]>>,
}

impl PsvnDomain {
    /// Compiles `psvn`. Refuses a rule of cost 0 (the engine's searches need every move to cost
    /// at least 1) and a rule that loses more than 5 values.
    pub fn new(psvn: &Psvn) -> Result<Self, ParseError> {
        let rules = psvn
            .rules
            .iter()
            .map(|rule| {
                if rule.cost == 0 {
                    return Err(rule.span.error(
                        &psvn.file,
                        format!(
                            "rule {} costs 0: every move must cost at least 1",
                            rule.label
                        ),
                    ));
                }
                compile_rule(psvn, rule).map_err(|message| rule.span.error(&psvn.file, message))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let sizes: Vec<usize> = (0..psvn.len())
            .map(|v| psvn.domain_of(v).values.len())
            .collect();
        let value_tests: Vec<Vec<(u16, u8)>> =
            rules.iter().map(|r| r.tests.values.clone()).collect();
        let tree = RuleTree::new(&sizes, &value_tests);
        let plain: Vec<bool> = rules
            .iter()
            .map(|r| r.tests.equal.is_empty() && r.lost.is_empty())
            .collect();
        let all_plain = plain.iter().all(|&p| p);
        let first_of_form: std::collections::HashMap<&[crate::ast::Term], u16> = rules
            .iter()
            .enumerate()
            .rev()
            .map(|(i, r)| (r.form.as_slice(), i as u16))
            .collect();
        let inverse: Vec<Option<u16>> = rules
            .iter()
            .map(|r| {
                let form = r.backward_form.as_deref()?;
                first_of_form.get(form).copied()
            })
            .collect();
        let reversible = inverse.iter().all(Option::is_some);
        let goal_states: Vec<State> = (0..psvn.goals.len())
            .filter_map(|g| psvn.goal_state(g))
            .collect();
        let goals = psvn
            .goals
            .iter()
            .enumerate()
            .filter(|&(g, _)| psvn.goal_state(g).is_none())
            .map(|(_, goal)| Pattern::of(&goal.tests))
            .collect();
        let pruning = duplicate_moves(&rules, &inverse, psvn.len());
        let shapes = rules
            .iter()
            .flat_map(|r| [r.forward.shape(), r.backward.shape()])
            .collect();
        let costs = rules.iter().map(|r| r.cost).collect();
        let allowed = pruning
            .as_ref()
            .filter(|_| rules.len() <= 64)
            .map(|automaton| {
                (0..automaton.states())
                    .map(|at| {
                        (0..rules.len())
                            .filter(|&rule| automaton.step(at as MoveState, rule).is_some())
                            .fold(0u64, |mask, rule| mask | 1 << rule)
                    })
                    .collect()
            });
        Ok(Self {
            psvn: psvn.clone(),
            rules,
            shapes,
            costs,
            tree,
            plain,
            all_plain,
            inverse,
            goal_states,
            goals,
            reversible,
            pruning,
            allowed,
        })
    }

    /// Parses and compiles the PSVN domain in `text`, `file` naming it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Self, ParseError> {
        Self::new(&Psvn::parse(file, text)?)
    }

    /// The file it was compiled from.
    pub fn psvn(&self) -> &Psvn {
        &self.psvn
    }

    /// The shape of the rewrite `action` runs.
    #[inline]
    pub(crate) fn shape(&self, action: Move) -> Shape {
        self.shapes[action.rewrite()]
    }

    /// One past the last position rule `rule` writes (0 if it writes none).
    pub(crate) fn reach(&self, rule: usize) -> usize {
        self.rules[rule]
            .writes
            .last()
            .map_or(0, |&p| usize::from(p) + 1)
    }

    /// The number of rules.
    pub fn rule_count(&self) -> usize {
        self.rules.len()
    }

    /// The label of the rule `action` applies.
    pub fn label(&self, action: Move) -> &str {
        &self.psvn.rules[action.rule()].label
    }

    /// The rule that undoes rule `rule`, if the file has one.
    pub fn inverse_rule(&self, rule: usize) -> Option<usize> {
        self.inverse[rule].map(usize::from)
    }

    /// Whether every rule only rearranges the values it overwrites (checked symbolically): then
    /// the multiset of values of each domain is the same in every state reachable from a state.
    pub fn keeps_multisets(&self) -> bool {
        self.rules.iter().all(|r| r.keeps_multiset)
    }

    /// The number of values variable `variable` takes.
    pub fn domain_size(&self, variable: usize) -> usize {
        self.psvn.domain_of(variable).values.len()
    }

    /// Parses a state written in the file's values (see [`Psvn::parse_state`]).
    pub fn parse_state(&self, file: &str, text: &str) -> Result<State, ParseError> {
        self.psvn.parse_state(file, text)
    }

    /// Writes `state` in the file's values.
    pub fn format_state(&self, state: &[u8]) -> String {
        self.psvn.format_state(state)
    }

    /// The state of the first goal line that names one state (only values), if any.
    pub fn goal_state(&self) -> Option<State> {
        (0..self.psvn.goals.len()).find_map(|g| self.psvn.goal_state(g))
    }

    /// The move of rule `rule` in `state`, carrying what `state` holds where the rule loses
    /// values.
    #[inline]
    fn forward_move(&self, rule: u16, state: &[u8]) -> Move {
        let mut lost = [0; MAX_LOST];
        for (slot, &(at, _)) in lost
            .iter_mut()
            .zip(self.rules[usize::from(rule)].lost.iter())
        {
            *slot = state[usize::from(at)];
        }
        Move::forward(rule, lost)
    }

    /// The decision tree over the rules' value tests.
    #[inline]
    pub(crate) fn tree(&self) -> &RuleTree {
        &self.tree
    }

    /// Whether every rule needs no more than its value tests and carries no lost value: the
    /// tree's rules are then the moves, `Move::forward(rule)` each.
    #[inline]
    pub(crate) fn all_plain(&self) -> bool {
        self.all_plain
    }

    /// The move of rule `rule` in `state`, whose value tests `state` passes, if its equalities
    /// hold there too.
    #[inline]
    pub(crate) fn move_if_applies(&self, rule: u16, state: &[u8]) -> Option<Move> {
        if self.plain[usize::from(rule)] {
            Some(Move::forward(rule, [0; MAX_LOST]))
        } else if self.rules[usize::from(rule)].tests.equalities_hold(state) {
            Some(self.forward_move(rule, state))
        } else {
            None
        }
    }

    /// The move of plain rule `rule` (see [`PsvnDomain::all_plain`]).
    #[inline]
    pub(crate) fn plain_move(rule: u16) -> Move {
        Move::forward(rule, [0; MAX_LOST])
    }

    /// The rules the duplicate-move automaton allows at `at`, a bit each, when there are at
    /// most 64 rules and an automaton.
    #[inline]
    pub(crate) fn allowed_rules(&self, at: MoveState) -> Option<u64> {
        Some(self.allowed.as_ref()?[usize::from(at)])
    }

    /// The positions below 64 of `state` holding the value the rules are found by, a bit each,
    /// when a marker scan finds them (0 otherwise): a search keeps it from node to node with
    /// [`PsvnDomain::holding_after`] instead of reading it off every state.
    #[inline]
    pub(crate) fn holding(&self, state: &[u8]) -> u64 {
        self.tree.holding(state)
    }

    /// [`PsvnDomain::holding`] of `after`, the state `action` led to from a state where it was
    /// `holding`: a swap exchanges two bits, other moves read their written positions back
    /// one byte each (a word read over bytes just written waits for them).
    #[inline]
    pub(crate) fn holding_after(&self, holding: u64, action: Move, after: &[u8]) -> u64 {
        let Some(marker) = self.tree.marker() else {
            return 0;
        };
        match self.holding_after_swap(holding, action) {
            Some(swapped) => swapped,
            None => self.rules[action.rule()]
                .writes
                .iter()
                .filter(|&&at| at < 64)
                .fold(holding, |holding, &at| {
                    let held = u64::from(after[usize::from(at)] == marker);
                    holding & !(1 << at) | held << at
                }),
        }
    }

    /// [`PsvnDomain::holding_after`] where `action` swaps two positions below 64 and a marker
    /// scan finds the rules: two bits exchanged, the state never read (`None` otherwise).
    #[inline]
    pub(crate) fn holding_after_swap(&self, holding: u64, action: Move) -> Option<u64> {
        self.tree.marker()?;
        match self.shapes[action.rewrite()] {
            Shape::Swap(a, b) if a < 64 && b < 64 => {
                let differ = ((holding >> a) ^ (holding >> b)) & 1;
                Some(holding ^ (differ << a | differ << b))
            }
            _ => None,
        }
    }

    /// [`PsvnDomain::holding`] of every goal, when the goals are states of one holding: a
    /// state of another holding is no goal, which a search that keeps the holding sees
    /// without reading the state.
    pub(crate) fn goal_holding(&self) -> Option<u64> {
        let (first, others) = self.goal_states.split_first()?;
        let holding = self.holding(first);
        (self.goals.is_empty() && others.iter().all(|goal| self.holding(goal) == holding))
            .then_some(holding)
    }

    /// What rule `rule` costs.
    #[inline]
    pub(crate) fn rule_cost(&self, rule: usize) -> u32 {
        self.costs[rule]
    }

    /// The least and the greatest cost of a rule (1 and 1 with no rules).
    pub(crate) fn cost_range(&self) -> (u32, u32) {
        let least = self.costs.iter().copied().min().unwrap_or(1);
        (least, self.costs.iter().copied().max().unwrap_or(1))
    }

    /// Runs on `state` the rewrite of `action`'s rule, backward if `backward`: a swap or a
    /// reversal here, other rewrites by their program.
    #[inline(always)]
    fn rewrite(&self, state: &mut [u8], action: Move, backward: bool) {
        let index = action.rewrite() ^ usize::from(backward != action.is_backward());
        match self.shapes[index] {
            Shape::Swap(a, b) => state.swap(usize::from(a), usize::from(b)),
            Shape::Reverse(start, end) => state[usize::from(start)..usize::from(end)].reverse(),
            Shape::Writes => self.run_program(state, action, backward),
        }
    }

    /// Runs the program of `action`'s rule, backward if `backward`.
    #[inline(never)]
    fn run_program(&self, state: &mut [u8], action: Move, backward: bool) {
        let rule = &self.rules[action.rule()];
        let program = if backward {
            &rule.backward
        } else {
            &rule.forward
        };
        program.run(state, || action.lost());
    }
}

/// Whether `state` is `goal`: its first and last values compared first, one byte each, as
/// they were written (most states differ there; a word read over bytes just written by a move
/// waits for them to reach the cache, which took a tenth of a depth-first search), then
/// [`same_values`].
#[inline]
fn is_state(goal: &[u8], state: &[u8]) -> bool {
    let ends = |values: &[u8]| (values.first().copied(), values.last().copied());
    ends(goal) == ends(state) && same_values(goal, state)
}

/// Whether `a` and `b` hold the same values: eight at a time in words, inlined. The goal test
/// runs at every node of a depth-first search, where the slices' `==` (a call of `memcmp`) took
/// a sixth of the time on the 15-puzzle.
#[inline]
fn same_values(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let word = |bytes: &[u8]| u64::from_ne_bytes(bytes.try_into().unwrap_or_default());
    let (mut a_words, mut b_words) = (a.chunks_exact(8), b.chunks_exact(8));
    a_words
        .by_ref()
        .zip(b_words.by_ref())
        .all(|(x, y)| word(x) == word(y))
        && a_words
            .remainder()
            .iter()
            .zip(b_words.remainder())
            .all(|(x, y)| x == y)
}

/// The automaton forbidding each rule followed by its inverse rule, and of two rules that touch
/// disjoint positions (neither writes what the other reads or writes: both orders apply where
/// either does, and lead to the same state at the same cost), the later followed by the earlier.
/// Each forbidden string has a twin that costs no more, comes first in file order and applies
/// wherever it does (nothing, or the same pair in file order), the engine's soundness contract.
/// `None` beyond [`MAX_PRUNED_RULES`] rules, or when the automaton would need more states than
/// the engine's 16-bit states.
fn duplicate_moves(
    rules: &[CompiledRule],
    inverse: &[Option<u16>],
    variables: usize,
) -> Option<MoveAutomaton> {
    if rules.is_empty() || rules.len() > MAX_PRUNED_RULES {
        return None;
    }
    let words = variables.div_ceil(64);
    let bits = |positions: &[u16]| {
        let mut set = vec![0u64; words];
        for &p in positions {
            set[usize::from(p) / 64] |= 1 << (p % 64);
        }
        set
    };
    let writes: Vec<Vec<u64>> = rules.iter().map(|r| bits(&r.writes)).collect();
    let touches: Vec<Vec<u64>> = rules
        .iter()
        .map(|r| {
            let reads = bits(&r.reads);
            reads
                .iter()
                .zip(bits(&r.writes))
                .map(|(a, b)| a | b)
                .collect()
        })
        .collect();
    let disjoint = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & y == 0);
    let mut forbidden: Vec<[usize; 2]> = Vec::new();
    for (r, inverse) in inverse.iter().enumerate() {
        if let Some(back) = inverse {
            forbidden.push([r, usize::from(*back)]);
        }
    }
    let inverses = forbidden.len();
    for later in 0..rules.len() {
        for earlier in 0..later {
            if disjoint(&touches[earlier], &writes[later])
                && disjoint(&touches[later], &writes[earlier])
            {
                forbidden.push([later, earlier]);
            }
        }
    }
    // The automaton is built from a trie with a row of `rules` entries per node, a node per
    // string and per first letter: with too many commuting pairs, only the inverses are pruned.
    if (1 + rules.len() + forbidden.len()) * rules.len() > MAX_TRIE_ENTRIES {
        forbidden.truncate(inverses);
    }
    MoveAutomaton::new(rules.len(), forbidden)
}

impl Domain for PsvnDomain {
    type State = State;
    type Action = Move;

    #[inline]
    fn actions(&self, state: &State, out: &mut Vec<Move>) {
        if self.all_plain {
            return self
                .tree
                .for_each(state, |rule| out.push(Move::forward(rule, [0; MAX_LOST])));
        }
        self.tree.for_each(state, |rule| {
            if let Some(action) = self.move_if_applies(rule, state) {
                out.push(action);
            }
        });
    }

    #[inline]
    fn apply(&self, state: &mut State, action: Move) {
        self.rewrite(state, action, action.is_backward());
    }

    #[inline]
    fn undo(&self, state: &mut State, action: Move) {
        self.rewrite(state, action, !action.is_backward());
    }

    #[inline]
    fn invert(&self, action: Move) -> Option<Move> {
        Some(match self.inverse[action.rule()] {
            Some(back) if !action.is_backward() => Move::forward(back, [0; MAX_LOST]),
            _ => action.reversed(),
        })
    }

    #[inline]
    fn is_goal(&self, state: &State) -> bool {
        self.goal_states.iter().any(|goal| is_state(goal, state))
            || self.goals.iter().any(|goal| goal.matches(state))
    }

    #[inline]
    fn duplicate_moves(&self) -> Option<&MoveAutomaton> {
        self.pruning.as_ref()
    }

    #[inline]
    fn action_index(&self, action: Move) -> usize {
        action.rule()
    }

    #[inline]
    fn cost(&self, _state: &State, action: Move) -> u32 {
        self.costs[action.rule()]
    }

    fn heap_bytes(&self, state: &State) -> usize {
        state.len()
    }
}

impl Predecessors for PsvnDomain {
    /// The backward moves of the rules whose successor pattern `state` shows, in file order,
    /// for a rule that loses values one per choice of them (in increasing order); the
    /// successors in a reversible domain.
    fn predecessor_actions(&self, state: &State, out: &mut Vec<Move>) {
        if self.reversible {
            return self.actions(state, out);
        }
        for (index, rule) in self.rules.iter().enumerate() {
            if !rule.shows.matches(state) {
                continue;
            }
            let mut lost = [0u8; MAX_LOST];
            'choices: loop {
                out.push(Move::new(index as u16, true, lost));
                // The next choice, the last lost value counting fastest.
                let carried = rule.lost.len();
                for (slot, &(_, size)) in lost[..carried].iter_mut().zip(rule.lost.iter()).rev() {
                    if u16::from(*slot) + 1 < size {
                        *slot += 1;
                        continue 'choices;
                    }
                    *slot = 0;
                }
                break;
            }
        }
    }

    fn is_reversible(&self) -> bool {
        self.reversible
    }
}

#[cfg(test)]
mod tests {
    use super::same_values;

    /// Word by word and in the tail alike, a difference anywhere is seen, and so are lengths.
    #[test]
    fn same_values_is_slice_equality() {
        for length in 0..20 {
            let a: Vec<u8> = (0..length).map(|i| i as u8 * 7).collect();
            assert!(same_values(&a, &a.clone()));
            for at in 0..length {
                let mut b = a.clone();
                b[at] ^= 1;
                assert!(!same_values(&a, &b), "{length} {at}");
            }
            assert!(!same_values(&a, &a[..length.saturating_sub(1)]) || length == 0);
        }
    }
}
