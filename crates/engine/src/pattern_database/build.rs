//! The parallel breadth-first search that fills a pattern database.
//!
//! Abstract states are `(entry, variant)` pairs, kept as one bit each in lanes of 8, 16, 32 or 64
//! bits per entry. Free actions join variants of one entry into components, which are always
//! reached whole; unit actions lead from one layer of distance to the next. Each layer is expanded
//! *forwards* (push: every frontier state marks its unseen neighbours, with atomic ORs) while the
//! frontier is small, and *backwards* once it is large (pull: every unseen component looks for a
//! neighbour in the frontier and marks only itself, so threads never contend) — the
//! direction-optimising BFS of Beamer et al. (2012). Both directions need unit actions to be
//! reversible, which [`PatternSpace`] requires.
//!
//! Weighted actions (costs 1 to [`PatternSpace::max_cost`]) are settled by Dial's buckets: a
//! layer per cost, and one lane set per cost ahead, where an action of cost c from layer d files
//! its state for layer d + c; a state is settled (seen) only when its layer comes, at its least
//! cost. Those builds always push.

use std::fmt;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use rayon::prelude::*;

use super::{PatternDatabase, PatternSpace, TableId, UNREACHED};
use crate::limits::Meter;
use crate::{LayerStats, Limits, Stats, StopReason};

/// Entries handled by one parallel task: a multiple of every lane count per word.
const CHUNK_ENTRIES: usize = 1 << 14;

/// Expand backwards once the frontier holds more than this fraction of the unseen states: a pull
/// visit stops at the first neighbour found in the frontier and needs no atomic read-modify-write,
/// but every unseen component is visited, including the many that the layer does not reach.
const PULL_WHEN_FRONTIER_EXCEEDS_UNSEEN_OVER: u64 = 1;

/// What a build tells while it runs, for a front-end to show (a bar in a terminal, a meter on a
/// page). Called from the build's threads, between chunks of work.
pub trait BuildProgress: Send + Sync {
    /// The build of table `id` starts, with at most `states` abstract states to settle.
    fn started(&self, id: &TableId, states: u64);
    /// `states` more abstract states are settled, at distance `depth`.
    fn settled(&self, states: u64, depth: u32);
    /// The build ended, finished or stopped.
    fn ended(&self);
}

/// How a build reports itself and when it stops.
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    /// Told how the build goes.
    pub progress: Option<Arc<dyn BuildProgress>>,
    /// The limits honoured between chunks of work: deadline, cancellation flag, `max_stored` as a
    /// cap on the number of abstract states (entries times variants), and `max_memory` (the
    /// table's bytes and two bits per abstract state, and one per cost an action can have),
    /// checked before the build starts.
    pub limits: Limits,
}

impl fmt::Debug for dyn BuildProgress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("BuildProgress")
    }
}

/// A finished table, or why its construction stopped, with what the construction did.
#[derive(Debug)]
pub struct PatternBuild {
    /// The table.
    pub table: Result<PatternDatabase, StopReason>,
    /// One layer per distance: `expanded` counts the abstract states (entry, variant) first
    /// reached at that distance, `generated` the neighbours examined to settle the layer.
    pub stats: Stats,
}

/// Builds the table of exact abstract distances of `space` to its goal, on every thread of the
/// current rayon pool.
///
/// Each entry holds the least distance over its variants ([`UNREACHED`] when the goal cannot be
/// reached from any of them). Distances stop at 254: a deeper space stops with
/// [`StopReason::DepthLimit`] (as does a lower [`Limits::max_depth`]).
pub fn build<S: PatternSpace>(space: &S, id: TableId, options: &BuildOptions) -> PatternBuild {
    let started = Instant::now();
    let mut stats = Stats::default();
    let progress = options.progress.as_deref();
    let table = Bfs::new(space, options)
        .and_then(|bfs| {
            if let Some(progress) = progress {
                progress.started(&id, bfs.states);
            }
            let distances = bfs.run(&mut stats);
            if let Some(progress) = progress {
                progress.ended();
            }
            distances
        })
        .map(|distances| PatternDatabase::from_distances(id, distances));
    stats.elapsed = started.elapsed();
    PatternBuild { table, stats }
}

