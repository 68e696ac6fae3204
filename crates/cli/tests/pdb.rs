//! `statespace pdb build|list|verify` through the built binary: tables built once, loaded after,
//! listed, verified, and a damaged file refused and rebuilt.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{stderr, stdout};
use statespace_engine::pattern_database::{Header, PatternDatabase};

/// Runs `statespace ARGS --pdb-dir DIR` with no input.
fn run(args: &[&str], dir: &Path) -> Output {
    solve_or_run(args, "", dir)
}

/// Runs `statespace ARGS --pdb-dir DIR` with `input` on standard input.
fn solve_or_run(args: &[&str], input: &str, dir: &Path) -> Output {
    let dir = dir.to_str().expect("a UTF-8 temporary folder");
    common::run(&[args, &["--pdb-dir", dir]].concat(), input)
}

/// An empty folder for the test `name` alone: the tests run at once in one process, so a folder
/// named by the process only was emptied by one test under another (a flaky verify count).
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("statespace-cli-pdb-{}-{name}", std::process::id()));
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
    let dir = scratch("build");
    let first = run(&BUILD, &dir);
    assert_eq!(first.status.code(), Some(0), "{}", stderr(&first));
    assert_eq!(
        stdout(&first),
        "sliding-4x4-b0-1.4.5.8.12: 524160 entries, mean 14.675, max 24\n\
         sliding-4x4-b0-2.3.6.7.11: 524160 entries, mean 13.639, max 22\n\
         sliding-4x4-b0-9.10.13.14.15: 524160 entries, mean 13.149, max 23\n"
    );
    assert_eq!(stderr(&first).matches("building ").count(), 3);

    let second = run(&BUILD, &dir);
    assert_eq!(second.stdout, first.stdout);
    assert_eq!(stderr(&second).matches("loaded ").count(), 3);

    let listed = run(&["pdb", "list"], &dir);
    assert_eq!(
        stdout(&listed).lines().next().unwrap(),
        "sliding-4x4-b0-1.4.5.8.12.pdb  524160 entries  sliding 4x4, blank goal cell 0; \
         additive, tiles of goal cells 1 4 5 8 12"
    );
    let verified = run(&["pdb", "verify"], &dir);
    assert_eq!(verified.status.code(), Some(0));
    assert_eq!(stdout(&verified).matches("ok  ").count(), 3);

    let damaged = dir.join("sliding-4x4-b0-1.4.5.8.12.pdb");
    let mut bytes = std::fs::read(&damaged).unwrap();
    bytes[5000] ^= 0x40;
    std::fs::write(&damaged, bytes).unwrap();
    let verified = run(&["pdb", "verify"], &dir);
    assert_eq!(verified.status.code(), Some(1));
    assert!(stdout(&verified).contains("bad "), "{}", stdout(&verified));
    assert!(stderr(&verified).contains("1 of 3 tables failed verification"));

    let rebuilt = run(&BUILD, &dir);
    assert_eq!(rebuilt.stdout, first.stdout);
    assert!(
        stderr(&rebuilt).contains("damaged pattern database (checksum"),
        "{}",
        stderr(&rebuilt)
    );

    let (a, b) = (
        dir.join("sliding-4x4-b0-1.4.5.8.12.pdb"),
        dir.join("sliding-4x4-b0-2.3.6.7.11.pdb"),
    );
    let parked = dir.join("parked");
    std::fs::rename(&a, &parked).unwrap();
    std::fs::rename(&b, &a).unwrap();
    std::fs::rename(&parked, &b).unwrap();
    let verified = run(&["pdb", "verify"], &dir);
    assert_eq!(verified.status.code(), Some(1));
    let report = stdout(&verified);
    for (file, holds) in [(&a, "2 3 6 7 11"), (&b, "1 4 5 8 12")] {
        let line = format!(
            "bad {}: holds the table of sliding 4x4, blank goal cell 0; additive, tiles of goal \
             cells {holds}, not the one its name says\n",
            file.display()
        );
        assert!(report.contains(&line), "{report}");
    }
    assert!(stderr(&verified).contains("2 of 3 tables failed verification"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn unknown_layouts_and_bad_goals_are_refused() {
    let dir = scratch("refusals");
    let output = run(&["pdb", "build", "--size", "3x3"], &dir);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "statespace: no table layout by default for 3x3 boards (78, 663, 555 on 4x4; 6666 on 5x5)\n"
    );
    let output = run(&["pdb", "build", "--goal", "1 2 3"], &dir);
    assert_eq!(
        stderr(&output),
        "statespace: goal: 3 tiles for a 4x4 board of 16 cells\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(!dir.exists());
    let output = run(&["pdb", "build", "--pdb", "1,2/2,3"], &dir);
    assert!(
        stderr(&output).starts_with("statespace: layout \"1,2/2,3\": groups must be disjoint"),
        "{}",
        stderr(&output)
    );
    assert_eq!(output.status.code(), Some(2));
    // The flags of the other solvers are refused, not silently dropped.
    for flags in [
        ["--format", "korf", "--algo", "idastar"],
        ["--goal", "blank-first", "--heuristic", "manhattan"],
    ] {
        let output = solve(&flags, "", &dir);
        assert_eq!(
            stderr(&output),
            "statespace: an algorithm or heuristic does not apply to pattern databases (a layout, a goal, or the korf format)\n"
        );
        assert_eq!(output.status.code(), Some(2));
    }
}

/// Runs `statespace solve sliding ARGS --pdb-dir DIR` with `input` on standard input.
fn solve(args: &[&str], input: &str, dir: &Path) -> Output {
    solve_or_run(&[&["solve", "sliding"], args].concat(), input, dir)
}

/// The search time at the end of a korf run's closing line (`...; search 1.234 ms`), in seconds.
fn closing_search_seconds(stderr: &str) -> f64 {
    let (_, time) = stderr
        .trim_end()
        .rsplit_once("search ")
        .expect("a closing line");
    let (value, unit) = time.split_once(' ').expect("a value and a unit");
    let scale = match unit {
        "us" => 1e-6,
        "ms" => 1e-3,
        "s" => 1.0,
        other => panic!("unknown unit {other}"),
    };
    value.parse::<f64>().expect("a number") * scale
}

/// Two of Korf's 15-puzzle instances, with their optimal lengths.
const KORF: &str = "# id, tiles, optimal length\n\
    6 14 7 1 9 12 3 6 15 8 11 2 5 10 0 4 13 52\n\
    9 3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0 46\n";

#[test]
fn solve_sliding_with_pattern_databases_checks_korf_lengths() {
    let dir = scratch("solve");
    let started = std::time::Instant::now();
    let korf = solve(&["--format", "korf", "--pdb", "555"], KORF, &dir);
    let run = started.elapsed().as_secs_f64();
    assert_eq!(korf.status.code(), Some(0), "{}", stderr(&korf));
    // Regression: the search time of the closing line counted the tables' building, most of
    // this first run's time.
    let search = closing_search_seconds(stderr(&korf));
    assert!(search < run / 2.0, "search {search} s of a {run} s run");
    assert_eq!(
        stdout(&korf),
        "6 52 rruullurrdldlluurrdlddrruldlluruldruurrdldldrulurull\n\
         9 46 llluurulddrurddluuruldrdruulddrulddlluruurdllu\n"
    );
    assert!(
        stderr(&korf).contains("2 boards, 2 lengths checked, 0 differ from the file"),
        "{}",
        stderr(&korf)
    );

    let wrong = KORF.replace(" 52\n", " 50\n");
    let differ = solve(&["--format", "korf", "--pdb", "555"], &wrong, &dir);
    assert_eq!(differ.status.code(), Some(1));
    assert_eq!(differ.stdout, korf.stdout);
    assert!(stderr(&differ).contains("case 1: 52 moves, the file records 50"));
    assert!(stderr(&differ).contains("1 of 2 lengths differ from the recorded optima"));

    // By default (one thread per core) and on any number of threads the boards are searched
    // side by side, each on one thread: the answers of one thread, in order.
    for threads in [None, Some("1"), Some("2"), Some("3")] {
        let mut args = vec!["--format", "korf", "--pdb", "555"];
        args.extend(
            threads
                .map(|threads| ["--threads", threads])
                .into_iter()
                .flatten(),
        );
        let side_by_side = solve(&args, &KORF.repeat(3), &dir);
        assert_eq!(
            side_by_side.status.code(),
            Some(0),
            "{}",
            stderr(&side_by_side)
        );
        assert_eq!(
            stdout(&side_by_side),
            stdout(&korf).repeat(3),
            "{threads:?}"
        );
        assert!(
            stderr(&side_by_side).contains("6 boards, 6 lengths checked, 0 differ from the file")
        );
    }

    for threads in ["1", "2"] {
        let bad = solve(
            &["--format", "korf", "--pdb", "555", "--threads", threads],
            "9 3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0 46\n7 1 1 2\n",
            &dir,
        );
        assert_eq!(bad.status.code(), Some(2));
        assert_eq!(
            stdout(&bad),
            "9 46 llluurulddrurddluuruldrdruulddrulddlluruurdllu\n"
        );
        assert!(stderr(&bad).contains("statespace: line 2: "));
    }

    // Plain boards, the usual goal with the blank last.
    let boards = solve(
        &["--pdb", "555", "--stats"],
        "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n",
        &dir,
    );
    assert_eq!(stdout(&boards), "r\nunsolvable\n");
    assert!(stderr(&boards).contains("case 1: 1 move, 1 expanded, 3 generated"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn tables_that_cannot_be_saved_are_built_said_and_exit_code_1() {
    let dir = std::env::temp_dir().join(format!("statespace-cli-unsaved-{}", std::process::id()));
    std::fs::write(&dir, "not a folder").unwrap();
    let folder = dir.join("tables");
    let output = run(
        &["pdb", "build", "--size", "3x3", "--pdb", "0,1,2,3/4,5,6,7"],
        &folder,
    );
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "sliding-3x3-b8-0.1.2.3: 3024 entries, mean 9.103, max 15\n\
         sliding-3x3-b8-4.5.6.7: 3024 entries, mean 9.405, max 15\n"
    );
    assert!(
        stderr(&output).ends_with(&format!(
            "statespace: 2 of 2 tables could not be saved in {}\n",
            folder.display()
        )),
        "{}",
        stderr(&output)
    );
    std::fs::remove_file(&dir).unwrap();
}

/// The shipped 8-puzzle's tables of tiles 1-4 (5-8 merged) and of 5-8 (1-4 merged).
const EIGHT_LOW: &str = "abstraction { tile { B 1 2 3 4 5 5 5 5 } }\n";
const EIGHT_HIGH: &str = "abstraction { tile { B 1 1 1 1 5 6 7 8 } }\n";

/// `pdb build|verify psvn ARGS --example eight --abst` each of `abstractions` (paths).
fn psvn_tables(command: &str, abstractions: &[&str], args: &[&str], dir: &Path) -> Output {
    let mut all = vec!["pdb", command, "psvn", "--example", "eight"];
    for path in abstractions {
        all.extend(["--abst", path]);
    }
    all.extend(args);
    run(&all, dir)
}

#[test]
fn psvn_tables_are_built_once_verified_entry_by_entry_and_refused_when_wrong() {
    let dir = scratch("psvn");
    std::fs::create_dir_all(&dir).unwrap();
    let (low, high) = (dir.join("low.abst"), dir.join("high.abst"));
    std::fs::write(&low, EIGHT_LOW).unwrap();
    std::fs::write(&high, EIGHT_HIGH).unwrap();
    let (low, high) = (low.to_str().unwrap(), high.to_str().unwrap());
    let low_table = dir.join("psvn-8ee6521ee146b04e-5c2590a9bf50d920.pdb");
    let high_table = dir.join("psvn-8ee6521ee146b04e-01c267052014eea7.pdb");
    let lines = format!(
        "{low}: 15120 entries, mean 17.465, max 26 ({})\n\
         {high}: 15120 entries, mean 18.430, max 28 ({})\n",
        low_table.display(),
        high_table.display()
    );

    let built = psvn_tables("build", &[low, high], &[], &dir);
    assert_eq!(built.status.code(), Some(0), "{}", stderr(&built));
    assert_eq!(stdout(&built), lines);
    assert_eq!(
        stderr(&built),
        format!(
            "built {}\nbuilt {}\n",
            low_table.display(),
            high_table.display()
        )
    );
    let loaded = psvn_tables("build", &[low], &[], &dir);
    assert_eq!(
        stdout(&loaded),
        lines.lines().next().unwrap().to_owned() + "\n"
    );
    assert_eq!(stderr(&loaded), format!("loaded {}\n", low_table.display()));

    let verified = psvn_tables("verify", &[low, high], &[], &dir);
    assert_eq!(verified.status.code(), Some(0), "{}", stderr(&verified));
    let equal: String = lines
        .lines()
        .map(|line| format!("ok  {line}, equal to the table built again\n"))
        .collect();
    assert_eq!(stdout(&verified), equal);
    // The folder's verify knows a PSVN table's file by its name.
    let verified = run(&["pdb", "verify"], &dir);
    assert_eq!(verified.status.code(), Some(0), "{}", stdout(&verified));
    assert_eq!(stdout(&verified).matches("ok  ").count(), 2);

    // One entry off by one, and the checksum written for it: only building again finds it.
    let header = Header::read(&low_table).unwrap();
    let table = PatternDatabase::load(&low_table, &header.id).unwrap();
    let mut wrong = table.as_bytes().to_vec();
    drop(table);
    wrong[100] += 1;
    let right = wrong[100] - 1;
    PatternDatabase::from_distances(header.id, wrong)
        .save(&low_table)
        .unwrap();
    assert_eq!(run(&["pdb", "verify"], &dir).status.code(), Some(0));
    let verified = psvn_tables("verify", &[low, high], &[], &dir);
    assert_eq!(verified.status.code(), Some(1));
    assert_eq!(
        stdout(&verified),
        format!(
            "bad {}: 1 of 15120 entries are not those built again (entry 100 holds {}, built \
             {right})\n{}",
            low_table.display(),
            right + 1,
            equal.lines().nth(1).unwrap().to_owned() + "\n"
        )
    );
    assert_eq!(
        stderr(&verified),
        "statespace: 1 of 2 tables failed verification\n"
    );

    std::fs::remove_file(&high_table).unwrap();
    let verified = psvn_tables("verify", &[high], &[], &dir);
    assert_eq!(verified.status.code(), Some(1));
    assert_eq!(
        stdout(&verified),
        format!(
            "bad {}: No such file or directory (os error 2) (the table of {high})\n",
            high_table.display()
        )
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_psvn_tables_are_refused_in_one_line() {
    let dir = scratch("psvn-refusals");
    std::fs::create_dir_all(&dir).unwrap();
    let unknown = dir.join("unknown.abst");
    std::fs::write(&unknown, "abstraction { cell { B 1 1 1 1 1 1 1 1 } }\n").unwrap();
    let unknown = unknown.to_str().unwrap();
    let low = dir.join("low.abst");
    std::fs::write(&low, EIGHT_LOW).unwrap();
    let low = low.to_str().unwrap();
    let bad_domain = dir.join("bad.psvn");
    std::fs::write(&bad_domain, "DOMAIN tile 1 B\n").unwrap();
    let bad_domain = bad_domain.to_str().unwrap();
    for (command, args, said) in [
        (
            "build",
            vec!["--abst", unknown],
            format!("statespace: {unknown}:1:15: unknown domain CELL\n"),
        ),
        (
            "verify",
            vec!["--abst", "/nonexistent.abst"],
            "statespace: --abst /nonexistent.abst: cannot read it: No such file or directory \
             (os error 2)\n"
                .to_string(),
        ),
        (
            "build",
            vec!["--abst", low, "--max-memory", "1K"],
            format!(
                "statespace: {low}: the table of 15120 entries needs 60480 bytes to build, over \
                 the memory budget of 1024 bytes\n"
            ),
        ),
    ] {
        let mut all = vec!["pdb", command, "psvn", "--example", "eight"];
        all.extend(args);
        let output = run(&all, &dir);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert_eq!(stderr(&output), said);
        assert_eq!(stdout(&output), "");
    }
    let output = run(
        &[
            "pdb", "build", "psvn", "--domain", bad_domain, "--abst", low,
        ],
        &dir,
    );
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        format!("statespace: {bad_domain}:1:13: domain TILE needs a size of at least 2, found 1\n")
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3, "nothing built");
    std::fs::remove_dir_all(dir).unwrap();
}
