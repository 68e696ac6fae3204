//! Answering a scenario: the shortest path by A* with the octile distance, by jump point search
//! (A* expanding jumps, found online or read off tables computed per map), or by Dijkstra.
//! (Past 600 lines: the searcher keeps each algorithm's state with the edits, units and
//! any-angle answers that repair or read it, so that one query path stays inlined.)

use std::fmt::Write;
use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize, Serializer};
use statespace_engine::astar::{AStar, Expansion};
use statespace_engine::index::DenseIndex;
use statespace_engine::pattern_database::TableCache;
use statespace_engine::{
    Domain, IncrementalHeuristic, Limits, Outcome, PerfectHash, SearchResult, Stats, StopReason,
    Weights,
};

use crate::any_angle::{Waypoints, theta_answer};
use crate::bounds::{BoundedTable, Bounds};
use crate::coverage::{Coverage, EveryCell, JumpPoints};
use crate::domain::{Connectivity, Grid, Octile, OctileSteps, Step, StepEstimate, TerrainSteps};
use crate::edit::Edit;
use crate::jps_plus::JumpTable;
use crate::jump::JumpMap;
use crate::leap::{LeapGrid, LeapLengths, PrunedLeaps, leap_steps};
use crate::map::Map;
use crate::map_table::MapTable;
use crate::scenario::GridCase;
use crate::terrain::{Costs, Terrain};

/// How scenarios are answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// A* with the octile distance (Manhattan on four-connected maps).
    #[default]
    Astar,
    /// Dijkstra's algorithm: no estimate.
    Dijkstra,
    /// Jump point search, online (no preprocessing): A* expanding jumps to the cells where a
    /// path may turn, 56 cells a read, a diagonal's straight jumps leaps of the cell it leaves
    /// (no jump point in the middle of a diagonal made a node, as Warthog's `jps2`).
    /// Eight-connected maps of one cost only: elsewhere it is A* (front-ends refuse it there,
    /// see [`Algorithm::refusal`]).
    Jps,
    /// JPS+: jump point search with every cell's jumps computed once per map (and kept in the
    /// table cache when there is one), read off a table. Eight-connected maps of one cost only,
    /// as [`Algorithm::Jps`].
    #[serde(rename = "jps+")]
    JpsPlus,
    /// JPS+ with goal bounding: JPS+ leaving a cell only by the steps that start a shortest
    /// path to the goal, as boxes computed once per map say (see
    /// [`GoalBounds`](crate::GoalBounds): a Dijkstra from every cell, 64 bytes a cell, kept in
    /// the table cache beside JPS+'s). Eight-connected maps of one cost only, as
    /// [`Algorithm::Jps`].
    #[serde(rename = "jps+gb")]
    JpsPlusGb,
    /// JPS+ with goal bounding at the jump points only ([`JumpPoints`]): the boxes of the
    /// cells where JPS+'s jumps stop, a Dijkstra from each; every other cell prunes nothing.
    /// Kept in the table cache; eight-connected maps of one cost only, as [`Algorithm::Jps`].
    #[serde(rename = "jps+gbj")]
    JpsPlusGbj,
    /// Theta* (see [`theta_star`](crate::theta_star)): an any-angle path, never longer than the
    /// octile optimum. Eight-connected maps of one cost, units of a cell: elsewhere it is A*,
    /// which [`GridSearcher::take_notes`] says (front-ends refuse it there).
    Theta,
}

impl Algorithm {
    /// Whether the algorithm jumps (jump point search, JPS+).
    pub fn jumps(self) -> bool {
        matches!(
            self,
            Algorithm::Jps | Algorithm::JpsPlus | Algorithm::JpsPlusGb | Algorithm::JpsPlusGbj
        )
    }

    /// Whether the algorithm keeps goal bounds: boxes computed for the whole map, not repaired
    /// after edits.
    pub fn bounds_goals(self) -> bool {
        matches!(self, Algorithm::JpsPlusGb | Algorithm::JpsPlusGbj)
    }

