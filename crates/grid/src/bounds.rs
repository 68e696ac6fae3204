//! Goal bounding (S. Rabin, "Goal Bounding", GDC 2015; with JPS+ as in Rabin and Sturtevant's
//! JPS+ with goal bounding): for every open cell and each of its eight first steps, the
//! bounding box of the goals that some *canonical* shortest path from the cell reaches by that
//! step first — a path jump point search may take, each step after the first among those its
//! pruning allows after the one before (see [`next_steps`]).
//!
//! A search about to leave a cell by a step whose box does not hold the goal skips it. That is
//! exact whatever the search's tie rules, because the boxes keep every canonical shortest path
//! rather than one chosen by a tie rule: every path JPS+ takes from a cell, however the cell
//! was reached, is canonical from that cell, so a jump or leap that lies on a shortest path of
//! JPS+'s to the goal leaves each cell it starts from by a step whose box holds the goal.
//! (One first step per goal, ties broken by a rule, is not exact with JPS+: the tests show it
//! losing paths, as Hu, Harabor et al. 2021 warn.) Canonical boxes are much tighter than those
//! of every shortest path: in open ground a straight step starts canonical paths along its
//! line only.
//!
//! Boxes at the jump points only ([`JumpPoints`], `--algo jps+gbj`, after Hu, Harabor et al.
//! 2021) stay exact. JPS+ reads a cell's boxes only where it leaves the cell by a jump: at the
//! start, at the cells where a jump of its table stops (the jump points,
//! [`JumpTable::jump_points`]: every cell expanded but the start and the goal, and every cell a
//! leap's diagonal stops at), and where a diagonal crosses the goal's row or column. A cell
//! without boxes (the start or a crossing that is no jump point) prunes nothing: every jump the
//! full boxes allow is still taken, so the canonical shortest path they keep is still found.
//! A jump point's boxes are the full ones, by the same Dijkstra from it.
//!
//! Computing them takes a Dijkstra from every cell that keeps boxes (spread over the cores).
//! When a cell is final, so is every cell before it on a shortest path; for each step that
//! enters it on a shortest path, it gathers the first steps of the canonical paths that reach
//! the cell before by a step after which jump point search may take it. Lengths `a + b√2` are
//! compared exactly (equal only when the counts of straight and diagonal steps are). Moving
//! AI's rules: eight neighbours, no cutting corners. Kept in the table cache as JPS+'s table is
//! (see [`crate::map_table`]).

use std::sync::Arc;

use rayon::prelude::*;

use crate::coverage::{Coverage, EveryCell, JumpPoints};
use crate::domain::Step;
use crate::jps_plus::{Allowed, JumpTable};
use crate::jump::next_steps;
use crate::leap::{Jumps, Leap};
use crate::map::Map;
use crate::map_table::MapTable;

/// The bytes a cell's boxes take: eight boxes of four two-byte sides.
pub const BOUNDS_BYTES_PER_CELL: u64 = 64;

/// A box no goal is in: what a step that starts no shortest path has.
const EMPTY: [u16; 4] = [u16::MAX, u16::MAX, 0, 0];

/// The eight boxes of the cells `C` keeps them for, each `[left, top, right, bottom]`
/// (inclusive), in the order of [`Step::ALL`] (see the module's notes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds<C> {
    coverage: C,
    boxes: Vec<CellBoxes>,
}

/// Rabin's goal bounds: boxes at every cell.
pub type GoalBounds = Bounds<EveryCell>;

/// Goal bounds at the jump points only.
pub type JumpPointBounds = Bounds<JumpPoints>;

/// A cell's eight boxes, on one cache line of their own: a search testing a cell's steps
/// reads one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
struct CellBoxes([[u16; 4]; 8]);

impl<C: Coverage> Bounds<C> {
    /// The boxes of `map`'s cells that `C` keeps them for, a Dijkstra from each (on every
    /// core).
    pub fn build(map: &Arc<Map>) -> Self {
        let coverage = C::of(map);
        let moves = Moves::new(map);
        let boxes = coverage
            .cells()
            .into_par_iter()
            .map_init(
                || Dijkstra::new(map.cells()),
                |dijkstra, cell| {
                    if map.is_passable(cell) {
                        CellBoxes(dijkstra.boxes_from(&moves, cell))
                    } else {
                        CellBoxes([EMPTY; 8])
                    }
                },
            )
            .collect();
        Self { coverage, boxes }
    }

