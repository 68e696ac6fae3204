//! Sparse mode: each layer a sorted list of ranks, for spaces too large for two bits per rank.
//!
//! In a reversible space a layer's predecessors lie in the layer before, the layer itself and the
//! layer after, so the next layer is the sorted, de-duplicated predecessors of the current one
//! minus the previous two layers; nothing else is remembered. Memory is eight bytes per rank of
//! three layers, room to merge into the one growing, and buffers for a round of predecessors,
//! all within the budget: the layer that would pass it is refused as it grows.

use std::time::Instant;

use rayon::prelude::*;
use statespace_engine::space::RankedSpace;

use crate::checkpoint::{Checkpoint, Words};
use crate::{Exploration, ExploreError, Options, SAVE_PERIOD};

/// Ranks a task expands at a time.
const RANKS_PER_TASK: usize = 4096;

/// Explores a reversible `space` from `goals` a sorted layer at a time, until the last layer, the
/// depth bound of `options`, or the layer that would not fit in its memory budget.
///
/// ```
/// use statespace_engine::space::RankedSpace;
/// use statespace_explore::{Options, explore_sparse};
/// struct Ring;
/// impl RankedSpace for Ring {
///     fn ranks(&self) -> u64 { 10 }
///     fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
///         out.extend(ranks.iter().flat_map(|&r| [(r + 1) % 10, (r + 9) % 10]));
///     }
///     fn reversible(&self) -> bool { true }
/// }
/// let exploration = explore_sparse(&Ring, &[0], &Options::default()).unwrap();
/// assert_eq!(exploration.layers, [1, 2, 2, 2, 2, 1]);
/// ```
pub fn explore_sparse(
    space: &(impl RankedSpace + ?Sized),
    goals: &[u64],
    options: &Options,
) -> Result<Exploration, ExploreError> {
    explore_sparse_with(space, goals, options, |_| {})
}

/// [`explore_sparse`], calling `on_layer` with the exploration so far after each layer.
pub fn explore_sparse_with(
    space: &(impl RankedSpace + ?Sized),
    goals: &[u64],
    options: &Options,
    mut on_layer: impl FnMut(&Exploration),
) -> Result<Exploration, ExploreError> {
    if !space.reversible() {
        return Err(ExploreError::NotReversible);
    }
    let ranks = space.ranks();
    if let Some(&goal) = goals.iter().find(|&&goal| goal >= ranks) {
        return Err(ExploreError::GoalOutside { rank: goal, ranks });
    }
    let budget = options.max_memory.unwrap_or(u64::MAX);
    let _lock = options
        .checkpoint
        .as_ref()
        .map(Checkpoint::lock)
        .transpose()?;
    let restored = match &options.checkpoint {
        Some(checkpoint) => checkpoint.restore_lists()?,
        None => None,
    };
    if let (Some(checkpoint), Some((layers, _))) = (&options.checkpoint, &restored) {
        checkpoint.within(layers.len() - 1, options.max_depth)?;
    }
    let (layers, mut previous, mut current) = match restored {
        Some((layers, lists)) => {
            let [previous, current] = <[Vec<u64>; 2]>::try_from(lists)
                .map_err(|_| ExploreError::Checkpoint("not a sparse run's checkpoint".into()))?;
            (layers, previous, current)
        }
        None => {
            let mut current = goals.to_vec();
            current.par_sort_unstable();
            current.dedup();
            (vec![current.len() as u64], Vec::new(), current)
        }
    };
    let mut exploration = Exploration::resumed(layers);
    let mut saved: Option<Instant> = None;
    while options
        .max_depth
        .is_none_or(|max| exploration.max_depth() < max)
    {
        let started = Instant::now();
        let Some(next) = next_layer(space, &previous, &current, budget) else {
            exploration.stopped_by_memory = true;
            break;
        };
        exploration.layer_times.push(Some(started.elapsed()));
        if next.is_empty() {
            exploration.complete = true;
            break;
        }
        exploration.layers.push(next.len() as u64);
        on_layer(&exploration);
        previous = std::mem::replace(&mut current, next);
        // The layer at the depth bound is saved too, so that a deeper run resumes from it.
        if let Some(checkpoint) = &options.checkpoint
            && (saved.is_none_or(|time| time.elapsed() >= SAVE_PERIOD)
                || options.max_depth == Some(exploration.max_depth()))
        {
            let lists: [&[u64]; 2] = [&previous, &current];
            checkpoint.save(&exploration.layers, Words::Lists(&lists))?;
            saved = Some(Instant::now());
        }
    }
    exploration.antipodes = current.iter().copied().take(options.antipodes).collect();
    Ok(exploration)
}

