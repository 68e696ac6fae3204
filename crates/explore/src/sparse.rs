//! Sparse mode: each layer a sorted list of ranks, for spaces too large for two bits per rank.
//!
//! In a reversible space a layer's predecessors lie in the layer before, the layer itself and the
//! layer after, so the next layer is the sorted, de-duplicated predecessors of the current one
//! minus the previous two layers; nothing else is remembered. Memory is eight bytes per rank of
//! three layers and the predecessors of one.

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

/// The layer after `current`, whose layer before is `previous`; `None` when holding its
/// predecessors would pass `budget` bytes.
fn next_layer(
    space: &(impl RankedSpace + ?Sized),
    previous: &[u64],
    current: &[u64],
    budget: u64,
) -> Option<Vec<u64>> {
    let held = 8 * (previous.len() + current.len()) as u64;
    let chunks: Vec<Vec<u64>> = current
        .par_chunks(RANKS_PER_TASK)
        .map(|ranks| {
            let mut before = Vec::new();
            space.predecessors(ranks, &mut before);
            before.sort_unstable();
            before.dedup();
            before
        })
        .collect();
    let found: u64 = chunks.iter().map(|chunk| chunk.len() as u64).sum();
    if held + 16 * found > budget {
        return None;
    }
    let mut next = chunks.concat();
    drop(chunks);
    next.par_sort_unstable();
    next.dedup();
    next.retain(|rank| {
        previous.binary_search(rank).is_err() && current.binary_search(rank).is_err()
    });
    Some(next)
}