    /// The box of the cells some shortest path from `cell` to them starts with `step`; none
    /// when there are none, or when `cell` keeps no boxes.
    pub fn bounds(&self, cell: u32, step: Step) -> Option<[u16; 4]> {
        let place = self.coverage.place(cell as usize)?;
        let bounds = self.boxes[place].0[slot(step)];
        (bounds[0] <= bounds[2]).then_some(bounds)
    }

    /// Whether `cell` keeps boxes.
    pub fn keeps(&self, cell: u32) -> bool {
        self.coverage.place(cell as usize).is_some()
    }

    /// How many cells keep boxes.
    pub fn kept(&self) -> usize {
        self.boxes.len()
    }

    /// The tests of a search toward `goal`.
    #[inline(always)]
    fn toward(&self, (x, y): (isize, isize)) -> Toward<'_, C> {
        Toward {
            bounds: self,
            goal: (x as u16, y as u16),
        }
    }
}

impl<C: Coverage> MapTable for Bounds<C> {
    const NAME: &'static str = C::NAME;
    const PATTERN: &'static str = C::PATTERN;
    const PREFIX: &'static str = C::PREFIX;

    fn bytes(map: &Arc<Map>) -> u64 {
        C::bytes(map)
    }

    fn compute(map: Arc<Map>) -> Self {
        Self::build(&map)
    }

    fn to_bytes(&self) -> Vec<u8> {
        let sides = self.boxes.iter().flat_map(|cell| cell.0).flatten();
        let boxes = sides.flat_map(|side| side.to_le_bytes());
        self.coverage.to_bytes().into_iter().chain(boxes).collect()
    }

    fn from_bytes(map: Arc<Map>, bytes: &[u8]) -> Option<Self> {
        let (coverage, bytes) = C::from_bytes(&map, bytes)?;
        let cell = BOUNDS_BYTES_PER_CELL as usize;
        if bytes.len() != coverage.cells().len() * cell {
            return None;
        }
        let side = |bytes: &[u8], at: usize| u16::from_le_bytes([bytes[2 * at], bytes[2 * at + 1]]);
        let boxes = bytes
            .chunks_exact(cell)
            .map(|cell| {
                CellBoxes(std::array::from_fn(|slot| {
                    std::array::from_fn(|at| side(cell, 4 * slot + at))
                }))
            })
            .collect();
        Some(Self { coverage, boxes })
    }
}

/// A search's tests toward one goal: whether a cell's box of a step holds it (every step of a
/// cell that keeps no boxes does).
struct Toward<'a, C> {
    bounds: &'a Bounds<C>,
    goal: (u16, u16),
}

// By hand: derived, they would ask `C` to be `Copy` too.
impl<C> Clone for Toward<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C> Copy for Toward<'_, C> {}

impl<C: Coverage> Allowed for Toward<'_, C> {
    #[inline(always)]
    fn allows(self, cell: usize, slot: usize) -> bool {
        let Some(place) = self.bounds.coverage.place(cell) else {
            return true;
        };
        let [left, top, right, bottom] = self.bounds.boxes[place].0[slot];
        let (x, y) = self.goal;
        left <= x && x <= right && top <= y && y <= bottom
    }
}

/// JPS+ with goal bounding: JPS+'s jumps and leaps ([`JumpTable`]) that a shortest path to the
/// goal may take, as the boxes of [`Bounds`] say.
#[derive(Clone, Debug)]
pub struct BoundedTable<C> {
    table: Arc<JumpTable>,
    bounds: Arc<Bounds<C>>,
}

impl<C> BoundedTable<C> {
    /// JPS+'s `table` bounded by `bounds`, both of one map.
    pub fn new(table: Arc<JumpTable>, bounds: Arc<Bounds<C>>) -> Self {
        Self { table, bounds }
    }
}

impl<C: Coverage> Jumps for BoundedTable<C> {
    #[inline(always)]
    fn open(&self, x: isize, y: isize) -> bool {
        self.table.open(x, y)
    }

