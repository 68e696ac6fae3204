//! `statespace solve hanoi`, `gen hanoi` and `explore hanoi` through the built binary: exact
//! outputs, traces, JSON, bad input and exit codes, and the published figures.

mod common;

use common::{run, stderr, stdout};
use serde_json::Value;

#[test]
fn shipped_example_with_either_algorithm() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/hanoi.txt"
    ))
    .unwrap();
    for algo in ["astar", "idastar"] {
        let output = run(&["solve", "hanoi", "--algo", algo], &example);
        let lengths: Vec<usize> = stdout(&output)
            .lines()
            .map(|line| line.split_whitespace().count())
            .collect();
        // Three discs, eight discs (Frame–Stewart: 5 and 33), one at its goal, two goals of
        // their own.
        assert_eq!(lengths, [5, 33, 0, 3, 20], "{algo}");
        assert_eq!(stderr(&output), "", "{algo}");
        assert_eq!(output.status.code(), Some(0), "{algo}");
    }
}

#[test]
fn the_trace_draws_each_peg_bottom_up() {
    let output = run(&["solve", "hanoi", "--trace"], "1 1\n");
    assert_eq!(stdout(&output), "1-3 1-4 3-4\n");
    assert_eq!(
        stderr(&output),
        "case 1: 3 moves\nstart\npeg 1: 2 1\npeg 2:\npeg 3:\npeg 4:\n\
         move 1: 1-3\npeg 1: 2\npeg 2:\npeg 3: 1\npeg 4:\n\
         move 2: 1-4\npeg 1:\npeg 2:\npeg 3: 1\npeg 4: 2\n\
         move 3: 3-4\npeg 1:\npeg 2:\npeg 3:\npeg 4: 2 1\n"
    );
}

#[test]
fn json_names_the_moves_and_stats_the_tables() {
    let output = run(&["solve", "hanoi", "--json"], "1 1\n4 4\n");
    let reports: Vec<Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(reports.len(), 2);
    assert_eq!(
        reports[0]["answer"]["moves"],
        serde_json::json!(["1-3", "1-4", "3-4"])
    );
    assert_eq!(reports[1]["output"], "\n");
    assert_eq!(reports[1]["summary"], "0 moves");
    let stats = run(
        &["solve", "hanoi", "--stats", "--group", "4"],
        "1 1 1 1 1 1\n",
    );
    assert_eq!(stdout(&stats).split_whitespace().count(), 17);
    let lines: Vec<&str> = stderr(&stats).lines().collect();
    assert_eq!(lines.len(), 3, "two tables, then the case: {lines:?}");
    assert!(
        lines[0].starts_with("table: 256 positions, 11 layers"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("table: 16 positions, 5 layers"),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with("case 1: 17 moves"), "{}", lines[2]);
}

#[test]
fn bad_cases_stop_the_run_after_the_earlier_ones() {
    for (input, message) in [
        (
            "1 1\n1 5\n",
            "line 2: \"5\" is not a peg: the pegs are 1 to 4",
        ),
        (
            "1 1\n\n1 0 / 2 2\n",
            "line 3: \"0\" is not a peg: the pegs are 1 to 4",
        ),
        (
            "1 1\n1 1 / 2\n",
            "line 2: the goal has 1 disc, the start 2 discs",
        ),
        (
            "1 1\n1 / 2 / 3\n",
            "line 2: a second \"/\": the start's pegs, then one / and the goal's",
        ),
        (
            "1 1\n1 one\n",
            "line 2: \"one\" is not a peg: the pegs are 1 to 4",
        ),
    ] {
        let output = run(&["solve", "hanoi"], input);
        assert_eq!(stdout(&output), "1-3 1-4 3-4\n", "{input:?}");
        assert_eq!(
            stderr(&output),
            format!("statespace: {message}\n"),
            "{input:?}"
        );
        assert_eq!(output.status.code(), Some(2), "{input:?}");
    }
    let output = run(&["solve", "hanoi"], &"1 ".repeat(33));
    assert_eq!(
        stderr(&output),
        "statespace: line 1: 33 discs: at most 32\n"
    );
    assert_eq!(output.status.code(), Some(2));
    let refused = run(&["solve", "hanoi", "--group", "13"], "1\n");
    assert_eq!(refused.status.code(), Some(2));
}

#[test]
fn random_cases_are_solved_and_follow_the_seed() {
    let cases = run(
        &[
            "gen", "hanoi", "--discs", "5", "--count", "3", "--seed", "7",
        ],
        "",
    );
    let again = run(
        &[
            "gen", "hanoi", "--discs", "5", "--count", "3", "--seed", "7",
        ],
        "",
    );
    assert_eq!(stdout(&cases), stdout(&again));
    assert_eq!(stdout(&cases).lines().count(), 3);
    assert!(
        stdout(&cases)
            .lines()
            .all(|line| line.split(' ').count() == 5)
    );
    let goals = run(
        &[
            "gen",
            "hanoi",
            "--discs",
            "4",
            "--count",
            "2",
            "--seed",
            "7",
            "--random-goal",
        ],
        "",
    );
    assert!(stdout(&goals).lines().all(|line| line.contains(" / ")));
    for input in [stdout(&cases), stdout(&goals)] {
        let solved = run(&["solve", "hanoi"], input);
        assert_eq!(solved.status.code(), Some(0));
        assert_eq!(stdout(&solved).lines().count(), input.lines().count());
    }
    let refused = run(&["gen", "hanoi", "--discs", "33"], "");
    assert_eq!(refused.status.code(), Some(2));
}

/// `explore hanoi --discs N`: the greatest distance from all discs on peg 1, and how many
/// placements are that far.
fn deepest(discs: usize) -> (u64, u64) {
    let output = run(
        &["explore", "hanoi", "--json", "--discs", &discs.to_string()],
        "",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let found: Value = serde_json::from_str(stdout(&output)).unwrap();
    assert_eq!(found["total"], 1u64 << (2 * discs));
    let layers = found["layers"].as_array().unwrap();
    (
        found["max_depth"].as_u64().unwrap(),
        layers.last().unwrap().as_u64().unwrap(),
    )
}

#[test]
fn exploring_finds_the_radius_of_a382111() {
    // OEIS A382111: 17 for 6 discs, 33 for 8, 49 for 10.
    assert_eq!(deepest(6), (17, 6));
    assert_eq!(deepest(8).0, 33);
    assert_eq!(deepest(10).0, 49);
}

#[test]
fn exploring_needs_a_number_of_discs_that_ranks() {
    for (args, message) in [
        (
            &["explore", "hanoi"][..],
            "statespace: exploring the towers needs their number of discs (--discs N)\n",
        ),
        (
            &["explore", "hanoi", "--discs", "32"],
            "statespace: exploration ranks towers of 1 to 31 discs, not 32\n",
        ),
    ] {
        let output = run(args, "");
        assert_eq!(stderr(&output), message, "{args:?}");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}
