//! A map as an engine domain: cells as states, steps to the neighbours as actions, exact octile
//! lengths as costs, and the octile distance as the estimate.

use std::cmp::Ordering;
use std::f64::consts::SQRT_2;
use std::fmt;
use std::ops::Add;
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use statespace_engine::{Cost, Domain, IncrementalHeuristic, PerfectHash, Weights};

use crate::map::Map;

/// A step to a neighbouring cell: the four sides first, then the four corners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// Up a row.
    N,
    /// Right a column.
    E,
    /// Down a row.
    S,
    /// Left a column.
    W,
    /// Up and right.
    NE,
    /// Down and right.
    SE,
    /// Down and left.
    SW,
    /// Up and left.
    NW,
}

impl Step {
    /// Every step, in the order searches try them.
    pub const ALL: [Step; 8] = [
        Step::N,
        Step::E,
        Step::S,
        Step::W,
        Step::NE,
        Step::SE,
        Step::SW,
        Step::NW,
    ];

    /// The change of column and row.
    pub fn offset(self) -> (i64, i64) {
        match self {
            Step::N => (0, -1),
            Step::E => (1, 0),
            Step::S => (0, 1),
            Step::W => (-1, 0),
            Step::NE => (1, -1),
            Step::SE => (1, 1),
            Step::SW => (-1, 1),
            Step::NW => (-1, -1),
        }
    }

    /// Whether the step is diagonal.
    pub fn is_diagonal(self) -> bool {
        let (dx, dy) = self.offset();
        dx != 0 && dy != 0
    }

    /// The step back.
    pub fn opposite(self) -> Step {
        match self {
            Step::N => Step::S,
            Step::E => Step::W,
            Step::S => Step::N,
            Step::W => Step::E,
            Step::NE => Step::SW,
            Step::SE => Step::NW,
            Step::SW => Step::NE,
            Step::NW => Step::SE,
        }
    }

    /// The step's name, as answers print it.
    pub fn name(self) -> &'static str {
        match self {
            Step::N => "N",
            Step::E => "E",
            Step::S => "S",
            Step::W => "W",
            Step::NE => "NE",
            Step::SE => "SE",
            Step::SW => "SW",
            Step::NW => "NW",
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An octile length: `straight + diagonal × √2`, kept exactly as the two counts and compared
/// exactly (√2 being irrational, two different counts never have the same length).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Octile {
    /// Steps along a side.
    pub straight: u32,
    /// Steps across a corner.
    pub diagonal: u32,
}

impl Octile {
    /// The length as a real number.
    pub fn length(self) -> f64 {
        f64::from(self.straight) + f64::from(self.diagonal) * SQRT_2
    }

    /// The length of `count` steps `step`.
    pub fn of(step: Step, count: u32) -> Self {
        if step.is_diagonal() {
            Self {
                straight: 0,
                diagonal: count,
            }
        } else {
            Self {
                straight: count,
                diagonal: 0,
            }
        }
    }

    /// The length of this walked over cells that each cost `cost`.
    #[inline(always)]
    pub fn times(self, cost: u32) -> Self {
        Self {
            straight: self.straight * cost,
            diagonal: self.diagonal * cost,
        }
    }

