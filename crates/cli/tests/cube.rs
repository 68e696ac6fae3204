//! `statespace solve cube`, `gen cube` and `explore cube` through the built binary: exact
//! outputs of the 3×3×3 (checked by replaying them) and the 2×2×2, the OEIS layers, bad input,
//! exit codes.

mod common;

use common::{run, stderr, stdout};
use serde_json::Value;

/// A 2×2×2 example: a scramble, the solved cube, the solved cube turned whole, a D turn.
const POCKET: &str = "R U2 F'\nUUUURRRRFFFFDDDDLLLLBBBB\nUUUUBBBBRRRRDDDDFFFFLLLL\nD-\n";

#[test]
fn the_2x2x2_in_either_metric() {
    let output = run(&["solve", "cube", "--size", "2"], POCKET);
    assert_eq!(stdout(&output), "F U2 R'\n\n\nU\n");
    assert_eq!(stderr(&output), "");
    assert_eq!(output.status.code(), Some(0));
    let output = run(&["solve", "cube", "--size", "2", "--metric", "qtm"], POCKET);
    assert_eq!(stdout(&output), "F U U R'\n\n\nU\n");
}

#[test]
fn a_solution_undoes_its_scramble_in_the_scrambles_frame() {
    let output = run(&["solve", "cube", "--size", "2"], "R U R' U'\nR-  U- F2\n");
    assert_eq!(stdout(&output), "U R U' R'\nF2 U R\n");
}

#[test]
fn facelets_and_their_scramble_get_one_answer() {
    let scramble = run(&["solve", "cube", "--size", "2"], "R U2 F' R2 U F2 R' U\n");
    // The facelets of that scramble, as the trace draws its start.
    let facelets = run(
        &["solve", "cube", "--size", "2"],
        "ULRDRUFUDBDRLUDRFFLFBLBB\n",
    );
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
    let solved = run(&["solve", "cube", "--size", "2"], stdout(&generated));
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
        (
            "U0",
            "line 2: \"U0\" is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -",
        ),
    ];
    for (line, message) in cases {
        assert_refused(&["solve", "cube", "--size", "2"], line, message);
    }
}

/// `args` answer the cube `R` on the line before `line`, then refuse `line` with `message`.
fn assert_refused(args: &[&str], line: &str, message: &str) {
    let output = run3(args, &format!("R\n{line}\nU\n"));
    assert_eq!(stdout(&output), "R'\n", "{line}");
    assert_eq!(
        stderr(&output),
        format!("statespace: {message}\n"),
        "{line}"
    );
    assert_eq!(output.status.code(), Some(2), "{line}");
}

