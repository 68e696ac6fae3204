//! `statespace pdb build|list|verify`: the pattern databases of the sliding puzzles, and the
//! flags that choose them (shared with `statespace solve sliding`); `pdb build|verify psvn`, the
//! tables of PSVN abstraction files, are wired in [`crate::commands::psvn`].

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use statespace_engine::Limits;
use statespace_engine::distance_table::mean_distance;
use statespace_engine::pattern_database::{BuildOptions, Header, PatternDatabase, TableCache};
use statespace_puzzles::grid::{GoalBounds, JumpPointBounds, JumpTable, MapTable};
use statespace_puzzles::psvn::is_table_named_for;
use statespace_puzzles::puzzle::{OptionsError, thread_count};
use statespace_puzzles::sliding::Board;
use statespace_puzzles::sliding::Shape;
use statespace_puzzles::sliding::pdb::{Geometry, Layout, PatternTables, TableEvent, file_name_of};

use crate::commands::psvn::{self, TablesArgs};
use crate::driver::Verdict;
use crate::memory;
use crate::progress::TableBar;

/// Flags of `statespace pdb`.
#[derive(clap::Args, Debug)]
pub struct PdbArgs {
    #[command(subcommand)]
    command: PdbCommand,
}

#[derive(clap::Subcommand, Debug)]
enum PdbCommand {
    /// Build the tables of a sliding puzzle's layout (or load and check them when they are
    /// there); `pdb build psvn` for a PSVN domain's abstractions.
    Build(BuildArgs),
    /// List the tables in the cache folder.
    List(DirArgs),
    /// Recompute the checksum of every table in the cache folder (or of the files given);
    /// `pdb verify psvn` builds a PSVN domain's tables again and compares them entry by entry.
    Verify(VerifyArgs),
}

/// `pdb build`: a sliding puzzle's layout, or a PSVN domain's abstractions.
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
struct BuildArgs {
    #[command(subcommand)]
    psvn: Option<PsvnTables>,
    #[command(flatten)]
    tables: TableArgs,
}

/// The tables of a PSVN domain's abstraction files.
#[derive(clap::Subcommand, Debug)]
enum PsvnTables {
    /// The tables of a PSVN domain's abstraction files, kept in the folder of tables.
    Psvn(TablesArgs),
}

/// Where the tables live.
#[derive(clap::Args, Debug, Clone)]
pub struct DirArgs {
    /// The folder of the tables [default: $XDG_CACHE_HOME/statespace or ~/.cache/statespace].
    #[arg(long, value_name = "DIR")]
    pub pdb_dir: Option<PathBuf>,
}

impl DirArgs {
    /// The folder of the tables.
    pub fn folder(&self) -> PathBuf {
        self.pdb_dir.clone().unwrap_or_else(default_cache_dir)
    }

    /// The cache of tables.
    pub fn cache(&self) -> TableCache {
        TableCache::new(self.folder())
    }
}

/// The user's cache folder for tables: `$XDG_CACHE_HOME/statespace`, else
/// `$HOME/.cache/statespace`, else `%LOCALAPPDATA%\statespace`, else `statespace` in the
/// temporary folder.
pub fn default_cache_dir() -> PathBuf {
    let from = |variable: &str| {
        std::env::var_os(variable)
            .map(PathBuf::from)
            .filter(|path| path.is_absolute())
    };
    from("XDG_CACHE_HOME")
        .or_else(|| from("HOME").map(|home| home.join(".cache")))
        .or_else(|| from("LOCALAPPDATA"))
        .unwrap_or_else(std::env::temp_dir)
        .join("statespace")
}

