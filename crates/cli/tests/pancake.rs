//! `statespace solve pancake`, `gen pancake` and `explore pancake` through the built binary:
//! exact outputs, traces, JSON, bad input and exit codes.

mod common;

use common::{run, stderr, stdout};
use serde_json::Value;

#[test]
fn shipped_example_with_every_algorithm() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/pancake.txt"
    ))
    .unwrap();
    // Each finds the fewest flips, not always the same ones.
    for (algo, expected) in [
        ("idastar", "3 2\n\n5\n3 7 8 7 5 4 3 2\n\n"),
        ("astar", "3 2\n\n5\n4 3 5 4 7 8 7 5\n\n"),
        ("mm", "3 2\n\n5\n3 7 8 7 5 4 3 2\n\n"),
        ("nbs", "3 2\n\n5\n4 3 5 4 7 8 7 5\n\n"),
        ("dvcbs", "3 2\n\n5\n8 5 7 5 4 3 8 2\n\n"),
    ] {
        let output = run(&["solve", "pancake", "--algo", algo], &example);
        // A sorted stack, and a stack of one, are answered by an empty line.
        assert_eq!(stdout(&output), expected, "{algo}");
        assert_eq!(stderr(&output), "", "{algo}");
        assert_eq!(output.status.code(), Some(0), "{algo}");
    }
}

#[test]
fn burnt_stacks_turn_pancakes_over() {
    let input = "-1\n2 -1\n-3 -2 -1\n1 2\n";
    for heuristic in ["gap", "gap-1", "gap-2", "gap-3", "zero"] {
        let output = run(
            &["solve", "pancake", "--burnt", "--heuristic", heuristic],
            input,
        );
        assert_eq!(stdout(&output), "1\n1 2\n3\n\n", "{heuristic}");
        assert_eq!(output.status.code(), Some(0));
    }
}

#[test]
fn the_trace_shows_the_stack_after_each_flip() {
    let output = run(&["solve", "pancake", "--trace"], "3 1 2\n");
    assert_eq!(stdout(&output), "3 2\n");
    assert_eq!(
        stderr(&output),
        "case 1: 2 flips\nstart\n3 1 2\nmove 1: 3\n2 1 3\nmove 2: 2\n1 2 3\n"
    );
}

#[test]
fn json_names_the_flips() {
    let output = run(&["solve", "pancake", "--json"], "3 1 2\n1 2\n");
    let reports: Vec<Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(reports.len(), 2);
    assert_eq!(reports[0]["answer"]["moves"], serde_json::json!(["3", "2"]));
    assert_eq!(reports[0]["output"], "3 2\n");
    assert_eq!(reports[1]["answer"]["moves"], serde_json::json!([]));
    assert_eq!(reports[1]["summary"], "0 flips");
}

#[test]
fn bad_stacks_stop_the_run_after_the_earlier_ones() {
    for (input, message) in [
        (
            "3 1 2\n2 2 1\n",
            "statespace: line 2: pancake 2 appears twice\n",
        ),
        (
            "3 1 2\n\n1 4 2\n",
            "statespace: line 3: 4 is not a pancake of this stack: its sizes are 1 to 3\n",
        ),
        (
            "3 1 2\n1 0\n",
            "statespace: line 2: 0 is not a pancake of this stack: its sizes are 1 to 2\n",
        ),
        (
            "3 1 2\n1 two\n",
            "statespace: line 2: \"two\" is not a number\n",
        ),
        (
            "3 1 2\n-1 2\n",
            "statespace: line 2: -1 is burnt side up, but the stacks are not burnt (--burnt)\n",
        ),
    ] {
        let output = run(&["solve", "pancake"], input);
        assert_eq!(stdout(&output), "3 2\n", "{input:?}");
        assert_eq!(stderr(&output), message, "{input:?}");
        assert_eq!(output.status.code(), Some(2), "{input:?}");
    }
    let long: Vec<String> = (1..=256).map(|n| n.to_string()).collect();
    let output = run(&["solve", "pancake"], &long.join(" "));
    assert_eq!(
        stderr(&output),
        "statespace: line 1: 256 pancakes: a stack has at most 255\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn random_stacks_are_solved_and_follow_the_seed() {
    let stacks = run(
        &[
            "gen", "pancake", "--size", "5", "--count", "3", "--seed", "7",
        ],
        "",
    );
    assert_eq!(stdout(&stacks), "1 4 2 3 5\n2 3 5 1 4\n1 3 2 5 4\n");
    let burnt = run(
        &[
            "gen", "pancake", "--size", "4", "--count", "2", "--seed", "7", "--burnt",
        ],
        "",
    );
    assert_eq!(stdout(&burnt), "-1 -4 -2 -3\n-2 -1 3 -4\n");
    let solved = run(&["solve", "pancake"], stdout(&stacks));
    assert_eq!(stdout(&solved).lines().count(), 3);
    let refused = run(&["gen", "pancake", "--size", "256"], "");
    assert_eq!(refused.status.code(), Some(2));
}

/// `explore pancake` with `flags`: its greatest depth and the size of its last layer.
fn deepest(flags: &[&str]) -> (u64, u64) {
    let args = [&["explore", "pancake", "--json"], flags].concat();
    let output = run(&args, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let found: Value = serde_json::from_str(stdout(&output)).unwrap();
    let layers = found["layers"].as_array().unwrap();
    (
        found["max_depth"].as_u64().unwrap(),
        layers.last().unwrap().as_u64().unwrap(),
    )
}

#[test]
fn exploring_finds_the_pancake_numbers() {
    // OEIS A058986 and A067607; A078941 for burnt stacks.
    assert_eq!(deepest(&["--size", "8"]), (9, 455));
    assert_eq!(deepest(&["--size", "9"]), (10, 5804));
    assert_eq!(deepest(&["--size", "6", "--burnt"]), (12, 1));
}

#[test]
fn exploring_needs_a_size_that_ranks() {
    for (args, message) in [
        (
            &["explore", "pancake"][..],
            "statespace: exploring pancake stacks needs their size (--size N)\n",
        ),
        (
            &["explore", "pancake", "--size", "17", "--burnt"],
            "statespace: exploration ranks stacks of 1 to 20 pancakes (16 burnt), not 17\n",
        ),
        (
            &["explore", "pancake", "--size", "x"],
            "statespace: bad options: expected a number, not \"x\"\n",
        ),
    ] {
        let output = run(args, "");
        assert_eq!(stderr(&output), message, "{args:?}");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
    }
}
