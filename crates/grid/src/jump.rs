//! Jumps along a row, a column or a diagonal of a map, scanning 56 cells a read: the block-based
//! jumps of D. Harabor and A. Grastien, "Improving Jump Point Search" (ICAPS 2014), under Moving
//! AI's rules (no cutting corners).
//!
//! The map is kept four times as rows of bits, one bit a passable cell: as it is, mirrored left
//! to right, turned (columns as rows) and turned and mirrored, so that a jump in any of the four
//! side directions is a jump east on one of them. Each copy has a blocked border (a row above
//! and below, a column left, and at least eight bytes right), so that reading eight bytes of cells
//! from any cell of the map stays in its row.
//!
//! Walking east along a row without cutting corners, a path has to turn at a cell whose north
//! (or south) neighbour is passable while the cell behind that neighbour is not: the step across
//! the corner that would have saved the turn is not allowed there. Those cells are the *jump
//! points* of a row; with `up` the bits of the row above from the cell and `behind` the same bits
//! from one cell back, they are `up & !behind` (and the same below), found 56 at a time.
//!
//! A diagonal is walked on the two copies where its sides are jumps east, where a step across
//! the corner is a column east and a row up or down: from a cell's row, the row ahead and the
//! row behind, the jumps along both sides are looked at 54 cells at a time, and of those three
//! rows two are the last step's, shifted by a cell, so that a step reads one word a copy. From
//! most cells of a diagonal both jumps end at a wall within those 54 cells, no jump point
//! before it: such a cell costs the two reads and a few instructions.

use crate::domain::Step;
use crate::jps::Jump;
use crate::leap::{Jumps, Leap};
use crate::map::Map;

/// One copy of the map as rows of bits, with its border.
#[derive(Clone, Debug)]
struct Bits {
    /// Bytes per row: the row's cells from bit 1 (bit 0 is the left border), then blocked bits.
    stride: usize,
    /// Rows of bytes, the first and the last the blocked border: bytes, so that a read of the
    /// cells from any one is a single unaligned load of eight.
    bytes: Vec<u8>,
}

/// The cells a read of [`Bits::word`] gives: 64 bits from a byte, less a shift of up to 7.
const READ: u32 = 57;

impl Bits {
    /// The bits of `width` × `height` cells, passable as `open(column, row)` says.
    fn new(width: usize, height: usize, open: impl Fn(usize, usize) -> bool) -> Self {
        // Cells from bit 1 to `width`, and eight bytes more than the last a read may start at.
        let stride = (width + 2) / 8 + 9;
        let mut bytes = vec![0u8; stride * (height + 2)];
        for row in 0..height {
            for column in 0..width {
                if open(column, row) {
                    let bit = column + 1;
                    bytes[(row + 1) * stride + bit / 8] |= 1 << (bit % 8);
                }
            }
        }
        Self { stride, bytes }
    }

    /// Marks the cell at `column`, `row` passable or not.
    fn set(&mut self, column: usize, row: usize, open: bool) {
        let bit = column + 1;
        let byte = &mut self.bytes[(row + 1) * self.stride + bit / 8];
        if open {
            *byte |= 1 << (bit % 8);
        } else {
            *byte &= !(1 << (bit % 8));
        }
    }

    /// The index of the bit of the cell at `column`, `row` (either may be -1, the border).
    #[inline(always)]
    fn bit(&self, column: isize, row: isize) -> usize {
        (row + 1) as usize * self.row_bits() + (column + 1) as usize
    }

    /// The bits a row takes: a step from a cell to the one below it.
    #[inline(always)]
    fn row_bits(&self) -> usize {
        self.stride * 8
    }

    /// The cells of a row from the one of bit `bit` on (bit `i`: `i` cells further), for a
    /// cell of the map or of its border: [`READ`] cells, the bits above them blocked or cells
    /// further on.
    #[inline(always)]
    fn word(&self, bit: usize) -> u64 {
        let at = bit / 8;
        let eight: [u8; 8] = self.bytes[at..at + 8].try_into().expect("eight bytes");
        u64::from_le_bytes(eight) >> (bit % 8)
    }

