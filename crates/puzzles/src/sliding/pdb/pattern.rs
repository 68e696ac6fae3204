//! The abstraction behind one additive pattern database: where the pattern's tiles stand and
//! which cells the blank can reach without moving them.
//!
//! An entry is the placement of the pattern's `k` tiles on the `n` cells (ranked as a
//! `k`-permutation, in the order the pattern lists its tiles); its variants are the `n - k` cells
//! left free, numbered in increasing order, where the blank may be. The blank moves freely
//! through free cells (other tiles do not count); moving a pattern tile costs 1. So the table
//! holds, for every placement, the fewest moves of pattern tiles that bring them home.

use std::ops::ControlFlow;

use rayon::prelude::*;

use statespace_engine::pattern_database::{PatternSpace, TableId};
use statespace_engine::rank::KPermutationRanker;

use super::board::{Geometry, MAX_CELLS, Move};

/// The most tiles in one pattern (tables of more would not fit in memory anyway).
pub const MAX_PATTERN_TILES: usize = 12;

/// How the lexicographic rank of a placement changes when its tile `index` slides from cell
/// `from` to the adjacent free cell `to`. `between` is the mask of the placement's cells strictly
/// between the two (empty for a sideways move on a row) and `index_on(cell)` the index of the
/// tile on such a cell: the digits of those tiles, or of the moving one, shift by one. `weights`
/// are the rank's ([`KPermutationRanker::weights`]).
#[inline]
pub(super) fn rank_change(
    weights: &[u64; MAX_PATTERN_TILES],
    index: usize,
    from: usize,
    to: usize,
    mut between: u32,
    index_on: impl Fn(usize) -> usize,
) -> i64 {
    // Tiles listed before the moving one lower its digit; tiles after it have their own digit
    // changed, since the moving tile passes them.
    let mut earlier = 0i64;
    let mut later = 0i64;
    while between != 0 {
        let other = index_on(between.trailing_zeros() as usize);
        between &= between - 1;
        if other < index {
            earlier += 1;
        } else {
            later += weights[other] as i64;
        }
    }
    let weight = weights[index] as i64;
    if to > from {
        (to as i64 - from as i64 - earlier) * weight + later
    } else {
        (to as i64 - from as i64 + earlier) * weight - later
    }
}

/// The mask of the cells strictly between `a` and `b`.
#[inline]
pub(super) fn cells_between(a: usize, b: usize) -> u32 {
    let (low, high) = (a.min(b), a.max(b));
    ((1u64 << high) - 1) as u32 & !(((1u64 << (low + 1)) - 1) as u32)
}

/// One pattern of tiles, by their goal cells, on a grid whose goal has the blank on `blank_goal`.
#[derive(Clone, Debug)]
pub struct TilePattern {
    geometry: Geometry,
    goal_cells: Vec<u8>,
    blank_goal: u8,
    ranker: KPermutationRanker,
    /// The ranker's weights, in an array: with slices, building tables took 4% longer.
    weights: [u64; MAX_PATTERN_TILES],
}

/// A decoded entry of a [`TilePattern`]: where its tiles stand.
#[derive(Clone, Debug)]
pub struct Placement {
    rank: u64,
    cells: [u8; MAX_PATTERN_TILES],
    /// The digits of the rank (see [`KPermutationRanker::weights`]).
    digits: [u8; MAX_PATTERN_TILES],
    /// The pattern index of the tile on each cell, or `NO_TILE`.
    index_on: [u8; MAX_CELLS],
    occupied: u32,
}

const NO_TILE: u8 = u8::MAX;

/// The name of the file that holds the table `id` in a cache folder, when `id` is a sliding
/// table's: what `pdb verify` checks a file's name against, so that two files swapped are found.
pub fn file_name_of(id: &TableId) -> Option<String> {
    let (geometry, blank_goal) = id
        .domain
        .strip_prefix("sliding ")?
        .split_once(", blank goal cell ")?;
    let cells = id.pattern.strip_prefix("additive, tiles of goal cells ")?;
    Some(format!(
        "sliding-{geometry}-b{blank_goal}-{}",
        cells.replace(' ', ".")
    ))
}

