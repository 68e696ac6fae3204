//! The tables of a layout: loaded from a cache folder, or built and saved there.

use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use statespace_engine::StopReason;
use statespace_engine::pattern_database::{
    BuildOptions, Origin, PatternDatabase, PatternSpace, PdbError, TableCache, build,
};

use crate::puzzle::format_duration;

use super::board::Geometry;
use super::partition::Layout;
use super::pattern::TilePattern;

/// What happened to one table while a layout's tables were fetched, for the caller to report.
#[derive(Debug)]
pub enum TableEvent<'a> {
    /// The table was loaded from `path` in `elapsed`.
    Loaded {
        /// The table's file.
        path: &'a std::path::Path,
        /// How long loading (and checking) took.
        elapsed: Duration,
    },
    /// The table's file was missing (or refused), and the table is about to be read off
    /// `source`, the cached table of a turn or reflection of its pattern (another goal's).
    ReadingOff {
        /// The table's file.
        path: &'a std::path::Path,
        /// The file it is read off.
        source: &'a std::path::Path,
    },
    /// The table is about to be built; its file was missing, or refused for `refused`.
    Building {
        /// The table's file.
        path: &'a std::path::Path,
        /// Why the file that was there could not be used.
        refused: Option<&'a PdbError>,
    },
    /// The table was built in `elapsed`; `save_error` says why it could not be saved, if so.
    Built {
        /// The table's file.
        path: &'a std::path::Path,
        /// How long the build took.
        elapsed: Duration,
        /// Why the table could not be written, if it could not.
        save_error: Option<&'a PdbError>,
    },
}

/// One line about what happened to a table.
impl fmt::Display for TableEvent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableEvent::Loaded { path, elapsed } => {
                write!(
                    f,
                    "loaded {} in {}",
                    path.display(),
                    format_duration(*elapsed)
                )
            }
            TableEvent::ReadingOff { path, source } => write!(
                f,
                "reading {} off {} (the same table through a turn or reflection of the board)",
                path.display(),
                source.display()
            ),
            TableEvent::Building {
                refused: Some(reason),
                ..
            } => write!(f, "refused {reason}; building it again"),
            TableEvent::Building {
                path,
                refused: None,
            } => write!(f, "building {} (once; later runs load it)", path.display()),
            TableEvent::Built {
                elapsed,
                save_error: Some(error),
                ..
            } => write!(
                f,
                "built in {}, but could not save it: {error}",
                format_duration(*elapsed)
            ),
            TableEvent::Built {
                path,
                elapsed,
                save_error: None,
            } => write!(
                f,
                "built {} in {}",
                path.display(),
                format_duration(*elapsed)
            ),
        }
    }
}

/// The memory building the tables of `patterns` takes at most, as the engine's memory budget
/// counts it: every table (a byte per entry), and the working lanes of the largest build (three
/// bits per abstract state).
pub fn build_bytes(patterns: &[TilePattern]) -> u64 {
    let tables: u64 = patterns.iter().map(PatternSpace::entries).sum();
    let lanes = patterns
        .iter()
        .map(|pattern| pattern.entries() * u64::from(pattern.variants()))
        .max()
        .unwrap_or(0);
    tables.saturating_add(lanes.div_ceil(8).saturating_mul(3))
}

/// The table of `pattern` read off one of the tables made before it (`tables`, of `earlier`)
/// when a symmetry of the board maps that one's pattern onto this one ([`TilePattern::table_from`];
/// in the 24-puzzle's 6-6-6-6, the third and fourth are a half and a quarter turn of the
/// second).
fn read_off_earlier(
    pattern: &TilePattern,
    earlier: &[TilePattern],
    tables: &[PatternDatabase],
) -> Option<Vec<u8>> {
    earlier
        .iter()
        .zip(tables)
        .find_map(|(source, table)| pattern.table_from(source, table.as_bytes()))
}