    #[inline]
    fn jump_straight(&self, at: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32> {
        let toward = self.bounds.toward(goal);
        self.table.straight_within(at, step, goal, toward)
    }

    #[inline]
    fn jump_diagonal(&self, at: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32> {
        let cell = self.table.cell_index(at);
        if !self.bounds.toward(goal).allows(cell, slot(step)) {
            return None;
        }
        self.table.jump_diagonal(at, step, goal)
    }

    fn leap_diagonal(
        &self,
        at: (isize, isize),
        step: Step,
        goal: (isize, isize),
        out: &mut Vec<Leap>,
    ) {
        let toward = self.bounds.toward(goal);
        self.table.leap_within(at, step, goal, out, toward);
    }
}

/// The steps a map allows from each cell (bit `i`: the `i`th of [`Step::ALL`]), the steps jump
/// point search may take next after each step into it, and how far each moves a cell's index.
struct Moves {
    allowed: Vec<u8>,
    /// `canonical[cell][slot]`: the steps [`next_steps`] gives after the `slot`th step into
    /// `cell`, as bits.
    canonical: Vec<[u8; 8]>,
    deltas: [isize; 8],
}

/// The place of `step` in [`Step::ALL`].
fn slot(step: Step) -> usize {
    Step::ALL.iter().position(|&each| each == step).unwrap_or(0)
}

/// The place in [`Step::ALL`] of the step opposite the `slot`th (N and S, E and W, NE and SW,
/// SE and NW).
fn opposite(slot: usize) -> usize {
    slot ^ 2
}

impl Moves {
    /// The steps of `map`, no cutting corners.
    fn new(map: &Map) -> Self {
        let width = map.width() as isize;
        let open = |x, y| map.is_open(x, y);
        let xy = |cell: usize| ((cell as isize) % width, (cell as isize) / width);
        let allowed = (0..map.cells())
            .map(|cell| {
                let (x, y) = xy(cell);
                let mut bits = 0;
                for (slot, step) in Step::ALL.into_iter().enumerate() {
                    let (dx, dy) = step.offset();
                    let (dx, dy) = (dx as isize, dy as isize);
                    // No cutting corners: a diagonal step needs both side steps it passes.
                    let open =
                        open(x, y) && open(x + dx, y + dy) && open(x + dx, y) && open(x, y + dy);
                    bits |= u8::from(open) << slot;
                }
                bits
            })
            .collect();
        let canonical = (0..map.cells())
            .map(|cell| {
                Step::ALL.map(|step| {
                    let mut bits = 0;
                    next_steps(xy(cell), step, open, |next| bits |= 1 << slot(next));
                    bits
                })
            })
            .collect();
        let deltas = Step::ALL.map(|step| {
            let (dx, dy) = step.offset();
            dy as isize * width + dx as isize
        });
        Self {
            allowed,
            canonical,
            deltas,
        }
    }

    /// The map's width, from a step south's delta.
    fn width(&self) -> usize {
        self.deltas[2] as usize
    }
}

/// A length of `straight` steps of 1 and `diagonal` of √2, packed `straight << 32 | diagonal`:
/// equal exactly when both counts are.
type Length = u64;

/// Not reached.
const UNREACHED: Length = u64::MAX;

/// The length of the `slot`th step of [`Step::ALL`]: the first four are straight.
fn step_length(slot: usize) -> Length {
    if slot < 4 { 1 << 32 } else { 1 }
}

/// The value of a length, `a + b√2`, for ordering lengths: two of different counts on a map of
/// at most `MAX_SIDE`² cells differ by far more than a float's rounding, so the order is exact.
#[inline(always)]
fn value(length: Length) -> f64 {
    let (straight, diagonal) = ((length >> 32) as f64, (length & 0xffff_ffff) as f64);
    straight + diagonal * std::f64::consts::SQRT_2
}

/// The buckets of cells waiting: a cell whose length's value is in `[k, k + 1)` waits in bucket
/// `k % 3`. No step is shorter than 1, so a cell of the lowest bucket can be improved by no
/// other of it (Dial's buckets, of width the shortest step), and every cell before it on a
/// shortest path lies in a lower bucket; no step is longer than 2, so three buckets suffice.
const BUCKETS: usize = 3;

/// One thread's Dijkstra, its arrays kept from one source to the next.
struct Dijkstra {
    length: Vec<Length>,
    /// `arrivals[cell][slot]`: the first steps of the source's canonical shortest paths that
    /// reach `cell` by the `slot`th step, as bits.
    arrivals: Vec<[u8; 8]>,
    /// Whether a cell's length is final and its steps taken.
    done: Vec<bool>,
    reached: Vec<u32>,
    buckets: [Vec<u32>; BUCKETS],
}

impl Dijkstra {
    /// Arrays for a map of `cells` cells.
    fn new(cells: usize) -> Self {
        Self {
            length: vec![UNREACHED; cells],
            arrivals: vec![[0; 8]; cells],
            done: vec![false; cells],
            reached: Vec::new(),
            buckets: Default::default(),
        }
    }

    /// The eight boxes of `source`: every cell reached, in the box of each first step of its
    /// canonical shortest paths.
    fn boxes_from(&mut self, moves: &Moves, source: u32) -> [[u16; 4]; 8] {
        self.length[source as usize] = 0;
        self.reached.push(source);
        self.buckets[0].push(source);
        let mut bucket = 0;
        while self.buckets.iter().any(|waiting| !waiting.is_empty()) {
            let mut lowest = std::mem::take(&mut self.buckets[bucket % BUCKETS]);
            for cell in lowest.drain(..) {
                self.settle(moves, source, cell);
            }
            self.buckets[bucket % BUCKETS] = lowest;
            bucket += 1;
        }
        let width = moves.width();
        let mut boxes = [EMPTY; 8];
        for cell in self.reached.drain(..) {
            let at = cell as usize;
            let (x, y) = ((at % width) as u16, (at / width) as u16);
            let mut first = self.arrivals[at].iter().fold(0, |all, &bits| all | bits);
            while first != 0 {
                let slot = first.trailing_zeros() as usize;
                first &= first - 1;
                let [left, top, right, bottom] = &mut boxes[slot];
                *left = (*left).min(x);
                *top = (*top).min(y);
                *right = (*right).max(x);
                *bottom = (*bottom).max(y);
            }
            self.length[at] = UNREACHED;
            self.arrivals[at] = [0; 8];
            self.done[at] = false;
        }
        boxes
    }

    /// Takes the cell `cell` of the lowest bucket, unless taken already (it waits once per
    /// improvement): its length is final; its arrivals gathered, the cells a step away
    /// improved and put in their buckets.
    #[inline]
    fn settle(&mut self, moves: &Moves, source: u32, cell: u32) {
        let at = cell as usize;
        if self.done[at] {
            return;
        }
        self.done[at] = true;
        let length = self.length[at];
        if cell != source {
            self.arrivals[at] = self.arrivals_at(moves, source, at);
        }
        let allowed = moves.allowed[at];
        for slot in 0..8 {
            if allowed & (1 << slot) == 0 {
                continue;
            }
            let next = at.wrapping_add_signed(moves.deltas[slot]);
            let longer = length + step_length(slot);
            let known = self.length[next];
            if known == UNREACHED || value(longer) < value(known) {
                if known == UNREACHED {
                    self.reached.push(next as u32);
                }
                self.length[next] = longer;
                self.buckets[value(longer) as usize % BUCKETS].push(next as u32);
            }
        }
    }

    /// The arrivals of the cell `at` (not the source), its length and those of the cells
    /// before it final: by each step into it on a shortest path, the first steps of the
    /// canonical paths that reach its predecessor by a step after which jump point search may
    /// take it.
    #[inline]
    fn arrivals_at(&self, moves: &Moves, source: u32, at: usize) -> [u8; 8] {
        let mut arrivals = [0; 8];
        for (slot, arrival) in arrivals.iter_mut().enumerate() {
            let back = opposite(slot);
            if moves.allowed[at] & (1 << back) == 0 {
                continue;
            }
            let before = at.wrapping_add_signed(moves.deltas[back]);
            let known = self.length[before];
            if known == UNREACHED || known + step_length(slot) != self.length[at] {
                continue;
            }
            if before == source as usize {
                *arrival = 1 << slot;
                continue;
            }
            let canonical = &moves.canonical[before];
            for (previous, &firsts) in self.arrivals[before].iter().enumerate() {
                if canonical[previous] & (1 << slot) != 0 {
                    *arrival |= firsts;
                }
            }
        }
        arrivals
    }
}
