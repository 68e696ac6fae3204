//! `statespace bench` against peers made of `sh -c`, `cat` and `true`: a peer given as a command
//! line with arguments, a peer that ignores its input, a difference printed as plain lines, a
//! ratio that keeps its significant digits, and the help that lists every puzzle.

mod common;

use std::path::PathBuf;

use common::{run, stderr, stdout};
use statespace_puzzles::registry;

/// The answers to `examples/eight.txt`.
const EIGHT_ANSWERS: &str =
    "dlurullddrurdllurdr\nrdr\nunsolvable\n\nlurdrulurdlldrrululddruulddrurd\n";

fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `statespace bench eight` on `input` against the peer `command`, then `flags`.
fn bench(input: &str, peer: &str, flags: &[&str]) -> std::process::Output {
    let mut args = vec!["bench", "eight", "--input", input, "--peer", peer];
    args.extend(flags);
    run(&args, "")
}

/// A peer that ignores its input and prints `text`.
fn printing(text: &str) -> String {
    let script = format!("printf '{}'", text.replace('\n', "\\n"));
    shell_words::join(["sh", "-c", &script])
}

/// The figure of `peer/ours = RATIOx` in a timing line.
fn ratio(line: &str) -> &str {
    let (_, ratio) = line.split_once("peer/ours = ").expect("a ratio");
    ratio.strip_suffix('x').expect("an x after the ratio")
}

#[test]
fn a_peer_is_a_command_line_with_arguments() {
    let ours = shell_words::join([env!("CARGO_BIN_EXE_statespace"), "solve", "eight"]);
    for peer in [ours, printing(EIGHT_ANSWERS)] {
        let output = bench(&example("eight.txt"), &peer, &[]);
        assert!(output.status.success(), "{peer}: {}", stderr(&output));
        let lines: Vec<&str> = stdout(&output).lines().collect();
        assert_eq!(lines.len(), 2, "{}", stdout(&output));
        assert!(lines[0].starts_with("5 cases; ours "), "{}", lines[0]);
        assert_eq!(lines[1], "outputs identical (5 lines)");
    }
}

#[test]
fn an_empty_or_unbalanced_peer_is_refused_in_one_line() {
    let output = bench(&example("eight.txt"), "", &[]);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "statespace: --peer is empty: give the peer's command line\n"
    );
    let output = bench(&example("eight.txt"), "sh -c 'cat", &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).starts_with("statespace: cannot split --peer \"sh -c 'cat\": "),
        "{}",
        stderr(&output)
    );
}

/// More input than a pipe holds, so that writing it to a peer that has quit fails.
fn large_input() -> PathBuf {
    let path = std::env::temp_dir().join(format!("statespace-bench-{}.txt", std::process::id()));
    let boards = run(&["gen", "eight", "--count", "20000", "--seed", "1"], "");
    assert!(boards.status.success());
    std::fs::write(&path, &boards.stdout).unwrap();
    path
}

#[test]
fn a_peer_that_ignores_its_input_is_timed_and_compared_as_it_answered() {
    let input = large_input();
    let input = input.to_str().unwrap();
    let timed = bench(input, "true", &["--no-compare"]);
    assert!(timed.status.success(), "{}", stderr(&timed));
    assert_eq!(stderr(&timed), "");
    let line = stdout(&timed).trim_end();
    assert!(line.starts_with("20000 cases; ours "), "{line}");
    // The peer that does nothing is far faster than ours: still a figure, not 0.0.
    let figure: f64 = ratio(line).parse().unwrap();
    assert!(figure > 0.0, "{line}");
    let compared = bench(input, "true", &[]);
    assert_eq!(compared.status.code(), Some(1));
    let printed = stdout(&compared);
    assert!(
        printed.contains("\nfirst difference, line 1:\nours:  "),
        "{printed}"
    );
    assert!(
        printed.ends_with("\npeer: (no line: the output ends before)\n"),
        "{printed}"
    );
    assert!(
        stderr(&compared).starts_with(
            "statespace: outputs differ: 0 of 0 lines (20000 vs 0 lines), the first at line 1\n"
        ),
        "{}",
        stderr(&compared)
    );
    std::fs::remove_file(input).unwrap();
}

