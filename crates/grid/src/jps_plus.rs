//! JPS+: jump point search with its jumps computed once per map (D. Harabor and A. Grastien,
//! "Improving Jump Point Search", ICAPS 2014; S. Rabin's JPS+), under Moving AI's rules.
//!
//! For every passable cell and each of the eight directions, [`JumpTable`] keeps how far a jump
//! that way goes: `k > 0` steps to the first jump point (exactly where the online jumps of
//! [`JumpMap`](crate::JumpMap) stop, the goal aside), or `-k` when a wall or the edge comes after
//! `k` steps with no jump point on the way (`0`: not a step). A search then jumps by reading one
//! number: the engine's A* expanding leaps ([`PrunedLeaps`](crate::PrunedLeaps)), jump point
//! search without the jump points in the middle of diagonals.
//!
//! The goal is the one thing a table cannot know. A straight jump stops on it when it lies on
//! the jump's line no farther than the table's distance. A diagonal jump stops where it crosses
//! the goal's row or column, when the goal lies ahead on both axes and the crossing comes no
//! later than the table's distance: from that cell, and from no earlier one of the diagonal, a
//! straight jump may reach the goal. Stopping there is exact whatever lies between: the search
//! goes on from that cell as the diagonal would have (along it, and along both its sides).
//!
//! Tables are kept in the engine's table cache (header, checksum, the map's identity): see
//! [`JumpTable::load_or_build`].

use std::sync::Arc;

use crate::domain::Step;
use crate::jps::Jump;
use crate::jump::{forced_sides, sides};
use crate::leap::{Jumps, Leap};
use crate::map::{MAX_SIDE, Map};
use crate::map_table::MapTable;

/// The bytes a table takes per cell: eight distances of two bytes.
pub const TABLE_BYTES_PER_CELL: u64 = 16;

// A jump is shorter than a map's side, so two bytes hold every distance.
const _: () = assert!(MAX_SIDE < i16::MAX as usize);

/// The eight jump distances of every cell of a map, in the order of [`Step::ALL`] (see the
/// module's notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpTable {
    map: Arc<Map>,
    /// The map's width, for a cell's index without going through the map.
    width: usize,
    distances: Vec<[i16; 8]>,
}

/// The slot of `step` in a cell's distances: its place in [`Step::ALL`].
#[inline(always)]
fn slot(step: Step) -> usize {
    match step {
        Step::N => 0,
        Step::E => 1,
        Step::S => 2,
        Step::W => 3,
        Step::NE => 4,
        Step::SE => 5,
        Step::SW => 6,
        Step::NW => 7,
    }
}

/// The columns (or rows) `0..count` in the order a sweep in direction `delta` fills them: the
/// cell ahead (at `+delta`) before the cell behind it.
fn sweep(count: usize, delta: i64) -> Box<dyn Iterator<Item = isize>> {
    let cells = 0..count as isize;
    if delta > 0 {
        Box::new(cells.rev())
    } else {
        Box::new(cells)
    }
}

/// The distance one step farther than `next`, the distance of the cell one step ahead.
fn one_more(next: i16) -> i16 {
    if next > 0 { next + 1 } else { next - 1 }
}

impl JumpTable {
    /// The table of `map`, computed by sweeping each direction against its steps: a cell's
    /// distance follows from the one of the cell ahead.
    pub fn build(map: Arc<Map>) -> Self {
        let (width, height) = (map.width(), map.height());
        let mut table = Self {
            distances: vec![[0; 8]; width * height],
            width,
            map,
        };
        // Straight directions first (as `Step::ALL` lists them): a diagonal stops where a
        // straight jump finds a jump point.
        for step in Step::ALL {
            let (dx, dy) = step.offset();
            for y in sweep(height, dy) {
                for x in sweep(width, dx) {
                    table.refill((x, y), step);
                }
            }
        }
        table
    }

    /// Recomputes the distance `step` from `(x, y)` (0 on a wall), those of the cell ahead
    /// known; whether it changed.
    #[inline]
    fn refill(&mut self, (x, y): (isize, isize), step: Step) -> bool {
        let distance = if self.open(x, y) {
            self.distance_from((x, y), step)
        } else {
            0
        };
        let at = self.index((x, y));
        let kept = &mut self.distances[at][slot(step)];
        let changed = *kept != distance;
        *kept = distance;
        changed
    }

