//! The four-peg Towers of Hanoi against published figures and plain breadth-first search: all
//! discs from peg 1 to peg 4 in the Frame–Stewart numbers (OEIS A007664); the farthest
//! placement from all on peg 1 at A382111's distance; random cases of up to 7 discs, with random
//! goals, solved by A*, IDA*, MM, NBS and DVCBS in BFS's number of moves, each solution replayed by hand; the
//! additive tables never above the true distance.

use statespace_engine::bfs::bfs;
use statespace_engine::distance_table::distance_table;
use statespace_engine::heuristics::Additive;
use statespace_engine::{Heuristic, Limits, PerfectHash};
use statespace_puzzles::hanoi::{
    Algorithm, Case, FourPegs, Groups, Solver, Step, Towers, parse, random_cases,
};

/// OEIS A007664: the Frame–Stewart numbers, n = 0, 1, 2, ...
const FRAME_STEWART: [usize; 21] = [
    0, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97, 113, 129, 161, 193, 225, 257, 289,
];

/// OEIS A382111: the greatest distance from all discs on peg 1, n = 0, 1, 2, ... (first
/// differs from A007664 at 15 discs: 130).
const RADIUS: [u16; 21] = [
    0, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97, 113, 130, 161, 193, 225, 257, 294,
];

/// Plays `steps` from the case's start by the rules, independently of the domain: each peg a
/// stack of discs, a move takes the top one onto an empty peg or a larger disc.
fn replay(case: &Case, steps: &[Step]) -> Towers {
    let mut pegs: [Vec<usize>; 4] = Default::default();
    for disc in (0..case.discs).rev() {
        pegs[usize::from(case.start.peg(disc))].push(disc);
    }
    for step in steps {
        let disc = pegs[usize::from(step.from)]
            .pop()
            .unwrap_or_else(|| panic!("{case:?}: {step} from an empty peg"));
        let below = pegs[usize::from(step.to)].last();
        assert!(below.is_none_or(|&below| below > disc), "{case:?}: {step}");
        pegs[usize::from(step.to)].push(disc);
    }
    let mut at = vec![0; case.discs];
    for (peg, stack) in pegs.iter().enumerate() {
        for &disc in stack {
            at[disc] = peg as u8;
        }
    }
    Towers::new(&at)
}

#[test]
fn all_discs_from_peg_1_to_peg_4_take_the_frame_stewart_numbers() {
    let mut solver = Solver::new(Algorithm::Astar, 10);
    for (discs, &length) in FRAME_STEWART.iter().enumerate().take(12) {
        let line = format!("{}/{}\n", "1 ".repeat(discs), "4 ".repeat(discs));
        let case = parse(&line).next().unwrap().unwrap();
        let answer = solver.solve(&case, &Limits::none()).0.expect("no limits");
        assert_eq!(answer.steps.len(), length, "{discs} discs");
        assert_eq!(replay(&case, &answer.steps), case.goal, "{discs} discs");
    }
}

#[test]
fn the_farthest_placement_from_peg_1_is_a382111_away() {
    for (discs, &radius) in RADIUS.iter().enumerate().take(10) {
        let start = Towers::stacked(discs, 0);
        let domain = FourPegs { discs, goal: start };
        let table = distance_table(&domain, &[start], &Limits::none())
            .table
            .expect("no limits");
        let histogram = table.histogram();
        assert_eq!(histogram.iter().sum::<u64>(), domain.size(), "all reached");
        assert_eq!(histogram.len() - 1, usize::from(radius), "{discs} discs");
    }
}

#[test]
fn random_cases_are_solved_in_the_fewest_moves() {
    for discs in 1..=7 {
        let algorithms = [
            Algorithm::Astar,
            Algorithm::Idastar,
            Algorithm::Mm,
            Algorithm::Nbs,
            Algorithm::Dvcbs,
        ];
        let mut solvers = algorithms.map(|algo| Solver::new(algo, 4));
        for case in random_cases(discs, discs % 2 == 1, 12, discs as u64) {
            let shortest = bfs(&case.domain(), &case.start, &Limits::none());
            let length = shortest
                .outcome
                .solution()
                .expect("connected")
                .actions
                .len();
            for solver in &mut solvers {
                let answer = solver.solve(&case, &Limits::none()).0.expect("no limits");
                assert_eq!(answer.steps.len(), length, "{case:?} ({solver:?})");
                assert_eq!(replay(&case, &answer.steps), case.goal, "{case:?}");
            }
        }
    }
}

#[test]
fn the_additive_tables_never_overestimate() {
    let discs = 7;
    let goal = Towers::new(&[3, 1, 0, 2, 3, 3, 1]);
    let domain = FourPegs { discs, goal };
    let exact = distance_table(&domain, &[goal], &Limits::none())
        .table
        .expect("no limits");
    let groups = Groups::new(discs, 4);
    let mut solver = Solver::new(Algorithm::Astar, 4);
    // The tables of the goal, built by solving a case toward it.
    let case = Case {
        discs,
        start: goal,
        goal,
    };
    let (answer, _, built) = solver.solve(&case, &Limits::none());
    assert_eq!(answer.unwrap().steps, []);
    assert_eq!(built.len(), 2, "a table of 4 discs and one of 3");
    let tables = solver.tables(&groups, goal);
    let additive = Additive::new(groups, tables);
    let mut tight = 0;
    for rank in 0..domain.size() {
        let towers = domain.unrank(rank);
        let estimate = additive.estimate(&domain, &towers);
        let distance = u32::from(exact.distance(rank).unwrap());
        assert!(estimate <= distance, "{towers:?}: {estimate} > {distance}");
        tight += usize::from(estimate == distance);
    }
    assert!(tight > 0 && tight < domain.size() as usize, "{tight}");
}
