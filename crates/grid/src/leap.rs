//! Jump point search without intermediate jump points on diagonals (D. Harabor and
//! A. Grastien, "Improving Jump Point Search", ICAPS 2014): the jumps of JPS+ taken as
//! *leaps*, a diagonal run then a straight one.
//!
//! A diagonal jump of the 2011 rules stops at every cell from which a straight jump finds a
//! jump point, and that cell is expanded only to go on along the diagonal and its two sides.
//! Here one expansion walks the whole diagonal instead (by table lookups for JPS+, by online
//! scans for jump point search) and offers, from each such cell, the straight jumps
//! themselves: a leap from the cell expanded to their jump points. The cells on the diagonal
//! never enter the open list; the paths and their lengths are those of jump point search, with
//! fewer expansions.

use std::sync::Arc;

use std::fmt;

use statespace_engine::astar::Expansion;
use statespace_engine::{Domain, PerfectHash, Weights};

use crate::domain::{Grid, Octile, Step};
use crate::jps::{Jump, jumped, steps_of};
use crate::jump::next_steps;
use crate::solve::Displaced;

/// Where jumps stop on a map: read off distances computed once per map
/// ([`JumpTable`](crate::JumpTable), JPS+); the online jumps of [`JumpMap`](crate::JumpMap)
/// answer the same questions.
pub trait Jumps: fmt::Debug + Send + Sync {
    /// Whether `(x, y)` is on the map and passable.
    fn open(&self, x: isize, y: isize) -> bool;

    /// The number of steps `step` (along a side) from `cell` to the first jump point or to
    /// `goal`; `None` when a blocked cell or the edge comes first.
    fn jump_straight(&self, cell: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32>;

    /// The number of steps `step` (across a corner) from `cell` to a cell from which a jump
    /// along a side of the step may find a jump point or `goal`; `None` when the way is blocked
    /// first.
    fn jump_diagonal(&self, cell: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32>;

    /// Appends the leaps along the diagonal `step` from `cell`: the diagonal jumped again and
    /// again ([`Jumps::jump_diagonal`]) until blocked, and at each cell it stops at, the straight
    /// jumps along its two sides that find a jump point (or `goal`), the side with a horizontal
    /// step first; `goal` itself if the diagonal reaches it, and nothing after it.
    fn leap_diagonal(
        &self,
        cell: (isize, isize),
        step: Step,
        goal: (isize, isize),
        out: &mut Vec<Leap>,
    );
}

/// A leap: `diagonal`, then `straight` (either may be of length 0, not both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leap {
    /// The run across corners (or along a side, for a straight jump alone).
    pub diagonal: Jump,
    /// The run along a side after it.
    pub straight: Jump,
}

impl Leap {
    /// The direction the leap arrives in: its last run's.
    fn arriving(self) -> Step {
        if self.straight.length > 0 {
            self.straight.step
        } else {
            self.diagonal.step
        }
    }
}

impl Jump {
    /// The leap of this run across corners, then `length` steps of `side`.
    #[inline(always)]
    pub(crate) fn then(self, side: Step, length: u32) -> Leap {
        let straight = Jump {
            step: side,
            length: length as u16,
        };
        Leap {
            diagonal: self,
            straight,
        }
    }
}

impl Displaced for Leap {
    #[inline(always)]
    fn displacement(self) -> (i32, i32) {
        let ((ax, ay), (bx, by)) = (self.diagonal.displacement(), self.straight.displacement());
        (ax + bx, ay + by)
    }
}

/// The steps of `leaps`, one after the other.
pub fn leap_steps(leaps: &[Leap]) -> Vec<Step> {
    steps_of(leaps.iter().flat_map(|leap| [leap.diagonal, leap.straight]))
}

/// Leaping on a map from cell to cell, to one goal cell, eight-connected, the jumps found by `J`.
#[derive(Debug)]
pub struct LeapGrid<J> {
    grid: Grid,
    jumps: Arc<J>,
    goal: (isize, isize),
}

/// A copy sharing the jumps.
impl<J> Clone for LeapGrid<J> {
    fn clone(&self) -> Self {
        Self {
            grid: self.grid.clone(),
            jumps: self.jumps.clone(),
            goal: self.goal,
        }
    }
}

impl<J: Jumps> LeapGrid<J> {
    /// Leaps on `grid`'s map (whose jumps `jumps` finds) to its goal.
    pub fn new(grid: Grid, jumps: Arc<J>) -> Self {
        let goal = grid.xy(grid.goal());
        Self { grid, jumps, goal }
    }

