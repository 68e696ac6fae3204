//! Every puzzle's `--json` objects follow one schema, `schema/case.schema.json`: each shipped
//! example, by every algorithm the puzzle lists, with and without the boards along the answer,
//! through the registry that `statespace solve --json` and the playground answer with. Each
//! step's heading is `move N: NAME`, NAME the move's name in the answer's `moves`.

use std::time::Duration;

use jsonschema::Validator;
use serde_json::{Value, json};
use statespace_puzzles::puzzle::CaseLimits;
use statespace_puzzles::registry::PUZZLES;

/// The schema, ready to validate.
fn validator() -> Validator {
    let schema: Value = serde_json::from_str(include_str!("../schema/case.schema.json"))
        .expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

/// Why `report` breaks the schema, if it does.
fn violations(validator: &Validator, report: &Value) -> Vec<String> {
    validator
        .iter_errors(report)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect()
}

/// The steps' moves and headings agree with the answer's moves.
fn check_steps(name: &str, report: &Value) {
    let steps = report["steps"].as_array().expect("steps were asked for");
    let named: Vec<&Value> = steps[1..].iter().map(|step| &step["move"]).collect();
    for (number, step) in steps.iter().enumerate().skip(1) {
        let title = format!("move {number}: {}", step["move"].as_str().unwrap());
        assert_eq!(step["title"], title, "{name}");
    }
    let moves = &report["answer"]["moves"];
    match moves.as_array() {
        Some(moves) => assert_eq!(named, moves.iter().collect::<Vec<_>>(), "{name}"),
        None => assert!(named.is_empty(), "{name}: steps without moves"),
    }
}

#[test]
fn every_puzzle_answers_in_the_schema() {
    let validator = validator();
    // Searches that would take long on the examples' hardest cases stop, and a stopped case
    // must follow the schema too.
    let limits = CaseLimits {
        max_nodes: Some(200_000),
        time_limit: Some(Duration::from_secs(5)),
        max_memory: Some(1 << 30),
    };
    for entry in PUZZLES {
        let about = entry.about();
        let mut checked = 0;
        for &(algo, _) in about.algorithms {
            for steps in [false, true] {
                let example = about.example.as_bytes();
                let reports = entry
                    .solve(json!({ "algo": algo }), example, &limits, steps)
                    .unwrap_or_else(|error| panic!("{} --algo {algo}: {error}", about.name));
                for report in reports {
                    // Sliding's table is refused on the example's 4x4 boards, at the first.
                    let report = match report {
                        Ok(report) => report,
                        Err(error) if error.to_string().contains("at most 10 cells") => continue,
                        Err(error) => panic!("{} --algo {algo}: {error}", about.name),
                    };
                    let wrong = violations(&validator, &report);
                    assert!(
                        wrong.is_empty(),
                        "{} --algo {algo}: {wrong:?}\n{report}",
                        about.name
                    );
                    assert_eq!(report.get("steps").is_some(), steps, "{}", about.name);
                    if steps && !report["answer"].is_null() {
                        check_steps(about.name, &report);
                    }
                    checked += 1;
                }
            }
        }
        assert!(
            checked >= about.algorithms.len(),
            "{}: {checked} reports",
            about.name
        );
    }
}

#[test]
fn the_schema_refuses_the_shapes_it_replaced() {
    let validator = validator();
    let report = |answer: Value| {
        json!({"case": 1, "output": "5\n", "summary": "5 moves", "answer": answer,
               "stopped": null,
               "stats": {"expanded": 0, "generated": 0, "stored": 0, "seconds": 0.0, "layers": []}})
    };
    let accepted = report(json!({"moves": ["2,4-1,4"], "first": "B"}));
    assert!(violations(&validator, &accepted).is_empty());
    // Four's count of moves, solitaire's cell indices, grid's path of steps and length.
    for old in [
        json!({"moves": 5, "solution": {"first": "B", "moves": [{"from": 7, "to": 3}]}}),
        json!({"moves": [{"from": 28, "to": 29}], "summary": "1 move"}),
        json!({"path": [["E"], {"straight": 1, "diagonal": 0}]}),
    ] {
        assert!(
            !violations(&validator, &report(old.clone())).is_empty(),
            "{old}"
        );
    }
    let mut titled = report(json!({"moves": ["r"]}));
    titled["steps"] = json!([
        {"move": null, "title": "start", "board": "x 1\n"},
        {"move": "r", "title": "after move 1 (r)", "board": "1 x\n"},
    ]);
    assert!(!violations(&validator, &titled).is_empty());
}