/// One bit per abstract state, `lane_bits` bits per entry, packed into atomic words.
struct Lanes {
    words: Vec<AtomicU64>,
    lane_bits: u32,
    /// log2 of the lanes per word.
    lanes_shift: u32,
    lane_mask: u64,
}

impl Lanes {
    fn new(entries: u64, variants: u32) -> Self {
        let lane_bits = variants.next_power_of_two().max(8);
        let lanes_shift = (64 / lane_bits).trailing_zeros();
        let words = entries.div_ceil(1 << lanes_shift) as usize;
        Self {
            words: (0..words)
                .into_par_iter()
                .map(|_| AtomicU64::new(0))
                .collect(),
            lane_bits,
            lanes_shift,
            lane_mask: u64::MAX >> (64 - lane_bits),
        }
    }

    #[inline]
    fn locate(&self, entry: u64) -> (&AtomicU64, u32) {
        let lanes_per_word = 1 << self.lanes_shift;
        let word = &self.words[(entry >> self.lanes_shift) as usize];
        (word, (entry & (lanes_per_word - 1)) as u32 * self.lane_bits)
    }

    #[inline]
    fn get(&self, entry: u64) -> u64 {
        let (word, shift) = self.locate(entry);
        (word.load(Relaxed) >> shift) & self.lane_mask
    }

    /// Sets the bits of `mask` in the entry's lane; returns the lane as it was.
    #[inline]
    fn or(&self, entry: u64, mask: u64) -> u64 {
        let (word, shift) = self.locate(entry);
        (word.fetch_or(mask << shift, Relaxed) >> shift) & self.lane_mask
    }

    /// Calls `visit(entry, lane)` for every non-zero lane of the words `words`.
    #[inline]
    fn for_each_set(&self, words: std::ops::Range<usize>, mut visit: impl FnMut(u64, u64)) {
        for index in words {
            let mut word = self.words[index].load(Relaxed);
            let first = (index as u64) << self.lanes_shift;
            while word != 0 {
                let lane = word.trailing_zeros() >> self.lane_bits.trailing_zeros();
                let shift = lane * self.lane_bits;
                visit(first + u64::from(lane), (word >> shift) & self.lane_mask);
                word &= !(self.lane_mask << shift);
            }
        }
    }
}

/// The state of a build between layers.
struct Bfs<'a, S> {
    space: &'a S,
    entries: u64,
    all_variants: u64,
    states: u64,
    seen: Lanes,
    frontier: Lanes,
    /// The states filed for the next layers, one lane set per cost: layer d's at d % costs.
    next: Vec<Lanes>,
    /// Whether actions cost more than 1: states are then settled when their layer comes.
    weighted: bool,
    distances: Vec<u8>,
    progress: Option<&'a dyn BuildProgress>,
    limits: &'a Limits,
}

impl<'a, S: PatternSpace> Bfs<'a, S> {
    fn new(space: &'a S, options: &'a BuildOptions) -> Result<Self, StopReason> {
        let entries = space.entries();
        let variants = space.variants();
        assert!(
            (1..=64).contains(&variants),
            "a pattern space has 1 to 64 variants per entry, not {variants}"
        );
        let states = entries
            .checked_mul(u64::from(variants))
            .ok_or(StopReason::MemoryLimit)?;
        usize::try_from(entries).map_err(|_| StopReason::MemoryLimit)?;
        Meter::new(&options.limits).stored(states)?;
        let costs = space.max_cost().max(1);
        // The distances, and 2 + costs lanes of one bit per abstract state.
        let lanes = 2 + u64::from(costs);
        if !options
            .limits
            .fits(entries.saturating_add(states.div_ceil(8).saturating_mul(lanes)))
        {
            return Err(StopReason::MemoryLimit);
        }
        Ok(Self {
            space,
            entries,
            all_variants: u64::MAX >> (64 - variants),
            states,
            seen: Lanes::new(entries, variants),
            frontier: Lanes::new(entries, variants),
            next: (0..costs).map(|_| Lanes::new(entries, variants)).collect(),
            weighted: costs > 1,
            distances: vec![UNREACHED; entries as usize],
            progress: options.progress.as_deref(),
            limits: &options.limits,
        })
    }

