//! A quick solution for boards of any size, not the shortest: the method people use by hand.
//!
//! The unsolved part of the board is always a rectangle at the bottom right. While it has more
//! than two rows or columns, its first row (or first column, when that is longer) is filled in:
//! every tile but the last two is walked home one step at a time, the blank going round it
//! without disturbing the tiles already placed; the last two tiles of the line are brought
//! next to their cells and finished by an exact search over the positions of those two tiles and
//! the blank in a window of at most 3×3 cells. The last 2×2 block is finished the same way.
//!
//! Routes are straight where they can be: a tile's route and the blank's way to it bend at most
//! once, and the blank gets ahead of the tile it walks by going round the eight cells around it.
//! Only when such a route is blocked does an engine breadth-first search find one, so a move
//! costs a few nanoseconds on any board and the answer is written about as fast as it is made.
//!
//! The small searches the method makes (the walks and the exact search in a window) are in
//! `fast/searches.rs`.

use std::io::{self, Write};

use statespace_engine::bfs::{Bfs, bfs};
use statespace_engine::{Limits, Meter, Outcome, SearchResult, Stats, StopReason};

use super::board::{Board, Move, Shape, Tiles};

mod searches;

use searches::{CellIndex, Walk, Window, step_from};

/// What the memory budget counts for each move made: the move held (a byte, three while its
/// vector doubles: the old and the new), and once found, the move's copy in a report and its
/// letter in the answer's line, which the vector's spare half then covers.
const BYTES_PER_MOVE: u64 = 4;

/// A solution of `board`, or why `limits` stopped the method, with what it did; `None` when
/// `board` is unsolvable. Every move made counts as an expanded node, as does every node of the
/// occasional search for a route; the memory budget counts four bytes per move.
///
/// ```
/// use statespace_engine::Limits;
/// use statespace_puzzles::sliding::{Shape, fast_solution, random_board};
/// use rand::SeedableRng;
/// let shape = Shape::new(12, 12).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let mut board = random_board(shape, &mut rng, true);
/// let (moves, _stats) = fast_solution(&board, &Limits::none()).unwrap();
/// board.play(&moves.unwrap()).unwrap();
/// assert!(board.is_solved());
/// ```
pub fn fast_solution(
    board: &Board,
    limits: &Limits,
) -> Option<(Result<Vec<Move>, StopReason>, Stats)> {
    let mut solver = Solver::new(board, limits, Sink::Held(Vec::new()))?;
    let outcome = solver.run();
    let Sink::Held(moves) = solver.sink else {
        unreachable!("the moves were held")
    };
    Some((outcome.map(|()| moves), solver.stats))
}

/// The letters of the method's solution of `board` written to `out` as the moves are made, so
/// that an answer of any length takes no memory; then the number of moves, or why `limits`
/// stopped the method (the letters of the moves made before it stay written), with what it did.
/// `None` when `board` is unsolvable; an error when `out` fails. No line break is written.
///
/// ```
/// use statespace_engine::Limits;
/// use statespace_puzzles::sliding::{Shape, fast_solution, random_board, write_fast_solution};
/// use rand::SeedableRng;
/// let shape = Shape::new(9, 7).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let board = random_board(shape, &mut rng, true);
/// let mut written = Vec::new();
/// let (count, _stats) = write_fast_solution(&board, &Limits::none(), &mut written).unwrap().unwrap();
/// let (held, _stats) = fast_solution(&board, &Limits::none()).unwrap();
/// let held: String = held.unwrap().iter().map(|step| step.letter()).collect();
/// assert_eq!(String::from_utf8(written).unwrap(), held);
/// assert_eq!(count.unwrap(), held.len() as u64);
/// ```
pub fn write_fast_solution(
    board: &Board,
    limits: &Limits,
    out: &mut dyn Write,
) -> io::Result<Option<(Result<u64, StopReason>, Stats)>> {
    let sink = Sink::Written {
        out,
        letters: Vec::with_capacity(LETTERS_PER_WRITE),
        made: 0,
        failure: None,
    };
    let Some(mut solver) = Solver::new(board, limits, sink) else {
        return Ok(None);
    };
    let outcome = solver.run();
    let Sink::Written {
        out,
        letters,
        made,
        failure,
    } = solver.sink
    else {
        unreachable!("the moves were written")
    };
    if let Some(failure) = failure {
        return Err(failure);
    }
    out.write_all(&letters)?;
    Ok(Some((outcome.map(|()| made), solver.stats)))
}

/// How many letters are gathered before they are written.
const LETTERS_PER_WRITE: usize = 1 << 16;