    /// Why the algorithm is not exact on maps weighed by `costs` walked as `connectivity`
    /// allows, if it is not: jump point search walks eight-connected maps of one cost (its
    /// jumps skip cells whose costs would matter).
    pub fn refusal(self, costs: &Costs, connectivity: Connectivity) -> Option<String> {
        if self == Algorithm::Theta {
            return crate::any_angle::any_angle_refusal(costs, connectivity);
        }
        if !self.jumps() {
            return None;
        }
        if connectivity == Connectivity::Four {
            return Some(
                "jump point search walks eight-connected maps (Moving AI's rules): use \
                 --connect 8, or --algo astar on four-connected maps"
                    .to_string(),
            );
        }
        (!costs.is_uniform()).then(|| {
            format!(
                "jump point search is not exact on weighted terrain (--cost {costs}): use --algo \
                 astar or dijkstra"
            )
        })
    }
}

/// A shortest path, or the news that the goal cannot be reached; serialized as the steps' names
/// (`moves`, `null` when no path exists) and the path's `length`.
#[derive(Clone, Debug, PartialEq)]
pub struct GridAnswer {
    /// The path's steps and its exact length; `None` when no path exists (or when the answer
    /// is Theta*'s, of segments only).
    pub path: Option<(Vec<Step>, Octile)>,
    /// The any-angle path, Theta*'s or the steps string-pulled: when there is one, it is the
    /// answer's length and line.
    pub any_angle: Option<Waypoints>,
}

impl GridAnswer {
    /// The answer of `path`'s steps.
    pub fn of_steps(path: Option<(Vec<Step>, Octile)>) -> Self {
        Self {
            path,
            any_angle: None,
        }
    }

    /// Whether the answer has a path.
    pub fn found(&self) -> bool {
        self.path.is_some() || self.any_angle.is_some()
    }

    /// The length as a real number, when there is a path: the any-angle path's when there is
    /// one (Euclidean), else the steps'.
    pub fn length(&self) -> Option<f64> {
        match &self.any_angle {
            Some(waypoints) => Some(waypoints.length),
            None => self.path.as_ref().map(|(_, length)| length.length()),
        }
    }

    /// The answer's line, as the command line prints it: the length to eight decimals and the
    /// steps (or the any-angle path's waypoints, `X,Y` each), or `no path`.
    pub fn line(&self) -> String {
        if let Some(waypoints) = &self.any_angle {
            return waypoints.line();
        }
        match &self.path {
            None => "no path".to_string(),
            Some((steps, length)) => {
                // The length's digits, then up to three characters a step.
                let mut line = String::with_capacity(24 + 3 * steps.len());
                let _ = write!(line, "{:.8}", length.length());
                // A name's one or two ASCII letters pushed as characters: a copy of a string
                // that short cost ten times as much (7% of a JPS+ run's instructions).
                for step in steps {
                    let name = step.name().as_bytes();
                    line.push(' ');
                    line.push(char::from(name[0]));
                    if let Some(&second) = name.get(1) {
                        line.push(char::from(second));
                    }
                }
                line
            }
        }
    }
}

impl Serialize for GridAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(untagged)]
        enum Moves<'a> {
            Steps(&'a [Step]),
            /// Theta*'s segments, each named by its end `X,Y`.
            Segments(Vec<String>),
        }
        #[derive(Serialize)]
        struct Shown<'a> {
            moves: Option<Moves<'a>>,
            length: Option<f64>,
            #[serde(skip_serializing_if = "Option::is_none")]
            waypoints: Option<&'a [(usize, usize)]>,
        }
        let segments = || {
            let points = &self.any_angle.as_ref()?.points;
            let ends = points.iter().skip(1).map(|(x, y)| format!("{x},{y}"));
            Some(Moves::Segments(ends.collect()))
        };
        Shown {
            moves: match &self.path {
                Some((steps, _)) => Some(Moves::Steps(steps)),
                None => segments(),
            },
            length: self.length(),
            waypoints: self.any_angle.as_ref().map(|shown| shown.points.as_slice()),
        }
        .serialize(serializer)
    }
}

