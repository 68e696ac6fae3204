//! A unit that walks a map while cells open and close near it, replanning incrementally: the
//! engine's D* Lite ([`DStarLite`]) over the map's cells, told after each edit which cells'
//! steps may have changed, and after each step where the unit stands.

use std::sync::Arc;

use statespace_engine::dstar_lite::{ChangingGraph, DStarLite};
use statespace_engine::{Limits, Outcome, Stats, StopReason};

use crate::domain::{Connectivity, Grid, Octile, Step};
use crate::edit::Edit;
use crate::map::Map;
use crate::solve::GridAnswer;
use crate::terrain::Terrain;

/// The cells of a grid as a graph whose steps change with the map: a step costs its length
/// times the cost of the cell it enters, as [`TerrainSteps`](crate::TerrainSteps) weighs it
/// (1 a cell on maps without costs), under the grid's rules (no cutting corners).
impl ChangingGraph for Grid {
    type Cost = Octile;

    fn vertices(&self) -> usize {
        self.map().cells()
    }

    fn successors(&self, cell: u32, out: &mut Vec<(u32, Octile)>) {
        self.steps(cell, |step, next| {
            out.push((next, Octile::of(step, self.map().cost(next))));
        });
    }

    /// The steps into `cell` are the steps out of it reversed: the rule for corners is the
    /// same both ways, and each pays `cell`'s cost.
    fn predecessors(&self, cell: u32, out: &mut Vec<(u32, Octile)>) {
        let cost = self.map().cost(cell);
        self.steps(cell, |step, before| {
            out.push((before, Octile::of(step, cost)))
        });
    }

    /// The octile distance (Manhattan on four-connected maps) times the least cost of a cell.
    fn estimate(&self, from: u32, to: u32) -> Octile {
        let ((x, y), (to_x, to_y)) = (self.map().position(from), self.map().position(to));
        let (dx, dy) = (x.abs_diff(to_x) as u32, y.abs_diff(to_y) as u32);
        let least = self.map().least_cost();
        self.connectivity().distance(dx, dy).times(least)
    }
}

impl Grid {
    /// Calls `each` with every step [`Grid::allows`] from `cell` and the cell it leads to; none
    /// from a cell that cannot be walked on.
    fn steps(&self, cell: u32, mut each: impl FnMut(Step, u32)) {
        if !self.map().is_passable(cell) {
            return;
        }
        self.each_step(cell, |step| each(step, self.neighbour(cell, step)));
    }
}

/// The next step of a path (`None` at the goal) and the whole path's length.
pub type NextStep = (Option<Step>, Octile);

/// A unit walking to a goal on a map that changes: [`edit`](Self::edit) opens or closes cells
/// as [`GridSearcher::edit`](crate::GridSearcher::edit) takes them, [`advance`](Self::advance)
/// moves the unit a step, and [`path`](Self::path) replans from where it stands, repairing only
/// what the edits since the last plan reach (D* Lite). The path is always a cheapest one on the
/// map as it is now, the one A* would find.
///
/// ```
/// use std::sync::Arc;
/// use statespace_engine::Limits;
/// use statespace_grid::{Connectivity, Edit, Map, Replanner, Step};
///
/// let map = Map::parse("type octile\nheight 3\nwidth 5\nmap\n.....\n.....\n.....\n").unwrap();
/// let (start, goal) = (5, 9); // from (0, 1) to (4, 1)
/// let mut unit = Replanner::new(&Arc::new(map), Connectivity::Eight, start, goal).unwrap();
/// let line = |unit: &mut Replanner| unit.path(&Limits::none()).0.unwrap().line();
/// assert_eq!(line(&mut unit), "4.00000000 E E E E");
/// unit.advance(Step::E).unwrap();
/// // A wall ahead, whose corners are not cut; then the whole column: no way through.
/// unit.edit(&Edit::close(2, 1)).unwrap();
/// assert_eq!(line(&mut unit), "4.41421356 N E E SE");
/// unit.edit(&Edit::close(2, 0).sized(1, 3)).unwrap();
/// assert_eq!(line(&mut unit), "no path");
/// ```
#[derive(Clone, Debug)]
pub struct Replanner {
    grid: Grid,
    planner: DStarLite<Octile>,
}

impl Replanner {
    /// A unit on `map` (walked in the world of `start`, see [`Map::seen_from`]) at `start`, to
    /// walk to `goal` as `connectivity` allows. Nothing is searched before the first
    /// [`path`](Self::path).
    ///
    /// # Errors
    /// A start or a goal off the map.
    pub fn new(
        map: &Arc<Map>,
        connectivity: Connectivity,
        start: u32,
        goal: u32,
    ) -> Result<Self, String> {
        for (name, cell) in [("start", start), ("goal", goal)] {
            if cell as usize >= map.cells() {
                return Err(format!(
                    "the {name} {cell} is off the map of {} cells",
                    map.cells()
                ));
            }
        }
        let grid = Grid::new(map.seen_from(start), connectivity, goal);
        let planner = DStarLite::new(&grid, start, goal);
        Ok(Self { grid, planner })
    }

    /// The map as it is now.
    pub fn map(&self) -> &Map {
        self.grid.map()
    }

