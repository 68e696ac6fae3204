//! The boards of a shape that can reach a goal, ranked for whole-space searches.
//!
//! A board is its blank's cell and its tiles in reading order with the blank left out. A
//! sideways move leaves that order as it is; a move up or down carries one tile over the
//! `cols - 1` tiles between, which changes the order's parity exactly when `cols` is even. So
//! the boards that can reach a goal are those whose order has a given parity for each row of the
//! blank: half of all orders. Their rank is the order's rank among the orders of that parity
//! (its Lehmer rank halved: the second-to-last Lehmer digit is fixed by the parity), times the
//! number of cells, plus the blank's cell: `cells!/2` ranks, and a sideways move only steps the
//! lowest digit, so its neighbour's rank is the next or the previous one.

use statespace_engine::rank::{PermutationUnranker, factorial, permutation_parity};
use statespace_engine::space::RankedSpace;
use statespace_engine::{Domain, PerfectHash, Reversible};

use super::board::{Move, Shape, Tiles};
use super::domain::PackedPuzzle;
use super::packed::{PackedBoard, nibbles_below};

/// The boards of a shape (at most 16 cells) that can reach a given goal, ranked as the module
/// says.
#[derive(Clone, Debug)]
pub struct SolvableBoards {
    puzzle: PackedPuzzle,
    shape: Shape,
    /// The tiles of the goal and of every board that can reach it.
    tiles: usize,
    /// Whether an order's rank is halved: there are at least two tiles, so each parity holds
    /// half of the orders.
    halved: bool,
    /// The cells on which the blank needs an order of odd parity, a bit each.
    odd_cells: u16,
}

impl SolvableBoards {
    /// The boards of `shape` that can reach `goal` (a board of `shape`).
    pub fn new(shape: Shape, goal: &PackedBoard) -> Self {
        let tiles = shape.cells() - 1;
        let mut goal_order = [0u8; PackedBoard::MAX_CELLS];
        unpack(order_of(goal), &mut goal_order[..tiles]);
        let goal_parity = permutation_parity(&goal_order[..tiles]);
        let goal_row = shape.row(goal.blank()) % 2;
        // A move between rows flips the parity when it carries a tile over an odd count.
        let flips = shape.cols().is_multiple_of(2);
        let odd_cells = (0..shape.cells())
            .filter(|&cell| goal_parity ^ (flips && shape.row(cell) % 2 != goal_row))
            .fold(0, |cells, cell| cells | 1 << cell);
        Self {
            puzzle: PackedPuzzle::new(shape),
            shape,
            tiles,
            halved: tiles >= 2,
            odd_cells,
        }
    }

    /// The parity of the order on a board whose blank is on `cell`.
    fn parity_at(&self, cell: usize) -> bool {
        self.odd_cells & 1 << cell != 0
    }

    /// The rank of `order` (packed) among the orders of its parity.
    fn order_rank(&self, order: u64) -> u64 {
        let rank = rank_order(order, self.tiles);
        if self.halved { rank >> 1 } else { rank }
    }
}

/// The nibbles of cells below `cell`, all ones.
fn below(cell: usize) -> u64 {
    1u64.checked_shl(4 * cell as u32)
        .map_or(u64::MAX, |bit| bit - 1)
}

/// The tiles of `board` in reading order, the blank left out: four bits each, the first lowest.
fn order_of(board: &PackedBoard) -> u64 {
    let (bits, blank) = (board.bits(), board.blank());
    let after = bits.checked_shr(4 * (blank as u32 + 1)).unwrap_or(0);
    (bits & below(blank)) | after << (4 * blank)
}

/// The board of the tiles of `order` (packed) with the blank on `blank`.
fn board_of(order: u64, blank: usize) -> PackedBoard {
    let after = (order & !below(blank)) << 4;
    PackedBoard::from_parts((order & below(blank)) | after, blank)
}

/// The Lehmer rank of the tiles `1..=tiles` in `order` (packed): each digit counts the tiles
/// after its own that are smaller, four bits at a time.
fn rank_order(order: u64, tiles: usize) -> u64 {
    (0..tiles).fold(0, |rank, k| {
        rank * (tiles - k) as u64 + lehmer_digit(order, k, tiles) as u64
    })
}

