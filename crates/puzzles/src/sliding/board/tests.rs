//! Tests of boards: shapes, moves, transposition, packing and which layouts can reach which.

use super::*;
use crate::sliding::PackedBoard;

fn board(rows: usize, cols: usize, tiles: &[u16]) -> Board {
    Board::new(Shape::new(rows, cols).unwrap(), tiles.to_vec()).unwrap()
}

#[test]
fn a_transposed_board_has_its_rows_as_columns_and_moves_alike() {
    let wide = board(2, 3, &[1, 2, 3, 4, 0, 5]);
    let tall = wide.transposed();
    assert_eq!(tall, board(3, 2, &[1, 4, 2, 0, 3, 5]));
    assert_eq!(tall.transposed(), wide);
    for (step, next) in wide.successors() {
        let across = tall
            .successors()
            .into_iter()
            .find(|(_, board)| *board == next.transposed());
        assert!(across.is_some(), "{step:?} has no transposed move");
    }
}

#[test]
fn shapes_parse_and_print() {
    assert_eq!("4x4".parse::<Shape>(), Shape::new(4, 4));
    assert_eq!("3X5".parse::<Shape>().unwrap().to_string(), "3x5");
    assert!("4".parse::<Shape>().is_err());
    assert!("0x3".parse::<Shape>().is_err());
    assert!("300x300".parse::<Shape>().is_err());
    assert_eq!(Shape::square(16), Shape::new(4, 4).ok());
    assert_eq!(Shape::square(12), None);
    assert_eq!(Shape::square(0), None);
}

#[test]
fn boards_are_validated() {
    let shape = Shape::new(2, 2).unwrap();
    assert_eq!(
        Board::new(shape, vec![1, 2, 3]),
        Err(BoardError::WrongCount {
            shape,
            expected: 4,
            found: 3
        })
    );
    assert_eq!(
        Board::new(shape, vec![1, 2, 4, 0]),
        Err(BoardError::OutOfRange { tile: 4, cells: 4 })
    );
    assert_eq!(
        Board::new(shape, vec![1, 1, 3, 0]),
        Err(BoardError::Repeated(1))
    );
}

#[test]
fn moves_slide_the_blank() {
    // `9 x 10 12` then `r` gives `9 10 x 12`.
    let mut b = board(2, 2, &[3, 0, 1, 2]);
    assert_eq!(b.apply(Move::Right), Err(IllegalMove(Move::Right)));
    b.apply(Move::Left).unwrap();
    assert_eq!(b.tiles(), [0, 3, 1, 2]);
    b.apply(Move::Down).unwrap();
    assert_eq!(b.tiles(), [1, 3, 0, 2]);
    assert_eq!(b.play(&[Move::Right, Move::Right]), Err(1));
    assert_eq!(b.tiles(), [1, 3, 2, 0]);
}

#[test]
fn parity_by_hand() {
    assert!(board(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0]).is_solvable());
    assert!(!board(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0]).is_solvable());
    // Even width: the blank's distance from home counts. Two moves from the goal:
    assert!(board(2, 2, &[0, 1, 3, 2]).is_solvable());
    // An odd permutation (the blank and tile 1 swapped) with the blank an even distance away:
    assert!(!board(2, 2, &[0, 2, 3, 1]).is_solvable());
    assert!(board(1, 4, &[1, 0, 2, 3]).is_solvable());
    assert!(!board(1, 4, &[2, 0, 1, 3]).is_solvable());
}

#[test]
fn reachable_layouts_are_those_of_a_search_from_any_goal() {
    // Every layout of a 2 x 3 board, against the layouts reached by moves from an unusual
    // goal (and back: moves are reversible), and the same on one row of four.
    for (rows, cols, goal) in [(2, 3, vec![3, 0, 5, 1, 4, 2]), (1, 4, vec![2, 0, 3, 1])] {
        let shape = Shape::new(rows, cols).unwrap();
        let mut reached = std::collections::HashSet::from([goal.clone()]);
        let mut queue = vec![Board::new(shape, goal.clone()).unwrap()];
        while let Some(board) = queue.pop() {
            for (_, next) in board.successors() {
                if reached.insert(next.tiles().to_vec()) {
                    queue.push(next);
                }
            }
        }
        // Every arrangement of the tiles, once: the rank's digits in a mixed radix pick
        // the tile of each cell among those left.
        let cells = shape.cells() as u16;
        let layout = |mut rank: u64| {
            let mut left: Vec<u16> = (0..cells).collect();
            let mut layout = Vec::new();
            while !left.is_empty() {
                let n = left.len() as u64;
                layout.push(left.remove((rank % n) as usize));
                rank /= n;
            }
            layout
        };
        let all = (1..=u64::from(cells)).product::<u64>();
        let mut reachable = 0;
        for rank in 0..all {
            let layout = layout(rank);
            let expected = reached.contains(&layout);
            assert_eq!(can_reach(shape, &layout, &goal), expected, "{layout:?}");
            reachable += u64::from(expected);
        }
        // Half of the 720 arrangements on two rows; 4 of the 24 on one row (the blank's cell).
        assert_eq!(reachable, if rows == 2 { 360 } else { 4 });
    }
}

#[test]
fn packed_boards_move_like_boards() {
    let shape = Shape::new(3, 3).unwrap();
    let mut b = board(3, 3, &[1, 2, 3, 4, 0, 5, 6, 7, 8]);
    let mut p = PackedBoard::from_board(&b).unwrap();
    for step in [Move::Up, Move::Left, Move::Down, Move::Down, Move::Right] {
        b.apply(step).unwrap();
        p.slide(shape.neighbor(p.blank(), step).unwrap());
        assert_eq!(p.to_board(shape), b);
    }
    assert_eq!(
        PackedBoard::solved(shape).to_board(shape),
        Board::solved(shape)
    );
}

#[test]
fn drawing_aligns_columns() {
    let b = board(2, 3, &[1, 2, 3, 4, 5, 0]);
    assert_eq!(b.to_string(), "1 2 3\n4 5 x\n");
    let wide = Board::solved(Shape::new(4, 4).unwrap());
    assert!(wide.to_string().ends_with("13 14 15  x\n"));
}