    /// The cell the unit stands on.
    pub fn position(&self) -> u32 {
        self.planner.start()
    }

    /// The goal.
    pub fn goal(&self) -> u32 {
        self.grid.goal()
    }

    /// Opens or closes the cells of `edit` (as [`Map::apply`] does), and tells the planner
    /// which cells' steps may have changed: those within a step of the edit, and for units of
    /// K × K cells those that stand up to K − 1 cells left of or above it.
    ///
    /// # Errors
    /// An edit off the map (see [`Edit::misfit`]); the map is then unchanged.
    pub fn edit(&mut self, edit: &Edit) -> Result<(), String> {
        if let Some(misfit) = edit.misfit(self.map()) {
            return Err(misfit);
        }
        self.grid.map_mut().apply(edit);
        let ((left, top), (right, bottom)) = edit.area();
        let reach = self.map().unit();
        let (width, height) = (self.map().width(), self.map().height());
        for y in top.saturating_sub(reach)..=(bottom + 1).min(height - 1) {
            for x in left.saturating_sub(reach)..=(right + 1).min(width - 1) {
                self.planner.changed(&self.grid, (y * width + x) as u32);
            }
        }
        Ok(())
    }

    /// Moves the unit one `step`, which must be allowed from where it stands on the map as it
    /// is now.
    ///
    /// # Errors
    /// A step into a wall, off the map, across a corner that is not allowed, or from a cell that
    /// has been closed; the unit then stays.
    pub fn advance(&mut self, step: Step) -> Result<(), String> {
        let at = self.position();
        if !self.map().is_passable(at) || !self.grid.allows(at, step) {
            let (x, y) = self.map().position(at);
            return Err(format!("no step {step} from ({x}, {y})"));
        }
        self.planner
            .move_start(&self.grid, self.grid.neighbour(at, step));
        Ok(())
    }

    /// A cheapest path from where the unit stands to the goal on the map as it is now, with
    /// what the replan did ([`DStarLite::replan`]: the limits and statistics it keeps); `no
    /// path` when the edits walled the unit or the goal in.
    ///
    /// # Errors
    /// The limit that stopped the replan; the next one carries on from there.
    pub fn path(&mut self, limits: &Limits) -> (Result<GridAnswer, StopReason>, Stats) {
        self.keep_the_units_world();
        let (start, goal) = (self.position(), self.goal());
        if !self.map().is_passable(start) || !self.map().is_passable(goal) {
            return (Ok(GridAnswer::of_steps(None)), Stats::default());
        }
        let result = self.planner.replan(&self.grid, limits);
        let answer = match result.outcome {
            Outcome::Found(path) => {
                let mut at = start;
                let steps = path
                    .actions
                    .iter()
                    .map(|&next| {
                        let step = self.step_between(at, next);
                        at = next;
                        step
                    })
                    .collect();
                Ok(GridAnswer::of_steps(Some((steps, path.cost))))
            }
            Outcome::Exhausted => Ok(GridAnswer::of_steps(None)),
            Outcome::Stopped(reason) => Err(reason),
        };
        (answer, result.stats)
    }

    /// The next step of a cheapest path from where the unit stands (`None` at the goal) and
    /// the whole path's length, as [`path`](Self::path) finds them but without reading the
    /// rest of the path ([`DStarLite::replan_step`]): what a unit that takes a step and
    /// replans needs. `Ok(None)` when there is no path.
    ///
    /// # Errors
    /// The limit that stopped the replan; the next one carries on from there.
    pub fn next_step(&mut self, limits: &Limits) -> (Result<Option<NextStep>, StopReason>, Stats) {
        self.keep_the_units_world();
        let (start, goal) = (self.position(), self.goal());
        if !self.map().is_passable(start) || !self.map().is_passable(goal) {
            return (Ok(None), Stats::default());
        }
        let result = self.planner.replan_step(&self.grid, limits);
        let answer = match result.outcome {
            Outcome::Found(path) => {
                let step = path
                    .actions
                    .first()
                    .map(|&next| self.step_between(start, next));
                Ok(Some((step, path.cost)))
            }
            Outcome::Exhausted => Ok(None),
            Outcome::Stopped(reason) => Err(reason),
        };
        (answer, result.stats)
    }

    /// Plans in the world of the cell the unit stands on, as a fresh search from there would:
    /// an edit that closed that cell and opened it again made it land under a unit that walked
    /// water, and the plan then starts over on land.
    fn keep_the_units_world(&mut self) {
        let at = self.position();
        let here = self.map().terrain(at);
        if here != Terrain::Blocked && here != self.map().layer() {
            let map = Arc::new(self.map().clone()).seen_from(at);
            self.grid = Grid::new(map, self.grid.connectivity(), self.goal());
            self.planner = DStarLite::new(&self.grid, at, self.goal());
        }
    }

    /// The step from `from` to its neighbour `to`.
    fn step_between(&self, from: u32, to: u32) -> Step {
        let ((x, y), (to_x, to_y)) = (self.map().position(from), self.map().position(to));
        let offset = (to_x as i64 - x as i64, to_y as i64 - y as i64);
        Step::ALL
            .into_iter()
            .find(|step| step.offset() == offset)
            .expect("a path of neighbouring cells")
    }
}
