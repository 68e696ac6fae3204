//! The compiled moves against an interpreter of the rules: successors, undo, inverses,
//! predecessors, ranks, and the duplicate-move automaton's effect on IDA*.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use common::{EXAMPLES, every_vector, example, interpret, interpreted_goal, random_walk, rng};
use statespace_engine::move_pruning::MoveAutomaton;
use statespace_engine::{Domain, Limits, PerfectHash, Predecessors, idastar::idastar};
use statespace_psvn::{Move, PsvnDomain, RankedPsvn, Ranking, State};

/// The 2x2 sliding puzzle of the format's description.
const TWO_BY_TWO: &str = "DOMAIN tile 4  B 1 2 3\n4\ntile tile tile tile\n\
    B X - -  =>  X B - -\nX B - -  =>  B X - -\nB - X -  =>  X - B -\nX - B -  =>  B - X -\n\
    - B - X  =>  - X - B\n- X - B  =>  - B - X\n- - B X  =>  - - X B\n- - X B  =>  - - B X\n\
    GOAL B 1 2 3\n";

/// A domain whose rules mostly have no inverse rule: one loses the value it overwrites
/// (`- X Y => - Y Y`), one a variable (`X - - => 2 - -`), one is one-way (`- - 2 => - - 0`).
const ONE_WAY: &str = "3\n3 3 3\n0 X - => 1 X -\n- X Y => - Y Y\n- - 2 => - - 0\nX - - => 2 - -\n\
    1 - - => 0 - -\nGOAL 0 0 0\n";

/// The states `successors` of `state`, by the compiled domain: rule index and state.
fn compiled(domain: &PsvnDomain, state: &State) -> Vec<(usize, Vec<u8>)> {
    let mut moves = Vec::new();
    domain.actions(state, &mut moves);
    moves
        .into_iter()
        .map(|action| {
            let mut next = state.clone();
            domain.apply(&mut next, action);
            (action.rule(), next.to_vec())
        })
        .collect()
}

/// Random vectors and states of random walks from the goal.
fn samples(domain: &PsvnDomain, seed: u64) -> Vec<State> {
    common::samples(domain, seed, 200, 40)
}

#[test]
fn successors_are_the_interpreters_in_file_order() {
    for name in EXAMPLES {
        let domain = example(name);
        for state in samples(&domain, 1) {
            assert_eq!(
                compiled(&domain, &state),
                interpret(domain.psvn(), &state),
                "{name}: {}",
                domain.format_state(&state)
            );
            assert_eq!(
                domain.is_goal(&state),
                interpreted_goal(domain.psvn(), &state)
            );
        }
    }
}

#[test]
fn undo_and_the_inverse_restore_the_state() {
    let domains = EXAMPLES.map(example).into_iter().chain([
        PsvnDomain::parse("one-way", ONE_WAY).unwrap(),
        PsvnDomain::parse("2x2", TWO_BY_TWO).unwrap(),
    ]);
    for domain in domains {
        for state in samples(&domain, 2) {
            let mut moves = Vec::new();
            domain.actions(&state, &mut moves);
            for &action in &moves {
                let mut next = state.clone();
                domain.apply(&mut next, action);
                let mut back = next.clone();
                domain.undo(&mut back, action);
                assert_eq!(back, state, "{}: undo {action:?}", domain.psvn().file());
                let inverse = domain.invert(action).unwrap();
                let mut back = next.clone();
                domain.apply(&mut back, inverse);
                assert_eq!(
                    back,
                    state,
                    "{}: inverse of {action:?}",
                    domain.psvn().file()
                );
            }
        }
    }
}

/// Checks, over every vector of `domain`, that the predecessors listed are exactly the states
/// with a successor equal to it, and that each listed move's inverse leads back.
fn check_predecessors(domain: &PsvnDomain) {
    let mut predecessors: BTreeMap<Vec<u8>, BTreeSet<Vec<u8>>> = BTreeMap::new();
    let all = every_vector(domain);
    for state in &all {
        for (_, next) in interpret(domain.psvn(), state) {
            predecessors.entry(next).or_default().insert(state.to_vec());
        }
    }
    for target in &all {
        let expected = predecessors.remove(&target.to_vec()).unwrap_or_default();
        let mut moves = Vec::new();
        domain.predecessor_actions(target, &mut moves);
        let mut found = BTreeSet::new();
        for &action in &moves {
            let mut before = target.clone();
            domain.apply(&mut before, action);
            let mut again = before.clone();
            domain.apply(&mut again, domain.invert(action).unwrap());
            assert_eq!(
                again,
                *target,
                "{}: {action:?} from {target:?}",
                domain.psvn().file()
            );
            found.insert(before.to_vec());
        }
        assert_eq!(
            found,
            expected,
            "{}: predecessors of {target:?}",
            domain.psvn().file()
        );
    }
}