/// The shortest path of `case` walking as `connectivity` allows, found by `algorithm` within
/// `limits`, with what the search did.
pub fn solve(
    case: &GridCase,
    connectivity: Connectivity,
    algorithm: Algorithm,
    limits: &Limits,
) -> (Result<GridAnswer, StopReason>, Stats) {
    GridSearcher::default().solve(case, connectivity, algorithm, limits)
}

/// A* over a map's cells, its visited index a dense array of them.
type CellSearch = AStar<u32, Step, DenseIndex<Arc<Grid>>, (i32, i32), Octile>;

/// A* over the jumps (or leaps) `D` between a map's cells, its visited index a dense array of
/// them (ranked as cells: the index holds a grid, not the jumps, so that the jumps kept are
/// the searcher's alone to repair when the map is edited).
type JumpSearch<D> = AStar<u32, <D as Domain>::Action, DenseIndex<Arc<Grid>>, (i32, i32), Octile>;

/// The map searched last by jumps found by `J`, taken as `D`'s actions: the jumps and the
/// searcher.
type KeptJumps<J, D> = Option<(Arc<Map>, Arc<J>, JumpSearch<D>)>;

/// A search of JPS+ with goal bounds at the cells `C` keeps them for.
type BoundedSearch<C> = JumpSearch<LeapGrid<BoundedTable<C>>>;

/// The map searched last by JPS+ with goal bounds at the cells `C` keeps them for.
type KeptBounds<C> = KeptJumps<BoundedTable<C>, LeapGrid<BoundedTable<C>>>;

/// Goal bounds a searcher keeps a slot for.
trait KeptIn: Coverage {
    /// The slot of `searcher` for these bounds, its table cache and its notes.
    fn kept_in(
        searcher: &mut GridSearcher,
    ) -> (&mut KeptBounds<Self>, &Option<TableCache>, &mut Vec<String>);
}

impl KeptIn for EveryCell {
    fn kept_in(
        searcher: &mut GridSearcher,
    ) -> (&mut KeptBounds<Self>, &Option<TableCache>, &mut Vec<String>) {
        (&mut searcher.bounded, &searcher.cache, &mut searcher.notes)
    }
}

impl KeptIn for JumpPoints {
    fn kept_in(
        searcher: &mut GridSearcher,
    ) -> (&mut KeptBounds<Self>, &Option<TableCache>, &mut Vec<String>) {
        let slot = &mut searcher.bounded_at_jump_points;
        (slot, &searcher.cache, &mut searcher.notes)
    }
}

/// Answers scenarios one after the other, keeping the search's memory for the next scenario on
/// the same map: a node number per cell (cleared cell by cell), the open list, the node arena,
/// and for jump point search the map's bits or JPS+'s table.
#[derive(Debug, Default)]
pub struct GridSearcher {
    /// The map searched last by cells, and its searcher.
    cells: Option<(Arc<Map>, CellSearch)>,
    /// The map searched last by jump point search.
    jumps: KeptJumps<JumpMap, LeapGrid<JumpMap>>,
    /// The map searched last by JPS+.
    tables: KeptJumps<JumpTable, LeapGrid<JumpTable>>,
    /// The map searched last by JPS+ with goal bounding.
    bounded: KeptBounds<EveryCell>,
    /// The map searched last by JPS+ with goal bounding at jump points.
    bounded_at_jump_points: KeptBounds<JumpPoints>,
    /// The map whose water was searched last, and its water world (see [`Map::seen_from`]).
    water: Option<(Arc<Map>, Arc<Map>)>,
    /// Where JPS+ keeps its tables; without a cache they are built in memory.
    cache: Option<TableCache>,
    /// What was done besides searching (a table loaded or built), a line each, until taken.
    notes: Vec<String>,
}

