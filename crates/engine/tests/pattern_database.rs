//! Pattern databases: the builder against a textbook Dijkstra on random abstract spaces (free,
//! unit and weighted actions), the file
//! format (round trip, and refusal of damaged or foreign files), the cache, and the heuristic
//! combinators under IDA*.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use proptest::prelude::*;
use statespace_engine::astar::astar;
use statespace_engine::distance_table::mean_distance;
use statespace_engine::heuristics::{Additive, Image, Max, Partition, Projection, Symmetry};
use statespace_engine::idastar::idastar;
use statespace_engine::pattern_database::{
    BuildOptions, Header, Origin, PatternDatabase, PatternSpace, PdbError, TableCache, TableId,
    UNREACHED, build,
};
use statespace_engine::{Domain, Heuristic, Limits, PerfectHash, Reversible, StopReason};

/// A random abstract space: `entries` x `variants` states, free edges inside entries and
/// costly edges anywhere (each of cost 1 to `max_cost`), both undirected.
#[derive(Clone, Debug)]
struct RandomSpace {
    entries: u64,
    variants: u32,
    free: Vec<Vec<usize>>,
    unit: Vec<Vec<(usize, u8)>>,
    max_cost: u8,
    goal: (u64, u32),
}

impl RandomSpace {
    fn new(
        entries: u64,
        variants: u32,
        free: &[(u16, u16)],
        unit: &[(u16, u16)],
        goal: u16,
    ) -> Self {
        let states = (entries * u64::from(variants)) as usize;
        let mut space = Self {
            entries,
            variants,
            free: vec![Vec::new(); states],
            unit: vec![Vec::new(); states],
            max_cost: 1,
            goal: (0, 0),
        };
        for &(a, b) in free {
            // A free edge joins two variants of the same entry.
            let a = usize::from(a) % states;
            let b = a - a % variants as usize + usize::from(b) % variants as usize;
            space.free[a].push(b);
            space.free[b].push(a);
        }
        for &(a, b) in unit {
            let (a, b) = (usize::from(a) % states, usize::from(b) % states);
            space.unit[a].push((b, 1));
            space.unit[b].push((a, 1));
        }
        let goal = usize::from(goal) % states;
        space.goal = (
            (goal / variants as usize) as u64,
            (goal % variants as usize) as u32,
        );
        space
    }

    fn state(&self, entry: u64, variant: u32) -> usize {
        entry as usize * self.variants as usize + variant as usize
    }

    /// The same space with each costly edge costing 1 to `max_cost`, the same both ways, as
    /// drawn from `costs` for its two ends.
    fn weighted(mut self, max_cost: u8, costs: &[u8]) -> Self {
        for (state, edges) in self.unit.iter_mut().enumerate() {
            for (next, cost) in edges.iter_mut() {
                let (a, b) = (state.min(*next), state.max(*next));
                let draw = usize::from(costs[(a * 31 + b) % costs.len()]) + a + b;
                *cost = 1 + (draw % usize::from(max_cost)) as u8;
            }
        }
        self.max_cost = max_cost;
        self
    }

    /// Distances by a textbook Dijkstra, then the least per entry.
    fn expected(&self) -> Vec<u8> {
        let mut distance = vec![u32::MAX; self.free.len()];
        let mut queue = BinaryHeap::new();
        let goal = self.state(self.goal.0, self.goal.1);
        distance[goal] = 0;
        queue.push(Reverse((0, goal)));
        while let Some(Reverse((d, state))) = queue.pop() {
            if d > distance[state] {
                continue;
            }
            let free = self.free[state].iter().map(|&next| (next, 0));
            let costly = self.unit[state]
                .iter()
                .map(|&(next, cost)| (next, u32::from(cost)));
            for (next, cost) in free.chain(costly) {
                if d + cost < distance[next] {
                    distance[next] = d + cost;
                    queue.push(Reverse((d + cost, next)));
                }
            }
        }
        distance
            .chunks(self.variants as usize)
            .map(|chunk| {
                let least = *chunk.iter().min().unwrap();
                if least == u32::MAX {
                    UNREACHED
                } else {
                    least as u8
                }
            })
            .collect()
    }
}

