//! Every registered puzzle parses, solves and prints its shipped example through the registry,
//! as the playground and the benchmark runner reach them.

use serde_json::{Value, json};
use statespace_puzzles::puzzle::CaseLimits;
use statespace_puzzles::registry::{self, PUZZLES};

/// The judge's output for each shipped example.
const EXPECTED: [(&str, &str); 11] = [
    ("rotation", "AC\n2\nDDHH\n2\n"),
    (
        "eight",
        "dlurullddrurdllurdr\nrdr\nunsolvable\n\nlurdrulurdlldrrululddruulddrurd\n",
    ),
    (
        "sliding",
        "r\nurrrddd\nunsolvable\nuruldrrddllurdluuurddrdlluuurddlulurrdrdd\n\
         urddrruluulldrrulldrdruurdluldlddrruuurddd\n",
    ),
    ("solitaire", "YES\nNO\nYES\nYES\n"),
    ("four", "5\n7\n7\n6\n0\n-1\n"),
    (
        "grid",
        "15.00000000 E E E E E E E E E E E E E E E\n\
         19.65685425 E E E E E E E E SE SE SE S E E E SE S S\n\
         14.24264069 E E E E E E SE SE E E E SE S\n\
         26.24264069 N N N N N N N E E E E E E E SE SE SE S E E E S S W S\n\
         no path\n0.00000000\n",
    ),
    ("pancake", "3 2\n\n5\n3 7 8 7 5 4 3 2\n\n"),
    ("cube", "F U2 R'\n\nB2 L' D F U2 R'\nD\n"),
    (
        "hanoi",
        "1-3 1-2 1-4 2-4 3-4\n\
         1-4 1-3 4-3 1-4 1-2 4-2 3-4 3-2 4-2 1-3 1-4 3-4 1-3 4-1 4-3 1-3 1-4 3-4 3-1 4-1 3-4 1-3 \
         2-3 1-4 2-1 3-1 3-4 2-3 2-4 3-4 1-3 1-4 3-4\n\
         \n\
         2-4 1-2 4-1\n\
         3-4 1-2 3-2 4-2 1-3 4-3 2-3 1-4 2-4 3-4 2-1 2-3 1-3 4-3 2-1 4-2 4-1 3-2 3-4 3-1\n",
    ),
    ("topspin", "1\n\nunsolvable\n1 2 5 2 5 11 12 11 2\n"),
    (
        "psvn",
        "\nLEFT_1\nLEFT_4 UP_3\nunsolvable\n\
         UP_5 LEFT_2 LEFT_1 DOWN_0 RIGHT_3 RIGHT_4 DOWN_5 LEFT_8 UP_7 UP_4 LEFT_1 DOWN_0 DOWN_3 \
         RIGHT_6 UP_7 UP_4 LEFT_1\n",
    ),
];

fn outputs(reports: &[Value]) -> String {
    reports
        .iter()
        .map(|report| report["output"].as_str().expect("an output"))
        .collect()
}

#[test]
fn every_puzzle_solves_its_shipped_example() {
    let names: Vec<&str> = EXPECTED.iter().map(|(name, _)| *name).collect();
    assert_eq!(registry::names(), names);
    for (entry, (name, expected)) in PUZZLES.iter().zip(EXPECTED) {
        let about = entry.about();
        assert_eq!(about.name, name);
        assert!(!about.algorithms.is_empty(), "{name}");
        let reports = entry
            .solve(
                json!({}),
                about.example.as_bytes(),
                &CaseLimits::default(),
                true,
            )
            .unwrap_or_else(|error| panic!("{name}: {error}"));
        let reports: Vec<Value> = reports
            .into_iter()
            .map(|report| report.unwrap_or_else(|error| panic!("{name}: {error}")))
            .collect();
        assert_eq!(outputs(&reports), expected, "{name}");
        for (number, report) in reports.iter().enumerate() {
            assert_eq!(report["case"], number + 1, "{name}");
            let steps = report["steps"].as_array().expect("steps were asked for");
            assert!(steps[0]["move"].is_null(), "{name}");
            assert!(
                steps[0]["title"].as_str().unwrap().starts_with("start"),
                "{name}"
            );
            assert!(
                steps[1..].iter().all(|step| step["move"].is_string()),
                "{name}"
            );
        }
    }
}

