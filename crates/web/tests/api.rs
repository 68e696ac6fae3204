//! The JSON API over HTTP: every puzzle's shipped example answered as `statespace solve --json`
//! answers it, random boards, moves by hand, the caps, and a one-line error for each bad request.

mod common;

use std::sync::OnceLock;
use std::time::Duration;

use serde_json::{Value, json};
use statespace_puzzles::puzzle::CaseLimits;
use statespace_puzzles::registry::{self, PUZZLES};
use statespace_web::Caps;

use common::{encoded, get, post, post_json, start};

/// The server with the default caps, shared by the tests of this file.
fn server() -> &'static str {
    static SERVER: OnceLock<String> = OnceLock::new();
    SERVER.get_or_init(|| start(Caps::default()))
}

/// The judge's output for the first case of each shipped example; the registry's tests hold
/// the others, and every case here is compared with the registry's answer.
const FIRST_OUTPUTS: [(&str, &str); 5] = [
    ("rotation", "AC\n2\n"),
    ("eight", "dlurullddrurdllurdr\n"),
    ("sliding", "r\n"),
    ("solitaire", "YES\n"),
    ("four", "5\n"),
];

/// `report` without its timing, which differs from run to run.
fn untimed(mut report: Value) -> Value {
    report["stats"]["seconds"] = Value::Null;
    report
}

#[test]
fn health_answers() {
    assert_eq!(
        get(&format!("{}/api/health", server())),
        (200, r#"{"status":"ok"}"#.to_string())
    );
}

#[test]
fn every_puzzle_is_listed_with_its_about() {
    let (status, body) = get(&format!("{}/api/puzzles", server()));
    assert_eq!(status, 200);
    let listed: Value = serde_json::from_str(&body).unwrap();
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), PUZZLES.len());
    for (listed, entry) in listed.iter().zip(PUZZLES) {
        let about = entry.about();
        let mut expected = serde_json::to_value(about).unwrap();
        expected["cases"] = json!(entry.case_inputs(about.example.as_bytes()).unwrap());
        let mut offered = serde_json::to_value(entry.options()).unwrap();
        for option in offered.as_array_mut().unwrap() {
            if option["name"] == "threads" {
                option["server"] = json!("the server decides how many threads a search takes");
            }
        }
        expected["options"] = offered;
        expected["tables_without_layout"] = json!(about.name == "cube");
        assert_eq!(listed, &expected, "{}", about.name);
    }
    assert_eq!(listed[1]["name"], "eight");
    assert_eq!(listed[1]["algorithms"][0][0], "table");
    assert_eq!(listed[1]["cases"][0], "2 3 4 1 5 x 7 6 8\n");
    let heuristic = &listed[1]["options"][1];
    assert_eq!(
        (
            &heuristic["name"],
            &heuristic["kind"],
            &heuristic["default"]
        ),
        (&json!("heuristic"), &json!("choice"), &json!("conflicts"))
    );
    assert_eq!(heuristic["values"][1][0], "conflicts");
}

#[test]
fn every_example_case_is_answered_as_the_command_line_answers_it() {
    for (entry, (name, first)) in PUZZLES.iter().zip(FIRST_OUTPUTS) {
        let example = entry.about().example.as_bytes();
        let local = entry
            .solve(json!({}), example, &CaseLimits::default(), true)
            .unwrap();
        let cases = entry.case_inputs(example).unwrap();
        assert_eq!(cases.len(), local.len(), "{name}");
        for (number, (case, local)) in cases.iter().zip(local).enumerate() {
            let url = format!("{}/api/{name}/solve", server());
            let (status, report) = post_json(&url, &json!({"board": case, "steps": true}));
            assert_eq!(status, 200, "{name}: {report}");
            if number == 0 {
                assert_eq!(report["output"], first, "{name}");
            }
            let mut local = local.unwrap();
            local["case"] = json!(1);
            assert_eq!(untimed(report), untimed(local), "{name}: {case}");
        }
    }
}