#[test]
fn predecessors_are_found_by_backward_rules() {
    let one_way = PsvnDomain::parse("one-way", ONE_WAY).unwrap();
    assert!(!one_way.is_reversible());
    assert_eq!(one_way.inverse_rule(0), None);
    assert_eq!(one_way.inverse_rule(4), None);
    check_predecessors(&one_way);
    let two = PsvnDomain::parse("2x2", TWO_BY_TWO).unwrap();
    assert!(two.is_reversible());
    check_predecessors(&two);
    check_predecessors(&example("hanoi4.psvn"));
    check_predecessors(&example("gripper.psvn"));
}

#[test]
fn inverse_rules_are_found() {
    let eight = example("eight.psvn");
    let label = |domain: &PsvnDomain, rule: usize| domain.psvn().rules()[rule].label().to_owned();
    let right_0 = (0..eight.rule_count())
        .find(|&r| label(&eight, r) == "RIGHT_0")
        .unwrap();
    assert_eq!(
        label(&eight, eight.inverse_rule(right_0).unwrap()),
        "LEFT_1"
    );
    let cube = example("cube2.psvn");
    for (rule, inverse) in [("U", "U'"), ("R'", "R"), ("F2", "F2")] {
        let r = (0..cube.rule_count())
            .find(|&r| label(&cube, r) == rule)
            .unwrap();
        assert_eq!(label(&cube, cube.inverse_rule(r).unwrap()), inverse);
    }
    for name in EXAMPLES {
        let domain = example(name);
        assert!(domain.is_reversible(), "{name}");
        assert!(domain.duplicate_moves().is_some(), "{name}");
    }
}

#[test]
fn ranks_round_trip_on_every_example() {
    for name in EXAMPLES {
        let domain = example(name);
        let start = match domain.goal_state() {
            Some(goal) => goal,
            None => domain.parse_state("start", "A A A A A FREE FREE").unwrap(),
        };
        let mut rng = rng(3);
        let states: Vec<State> = (0..300)
            .map(|i| random_walk(&domain, &start, i % 60, &mut rng))
            .collect();
        let mut rankings = vec![RankedPsvn::for_state(domain.clone(), &start).unwrap()];
        if let Ok(radix) = RankedPsvn::mixed_radix(domain.clone()) {
            rankings.push(radix);
        }
        for ranked in rankings {
            for state in &states {
                let rank = ranked.rank(state);
                assert!(rank < ranked.size(), "{name}");
                assert_eq!(ranked.unrank(rank), *state, "{name} {:?}", ranked.ranking());
            }
            let mut ranks: Vec<u64> = (0..300)
                .map(|_| rand::Rng::random_range(&mut rng, 0..ranked.size()))
                .collect();
            for rank in &ranks {
                assert_eq!(ranked.rank(&ranked.unrank(*rank)), *rank, "{name}");
            }
            // Unranked together: increasing, a run of neighbours, then back to the start.
            ranks.sort_unstable();
            ranks.extend(0..ranked.size().min(50));
            let mut seen = Vec::new();
            ranked.unrank_each(&ranks, |rank, state| seen.push((rank, state.clone())));
            let fresh: Vec<(u64, State)> = ranks.iter().map(|&r| (r, ranked.unrank(r))).collect();
            assert_eq!(seen, fresh, "{name} {:?}", ranked.ranking());
        }
    }
    let expected = [
        ("eight.psvn", Ranking::Multiset, 362_880),
        ("fifteen.psvn", Ranking::Multiset, 20_922_789_888_000),
        ("topspin.psvn", Ranking::Multiset, 479_001_600),
        ("cube2.psvn", Ranking::Multiset, 3_246_670_537_110_000),
        (
            "gripper.psvn",
            Ranking::MixedRadix,
            4 * 4 * 4 * 4 * 4 * 2 * 2,
        ),
    ];
    for (name, ranking, size) in expected {
        let domain = example(name);
        let state = domain
            .goal_state()
            .unwrap_or_else(|| domain.parse_state("s", "A A A A A FREE FREE").unwrap());
        let ranked = RankedPsvn::for_state(domain, &state).unwrap();
        assert_eq!((ranked.ranking(), ranked.size()), (ranking, size), "{name}");
    }
}

