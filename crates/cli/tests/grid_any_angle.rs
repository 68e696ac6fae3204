//! Any-angle paths through `statespace solve grid` (issue 49): `--algo theta` (Theta*) and
//! `--smooth` (A*'s path string-pulled), printed as the Euclidean length and the waypoints,
//! checked to be no longer than the file's octile optimum, refused where sight between cells
//! cannot judge a path.

mod common;

use common::{run, stderr, stdout};

/// A file of the repository, by its path from the root.
fn repository_file(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// Theta*'s paths on `examples/grid.map.scen`: each no longer than the file's octile optimum
/// (15, 14.24264069, 19.65685425, 26.24264069).
const EXAMPLE_THETA: &str = "15.00000000 0,0 15,0
13.84161925 3,2 9,2 12,4 14,4 15,6
19.16227766 0,0 8,0 11,4 14,4 15,7
26.00000000 1,7 1,0 8,0 11,4 14,4 14,6 13,6 13,7
";

/// `solve grid --map examples/grid.map --scen examples/grid.map.scen` with `flags`.
fn example(flags: &[&str]) -> std::process::Output {
    let (map, scen) = (
        repository_file("examples/grid.map"),
        repository_file("examples/grid.map.scen"),
    );
    let mut arguments = vec!["solve", "grid", "--map", &map, "--scen", &scen];
    arguments.extend_from_slice(flags);
    run(&arguments, "")
}

#[test]
fn theta_and_smoothing_print_waypoints_no_longer_than_the_files_optima() {
    for flags in [
        &["--algo", "theta"][..],
        &["--smooth"],
        &["--algo", "jps", "--smooth"],
    ] {
        let output = example(flags);
        assert_eq!(stdout(&output), EXAMPLE_THETA, "{flags:?}");
        assert_eq!(
            stderr(&output),
            "4 scenarios, 4 lengths checked, 0 differ from the file\n"
        );
        assert_eq!(output.status.code(), Some(0));
    }
    let stats = example(&["--algo", "theta", "--stats"]);
    let lines: Vec<_> = stderr(&stats).lines().map(str::to_string).collect();
    assert!(
        lines[0].starts_with("case 1: 1 segment, length 15.00000000, 15 expanded, "),
        "{}",
        lines[0]
    );
    assert!(lines[3].starts_with("case 4: 7 segments, length 26.00000000, 56 expanded, "));
}

#[test]
fn a_cut_corner_shorter_than_the_octile_path_and_no_path() {
    let input = "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n..@.\n\
                 0 0 3 2 4.41421356\n0 0 3 0 3\n";
    let output = run(&["solve", "grid", "--algo", "theta"], input);
    assert_eq!(
        stdout(&output),
        "4.23606798 0,0 2,0 3,2\n3.00000000 0,0 3,0\n"
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let walled = run(
        &["solve", "grid", "--algo", "theta"],
        "type octile\nheight 1\nwidth 4\nmap\n..@.\n0 0 3 0\n",
    );
    assert_eq!(stdout(&walled), "no path\n");
    // Longer than the file's optimum: a difference, as for any algorithm.
    let longer = run(
        &["solve", "grid", "--algo", "theta"],
        "type octile\nheight 1\nwidth 4\nmap\n....\n0 0 3 0 2.5\n",
    );
    assert_eq!(stdout(&longer), "3.00000000 0,0 3,0\n");
    assert!(stderr(&longer).contains("case 1: 3.00000000, the file records 2.50000000"));
    assert_eq!(longer.status.code(), Some(1));
}

#[test]
fn json_and_trace_show_the_waypoints() {
    let input = "type octile\nheight 1\nwidth 4\nmap\n....\n0 0 3 0\n";
    let theta = run(&["solve", "grid", "--algo", "theta", "--json"], input);
    assert!(
        stdout(&theta).contains(
            r#""summary":"1 segment, length 3.00000000","answer":{"moves":["3,0"],"length":3.0,"waypoints":[[0,0],[3,0]]}"#
        ),
        "{}",
        stdout(&theta)
    );
    let smooth = run(&["solve", "grid", "--smooth", "--json"], input);
    assert!(
        stdout(&smooth)
            .contains(r#""answer":{"moves":["E","E","E"],"length":3.0,"waypoints":[[0,0],[3,0]]}"#),
        "{}",
        stdout(&smooth)
    );
    let trace = run(&["solve", "grid", "--algo", "theta", "--trace"], input);
    assert_eq!(stdout(&trace), "3.00000000 0,0 3,0\n");
    assert!(
        stderr(&trace)
            .starts_with("case 1: 1 segment, length 3.00000000\nstart\n*..G\nmove 1: 3,0\n...*\n"),
        "{}",
        stderr(&trace)
    );
}

#[test]
fn costs_units_and_four_neighbours_are_refused_in_one_line() {
    let refusals = [
        (
            &["--algo", "theta", "--cost", "S=3"][..],
            "any-angle paths are for maps of one cost, not --cost S=3",
        ),
        (
            &["--smooth", "--cost", "W=2"],
            "any-angle paths are for maps of one cost, not --cost W=2",
        ),
        (
            &["--algo", "theta", "--size", "2"],
            "any-angle paths are for units of one cell, not 2 x 2",
        ),
        (
            &["--smooth", "--connect", "4"],
            "any-angle paths follow eight-connected rules: use --connect 8",
        ),
        (
            &["--algo", "theta", "--connect", "4"],
            "any-angle paths follow eight-connected rules: use --connect 8",
        ),
    ];
    for (flags, refusal) in refusals {
        let output = example(flags);
        assert_eq!(output.status.code(), Some(2), "{flags:?}");
        assert_eq!(stdout(&output), "");
        assert_eq!(stderr(&output), format!("statespace: {refusal}\n"));
    }
}