    /// The octile distance between two cells `dx` columns and `dy` rows apart, walking
    /// diagonally as far as both allow.
    pub fn distance(dx: u32, dy: u32) -> Self {
        Self {
            straight: dx.abs_diff(dy),
            diagonal: dx.min(dy),
        }
    }
}

impl Add for Octile {
    type Output = Self;
    fn add(self, other: Self) -> Self {
        Self {
            straight: self.straight + other.straight,
            diagonal: self.diagonal + other.diagonal,
        }
    }
}

impl Ord for Octile {
    /// By their keys (see [`Cost::key`]) when both have one; else the sign of
    /// `(a − b) + (c − d)√2`, in integers: when the two parts differ in sign, the
    /// larger of `(a − b)²` and `2(c − d)²` decides.
    fn cmp(&self, other: &Self) -> Ordering {
        // Most lengths have keys, which compare as the lengths do, without branches.
        if let (Some(key), Some(other_key)) = (self.key(), other.key()) {
            return key.cmp(&other_key);
        }
        let whole = i64::from(self.straight) - i64::from(other.straight);
        let root = i64::from(self.diagonal) - i64::from(other.diagonal);
        match (whole.cmp(&0), root.cmp(&0)) {
            (Ordering::Equal, sign) | (sign, Ordering::Equal) => sign,
            (whole_sign, root_sign) if whole_sign == root_sign => whole_sign,
            // Opposite signs: the part of larger size decides (they are never equal in size);
            // sizes below 2^32, squared in a single 64 × 64-bit product.
            (whole_sign, _) => {
                let (whole, root) = (
                    u128::from(whole.unsigned_abs()),
                    u128::from(root.unsigned_abs()),
                );
                if whole * whole > 2 * root * root {
                    whole_sign
                } else {
                    whole_sign.reverse()
                }
            }
        }
    }
}

impl PartialOrd for Octile {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Cost for Octile {
    const ZERO: Self = Octile {
        straight: 0,
        diagonal: 0,
    };
    const WHOLE: bool = false;
    fn whole(self) -> u64 {
        self.length().ceil() as u64
    }
    fn from_whole(whole: u64) -> Self {
        Octile {
            straight: u32::try_from(whole).unwrap_or(u32::MAX),
            diagonal: 0,
        }
    }
    /// The length in fixed point, `straight × 2^42 + diagonal × R` with `R` the nearest integer
    /// to `√2 × 2^42`, exact in order when both counts are at most 2^20 (and below 2^64): two
    /// lengths that differ, `p + q√2` apart with `|p|, |q| ≤ 2^20`, differ by at least
    /// `1 / (|p| + |q|√2)` (as `|p² − 2q²| ≥ 1`), above 2^-22, so their keys by more than
    /// 2^20, while rounding `R` moves a key by under `q / 2 ≤ 2^19`. Integer arithmetic, and
    /// additive: the key of a sum is the sum of the keys.
    #[inline]
    fn key(self) -> Option<u64> {
        const EXACT: u32 = 1 << 20;
        /// √2 × 2^42, rounded to the nearest integer (6,219,777,023,950.95).
        const ROOT_2: u64 = 6_219_777_023_951;
        (self.straight <= EXACT && self.diagonal <= EXACT)
            .then(|| (u64::from(self.straight) << 42) + u64::from(self.diagonal) * ROOT_2)
    }
}

/// How cells connect.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Connectivity {
    /// To the four side neighbours.
    #[serde(rename = "4")]
    Four,
    /// To the eight neighbours; a corner only when both sides next to it are passable (the
    /// Moving AI benchmark's rule: no cutting corners).
    #[default]
    #[serde(rename = "8")]
    Eight,
}

impl Connectivity {
    /// The length of a shortest path `dx` columns and `dy` rows long on an open map.
    #[inline(always)]
    pub(crate) fn distance(self, dx: u32, dy: u32) -> Octile {
        match self {
            Connectivity::Eight => Octile::distance(dx, dy),
            Connectivity::Four => Octile {
                straight: dx + dy,
                diagonal: 0,
            },
        }
    }
}

/// Walking on a map from cell to cell, to one goal cell.
#[derive(Clone, Debug)]
pub struct Grid {
    map: Arc<Map>,
    connectivity: Connectivity,
    goal: u32,
    /// The goal's column and row, for the estimate.
    goal_xy: (usize, usize),
}

impl Grid {
    /// Walks on `map` as `connectivity` allows, to `goal`.
    pub fn new(map: Arc<Map>, connectivity: Connectivity, goal: u32) -> Self {
        let goal_xy = map.position(goal);
        Self {
            map,
            connectivity,
            goal,
            goal_xy,
        }
    }

    /// The map.
    pub fn map(&self) -> &Map {
        &self.map
    }

    /// The map, to be edited in place (a copy when it is shared).
    pub(crate) fn map_mut(&mut self) -> &mut Map {
        Arc::make_mut(&mut self.map)
    }

    /// How cells connect.
    pub fn connectivity(&self) -> Connectivity {
        self.connectivity
    }

    /// The goal cell.
    pub fn goal(&self) -> u32 {
        self.goal
    }

    /// The column and row of `cell`, signed for offsets.
    pub fn xy(&self, cell: u32) -> (isize, isize) {
        let (x, y) = self.map.position(cell);
        (x as isize, y as isize)
    }

    /// Whether `step` may be taken from `cell`: to a passable cell, and across a corner only
    /// when eight-connected and both side cells next to it are passable.
    pub fn allows(&self, cell: u32, step: Step) -> bool {
        let (x, y) = self.xy(cell);
        let (dx, dy) = step.offset();
        let (dx, dy) = (dx as isize, dy as isize);
        let open = |x, y| self.map.is_open(x, y);
        open(x + dx, y + dy)
            && (!step.is_diagonal()
                || (self.connectivity == Connectivity::Eight && open(x + dx, y) && open(x, y + dy)))
    }

    /// The octile distance from `cell` to the goal times the least cost of a cell: exact on an
    /// open map of one cost, a lower bound otherwise (on four-connected maps, the Manhattan
    /// distance, as straight steps).
    pub fn estimate(&self, cell: u32) -> Octile {
        let (x, y) = self.map.position(cell);
        let (gx, gy) = self.goal_xy;
        let (dx, dy) = (x.abs_diff(gx) as u32, y.abs_diff(gy) as u32);
        self.connectivity
            .distance(dx, dy)
            .times(self.map.least_cost())
    }

