//! `statespace solve psvn` and `statespace gen psvn`: the flags. The domain file is read here
//! and handed to the puzzle as text, so that options never name a path (see
//! [`statespace_puzzles::psvn::load`]).

use std::path::PathBuf;

use clap::ValueEnum;
use statespace_puzzles::psvn::{Algorithm, GenOptions, Options, is_auto, read_domain_file};
use statespace_puzzles::puzzle::OptionsError;

use crate::commands::pdb::DirArgs;
use crate::driver::{self, InputArgs};

/// Where the domain comes from: a file, or a shipped example.
#[derive(clap::Args, Debug, Clone)]
pub struct DomainArgs {
    /// The PSVN domain file.
    #[arg(long, value_name = "D.psvn")]
    domain: Option<PathBuf>,
    /// A shipped domain instead (examples/psvn/NAME.psvn, built in): eight, eight-weighted,
    /// fifteen, pancake10, topspin, hanoi4, cube2, gripper [default: eight].
    #[arg(long, value_name = "NAME", conflicts_with = "domain")]
    example: Option<String>,
}

/// The domain as the puzzle's options take it: the file's text and path, or the example's name.
pub struct DomainText {
    pub text: Option<String>,
    pub file: Option<String>,
    pub example: Option<String>,
}

impl DomainArgs {
    /// What names the domain in a run's terms: the example's name, or the file's path and a
    /// digest of its text (FNV-1a), so that a checkpoint of another text is refused; `None`
    /// when neither is given.
    pub fn digest(&self) -> Option<String> {
        if let Some(example) = &self.example {
            return Some(format!("example {example}"));
        }
        let path = self.domain.as_ref()?;
        let text = std::fs::read(path).unwrap_or_default();
        let hash = text.iter().fold(0xcbf2_9ce4_8422_2325_u64, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
        Some(format!("{} {hash:016x}", path.display()))
    }

    /// The domain's text (the file read), or the example's name.
    pub fn read(&self) -> Result<DomainText, OptionsError> {
        let (text, file) = match &self.domain {
            Some(path) => {
                let path = path.display().to_string();
                (Some(read_domain_file(&path)?), Some(path))
            }
            None => (None, None),
        };
        Ok(DomainText {
            text,
            file,
            example: self.example.clone(),
        })
    }
}

/// Flags of `statespace solve psvn`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    domain: DomainArgs,
    /// How to search; each gives a cheapest solution.
    #[arg(long, value_enum, default_value_t = AlgorithmArg::Auto)]
    algo: AlgorithmArg,
    /// The threads IDA* searches on.
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// A pattern database: an abstraction file (psvn2c's: a domain map and a projection), or
    /// auto[=SIZE], abstractions chosen to fill SIZE bytes of tables (default 1M); repeat the
    /// flag for more, combined by maximum. Without one the searches are blind.
    #[arg(long, value_name = "A.abst|auto[=SIZE]")]
    pdb: Vec<String>,
    #[command(flatten)]
    tables: DirArgs,
}

/// The `--algo` values.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlgorithmArg {
    /// IDA* when every rule costs 1, else A*.
    Auto,
    /// IDA*, pruning the domain's duplicate moves, in memory linear in the moves.
    Idastar,
    /// A*, keeping every state it reaches.
    Astar,
    /// Breadth-first search (rules of cost 1).
    Bfs,
    /// Bidirectional breadth-first search (rules of cost 1, goal lines naming states).
    Bibfs,
    /// MM, bidirectional, meeting in the middle (goal lines naming states).
    Mm,
    /// NBS, bidirectional, expanding pairs (goal lines naming states).
    Nbs,
    /// DVCBS, bidirectional, expanding a least vertex cover (goal lines naming states).
    Dvcbs,
}

impl SolveArgs {
    /// The puzzle's options, the domain file read.
    pub fn options(&self) -> Result<Options, OptionsError> {
        let domain = self.domain.read()?;
        Ok(Options {
            algo: match self.algo {
                AlgorithmArg::Auto => Algorithm::Auto,
                AlgorithmArg::Idastar => Algorithm::Idastar,
                AlgorithmArg::Astar => Algorithm::Astar,
                AlgorithmArg::Bfs => Algorithm::Bfs,
                AlgorithmArg::Bibfs => Algorithm::Bibfs,
                AlgorithmArg::Mm => Algorithm::Mm,
                AlgorithmArg::Nbs => Algorithm::Nbs,
                AlgorithmArg::Dvcbs => Algorithm::Dvcbs,
            },
            text: domain.text,
            file: domain.file,
            example: domain.example,
            from: None,
            pdb: self.pdb.iter().map(read_pdb).collect::<Result<_, _>>()?,
            pdb_files: self.pdb.clone(),
            pdb_dir: Some(self.tables.folder()),
            threads: self.threads,
        })
    }
}

/// A `--pdb` as the puzzle takes it: `auto[=SIZE]` as it is, an abstraction file read.
fn read_pdb(spec: &String) -> Result<String, OptionsError> {
    if is_auto(spec) {
        return Ok(spec.clone());
    }
    std::fs::read_to_string(spec)
        .map_err(|error| OptionsError::new(format!("--pdb {spec}: cannot read it: {error}")))
}

/// Flags of `statespace gen psvn`: one random state per line.
#[derive(clap::Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub common: driver::GenArgs,
    #[command(flatten)]
    domain: DomainArgs,
    /// Each state this many random moves back from the goal (the first GOAL line's state, or a
    /// state matching it) [default: states drawn uniformly among those that reach the goal, for
    /// ranked spaces of at most 2^25 ranks].
    #[arg(long, value_name = "K")]
    walk: Option<usize>,
}

impl GenArgs {
    /// The puzzle's options, the domain file read.
    pub fn options(&self) -> Result<GenOptions, OptionsError> {
        let domain = self.domain.read()?;
        Ok(GenOptions {
            text: domain.text,
            file: domain.file,
            example: domain.example,
            walk: self.walk,
        })
    }
}