/// The flags that choose the pattern databases, shared by `pdb build` and `solve sliding`.
#[derive(clap::Args, Debug, Clone)]
pub struct PdbFlags {
    /// Solve with pattern databases: 78 (default on 4x4), 663 or 555 on 4x4 boards, 6666
    /// (default) on 5x5; `default` for the board's default; or groups of goal cells separated by
    /// slashes, such as 1,2,3/4,5,8,9,12,13/6,7,10,11,14,15.
    #[arg(long, value_name = "LAYOUT")]
    pub pdb: Option<String>,
    /// The goal for pattern databases: blank-last (1 2 ... 0, the default), blank-first
    /// (0 1 2 ..., Korf's benchmarks and the default of --format korf), or the goal board's
    /// tiles in quotes.
    #[arg(long, value_name = "GOAL")]
    pub goal: Option<String>,
    #[command(flatten)]
    pub dir: DirArgs,
    /// Threads: tables are built on all of them, and IDA* splits its tree over them. With
    /// pattern databases, above one thread the tightest subtrees go first: the answer is optimal
    /// but not always the alphabetically smallest; `--algo idastar` keeps the alphabetically
    /// smallest [default: every core for building, 1 for searching].
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

/// Which tables `pdb build` makes: board size and the shared flags.
#[derive(clap::Args, Debug, Clone)]
pub struct TableArgs {
    /// The board size, rows x columns.
    #[arg(long, value_name = "RxC", default_value = "4x4")]
    pub size: Shape,
    /// Refuse to build tables that need more memory than this (512M, 8G) [default: half of the
    /// memory the process may use].
    #[arg(long, value_name = "SIZE", value_parser = memory::parse_size)]
    pub max_memory: Option<u64>,
    #[command(flatten)]
    pub flags: PdbFlags,
}

#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
struct VerifyArgs {
    #[command(subcommand)]
    psvn: Option<PsvnTables>,
    #[command(flatten)]
    dir: DirArgs,
    /// Table files to check instead of the whole folder.
    files: Vec<PathBuf>,
}

impl PdbFlags {
    /// Sets the number of threads of the global pool, when asked.
    pub fn configure_threads(&self) -> anyhow::Result<()> {
        if let Some(threads) = self.threads {
            // Checked before the pool is made: 100,000 threads would take the machine first.
            let threads = thread_count(Some(threads), 1)?;
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build_global()
                .context("cannot set up the thread pool")?;
        }
        Ok(())
    }
}

/// Runs `statespace pdb`.
pub fn run(args: &PdbArgs) -> anyhow::Result<Verdict> {
    match &args.command {
        PdbCommand::Build(BuildArgs {
            psvn: Some(PsvnTables::Psvn(args)),
            ..
        }) => psvn::build_tables(args),
        PdbCommand::Build(args) => build(&args.tables),
        PdbCommand::List(dir) => list(dir),
        PdbCommand::Verify(VerifyArgs {
            psvn: Some(PsvnTables::Psvn(args)),
            ..
        }) => psvn::verify_tables(args),
        PdbCommand::Verify(verify) => check(verify),
    }
}

fn build(args: &TableArgs) -> anyhow::Result<Verdict> {
    let flags = &args.flags;
    flags.configure_threads()?;
    let geometry = Geometry::of(args.size).map_err(OptionsError::new)?;
    let goal = Board::goal(geometry.shape(), flags.goal.as_deref()).map_err(OptionsError::new)?;
    let layout =
        Layout::parse(flags.pdb.as_deref(), &geometry, goal.blank()).map_err(OptionsError::new)?;
    let budget = args.max_memory.unwrap_or_else(memory::default_budget);
    let options = BuildOptions {
        progress: Some(TableBar::shared()),
        limits: Limits::none().max_memory(budget),
    };
    let mut unsaved = 0;
    let tables = PatternTables::load_or_build(
        &flags.dir.cache(),
        &geometry,
        goal.blank(),
        &layout,
        &options,
        |event| {
            if let TableEvent::Built {
                save_error: Some(_),
                ..
            } = event
            {
                unsaved += 1;
            }
            eprintln!("{event}");
        },
    )
    .map_err(|reason| anyhow::anyhow!("building the tables stopped: {reason}"))?;
    let mut out = std::io::stdout().lock();
    for (pattern, table) in tables.patterns().iter().zip(tables.tables()) {
        let histogram = table.histogram();
        writeln!(
            out,
            "{}: {} entries, mean {:.3}, max {}",
            pattern.file_name(),
            table.len(),
            mean_distance(&histogram),
            histogram.len().saturating_sub(1)
        )?;
    }
    if unsaved > 0 {
        // Building the tables was the command's point: a table not saved must be built again.
        bail!(
            "{unsaved} of {} tables could not be saved in {}",
            tables.tables().len(),
            flags.dir.folder().display()
        );
    }
    Ok(Verdict::Answered)
}

fn list(args: &DirArgs) -> anyhow::Result<Verdict> {
    let cache = args.cache();
    let mut out = std::io::stdout().lock();
    let files = cache.list()?;
    if files.is_empty() {
        writeln!(out, "no tables in {}", cache.dir().display())?;
    }
    for file in files {
        let name = file.path.file_name().unwrap_or_default().to_string_lossy();
        match file.header {
            Ok(header) => writeln!(out, "{name}  {} entries  {}", header.entries, header.id)?,
            Err(error) => writeln!(out, "{name}  unreadable: {error}")?,
        }
    }
    Ok(Verdict::Answered)
}

/// Whether the file at `path` is named for the table its header says it holds: a sliding
/// puzzle's pattern, JPS+'s table of a grid map, or a PSVN abstraction's.
fn named_for(path: &std::path::Path, header: &Header) -> bool {
    let Some(stem) = path.file_stem().map(|stem| stem.to_string_lossy()) else {
        return false;
    };
    file_name_of(&header.id).is_some_and(|name| stem == name)
        || JumpTable::is_named_for(&stem, &header.id)
        || GoalBounds::is_named_for(&stem, &header.id)
        || JumpPointBounds::is_named_for(&stem, &header.id)
        || is_table_named_for(&stem, &header.id)
}

fn check(args: &VerifyArgs) -> anyhow::Result<Verdict> {
    let files = if args.files.is_empty() {
        args.dir
            .cache()
            .list()?
            .into_iter()
            .map(|file| file.path)
            .collect()
    } else {
        args.files.clone()
    };
    let mut out = std::io::stdout().lock();
    if files.is_empty() {
        writeln!(out, "no tables in {}", args.dir.cache().dir().display())?;
    }
    let mut bad = 0;
    for path in &files {
        match PatternDatabase::verify(path) {
            Ok(header) if !named_for(path, &header) => {
                bad += 1;
                writeln!(
                    out,
                    "bad {}: holds the table of {}, not the one its name says",
                    path.display(),
                    header.id
                )?;
            }
            Ok(header) => writeln!(
                out,
                "ok  {}  {} entries  checksum {:016x}",
                path.display(),
                header.entries,
                header.checksum
            )?,
            Err(error) => {
                bad += 1;
                writeln!(out, "bad {error}")?;
            }
        }
    }
    if bad > 0 {
        bail!("{bad} of {} tables failed verification", files.len());
    }
    Ok(Verdict::Answered)
}
