//! What every puzzle's `solve` does alike: answering cases as they are piped in, a byte-order
//! mark, bytes that are not UTF-8, and `--json`.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{run, run_bytes, stderr, stdout};
use serde_json::Value;

/// Each puzzle, the shipped example's cases as they are written one at a time, and how many
/// lines each case's answer has.
fn examples() -> Vec<(&'static str, Vec<String>, usize)> {
    let example = |name: &str| {
        std::fs::read_to_string(format!(
            "{}/../../examples/{name}.txt",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("the shipped example")
    };
    let lines = |name: &str| -> Vec<String> {
        example(name)
            .lines()
            .map(|line| format!("{line}\n"))
            .collect()
    };
    let rotation: Vec<String> = lines("rotation")
        .into_iter()
        .filter(|line| line.trim() != "0")
        .collect();
    let eight_tokens: Vec<String> = example("eight")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let eight = eight_tokens
        .chunks(9)
        .map(|case| format!("{}\n", case.join(" ")))
        .collect();
    let solitaire = lines("solitaire")
        .chunks(2)
        .map(|case| case.concat())
        .collect();
    let four = example("four")
        .split("\n\n")
        .map(|board| format!("{}\n", board.trim_end()))
        .collect();
    vec![
        ("rotation", rotation, 2),
        ("eight", eight, 1),
        ("sliding", lines("sliding"), 1),
        ("solitaire", solitaire, 1),
        ("four", four, 1),
    ]
}

#[test]
fn each_case_is_answered_before_the_next_is_written() {
    for (puzzle, cases, lines_per_answer) in examples() {
        let whole = run(&["solve", puzzle], &cases.concat());
        let mut child = Command::new(env!("CARGO_BIN_EXE_statespace"))
            .args(["solve", puzzle])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the statespace binary runs");
        let mut input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let (send, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in output.lines() {
                if send.send(line.expect("UTF-8 output")).is_err() {
                    break;
                }
            }
        });
        let mut streamed = String::new();
        for case in &cases {
            input.write_all(case.as_bytes()).unwrap();
            input.flush().unwrap();
            for _ in 0..lines_per_answer {
                let line = answers
                    .recv_timeout(Duration::from_secs(20))
                    .unwrap_or_else(|_| panic!("{puzzle}: no answer to {case:?} while waiting"));
                streamed += &format!("{line}\n");
            }
        }
        drop(input);
        assert!(child.wait().unwrap().success(), "{puzzle}");
        assert_eq!(streamed, stdout(&whole), "{puzzle}");
    }
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    for name in ["rotation", "eight", "sliding", "solitaire", "four"] {
        let path = format!("{}/../../examples/{name}.txt", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let plain = run(&["solve", name, &path], "");
        let marked = run(&["solve", name], &format!("\u{feff}{text}"));
        assert_eq!(marked.status.code(), Some(0), "{name}: {}", stderr(&marked));
        assert_eq!(stdout(&marked), stdout(&plain), "{name}");
    }
}

#[test]
fn bytes_that_are_not_utf8_are_an_error_on_their_line_after_the_cases_before() {
    let two_cases: [(&str, &str, &str); 5] = [
        (
            "rotation",
            "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n\
             1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n",
            "AC\n2\nDDHH\n2\n",
        ),
        ("eight", "1 2 3 x 4 6 7 5 8\n1 2 3 4 5 6 7 8 x\n", "rdr\n\n"),
        ("sliding", "1 2 3 0\n1 2 0 3\n", "\nr\n"),
        (
            "solitaire",
            "4 4 4 5 5 4 6 5 2 4 3 3 3 6 4 6\n1 1 1 2 1 3 1 4 8 5 8 6 8 7 8 8\n",
            "YES\nNO\n",
        ),
        ("four", "BWBOWBWBBWBWWBWO\nOWBBWWWWBBBWOWBB\n", "5\n0\n"),
    ];
    for (puzzle, cases, answers) in two_cases {
        let mut input = cases.as_bytes().to_vec();
        input.extend_from_slice(b"1 \xff\xfe 2\n");
        let output = run_bytes(&["solve", puzzle], &input);
        assert_eq!(stdout(&output), answers, "{puzzle}");
        assert_eq!(
            stderr(&output),
            "statespace: line 3: byte 0xff at column 3 is not UTF-8 text\n",
            "{puzzle}"
        );
        assert_eq!(output.status.code(), Some(2), "{puzzle}");
    }
}

#[test]
fn json_objects_carry_the_judge_output_and_the_figures() {
    for (puzzle, cases, _) in examples() {
        let input = cases.concat();
        let plain = run(&["solve", puzzle], &input);
        let json = run(&["solve", puzzle, "--json"], &input);
        assert_eq!(json.status.code(), Some(0), "{puzzle}");
        let objects: Vec<Value> = stdout(&json)
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
            .collect();
        assert_eq!(objects.len(), cases.len(), "{puzzle}");
        let output: String = objects
            .iter()
            .map(|object| object["output"].as_str().unwrap())
            .collect();
        assert_eq!(output, stdout(&plain), "{puzzle}");
        for (number, object) in objects.iter().enumerate() {
            assert_eq!(object["case"], number + 1, "{puzzle}");
            assert!(object["stats"]["generated"].is_u64(), "{puzzle}");
            assert!(object["summary"].is_string(), "{puzzle}");
            assert!(
                object.get("steps").is_none(),
                "{puzzle}: steps only with --trace"
            );
        }
    }
}

#[test]
fn json_with_trace_holds_the_boards_along_the_solution() {
    let output = run(
        &["solve", "eight", "--json", "--trace"],
        "1 2 3 x 4 6 7 5 8\n",
    );
    assert_eq!(stderr(&output), "", "the boards go into the object");
    let object: Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(object["output"], "rdr\n");
    assert_eq!(
        object["answer"]["moves"],
        serde_json::json!(["r", "d", "r"])
    );
    let steps = object["steps"].as_array().unwrap();
    let moves: Vec<&Value> = steps.iter().map(|step| &step["move"]).collect();
    assert_eq!(moves, [&Value::Null, &"r".into(), &"d".into(), &"r".into()]);
    assert_eq!(steps[3]["board"], "1 2 3\n4 5 6\n7 8 x\n");
}

#[test]
fn a_stopped_case_says_so_in_json() {
    let output = run(
        &[
            "solve",
            "rotation",
            "--algo",
            "idastar",
            "--max-nodes",
            "1",
            "--json",
        ],
        "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n",
    );
    let object: Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    assert_eq!(object["output"], "stopped: node limit reached\n");
    assert_eq!(object["stopped"], "node limit reached");
    assert!(object["answer"].is_null());
}