/// Where the moves go as they are made.
enum Sink<'w> {
    /// Kept, for the answer.
    Held(Vec<Move>),
    /// Written as letters, a batch at a time, `made` counting them; a failure of `out` stops
    /// the method.
    Written {
        out: &'w mut dyn Write,
        letters: Vec<u8>,
        made: u64,
        failure: Option<io::Error>,
    },
}

impl Sink<'_> {
    /// Takes a move; how many moves are held.
    fn push(&mut self, step: Move) -> Result<u64, StopReason> {
        match self {
            Sink::Held(moves) => {
                moves.push(step);
                Ok(moves.len() as u64)
            }
            Sink::Written {
                out,
                letters,
                made,
                failure,
            } => {
                letters.push(step.letter() as u8);
                *made += 1;
                if letters.len() == LETTERS_PER_WRITE {
                    if let Err(error) = out.write_all(letters) {
                        *failure = Some(error);
                        return Err(StopReason::Cancelled);
                    }
                    letters.clear();
                }
                Ok(0)
            }
        }
    }
}

/// A line of the unsolved rectangle to fill in, in coordinates along it (`along`) and away from
/// it into the rectangle (`depth`): rows are lines as they are, columns are lines transposed.
#[derive(Clone, Copy)]
struct Frame {
    shape: Shape,
    top: usize,
    left: usize,
    column: bool,
}

impl Frame {
    fn cell(self, along: usize, depth: usize) -> usize {
        if self.column {
            self.shape.cell(self.top + along, self.left + depth)
        } else {
            self.shape.cell(self.top + depth, self.left + along)
        }
    }

    fn length(self) -> usize {
        if self.column {
            self.shape.rows() - self.top
        } else {
            self.shape.cols() - self.left
        }
    }
}

/// The eight cells around a cell, in order round it: each is a neighbour of the next.
const RING: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
];

struct Solver<'a, 'w> {
    shape: Shape,
    board: Board,
    /// The cell of each tile (the blank's at 0).
    cells: Vec<usize>,
    /// Cells whose tiles are home for good (or held in place for a while).
    locked: Vec<bool>,
    /// The breadth-first searcher of the routes no straight one serves, its memory kept.
    walks: Bfs<usize, Move, CellIndex>,
    /// The route being followed, its memory kept from one route to the next.
    path: Vec<Move>,
    sink: Sink<'w>,
    stats: Stats,
    meter: Meter<'a>,
}

impl<'a, 'w> Solver<'a, 'w> {
    /// A solver of `board` sending its moves to `sink`; `None` when `board` is unsolvable.
    fn new(board: &Board, limits: &'a Limits, sink: Sink<'w>) -> Option<Self> {
        if !board.is_solvable() {
            return None;
        }
        let mut cells = vec![0; board.shape().cells()];
        for (cell, &tile) in board.tiles().iter().enumerate() {
            cells[usize::from(tile)] = cell;
        }
        Some(Self {
            shape: board.shape(),
            board: board.clone(),
            cells,
            locked: vec![false; board.shape().cells()],
            walks: Bfs::new(CellIndex::default()),
            path: Vec::new(),
            sink,
            stats: Stats::default(),
            meter: Meter::new(limits).charging(BYTES_PER_MOVE),
        })
    }

    fn run(&mut self) -> Result<(), StopReason> {
        let (rows, cols) = (self.shape.rows(), self.shape.cols());
        if rows == 1 || cols == 1 {
            // The tiles are in order: only the blank has to go to the end.
            return self.move_blank_to(self.shape.cells() - 1, None);
        }
        let (mut top, mut left) = (0, 0);
        loop {
            let (rows_left, cols_left) = (rows - top, cols - left);
            if rows_left <= 2 && cols_left <= 2 {
                break;
            }
            let column = rows_left < 3 || cols_left > rows_left;
            self.fill_line(Frame {
                shape: self.shape,
                top,
                left,
                column,
            })?;
            if column {
                left += 1;
            } else {
                top += 1;
            }
        }
        let block: Vec<usize> = [(0, 0), (0, 1), (1, 0), (1, 1)]
            .map(|(row, col)| self.shape.cell(top + row, left + col))
            .into();
        let homes = &block[..3];
        self.finish_in_window(&block, homes)
    }

    /// Puts home the tiles of the frame's line, which is at depth 0; the rectangle is at least
    /// three deep.
    fn fill_line(&mut self, frame: Frame) -> Result<(), StopReason> {
        let length = frame.length();
        for along in 0..length - 2 {
            let home = frame.cell(along, 0);
            self.walk_tile(home + 1, home)?;
            self.locked[home] = true;
        }
        self.fill_last_two(frame)
    }

