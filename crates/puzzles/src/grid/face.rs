//! Grids' face: Moving AI maps and scenarios behind the [`Puzzle`] trait every front-end uses.

use std::fmt::Write;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use serde::{Deserialize, Serialize};

use crate::input::{Input, ParseError, Source};
use crate::puzzle::{
    About, CaseLimits, Closing, LengthChecks, OptionKind, OptionSpec, OptionsError, Progress,
    Puzzle, Solved, Step, moves_summary,
};

use statespace_engine::pattern_database::TableCache;
use statespace_grid::{
    Algorithm, AnyAngleError, Connectivity, Costs, GoalBounds, Grid, GridAnswer, GridCase,
    GridSearcher, JumpPointBounds, JumpTable, Map, MapTable, PLACE_BYTES_PER_CELL,
    Step as Direction, TOLERANCE, Waypoints, any_angle_refusal, bench::algorithm_name,
    random_scenarios, read_map, read_scenario, solve_traced, string_pull,
};

use super::edits::MapEdits;
use super::print::{segments, steps};
use super::search::{GridReply, SearchPicture};

/// Shortest paths on grid maps (the Moving AI Lab's benchmarks).
#[derive(Clone, Copy, Debug)]
pub struct GridPuzzle;

/// How scenarios are answered.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GridOptions {
    /// The algorithm.
    pub algo: Algorithm,
    /// How cells connect (default 8, the benchmark's).
    pub connect: Connectivity,
    /// What entering each letter costs (`S=3,W=2`; 1 where none is given).
    pub cost: Costs,
    /// The side of the square units that walk the map (none: 1), each standing on its
    /// top-left cell; with a map file only.
    pub size: Option<usize>,
    /// The map file the scenarios are on (a `.map.scen` file's lines); without it, the input
    /// starts with its map.
    pub map: Option<PathBuf>,
    /// Cells opened and closed between scenarios: a file of lines `N close X Y [W H]` or
    /// `N open X Y [W H]`, applied before scenario N (from 1); with a map file only.
    pub edits: Option<PathBuf>,
    /// The folder JPS+ keeps its tables in (the pattern databases' table cache); without one
    /// they are built in memory, once per map.
    pub pdb_dir: Option<PathBuf>,
    /// Whether each answer's path is string-pulled (smoothed by visibility): its line then
    /// shows the smoothed path's waypoints and Euclidean length.
    pub smooth: bool,
    /// Whether each answer shows what its search did (`search`: the cells expanded and the
    /// jump points found, as bitmaps of the map), for the playground's picture.
    pub search: bool,
}

/// What `gen` draws: a random map and scenarios on it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GridGenOptions {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The share of blocked cells, in percent.
    pub walls: u32,
    /// How cells connect, for the optimal lengths.
    pub connect: Connectivity,
}

impl Default for GridGenOptions {
    fn default() -> Self {
        Self {
            width: 32,
            height: 32,
            walls: 25,
            connect: Connectivity::Eight,
        }
    }
}

/// Answers scenarios, and checks their lengths against the input's.
#[derive(Debug)]
pub struct GridSolver {
    options: GridOptions,
    /// The map of the options.
    map: Option<Arc<Map>>,
    /// The map at the head of the input, once read.
    inline: OnceLock<Arc<Map>>,
    /// The search, its memory kept from scenario to scenario.
    searcher: GridSearcher,
    /// The edits of `--edits`, and the map as they leave it.
    edits: Option<MapEdits>,
    checks: LengthChecks,
    cases: usize,
}

impl GridSolver {
    /// The walk of `case`, in the world of its start (land or water), on the map as the edits
    /// have left it.
    fn grid(&self, case: &GridCase) -> Grid {
        let map = self.edits.as_ref().map_or(&case.map, MapEdits::current);
        Grid::new(map.seen_from(case.start), self.options.connect, case.goal)
    }

    /// Compares the length found for case number `self.cases` with the one its line records.
    /// (Not once the map is edited: the file's lengths are the map's before any edit.)
    fn check(&mut self, case: &GridCase, answer: &GridAnswer) {
        let (Some(recorded), Connectivity::Eight) = (case.optimal, self.options.connect) else {
            return;
        };
        // The file's lengths are of cost 1, for units of a cell, on the map before any edit.
        let unit = self.options.size.unwrap_or(1);
        if self.edits.as_ref().is_some_and(MapEdits::changed)
            || !self.options.cost.is_uniform()
            || unit > 1
        {
            return;
        }
        let found = answer.length();
        // An any-angle path may be shorter than the octile optimum, never longer.
        let any_angle = answer.any_angle.is_some() || self.options.algo == Algorithm::Theta;
        let agree = found.is_some_and(|length| {
            length - recorded <= TOLERANCE && (any_angle || recorded - length <= TOLERANCE)
        });
        let found = found.map_or_else(|| "no path".to_string(), |length| format!("{length:.8}"));
        self.checks
            .compare(self.cases, agree, found, format_args!("{recorded:.8}"));
    }
}

