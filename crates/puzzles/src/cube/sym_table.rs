//! Tables of half bytes over (class of a coordinate under the 16 symmetries, another
//! coordinate), such as the two-phase search's phase-1 table ([`Phase1Table`]): built by
//! breadth-first layers over their entries. Forwards (each entry of the layer sets its unseen
//! neighbours) while the layer is small, backwards (each unseen entry looks for a neighbour in
//! the layer, stopping at the first) once the unseen entries are fewer than four times the
//! layer's. Moving forwards, an entry reached at a representative that a symmetry keeps also
//! sets the entries of its other coordinate mapped by that symmetry: those positions are
//! images of each other and have its distance, but a move may lead to only one of them.
//! Each layer is split over the cores by ranges of classes. The other coordinate is any
//! [`RawCoordinate`]: one coordinate's move table, or a product of several (up to 2^32 values).
//!
//! [`Phase1Table`]: super::phase1_table::Phase1Table

use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use statespace_engine::pattern_database::{Header, Origin, PatternDatabase, TableCache, TableId};
use statespace_engine::rank::SymmetryClasses;
use statespace_engine::{LayerStats, Limits, Meter, Stats, StopReason};

use super::coords::MoveTable;
use super::symmetry::SYMMETRIES;
use crate::puzzle::{TableStatus, format_duration};

/// An entry not reached yet, while a table is built; after, an entry at least this far from
/// the goal (the search stops at 14 moves: phase 2's deepest pairs take 18).
pub(super) const UNSEEN: u8 = 15;

/// The bytes that [`SymSpace::class_moves`] holds while a table over `classes` classes with
/// `moves` moves is built.
pub(super) const fn class_moves_bytes(classes: usize, moves: usize) -> u64 {
    (classes * moves * std::mem::size_of::<(u32, u8)>()) as u64
}

/// A coordinate that the symmetries map onto itself, beside the classes of a [`SymSpace`]: its
/// values after each move and mapped back by each symmetry.
pub(super) trait RawCoordinate: Sync {
    /// The number of values.
    fn len(&self) -> usize;
    /// The number of moves.
    fn moves(&self) -> usize;
    /// Value `raw` after move number `turn` (a column of the move tables).
    fn turned(&self, raw: u32, turn: u8) -> u32;
    /// Value `raw` of a cube mapped back by symmetry `s`.
    fn back(&self, raw: u32, s: usize) -> u32;
}

/// One coordinate of at most 2^16 values, by its move table and its table mapped back
/// (`back[value × 16 + s]`).
pub(super) struct Coordinate<'a> {
    pub moves: &'a MoveTable,
    pub back: &'a [u16],
}

impl RawCoordinate for Coordinate<'_> {
    fn len(&self) -> usize {
        self.moves.len()
    }

    fn moves(&self) -> usize {
        self.moves.columns()
    }

    #[inline]
    fn turned(&self, raw: u32, turn: u8) -> u32 {
        u32::from(self.moves.get(raw as u16, turn))
    }

    #[inline]
    fn back(&self, raw: u32, s: usize) -> u32 {
        u32::from(self.back[raw as usize * SYMMETRIES + s])
    }
}

/// The classes a task of a layer scans: an even number, so that no two tasks write one byte
/// when the entries' rows are of odd width.
const CHUNK_CLASSES: usize = 64;

/// What a part of a layer counted: entries expanded, neighbours generated, entries found.
type Counts = [u64; 3];

/// The entries `class × raw size + raw` of a table and the moves between them.
pub(super) struct SymSpace<'a, R> {
    /// The classes of the symmetric coordinate.
    pub classes: &'a SymmetryClasses,
    /// From each class's representative, after each move (`raw`'s moves): the class and the
    /// symmetry that maps its representative onto the coordinate reached.
    pub class_moves: Vec<(u32, u8)>,
    /// The other coordinate.
    pub raw: R,
    /// The goal's entry: its raw coordinate must be every symmetry's image of itself.
    pub goal: usize,
}

