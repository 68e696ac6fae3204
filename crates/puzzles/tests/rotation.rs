//! The Rotation Game's solvers against each other and against the rules: table and IDA* agree,
//! every answer replays to a filled centre holding the printed digit, ties between digits go to
//! the lexicographically smallest string.

use std::sync::OnceLock;

use statespace_engine::Limits;
use statespace_puzzles::rotation::{
    Answer, Board, CENTRE, CentreTable, DIGITS, MOST_MOVES, Move, parse_boards, random_boards,
    solve_idastar,
};

/// One table for every test of this file.
fn table() -> &'static CentreTable {
    static TABLE: OnceLock<CentreTable> = OnceLock::new();
    TABLE.get_or_init(|| CentreTable::build().0)
}

fn board(text: &str) -> Board {
    parse_boards(text).next().unwrap().unwrap()
}

fn letters(moves: &[Move]) -> String {
    moves.iter().map(|mv| mv.letter()).collect()
}

/// The board after `moves`.
fn replay(board: &Board, moves: &[Move]) -> Board {
    let mut end = *board;
    moves.iter().for_each(|&mv| end.apply(mv));
    end
}

#[test]
fn the_judges_samples() {
    let first = board("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3");
    let second = board("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3");
    assert_eq!(table().solve(&first).0.to_string(), "AC\n2");
    assert_eq!(table().solve(&second).0.to_string(), "DDHH\n2");
}

#[test]
fn a_filled_centre_needs_no_moves() {
    let solved = board("3 3 3 3 1 1 2 2 2 1 1 2 2 1 1 2 2 2 1 1 3 3 3 3");
    let (answer, _) = table().solve(&solved);
    assert_eq!(answer.to_string(), "No moves needed\n2");
    assert_eq!(solve_idastar(&solved, &Limits::none(), 1).0, Ok(answer));
}

#[test]
fn table_and_idastar_agree_on_random_boards() {
    for (index, board) in random_boards(200, 2024, 0).unwrap().iter().enumerate() {
        let (by_table, _) = table().solve(board);
        let (by_idastar, _) = solve_idastar(board, &Limits::none(), 1);
        assert_eq!(Ok(&by_table), by_idastar.as_ref(), "board {index}: {board}");
    }
}

#[test]
fn answers_replay_to_a_centre_of_the_printed_digit() {
    for board in random_boards(3000, 99, 0).unwrap() {
        let (Answer { moves, digit }, _) = table().solve(&board);
        assert_eq!(moves.len() as u32, table().moves_needed(&board));
        let end = replay(&board, &moves);
        assert_eq!(end.cells_of(digit), CENTRE, "{board}: {}", letters(&moves));
        assert_eq!(end.centre_digit(), Some(digit));
    }
}

/// Boards on which two digits can each be brought to the centre in the fewest moves: the answer
/// is the smallest string over both, and its digit is the one that string brings.
#[test]
fn ties_between_digits_go_to_the_smallest_string() {
    let tied: Vec<Board> = random_boards(5000, 5, 0)
        .unwrap()
        .into_iter()
        .filter(|board| {
            let distances = DIGITS.map(|digit| table().distance(board.cells_of(digit)));
            let least = distances.iter().min().unwrap();
            distances.iter().filter(|&d| d == least).count() > 1 && *least <= 8
        })
        .take(40)
        .collect();
    assert_eq!(tied.len(), 40);
    let mut digit_other_than_first_tied = 0;
    for board in &tied {
        let (answer, _) = table().solve(board);
        assert_eq!(
            Ok(&answer),
            solve_idastar(board, &Limits::none(), 1).0.as_ref(),
            "{board}"
        );
        let first_tied = DIGITS
            .into_iter()
            .find(|&digit| table().distance(board.cells_of(digit)) == answer.moves.len() as u32)
            .unwrap();
        digit_other_than_first_tied += usize::from(answer.digit != first_tied);
    }
    // The smaller digit does not decide: on some tied boards the answer fills the centre with
    // the larger one.
    assert!(digit_other_than_first_tied > 0);
}

#[test]
fn the_hardest_boards_need_thirteen_moves() {
    let hardest = board("1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3");
    let (answer, _) = table().solve(&hardest);
    assert_eq!(answer.moves.len() as u32, MOST_MOVES);
    assert_eq!(
        replay(&hardest, &answer.moves).centre_digit(),
        Some(answer.digit)
    );
    for digit in DIGITS {
        assert_eq!(table().distance(hardest.cells_of(digit)), MOST_MOVES);
    }
}

#[test]
fn table_walk_reports_its_stats() {
    let board = board("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3");
    let (answer, stats) = table().solve(&board);
    assert_eq!(stats.expanded, answer.moves.len() as u64);
    // DDHH: D is the fourth move tried from the start, then D and H are tried after A..C / A..G.
    assert_eq!(stats.generated, 4 + 4 + 8 + 8);
}

/// Boards of twelve moves take IDA* over a million nodes: their last iterations are split over
/// the threads, in move order, and the answers stay the judges' (the table's).
#[test]
fn idastar_on_two_threads_gives_the_judges_answers() {
    for board in random_boards(3, 11, 12).unwrap() {
        let (by_table, _) = table().solve(&board);
        let (one, one_stats) = solve_idastar(&board, &Limits::none(), 1);
        let (two, two_stats) = solve_idastar(&board, &Limits::none(), 2);
        assert_eq!(Ok(&by_table), one.as_ref(), "{board}");
        assert_eq!(Ok(&by_table), two.as_ref(), "{board}");
        // The iterations before the last search the same whole trees.
        let searched = one_stats.layers.len() - 1;
        assert!(one_stats.layers[searched - 1].generated > 1 << 20);
        assert_eq!(one_stats.layers[..searched], two_stats.layers[..searched]);
    }
}