/// Why JPS+ with goal bounding (`algorithm`, at every cell or at jump points) does not take
/// edits.
pub fn goal_bounds_edits(algorithm: Algorithm) -> String {
    let from = match algorithm {
        Algorithm::JpsPlusGbj => "jump point",
        _ => "cell",
    };
    format!(
        "{} does not take --edits: its boxes are computed for the whole map (a Dijkstra from \
         every {from}), not repaired; use --algo jps+",
        algorithm_name(algorithm)
    )
}

/// Refuses `map` when searching it by `algorithm` cannot fit in a memory budget of
/// `max_memory` bytes (none: no budget), the figures named.
///
/// # Errors
/// The sizes, as one line for the user.
pub fn check_memory(
    map: &Arc<Map>,
    algorithm: Algorithm,
    max_memory: Option<u64>,
) -> Result<(), OptionsError> {
    let (tables, per_cell) = match algorithm {
        Algorithm::JpsPlus => (
            JumpTable::bytes(map),
            ", and 16 for JPS+'s table".to_string(),
        ),
        Algorithm::JpsPlusGb => (
            JumpTable::bytes(map) + GoalBounds::bytes(map),
            ", and 80 for JPS+'s table and goal bounding's boxes".to_string(),
        ),
        Algorithm::JpsPlusGbj => {
            let bounds = JumpPointBounds::bytes(map);
            let jump_points = (bounds - map.cells() as u64 * PLACE_BYTES_PER_CELL) / 64;
            let per_cell = format!(
                ", 20 for JPS+'s table and where boxes are, and 64 for each of {jump_points} \
                 jump points' boxes"
            );
            (JumpTable::bytes(map) + bounds, per_cell)
        }
        _ => (0, String::new()),
    };
    let needed = map.search_bytes() + tables;
    if max_memory.is_none_or(|budget| needed <= budget) {
        return Ok(());
    }
    Err(OptionsError::new(format!(
        "a map of {} x {} needs {} to search (7 bytes a cell{per_cell}), over the memory budget \
         of {} (--max-memory)",
        map.width(),
        map.height(),
        size(needed),
        size(max_memory.unwrap_or(0))
    )))
}

/// `bytes` for a reader: in bytes below a mebibyte, else in MiB.
fn size(bytes: u64) -> String {
    if bytes < 1 << 20 {
        format!("{bytes} bytes")
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1 << 20))
    }
}

/// Reads the map file of the options, its cells weighed by `costs`.
fn load_map(path: &PathBuf, costs: &Costs) -> Result<Map, OptionsError> {
    let file = std::fs::File::open(path)
        .map_err(|error| OptionsError::new(format!("cannot read {}: {error}", path.display())))?;
    let mut input = Input::from_reader(Box::new(file));
    let in_file = |error: ParseError| OptionsError::new(format!("{}: {error}", path.display()));
    let first = input
        .line()
        .map_err(in_file)?
        .map(|(line, text)| (line, text.to_string()));
    let map = match first {
        Some((line, text)) if text.starts_with("type") => {
            read_map(&mut input, (line, &text)).map_err(in_file)?
        }
        _ => {
            return Err(in_file(ParseError::new(
                1,
                "a map starts with `type octile`",
            )));
        }
    };
    // A header whose height is short of the rows would leave rows unread.
    while let Some((line, text)) = input.line().map_err(in_file)? {
        if !text.trim().is_empty() {
            return Err(in_file(ParseError::new(
                line,
                format!(
                    "a row past the map's {} (the header's height)",
                    map.height()
                ),
            )));
        }
    }
    let map = map
        .with_costs(*costs)
        .map_err(|message| OptionsError::new(format!("{}: {message}", path.display())))?;
    Ok(map.named(&path.to_string_lossy()))
}

