//! Input that once hung, flooded or exhausted the machine: each now gets one clear line.

mod common;

use std::time::{Duration, Instant};

use common::{run, stderr, stdout};

#[test]
fn a_huge_bad_word_is_quoted_by_its_start() {
    let word = "7".repeat(1_000_000);
    for (puzzle, input) in [
        ("eight", format!("1 2 3 4 5 6 7 8 x\n{word}\n")),
        ("rotation", format!("{word}\n")),
        ("sliding", format!("1 2 3 0\n{word} 1 2 3\n")),
        (
            "solitaire",
            format!("1 1 1 2 1 3 1 4 2 1 2 2 2 3 2 x{word}\n"),
        ),
    ] {
        let output = run(&["solve", puzzle], &input);
        assert_eq!(output.status.code(), Some(2), "{puzzle}");
        let message = stderr(&output);
        assert!(message.len() < 200, "{puzzle}: {} bytes", message.len());
        assert!(message.contains("bytes)"), "{puzzle}: {message}");
    }
}

#[test]
fn counts_a_puzzle_cannot_use_are_refused() {
    // Every command that takes --threads, before it makes a thread (sliding's once made its
    // pool of 100,000 first, and hung the machine).
    for args in [
        &["solve", "solitaire", "--threads", "100000"][..],
        &["solve", "sliding", "--threads", "100000"],
        &[
            "solve",
            "rotation",
            "--algo",
            "idastar",
            "--threads",
            "100000",
        ],
        &["pdb", "build", "--size", "3x3", "--threads", "100000"],
    ] {
        let threads = run(args, "1 2 3 x\n");
        assert_eq!(threads.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&threads),
            "statespace: 100000 threads: from 1 to 256, please\n",
            "{args:?}"
        );
        assert_eq!(stdout(&threads), "", "{args:?}");
    }
    let pieces = run(&["gen", "solitaire", "--pieces", "0"], "");
    assert_eq!(pieces.status.code(), Some(2));
    assert_eq!(stdout(&pieces), "");
}

#[test]
fn a_layout_whose_tables_cannot_fit_is_refused_with_their_size() {
    let dir = std::env::temp_dir().join(format!("statespace-hostile-{}", std::process::id()));
    let layout = "0,1,2,3,4,5,6,7,8,9,10,11/12,13,14";
    let dir_arg = dir.to_str().unwrap();
    let args = [
        "solve",
        "sliding",
        "--size",
        "4x4",
        "--pdb",
        layout,
        "--pdb-dir",
        dir_arg,
    ];
    let output = run(&args, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("need 2078493 MiB to build, more than the memory budget"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_fifo_in_the_table_folder_is_refused_not_waited_for() {
    let dir = std::env::temp_dir().join(format!("statespace-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("sliding-4x4-blank15-0.pdb");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|status| status.success()) {
        eprintln!("no mkfifo here: skipped");
        return;
    }
    let started = Instant::now();
    let verify = run(&["pdb", "verify", "--pdb-dir", dir.to_str().unwrap()], "");
    assert!(started.elapsed() < Duration::from_secs(20));
    assert!(
        stdout(&verify).contains("not a regular file"),
        "{}",
        stdout(&verify)
    );
    assert_eq!(verify.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
    let empty = std::env::temp_dir().join(format!("statespace-none-{}", std::process::id()));
    let none = run(&["pdb", "verify", "--pdb-dir", empty.to_str().unwrap()], "");
    assert_eq!(stdout(&none), format!("no tables in {}\n", empty.display()));
}