impl GridSearcher {
    /// A searcher whose JPS+ tables are loaded from `cache`, or built and saved there.
    pub fn with_table_cache(cache: TableCache) -> Self {
        Self {
            cache: Some(cache),
            ..Self::default()
        }
    }

    /// What was done besides searching since the last call (a JPS+ table loaded from the cache,
    /// or built, and why a cached one was refused), a line each.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    /// Readies what `algorithm` needs on `map` before the first scenario (JPS+'s table, jump
    /// point search's bits), so that the first scenario's time is its search's alone.
    ///
    /// # Errors
    /// [`StopReason::MemoryLimit`] when they do not fit in the budget of `limits`.
    pub fn prepare(
        &mut self,
        map: &Arc<Map>,
        algorithm: Algorithm,
        limits: &Limits,
    ) -> Result<(), StopReason> {
        let grid = Grid::new(map.clone(), Connectivity::Eight, 0);
        match algorithm {
            Algorithm::Jps => self.jump_map(map, &grid, limits).map(|_| ()),
            Algorithm::JpsPlus => self.jump_table(map, &grid, limits).map(|_| ()),
            Algorithm::JpsPlusGb => self
                .bounded_table::<EveryCell>(map, &grid, limits)
                .map(|_| ()),
            Algorithm::JpsPlusGbj => self
                .bounded_table::<JumpPoints>(map, &grid, limits)
                .map(|_| ()),
            Algorithm::Astar | Algorithm::Dijkstra | Algorithm::Theta => Ok(()),
        }
    }

    /// `map` with `edit` applied (it must fit: see [`Edit::misfit`]), what the searcher keeps
    /// for `map` made to match it rather than built again: jump point search's bits cell by
    /// cell, JPS+'s table repaired where the edit reaches (see [`JumpTable::repair`], a note
    /// saying how long that took). Scenarios on the map returned are answered exactly; a start
    /// or a goal the edits walled in has no path.
    pub fn edit(&mut self, map: &Arc<Map>, edit: &Edit) -> Arc<Map> {
        let mut edited = Map::clone(map);
        edited.apply(edit);
        let edited = Arc::new(edited);
        // A unit standing up to `unit - 1` cells left of or above an edited cell covers it.
        let ((left, top), (right, bottom)) = edit.area();
        let reach = map.unit() - 1;
        let (left, top) = (left.saturating_sub(reach), top.saturating_sub(reach));
        if let Some((kept, bits, _)) = &mut self.jumps
            && Arc::ptr_eq(kept, map)
        {
            let bits = Arc::make_mut(bits);
            for y in top..=bottom {
                for x in left..=right {
                    bits.set((x, y), edited.is_passable((y * edited.width() + x) as u32));
                }
            }
            *kept = edited.clone();
        }
        if let Some((kept, table, _)) = &mut self.tables
            && Arc::ptr_eq(kept, map)
        {
            let started = Instant::now();
            let area = ((left, top), (right, bottom));
            let recomputed = Arc::make_mut(table).repair(edited.clone(), area);
            self.notes.push(format!(
                "jps+: repaired the table after `{edit}` in {:.1} us ({recomputed} distances)",
                started.elapsed().as_secs_f64() * 1e6
            ));
            *kept = edited.clone();
        }
        // Boxes are global: after an edit they are computed again, at the next search.
        forget_for(&mut self.bounded, map);
        forget_for(&mut self.bounded_at_jump_points, map);
        if self
            .water
            .as_ref()
            .is_some_and(|(kept, _)| Arc::ptr_eq(kept, map))
        {
            self.water = None;
        }
        edited
    }

