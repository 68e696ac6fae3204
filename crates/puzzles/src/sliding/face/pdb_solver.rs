//! The sliding face's optimal solver with pattern databases: the tables of each board size,
//! loaded or built when its first board comes, and boards searched side by side or split.

use super::*;

/// The most cells of boards searched side by side, each on one thread: their searches are too
/// short to be split over threads; the 24-puzzle's take minutes each and are split, one board
/// after the other, each answer printed as soon as it is found.
const SIDE_BY_SIDE_CELLS: usize = 16;

/// How the boards of one size share the threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SearchThreads {
    /// Boards side by side on this many threads, each searched on one: the answers are those of
    /// one thread.
    SideBySide(usize),
    /// One board after another, each split over this many threads.
    Split(usize),
}

/// Tables loaded for one board size and goal.
#[derive(Debug)]
pub(super) struct Loaded {
    geometry: Geometry,
    goal: Board,
    tables: PatternTables,
}

/// Optimal solving with pattern databases: the tables of the boards' size, loaded or built when
/// the first board of that size comes, and the totals of a korf run.
#[derive(Debug)]
pub(super) struct PdbSolver {
    layout: Option<String>,
    goal: Option<String>,
    /// Every board's shape, when the options give it.
    pub(super) shape: Option<Shape>,
    /// Where the tables are kept; `None` to build them in memory.
    cache: Option<TableCache>,
    max_memory: Option<u64>,
    progress: Option<Progress>,
    /// The threads asked for, if any (see [`PdbSolver::threads_for`]).
    threads: Option<usize>,
    loaded: Option<Loaded>,
    cases: usize,
    checks: LengthChecks,
    generated: u64,
    search: Duration,
}

impl PdbSolver {
    pub(super) fn new(
        options: &SlidingOptions,
        max_memory: Option<u64>,
        progress: Option<Progress>,
    ) -> Result<Self, String> {
        let goal = match (&options.goal, options.format) {
            (None, Format::Korf) => Some("blank-first".to_string()),
            (goal, _) => goal.clone(),
        };
        let solver = Self {
            layout: options.pdb.clone(),
            goal,
            shape: options.size,
            cache: options.pdb_dir.clone().map(TableCache::new),
            max_memory,
            progress,
            threads: options
                .threads
                .map(|threads| thread_count(Some(threads), 1))
                .transpose()
                .map_err(|error| error.0)?,
            loaded: None,
            cases: 0,
            checks: LengthChecks::default(),
            generated: 0,
            search: Duration::ZERO,
        };
        if let Some(shape) = options.size {
            solver.check(shape)?;
        }
        Ok(solver)
    }

    /// Why boards of `shape` cannot be solved with these tables, if they cannot: among others,
    /// tables missing from the cache whose construction would not fit in the memory budget.
    pub(super) fn check(&self, shape: Shape) -> Result<(), String> {
        let patterns = self.patterns(&Geometry::of(shape)?)?;
        let missing = patterns.iter().any(|pattern| !self.is_cached(pattern));
        let bytes = build_bytes(&patterns);
        match self.max_memory {
            Some(budget) if missing && bytes > budget => Err(format!(
                "the tables of this layout need {} MiB to build, more than the memory budget \
                 of {} MiB",
                bytes.div_ceil(1 << 20),
                budget >> 20
            )),
            _ => Ok(()),
        }
    }

    /// The tables of the boards' shape, when the options give it.
    pub(super) fn tables(&self) -> Vec<TableStatus> {
        let Some(Ok(geometry)) = self.shape.map(Geometry::of) else {
            return Vec::new();
        };
        let Ok(patterns) = self.patterns(&geometry) else {
            return Vec::new();
        };
        patterns
            .iter()
            .map(|pattern| TableStatus {
                name: pattern.file_name(),
                bytes: pattern.entries(),
                cached: self.is_cached(pattern),
            })
            .collect()
    }

    /// The patterns of the layout on `geometry`, or why the options do not fit it.
    fn patterns(&self, geometry: &Geometry) -> Result<Vec<TilePattern>, String> {
        let (goal, layout) = self.layout_for(geometry)?;
        Ok(layout.tile_patterns(geometry, goal.blank()))
    }

    /// Whether the folder holds the table of `pattern` (its file is there, with its header).
    fn is_cached(&self, pattern: &TilePattern) -> bool {
        self.cache.as_ref().is_some_and(|cache| {
            Header::read(&cache.path(&pattern.file_name()))
                .is_ok_and(|header| header.id == pattern.id())
        })
    }

    /// The goal and layout on `geometry`, or why the options do not fit it.
    fn layout_for(&self, geometry: &Geometry) -> Result<(Board, Layout), String> {
        let goal = Board::goal(geometry.shape(), self.goal.as_deref())?;
        let layout = Layout::parse(self.layout.as_deref(), geometry, goal.blank())?;
        Ok((goal, layout))
    }

