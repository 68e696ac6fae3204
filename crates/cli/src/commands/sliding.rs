//! `statespace solve sliding` and `statespace gen sliding`: the flags (the algorithm and
//! estimate flags are shared with `statespace solve eight`).

use clap::ValueEnum;
use statespace_puzzles::sliding::{
    Algorithm, Estimate, Format, Shape, SlidingGenOptions, SlidingOptions,
};

use crate::commands::pdb::PdbFlags;
use crate::driver::{self, InputArgs};

/// Flags of `statespace solve sliding`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The board size, rows x columns; without it every line must hold a square board.
    #[arg(long, value_name = "RxC")]
    size: Option<Shape>,
    /// The algorithm: auto (the default) is the table up to 10 cells and IDA* beyond; fast is
    /// quick on any size but not shortest. Not with pattern databases.
    #[arg(long, value_enum)]
    algo: Option<AlgorithmArg>,
    /// The estimate A*, IDA*, MM, NBS and DVCBS use (default: conflicts). Not with pattern databases.
    #[arg(long, value_enum)]
    heuristic: Option<EstimateArg>,
    /// The input format; korf (id, tiles, optimal length per line) solves with pattern
    /// databases and checks each length.
    #[arg(long, value_enum, default_value_t = FormatArg::Boards)]
    format: FormatArg,
    #[command(flatten)]
    pdb: PdbFlags,
}

/// Flags of `statespace gen sliding`.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// The board size, rows x columns.
    #[arg(long, value_name = "RxC", default_value = "4x4")]
    size: Shape,
    /// Only solvable boards.
    #[arg(long)]
    solvable: bool,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> SlidingGenOptions {
        SlidingGenOptions {
            size: self.size,
            solvable: self.solvable,
        }
    }
}

/// The algorithms of `--algo`, each saying whether its answers are shortest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// The table for small boards, IDA* for the others: shortest, the alphabetically smallest.
    Auto,
    /// Exact distances from the goal to every board (up to 10 cells), built once per run:
    /// shortest, the alphabetically smallest.
    Table,
    /// Breadth-first search: shortest, the alphabetically smallest.
    Bfs,
    /// Bidirectional breadth-first search: shortest.
    Bibfs,
    /// A*: shortest.
    Astar,
    /// IDA*, estimate updated move by move: shortest, the alphabetically smallest.
    Idastar,
    /// MM, bidirectional heuristic search meeting in the middle, the estimate both ways:
    /// shortest.
    Mm,
    /// NBS, bidirectional heuristic search expanding pairs, the estimate both ways: shortest.
    Nbs,
    /// DVCBS, bidirectional heuristic search expanding a least vertex cover of the pairs, the
    /// estimate both ways: shortest.
    Dvcbs,
    /// The row-by-row method: any size, quickly, not shortest.
    Fast,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(arg: AlgorithmArg) -> Self {
        match arg {
            AlgorithmArg::Auto => Algorithm::Auto,
            AlgorithmArg::Table => Algorithm::Table,
            AlgorithmArg::Bfs => Algorithm::Bfs,
            AlgorithmArg::Bibfs => Algorithm::Bidirectional,
            AlgorithmArg::Astar => Algorithm::Astar,
            AlgorithmArg::Idastar => Algorithm::Idastar,
            AlgorithmArg::Mm => Algorithm::Mm,
            AlgorithmArg::Nbs => Algorithm::Nbs,
            AlgorithmArg::Dvcbs => Algorithm::Dvcbs,
            AlgorithmArg::Fast => Algorithm::Fast,
        }
    }
}

/// The estimates of `--heuristic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EstimateArg {
    /// Manhattan distance.
    Manhattan,
    /// Manhattan distance plus linear conflicts.
    Conflicts,
}

impl From<EstimateArg> for Estimate {
    fn from(arg: EstimateArg) -> Self {
        match arg {
            EstimateArg::Manhattan => Estimate::Manhattan,
            EstimateArg::Conflicts => Estimate::LinearConflicts,
        }
    }
}

/// The input formats of `--format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// One board per line, 0 or x for the blank.
    Boards,
    /// The benchmark files' lines: id, tiles row by row, optional optimal length.
    Korf,
}

impl SolveArgs {
    /// The puzzle's options; the thread pool set up as `--threads` asks.
    pub fn options(&self) -> anyhow::Result<SlidingOptions> {
        self.pdb.configure_threads()?;
        Ok(SlidingOptions {
            size: self.size,
            algo: self.algo.map(Algorithm::from),
            heuristic: self.heuristic.map(Estimate::from),
            format: match self.format {
                FormatArg::Boards => Format::Boards,
                FormatArg::Korf => Format::Korf,
            },
            pdb: self.pdb.pdb.clone(),
            goal: self.pdb.goal.clone(),
            pdb_dir: Some(self.pdb.dir.folder()),
            threads: self.pdb.threads,
        })
    }
}
