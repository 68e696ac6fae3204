//! `statespace bench grid --map M --scen S`, the Moving AI runner, on the arena map shipped with
//! the grid crate: a line per bucket and program with the expansions `solve grid` makes, a peer
//! read from a table like Warthog's, JSON, an SVG plot with a series per program, bad flags
//! refused with exit code 2; and `bench grid --input S -- --map M` (the judge-style bench).

mod common;

use common::{run, stderr, stdout};
use serde_json::Value;

fn data(name: &str) -> String {
    format!("{}/../grid/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn example(name: &str) -> String {
    format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A peer that answers every scenario of the file in 7 expansions and 1,500 ns, at the file's
/// length; `{scen}` stands for the scenario file.
const FAKE_PEER: &str = "fake=awk 'BEGIN { print \"id alg expanded nanos pcost\" } NR > 1 { print NR - 2, \"x\", 7, 1500, $9 }' {scen}";

/// `statespace bench grid` on the arena map with `flags`.
fn bench_arena(flags: &[&str]) -> std::process::Output {
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let mut args = vec!["bench", "grid", "--map", &map, "--scen", &scen];
    args.extend(flags);
    run(&args, "")
}

/// The buckets of the arena's scenarios, each scenario's bucket in the file's order.
fn arena_buckets() -> Vec<u32> {
    let text = std::fs::read_to_string(data("arena.map.scen")).unwrap();
    text.lines()
        .skip(1)
        .map(|line| line.split('\t').next().unwrap().parse().unwrap())
        .collect()
}

/// The mean expansions per bucket (and over all) of `solve grid --algo ALGO` on the arena.
fn solve_expansions(algo: &str) -> Vec<f64> {
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let args = ["solve", "grid", "--map", &map, "--scen", &scen, "--json"];
    let output = run(&[&args[..], &["--algo", algo]].concat(), "");
    assert!(output.status.success(), "{}", stderr(&output));
    let expanded: Vec<u64> = stdout(&output)
        .lines()
        .map(|line| {
            let report: Value = serde_json::from_str(line).unwrap();
            report["stats"]["expanded"].as_u64().unwrap()
        })
        .collect();
    let buckets = arena_buckets();
    let mean = |chosen: &dyn Fn(u32) -> bool| {
        let picked: Vec<u64> = (0..buckets.len())
            .filter(|&at| chosen(buckets[at]))
            .map(|at| expanded[at])
            .collect();
        picked.iter().sum::<u64>() as f64 / picked.len() as f64
    };
    let mut means: Vec<f64> = (0..13).map(|bucket| mean(&|b| b == bucket)).collect();
    means.push(mean(&|_| true));
    means
}

#[test]
fn the_arena_gives_a_line_per_bucket_and_program() {
    let output = bench_arena(&["--algo", "astar,jps", "--peer", FAKE_PEER]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<&str> = stdout(&output).lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "{}: 130 scenarios on {} (49 x 49), 8-connected, 1 round",
            data("arena.map.scen"),
            data("arena.map")
        )
    );
    assert_eq!(
        lines[1],
        "bucket  scenarios  program  mean µs    max µs  mean expanded  not optimal"
    );
    assert_eq!(lines.len(), 2 + 14 * 3, "{}", stdout(&output));
    let (astar, jps) = (solve_expansions("astar"), solve_expansions("jps"));
    for (at, rows) in lines[2..].chunks(3).enumerate() {
        let bucket = if at == 13 {
            "all".to_string()
        } else {
            at.to_string()
        };
        let scenarios = if at == 13 { "130" } else { "10" };
        for (row, (name, expanded)) in
            rows.iter()
                .zip([("astar", astar[at]), ("jps", jps[at]), ("fake", 7.0)])
        {
            let fields: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(fields.len(), 7, "{row}");
            assert_eq!(&fields[..3], [&bucket[..], scenarios, name], "{row}");
            let (mean, max): (f64, f64) = (fields[3].parse().unwrap(), fields[4].parse().unwrap());
            assert!(0.0 < mean && mean <= max, "{row}");
            assert_eq!(fields[5], format!("{expanded:.1}"), "{row}");
            assert_eq!(fields[6], "0", "{row}");
        }
        assert!(rows[2].contains("   1.50      1.50"), "{}", rows[2]);
    }
}

/// Four-connected: jump point search left out and lengths not checked, both said; rounds keep
/// each query's least time, the peer run once a round.
#[test]
fn four_connected_rounds_say_what_they_leave_out() {
    let output = bench_arena(&[
        "--algo",
        "astar,jps,jps+",
        "--connect",
        "4",
        "--rounds",
        "2",
        "--peer",
        FAKE_PEER,
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<&str> = stdout(&output).lines().collect();
    assert!(
        lines[0].ends_with("(49 x 49), 4-connected, 2 rounds: each query's least time"),
        "{}",
        lines[0]
    );
    assert_eq!(
        lines[1],
        "jps, jps+ left out: jump point search is eight-connected only"
    );
    assert_eq!(
        lines[2],
        "lengths not checked: the file's are eight-connected"
    );
    assert_eq!(lines.len(), 4 + 14 * 2, "{}", stdout(&output));
    for row in &lines[4..] {
        let fields: Vec<&str> = row.split_whitespace().collect();
        assert!(["astar", "fake"].contains(&fields[2]), "{row}");
        assert_eq!(fields[6], "-", "{row}");
    }
    // Four-connected A* expands more than eight-connected A* over the arena's scenarios.
    let expanded = |row: &str| -> f64 { row.split_whitespace().nth(5).unwrap().parse().unwrap() };
    let eight = bench_arena(&["--algo", "astar"]);
    let eight = stdout(&eight).lines().last().unwrap().to_string();
    let four = lines[lines.len() - 2];
    assert!(expanded(four) > expanded(&eight), "{four} against {eight}");
}

#[test]
fn json_and_the_plot_hold_every_program() {
    let plot = std::env::temp_dir().join(format!("statespace-bench-{}.svg", std::process::id()));
    let output = bench_arena(&[
        "--algo",
        "dijkstra,jps",
        "--peer",
        FAKE_PEER,
        "--json",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report: Value = serde_json::from_str(stdout(&output)).unwrap();
    assert_eq!(report["scenarios"], 130);
    let programs = report["programs"].as_array().unwrap();
    let names: Vec<&str> = programs
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["dijkstra", "jps", "fake"]);
    for program in programs {
        assert_eq!(program["buckets"].as_array().unwrap().len(), 13);
        assert_eq!(program["buckets"][12]["bucket"], 12);
        assert_eq!(program["buckets"][12]["scenarios"], 10);
        assert_eq!(program["all"]["scenarios"], 130);
        assert_eq!(program["all"]["not_optimal"], 0);
    }
    assert_eq!(programs[2]["all"]["mean_us"], 1.5);
    let svg = std::fs::read_to_string(&plot).unwrap();
    std::fs::remove_file(&plot).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..80]);
    for name in ["dijkstra", "jps", "fake", "arena.map: time per query"] {
        assert!(
            svg.contains(&format!(">\n{name}\n</text>"))
                || svg.contains(&format!(">{name}</text>")),
            "{name}"
        );
    }
    // Each query is a point, and each series has a point in the legend.
    assert_eq!(svg.matches("<circle").count(), 3 * 130 + 3);
}

#[test]
fn bad_flags_files_and_peers_exit_2() {
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let bad_map = std::env::temp_dir().join(format!("statespace-bad-{}.map", std::process::id()));
    std::fs::write(&bad_map, "type octile\nheight 2\nwidth 2\nmap\n..\n").unwrap();
    let bad_map = bad_map.to_str().unwrap().to_string();
    let cases: [(&[&str], &str); 9] = [
        (
            &["--scen", &scen],
            "error: the following required arguments",
        ),
        (&["--map", &map], "error: the following required arguments"),
        (
            &["--map", &map, "--scen", &scen, "--algo", "bfs"],
            "error: invalid value 'bfs'",
        ),
        (
            &["--map", &map, "--scen", &scen, "--per-case"],
            "error: the argument",
        ),
        (
            &["--map", &map, "--scen", &scen, "--rounds", "0"],
            "error: invalid value '0'",
        ),
        (
            &["--map", &map, "--scen", &scen, "--connect", "6"],
            "error: invalid value '6'",
        ),
        (
            &["--map", &map, "--scen", &scen, "--peer", "=x"],
            "statespace: peer \"=x\": the name",
        ),
        (&["--map", &bad_map, "--scen", &scen], "statespace: "),
        (&["--map", &scen, "--scen", &scen], "statespace: "),
    ];
    for (flags, expected) in cases {
        let output = run(&[&["bench", "grid"][..], flags].concat(), "");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{flags:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).starts_with(expected),
            "{flags:?}: {}",
            stderr(&output)
        );
    }
    let output = run(&["bench", "eight", "--map", &map, "--scen", &scen], "");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "statespace: --map and --scen are grid's: bench grid --map M --scen S\n"
    );
    // One line naming the file and the line (the map's own words are the map reader's).
    let output = run(&["bench", "grid", "--map", &bad_map, "--scen", &scen], "");
    let said = stderr(&output);
    assert!(
        said.starts_with(&format!("statespace: {bad_map}: line 5: ")),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "{said}");
    std::fs::remove_file(&bad_map).unwrap();
    let output = bench_arena(&["--peer", "false"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).starts_with("statespace: peer false failed"),
        "{}",
        stderr(&output)
    );
}