    /// The table of `map`, this table's map with the cells from `first` to `last` (columns and
    /// rows, a rectangle) edited, repaired where the edit can reach: the straight distances of
    /// the rows and columns through the rectangle and beside it (a straight jump reads the cells
    /// beside its line), then the diagonal distances of its cells and their neighbours, and of
    /// the cells behind any distance that changed, diagonal after diagonal until a distance
    /// stays as it was. Equal to the table built afresh; returns how many distances were
    /// recomputed.
    pub fn repair(
        &mut self,
        map: Arc<Map>,
        (first, last): ((usize, usize), (usize, usize)),
    ) -> usize {
        assert_eq!(
            (map.width(), map.cells()),
            (self.width, self.distances.len())
        );
        self.map = map;
        let (width, height) = (self.width as isize, self.map.height() as isize);
        // The rectangle and its neighbours, on the map.
        let (left, top) = ((first.0 as isize - 1).max(0), (first.1 as isize - 1).max(0));
        let (right, bottom) = (
            (last.0 as isize + 1).min(width - 1),
            (last.1 as isize + 1).min(height - 1),
        );
        let mut recomputed = 0;
        let mut changed = Vec::new();
        for step in [Step::E, Step::W, Step::N, Step::S] {
            let (dx, dy) = step.offset();
            let cells: Vec<(isize, isize)> = if dy == 0 {
                (top..=bottom)
                    .flat_map(|y| sweep(width as usize, dx).map(move |x| (x, y)))
                    .collect()
            } else {
                (left..=right)
                    .flat_map(|x| sweep(height as usize, dy).map(move |y| (x, y)))
                    .collect()
            };
            recomputed += cells.len();
            for at in cells {
                if self.refill(at, step) {
                    changed.push((at, step));
                }
            }
        }
        let on_map = |(x, y): (isize, isize)| (0..width).contains(&x) && (0..height).contains(&y);
        for step in [Step::NE, Step::SE, Step::SW, Step::NW] {
            let (dx, dy) = step.offset();
            let (dx, dy) = (dx as isize, dy as isize);
            let (along_x, along_y) = sides(step);
            // Rows in the order a sweep fills them, the cell ahead before the one behind it.
            let order = |y: isize| if dy > 0 { height - 1 - y } else { y };
            let mut pending = std::collections::BTreeSet::new();
            for y in top..=bottom {
                for x in left..=right {
                    pending.insert((order(y), x));
                }
            }
            for &((x, y), side) in &changed {
                let behind = (x - dx, y - dy);
                if (side == along_x || side == along_y) && on_map(behind) {
                    pending.insert((order(behind.1), behind.0));
                }
            }
            while let Some((row, x)) = pending.pop_first() {
                let y = if dy > 0 { height - 1 - row } else { row };
                recomputed += 1;
                let behind = (x - dx, y - dy);
                if self.refill((x, y), step) && on_map(behind) {
                    pending.insert((order(behind.1), behind.0));
                }
            }
        }
        recomputed
    }

    /// The distance `step` from the passable cell `(x, y)`, those of the cell ahead known.
    fn distance_from(&self, (x, y): (isize, isize), step: Step) -> i16 {
        let (dx, dy) = step.offset();
        let (dx, dy) = (dx as isize, dy as isize);
        let ahead = (x + dx, y + dy);
        let allowed = self.open(ahead.0, ahead.1)
            && (!step.is_diagonal() || (self.open(ahead.0, y) && self.open(x, ahead.1)));
        if !allowed {
            return 0;
        }
        let at_ahead = &self.distances[self.index(ahead)];
        let stops = if step.is_diagonal() {
            let (along_x, along_y) = sides(step);
            at_ahead[slot(along_x)] > 0 || at_ahead[slot(along_y)] > 0
        } else {
            self.forced_turn(ahead, step)
        };
        if stops {
            1
        } else {
            one_more(at_ahead[slot(step)])
        }
    }