    /// The other world of `case`'s map when its start is there (water, on a map searched as
    /// land: see [`Map::seen_from`]), kept for the next scenario from the same water; `None`
    /// when the map is searched as it is.
    fn other_world(&mut self, case: &GridCase) -> Option<Arc<Map>> {
        let start = case.map.terrain(case.start);
        if start == case.map.layer() || start == Terrain::Blocked {
            return None;
        }
        match &self.water {
            Some((map, world)) if Arc::ptr_eq(map, &case.map) => Some(world.clone()),
            _ => {
                let world = case.map.seen_from(case.start);
                self.water = Some((case.map.clone(), world.clone()));
                Some(world)
            }
        }
    }

    /// Notes `note` unless it is noted already (a searcher whose notes are never taken holds
    /// each once, whatever the scenarios).
    fn note_once(&mut self, note: &str) {
        if !self.notes.iter().any(|noted| noted == note) {
            self.notes.push(note.to_string());
        }
    }

    /// The shortest path of `case`, as [`solve`] finds it.
    pub fn solve(
        &mut self,
        case: &GridCase,
        connectivity: Connectivity,
        algorithm: Algorithm,
        limits: &Limits,
    ) -> (Result<GridAnswer, StopReason>, Stats) {
        let in_other_world;
        let case = match self.other_world(case) {
            Some(world) => {
                in_other_world = GridCase {
                    map: world,
                    ..case.clone()
                };
                &in_other_world
            }
            None => case,
        };
        if !reachable(case) {
            return (Ok(GridAnswer::of_steps(None)), Stats::default());
        }
        if algorithm == Algorithm::Theta {
            if let Some(answered) = theta_answer(case, connectivity, limits) {
                return answered;
            }
            self.note_once(
                "theta: Theta* walks eight-connected maps of one cost, units of a cell; this \
                 path is A*'s",
            );
        }
        self.search(case, (connectivity, algorithm), limits)
    }

    /// [`Self::solve`] once `case` is on the world of its start, its start and goal in it.
    fn search(
        &mut self,
        case: &GridCase,
        (connectivity, algorithm): (Connectivity, Algorithm),
        limits: &Limits,
    ) -> (Result<GridAnswer, StopReason>, Stats) {
        let grid = Grid::new(case.map.clone(), connectivity, case.goal);
        let map = &case.map;
        // Not exact there: front-ends refuse it (`Algorithm::refusal`), the library answers by
        // A* and says so.
        let walks_jumps = !map.is_weighted() && connectivity == Connectivity::Eight;
        let algorithm = if algorithm.jumps() && !walks_jumps {
            self.note_once(
                "jps: jump point search walks eight-connected maps of one cost; this path is A*'s",
            );
            Algorithm::Astar
        } else {
            algorithm
        };
        let kept = match (algorithm, connectivity) {
            (Algorithm::Jps, Connectivity::Eight) => {
                self.jump_map(map, &grid, limits).map(|(bits, searcher)| {
                    let leaps = LeapGrid::new(grid.clone(), bits);
                    let policy = (&LeapLengths, &PrunedLeaps);
                    let steps = |leaps: Vec<_>| leap_steps(&leaps);
                    jump(searcher, &leaps, &grid, policy, case, limits, steps)
                })
            }
            (Algorithm::JpsPlus, Connectivity::Eight) => {
                self.jump_table(map, &grid, limits)
                    .map(|(table, searcher)| {
                        let leaps = LeapGrid::new(grid.clone(), table);
                        let policy = (&LeapLengths, &PrunedLeaps);
                        let steps = |leaps: Vec<_>| leap_steps(&leaps);
                        jump(searcher, &leaps, &grid, policy, case, limits, steps)
                    })
            }
            (Algorithm::JpsPlusGb, Connectivity::Eight) => {
                self.bounded_search::<EveryCell>(case, &grid, limits)
            }
            (Algorithm::JpsPlusGbj, Connectivity::Eight) => {
                self.bounded_search::<JumpPoints>(case, &grid, limits)
            }
            _ => return self.step(case, grid, algorithm, limits),
        };
        kept.unwrap_or_else(|reason| (Err(reason), Stats::default()))
    }

