//! `statespace pdb build|list|verify` through the built binary: tables built once, loaded after,
//! listed, verified, and a damaged file refused and rebuilt.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_statespace"))
        .args(args)
        .arg("--pdb-dir")
        .arg(dir)
        .output()
        .expect("statespace runs")
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("statespace-cli-pdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

const BUILD: [&str; 8] = [
    "pdb",
    "build",
    "--size",
    "4x4",
    "--pdb",
    "555",
    "--goal",
    "blank-first",
];

#[test]
fn tables_are_built_once_listed_verified_and_rebuilt_when_damaged() {
    let dir = scratch();
    let first = run(&BUILD, &dir);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    assert_eq!(
        text(&first.stdout),
        "sliding-4x4-b0-1.2.3.6.7: 524160 entries, mean 13.639, max 22\n\
         sliding-4x4-b0-4.5.8.9.12: 524160 entries, mean 13.149, max 23\n\
         sliding-4x4-b0-10.11.13.14.15: 524160 entries, mean 13.639, max 22\n"
    );
    assert_eq!(text(&first.stderr).matches("building ").count(), 3);

    let second = run(&BUILD, &dir);
    assert_eq!(second.stdout, first.stdout);
    assert_eq!(text(&second.stderr).matches("loaded ").count(), 3);

    let listed = run(&["pdb", "list"], &dir);
    assert_eq!(
        text(&listed.stdout).lines().next().unwrap(),
        "sliding-4x4-b0-1.2.3.6.7.pdb  524160 entries  sliding 4x4, blank goal cell 0; \
         additive, tiles of goal cells 1 2 3 6 7"
    );
    let verified = run(&["pdb", "verify"], &dir);
    assert_eq!(verified.status.code(), Some(0));
    assert_eq!(text(&verified.stdout).matches("ok  ").count(), 3);

    let damaged = dir.join("sliding-4x4-b0-1.2.3.6.7.pdb");
    let mut bytes = std::fs::read(&damaged).unwrap();
    bytes[5000] ^= 0x40;
    std::fs::write(&damaged, bytes).unwrap();
    let verified = run(&["pdb", "verify"], &dir);
    assert_eq!(verified.status.code(), Some(1));
    assert!(
        text(&verified.stdout).contains("bad "),
        "{}",
        text(&verified.stdout)
    );
    assert!(text(&verified.stderr).contains("1 of 3 tables failed verification"));

    let rebuilt = run(&BUILD, &dir);
    assert_eq!(rebuilt.stdout, first.stdout);
    assert!(
        text(&rebuilt.stderr).contains("damaged pattern database (checksum"),
        "{}",
        text(&rebuilt.stderr)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn unknown_layouts_and_bad_goals_are_refused() {
    let dir = scratch().with_extension("refusals");
    let output = run(&["pdb", "build", "--size", "3x3"], &dir);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text(&output.stderr),
        "statespace: no table layout by default for 3x3 boards (78, 663, 555 on 4x4; 6666 on 5x5)\n"
    );
    let output = run(&["pdb", "build", "--goal", "1 2 3"], &dir);
    assert_eq!(
        text(&output.stderr),
        "statespace: --goal: 3 tiles for a 4x4 board of 16 cells\n"
    );
    assert!(!dir.exists());
}
