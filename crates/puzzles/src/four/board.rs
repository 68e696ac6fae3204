//! The board, its pieces and moves, and the search domain over (board, side to move).

use std::fmt;

use statespace_engine::rank::{binomial, rank_subset, unrank_subset};
use statespace_engine::{Domain, PerfectHash, Predecessors};

/// Cells on a side of the board.
pub const SIDE: usize = 4;
/// Cells on the board.
pub const CELLS: usize = SIDE * SIDE;

/// The cells of the leftmost and rightmost columns.
const LEFT_COLUMN: u16 = 0x1111;
const RIGHT_COLUMN: u16 = 0x8888;

/// The ten lines of four: rows, columns and the two long diagonals.
const LINES: [u16; 10] = [
    0x000F, 0x00F0, 0x0F00, 0xF000, // rows
    0x1111, 0x2222, 0x4444, 0x8888, // columns
    0x8421, 0x1248, // diagonals
];

/// One of the two colours of pieces, also the side whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Colour {
    /// `B`.
    #[serde(rename = "B")]
    Black,
    /// `W`.
    #[serde(rename = "W")]
    White,
}

impl Colour {
    /// Both colours, black first.
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    /// The opponent.
    pub fn other(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// Its letter on the board.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "black",
            Colour::White => "white",
        })
    }
}

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// `O`.
    Empty,
    /// A piece of a colour.
    Piece(Colour),
}

impl Cell {
    /// Its letter on the board: `O`, `B` or `W`.
    pub fn letter(self) -> char {
        match self {
            Cell::Empty => 'O',
            Cell::Piece(colour) => colour.letter(),
        }
    }

    /// The cell a letter stands for, if it is `B`, `W` or `O`.
    pub fn from_letter(letter: char) -> Option<Cell> {
        match letter {
            'O' => Some(Cell::Empty),
            'B' => Some(Cell::Piece(Colour::Black)),
            'W' => Some(Cell::Piece(Colour::White)),
            _ => None,
        }
    }
}

/// How many cells hold each colour and how many are empty: what no move changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts {
    /// Black pieces.
    pub black: u8,
    /// White pieces.
    pub white: u8,
    /// Empty cells.
    pub empty: u8,
}

impl Counts {
    /// The judge's boards: seven of each colour and two empty cells.
    pub const JUDGE: Counts = Counts {
        black: 7,
        white: 7,
        empty: 2,
    };

    /// Whether a colour has the four pieces a line needs; if neither does, no line can be made
    /// on any board with these counts.
    pub fn allow_a_line(self) -> bool {
        self.black >= 4 || self.white >= 4
    }
}

impl fmt::Display for Counts {
    /// `black/white/empty`, e.g. `7/7/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.black, self.white, self.empty)
    }
}

/// A 4×4 board, cells numbered 0 to 15 in reading order (`4 * row + column`), stored as one bit
/// mask per colour.
/// Printed by `Display` in the judge's format (see [`print`](super::print)).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Board {
    black: u16,
    white: u16,
}

impl Board {
    /// The board with `cells` in reading order.
    pub fn from_cells(cells: &[Cell; CELLS]) -> Board {
        let mut board = Board::default();
        for (index, &cell) in cells.iter().enumerate() {
            board.set(index, cell);
        }
        board
    }

    /// The cells in reading order.
    pub fn cells(self) -> [Cell; CELLS] {
        std::array::from_fn(|index| self.cell(index))
    }

    /// What cell `index` holds.
    pub fn cell(self, index: usize) -> Cell {
        let bit = 1 << index;
        if self.black & bit != 0 {
            Cell::Piece(Colour::Black)
        } else if self.white & bit != 0 {
            Cell::Piece(Colour::White)
        } else {
            Cell::Empty
        }
    }