/// A domain without its duplicate-move automaton.
struct Unpruned<'d>(&'d PsvnDomain);

impl Domain for Unpruned<'_> {
    type State = State;
    type Action = Move;
    fn actions(&self, state: &State, out: &mut Vec<Move>) {
        self.0.actions(state, out);
    }
    fn apply(&self, state: &mut State, action: Move) {
        self.0.apply(state, action);
    }
    fn undo(&self, state: &mut State, action: Move) {
        self.0.undo(state, action);
    }
    fn invert(&self, action: Move) -> Option<Move> {
        self.0.invert(action)
    }
    fn is_goal(&self, state: &State) -> bool {
        self.0.is_goal(state)
    }
    fn cost(&self, state: &State, action: Move) -> u32 {
        self.0.cost(state, action)
    }
    fn duplicate_moves(&self) -> Option<&MoveAutomaton> {
        None
    }
}

/// Replays `moves` from `start` with the interpreter: each must be a rule that applies; returns
/// the state reached and the cost paid.
fn replay(domain: &PsvnDomain, start: &State, moves: &[Move]) -> (Vec<u8>, u64) {
    let mut state = start.to_vec();
    let mut cost = 0;
    for action in moves {
        let successors = interpret(domain.psvn(), &state);
        let (_, next) = successors
            .into_iter()
            .find(|(rule, _)| *rule == action.rule())
            .unwrap_or_else(|| panic!("{} does not apply", domain.label(*action)));
        state = next;
        cost += u64::from(domain.psvn().rules()[action.rule()].cost());
    }
    (state, cost)
}

#[test]
fn pruning_keeps_optimal_costs_and_solutions_replay() {
    let cases = [
        ("eight.psvn", 14),
        ("fifteen.psvn", 10),
        ("eight-weighted.psvn", 6),
        ("pancake10.psvn", 4),
        ("topspin.psvn", 4),
        ("hanoi4.psvn", 8),
        ("cube2.psvn", 5),
        ("gripper.psvn", 7),
    ];
    let mut rng = rng(4);
    for (name, steps) in cases {
        let domain = example(name);
        let goal = match domain.goal_state() {
            Some(goal) => goal,
            None => domain.parse_state("goal", "B B B B B FREE FREE").unwrap(),
        };
        for _ in 0..4 {
            let start = random_walk(&domain, &goal, steps, &mut rng);
            let zero = |_: &State| 0u32;
            let pruned = idastar(&domain, &start, &zero, &Limits::none());
            let plain = idastar(&Unpruned(&domain), &start, &zero, &Limits::none());
            let pruned = pruned.outcome.solution().unwrap();
            let plain = plain.outcome.solution().unwrap();
            assert_eq!(
                pruned.cost,
                plain.cost,
                "{name}: {}",
                domain.format_state(&start)
            );
            for solution in [pruned, plain] {
                let (end, cost) = replay(&domain, &start, &solution.actions);
                assert!(interpreted_goal(domain.psvn(), &end), "{name}");
                assert_eq!(cost, solution.cost, "{name}");
            }
        }
    }
}

