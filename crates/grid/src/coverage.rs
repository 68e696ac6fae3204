//! Which cells of a map keep goal bounding's boxes ([`Bounds`](crate::Bounds)): every cell, as
//! Rabin keeps them, or the jump points only, as Hu, Harabor et al. ("Regarding Goal Bounding
//! and Jump Point Search", JAIR 2021) do, a Dijkstra from each of those and none from the
//! others: preprocessing and memory fall by the share of jump points.

use std::fmt;
use std::sync::Arc;

use crate::bounds::BOUNDS_BYTES_PER_CELL;
use crate::jps_plus::JumpTable;
use crate::map::Map;

/// The bytes [`JumpPoints`] takes per cell of the map, besides the boxes: where a cell's boxes
/// are kept.
pub const PLACE_BYTES_PER_CELL: u64 = 4;

/// Which cells of a map keep boxes: every cell ([`EveryCell`], Rabin's), or the jump points
/// only ([`JumpPoints`], as Hu, Harabor et al. 2021 keep them). A cell that keeps none prunes
/// no step.
pub trait Coverage: Clone + fmt::Debug + PartialEq + Eq + Send + Sync + 'static {
    /// The algorithm's name, which starts each line saying how a table came.
    const NAME: &'static str;
    /// What the identity of the table says it holds.
    const PATTERN: &'static str;
    /// How the names of the table's files start.
    const PREFIX: &'static str;

    /// The cells of `map` that keep boxes.
    fn of(map: &Arc<Map>) -> Self;

    /// The cells that keep boxes, in the order their boxes are kept.
    fn cells(&self) -> Vec<u32>;

    /// Where the boxes of the cell of index `cell` are kept, if it keeps any.
    fn place(&self, cell: usize) -> Option<usize>;

    /// The bytes the boxes of `map` and this record take in memory.
    fn bytes(map: &Arc<Map>) -> u64;

    /// The record's bytes, as the cache saves them before the boxes.
    fn to_bytes(&self) -> Vec<u8>;

    /// The record of `map` read off the start of `bytes`, and the bytes after it; `None` when
    /// they are not one.
    fn from_bytes<'a>(map: &Map, bytes: &'a [u8]) -> Option<(Self, &'a [u8])>;
}

/// Every cell keeps its boxes (a wall's empty): Rabin's goal bounding, 64 bytes a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EveryCell {
    cells: usize,
}

impl Coverage for EveryCell {
    const NAME: &'static str = "jps+gb";
    const PATTERN: &'static str =
        "goal bounds of canonical first steps: 8 boxes per cell, 4 u16 little-endian each";
    const PREFIX: &'static str = "grid-gb-";

    fn of(map: &Arc<Map>) -> Self {
        Self { cells: map.cells() }
    }

    fn cells(&self) -> Vec<u32> {
        (0..self.cells as u32).collect()
    }

    #[inline(always)]
    fn place(&self, cell: usize) -> Option<usize> {
        Some(cell)
    }

    fn bytes(map: &Arc<Map>) -> u64 {
        map.cells() as u64 * BOUNDS_BYTES_PER_CELL
    }

    fn to_bytes(&self) -> Vec<u8> {
        Vec::new()
    }

    fn from_bytes<'a>(map: &Map, bytes: &'a [u8]) -> Option<(Self, &'a [u8])> {
        Some((Self { cells: map.cells() }, bytes))
    }
}

/// The jump points keep their boxes ([`JumpTable::jump_points`]), no other cell: a place a
/// cell (4 bytes) and 64 bytes a jump point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JumpPoints {
    /// A cell's place among the jump points' boxes, [`NOWHERE`] when it is not one.
    places: Vec<u32>,
    /// How many jump points there are.
    count: usize,
}

/// The place of a cell that keeps no boxes.
const NOWHERE: u32 = u32::MAX;

impl JumpPoints {
    /// The places of the cells `jump_points` marks, in the order of the cells.
    fn of_marks(jump_points: &[bool]) -> Self {
        let mut count = 0;
        let places = jump_points
            .iter()
            .map(|&jump_point| {
                if !jump_point {
                    return NOWHERE;
                }
                count += 1;
                count as u32 - 1
            })
            .collect();
        Self { places, count }
    }
}

impl Coverage for JumpPoints {
    const NAME: &'static str = "jps+gbj";
    const PATTERN: &'static str = "goal bounds of canonical first steps at jump points: a u32 \
        place per cell (u32::MAX: none), then 8 boxes per jump point, 4 u16 little-endian each";
    const PREFIX: &'static str = "grid-gbj-";

    fn of(map: &Arc<Map>) -> Self {
        Self::of_marks(&JumpTable::build(map.clone()).jump_points())
    }

    fn cells(&self) -> Vec<u32> {
        let kept = self.places.iter().enumerate();
        let kept = kept.filter(|&(_, &place)| place != NOWHERE);
        kept.map(|(cell, _)| cell as u32).collect()
    }

    #[inline(always)]
    fn place(&self, cell: usize) -> Option<usize> {
        let place = self.places[cell];
        (place != NOWHERE).then_some(place as usize)
    }

    /// Counts the jump points: JPS+'s table built (a sweep of the map, far quicker than one of
    /// the boxes' Dijkstras).
    fn bytes(map: &Arc<Map>) -> u64 {
        let count = Self::of(map).count as u64;
        map.cells() as u64 * PLACE_BYTES_PER_CELL + count * BOUNDS_BYTES_PER_CELL
    }

    fn to_bytes(&self) -> Vec<u8> {
        let places = self.places.iter();
        places.flat_map(|place| place.to_le_bytes()).collect()
    }

    fn from_bytes<'a>(map: &Map, bytes: &'a [u8]) -> Option<(Self, &'a [u8])> {
        let length = map.cells() * PLACE_BYTES_PER_CELL as usize;
        let (places, boxes) = (bytes.get(..length)?, &bytes[length..]);
        let places: Vec<u32> = places
            .chunks_exact(4)
            .map(|place| u32::from_le_bytes([place[0], place[1], place[2], place[3]]))
            .collect();
        let marks: Vec<bool> = places.iter().map(|&place| place != NOWHERE).collect();
        // Places in the order of the cells, as built: anything else is not a table of ours.
        let record = Self::of_marks(&marks);
        (record.places == places).then_some((record, boxes))
    }
}