#[test]
fn each_case_stands_alone_as_an_input() {
    for (entry, (name, expected)) in PUZZLES.iter().zip(EXPECTED) {
        let example = entry.about().example.as_bytes();
        let inputs = entry.case_inputs(example).unwrap();
        let one_by_one: String = inputs
            .iter()
            .map(|input| {
                let reports = entry
                    .solve(json!({}), input.as_bytes(), &CaseLimits::default(), false)
                    .unwrap();
                assert_eq!(reports.len(), 1, "{name}: {input:?}");
                outputs(&[reports[0].clone().unwrap()])
            })
            .collect();
        assert_eq!(one_by_one, expected, "{name}");
    }
}

#[test]
fn options_and_limits_come_as_json() {
    let eight = registry::find("eight").unwrap();
    let board = b"8 6 7 2 5 4 3 x 1\n";
    let limits = CaseLimits {
        max_nodes: Some(10),
        ..CaseLimits::default()
    };
    let reports = eight
        .solve(json!({"algo": "idastar"}), board, &limits, false)
        .unwrap();
    let report = reports[0].as_ref().unwrap();
    assert_eq!(report["output"], "stopped: node limit reached\n");
    assert_eq!(report["stopped"], "node limit reached");
    assert_eq!(report["answer"], Value::Null);
    let error = eight
        .solve(json!({"algo": "sideways"}), board, &limits, false)
        .unwrap_err();
    assert!(error.to_string().starts_with("bad options: "), "{error}");
    let sliding = registry::find("sliding").unwrap();
    let reports = sliding
        .solve(
            json!({"size": "2x3"}),
            b"1 2 3 4 0 5\n",
            &CaseLimits::default(),
            false,
        )
        .unwrap();
    let report = reports[0].as_ref().unwrap();
    assert_eq!(report["answer"]["moves"], json!(["r"]));
    assert_eq!(report["summary"], "1 move");
}

#[test]
fn random_cases_come_from_every_puzzle() {
    for entry in PUZZLES {
        let name = entry.about().name;
        let text = entry.generate(json!({}), 3, 7).unwrap();
        assert_eq!(text, entry.generate(json!({}), 3, 7).unwrap(), "{name}");
        let inputs = entry.case_inputs(text.as_bytes()).unwrap();
        assert_eq!(inputs.len(), 3, "{name}: {text}");
    }
    assert!(
        registry::find("rotation")
            .unwrap()
            .generate(json!({"min_moves": 14}), 1, 1)
            .is_err()
    );
}

#[test]
fn a_malformed_case_ends_the_reports() {
    let rotation = registry::find("rotation").unwrap();
    let input = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 2 3\n";
    let reports = rotation
        .solve(json!({}), input.as_bytes(), &CaseLimits::default(), false)
        .unwrap();
    assert_eq!(reports.len(), 2);
    assert!(reports[0].is_ok());
    assert_eq!(
        reports[1].as_ref().unwrap_err().to_string(),
        "line 2: the board starting on line 2 ends after 3 of its 24 numbers"
    );
}

/// The number of states at each distance from the goals, by breadth-first search over ranks.
fn layers(space: &statespace_puzzles::puzzle::Space) -> Vec<u64> {
    let ranked = &space.ranked;
    let mut seen = vec![false; ranked.ranks() as usize];
    let mut layer: Vec<u64> = space.goals.clone();
    layer.iter().for_each(|&rank| seen[rank as usize] = true);
    let mut counts = Vec::new();
    let mut before = Vec::new();
    while !layer.is_empty() {
        counts.push(layer.len() as u64);
        before.clear();
        ranked.predecessors(&layer, &mut before);
        layer = before
            .iter()
            .copied()
            .filter(|&rank| !std::mem::replace(&mut seen[rank as usize], true))
            .collect();
    }
    counts
}

