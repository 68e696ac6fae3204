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

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use statespace_engine::pattern_database::{Origin, PatternDatabase, TableCache, TableId};
use xxhash_rust::xxh3::xxh3_64;

use crate::domain::Step;
use crate::jps::Jump;
use crate::jump::{forced_sides, sides};
use crate::leap::{Jumps, Leap};
use crate::map::{MAX_SIDE, Map};

/// What a table's identity says it holds, and how its map's part starts.
const PATTERN: &str = "jps+ jump distances: 8 per cell, i16 little-endian";
const DOMAIN: &str = "grid map ";
/// How the names of table files start, before the map's file name.
const PREFIX: &str = "grid-jps+-";

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

    /// The table's identity: the map's sides and a hash of its cells, so that a table is never
    /// used for another map (nor for the same file name edited).
    pub fn id(map: &Map) -> TableId {
        let open: Vec<u8> = (0..map.cells() as u32)
            .map(|cell| u8::from(map.is_passable(cell)))
            .collect();
        TableId::new(
            format!(
                "{DOMAIN}{} x {}, cells {:016x}",
                map.width(),
                map.height(),
                xxh3_64(&open)
            ),
            PATTERN,
        )
    }

    /// Whether a cache file named `stem` (its name without the extension) is named as JPS+
    /// names the table `id` it holds: the map's file name, which the identity does not record,
    /// after the prefix.
    pub fn is_named_for(stem: &str, id: &TableId) -> bool {
        stem.starts_with(PREFIX) && id.pattern == PATTERN && id.domain.starts_with(DOMAIN)
    }

    /// The name of the table file of `map` in a cache: after the map's file name, or its
    /// identity's hash when it has none.
    pub fn file_name(map: &Map) -> String {
        let name = map.name().map_or_else(
            || format!("{:016x}", xxh3_64(Self::id(map).domain.as_bytes())),
            |name| {
                name.chars()
                    .map(|c| {
                        if c.is_ascii_alphanumeric() || "._-".contains(c) {
                            c
                        } else {
                            '_'
                        }
                    })
                    .collect()
            },
        );
        // Units larger than a cell fit in fewer places: a table of their own.
        match map.unit() {
            1 => format!("{PREFIX}{name}"),
            unit => format!("{PREFIX}{name}.size{unit}"),
        }
    }

    /// The bytes a table of `map` takes.
    pub fn bytes(map: &Map) -> u64 {
        map.cells() as u64 * TABLE_BYTES_PER_CELL
    }

    /// The table as the cache saves it.
    fn to_database(&self, id: TableId) -> PatternDatabase {
        let bytes = self
            .distances
            .iter()
            .flatten()
            .flat_map(|distance| distance.to_le_bytes())
            .collect();
        PatternDatabase::from_distances(id, bytes)
    }

    /// The table of `map` read off a cached one, if it has a cell's distances per cell.
    fn from_database(map: Arc<Map>, table: &PatternDatabase) -> Option<Self> {
        let bytes = table.as_bytes();
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

    /// The table of `map` from `cache` ([`JumpTable::load_or_build`]), or built in memory
    /// without one; with the line saying which and how long it took.
    pub fn for_map(map: Arc<Map>, cache: Option<&TableCache>) -> (Self, String) {
        if let Some(cache) = cache {
            return Self::load_or_build(map, cache);
        }
        let started = Instant::now();
        let table = Self::build(map);
        let line = format!(
            "jps+: built the jump table in memory in {}",
            ms(started.elapsed())
        );
        (table, line)
    }

    /// The table of `map`: loaded from `cache` when its file there holds this map's table
    /// undamaged, otherwise built and saved; with one line saying which, how long it took, and
    /// why a file that was there was refused.
    pub fn load_or_build(map: Arc<Map>, cache: &TableCache) -> (Self, String) {
        let started = Instant::now();
        let (name, id) = (Self::file_name(&map), Self::id(&map));
        let path = cache.path(&name);
        let cached = cache.load_or_build(&name, &id, |_| {
            Ok(Self::build(map.clone()).to_database(id.clone()))
        });
        let cached = cached.expect("building a jump table never stops");
        let elapsed = started.elapsed();
        let read = Self::from_database(map.clone(), &cached.table);
        match (cached.origin, read) {
            (Origin::Loaded, Some(table)) => {
                let line = format!("jps+: loaded {} in {}", path.display(), ms(elapsed));
                (table, line)
            }
            (Origin::Built { refused, saved }, Some(table)) => {
                let mut line = match refused {
                    Some(reason) => format!("jps+: refused {reason}; built it again"),
                    None => format!("jps+: built {}", path.display()),
                };
                line.push_str(&format!(" in {}", ms(elapsed)));
                if let Err(error) = saved {
                    line.push_str(&format!(", but could not save it: {error}"));
                }
                (table, line)
            }
            // The identity names the sides, so a sound file has a cell's distances per cell.
            (_, None) => Self::built_in_memory(map, &path),
        }
    }

    /// The table of `map` built in memory, when `path` could not give it, with its line.
    fn built_in_memory(map: Arc<Map>, path: &Path) -> (Self, String) {
        let started = Instant::now();
        let table = Self::build(map);
        let line = format!(
            "jps+: refused {}: not a table of the map's size; built it in memory in {}",
            path.display(),
            ms(started.elapsed())
        );
        (table, line)
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

/// `elapsed` in milliseconds, for the table's line.
fn ms(elapsed: Duration) -> String {
    format!("{:.2} ms", elapsed.as_secs_f64() * 1e3)
}

impl Jumps for JumpTable {
    #[inline(always)]
    fn open(&self, x: isize, y: isize) -> bool {
        self.map.is_open(x, y)
    }

    #[inline]
    fn jump_straight(&self, at: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32> {
        let (ahead_x, ahead_y) = ahead(at, step, goal);
        // One of the two is 0 (the axis the step does not move on): on the line, the other.
        let on_line = if step.offset().0 == 0 {
            goal.0 == at.0
        } else {
            goal.1 == at.1
        };
        self.read(at, step, if on_line { ahead_x + ahead_y } else { 0 })
    }

    #[inline]
    fn jump_diagonal(&self, at: (isize, isize), step: Step, goal: (isize, isize)) -> Option<u32> {
        let (ahead_x, ahead_y) = ahead(at, step, goal);
        self.read(at, step, ahead_x.min(ahead_y))
    }

    /// Walks the diagonal by cell index, a table read a stop and one per side. The goal can
    /// matter at one cell only: where the diagonal first crosses the goal's row or column, when
    /// the goal lies ahead on both axes (a straight jump along a side reaches the goal's line
    /// there and nowhere else ahead; the goal itself when both crossings coincide). Everywhere
    /// else a side's jump is its table distance, when positive.
    fn leap_diagonal(
        &self,
        at: (isize, isize),
        step: Step,
        goal: (isize, isize),
        out: &mut Vec<Leap>,
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
        loop {
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
                    if let Some(length) = self.jump_straight(here, side, goal) {
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
                if length > 0 {
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
