//! `statespace solve topspin`, `gen topspin` and `explore topspin` through the built binary:
//! exact outputs, traces, JSON, bad input and exit codes.

mod common;

use common::{run, stderr, stdout};
use serde_json::Value;

#[test]
fn shipped_example_with_either_algorithm() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/topspin.txt"
    ))
    .unwrap();
    for (algo, expected) in [
        ("idastar", "1\n\nunsolvable\n1 2 5 2 5 11 12 11 2\n"),
        ("astar", "1\n\nunsolvable\n1 11 12 11 8 11 2 11 8\n"),
    ] {
        let output = run(&["solve", "topspin", "--algo", algo], &example);
        assert_eq!(stdout(&output), expected, "{algo}");
        assert_eq!(stderr(&output), "", "{algo}");
        assert_eq!(output.status.code(), Some(0), "{algo}");
    }
}

#[test]
fn the_trace_shows_the_loop_after_each_turn_and_json_names_them() {
    let output = run(&["solve", "topspin", "--trace"], "4 3 2 1 5 6\n");
    assert_eq!(stdout(&output), "1\n");
    assert_eq!(
        stderr(&output),
        "case 1: 1 move\nstart\n4 3 2 1 5 6\nmove 1: 1\n1 2 3 4 5 6\n"
    );
    let output = run(
        &["solve", "topspin", "--json"],
        "4 3 2 1 5 6\n2 1 3 4 5 6\n",
    );
    let reports: Vec<Value> = stdout(&output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(reports[0]["answer"]["moves"], serde_json::json!(["1"]));
    assert_eq!(reports[1]["answer"]["moves"], Value::Null);
    assert_eq!(reports[1]["output"], "unsolvable\n");
}

#[test]
fn bad_loops_stop_the_run_after_the_earlier_ones() {
    for (input, message) in [
        (
            "4 3 2 1 5 6\n1 2 2 4 5 6\n",
            "line 2: token 2 appears twice",
        ),
        (
            "4 3 2 1 5 6\n\n1 2 3 4 5 9\n",
            "line 3: 9 is not a token of this loop: its tokens are 1 to 6",
        ),
        (
            "4 3 2 1 5 6\n1 2 x 4 5 6\n",
            "line 2: \"x\" is not a token number",
        ),
        (
            "4 3 2 1 5 6\n1 2 3\n",
            "line 2: 3 tokens: a loop needs at least 6 for a turnstile of 4",
        ),
    ] {
        let output = run(&["solve", "topspin"], input);
        assert_eq!(stdout(&output), "1\n", "{input:?}");
        assert_eq!(
            stderr(&output),
            format!("statespace: {message}\n"),
            "{input:?}"
        );
        assert_eq!(output.status.code(), Some(2), "{input:?}");
    }
    let odd = run(&["solve", "topspin", "--turnstile", "3"], "1 2 3 4 5\n");
    assert_eq!(
        stderr(&odd),
        "statespace: a turnstile of 3: an even number from 2 to 16, please\n"
    );
    assert_eq!(odd.status.code(), Some(2));
}

#[test]
fn random_loops_are_solved_and_follow_the_seed() {
    let args = [
        "gen", "topspin", "--size", "8", "--count", "4", "--seed", "7",
    ];
    let loops = run(&args, "");
    assert_eq!(stdout(&loops), stdout(&run(&args, "")));
    assert_eq!(stdout(&loops).lines().count(), 4);
    let solved = run(&["solve", "topspin"], stdout(&loops));
    assert_eq!(solved.status.code(), Some(0));
    assert_eq!(stdout(&solved).lines().count(), 4);
    assert!(
        !stdout(&solved).contains("unsolvable"),
        "gen draws even loops"
    );
}

#[test]
fn exploring_reaches_the_even_loops() {
    let output = run(&["explore", "topspin", "--json", "--size", "8"], "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let found: Value = serde_json::from_str(stdout(&output)).unwrap();
    // 8!/2 loops, at most 9 turns from the sorted one, 128 of them that far.
    assert_eq!(found["total"], 20160);
    assert_eq!(found["max_depth"], 9);
    assert_eq!(found["layers"].as_array().unwrap().last().unwrap(), 128);
    let refused = run(&["explore", "topspin", "--size", "21"], "");
    assert_eq!(refused.status.code(), Some(2));
    assert_eq!(
        stderr(&refused),
        "statespace: 21 tokens: from 6 (the turnstile and two) to 20, please\n"
    );
}