    /// The last two cells of a line cannot be filled one after the other: the first would have
    /// to move for the second to get in. Tile `a` (home in the next-to-last cell) goes to the
    /// last cell, tile `b` right below it, then a small exact search finishes.
    fn fill_last_two(&mut self, frame: Frame) -> Result<(), StopReason> {
        let length = frame.length();
        let (home_a, home_b) = (frame.cell(length - 2, 0), frame.cell(length - 1, 0));
        let (a, b) = (home_a + 1, home_b + 1);
        let window: Vec<usize> = (length.saturating_sub(3)..length)
            .flat_map(|along| (0..3).map(move |depth| frame.cell(along, depth)))
            .filter(|&cell| !self.locked[cell])
            .collect();
        if self.board.tile(home_a) != a || self.board.tile(home_b) != b {
            self.walk_tile(a, home_b)?;
            self.locked[home_b] = true;
            let b_at = self.position(b);
            if window.contains(&b_at) {
                self.move_blank(|cell| window.contains(&cell), Some(b_at))?;
            } else {
                // A shortest walk never enters the dead end left of `a`, so nothing gets stuck.
                self.walk_tile(b, frame.cell(length - 1, 1))?;
                let b_at = self.position(b);
                self.move_blank_to(home_a, Some(b_at))?;
            }
            self.locked[home_b] = false;
            self.finish_in_window(&window, &[home_a, home_b])?;
        }
        self.locked[home_a] = true;
        self.locked[home_b] = true;
        Ok(())
    }

    /// Brings the tiles at home in `homes` there, moving the blank only inside `window`, which
    /// holds the blank and those tiles.
    fn finish_in_window(&mut self, window: &[usize], homes: &[usize]) -> Result<(), StopReason> {
        let index = |cell: usize| {
            window
                .iter()
                .position(|&c| c == cell)
                .expect("in the window") as u8
        };
        let mut start = [Window::UNUSED; 4];
        let mut goal = [Window::UNUSED; 4];
        start[0] = index(self.board.blank());
        for (k, &home) in homes.iter().enumerate() {
            start[k + 1] = index(self.position(home + 1));
            goal[k + 1] = index(home);
        }
        let domain = Window {
            shape: self.shape,
            cells: window,
            goal,
        };
        let result = bfs(&domain, &start, &Limits::none());
        let route = self.found(result);
        self.play_all(route)
    }

    /// Walks `tile` to `home` one step at a time along a shortest route avoiding the locked
    /// cells, the blank going round the tile to the cell ahead before each step.
    fn walk_tile(&mut self, tile: usize, home: usize) -> Result<(), StopReason> {
        let mut at = self.position(tile);
        let mut route = Vec::new();
        if !self.straight_route(at, home, None, &mut route) {
            route = self.searched_route(at, |cell| cell == home, None);
        }
        for step in route {
            let ahead = step_from(at, self.shape.cols(), step);
            self.move_blank_to(ahead, Some(at))?;
            self.play(step.inverse())?;
            at = ahead;
        }
        Ok(())
    }

    /// Moves the blank to `target` along a shortest way around the locked cells and `avoid`:
    /// round `avoid` when both are next to it, else bending at most once, else as searched.
    fn move_blank_to(&mut self, target: usize, avoid: Option<usize>) -> Result<(), StopReason> {
        let blank = self.board.blank();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let found = avoid.is_some_and(|center| self.round(center, blank, target, &mut path))
            || self.straight_route(blank, target, avoid, &mut path);
        if !found {
            path = self.searched_route(blank, |cell| cell == target, avoid);
        }
        let played = path.iter().try_for_each(|&step| self.play(step));
        self.path = path;
        played
    }

    /// Moves the blank to a cell where `goal` holds, around the locked cells and `avoid`.
    fn move_blank(
        &mut self,
        goal: impl Fn(usize) -> bool,
        avoid: Option<usize>,
    ) -> Result<(), StopReason> {
        let route = self.searched_route(self.board.blank(), goal, avoid);
        self.play_all(route)
    }

    /// Whether a cell may be walked through: not locked, not `avoid`.
    fn open(&self, cell: usize, avoid: Option<usize>) -> bool {
        !self.locked[cell] && avoid != Some(cell)
    }

