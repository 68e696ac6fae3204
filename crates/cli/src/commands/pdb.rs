//! `statespace pdb build|list|verify`: the pattern databases of the sliding puzzles, and the
//! flags that choose them (shared with `statespace solve sliding`).

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use statespace_engine::distance_table::mean_distance;
use statespace_engine::pattern_database::{
    BuildOptions, PatternDatabase, TableCache, default_cache_dir,
};
use statespace_engine::{Limits, Outcome};
use statespace_puzzles::input::ParseError;
use statespace_puzzles::puzzle::trace;
use statespace_puzzles::sliding::pdb::{
    Board, Geometry, Layout, PatternTables, Solver, TableEvent, parse_instances,
};
use statespace_puzzles::sliding::{self, Shape, parse_boards, parse_moves, steps};

use crate::driver::{self, InputArgs, Verdict, format_duration, stats_line};

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
    /// Threads: tables are built on all of them, and IDA* splits its tree over them, tightest
    /// subtrees first: above one thread the answer is optimal but not always the alphabetically
    /// smallest [default: every core for building, 1 for searching].
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
}

/// Which tables `pdb build` makes: board size and the shared flags.
#[derive(clap::Args, Debug, Clone)]
pub struct TableArgs {
    /// The board size, rows x columns.
    #[arg(long, value_name = "RxC", default_value = "4x4", value_parser = parse_size)]
    pub size: Geometry,
    #[command(flatten)]
    pub flags: PdbFlags,
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

impl PdbFlags {
    /// Whether the pattern-database solver was asked for.
    pub fn wanted(&self) -> bool {
        self.pdb.is_some() || self.goal.is_some()
    }

    /// The goal board the flags name on `geometry`.
    pub fn goal_board(&self, geometry: &Geometry) -> anyhow::Result<Board> {
        let cells = geometry.cells() as u8;
        let tiles: Vec<u8> = match self.goal.as_deref().unwrap_or("blank-last") {
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
                "--goal: {} tiles for a {geometry} board of {cells} cells",
                tiles.len()
            );
        }
        Board::new(&tiles)
            .with_context(|| format!("--goal: not every tile of 0 to {} appears once", cells - 1))
    }

