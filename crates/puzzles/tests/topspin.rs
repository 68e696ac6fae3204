//! TopSpin against plain breadth-first search: random loops of 5 to 8 tokens (turnstiles of 2,
//! 4 and 6) solved by IDA*, A*, MM, NBS and DVCBS in BFS's number of turns (so MM and NBS cost what A*
//! does) with either way of combining tables,
//! each solution replayed by hand; both estimates never above the true distance, the additive
//! one at least as high as the largest entry on most loops; loops of the wrong parity told unsolvable; the space
//! of a turnstile of 4 holding exactly the even loops.

use statespace_engine::bfs::bfs;
use statespace_engine::distance_table::distance_table;
use statespace_engine::rank::permutation_parity;
use statespace_engine::{Limits, PerfectHash};
use statespace_puzzles::topspin::{
    Algorithm, Combination, Loop, Ring, Solver, Tables, random_rings,
};

/// Plays `turns` on `start` by the rules, independently of the domain: each turn reverses the
/// `turnstile` tokens from its position around the loop.
fn replay(start: &Ring, turns: &[u8], turnstile: usize) -> Vec<u8> {
    let mut tokens = start.tokens().to_vec();
    let size = tokens.len();
    for &turn in turns {
        let window: Vec<usize> = (0..turnstile)
            .map(|i| (usize::from(turn) + i) % size)
            .collect();
        let reversed: Vec<u8> = window.iter().rev().map(|&at| tokens[at]).collect();
        for (&at, token) in window.iter().zip(reversed) {
            tokens[at] = token;
        }
    }
    tokens
}

#[test]
fn random_loops_are_solved_in_the_fewest_turns() {
    for (size, turnstile) in [(6, 4), (7, 4), (8, 4), (5, 2), (6, 2), (8, 6)] {
        let mut solvers = [
            (Algorithm::Idastar, Combination::Additive),
            (Algorithm::Astar, Combination::Additive),
            (Algorithm::Idastar, Combination::Max),
            (Algorithm::Astar, Combination::Max),
            (Algorithm::Mm, Combination::Max),
            (Algorithm::Nbs, Combination::Max),
            (Algorithm::Mm, Combination::Additive),
            (Algorithm::Nbs, Combination::Additive),
            (Algorithm::Dvcbs, Combination::Max),
        ]
        .map(|(algo, tables)| Solver::with_tables(algo, turnstile, tables));
        let even = turnstile % 4 == 0;
        for ring in random_rings(size, even, 10, size as u64) {
            let domain = Loop { size, turnstile };
            let shortest = bfs(&domain, &ring, &Limits::none());
            let length = shortest.outcome.solution().expect("solvable").actions.len();
            for solver in &mut solvers {
                let answer = solver.solve(&ring, &Limits::none()).0.expect("no limits");
                let turns = answer.turns.expect("solvable");
                assert_eq!(turns.len(), length, "{ring} ({solver:?})");
                let sorted: Vec<u8> = (0..size as u8).collect();
                assert_eq!(replay(&ring, &turns, turnstile), sorted, "{ring}");
            }
        }
    }
}

#[test]
fn a_turnstile_of_four_sorts_the_even_loops_only_and_one_of_six_all() {
    for size in 6..=8 {
        let domain = Loop { size, turnstile: 4 };
        let table = distance_table(&domain, &[Ring::sorted(size)], &Limits::none())
            .table
            .expect("no limits");
        let reached: u64 = table.histogram().iter().sum();
        assert_eq!(reached, domain.size() / 2, "{size} tokens");
        for rank in (0..domain.size()).step_by(7) {
            let ring = domain.unrank(rank);
            let even = !permutation_parity(ring.tokens());
            assert_eq!(table.distance(rank).is_some(), even, "{ring}");
        }
    }
    let every = Loop {
        size: 8,
        turnstile: 6,
    };
    let table = distance_table(&every, &[Ring::sorted(8)], &Limits::none())
        .table
        .expect("no limits");
    assert_eq!(
        table.histogram().iter().sum::<u64>(),
        every.size(),
        "a turn of 6 is odd"
    );
    let mut solver = Solver::new(Algorithm::Idastar, 4);
    let odd = Ring::new(vec![1, 0, 2, 3, 4, 5]);
    let answer = solver.solve(&odd, &Limits::none()).0.unwrap();
    assert_eq!((answer.turns, answer.moves), (None, None));
}

#[test]
fn the_tables_never_overestimate() {
    // 9 tokens: tables of 6 tokens (60,480 entries), two overlapping groups; or three disjoint
    // groups of 3 (504 entries), read at three shifts. A turnstile of 2 and one of 6 too.
    for (size, turnstile) in [(9, 4), (8, 2), (9, 6)] {
        let domain = Loop { size, turnstile };
        let exact = distance_table(&domain, &[Ring::sorted(size)], &Limits::none())
            .table
            .expect("no limits");
        let build = |combination| {
            Tables::build(domain, combination, &Limits::none())
                .unwrap()
                .0
        };
        let (max, additive) = (build(Combination::Max), build(Combination::Additive));
        let (mut tight, mut higher, mut lower) = ([0; 2], 0, 0);
        for rank in (0..domain.size()).step_by(11) {
            let Some(distance) = exact.distance(rank) else {
                continue;
            };
            let ring = domain.unrank(rank);
            let estimates = [max.estimate(&ring), additive.estimate(&ring)];
            for (tight, estimate) in tight.iter_mut().zip(estimates) {
                assert!(
                    estimate <= u32::from(distance),
                    "{ring}: {estimate} > {distance} ({size}, {turnstile})"
                );
                *tight += usize::from(estimate == u32::from(distance));
            }
            higher += usize::from(estimates[1] > estimates[0]);
            lower += usize::from(estimates[1] < estimates[0]);
        }
        assert!(
            tight.iter().all(|&tight| tight > 0),
            "some estimates are exact"
        );
        println!("{size}, {turnstile}: exact {tight:?}, additive higher {higher}, lower {lower}");
    }
}
