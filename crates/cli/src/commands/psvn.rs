//! `statespace solve psvn` and `statespace gen psvn`: the flags; `statespace pdb build|verify
//! psvn`: the flags and the report. The domain file is read here and handed to the puzzle as
//! text, so that options never name a path (see [`statespace_puzzles::psvn::load`]).

use std::io::Write;
use std::path::PathBuf;

use anyhow::bail;
use clap::ValueEnum;
use statespace_engine::Limits;
use statespace_puzzles::psvn::{
    Algorithm, GenOptions, Kept, KeptTable, Options, PsvnDomain, Verified, is_auto, keep_table,
    load, read_domain_file, verify_table,
};
use statespace_puzzles::puzzle::OptionsError;

use crate::commands::pdb::DirArgs;
use crate::driver::{self, InputArgs, Verdict};
use crate::memory;

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

    /// The domain as given, its file not read: the path alone (for a command that refuses it).
    pub fn unread(&self) -> DomainText {
        DomainText {
            text: None,
            file: self.domain.as_ref().map(|path| path.display().to_string()),
            example: self.example.clone(),
        }
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
            pdb: self
                .pdb
                .iter()
                .map(String::as_str)
                .map(read_pdb)
                .collect::<Result<_, _>>()?,
            pdb_files: self.pdb.clone(),
            pdb_dir: Some(self.tables.folder()),
            threads: self.threads,
        })
    }
}

/// A `--pdb` as the puzzle takes it: `auto[=SIZE]` as it is, an abstraction file read.
fn read_pdb(spec: &str) -> Result<String, OptionsError> {
    if is_auto(spec) {
        return Ok(spec.to_owned());
    }
    read_abstraction("--pdb", spec)
}

/// The text of the abstraction file `path`, given by the flag `flag`.
fn read_abstraction(flag: &str, path: &str) -> Result<String, OptionsError> {
    std::fs::read_to_string(path)
        .map_err(|error| OptionsError::new(format!("{flag} {path}: cannot read it: {error}")))
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

/// Flags of `statespace pdb build psvn` and `statespace pdb verify psvn`.
#[derive(clap::Args, Debug)]
pub struct TablesArgs {
    #[command(flatten)]
    domain: DomainArgs,
    /// An abstraction file (psvn2c's: a domain map and a projection); repeat the flag for more.
    #[arg(long, value_name = "A.abst", required = true)]
    abst: Vec<String>,
    /// Refuse tables that need more memory than this to build (512M, 8G) [default: half of the
    /// memory the process may use].
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    max_memory: Option<u64>,
    #[command(flatten)]
    tables: DirArgs,
}

/// What `pdb build|verify psvn` works on.
struct Tables<'a> {
    domain: PsvnDomain,
    /// Each abstraction file's path and text.
    abstractions: Vec<(&'a str, String)>,
    limits: Limits,
    folder: PathBuf,
}

impl TablesArgs {
    /// The domain compiled, each abstraction file with its text, and the budget.
    fn read(&self) -> Result<Tables<'_>, OptionsError> {
        let text = self.domain.read()?;
        let domain = load(
            text.text.as_deref(),
            text.file.as_deref(),
            text.example.as_deref(),
        )?;
        let abstractions = self
            .abst
            .iter()
            .map(|path| Ok((path.as_str(), read_abstraction("--abst", path)?)))
            .collect::<Result<_, OptionsError>>()?;
        let budget = self.max_memory.unwrap_or_else(memory::default_budget);
        Ok(Tables {
            domain,
            abstractions,
            limits: Limits::none().max_memory(budget),
            folder: self.tables.folder(),
        })
    }
}

/// A table's line: its abstraction file, entries, mean and largest distance, and its file.
fn table_line(table: &KeptTable) -> String {
    format!(
        "{}: {} entries, mean {:.3}, max {} ({})",
        table.abstraction,
        table.entries,
        table.mean,
        table.max,
        table.path.display()
    )
}

/// Runs `statespace pdb build psvn`: each table loaded from the folder when sound there, else
/// built and saved; a line for each on standard output, and how it was had on standard error.
pub fn build_tables(args: &TablesArgs) -> anyhow::Result<Verdict> {
    let tables = args.read()?;
    let mut out = std::io::stdout().lock();
    for (file, text) in &tables.abstractions {
        let (table, how) = keep_table(&tables.domain, file, text, &tables.folder, &tables.limits)?;
        let path = table.path.display();
        match how {
            Kept::Loaded => eprintln!("loaded {path}"),
            Kept::Built { refused: None } => eprintln!("built {path}"),
            Kept::Built {
                refused: Some(reason),
            } => eprintln!("refused {reason}; built {path} again"),
        }
        writeln!(out, "{}", table_line(&table))?;
    }
    Ok(Verdict::Answered)
}

/// Runs `statespace pdb verify psvn`: each table's file checked (header, checksum, identity),
/// then built again and compared entry by entry; fails when one is not sound.
pub fn verify_tables(args: &TablesArgs) -> anyhow::Result<Verdict> {
    let tables = args.read()?;
    let mut out = std::io::stdout().lock();
    let mut bad = 0;
    for (file, text) in &tables.abstractions {
        match verify_table(&tables.domain, file, text, &tables.folder, &tables.limits)? {
            Verified::Equal(table) => writeln!(
                out,
                "ok  {}, equal to the table built again",
                table_line(&table)
            )?,
            Verified::Differs {
                table,
                differing,
                first: (rank, stored, built),
            } => {
                bad += 1;
                writeln!(
                    out,
                    "bad {}: {differing} of {} entries are not those built again (entry {rank} holds {stored}, built {built})",
                    table.path.display(),
                    table.entries
                )?;
            }
            Verified::Refused { reason, .. } => {
                bad += 1;
                writeln!(out, "bad {reason} (the table of {file})")?;
            }
        }
    }
    if bad > 0 {
        bail!(
            "{bad} of {} tables failed verification",
            tables.abstractions.len()
        );
    }
    Ok(Verdict::Answered)
}