    /// Jump point search's bits of `map` and its searcher, kept or made (see [`Self::kept`]).
    fn jump_map(
        &mut self,
        map: &Arc<Map>,
        grid: &Grid,
        limits: &Limits,
    ) -> Result<(Arc<JumpMap>, &mut JumpSearch<LeapGrid<JumpMap>>), StopReason> {
        let make = || JumpMap::new(map);
        Self::kept::<_, LeapGrid<JumpMap>>(&mut self.jumps, map, grid, limits, || 0, make)
    }

    /// JPS+'s table of `map` (loaded from the cache, or built) and its searcher, kept or made
    /// (see [`Self::kept`]); the table's bytes count against the budget.
    fn jump_table(
        &mut self,
        map: &Arc<Map>,
        grid: &Grid,
        limits: &Limits,
    ) -> Result<(Arc<JumpTable>, &mut JumpSearch<LeapGrid<JumpTable>>), StopReason> {
        let (cache, notes) = (&self.cache, &mut self.notes);
        let make = || table(map, cache.as_ref(), notes);
        let bytes = || JumpTable::bytes(map);
        Self::kept::<_, LeapGrid<JumpTable>>(&mut self.tables, map, grid, limits, bytes, make)
    }

    /// JPS+'s table of `map` bounded by its goal bounds at the cells `C` keeps them for (each
    /// loaded from the cache, or built) and its searcher, kept or made (see [`Self::kept`]);
    /// both tables' bytes count against the budget.
    fn bounded_table<C: KeptIn>(
        &mut self,
        map: &Arc<Map>,
        grid: &Grid,
        limits: &Limits,
    ) -> Result<(Arc<BoundedTable<C>>, &mut BoundedSearch<C>), StopReason> {
        let (slot, cache, notes) = C::kept_in(self);
        let make = || {
            let table = table(map, cache.as_ref(), notes);
            let (bounds, line) = Bounds::<C>::for_map(map.clone(), cache.as_ref());
            notes.push(line);
            BoundedTable::new(Arc::new(table), Arc::new(bounds))
        };
        let bytes = || JumpTable::bytes(map) + Bounds::<C>::bytes(map);
        Self::kept::<_, LeapGrid<BoundedTable<C>>>(slot, map, grid, limits, bytes, make)
    }

    /// The shortest path of `case` on `grid` by JPS+ with goal bounds at the cells `C` keeps
    /// them for.
    fn bounded_search<C: KeptIn>(
        &mut self,
        case: &GridCase,
        grid: &Grid,
        limits: &Limits,
    ) -> Result<(Result<GridAnswer, StopReason>, Stats), StopReason> {
        let (bounded, searcher) = self.bounded_table::<C>(&case.map, grid, limits)?;
        let leaps = LeapGrid::new(grid.clone(), bounded);
        let policy = (&LeapLengths, &PrunedLeaps);
        let steps = |leaps: Vec<_>| leap_steps(&leaps);
        Ok(jump(searcher, &leaps, grid, policy, case, limits, steps))
    }

    /// The shortest path of `case` by A* or Dijkstra, step by step on `grid`.
    fn step(
        &mut self,
        case: &GridCase,
        grid: Grid,
        algorithm: Algorithm,
        limits: &Limits,
    ) -> (Result<GridAnswer, StopReason>, Stats) {
        let searcher = match &mut self.cells {
            // The index ranks cells whatever they hold: it serves any map of the same sides
            // (the other world of a map, the map edited).
            Some((map, searcher)) if map.cells() == case.map.cells() => searcher,
            kept => {
                if !limits.fits(index_bytes(&case.map)) {
                    return (Err(StopReason::MemoryLimit), Stats::default());
                }
                let index = DenseIndex::new(Arc::new(grid.clone()));
                &mut kept.insert((case.map.clone(), AStar::new(index))).1
            }
        };
        let estimate = match algorithm {
            Algorithm::Dijkstra => StepEstimate::zero(),
            _ => StepEstimate::new(&grid),
        };
        let result: SearchResult<Step, Octile> = if case.map.is_weighted() {
            searcher.search_weighted(&grid, &case.start, &TerrainSteps, &estimate, limits)
        } else {
            searcher.search_weighted(&grid, &case.start, &OctileSteps, &estimate, limits)
        };
        (answer(result.outcome, |steps| steps), result.stats)
    }

