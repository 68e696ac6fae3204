//! Jump point search: D. Harabor and A. Grastien, "Online Graph Pruning for Pathfinding on Grid
//! Maps" (AAAI 2011), with the block-based jumps and the pruning of intermediate jump points of
//! "Improving Jump Point Search" (ICAPS 2014; Warthog's `jps2`), under Moving AI's rules
//! (eight-connected, no cutting corners, diagonals √2).
//!
//! It is the engine's A* with the expansion policy of leaps ([`PrunedLeaps`](crate::PrunedLeaps),
//! an [`Expansion`](statespace_engine::astar::Expansion)) over the online jumps of
//! [`JumpMap`](crate::JumpMap), scanned 56 cells a read: a state is a cell, an action a
//! [`Leap`](crate::Leap) (a run across corners then a run along a side, each a [`Jump`]), and
//! from a cell only the directions a cheapest path may take next are tried, each jumping as far
//! as the first cell where a path may have to turn. Paths found are as short as A*'s; their
//! cells are the steps of the jumps, every turn included.
//!
//! Without cutting corners (Harabor and Grastien's 2014 rules), a path turns only where a wall
//! forces it: a cell reached by a jump along a side continues that way, and turns to a side
//! (straight, or across the corner ahead) only when the cell on that side is passable and the
//! one behind it blocked; a cell reached across a corner continues across it or along either of
//! its two sides. A diagonal is walked until blocked, and each jump along a side from one of its
//! cells that finds a jump point (or the goal) is a leap of its own: the cells of the diagonal
//! are never nodes (on arena2, 51,668 expansions for 910 scenarios instead of 76,992).

use crate::domain::Step;
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
