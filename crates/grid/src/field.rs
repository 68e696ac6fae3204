//! A distance field for crowds: one backward Dijkstra from a goal over the whole map, keeping
//! each cell's exact distance to the goal and its first step on a shortest path, so that any
//! number of units walk toward the goal by a lookup a step (the flow fields games use).
//!
//! The rules are the map's: eight-connected (or four), no cutting corners, a step costing its
//! length times the cost of the cell it enters. Allowed steps are symmetric, so the field's
//! search walks them backward from the goal, paying for each the cost of the cell it leaves
//! toward the goal.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use statespace_engine::{Domain, Limits, Meter, StopReason, doubling};

use crate::domain::{Connectivity, Grid, Octile, Step};
use crate::map::Map;

/// A cell the goal cannot be reached from.
const UNREACHED: Octile = Octile {
    straight: u32::MAX,
    diagonal: u32::MAX,
};

/// An entry of the open list: a distance and its cell.
type Entry = Reverse<(Octile, u32)>;

/// No step: the goal itself, or a cell the goal cannot be reached from.
const NO_STEP: u8 = u8::MAX;

/// Each cell's distance to one goal and first step toward it.
///
/// ```
/// use std::sync::Arc;
/// use statespace_engine::Limits;
/// use statespace_grid::{Connectivity, DistanceField, Map, Step};
///
/// let map = Arc::new(Map::parse("type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n").unwrap());
/// let goal = map.cell(3, 2).unwrap();
/// let field = DistanceField::build(&map, Connectivity::Eight, goal, &Limits::none()).unwrap();
/// // Every unit looks up its next step; the wall costs the top-left one a corner.
/// let start = map.cell(0, 0).unwrap();
/// assert_eq!(field.next_step(start), Some(Step::E));
/// let (steps, length) = field.path(start).unwrap();
/// assert_eq!(steps.len(), 4);
/// assert!((length.length() - (3.0 + 2f64.sqrt())).abs() < 1e-12);
/// assert_eq!(field.next_step(goal), None);
/// ```
#[derive(Clone, Debug)]
pub struct DistanceField {
    grid: Grid,
    /// Each cell's exact distance to the goal; [`UNREACHED`] when it has none.
    distance: Vec<Octile>,
    /// Each cell's first step toward the goal, as its index in [`Step::ALL`]; [`NO_STEP`] at
    /// the goal and where it cannot be reached.
    next: Vec<u8>,
}

impl DistanceField {
    /// The bytes a field of `map` needs to be built: a distance (8 bytes) and a step (1 byte) a
    /// cell, and room in the open list for an entry a cell (12 bytes). Should the open list
    /// grow past that, its growth is counted against the budget too.
    pub fn bytes(map: &Map) -> u64 {
        map.cells() as u64 * Self::bytes_per_cell()
    }

    /// The field toward `goal` on `map`, walked as `connectivity` allows: one Dijkstra over
    /// every cell the goal can be reached from (the goal's world, land or water).
    ///
    /// # Errors
    /// A line with the figures when the field cannot fit in the memory budget of `limits`; a
    /// line naming the reason when the search is stopped by a limit.
    pub fn build(
        map: &Arc<Map>,
        connectivity: Connectivity,
        goal: u32,
        limits: &Limits,
    ) -> Result<Self, String> {
        if goal as usize >= map.cells() {
            return Err(format!(
                "the goal {goal} is off a map of {} cells",
                map.cells()
            ));
        }
        let bytes = Self::bytes(map);
        if !limits.fits(bytes) {
            return Err(format!(
                "a distance field of {} x {} cells needs {bytes} bytes ({} a cell), over the \
                 memory budget of {} bytes",
                map.width(),
                map.height(),
                Self::bytes_per_cell(),
                limits.max_memory.unwrap_or(0)
            ));
        }
        let world = map.seen_from(goal);
        let grid = Grid::new(world, connectivity, goal);
        let mut field = Self {
            distance: vec![UNREACHED; map.cells()],
            next: vec![NO_STEP; map.cells()],
            grid,
        };
        field
            .settle(limits)
            .map_err(|reason| format!("the distance field was stopped: {reason}"))?;
        Ok(field)
    }

    /// What a cell costs in [`DistanceField::bytes`].
    fn bytes_per_cell() -> u64 {
        (size_of::<Octile>() + 1 + size_of::<Entry>()) as u64
    }

