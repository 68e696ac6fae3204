//! The pancake puzzle against plain breadth-first search: every stack of up to 6 pancakes (4
//! burnt) solved by IDA* and A* (gap and gap-1 to gap-3) in the fewest flips, and by IDA* with
//! the gap heuristic up to 8 (6 burnt) against the whole space's table, each solution replayed
//! by hand; the gap heuristics never above the true distance; and the whole space's
//! depths against the pancake numbers of the OEIS.

use statespace_engine::bfs::bfs;
use statespace_engine::distance_table::distance_table;
use statespace_engine::idastar::idastar;
use statespace_engine::{Limits, PerfectHash};
use statespace_puzzles::pancake::{
    Algorithm, Heuristic, Pancakes, Solver, Stack, gaps, gaps_ignoring, random_stacks,
};

/// Plays `flips` on `start` by the rules, independently of the domain: a flip of k reverses
/// the top k, and turns each of them over when `burnt`.
fn replay(start: &Stack, flips: &[u8], burnt: bool) -> Stack {
    let mut cakes = start.cakes().to_vec();
    for &k in flips {
        let k = usize::from(k);
        assert!((1..=cakes.len()).contains(&k), "{start}: flip {k}");
        assert!(
            burnt || k >= 2,
            "{start}: a plain flip of 1 changes nothing"
        );
        cakes[..k].reverse();
        if burnt {
            cakes[..k].iter_mut().for_each(|cake| *cake = -*cake);
        }
    }
    Stack::new(cakes)
}

/// Every stack of `size` pancakes solved by every algorithm in BFS's number of flips.
fn check_every_stack(size: usize, burnt: bool) {
    let domain = Pancakes { size, burnt };
    let algorithms = [
        Algorithm::Idastar,
        Algorithm::Astar,
        Algorithm::Mm,
        Algorithm::Nbs,
        Algorithm::Dvcbs,
    ];
    let gap_k = [Heuristic::Gap1, Heuristic::Gap2, Heuristic::Gap3];
    let solvers: Vec<Solver> = (algorithms.map(|algo| Solver::new(algo, Heuristic::Gap, burnt)))
        .into_iter()
        .chain(gap_k.map(|heuristic| Solver::new(Algorithm::Idastar, heuristic, burnt)))
        .chain(gap_k.map(|heuristic| Solver::new(Algorithm::Astar, heuristic, burnt)))
        .collect();
    for rank in 0..domain.size() {
        let stack = domain.unrank(rank);
        let shortest = bfs(&domain, &stack, &Limits::none());
        let length = shortest
            .outcome
            .solution()
            .expect("every stack sorts")
            .actions
            .len();
        for ignored in 0..=3 {
            assert!(
                gaps_ignoring(&stack, burnt, ignored) as usize <= length,
                "{stack}: gap-{ignored} overestimates"
            );
        }
        for solver in &solvers {
            let answer = solver.solve(&stack, &Limits::none()).0.expect("no limits");
            assert_eq!(answer.flips.len(), length, "{stack} ({solver:?})");
            assert!(replay(&stack, &answer.flips, burnt).is_sorted(), "{stack}");
        }
    }
}

#[test]
fn every_plain_stack_up_to_six_is_solved_in_the_fewest_flips() {
    for size in 1..=6 {
        check_every_stack(size, false);
    }
}

#[test]
fn every_burnt_stack_up_to_four_is_solved_in_the_fewest_flips() {
    for size in 1..=4 {
        check_every_stack(size, true);
    }
}

/// Every stack of `size` pancakes solved by the default solver (IDA*, gap, which prunes by the
/// dual stack too) in as many flips as the whole space's table says, each answer replayed.
fn check_ida_star_on_the_whole_space(size: usize, burnt: bool) {
    let domain = Pancakes { size, burnt };
    let built = distance_table(&domain, &[Stack::sorted(size)], &Limits::none());
    let table = built.table.expect("no limits");
    let solver = Solver::new(Algorithm::Idastar, Heuristic::Gap, burnt);
    for rank in 0..domain.size() {
        let stack = domain.unrank(rank);
        let answer = solver.solve(&stack, &Limits::none()).0.expect("no limits");
        let shortest = usize::from(table.distance(rank).expect("all reached"));
        assert_eq!(answer.flips.len(), shortest, "{stack}");
        assert!(replay(&stack, &answer.flips, burnt).is_sorted(), "{stack}");
    }
}