#[test]
fn a_difference_prints_both_lines_as_they_are() {
    let peer = printing("dlurullddrurdllurdr\nrdl \"quoted\"\n");
    let output = bench(&example("eight.txt"), &peer, &[]);
    assert_eq!(output.status.code(), Some(1));
    let printed = stdout(&output);
    let (_, difference) = printed.split_once('\n').expect("a timing line first");
    assert_eq!(
        difference,
        "first difference, line 2:\nours:  rdr\npeer:  rdl \"quoted\"\n"
    );
    assert_eq!(
        stderr(&output),
        "statespace: outputs differ: 1 of 2 lines (5 vs 2 lines), the first at line 2\n"
    );
    let shorter = bench(
        &example("eight.txt"),
        &printing("dlurullddrurdllurdr\nrdr\n"),
        &[],
    );
    assert!(
        stdout(&shorter).ends_with("first difference, line 3:\nours:  unsolvable\npeer: (no line: the output ends before)\n"),
        "{}",
        stdout(&shorter)
    );
}

#[test]
fn the_help_lists_every_puzzle() {
    let output = run(&["bench", "--help"], "");
    assert!(output.status.success());
    let help = stdout(&output);
    let listed = format!("[possible values: {}]", registry::names().join(", "));
    assert!(help.contains(&listed), "{help}");
    assert!(help.contains("grid"), "{help}");
}

/// A file of the test's own in the temporary folder, holding `text`.
fn scratch(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("statespace-bench-{name}-{}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn cases_are_read_with_the_solve_flags_and_peers_get_their_lines_as_they_are() {
    let cases = [
        ("pancake", "-2 1 3\n3  -1 2\n", "--burnt"),
        ("cube", "UUUURRRRFFFFDDDDLLLLBBBB\nR  U2 F'\n", "--size=2"),
        ("topspin", "2 1 3 4\n4  3 2 1\n", "--turnstile=2"),
        ("hanoi", "2 1 / 1 2\n1  1 1\n", "--algo=astar"),
    ];
    for (puzzle, text, flag) in cases {
        let input = scratch(puzzle, text);
        let received = scratch(&format!("{puzzle}-received"), "");
        let peer = shell_words::join(["sh", "-c", &format!("cat >> {}", received.display())]);
        let args = [
            "bench",
            puzzle,
            "--input",
            input.to_str().unwrap(),
            "--peer",
            &peer,
        ];
        let output = run(
            &[&args[..], &["--per-case", "--no-compare", "--", flag]].concat(),
            "",
        );
        assert!(output.status.success(), "{puzzle}: {}", stderr(&output));
        assert!(
            stdout(&output).starts_with("2 cases; ours "),
            "{}",
            stdout(&output)
        );
        assert_eq!(
            std::fs::read_to_string(&received).unwrap(),
            text,
            "{puzzle}"
        );
        // Without the flag, the same input is refused as solve refuses it: bad input, exit 2.
        if puzzle != "hanoi" {
            let output = run(&[&args[..], &["--no-compare"]].concat(), "");
            assert_eq!(
                output.status.code(),
                Some(2),
                "{puzzle}: {}",
                stderr(&output)
            );
            assert!(
                stderr(&output).starts_with("statespace: line "),
                "{}",
                stderr(&output)
            );
        }
        std::fs::remove_file(input).unwrap();
        std::fs::remove_file(received).unwrap();
    }
}

#[test]
fn a_peer_that_fails_or_flags_we_do_not_take_are_said_so() {
    let output = bench(&example("eight.txt"), "sh -c 'exit 3'", &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with("statespace: the peer failed (exit status: 3): "),
        "{}",
        stderr(&output)
    );
    let output = bench(&example("eight.txt"), "cat", &["--", "--no-such-flag"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output)
            .starts_with("statespace: the flags after --: unexpected argument '--no-such-flag'"),
        "{}",
        stderr(&output)
    );
}
