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
        let started = Instant::now();
        let mut stats = Stats::default();
        let entries = self.classes.len() * self.raw.len();
        let nibbles: Vec<AtomicU8> = (0..entries.div_ceil(2))
            .map(|_| AtomicU8::new(UNSEEN * 17))
            .collect();
        set_unseen(&nibbles, self.goal, 0);
        let (mut reached, mut layer_size) = (1usize, 1usize);
        let chunks = self.classes.len().div_ceil(CHUNK_CLASSES);
        // Depths up to 14, below the mark of the entries not reached.
        for depth in 0u8..UNSEEN - 1 {
            let backwards = entries - reached < 4 * layer_size;
            let [expanded, generated, found] = (0..chunks)
                .into_par_iter()
                .map(|chunk| self.layer_part(&nibbles, chunk, depth, backwards, limits))
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
            if found == 0 {
                break;
            }
        }
        stats.elapsed = started.elapsed();
        // Atomic bytes and bytes are alike in memory: the vector is reused in place.
        let nibbles = nibbles.into_iter().map(AtomicU8::into_inner).collect();
        Ok((nibbles, stats))
    }

    /// Layer `depth`'s search over the classes of task `chunk`: forwards, the unseen
    /// neighbours of its entries at `depth` set one further; backwards, its unseen entries
    /// with a neighbour at `depth`.
    fn layer_part(
        &self,
        nibbles: &[AtomicU8],
        chunk: usize,
        depth: u8,
        backwards: bool,
        limits: &Limits,
    ) -> Result<Counts, StopReason> {
        let meter = Meter::new(limits);
        let (width, moves) = (self.raw.len(), self.raw.moves());
        let first = chunk * CHUNK_CLASSES;
        let classes = first..(first + CHUNK_CLASSES).min(self.classes.len());
        let [mut expanded, mut generated, mut found] = Counts::default();
        for class in classes {
            meter.check_clock_and_flag()?;
            let neighbours = &self.class_moves[class * moves..(class + 1) * moves];
            let row = class * width;
            for raw in 0..width {
                let distance = nibble_of(nibbles, row + raw);
                if distance != if backwards { UNSEEN } else { depth } {
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
                        if nibble_of(nibbles, next) == depth {
                            set_own(nibbles, row + raw, depth + 1);
                            found += 1;
                            break;
                        }
                    } else if set_unseen(nibbles, next, depth + 1) {
                        found += 1;
                        let stabiliser = self.classes.stabiliser(next_class);
                        found +=
                            self.set_images(nibbles, (next_row, next_raw), stabiliser, depth + 1);
                    }
                }
            }
        }
        Ok([expanded, generated, found])
    }

    /// Sets to `distance` the unseen entries of `row` whose raw coordinate is `raw` mapped by a
    /// symmetry of `stabiliser` (bits, the identity's left out); how many there were.
    fn set_images(
        &self,
        nibbles: &[AtomicU8],
        (row, raw): (usize, u32),
        stabiliser: u64,
        distance: u8,
    ) -> u64 {
        let mut set = 0;
        let mut others = stabiliser & !1;
        while others != 0 {
            let symmetry = others.trailing_zeros() as usize;
            others &= others - 1;
            let entry = row + self.raw.back(raw, symmetry) as usize;
            set += u64::from(set_unseen(nibbles, entry, distance));
        }
        set
    }
}

/// Entry `entry` of a table of half bytes being built.
#[inline]
fn nibble_of(bytes: &[AtomicU8], entry: usize) -> u8 {
    bytes[entry / 2].load(Ordering::Relaxed) >> (entry % 2 * 4) & 15
}

/// Sets entry `entry` to `value` if it is [`UNSEEN`]; whether it was. Every task that sets an
/// entry in one layer sets it to the same value, so the AND lets one of them find it unseen.
#[inline]
fn set_unseen(bytes: &[AtomicU8], entry: usize, value: u8) -> bool {
    let shift = entry % 2 * 4;
    let byte = &bytes[entry / 2];
    if byte.load(Ordering::Relaxed) >> shift & 15 != UNSEEN {
        return false;
    }
    let keep = !((UNSEEN ^ value) << shift);
    byte.fetch_and(keep, Ordering::Relaxed) >> shift & 15 == UNSEEN
}

/// Sets entry `entry`, [`UNSEEN`] and in a byte that no other task writes, to `value`.
#[inline]
fn set_own(bytes: &[AtomicU8], entry: usize, value: u8) {
    let byte = &bytes[entry / 2];
    let set = byte.load(Ordering::Relaxed) ^ (UNSEEN ^ value) << (entry % 2 * 4);
    byte.store(set, Ordering::Relaxed);
}

/// How many positions of a table over `classes` × `width` raw values with these half bytes
/// are at each distance: entry `d` for distance `d`. An entry stands for 16 / (its
/// stabiliser's order) positions.
pub(super) fn positions_at_each_distance(
    classes: &SymmetryClasses,
    width: usize,
    bytes: &[u8],
) -> Vec<u64> {
    let mut counts = vec![0u64; 16];
    for class in 0..classes.len() {
        let stabiliser = classes.stabiliser(class as u32).count_ones();
        let images = SYMMETRIES as u64 / u64::from(stabiliser);
        for raw in 0..width {
            counts[usize::from(nibble(bytes, class * width + raw))] += images;
        }
    }
    while counts.last() == Some(&0) {
        counts.pop();
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
