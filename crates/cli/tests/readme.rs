//! The README's examples, run: every ```console block of README.md holds `$ statespace ...`
//! commands (pipes from `printf` or `statespace gen` included), each followed by what it
//! prints, standard output then standard error. Each command runs through `sh` from the
//! repository's root with the built binary first on the `PATH`, and its output must be the one
//! shown (trailing spaces aside), but for `...`: a line of its own stands for any lines (none included), and within a
//! line for any text (timings, with the spaces before it: a wider figure still matches). A block marked ```console,ignore is not run (a server, a
//! cluster, minutes of work) and is counted as such; a block of another kind may not hold a
//! `$ statespace` command, so that no example escapes the test unmarked.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A command of the README and the output shown after it.
#[derive(Debug)]
struct Example {
    /// The line of the README the command is on, from 1.
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// What the README's blocks hold.
#[derive(Debug, Default)]
struct Blocks {
    examples: Vec<Example>,
    /// The lines of the blocks marked `console,ignore`.
    ignored: Vec<usize>,
    /// The lines of commands in blocks of other kinds.
    unmarked: Vec<usize>,
}

/// The marker of an elision.
const ELISION: &str = "...";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The console blocks of `readme`, their commands and outputs.
fn blocks(readme: &str) -> Blocks {
    let mut blocks = Blocks::default();
    let mut fence: Option<String> = None;
    for (index, line) in readme.lines().enumerate() {
        let number = index + 1;
        if let Some(info) = line.strip_prefix("```") {
            fence = match fence {
                Some(_) => None,
                None => Some(info.trim().to_string()),
            };
            if fence.as_deref() == Some("console,ignore") {
                blocks.ignored.push(number);
            }
            continue;
        }
        let Some(info) = &fence else {
            continue;
        };
        match info.as_str() {
            "console" => match line.strip_prefix("$ ") {
                Some(command) => blocks.examples.push(Example {
                    line: number,
                    command: command.to_string(),
                    expected: Vec::new(),
                }),
                None => blocks
                    .examples
                    .last_mut()
                    .unwrap_or_else(|| panic!("README line {number}: output before a command"))
                    .expected
                    .push(line.to_string()),
            },
            "console,ignore" => {}
            _ if line.trim_start().starts_with("$ statespace") => blocks.unmarked.push(number),
            _ => {}
        }
    }
    blocks
}

/// Whether `line` is `pattern`, each `...` of the pattern standing for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    // Spaces before an elision stand for any spaces: an elided figure right-aligned in a column
    // (a layer's time, `7.957 ms` or `10.958 ms`) is wider on a slower run.
    let pieces: Vec<&str> = pattern.split(ELISION).collect();
    let last_piece = pieces.len() - 1;
    let mut parts = pieces.iter().enumerate().map(|(index, piece)| {
        if index < last_piece {
            piece.trim_end()
        } else {
            piece
        }
    });
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// Whether `lines` are `expected`, a line `...` of it standing for any lines.
fn lines_match(expected: &[String], lines: &[&str]) -> bool {
    match expected.split_first() {
        None => lines.is_empty(),
        Some((first, rest)) if first == ELISION => {
            (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..]))
        }
        Some((first, rest)) => {
            !lines.is_empty() && line_matches(first, lines[0]) && lines_match(rest, &lines[1..])
        }
    }
}

/// What `command` prints from the repository's root: standard output, then standard error.
fn output_of(command: &str) -> String {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_statespace"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let output = Command::new("sh")
        .args(["-c", command])
        .current_dir(root())
        .env("PATH", path)
        .output()
        .expect("sh runs");
    String::from_utf8_lossy(&output.stdout).into_owned() + &String::from_utf8_lossy(&output.stderr)
}

#[test]
fn the_readme_examples_print_what_they_show() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let blocks = blocks(&readme);
    assert!(
        blocks.unmarked.is_empty(),
        "README lines {:?}: `$ statespace` commands outside a ```console block (mark it \
         ```console, or ```console,ignore to keep it from running)",
        blocks.unmarked
    );
    let mut failures = Vec::new();
    for example in &blocks.examples {
        let printed = output_of(&example.command);
        // Trailing spaces are not shown in the README (nor kept by editors).
        let lines: Vec<&str> = printed.lines().map(str::trim_end).collect();
        if !lines_match(&example.expected, &lines) {
            failures.push(format!(
                "README line {}: $ {}\n--- shown\n{}\n--- printed\n{}",
                example.line,
                example.command,
                example.expected.join("\n"),
                printed.trim_end()
            ));
        }
    }
    println!(
        "README: ran {} commands; {} console blocks marked ignore (lines {:?})",
        blocks.examples.len(),
        blocks.ignored.len(),
        blocks.ignored
    );
    assert!(
        !blocks.examples.is_empty(),
        "no console example in the README"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn elisions_stand_for_any_text_and_any_lines() {
    assert!(line_matches(
        "case 1: 7 moves, ... us",
        "case 1: 7 moves, 157.6 us"
    ));
    assert!(line_matches(
        "{\"case\":1,...,\"steps\":[...]}",
        "{\"case\":1,\"a\":[],\"steps\":[1]}"
    ));
    // A figure elided in a right-aligned column may be wider than the one shown.
    assert!(line_matches(
        "    1      3    ...",
        "    1      3   10.958 ms"
    ));
    assert!(!line_matches(
        "    1      3    ...",
        "    1      4   10.958 ms"
    ));
    assert!(line_matches("a...a", "aa"));
    assert!(!line_matches("a...a", "a"));
    assert!(!line_matches("case 1", "case 12"));
    let expected = ["a", ELISION, "d"].map(String::from);
    assert!(lines_match(&expected, &["a", "b", "c", "d"]));
    assert!(lines_match(&expected, &["a", "d"]));
    assert!(!lines_match(&expected, &["a", "b"]));
    let readme = "```console\n$ statespace x\none\n```\n```console,ignore\n$ statespace y\n$ statespace w\n```\n\
                  ```sh\n$ statespace z\n```\n```text\nplain\n```\n";
    let blocks = blocks(readme);
    assert_eq!(blocks.examples.len(), 1);
    assert_eq!(blocks.examples[0].command, "statespace x");
    assert_eq!(blocks.examples[0].expected, ["one"]);
    assert_eq!(blocks.ignored, [5]);
    assert_eq!(blocks.unmarked, [10]);
}
