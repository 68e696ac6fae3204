//! What the Eight puzzle and the sliding puzzles share: a board's answer, the plain solver's
//! runs (row-by-row answers streamed, searches, tables), the boards along an answer, and the
//! whole space of a shape.

use super::*;

/// A board's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SlidingAnswer {
    /// The moves of a solution (none for a solved board); `None` when the board is unsolvable.
    pub moves: Option<Vec<Move>>,
    /// Whether the solution is known to be a shortest one (not with the fast method).
    pub shortest: bool,
}

impl SlidingAnswer {
    /// Appends the judge's line: the moves, or `unsolvable`.
    pub(super) fn write_line(&self, out: &mut String) {
        match &self.moves {
            Some(moves) => write_moves(moves, out),
            None => out.push_str("unsolvable"),
        }
        out.push('\n');
    }

    /// The moves of its solution.
    pub(super) fn length(&self) -> usize {
        self.moves.as_ref().map_or(0, Vec::len)
    }

    /// The answer in a few words.
    pub(super) fn summary(&self) -> String {
        match &self.moves {
            Some(moves) => solution_summary(moves.len(), self.shortest),
            None => "unsolvable".to_string(),
        }
    }
}

/// A solution of `count` moves in a few words.
pub(super) fn solution_summary(count: usize, shortest: bool) -> String {
    if shortest {
        moves_summary(count)
    } else {
        format!("{} (not shortest)", moves_summary(count))
    }
}

/// Writes the fast method's line for `board`, a solvable board, as its moves are made.
pub(super) fn stream_fast(
    board: &Board,
    limits: &CaseLimits,
    out: &mut dyn io::Write,
) -> io::Result<Streamed> {
    let started = Instant::now();
    let (made, mut stats) =
        write_fast_solution(board, &limits.start(), out)?.expect("a solvable board");
    out.write_all(b"\n")?;
    stats.elapsed = started.elapsed();
    let answer = made.map(|count| solution_summary(count as usize, false));
    Ok(Solved::new(answer, stats))
}

/// Answers boards with the plain solver (every algorithm but pattern databases).
pub(super) fn solve_plain(
    solver: &mut solve::Solver,
    board: &Board,
    limits: &CaseLimits,
) -> Solved<SlidingAnswer> {
    let report = solver
        .solve(board, &limits.start())
        .expect("boards too large for the table are refused as they are read");
    let Report {
        answer,
        shortest,
        stats,
        table_built,
    } = report;
    let answer = match answer {
        solve::Answer::Solved(moves) => Ok(SlidingAnswer {
            moves: Some(moves),
            shortest,
        }),
        solve::Answer::Unsolvable => Ok(SlidingAnswer {
            moves: None,
            shortest,
        }),
        solve::Answer::Stopped(reason) => Err(reason),
    };
    Solved {
        answer,
        stats,
        notes: table_built
            .iter()
            .map(|build| table_note(board.shape(), build))
            .collect(),
    }
}

/// The statistics line of a distance table's construction.
pub(super) fn table_note(shape: Shape, build: &Stats) -> String {
    format!(
        "table {shape}: {} boards within {} moves of the goal, built in {}",
        build.stored,
        build.layers.len().saturating_sub(1),
        format_duration(build.elapsed)
    )
}

/// Why `algorithm` cannot solve boards of `shape`, if it cannot.
pub(super) fn refusal(algorithm: Algorithm, shape: Shape) -> Option<String> {
    (algorithm == Algorithm::Table && shape.cells() > TABLE_MAX_CELLS)
        .then(|| solve::SolveError::TooBigForTable(shape).to_string())
}

/// The start and the board after every move of a solution.
pub(super) fn solution_steps(board: &Board, answer: Option<&SlidingAnswer>) -> Vec<Step> {
    let moves = answer.and_then(|answer| answer.moves.as_deref());
    steps(board, moves.unwrap_or_default())
}

/// Every board of `shape` (which packed boards can hold) that can reach `goal`, explored from it.
///
/// Boards rank in reading order, where a move along a row steps to the next rank and a move
/// across rows carries a tile over the rest of its row to a far rank: the wider the board, the
/// dearer. So boards wider than tall are explored transposed (the same distances), which takes
/// 2×7 a fifth less time than row by row.
pub(super) fn packed_space(shape: Shape, goal: &Board) -> Space {
    let wide = shape.rows() < shape.cols();
    let goal = if wide {
        goal.transposed()
    } else {
        goal.clone()
    };
    let explored = goal.shape();
    let goal = PackedBoard::from_board(&goal).expect("the shape fits a packed board");
    let boards = SolvableBoards::new(explored, &goal);
    let goals = vec![boards.rank(&goal)];
    let drawing = boards.clone();
    Space {
        ranked: Arc::new(SolvableSpace(boards)),
        goals,
        draw: Box::new(move |rank| {
            let board = drawing.unrank(rank).to_board(explored);
            if wide { board.transposed() } else { board }.to_string()
        }),
    }
}