    /// The number of cells from the cell of bit `bit` (excluded) east along its row to the
    /// first jump point, or to the goal `goal` cells east of it if it comes first; `None` when
    /// a blocked cell comes first.
    #[inline(always)]
    fn jump_east(&self, bit: usize, goal: Option<u32>) -> Option<u32> {
        self.jump_east_after(bit, goal, 0)
    }

    /// [`Self::jump_east`], the first `done` cells (a multiple of [`SPAN`]) known to hold
    /// neither a blocked cell nor a jump point.
    ///
    /// Each round reads the three rows from one cell back, a word each, and looks at the 56
    /// cells after it: a row's word shifted by one is the row from the next cell, so the cells
    /// behind the rows above and below cost no reads of their own.
    #[inline(always)]
    fn jump_east_after(&self, bit: usize, goal: Option<u32>, mut done: u32) -> Option<u32> {
        let row = self.row_bits();
        loop {
            let back = bit + done as usize;
            let (blocked, turn) = look::<SPAN>(
                self.word(back),
                self.word(back - row),
                self.word(back + row),
            );
            if let Some(goal) = goal.filter(|&goal| goal > done && goal <= done + SPAN) {
                let at = goal - done - 1;
                if at < blocked && at <= turn {
                    return Some(goal);
                }
            }
            if turn < blocked {
                return Some(done + 1 + turn);
            }
            if blocked < SPAN {
                return None;
            }
            done += SPAN;
        }
    }
}

/// The cells a round of a jump east looks at.
const SPAN: u32 = READ - 1;

/// The cells a diagonal walk looks at along a side from each of its cells before it reads
/// more: two fewer than a round of a jump east, since two of the rows it looks at were read
/// one and two steps before, each shifted by a cell since (a shift drops the last cell read).
const WALK_SPAN: u32 = READ - 3;

/// Where a round of a jump east stops, from the words of the row from a cell (`here`) and of
/// the rows either side of it (at least `SPAN + 1` cells of each read): the first blocked cell
/// and the first jump point among the `SPAN` cells after it (0 for the next cell; `SPAN` when
/// no cell is blocked, 64 when none is a jump point).
#[inline(always)]
fn look<const SPAN: u32>(here: u64, above: u64, below: u64) -> (u32, u32) {
    let cells: u64 = (1 << SPAN) - 1;
    // Bit i: the cell `1 + i` cells east, for i below `SPAN`; bits from `SPAN` on read as
    // blocked.
    let blocked = (!(here >> 1 & cells)).trailing_zeros();
    let turn = ((above >> 1) & !above | (below >> 1) & !below) & cells;
    (blocked, turn.trailing_zeros())
}

/// One side of a diagonal walked as a jump east on a copy of the map: a step across the
/// corner is a column east and a row up or down there (toward `across`). The row of a cell is
/// the row ahead of the cell before it, shifted by one cell, and the row behind it is the
/// row of the cell before it, shifted: a step reads one word, the row ahead.
struct SideWalk<'a> {
    bits: &'a Bits,
    /// The bit of the walk's cell, and the bits from a row to the row ahead.
    bit: usize,
    across: isize,
    /// The cells from the walk's cell on, along its row and along the row ahead.
    here: u64,
    ahead: u64,
    /// The step at which the walk crosses the goal's row (of this copy) with the goal east of
    /// it, and how far east; 0 when it never does.
    meets: u32,
    goal: u32,
}