    /// Puts `cell` into cell `index`.
    pub fn set(&mut self, index: usize, cell: Cell) {
        let bit = 1 << index;
        self.black &= !bit;
        self.white &= !bit;
        match cell {
            Cell::Empty => {}
            Cell::Piece(Colour::Black) => self.black |= bit,
            Cell::Piece(Colour::White) => self.white |= bit,
        }
    }

    /// How many cells hold each colour and how many are empty.
    pub fn counts(self) -> Counts {
        Counts {
            black: self.black.count_ones() as u8,
            white: self.white.count_ones() as u8,
            empty: self.empty().count_ones() as u8,
        }
    }

    /// Whether four pieces of one colour stand in a row, a column or a long diagonal.
    pub fn has_line(self) -> bool {
        LINES
            .iter()
            .any(|&line| self.black & line == line || self.white & line == line)
    }

    /// The empty cells.
    fn empty(self) -> u16 {
        !(self.black | self.white)
    }

    fn pieces(self, colour: Colour) -> u16 {
        match colour {
            Colour::Black => self.black,
            Colour::White => self.white,
        }
    }

    /// Every move of either colour's pieces with the board it leads to, black's first.
    pub fn slides(self) -> Vec<(Move, Board)> {
        let mut moves = Vec::new();
        self.moves_of(Colour::Black, &mut moves);
        self.moves_of(Colour::White, &mut moves);
        moves
            .into_iter()
            .map(|step| {
                let mut next = self;
                next.set(usize::from(step.to), self.cell(usize::from(step.from)));
                next.set(usize::from(step.from), Cell::Empty);
                (step, next)
            })
            .collect()
    }

    /// Appends the moves of `colour`'s pieces into adjacent empty cells, by the moving piece's
    /// cell in reading order, then up, down, left, right.
    fn moves_of(self, colour: Colour, out: &mut Vec<Move>) {
        let empty = self.empty();
        let next_to_empty = (empty << SIDE)
            | (empty >> SIDE)
            | ((empty << 1) & !LEFT_COLUMN)
            | ((empty >> 1) & !RIGHT_COLUMN);
        let mut movable = self.pieces(colour) & next_to_empty;
        while movable != 0 {
            let from = movable.trailing_zeros() as u8;
            movable &= movable - 1;
            for to in neighbours(from) {
                if empty & (1 << to) != 0 {
                    out.push(Move { from, to });
                }
            }
        }
    }
}

/// The cells next to `cell`, in the order up, down, left, right.
fn neighbours(cell: u8) -> impl Iterator<Item = u8> {
    let side = SIDE as u8;
    let (row, column) = (cell / side, cell % side);
    [
        (row > 0).then(|| cell - side),
        (row < side - 1).then(|| cell + side),
        (column > 0).then(|| cell - 1),
        (column < side - 1).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// A piece moving from one cell into an adjacent empty one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Move {
    /// The cell the piece leaves.
    pub from: u8,
    /// The empty cell it enters.
    pub to: u8,
}

/// What a search remembers: the board and whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The pieces.
    pub board: Board,
    /// The colour that moves next.
    pub to_move: Colour,
}

/// Four in a row as a search domain over [`Position`]s with one count signature (each
/// signature has its own perfect hash).
///
/// An action moves a piece of the side to move into an adjacent empty cell and passes the turn.
/// Going backwards, the predecessors of a position are reached by moving a piece of the colour
/// *not* to move (the one that just moved) back into an empty cell, the turn flipping again.
///
/// A board's rank combines two [colex subset ranks](statespace_engine::rank::rank_subset): that
/// of its empty cells among the 16, and that of its black pieces among the occupied cells. It is
/// a bijection onto `0..16!/(empty! black! white!)` like the lexicographic multiset rank, and
/// several times cheaper to compute, which is what building a table of every position costs.
#[derive(Clone, Debug)]
pub struct FourInARow {
    counts: Counts,
    /// The sets of empty cells in colex order: unranking is a look-up.
    empty_sets: Vec<u16>,
    /// The sets of black pieces among the occupied cells (packed), in colex order.
    black_sets: Vec<u16>,
}

