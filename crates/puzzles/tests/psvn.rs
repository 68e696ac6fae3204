//! PSVN domains as a puzzle, through the library: every algorithm agrees on the lengths, costs
//! are weighed, unsolvable states are proved, options name domains by text or example, and the
//! space explored from a state is the one its domain ranks.

use serde_json::json;
use statespace_puzzles::psvn::{Algorithm, Solver, load, load_example, random_walks, walk_start};
use statespace_puzzles::puzzle::CaseLimits;
use statespace_puzzles::registry;

/// The answer's labels for `state` of the shipped `example` by `algo`, `None` when unsolvable.
fn labels(example: &str, algo: Algorithm, state: &str) -> Option<Vec<String>> {
    let mut solver = Solver::new(load_example(example).unwrap(), algo, 1).unwrap();
    let start = solver.domain().parse_state("state", state).unwrap();
    solver
        .solve(&start, &CaseLimits::default())
        .answer
        .unwrap()
        .moves
}

#[test]
fn every_algorithm_finds_the_same_lengths_on_walks_of_the_eight_puzzle() {
    let domain = load_example("eight").unwrap();
    let start = walk_start(&domain).unwrap();
    for state in random_walks(&domain, &start, 14, 6, 11) {
        let text = domain.format_state(&state);
        let lengths: Vec<usize> = [
            Algorithm::Idastar,
            Algorithm::Astar,
            Algorithm::Bfs,
            Algorithm::Bibfs,
            Algorithm::Mm,
            Algorithm::Nbs,
            Algorithm::Dvcbs,
        ]
        .into_iter()
        .map(|algo| {
            labels("eight", algo, &text)
                .expect("a walk back is solvable")
                .len()
        })
        .collect();
        assert!(
            lengths.iter().all(|&length| length == lengths[0]),
            "{text}: {lengths:?}"
        );
        assert!(lengths[0] <= 14, "{text}");
    }
}

#[test]
fn weighted_moves_are_searched_by_cost_not_by_count() {
    let domain = load_example("eight-weighted").unwrap();
    let mut solver = Solver::new(domain, Algorithm::Auto, 1).unwrap();
    assert_eq!(solver.algorithm(), Algorithm::Astar);
    let start = solver
        .domain()
        .parse_state("state", "3 1 2 B 4 5 6 7 8")
        .unwrap();
    let answer = solver.solve(&start, &CaseLimits::default()).answer.unwrap();
    assert_eq!((answer.moves.unwrap().len(), answer.cost), (1, Some(3)));
    let idastar = Solver::new(
        load_example("eight-weighted").unwrap(),
        Algorithm::Idastar,
        1,
    );
    let mut idastar = idastar.unwrap();
    let answer = idastar
        .solve(&start, &CaseLimits::default())
        .answer
        .unwrap();
    assert_eq!(answer.cost, Some(3));
}

/// Regression: IDA* took a second and 3.7 M expansions (35 s with some tables) on the 4,096
/// states of Hanoi, while it held their exact distances.
#[test]
fn a_small_space_is_solved_along_its_shortest_path_by_its_table() {
    let mut solver = Solver::new(load_example("hanoi4").unwrap(), Algorithm::Auto, 1).unwrap();
    let start = solver.domain().parse_state("state", "A A A A A A").unwrap();
    let solved = solver.solve(&start, &CaseLimits::default());
    assert_eq!(solved.answer.unwrap().cost, Some(17));
    assert_eq!(solved.stats.expanded, 17, "one expansion a move");
}

#[test]
fn the_other_parity_is_unsolvable_and_idastar_says_so_from_its_table() {
    let mut solver = Solver::new(load_example("eight").unwrap(), Algorithm::Idastar, 1).unwrap();
    let start = solver
        .domain()
        .parse_state("state", "B 2 1 3 4 5 6 7 8")
        .unwrap();
    let solved = solver.solve(&start, &CaseLimits::default());
    assert_eq!(solved.answer.unwrap().moves, None);
    assert_eq!(
        solved.stats.expanded, 0,
        "answered by the table, not by a search"
    );
    assert!(
        solved.notes[0].starts_with("goalward table: 181440 positions"),
        "{:?}",
        solved.notes
    );
    // Within a budget too small for the table, a limit is the honest answer.
    let mut small = Solver::new(load_example("eight").unwrap(), Algorithm::Idastar, 1).unwrap();
    let limits = CaseLimits {
        max_memory: Some(1000),
        max_nodes: Some(100_000),
        ..CaseLimits::default()
    };
    assert!(small.solve(&start, &limits).answer.is_err());
}

#[test]
fn options_name_a_domain_by_its_text_or_a_shipped_example_never_both() {
    let entry = registry::find("psvn").unwrap();
    let text = "DOMAIN v 2  OFF ON\n2\nv v\nOFF - => ON - LABEL A\n- OFF => - ON LABEL B\n\
                GOAL ON ON\n";
    let reports = entry
        .solve(
            json!({"text": text, "algo": "bfs"}),
            b"OFF OFF\nON ON\n",
            &CaseLimits::default(),
            false,
        )
        .unwrap();
    let outputs: Vec<_> = reports
        .iter()
        .map(|r| r.as_ref().unwrap()["output"].clone())
        .collect();
    assert_eq!(outputs, [json!("A B\n"), json!("\n")]);
    let error = entry
        .solve(
            json!({"text": text, "example": "eight"}),
            b"",
            &CaseLimits::default(),
            false,
        )
        .unwrap_err();
    assert!(
        error.to_string().starts_with("one domain at a time"),
        "{error}"
    );
    let error = entry.solve(
        json!({"example": "nine"}),
        b"",
        &CaseLimits::default(),
        false,
    );
    assert!(
        error
            .unwrap_err()
            .to_string()
            .contains("no shipped domain \"nine\"")
    );
    assert!(
        load(Some("4\n"), Some("x.psvn"), None)
            .unwrap_err()
            .to_string()
            .starts_with("x.psvn:")
    );
}

#[test]
fn the_space_from_a_state_is_ranked_from_it() {
    let entry = registry::find("psvn").unwrap();
    let space = entry
        .space(json!({"example": "pancake10"}))
        .unwrap()
        .unwrap();
    assert_eq!(space.ranked.ranks(), 3_628_800);
    assert_eq!((space.draw)(space.goals[0]), "0 1 2 3 4 5 6 7 8 9\n");
    let from = json!({"example": "gripper", "from": "A A A A A FREE FREE"});
    let space = entry.space(from).unwrap().unwrap();
    assert_eq!((space.draw)(space.goals[0]), "A A A A A FREE FREE\n");
    let error = entry.space(json!({"example": "gripper"})).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("first GOAL line that is a pattern"),
        "{error}"
    );
}