    fn run(mut self, stats: &mut Stats) -> Result<Vec<u8>, StopReason> {
        let (goal, goal_variants) = self.space.goal();
        assert!(goal < self.entries, "goal entry {goal} out of range");
        let goal_variants = self.space.closure(&self.space.decode(goal), goal_variants);
        self.seen.or(goal, goal_variants);
        self.frontier.or(goal, goal_variants);
        self.distances[goal as usize] = 0;
        let mut frontier_states = u64::from(goal_variants.count_ones());
        let mut seen_states = frontier_states;
        stats.layers.push(LayerStats {
            depth: 0,
            expanded: frontier_states,
            generated: 0,
        });
        self.report(frontier_states, 0);
        let max_depth = self
            .limits
            .max_depth
            .unwrap_or(u32::MAX)
            .min(u32::from(UNREACHED) - 1);
        let mut depth = 0;
        // Layers in a row that settled nothing: once as many as an action can cost, no state
        // is filed for a later one.
        let mut empty_layers = 0;
        while empty_layers < self.next.len() {
            let pull = !self.weighted
                && frontier_states
                    > (self.states - seen_states) / PULL_WHEN_FRONTIER_EXCEEDS_UNSEEN_OVER;
            let generated = if pull { self.pull() } else { self.push(depth) }?;
            frontier_states = self.settle(depth + 1);
            seen_states += frontier_states;
            empty_layers = if frontier_states == 0 {
                empty_layers + 1
            } else {
                0
            };
            stats.layers.push(LayerStats {
                depth: depth + 1,
                expanded: frontier_states,
                generated,
            });
            stats.generated += generated;
            if frontier_states > 0 && depth + 1 > max_depth {
                return Err(StopReason::DepthLimit);
            }
            depth += 1;
        }
        // The layers that settled nothing after the last that did, but the first.
        stats.layers.truncate(stats.layers.len() + 1 - empty_layers);
        stats.expanded = seen_states;
        stats.stored = seen_states;
        Ok(self.distances)
    }

    /// Tells the progress that `states` were settled at `depth`.
    fn report(&self, states: u64, depth: u32) {
        if let Some(progress) = self.progress {
            progress.settled(states, depth);
        }
    }

    /// Runs `work` on chunks of entries in parallel, checking the limits before each chunk;
    /// returns the sum of what the chunks return.
    fn in_chunks(
        &self,
        work: impl Fn(std::ops::Range<usize>) -> u64 + Sync,
    ) -> Result<u64, StopReason> {
        let words_per_chunk = CHUNK_ENTRIES >> self.seen.lanes_shift;
        let words = self.seen.words.len();
        let chunks = words.div_ceil(words_per_chunk);
        (0..chunks)
            .into_par_iter()
            .map(|chunk| {
                Meter::new(self.limits).check_clock_and_flag()?;
                let start = chunk * words_per_chunk;
                Ok(work(start..words.min(start + words_per_chunk)))
            })
            .try_reduce(|| 0, |a, b| Ok(a + b))
    }

    /// Forwards: every frontier component (at `depth`) marks the components its actions reach,
    /// for the layer their cost leads to.
    fn push(&self, depth: u32) -> Result<u64, StopReason> {
        self.in_chunks(|words| {
            let mut generated = 0;
            let mut cursor = Cursor::new(self.space);
            self.frontier.for_each_set(words, |entry, variants| {
                let decoded = cursor.seek(entry);
                let mut reach = |next, variant: u32, cost: u8, component: &dyn Fn() -> u64| {
                    generated += 1;
                    let bit = 1 << variant;
                    if self.seen.get(next) & bit == 0 {
                        let component = component();
                        if self.weighted {
                            let layer = (depth as usize + usize::from(cost)) % self.next.len();
                            self.next[layer].or(next, component);
                        } else if self.seen.or(next, component) & bit == 0 {
                            self.next[0].or(next, component);
                        }
                    }
                    ControlFlow::Continue(())
                };
                let _ = if self.weighted {
                    self.space.weighted_neighbours(decoded, variants, reach)
                } else {
                    let unit = |next, variant, component: &dyn Fn() -> u64| {
                        reach(next, variant, 1, component)
                    };
                    self.space.neighbours(decoded, variants, unit)
                };
            });
            generated
        })
    }