impl TilePattern {
    /// The pattern of the tiles whose goal cells are `goal_cells` (distinct, none of them
    /// `blank_goal`), in that order.
    pub fn new(geometry: Geometry, goal_cells: Vec<u8>, blank_goal: usize) -> Self {
        let cells = geometry.cells();
        let k = goal_cells.len();
        assert!(
            (1..cells).contains(&k) && k <= MAX_PATTERN_TILES,
            "a pattern has 1 to {} tiles",
            (cells - 1).min(MAX_PATTERN_TILES)
        );
        let mask = mask_of(&goal_cells);
        assert_eq!(mask.count_ones() as usize, k, "cells repeat");
        assert!(
            mask & 1 << blank_goal == 0,
            "the blank is not a pattern tile"
        );
        assert!(mask & !geometry.all_cells() == 0, "cell off the board");
        let ranker = KPermutationRanker::new(cells, k);
        let mut weights = [0; MAX_PATTERN_TILES];
        weights[..k].copy_from_slice(ranker.weights());
        Self {
            ranker,
            weights,
            geometry,
            goal_cells,
            blank_goal: blank_goal as u8,
        }
    }

    /// The weights of the digits of the pattern's entries ([`KPermutationRanker::weights`]),
    /// then zeros.
    pub fn weights(&self) -> &[u64; MAX_PATTERN_TILES] {
        &self.weights
    }

    /// The goal cells of the pattern's tiles, in the pattern's order.
    pub fn goal_cells(&self) -> &[u8] {
        &self.goal_cells
    }

    /// The entry of the placement where the pattern's tiles stand on `cells` (in the pattern's
    /// order).
    pub fn entry(&self, cells: &[u8]) -> u64 {
        self.ranker.rank(cells)
    }

    /// What the table abstracts, for its file header.
    pub fn id(&self) -> TableId {
        TableId::new(
            format!(
                "sliding {}, blank goal cell {}",
                self.geometry, self.blank_goal
            ),
            format!("additive, tiles of goal cells {}", self.cells_list(" ")),
        )
    }

    /// The name of the table's file in a cache folder.
    pub fn file_name(&self) -> String {
        file_name_of(&self.id()).expect("a sliding table's identity")
    }

    fn cells_list(&self, separator: &str) -> String {
        let cells: Vec<String> = self.goal_cells.iter().map(u8::to_string).collect();
        cells.join(separator)
    }

    fn free(&self, placement: &Placement) -> u32 {
        self.geometry.all_cells() & !placement.occupied
    }

    /// Puts tile `index` on `cell`.
    #[inline]
    fn place(placement: &mut Placement, index: usize, cell: u32) {
        placement.cells[index] = cell as u8;
        placement.index_on[cell as usize] = index as u8;
        placement.occupied |= 1 << cell;
    }

    /// Takes tile `index` off its cell.
    #[inline]
    fn lift(placement: &mut Placement, index: usize) {
        let cell = placement.cells[index];
        placement.index_on[usize::from(cell)] = NO_TILE;
        placement.occupied &= !(1 << cell);
    }
}

/// The entries that one task on a core reads off through a symmetry ([`TilePattern::table_from`]).
const DERIVE_CHUNK: usize = 1 << 16;

