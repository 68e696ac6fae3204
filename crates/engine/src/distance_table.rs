//! Exact distance tables: breadth-first distances to the goals for every state of a ranked
//! space, one byte per state (two for spaces deeper than 254) — the basis of exact solvers and
//! pattern databases.
//!
//! The search runs backwards from the goals over [`Predecessors::predecessor_actions`] (checked
//! first on a sample: see [`predecessors`](crate::predecessors)), a layer at a
//! time, and stores each state's distance under its [`PerfectHash`] rank. Each layer is expanded
//! on every core (rayon), its ranks unranked together ([`PerfectHash::unrank_each`]) and their
//! predecessors ranked from them ([`PerfectHash::rank_neighbour`]); a bit per rank tells those
//! reached, which keeps the test every predecessor takes in the caches. The goals are named as
//! any search names them ([`Goals`]): states, ranks, or the domain's goal test.

mod summary;

use rayon::prelude::*;

use crate::limits::{Clock, Footprint, Meter};
use crate::predecessors::check_ranked_goals;
use crate::{Domain, LayerStats, Limits, PerfectHash, Predecessors, Stats, StopReason};

/// The distance of a state no goal can be reached from.
pub const UNREACHED: u8 = u8::MAX;

/// The distance of a state no goal can be reached from, in a table of two bytes per state.
const UNREACHED_WIDE: u16 = u16::MAX;

/// The number of actions from each ranked state to the nearest goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceTable {
    distances: Distances,
}

/// A byte per rank while distances fit in one, then two.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Distances {
    Bytes(Vec<u8>),
    Wide(Vec<u16>),
}

impl Distances {
    /// The memory the entries take.
    fn bytes(&self) -> u64 {
        match self {
            Distances::Bytes(bytes) => bytes.capacity() as u64,
            Distances::Wide(words) => 2 * words.capacity() as u64,
        }
    }
}

/// The ranks reached so far, a bit each: the test every predecessor takes reads an eighth of
/// the memory the distances would (the 2×2×2 cube's 3.7 M ranks: 459 KB, which stays in the
/// caches, where reading the byte table waited on memory for most of the build).
struct Reached {
    words: Vec<u64>,
}

impl Reached {
    fn new(ranks: usize) -> Self {
        Self {
            words: vec![0; ranks.div_ceil(64)],
        }
    }

    #[inline]
    fn has(&self, rank: u64) -> bool {
        self.words[(rank / 64) as usize] & (1 << (rank % 64)) != 0
    }

    /// Marks `rank` reached; returns whether it was not before.
    #[inline]
    fn reach(&mut self, rank: u64) -> bool {
        let word = &mut self.words[(rank / 64) as usize];
        let bit = 1 << (rank % 64);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    fn bytes(&self) -> u64 {
        (self.words.len() * size_of::<u64>()) as u64
    }
}

/// The goals of a whole-space search, named any of the three ways the searches name them: as
/// states (a distance table's goals), as ranks (the explorer's, `statespace_explore::explore`),
/// or as the domain's own goal test ([`Domain::is_goal`], every search's), which tries every
/// rank of the space on every core. [`Goals::ranks`] turns any of them into ranks, for the
/// explorer; [`distance_table`] takes any of them (a slice or array of states is one).
#[derive(Clone, Copy, Debug)]
pub enum Goals<'a, S> {
    /// These states.
    States(&'a [S]),
    /// The states of these ranks.
    Ranks(&'a [u64]),
    /// Every state for which [`Domain::is_goal`] holds.
    Test,
}

impl<'a, S> From<&'a [S]> for Goals<'a, S> {
    fn from(states: &'a [S]) -> Self {
        Self::States(states)
    }
}

impl<'a, S, const N: usize> From<&'a [S; N]> for Goals<'a, S> {
    fn from(states: &'a [S; N]) -> Self {
        Self::States(states)
    }
}