impl FourInARow {
    /// The domain of the boards with `counts` (which must sum to 16).
    pub fn new(counts: Counts) -> FourInARow {
        let (black, white) = (usize::from(counts.black), usize::from(counts.white));
        let empty = usize::from(counts.empty);
        assert_eq!(
            black + white + empty,
            CELLS,
            "counts {counts} do not fill the board"
        );
        let subsets = |n: usize, k: usize| -> Vec<u16> {
            (0..binomial(n, k))
                .map(|rank| unrank_subset(rank, k) as u16)
                .collect()
        };
        FourInARow {
            counts,
            empty_sets: subsets(CELLS, empty),
            black_sets: subsets(black + white, black),
        }
    }

    /// The counts of the boards of this domain.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The number of boards with these counts (half the number of positions).
    pub fn boards(&self) -> u64 {
        (self.empty_sets.len() * self.black_sets.len()) as u64
    }

    /// The board of rank `rank`, below [`FourInARow::boards`].
    pub fn board(&self, rank: u64) -> Board {
        let placements = self.black_sets.len() as u64;
        let empty = self.empty_sets[(rank / placements) as usize];
        let black = spread(self.black_sets[(rank % placements) as usize], !empty);
        Board {
            black,
            white: !empty & !black,
        }
    }

    /// The rank of `board`, which must have this domain's counts.
    pub fn board_rank(&self, board: Board) -> u64 {
        let empty = board.empty();
        let black = gather(board.black, !empty);
        rank_subset(u64::from(empty)) * self.black_sets.len() as u64 + rank_subset(u64::from(black))
    }
}

/// The bits of `bits` at the set positions of `within`, packed: the `i`-th set cell of
/// `within` becomes bit `i`.
fn gather(bits: u16, within: u16) -> u16 {
    let mut packed = 0;
    let mut rest = within;
    let mut index = 0;
    while rest != 0 {
        let cell = rest & rest.wrapping_neg();
        if bits & cell != 0 {
            packed |= 1 << index;
        }
        rest &= rest - 1;
        index += 1;
    }
    packed
}

/// The inverse of [`gather`]: bit `i` of `packed` goes to the `i`-th set cell of `within`.
fn spread(packed: u16, within: u16) -> u16 {
    let mut bits = 0;
    let mut rest = within;
    let mut index = 0;
    while rest != 0 {
        let cell = rest & rest.wrapping_neg();
        if packed & (1 << index) != 0 {
            bits |= cell;
        }
        rest &= rest - 1;
        index += 1;
    }
    bits
}

impl Domain for FourInARow {
    type State = Position;
    type Action = Move;

    fn actions(&self, position: &Position, out: &mut Vec<Move>) {
        position.board.moves_of(position.to_move, out);
    }

    fn apply(&self, position: &mut Position, action: Move) {
        let piece = position.board.cell(usize::from(action.from));
        position.board.set(usize::from(action.from), Cell::Empty);
        position.board.set(usize::from(action.to), piece);
        position.to_move = position.to_move.other();
    }

    fn invert(&self, action: Move) -> Option<Move> {
        Some(Move {
            from: action.to,
            to: action.from,
        })
    }

    fn is_goal(&self, position: &Position) -> bool {
        position.board.has_line()
    }
}

/// A move passes the turn, so the moves back are those of the player who just moved.
impl Predecessors for FourInARow {
    fn predecessor_actions(&self, position: &Position, out: &mut Vec<Move>) {
        position.board.moves_of(position.to_move.other(), out);
    }
}

impl PerfectHash for FourInARow {
    fn size(&self) -> u64 {
        self.boards() * 2
    }

    /// The board's rank, times two, plus one when white is to move.
    fn rank(&self, position: &Position) -> u64 {
        self.board_rank(position.board) * 2 + u64::from(position.to_move == Colour::White)
    }

