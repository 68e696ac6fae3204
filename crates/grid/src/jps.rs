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

use std::sync::Arc;

use statespace_engine::astar::Expansion;
use statespace_engine::{Domain, PerfectHash, Weights};

use crate::domain::{Grid, Octile, Step};
use crate::jump::{JumpMap, next_steps};
use crate::map::Map;
use crate::solve::Displaced;

/// A jump: `length` steps of `step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Jump {
    /// The direction.
    pub step: Step,
    /// The number of steps: less than a map's side ([`MAX_SIDE`](crate::MAX_SIDE)), in two
    /// bytes so that a leap (two jumps) fits in eight with the open list's entries.
    pub length: u16,
}

// Two bytes hold a jump's length.
const _: () = assert!(crate::map::MAX_SIDE <= u16::MAX as usize);

impl Displaced for Jump {
    #[inline(always)]
    fn displacement(self) -> (i32, i32) {
        let (dx, dy) = self.step.offset();
        let length = i32::from(self.length);
        (dx as i32 * length, dy as i32 * length)
    }
}

/// The steps of `jumps`, one after the other.
pub fn jump_steps(jumps: &[Jump]) -> Vec<Step> {
    steps_of(jumps.iter().copied())
}

/// The steps of `jumps`, one after the other, in one vector of the right size.
pub(crate) fn steps_of(jumps: impl Iterator<Item = Jump> + Clone) -> Vec<Step> {
    let count = jumps.clone().map(|jump| jump.length as usize).sum();
    let mut steps = Vec::with_capacity(count);
    for jump in jumps {
        steps.extend(std::iter::repeat_n(jump.step, jump.length as usize));
    }
    steps
}

/// The cell `jump` leads to from `cell` on `map`, by index (no division to find its column and
/// row): the jumps found stay on the map.
#[inline(always)]
pub(crate) fn jumped(map: &Map, cell: u32, jump: Jump) -> u32 {
    let (dx, dy) = jump.step.offset();
    let delta = dy * map.width() as i64 + dx;
    let to = i64::from(cell) + delta * i64::from(jump.length);
    debug_assert!(
        (0..map.cells() as i64).contains(&to),
        "a jump stays on the map"
    );
    to as u32
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

    /// Appends the jump `step` from `cell`, if it finds a jump point.
    #[inline]
    fn push_jump(&self, cell: (isize, isize), step: Step, out: &mut Vec<Jump>) {
        let length = if step.is_diagonal() {
            self.bits.jump_diagonal(cell, step, self.goal)
        } else {
            self.bits.jump_straight(cell, step, self.goal)
        };
        if let Some(length) = length {
            let length = length as u16;
            out.push(Jump { step, length });
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
        *cell = jumped(self.grid.map(), *cell, jump);
    }

    fn invert(&self, jump: Jump) -> Option<Jump> {
        Some(Jump {
            step: jump.step.opposite(),
            length: jump.length,
        })
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
        Octile::of(jump.step, jump.length.into())
    }
}

/// Jump point search's expansion: from a cell reached by a jump, the jumps a cheapest path may
/// take next (see the module's notes).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrunedJumps;

impl Expansion<JumpGrid> for PrunedJumps {
    fn successors(&self, grid: &JumpGrid, cell: &u32, by: Option<Jump>, out: &mut Vec<Jump>) {
        let Some(Jump { step, .. }) = by else {
            return grid.actions(cell, out);
        };
        let at = grid.grid.xy(*cell);
        let open = |x, y| grid.bits.open(x, y);
        next_steps(at, step, open, |next| grid.push_jump(at, next, out));
    }
}
