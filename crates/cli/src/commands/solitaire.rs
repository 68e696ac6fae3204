//! `statespace solve solitaire` and `statespace gen solitaire`: the flags.

use statespace_puzzles::solitaire::{
    Algorithm, JUDGE_MAX_MOVES, Pieces, SolitaireGenOptions, SolitaireOptions,
};

use crate::driver::{self, InputArgs};

/// The board size flags.
#[derive(clap::Args, Debug)]
struct BoardArgs {
    /// Rows of the board.
    #[arg(long, default_value_t = 8)]
    rows: usize,
    /// Columns of the board.
    #[arg(long, default_value_t = 8)]
    cols: usize,
}

/// The search behind the answers.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum AlgorithmArg {
    /// Bidirectional breadth-first search.
    Bibfs,
    /// Plain breadth-first search from the start (a reference).
    Bfs,
}

/// Flags of `statespace solve solitaire`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    board: BoardArgs,
    /// Pieces per configuration. A number K: each configuration is the next 2K integers, line
    /// breaks anywhere (the judges' format, K = 4). `auto`: each non-blank line is one
    /// configuration, a case is two lines with the same number of pieces.
    #[arg(long, default_value = "4")]
    pieces: Pieces,
    /// The most moves a solution may take.
    #[arg(long, default_value_t = JUDGE_MAX_MOVES)]
    max_moves: u32,
    /// Print the fewest moves (or NO past the bound) instead of YES or NO.
    #[arg(long)]
    moves: bool,
    /// The search.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Bibfs)]
    algo: AlgorithmArg,
    /// Threads answering cases side by side (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> SolitaireOptions {
        SolitaireOptions {
            rows: self.board.rows,
            cols: self.board.cols,
            pieces: self.pieces,
            max_moves: self.max_moves,
            moves: self.moves,
            algo: match self.algo {
                AlgorithmArg::Bibfs => Algorithm::Bidirectional,
                AlgorithmArg::Bfs => Algorithm::Bfs,
            },
            threads: self.threads,
            goal: None,
        }
    }
}

/// Flags of `statespace gen solitaire`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    #[command(flatten)]
    board: BoardArgs,
    /// Pieces per configuration.
    #[arg(long, default_value_t = 4)]
    pieces: usize,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> SolitaireGenOptions {
        SolitaireGenOptions {
            rows: self.board.rows,
            cols: self.board.cols,
            pieces: self.pieces,
        }
    }
}