/// The layer after `current`, whose layer before is `previous`; `None` when holding it, the
/// layers before and the work of finding it would pass `budget` bytes. The predecessors are found
/// a round of tasks at a time, each into a buffer of its own kept for the whole layer, and merged
/// into the growing layer as they come, so that the layer is refused while it grows, never after
/// it was built.
fn next_layer(
    space: &(impl RankedSpace + ?Sized),
    previous: &[u64],
    current: &[u64],
    budget: u64,
) -> Option<Vec<u64>> {
    let held = 8 * (previous.len() + current.len()) as u64;
    let spare = budget.checked_sub(held)?;
    let seen =
        |rank: &u64| previous.binary_search(rank).is_ok() || current.binary_search(rank).is_ok();
    // A quarter of what is left for the tasks' buffers, the rest for the layer.
    let per_rank = predecessors_per_rank(space, current) as u64;
    let task_ranks = (RANKS_PER_TASK as u64).min(spare / 4 / (8 * per_rank)) as usize;
    if task_ranks == 0 {
        return None;
    }
    let task_bytes = 8 * task_ranks as u64 * per_rank;
    let tasks = (spare / 4 / task_bytes).clamp(1, TASKS_PER_ROUND as u64) as usize;
    let mut buffers: Vec<Vec<u64>> = (0..tasks)
        .map(|_| Vec::with_capacity(task_ranks * per_rank as usize))
        .collect();
    let mut next = Growing::new(spare - tasks as u64 * task_bytes);
    for round in current.chunks(tasks * task_ranks) {
        round
            .par_chunks(task_ranks)
            .zip(buffers.par_iter_mut())
            .for_each(|(ranks, before)| {
                before.clear();
                space.predecessors(ranks, before);
                before.sort_unstable();
                before.dedup();
                before.retain(|rank| !seen(rank));
            });
        for before in &buffers[..round.len().div_ceil(task_ranks)] {
            next.extend(before, seen)?;
        }
    }
    next.finish(seen)
}

/// Tasks in one round, at most: each round's predecessors are merged into the layer before the
/// next round starts.
const TASKS_PER_ROUND: usize = 64;

/// How many predecessors a rank of `layer` has, at most, judged by the first task's worth.
fn predecessors_per_rank(space: &(impl RankedSpace + ?Sized), layer: &[u64]) -> usize {
    let mut most = 1;
    let mut before = Vec::new();
    for &rank in &layer[..layer.len().min(RANKS_PER_TASK)] {
        before.clear();
        space.predecessors(&[rank], &mut before);
        most = most.max(before.len());
    }
    most
}

/// A layer as it grows: sorted and deduplicated up to `sorted`, then ranks appended since. It
/// merges them in place, within its vector's capacity (no buffer that the allocator would keep
/// after it is freed), which stays within `budget` bytes.
struct Growing {
    ranks: Vec<u64>,
    sorted: usize,
    budget: u64,
}

impl Growing {
    fn new(budget: u64) -> Self {
        Self {
            ranks: Vec::new(),
            sorted: 0,
            budget,
        }
    }

    /// Whether `more` ranks can be appended and merged within the vector's capacity: a merge
    /// moves the appended ranks to its end first, so they need room twice.
    fn fits(&self, more: usize) -> bool {
        let appended = self.ranks.len() - self.sorted + more;
        self.ranks.len() + more + appended <= self.ranks.capacity()
    }

    /// Appends `ranks` (none of them `seen`), merging or growing first where they do not fit;
    /// `None` when the layer cannot hold them within its budget.
    fn extend(&mut self, ranks: &[u64], seen: impl Fn(&u64) -> bool) -> Option<()> {
        if !self.fits(ranks.len()) {
            self.merge(&seen);
            // An eighth of the capacity free at least, so that merges stay rare.
            if !self.fits(ranks.len()) || self.ranks.len() > self.ranks.capacity() / 8 * 7 {
                self.grow(ranks.len())?;
            }
        }
        self.ranks.extend_from_slice(ranks);
        Some(())
    }

    /// Room for `more` ranks with an eighth of the capacity free: twice the capacity where the
    /// budget allows, less where it does not.
    fn grow(&mut self, more: usize) -> Option<()> {
        let len = self.ranks.len();
        let needed = (len + 2 * more).max(len / 7 * 8 + 1);
        let affordable = (self.budget / 8) as usize;
        if needed > affordable {
            return None;
        }
        let wanted = (2 * self.ranks.capacity()).clamp(needed, affordable);
        self.ranks.reserve_exact(wanted - len);
        Some(())
    }

    /// Sorts the appended ranks, drops those the layer holds already or `seen`, and merges the
    /// rest into the sorted part from the back, in place.
    fn merge(&mut self, seen: impl Fn(&u64) -> bool) {
        let sorted = self.sorted;
        self.ranks[sorted..].par_sort_unstable();
        let (held, appended) = self.ranks.split_at_mut(sorted);
        let mut new = 0;
        for at in 0..appended.len() {
            let rank = appended[at];
            let repeated = new > 0 && appended[new - 1] == rank;
            if !repeated && held.binary_search(&rank).is_err() && !seen(&rank) {
                appended[new] = rank;
                new += 1;
            }
        }
        // The new ranks to the end of the capacity, then merged from the back: a write never
        // passes an unread new rank while `sorted + 2 * new` fits, as `fits` made sure.
        let capacity = self.ranks.capacity();
        self.ranks.resize(capacity, 0);
        let from = capacity - new;
        self.ranks.copy_within(sorted..sorted + new, from);
        let (mut old_left, mut new_left) = (sorted, new);
        while new_left > 0 {
            let next_new = self.ranks[from + new_left - 1];
            let into = old_left + new_left - 1;
            if old_left > 0 && self.ranks[old_left - 1] > next_new {
                self.ranks[into] = self.ranks[old_left - 1];
                old_left -= 1;
            } else {
                self.ranks[into] = next_new;
                new_left -= 1;
            }
        }
        self.ranks.truncate(sorted + new);
        self.sorted = self.ranks.len();
    }

    /// The whole layer, sorted, once each.
    fn finish(mut self, seen: impl Fn(&u64) -> bool) -> Option<Vec<u64>> {
        self.merge(seen);
        self.ranks.shrink_to_fit();
        Some(self.ranks)
    }
}
