//! `statespace solve solitaire` and `statespace gen solitaire` as a user runs them.

mod common;

use common::{run, stderr, stdout};
use std::process::Output;

const SAMPLE: &str = "4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n";

fn solve(flags: &[&str], input: &str) -> Output {
    let mut args = vec!["solve", "solitaire"];
    args.extend_from_slice(flags);
    run(&args, input)
}

#[test]
fn judge_sample() {
    let output = solve(&[], SAMPLE);
    assert_eq!(stdout(&output), "YES\n");
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr(&output), "");
}

#[test]
fn moves_prints_the_fewest_moves_or_no() {
    let output = solve(&["--moves"], SAMPLE);
    assert_eq!(stdout(&output), "7\n");
    let output = solve(&["--moves", "--max-moves", "6"], SAMPLE);
    assert_eq!(stdout(&output), "NO\n");
}

#[test]
fn several_cases_in_free_form_white_space() {
    let input = "\
4 4 4 5 5 4 6 5 2 4 3 3
3 6 4 6
1 1 1 2 1 3 1 4
1 1 1 2 1 3 1 4
1 1 1 2 1 3 1 4   8 5 8 6 8 7 8 8
1 1 2 2 3 3 4 4
1 2 2 2 3 3 4 4";
    let output = solve(&[], input);
    assert_eq!(stdout(&output), "YES\nYES\nNO\nYES\n");
    assert_eq!(output.status.code(), Some(0));
    let output = solve(&["--moves", "--threads", "1"], input);
    assert_eq!(stdout(&output), "7\n0\nNO\n1\n");
}

#[test]
fn bad_input_answers_earlier_cases_then_names_the_line() {
    let cases = [
        (
            "1 1 1 2 1 3 1 4\n1 1 1 2 1 3 1 9\n",
            "line 2: (1, 9) is off the 8x8 board",
        ),
        (
            "1 1 1 2 1 3 1 4\n1 1 1 2 1 1 1 4\n",
            "line 2: two pieces on (1, 1)",
        ),
        (
            "1 1 1 2 1 3 1 4\n1 1 1 2 1 3\n",
            "line 2: case cut short: 14 of its 16 numbers",
        ),
        (
            "1 1 1 2 1 3 1 4\n1 1 1 2 1 3 one 4\n",
            "line 2: expected an integer, found \"one\"",
        ),
    ];
    for (bad, message) in cases {
        let output = solve(&[], &format!("{SAMPLE}{bad}"));
        assert_eq!(stdout(&output), "YES\n", "{message}");
        let expected = message.replacen("line 2", "line 4", 1);
        assert_eq!(stderr(&output), format!("statespace: {expected}\n"));
        assert_eq!(output.status.code(), Some(2));
    }
}

#[test]
fn odd_lines_in_per_line_mode() {
    let output = solve(
        &["--pieces", "auto", "--rows", "3", "--cols", "3"],
        "1 1\n3 3\n1 1 2\n",
    );
    assert_eq!(stdout(&output), "YES\n");
    assert_eq!(
        stderr(&output),
        "statespace: line 3: odd number of integers (3): each piece takes a row and a column\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn any_board_and_piece_count_per_line() {
    // A 1x5 strip: a lone piece walks four cells; two pieces leapfrog in three jumps; three
    // pieces need four moves: jump, step, jump, step.
    let input = "1 1\n1 5\n\n1 1 1 2\n1 4 1 5\n1 1 1 2 1 3\n1 3 1 4 1 5\n";
    let flags = ["--rows", "1", "--cols", "5", "--pieces", "auto", "--moves"];
    let output = solve(&flags, input);
    assert_eq!(stdout(&output), "4\n3\n4\n");
    let mut tight = flags.to_vec();
    tight.extend(["--max-moves", "2"]);
    assert_eq!(stdout(&solve(&tight, input)), "NO\nNO\nNO\n");
}

#[test]
fn boards_beyond_64_cells() {
    let input = "1 1 12 12\n12 12 1 1\n1 1 1 2\n1 3 1 4\n";
    let flags = ["--rows", "12", "--cols", "12", "--pieces", "2", "--moves"];
    assert_eq!(stdout(&solve(&flags, input)), "0\n2\n");
}

#[test]
fn stats_and_trace_go_to_standard_error() {
    let output = solve(&["--stats", "--trace"], SAMPLE);
    assert_eq!(stdout(&output), "YES\n");
    let err = stderr(&output);
    assert!(err.starts_with("case 1: 7 moves, "), "{err}");
    assert!(err.contains("start\n........\n"), "{err}");
    assert!(err.contains("move 7: "), "{err}");
    assert!(!err.contains("move 8: "), "{err}");
    // The board after the last move is the target: (2,4) (3,3) (3,6) (4,6).
    assert!(
        err.ends_with(
            "........\n...o....\n..o..o..\n.....o..\n........\n........\n........\n........\n"
        ),
        "{err}"
    );
    let output = solve(&["--stats"], "1 1 1 2 1 3 1 4 8 5 8 6 8 7 8 8\n");
    assert!(
        stderr(&output).starts_with("case 1: NO (at least 22 moves), 0 expanded"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn generated_queries_are_reproducible_and_answered_alike_by_both_searches() {
    let generated = run(&["gen", "solitaire", "--count", "30", "--seed", "11"], "");
    assert_eq!(generated.status.code(), Some(0));
    let text = stdout(&generated);
    assert_eq!(text.lines().count(), 60);
    assert!(text.lines().all(|line| line.split(' ').count() == 8));
    let again = run(&["gen", "solitaire", "--count", "30", "--seed", "11"], "");
    assert_eq!(stdout(&again), text);

    let bidirectional = stdout(&solve(&["--moves"], text)).to_owned();
    let plain = stdout(&solve(&["--moves", "--algo", "bfs"], text)).to_owned();
    assert_eq!(bidirectional.lines().count(), 30);
    assert_eq!(bidirectional, plain);
    assert!(bidirectional.lines().filter(|line| *line != "NO").count() >= 10);
    let judge: Vec<&str> = bidirectional
        .lines()
        .map(|line| if line == "NO" { "NO" } else { "YES" })
        .collect();
    assert_eq!(stdout(&solve(&[], text)), format!("{}\n", judge.join("\n")));
}

#[test]
fn generating_on_other_boards() {
    let args = [
        "gen",
        "solitaire",
        "--rows",
        "3",
        "--cols",
        "9",
        "--pieces",
        "5",
        "--count",
        "4",
    ];
    let text = stdout(&run(&args, "")).to_owned();
    assert_eq!(text.lines().count(), 8);
    let output = solve(&["--rows", "3", "--cols", "9", "--pieces", "5"], &text);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output).lines().count(), 4);
    let too_many = run(
        &[
            "gen",
            "solitaire",
            "--rows",
            "2",
            "--cols",
            "2",
            "--pieces",
            "5",
        ],
        "",
    );
    assert_eq!(too_many.status.code(), Some(2));
    assert!(stderr(&too_many).contains("5 pieces do not fit on the 2x2 board"));
}