#[test]
fn options_and_limits_go_with_the_board() {
    let url = format!("{}/api/sliding/solve", server());
    let (status, report) = post_json(&url, &json!({"board": "1 2 3 4 0 5", "size": "2x3"}));
    assert_eq!(status, 200);
    assert_eq!(report["output"], "r\n");
    assert!(report.get("steps").is_none(), "steps only when asked");
    let url = format!("{}/api/eight/solve", server());
    let request = json!({"board": "8 6 7 2 5 4 3 x 1", "algo": "idastar", "max_nodes": 10});
    let (status, report) = post_json(&url, &request);
    assert_eq!(status, 200);
    assert_eq!(report["output"], "stopped: node limit reached\n");
    assert_eq!(report["stats"]["expanded"], 10);
    // The playground's first algorithm for the cube is twophase: a 2x2x2 takes it too.
    let url = format!("{}/api/cube/solve", server());
    let request = json!({"board": "R U2 F'", "size": "2", "algo": "twophase"});
    let (status, report) = post_json(&url, &request);
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["output"], "F U2 R'\n");
}

#[test]
fn random_boards_are_one_case_drawn_from_the_seed() {
    let (status, body) = get(&format!("{}/api/sliding/random?size=3x4&seed=3", server()));
    assert_eq!(status, 200);
    let answer: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        answer,
        json!({"board": "size 3x4\n8 11 0 10 6 5 3 1 2 4 9 7\n", "seed": 3})
    );
    for name in registry::names() {
        let (status, body) = get(&format!("{}/api/{name}/random?seed=5", server()));
        assert_eq!(status, 200, "{name}: {body}");
        let board = serde_json::from_str::<Value>(&body).unwrap()["board"].clone();
        let url = format!("{}/api/{name}/moves", server());
        let (status, position) = post_json(&url, &json!({"board": board}));
        assert_eq!(status, 200, "{name}: {position}");
        assert_eq!(position["case"], board, "{name}");
    }
}