impl<R: RawCoordinate> SymSpace<'_, R> {
    /// The table's half bytes by breadth-first layers from the goal, each layer split over the
    /// cores by ranges of classes, stopped by the clock or flag of `limits`; with the
    /// statistics of the search. Moving forwards a task sets entries anywhere, each by an
    /// atomic AND (every write of a layer writes the same distance, so two writes of one entry
    /// agree and one of them counts it); backwards a task sets only the entries of its own
    /// classes.
    pub fn build(&self, limits: &Limits) -> Result<(Vec<u8>, Stats), StopReason> {
        let (nibbles, stats, _) = self.build_marks::<4>(limits)?;
        Ok((nibbles, stats))
    }

    /// The table in [`Bands`] of two bits an entry, built likewise: while it is built, 0
    /// marks the layers before the last, 1 the last, 2 the one being found and 3 the entries
    /// not reached; after each layer 1 becomes 0 and 2 becomes 1, until at most half the
    /// entries are unseen.
    pub fn build_bands(&self, limits: &Limits) -> Result<(Bands, Stats), StopReason> {
        let (codes, stats, last) = self.build_marks::<2>(limits)?;
        Ok((Bands { codes, last }, stats))
    }

    /// The table's entries of `BITS` bits (4: distances; 2: [`Bands`]) and the last layer
    /// found.
    fn build_marks<const BITS: usize>(
        &self,
        limits: &Limits,
    ) -> Result<(Vec<u8>, Stats, u8), StopReason> {
        let started = Instant::now();
        let mut stats = Stats::default();
        let entries = self.classes.len() * self.raw.len();
        let bytes: Vec<AtomicU8> = (0..(entries * BITS).div_ceil(8))
            .map(|_| AtomicU8::new(u8::MAX))
            .collect();
        set_unseen::<BITS>(&bytes, self.goal, Marks::<BITS>::layer(0));
        let (mut reached, mut layer_size) = (1usize, 1usize);
        let chunks = self.classes.len().div_ceil(CHUNK_CLASSES);
        let mut last = 0;
        // Depths up to 14, below the mark of the entries not reached.
        for depth in 0u8..UNSEEN - 1 {
            let backwards = entries - reached < 4 * layer_size;
            let [expanded, generated, found] = (0..chunks)
                .into_par_iter()
                .map(|chunk| self.layer_part::<BITS>(&bytes, chunk, depth, backwards, limits))
                .try_reduce(Counts::default, |a, b| {
                    Ok(std::array::from_fn(|k| a[k] + b[k]))
                })?;
            stats.expanded += expanded;
            stats.generated += generated;
            stats.push_layer(LayerStats {
                depth: u32::from(depth),
                expanded,
                generated,
            });
            reached += found as usize;
            layer_size = found as usize;
            last = depth + 1;
            if found == 0 || BITS == 2 && 2 * (entries - reached) <= entries {
                break;
            }
            if BITS == 2 {
                bytes.par_iter().for_each(|byte| {
                    byte.store(next_bands(byte.load(Ordering::Relaxed)), Ordering::Relaxed)
                });
            }
        }
        stats.elapsed = started.elapsed();
        // Atomic bytes and bytes are alike in memory: the vector is reused in place.
        let bytes = bytes.into_iter().map(AtomicU8::into_inner).collect();
        Ok((bytes, stats, last))
    }

    /// Layer `depth`'s search over the classes of task `chunk`: forwards, the unseen
    /// neighbours of its entries at `depth` set one further; backwards, its unseen entries
    /// with a neighbour at `depth`.
    fn layer_part<const BITS: usize>(
        &self,
        bytes: &[AtomicU8],
        chunk: usize,
        depth: u8,
        backwards: bool,
        limits: &Limits,
    ) -> Result<Counts, StopReason> {
        let meter = Meter::new(limits);
        let (width, moves) = (self.raw.len(), self.raw.moves());
        let (layer, next_layer) = (Marks::<BITS>::layer(depth), Marks::<BITS>::next(depth));
        let first = chunk * CHUNK_CLASSES;
        let classes = first..(first + CHUNK_CLASSES).min(self.classes.len());
        let [mut expanded, mut generated, mut found] = Counts::default();
        for class in classes {
            meter.check_clock_and_flag()?;
            let neighbours = &self.class_moves[class * moves..(class + 1) * moves];
            let row = class * width;
            for raw in 0..width {
                let mark = entry_of::<BITS>(bytes, row + raw);
                if mark
                    != if backwards {
                        Marks::<BITS>::UNSEEN
                    } else {
                        layer
                    }
                {
                    continue;
                }
                expanded += 1;
                for (turn, &(next_class, symmetry)) in neighbours.iter().enumerate() {
                    generated += 1;
                    let next_raw = self.raw.turned(raw as u32, turn as u8);
                    let next_raw = self.raw.back(next_raw, usize::from(symmetry));
                    let next_row = next_class as usize * width;
                    let next = next_row + next_raw as usize;
                    if backwards {
                        if entry_of::<BITS>(bytes, next) == layer {
                            set_own::<BITS>(bytes, row + raw, next_layer);
                            found += 1;
                            break;
                        }
                    } else if set_unseen::<BITS>(bytes, next, next_layer) {
                        found += 1;
                        let stabiliser = self.classes.stabiliser(next_class);
                        found += self.set_images::<BITS>(
                            bytes,
                            (next_row, next_raw),
                            stabiliser,
                            next_layer,
                        );
                    }
                }
            }
        }
        Ok([expanded, generated, found])
    }

    /// Sets to `distance` the unseen entries of `row` whose raw coordinate is `raw` mapped by a
    /// symmetry of `stabiliser` (bits, the identity's left out); how many there were.
    fn set_images<const BITS: usize>(
        &self,
        bytes: &[AtomicU8],
        (row, raw): (usize, u32),
        stabiliser: u64,
        mark: u8,
    ) -> u64 {
        let mut set = 0;
        let mut others = stabiliser & !1;
        while others != 0 {
            let symmetry = others.trailing_zeros() as usize;
            others &= others - 1;
            let entry = row + self.raw.back(raw, symmetry) as usize;
            set += u64::from(set_unseen::<BITS>(bytes, entry, mark));
        }
        set
    }
}

