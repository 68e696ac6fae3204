//! Running the built `statespace` binary, for the command-line tests of every puzzle.

#![allow(dead_code)] // each test file uses part of it

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};

/// Runs `statespace ARGS` with `input` on standard input.
pub fn run(args: &[&str], input: &str) -> Output {
    run_bytes(args, input.as_bytes())
}

/// Runs `statespace ARGS` with raw bytes on standard input.
pub fn run_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_statespace"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the statespace binary runs");
    let written = child
        .stdin
        .take()
        .expect("standard input is piped")
        .write_all(input);
    // A run refused before reading closes its input early.
    if let Err(error) = written {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    child.wait_with_output().expect("the binary ends")
}

/// Starts `statespace ARGS` with nothing on standard input, its output piped, and returns at once.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_statespace"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the statespace binary runs")
}

/// What the run printed on standard output.
pub fn stdout(output: &Output) -> &str {
    std::str::from_utf8(&output.stdout).expect("UTF-8 output")
}

/// What the run printed on standard error.
pub fn stderr(output: &Output) -> &str {
    std::str::from_utf8(&output.stderr).expect("UTF-8 output")
}