    /// Calls `each` with the steps [`Grid::allows`] from `cell`, in the order of [`Step::ALL`],
    /// each neighbour read once.
    #[inline(always)]
    pub(crate) fn each_step(&self, cell: u32, mut each: impl FnMut(Step)) {
        let (x, y) = self.xy(cell);
        let open = |dx, dy| self.map.is_open(x + dx, y + dy);
        let (n, e, s, w) = (open(0, -1), open(1, 0), open(0, 1), open(-1, 0));
        let sides = [(n, Step::N), (e, Step::E), (s, Step::S), (w, Step::W)];
        for (open, step) in sides {
            if open {
                each(step);
            }
        }
        if self.connectivity == Connectivity::Eight {
            let corners = [
                (n && e && open(1, -1), Step::NE),
                (s && e && open(1, 1), Step::SE),
                (s && w && open(-1, 1), Step::SW),
                (n && w && open(-1, -1), Step::NW),
            ];
            for (open, step) in corners {
                if open {
                    each(step);
                }
            }
        }
    }

    /// The cell `step` leads to from `cell` (which must be on the map, as the step's end).
    #[inline(always)]
    pub fn neighbour(&self, cell: u32, step: Step) -> u32 {
        let (dx, dy) = step.offset();
        (i64::from(cell) + dy * self.map.width() as i64 + dx) as u32
    }
}

impl Domain for Grid {
    type State = u32;
    type Action = Step;

    /// The steps [`Grid::allows`], in the order of [`Step::ALL`], each neighbour read once.
    fn actions(&self, &cell: &u32, out: &mut Vec<Step>) {
        self.each_step(cell, |step| out.push(step));
    }

    /// Takes `step`, which must be allowed (see [`Grid::allows`]).
    fn apply(&self, cell: &mut u32, step: Step) {
        debug_assert!(self.allows(*cell, step), "{step} from {cell}");
        *cell = self.neighbour(*cell, step);
    }

    fn invert(&self, step: Step) -> Option<Step> {
        Some(step.opposite())
    }

    fn is_goal(&self, &cell: &u32) -> bool {
        cell == self.goal
    }
}

impl PerfectHash for Grid {
    fn size(&self) -> u64 {
        self.map.cells() as u64
    }
    fn rank(&self, &cell: &u32) -> u64 {
        u64::from(cell)
    }
    fn unrank(&self, rank: u64) -> u32 {
        rank as u32
    }
}

/// [`Grid::estimate`] updated step by step: the memo is the goal's offset from the cell, so a
/// child's estimate takes no division (finding a cell's column and row from its number does).
#[derive(Clone, Copy, Debug)]
pub struct StepEstimate {
    /// How cells connect; `None` for no estimate (Dijkstra's algorithm, with the same memo).
    connectivity: Option<Connectivity>,
    /// The least cost of a cell, the distance's factor.
    least: u32,
}

impl StepEstimate {
    /// The estimate on `grid`.
    pub fn new(grid: &Grid) -> Self {
        Self {
            connectivity: Some(grid.connectivity),
            least: grid.map.least_cost(),
        }
    }

    /// No estimate: zero everywhere.
    pub fn zero() -> Self {
        Self {
            connectivity: None,
            least: 0,
        }
    }
}

impl IncrementalHeuristic<Grid, Octile> for StepEstimate {
    /// Columns and rows from the cell to the goal.
    type Memo = (i32, i32);

    fn init(&self, grid: &Grid, &cell: &u32) -> (i32, i32) {
        let (x, y) = grid.map.position(cell);
        let (gx, gy) = grid.goal_xy;
        (gx as i32 - x as i32, gy as i32 - y as i32)
    }

    #[inline(always)]
    fn update(&self, _: &Grid, _: &u32, step: Step, (dx, dy): (i32, i32)) -> (i32, i32) {
        let (sx, sy) = step.offset();
        (dx - sx as i32, dy - sy as i32)
    }

    #[inline(always)]
    fn value(&self, (dx, dy): (i32, i32)) -> Octile {
        let (dx, dy) = (dx.unsigned_abs(), dy.unsigned_abs());
        self.connectivity.map_or(Octile::ZERO, |connectivity| {
            connectivity.distance(dx, dy).times(self.least)
        })
    }
}

/// The octile length of each step: 1 along a side, √2 across a corner.
#[derive(Clone, Copy, Debug, Default)]
pub struct OctileSteps;

impl Weights<Grid> for OctileSteps {
    type Cost = Octile;
    fn weight(&self, _: &Grid, _: &u32, step: Step) -> Octile {
        Octile::of(step, 1)
    }
}

/// The length of each step times the cost of the cell it enters (see
/// [`Costs`](crate::Costs)).
#[derive(Clone, Copy, Debug, Default)]
pub struct TerrainSteps;

impl Weights<Grid> for TerrainSteps {
    type Cost = Octile;
    #[inline(always)]
    fn weight(&self, grid: &Grid, &cell: &u32, step: Step) -> Octile {
        Octile::of(step, grid.map.cost(grid.neighbour(cell, step)))
    }
}