impl PatternSpace for RandomSpace {
    type Entry = u64;
    fn entries(&self) -> u64 {
        self.entries
    }
    fn variants(&self) -> u32 {
        self.variants
    }
    fn goal(&self) -> (u64, u64) {
        (self.goal.0, 1 << self.goal.1)
    }
    fn decode(&self, entry: u64) -> u64 {
        entry
    }
    fn advance(&self, entry: &mut u64) {
        *entry += 1;
    }
    fn closure(&self, &entry: &u64, variants: u64) -> u64 {
        let mut reached = variants;
        let mut stack: Vec<u32> = (0..self.variants)
            .filter(|v| variants & 1 << v != 0)
            .collect();
        while let Some(variant) = stack.pop() {
            for &next in &self.free[self.state(entry, variant)] {
                let next = (next % self.variants as usize) as u32;
                if reached & 1 << next == 0 {
                    reached |= 1 << next;
                    stack.push(next);
                }
            }
        }
        reached
    }
    fn neighbours(
        &self,
        entry: &u64,
        variants: u64,
        mut visit: impl FnMut(u64, u32, &dyn Fn() -> u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        assert_eq!(self.max_cost, 1, "a weighted space is asked its weights");
        self.weighted_neighbours(entry, variants, |next, variant, _, component| {
            visit(next, variant, component)
        })
    }
    fn max_cost(&self) -> u8 {
        self.max_cost
    }
    fn weighted_neighbours(
        &self,
        &entry: &u64,
        variants: u64,
        mut visit: impl FnMut(u64, u32, u8, &dyn Fn() -> u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for variant in (0..self.variants).filter(|v| variants & 1 << v != 0) {
            for &(next, cost) in &self.unit[self.state(entry, variant)] {
                let (next_entry, next_variant) = (
                    (next / self.variants as usize) as u64,
                    (next % self.variants as usize) as u32,
                );
                let component = || self.closure(&next_entry, 1 << next_variant);
                visit(next_entry, next_variant, cost, &component)?;
            }
        }
        ControlFlow::Continue(())
    }
}

fn id(pattern: &str) -> TableId {
    TableId::new("random test space", pattern)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_entry_is_the_least_0_1_bfs_distance_over_its_variants(
        entries in 1u64..40,
        variants in 1u32..12,
        free in proptest::collection::vec(any::<(u16, u16)>(), 0..60),
        unit in proptest::collection::vec(any::<(u16, u16)>(), 0..120),
        goal in any::<u16>(),
    ) {
        let space = RandomSpace::new(entries, variants, &free, &unit, goal);
        let built = build(&space, id("random"), &BuildOptions::default());
        let table = built.table.unwrap();
        let expected = space.expected();
        prop_assert_eq!(table.as_bytes(), expected.as_slice());
        prop_assert_eq!(built.stats.layers[0].depth, 0);
    }

    #[test]
    fn weighted_entries_are_the_least_dijkstra_distance_over_their_variants(
        entries in 1u64..40,
        variants in 1u32..6,
        free in proptest::collection::vec(any::<(u16, u16)>(), 0..30),
        unit in proptest::collection::vec(any::<(u16, u16)>(), 0..120),
        max_cost in 2u8..6,
        costs in proptest::collection::vec(any::<u8>(), 1..20),
        goal in any::<u16>(),
    ) {
        let space = RandomSpace::new(entries, variants, &free, &unit, goal)
            .weighted(max_cost, &costs);
        let built = build(&space, id("weighted"), &BuildOptions::default());
        let table = built.table.unwrap();
        let expected = space.expected();
        prop_assert_eq!(table.as_bytes(), expected.as_slice());
        // A layer per cost up to the deepest state (at least the deepest entry), and one
        // trailing layer that settled nothing.
        let layers = &built.stats.layers;
        let deepest = expected.iter().filter(|&&d| d != UNREACHED).max().copied().unwrap_or(0);
        prop_assert!(layers.len() >= usize::from(deepest) + 2);
        prop_assert_eq!(layers[layers.len() - 1].expanded, 0);
        prop_assert!(layers[layers.len() - 2].expanded > 0);
        let settled: u64 = layers.iter().map(|layer| layer.expanded).sum();
        prop_assert_eq!(settled, built.stats.expanded);
    }
}

#[test]
fn wide_variants_use_wide_lanes() {
    // 33 to 64 variants need 64-bit lanes; a ring of entries with free moves along each.
    for variants in [17, 33, 64] {
        let entries = 9u64;
        let free: Vec<(u16, u16)> = (0..entries as u16 * variants as u16)
            .map(|state| (state, state + 1))
            .collect();
        let unit: Vec<(u16, u16)> = (0..entries as u16)
            .map(|entry| {
                (
                    entry * variants as u16 + 3,
                    (entry + 1) * variants as u16 + 5,
                )
            })
            .collect();
        let space = RandomSpace::new(entries, variants, &free, &unit, 0);
        let table = build(&space, id("ring"), &BuildOptions::default())
            .table
            .unwrap();
        assert_eq!(table.as_bytes(), space.expected().as_slice());
    }
}

#[test]
fn limits_stop_a_build() {
    // States 0, 4, 8 and 12 (variant 0 of entries 0 to 3) in a chain: distances 0 to 3.
    let space = RandomSpace::new(30, 4, &[], &[(0, 4), (4, 8), (8, 12)], 0);
    let built = |limits: Limits| {
        let options = BuildOptions {
            limits,
            ..BuildOptions::default()
        };
        build(&space, id("x"), &options).table
    };
    let stopped = |limits: Limits| built(limits).unwrap_err();
    assert_eq!(
        stopped(Limits::none().max_stored(10)),
        StopReason::MemoryLimit
    );
    assert_eq!(stopped(Limits::none().max_depth(2)), StopReason::DepthLimit);
    // 30 entries of one byte, and three lanes of 120 bits (15 bytes each): 75 bytes.
    assert_eq!(
        stopped(Limits::none().max_memory(74)),
        StopReason::MemoryLimit
    );
    assert!(built(Limits::none().max_memory(75)).is_ok());
    let cancelled = Arc::new(AtomicBool::new(true));
    assert_eq!(
        stopped(Limits::none().cancel_flag(cancelled)),
        StopReason::Cancelled
    );
    // A depth limit equal to the deepest distance keeps the whole table (it used to stop).
    let table = built(Limits::none().max_depth(3)).unwrap();
    assert_eq!(table.histogram(), vec![1, 1, 1, 1]);
}

/// A fresh folder under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("statespace-pdb-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn sample_table() -> PatternDatabase {
    let distances: Vec<u8> = (0..10_000u32).map(|i| (i % 37) as u8).collect();
    PatternDatabase::from_distances(id("sample"), distances)
}

#[test]
fn a_saved_table_loads_mapped_with_the_same_bytes() {
    let dir = scratch("round-trip");
    let path = dir.join("sample.pdb");
    let table = sample_table();
    table.save(&path).unwrap();
    let loaded = PatternDatabase::load(&path, &id("sample")).unwrap();
    assert!(loaded.is_mapped());
    assert_eq!(loaded.as_bytes(), table.as_bytes());
    assert_eq!(loaded.checksum(), table.checksum());
    assert_eq!(loaded.get(38), 1);
    assert_eq!(Header::read(&path).unwrap(), table.header());
    assert_eq!(PatternDatabase::verify(&path).unwrap().entries, 10_000);
    assert_eq!(table.histogram().len(), 37);
    assert!((mean_distance(&table.histogram()) - 17.98).abs() < 0.01);
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn damaged_and_foreign_files_are_refused_with_a_reason() {
    let dir = scratch("refusals");
    let path = dir.join("sample.pdb");
    let table = sample_table();
    table.save(&path).unwrap();
    let bytes = std::fs::read(&path).unwrap();

    let foreign = PatternDatabase::load(&path, &id("another pattern")).unwrap_err();
    assert!(matches!(foreign, PdbError::Foreign { .. }));
    assert!(
        foreign
            .to_string()
            .contains("holds the table of \"random test space; sample\"")
    );

    let mut flipped = bytes.clone();
    *flipped.last_mut().unwrap() ^= 1;
    std::fs::write(&path, &flipped).unwrap();
    let damaged = PatternDatabase::load(&path, &id("sample")).unwrap_err();
    assert!(
        damaged
            .to_string()
            .contains("damaged pattern database (checksum"),
        "{damaged}"
    );
    assert!(PatternDatabase::verify(&path).is_err());

    std::fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
    let truncated = PatternDatabase::load(&path, &id("sample")).unwrap_err();
    assert!(matches!(truncated, PdbError::Damaged { .. }));

    std::fs::write(&path, b"not a table at all").unwrap();
    let garbage = PatternDatabase::load(&path, &id("sample")).unwrap_err();
    assert!(
        garbage
            .to_string()
            .contains("not a pattern database (wrong magic number)")
    );

    let mut future = bytes.clone();
    future[8] = 99;
    std::fs::write(&path, &future).unwrap();
    let version = PatternDatabase::load(&path, &id("sample")).unwrap_err();
    assert!(matches!(version, PdbError::Version { found: 99, .. }));

    let missing = PatternDatabase::load(&dir.join("absent.pdb"), &id("sample")).unwrap_err();
    assert!(missing.is_missing());
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_cache_builds_once_loads_later_and_rebuilds_what_it_refuses() {
    let dir = scratch("cache");
    let cache = TableCache::new(dir.join("nested"));
    let mut builds = 0;
    let mut fetch = |cache: &TableCache| {
        cache
            .load_or_build("sample", &id("sample"), |refused| {
                builds += 1;
                Ok(PatternDatabase::from_distances(
                    id("sample"),
                    vec![refused.map_or(0, |_| 1); 100],
                ))
            })
            .unwrap()
    };
    let first = fetch(&cache);
    assert!(matches!(
        first.origin,
        Origin::Built {
            refused: None,
            saved: Ok(())
        }
    ));
    let second = fetch(&cache);
    assert!(matches!(second.origin, Origin::Loaded));
    assert_eq!(second.table.get(5), 0);

    let path = cache.path("sample");
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[4096] ^= 0xff;
    std::fs::write(&path, bytes).unwrap();
    let third = fetch(&cache);
    assert!(matches!(
        third.origin,
        Origin::Built {
            refused: Some(PdbError::Damaged { .. }),
            saved: Ok(())
        }
    ));
    assert_eq!(third.table.get(5), 1);
    assert_eq!(builds, 2);

    let listed = cache.list().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].header.as_ref().unwrap().id, id("sample"));
    assert!(
        TableCache::new(dir.join("absent"))
            .list()
            .unwrap()
            .is_empty()
    );
    std::fs::remove_dir_all(dir).unwrap();
}

/// Counters on independent dials of 0..=9, each action turning one dial by one step; the goal
/// is all zeros. Dials are disjoint patterns; the exact distance is the sum of the dials.
#[derive(Clone, Debug)]
struct Dials;

impl Domain for Dials {
    type State = [u8; 3];
    type Action = (usize, i8);
    fn actions(&self, state: &[u8; 3], out: &mut Vec<(usize, i8)>) {
        for (dial, &value) in state.iter().enumerate() {
            if value > 0 {
                out.push((dial, -1));
            }
            if value < 9 {
                out.push((dial, 1));
            }
        }
    }
    fn apply(&self, state: &mut [u8; 3], (dial, step): (usize, i8)) {
        state[dial] = state[dial].wrapping_add_signed(step);
    }
    fn invert(&self, (dial, step): (usize, i8)) -> Option<(usize, i8)> {
        Some((dial, -step))
    }
    fn is_goal(&self, state: &[u8; 3]) -> bool {
        *state == [0; 3]
    }
}
impl Reversible for Dials {}

/// Pattern `i` is dial `i`; its table entry is the dial's value.
#[derive(Clone)]
struct DialPartition(usize);

impl Partition<Dials> for DialPartition {
    fn entry(&self, pattern: usize, state: &[u8; 3]) -> u64 {
        u64::from(state[pattern])
    }
    fn changed(&self, _after: &[u8; 3], (dial, _): (usize, i8)) -> Option<usize> {
        (dial < self.0).then_some(dial)
    }
}

/// Swaps the first two dials: a symmetry that fixes the goal.
struct SwapFirstTwo;

impl Symmetry<Dials> for SwapFirstTwo {
    fn image(&self, state: &[u8; 3]) -> [u8; 3] {
        [state[1], state[0], state[2]]
    }
    fn image_action(&self, (dial, step): (usize, i8)) -> (usize, i8) {
        ([1, 0, 2][dial], step)
    }
}

fn dial_table() -> PatternDatabase {
    PatternDatabase::from_distances(id("dial"), (0..10).collect())
}

#[test]
fn additive_sums_disjoint_tables_and_ida_star_updates_them_move_by_move() {
    let table = dial_table();
    let exact = Additive::new(DialPartition(3), vec![&table; 3]);
    assert_eq!(exact.estimate(&Dials, &[3, 9, 4]), 16);
    let result = idastar(&Dials, &[3, 9, 4], &exact, &Limits::none());
    assert_eq!(result.outcome.solution().unwrap().cost, 16);
    // An exact heuristic: a single iteration, straight down.
    assert_eq!(result.stats.layers.len(), 1);
    assert_eq!(result.stats.expanded, 16);
}

#[test]
fn max_and_image_stay_admissible_and_take_the_better_estimate() {
    let table = dial_table();
    // Only the first dial's table: weak alone, better on the image for states like [0, 7, 0].
    let first = Additive::new(DialPartition(1), vec![&table]);
    let both = Max(
        first.clone(),
        Image {
            heuristic: first.clone(),
            symmetry: SwapFirstTwo,
        },
    );
    assert_eq!(first.estimate(&Dials, &[0, 7, 0]), 0);
    assert_eq!(both.estimate(&Dials, &[0, 7, 0]), 7);
    for start in [[0, 7, 0], [3, 1, 2], [2, 2, 1]] {
        let plain = idastar(&Dials, &start, &first, &Limits::none());
        let better = idastar(&Dials, &start, &both, &Limits::none());
        let cost = u64::from(start.iter().map(|&d| u32::from(d)).sum::<u32>());
        assert_eq!(plain.outcome.solution().unwrap().cost, cost);
        assert_eq!(better.outcome.solution().unwrap().cost, cost);
        assert!(better.stats.expanded <= plain.stats.expanded);
    }
}

/// The first two of the three dials, ranked: an abstraction of `Dials`.
struct FirstTwoDials;

impl Domain for FirstTwoDials {
    type State = [u8; 2];
    type Action = (usize, i8);
    fn actions(&self, state: &[u8; 2], out: &mut Vec<(usize, i8)>) {
        let mut whole = Vec::new();
        Dials.actions(&[state[0], state[1], 0], &mut whole);
        out.extend(whole.into_iter().filter(|&(dial, _)| dial < 2));
    }
    fn apply(&self, state: &mut [u8; 2], (dial, step): (usize, i8)) {
        state[dial] = state[dial].wrapping_add_signed(step);
    }
    fn invert(&self, (dial, step): (usize, i8)) -> Option<(usize, i8)> {
        Some((dial, -step))
    }
    fn is_goal(&self, state: &[u8; 2]) -> bool {
        *state == [0; 2]
    }
}
impl Reversible for FirstTwoDials {}

impl PerfectHash for FirstTwoDials {
    fn size(&self) -> u64 {
        100
    }
    fn rank(&self, state: &[u8; 2]) -> u64 {
        u64::from(state[0]) * 10 + u64::from(state[1])
    }
    fn unrank(&self, rank: u64) -> [u8; 2] {
        [(rank / 10) as u8, (rank % 10) as u8]
    }
}

#[test]
fn a_projection_onto_an_abstraction_is_an_admissible_estimate() {
    let project = |state: &[u8; 3]| [state[0], state[1]];
    let estimate = Projection::build(FirstTwoDials, &[[0, 0]], project, &Limits::none()).unwrap();
    assert_eq!(estimate.table().histogram().iter().sum::<u64>(), 100);
    for start in [[3, 9, 4], [0, 0, 5], [9, 9, 2], [1, 0, 0]] {
        let cost = u64::from(start.iter().map(|&dial| u32::from(dial)).sum::<u32>());
        assert_eq!(
            u64::from(estimate.estimate(&Dials, &start)),
            cost - u64::from(start[2])
        );
        let guided = astar(&Dials, &start, &estimate, &Limits::none());
        let blind = astar(&Dials, &start, &|_: &[u8; 3]| 0, &Limits::none());
        assert_eq!(guided.outcome.solution().unwrap().cost, cost);
        assert!(guided.stats.expanded < blind.stats.expanded || cost == 0);
        let by_closure = |state: &[u8; 3]| estimate.estimate(&Dials, state);
        let deepening = idastar(&Dials, &start, &by_closure, &Limits::none());
        assert_eq!(deepening.outcome.solution().unwrap().cost, cost);
    }
}
