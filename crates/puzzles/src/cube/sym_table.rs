//! Tables of half bytes over (class of a coordinate under the 16 symmetries, another
//! coordinate), such as the two-phase search's phase-1 table ([`Phase1Table`]): built by
//! breadth-first layers over their entries. Forwards (each entry of the layer sets its unseen
//! neighbours) while the layer is small, backwards (each unseen entry looks for a neighbour in
//! the layer, stopping at the first) once the unseen entries are fewer than four times the
//! layer's. Moving forwards, an entry reached at a representative that a symmetry keeps also
//! sets the entries of its other coordinate mapped by that symmetry: those positions are
//! images of each other and have its distance, but a move may lead to only one of them.
//!
//! [`Phase1Table`]: super::phase1_table::Phase1Table

use std::path::Path;
use std::time::Instant;

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

/// The entries `class × raw size + raw` of a table and the moves between them.
pub(super) struct SymSpace<'a> {
    /// The classes of the symmetric coordinate.
    pub classes: &'a SymmetryClasses,
    /// From each class's representative, after each move (`raw`'s columns): the class and the
    /// symmetry that maps its representative onto the coordinate reached.
    pub class_moves: Vec<(u32, u8)>,
    /// The other coordinate after each move.
    pub raw: &'a MoveTable,
    /// `raw_back[value × 16 + s]`: the other coordinate of a cube mapped back by symmetry `s`.
    pub raw_back: &'a [u16],
    /// The goal's entry: its raw coordinate must be every symmetry's image of itself.
    pub goal: usize,
}

impl SymSpace<'_> {
    /// The table's half bytes by breadth-first layers from the goal, stopped by the clock or
    /// flag of `limits`; with the statistics of the search.
    pub fn build(&self, limits: &Limits) -> Result<(Vec<u8>, Stats), StopReason> {
        let started = Instant::now();
        let meter = Meter::new(limits);
        let mut stats = Stats::default();
        let width = self.raw.len();
        let moves = self.raw.columns();
        let entries = self.classes.len() * width;
        let mut nibbles = vec![UNSEEN * 17; entries.div_ceil(2)];
        set_nibble(&mut nibbles, self.goal, 0);
        let (mut reached, mut layer_size) = (1usize, 1usize);
        // Depths up to 14, below the mark of the entries not reached.
        for depth in 0u8..UNSEEN - 1 {
            let mut layer = LayerStats {
                depth: u32::from(depth),
                ..LayerStats::default()
            };
            let backwards = entries - reached < 4 * layer_size;
            let mut found = 0;
            for (class, neighbours) in self.class_moves.chunks(moves).enumerate() {
                meter.check_clock_and_flag()?;
                let row = class * width;
                for raw in 0..width {
                    let distance = nibble(&nibbles, row + raw);
                    if distance != if backwards { UNSEEN } else { depth } {
                        continue;
                    }
                    layer.expanded += 1;
                    for (turn, &(next_class, symmetry)) in neighbours.iter().enumerate() {
                        layer.generated += 1;
                        let next_raw = self.raw.get(raw as u16, turn as u8);
                        let next_raw = self.back(next_raw, usize::from(symmetry));
                        let next_row = next_class as usize * width;
                        let next = next_row + usize::from(next_raw);
                        if backwards {
                            if nibble(&nibbles, next) == depth {
                                set_nibble(&mut nibbles, row + raw, depth + 1);
                                found += 1;
                                break;
                            }
                        } else if nibble(&nibbles, next) == UNSEEN {
                            set_nibble(&mut nibbles, next, depth + 1);
                            found += 1;
                            let stabiliser = self.classes.stabiliser(next_class);
                            found += self.set_images(
                                &mut nibbles,
                                (next_row, next_raw),
                                stabiliser,
                                depth + 1,
                            );
                        }
                    }
                }
            }
            stats.expanded += layer.expanded;
            stats.generated += layer.generated;
            stats.push_layer(layer);
            reached += found;
            layer_size = found;
            if found == 0 {
                break;
            }
        }
        stats.elapsed = started.elapsed();
        Ok((nibbles, stats))
    }

    /// The raw coordinate `raw` mapped back by symmetry `s`.
    #[inline]
    fn back(&self, raw: u16, s: usize) -> u16 {
        self.raw_back[usize::from(raw) * SYMMETRIES + s]
    }

    /// Sets to `distance` the unseen entries of `row` whose raw coordinate is `raw` mapped by a
    /// symmetry of `stabiliser` (bits, the identity's left out); how many there were.
    fn set_images(
        &self,
        nibbles: &mut [u8],
        (row, raw): (usize, u16),
        stabiliser: u64,
        distance: u8,
    ) -> usize {
        let mut set = 0;
        let mut others = stabiliser & !1;
        while others != 0 {
            let symmetry = others.trailing_zeros() as usize;
            others &= others - 1;
            let entry = row + usize::from(self.back(raw, symmetry));
            if nibble(nibbles, entry) == UNSEEN {
                set_nibble(nibbles, entry, distance);
                set += 1;
            }
        }
        set
    }
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

/// Sets entry `entry` (which must be [`UNSEEN`]) to `value`.
#[inline]
fn set_nibble(bytes: &mut [u8], entry: usize, value: u8) {
    bytes[entry / 2] ^= (UNSEEN ^ value) << (entry % 2 * 4);
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
