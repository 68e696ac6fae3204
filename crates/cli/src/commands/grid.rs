//! `statespace solve grid`, `statespace gen grid` and `statespace bench grid --map M --scen S`:
//! the flags, and the benchmark runner's wiring.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use clap::ValueEnum;
use statespace_engine::Limits;
use statespace_puzzles::grid::bench::{
    Answers, Peer, Report, algorithm_name, answer_all_edited, read_bench_cases, time_by_length,
};
use statespace_puzzles::grid::{
    Algorithm, AnyAngleError, Connectivity, Costs, GridGenOptions, GridOptions, GridSearcher, Map,
    check_memory, goal_bounds_edits, read_edits,
};
use statespace_puzzles::input::ParseError;
use statespace_puzzles::puzzle::OptionsError;

use crate::commands::pdb::DirArgs;
use crate::driver::{self, InputArgs, Verdict};
use crate::{memory, plot};

/// The algorithms of `--algo`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AlgorithmArg {
    /// A* with the octile distance.
    Astar,
    /// Dijkstra's algorithm, no estimate.
    Dijkstra,
    /// Jump point search (online, 56 cells a read, no node in the middle of a diagonal),
    /// eight-connected maps only.
    Jps,
    /// JPS+: jump point search reading jumps off a table computed once per map (kept in the
    /// --pdb-dir folder), eight-connected maps only.
    #[value(name = "jps+")]
    JpsPlus,
    /// JPS+ with goal bounding: JPS+ leaving a cell only by the steps whose box (computed once
    /// per map by a Dijkstra from every cell, 64 bytes a cell, kept in the --pdb-dir folder)
    /// holds the goal; eight-connected maps of one cost, no --edits.
    #[value(name = "jps+gb")]
    JpsPlusGb,
    /// JPS+ with goal bounding at jump points: boxes kept only at the cells where JPS+'s jumps
    /// stop (a Dijkstra from each, 4 bytes a cell and 64 a jump point, kept in the --pdb-dir
    /// folder); other cells prune nothing. Eight-connected maps of one cost, no --edits.
    #[value(name = "jps+gbj")]
    JpsPlusGbj,
    /// Theta*: any-angle paths between cell centres (Euclidean lengths, never longer than the
    /// octile optimum), eight-connected maps of one cost, units of a cell.
    Theta,
}

impl From<AlgorithmArg> for Algorithm {
    fn from(arg: AlgorithmArg) -> Self {
        match arg {
            AlgorithmArg::Astar => Algorithm::Astar,
            AlgorithmArg::Dijkstra => Algorithm::Dijkstra,
            AlgorithmArg::Jps => Algorithm::Jps,
            AlgorithmArg::JpsPlus => Algorithm::JpsPlus,
            AlgorithmArg::JpsPlusGb => Algorithm::JpsPlusGb,
            AlgorithmArg::JpsPlusGbj => Algorithm::JpsPlusGbj,
            AlgorithmArg::Theta => Algorithm::Theta,
        }
    }
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
    /// What entering a letter costs, `S=3,W=2` (letters . G S W, whole numbers from 1; 1 where
    /// none is given): a step costs its length times the cost of the cell it enters.
    #[arg(long, value_name = "COSTS", value_parser = Costs::parse)]
    cost: Option<Costs>,
    /// Units of K x K cells, each standing on its top-left cell: it goes where every cell
    /// under it is open and of one kind (all water or none), and with --cost pays the largest
    /// cost under it; lengths are then not checked against the file's.
    #[arg(long, value_name = "K", requires = "map", value_parser = clap::value_parser!(u32).range(1..=8192))]
    size: Option<u32>,
    /// Cells opened and closed between scenarios: lines `N close X Y [W H]` or
    /// `N open X Y [W H]`, applied before scenario N (from 1).
    #[arg(long, value_name = "FILE", requires = "map")]
    edits: Option<PathBuf>,
    /// Each path string-pulled (smoothed by visibility): printed as its Euclidean length and
    /// its waypoints `X,Y`; lengths checked to be at most the file's.
    #[arg(long)]
    smooth: bool,
    #[command(flatten)]
    tables: DirArgs,
}

