//! `statespace solve eight` and `gen eight` as a judge runs them: exact output, exit codes.

mod common;

use common::{run, stderr, stdout};

use statespace_puzzles::sliding::{parse_eight, parse_moves};

/// The judge sample: the alphabetically smallest of the 19-move answers (HDU prints another
/// valid one, `ullddrurdllurdruldr`).
const SAMPLE: &str = "2 3 4 1 5 x 7 6 8\n";
const SAMPLE_ANSWER: &str = "dlurullddrurdllurdr";

#[test]
fn judge_sample() {
    let output = run(&["solve", "eight"], SAMPLE);
    assert_eq!(stdout(&output), format!("{SAMPLE_ANSWER}\n"));
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stderr(&output), "");
}

#[test]
fn unsolvable_solved_and_scattered_cases() {
    let input = "2 3 4 1 5 x 7 6 8\n2 1 3 4 5 6 7 8 x\n1 2 3\n4 5 6\n7 8 x\n1  2\t3 x 4 6\n\n7 5 8";
    let output = run(&["solve", "eight"], input);
    assert_eq!(
        stdout(&output),
        format!("{SAMPLE_ANSWER}\nunsolvable\n\nrdr\n")
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn table_bfs_and_idastar_agree_and_every_algorithm_is_shortest() {
    let input = "2 3 4 1 5 x 7 6 8\n8 7 6 5 4 3 2 1 x\n8 6 7 2 5 4 3 x 1\n";
    let table = run(&["solve", "eight"], input);
    let expected = format!(
        "{SAMPLE_ANSWER}\nlluurdldrurdlluurdrulddluurddr\n{}\n",
        stdout(&table).lines().nth(2).unwrap()
    );
    assert_eq!(stdout(&table), expected);
    for algo in ["bfs", "idastar"] {
        assert_eq!(
            stdout(&run(&["solve", "eight", "--algo", algo], input)),
            expected
        );
    }
    for algo in ["bibfs", "astar", "mm", "nbs", "dvcbs"] {
        let output = run(&["solve", "eight", "--algo", algo], input);
        let boards = parse_eight(input).map(Result::unwrap);
        for ((board, answer), shortest) in boards.zip(stdout(&output).lines()).zip(expected.lines())
        {
            assert_eq!(answer.len(), shortest.len(), "{algo}");
            let mut replay = board.clone();
            replay.play(&parse_moves(answer).unwrap()).unwrap();
            assert!(replay.is_solved(), "{algo}: {answer}");
        }
    }
    // 8 6 7 / 2 5 4 / 3 x 1 is one of the two boards 31 moves from the goal.
    assert_eq!(expected.lines().nth(2).unwrap().len(), 31);
}

#[test]
fn a_bad_token_stops_after_the_valid_cases() {
    let output = run(
        &["solve", "eight"],
        "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 9 x\n2 1 3 4 5 6 7 8 x\n",
    );
    assert_eq!(stdout(&output), "\n");
    assert_eq!(
        stderr(&output),
        "statespace: line 2: unexpected \"9\": the tiles are 1 to 8 and x\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_missing_token_is_reported() {
    let output = run(
        &["solve", "eight"],
        &format!("{SAMPLE}1 2 3 4 5 6 7 8\n1 2 3 4 5 6 7 8 x\n"),
    );
    assert_eq!(stdout(&output), format!("{SAMPLE_ANSWER}\n"));
    assert_eq!(
        stderr(&output),
        "statespace: line 3: 1 appears twice in the case that starts on line 2\n"
    );
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["solve", "eight"], &format!("{SAMPLE}1 2 3 4 5\n"));
    assert_eq!(stdout(&output), format!("{SAMPLE_ANSWER}\n"));
    assert_eq!(
        stderr(&output),
        "statespace: line 2: the last case has only 5 of 9 tiles\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_repeated_tile_is_reported() {
    let output = run(&["solve", "eight"], "1 2 3 4 5 6 7 7 x\n");
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        "statespace: line 1: 7 appears twice in one case\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn stats_and_trace_go_to_standard_error() {
    let output = run(
        &["solve", "eight", "--stats", "--trace"],
        "1 2 3 x 4 6 7 5 8\n",
    );
    assert_eq!(stdout(&output), "rdr\n");
    let err = stderr(&output);
    assert!(
        err.starts_with("table 3x3: 181440 boards within 31 moves of the goal, built in "),
        "{err}"
    );
    assert!(err.contains("\ncase 1: 3 moves, 3 expanded, "), "{err}");
    assert!(
        err.ends_with(
            "case 1: 3 moves\nstart\n1 2 3\nx 4 6\n7 5 8\nmove 1: r\n1 2 3\n4 x 6\n7 5 8\n\
             move 2: d\n1 2 3\n4 5 6\n7 x 8\nmove 3: r\n1 2 3\n4 5 6\n7 8 x\n"
        ),
        "{err}"
    );
}

#[test]
fn generated_boards_are_reproducible_and_solvable_on_request() {
    let first = run(&["gen", "eight", "--count", "50", "--seed", "4"], "");
    assert_eq!(
        stdout(&first),
        stdout(&run(&["gen", "eight", "--count", "50", "--seed", "4"], ""))
    );
    assert_eq!(stdout(&first).lines().count(), 50);
    let answers = run(&["solve", "eight"], stdout(&first));
    assert_eq!(answers.status.code(), Some(0));
    assert!(stdout(&answers).lines().any(|line| line == "unsolvable"));
    let solvable = run(
        &["gen", "eight", "--count", "50", "--seed", "4", "--solvable"],
        "",
    );
    let answers = run(&["solve", "eight"], stdout(&solvable));
    assert_eq!(stdout(&answers).lines().count(), 50);
    assert!(stdout(&answers).lines().all(|line| line != "unsolvable"));
}

/// The expanded nodes of each case, from `--stats`.
fn expanded(output: &std::process::Output) -> Vec<u64> {
    stderr(output)
        .lines()
        .filter_map(|line| {
            line.split(", ")
                .find_map(|part| part.strip_suffix(" expanded"))
        })
        .map(|count| count.parse().unwrap())
        .collect()
}

#[test]
fn the_default_estimate_is_linear_conflicts_as_for_sliding() {
    for algo in ["astar", "idastar"] {
        let search = |flags: &[&str]| {
            let mut args = vec!["solve", "eight", "--stats", "--algo", algo];
            args.extend(flags);
            run(&args, SAMPLE)
        };
        let default = search(&[]);
        assert_eq!(stdout(&default).len(), SAMPLE_ANSWER.len() + 1, "{algo}");
        assert_eq!(
            expanded(&default),
            expanded(&search(&["--heuristic", "conflicts"]))
        );
        assert_ne!(
            expanded(&default),
            expanded(&search(&["--heuristic", "manhattan"]))
        );
        let sliding = run(&["solve", "sliding", "--stats", "--algo", algo], SAMPLE);
        assert_eq!(expanded(&default), expanded(&sliding), "{algo}");
    }
}

#[test]
fn the_help_says_fast_is_not_shortest_and_json_agrees() {
    let help = run(&["solve", "eight", "--help"], "");
    let help = stdout(&help);
    assert!(
        help.contains("All but fast give a shortest answer"),
        "{help}"
    );
    assert!(
        !help.contains("every one gives a shortest answer"),
        "{help}"
    );
    let fast = run(
        &["solve", "eight", "--algo", "fast", "--json"],
        "1 2 3 x 4 6 7 5 8\n",
    );
    let report: serde_json::Value = serde_json::from_str(stdout(&fast)).unwrap();
    assert_eq!(report["output"], "rdludrr\n");
    assert_eq!(report["answer"]["shortest"], false);
}
