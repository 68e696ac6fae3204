//! `statespace solve sliding` and `gen sliding`: exact output, exit codes, every size.

mod common;

use common::{run, stderr, stdout};

use statespace_puzzles::sliding::{Shape, parse_boards, parse_moves};

/// Checks that every answer line solves its board.
fn assert_solves(input: &str, shape: Option<Shape>, output: &str) {
    let boards = parse_boards(input, shape).map(Result::unwrap);
    let mut lines = output.lines();
    for board in boards {
        let answer = lines.next().expect("one line per board");
        let mut replay = board.clone();
        replay.play(&parse_moves(answer).unwrap()).unwrap();
        assert!(replay.is_solved(), "{board:?}: {answer}");
    }
    assert_eq!(lines.next(), None);
}

/// Korf's 15-puzzle instance 55 (41 moves), turned to the blank-last goal: rotated half a turn,
/// tile t renamed 16 - t.
const KORF_55: &str = "5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3\n";

#[test]
fn a_korf_instance_gets_its_optimal_length() {
    let output = run(&["solve", "sliding"], KORF_55);
    assert_eq!(
        stdout(&output),
        "uruldrrddllurdluuurddrdlluuurddlulurrdrdd\n"
    );
    assert_eq!(stdout(&output).trim_end().len(), 41);
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn square_boards_of_several_sizes_and_the_blank_as_x() {
    let input = "2 3 4 1 5 0 7 6 8\n\n1 2 3 x\n2 1 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24\n";
    let output = run(&["solve", "sliding"], input);
    assert_eq!(stdout(&output), "dlurullddrurdllurdr\n\nunsolvable\nr\n");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn sizes_from_the_flag() {
    let input = "1 2 3 0 4 5\n1 2 0 4 5 3\n";
    let output = run(&["solve", "sliding", "--size", "2x3"], input);
    assert_eq!(stdout(&output), "rr\nd\n");
    let output = run(&["solve", "sliding", "--size", "3x2"], input);
    assert_eq!(stdout(&output), "unsolvable\nunsolvable\n");
}

#[test]
fn every_algorithm_is_shortest_on_a_3x4_board() {
    let input = "5 1 2 3 0 6 7 4 9 10 11 8\n1 2 3 4 5 6 7 8 9 10 0 11\n";
    let shape = Some(Shape::new(3, 4).unwrap());
    let expected = stdout(&run(
        &["solve", "sliding", "--size", "3x4", "--algo", "bfs"],
        input,
    ))
    .to_string();
    assert_eq!(expected, "urrrdd\nr\n");
    for algo in ["auto", "idastar"] {
        let output = run(
            &["solve", "sliding", "--size", "3x4", "--algo", algo],
            input,
        );
        assert_eq!(stdout(&output), expected, "{algo}");
    }
    for algo in ["bibfs", "astar", "mm", "nbs", "dvcbs", "fast"] {
        let output = run(
            &["solve", "sliding", "--size", "3x4", "--algo", algo],
            input,
        );
        assert_solves(input, shape, stdout(&output));
    }
}

#[test]
fn fast_solves_a_30x30_board_and_says_it_is_not_shortest() {
    let board = run(
        &[
            "gen",
            "sliding",
            "--size",
            "30x30",
            "--count",
            "1",
            "--seed",
            "9",
            "--solvable",
        ],
        "",
    );
    let input = stdout(&board);
    let output = run(&["solve", "sliding", "--algo", "fast", "--stats"], input);
    assert_eq!(output.status.code(), Some(0));
    assert_solves(input, None, stdout(&output));
    assert!(
        stderr(&output).contains(" moves (not shortest), "),
        "{}",
        stderr(&output)
    );
}

#[test]
fn limits_stop_a_search_and_say_so() {
    let output = run(&["solve", "sliding", "--max-nodes", "100"], KORF_55);
    assert_eq!(stdout(&output), "stopped: node limit reached\n");
    assert_eq!(
        output.status.code(),
        Some(3),
        "a stopped case has its own exit status"
    );
}

#[test]
fn a_ragged_line_stops_after_the_valid_boards() {
    let input = "1 2 3 0\n\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 0\n1 2 3 0\n";
    let output = run(&["solve", "sliding", "--size", "4x4"], input);
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        "statespace: line 1: 4 numbers, but a 4x4 board has 16\n"
    );
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["solve", "sliding"], input);
    assert_eq!(stdout(&output), "\n\n");
    assert_eq!(
        stderr(&output),
        "statespace: line 4: 15 numbers do not make a square board: give its size, such as 2x3\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn bad_tiles_are_reported() {
    for (input, message) in [
        ("1 2 3 4\n", "line 1: tile 4 is out of range 0..4"),
        ("1 2 2 0\n", "line 1: tile 2 appears twice"),
        ("1 x 3 0\n", "line 1: the blank appears twice"),
        (
            "1 2 three 0\n",
            "line 1: \"three\" is not a tile number (0 or x for the blank)",
        ),
    ] {
        let output = run(&["solve", "sliding"], input);
        assert_eq!(stderr(&output), format!("statespace: {message}\n"));
        assert_eq!(output.status.code(), Some(2));
    }
}

#[test]
fn the_table_refuses_boards_too_large_for_it() {
    // Without a size the board's line is refused, after the boards before it are answered.
    let output = run(&["solve", "sliding", "--algo", "table"], KORF_55);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        stderr(&output),
        "statespace: line 1: a distance table covers boards of at most 10 cells, not 4x4: \
         use a search or the fast method\n"
    );
    // With a size it is refused before reading.
    let sized = run(
        &["solve", "sliding", "--algo", "table", "--size", "4x4"],
        KORF_55,
    );
    assert_eq!(sized.status.code(), Some(2));
    assert!(stderr(&sized).contains("at most 10 cells, not 4x4"));
}

#[test]
fn generated_boards_have_the_size_asked_for() {
    let output = run(
        &[
            "gen", "sliding", "--size", "3x5", "--count", "20", "--seed", "2",
        ],
        "",
    );
    let text = stdout(&output);
    // A board that is not square is read back by its size, on the first line.
    assert!(text.starts_with("size 3x5\n"), "{text}");
    assert_eq!(text.lines().count(), 1 + 20);
    let shape = Some(Shape::new(3, 5).unwrap());
    assert!(parse_boards(text, shape).all(|board| board.is_ok()));
    let answers = run(
        &["solve", "sliding", "--size", "3x5", "--algo", "fast"],
        text,
    );
    assert_eq!(answers.status.code(), Some(0));
    let piped = run(&["solve", "sliding", "--algo", "fast"], text);
    assert_eq!(stdout(&piped), stdout(&answers));
    let other = run(
        &["solve", "sliding", "--size", "5x3", "--algo", "fast"],
        text,
    );
    assert_eq!(
        stderr(&other),
        "statespace: line 1: the input says size 3x5, but the options say 5x3\n"
    );
    assert_eq!(other.status.code(), Some(2));
    let solvable: Vec<_> = parse_boards(text, shape)
        .map(|board| board.unwrap().is_solvable())
        .collect();
    for (line, solvable) in stdout(&answers).lines().zip(solvable) {
        assert_eq!(line == "unsolvable", !solvable, "{line}");
    }
}