impl Puzzle for GridPuzzle {
    const ABOUT: About = About {
        name: "grid",
        title: "Shortest paths on grid maps (Moving AI)",
        judges: "the Moving AI Lab's benchmarks, the Grid-Based Path Planning Competition",
        input: "a Moving AI map, then one scenario per line: start-x start-y goal-x goal-y \
                [optimal length]",
        algorithms: &[
            (
                "astar",
                "A* with the octile distance, exact octile lengths (1 and √2)",
            ),
            ("dijkstra", "Dijkstra's algorithm, no estimate"),
            (
                "jps",
                "jump point search: A* jumping to the cells where a path may turn, 56 cells a \
                 read (eight-connected maps)",
            ),
            (
                "jps+",
                "JPS+: jump point search reading every jump off a table computed once per map \
                 (eight-connected maps)",
            ),
            (
                "jps+gb",
                "JPS+ with goal bounding: JPS+ leaving a cell only by the steps whose box, \
                 computed once per map by a Dijkstra from every cell, holds the goal \
                 (eight-connected maps, no edits)",
            ),
            (
                "jps+gbj",
                "JPS+ with goal bounding at jump points: boxes only where JPS+'s jumps stop, \
                 a Dijkstra from each; other cells prune nothing (eight-connected maps, no \
                 edits)",
            ),
            (
                "theta",
                "Theta*: any-angle paths between cell centres, never longer than the octile \
                 optimum (eight-connected maps of one cost, units of a cell)",
            ),
        ],
        example: include_str!("../../../../examples/grid.txt"),
        layouts: &[],
    };
    const OPTIONS: &'static [OptionSpec] = &[
        OptionSpec::algorithm(Self::ABOUT.algorithms),
        OptionSpec {
            name: "connect",
            label: "neighbours",
            help: "the cells a step reaches",
            kind: OptionKind::Choice {
                values: &[
                    (
                        "8",
                        "the eight around, diagonals of length √2 (no cutting corners)",
                    ),
                    ("4", "the four at the sides"),
                ],
                default: "8",
            },
            without: None,
            shapes_board: false,
        },
        OptionSpec {
            name: "cost",
            label: "terrain costs",
            help: "what entering a letter costs (. G ground, S swamp, W water), 1 where none \
                   is given: a step costs its length times it",
            kind: OptionKind::Text {
                pattern: "1|[.GSW]=[1-9][0-9]*(,[.GSW]=[1-9][0-9]*)*",
                example: "S=3,W=2",
                default: Some("1"),
            },
            without: None,
            shapes_board: false,
        },
    ];
    type Options = GridOptions;
    type GenOptions = GridGenOptions;
    type Case = GridCase;
    type Answer = GridReply;
    type Solver = GridSolver;

    fn solver(
        options: &GridOptions,
        limits: &CaseLimits,
        _: Option<Progress>,
    ) -> Result<GridSolver, OptionsError> {
        if let Some(refusal) = options.algo.refusal(&options.cost, options.connect) {
            return Err(OptionsError::new(refusal));
        }
        if options.edits.is_some() && options.algo.bounds_goals() {
            return Err(OptionsError::new(goal_bounds_edits(options.algo)));
        }
        let any_angle = options.smooth || options.algo == Algorithm::Theta;
        if any_angle {
            if let Some(refusal) = any_angle_refusal(&options.cost, options.connect) {
                return Err(OptionsError::new(refusal));
            }
            if let Some(unit) = options.size.filter(|&unit| unit > 1) {
                return Err(OptionsError::new(AnyAngleError::Unit(unit).to_string()));
            }
        }
        let load = |path| load_map(path, &options.cost);
        let mut map = options.map.as_ref().map(load).transpose()?;
        if let Some(unit) = options.size {
            let Some(given) = map else {
                return Err(OptionsError::new(
                    "units are sized on a map file: give it with --map",
                ));
            };
            map = Some(given.with_unit(unit).map_err(OptionsError::new)?);
        }
        let mut map = map.map(Arc::new);
        if let Some(map) = &map {
            check_memory(map, options.algo, limits.max_memory)?;
        }
        let edits = match (&options.edits, &map) {
            (None, _) => None,
            (Some(_), None) => {
                return Err(OptionsError::new(
                    "edits are of a map file: give it with --map",
                ));
            }
            (Some(path), Some(given)) => {
                let (edits, readable) = MapEdits::load(path, given)?;
                map = Some(readable);
                Some(edits)
            }
        };
        let searcher = match &options.pdb_dir {
            Some(folder) => GridSearcher::with_table_cache(TableCache::new(folder)),
            None => GridSearcher::default(),
        };
        Ok(GridSolver {
            options: options.clone(),
            map,
            inline: OnceLock::new(),
            searcher,
            edits,
            checks: LengthChecks::default(),
            cases: 0,
        })
    }

    fn read_case(
        solver: &GridSolver,
        input: &mut Input<impl Source>,
        _: usize,
    ) -> Result<Option<GridCase>, ParseError> {
        read_scenario(
            input,
            solver.map.as_ref(),
            &solver.inline,
            &solver.options.cost,
        )
    }

    fn solve(solver: &mut GridSolver, case: &GridCase, limits: &CaseLimits) -> Solved<GridReply> {
        solver.cases += 1;
        let edited;
        let case = match &mut solver.edits {
            Some(edits) => {
                edited = GridCase {
                    map: edits.before(solver.cases, &mut solver.searcher),
                    ..case.clone()
                };
                &edited
            }
            None => case,
        };
        let (connect, algo) = (solver.options.connect, solver.options.algo);
        let (answer, stats, picture) = if solver.options.search {
            let (answer, stats, trace) = solve_traced(case, connect, algo, &limits.start());
            let jumps = algo.jumps();
            (
                answer,
                stats,
                Some(SearchPicture::new(&case.map, &trace, jumps)),
            )
        } else {
            let (answer, stats) = solver.searcher.solve(case, connect, algo, &limits.start());
            (answer, stats, None)
        };
        let mut answer = answer;
        if solver.options.smooth
            && let Ok(GridAnswer {
                path: Some((steps, _)),
                any_angle,
            }) = &mut answer
        {
            // Refused before: costs and units larger than a cell.
            if let Ok(pulled) = string_pull(&case.map, case.start, steps) {
                *any_angle = Some(Waypoints::new(&case.map, &pulled));
            }
        }
        if let Ok(answer) = &answer {
            solver.check(case, answer);
        }
        let reply = answer.map(|answer| GridReply {
            answer,
            search: picture,
        });
        Solved {
            notes: solver.searcher.take_notes(),
            ..Solved::new(reply, stats)
        }
    }

    fn output(_: &GridSolver, _: &GridCase, reply: &GridReply, out: &mut String) {
        out.push_str(&reply.answer.line());
        out.push('\n');
    }

    fn summary(_: &GridSolver, reply: &GridReply) -> String {
        if let Some(waypoints) = &reply.answer.any_angle {
            let segments = waypoints.points.len() - 1;
            let plural = if segments == 1 { "" } else { "s" };
            return format!("{segments} segment{plural}, length {:.8}", waypoints.length);
        }
        match &reply.answer.path {
            None => "no path".to_string(),
            Some((steps, length)) => {
                format!(
                    "{}, length {:.8}",
                    moves_summary(steps.len()),
                    length.length()
                )
            }
        }
    }

    fn steps(solver: &GridSolver, case: &GridCase, reply: Option<&GridReply>) -> Vec<Step> {
        // Theta*'s segments; a smoothed path shows the steps it was pulled from.
        if let Some(GridAnswer {
            path: None,
            any_angle: Some(waypoints),
        }) = reply.map(|reply| &reply.answer)
        {
            return segments(case, &waypoints.points);
        }
        let path = reply
            .and_then(|reply| reply.answer.path.as_ref())
            .map_or(&[][..], |(path, _)| &path[..]);
        steps(case, &solver.grid(case), path)
    }

    fn solution_moves(_: &GridSolver, reply: &GridReply) -> usize {
        if let GridAnswer {
            path: None,
            any_angle: Some(waypoints),
        } = &reply.answer
        {
            return waypoints.points.len() - 1;
        }
        reply.answer.path.as_ref().map_or(0, |(path, _)| path.len())
    }

    fn restart(solver: &mut GridSolver) {
        solver.inline = OnceLock::new();
        if let Some(edits) = &mut solver.edits {
            edits.restart();
        }
        solver.checks = LengthChecks::default();
        solver.cases = 0;
    }

    fn case_input(_: &GridSolver, case: &GridCase) -> String {
        case.input()
    }

    /// The scenario after its map: a line of a `.scen` means nothing without it.
    fn standalone_input(_: &GridSolver, case: &GridCase, _: String) -> String {
        case.input()
    }

    fn moves(solver: &GridSolver, case: &GridCase) -> Vec<(String, GridCase)> {
        let grid = solver.grid(case);
        Direction::ALL
            .into_iter()
            .filter(|&step| grid.allows(case.start, step))
            .map(|step| {
                let mut next = case.clone();
                statespace_engine::Domain::apply(&grid, &mut next.start, step);
                next.optimal = None;
                (step.name().to_string(), next)
            })
            .collect()
    }

    fn generate(options: &GridGenOptions, count: usize, seed: u64) -> Result<String, OptionsError> {
        if options.walls > 100 {
            return Err(OptionsError::new(format!(
                "{}% walls: from 0 to 100, please",
                options.walls
            )));
        }
        let walls = f64::from(options.walls) / 100.0;
        let (map, cases) = random_scenarios(
            options.width,
            options.height,
            walls,
            options.connect,
            count,
            seed,
        )
        .map_err(OptionsError::new)?;
        let mut text = map.to_string();
        for case in &cases {
            let (sx, sy) = map.position(case.start);
            let (gx, gy) = map.position(case.goal);
            let optimal = case.optimal.expect("generated scenarios have lengths");
            // Writing to a String cannot fail.
            let _ = writeln!(text, "{sx} {sy} {gx} {gy} {optimal:.8}");
        }
        Ok(text)
    }

    fn finish(solver: &GridSolver) -> Closing {
        if solver.checks.is_empty() {
            return Closing::default();
        }
        solver.checks.closing(solver.cases, "scenarios", "")
    }
}