    /// Whether a path walking `step` (a side step) into `at` may have to turn there: a side
    /// neighbour of `at` is passable while the one behind it is not (no cutting corners).
    fn forced_turn(&self, at: (isize, isize), step: Step) -> bool {
        forced_sides(at, step, |x, y| self.open(x, y))
            .next()
            .is_some()
    }

    #[inline(always)]
    fn index(&self, (x, y): (isize, isize)) -> usize {
        y as usize * self.width + x as usize
    }

    /// The index of the cell `(x, y)`, as goal bounding's boxes are kept.
    pub(crate) fn cell_index(&self, at: (isize, isize)) -> usize {
        self.index(at)
    }

    /// Whether each cell (by index) is a jump point: a cell where some jump of the table
    /// stops (a straight jump where a wall may force a turn, a diagonal one where a side's
    /// jump finds a jump point). Besides the start, the goal and where a diagonal crosses the
    /// goal's row or column, these are the only cells JPS+ leaves by a jump.
    pub fn jump_points(&self) -> Vec<bool> {
        let deltas = Step::ALL.map(|step| {
            let (dx, dy) = step.offset();
            dy as isize * self.width as isize + dx as isize
        });
        let mut stops = vec![false; self.distances.len()];
        for (cell, distances) in self.distances.iter().enumerate() {
            for (&distance, &delta) in distances.iter().zip(&deltas) {
                if distance > 0 {
                    stops[cell.wrapping_add_signed(delta * isize::from(distance))] = true;
                }
            }
        }
        stops
    }
}

impl MapTable for JumpTable {
    const NAME: &'static str = "jps+";
    const PATTERN: &'static str = "jps+ jump distances: 8 per cell, i16 little-endian";
    const PREFIX: &'static str = "grid-jps+-";

    fn bytes(map: &Arc<Map>) -> u64 {
        map.cells() as u64 * TABLE_BYTES_PER_CELL
    }

    fn compute(map: Arc<Map>) -> Self {
        Self::build(map)
    }

    fn to_bytes(&self) -> Vec<u8> {
        let distances = self.distances.iter().flatten();
        distances
            .flat_map(|distance| distance.to_le_bytes())
            .collect()
    }

    fn from_bytes(map: Arc<Map>, bytes: &[u8]) -> Option<Self> {
        if bytes.len() as u64 != Self::bytes(&map) {
            return None;
        }
        let distances = bytes
            .chunks_exact(TABLE_BYTES_PER_CELL as usize)
            .map(|cell| {
                std::array::from_fn(|at| i16::from_le_bytes([cell[2 * at], cell[2 * at + 1]]))
            })
            .collect();
        Some(Self {
            width: map.width(),
            map,
            distances,
        })
    }
}

/// How many steps `step` from `at` the goal is along each axis (negative: behind).
#[inline(always)]
fn ahead((x, y): (isize, isize), step: Step, goal: (isize, isize)) -> (isize, isize) {
    let (dx, dy) = step.offset();
    ((goal.0 - x) * dx as isize, (goal.1 - y) * dy as isize)
}

impl JumpTable {
    /// The jump `step` from `at`: `to_goal` steps when that is positive and no farther than the
    /// table's distance (the goal, or where a jump toward it starts), else to the table's jump
    /// point, if there is one.
    #[inline(always)]
    fn read(&self, at: (isize, isize), step: Step, to_goal: isize) -> Option<u32> {
        let distance = self.distances[self.index(at)][slot(step)];
        if to_goal > 0 && to_goal <= isize::from(distance).abs() {
            return Some(to_goal as u32);
        }
        (distance > 0).then_some(distance as u32)
    }
}

/// Which jumps a search may take: whether the first step `slot` (a [`Step::ALL`] place) from
/// the cell of index `cell` may begin a shortest path to the goal (goal bounding's test, see
/// [`GoalBounds`](crate::GoalBounds)); JPS+ alone allows every one.
pub(crate) trait Allowed: Copy {
    /// Whether the jumps from `cell` whose first step is the `slot`th are taken.
    fn allows(self, cell: usize, slot: usize) -> bool;
}

/// Every jump taken: JPS+ without bounds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Every;

impl Allowed for Every {
    #[inline(always)]
    fn allows(self, _: usize, _: usize) -> bool {
        true
    }
}