    /// Dijkstra backward from the goal, each cell settled once.
    fn settle(&mut self, limits: &Limits) -> Result<(), StopReason> {
        let goal = self.grid.goal();
        if !self.grid.map().is_passable(goal) {
            return Ok(());
        }
        let mut meter = Meter::new(limits);
        let cells = self.distance.len();
        let mut open: BinaryHeap<Entry> = BinaryHeap::with_capacity(cells);
        let field_bytes = (cells * (size_of::<Octile>() + 1)) as u64;
        let mut steps = Vec::with_capacity(8);
        self.distance[goal as usize] = Octile::default();
        open.push(Reverse((Octile::default(), goal)));
        let mut expanded = 0;
        while let Some(Reverse((distance, cell))) = open.pop() {
            if distance > self.distance[cell as usize] {
                continue; // settled already, shorter
            }
            meter.before_expansion(expanded)?;
            expanded += 1;
            // A step from a neighbour into `cell` costs its length times `cell`'s cost.
            let cost = self.grid.map().cost(cell);
            steps.clear();
            self.grid.actions(&cell, &mut steps);
            for &out in &steps {
                let from = self.grid.neighbour(cell, out);
                let through = distance + Octile::of(out, 1).times(cost);
                if through < self.distance[from as usize] {
                    self.distance[from as usize] = through;
                    self.next[from as usize] = step_index(out.opposite());
                    if open.len() == open.capacity() {
                        let held = (open.capacity() * size_of::<Entry>()) as u64;
                        meter.holds(field_bytes + doubling(held, held))?;
                    }
                    open.push(Reverse((through, from)));
                }
            }
        }
        Ok(())
    }

    /// The goal cell.
    pub fn goal(&self) -> u32 {
        self.grid.goal()
    }

    /// The exact length of a shortest path from `cell` to the goal; `None` when there is none
    /// (or `cell` is off the map).
    pub fn distance(&self, cell: u32) -> Option<Octile> {
        self.distance
            .get(cell as usize)
            .copied()
            .filter(|&distance| distance != UNREACHED)
    }

    /// The first step of a shortest path from `cell` to the goal: a lookup. `None` at the
    /// goal, and where the goal cannot be reached.
    #[inline]
    pub fn next_step(&self, cell: u32) -> Option<Step> {
        match self.next.get(cell as usize) {
            Some(&index) if index != NO_STEP => Some(Step::ALL[usize::from(index)]),
            _ => None,
        }
    }

    /// The cell `step` leads to from `cell`.
    #[inline]
    pub fn neighbour(&self, cell: u32, step: Step) -> u32 {
        self.grid.neighbour(cell, step)
    }

    /// A shortest path from `cell` to the goal, walked by [`DistanceField::next_step`], and its
    /// length; `None` when there is none.
    pub fn path(&self, mut cell: u32) -> Option<(Vec<Step>, Octile)> {
        let length = self.distance(cell)?;
        let mut steps = Vec::new();
        while let Some(step) = self.next_step(cell) {
            steps.push(step);
            cell = self.grid.neighbour(cell, step);
        }
        Some((steps, length))
    }
}

/// The index of `step` in [`Step::ALL`].
fn step_index(step: Step) -> u8 {
    Step::ALL
        .iter()
        .position(|&other| other == step)
        .expect("every step is in ALL") as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_that_does_not_fit_is_refused_with_the_figure() {
        let map = Arc::new(Map::new(100, 50, vec![b'.'; 5000]).unwrap());
        let limits = Limits::none().max_memory(100_000);
        let error = DistanceField::build(&map, Connectivity::Eight, 0, &limits).unwrap_err();
        assert_eq!(
            error,
            "a distance field of 100 x 50 cells needs 105000 bytes (21 a cell), over the memory \
             budget of 100000 bytes"
        );
        let limits = Limits::none().max_memory(105_000);
        assert!(DistanceField::build(&map, Connectivity::Eight, 0, &limits).is_ok());
    }

    #[test]
    fn a_field_honours_the_node_limit() {
        let map = Arc::new(Map::new(10, 10, vec![b'.'; 100]).unwrap());
        let limits = Limits::none().max_expanded(5);
        let error = DistanceField::build(&map, Connectivity::Eight, 0, &limits).unwrap_err();
        assert_eq!(error, "the distance field was stopped: node limit reached");
    }

    #[test]
    fn water_and_walls_have_no_step() {
        // Land, a wall, water: a goal on land reaches no water cell, and the reverse.
        let map = Arc::new(Map::parse("type octile\nheight 1\nwidth 5\nmap\n..@WW\n").unwrap());
        let field = DistanceField::build(&map, Connectivity::Eight, 0, &Limits::none()).unwrap();
        let steps: Vec<_> = (0..5).map(|cell| field.next_step(cell)).collect();
        assert_eq!(steps, [None, Some(Step::W), None, None, None]);
        let water = DistanceField::build(&map, Connectivity::Eight, 4, &Limits::none()).unwrap();
        let distances: Vec<_> = (0..5)
            .map(|cell| water.distance(cell).map(Octile::length))
            .collect();
        assert_eq!(distances, [None, None, None, Some(1.0), Some(0.0)]);
    }
}
