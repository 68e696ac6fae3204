//! `statespace pdb build|list|verify`: the pattern databases of the sliding puzzles, and the
//! flags that choose them (shared with `statespace solve sliding`).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, bail};
use statespace_engine::pattern_database::{
    BuildOptions, PatternDatabase, TableCache, default_cache_dir,
};
use statespace_puzzles::sliding::pdb::{Board, Geometry, Layout, PatternTables, TableEvent};

use crate::driver::{Verdict, format_duration};

/// Flags of `statespace pdb`.
#[derive(clap::Args, Debug)]
pub struct PdbArgs {
    #[command(subcommand)]
    command: PdbCommand,
}

#[derive(clap::Subcommand, Debug)]
enum PdbCommand {
    /// Build the tables of a layout (or load and check them when they are there).
    Build(TableArgs),
    /// List the tables in the cache folder.
    List(DirArgs),
    /// Recompute the checksum of every table in the cache folder (or of the files given).
    Verify(VerifyArgs),
}

/// Where the tables live.
#[derive(clap::Args, Debug, Clone)]
pub struct DirArgs {
    /// The folder of the tables [default: $XDG_CACHE_HOME/statespace or ~/.cache/statespace].
    #[arg(long, value_name = "DIR")]
    pub pdb_dir: Option<PathBuf>,
}

impl DirArgs {
    /// The cache of tables.
    pub fn cache(&self) -> TableCache {
        TableCache::new(self.pdb_dir.clone().unwrap_or_else(default_cache_dir))
    }
}

/// Which tables: board size, goal, layout, folder, threads.
#[derive(clap::Args, Debug, Clone)]
pub struct TableArgs {
    /// The board size, rows x columns.
    #[arg(long, value_name = "RxC", default_value = "4x4", value_parser = parse_size)]
    pub size: Geometry,
    /// The tables: 78 (default on 4x4), 663 or 555 on 4x4 boards, 6666 (default) on 5x5.
    #[arg(long, value_name = "LAYOUT")]
    pub pdb: Option<String>,
    /// The goal: blank-last (1 2 ... 0, the default), blank-first (0 1 2 ..., Korf's), or the
    /// goal board's tiles in quotes.
    #[arg(long, value_name = "GOAL", default_value = "blank-last")]
    pub goal: String,
    #[command(flatten)]
    pub dir: DirArgs,
    /// Threads for building tables and searching [default: every core].
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

#[derive(clap::Args, Debug)]
struct VerifyArgs {
    #[command(flatten)]
    dir: DirArgs,
    /// Table files to check instead of the whole folder.
    files: Vec<PathBuf>,
}

fn parse_size(text: &str) -> Result<Geometry, String> {
    let (rows, cols) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected rows x columns such as 4x4, not {text:?}"))?;
    let number = |part: &str| part.trim().parse::<usize>().ok();
    number(rows)
        .zip(number(cols))
        .and_then(|(rows, cols)| Geometry::new(rows, cols))
        .ok_or_else(|| format!("{text:?} is not a board of 2 to 32 cells"))
}

impl TableArgs {
    /// The goal board the flags name.
    pub fn goal_board(&self) -> anyhow::Result<Board> {
        let cells = self.size.cells() as u8;
        let tiles: Vec<u8> = match self.goal.as_str() {
            "blank-first" => (0..cells).collect(),
            "blank-last" => (1..cells).chain([0]).collect(),
            text => text
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|word| !word.is_empty())
                .map(|word| word.parse::<u8>())
                .collect::<Result<_, _>>()
                .with_context(|| format!("--goal {text:?}: expected tiles separated by spaces"))?,
        };
        if tiles.len() != usize::from(cells) {
            bail!(
                "--goal: {} tiles for a {} board of {cells} cells",
                tiles.len(),
                self.size
            );
        }
        Board::new(&tiles)
            .with_context(|| format!("--goal: not every tile of 0 to {} appears once", cells - 1))
    }

    /// The layout the flags name, for the goal's blank cell.
    pub fn layout(&self, blank_goal: usize) -> anyhow::Result<Layout> {
        let layout = match &self.pdb {
            Some(name) => Layout::named(name, &self.size, blank_goal),
            None => Layout::default_for(&self.size, blank_goal),
        };
        layout.with_context(|| {
            format!(
                "no table layout {} for {} boards (78, 663, 555 on 4x4; 6666 on 5x5)",
                self.pdb.as_deref().unwrap_or("by default"),
                self.size
            )
        })
    }

    /// Sets the number of threads of the global pool, when asked.
    pub fn configure_threads(&self) -> anyhow::Result<()> {
        if let Some(threads) = self.threads {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads.max(1))
                .build_global()
                .context("cannot set up the thread pool")?;
        }
        Ok(())
    }

    /// The tables the flags name, loaded from the cache folder or built and saved there, each
    /// step reported on standard error.
    pub fn tables(&self, goal: &Board) -> anyhow::Result<PatternTables> {
        let layout = self.layout(goal.blank())?;
        let options = BuildOptions {
            progress: Some("building".to_string()),
            ..BuildOptions::default()
        };
        let mut err = std::io::stderr();
        PatternTables::load_or_build(
            &self.dir.cache(),
            &self.size,
            goal.blank(),
            &layout,
            &options,
            |event| {
                let _ = writeln!(err, "{}", describe(&event));
            },
        )
        .map_err(|reason| anyhow::anyhow!("building the tables stopped: {reason}"))
    }
}

/// One line about what happened to a table.
fn describe(event: &TableEvent<'_>) -> String {
    match event {
        TableEvent::Loaded { path, elapsed } => {
            format!("loaded {} in {}", path.display(), format_duration(*elapsed))
        }
        TableEvent::Building { path, refused } => match refused {
            Some(reason) => format!("refused {reason}; building it again"),
            None => format!("building {} (once; later runs load it)", path.display()),
        },
        TableEvent::Built {
            path,
            elapsed,
            save_error,
        } => match save_error {
            Some(error) => format!(
                "built in {}, but could not save it: {error}",
                format_duration(*elapsed)
            ),
            None => format!("built {} in {}", path.display(), format_duration(*elapsed)),
        },
    }
}

/// Runs `statespace pdb`.
pub fn run(args: &PdbArgs) -> anyhow::Result<Verdict> {
    match &args.command {
        PdbCommand::Build(tables) => build(tables),
        PdbCommand::List(dir) => list(dir),
        PdbCommand::Verify(verify) => check(verify),
    }
}

fn build(args: &TableArgs) -> anyhow::Result<Verdict> {
    args.configure_threads()?;
    let goal = args.goal_board()?;
    let tables = args.tables(&goal)?;
    let mut out = std::io::stdout().lock();
    for (pattern, table) in tables.patterns().iter().zip(tables.tables()) {
        writeln!(
            out,
            "{}: {} entries, mean {:.3}, max {}",
            pattern.file_name(),
            table.len(),
            table.mean(),
            table.histogram().len().saturating_sub(1)
        )?;
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
    let mut bad = 0;
    for path in &files {
        match PatternDatabase::verify(path) {
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