#[test]
fn spaces_are_explored_from_their_goals() {
    let eight = registry::find("eight")
        .unwrap()
        .space(json!({}))
        .unwrap()
        .unwrap();
    // The Eight puzzle's distances from the goal (OEIS A089473).
    let published = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529,
        10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];
    assert_eq!(layers(&eight), published);
    assert_eq!((eight.draw)(eight.goals[0]), "1 2 3\n4 5 6\n7 8 x\n");

    let sliding = registry::find("sliding").unwrap();
    let two_by_three = sliding.space(json!({"size": "2x3"})).unwrap().unwrap();
    assert_eq!(layers(&two_by_three).iter().sum::<u64>(), 360, "half of 6!");
    assert!(sliding.space(json!({})).is_err(), "a size is needed");
    assert!(
        sliding.space(json!({"size": "5x5"})).is_err(),
        "too many cells to rank"
    );

    // Every four-in-a-row position with a line reachable: 815,520 of 823,680 (README).
    let four = registry::find("four")
        .unwrap()
        .space(json!({}))
        .unwrap()
        .unwrap();
    assert_eq!(four.ranked.ranks(), 823_680);
    assert_eq!(layers(&four).iter().sum::<u64>(), 815_520);
    assert!((four.draw)(four.goals[0]).ends_with(" to move\n"));

    // Four pieces on 8×8: every placement, the goal drawn as the board.
    let solitaire = registry::find("solitaire").unwrap();
    let centre = solitaire
        .space(json!({"goal": "4 4 4 5 5 4 5 5"}))
        .unwrap()
        .unwrap();
    assert_eq!(centre.ranked.ranks(), 635_376);
    assert_eq!(
        layers(&centre).len(),
        23,
        "at most 22 moves from the centre"
    );
    assert_eq!(
        (centre.draw)(centre.goals[0]),
        "........\n........\n........\n...oo...\n...oo...\n........\n........\n........\n"
    );
    assert!(solitaire.space(json!({"goal": "1 1 1"})).is_err(), "odd");
    assert!(
        solitaire.space(json!({"pieces": "auto"})).is_err(),
        "no goal"
    );
}

/// A solver of puzzle `name` with the default options.
fn solver(name: &str) -> Box<dyn registry::Solver> {
    let entry = registry::find(name).unwrap();
    entry.solver(json!({}), &CaseLimits::default()).unwrap()
}

#[test]
fn one_case_is_solved_alone_and_more_are_refused() {
    let limits = CaseLimits::default();
    let mut eight = solver("eight");
    let report = eight
        .solve_one(b"1 2 3 4 5 6 7 x 8\n", &limits, true, u64::MAX)
        .unwrap();
    assert_eq!(report["output"], "r\n");
    assert_eq!(report["steps"][1]["board"], "1 2 3\n4 5 6\n7 8 x\n");
    let two = eight
        .solve_one(
            b"1 2 3 4 5 6 7 x 8\n1 2 3 4 5 6 7 8 x\n",
            &limits,
            false,
            u64::MAX,
        )
        .unwrap_err();
    assert_eq!(
        two.to_string(),
        "line 2: more than one case: one at a time, please"
    );
    let none = eight
        .solve_one(b"\n", &limits, false, u64::MAX)
        .unwrap_err();
    assert_eq!(none.to_string(), "line 1: no case in the input");
}

