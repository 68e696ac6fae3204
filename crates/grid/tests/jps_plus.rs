//! JPS+: its tables against the online jumps of jump point search on random maps, its answers
//! on the arena map, and its tables in the cache: loaded when sound, refused and rebuilt when
//! damaged or another map's, refused by the memory budget.

mod common;

use common::{arena, random_maps};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use proptest::prelude::*;
use statespace_engine::pattern_database::TableCache;
use statespace_engine::{Limits, StopReason};
use statespace_grid::{
    Algorithm, Connectivity, GridCase, GridSearcher, JumpMap, JumpTable, Jumps, Map, MapTable, Step,
};

/// A folder of its own for `test`, emptied.
fn scratch(test: &str) -> PathBuf {
    common::scratch("jps-plus", test)
}

/// Whether `table` gives every jump of `map` as the online jumps do (the goal out of the way:
/// on the cell the jump starts from).
fn same_jumps(map: &Map, table: &JumpTable) -> Result<(), String> {
    let bits = JumpMap::new(map);
    for y in 0..map.height() as isize {
        for x in 0..map.width() as isize {
            if !map.is_open(x, y) {
                continue;
            }
            for step in Step::ALL {
                let at = (x, y);
                let (online, read) = if step.is_diagonal() {
                    (
                        bits.jump_diagonal(at, step, at),
                        table.jump_diagonal(at, step, at),
                    )
                } else {
                    (
                        bits.jump_straight(at, step, at),
                        table.jump_straight(at, step, at),
                    )
                };
                if online != read {
                    return Err(format!(
                        "{step} from {at:?}: online {online:?}, table {read:?}"
                    ));
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On random maps of every density and of sides that straddle a word of 64 cells, JPS+'s
    /// table stops every jump where the online jumps stop.
    #[test]
    fn tables_jump_as_the_online_search_does(map in random_maps(70, 1, 140, 70)) {
        let table = JumpTable::build(map.clone());
        prop_assert_eq!(same_jumps(&map, &table), Ok(()));
    }
}

/// Every scenario of `cases` answered by JPS+ through `searcher`, at its recorded length.
fn at_their_lengths(searcher: &mut GridSearcher, cases: &[GridCase]) {
    common::at_their_lengths(searcher, cases, Algorithm::JpsPlus);
}

/// The one note of `searcher`.
fn note(searcher: &mut GridSearcher) -> String {
    let notes = searcher.take_notes();
    assert_eq!(notes.len(), 1, "{notes:?}");
    notes[0].clone()
}

#[test]
fn a_table_is_built_once_then_loaded() {
    let dir = scratch("built-once");
    let (map, cases) = arena();
    let mut first = GridSearcher::with_table_cache(TableCache::new(&dir));
    at_their_lengths(&mut first, &cases);
    let path = dir.join("grid-jps+-arena.map.pdb");
    assert!(note(&mut first).starts_with(&format!("jps+: built {} in ", path.display())));
    let mut second = GridSearcher::with_table_cache(TableCache::new(&dir));
    at_their_lengths(&mut second, &cases);
    assert!(note(&mut second).starts_with(&format!("jps+: loaded {} in ", path.display())));
    let (loaded, _) = JumpTable::load_or_build(map.clone(), &TableCache::new(&dir));
    assert_eq!(loaded, JumpTable::build(map));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Overwrites the byte at `offset` of the file at `path` with its complement.
fn damage(path: &Path, offset: usize) {
    let mut bytes = std::fs::read(path).unwrap();
    bytes[offset] = !bytes[offset];
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn a_damaged_table_is_refused_and_rebuilt() {
    let dir = scratch("damaged");
    let (map, cases) = arena();
    let cache = TableCache::new(&dir);
    let path = cache.path(&JumpTable::file_name(&map));
    JumpTable::load_or_build(map.clone(), &cache);
    // A distance of the table (after the 4 KiB header).
    damage(&path, 4096 + 1000);
    let mut searcher = GridSearcher::with_table_cache(TableCache::new(&dir));
    searcher
        .prepare(&map, Algorithm::JpsPlus, &Limits::none())
        .unwrap();
    let line = note(&mut searcher);
    let expected = format!(
        "jps+: refused {}: damaged pattern database (checksum ",
        path.display()
    );
    assert!(line.starts_with(&expected), "{line}");
    assert!(line.contains("; built it again in "), "{line}");
    at_their_lengths(&mut searcher, &cases);
    // Rebuilt and saved: the next load takes it.
    let (table, line) = JumpTable::load_or_build(map.clone(), &cache);
    assert!(line.starts_with("jps+: loaded "), "{line}");
    assert_eq!(table, JumpTable::build(map));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn another_maps_table_is_refused_and_rebuilt() {
    let dir = scratch("foreign");
    let (map, cases) = arena();
    let cache = TableCache::new(&dir);
    // The same file name, one wall fewer: an edited map.
    let mut text = include_str!("data/arena.map").to_string();
    let wall = text.rfind(|c| "@OTW".contains(c)).unwrap();
    text.replace_range(wall..=wall, ".");
    let edited = Arc::new(Map::parse(&text).unwrap().named("arena.map"));
    assert_eq!(JumpTable::file_name(&edited), JumpTable::file_name(&map));
    JumpTable::load_or_build(edited.clone(), &cache);
    let mut searcher = GridSearcher::with_table_cache(TableCache::new(&dir));
    at_their_lengths(&mut searcher, &cases);
    let line = note(&mut searcher);
    let path = cache.path(&JumpTable::file_name(&map));
    let expected = format!(
        "jps+: refused {}: holds the table of \"{}; {}\", not of \"{}; {}\"; built it again in ",
        path.display(),
        JumpTable::id(&edited).domain,
        JumpTable::id(&edited).pattern,
        JumpTable::id(&map).domain,
        JumpTable::id(&map).pattern,
    );
    assert!(line.starts_with(&expected), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_table_over_the_memory_budget_is_refused() {
    let (map, cases) = arena();
    // The index (4 bytes a cell) fits, the table (16 more) does not.
    let limits = Limits::none().max_memory(map.cells() as u64 * 10);
    let mut searcher = GridSearcher::default();
    let (answer, _) = searcher.solve(&cases[0], Connectivity::Eight, Algorithm::JpsPlus, &limits);
    assert_eq!(answer, Err(StopReason::MemoryLimit));
    assert_eq!(searcher.take_notes(), Vec::<String>::new());
    let (answer, _) = searcher.solve(&cases[0], Connectivity::Eight, Algorithm::Jps, &limits);
    assert!(answer.is_ok());
}