/// What marks an entry of `BITS` bits while a table is built: half bytes hold distances,
/// two bits the layer's place (see [`SymSpace::build_bands`]).
struct Marks<const BITS: usize>;

impl<const BITS: usize> Marks<BITS> {
    /// The mark of the entries not reached.
    const UNSEEN: u8 = (1 << BITS) - 1;

    /// The mark of the entries at `depth` while the next layer is found.
    fn layer(depth: u8) -> u8 {
        if BITS == 4 { depth } else { 1 }
    }

    /// The mark of the entries found at `depth + 1`.
    fn next(depth: u8) -> u8 {
        if BITS == 4 { depth + 1 } else { 2 }
    }
}

/// Four entries of two bits once a layer is done: the last layer (1) joins those before (0)
/// and the one found (2) becomes the last; the unseen (3) stay.
#[inline]
fn next_bands(byte: u8) -> u8 {
    let (high, low) = (byte >> 1 & 0x55, byte & 0x55);
    (high & low) << 1 | high
}

/// Entry `entry` of `BITS` bits of a table being built.
#[inline]
fn entry_of<const BITS: usize>(bytes: &[AtomicU8], entry: usize) -> u8 {
    let (index, shift) = place::<BITS>(entry);
    bytes[index].load(Ordering::Relaxed) >> shift & Marks::<BITS>::UNSEEN
}

/// The byte of entry `entry` of `BITS` bits and its place in it.
#[inline]
fn place<const BITS: usize>(entry: usize) -> (usize, usize) {
    let per_byte = 8 / BITS;
    (entry / per_byte, entry % per_byte * BITS)
}

/// Sets entry `entry` to `mark` if it is unseen; whether it was. Every task that sets an
/// entry in one layer sets it to the same mark, so the AND lets one of them find it unseen.
#[inline]
fn set_unseen<const BITS: usize>(bytes: &[AtomicU8], entry: usize, mark: u8) -> bool {
    let unseen = Marks::<BITS>::UNSEEN;
    let (index, shift) = place::<BITS>(entry);
    let byte = &bytes[index];
    if byte.load(Ordering::Relaxed) >> shift & unseen != unseen {
        return false;
    }
    let keep = !((unseen ^ mark) << shift);
    byte.fetch_and(keep, Ordering::Relaxed) >> shift & unseen == unseen
}

/// Sets entry `entry`, unseen and in a byte that no other task writes, to `mark`.
#[inline]
fn set_own<const BITS: usize>(bytes: &[AtomicU8], entry: usize, mark: u8) {
    let (index, shift) = place::<BITS>(entry);
    let byte = &bytes[index];
    let set = byte.load(Ordering::Relaxed) ^ (Marks::<BITS>::UNSEEN ^ mark) << shift;
    byte.store(set, Ordering::Relaxed);
}

/// A table of two bits an entry, each a band of distances: 0 for at most `last − 2` moves (no
/// estimate), 1 for `last − 1`, 2 for `last`, 3 for more. Larger tables fit the memory so,
/// and the bands keep what prunes deep in a search (the field's nxopt and vcube keep two bits
/// with a base so).
pub(super) struct Bands {
    /// Four entries a byte, the first in the low bits.
    pub codes: Vec<u8>,
    /// The last layer the build found.
    pub last: u8,
}

/// The least distance of band `code` of a table whose last layer is `last` (0 for band 0).
#[inline]
pub(super) fn band_distance(code: u8, last: u8) -> u8 {
    if code == 0 { 0 } else { code + last - 2 }
}