impl<'a> SideWalk<'a> {
    /// The walk of `side`, a side of the step across the corner from `at` to `next`, on the
    /// copy of `map` where it is a jump east, toward `goal`.
    #[inline(always)]
    fn new(
        map: &'a JumpMap,
        side: Step,
        (at, next): ((isize, isize), (isize, isize)),
        goal: (isize, isize),
    ) -> Self {
        let (copy, x, y) = map.east_of(side, at);
        let (_, _, next_y) = map.east_of(side, next);
        let (_, goal_x, goal_y) = map.east_of(side, goal);
        let bits = &map.copies[copy];
        let down = next_y - y;
        let across = bits.row_bits() as isize * down;
        let meets = (goal_y - y) * down;
        let ahead = goal_x - x - meets;
        let (meets, goal) = if meets > 0 && ahead > 0 {
            (meets as u32, ahead as u32)
        } else {
            (0, 0)
        };
        let bit = bits.bit(x, y);
        Self {
            bits,
            bit,
            across,
            here: bits.word(bit),
            ahead: bits.word(bit.wrapping_add_signed(across)),
            meets,
            goal,
        }
    }

    /// Steps across the corner; where a round of the jump east from the cell reached stops.
    #[inline(always)]
    fn step(&mut self) -> (u32, u32) {
        let behind = self.here >> 1;
        self.here = self.ahead >> 1;
        self.bit = self.bit.wrapping_add_signed(self.across + 1);
        self.ahead = self.bits.word(self.bit.wrapping_add_signed(self.across));
        look::<WALK_SPAN>(self.here, self.ahead, behind)
    }

    /// The jump along the side from the walk's cell at step `run`, where a round from it
    /// stopped at (`blocked`, `turn`).
    #[inline(always)]
    fn jump(&self, run: u32, (blocked, turn): (u32, u32)) -> Option<u32> {
        if run == self.meets {
            self.bits.jump_east(self.bit, Some(self.goal))
        } else if turn < blocked {
            Some(1 + turn)
        } else if blocked < WALK_SPAN {
            None
        } else {
            self.bits.jump_east_after(self.bit, None, WALK_SPAN)
        }
    }
}

/// A map's cells as bits, for jumps in every direction.
#[derive(Clone, Debug)]
pub struct JumpMap {
    width: isize,
    height: isize,
    /// East, west, south and north as jumps east on the map, mirrored, turned, turned and
    /// mirrored.
    copies: [Bits; 4],
}

impl JumpMap {
    /// The bits of `map`.
    pub fn new(map: &Map) -> Self {
        let (width, height) = (map.width(), map.height());
        let open = |x: usize, y: usize| map.is_passable((y * width + x) as u32);
        Self {
            width: width as isize,
            height: height as isize,
            copies: [
                Bits::new(width, height, open),
                Bits::new(width, height, |c, r| open(width - 1 - c, r)),
                Bits::new(height, width, |c, r| open(r, c)),
                Bits::new(height, width, |c, r| open(r, height - 1 - c)),
            ],
        }
    }

    /// Marks `(x, y)` passable or not in every copy (after the map's cell changed).
    pub fn set(&mut self, (x, y): (usize, usize), open: bool) {
        let (width, height) = (self.width as usize, self.height as usize);
        self.copies[0].set(x, y, open);
        self.copies[1].set(width - 1 - x, y, open);
        self.copies[2].set(y, x, open);
        self.copies[3].set(height - 1 - y, x, open);
    }

    /// The number of bytes the bits take.
    pub fn bytes(&self) -> usize {
        self.copies.iter().map(|bits| bits.bytes.len()).sum()
    }

    /// Whether `(x, y)` is on the map and passable.
    #[inline(always)]
    pub fn open(&self, x: isize, y: isize) -> bool {
        (0..self.width).contains(&x)
            && (0..self.height).contains(&y)
            && self.copies[0].word(self.copies[0].bit(x, y)) & 1 == 1
    }

    /// Whether a step `(dx, dy)` may be taken from `(x, y)`: to a passable cell, and across a
    /// corner only when both side cells next to it are passable.
    #[inline(always)]
    pub fn allows(&self, (x, y): (isize, isize), (dx, dy): (isize, isize)) -> bool {
        self.open(x + dx, y + dy)
            && (dx == 0 || dy == 0 || (self.open(x + dx, y) && self.open(x, y + dy)))
    }