/// A random domain over variables of two domains (`abc`: A B C, and `2`: 0 1): each rule's
/// terms drawn among `-`, values and variables of the position's domain (bound on the left,
/// copied on the right), so that rules lose values, copy in cycles, test equalities and write
/// constants in every mix.
fn random_domain(rng: &mut rand_chacha::ChaCha8Rng) -> PsvnDomain {
    use rand::Rng;
    let n = rng.random_range(1..=4);
    let kinds: Vec<bool> = (0..n).map(|_| rng.random_bool(0.5)).collect();
    let mut text = format!(
        "DOMAIN abc 3 A B C\n{n}\n{}\n",
        kinds
            .iter()
            .map(|&abc| if abc { "abc" } else { "2" })
            .collect::<Vec<_>>()
            .join(" ")
    );
    let values = |abc: bool| {
        if abc {
            vec!["A", "B", "C"]
        } else {
            vec!["0", "1"]
        }
    };
    let names = |abc: bool| if abc { vec!["X", "Y"] } else { vec!["P", "Q"] };
    for _ in 0..rng.random_range(1..=5) {
        let mut bound: Vec<&str> = Vec::new();
        let mut tests = Vec::new();
        for &abc in &kinds {
            let test = match rng.random_range(0..3) {
                0 => "-",
                1 => values(abc)[rng.random_range(0..values(abc).len())],
                _ => names(abc)[rng.random_range(0..2)],
            };
            if names(abc).contains(&test) {
                bound.push(test);
            }
            tests.push(test);
        }
        let actions: Vec<&str> = kinds
            .iter()
            .map(|&abc| {
                let own: Vec<&str> = names(abc)
                    .into_iter()
                    .filter(|v| bound.contains(v))
                    .collect();
                match rng.random_range(0..3) {
                    0 => "-",
                    1 if !own.is_empty() => own[rng.random_range(0..own.len())],
                    _ => values(abc)[rng.random_range(0..values(abc).len())],
                }
            })
            .collect();
        text += &format!("{} => {}\n", tests.join(" "), actions.join(" "));
    }
    let goal: Vec<&str> = kinds.iter().map(|&abc| values(abc)[0]).collect();
    text += &format!("GOAL {}\n", goal.join(" "));
    PsvnDomain::parse("random", &text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn random_domains_agree_with_the_interpreter_everywhere() {
    let mut rng = rng(5);
    let (mut one_way, mut rearranging) = (0, 0);
    for _ in 0..3000 {
        let domain = random_domain(&mut rng);
        one_way += usize::from(!domain.is_reversible());
        rearranging += usize::from(domain.keeps_multisets());
        let text = domain.psvn().to_string();
        for state in every_vector(&domain) {
            assert_eq!(
                compiled(&domain, &state),
                interpret(domain.psvn(), &state),
                "{text}"
            );
            let mut moves = Vec::new();
            domain.actions(&state, &mut moves);
            for &action in &moves {
                let mut next = state.clone();
                domain.apply(&mut next, action);
                let mut back = next.clone();
                domain.undo(&mut back, action);
                assert_eq!(back, state, "undo {action:?} in\n{text}");
                domain.apply(&mut next, domain.invert(action).unwrap());
                assert_eq!(next, state, "inverse of {action:?} in\n{text}");
            }
        }
        check_predecessors(&domain);
        let ranked = RankedPsvn::mixed_radix(domain.clone()).unwrap();
        for rank in 0..ranked.size() {
            assert_eq!(ranked.rank(&ranked.unrank(rank)), rank);
        }
        if domain.keeps_multisets() {
            // Every successor of a state is an arrangement of its values.
            for state in every_vector(&domain) {
                let multiset = RankedPsvn::multiset(domain.clone(), &state).unwrap();
                for (_, next) in interpret(domain.psvn(), &state) {
                    let next: State = next.into_boxed_slice();
                    assert_eq!(multiset.unrank(multiset.rank(&next)), next, "{text}");
                }
            }
        }
    }
    // Both kinds were drawn, many times.
    assert!(
        one_way > 1000 && rearranging > 100,
        "{one_way} {rearranging}"
    );
}

/// A comment `# grid R x C` lays the values out for pictures when R × C is the number of
/// variables; any other comment, or a shape of another size, gives none, and no rule changes.
#[test]
fn a_grid_comment_gives_the_pictures_shape() {
    use statespace_psvn::Psvn;
    let grid = |comment: &str| {
        let text = format!("{comment}\n{TWO_BY_TWO}");
        let psvn = Psvn::parse("two.psvn", &text).unwrap();
        assert_eq!(psvn.rules().len(), 8, "{comment}");
        psvn.grid()
    };
    assert_eq!(grid("# grid 2x2"), Some((2, 2)));
    assert_eq!(grid("  ; GRID 1 X 4"), Some((1, 4)));
    assert_eq!(grid("# the grid: 2x2"), None);
    assert_eq!(grid("# grid 3x3"), None);
    assert_eq!(grid("# grid 2xfour"), None);
    assert_eq!(grid(""), None);
}
