//! `--algo jps+gb` and `--algo jps+gbj` (issue 49 item 6) through the built binary: JPS+ with
//! goal bounding, at every cell and at jump points, answers the arena's scenarios at A*'s
//! lengths, keeps its boxes beside JPS+'s table (built, loaded, a damaged file refused and
//! rebuilt), shows in `bench grid`'s buckets with `solve grid`'s expansions, and is refused in
//! one line with exit code 2 where it does not apply.

mod common;

use common::{run, stderr, stdout};
use serde_json::Value;

fn data(name: &str) -> String {
    format!("{}/../grid/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `statespace solve grid` of the arena's scenarios with `flags`.
fn solve_arena(flags: &[&str]) -> std::process::Output {
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let args = ["solve", "grid", "--map", &map, "--scen", &scen];
    run(&[&args[..], flags].concat(), "")
}

/// The lengths of the paths printed.
fn lengths(output: &std::process::Output) -> Vec<String> {
    let text = stdout(output);
    text.lines()
        .map(|line| line.split(' ').next().unwrap().to_string())
        .collect()
}

#[test]
fn goal_bounding_keeps_its_boxes_and_answers_at_astars_lengths() {
    for (algo, prefix) in [("jps+gb", "grid-gb-"), ("jps+gbj", "grid-gbj-")] {
        keeps_its_boxes_and_answers_at_astars_lengths(algo, prefix);
    }
}

/// `--algo algo`, its boxes kept in a file whose name starts with `prefix`.
fn keeps_its_boxes_and_answers_at_astars_lengths(algo: &str, prefix: &str) {
    let name = format!("statespace-cli-{prefix}{}", std::process::id());
    let dir = std::env::temp_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.to_str().unwrap();
    let astar = lengths(&solve_arena(&["--algo", "astar"]));
    assert_eq!(astar.len(), 130);
    let (table, boxes) = (
        dir.join("grid-jps+-arena.map.pdb"),
        dir.join(format!("{prefix}arena.map.pdb")),
    );
    for expected in ["built", "loaded", "refused"] {
        if expected == "refused" {
            let mut bytes = std::fs::read(&boxes).unwrap();
            bytes[4096 + 500] ^= 1;
            std::fs::write(&boxes, bytes).unwrap();
        }
        let output = solve_arena(&["--algo", algo, "--pdb-dir", folder, "--stats"]);
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        assert_eq!(lengths(&output), astar);
        let errors = stderr(&output);
        let lines: Vec<&str> = errors.lines().collect();
        let (table, boxes) = (table.display(), boxes.display());
        let (jumps, bounds) = match expected {
            "built" => (
                format!("jps+: built {table} in "),
                format!("{algo}: built {boxes} in "),
            ),
            "loaded" => (
                format!("jps+: loaded {table} in "),
                format!("{algo}: loaded {boxes} in "),
            ),
            _ => (
                format!("jps+: loaded {table} in "),
                format!("{algo}: refused {boxes}: damaged pattern database"),
            ),
        };
        assert!(lines[0].starts_with(&jumps), "{expected}: {errors}");
        assert!(lines[1].starts_with(&bounds), "{expected}: {errors}");
        assert!(errors.ends_with("130 scenarios, 130 lengths checked, 0 differ from the file\n"));
    }
    // `pdb verify` checks the boxes as it checks the pattern databases.
    let verified = run(&["pdb", "verify", "--pdb-dir", folder], "");
    assert_eq!(verified.status.code(), Some(0), "{}", stdout(&verified));
    let listed = stdout(&verified);
    assert!(
        listed.contains(&format!("ok  {}", boxes.display())),
        "{listed}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn goal_bounding_is_refused_where_it_does_not_apply() {
    let edits =
        std::env::temp_dir().join(format!("statespace-cli-gb-edits-{}", std::process::id()));
    std::fs::write(&edits, "1 close 3 3\n").unwrap();
    let edits = edits.to_str().unwrap();
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let bench = ["bench", "grid", "--map", &map, "--scen", &scen];
    let cases: [(&str, Vec<&str>, &str); 8] = [
        (
            "jps+gb",
            vec!["--edits", edits],
            "jps+gb does not take --edits: its boxes are computed for the whole map (a \
             Dijkstra from every cell), not repaired; use --algo jps+",
        ),
        (
            "jps+gbj",
            vec!["--edits", edits],
            "jps+gbj does not take --edits: its boxes are computed for the whole map (a \
             Dijkstra from every jump point), not repaired; use --algo jps+",
        ),
        (
            "jps+gbj",
            vec!["--cost", "S=2"],
            "jump point search is not exact on weighted terrain (--cost S=2): use --algo astar \
             or dijkstra",
        ),
        (
            "jps+gb",
            vec!["--connect", "4"],
            "jump point search walks eight-connected maps (Moving AI's rules): use --connect 8, \
             or --algo astar on four-connected maps",
        ),
        (
            "jps+gb",
            vec!["--max-memory", "100K"],
            "a map of 49 x 49 needs 208887 bytes to search (7 bytes a cell, and 80 for JPS+'s \
             table and goal bounding's boxes), over the memory budget of 102400 bytes \
             (--max-memory)",
        ),
        // 693 jump points of 2,054 open cells.
        (
            "jps+gbj",
            vec!["--max-memory", "100K"],
            "a map of 49 x 49 needs 109179 bytes to search (7 bytes a cell, 20 for JPS+'s \
             table and where boxes are, and 64 for each of 693 jump points' boxes), over the \
             memory budget of 102400 bytes (--max-memory)",
        ),
        (
            "",
            [&bench[..], &["--algo", "jps+gb", "--edits", edits]].concat(),
            "jps+gb does not take --edits: its boxes are computed for the whole map (a \
             Dijkstra from every cell), not repaired; use --algo jps+",
        ),
        (
            "",
            [&bench[..], &["--algo", "jps+,jps+gbj", "--edits", edits]].concat(),
            "jps+gbj does not take --edits: its boxes are computed for the whole map (a \
             Dijkstra from every jump point), not repaired; use --algo jps+",
        ),
    ];
    for (algo, flags, why) in cases {
        let output = if flags[0] == "bench" {
            run(&flags, "")
        } else {
            solve_arena(&[&["--algo", algo][..], &flags].concat())
        };
        assert_eq!(output.status.code(), Some(2), "{flags:?}");
        assert_eq!(stdout(&output), "", "{flags:?}");
        assert_eq!(stderr(&output), format!("statespace: {why}\n"), "{flags:?}");
    }
}

/// The expansions of each scenario of `solve grid --algo ALGO --json` on the arena.
fn expansions(algo: &str) -> Vec<u64> {
    let output = solve_arena(&["--algo", algo, "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
        .lines()
        .map(|line| {
            let report: Value = serde_json::from_str(line).unwrap();
            report["stats"]["expanded"].as_u64().unwrap()
        })
        .collect()
}

#[test]
fn bench_grid_shows_goal_bounding_in_its_buckets() {
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let args = ["bench", "grid", "--map", &map, "--scen", &scen];
    let output = run(
        &[&args[..], &["--algo", "jps+,jps+gb,jps+gbj"]].concat(),
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<&str> = stdout(&output).lines().collect();
    assert_eq!(lines.len(), 2 + 14 * 3, "{}", stdout(&output));
    let (plain, bounded) = (expansions("jps+"), expansions("jps+gb"));
    let at_jump_points = expansions("jps+gbj");
    let mean = |expanded: &[u64]| expanded.iter().sum::<u64>() as f64 / 130.0;
    let programs = [
        (0, "jps+", &plain),
        (1, "jps+gb", &bounded),
        (2, "jps+gbj", &at_jump_points),
    ];
    for (rows, name, expanded) in programs {
        let all: Vec<&str> = lines[2 + 13 * 3 + rows].split_whitespace().collect();
        assert_eq!(&all[..3], ["all", "130", name]);
        assert_eq!(all[5], format!("{:.1}", mean(expanded)));
        // Every length the file's.
        assert_eq!(all[6], "0");
    }
    // Goal bounding expands fewer nodes over all (the arena's paths are short: few to prune).
    assert_eq!(
        (
            format!("{:.1}", mean(&plain)),
            format!("{:.1}", mean(&bounded)),
            format!("{:.1}", mean(&at_jump_points))
        ),
        ("1.6".to_string(), "1.5".to_string(), "1.5".to_string())
    );
}
