//! Limits through the command line: the memory budget, and the exit status of stopped cases.

mod common;

use common::{run, stderr, stdout};

/// A random solvable 5x5 board: far beyond breadth-first search.
const FIVE: &str = "14 11 23 7 19 6 4 0 9 24 13 3 12 2 22 17 18 15 8 16 21 10 1 5 20\n";

/// Runs `statespace ARGS` with `input`, its address space capped at `kib` KiB (`ulimit -v`).
fn run_capped(kib: u64, args: &[&str], input: &str) -> std::process::Output {
    let command = format!("ulimit -v {kib} && exec \"$0\" \"$@\"",);
    let binary = env!("CARGO_BIN_EXE_statespace");
    let mut full = vec!["-c", &command, binary];
    full.extend_from_slice(args);
    let mut child = std::process::Command::new("bash")
        .args(&full)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("bash runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_memory_budget_stops_every_graph_search_within_it() {
    for algo in ["bfs", "bibfs", "astar", "mm", "nbs", "dvcbs"] {
        // Within a 1 GiB address space, a search that ignored its 64 MiB budget would abort.
        let args = ["solve", "sliding", "--algo", algo, "--max-memory", "64M"];
        let output = run_capped(1 << 20, &args, FIVE);
        assert_eq!(stdout(&output), "stopped: memory limit reached\n", "{algo}");
        assert_eq!(output.status.code(), Some(3), "{algo}: {}", stderr(&output));
    }
}

#[test]
fn the_default_budget_follows_ulimit() {
    let output = run_capped(1 << 20, &["solve", "sliding", "--algo", "bfs"], FIVE);
    assert_eq!(stdout(&output), "stopped: memory limit reached\n");
    assert_eq!(output.status.code(), Some(3), "{}", stderr(&output));
}

#[test]
fn a_table_that_cannot_fit_is_refused() {
    let output = run(
        &["solve", "eight", "--max-memory", "1M"],
        "1 2 3 4 5 6 7 x 8\n",
    );
    assert_eq!(stdout(&output), "stopped: memory limit reached\n");
    assert_eq!(output.status.code(), Some(3));
}

#[test]
fn a_case_stopped_by_a_limit_sets_the_exit_status() {
    let input = "1 2 3 4 5 6 7 x 8\n8 6 7 2 5 4 3 x 1\n";
    let output = run(
        &["solve", "eight", "--algo", "idastar", "--max-nodes", "100"],
        input,
    );
    assert_eq!(stdout(&output), "r\nstopped: node limit reached\n");
    assert_eq!(output.status.code(), Some(3));
    let bad = run(
        &["solve", "eight", "--algo", "idastar", "--max-nodes", "100"],
        &format!("{input}1 2 3\n"),
    );
    assert_eq!(
        bad.status.code(),
        Some(2),
        "bad input outranks a stopped case"
    );
    let sizes = run(&["solve", "eight", "--max-memory", "lots"], "");
    assert_eq!(sizes.status.code(), Some(2));
    assert!(stderr(&sizes).contains("expected a size such as 512M or 8G"));
}

/// A random solvable 150x150 board: 11 M moves by the fast method.
fn large_board() -> String {
    let args = "gen sliding --size 150x150 --count 1 --seed 1 --solvable";
    let generated = run(&args.split(' ').collect::<Vec<_>>(), "");
    stdout(&generated).to_string()
}

#[test]
fn the_fast_method_honours_every_limit_on_a_large_board() {
    let board = &large_board();
    for (limit, value, reason) in [
        ("--max-nodes", "1000", "node"),
        ("--max-memory", "1M", "memory"),
        ("--time-limit", "0.001", "time"),
    ] {
        // A node or time limit makes the method hold its moves, so that `stopped:` can replace them.
        let args = ["solve", "sliding", "--algo", "fast", limit, value];
        let args: &[&str] = if limit == "--max-memory" {
            &[&args[..], &["--max-nodes", "1000000000"]].concat()
        } else {
            &args
        };
        let started = std::time::Instant::now();
        let output = run(args, board);
        assert!(started.elapsed().as_secs_f64() < 1.2, "{limit}");
        assert_eq!(
            stdout(&output),
            format!("stopped: {reason} limit reached\n")
        );
        assert_eq!(
            output.status.code(),
            Some(3),
            "{limit}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn the_fast_method_writes_its_moves_as_it_makes_them() {
    let board = &large_board();
    // Without a node or time limit nothing is held: 11 M moves pass a budget of 1 MB.
    let streamed = run(
        &["solve", "sliding", "--algo", "fast", "--max-memory", "1M"],
        board,
    );
    assert_eq!(streamed.status.code(), Some(0), "{}", stderr(&streamed));
    let held = run(
        &["solve", "sliding", "--algo", "fast", "--time-limit", "100"],
        board,
    );
    assert_eq!(stdout(&streamed).len(), 11_055_381);
    assert!(
        stdout(&streamed) == stdout(&held),
        "the same moves either way"
    );
}

#[test]
fn the_rotation_table_that_cannot_fit_is_refused() {
    let sample = include_str!("../../../examples/rotation.txt");
    let refused = run(&["solve", "rotation", "--max-memory", "1K"], sample);
    assert_eq!(
        stdout(&refused),
        "stopped: memory limit reached\nstopped: memory limit reached\n"
    );
    assert_eq!(stderr(&refused), "");
    assert_eq!(refused.status.code(), Some(3));
    // A byte for each of the 735,471 placements, and the frontiers of its construction (eight
    // bytes for each placement of a layer), fit in 8 MiB.
    let built = run(&["solve", "rotation", "--max-memory", "8M"], sample);
    assert_eq!(stdout(&built), "AC\n2\nDDHH\n2\n");
    assert_eq!(built.status.code(), Some(0));
}

#[test]
fn a_trace_is_answered_within_the_budget_and_stopped_beyond_it() {
    // 31 moves: 32 boards of 216 bytes each as the budget counts them (the step, the board, a
    // heading and a move's name).
    let hardest = "8 6 7 2 5 4 3 x 1\n";
    let solve = |budget| {
        let args = ["solve", "eight", "--algo", "idastar", "--trace"];
        run(&[&args[..], &["--max-memory", budget]].concat(), hardest)
    };
    let fits = solve("6912");
    assert_eq!(stdout(&fits), "lurdrulurdlldrrululddruulddrurd\n");
    assert_eq!(fits.status.code(), Some(0));
    assert_eq!(stderr(&fits).lines().count(), 1 + 32 * 4);
    let beyond = solve("6911");
    assert_eq!(stdout(&beyond), "stopped: memory limit reached\n");
    assert_eq!(
        stderr(&beyond),
        "case 1: stopped: memory limit reached\nstart\n8 6 7\n2 5 4\n3 x 1\n"
    );
    assert_eq!(beyond.status.code(), Some(3));
}

/// `board`, a line of 40x40 tiles, drawn as the steps draw it.
fn drawn_40x40(board: &str) -> String {
    let tiles: Vec<&str> = board.split_whitespace().collect();
    tiles
        .chunks(40)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&tile| format!("{:>4}", if tile == "0" { "x" } else { tile }))
                .collect();
            cells.join(" ") + "\n"
        })
        .collect()
}