#[test]
fn every_stack_of_eight_and_burnt_stack_of_six_is_solved_by_ida_star_in_the_fewest_flips() {
    check_ida_star_on_the_whole_space(7, false);
    check_ida_star_on_the_whole_space(8, false);
    check_ida_star_on_the_whole_space(5, true);
    check_ida_star_on_the_whole_space(6, true);
}

/// The greatest distance to the sorted stack of `size` pancakes, and how many stacks have it.
fn deepest(size: usize, burnt: bool) -> (usize, u64) {
    let domain = Pancakes { size, burnt };
    let built = distance_table(&domain, &[Stack::sorted(size)], &Limits::none());
    let histogram = built.table.expect("no limits").histogram();
    assert_eq!(histogram.iter().sum::<u64>(), domain.size(), "all reached");
    (histogram.len() - 1, *histogram.last().unwrap())
}

#[test]
fn the_deepest_stacks_are_the_pancake_numbers() {
    // OEIS A058986 (the pancake numbers) and A067607 (the stacks that need that many flips).
    let flips = [0, 1, 3, 4, 5, 7, 8, 9, 10];
    let stacks = [1, 1, 1, 3, 20, 2, 35, 455, 5804];
    for size in 1..=9 {
        assert_eq!(
            deepest(size, false),
            (flips[size - 1], stacks[size - 1]),
            "{size} pancakes"
        );
    }
}

#[test]
fn the_deepest_burnt_stacks_are_the_burnt_pancake_numbers() {
    // OEIS A078941.
    let flips = [1, 4, 6, 8, 10, 12, 14, 15];
    for size in 1..=8 {
        assert_eq!(
            deepest(size, true).0,
            flips[size - 1],
            "{size} burnt pancakes"
        );
    }
}

#[test]
fn the_blind_search_agrees_with_the_gap_heuristic() {
    let stack = Stack::new(vec![2, 4, 1, 5, 3]);
    let lengths: Vec<usize> = [Heuristic::Gap, Heuristic::Zero]
        .map(|heuristic| Solver::new(Algorithm::Idastar, heuristic, false))
        .iter()
        .map(|solver| solver.solve(&stack, &Limits::none()).0.unwrap().flips.len())
        .collect();
    assert_eq!(lengths, [5, 5]);
}

#[test]
fn a_node_limit_stops_a_long_search() {
    let stack = Stack::new(
        (1..=40)
            .rev()
            .step_by(2)
            .chain((1..=40).step_by(2))
            .collect(),
    );
    let solver = Solver::new(Algorithm::Idastar, Heuristic::Zero, false);
    let (answer, _) = solver.solve(&stack, &Limits::none().max_expanded(1_000));
    assert!(answer.is_err());
}

#[test]
fn the_flipper_finds_the_flips_the_engines_ida_star_finds_on_the_domain() {
    // The solver's IDA* judges flips before making them; the engine's, over the domain, makes
    // each: the same tree in the same order, so the same answers.
    for burnt in [false, true] {
        let solver = Solver::new(Algorithm::Idastar, Heuristic::Gap, burnt);
        for stack in random_stacks(14, burnt, 20, 5) {
            let domain = Pancakes { size: 14, burnt };
            let estimate = |stack: &Stack| gaps(stack, burnt);
            let engine = idastar(&domain, &stack, &estimate, &Limits::none());
            let flips = &engine.outcome.solution().unwrap().actions;
            let answer = solver.solve(&stack, &Limits::none()).0.unwrap();
            assert_eq!(&answer.flips, flips, "{stack}");
        }
    }
}