    /// The jumps and the searcher kept in `slot` for `map` (`grid`'s): those there, or new ones
    /// (the jumps made by `make`) when the slot holds another map's; refused when the index
    /// and `bytes` more (asked for then only) do not fit in the budget of `limits`.
    fn kept<'a, J, D: Domain<State = u32>>(
        slot: &'a mut KeptJumps<J, D>,
        map: &Arc<Map>,
        grid: &Grid,
        limits: &Limits,
        bytes: impl FnOnce() -> u64,
        make: impl FnOnce() -> J,
    ) -> Result<(Arc<J>, &'a mut JumpSearch<D>), StopReason> {
        if slot
            .as_ref()
            .is_none_or(|(kept, ..)| !Arc::ptr_eq(kept, map))
        {
            // Ranks are cells whatever the goal: one index serves every scenario of the map, a
            // node number per cell, refused before it is built when the budget cannot hold it.
            if !limits.fits(index_bytes(map) + bytes()) {
                return Err(StopReason::MemoryLimit);
            }
            let jumps = Arc::new(make());
            let index = DenseIndex::new(Arc::new(grid.clone()));
            *slot = Some((map.clone(), jumps, AStar::new(index)));
        }
        let (_, jumps, searcher) = slot.as_mut().expect("kept just now");
        Ok((jumps.clone(), searcher))
    }
}

/// Whether the start and the goal of `case` are both in the world its map is searched as (not
/// blocked, not across water's shore): else there is no path.
pub(crate) fn reachable(case: &GridCase) -> bool {
    case.map.is_passable(case.start) && case.map.is_passable(case.goal)
}

/// The bytes of a search's index of `map`'s cells: a node number per cell.
pub(crate) fn index_bytes(map: &Map) -> u64 {
    (map.cells() * size_of::<u32>()) as u64
}

/// Forgets what `slot` keeps when it is for `map`.
fn forget_for<C: Coverage>(slot: &mut KeptBounds<C>, map: &Arc<Map>) {
    if slot
        .as_ref()
        .is_some_and(|(kept, ..)| Arc::ptr_eq(kept, map))
    {
        *slot = None;
    }
}

/// JPS+'s table of `map` (see [`JumpTable::for_map`]), the line saying how it came into
/// `notes`.
fn table(map: &Arc<Map>, cache: Option<&TableCache>, notes: &mut Vec<String>) -> JumpTable {
    let (table, line) = JumpTable::for_map(map.clone(), cache);
    notes.push(line);
    table
}

/// The shortest path of `case` by jump point search over `jumps` (on `grid`), weighed and
/// expanded as `policy` says, its actions made steps by `steps`.
pub(crate) fn jump<D, W, E>(
    searcher: &mut JumpSearch<D>,
    jumps: &D,
    grid: &Grid,
    (weights, expansion): (&W, &E),
    case: &GridCase,
    limits: &Limits,
    steps: impl FnOnce(Vec<D::Action>) -> Vec<Step>,
) -> (Result<GridAnswer, StopReason>, Stats)
where
    D: Domain<State = u32, Action: Displaced> + PerfectHash,
    W: Weights<D, Cost = Octile>,
    E: Expansion<D>,
{
    let estimate = GoalOffset(grid);
    let result =
        searcher.search_expanding(jumps, &case.start, weights, &estimate, expansion, limits);
    (answer(result.outcome, steps), result.stats)
}

/// An action that moves a fixed number of columns and rows, wherever taken.
pub(crate) trait Displaced: Copy {
    /// The columns and rows it moves.
    fn displacement(self) -> (i32, i32);
}