/// Band `entry` of a table of [`Bands`]' codes.
#[inline]
pub(super) fn band(codes: &[u8], entry: usize) -> u8 {
    codes[entry / 4] >> (entry % 4 * 2) & 3
}

/// How many positions of a table over `classes` × `width` raw values with these half bytes
/// are at each distance: entry `d` for distance `d`. An entry stands for 16 / (its
/// stabiliser's order) positions.
pub(super) fn positions_at_each_distance(
    classes: &SymmetryClasses,
    group: usize,
    width: usize,
    bytes: &[u8],
) -> Vec<u64> {
    let mut counts = positions_by_mark(classes, group, width, |entry| nibble(bytes, entry));
    while counts.last() == Some(&0) {
        counts.pop();
    }
    counts
}

/// How many positions of a table over `classes` × `width` raw values have each mark (`mark`
/// of an entry, below 16): entry `m` for mark `m`. An entry stands for 16 / (its
/// stabiliser's order) positions.
pub(super) fn positions_by_mark(
    classes: &SymmetryClasses,
    group: usize,
    width: usize,
    mark: impl Fn(usize) -> u8,
) -> Vec<u64> {
    let mut counts = vec![0u64; 16];
    for class in 0..classes.len() {
        let stabiliser = classes.stabiliser(class as u32).count_ones();
        let images = group as u64 / u64::from(stabiliser);
        for raw in 0..width {
            counts[usize::from(mark(class * width + raw))] += images;
        }
    }
    counts
}

/// The line about a table of a cache folder at `path`: `built`, the line of its build (with
/// why a file there was refused, and whether it was saved), or when it was loaded, `what` was
/// loaded and how long that took since `started`.
pub(super) fn cache_note(
    origin: &Origin,
    built: Option<String>,
    path: &Path,
    what: &str,
    started: Instant,
) -> String {
    match (origin, built) {
        (Origin::Built { refused, saved }, Some(mut note)) => {
            if let Some(refused) = refused {
                note.push_str(&format!(" ({refused}: rebuilt)"));
            }
            match saved {
                Ok(()) => note.push_str(&format!(", saved to {}", path.display())),
                Err(error) => note.push_str(&format!(", not saved: {error}")),
            }
            note
        }
        _ => format!(
            "table: {what} loaded from {} in {}",
            path.display(),
            format_duration(started.elapsed())
        ),
    }
}

/// A table's file in a folder of tables: its name, what it must hold, the bytes it takes.
pub(super) struct TableFile {
    pub name: &'static str,
    pub id: TableId,
    pub bytes: u64,
}

impl TableFile {
    /// Whether `cache` holds it (its file is there, with its header), and its size.
    pub(super) fn status(&self, cache: &TableCache) -> TableStatus {
        let header = Header::read(&cache.path(self.name));
        TableStatus {
            name: self.name.to_string(),
            bytes: self.bytes,
            cached: header.is_ok_and(|header| header.id == self.id),
        }
    }
}

/// Entry `entry` of a table of half bytes.
#[inline]
pub(super) fn nibble(bytes: &[u8], entry: usize) -> u8 {
    bytes[entry / 2] >> (entry % 2 * 4) & 15
}

/// The line about table `what` just built.
fn built_note(what: &str, stats: &Stats) -> String {
    format!(
        "table: {what}, {} layers, built in {}",
        stats.layers.len(),
        format_duration(stats.elapsed)
    )
}

/// The table `what` of half bytes named `name` from `cache` when its file holds `id`
/// undamaged (mapped, its checksum checked), otherwise built by `build` and saved there (kept
/// in memory only without a cache); with what happened, in a line.
pub(super) fn load_or_build(
    cache: Option<&TableCache>,
    name: &str,
    id: &TableId,
    what: &str,
    build: impl FnOnce() -> Result<(Vec<u8>, Stats), StopReason>,
) -> Result<(PatternDatabase, String), StopReason> {
    let Some(cache) = cache else {
        let (nibbles, stats) = build()?;
        let table = PatternDatabase::from_distances(id.clone(), nibbles);
        return Ok((table, built_note(what, &stats)));
    };
    let started = Instant::now();
    let mut built = None;
    let cached = cache.load_or_build(name, id, |_| {
        let (nibbles, stats) = build()?;
        built = Some(built_note(what, &stats));
        Ok(PatternDatabase::from_distances(id.clone(), nibbles))
    })?;
    let note = cache_note(&cached.origin, built, &cache.path(name), what, started);
    Ok((cached.table, note))
}