#[test]
fn the_3x3x3_is_not_explored_whole() {
    let output = run(&["explore", "cube", "--size", "3"], "");
    assert_eq!(
        stderr(&output),
        "statespace: the 3x3x3's 4.3e19 positions are too many to explore: --size 2, or --corners\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

/// The layers `explore cube --json` finds with `args` added.
fn layers(args: &[&str]) -> Vec<u64> {
    let mut all = vec!["explore", "cube", "--json"];
    all.extend(args);
    let output = run(&all, "");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report: Value = serde_json::from_str(stdout(&output)).unwrap();
    serde_json::from_value(report["layers"].clone()).unwrap()
}

#[test]
fn explore_gives_oeis_a079761_and_a079762() {
    assert_eq!(
        layers(&["--size", "2"]),
        [
            1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644
        ]
    );
    assert_eq!(
        layers(&["--size", "2", "--metric", "qtm"]),
        [
            1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280,
            276
        ]
    );
}

#[test]
fn the_corners_in_quarter_turns_are_oeis_a080630() {
    assert_eq!(
        layers(&["--corners", "--metric", "qtm"]),
        [
            1, 12, 114, 924, 6539, 39528, 199926, 806136, 2761740, 8656152, 22334112, 32420448,
            18780864, 2166720, 6624
        ]
    );
}

/// Korf's corner table (1997): every corner position within 11 face turns.
#[test]
fn the_corners_in_face_turns_are_korfs_corner_table() {
    assert_eq!(
        layers(&["--corners"]),
        [
            1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736
        ]
    );
}

#[test]
fn corners_are_the_3x3x3s_only() {
    let output = run(&["explore", "cube", "--corners", "--size", "2"], "");
    assert_eq!(
        stderr(&output),
        "statespace: --corners explores the 3x3x3's corners: the 2x2x2 is --size 2 alone\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn trace_draws_the_net_after_each_move() {
    let output = run(&["solve", "cube", "--size", "2", "--trace"], "R\n");
    assert_eq!(stdout(&output), "R'\n");
    assert_eq!(
        stderr(&output),
        "case 1: 1 move\nstart\n  UF\n  UF\nLLFDRRUB\nLLFDRRUB\n  DB\n  DB\n\
         move 1: R'\n  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\n"
    );
}

// The 3×3×3.

use statespace_puzzles::cube::{Rubik, parse_rubik, parse_scramble};

/// Runs `statespace ARGS` on `input` once the two-phase tables are in the default folder: the
/// first 3×3×3 test builds the phase-1 table there (seconds, once per clean machine), the
/// others wait for it rather than each building it too.
fn run3(args: &[&str], input: &str) -> std::process::Output {
    static READY: std::sync::OnceLock<()> = std::sync::OnceLock::new();
    READY.get_or_init(|| {
        assert_eq!(run(&["solve", "cube"], "R\n").status.code(), Some(0));
    });
    run(args, input)
}

#[test]
fn shipped_example_of_the_3x3x3() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/cube.txt"
    ))
    .unwrap();
    let output = run3(&["solve", "cube"], &example);
    assert_eq!(stdout(&output), "F U2 R'\n\nB2 L' D F U2 R'\nD\n");
    assert_eq!(stderr(&output), "");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn random_3x3x3s_are_answered_within_the_bound_and_replay() {
    let generated = run(&["gen", "cube", "--count", "3", "--seed", "7"], "");
    assert_eq!(
        stdout(&generated),
        "BLUBULUUFLUFLRDRFLLRUDFBFBBDDURDRRDBDUBFLRFBLRFRFBUDLD\n\
         LFUDURDBDFDFLRUUUDBURRFFRRLUBFBDFBBBFLLFLULLBRDDLBRRDU\n\
         BDRLUBBLULRFLRRLRFDFBRFURLFFBUFDFBULRDRBLDDDUDBUUBUDFL\n"
    );
    for max_length in ["21", "20"] {
        let solved = run3(
            &["solve", "cube", "--max-length", max_length],
            stdout(&generated),
        );
        assert_eq!(solved.status.code(), Some(0));
        for (cube, answer) in stdout(&generated).lines().zip(stdout(&solved).lines()) {
            let moves = parse_scramble(answer).unwrap();
            assert!(moves.len() <= max_length.parse().unwrap(), "{answer}");
            let end = moves
                .iter()
                .fold(parse_rubik(cube).unwrap(), |cube, &turn| cube.turned(turn));
            assert_eq!(end, Rubik::SOLVED, "{cube}: {answer}");
        }
    }
}

/// `statespace solve cube --algo optimal --stats --pdb-dir DIR` on `input`.
fn solve_optimally(input: &str, dir: &std::path::Path, more: &[&str]) -> std::process::Output {
    let dir = dir.to_str().expect("a UTF-8 temporary folder");
    let args = [
        "solve",
        "cube",
        "--algo",
        "optimal",
        "--stats",
        "--pdb-dir",
        dir,
    ];
    run(&[&args[..], more].concat(), input)
}

#[test]
fn optimal_answers_build_the_corner_table_once_and_refuse_a_damaged_one() {
    let dir = std::env::temp_dir().join(format!("statespace-cli-cube-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let table = dir.join("cube-3x3x3-corners.pdb");
    // Too small a memory budget for the tables: refused before anything is built, with the
    // figure, nothing saved.
    let output = solve_optimally("R U\n", &dir, &["--max-memory", "83M"]);
    assert_eq!(
        stderr(&output),
        "statespace: the optimal 3x3x3 solver needs 84 MiB for Korf's corner table, the phase-1 \
         table and their move tables, more than the memory budget of 83 MiB (--max-memory)\n"
    );
    assert_eq!(stdout(&output), "");
    assert_eq!(output.status.code(), Some(2));
    assert!(!table.exists());
    // The large tables likewise, with their own figure.
    let output = solve_optimally("R U\n", &dir, &["--tables", "large", "--max-memory", "1G"]);
    assert_eq!(
        stderr(&output),
        "statespace: the optimal 3x3x3 solver needs 1896 MiB for Korf's corner table, the sorted \
         phase-1 table and their move tables, more than the memory budget of 1024 MiB \
         (--max-memory)\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(!table.exists());
    // A budget for the tables too small for any: refused up front, with the least figure.
    let output = solve_optimally("R U\n", &dir, &["--tables", "50M"]);
    assert_eq!(
        stderr(&output),
        "statespace: --tables 50 MiB: the optimal 3x3x3 solver's smallest tables need 84 MiB \
         (Korf's corner table, the phase-1 table and their move tables)\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(!table.exists());
    // The huge tables likewise.
    let output = solve_optimally("R U\n", &dir, &["--tables", "huge", "--max-memory", "6G"]);
    assert_eq!(
        stderr(&output),
        "statespace: the optimal 3x3x3 solver needs 6612 MiB for Korf's corner table, the sorted \
         phase-1 table, the phase-1 table with tetrads and their move tables, more than the \
         memory budget of 6144 MiB (--max-memory)\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(!table.exists());
    let output = solve_optimally("R U\n", &dir, &["--tables", "giant", "--max-memory", "6G"]);
    assert_eq!(
        stderr(&output),
        "statespace: the optimal 3x3x3 solver needs 7016 MiB for Korf's corner table, the table \
         of the slice order with tetrads and their move tables, more than the memory budget of \
         6144 MiB (--max-memory)\n"
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(!table.exists());
    let output = solve_optimally("R U\n", &dir, &["--tables", "gigantic"]);
    assert!(
        stderr(&output)
            .contains("expected small, medium, large, huge, giant or a size such as 200M or 12G"),
        "{}",
        stderr(&output)
    );
    assert_eq!(output.status.code(), Some(2));
    // Built and saved, then loaded, within the tables' figure.
    let output = solve_optimally("R U R' U'\nF2 D'\n", &dir, &["--max-memory", "84M"]);
    assert_eq!(stdout(&output), "U R U' R'\nD F2\n");
    assert!(
        stderr(&output)
            .contains("table: corners (2768 permutation classes x 2187 twists), 12 layers"),
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains("saved to"), "{}", stderr(&output));
    let output = solve_optimally("R U R' U'\n", &dir, &["--json"]);
    let report: Value = serde_json::from_str(stdout(&output).lines().next().unwrap()).unwrap();
    assert_eq!(report["output"], "U R U' R'\n");
    assert_eq!(report["answer"]["shortest"], true);
    assert!(
        stderr(&output)
            .contains("table: corners (2768 permutation classes x 2187 twists) loaded from")
    );
    assert!(
        stderr(&output)
            .contains("table: phase 1 (64430 flip-slice classes x 2187 twists) loaded from")
    );
    // A budget that holds the small tables and not the medium: the small, loaded.
    let output = solve_optimally("R U R' U'\n", &dir, &["--tables", "100M"]);
    assert_eq!(stdout(&output), "U R U' R'\n");
    assert!(
        stderr(&output)
            .contains("table: phase 1 (64430 flip-slice classes x 2187 twists) loaded from"),
        "{}",
        stderr(&output)
    );
    assert!(!stderr(&output).contains("h0"), "{}", stderr(&output));
    // The medium tables need more than the small: refused up front with their figure.
    let output = solve_optimally(
        "R U\n",
        &dir,
        &["--tables", "medium", "--max-memory", "120M"],
    );
    assert_eq!(
        stderr(&output),
        "statespace: the optimal 3x3x3 solver needs 146 MiB for Korf's corner table, the \
         phase-1 table, h48's h0 table with the parity and their move tables, more than the \
         memory budget of 120 MiB (--max-memory)\n"
    );
    assert_eq!(output.status.code(), Some(2));
    // A budget of 200M holds them: h48's h0 table with the parity, built and saved, then
    // loaded by name.
    let output = solve_optimally("R U R' U'\nF2 D'\n", &dir, &["--tables", "200M"]);
    assert_eq!(stdout(&output), "U R U' R'\nD F2\n");
    assert!(
        stderr(&output).contains(
            "table: h48's h0 with the parity (6786 twist-tetrahedra-parity \
             classes x 34650 edge separations), 10 layers"
        ),
        "{}",
        stderr(&output)
    );
    let output = solve_optimally("R U R' U'\n", &dir, &["--tables", "medium"]);
    assert_eq!(stdout(&output), "U R U' R'\n");
    assert!(
        stderr(&output).contains(
            "table: h48's h0 with the parity (6786 twist-tetrahedra-parity \
             classes x 34650 edge separations) loaded from"
        ),
        "{}",
        stderr(&output)
    );
    // One byte of the distances changed: refused, rebuilt and saved again.
    let mut bytes = std::fs::read(&table).unwrap();
    bytes[4096 + 1_000_000] ^= 1; // of its 3,026,916 bytes of distances
    std::fs::write(&table, bytes).unwrap();
    let output = solve_optimally("R U R' U'\n", &dir, &[]);
    assert_eq!(stdout(&output), "U R U' R'\n");
    assert!(stderr(&output).contains("damaged"), "{}", stderr(&output));
    assert!(stderr(&output).contains("rebuilt), saved to"));
    let output = solve_optimally("R U R' U'\n", &dir, &[]);
    assert!(
        stderr(&output)
            .contains("table: corners (2768 permutation classes x 2187 twists) loaded from")
    );
    // A bound below the optimum: no answer of at most that many moves, none longer given.
    let six_moves = "R U2 F' D L B\nR U R' U'\n";
    let output = solve_optimally(six_moves, &dir, &["--max-length", "5"]);
    assert_eq!(stdout(&output), "no solution within 5 moves\nU R U' R'\n");
    assert_eq!(output.status.code(), Some(0));
    let output = solve_optimally(six_moves, &dir, &["--max-length", "6"]);
    assert_eq!(stdout(&output), "B' L' D' F U2 R'\nU R U' R'\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_2x2x2_honours_the_longest_answer_and_the_search_limits() {
    // Six moves (U' F2 U R2 F' U2), then three (F U2 R').
    let input = "R U2 F' R2 U F2 R' U\nR U2 F'\n";
    let output = run(
        &["solve", "cube", "--size", "2", "--max-length", "3"],
        input,
    );
    assert_eq!(stdout(&output), "no solution within 3 moves\nF U2 R'\n");
    assert_eq!(output.status.code(), Some(0));
    for (limit, reason) in [("--time-limit", "time"), ("--max-nodes", "node")] {
        let output = run(&["solve", "cube", "--size", "2", limit, "0"], "R U2 F'\n");
        assert_eq!(
            stdout(&output),
            format!("stopped: {reason} limit reached\n"),
            "{limit}"
        );
        assert_eq!(output.status.code(), Some(3), "{limit}");
    }
    let output = run(
        &["solve", "cube", "--size", "2", "--max-nodes", "3"],
        "R U2 F'\n",
    );
    assert_eq!(stdout(&output), "F U2 R'\n", "three moves walk three nodes");
}

#[test]
fn flags_that_would_not_act_are_refused() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["--tables", "large"],
            "--tables is for the optimal 3x3x3 solver (--algo optimal, --size 3)",
        ),
        (
            &["--algo", "optimal", "--size", "2", "--tables", "small"],
            "--tables is for the optimal 3x3x3 solver (--algo optimal, --size 3)",
        ),
        (
            &["--algo", "optimal", "--probes", "5"],
            "--probes is for the 3x3x3's two-phase search (--algo twophase, --size 3)",
        ),
        (
            &["--size", "2", "--probes", "5"],
            "--probes is for the 3x3x3's two-phase search (--algo twophase, --size 3)",
        ),
    ];
    for (flags, message) in cases {
        let output = run(&[&["solve", "cube"], flags].concat(), "R\n");
        assert_eq!(stdout(&output), "", "{flags:?}");
        assert_eq!(
            stderr(&output),
            format!("statespace: {message}\n"),
            "{flags:?}"
        );
        assert_eq!(output.status.code(), Some(2), "{flags:?}");
    }
}

#[test]
fn the_longest_answer_is_bounded() {
    let output = run3(&["solve", "cube", "--max-length", "3"], "R U R' U'\nR\n");
    assert_eq!(stdout(&output), "no solution within 3 moves\nR'\n");
    assert_eq!(output.status.code(), Some(0));
    for bad in ["--max-length=31", "--max-length=-1"] {
        let output = run(&["solve", "cube", bad], "R\n");
        assert_eq!(stdout(&output), "");
        assert!(
            stderr(&output).contains("--max-length"),
            "{}",
            stderr(&output)
        );
        assert_eq!(output.status.code(), Some(2));
    }
}

#[test]
fn options_that_do_not_fit_the_size_are_refused() {
    let output = run(&["solve", "cube", "--metric", "qtm"], "R\n");
    assert_eq!(
        stderr(&output),
        "statespace: the 3x3x3 counts moves in the half-turn metric only (--metric htm)\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

/// The playground's first algorithm is twophase: with size 2 it is the exact table's answer.
#[test]
fn the_2x2x2_answers_twophase_from_its_table() {
    let output = run(
        &[
            "solve", "cube", "--size", "2", "--algo", "twophase", "--json",
        ],
        "R U2 F'\n",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report: Value = serde_json::from_str(stdout(&output)).unwrap();
    assert_eq!(
        report["answer"]["moves"],
        serde_json::json!(["F", "U2", "R'"])
    );
    assert_eq!(report["answer"]["shortest"], true);
}

#[test]
fn each_bad_3x3x3_line_is_named_after_the_cubes_before_it() {
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let swapped = |a: usize, b: usize| {
        let mut letters: Vec<char> = solved.chars().collect();
        letters.swap(a, b);
        letters.into_iter().collect::<String>()
    };
    let cases = [
        (
            solved[..50].to_string(),
            "line 2: 50 letters: a 3x3x3 has 54 facelets",
        ),
        (
            swapped(4, 13),
            "line 2: the centre of face U is R, not U: the centres are U, R, F, D, L, B in that order",
        ),
        (
            swapped(10, 28),
            "line 2: the edge at UR has colours UD, which no cube has",
        ),
        (
            swapped(5, 10),
            "line 2: a flipped edge: the edges' flips sum to 1 mod 2, not 0",
        ),
        (
            swapped(10, 19),
            "line 2: an odd permutation: two pieces swapped (the corners' permutation is even, the edges' odd)",
        ),
        (
            "R U3".to_string(),
            "line 2: \"U3\" is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -",
        ),
        (
            "R4".to_string(),
            "line 2: \"R4\" is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -",
        ),
        (
            "Rw2 U".to_string(),
            "line 2: \"Rw2\" is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -",
        ),
    ];
    for (line, message) in cases {
        assert_refused(&["solve", "cube"], &line, message);
    }
}

#[test]
fn trace_draws_the_3x3x3_net() {
    let output = run3(&["solve", "cube", "--trace"], "R\n");
    assert_eq!(stdout(&output), "R'\n");
    assert_eq!(
        stderr(&output),
        "case 1: 1 move\nstart\n   UUF\n   UUF\n   UUF\nLLLFFDRRRUBB\nLLLFFDRRRUBB\nLLLFFDRRRUBB\n   DDB\n   DDB\n   DDB\n\
         move 1: R'\n   UUU\n   UUU\n   UUU\nLLLFFFRRRBBB\nLLLFFFRRRBBB\nLLLFFFRRRBBB\n   DDD\n   DDD\n   DDD\n"
    );
}