/// The judge-style bench of a scenario file, the map given to our `solve` after `--`: the cases
/// are counted on that map (it failed with "a scenario before any map").
#[test]
fn a_scenario_file_is_benched_with_the_map_of_the_solve_flags() {
    let (map, scen) = (example("grid.map"), example("grid.map.scen"));
    let peer = shell_words::join([
        env!("CARGO_BIN_EXE_statespace"),
        "solve",
        "grid",
        "--map",
        &map,
    ]);
    let output = run(
        &[
            "bench", "grid", "--input", &scen, "--peer", &peer, "--", "--map", &map,
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<&str> = stdout(&output).lines().collect();
    assert!(lines[0].starts_with("4 cases; ours "), "{}", lines[0]);
    assert_eq!(lines[1], "outputs identical (4 lines)");
    // Each case alone is the map and the scenario: a peer that reads both from its input.
    let alone = shell_words::join([env!("CARGO_BIN_EXE_statespace"), "solve", "grid"]);
    let per_case = run(
        &[
            "bench",
            "grid",
            "--input",
            &scen,
            "--peer",
            &alone,
            "--per-case",
            "--",
            "--map",
            &map,
        ],
        "",
    );
    assert!(per_case.status.success(), "{}", stderr(&per_case));
    assert!(
        stdout(&per_case).ends_with("\noutputs identical (4 lines)\n"),
        "{}",
        stdout(&per_case)
    );
}

/// Theta* in the buckets (issue 49): its any-angle lengths, shorter than the file's octile
/// optima, count as optimal; left out where any-angle paths are refused, said.
#[test]
fn theta_is_benched_beside_astar() {
    let output = bench_arena(&["--algo", "astar,theta"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<&str> = stdout(&output).lines().collect();
    // The header line, the columns, and two lines a bucket (13 buckets and all).
    assert_eq!(lines.len(), 2 + 14 * 2, "{}", stdout(&output));
    for row in &lines[2..] {
        let fields: Vec<&str> = row.split_whitespace().collect();
        assert!(["astar", "theta"].contains(&fields[2]), "{row}");
        assert_eq!(fields[6], "0", "{row}");
    }
    let four = bench_arena(&["--algo", "astar,theta", "--connect", "4"]);
    assert_eq!(
        stdout(&four).lines().nth(1),
        Some("theta left out: any-angle paths follow eight-connected rules: use --connect 8")
    );
}

/// Unit sizes in the benchmark (issue 49), as `solve grid --size`: lengths not checked (the
/// file's are of units of a cell), Theta* left out, a unit larger than the map refused.
#[test]
fn units_larger_than_a_cell_are_benched_as_solve_walks_them() {
    let output = bench_arena(&["--algo", "astar,jps,theta", "--size", "2"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<&str> = stdout(&output).lines().collect();
    assert_eq!(
        lines[1..3],
        [
            "theta left out: any-angle paths are for units of one cell, not 2 x 2",
            "lengths not checked: the file's are of units of a cell (--size 2)",
        ]
    );
    for row in &lines[4..] {
        let fields: Vec<&str> = row.split_whitespace().collect();
        assert!(["astar", "jps"].contains(&fields[2]), "{row}");
        assert_eq!(fields[6], "-", "{row}");
    }
    let large = bench_arena(&["--size", "99"]);
    assert_eq!(large.status.code(), Some(2));
    assert_eq!(
        stderr(&large),
        "statespace: a unit of 99 x 99 on a map of 49 x 49: from 1 to the map's shorter side, please\n"
    );
}

/// Maps that change in the benchmark (issue 49), as `solve grid --edits`: the expansions per
/// bucket are those `solve grid --edits --stats` makes (A*: 15 and 0, then 35 and 64; JPS+: 3
/// and 0, then 6 and 8), lengths not checked, an edit off the map refused with its line.
#[test]
fn edits_between_scenarios_are_benched_as_solve_applies_them() {
    let (map, scen, edits) = (
        example("grid.map"),
        example("grid.map.scen"),
        example("grid.edits"),
    );
    let bench = |edits: &str| {
        run(
            &[
                "bench",
                "grid",
                "--map",
                &map,
                "--scen",
                &scen,
                "--edits",
                edits,
                "--algo",
                "astar,jps+",
            ],
            "",
        )
    };
    let output = bench(&edits);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines: Vec<&str> = stdout(&output).lines().collect();
    assert_eq!(
        lines[1],
        "lengths not checked: the file's are of the map before edits"
    );
    let expanded: Vec<(&str, &str, &str)> = lines[3..]
        .iter()
        .map(|row| {
            let fields: Vec<&str> = row.split_whitespace().collect();
            (fields[0], fields[2], fields[5])
        })
        .collect();
    assert_eq!(
        expanded,
        [
            ("0", "astar", "7.5"),
            ("0", "jps+", "1.5"),
            ("1", "astar", "49.5"),
            ("1", "jps+", "7.0"),
            ("all", "astar", "28.5"),
            ("all", "jps+", "4.2"),
        ]
    );
    let bad = std::env::temp_dir().join(format!("bench-grid-{}.edits", std::process::id()));
    std::fs::write(&bad, "1 close 99 0\n").unwrap();
    let refused = bench(bad.to_str().unwrap());
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused)
            .ends_with("line 1: the 1 x 1 cells from (99, 0) are off the map of 16 x 8\n"),
        "{}",
        stderr(&refused)
    );
    std::fs::remove_file(bad).unwrap();
}

/// A regression: a reader that stopped early (`bench grid ... | head`) made the bench panic
/// ("failed printing to stdout"); it now ends with the error in one line.
#[test]
fn a_closed_output_ends_the_bench_without_a_panic() {
    let (map, scen) = (data("arena.map"), data("arena.map.scen"));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_statespace"))
        .args([
            "bench", "grid", "--map", &map, "--scen", &scen, "--rounds", "3",
        ])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take()); // closed before the bench has written anything
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stderr, "statespace: Broken pipe (os error 32)\n");
    assert_eq!(output.status.code(), Some(1));
}