#[test]
fn moves_by_hand_lead_to_boards_drawn() {
    let url = format!("{}/api/eight/moves", server());
    let (status, position) = post_json(&url, &json!({"board": "2 3 4 1 5 x 7 6 8"}));
    assert_eq!(status, 200);
    assert_eq!(position["board"], "2 3 4\n1 5 x\n7 6 8\n");
    let moves: Vec<&str> = position["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|played| played["move"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["d", "l", "u"]);
    assert_eq!(position["moves"][0]["case"], "2 3 4 1 5 8 7 6 x\n");
    assert_eq!(position["moves"][0]["board"], "2 3 4\n1 5 8\n7 6 x\n");
}

/// Each bad request, its status, and the start of its one-line message.
fn bad_requests() -> Vec<(&'static str, &'static str, String, u16, &'static str)> {
    let json = "application/json";
    vec![
        (
            "/api/eight/solve",
            json,
            r#"{"board": "#.into(),
            400,
            "Failed to parse the request body as JSON",
        ),
        (
            "/api/eight/solve",
            json,
            "{}".into(),
            422,
            "Failed to deserialize the JSON body into the target type: missing field `board`",
        ),
        (
            "/api/eight/solve",
            "text/plain",
            r#"{"board": "x"}"#.into(),
            415,
            "Expected request with `Content-Type: application/json`",
        ),
        (
            "/api/chess/solve",
            json,
            r#"{"board": "e4"}"#.into(),
            404,
            "unknown puzzle \"chess\": the puzzles are rotation, eight, sliding, solitaire, four",
        ),
        (
            "/api/eight/solve",
            json,
            format!(r#"{{"board": "{}"}}"#, "1 ".repeat(40_000)),
            413,
            "the body is larger than 65536 bytes",
        ),
        (
            "/api/eight/solve",
            json,
            r#"{"board": "1 2 3 4 5 6 7 8"}"#.into(),
            400,
            "line 1: the last case has only 8 of 9 tiles",
        ),
        (
            "/api/eight/solve",
            json,
            r#"{"board": "1 2 3 4 5 6 7 7 x"}"#.into(),
            400,
            "line 1: 7 appears twice in one case",
        ),
        (
            "/api/eight/solve",
            json,
            r#"{"board": "1 2 3 4 5 6 7 8 x\n1 2 3 4 5 6 7 x 8"}"#.into(),
            400,
            "line 2: more than one case: one at a time, please",
        ),
        (
            "/api/eight/solve",
            json,
            r#"{"board": ""}"#.into(),
            400,
            "line 1: no case in the input",
        ),
        (
            "/api/rotation/solve",
            json,
            r#"{"board": "1 2 3\n0"}"#.into(),
            400,
            "line 1: the board starting on line 1 ends after 3 of its 24 numbers",
        ),
        (
            "/api/eight/solve",
            json,
            r#"{"board": "1 2 3 4 5 6 7 8 x", "algo": "guess"}"#.into(),
            400,
            "bad options: unknown variant `guess`",
        ),
        (
            "/api/eight/solve",
            json,
            r#"{"board": "1 2 3 4 5 6 7 8 x", "colour": "red"}"#.into(),
            400,
            "bad options: unknown field `colour`",
        ),
        (
            "/api/sliding/solve",
            json,
            r#"{"board": "1 2 3 0", "pdb_dir": "/"}"#.into(),
            400,
            "option \"pdb_dir\" is not taken here",
        ),
        (
            "/api/grid/solve",
            json,
            r#"{"board": "0 0 1 1", "map": "/etc/passwd"}"#.into(),
            400,
            "option \"map\" is not taken here",
        ),
        (
            "/api/grid/solve",
            json,
            r#"{"board": "0 0 1 1", "edits": "/etc/passwd"}"#.into(),
            400,
            "option \"edits\" is not taken here",
        ),
        (
            "/api/grid/solve",
            json,
            r#"{"board": "type octile\nheight 1\nwidth 2\nmap\n..\n0 0 1 0\n", "cost": "S=0"}"#
                .into(),
            400,
            "bad options: a cost of 0 for 'S'",
        ),
        (
            "/api/eight/moves",
            json,
            r#"{"board": "1 2"}"#.into(),
            400,
            "line 1: the last case has only 2 of 9 tiles",
        ),
    ]
}

#[test]
fn every_bad_request_gets_its_status_and_a_one_line_message() {
    for (path, content_type, body, status, message) in bad_requests() {
        let (got, answer) = post(&format!("{}{path}", server()), content_type, &body);
        let answer: Value = serde_json::from_str(&answer).unwrap();
        let error = answer["error"].as_str().expect("an error message");
        assert_eq!(got, status, "{path} {body:.60}: {error}");
        assert!(error.starts_with(message), "{path} {body:.60}: {error}");
        assert!(!error.contains('\n'), "{error}");
    }
    for (path, status, message) in [
        (
            "/api/eight/random?seed=x",
            400,
            "seed \"x\" is not a number",
        ),
        ("/api/chess/random", 404, "unknown puzzle \"chess\""),
        (
            "/api/rotation/random?min_moves=14",
            400,
            "no board needs more than 13 moves",
        ),
        ("/nowhere", 404, "no such page"),
    ] {
        let (got, answer) = get(&format!("{}{path}", server()));
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(got, status, "{path}: {answer}");
        assert!(
            answer["error"].as_str().unwrap().starts_with(message),
            "{answer}"
        );
    }
}

#[test]
fn the_caps_bound_what_a_request_asks() {
    let caps = Caps {
        max_nodes: 100,
        ..Caps::default()
    };
    let url = format!("{}/api/eight/solve", start(caps));
    let request = json!({"board": "8 6 7 2 5 4 3 x 1", "algo": "bfs", "max_nodes": 1_000_000});
    let (status, report) = post_json(&url, &request);
    assert_eq!(status, 200);
    assert_eq!(report["stopped"], "node limit reached");
    assert_eq!(report["stats"]["expanded"], 100);
}

#[test]
fn searches_beyond_the_cap_wait_then_get_503() {
    let caps = Caps {
        searches: 1,
        wait: Duration::from_millis(100),
        ..Caps::default()
    };
    let base = start(caps);
    let (_, body) = get(&format!(
        "{base}/api/sliding/random?size=5x5&solvable=true&seed=1"
    ));
    let board = serde_json::from_str::<Value>(&body).unwrap()["board"].clone();
    let url = format!("{base}/api/sliding/solve");
    let slow = json!({"board": board, "algo": "idastar", "time_limit": 1.5});
    let running = std::thread::spawn(move || post_json(&url, &slow));
    std::thread::sleep(Duration::from_millis(400));
    let (status, answer) = post_json(
        &format!("{base}/api/eight/solve"),
        &json!({"board": "1 2 3 4 5 6 7 x 8"}),
    );
    assert_eq!(status, 503, "{answer}");
    assert_eq!(
        answer["error"],
        "busy: every search slot is taken, try again in a moment"
    );
    assert_eq!(
        get(&format!("{base}/api/health")).0,
        200,
        "health waits for no search"
    );
    let (status, report) = running.join().unwrap();
    assert_eq!(status, 200);
    assert_eq!(report["stopped"], "time limit reached");
    let (status, _) = post_json(
        &format!("{base}/api/eight/solve"),
        &json!({"board": "1 2 3 4 5 6 7 x 8"}),
    );
    assert_eq!(status, 200, "the slot is free again");
}

#[test]
fn the_page_and_its_files_are_served_from_the_binary() {
    for (path, marker) in [
        ("/", r#"<script src="/playground.js"></script>"#),
        ("/playground.js", "async function solve()"),
        ("/playground.css", "#board svg"),
    ] {
        let (status, body) = get(&format!("{}{path}", server()));
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(marker), "{path}");
    }
}

/// What `GET /api/sliding/tables` says for `options`.
fn tables_of(server: &str, options: &Value) -> Value {
    let url = format!(
        "{server}/api/sliding/tables?options={}",
        encoded(&options.to_string())
    );
    let (status, body) = get(&url);
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

#[test]
fn pattern_databases_are_built_on_request_then_solve() {
    let folder = std::env::temp_dir().join(format!("statespace-web-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let server = common::start_in(Caps::default(), folder.clone());
    let layout = json!({"size": "4x4", "pdb": "555"});
    // Korf's instance 55 with the blank last: 41 moves.
    let board = "5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3";
    let solve = json!({"board": board, "size": "4x4", "pdb": "555"});

    let before = tables_of(&server, &layout);
    let tables = before["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 3);
    assert!(tables.iter().all(|table| table["cached"] == false));
    assert_eq!(tables[0]["bytes"], 524_160, "16!/11! entries of a byte");
    assert_eq!(before["build"]["running"], false);
    let (status, refused) = post_json(&format!("{server}/api/sliding/solve"), &solve);
    assert_eq!(status, 409);
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("are not built yet"),
        "{refused}"
    );

    let (status, started) = post_json(&format!("{server}/api/sliding/tables"), &layout);
    assert_eq!(status, 202, "{started}");
    assert_eq!(started["build"]["running"], true);
    let (status, busy) = post_json(&format!("{server}/api/sliding/tables"), &layout);
    assert_eq!(
        (status, busy["error"].as_str().unwrap()),
        (409, "a table build is running: wait for it to end")
    );
    let waited = std::time::Instant::now();
    let after = loop {
        let status = tables_of(&server, &layout);
        if status["build"]["running"] == false {
            break status;
        }
        assert!(waited.elapsed() < Duration::from_secs(120), "{status}");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(after["build"]["error"], Value::Null, "{after}");
    let path = folder.to_str().unwrap();
    for listing in [&before, &started, &after] {
        assert!(!listing.to_string().contains(path), "{listing}");
    }
    assert_eq!(after["build"]["options"], layout, "as the client gave them");
    let notes = after["build"]["notes"].as_array().unwrap();
    let built = notes
        .iter()
        .filter(|note| note.as_str().unwrap().starts_with("built "))
        .count();
    assert_eq!((notes.len(), built), (6, 3), "{after}");
    let tables = after["tables"].as_array().unwrap();
    assert!(
        tables.iter().all(|table| table["cached"] == true),
        "{after}"
    );

    let (status, report) = post_json(&format!("{server}/api/sliding/solve"), &solve);
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["summary"], "41 moves");
    let (status, report) = post_json(
        &format!("{server}/api/sliding/solve"),
        &json!({"board": board, "size": "4x4", "algo": "idastar"}),
    );
    assert_eq!((status, &report["summary"]), (200, &json!("41 moves")));

    for (path, request, message) in [
        (
            "tables",
            json!({"size": "4x4"}),
            "these options need no tables",
        ),
        (
            "tables",
            json!({"size": "3x3", "pdb": "555"}),
            "no table layout 555 for 3x3 boards",
        ),
        (
            "solve",
            json!({"board": board, "pdb": "555"}),
            "a table layout (pdb) needs the board's size (size) here",
        ),
    ] {
        let (status, refused) = post_json(&format!("{server}/api/sliding/{path}"), &request);
        assert_eq!(status, 400, "{request}");
        let error = refused["error"].as_str().unwrap();
        assert!(error.contains(message), "{request}: {error}");
    }
    std::fs::remove_dir_all(&folder).unwrap();
}

/// Asked with `search: true`, a grid answer carries what its search did as bitmaps of the map (a
/// hexadecimal digit per four cells): the cells expanded by every algorithm, and the jump points
/// found by jump point search; its size is the map's, whatever the search did.
#[test]
fn grid_answers_show_their_search_as_bitmaps_of_the_map() {
    let entry = registry::find("grid").unwrap();
    let board = &entry.case_inputs(entry.about().example.as_bytes()).unwrap()[1];
    let url = format!("{}/api/grid/solve", server());
    for (algo, jumps) in [
        ("astar", false),
        ("dijkstra", false),
        ("jps", true),
        ("jps+", true),
    ] {
        let request = json!({"board": board, "algo": algo, "search": true});
        let (status, report) = post_json(&url, &request);
        assert_eq!(status, 200, "{report}");
        let search = &report["answer"]["search"];
        assert_eq!(
            (&search["width"], &search["height"]),
            (&json!(16), &json!(8))
        );
        assert_eq!(search["expanded"].as_str().unwrap().len(), 16 * 8 / 4);
        assert_eq!(
            search["expanded_cells"], report["stats"]["expanded"],
            "{algo}"
        );
        let jump_points = search["jump_points"].as_str();
        assert_eq!(jump_points.map(str::len), jumps.then_some(32), "{algo}");
        assert_eq!(
            search["jump_point_cells"].as_u64().unwrap() > 0,
            jumps,
            "{algo}"
        );
        let (status, plain) = post_json(&url, &json!({"board": board, "algo": algo}));
        assert_eq!(status, 200);
        assert_eq!(plain["answer"].get("search"), None, "only when asked");
        assert_eq!(plain["answer"]["moves"], report["answer"]["moves"]);
    }
    // As large a map as a request body carries (250 x 250, 63 KB): the answer is its bitmaps.
    let side = 250;
    let board = common::walled_grid(side, 10);
    let request = json!({"board": board, "algo": "jps", "search": true});
    let (status, body) = common::post(&url, "application/json", &request.to_string());
    assert_eq!(status, 200, "{body}");
    assert!(
        body.len() < 2 * side * side / 4 + 4096,
        "{} bytes",
        body.len()
    );
    let report: Value = serde_json::from_str(&body).unwrap();
    let search = &report["answer"]["search"];
    assert_eq!(
        search["jump_points"].as_str().unwrap().len(),
        side * side / 4
    );
    assert!(search["jump_point_cells"].as_u64().unwrap() > 0);
}