#[test]
fn a_trace_too_large_for_the_budget_is_refused_before_it_is_drawn() {
    let generated = run(
        &[
            "gen",
            "sliding",
            "--size",
            "40x40",
            "--count",
            "1",
            "--seed",
            "1",
            "--solvable",
        ],
        "",
    );
    let board = stdout(&generated);
    let start = drawn_40x40(board);
    // The fast method's 200,000 moves or so, each drawn in 8,000 bytes: 1.6 GB of boards, which
    // a 1 GiB address space cannot hold.
    let args = [
        "solve",
        "sliding",
        "--size",
        "40x40",
        "--algo",
        "fast",
        "--trace",
        "--max-memory",
        "64M",
    ];
    let started = std::time::Instant::now();
    let plain = run_capped(1 << 20, &args, board);
    assert_eq!(stdout(&plain), "stopped: memory limit reached\n");
    assert_eq!(
        stderr(&plain),
        format!("case 1: stopped: memory limit reached\nstart\n{start}")
    );
    assert_eq!(plain.status.code(), Some(3));
    let json = run_capped(1 << 20, &[&args[..], &["--json"]].concat(), board);
    assert!(started.elapsed().as_secs_f64() < 10.0, "refused at once");
    assert_eq!(stderr(&json), "");
    assert_eq!(json.status.code(), Some(3));
    let report: serde_json::Value = serde_json::from_str(stdout(&json)).unwrap();
    assert_eq!(report["output"], "stopped: memory limit reached\n");
    assert_eq!(report["stopped"], "memory limit reached");
    assert_eq!(
        report["steps"],
        serde_json::json!([{"move": null, "title": "start", "board": start}])
    );
}
