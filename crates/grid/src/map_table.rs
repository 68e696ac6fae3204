//! Tables computed once per map (JPS+'s jump distances, goal bounding's boxes) and kept in the
//! engine's table cache: a header naming the map's sides and a hash of its cells, a checksum, a
//! damaged or foreign file refused and the table built again.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use statespace_engine::pattern_database::{Origin, PatternDatabase, TableCache, TableId};
use xxhash_rust::xxh3::xxh3_64;

use crate::map::Map;

/// How a table's identity names its map, before the sides.
const DOMAIN: &str = "grid map ";

/// A table computed once per map from its open cells, kept in a table cache (see the module's
/// notes): JPS+'s jump distances ([`JumpTable`](crate::JumpTable)), goal bounding's boxes
/// ([`GoalBounds`](crate::GoalBounds)).
pub trait MapTable: Sized {
    /// The algorithm's name, which starts each line saying how a table came.
    const NAME: &'static str;
    /// What the identity says the table holds.
    const PATTERN: &'static str;
    /// How the names of the table's files start, before the map's file name.
    const PREFIX: &'static str;

    /// The bytes the table of `map` takes in memory: what a memory budget counts.
    fn bytes(map: &Arc<Map>) -> u64;

    /// The table of `map`, computed.
    fn compute(map: Arc<Map>) -> Self;

    /// The table's bytes, as the cache saves them.
    fn to_bytes(&self) -> Vec<u8>;

    /// The table of `map` read off `bytes`; `None` when they are not a table of the map's
    /// size.
    fn from_bytes(map: Arc<Map>, bytes: &[u8]) -> Option<Self>;

    /// The table's identity: the map's sides and a hash of its cells, so that a table is never
    /// used for another map (nor for the same file name edited).
    fn id(map: &Map) -> TableId {
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
            Self::PATTERN,
        )
    }

    /// Whether a cache file named `stem` (without its extension) is named as this kind of
    /// table names the table `id` it holds: the map's file name, which the identity does not
    /// record, after the prefix.
    fn is_named_for(stem: &str, id: &TableId) -> bool {
        stem.starts_with(Self::PREFIX)
            && id.pattern == Self::PATTERN
            && id.domain.starts_with(DOMAIN)
    }

    /// The name of the table file of `map` in a cache: after the map's file name, or its
    /// identity's hash when it has none.
    fn file_name(map: &Map) -> String {
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
            1 => format!("{}{name}", Self::PREFIX),
            unit => format!("{}{name}.size{unit}", Self::PREFIX),
        }
    }

    /// The table of `map` from `cache` ([`MapTable::load_or_build`]), or computed in memory
    /// without one; with the line saying which and how long it took.
    fn for_map(map: Arc<Map>, cache: Option<&TableCache>) -> (Self, String) {
        if let Some(cache) = cache {
            return Self::load_or_build(map, cache);
        }
        let started = Instant::now();
        let table = Self::compute(map);
        let line = format!(
            "{}: built the table in memory in {}",
            Self::NAME,
            ms(started.elapsed())
        );
        (table, line)
    }

    /// The table of `map`: loaded from `cache` when its file there holds this map's table
    /// undamaged, otherwise computed and saved; with one line saying which, how long it took,
    /// and why a file that was there was refused.
    fn load_or_build(map: Arc<Map>, cache: &TableCache) -> (Self, String) {
        let started = Instant::now();
        let (name, id) = (Self::file_name(&map), Self::id(&map));
        let path = cache.path(&name);
        let cached = cache.load_or_build(&name, &id, |_| {
            let table = Self::compute(map.clone());
            Ok(PatternDatabase::from_distances(
                id.clone(),
                table.to_bytes(),
            ))
        });
        let cached = cached.expect("building a map's table never stops");
        let elapsed = started.elapsed();
        // The identity names the sides and hashes the cells, so a sound file is of this size.
        let Some(table) = Self::from_bytes(map.clone(), cached.table.as_bytes()) else {
            return built_in_memory(map, &path);
        };
        let line = match cached.origin {
            Origin::Loaded => format!(
                "{}: loaded {} in {}",
                Self::NAME,
                path.display(),
                ms(elapsed)
            ),
            Origin::Built { refused, saved } => {
                let mut line = match refused {
                    Some(reason) => format!("{}: refused {reason}; built it again", Self::NAME),
                    None => format!("{}: built {}", Self::NAME, path.display()),
                };
                line.push_str(&format!(" in {}", ms(elapsed)));
                if let Err(error) = saved {
                    line.push_str(&format!(", but could not save it: {error}"));
                }
                line
            }
        };
        (table, line)
    }
}

/// `T`'s table of `map` built in memory, when `path` could not give it, with its line.
fn built_in_memory<T: MapTable>(map: Arc<Map>, path: &Path) -> (T, String) {
    let started = Instant::now();
    let table = T::compute(map);
    let line = format!(
        "{}: refused {}: not a table of the map's size; built it in memory in {}",
        T::NAME,
        path.display(),
        ms(started.elapsed())
    );
    (table, line)
}

/// `elapsed` in milliseconds, for a table's line.
fn ms(elapsed: Duration) -> String {
    format!("{:.2} ms", elapsed.as_secs_f64() * 1e3)
}