    /// The tables for boards on `geometry` (which [`check`](Self::check) accepted), loaded or
    /// built unless they are the ones in hand; each step is a note.
    pub(super) fn load(
        &mut self,
        geometry: Geometry,
        limits: &CaseLimits,
        notes: &mut Vec<String>,
    ) -> Result<&Loaded, StopReason> {
        if self
            .loaded
            .as_ref()
            .is_none_or(|loaded| loaded.geometry != geometry)
        {
            let (goal, layout) = self
                .layout_for(&geometry)
                .expect("board sizes are checked as they are read");
            let options = BuildOptions {
                progress: self.progress.clone(),
                limits: limits.memory(),
            };
            let tables = match &self.cache {
                Some(cache) => PatternTables::load_or_build(
                    cache,
                    &geometry,
                    goal.blank(),
                    &layout,
                    &options,
                    |event| notes.push(event.to_string()),
                )?,
                None => {
                    let started = Instant::now();
                    let tables = PatternTables::build(&geometry, goal.blank(), &layout, &options)?;
                    notes.push(format!(
                        "built the tables in memory in {} (no folder to keep them)",
                        format_duration(started.elapsed())
                    ));
                    tables
                }
            };
            self.loaded = Some(Loaded {
                geometry,
                goal,
                tables,
            });
        }
        Ok(self.loaded.as_ref().expect("just loaded"))
    }

    /// How boards of `cells` cells use the threads: those asked for, and by default one per core
    /// for boards searched side by side (their answers do not depend on it), one for larger
    /// boards (whose answer would: more threads split a board's search, tightest subtree first).
    pub(super) fn threads_for(&self, cells: usize) -> SearchThreads {
        if cells > SIDE_BY_SIDE_CELLS {
            return SearchThreads::Split(self.threads.unwrap_or(1));
        }
        match self.threads.unwrap_or_else(rayon::current_num_threads) {
            1 => SearchThreads::Split(1),
            threads => SearchThreads::SideBySide(threads),
        }
    }

    /// The answers to `cases`, in order: the cases of one board size searched side by side on
    /// the solver's threads when they are small (see [`PdbSolver::threads_for`]).
    pub(super) fn solve_all(
        &mut self,
        cases: &[SlidingCase],
        limits: &CaseLimits,
    ) -> Vec<Solved<SlidingAnswer>> {
        let geometry_of = |case: &SlidingCase| {
            Geometry::of(case.board.shape()).expect("board sizes are checked as they are read")
        };
        let mut answers = Vec::with_capacity(cases.len());
        for run in cases.chunk_by(|a, b| a.board.shape() == b.board.shape()) {
            let threads = self.threads_for(run[0].board.shape().cells());
            let mut notes = Vec::new();
            let results = match self.load(geometry_of(&run[0]), limits, &mut notes) {
                Ok(loaded) => {
                    // The search's time, without the tables' loading or building.
                    let started = Instant::now();
                    let results = Self::search(loaded, run, limits, threads);
                    self.search += started.elapsed();
                    results
                }
                Err(reason) => run
                    .iter()
                    .map(|_| SearchResult {
                        outcome: Outcome::Stopped(reason),
                        stats: Stats::default(),
                    })
                    .collect(),
            };
            for (case, result) in run.iter().zip(results) {
                self.count(case, &result);
                answers.push(Solved {
                    answer: shortest_answer(result.outcome),
                    stats: result.stats,
                    notes: std::mem::take(&mut notes),
                });
            }
        }
        answers
    }

    /// The searches of `cases`, all of the size of `loaded`'s tables, on `threads`.
    fn search(
        loaded: &Loaded,
        cases: &[SlidingCase],
        limits: &CaseLimits,
        threads: SearchThreads,
    ) -> Vec<SearchResult<Move>> {
        let solver = pdb::Solver::new(loaded.geometry, loaded.goal.clone(), &loaded.tables, true);
        let solve =
            |case: &SlidingCase, threads| solver.solve(&case.board, &limits.start(), threads);
        let threads = match threads {
            SearchThreads::SideBySide(threads) if cases.len() > 1 => {
                // A pool of its own; without one (the system refused threads), one board after
                // another.
                let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
                if let Ok(pool) = pool {
                    let side_by_side = cases.par_iter().with_max_len(1);
                    return pool.install(|| side_by_side.map(|case| solve(case, 1)).collect());
                }
                1
            }
            SearchThreads::SideBySide(_) => 1,
            SearchThreads::Split(threads) => threads,
        };
        cases.iter().map(|case| solve(case, threads)).collect()
    }

    /// Adds the case to the totals, and checks its length against the recorded one.
    fn count(&mut self, case: &SlidingCase, result: &SearchResult<Move>) {
        self.cases += 1;
        self.generated += result.stats.generated;
        if let (Some(optimal), Some(solution)) = (case.optimal, result.outcome.solution()) {
            let length = solution.actions.len();
            let agree = length as u32 == optimal;
            self.checks
                .compare(self.cases, agree, format_args!("{length} moves"), optimal);
        }
    }

    /// The closing line of a korf run, and its failure when lengths differ.
    pub(super) fn closing(&self) -> Closing {
        let more = format!(
            "; {} nodes generated ({:.0} per board); search {}",
            self.generated,
            self.generated as f64 / self.cases.max(1) as f64,
            format_duration(self.search)
        );
        self.checks.closing(self.cases, "boards", &more)
    }
}
