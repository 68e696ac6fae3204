//! What the tests of jumps and of tables kept per map share: a scratch folder, the shipped
//! arena map, its scenarios checked, random maps.

use std::path::PathBuf;
use std::sync::Arc;

use proptest::prelude::*;
use statespace_engine::Limits;
use statespace_grid::{
    Algorithm, Connectivity, GridCase, GridSearcher, Map, TOLERANCE, parse, random_scenarios,
};

/// A folder of its own for test `test` of the file `file`, emptied.
pub fn scratch(file: &str, test: &str) -> PathBuf {
    let name = format!("statespace-{file}-{}-{test}", std::process::id());
    let dir = std::env::temp_dir().join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The arena map (named as its file) with its 130 scenarios.
pub fn arena() -> (Arc<Map>, Vec<GridCase>) {
    let map = Map::parse(include_str!("../data/arena.map"))
        .unwrap()
        .named("arena.map");
    let map = Arc::new(map);
    let text = [
        include_str!("../data/arena.map"),
        include_str!("../data/arena.map.scen"),
    ]
    .concat();
    let cases = parse(&text)
        .map(|case| GridCase {
            map: map.clone(),
            ..case.unwrap()
        })
        .collect();
    (map, cases)
}

/// Every scenario of `cases` answered by `algorithm` through `searcher`, at its recorded length.
pub fn at_their_lengths(searcher: &mut GridSearcher, cases: &[GridCase], algorithm: Algorithm) {
    for (number, case) in cases.iter().enumerate() {
        let (answer, _) = searcher.solve(case, Connectivity::Eight, algorithm, &Limits::none());
        let length = answer.unwrap().length().unwrap();
        let recorded = case.optimal.unwrap();
        assert!(
            (length - recorded).abs() <= TOLERANCE,
            "scenario {number}: {length} against {recorded}"
        );
    }
}

/// Random maps of walls at fewer than `walls` percent, of at least `min` and fewer than `width`
/// columns, and at least `min` and fewer than `height` rows.
pub fn random_maps(
    walls: u32,
    min: usize,
    width: usize,
    height: usize,
) -> impl Strategy<Value = Arc<Map>> {
    (0u64..1_000_000, 0..walls, min..width, min..height).prop_map(|(seed, walls, width, height)| {
        let walls = f64::from(walls) / 100.0;
        let eight = Connectivity::Eight;
        random_scenarios(width, height, walls, eight, 0, seed)
            .unwrap()
            .0
    })
}
