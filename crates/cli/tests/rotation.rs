//! `statespace solve rotation` and `statespace gen rotation` as a user runs them.

mod common;

use common::{run, stderr, stdout};

const SAMPLE: &str = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n\
                      1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n\
                      0\n";
const SAMPLE_ANSWERS: &str = "AC\n2\nDDHH\n2\n";

#[test]
fn sample_with_both_algorithms() {
    for algo in ["table", "idastar"] {
        let output = run(&["solve", "rotation", "--algo", algo], SAMPLE);
        assert_eq!(stdout(&output), SAMPLE_ANSWERS, "--algo {algo}");
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(stderr(&output), "");
    }
}

#[test]
fn the_shipped_example_is_the_sample() {
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/rotation.txt");
    let output = run(&["solve", "rotation", example], "");
    assert_eq!(stdout(&output), SAMPLE_ANSWERS);
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn input_may_end_without_zero_and_solved_boards_need_no_moves() {
    let input = "3 3 3 3 1 1 2 2 2 1 1 2 2 1 1 2 2 2 1 1 3 3 3 3";
    let output = run(&["solve", "rotation"], input);
    assert_eq!(stdout(&output), "No moves needed\n2\n");
    assert_eq!(output.status.code(), Some(0));
}

/// The first board is good, the second is broken: its answer is printed, then one error line.
fn assert_bad_second_board(second: &str, error: &str) {
    let first = SAMPLE.lines().next().unwrap();
    for algo in ["table", "idastar"] {
        let output = run(
            &["solve", "rotation", "--algo", algo],
            &format!("{first}\n{second}\n0\n"),
        );
        assert_eq!(stdout(&output), "AC\n2\n", "{second}");
        assert_eq!(stderr(&output), format!("statespace: {error}\n"));
        assert_eq!(output.status.code(), Some(2));
    }
}

#[test]
fn a_board_cut_short() {
    assert_bad_second_board(
        "1 1 1 1 1 1 1 1\n2 2 2 2",
        "line 3: the board starting on line 2 ends after 12 of its 24 numbers",
    );
}

#[test]
fn a_number_other_than_one_two_three() {
    assert_bad_second_board(
        "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 4",
        "line 2: a cell holds 4, but cells hold only 1, 2 or 3",
    );
}

#[test]
fn counts_other_than_eight_of_each() {
    assert_bad_second_board(
        "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 1",
        "line 2: the board starting here has 9 ones, 8 twos and 7 threes; it needs eight of each",
    );
}

#[test]
fn a_garbage_token() {
    assert_bad_second_board(
        "1 1 1 1 1 1 1 1\n2 2 2 2 2 two 2 2",
        "line 3: expected a number 1, 2 or 3, found \"two\"",
    );
}

#[test]
fn stats_and_trace_go_to_standard_error() {
    let output = run(&["solve", "rotation", "--stats", "--trace"], SAMPLE);
    assert_eq!(stdout(&output), SAMPLE_ANSWERS);
    let err = stderr(&output);
    assert!(
        err.starts_with("table: 735471 placements, 15 layers, "),
        "{err}"
    );
    assert!(err.contains("case 1: 2 moves, 2 expanded, 4 generated, "));
    assert!(err.contains("case 2: 4 moves, 4 expanded, 24 generated, "));
    assert!(err.contains(
        "case 1: 2 moves\nstart\n    1   1\n    1   1\n3 2 3 2 3 1 3\n    2   2\n3 1 2 2 2 3 1\n    2   1\n    3   3\n"
    ));
    assert!(err.contains("\nmove 1: A\n    1   1\n    3   1\n"), "{err}");
    assert_eq!(err.matches("\nmove ").count(), 2 + 4);
    let idastar = run(
        &["solve", "rotation", "--algo", "idastar", "--stats"],
        SAMPLE,
    );
    let err = stderr(&idastar);
    assert_eq!(err.lines().count(), 2);
    assert!(err.starts_with("case 1: 2 moves, "), "{err}");
}

#[test]
fn generated_boards_pipe_into_solve() {
    let generated = run(&["gen", "rotation", "--count", "20", "--seed", "3"], "");
    let text = stdout(&generated);
    assert_eq!(text.lines().count(), 21);
    assert!(text.ends_with("\n0\n"));
    assert_eq!(
        text,
        stdout(&run(
            &["gen", "rotation", "--count", "20", "--seed", "3"],
            ""
        ))
    );
    let table = run(&["solve", "rotation"], text);
    let idastar = run(&["solve", "rotation", "--algo", "idastar"], text);
    assert_eq!(stdout(&table).lines().count(), 40);
    assert_eq!(stdout(&table), stdout(&idastar));
}

#[test]
fn hard_boards_need_the_moves_asked_for() {
    let generated = run(
        &["gen", "rotation", "--count", "3", "--min-moves", "11"],
        "",
    );
    let answers = run(&["solve", "rotation"], stdout(&generated));
    for moves in stdout(&answers).lines().step_by(2) {
        assert!(moves.len() >= 11, "{moves}");
    }
    let impossible = run(&["gen", "rotation", "--min-moves", "14"], "");
    assert_eq!(
        stderr(&impossible),
        "statespace: no board needs more than 13 moves\n"
    );
    assert_eq!(impossible.status.code(), Some(2));
}
