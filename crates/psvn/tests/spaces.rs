//! Whole state spaces searched over the compiled domains and their ranks, against published
//! figures.

mod common;

use std::collections::HashSet;
use std::sync::Arc;

use common::{example, pancakes};
use statespace_engine::distance_table::distance_table;
use statespace_engine::space::RankedSpace;
use statespace_engine::{Domain, Limits, PerfectHash, Predecessors, bfs::bfs};
use statespace_psvn::{PsvnDomain, PsvnSpace, RankedPsvn, Ranking, State};

/// The number of states at each distance from `domain`'s goal state, by the engine's distance
/// table over the ranking chosen for it.
fn layers(domain: PsvnDomain) -> (Ranking, u64, Vec<u64>) {
    let goal = domain.goal_state().expect("a goal state");
    let ranked = RankedPsvn::for_state(domain, &goal).unwrap();
    let table = distance_table(&ranked, &[goal], &Limits::none())
        .table
        .unwrap();
    (ranked.ranking(), ranked.size(), table.histogram())
}

#[test]
fn eight_puzzle_layers_from_its_goal_are_oeis_a089473() {
    let (ranking, size, histogram) = layers(example("eight.psvn"));
    // Every rule rearranges tiles: 9! arrangements, not 9^9 vectors.
    assert_eq!((ranking, size), (Ranking::Multiset, 362_880));
    assert_eq!(
        histogram,
        [
            1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638,
            9529, 10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2
        ]
    );
}

#[test]
fn pancake_layers_are_oeis_a092113_and_the_deepest_a058986() {
    // Rows of A092113 (stacks of n pancakes needing k flips), n = 4..9.
    let rows: [&[u64]; 6] = [
        &[1, 3, 6, 11, 3],
        &[1, 4, 12, 35, 48, 20],
        &[1, 5, 20, 79, 199, 281, 133, 2],
        &[1, 6, 30, 149, 543, 1357, 1903, 1016, 35],
        &[1, 7, 42, 251, 1191, 4281, 10561, 15011, 8520, 455],
        &[
            1, 8, 56, 391, 2278, 10666, 38015, 93585, 132697, 79379, 5804,
        ],
    ];
    for (n, row) in (4..).zip(rows) {
        let (_, _, histogram) = layers(pancakes(n));
        assert_eq!(histogram, row, "{n} pancakes");
    }
    // Ten, from the example file: 10! stacks, the deepest 11 flips away (A058986).
    let (ranking, size, histogram) = layers(example("pancake10.psvn"));
    assert_eq!((ranking, size), (Ranking::Multiset, 3_628_800));
    // Its row: A092113 begins it with 1, 9, 72, 575; the rest is what psvn2c's compiled code
    // counts on this file (psvn-drive bfs), 11 flips at most as A058986 says.
    assert_eq!(
        histogram,
        [
            1, 9, 72, 575, 3963, 22825, 106461, 377863, 919365, 1309756, 814678, 73232
        ]
    );
}

#[test]
fn four_peg_hanoi_moves_six_discs_in_seventeen() {
    let domain = example("hanoi4.psvn");
    let goal = domain.goal_state().unwrap();
    let ranked = RankedPsvn::for_state(domain, &goal).unwrap();
    // Moves put a peg where another was: no multiset kept, every vector of pegs is a state.
    assert_eq!(
        (ranked.ranking(), ranked.size()),
        (Ranking::MixedRadix, 4096)
    );
    let table = distance_table(&ranked, &[goal], &Limits::none())
        .table
        .unwrap();
    let start = ranked.domain().parse_state("start", "A A A A A A").unwrap();
    // Frame and Stewart's figure for six discs on four pegs (OEIS A007664).
    assert_eq!(table.distance(ranked.rank(&start)), Some(17));
    // The layers psvn2c's compiled code counts from the goal of this file (psvn-drive bfs).
    assert_eq!(
        table.histogram(),
        [
            1, 3, 6, 12, 30, 30, 66, 96, 126, 210, 330, 318, 462, 804, 918, 528, 150, 6
        ]
    );
}

#[test]
fn pocket_cube_layers_in_the_half_turn_metric() {
    // The 2x2x2's positions by half-turn distance begin 1, 9, 54, 321, 1847, 9992.
    let domain = example("cube2.psvn");
    let goal = domain.goal_state().unwrap();
    assert_eq!(layers_from(&domain, goal, 5), [1, 9, 54, 321, 1847, 9992]);
}

/// The number of states first reached at each depth from `start`, up to `depth` (all, if the
/// space is exhausted before).
fn layers_from(domain: &PsvnDomain, start: State, depth: usize) -> Vec<usize> {
    let mut seen: HashSet<State> = HashSet::from([start.clone()]);
    let mut layer = vec![start];
    let mut sizes = vec![1];
    let mut moves = Vec::new();
    for _ in 0..depth {
        let mut next = Vec::new();
        for state in &layer {
            moves.clear();
            domain.actions(state, &mut moves);
            for &action in &moves {
                let mut child = state.clone();
                domain.apply(&mut child, action);
                if seen.insert(child.clone()) {
                    next.push(child);
                }
            }
        }
        if next.is_empty() {
            break;
        }
        sizes.push(next.len());
        layer = next;
    }
    sizes
}

#[test]
fn gripper_takes_eleven_steps_for_four_balls() {
    let domain = example("gripper.psvn");
    let start = domain.parse_state("start", "A A A A A FREE FREE").unwrap();
    let result = bfs(&domain, &start, &Limits::none());
    let solution = result.outcome.solution().unwrap();
    assert_eq!(solution.cost, 11);
    assert!(domain.is_reversible());
    // The layers psvn2c's compiled code counts from the same state (psvn-drive bfs): 256
    // states, two rooms for the robot times 128 placements of the balls.
    assert_eq!(
        layers_from(&domain, start, 100),
        [1, 9, 20, 16, 28, 30, 30, 48, 36, 16, 12, 9, 1]
    );
}

/// The explorer's predecessors (ranks recounted only up to each rule's last write, where states
/// are permutations) are those of every predecessor move applied to a copy and ranked whole,
/// on every example with a goal state: permutations (pancakes, tiles, TopSpin) and not.
#[test]
fn the_explorers_predecessors_are_the_moves_ranked_whole() {
    for name in [
        "pancake10.psvn",
        "eight.psvn",
        "fifteen.psvn",
        "topspin.psvn",
        "hanoi4.psvn",
        "cube2.psvn",
        "eight-weighted.psvn",
    ] {
        let domain = example(name);
        let goal = domain.goal_state().expect("a goal state");
        let ranked = RankedPsvn::for_state(domain, &goal).unwrap();
        let space = PsvnSpace::new(Arc::new(ranked.clone()));
        assert_eq!(space.ranks(), ranked.size(), "{name}");
        // Ranks spread over the space, in increasing order as the explorer asks.
        let step = (ranked.size() / 2000).max(1);
        let ranks: Vec<u64> = (0..ranked.size()).step_by(step as usize).collect();
        let mut expected = Vec::new();
        let mut moves = Vec::new();
        for &rank in &ranks {
            let state = ranked.unrank(rank);
            moves.clear();
            ranked.predecessor_actions(&state, &mut moves);
            for &action in &moves {
                let mut before = state.clone();
                ranked.apply(&mut before, action);
                expected.push(ranked.rank(&before));
            }
        }
        let mut found = Vec::new();
        space.predecessors(&ranks, &mut found);
        assert_eq!(found, expected, "{name}");
    }
}