/// The Lehmer digit of position `k` of `order` (packed, `tiles` tiles): the tiles after it
/// that are smaller than its own.
fn lehmer_digit(order: u64, k: usize, tiles: usize) -> i64 {
    let tile = (order >> (4 * k) & 0xF) as usize;
    let after = order.checked_shr(4 * (k as u32 + 1)).unwrap_or(0);
    // The nibbles past the last tile are zero, below every tile: not counted.
    (nibbles_below(after, tile).count_ones() as usize - (16 - (tiles - k - 1))) as i64
}

/// How the Lehmer rank of `order` (packed, `tiles` tiles) changes when its tile at position
/// `from` moves to position `to`, the tiles between shifting over by one: only the digits of
/// those positions change. A tile passed keeps its digit but for the moved tile, which it now
/// has before it instead of after (or after instead of before), and moves to the next weight;
/// the moved tile gains (or loses) the tiles it passed that are smaller than its own.
fn rank_change(order: u64, from: usize, to: usize, tiles: usize) -> i64 {
    let weight = |k: usize| factorial(tiles - 1 - k) as i64;
    let tile = order >> (4 * from) & 0xF;
    let digit = lehmer_digit(order, from, tiles);
    let (passed, step, sign) = if to < from {
        (to..from, 1, -1)
    } else {
        (from + 1..to + 1, usize::MAX, 1)
    };
    let mut change = 0;
    let mut smaller = 0;
    for k in passed {
        let below = i64::from((order >> (4 * k) & 0xF) < tile);
        smaller += below;
        let old = lehmer_digit(order, k, tiles);
        let new = old + sign * (1 - below);
        change += new * weight(k.wrapping_add(step)) - old * weight(k);
    }
    change + (digit - sign * smaller) * weight(to) - digit * weight(from)
}

/// Writes the tiles of `order` (packed), numbered from 0, into `out`.
fn unpack(order: u64, out: &mut [u8]) {
    for (k, slot) in out.iter_mut().enumerate() {
        *slot = (order >> (4 * k) & 0xF) as u8 - 1;
    }
}

/// `items` (numbered from 0) packed as an order of tiles numbered from 1.
fn pack(items: &[u8]) -> u64 {
    items.iter().enumerate().fold(0, |order, (k, &item)| {
        order | u64::from(item + 1) << (4 * k)
    })
}

/// Orders one at a time, in the order of their ranks: each is found from the last by the
/// engine's incremental unranker, in both parities.
struct Orders {
    unranker: PermutationUnranker,
    halved: bool,
    rank: Option<u64>,
    /// The order of the rank, packed: of even parity, and of odd parity.
    packed: [u64; 2],
    /// Whether the order of the rank with its dropped digit 0 is odd.
    odd: bool,
}

impl Orders {
    fn new(tiles: usize, halved: bool) -> Self {
        Self {
            unranker: PermutationUnranker::new(tiles),
            halved,
            rank: None,
            packed: [0; 2],
            odd: false,
        }
    }

    /// The order (packed) of rank `rank` among those of parity `odd`, and its Lehmer rank among
    /// all orders.
    fn get(&mut self, rank: u64, odd_wanted: bool) -> (u64, u64) {
        if self.rank != Some(rank) {
            let full = if self.halved { rank << 1 } else { rank };
            let items = self.unranker.seek(full);
            let order = pack(items);
            let tiles = items.len();
            // The Lehmer digit before last goes from 0 to 1: the last two tiles change places.
            let swapped = if self.halved {
                let (a, b) = (4 * (tiles - 2), 4 * (tiles - 1));
                let (x, y) = (order >> a & 0xF, order >> b & 0xF);
                order & !(0xF << a | 0xF << b) | y << a | x << b
            } else {
                order
            };
            self.odd = self.unranker.is_odd();
            self.packed = if self.odd {
                [swapped, order]
            } else {
                [order, swapped]
            };
            self.rank = Some(rank);
        }
        let order = self.packed[usize::from(odd_wanted)];
        // The swapped order's dropped Lehmer digit is 1.
        let swapped = self.halved && odd_wanted != self.odd;
        let full = if self.halved { rank << 1 } else { rank };
        (order, full + u64::from(swapped))
    }
}

