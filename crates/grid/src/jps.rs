//! Jump point search: D. Harabor and A. Grastien, "Online Graph Pruning for Pathfinding on Grid
//! Maps" (AAAI 2011), with the block-based jumps of "Improving Jump Point Search" (ICAPS 2014),
//! under Moving AI's rules (eight-connected, no cutting corners, diagonals √2).
//!
//! It is the engine's A* with another expansion policy ([`PrunedJumps`], an
//! [`Expansion`]): a state is a cell, an action a [`Jump`] (a number of steps in one direction),
//! and from a cell reached by a jump only the directions a cheapest path may take next are
//! tried, each jumping as far as the first cell where a path may have to turn ([`JumpMap`]).
//! Paths found are as short as A*'s; their cells are the steps of the jumps.
//!
//! Without cutting corners (Harabor and Grastien's 2014 rules), a path turns only where a wall
//! forces it: a cell reached by a jump along a side continues that way, and turns to a side
//! (straight, or across the corner ahead) only when the cell on that side is passable and the
//! one behind it blocked; a cell reached across a corner continues across it or along either of
//! its two sides. A diagonal jump stops at a cell from which a jump along either side finds a
//! jump point (or the goal).
//!
//! As Warthog's `jps2` does (Harabor and Grastien 2014), the cells where a diagonal jump would
//! stop are not made nodes: the diagonal jump goes on until blocked, and each jump along a side
//! from one of its cells that finds a jump point (or the goal) is a successor of its own, a
//! [`Jump`] of two legs. Fewer nodes are expanded (on arena2, 51,563 instead of 76,992 for 910
//! scenarios in Warthog's count), at the same lengths: those cells would have been expanded
//! with the same g, trying the same jumps.

use std::sync::Arc;

use statespace_engine::astar::Expansion;
use statespace_engine::{Domain, PerfectHash, Weights};

use crate::domain::{Grid, Octile, Step};
use crate::jump::{JumpMap, sides};

/// A jump: `length` steps of `step`, then `turn_length` steps of `turn` (a diagonal jump
/// continued along a side; `turn_length` 0 for a jump of one leg).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The direction.
    pub step: Step,
    /// The number of steps.
    pub length: u32,
    /// The direction of the second leg.
    pub turn: Step,
    /// The number of steps of the second leg.
    pub turn_length: u32,
}

impl Jump {
    /// `length` steps of `step`.
    pub fn straight(step: Step, length: u32) -> Self {
        Self {
            step,
            length,
            turn: step,
            turn_length: 0,
        }
    }

    /// The direction of the last leg: how the jump arrives.
    pub fn arriving(self) -> Step {
        if self.turn_length > 0 {
            self.turn
        } else {
            self.step
        }
    }

    /// The legs, as (direction, steps).
    fn legs(self) -> [(Step, u32); 2] {
        [(self.step, self.length), (self.turn, self.turn_length)]
    }
}

/// The steps of `jumps`, one after the other.
pub fn jump_steps(jumps: &[Jump]) -> Vec<Step> {
    jumps
        .iter()
        .flat_map(|jump| jump.legs())
        .flat_map(|(step, length)| std::iter::repeat_n(step, length as usize))
        .collect()
}

/// Jumping on a map from cell to cell, to one goal cell, eight-connected.
#[derive(Clone, Debug)]
pub struct JumpGrid {
    grid: Grid,
    bits: Arc<JumpMap>,
    goal: (isize, isize),
}

impl JumpGrid {
    /// Jumps on `grid`'s map (whose bits are `bits`) to its goal.
    pub fn new(grid: Grid, bits: Arc<JumpMap>) -> Self {
        let goal = grid.xy(grid.goal());
        Self { grid, bits, goal }
    }

    /// The octile distance from `cell` to the goal.
    pub fn estimate(&self, cell: u32) -> Octile {
        self.grid.estimate(cell)
    }