    /// Backwards: every unseen component looks for a neighbour in the frontier.
    fn pull(&self) -> Result<u64, StopReason> {
        self.in_chunks(|words| {
            let mut generated = 0;
            let first = (words.start as u64) << self.seen.lanes_shift;
            let last = ((words.end as u64) << self.seen.lanes_shift).min(self.entries);
            let mut cursor = Cursor::new(self.space);
            for entry in first..last {
                let mut unseen = self.all_variants & !self.seen.get(entry);
                if unseen == 0 {
                    continue;
                }
                let decoded = cursor.seek(entry);
                while unseen != 0 {
                    let component = self.space.closure(decoded, unseen & unseen.wrapping_neg());
                    let reached =
                        self.space
                            .neighbours(decoded, component, |previous, variant, _| {
                                generated += 1;
                                if self.frontier.get(previous) & (1 << variant) != 0 {
                                    ControlFlow::Break(())
                                } else {
                                    ControlFlow::Continue(())
                                }
                            });
                    if reached.is_break() {
                        self.seen.or(entry, component);
                        self.next[0].or(entry, component);
                    }
                    unseen &= !component;
                }
            }
            generated
        })
    }

    /// Records the distance of the entries first reached in the new layer `depth`, makes that
    /// layer the frontier and returns its number of states. Weighted, the layer keeps only the
    /// states not seen before, which are seen from now on.
    fn settle(&mut self, depth: u32) -> u64 {
        let layer = depth as usize % self.next.len();
        let (next, frontier, seen) = (&self.next[layer], &self.frontier, &self.seen);
        let weighted = self.weighted;
        let lanes_shift = next.lanes_shift;
        let states = self
            .distances
            .par_chunks_mut(CHUNK_ENTRIES)
            .enumerate()
            .map(|(chunk, distances)| {
                let first_word = (chunk * CHUNK_ENTRIES) >> lanes_shift;
                let words = first_word..first_word + distances.len().div_ceil(1 << lanes_shift);
                if weighted {
                    for index in words.clone() {
                        let filed = next.words[index].load(Relaxed);
                        let new = filed & !seen.words[index].fetch_or(filed, Relaxed);
                        next.words[index].store(new, Relaxed);
                    }
                }
                let mut states = 0;
                next.for_each_set(words.clone(), |entry, variants| {
                    states += u64::from(variants.count_ones());
                    let distance = &mut distances[entry as usize - chunk * CHUNK_ENTRIES];
                    if *distance == UNREACHED {
                        *distance = depth as u8;
                    }
                });
                for word in &frontier.words[words] {
                    word.store(0, Relaxed);
                }
                states
            })
            .sum();
        std::mem::swap(&mut self.frontier, &mut self.next[layer]);
        self.report(states, depth);
        states
    }
}

/// Entries further apart than this are decoded afresh rather than advanced to.
const MAX_ADVANCE: u64 = 64;

/// The decoded form of the last entry visited, advanced to the next ones while they are close.
struct Cursor<'a, S: PatternSpace> {
    space: &'a S,
    at: Option<(u64, S::Entry)>,
}

impl<'a, S: PatternSpace> Cursor<'a, S> {
    fn new(space: &'a S) -> Self {
        Self { space, at: None }
    }

    /// The decoded form of `entry`, which is at least the last one sought.
    #[inline]
    fn seek(&mut self, entry: u64) -> &S::Entry {
        match &mut self.at {
            Some((at, decoded)) if entry >= *at && entry - *at <= MAX_ADVANCE => {
                while *at < entry {
                    self.space.advance(decoded);
                    *at += 1;
                }
            }
            _ => self.at = Some((entry, self.space.decode(entry))),
        }
        &self.at.as_ref().expect("just set").1
    }
}