impl<'a, S> From<&'a Vec<S>> for Goals<'a, S> {
    fn from(states: &'a Vec<S>) -> Self {
        Self::States(states)
    }
}

impl<S> Goals<'_, S> {
    /// The ranks of the goals in `domain`, in the order given (for [`Goals::Test`], increasing).
    ///
    /// ```
    /// use statespace_engine::distance_table::Goals;
    /// use statespace_engine::{Domain, PerfectHash};
    /// /// The integers 0..100 by steps of one; the goals are the multiples of 30.
    /// struct Line;
    /// impl Domain for Line {
    ///     type State = u64;
    ///     type Action = i64;
    ///     fn actions(&self, _: &u64, out: &mut Vec<i64>) { out.extend([-1, 1]); }
    ///     fn apply(&self, n: &mut u64, step: i64) { *n = n.saturating_add_signed(step).min(99); }
    ///     fn is_goal(&self, n: &u64) -> bool { n % 30 == 0 }
    /// }
    /// impl PerfectHash for Line {
    ///     fn size(&self) -> u64 { 100 }
    ///     fn rank(&self, n: &u64) -> u64 { *n }
    ///     fn unrank(&self, rank: u64) -> u64 { rank }
    /// }
    /// assert_eq!(Goals::Test.ranks(&Line), [0, 30, 60, 90]);
    /// assert_eq!(Goals::States(&[60, 7]).ranks(&Line), [60, 7]);
    /// ```
    pub fn ranks<D>(&self, domain: &D) -> Vec<u64>
    where
        D: PerfectHash<State = S> + Sync,
    {
        match self {
            Goals::States(states) => states.iter().map(|state| domain.rank(state)).collect(),
            Goals::Ranks(ranks) => ranks.to_vec(),
            Goals::Test => {
                let chunks: Vec<u64> = (0..domain.size().div_ceil(CHUNK as u64)).collect();
                let found = chunks.par_iter().map(|&chunk| {
                    let first = chunk * CHUNK as u64;
                    let ranks: Vec<u64> =
                        (first..domain.size().min(first + CHUNK as u64)).collect();
                    let mut goals = Vec::new();
                    domain.unrank_each(&ranks, |rank, state| {
                        if domain.is_goal(state) {
                            goals.push(rank);
                        }
                    });
                    goals
                });
                found.flatten().collect()
            }
        }
    }
}

/// A table, or why its construction stopped, with the statistics of the construction.
#[derive(Clone, Debug)]
pub struct TableBuild {
    /// The finished table.
    pub table: Result<DistanceTable, StopReason>,
    /// What the construction did; one layer per distance.
    pub stats: Stats,
}

impl DistanceTable {
    /// A table from its bytes (one per rank, [`UNREACHED`] where no goal can be reached).
    pub fn from_bytes(distances: Vec<u8>) -> Self {
        Self {
            distances: Distances::Bytes(distances),
        }
    }

    /// One byte per rank: the distance, or [`UNREACHED`]; `None` for a table of two bytes per
    /// rank (a space deeper than 254).
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match &self.distances {
            Distances::Bytes(bytes) => Some(bytes),
            Distances::Wide(_) => None,
        }
    }

    /// The distance from the state of rank `rank` to the nearest goal, if one can be reached.
    #[inline]
    pub fn distance(&self, rank: u64) -> Option<u16> {
        match &self.distances {
            Distances::Bytes(bytes) => {
                let distance = bytes[rank as usize];
                (distance != UNREACHED).then_some(u16::from(distance))
            }
            Distances::Wide(words) => {
                let distance = words[rank as usize];
                (distance != UNREACHED_WIDE).then_some(distance)
            }
        }
    }

    /// The number of ranks.
    pub fn len(&self) -> usize {
        match &self.distances {
            Distances::Bytes(bytes) => bytes.len(),
            Distances::Wide(words) => words.len(),
        }
    }

    /// Whether the table has no entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many states have each distance: entry `d` counts the states at distance `d`.
    pub fn histogram(&self) -> Vec<u64> {
        match &self.distances {
            Distances::Bytes(bytes) => histogram(bytes),
            Distances::Wide(words) => {
                let mut counts = Vec::new();
                for &distance in words.iter().filter(|&&d| d != UNREACHED_WIDE) {
                    let distance = usize::from(distance);
                    if counts.len() <= distance {
                        counts.resize(distance + 1, 0);
                    }
                    counts[distance] += 1;
                }
                counts
            }
        }
    }

    /// The lexicographically smallest shortest solution from `start`, read off the table in
    /// O(moves), or `None` when no goal can be reached. `domain` must be the one the table was
    /// built for.
    pub fn solution<D: PerfectHash>(&self, domain: &D, start: &D::State) -> Option<Vec<D::Action>> {
        descend(domain, start, |state| {
            self.distance(domain.rank(state)).map(u32::from)
        })
    }
}