    fn unrank(&self, rank: u64) -> Position {
        Position {
            board: self.board(rank / 2),
            to_move: Colour::BOTH[(rank % 2) as usize],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> Board {
        let cells: Vec<Cell> = rows
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| Cell::from_letter(c).unwrap())
            .collect();
        Board::from_cells(&cells.try_into().unwrap())
    }

    #[test]
    fn lines_are_rows_columns_and_long_diagonals() {
        assert!(board("BBBB WWWO WWWO BBBW").has_line());
        assert!(board("WBOB WBBO WWBB WBOW").has_line());
        assert!(board("BWWO WBWO WWBO BWWB").has_line());
        assert!(board("WWOB WOBW WBWW BBWO").has_line());
        assert!(!board("BWBO WBWB BWBW WBWO").has_line());
        // Empty cells make no line; nor do three in a row or a short diagonal.
        assert!(!board("OOOO BWBW WBWB BWBW").has_line());
        assert!(!board("BBBO WBWB OWBW BWWW").has_line());
    }

    #[test]
    fn moves_come_by_cell_then_up_down_left_right() {
        let start = Position {
            board: board("BWBO WBWB BWBW WBWO"),
            to_move: Colour::Black,
        };
        let mut moves = Vec::new();
        FourInARow::new(Counts::JUDGE).actions(&start, &mut moves);
        assert_eq!(moves, [Move { from: 2, to: 3 }, Move { from: 7, to: 3 }]);
        moves.clear();
        FourInARow::new(Counts::JUDGE).predecessor_actions(&start, &mut moves);
        assert_eq!(
            moves,
            [Move { from: 11, to: 15 }, Move { from: 14, to: 15 }]
        );
    }

    #[test]
    fn apply_then_undo_restores_the_position_and_turn() {
        let domain = FourInARow::new(Counts::JUDGE);
        let start = Position {
            board: board("BWBO WBWB BWBW WBWO"),
            to_move: Colour::White,
        };
        let mut position = start;
        let mut moves = Vec::new();
        domain.actions(&start, &mut moves);
        for &action in &moves {
            domain.apply(&mut position, action);
            assert_eq!(position.to_move, Colour::Black);
            assert_ne!(position.board, start.board);
            domain.undo(&mut position, action);
            assert_eq!(position, start);
        }
    }

    #[test]
    fn board_ranks_are_a_bijection_onto_every_arrangement() {
        for counts in [
            Counts::JUDGE,
            Counts {
                black: 4,
                white: 1,
                empty: 11,
            },
            Counts {
                black: 0,
                white: 0,
                empty: 16,
            },
            Counts {
                black: 15,
                white: 0,
                empty: 1,
            },
        ] {
            let domain = FourInARow::new(counts);
            // As many ranks as arrangements, and each rank a distinct board with these counts.
            let arrangements = statespace_engine::rank::MultisetRanker::new(&[
                usize::from(counts.empty),
                usize::from(counts.black),
                usize::from(counts.white),
            ]);
            assert_eq!(domain.boards(), arrangements.size());
            for rank in 0..domain.boards() {
                let board = domain.board(rank);
                assert_eq!(board.counts(), counts, "rank {rank}");
                assert_eq!(domain.board_rank(board), rank, "{board:?}");
            }
        }
    }

    #[test]
    fn ranks_are_a_bijection_with_the_side_to_move_in_the_low_bit() {
        let domain = FourInARow::new(Counts {
            black: 2,
            white: 3,
            empty: 11,
        });
        for rank in (0..domain.size()).step_by(97) {
            let position = domain.unrank(rank);
            assert_eq!(domain.rank(&position), rank);
            assert_eq!(position.board.counts(), domain.counts());
            assert_eq!(position.to_move == Colour::White, rank % 2 == 1);
        }
    }
}
