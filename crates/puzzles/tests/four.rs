//! Four in a row against itself: the backward table and a forward engine BFS per board, on
//! every legal judge board and on boards with other counts, with every solution replayed.

use statespace_engine::Limits;
use statespace_engine::index::HashIndex;
use statespace_puzzles::four::{
    Board, CELLS, Cell, Colour, Counts, FourInARow, Position, SIDE, Searcher, Solution, Table,
    bfs_solution, parse, random_boards,
};

/// Plays `solution` on `start` by the rules, independently of the domain: each move takes a
/// piece of the side to move into an orthogonally adjacent empty cell. Returns the boards after
/// each move.
fn replay(start: Board, solution: &Solution) -> Vec<Board> {
    let mut board = start;
    let mut mover = solution.first;
    let mut boards = Vec::new();
    for step in &solution.moves {
        let (from, to) = (usize::from(step.from), usize::from(step.to));
        let apart = from.abs_diff(to);
        let adjacent = apart == SIDE || (apart == 1 && from / SIDE == to / SIDE);
        assert!(
            adjacent && to < CELLS,
            "{start:?}: {step:?} is not to a neighbour"
        );
        assert_eq!(board.cell(from), Cell::Piece(mover), "{start:?}: {step:?}");
        assert_eq!(board.cell(to), Cell::Empty, "{start:?}: {step:?}");
        board.set(from, Cell::Empty);
        board.set(to, Cell::Piece(mover));
        boards.push(board);
        mover = mover.other();
    }
    boards
}

/// Checks that `solution` is legal and ends on a line that no earlier board had.
fn assert_wins(start: Board, solution: &Solution) {
    let boards = replay(start, solution);
    let mut all = std::iter::once(start).chain(boards);
    let last = all.next_back().expect("the start at least");
    assert!(
        last.has_line(),
        "{start:?}: {solution:?} ends without a line"
    );
    assert!(
        all.all(|board| !board.has_line()),
        "{start:?}: {solution:?} passes a line"
    );
}

/// The table and the forward search give the same answer and the same moves for `board`;
/// returns the answer.
fn agree(table: &Table, domain: &FourInARow, board: Board, visited: &mut Searcher) -> Option<u32> {
    let (forward, _) = bfs_solution(domain, board, &Limits::none(), visited).unwrap();
    let moves = forward.as_ref().map(|s| s.moves.len() as u32);
    assert_eq!(
        table.best_start(board).map(|(_, moves)| moves),
        moves,
        "{board:?}"
    );
    assert_eq!(table.solution(board), forward, "{board:?}");
    if let Some(solution) = &forward {
        assert_wins(board, solution);
    }
    moves
}

#[test]
fn table_and_forward_bfs_agree_on_every_judge_board() {
    let domain = FourInARow::new(Counts::JUDGE);
    let (table, _) = Table::build(domain.clone(), &Limits::none()).unwrap();
    let mut visited = Searcher::new(HashIndex::default());
    let mut boards_by_answer = [0u32; 8];
    for rank in 0..domain.boards() {
        let board = domain.board(rank);
        let moves = agree(&table, &domain, board, &mut visited)
            .unwrap_or_else(|| panic!("{board:?}: every judge board can make a line"));
        boards_by_answer[moves as usize] += 1;
    }
    // Every board can make a line, in at most seven moves.
    assert_eq!(
        boards_by_answer,
        [141_536, 104_256, 58_096, 74_512, 23_184, 9_248, 880, 128]
    );
}

#[test]
fn table_and_forward_bfs_agree_on_other_counts() {
    // Small spaces (at most 400,400 boards) with one to twelve empty cells.
    let counts = [
        (5, 2, 9),
        (4, 9, 3),
        (1, 14, 1),
        (8, 6, 2),
        (10, 4, 2),
        (4, 0, 12),
        (7, 8, 1),
    ];
    let mut unsolvable = 0;
    for (black, white, empty) in counts {
        let counts = Counts {
            black,
            white,
            empty,
        };
        let domain = FourInARow::new(counts);
        let (table, _) = Table::build(domain.clone(), &Limits::none()).unwrap();
        let mut visited = Searcher::new(HashIndex::default());
        for board in random_boards(counts, 300, u64::from(black)) {
            unsolvable += u32::from(agree(&table, &domain, board, &mut visited).is_none());
        }
    }
    // 1/14/1 and 7/8/1 leave a side stuck on some boards.
    assert!(unsolvable > 0);
}

#[test]
fn too_few_pieces_never_make_a_line() {
    let counts = Counts {
        black: 3,
        white: 3,
        empty: 10,
    };
    let (table, _) = Table::build(FourInARow::new(counts), &Limits::none()).unwrap();
    assert_eq!(table.histogram(), Vec::<u64>::new());
    let domain = FourInARow::new(counts);
    let board = random_boards(counts, 1, 1)[0];
    let (solution, stats) = bfs_solution(
        &domain,
        board,
        &Limits::none(),
        &mut Searcher::new(HashIndex::default()),
    )
    .unwrap();
    assert_eq!(solution, None);
    assert_eq!(stats.expanded, 0);
}

#[test]
fn ties_go_to_black_and_strictly_shorter_to_white() {
    let domain = FourInARow::new(Counts::JUDGE);
    let (table, _) = Table::build(domain.clone(), &Limits::none()).unwrap();
    let mut firsts = [false; 2];
    for board in random_boards(Counts::JUDGE, 2_000, 9) {
        let Some((first, moves)) = table.best_start(board) else {
            continue;
        };
        let distance = |to_move| table.distance(&Position { board, to_move });
        match first {
            Colour::Black => assert!(distance(Colour::White).is_none_or(|d| d >= moves)),
            Colour::White => assert!(distance(Colour::Black).is_none_or(|d| d > moves)),
        }
        firsts[first as usize] = true;
    }
    assert_eq!(firsts, [true, true]);
}

#[test]
fn a_limit_stops_the_search_and_says_so() {
    let domain = FourInARow::new(Counts::JUDGE);
    let board = parse("WWBB BBWW WWBB WOBO").next().unwrap().unwrap();
    let limits = Limits::none().max_expanded(10);
    let result = bfs_solution(
        &domain,
        board,
        &limits,
        &mut Searcher::new(HashIndex::default()),
    );
    assert_eq!(result.err(), Some(statespace_engine::StopReason::NodeLimit));
    assert_eq!(
        Table::build(domain, &limits).err(),
        Some(statespace_engine::StopReason::NodeLimit)
    );
}