    /// Writes into `path` the shorter way from `from` to `to`, both next to `center`, through
    /// the open cells round it; false when both ways are blocked.
    fn round(&self, center: usize, from: usize, to: usize, path: &mut Vec<Move>) -> bool {
        let (row, col) = (self.shape.row(center), self.shape.col(center));
        let ring = RING.map(|(dr, dc)| {
            let (row, col) = (row.checked_add_signed(dr)?, col.checked_add_signed(dc)?);
            (row < self.shape.rows() && col < self.shape.cols())
                .then(|| self.shape.cell(row, col))
                .filter(|&cell| self.open(cell, None))
        });
        let place = |cell| ring.iter().position(|&c| c == Some(cell));
        let (Some(start), Some(end)) = (place(from), place(to)) else {
            return false;
        };
        let forward = (end + 8 - start) % 8;
        let mut ways = [(1, forward), (7, 8 - forward)];
        ways.sort_by_key(|&(_, length)| length);
        ways.into_iter().any(|(turn, length)| {
            path.clear();
            let mut cell = from;
            (1..=length).all(|k| {
                ring[(start + k * turn) % 8].is_some_and(|next| {
                    path.push(self.step_between(cell, next));
                    cell = next;
                    true
                })
            })
        })
    }

    /// Writes into `path` a shortest route from `from` to `to` through open cells that bends at
    /// most once (along the row first, else along the column first); false when both are blocked.
    fn straight_route(
        &self,
        from: usize,
        to: usize,
        avoid: Option<usize>,
        path: &mut Vec<Move>,
    ) -> bool {
        let cols = self.shape.cols();
        let (row_step, rows) = leg(from / cols, to / cols, Move::Up, Move::Down);
        let (col_step, cols_apart) = leg(from % cols, to % cols, Move::Left, Move::Right);
        [
            [(col_step, cols_apart), (row_step, rows)],
            [(row_step, rows), (col_step, cols_apart)],
        ]
        .into_iter()
        .any(|legs| {
            path.clear();
            let mut cell = from;
            legs.into_iter().all(|(step, count)| {
                (0..count).all(|_| {
                    cell = step_from(cell, cols, step);
                    path.push(step);
                    self.open(cell, avoid)
                })
            })
        })
    }

    /// A shortest walk from `from` to a cell where `goal` holds, around the locked cells and
    /// `avoid`, found by breadth-first search.
    fn searched_route(
        &mut self,
        from: usize,
        goal: impl Fn(usize) -> bool,
        avoid: Option<usize>,
    ) -> Vec<Move> {
        if let Some(cell) = avoid {
            self.locked[cell] = true;
        }
        let walk = Walk {
            shape: self.shape,
            blocked: &self.locked,
            goal,
        };
        let result = self.walks.search(&walk, &from, &Limits::none());
        if let Some(cell) = avoid {
            self.locked[cell] = false;
        }
        self.found(result)
    }

    /// The moves of a search that must succeed, its work counted.
    fn found(&mut self, result: SearchResult<Move>) -> Vec<Move> {
        self.stats.expanded += result.stats.expanded;
        self.stats.generated += result.stats.generated;
        self.stats.stored = self.stats.stored.max(result.stats.stored);
        match result.outcome {
            Outcome::Found(solution) => solution.actions,
            other => unreachable!("the free cells are connected, yet {other:?}"),
        }
    }

    /// The blank's move from `from` to `to`, a neighbour.
    fn step_between(&self, from: usize, to: usize) -> Move {
        let cols = self.shape.cols();
        if to == from + cols {
            Move::Down
        } else if to + cols == from {
            Move::Up
        } else if to == from + 1 {
            Move::Right
        } else {
            Move::Left
        }
    }

    fn play_all(&mut self, route: Vec<Move>) -> Result<(), StopReason> {
        route.into_iter().try_for_each(|step| self.play(step))
    }

    /// Makes one move, as one expansion under the limits.
    fn play(&mut self, step: Move) -> Result<(), StopReason> {
        self.meter.before_expansion(self.stats.expanded)?;
        self.stats.expanded += 1;
        self.stats.generated += 1;
        let blank = self.board.blank();
        let target = step_from(blank, self.shape.cols(), step);
        let tile = self.board.tile(target);
        self.board.apply(step).expect("a move on the board");
        self.cells[tile] = blank;
        self.cells[0] = target;
        let held = self.sink.push(step)?;
        self.meter.stored(held)
    }

    fn position(&self, tile: usize) -> usize {
        self.cells[tile]
    }
}

/// The step and the number of steps from `from` to `to` on one axis, `back` going down it.
fn leg(from: usize, to: usize, back: Move, forth: Move) -> (Move, usize) {
    if to < from {
        (back, from - to)
    } else {
        (forth, to - from)
    }
}

#[cfg(test)]
mod tests;