    /// The layout the flags name on `geometry`, for the goal's blank cell: a name, or groups of
    /// goal cells such as `1,2,3/4,5,8,9,12,13/6,7,10,11,14,15`.
    pub fn layout(&self, geometry: &Geometry, blank_goal: usize) -> anyhow::Result<Layout> {
        let layout = match self.pdb.as_deref() {
            Some(groups) if groups.contains('/') => {
                let patterns = groups
                    .split('/')
                    .map(|group| {
                        group
                            .split([',', ' '])
                            .filter(|cell| !cell.is_empty())
                            .map(str::parse::<u8>)
                            .collect::<Result<Vec<u8>, _>>()
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .with_context(|| format!("--pdb {groups:?}: expected cell numbers"))?;
                return Layout::new(geometry, blank_goal, patterns).with_context(|| {
                    format!(
                        "--pdb {groups:?}: groups must be disjoint goal cells of the {geometry} \
                         board, without the blank's goal cell {blank_goal}, at most 8 groups \
                         of at most 12"
                    )
                });
            }
            Some(name) if name != "default" => Layout::named(name, geometry, blank_goal),
            _ => Layout::default_for(geometry, blank_goal),
        };
        layout.with_context(|| {
            format!(
                "no table layout {} for {geometry} boards (78, 663, 555 on 4x4; 6666 on 5x5)",
                self.pdb.as_deref().unwrap_or("by default"),
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

    /// The tables on `geometry` for `goal`, loaded from the cache folder or built and saved
    /// there, each step reported on standard error.
    pub fn tables(&self, geometry: &Geometry, goal: &Board) -> anyhow::Result<PatternTables> {
        let layout = self.layout(geometry, goal.blank())?;
        let options = BuildOptions {
            progress: Some("building".to_string()),
            ..BuildOptions::default()
        };
        let mut err = std::io::stderr();
        PatternTables::load_or_build(
            &self.dir.cache(),
            geometry,
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
        PdbCommand::Build(args) => build(args),
        PdbCommand::List(dir) => list(dir),
        PdbCommand::Verify(verify) => check(verify),
    }
}

/// The pattern-database geometry of boards of `shape`.
fn geometry_of(shape: Shape) -> anyhow::Result<Geometry> {
    Geometry::new(shape.rows(), shape.cols())
        .with_context(|| format!("pattern databases need boards of at most 32 cells, not {shape}"))
}

fn build(args: &TableArgs) -> anyhow::Result<Verdict> {
    let flags = &args.flags;
    flags.configure_threads()?;
    let goal = flags.goal_board(&args.size)?;
    let tables = flags.tables(&args.size, &goal)?;
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

/// The input formats of `statespace solve sliding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum InputFormat {
    /// One board per line, 0 or x for the blank.
    Boards,
    /// The benchmark files' lines: id, tiles row by row, optional optimal length.
    Korf,
}

/// One board to solve, from either format.
struct Case {
    id: Option<String>,
    shape: Shape,
    tiles: Vec<u8>,
    optimal: Option<u32>,
}

/// Loaded tables, kept from case to case while the board size and goal stay the same.
struct Loaded {
    geometry: Geometry,
    goal: Board,
    tables: PatternTables,
}

/// Totals of a run, for the closing line of `--format korf`.
#[derive(Default)]
struct Totals {
    cases: usize,
    checked: usize,
    differ: usize,
    generated: u64,
    search: Duration,
}

/// Answers `statespace solve sliding` with IDA* and pattern databases: one line per board (the
/// moves, `unsolvable` or `stopped: ...`), or with `--format korf` the id, the length and the
/// moves, each length checked against the file's optimum.
pub fn solve_sliding(
    input: &InputArgs,
    size: Option<Shape>,
    flags: &PdbFlags,
    format: InputFormat,
    max_nodes: Option<u64>,
    time_limit: Option<Duration>,
) -> anyhow::Result<Verdict> {
    flags.configure_threads()?;
    let threads = flags.threads.unwrap_or(1).max(1);
    // The benchmark files' goal has the blank first.
    let mut flags = flags.clone();
    if format == InputFormat::Korf && flags.goal.is_none() {
        flags.goal = Some("blank-first".to_string());
    }
    let flags = &flags;
    let text = input.read()?;
    let geometry = size.map(geometry_of).transpose()?;
    let cases: Box<dyn Iterator<Item = Result<Case, ParseError>>> = match format {
        InputFormat::Korf => Box::new(parse_instances(&text, geometry).map(|instance| {
            instance.map(|instance| Case {
                id: Some(instance.id),
                shape: Shape::new(instance.geometry.rows(), instance.geometry.cols())
                    .expect("a shape of at most 32 cells"),
                tiles: instance.board.tiles().to_vec(),
                optimal: instance.optimal,
            })
        })),
        InputFormat::Boards => Box::new(parse_boards(&text, size).map(|board| {
            board.map(|board| Case {
                id: None,
                shape: board.shape(),
                tiles: board.tiles().iter().map(|&tile| tile as u8).collect(),
                optimal: None,
            })
        })),
    };
    let mut loaded: Option<Loaded> = None;
    let mut totals = Totals::default();
    let verdict = driver::answer_cases(cases, |number, case, output| {
        let shape = case.shape;
        let geometry = geometry_of(shape)?;
        let board = Board::new(&case.tiles).expect("a parsed board");
        if loaded
            .as_ref()
            .is_none_or(|tables| tables.geometry != geometry)
        {
            let goal = flags.goal_board(&geometry)?;
            let tables = flags.tables(&geometry, &goal)?;
            loaded = Some(Loaded {
                geometry,
                goal,
                tables,
            });
        }
        let tables = loaded.as_ref().expect("just loaded");
        let solver = Solver::new(tables.geometry, tables.goal, &tables.tables, true);
        let mut limits = Limits::none();
        limits.max_expanded = max_nodes;
        limits.deadline = time_limit.map(|limit| Instant::now() + limit);
        let result = solver.solve(&board, &limits, threads);
        totals.cases += 1;
        totals.generated += result.stats.generated;
        totals.search += result.stats.elapsed;
        let (answer, summary, moves) = match &result.outcome {
            Outcome::Found(solution) => {
                let moves: String = solution.actions.iter().map(|mv| mv.letter()).collect();
                let length = moves.len();
                let plural = if length == 1 { "" } else { "s" };
                (moves.clone(), format!("{length} move{plural}"), Some(moves))
            }
            Outcome::Exhausted => ("unsolvable".to_string(), "unsolvable".to_string(), None),
            Outcome::Stopped(reason) => {
                let line = format!("stopped: {reason}");
                (line.clone(), line, None)
            }
        };
        match &case.id {
            Some(id) => {
                let length = moves
                    .as_ref()
                    .map_or("-".to_string(), |m| m.len().to_string());
                writeln!(output.out, "{id} {length} {answer}")?;
            }
            None => writeln!(output.out, "{answer}")?,
        }
        if let (Some(optimal), Some(moves)) = (case.optimal, &moves) {
            totals.checked += 1;
            if moves.len() as u32 != optimal {
                totals.differ += 1;
                writeln!(
                    output.err,
                    "case {number}: {} moves, the file records {optimal}",
                    moves.len()
                )?;
            }
        }
        if input.stats {
            writeln!(
                output.err,
                "{}",
                stats_line(number, &summary, &result.stats)
            )?;
        }
        if input.trace {
            writeln!(
                output.err,
                "case {number}: {summary}\n{}",
                drawing(&case, moves.as_deref())
            )?;
        }
        Ok(())
    })?;
    if format == InputFormat::Korf {
        eprintln!(
            "{} boards, {} lengths checked, {} differ from the file; {} nodes generated ({:.0} per board); search {}",
            totals.cases,
            totals.checked,
            totals.differ,
            totals.generated,
            totals.generated as f64 / totals.cases.max(1) as f64,
            format_duration(totals.search)
        );
    }
    if totals.differ > 0 {
        bail!(
            "{} of {} lengths differ from the recorded optima",
            totals.differ,
            totals.checked
        );
    }
    Ok(verdict)
}

/// The board after every move, drawn by the sliding module.
fn drawing(case: &Case, moves: Option<&str>) -> String {
    let tiles = case.tiles.iter().map(|&tile| u16::from(tile)).collect();
    let board = sliding::Board::new(case.shape, tiles).expect("a valid board");
    match moves.and_then(parse_moves) {
        Some(moves) => trace(&steps(&board, &moves)),
        None => format!("start\n{board}"),
    }
}