/// Follows exact distances down to a goal: from `start`, repeatedly takes the first action (in
/// [`Domain::actions`] order) that lowers `distance` by one. With exact distances this is the
/// lexicographically smallest shortest solution. `None` when `distance(start)` is `None`.
pub fn descend<D: Domain>(
    domain: &D,
    start: &D::State,
    distance: impl Fn(&D::State) -> Option<u32>,
) -> Option<Vec<D::Action>> {
    let mut remaining = distance(start)?;
    let mut state = start.clone();
    let mut path = Vec::with_capacity(remaining as usize);
    let mut actions = Vec::new();
    while remaining > 0 {
        actions.clear();
        domain.actions(&state, &mut actions);
        let step = actions.iter().copied().find(|&action| {
            domain.apply(&mut state, action);
            let closer = distance(&state) == Some(remaining - 1);
            if !closer {
                domain.undo(&mut state, action);
            }
            closer
        })?;
        path.push(step);
        remaining -= 1;
    }
    Some(path)
}

/// Builds the table of distances from every state of `domain` to the nearest of `goals`.
///
/// The table takes a byte per state while distances stay below 255, then two (up to 65,534: the
/// search stops with `DepthLimit` past that, or past [`Limits::max_depth`] when that is lower).
/// Each distance is one entry of [`Stats::layers`].
///
/// ```
/// use statespace_engine::distance_table::distance_table;
/// use statespace_engine::{Domain, Limits, PerfectHash, Reversible};
/// /// Ten positions on a line, steps of one.
/// struct Line;
/// impl Domain for Line {
///     type State = u8;
///     type Action = i8;
///     fn actions(&self, n: &u8, out: &mut Vec<i8>) {
///         if *n > 0 { out.push(-1); }
///         if *n < 9 { out.push(1); }
///     }
///     fn apply(&self, n: &mut u8, step: i8) { *n = n.wrapping_add_signed(step); }
///     fn invert(&self, step: i8) -> Option<i8> { Some(-step) }
///     fn is_goal(&self, n: &u8) -> bool { *n == 0 }
/// }
/// impl Reversible for Line {}
/// impl PerfectHash for Line {
///     fn size(&self) -> u64 { 10 }
///     fn rank(&self, n: &u8) -> u64 { u64::from(*n) }
///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
/// }
/// let table = distance_table(&Line, &[0], &Limits::none()).table.unwrap();
/// assert_eq!(table.distance(7), Some(7));
/// assert_eq!(table.solution(&Line, &3), Some(vec![-1, -1, -1]));
/// ```
pub fn distance_table<'a, D: PerfectHash + Predecessors + Sync>(
    domain: &D,
    goals: impl Into<Goals<'a, D::State>>,
    limits: &Limits,
) -> TableBuild
where
    D::State: 'a,
{
    let started = Clock::start(limits);
    let mut stats = Stats::default();
    let goals = goals.into().ranks(domain);
    check_ranked_goals(domain, &goals);
    let table = build(domain, &goals, limits, &mut stats);
    started.stamp(&mut stats);
    TableBuild { table, stats }
}