/// The octile distance to `grid`'s goal, its memo the goal's offset moved by each action's
/// displacement: no division to find a cell's column and row but the start's.
struct GoalOffset<'a>(&'a Grid);

impl<D> IncrementalHeuristic<D, Octile> for GoalOffset<'_>
where
    D: Domain<State = u32, Action: Displaced>,
{
    /// Columns and rows from the cell to the goal.
    type Memo = (i32, i32);

    fn init(&self, _: &D, &cell: &u32) -> (i32, i32) {
        let ((x, y), (gx, gy)) = (self.0.xy(cell), self.0.xy(self.0.goal()));
        ((gx - x) as i32, (gy - y) as i32)
    }

    #[inline(always)]
    fn update(&self, _: &D, _: &u32, action: D::Action, (dx, dy): (i32, i32)) -> (i32, i32) {
        let (ax, ay) = action.displacement();
        (dx - ax, dy - ay)
    }

    #[inline(always)]
    fn value(&self, (dx, dy): (i32, i32)) -> Octile {
        Octile::distance(dx.unsigned_abs(), dy.unsigned_abs())
    }
}

/// The answer of a search's `outcome`, its actions made steps by `steps`.
pub(crate) fn answer<A>(
    outcome: Outcome<A, Octile>,
    steps: impl FnOnce(Vec<A>) -> Vec<Step>,
) -> Result<GridAnswer, StopReason> {
    match outcome {
        Outcome::Found(solution) => Ok(GridAnswer::of_steps(Some((
            steps(solution.actions),
            solution.cost,
        )))),
        Outcome::Exhausted => Ok(GridAnswer::of_steps(None)),
        Outcome::Stopped(reason) => Err(reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jps::Jump;
    use crate::leap::Leap;

    /// The line of an answer: the length to eight decimals, then each step's name.
    #[test]
    fn an_answers_line_names_its_steps() {
        let steps = vec![Step::NW, Step::N, Step::SE, Step::W, Step::NE, Step::SW];
        let length = Octile {
            straight: 2,
            diagonal: 4,
        };
        let answer = GridAnswer::of_steps(Some((steps, length)));
        assert_eq!(answer.line(), "7.65685425 NW N SE W NE SW");
        assert_eq!(GridAnswer::of_steps(None).line(), "no path");
    }

    /// The goal's offset moved by a jump's displacement gives the octile distance of the cell
    /// jumped to, for every jump that stays on an open map of 9 × 7, toward every goal.
    #[test]
    fn the_goals_offset_follows_every_jump() {
        let map = Arc::new(Map::new(9, 7, vec![b'.'; 63]).unwrap());
        for goal in 0..63 {
            let grid = Grid::new(map.clone(), Connectivity::Eight, goal);
            let leaps = LeapGrid::new(grid.clone(), Arc::new(JumpMap::new(&map)));
            let estimate = GoalOffset(&grid);
            let value =
                |memo| IncrementalHeuristic::<LeapGrid<JumpMap>, Octile>::value(&estimate, memo);
            for cell in 0..63 {
                let memo = estimate.init(&leaps, &cell);
                assert_eq!(value(memo), grid.estimate(cell));
                let (x, y) = grid.xy(cell);
                for step in Step::ALL {
                    for length in 1..9u16 {
                        let (dx, dy) = step.offset();
                        let to = (
                            x as i64 + dx * i64::from(length),
                            y as i64 + dy * i64::from(length),
                        );
                        let Some(to) = map.cell(to.0, to.1) else {
                            continue;
                        };
                        let leap = Leap {
                            diagonal: Jump { step, length },
                            straight: Jump { step, length: 0 },
                        };
                        let moved = estimate.update(&leaps, &to, leap, memo);
                        assert_eq!(value(moved), grid.estimate(to), "{leap:?} from {cell}");
                    }
                }
            }
        }
    }
}