impl Jumps for JumpTable {
    #[inline(always)]
    fn open(&self, x: isize, y: isize) -> bool {
        self.map.is_open(x, y)
    }

    #[inline]
    fn jump_straight(&self, at: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32> {
        self.straight_within(at, step, goal, Every)
    }

    #[inline]
    fn jump_diagonal(&self, at: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32> {
        let (ahead_x, ahead_y) = ahead(at, step, goal);
        self.read(at, step, ahead_x.min(ahead_y))
    }

    fn leap_diagonal(
        &self,
        at: (isize, isize),
        step: Step,
        goal: (isize, isize),
        out: &mut Vec<Leap>,
    ) {
        self.leap_within(at, step, goal, out, Every);
    }
}

impl JumpTable {
    /// [`Jumps::jump_straight`], none when `allowed` does not allow its first step.
    #[inline(always)]
    pub(crate) fn straight_within(
        &self,
        at: (isize, isize),
        step: Step,
        goal: (isize, isize),
        allowed: impl Allowed,
    ) -> Option<u32> {
        if !allowed.allows(self.index(at), slot(step)) {
            return None;
        }
        let (ahead_x, ahead_y) = ahead(at, step, goal);
        // One of the two is 0 (the axis the step does not move on): on the line, the other.
        let on_line = if step.offset().0 == 0 {
            goal.0 == at.0
        } else {
            goal.1 == at.1
        };
        self.read(at, step, if on_line { ahead_x + ahead_y } else { 0 })
    }

    /// [`Jumps::leap_diagonal`], taking only what `allowed` allows: the diagonal from `at`,
    /// each side's jump from a cell it stops at, and the diagonal on from that cell.
    ///
    /// Walks the diagonal by cell index, a table read a stop and one per side. The goal can
    /// matter at one cell only: where the diagonal first crosses the goal's row or column, when
    /// the goal lies ahead on both axes (a straight jump along a side reaches the goal's line
    /// there and nowhere else ahead; the goal itself when both crossings coincide). Everywhere
    /// else a side's jump is its table distance, when positive.
    #[inline(always)]
    pub(crate) fn leap_within(
        &self,
        at: (isize, isize),
        step: Step,
        goal: (isize, isize),
        out: &mut Vec<Leap>,
        allowed: impl Allowed,
    ) {
        let (dx, dy) = step.offset();
        let (dx, dy) = (dx as isize, dy as isize);
        let (along_x, along_y) = sides(step);
        let (diagonal_slot, x_slot, y_slot) = (slot(step), slot(along_x), slot(along_y));
        let delta = dy * self.width as isize + dx;
        let (ahead_x, ahead_y) = ahead(at, step, goal);
        // 0: the walk never meets the goal's lines ahead of both.
        let crossing = if ahead_x > 0 && ahead_y > 0 {
            ahead_x.min(ahead_y)
        } else {
            0
        };
        let (mut index, mut run) = (self.index(at), 0);
        while allowed.allows(index, diagonal_slot) {
            let distance = isize::from(self.distances[index][diagonal_slot]);
            let to_crossing = crossing - run;
            let length = if to_crossing > 0 && to_crossing <= distance.abs() {
                to_crossing
            } else if distance > 0 {
                distance
            } else {
                return;
            };
            run += length;
            index = index.wrapping_add_signed(delta * length);
            let diagonal = Jump {
                step,
                length: run as u16,
            };
            if run == crossing {
                if ahead_x == ahead_y {
                    let straight = Jump { step, length: 0 };
                    out.push(Leap { diagonal, straight });
                    return;
                }
                let here = (at.0 + dx * run, at.1 + dy * run);
                for side in [along_x, along_y] {
                    if let Some(length) = self.straight_within(here, side, goal, allowed) {
                        let length = length as u16;
                        let straight = Jump { step: side, length };
                        out.push(Leap { diagonal, straight });
                    }
                }
                continue;
            }
            let sides = &self.distances[index];
            for (side, side_slot) in [(along_x, x_slot), (along_y, y_slot)] {
                let length = sides[side_slot];
                if length > 0 && allowed.allows(index, side_slot) {
                    let straight = Jump {
                        step: side,
                        length: length as u16,
                    };
                    out.push(Leap { diagonal, straight });
                }
            }
        }
    }
}