/// How many of `distances` have each value: entry `d` counts the bytes equal to `d`, up to the
/// largest present; [`UNREACHED`] is not counted. Counted in parallel, for tables of billions.
pub(crate) fn histogram(distances: &[u8]) -> Vec<u64> {
    let counts = distances
        .par_chunks(1 << 20)
        .map(|chunk| {
            let mut counts = [0u64; 256];
            for &distance in chunk {
                counts[usize::from(distance)] += 1;
            }
            counts
        })
        .reduce(
            || [0u64; 256],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let mut histogram = counts[..usize::from(UNREACHED)].to_vec();
    while histogram.last() == Some(&0) {
        histogram.pop();
    }
    histogram
}

/// The average distance of a [`histogram`](DistanceTable::histogram) (0 when it counts nothing).
pub fn mean_distance(histogram: &[u64]) -> f64 {
    let entries: u64 = histogram.iter().sum();
    let total: u64 = (0..)
        .zip(histogram)
        .map(|(distance, &count)| distance * count)
        .sum();
    if entries == 0 {
        0.0
    } else {
        total as f64 / entries as f64
    }
}

fn build<D: PerfectHash + Predecessors + Sync>(
    domain: &D,
    goals: &[u64],
    limits: &Limits,
    stats: &mut Stats,
) -> Result<DistanceTable, StopReason> {
    let size = usize::try_from(domain.size()).map_err(|_| StopReason::MemoryLimit)?;
    // One byte per rank, a bit for the ranks reached, and frontiers of ranks that together
    // hold up to two bytes more.
    let bytes = domain.size().saturating_mul(3) + domain.size() / 8;
    if limits.max_stored.is_some_and(|max| domain.size() > max) || !limits.fits(bytes) {
        return Err(StopReason::MemoryLimit);
    }
    let mut bytes = vec![UNREACHED; size];
    let mut reached = Reached::new(size);
    let mut frontier = Vec::new();
    for &rank in goals {
        assert!(
            rank < domain.size(),
            "goal rank {rank} is outside the space's {} ranks",
            domain.size()
        );
        if reached.reach(rank) {
            bytes[rank as usize] = 0;
            frontier.push(rank);
        }
    }
    let mut distances = Distances::Bytes(bytes);
    stats.stored = frontier.len() as u64;
    let max_depth = limits
        .max_depth
        .unwrap_or(u32::MAX)
        .min(u32::from(UNREACHED_WIDE) - 1);
    let mut meter = Meter::new(limits);
    let mut next = Vec::new();
    let mut depth = 0u32;
    while !frontier.is_empty() {
        if depth + 1 == u32::from(UNREACHED) {
            distances = widen(distances, domain.size(), limits)?;
        }
        let mut layer = LayerStats {
            depth,
            ..LayerStats::default()
        };
        // The table and the frontier being expanded, held while the next one grows.
        let held =
            distances.bytes() + reached.bytes() + (frontier.capacity() * size_of::<u64>()) as u64;
        let layers = (&frontier[..], &mut next, stats.expanded, &mut layer, held);
        match &mut distances {
            Distances::Bytes(bytes) => {
                let slots = (&mut bytes[..], (depth + 1) as u8);
                expand_layer(domain, layers, &mut meter, limits, &mut reached, slots)?;
            }
            Distances::Wide(words) => {
                let slots = (&mut words[..], (depth + 1) as u16);
                expand_layer(domain, layers, &mut meter, limits, &mut reached, slots)?;
            }
        }
        stats.stored += next.len() as u64;
        stats.push_layer(layer);
        // In increasing order, as `unrank_each` takes them (and nearer in memory).
        next.par_sort_unstable();
        if !next.is_empty() && depth + 1 > max_depth {
            return Err(StopReason::DepthLimit);
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
        depth += 1;
    }
    Ok(DistanceTable { distances })
}

/// A layer's frontier, the next frontier, the expansions before the layer, its counts, and the
/// bytes held besides the next frontier.
type Layers<'a> = (&'a [u64], &'a mut Vec<u64>, u64, &'a mut LayerStats, u64);

/// The ranks a thread expands at a time: unranked together ([`PerfectHash::unrank_each`]).
const CHUNK: usize = 1 << 10;

/// The ranks expanded between two looks at the limits (the clock, the flag, the nodes): their
/// predecessors not yet reached wait in memory until they are marked, some megabytes at most.
const BATCH: usize = 1 << 14;

/// Expands the states of the frontier backwards, pushing onto the next frontier each
/// predecessor not reached before, marked at `distance` in `slots`; stops before the next
/// frontier's growth would pass the memory budget.
///
/// A batch of the frontier is expanded on every core, each thread ranking predecessors from
/// their successor's rank ([`PerfectHash::rank_neighbour`]) and keeping those unreached when
/// the batch began; one thread then marks them, dropping repeats.
fn expand_layer<D, T>(
    domain: &D,
    (frontier, next, expanded_before, layer, held): Layers<'_>,
    meter: &mut Meter<'_>,
    limits: &Limits,
    reached: &mut Reached,
    (slots, distance): (&mut [T], T),
) -> Result<(), StopReason>
where
    D: PerfectHash + Predecessors + Sync,
    T: Copy,
{
    let mut done = 0;
    while done < frontier.len() {
        let expanded = expanded_before + layer.expanded;
        meter.before_expansion(expanded)?;
        meter.check_clock_and_flag()?;
        // Never past a node limit: a batch takes what remains of it.
        let room = limits
            .max_expanded
            .map_or(BATCH as u64, |max| max.saturating_sub(expanded));
        let batch = &frontier[done..frontier.len().min(done + BATCH.min(room as usize))];
        let seen: &Reached = reached;
        let found: Vec<(Vec<u64>, u64)> = batch
            .par_chunks(CHUNK)
            .map(|chunk| predecessors_unreached(domain, chunk, |rank| !seen.has(rank)))
            .collect();
        layer.expanded += batch.len() as u64;
        for (ranks, generated) in found {
            layer.generated += generated;
            for rank in ranks {
                if reached.reach(rank) {
                    slots[rank as usize] = distance;
                    if next.len() == next.capacity() {
                        meter.holds(held + next.bytes_to_insert())?;
                    }
                    next.push(rank);
                }
            }
        }
        done += batch.len();
    }
    Ok(())
}

/// The ranks of the predecessors of the states of `ranks` for which `unreached` holds, and how
/// many predecessors were generated.
fn predecessors_unreached<D: PerfectHash + Predecessors>(
    domain: &D,
    ranks: &[u64],
    unreached: impl Fn(u64) -> bool,
) -> (Vec<u64>, u64) {
    let mut found = Vec::new();
    let mut generated = 0;
    let mut actions = Vec::new();
    domain.unrank_each(ranks, |rank, state| {
        actions.clear();
        domain.predecessor_actions(state, &mut actions);
        generated += actions.len() as u64;
        for &action in &actions {
            let mut before = state.clone();
            domain.apply(&mut before, action);
            let before = domain.rank_neighbour(state, rank, &before);
            if unreached(before) {
                found.push(before);
            }
        }
    });
    (found, generated)
}

/// The table two bytes per rank, once distances pass what a byte holds, if the memory budget
/// allows it.
fn widen(distances: Distances, size: u64, limits: &Limits) -> Result<Distances, StopReason> {
    let Distances::Bytes(bytes) = distances else {
        return Ok(distances);
    };
    if !limits.fits(size.saturating_mul(5)) {
        return Err(StopReason::MemoryLimit);
    }
    let words = bytes
        .into_iter()
        .map(|byte| {
            if byte == UNREACHED {
                UNREACHED_WIDE
            } else {
                u16::from(byte)
            }
        })
        .collect();
    Ok(Distances::Wide(words))
}