    /// Appends the jumps `step` from `cell` that find a jump point: along a side, one; across
    /// a corner, the goal if the diagonal meets it, and each jump along a side from its cells
    /// that finds one, as a jump of two legs.
    #[inline]
    fn push_jump(&self, cell: (isize, isize), step: Step, out: &mut Vec<Jump>) {
        if !step.is_diagonal() {
            out.extend(
                self.bits
                    .jump_straight(cell, step, self.goal)
                    .map(|length| Jump::straight(step, length)),
            );
            return;
        }
        let (along_x, along_y) = sides(step);
        let (dx, dy) = step.offset();
        let (dx, dy) = (dx as isize, dy as isize);
        let (mut x, mut y) = cell;
        let mut length = 0;
        while self.bits.allows((x, y), (dx, dy)) {
            (x, y, length) = (x + dx, y + dy, length + 1);
            if (x, y) == self.goal {
                out.push(Jump::straight(step, length));
                return;
            }
            for turn in [along_x, along_y] {
                if let Some(turn_length) = self.bits.jump_straight((x, y), turn, self.goal) {
                    out.push(Jump {
                        step,
                        length,
                        turn,
                        turn_length,
                    });
                }
            }
        }
    }
}

impl Domain for JumpGrid {
    type State = u32;
    type Action = Jump;

    /// Every jump from `cell`, pruning nothing: the start's.
    fn actions(&self, &cell: &u32, out: &mut Vec<Jump>) {
        let at = self.grid.xy(cell);
        for step in Step::ALL {
            self.push_jump(at, step, out);
        }
    }

    fn apply(&self, cell: &mut u32, jump: Jump) {
        let (x, y) = self.grid.xy(*cell);
        let to = jump.legs().iter().fold((x, y), |(x, y), &(step, length)| {
            let (dx, dy) = step.offset();
            let length = length as isize;
            (x + dx as isize * length, y + dy as isize * length)
        });
        *cell = self
            .grid
            .map()
            .cell(to.0 as i64, to.1 as i64)
            .expect("a jump stays on the map");
    }

    /// A jump of one leg, back; none for two legs (no jump offered turns from a side to a
    /// corner).
    fn invert(&self, jump: Jump) -> Option<Jump> {
        (jump.turn_length == 0).then(|| Jump::straight(jump.step.opposite(), jump.length))
    }

    fn is_goal(&self, &cell: &u32) -> bool {
        cell == self.grid.goal()
    }
}

impl PerfectHash for JumpGrid {
    fn size(&self) -> u64 {
        self.grid.size()
    }
    fn rank(&self, &cell: &u32) -> u64 {
        u64::from(cell)
    }
    fn unrank(&self, rank: u64) -> u32 {
        rank as u32
    }
}

/// The octile length of a jump: its steps, each 1 along a side or √2 across a corner.
#[derive(Clone, Copy, Debug, Default)]
pub struct JumpLengths;

impl Weights<JumpGrid> for JumpLengths {
    type Cost = Octile;
    fn weight(&self, _: &JumpGrid, _: &u32, jump: Jump) -> Octile {
        Octile::of(jump.step, jump.length) + Octile::of(jump.turn, jump.turn_length)
    }
}

/// Jump point search's expansion: from a cell reached by a jump, the jumps a cheapest path may
/// take next (see the module's notes).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrunedJumps;

impl Expansion<JumpGrid> for PrunedJumps {
    fn successors(&self, grid: &JumpGrid, cell: &u32, by: Option<Jump>, out: &mut Vec<Jump>) {
        let Some(step) = by.map(Jump::arriving) else {
            return grid.actions(cell, out);
        };
        let at = grid.grid.xy(*cell);
        let (along_x, along_y) = sides(step);
        if step.is_diagonal() {
            for next in [along_x, along_y, step] {
                grid.push_jump(at, next, out);
            }
            return;
        }
        grid.push_jump(at, step, out);
        let (dx, dy) = step.offset();
        let behind = (at.0 - dx as isize, at.1 - dy as isize);
        for side in perpendiculars(step) {
            let (sx, sy) = side.offset();
            let (sx, sy) = (sx as isize, sy as isize);
            if grid.bits.open(at.0 + sx, at.1 + sy) && !grid.bits.open(behind.0 + sx, behind.1 + sy)
            {
                grid.push_jump(at, side, out);
                grid.push_jump(at, corner(step, side), out);
            }
        }
    }
}

/// The two side steps at right angles to `step`, a side step.
fn perpendiculars(step: Step) -> [Step; 2] {
    match step {
        Step::N | Step::S => [Step::E, Step::W],
        _ => [Step::N, Step::S],
    }
}

/// The diagonal step made of the side steps `a` and `b`.
fn corner(a: Step, b: Step) -> Step {
    let ((ax, ay), (bx, by)) = (a.offset(), b.offset());
    let offset = (ax + bx, ay + by);
    Step::ALL
        .into_iter()
        .find(|step| step.offset() == offset)
        .expect("two perpendicular side steps make a diagonal")
}