impl TilePattern {
    /// This pattern's table, read off `table`, that of `source`, when a turn or reflection of
    /// the board takes this pattern's goal cells onto `source`'s, and its goal onto `source`'s
    /// goal: the blank's goal cell onto `source`'s, unless in both the free cells are connected
    /// at the goal (the blank may then end anywhere outside each pattern, so where it ends does
    /// not matter). Both tables then hold the same distances, since moves and their costs are
    /// the same seen through the symmetry. Entry by entry on every core: seconds where a build
    /// takes half a minute.
    pub fn table_from(&self, source: &TilePattern, table: &[u8]) -> Option<Vec<u8>> {
        if self.geometry != source.geometry || self.goal_cells.len() != source.goal_cells.len() {
            return None;
        }
        let any_blank_goal = self.goal_free_cells_connected() && source.goal_free_cells_connected();
        // The symmetry, and `order[i]`: the index in `source` of the image of this pattern's
        // tile `i` (cells are distinct, so every tile has one exactly when the sets match).
        let (image, order) = symmetries(&self.geometry).into_iter().find_map(|image| {
            if !any_blank_goal && image[usize::from(self.blank_goal)] != source.blank_goal {
                return None;
            }
            let order: Option<Vec<usize>> = self
                .goal_cells
                .iter()
                .map(|&cell| {
                    let target = image[usize::from(cell)];
                    source.goal_cells.iter().position(|&c| c == target)
                })
                .collect();
            Some((image, order?))
        })?;
        let mut distances = vec![0u8; self.entries() as usize];
        distances
            .par_chunks_mut(DERIVE_CHUNK)
            .enumerate()
            .for_each(|(chunk, slots)| {
                let mut placement = self.decode((chunk * DERIVE_CHUNK) as u64);
                let mut cells = [0u8; MAX_PATTERN_TILES];
                for (n, slot) in slots.iter_mut().enumerate() {
                    if n > 0 {
                        self.advance(&mut placement);
                    }
                    for (index, &at) in order.iter().enumerate() {
                        cells[at] = image[usize::from(placement.cells[index])];
                    }
                    *slot = table[source.entry(&cells[..order.len()]) as usize];
                }
            });
        Some(distances)
    }

    /// The patterns a turn or reflection of the board makes of this one, with the blank's goal
    /// turned too, other than this one: their tables are this one's seen through the symmetry
    /// ([`table_from`](Self::table_from) reads one off another). The named layouts of the
    /// blank-first and blank-last goals are half turns of each other, so each goal's tables
    /// serve the other.
    pub fn images(&self) -> Vec<TilePattern> {
        let mut images: Vec<TilePattern> = Vec::new();
        for image in symmetries(&self.geometry) {
            let cells = self.goal_cells.iter().map(|&cell| image[usize::from(cell)]);
            let blank_goal = usize::from(image[usize::from(self.blank_goal)]);
            let pattern = TilePattern::new(self.geometry, cells.collect(), blank_goal);
            let name = pattern.file_name();
            if name != self.file_name() && images.iter().all(|seen| seen.file_name() != name) {
                images.push(pattern);
            }
        }
        images
    }

    fn goal_free_cells_connected(&self) -> bool {
        let free = self.geometry.all_cells() & !mask_of(&self.goal_cells);
        let seed = free & free.wrapping_neg();
        self.geometry.flood(seed, free) == free
    }
}

/// The turns and reflections of the board that keep its shape, as the image of each cell: four
/// on a rectangle, eight on a square.
fn symmetries(geometry: &Geometry) -> Vec<Vec<u8>> {
    let (rows, cols) = (geometry.rows(), geometry.cols());
    let transposes: &[bool] = if geometry.is_square() {
        &[false, true]
    } else {
        &[false]
    };
    let mut maps = Vec::new();
    for &transpose in transposes {
        for flip_rows in [false, true] {
            for flip_cols in [false, true] {
                maps.push(
                    (0..rows * cols)
                        .map(|cell| {
                            let (mut row, mut col) = (cell / cols, cell % cols);
                            if flip_rows {
                                row = rows - 1 - row;
                            }
                            if flip_cols {
                                col = cols - 1 - col;
                            }
                            if transpose {
                                (row, col) = (col, row);
                            }
                            (row * cols + col) as u8
                        })
                        .collect(),
                );
            }
        }
    }
    maps
}

/// The mask of `cells`.
fn mask_of(cells: &[u8]) -> u32 {
    cells.iter().fold(0, |mask, &cell| mask | 1 << cell)
}

/// The cells of `free` that the variants (bit `i`: the `i`-th free cell) stand for.
#[inline]
fn cells_of_variants(mut variants: u64, free: u32) -> u32 {
    let mut cells = 0;
    let mut rest = free;
    while variants != 0 {
        let skip = variants.trailing_zeros();
        for _ in 0..skip {
            rest &= rest - 1;
        }
        cells |= rest & rest.wrapping_neg();
        rest &= rest - 1;
        variants >>= skip + 1;
    }
    cells
}

