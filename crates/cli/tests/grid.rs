//! `statespace solve grid` and `statespace gen grid` through the built binary: a map and its
//! scenario file, lengths checked against the file's, bad maps and scenarios.

mod common;

use common::{run, stderr, stdout};

/// A file of the repository, by its path from the root.
fn repository_file(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The shortest paths of `examples/grid.map.scen`.
const EXAMPLE_PATHS: &str = "15.00000000 E E E E E E E E E E E E E E E
14.24264069 E E E E E E SE SE E E E SE S
19.65685425 E E E E E E E E SE SE SE S E E E SE S S
26.24264069 N N N N N N N E E E E E E E SE SE SE S E E E S S W S
";

const MAP: &str = "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n";

#[test]
fn a_map_and_its_scenario_file() {
    let map = repository_file("examples/grid.map");
    let scen = repository_file("examples/grid.map.scen");
    let output = run(
        &["solve", "grid", "--map", &map, "--scen", &scen, "--stats"],
        "",
    );
    assert_eq!(stdout(&output), EXAMPLE_PATHS);
    assert!(
        stderr(&output).ends_with("4 scenarios, 4 lengths checked, 0 differ from the file\n"),
        "{}",
        stderr(&output)
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn the_benchmark_arena_by_dijkstra() {
    let map = repository_file("crates/grid/tests/data/arena.map");
    let scen = repository_file("crates/grid/tests/data/arena.map.scen");
    let output = run(
        &[
            "solve", "grid", "--algo", "dijkstra", "--map", &map, "--scen", &scen,
        ],
        "",
    );
    assert_eq!(stdout(&output).lines().count(), 130);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn jump_point_search_prints_whole_paths_as_astar_does() {
    let map = repository_file("examples/grid.map");
    let scen = repository_file("examples/grid.map.scen");
    let output = run(
        &[
            "solve", "grid", "--algo", "jps", "--map", &map, "--scen", &scen, "--stats",
        ],
        "",
    );
    assert_eq!(stdout(&output), EXAMPLE_PATHS);
    // A jump point search expands the cells where paths turn: 3, not A*'s 15, on the first.
    assert!(stderr(&output).starts_with("case 1: 15 moves, length 15.00000000, 3 expanded"));
    assert!(stderr(&output).ends_with("4 scenarios, 4 lengths checked, 0 differ from the file\n"));
    assert_eq!(output.status.code(), Some(0));
    let walled = run(
        &["solve", "grid", "--algo", "jps"],
        "type octile\nheight 2\nwidth 3\nmap\n.@.\n.@.\n0 0 2 1\n0 0 0 1\n",
    );
    assert_eq!(stdout(&walled), "no path\n1.00000000 S\n");
    assert_eq!(walled.status.code(), Some(0));
}

#[test]
fn the_benchmark_arena_by_jump_point_search() {
    let map = repository_file("crates/grid/tests/data/arena.map");
    let scen = repository_file("crates/grid/tests/data/arena.map.scen");
    let output = run(
        &[
            "solve", "grid", "--algo", "jps", "--map", &map, "--scen", &scen,
        ],
        "",
    );
    assert_eq!(stdout(&output).lines().count(), 130);
    assert!(
        stderr(&output).ends_with("130 scenarios, 130 lengths checked, 0 differ from the file\n")
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

/// JPS+ on the arena, its table in a scratch folder: built by the first run, loaded by the
/// second, refused when damaged and built again; every length A*'s and the file's.
#[test]
fn jps_plus_keeps_its_table_and_refuses_a_damaged_one() {
    let map = repository_file("crates/grid/tests/data/arena.map");
    let scen = repository_file("crates/grid/tests/data/arena.map.scen");
    let dir = std::env::temp_dir().join(format!("statespace-cli-jps-plus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let folder = dir.to_str().unwrap();
    let solve = |algo: &str| {
        let args = [
            "solve", "grid", "--algo", algo, "--map", &map, "--scen", &scen,
        ];
        run(&[&args[..], &["--pdb-dir", folder, "--stats"]].concat(), "")
    };
    let table = dir.join("grid-jps+-arena.map.pdb");
    let lengths = |output: &std::process::Output| -> Vec<String> {
        let text = stdout(output);
        text.lines()
            .map(|line| line.split(' ').next().unwrap().to_string())
            .collect()
    };
    let astar = lengths(&solve("astar"));
    assert_eq!(astar.len(), 130);
    for expected in ["built", "loaded", "refused"] {
        if expected == "refused" {
            let mut bytes = std::fs::read(&table).unwrap();
            bytes[4096 + 500] ^= 1;
            std::fs::write(&table, bytes).unwrap();
        }
        let output = solve("jps+");
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        assert_eq!(lengths(&output), astar);
        let errors = stderr(&output);
        let line = errors.lines().next().unwrap();
        let path = table.display();
        let told = match expected {
            "built" => line.starts_with(&format!("jps+: built {path} in ")),
            "loaded" => line.starts_with(&format!("jps+: loaded {path} in ")),
            _ => line.starts_with(&format!("jps+: refused {path}: damaged pattern database")),
        };
        assert!(told, "{expected}: {line}");
        assert!(errors.ends_with("130 scenarios, 130 lengths checked, 0 differ from the file\n"));
        // `pdb verify` checks it as it checks the pattern databases.
        let verified = run(&["pdb", "verify", "--pdb-dir", folder], "");
        assert_eq!(verified.status.code(), Some(0), "{}", stdout(&verified));
        assert!(stdout(&verified).starts_with(&format!("ok  {path}  38416 entries")));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn jump_point_search_refuses_four_connected_maps() {
    let output = run(
        &["solve", "grid", "--algo", "jps", "--connect", "4"],
        &format!("{MAP}0 0 3 2\n"),
    );
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        "statespace: jump point search walks eight-connected maps (Moving AI's rules): use \
         --connect 8, or --algo astar on four-connected maps\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_length_unlike_the_file_fails_the_run() {
    let output = run(
        &["solve", "grid"],
        &format!("{MAP}0 0 3 2 4.5\n0 0 3 0 3\n"),
    );
    assert_eq!(stdout(&output), "4.41421356 E E SE S\n3.00000000 E E E\n");
    assert!(stderr(&output).contains("case 1: 4.41421356, the file records 4.50000000"));
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn four_connected_walks_count_steps_and_check_nothing() {
    let output = run(
        &["solve", "grid", "--connect", "4"],
        &format!("{MAP}0 0 3 2 4.41421356\n"),
    );
    assert_eq!(stdout(&output), "5.00000000 S S E E E\n");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn bad_maps_and_scenarios_name_their_line_after_the_cases_before() {
    let cases = [
        (
            format!("{MAP}0 0 3 0\n0 0 1 1\n"),
            "line 9: the goal (1, 1) is on a blocked cell ('@')",
        ),
        (
            format!("{MAP}0 0 3 0\n0 0 9 1\n"),
            "line 9: the goal (9, 1) is off the map of 4 x 3",
        ),
        (
            "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n...\n".to_string(),
            "line 7: a row of 3 cells",
        ),
        (
            "type octile\nheight 3\nwidth 4\nmap\n....\n.?..\n....\n".to_string(),
            "line 6: '?' in column 2",
        ),
    ];
    for (input, expected) in cases {
        let output = run(&["solve", "grid"], &input);
        assert!(stderr(&output).contains(expected), "{}", stderr(&output));
        assert_eq!(output.status.code(), Some(2));
        if input.contains("0 0 3 0") {
            assert_eq!(stdout(&output), "3.00000000 E E E\n");
        }
    }
    let missing = run(&["solve", "grid", "--map", "/nonexistent.map"], "");
    assert!(stderr(&missing).contains("cannot read /nonexistent.map"));
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn generated_maps_carry_their_lengths_and_solve_to_them() {
    let args = [
        "gen", "grid", "--width", "20", "--height", "10", "--count", "5", "--seed", "3",
    ];
    let generated = run(&args, "");
    assert_eq!(generated.status.code(), Some(0));
    let text = stdout(&generated);
    assert_eq!(text, stdout(&run(&args, "")));
    assert_eq!(text.lines().count(), 4 + 10 + 5);
    let solved = run(&["solve", "grid", "--stats"], text);
    assert!(stderr(&solved).ends_with("5 scenarios, 5 lengths checked, 0 differ from the file\n"));
    assert_eq!(solved.status.code(), Some(0));
}

/// A file of `text` named `name` in a folder of this test's own.
fn temporary_file(name: &str, text: &str) -> String {
    let folder = std::env::temp_dir().join(format!("statespace-grid-test-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn map_files_that_lie_or_do_not_fit_are_refused_with_one_line() {
    let taller = temporary_file("taller.map", &format!("{MAP}....\n"));
    let scen = temporary_file(
        "taller.map.scen",
        "version 1\n0\ttaller.map\t4\t3\t0\t0\t3\t0\t3\n",
    );
    let output = run(&["solve", "grid", "--map", &taller, "--scen", &scen], "");
    assert_eq!(
        stderr(&output),
        format!("statespace: {taller}: line 8: a row past the map's 3 (the header's height)\n")
    );
    assert_eq!(output.status.code(), Some(2));

    let map = temporary_file("small.map", MAP);
    let other = temporary_file(
        "other.map.scen",
        "version 1\n0\tsmall.map\t4\t3\t0\t0\t3\t0\t3\n0\tother.map\t4\t3\t0\t0\t3\t0\t3\n",
    );
    let output = run(&["solve", "grid", "--map", &map, "--scen", &other], "");
    assert_eq!(stdout(&output), "3.00000000 E E E\n");
    assert!(
        stderr(&output).contains(
            "line 3: the scenario is for the map \"other.map\", the map given is small.map"
        ),
        "{}",
        stderr(&output)
    );
    assert_eq!(output.status.code(), Some(2));

    let output = run(
        &["solve", "grid", "--map", &map, "--max-memory", "50"],
        "0 0 3 0\n",
    );
    assert_eq!(
        stderr(&output),
        "statespace: a map of 4 x 3 needs 84 bytes to search (7 bytes a cell), over the memory budget of 50 bytes (--max-memory)\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_bad_scenario_after_a_wrong_length_ends_the_run_in_one_line_after_the_summary() {
    let map = temporary_file("summary.map", MAP);
    let scen = temporary_file(
        "summary.map.scen",
        "version 1\n0\tsummary.map\t4\t3\t0\t0\t3\t0\t4\n0\tsummary.map\t4\t3\t0\t0\t9\t0\t3\n",
    );
    let output = run(&["solve", "grid", "--map", &map, "--scen", &scen], "");
    assert_eq!(stdout(&output), "3.00000000 E E E\n");
    assert_eq!(
        stderr(&output),
        "case 1: 3.00000000, the file records 4.00000000\n\
         1 scenarios, 1 lengths checked, 1 differ from the file\n\
         statespace: line 3: the goal (9, 0) is off the map of 4 x 3\n"
    );
    assert_eq!(output.status.code(), Some(2));
    // Alone, the bad line is the last one too.
    let output = run(&["solve", "grid"], &format!("{MAP}0 0 9 0\n"));
    assert_eq!(
        stderr(&output),
        "statespace: line 8: the goal (9, 0) is off the map of 4 x 3\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

/// Terrain (issue 49): water apart from land, `--cost` per letter, jump point search refused
/// on weighted maps, bad costs and unknown letters refused with exit code 2.
#[test]
fn terrain_costs_and_their_refusals() {
    let input =
        "type octile\nheight 3\nwidth 5\nmap\n..S..\n.WSW.\nWW...\n0 0 4 0\n0 2 1 1\n0 0 0 2\n";
    let plain = run(&["solve", "grid", "--algo", "jps+"], input);
    assert_eq!(
        stdout(&plain),
        "4.00000000 E E E E\n2.00000000 E N\nno path\n"
    );
    let weighted = run(&["solve", "grid", "--cost", "S=3,W=2"], input);
    assert_eq!(
        stdout(&weighted),
        "6.00000000 E E E E\n4.00000000 E N\nno path\n"
    );
    assert_eq!(weighted.status.code(), Some(0));
    let dijkstra = run(
        &["solve", "grid", "--cost", "S=3,W=2", "--algo", "dijkstra"],
        input,
    );
    assert_eq!(stdout(&dijkstra), stdout(&weighted));
    for algo in ["jps", "jps+"] {
        let refused = run(&["solve", "grid", "--cost", "W=2", "--algo", algo], input);
        assert_eq!(refused.status.code(), Some(2));
        assert_eq!(stdout(&refused), "");
        assert_eq!(
            stderr(&refused),
            "statespace: jump point search is not exact on weighted terrain (--cost W=2): use \
             --algo astar or dijkstra\n"
        );
    }
    for (cost, why) in [
        ("S=-1", "is not a whole number"),
        ("S=0", "a cost of 0 for 'S'"),
        ("S=NaN", "is not a whole number"),
        ("S=two", "is not a whole number"),
        ("S=1.5", "is not a whole number"),
        ("X=3", "'X' is not a map letter"),
        ("T=3", "'T' is blocked"),
    ] {
        let refused = run(&["solve", "grid", "--cost", cost], input);
        assert_eq!(refused.status.code(), Some(2), "{cost}");
        assert!(
            stderr(&refused).contains(why),
            "{cost}: {}",
            stderr(&refused)
        );
    }
    let unknown = run(
        &["solve", "grid"],
        "type octile\nheight 2\nwidth 2\nmap\n..\n.w\n0 0 1 0\n",
    );
    assert_eq!(unknown.status.code(), Some(2));
    assert_eq!(
        stderr(&unknown),
        "statespace: line 6: 'w' in column 2 is not a map cell (ground . G, swamp S, water W, \
         blocked @ O T)\n"
    );
}

/// Maps that change (issue 49): `--edits FILE` closes and opens cells before the scenarios
/// its lines name, every algorithm answering on the map as edited (a goal walled in: `no
/// path`); an edit off the map is one line naming its line, exit code 2.
#[test]
fn edits_between_scenarios() {
    let folder = std::env::temp_dir().join(format!("statespace-edits-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let map = folder.join("open.map");
    std::fs::write(
        &map,
        "type octile\nheight 3\nwidth 5\nmap\n.....\n.....\n.....\n",
    )
    .unwrap();
    let edits = folder.join("edits.txt");
    std::fs::write(
        &edits,
        "2 close 4 2\n# the goal again, and a wall\n3 open 4 2\n3 close 2 0 1 2\n",
    )
    .unwrap();
    let (map, edits) = (map.to_str().unwrap(), edits.to_str().unwrap());
    let scenarios = "0 0 4 2 4.82842712\n0 0 4 2\n0 0 4 2\n";
    for algo in ["astar", "dijkstra", "jps", "jps+"] {
        let tables = folder.join(format!("tables-{algo}"));
        let pdb_dir = tables.to_str().unwrap();
        let flags = ["--algo", algo, "--pdb-dir", pdb_dir];
        let output = solve_with_edits(map, edits, &flags, scenarios);
        // Paths of one length may differ by algorithm (ties): the lengths, then A*'s paths.
        let lengths: Vec<&str> = stdout(&output)
            .lines()
            .map(|line| line.split(' ').next().unwrap())
            .collect::<Vec<_>>();
        assert_eq!(lengths, ["4.82842712", "no", "5.41421356"], "{algo}");
        if algo == "astar" {
            assert_eq!(
                stdout(&output),
                "4.82842712 SE SE E E\nno path\n5.41421356 SE S E E E\n"
            );
        }
        assert_eq!(output.status.code(), Some(0), "{algo}: {}", stderr(&output));
    }
    let off = folder.join("off.txt");
    std::fs::write(&off, "1 open 0 0\n2 close 3 1 3 1\n").unwrap();
    let output = solve_with_edits(map, off.to_str().unwrap(), &[], scenarios);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        format!(
            "statespace: {}: line 2: the 3 x 1 cells from (3, 1) are off the map of 5 x 3\n",
            off.display()
        )
    );
    std::fs::remove_dir_all(&folder).unwrap();
}

/// `statespace solve grid --map MAP --edits EDITS FLAGS` on `input`.
fn solve_with_edits(map: &str, edits: &str, flags: &[&str], input: &str) -> std::process::Output {
    let mut arguments = vec!["solve", "grid", "--map", map, "--edits", edits];
    arguments.extend_from_slice(flags);
    run(&arguments, input)
}

/// Unit size (issue 49): `--size K` walks where a K x K unit fits, refused when larger than
/// the map or without a map file.
#[test]
fn units_larger_than_a_cell() {
    let map = repository_file("examples/grid.map");
    let scenarios = "8 0 10 4\n8 0 14 3\n";
    for algo in ["astar", "jps"] {
        let output = run(
            &[
                "solve", "grid", "--map", &map, "--size", "2", "--algo", algo,
            ],
            scenarios,
        );
        assert_eq!(stdout(&output), "4.82842712 SE SE S S\nno path\n", "{algo}");
        assert_eq!(output.status.code(), Some(0));
    }
    let large = run(&["solve", "grid", "--map", &map, "--size", "9"], scenarios);
    assert_eq!(large.status.code(), Some(2));
    assert_eq!(
        stderr(&large),
        "statespace: a unit of 9 x 9 on a map of 16 x 8: from 1 to the map's shorter side, please\n"
    );
    let mapless = run(&["solve", "grid", "--size", "2"], scenarios);
    assert_eq!(mapless.status.code(), Some(2));
}
