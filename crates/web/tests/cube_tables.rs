//! The cube's tables on the playground over HTTP: the optimal solver's built through the tables
//! flow into the server's folder (never inside a search), then shared by the solvers of every
//! longest answer; the two-phase search's built in memory, once.

mod common;

use std::time::Duration;

use serde_json::{Value, json};
use statespace_web::Caps;

use common::{encoded, get, post_json};

/// What `GET /api/cube/tables` says for `options`.
fn cube_tables(server: &str, options: &Value) -> Value {
    let url = format!(
        "{server}/api/cube/tables?options={}",
        encoded(&options.to_string())
    );
    let (status, body) = get(&url);
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

#[test]
fn the_cubes_tables_are_built_through_the_tables_flow_and_shared() {
    let folder = std::env::temp_dir().join(format!("statespace-web-cube-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let server = common::start_in(Caps::default(), folder.clone());
    let solve_url = format!("{server}/api/cube/solve");
    let optimal = json!({"algo": "optimal"});
    let listed = |cached: bool| {
        json!([
            {"name": "cube-3x3x3-corners", "bytes": 3_656_664, "cached": cached},
            {"name": "cube-3x3x3-phase1", "bytes": 83_787_165, "cached": cached},
        ])
    };
    // Not built inside a search: refused, pointing at the build.
    assert_eq!(cube_tables(&server, &optimal)["tables"], listed(false));
    let (status, refused) = post_json(
        &solve_url,
        &json!({"board": "R U2 F' D L B", "algo": "optimal"}),
    );
    assert_eq!(
        (status, refused["error"].as_str().unwrap()),
        (
            409,
            "tables cube-3x3x3-corners, cube-3x3x3-phase1 are not built yet: build them first \
             (POST /api/cube/tables)"
        )
    );
    // Built in the background into the folder of tables.
    let (status, started) = post_json(&format!("{server}/api/cube/tables"), &optimal);
    assert_eq!(status, 202, "{started}");
    let waited = std::time::Instant::now();
    let after = loop {
        let status = cube_tables(&server, &optimal);
        if status["build"]["running"] == false {
            break status;
        }
        assert!(waited.elapsed() < Duration::from_secs(120), "{status}");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(after["build"]["error"], Value::Null, "{after}");
    assert_eq!(after["tables"], listed(true));
    for file in ["cube-3x3x3-corners.pdb", "cube-3x3x3-phase1.pdb"] {
        assert!(folder.join(file).exists(), "{file}");
    }
    // Each longest answer is a solver of its own, all on the same tables.
    for max_length in [5, 6, 7, 8, 9, 10, 11, 12, 13, 14] {
        let request =
            json!({"board": "R U2 F' D L B", "algo": "optimal", "max_length": max_length});
        let (status, report) = post_json(&solve_url, &request);
        let expected = if max_length < 6 {
            "no solution within 5 moves\n"
        } else {
            "B' L' D' F U2 R'\n"
        };
        assert_eq!(
            (status, report["output"].as_str().unwrap()),
            (200, expected)
        );
    }
    // The two-phase search needs no folder: its pair tables are built in memory, once.
    assert_eq!(cube_tables(&server, &json!({}))["tables"], json!([]));
    for probes in [0, 1, 2] {
        let request = json!({"board": "R U2 F' D L B", "probes": probes});
        let (status, report) = post_json(&solve_url, &request);
        assert_eq!(
            (status, report["output"].as_str().unwrap()),
            (200, "B' L' D' F U2 R'\n")
        );
    }
    // Tables the options would not use are refused, not ignored.
    let (status, refused) = post_json(&solve_url, &json!({"board": "R", "tables": "large"}));
    assert_eq!(
        (status, refused["error"].as_str().unwrap()),
        (
            400,
            "--tables is for the optimal 3x3x3 solver (--algo optimal, --size 3)"
        )
    );
    let _ = std::fs::remove_dir_all(&folder);
}
