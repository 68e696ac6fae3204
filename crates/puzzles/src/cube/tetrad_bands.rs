//! Tables of two-bit [`Bands`] over (class of an edge coordinate under the 16 symmetries that
//! keep UD) × 2,187 twists × 70 tetrads, the last layer in their last byte: the table of the
//! edges' layers ([`LayerTable`](super::layer_table::LayerTable)) and that of the slice edges'
//! order ([`OrderTable`](super::order_table::OrderTable)) differ only in their edge coordinate.

use statespace_engine::pattern_database::{PatternDatabase, TableCache};
use statespace_engine::rank::SymmetryClasses;
use statespace_engine::{Limits, StopReason};

use super::coords::phase1_move_tables;
use super::sym_table::{Bands, TableFile, band, band_distance, load_or_build, positions_by_mark};
use super::symmetry::{SYMMETRIES, Symmetries};
use super::tetrad_table::{TETRADS, WIDTH, over_twist_tetrad, tetrads_back};

/// The bands of distances of each (edge coordinate, twist, tetrad).
#[derive(Debug)]
pub(super) struct TetradBands {
    symmetries: Symmetries,
    classes: SymmetryClasses,
    tetrad_back: Vec<u8>,
    /// Two bits per entry `class × 153090 + twist × 70 + tetrad`, then the last layer.
    bands: PatternDatabase,
    /// The last layer the build found.
    last: u8,
}

impl TetradBands {
    /// The table of `file` from `cache` when its file is there and sound (mapped, its checksum
    /// checked), otherwise built within `limits` (refused before it starts when it cannot fit)
    /// and saved there (kept in memory only without a cache); with what happened, in a line
    /// (`what` the table). The edge coordinate's classes come from `classes` (made once the
    /// budget is known to hold the table), its values after each move from a class's
    /// representative from `class_moves`, and `goal` is the goal's value, which every symmetry
    /// keeps.
    pub fn load_or_build<F, I>(
        cache: Option<&TableCache>,
        (file, what): (&TableFile, &str),
        classes: impl FnOnce(&Symmetries) -> SymmetryClasses,
        (class_moves, goal): (F, u64),
        limits: &Limits,
    ) -> Result<(TetradBands, String), StopReason>
    where
        F: Fn(&SymmetryClasses, u32) -> I,
        I: Iterator<Item = u64>,
    {
        if !limits.fits(file.bytes) {
            return Err(StopReason::MemoryLimit);
        }
        let symmetries = Symmetries::new();
        let classes = classes(&symmetries);
        let (bands, note) = load_or_build(cache, file.name, &file.id, what, || {
            let [twist, _, _] = phase1_move_tables();
            let class_moves = |class| class_moves(&classes, class);
            let space = (&classes, class_moves, goal, &twist);
            let (bands, stats) =
                over_twist_tetrad(&symmetries, space, |space| space.build_bands(limits))?;
            let Bands { mut codes, last } = bands;
            codes.push(last);
            Ok((codes, stats))
        })?;
        let last = *bands.as_bytes().last().expect("the last layer's byte");
        let table = TetradBands {
            tetrad_back: tetrads_back(&symmetries),
            symmetries,
            classes,
            bands,
            last,
        };
        Ok((table, note))
    }

    /// The entry of the position of these coordinates, a read of its class first, so that a
    /// search can make it for several positions before reading their distances
    /// ([`distance_at`](Self::distance_at)).
    #[inline]
    pub fn entry(&self, edges: u64, twist: u16, tetrad: u16) -> usize {
        let (class, s) = self.classes.class_of(edges);
        let twist = self.symmetries.twist_back(twist, s);
        let tetrad = self.tetrad_back[usize::from(tetrad) * SYMMETRIES + s];
        class as usize * WIDTH + usize::from(twist) * TETRADS + usize::from(tetrad)
    }

    /// The least distance of entry `entry`'s band ([`entry`](Self::entry)): 0 in the first
    /// band.
    #[inline]
    pub fn distance_at(&self, entry: usize) -> u8 {
        band_distance(band(self.bands.as_bytes(), entry), self.last)
    }

    /// How many positions (each entry standing for 16 / its stabiliser's order) are in each
    /// band, and the last layer.
    pub fn positions_in_each_band(&self) -> ([u64; 4], u8) {
        let codes = self.bands.as_bytes();
        let counts = positions_by_mark(&self.classes, WIDTH, |entry| band(codes, entry));
        (std::array::from_fn(|code| counts[code]), self.last)
    }
}