/// The variant of free cell `cell`: how many free cells lie below it.
#[inline]
fn variant_of_cell(cell: u32, free: u32) -> u32 {
    (free & ((1u64 << cell) - 1) as u32).count_ones()
}

/// The variants that the cells of `cells` (all free) stand for.
#[inline]
fn variants_of_cells(mut cells: u32, free: u32) -> u64 {
    let mut variants = 0;
    while cells != 0 {
        variants |= 1 << variant_of_cell(cells.trailing_zeros(), free);
        cells &= cells - 1;
    }
    variants
}

impl PatternSpace for TilePattern {
    type Entry = Placement;

    fn entries(&self) -> u64 {
        self.ranker.size()
    }

    fn variants(&self) -> u32 {
        (self.geometry.cells() - self.goal_cells.len()) as u32
    }

    fn goal(&self) -> (u64, u64) {
        let entry = self.entry(&self.goal_cells);
        let free = self.geometry.all_cells() & !mask_of(&self.goal_cells);
        let variant = variant_of_cell(u32::from(self.blank_goal), free);
        (entry, 1 << variant)
    }

    fn decode(&self, entry: u64) -> Placement {
        let mut placement = Placement {
            rank: entry,
            cells: [0; MAX_PATTERN_TILES],
            digits: [0; MAX_PATTERN_TILES],
            index_on: [NO_TILE; MAX_CELLS],
            occupied: 0,
        };
        let mut rest = entry;
        for (index, &weight) in self.weights[..self.goal_cells.len()].iter().enumerate() {
            let digit = rest / weight;
            rest %= weight;
            let mut free = self.free(&placement);
            for _ in 0..digit {
                free &= free - 1;
            }
            placement.digits[index] = digit as u8;
            Self::place(&mut placement, index, free.trailing_zeros());
        }
        placement
    }

    fn advance(&self, placement: &mut Placement) {
        let cells = self.geometry.cells();
        let k = self.goal_cells.len();
        // The last digit that can grow grows; the ones after it restart from 0.
        let mut index = k - 1;
        while usize::from(placement.digits[index]) + 1 >= cells - index {
            index -= 1;
        }
        for later in (index..k).rev() {
            Self::lift(placement, later);
        }
        let above = !((2u64 << placement.cells[index]) - 1) as u32;
        placement.digits[index] += 1;
        Self::place(
            placement,
            index,
            (self.free(placement) & above).trailing_zeros(),
        );
        for later in index + 1..k {
            placement.digits[later] = 0;
            Self::place(placement, later, self.free(placement).trailing_zeros());
        }
        placement.rank += 1;
    }

    fn closure(&self, placement: &Placement, variants: u64) -> u64 {
        let free = self.free(placement);
        let blanks = self.geometry.flood(cells_of_variants(variants, free), free);
        variants_of_cells(blanks, free)
    }

    fn neighbours(
        &self,
        placement: &Placement,
        variants: u64,
        mut visit: impl FnMut(u64, u32, &dyn Fn() -> u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let free = self.free(placement);
        let mut blanks = cells_of_variants(variants, free);
        while blanks != 0 {
            let blank = blanks.trailing_zeros() as usize;
            blanks &= blanks - 1;
            for mv in Move::ALL {
                let Some(cell) = self.geometry.step(blank, mv) else {
                    continue;
                };
                let index = placement.index_on[cell];
                if index == NO_TILE {
                    continue;
                }
                // The tile slides onto the blank's cell; the blank takes its place.
                let between = cells_between(cell, blank) & placement.occupied;
                let change = rank_change(
                    &self.weights,
                    usize::from(index),
                    cell,
                    blank,
                    between,
                    |other| usize::from(placement.index_on[other]),
                );
                let next = placement.rank.wrapping_add_signed(change);
                let next_free = free ^ (1 << blank) ^ (1 << cell);
                let component =
                    || variants_of_cells(self.geometry.flood(1 << cell, next_free), next_free);
                visit(next, variant_of_cell(cell as u32, next_free), &component)?;
            }
        }
        ControlFlow::Continue(())
    }
}