    /// Appends the leaps `step` from `at`: a straight jump, if it finds a jump point or the
    /// goal, or a diagonal's leaps.
    #[inline]
    fn push(&self, at: (isize, isize), step: Step, out: &mut Vec<Leap>) {
        if step.is_diagonal() {
            self.jumps.leap_diagonal(at, step, self.goal, out);
        } else if let Some(length) = self.jumps.jump_straight(at, step, self.goal) {
            out.push(Leap {
                diagonal: Jump { step, length: 0 },
                straight: Jump {
                    step,
                    length: length as u16,
                },
            });
        }
    }
}

impl<J: Jumps> Domain for LeapGrid<J> {
    type State = u32;
    type Action = Leap;

    /// Every leap from `cell`, pruning nothing: the start's.
    fn actions(&self, &cell: &u32, out: &mut Vec<Leap>) {
        let at = self.grid.xy(cell);
        for step in Step::ALL {
            self.push(at, step, out);
        }
    }

    fn apply(&self, cell: &mut u32, leap: Leap) {
        let map = self.grid.map();
        *cell = jumped(map, jumped(map, *cell, leap.diagonal), leap.straight);
    }

    fn is_goal(&self, &cell: &u32) -> bool {
        cell == self.grid.goal()
    }
}

/// The map's cells, ranked as [`Grid`] ranks them.
impl<J: Jumps> PerfectHash for LeapGrid<J> {
    fn size(&self) -> u64 {
        self.grid.size()
    }
    fn rank(&self, cell: &u32) -> u64 {
        self.grid.rank(cell)
    }
    fn unrank(&self, rank: u64) -> u32 {
        self.grid.unrank(rank)
    }
}

/// The octile length of a leap: its two runs'.
#[derive(Clone, Copy, Debug, Default)]
pub struct LeapLengths;

impl<J: Jumps> Weights<LeapGrid<J>> for LeapLengths {
    type Cost = Octile;
    fn weight(&self, _: &LeapGrid<J>, _: &u32, leap: Leap) -> Octile {
        let Leap { diagonal, straight } = leap;
        Octile::of(diagonal.step, diagonal.length.into())
            + Octile::of(straight.step, straight.length.into())
    }
}

/// The expansion of leaps: from a cell reached along a side, on that way and, where a wall
/// forces a turn, to that side and across the corner ahead; from a cell reached across a corner
/// (the goal, or where the diagonal crossed its row or column), on across it and along its sides.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrunedLeaps;

impl<J: Jumps> Expansion<LeapGrid<J>> for PrunedLeaps {
    fn successors(&self, grid: &LeapGrid<J>, cell: &u32, by: Option<Leap>, out: &mut Vec<Leap>) {
        let Some(leap) = by else {
            return grid.actions(cell, out);
        };
        let at = grid.grid.xy(*cell);
        let open = |x, y| grid.jumps.open(x, y);
        next_steps(at, leap.arriving(), open, |next| grid.push(at, next, out));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A leap rides in every open-list entry of JPS+: eight bytes, with or without its option.
    #[test]
    fn a_leap_takes_eight_bytes() {
        assert_eq!(size_of::<Leap>(), 8);
        assert_eq!(size_of::<Option<Leap>>(), 8);
    }
}