#[test]
fn steps_beyond_their_budget_are_refused_before_they_are_drawn() {
    let limits = CaseLimits::default();
    let mut eight = solver("eight");
    let hard = b"8 6 7 2 5 4 3 x 1\n";
    let report = eight.solve_one(hard, &limits, true, 1 << 20).unwrap();
    let steps = report["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 32, "31 moves and the start");
    let drawn = serde_json::to_string(&report["steps"]).unwrap().len() as u64;
    let refused = eight.solve_one(hard, &limits, true, drawn / 2).unwrap_err();
    assert!(
        refused
            .to_string()
            .starts_with("the boards along this solution (ask without steps) would take about"),
        "{refused}"
    );
    let without = eight.solve_one(hard, &limits, false, drawn / 2).unwrap();
    assert_eq!(without["steps"], Value::Null);
    assert_eq!(without["output"], report["output"]);
    // Half of it: the search's time, in the answer, differs from run to run by a few bytes.
    let half = serde_json::to_string(&without).unwrap().len() as u64 / 2;
    let refused = eight.solve_one(hard, &limits, false, half).unwrap_err();
    let message = refused.to_string();
    assert!(
        message.starts_with("the answer would take about "),
        "{message}"
    );
    assert!(
        message.ends_with(&format!(" bytes, more than the {half} allowed")),
        "{message}"
    );
}

#[test]
fn a_kept_solver_reads_each_input_on_its_own() {
    let limits = CaseLimits::default();
    let mut grid = solver("grid");
    let input = |row: &str| format!("type octile\nheight 1\nwidth 3\nmap\n{row}\n0 0 2 0\n");
    let open = grid
        .solve_one(input("...").as_bytes(), &limits, false, u64::MAX)
        .unwrap();
    assert_ne!(open["summary"], "no path");
    let walled = grid
        .solve_one(input(".@.").as_bytes(), &limits, false, u64::MAX)
        .unwrap();
    assert_eq!(walled["summary"], "no path", "the second map is read");
    let again = grid
        .solve_one(input("...").as_bytes(), &limits, false, u64::MAX)
        .unwrap();
    assert_eq!(again["output"], open["output"]);
}

/// Each puzzle's first example case, the moves a player may make from it by hand, and the case
/// the first of them leads to.
const HAND_MOVES: [(&str, &[&str], &str); 5] = [
    (
        "rotation",
        &["A", "B", "C", "D", "E", "F", "G", "H"],
        "1 1 3 1 3 2 2 2 3 1 3 2 2 3 1 2 2 2 3 1 3 1 1 3\n0\n",
    ),
    ("eight", &["d", "l", "u"], "2 3 4 1 5 8 7 6 x\n"),
    (
        "sliding",
        &["l", "r", "u"],
        "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15\n",
    ),
    (
        "solitaire",
        &[
            "4,4-3,4", "4,4-6,4", "4,4-4,3", "4,4-4,6", "4,5-3,5", "4,5-5,5", "4,5-4,3", "4,5-4,6",
            "5,4-3,4", "5,4-6,4", "5,4-5,3", "5,4-5,5", "6,5-5,5", "6,5-7,5", "6,5-6,4", "6,5-6,6",
        ],
        "3 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n",
    ),
    (
        "four",
        &["1,3-1,4", "2,4-1,4", "3,4-4,4", "4,3-4,4"],
        "BWOB\nWBWB\nBWBW\nWBWO\n",
    ),
];

#[test]
fn every_puzzle_is_played_by_hand() {
    for (entry, (name, moves, first)) in PUZZLES.iter().zip(HAND_MOVES) {
        let case = &entry.case_inputs(entry.about().example.as_bytes()).unwrap()[0];
        let mut solver = entry.solver(json!({}), &CaseLimits::default()).unwrap();
        let position = solver.position(case.as_bytes()).unwrap();
        assert_eq!(&position.case, case, "{name}");
        let names: Vec<&str> = position
            .moves
            .iter()
            .map(|played| &*played.action)
            .collect();
        assert_eq!(names, moves, "{name}");
        assert_eq!(position.moves[0].case, first, "{name}");
        let next = solver.position(first.as_bytes()).unwrap();
        assert_eq!(next.board, position.moves[0].board, "{name}");
    }
}

#[test]
fn steps_are_kept_within_the_memory_budget() {
    let eight = registry::find("eight").unwrap();
    let solve = |bytes| {
        let limits = CaseLimits {
            max_memory: Some(bytes),
            ..CaseLimits::default()
        };
        let options = json!({"algo": "idastar"});
        let mut solver = eight.solver(options, &limits).unwrap();
        solver
            .solve_one(b"8 6 7 2 5 4 3 x 1\n", &limits, true, u64::MAX)
            .unwrap()
    };
    // 31 moves: 32 boards of 216 bytes each as the budget counts them.
    let fits = solve(32 * 216);
    assert_eq!(fits["output"], "lurdrulurdlldrrululddruulddrurd\n");
    assert_eq!(fits["steps"].as_array().unwrap().len(), 32);
    let beyond = solve(32 * 216 - 1);
    assert_eq!(beyond["output"], "stopped: memory limit reached\n");
    assert_eq!(beyond["stopped"], "memory limit reached");
    assert_eq!(beyond["answer"], Value::Null);
    assert_eq!(beyond["steps"], json!([fits["steps"][0]]));
}
