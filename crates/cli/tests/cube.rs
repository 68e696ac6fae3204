//! `statespace solve cube`, `gen cube` and `explore cube` through the built binary: exact
//! outputs, the OEIS layers, bad input, exit codes.

mod common;

use common::{run, stderr, stdout};
use serde_json::Value;

#[test]
fn shipped_example_in_either_metric() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/cube.txt"
    ))
    .unwrap();
    let output = run(&["solve", "cube", "--size", "2"], &example);
    assert_eq!(stdout(&output), "F U2 R'\n\n\nU\n");
    assert_eq!(stderr(&output), "");
    assert_eq!(output.status.code(), Some(0));
    let output = run(&["solve", "cube", "--metric", "qtm"], &example);
    assert_eq!(stdout(&output), "F U U R'\n\n\nU\n");
}

#[test]
fn a_solution_undoes_its_scramble_in_the_scrambles_frame() {
    let output = run(&["solve", "cube"], "R U R' U'\nR-  U- F2\n");
    assert_eq!(stdout(&output), "U R U' R'\nF2 U R\n");
}

#[test]
fn facelets_and_their_scramble_get_one_answer() {
    let scramble = run(&["solve", "cube"], "R U2 F' R2 U F2 R' U\n");
    // The facelets of that scramble, as the trace draws its start.
    let facelets = run(&["solve", "cube"], "ULRDRUFUDBDRLUDRFFLFBLBB\n");
    assert_eq!(stdout(&scramble), "U' F2 U R2 F' U2\n");
    assert_eq!(stdout(&facelets), stdout(&scramble));
}

#[test]
fn gen_draws_cubes_the_solver_reads() {
    let generated = run(
        &["gen", "cube", "--size", "2", "--count", "3", "--seed", "7"],
        "",
    );
    assert_eq!(
        stdout(&generated),
        "FLRUFUDRFLBRDFDBDULRBLUB\nRFLLUDUDBFDRLBDBFULFRURB\nLLBRDDUUDFRLUFDFBRLBFURB\n"
    );
    let solved = run(&["solve", "cube"], stdout(&generated));
    assert_eq!(
        stdout(&solved),
        "F R F R' U2 R' F U2\nR' F2 R U' R F' R2 U2 F2\nU R U' F' R F' U R' U F'\n"
    );
}

#[test]
fn each_bad_line_is_named_after_the_cubes_before_it() {
    let cases = [
        (
            "UUUURRRRFFFFDDDDLLLLBBB",
            "line 2: 23 letters: a 2x2x2 has 24 facelets",
        ),
        (
            "UUUURRRRFFFFDDDDLLLLBBBX",
            "line 2: 'X' (facelet 24) is not a colour: the colours are U, R, F, D, L and B",
        ),
        (
            "UUUUURRRFFFFDDDDLLLLBBBB",
            "line 2: colour U is on 5 facelets, not 4",
        ),
        (
            "UUUUFRRRFRFFDDDDLLLLBBBB",
            "line 2: the corner at URF has colours UFR, which no cube has",
        ),
        (
            "UUUFURRRFRFFDDDDLLLLBBBB",
            "line 2: a twisted corner: the corners' twists sum to 1 mod 3, not 0",
        ),
        (
            "UUUURBRBRFRFDDDDLFLFLBLB",
            "line 2: the corner URF is there twice",
        ),
        (
            "R U3",
            "line 2: \"U3\" is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -",
        ),
    ];
    for (line, message) in cases {
        let output = run(&["solve", "cube"], &format!("R\n{line}\nU\n"));
        assert_eq!(stdout(&output), "R'\n", "{line}");
        assert_eq!(
            stderr(&output),
            format!("statespace: {message}\n"),
            "{line}"
        );
        assert_eq!(output.status.code(), Some(2), "{line}");
    }
}

#[test]
fn only_the_2x2x2_for_now() {
    let output = run(&["solve", "cube", "--size", "3"], "R\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("[possible values: 2]"));
    let output = run(&["explore", "cube", "--size", "3"], "");
    assert_eq!(
        stderr(&output),
        "statespace: bad options: cube size \"3\": only 2 (the 2x2x2) for now\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

/// The layers `explore cube` finds with `args` added.
fn layers(args: &[&str]) -> Vec<u64> {
    let mut all = vec!["explore", "cube", "--size", "2", "--json"];
    all.extend(args);
    let output = run(&all, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report: Value = serde_json::from_str(stdout(&output)).unwrap();
    serde_json::from_value(report["layers"].clone()).unwrap()
}

#[test]
fn explore_gives_oeis_a079761_and_a079762() {
    assert_eq!(
        layers(&[]),
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ]
    );
    assert_eq!(
        layers(&["--metric", "qtm"]),
        [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276
        ]
    );
}

#[test]
fn trace_draws_the_net_after_each_move() {
    let output = run(&["solve", "cube", "--trace"], "R\n");
    assert_eq!(stdout(&output), "R'\n");
    assert_eq!(
        stderr(&output),
        "case 1: 1 move\nstart\n  UF\n  UF\nLLFDRRUB\nLLFDRRUB\n  DB\n  DB\n\
         move 1: R'\n  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\n"
    );
}
