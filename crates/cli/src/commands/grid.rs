//! `statespace solve grid` and `statespace gen grid`: the flags.

use std::path::PathBuf;

use clap::ValueEnum;
use statespace_puzzles::grid::{Algorithm, Connectivity, GridGenOptions, GridOptions};

use crate::driver::{self, InputArgs};

/// The algorithms of `--algo`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlgorithmArg {
    /// A* with the octile distance.
    Astar,
    /// Dijkstra's algorithm, no estimate.
    Dijkstra,
    /// Jump point search (online, 64 cells a word), eight-connected maps only.
    Jps,
}

/// The connectivities of `--connect`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ConnectArg {
    /// The four side neighbours.
    #[value(name = "4")]
    Four,
    /// The eight neighbours, no cutting corners (Moving AI's rule).
    #[value(name = "8")]
    Eight,
}

impl From<ConnectArg> for Connectivity {
    fn from(arg: ConnectArg) -> Self {
        match arg {
            ConnectArg::Four => Connectivity::Four,
            ConnectArg::Eight => Connectivity::Eight,
        }
    }
}

/// Flags of `statespace solve grid`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The Moving AI map (`.map`) the scenarios are on; without it, the input starts with its
    /// map.
    #[arg(long, value_name = "FILE")]
    map: Option<PathBuf>,
    /// The scenario file (`.map.scen`), instead of the positional input file.
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    scen: Option<PathBuf>,
    /// How scenarios are answered.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Astar)]
    algo: AlgorithmArg,
    /// How cells connect; lengths are checked against the input's only with 8.
    #[arg(long, value_enum, default_value_t = ConnectArg::Eight)]
    connect: ConnectArg,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GridOptions {
        GridOptions {
            algo: match self.algo {
                AlgorithmArg::Astar => Algorithm::Astar,
                AlgorithmArg::Dijkstra => Algorithm::Dijkstra,
                AlgorithmArg::Jps => Algorithm::Jps,
            },
            connect: self.connect.into(),
            map: self.map.clone(),
        }
    }

    /// The input: the scenario file of `--scen`, or the positional one.
    pub fn input(&self) -> InputArgs {
        let mut input = self.input.clone();
        if self.scen.is_some() {
            input.file.clone_from(&self.scen);
        }
        input
    }
}

/// Flags of `statespace gen grid`: a random map, then scenarios on it with their optimal
/// lengths.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    /// Columns.
    #[arg(long, default_value_t = 32)]
    width: usize,
    /// Rows.
    #[arg(long, default_value_t = 32)]
    height: usize,
    /// The share of blocked cells, in percent.
    #[arg(long, default_value_t = 25)]
    walls: u32,
    /// How cells connect, for the optimal lengths.
    #[arg(long, value_enum, default_value_t = ConnectArg::Eight)]
    connect: ConnectArg,
}

impl GenArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GridGenOptions {
        GridGenOptions {
            width: self.width,
            height: self.height,
            walls: self.walls,
            connect: self.connect.into(),
        }
    }
}
