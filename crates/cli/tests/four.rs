//! `statespace solve four` and `statespace gen four` through the built binary: exact outputs,
//! exit codes, bad input.

mod common;

use common::{run, stderr, stdout};

const SAMPLE: &str = "BWBO\nWBWB\nBWBW\nWBWO\n";

#[test]
fn judge_sample_with_either_algorithm() {
    for algo in ["bfs", "table"] {
        let output = run(&["solve", "four", "--algo", algo], SAMPLE);
        assert_eq!(stdout(&output), "5\n", "{algo}");
        assert_eq!(stderr(&output), "", "{algo}");
        assert_eq!(output.status.code(), Some(0), "{algo}");
    }
}

#[test]
fn shipped_example() {
    let example = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/four.txt"
    ))
    .unwrap();
    for algo in ["bfs", "table"] {
        let output = run(&["solve", "four", "--algo", algo], &example);
        assert_eq!(stdout(&output), "5\n7\n7\n6\n0\n-1\n", "{algo}");
        assert_eq!(output.status.code(), Some(0));
    }
}

#[test]
fn white_space_is_ignored_and_boards_follow_each_other() {
    // A board the peer answers with 4: white first wins in 3 on the main diagonal.
    let input = "BWBO  \n WBWB\t\nBWBW\r\nWBWO WOBB\nBBWW\n\n\nBBWW WWBO   ";
    let output = run(&["solve", "four"], input);
    assert_eq!(stdout(&output), "5\n3\n");
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn boards_without_a_possible_line_answer_minus_one() {
    // Three pieces of each colour; then a 7/8/1 board where play soon jams: black first can
    // only go 1,1 -> 2,1, white must answer 1,2 -> 1,1, and black has no move.
    let input = "BBBO WWWO OOOO OOOO\nBWWB\nOWWB\nWWBB\nWBBW\n";
    for algo in ["bfs", "table"] {
        let output = run(&["solve", "four", "--algo", algo], input);
        assert_eq!(stdout(&output), "-1\n-1\n", "{algo}");
        assert_eq!(output.status.code(), Some(0));
    }
}

#[test]
fn bad_character_stops_after_the_earlier_boards() {
    let input = format!("{SAMPLE}\nBWBO\nWBXB\nBWBW\nWBWO\n{SAMPLE}");
    let output = run(&["solve", "four"], &input);
    assert_eq!(stdout(&output), "5\n");
    assert_eq!(
        stderr(&output),
        "statespace: line 7: unexpected 'X': cells are B, W or O\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn board_cut_short() {
    let output = run(&["solve", "four"], &format!("{SAMPLE}BWBO\nWBWB\n\n"));
    assert_eq!(stdout(&output), "5\n");
    assert_eq!(
        stderr(&output),
        "statespace: line 6: board 2 is cut short: 8 of its 16 cells\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn board_without_an_empty_cell() {
    let output = run(&["solve", "four"], "BWBW\nWBWB\nBWBW\nWBWB\n");
    assert_eq!(stdout(&output), "");
    assert_eq!(
        stderr(&output),
        "statespace: line 1: board 1 has no empty cell (O)\n"
    );
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn trace_draws_the_same_shortest_moves_with_either_algorithm() {
    let input = "WOBB\nBBWW\nBBWW\nWWBO\n";
    let expected = "\
case 1: 3 moves
start
WOBB
BBWW
BBWW
WWBO
move 1: 3,4-4,4
WOBB
BBWW
BBWO
WWBW
move 2: 2,2-1,2
WBBB
BOWW
BBWO
WWBW
move 3: 2,3-2,2
WBBB
BWOW
BBWO
WWBW
";
    for algo in ["bfs", "table"] {
        let output = run(&["solve", "four", "--trace", "--algo", algo], input);
        assert_eq!(stdout(&output), "3\n");
        assert_eq!(stderr(&output), expected, "{algo}");
    }
}

#[test]
fn trace_of_a_board_with_a_line_has_no_moves() {
    let output = run(&["solve", "four", "--trace"], "OWBB\nWWWW\nBBBW\nOWBB\n");
    assert_eq!(stdout(&output), "0\n");
    assert_eq!(
        stderr(&output),
        "case 1: 0 moves\nstart\nOWBB\nWWWW\nBBBW\nOWBB\n"
    );
}

#[test]
fn stats_give_one_line_per_board() {
    let output = run(&["solve", "four", "--stats"], &format!("{SAMPLE}{SAMPLE}"));
    let lines: Vec<&str> = stderr(&output).lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("case 1: 5 moves, "), "{}", lines[0]);
    assert!(lines[1].starts_with("case 2: 5 moves, "), "{}", lines[1]);
}

#[test]
fn generated_boards_are_reproducible_judge_boards() {
    let first = run(&["gen", "four", "--count", "50", "--seed", "7"], "");
    let again = run(&["gen", "four", "--count", "50", "--seed", "7"], "");
    assert_eq!(first.status.code(), Some(0));
    assert_eq!(stdout(&first), stdout(&again));
    let text = stdout(&first);
    let boards: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(boards.len(), 50);
    for board in boards {
        let rows: Vec<&str> = board.lines().collect();
        assert_eq!(rows.len(), 4, "{board:?}");
        assert!(rows.iter().all(|row| row.len() == 4));
        let count = |c| board.chars().filter(|&x| x == c).count();
        assert_eq!((count('B'), count('W'), count('O')), (7, 7, 2), "{board:?}");
    }
    let bfs = run(&["solve", "four"], text);
    let table = run(&["solve", "four", "--algo", "table"], text);
    assert_eq!(stdout(&bfs).lines().count(), 50);
    assert_eq!(stdout(&bfs), stdout(&table));
}
