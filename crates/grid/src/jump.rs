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

use crate::domain::Step;
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

    /// The cells of row `row` from column `column` on (bit `i`: column `column + i`), where
    /// `column` and `row` may be -1 (the border), and `column` at most the width: [`READ`]
    /// cells, the bits above them blocked or cells further on.
    #[inline(always)]
    fn word(&self, column: isize, row: isize) -> u64 {
        let bit = (column + 1) as usize;
        let at = (row + 1) as usize * self.stride + bit / 8;
        let eight: [u8; 8] = self.bytes[at..at + 8].try_into().expect("eight bytes");
        u64::from_le_bytes(eight) >> (bit % 8)
    }

    /// The number of cells from `column` (excluded) east along `row` to the first jump point,
    /// or to `goal` (a column of this row east of `column`) if it comes first; `None` when a
    /// blocked cell comes first.
    ///
    /// Each round reads the three rows from one cell back, a word each, and looks at the 56
    /// cells after it: a row's word shifted by one is the row from the next cell, so the cells
    /// behind the rows above and below cost no reads of their own.
    #[inline]
    fn jump_east(&self, column: isize, row: isize, goal: Option<isize>) -> Option<u32> {
        /// The cells a round looks at.
        const SPAN: u32 = READ - 1;
        const CELLS: u64 = (1 << SPAN) - 1;
        let mut from = column + 1;
        loop {
            let (above, here, below) = (
                self.word(from - 1, row - 1),
                self.word(from - 1, row),
                self.word(from - 1, row + 1),
            );
            // Bit i: the cell at `from + i`, for i below `SPAN`; bits from `SPAN` on read as
            // blocked.
            let blocked = (!(here >> 1 & CELLS)).trailing_zeros();
            let turn = ((above >> 1) & !above | (below >> 1) & !below) & CELLS;
            let turn = turn.trailing_zeros();
            if let Some(goal) = goal.filter(|&goal| (from..from + SPAN as isize).contains(&goal)) {
                let at = (goal - from) as u32;
                if at < blocked && at <= turn {
                    return Some((goal - column) as u32);
                }
            }
            if turn < blocked {
                return Some((from + turn as isize - column) as u32);
            }
            if blocked < SPAN {
                return None;
            }
            from += SPAN as isize;
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
            && self.copies[0].word(x, y) & 1 == 1
    }

    /// Whether a step `(dx, dy)` may be taken from `(x, y)`: to a passable cell, and across a
    /// corner only when both side cells next to it are passable.
    #[inline(always)]
    pub fn allows(&self, (x, y): (isize, isize), (dx, dy): (isize, isize)) -> bool {
        self.open(x + dx, y + dy)
            && (dx == 0 || dy == 0 || (self.open(x + dx, y) && self.open(x, y + dy)))
    }

    /// The number of steps `step` (along a side) from `(x, y)` to the first jump point or to
    /// `goal`; `None` when a blocked cell or the edge comes first.
    #[inline]
    pub fn jump_straight(
        &self,
        (x, y): (isize, isize),
        step: Step,
        goal: (isize, isize),
    ) -> Option<u32> {
        let (gx, gy) = goal;
        let (copy, column, row, goal) = match step {
            Step::E => (0, x, y, (gy == y && gx > x).then_some(gx)),
            Step::W => (
                1,
                self.width - 1 - x,
                y,
                (gy == y && gx < x).then(|| self.width - 1 - gx),
            ),
            Step::S => (2, y, x, (gx == x && gy > y).then_some(gy)),
            Step::N => (
                3,
                self.height - 1 - y,
                x,
                (gx == x && gy < y).then(|| self.height - 1 - gy),
            ),
            _ => unreachable!("a diagonal step is not straight"),
        };
        self.copies[copy].jump_east(column, row, goal)
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
