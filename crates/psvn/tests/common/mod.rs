//! What the tests share: the example files, generated domains, and an interpreter of the rules
//! written independently of the compiler (it matches each rule's terms one by one, as the format
//! describes them), to check the compiled moves against.

#![allow(dead_code)] // Each test file uses its own part of the helpers.

use std::collections::HashMap;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::Domain;
use statespace_psvn::{Move, Psvn, PsvnDomain, State, Term};

/// The example files, by name.
pub const EXAMPLES: [&str; 8] = [
    "eight.psvn",
    "fifteen.psvn",
    "eight-weighted.psvn",
    "pancake10.psvn",
    "topspin.psvn",
    "hanoi4.psvn",
    "cube2.psvn",
    "gripper.psvn",
];

/// The text of example `name` of `examples/psvn/`.
pub fn example_text(name: &str) -> String {
    let path = format!("{}/../../examples/psvn/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Example `name`, compiled.
pub fn example(name: &str) -> PsvnDomain {
    PsvnDomain::parse(name, &example_text(name)).unwrap_or_else(|e| panic!("{e}"))
}

/// `n` pancakes: a flip of the top k for k = 2..n, sorted with 0 on top.
pub fn pancakes(n: usize) -> PsvnDomain {
    let mut text = format!("{n}\n{}\n", format!("{n} ").repeat(n));
    for k in 2..=n {
        let tests: Vec<String> = (0..n)
            .map(|i| if i < k { format!("P{i}") } else { "-".into() })
            .collect();
        let actions: Vec<String> = (0..n)
            .map(|i| {
                if i < k {
                    format!("P{}", k - 1 - i)
                } else {
                    "-".into()
                }
            })
            .collect();
        text += &format!(
            "{} => {} LABEL FLIP{k}\n",
            tests.join(" "),
            actions.join(" ")
        );
    }
    let goal: Vec<String> = (0..n).map(|i| i.to_string()).collect();
    text += &format!("GOAL {}\n", goal.join(" "));
    PsvnDomain::parse("pancakes", &text).unwrap()
}

/// The successors of `state` by each rule that applies, in file order, by matching the rules'
/// terms one at a time.
pub fn interpret(psvn: &Psvn, state: &[u8]) -> Vec<(usize, Vec<u8>)> {
    let mut successors = Vec::new();
    for (index, rule) in psvn.rules().iter().enumerate() {
        if let Some(bound) = matches(rule.tests(), state) {
            let next = rule
                .actions()
                .iter()
                .zip(state)
                .map(|(&action, &old)| match action {
                    Term::Any => old,
                    Term::Value(v) => v,
                    Term::Var(name) => bound[&name],
                })
                .collect();
            successors.push((index, next));
        }
    }
    successors
}

/// The values `tests` bind in `state`, if `state` passes them.
pub fn matches(tests: &[Term], state: &[u8]) -> Option<HashMap<u16, u8>> {
    let mut bound = HashMap::new();
    for (&test, &value) in tests.iter().zip(state) {
        match test {
            Term::Any => {}
            Term::Value(v) => {
                if v != value {
                    return None;
                }
            }
            Term::Var(name) => {
                if *bound.entry(name).or_insert(value) != value {
                    return None;
                }
            }
        }
    }
    Some(bound)
}

/// Whether `state` is a goal, by the goal lines' terms.
pub fn interpreted_goal(psvn: &Psvn, state: &[u8]) -> bool {
    psvn.goals()
        .iter()
        .any(|goal| matches(goal.tests(), state).is_some())
}

/// A uniformly random vector of values of `domain`'s variables.
pub fn random_vector(domain: &PsvnDomain, rng: &mut ChaCha8Rng) -> State {
    (0..domain.psvn().len())
        .map(|v| rng.random_range(0..domain.domain_size(v)) as u8)
        .collect()
}

/// The state `steps` random moves away from `start`.
pub fn random_walk(
    domain: &PsvnDomain,
    start: &State,
    steps: usize,
    rng: &mut ChaCha8Rng,
) -> State {
    let mut state = start.clone();
    let mut moves = Vec::new();
    for _ in 0..steps {
        moves.clear();
        domain.actions(&state, &mut moves);
        if moves.is_empty() {
            break;
        }
        let action: Move = moves[rng.random_range(0..moves.len())];
        domain.apply(&mut state, action);
    }
    state
}

/// `count` random vectors (any values, several blanks and all) and `count` states of random
/// walks of up to `longest` moves from the goal.
pub fn samples(domain: &PsvnDomain, seed: u64, count: usize, longest: usize) -> Vec<State> {
    let mut rng = rng(seed);
    let mut states: Vec<State> = (0..count)
        .map(|_| random_vector(domain, &mut rng))
        .collect();
    if let Some(goal) = domain.goal_state() {
        states.extend((0..count).map(|i| random_walk(domain, &goal, i % longest, &mut rng)));
    }
    states
}

pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Every vector of values of `domain`, in mixed-radix order.
pub fn every_vector(domain: &PsvnDomain) -> Vec<State> {
    let mut all: Vec<Vec<u8>> = vec![Vec::new()];
    for v in 0..domain.psvn().len() {
        all = all
            .into_iter()
            .flat_map(|prefix| {
                (0..domain.domain_size(v) as u8).map(move |value| {
                    let mut longer = prefix.clone();
                    longer.push(value);
                    longer
                })
            })
            .collect();
    }
    all.into_iter().map(Vec::into_boxed_slice).collect()
}
