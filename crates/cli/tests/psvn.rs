//! `statespace solve psvn`, `gen psvn` and `explore psvn` through the built binary: the shipped
//! domains of built-in puzzles against the puzzles' own solvers and spaces, every answer replayed
//! by rules written here, bad domains and states, limits and exit codes. (Past 600 lines: the
//! three commands share the replaying rules and the shipped domains' fixtures here.)

mod common;

use common::{run, stderr, stdout};
use serde_json::Value;

/// The path of a shipped domain file.
fn domain(name: &str) -> String {
    format!("{}/../../examples/psvn/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Random states of a shipped domain (`gen psvn`), with `extra` flags.
fn states(name: &str, count: &str, seed: &str, extra: &[&str]) -> String {
    let path = domain(name);
    let mut args = vec![
        "gen", "psvn", "--domain", &path, "--count", count, "--seed", seed,
    ];
    args.extend(extra);
    let output = run(&args, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output).to_string()
}

/// The answers of `solve psvn` on a shipped domain, each a line of labels.
fn solve_psvn(name: &str, algo: &str, input: &str) -> Vec<Vec<String>> {
    let path = domain(name);
    let output = run(&["solve", "psvn", "--domain", &path, "--algo", algo], input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output)
        .lines()
        .map(|line| line.split_whitespace().map(String::from).collect())
        .collect()
}

/// The lines a built-in puzzle's solver prints for `input`.
fn solve_native(args: &[&str], input: &str) -> Vec<String> {
    let output = run(args, input);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    stdout(&output).lines().map(String::from).collect()
}

/// The words of each line of `text`.
fn rows(text: &str) -> Vec<Vec<&str>> {
    text.lines()
        .map(|line| line.split_whitespace().collect())
        .collect()
}

/// The number after `prefix` in `label` (`FLIP7` with `FLIP`: 7).
fn number_after(label: &str, prefix: &str) -> usize {
    label
        .strip_prefix(prefix)
        .and_then(|rest| rest.parse().ok())
        .unwrap_or_else(|| panic!("{label} is not {prefix}N"))
}

/// The 8-puzzle's move `label` (`UP_4`: the blank at cell 4 moves up) made on `cells`.
fn slide(cells: &mut [String], label: &str) {
    let (direction, cell) = label.split_once('_').expect("DIRECTION_CELL");
    let cell: usize = cell.parse().unwrap();
    assert_eq!(cells[cell], "B", "{label}: the blank is elsewhere");
    let (row, column) = (cell / 3, cell % 3);
    let target = match direction {
        "UP" if row > 0 => cell - 3,
        "DOWN" if row < 2 => cell + 3,
        "LEFT" if column > 0 => cell - 1,
        "RIGHT" if column < 2 => cell + 1,
        _ => panic!("{label} leaves the board"),
    };
    cells.swap(cell, target);
}

/// A pancake flip `FLIPk` made on `cells`.
fn flip(cells: &mut [String], label: &str) {
    cells[..number_after(label, "FLIP")].reverse();
}

/// A TopSpin turn `TURNk` (the 4 tokens from position k on the ring reversed) made on `cells`.
fn turn(cells: &mut [String], label: &str) {
    let at = number_after(label, "TURN");
    let places: Vec<usize> = (at..at + 4).map(|place| place % cells.len()).collect();
    for (a, b) in [(0, 3), (1, 2)] {
        cells.swap(places[a], places[b]);
    }
}

/// A Hanoi move `D{d}_{pq}_...` (disc d from peg p to peg q) made on `cells` (each disc's peg,
/// smallest first), refused when a smaller disc is on p or q.
fn move_disc(cells: &mut [String], label: &str) {
    let mut parts = label.split('_');
    let disc = number_after(parts.next().unwrap(), "D");
    let pegs: Vec<char> = parts.next().unwrap().chars().collect();
    let (from, to) = (pegs[0].to_string(), pegs[1].to_string());
    assert_eq!(cells[disc - 1], from, "{label}: the disc is elsewhere");
    assert!(
        cells[..disc - 1]
            .iter()
            .all(|peg| *peg != from && *peg != to),
        "{label}: a smaller disc is in the way"
    );
    cells[disc - 1] = to;
}

/// Replays `labels` from `start` by `rule`, and checks that they end on `goal`.
fn replay(start: &[&str], labels: &[String], rule: fn(&mut [String], &str), goal: &str) {
    let mut cells: Vec<String> = start.iter().map(|value| value.to_string()).collect();
    for label in labels {
        rule(&mut cells, label);
    }
    assert_eq!(cells.join(" "), goal, "{start:?} by {labels:?}");
}

/// The length of each answer of a built-in solver: its moves, one character each or words.
fn lengths(lines: &[String], by_characters: bool) -> Vec<usize> {
    lines
        .iter()
        .map(|line| {
            assert_ne!(line, "unsolvable");
            if by_characters {
                line.len()
            } else {
                line.split_whitespace().count()
            }
        })
        .collect()
}

#[test]
fn the_eight_puzzle_by_its_domain_takes_the_moves_of_solve_eight() {
    let input = states("eight.psvn", "8", "3", &[]);
    // Turned half a turn and tiles renamed 9 - t, the domain's goal (B 1 .. 8) is eight's
    // (1 .. 8 x), and a move stays a move.
    let boards: String = rows(&input)
        .iter()
        .map(|state| {
            let mut board: Vec<String> = state
                .iter()
                .rev()
                .map(|&value| match value {
                    "B" => "x".to_string(),
                    tile => (9 - tile.parse::<u8>().unwrap()).to_string(),
                })
                .collect();
            board.push("\n".to_string());
            board.join(" ")
        })
        .collect();
    let native = lengths(&solve_native(&["solve", "eight"], &boards), true);
    for algo in ["idastar", "bibfs"] {
        let answers = solve_psvn("eight.psvn", algo, &input);
        let found: Vec<usize> = answers.iter().map(Vec::len).collect();
        assert_eq!(found, native, "{algo}");
        for (state, labels) in rows(&input).iter().zip(&answers) {
            replay(state, labels, slide, "B 1 2 3 4 5 6 7 8");
        }
    }
}

#[test]
fn ten_pancakes_by_their_domain_take_the_flips_of_solve_pancake() {
    let input = states("pancake10.psvn", "6", "4", &[]);
    let stacks: String = rows(&input)
        .iter()
        .map(|state| {
            let sizes: Vec<String> = state
                .iter()
                .map(|value| (value.parse::<u8>().unwrap() + 1).to_string())
                .collect();
            sizes.join(" ") + "\n"
        })
        .collect();
    let native = lengths(&solve_native(&["solve", "pancake"], &stacks), false);
    let answers = solve_psvn("pancake10.psvn", "bibfs", &input);
    assert_eq!(answers.iter().map(Vec::len).collect::<Vec<_>>(), native);
    for (state, labels) in rows(&input).iter().zip(&answers) {
        replay(state, labels, flip, "0 1 2 3 4 5 6 7 8 9");
    }
}

#[test]
fn topspin_by_its_domain_takes_the_turns_of_solve_topspin() {
    let input = states("topspin.psvn", "5", "5", &["--walk", "9"]);
    let loops: String = rows(&input)
        .iter()
        .map(|state| {
            let tokens: Vec<String> = state
                .iter()
                .map(|value| (value.parse::<u8>().unwrap() + 1).to_string())
                .collect();
            tokens.join(" ") + "\n"
        })
        .collect();
    let native = solve_native(&["solve", "topspin", "--turnstile", "4"], &loops);
    let answers = solve_psvn("topspin.psvn", "bibfs", &input);
    assert_eq!(
        answers.iter().map(Vec::len).collect::<Vec<_>>(),
        lengths(&native, false)
    );
    for (state, labels) in rows(&input).iter().zip(&answers) {
        replay(state, labels, turn, "0 1 2 3 4 5 6 7 8 9 10 11");
    }
}

#[test]
fn hanoi_by_its_domain_takes_the_moves_of_solve_hanoi() {
    let input = states("hanoi4.psvn", "8", "6", &[]);
    let towers: String = rows(&input)
        .iter()
        .map(|state| {
            let pegs: Vec<String> = state
                .iter()
                .map(|peg| (peg.as_bytes()[0] - b'A' + 1).to_string())
                .collect();
            pegs.join(" ") + "\n"
        })
        .collect();
    let native = lengths(&solve_native(&["solve", "hanoi"], &towers), false);
    // Blind IDA* would take hours: it walks the graph's paths, not its 4,096 states.
    for algo in ["bfs", "astar", "bibfs"] {
        let answers = solve_psvn("hanoi4.psvn", algo, &input);
        assert_eq!(
            answers.iter().map(Vec::len).collect::<Vec<_>>(),
            native,
            "{algo}"
        );
        for (state, labels) in rows(&input).iter().zip(&answers) {
            replay(state, labels, move_disc, "D D D D D D");
        }
    }
}

/// The layers of `explore ARGS --json`.
fn layers(args: &[&str]) -> (Vec<u64>, Value) {
    let mut args = args.to_vec();
    args.push("--json");
    let output = run(&args, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report: Value = serde_json::from_str(stdout(&output)).unwrap();
    let layers = report["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|layer| layer.as_u64().unwrap())
        .collect();
    (layers, report)
}

#[test]
fn the_eight_puzzle_explored_by_its_domain_is_a089473_and_explore_eight() {
    // OEIS A089473: the 8-puzzle's states by their distance to the goal.
    let a089473 = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529,
        10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];
    let (by_domain, report) = layers(&["explore", "psvn", "--domain", &domain("eight.psvn")]);
    assert_eq!(by_domain, a089473);
    assert_eq!(report["puzzle"], "psvn");
    assert_eq!(report["complete"], true);
    let (native, _) = layers(&["explore", "eight"]);
    assert_eq!(by_domain, native);
}

#[test]
fn ten_pancakes_explored_by_their_domain_are_the_pancake_numbers_and_explore_pancake() {
    let (by_domain, report) = layers(&["explore", "psvn", "--domain", &domain("pancake10.psvn")]);
    assert_eq!(by_domain.iter().sum::<u64>(), 3_628_800);
    // OEIS A058986 (the pancake numbers): 10 pancakes take at most 11 flips; A067607: the
    // stacks that take that many.
    assert_eq!(by_domain.len() - 1, 11);
    assert_eq!(*by_domain.last().unwrap(), 73_232);
    assert_eq!(report["max_depth"], 11);
    let (native, _) = layers(&["explore", "pancake", "--size", "10"]);
    assert_eq!(by_domain, native);
}

#[test]
fn explore_from_a_state_counts_the_states_by_their_moves_to_it() {
    let path = domain("eight.psvn");
    let from = ["--from", "1 2 3 4 5 6 7 8 B"];
    let (layers_from, report) =
        layers(&[&["explore", "psvn", "--domain", &path][..], &from].concat());
    assert_eq!(layers_from.iter().sum::<u64>(), 181_440);
    assert_eq!(report["max_depth"], 31);
    let output = run(
        &["explore", "psvn", "--domain", &path, "--from", "1 2 3"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "statespace: --from:1:6: a state has 9 values, found 3\n"
    );
}

#[test]
fn gen_is_the_same_for_a_seed_and_every_state_it_draws_is_solved() {
    for extra in [&[][..], &["--walk", "12"][..]] {
        let first = states("eight.psvn", "5", "9", extra);
        assert_eq!(first, states("eight.psvn", "5", "9", extra));
        assert_ne!(first, states("eight.psvn", "5", "10", extra));
        assert_eq!(first.lines().count(), 5);
        let answers = solve_psvn("eight.psvn", "auto", &first);
        assert!(
            answers.iter().all(|labels| labels != &["unsolvable"]),
            "{answers:?}"
        );
    }
    let walked = states("eight.psvn", "5", "9", &["--walk", "12"]);
    let answers = solve_psvn("eight.psvn", "bfs", &walked);
    assert!(answers.iter().all(|labels| labels.len() <= 12));
    let output = run(&["gen", "psvn", "--domain", &domain("fifteen.psvn")], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("random states need --walk K"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_goal_answers_an_empty_line_and_the_other_parity_unsolvable_by_every_search() {
    let input = "B 1 2 3 4 5 6 7 8\nB 2 1 3 4 5 6 7 8\n";
    for algo in [
        "auto", "idastar", "astar", "bfs", "bibfs", "mm", "nbs", "dvcbs",
    ] {
        let answers = solve_psvn("eight.psvn", algo, input);
        assert_eq!(answers, [vec![], vec!["unsolvable".to_string()]], "{algo}");
    }
}

#[test]
fn the_trace_draws_each_state_and_json_names_the_labels() {
    let path = domain("eight.psvn");
    let output = run(
        &["solve", "psvn", "--domain", &path, "--trace"],
        "1 B 2 3 4 5 6 7 8\n",
    );
    assert_eq!(stdout(&output), "LEFT_1\n");
    assert!(
        stderr(&output).ends_with(
            "case 1: 1 move\nstart\n1 B 2\n3 4 5\n6 7 8\nmove 1: LEFT_1\nB 1 2\n3 4 5\n6 7 8\n"
        ),
        "{}",
        stderr(&output)
    );
    let output = run(
        &["solve", "psvn", "--domain", &path, "--json"],
        "1 B 2 3 4 5 6 7 8\n",
    );
    let report: Value = serde_json::from_str(stdout(&output)).unwrap();
    assert_eq!(report["answer"]["moves"], serde_json::json!(["LEFT_1"]));
    assert_eq!(report["answer"]["cost"], 1);
    let weighted = domain("eight-weighted.psvn");
    let output = run(
        &["solve", "psvn", "--domain", &weighted, "--json"],
        "3 1 2 B 4 5 6 7 8\n",
    );
    let report: Value = serde_json::from_str(stdout(&output)).unwrap();
    assert_eq!(report["answer"]["cost"], 3);
    assert_eq!(report["summary"], "1 move, cost 3");
}

#[test]
fn limits_stop_a_search_and_say_so() {
    let path = domain("fifteen.psvn");
    let hard = "15 14 13 12 11 10 9 8 7 6 5 4 3 2 1 B\n";
    for (flag, value, reason) in [
        ("--max-nodes", "1000", "node limit reached"),
        ("--time-limit", "0.2", "time limit reached"),
    ] {
        let output = run(&["solve", "psvn", "--domain", &path, flag, value], hard);
        assert_eq!(stdout(&output), format!("stopped: {reason}\n"), "{flag}");
        assert_eq!(output.status.code(), Some(3), "{flag}");
    }
    let output = run(
        &[
            "solve",
            "psvn",
            "--domain",
            &path,
            "--algo",
            "bfs",
            "--max-memory",
            "1M",
        ],
        hard,
    );
    assert_eq!(stdout(&output), "stopped: memory limit reached\n");
    assert_eq!(output.status.code(), Some(3));
}

/// Runs `solve psvn` on a domain written to a file, and returns its exit code, output and errors.
fn solve_text(domain_text: &str, args: &[&str], input: &str) -> (Option<i32>, String, String) {
    let dir = std::env::temp_dir().join(format!("statespace-psvn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("d{}.psvn", domain_text.len()));
    std::fs::write(&path, domain_text).unwrap();
    let path = path.display().to_string();
    let mut all = vec!["solve", "psvn", "--domain", &path];
    all.extend(args);
    let output = run(&all, input);
    let errors = stderr(&output).replace(&path, "D.psvn");
    (output.status.code(), stdout(&output).to_string(), errors)
}

const TWO_BY_TWO: &str = "DOMAIN tile 4  B 1 2 3\n4\ntile tile tile tile\n\
B X - - => X B - - LABEL R0\nX B - - => B X - - LABEL L1\n\
B - X - => X - B - LABEL D0\nX - B - => B - X - LABEL U2\n\
- B - X => - X - B LABEL D1\n- X - B => - B - X LABEL U3\n\
- - B X => - - X B LABEL R2\n- - X B => - - B X LABEL L3\n";

#[test]
fn bad_domains_are_refused_in_one_line_naming_the_place() {
    let (code, out, errors) = solve_text(TWO_BY_TWO, &[], "1 B 2 3\n");
    assert_eq!((code, out.as_str()), (Some(2), ""));
    assert_eq!(
        errors,
        "statespace: D.psvn:1:1: no GOAL line: a search towards goals needs one\n"
    );
    let broken = TWO_BY_TWO.replace("LABEL U3", "LABEL U3 COST x") + "GOAL B 1 2 3\n";
    let (code, _, errors) = solve_text(&broken, &[], "1 B 2 3\n");
    assert_eq!(code, Some(2));
    assert_eq!(
        errors,
        "statespace: D.psvn:9:34: COST must be a non-negative integer, found X\n"
    );
    let output = run(&["solve", "psvn", "--domain", "/no/such/file.psvn"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).starts_with("statespace: cannot read /no/such/file.psvn: "));
    let weighted = domain("eight-weighted.psvn");
    let output = run(
        &["solve", "psvn", "--domain", &weighted, "--algo", "bfs"],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("some rule costs more than 1"),
        "{}",
        stderr(&output)
    );
    let output = run(
        &[
            "solve",
            "psvn",
            "--domain",
            &domain("gripper.psvn"),
            "--algo",
            "bibfs",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("a GOAL line is a pattern"),
        "{}",
        stderr(&output)
    );
}

/// A file of the test's own in the temporary folder, holding `text`.
fn scratch_file(name: &str, text: &str) -> String {
    let folder = std::env::temp_dir().join(format!("statespace-psvn-test-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn pattern_databases_from_files_or_chosen_keep_the_answers_optimal() {
    let input = states("eight.psvn", "8", "5", &[]);
    let shortest: Vec<usize> = solve_psvn("eight.psvn", "bfs", &input)
        .iter()
        .map(Vec::len)
        .collect();
    let first = scratch_file(
        "first.abst",
        "abstraction {\n  tile { B 1 2 3 4 5 5 5 5 }\n}\n",
    );
    let second = scratch_file(
        "second.abst",
        "abstraction { tile { B 1 1 1 1 5 6 7 8 } }\n",
    );
    let folder = std::env::temp_dir().join(format!("statespace-psvn-pdb-{}", std::process::id()));
    let folder = folder.to_string_lossy().into_owned();
    let path = domain("eight.psvn");
    let tables: [&[&str]; 3] = [
        &["--pdb", &first],
        &["--pdb", &first, "--pdb", &second],
        &["--pdb", "auto=16K"],
    ];
    for pdb in tables {
        for algo in ["idastar", "astar"] {
            let mut args = vec!["solve", "psvn", "--domain", &path, "--algo", algo];
            args.extend(pdb);
            args.extend(["--pdb-dir", &folder]);
            let output = run(&args, &input);
            assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
            let answers: Vec<Vec<String>> = stdout(&output)
                .lines()
                .map(|line| line.split_whitespace().map(String::from).collect())
                .collect();
            let found: Vec<usize> = answers.iter().map(Vec::len).collect();
            assert_eq!(found, shortest, "{pdb:?} {algo}");
            for (state, labels) in rows(&input).iter().zip(&answers) {
                replay(state, labels, slide, "B 1 2 3 4 5 6 7 8");
            }
            // What each table is, said after the answers.
            let said = stderr(&output);
            assert_eq!(said.lines().count(), pdb.len() / 2, "{said}");
            if pdb[1].starts_with("auto") {
                assert!(said.starts_with("--pdb auto=16K: "), "{said}");
                assert!(said.contains(" mean estimate "), "{said}");
                assert!(said.contains(": abstraction { TILE { B "), "{said}");
            } else {
                assert!(
                    said.starts_with(&format!("--pdb {first}: 15120 entries, mean ")),
                    "{said}"
                );
            }
        }
    }
    std::fs::remove_dir_all(folder).unwrap();
}

#[test]
fn bad_pattern_databases_are_refused_in_one_line() {
    let too_many = scratch_file(
        "too-many.abst",
        "abstraction {\n  tile { B 1 2 3 4 4 4 4 4 4 }\n}\n",
    );
    let fifteen = domain("fifteen.psvn");
    let seven = domain("fifteen-1-7.abst");
    let cases: [(&[&str], String); 4] = [
        (
            &["--pdb", &too_many],
            format!("statespace: {too_many}:2:28: domain TILE has 9 values: found more images\n"),
        ),
        (
            &["--pdb", "/nonexistent.abst"],
            "statespace: --pdb /nonexistent.abst: cannot read it: No such file or directory (os error 2)\n"
                .to_string(),
        ),
        (
            &["--pdb", "auto=lots"],
            "statespace: --pdb auto=lots: auto or auto=SIZE (64K, 2M, 1G), please\n".to_string(),
        ),
        (
            &["--domain", &fifteen, "--pdb", &seven, "--max-memory", "100M"],
            format!(
                "statespace: --pdb {seven}: the table of 57657600 entries needs 230630400 bytes \
                 to build, over the memory budget of 104857600 bytes\n"
            ),
        ),
    ];
    for (flags, expected) in cases {
        let mut args = vec!["solve", "psvn"];
        args.extend(flags);
        let output = run(&args, "");
        assert_eq!(output.status.code(), Some(2), "{flags:?}");
        assert_eq!(stderr(&output), expected, "{flags:?}");
    }
}

#[test]
fn bad_states_are_refused_by_line_after_the_cases_before_them() {
    let with_goal = format!("{TWO_BY_TWO}GOAL B 1 2 3\n");
    for (input, line) in [
        (
            "1 B 2 3\n\n1 2 3\n",
            "line 3: column 6: a state has 4 values, found 3",
        ),
        (
            "1 B 2 3\n1 B 2 3 B\n",
            "line 2: column 9: a state has 4 values, found more",
        ),
        (
            "1 B 2 3\n1 B 2 4\n",
            "line 2: column 7: 4 is not a value of domain TILE (variable 3)",
        ),
    ] {
        let (code, out, errors) = solve_text(&with_goal, &[], input);
        assert_eq!(code, Some(2), "{input:?}");
        assert_eq!(out, "L1\n", "{input:?}");
        assert_eq!(errors, format!("statespace: {line}\n"), "{input:?}");
    }
}

/// A flag of another puzzle is refused by its name before anything is read or explored (it
/// was serde's "unknown field `file`").
#[test]
fn explore_refuses_another_puzzles_flags_by_name() {
    for (args, said) in [
        (
            vec!["eight", "--domain", "/nonexistent.psvn"],
            "--domain does not apply to eight",
        ),
        (
            vec!["pancake", "--example", "eight"],
            "--example does not apply to pancake",
        ),
        (
            vec!["topspin", "--from", "1 2 3"],
            "--from does not apply to topspin",
        ),
        (vec!["psvn", "--size", "3"], "--size does not apply to psvn"),
        (
            vec!["psvn", "--example", "hanoi4", "--discs", "3"],
            "--discs does not apply to psvn",
        ),
        (vec!["eight", "--burnt"], "--burnt does not apply to eight"),
    ] {
        let output = run(&[&["explore"], args.as_slice()].concat(), "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert_eq!(stderr(&output), format!("statespace: {said}\n"));
        assert_eq!(stdout(&output), "");
    }
    for puzzle in ["solve", "gen"] {
        let output = run(&[puzzle, "eight", "--domain", "x.psvn"], "");
        assert_eq!(output.status.code(), Some(2));
        assert!(
            stderr(&output).starts_with("error: unexpected argument '--domain' found"),
            "{}",
            stderr(&output)
        );
    }
}