impl Domain for SolvableBoards {
    type State = PackedBoard;
    type Action = Move;

    fn actions(&self, board: &PackedBoard, out: &mut Vec<Move>) {
        self.puzzle.actions(board, out);
    }

    fn apply(&self, board: &mut PackedBoard, step: Move) {
        self.puzzle.apply(board, step);
    }

    fn invert(&self, step: Move) -> Option<Move> {
        Some(step.inverse())
    }

    fn is_goal(&self, board: &PackedBoard) -> bool {
        self.puzzle.is_goal(board)
    }
}

/// Every move is undone by its inverse.
impl Reversible for SolvableBoards {}

impl PerfectHash for SolvableBoards {
    fn size(&self) -> u64 {
        let orders = factorial(self.tiles);
        (if self.halved { orders / 2 } else { orders }) * self.shape.cells() as u64
    }

    fn rank(&self, board: &PackedBoard) -> u64 {
        self.order_rank(order_of(board)) * self.shape.cells() as u64 + board.blank() as u64
    }

    /// A sideways move keeps the order (as does any move on a board one column wide): only the
    /// blank's digit changes.
    #[inline]
    fn rank_neighbour(&self, board: &PackedBoard, rank: u64, next: &PackedBoard) -> u64 {
        let (from, to) = (board.blank(), next.blank());
        if from.abs_diff(to) == 1 || self.shape.cols() == 1 {
            rank - from as u64 + to as u64
        } else {
            self.rank(next)
        }
    }

    fn unrank(&self, rank: u64) -> PackedBoard {
        let mut board = None;
        self.unrank_each(&[rank], |_, found| board = Some(*found));
        board.expect("one rank, one board")
    }

    fn unrank_each(&self, ranks: &[u64], mut each: impl FnMut(u64, &PackedBoard)) {
        let cells = self.shape.cells() as u64;
        let mut orders = Orders::new(self.tiles, self.halved);
        for &rank in ranks {
            let blank = (rank % cells) as usize;
            let (order, _) = orders.get(rank / cells, self.parity_at(blank));
            each(rank, &board_of(order, blank));
        }
    }
}

/// [`SolvableBoards`] as whole-space searches walk them: each rank's neighbours found from its
/// order and blank alone, without a board. A sideways move is the next or the previous rank; a
/// move up or down carries one tile of the order over the `cols - 1` after or before it.
#[derive(Clone, Debug)]
pub struct SolvableSpace(pub SolvableBoards);

impl SolvableSpace {
    /// The rank after the blank moves from `from` to `to`, a cell above or below, on a board
    /// whose order is `order`, of Lehmer rank `full` among all orders.
    fn rank_across(&self, order: u64, full: u64, from: usize, to: usize) -> u64 {
        let (tile_from, tile_to) = if to > from {
            // The tile below comes up: from order position `to - 1` to `from`.
            (to - 1, from)
        } else {
            // The tile above goes down: from order position `to` to `from - 1`.
            (to, from - 1)
        };
        let boards = &self.0;
        let full = (full as i64 + rank_change(order, tile_from, tile_to, boards.tiles)) as u64;
        let rank = if boards.halved { full >> 1 } else { full };
        rank * boards.shape.cells() as u64 + to as u64
    }
}

impl RankedSpace for SolvableSpace {
    fn ranks(&self) -> u64 {
        self.0.size()
    }

    fn reversible(&self) -> bool {
        true
    }

    fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
        let boards = &self.0;
        let (rows, cols) = (boards.shape.rows(), boards.shape.cols());
        let cells = boards.shape.cells() as u64;
        let mut orders = Orders::new(boards.tiles, boards.halved);
        for &rank in ranks {
            let blank = (rank % cells) as usize;
            let (row, col) = (blank / cols, blank % cols);
            if col > 0 {
                out.push(rank - 1);
            }
            if col + 1 < cols {
                out.push(rank + 1);
            }
            if rows > 1 {
                let (order, full) = orders.get(rank / cells, boards.parity_at(blank));
                if row > 0 {
                    out.push(self.rank_across(order, full, blank, blank - cols));
                }
                if row + 1 < rows {
                    out.push(self.rank_across(order, full, blank, blank + cols));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::board::Board;

    fn boards(rows: usize, cols: usize) -> (Shape, SolvableBoards) {
        let shape = Shape::new(rows, cols).unwrap();
        let goal = PackedBoard::from_board(&Board::solved(shape)).unwrap();
        (shape, SolvableBoards::new(shape, &goal))
    }

    #[test]
    fn ranks_and_boards_correspond_one_to_one() {
        for (rows, cols) in [
            (1, 2),
            (1, 3),
            (3, 1),
            (2, 2),
            (2, 3),
            (3, 2),
            (2, 4),
            (3, 3),
        ] {
            let (shape, space) = boards(rows, cols);
            let size = space.size();
            let all = factorial(shape.cells());
            assert_eq!(
                size,
                if shape.cells() >= 3 { all / 2 } else { all },
                "{shape}"
            );
            let ranks: Vec<u64> = (0..size).collect();
            let mut seen = 0;
            space.unrank_each(&ranks, |rank, board| {
                assert_eq!(space.rank(board), rank, "{shape}");
                assert_eq!(space.unrank(rank), *board, "{shape}");
                seen += 1;
            });
            assert_eq!(seen, size);
        }
    }

    #[test]
    fn packed_orders_rank_as_permutations() {
        use statespace_engine::rank::{rank_permutation, unrank_permutation};
        for tiles in [1, 2, 5, 13, 15] {
            for rank in (0..factorial(tiles)).step_by(factorial(tiles) as usize / 50 + 1) {
                let mut items = vec![0; tiles];
                unrank_permutation(rank, &mut items);
                assert_eq!(rank_order(pack(&items), tiles), rank_permutation(&items));
            }
        }
    }

    #[test]
    fn a_neighbour_rank_is_its_board_rank() {
        for (rows, cols) in [(2, 3), (3, 3), (2, 4), (4, 2)] {
            let (_, space) = boards(rows, cols);
            let ranks: Vec<u64> = (0..space.size()).step_by(7).collect();
            space.unrank_each(&ranks, |rank, board| {
                let mut steps = Vec::new();
                space.actions(board, &mut steps);
                for step in steps {
                    let mut next = *board;
                    space.apply(&mut next, step);
                    assert_eq!(space.rank_neighbour(board, rank, &next), space.rank(&next));
                    assert!(space.rank(&next) < space.size());
                }
            });
        }
    }

    #[test]
    fn the_space_has_the_boards_neighbours() {
        for (rows, cols) in [(1, 4), (4, 1), (2, 3), (3, 3), (2, 4), (4, 2), (3, 4)] {
            let (_, boards) = boards(rows, cols);
            let space = SolvableSpace(boards.clone());
            let ranks: Vec<u64> = (0..boards.size()).step_by(5).collect();
            for &rank in &ranks {
                let (mut fast, mut plain) = (Vec::new(), Vec::new());
                space.predecessors(&[rank], &mut fast);
                RankedSpace::predecessors(&boards, &[rank], &mut plain);
                fast.sort_unstable();
                plain.sort_unstable();
                assert_eq!(fast, plain, "{rows}x{cols}, rank {rank}");
            }
        }
    }

    #[test]
    fn the_other_half_is_the_other_goals() {
        let (shape, _) = boards(2, 3);
        let swapped = PackedBoard::from_tiles(&[2u8, 1, 3, 4, 5, 0]);
        let space = SolvableBoards::new(shape, &swapped);
        assert!(space.rank(&swapped) < space.size());
        assert_eq!(space.unrank(space.rank(&swapped)), swapped);
    }
}