impl SolveArgs {
    /// The puzzle's options.
    pub fn options(&self) -> GridOptions {
        GridOptions {
            algo: self.algo.into(),
            connect: self.connect.into(),
            cost: self.cost.unwrap_or_default(),
            map: self.map.clone(),
            edits: self.edits.clone(),
            size: self.size.map(|size| size as usize),
            smooth: self.smooth,
            pdb_dir: Some(self.tables.folder()),
            ..GridOptions::default()
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

/// Flags of `statespace bench grid --map M --scen S`: the Moving AI runner.
#[derive(clap::Args, Debug)]
#[group(skip)] // flattened into `bench`'s flags
pub struct BenchArgs {
    /// The Moving AI map (`.map`) of the runner.
    #[arg(long, value_name = "FILE", requires = "scen")]
    map: Option<PathBuf>,
    /// The scenario file (`.map.scen`): every scenario answered by each algorithm and peer,
    /// the figures summed per bucket (its first column).
    #[arg(long, value_name = "FILE", requires = "map", conflicts_with = "input")]
    pub scen: Option<PathBuf>,
    /// Our algorithms, comma-separated.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "astar,jps")]
    algo: Vec<AlgorithmArg>,
    /// How cells connect: with 4, jump point search (eight-connected only) is left out, said in
    /// the output, and lengths are not checked against the file's (eight-connected).
    #[arg(long, value_enum, default_value_t = ConnectArg::Eight)]
    connect: ConnectArg,
    /// What entering a letter costs, `S=3,W=2` (as `solve grid --cost`): jump point search
    /// is then left out, and lengths are not checked against the file's (of cost 1).
    #[arg(long, value_name = "COSTS", value_parser = Costs::parse)]
    cost: Option<Costs>,
    /// Units of K x K cells (as `solve grid --size`): lengths are then not checked against the
    /// file's (of units of a cell), and Theta* is left out.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..=8192))]
    size: Option<u32>,
    /// Cells opened and closed between scenarios (as `solve grid --edits`): lines
    /// `N close X Y [W H]` or `N open X Y [W H]`, applied before scenario N (from 1), outside
    /// the queries' times; lengths are then not checked against the file's.
    #[arg(long, value_name = "FILE")]
    edits: Option<PathBuf>,
    /// Every scenario answered this many times (the whole file, round after round, peers
    /// too), each query's least time kept.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// Print the figures as one JSON object.
    #[arg(long, requires = "scen")]
    json: bool,
    /// Draw each query's time against its optimal length into this SVG file, a series per
    /// algorithm and peer.
    #[arg(long, value_name = "FILE.svg", requires = "scen")]
    plot: Option<PathBuf>,
    #[command(flatten)]
    tables: DirArgs,
}

/// Runs the benchmark of `args` by our algorithms and by `peers` (each `NAME=COMMAND`), and
/// prints the figures per bucket (a table, or JSON); bad files or peers are options errors.
pub fn bench(args: &BenchArgs, peers: &[String]) -> anyhow::Result<Verdict> {
    let (Some(map_path), Some(scen_path)) = (&args.map, &args.scen) else {
        anyhow::bail!(OptionsError::new("bench grid takes --map M and --scen S"));
    };
    fn in_file(path: &Path) -> impl Fn(ParseError) -> OptionsError + '_ {
        move |error| OptionsError::new(format!("{}: {error}", path.display()))
    }
    let costs = args.cost.unwrap_or_default();
    let map = Map::parse(&read(map_path)?).map_err(in_file(map_path))?;
    let map = map
        .with_costs(costs)
        .map_err(|message| OptionsError::new(format!("{}: {message}", map_path.display())))?;
    let unit = args.size.map_or(1, |size| size as usize);
    let map = if unit > 1 {
        map.with_unit(unit).map_err(OptionsError::new)?
    } else {
        map
    };
    // Named as its file: JPS+'s table is kept under that name.
    let map = Arc::new(map.named(&map_path.to_string_lossy()));
    let (width, height) = (map.width(), map.height());
    let edits = match &args.edits {
        Some(path) => read_edits(&read(path)?, &map).map_err(in_file(path))?,
        None => Vec::new(),
    };
    // Scenarios may start or end on a wall an edit opens: read them on the map so opened.
    let mut readable = Map::clone(&map);
    for timed in edits.iter().filter(|timed| timed.edit.open) {
        readable.apply(&timed.edit);
    }
    let scenarios = read(scen_path)?;
    let mut cases =
        read_bench_cases(&Arc::new(readable), &scenarios).map_err(in_file(scen_path))?;
    cases
        .iter_mut()
        .for_each(|bench_case| bench_case.case.map = map.clone());
    let peers = peers
        .iter()
        .map(|spec| Peer::parse(spec).map_err(OptionsError::new))
        .collect::<Result<Vec<_>, _>>()?;
    let budget = memory::default_budget();
    let limits = Limits::none().max_memory(budget);
    let connectivity = Connectivity::from(args.connect);
    let eight = matches!(connectivity, Connectivity::Eight);
    let (algos, left_out) = args
        .algo
        .iter()
        .map(|&algo| Algorithm::from(algo))
        .partition::<Vec<_>, _>(|&algo| {
            algo.refusal(&costs, connectivity).is_none() && (unit == 1 || algo != Algorithm::Theta)
        });
    for &algo in &algos {
        if algo.bounds_goals() && !edits.is_empty() {
            anyhow::bail!(OptionsError::new(goal_bounds_edits(algo)));
        }
        check_memory(&map, algo, Some(budget))?;
    }
    let mut answers: Vec<Answers> = Vec::new();
    for round in 0..args.rounds {
        let mut answered = Vec::new();
        for &algo in &algos {
            let mut searcher = GridSearcher::with_table_cache(args.tables.cache());
            answered.push(answer_all_edited(
                &mut searcher,
                &cases,
                &edits,
                (algo, connectivity),
                &limits,
            ));
            // The tables' preprocessing: how long loading or building them took.
            for note in searcher.take_notes() {
                eprintln!("{note}");
            }
        }
        for peer in &peers {
            answered.push(
                peer.run(map_path, scen_path, &cases)
                    .map_err(anyhow::Error::msg)?,
            );
        }
        if round == 0 {
            answers = answered;
        } else {
            answers
                .iter_mut()
                .zip(&answered)
                .for_each(|(kept, again)| kept.keep_fastest(again));
        }
    }
    let checked = eight && costs.is_uniform() && unit == 1 && edits.is_empty();
    let report = Report::new(&cases, &answers, checked);
    // What four-connected search leaves out, on the table's side (stderr beside JSON).
    let mut caveats = Vec::new();
    let (theta, left_out): (Vec<_>, Vec<_>) = left_out
        .into_iter()
        .partition(|&algo| algo == Algorithm::Theta);
    if !theta.is_empty() {
        let refusal = Algorithm::Theta.refusal(&costs, connectivity);
        let refusal = refusal.unwrap_or_else(|| AnyAngleError::Unit(unit).to_string());
        caveats.push(format!("theta left out: {refusal}"));
    }
    if !left_out.is_empty() {
        let names: Vec<_> = left_out.iter().map(|&algo| algorithm_name(algo)).collect();
        let why = if eight {
            "is not exact on weighted terrain"
        } else {
            "is eight-connected only"
        };
        caveats.push(format!(
            "{} left out: jump point search {why}",
            names.join(", ")
        ));
    }
    if !eight {
        caveats.push("lengths not checked: the file's are eight-connected".to_string());
    } else if !costs.is_uniform() {
        caveats.push(format!(
            "lengths not checked: the file's are of cost 1 (--cost {costs})"
        ));
    } else if unit > 1 {
        caveats.push(format!(
            "lengths not checked: the file's are of units of a cell (--size {unit})"
        ));
    } else if !checked {
        caveats.push("lengths not checked: the file's are of the map before edits".to_string());
    }
    // Written, not printed: a reader that stops early (`| head`) ends the command with an
    // error, not a panic.
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        caveats.iter().for_each(|caveat| eprintln!("{caveat}"));
    } else {
        writeln!(
            out,
            "{}: {} scenarios on {} ({width} x {height}), {}-connected, {} round{}",
            scen_path.display(),
            cases.len(),
            map_path.display(),
            if eight { 8 } else { 4 },
            args.rounds,
            if args.rounds == 1 {
                ""
            } else {
                "s: each query's least time"
            },
        )?;
        for caveat in &caveats {
            writeln!(out, "{caveat}")?;
        }
        write!(out, "{report}")?;
    }
    if let Some(path) = &args.plot {
        let name = map_path.file_name().unwrap_or(map_path.as_os_str());
        let title = format!("{}: time per query", name.to_string_lossy());
        plot::query_times(path, &title, &time_by_length(&cases, &answers))?;
    }
    Ok(Verdict::Answered)
}

/// The text of the file at `path`.
fn read(path: &Path) -> anyhow::Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
}