    /// The copy on which a jump `step` (along a side) is a jump east, and the column and row
    /// there of the cell `(x, y)`.
    #[inline(always)]
    fn east_of(&self, step: Step, (x, y): (isize, isize)) -> (usize, isize, isize) {
        match step {
            Step::E => (0, x, y),
            Step::W => (1, self.width - 1 - x, y),
            Step::S => (2, y, x),
            Step::N => (3, self.height - 1 - y, x),
            _ => unreachable!("a diagonal step is not straight"),
        }
    }

    /// The number of steps `step` (along a side) from `at` to the first jump point or to
    /// `goal`; `None` when a blocked cell or the edge comes first.
    #[inline]
    pub fn jump_straight(
        &self,
        at: (isize, isize),
        step: Step,
        goal: (isize, isize),
    ) -> Option<u32> {
        let (copy, column, row) = self.east_of(step, at);
        let (_, goal_column, goal_row) = self.east_of(step, goal);
        let goal = (goal_row == row && goal_column > column).then(|| (goal_column - column) as u32);
        let bits = &self.copies[copy];
        bits.jump_east(bits.bit(column, row), goal)
    }

    /// The number of steps `step` (across a corner) from `(x, y)` to the first jump point: the
    /// goal, or a cell from which a jump along either side of the step finds one; `None` when
    /// the way is blocked first.
    #[inline]
    pub fn jump_diagonal(
        &self,
        (x, y): (isize, isize),
        step: Step,
        goal: (isize, isize),
    ) -> Option<u32> {
        let (dx, dy) = step.offset();
        let (dx, dy) = (dx as isize, dy as isize);
        let (along_x, along_y) = sides(step);
        let (mut x, mut y) = (x, y);
        let mut steps = 0;
        while self.allows((x, y), (dx, dy)) {
            x += dx;
            y += dy;
            steps += 1;
            if (x, y) == goal
                || self.jump_straight((x, y), along_x, goal).is_some()
                || self.jump_straight((x, y), along_y, goal).is_some()
            {
                return Some(steps);
            }
        }
        None
    }
}

/// The online jumps answer JPS+'s questions: the leaps of a diagonal are its straight jumps
/// found on the way, scanned from every cell of it.
impl Jumps for JumpMap {
    #[inline(always)]
    fn open(&self, x: isize, y: isize) -> bool {
        JumpMap::open(self, x, y)
    }