/// The table of `pattern` read off a sound table of one of its [images](TilePattern::images)
/// that `cache` holds (the other goal's, for the named layouts), with that table's file.
fn read_off_cached(cache: &TableCache, pattern: &TilePattern) -> Option<(PathBuf, Vec<u8>)> {
    pattern.images().into_iter().find_map(|image| {
        let path = cache.path(&image.file_name());
        let table = PatternDatabase::load(&path, &image.id()).ok()?;
        let distances = pattern.table_from(&image, table.as_bytes())?;
        Some((path, distances))
    })
}

/// The table of `pattern`: read off an earlier table of its layout, otherwise built.
fn make(
    pattern: &TilePattern,
    earlier: &[TilePattern],
    tables: &[PatternDatabase],
    options: &BuildOptions,
) -> Result<PatternDatabase, StopReason> {
    match read_off_earlier(pattern, earlier, tables) {
        Some(distances) => Ok(PatternDatabase::from_distances(pattern.id(), distances)),
        None => build(pattern, pattern.id(), options).table,
    }
}

/// The pattern databases of a layout on a board, one per pattern, in the layout's order.
#[derive(Debug)]
pub struct PatternTables {
    layout: Layout,
    patterns: Vec<TilePattern>,
    tables: Vec<PatternDatabase>,
}

impl PatternTables {
    /// The tables of `layout` on `geometry` for a goal whose blank is on `blank_goal`: each loaded
    /// from `cache` when its file is there and sound, otherwise built (telling the options'
    /// progress) and saved. `report` hears about each table.
    pub fn load_or_build(
        cache: &TableCache,
        geometry: &Geometry,
        blank_goal: usize,
        layout: &Layout,
        options: &BuildOptions,
        mut report: impl FnMut(TableEvent<'_>),
    ) -> Result<Self, StopReason> {
        let patterns = layout.tile_patterns(geometry, blank_goal);
        let mut tables: Vec<PatternDatabase> = Vec::with_capacity(patterns.len());
        for (done, pattern) in patterns.iter().enumerate() {
            let name = pattern.file_name();
            let path = cache.path(&name);
            let started = Instant::now();
            let cached = cache.load_or_build(&name, &pattern.id(), |refused| {
                let earlier = &patterns[..done];
                if let Some(distances) = read_off_earlier(pattern, earlier, &tables) {
                    return Ok(PatternDatabase::from_distances(pattern.id(), distances));
                }
                if let Some((source, distances)) = read_off_cached(cache, pattern) {
                    report(TableEvent::ReadingOff {
                        path: &path,
                        source: &source,
                    });
                    return Ok(PatternDatabase::from_distances(pattern.id(), distances));
                }
                report(TableEvent::Building {
                    path: &path,
                    refused,
                });
                build(pattern, pattern.id(), options).table
            })?;
            let elapsed = started.elapsed();
            match &cached.origin {
                Origin::Loaded => report(TableEvent::Loaded {
                    path: &path,
                    elapsed,
                }),
                Origin::Built { saved, .. } => report(TableEvent::Built {
                    path: &path,
                    elapsed,
                    save_error: saved.as_ref().err(),
                }),
            }
            tables.push(cached.table);
        }
        Ok(Self {
            layout: layout.clone(),
            patterns,
            tables,
        })
    }

    /// Builds the tables in memory without any cache (for small boards, tests, and solvers
    /// given no folder), as `options` say.
    pub fn build(
        geometry: &Geometry,
        blank_goal: usize,
        layout: &Layout,
        options: &BuildOptions,
    ) -> Result<Self, StopReason> {
        let patterns = layout.tile_patterns(geometry, blank_goal);
        let mut tables = Vec::with_capacity(patterns.len());
        for (done, pattern) in patterns.iter().enumerate() {
            tables.push(make(pattern, &patterns[..done], &tables, options)?);
        }
        Ok(Self {
            layout: layout.clone(),
            patterns,
            tables,
        })
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The abstraction of each table.
    pub fn patterns(&self) -> &[TilePattern] {
        &self.patterns
    }

    /// The tables, in the layout's order.
    pub fn tables(&self) -> &[PatternDatabase] {
        &self.tables
    }
}