    #[inline]
    fn jump_straight(&self, at: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32> {
        JumpMap::jump_straight(self, at, step, goal)
    }

    #[inline]
    fn jump_diagonal(&self, at: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32> {
        JumpMap::jump_diagonal(self, at, step, goal)
    }

    /// Walks the diagonal by bit index on the two copies where its sides are jumps east (a step
    /// across the corner is a column east and a row up or down on each), the goal's tests
    /// made at the steps where it can matter only: where the diagonal crosses the goal's row
    /// or column.
    fn leap_diagonal(
        &self,
        at: (isize, isize),
        step: Step,
        goal: (isize, isize),
        out: &mut Vec<Leap>,
    ) {
        let (dx, dy) = step.offset();
        let (dx, dy) = (dx as isize, dy as isize);
        // The side along a row, then the side along a column.
        let (along_x, along_y) = sides(step);
        let next = (at.0 + dx, at.1 + dy);
        let mut row = SideWalk::new(self, along_x, (at, next), goal);
        // The step across the corner needs the cell along the row (bit 1 of `here`), the one
        // along the column and the corner (bits 0 and 1 of the row ahead on the first copy).
        let allowed = |row: &SideWalk| row.here & 2 != 0 && row.ahead & 3 == 3;
        if !allowed(&row) {
            return;
        }
        let mut column = SideWalk::new(self, along_y, (at, next), goal);
        let ahead = (goal.0 - at.0) * dx;
        let on_diagonal = if ahead > 0 && ahead == (goal.1 - at.1) * dy {
            ahead as u32
        } else {
            0
        };
        let mut run = 0;
        loop {
            run += 1;
            let along_row = row.step();
            let along_column = column.step();
            // Most cells of a diagonal find nothing either side within a round.
            let quiet = |(blocked, turn): (u32, u32)| turn >= blocked && blocked < WALK_SPAN;
            if !(quiet(along_row)
                && quiet(along_column)
                && run != row.meets
                && run != column.meets
                && run != on_diagonal)
            {
                let diagonal = Jump {
                    step,
                    length: run as u16,
                };
                if run == on_diagonal {
                    let straight = Jump { step, length: 0 };
                    out.push(Leap { diagonal, straight });
                    return;
                }
                if let Some(length) = row.jump(run, along_row) {
                    out.push(diagonal.then(along_x, length));
                }
                if let Some(length) = column.jump(run, along_column) {
                    out.push(diagonal.then(along_y, length));
                }
            }
            if !allowed(&row) {
                return;
            }
        }
    }
}

/// Jump point search's pruning rule: each step a cheapest path reaching `at` by `step` may take
/// next, given to `visit`, cells passable as `open` says. Across a corner: on along both its
/// sides, then across it again; along a side: on, then for each side a wall forces a turn to
/// ([`forced_sides`]), that side and the corner ahead of it.
pub fn next_steps(
    at: (isize, isize),
    step: Step,
    open: impl Fn(isize, isize) -> bool,
    mut visit: impl FnMut(Step),
) {
    if step.is_diagonal() {
        let (along_x, along_y) = sides(step);
        [along_x, along_y, step].into_iter().for_each(visit);
        return;
    }
    visit(step);
    for side in forced_sides(at, step, open) {
        visit(side);
        visit(corner(step, side));
    }
}

/// The sides at right angles to the side step `step` that a path reaching `at` by it may have
/// to turn to: the neighbour that way is passable while the one behind it is not (the step
/// across the corner that would have saved the turn is not allowed).
pub fn forced_sides(
    at: (isize, isize),
    step: Step,
    open: impl Fn(isize, isize) -> bool,
) -> impl Iterator<Item = Step> {
    let (dx, dy) = step.offset();
    let behind = (at.0 - dx as isize, at.1 - dy as isize);
    perpendiculars(step).into_iter().filter(move |side| {
        let (sx, sy) = side.offset();
        let (sx, sy) = (sx as isize, sy as isize);
        open(at.0 + sx, at.1 + sy) && !open(behind.0 + sx, behind.1 + sy)
    })
}

/// The two side steps at right angles to `step`, a side step.
fn perpendiculars(step: Step) -> [Step; 2] {
    match step {
        Step::N | Step::S => [Step::E, Step::W],
        _ => [Step::N, Step::S],
    }
}

/// The diagonal step made of the side steps `a` and `b`.
#[inline]
fn corner(a: Step, b: Step) -> Step {
    match (a, b) {
        (Step::N, Step::E) | (Step::E, Step::N) => Step::NE,
        (Step::S, Step::E) | (Step::E, Step::S) => Step::SE,
        (Step::S, Step::W) | (Step::W, Step::S) => Step::SW,
        (Step::N, Step::W) | (Step::W, Step::N) => Step::NW,
        _ => unreachable!("two perpendicular side steps make a diagonal"),
    }
}

/// The two side steps a diagonal step is made of: along the row, then along the column.
pub fn sides(step: Step) -> (Step, Step) {
    match step {
        Step::NE => (Step::E, Step::N),
        Step::SE => (Step::E, Step::S),
        Step::SW => (Step::W, Step::S),
        Step::NW => (Step::W, Step::N),
        side => (side, side),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The corner of two perpendicular side steps is the step of their offsets added.
    #[test]
    fn a_corner_adds_its_sides() {
        for a in [Step::N, Step::E, Step::S, Step::W] {
            for b in perpendiculars(a) {
                let ((ax, ay), (bx, by)) = (a.offset(), b.offset());
                assert_eq!(corner(a, b).offset(), (ax + bx, ay + by), "{a} and {b}");
            }
        }
    }
}
