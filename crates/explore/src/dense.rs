//! Dense mode: two bits per rank, a layer at a time, on every core.
//!
//! A rank's cell is `00` unseen, `01` in the current layer, `10` in the next one, `11` done. While
//! a layer is expanded only `00` cells change, to `10`, by an atomic OR on their word, so threads
//! need no locks; then one pass over the words turns `01` into `11` and `10` into `01`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use statespace_engine::space::RankedSpace;

use crate::checkpoint::Words;
use crate::{Exploration, ExploreError, Options, SAVE_PERIOD, dense_bytes};

/// The low bit of every cell of a word.
const LOW: u64 = 0x5555_5555_5555_5555;
/// Cells per word.
const CELLS: u64 = 32;
/// Words a task takes at a time: enough ranks to batch, few enough to share the work out.
const WORDS_PER_TASK: usize = 256;

/// Explores `space` from `goals` (ranks) as `options` say. See the crate's documentation.
pub fn explore(
    space: &(impl RankedSpace + ?Sized),
    goals: &[u64],
    options: &Options,
) -> Result<Exploration, ExploreError> {
    explore_with(space, goals, options, |_| {})
}

/// [`explore`], calling `on_layer` with the exploration so far after each layer (for progress).
pub fn explore_with(
    space: &(impl RankedSpace + ?Sized),
    goals: &[u64],
    options: &Options,
    mut on_layer: impl FnMut(&Exploration),
) -> Result<Exploration, ExploreError> {
    let ranks = space.ranks();
    let bytes = dense_bytes(space);
    let budget = options.max_memory.unwrap_or(u64::MAX);
    let words = usize::try_from(ranks.div_ceil(CELLS))
        .ok()
        .filter(|_| bytes <= budget)
        .ok_or(ExploreError::TooLarge {
            ranks,
            bytes,
            budget,
        })?;
    let cells: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
    if let Some(&goal) = goals.iter().find(|&&goal| goal >= ranks) {
        return Err(ExploreError::GoalOutside { rank: goal, ranks });
    }
    let restored = match &options.checkpoint {
        Some(checkpoint) => checkpoint.restore(&cells)?,
        None => None,
    };
    let layers = match restored {
        Some(layers) => layers,
        None => vec![place_goals(&cells, goals)],
    };
    let mut exploration = Exploration {
        layer_times: vec![None; layers.len() - 1],
        layers,
        complete: false,
        stopped_by_memory: false,
        antipodes: Vec::new(),
    };
    let mut saved: Option<Instant> = None;
    while options
        .max_depth
        .is_none_or(|max| exploration.max_depth() < max)
    {
        let started = Instant::now();
        let next = expand(space, &cells);
        exploration.layer_times.push(Some(started.elapsed()));
        if next == 0 {
            exploration.complete = true;
            break;
        }
        advance(&cells);
        exploration.layers.push(next);
        on_layer(&exploration);
        if let Some(checkpoint) = &options.checkpoint
            && saved.is_none_or(|time| time.elapsed() >= SAVE_PERIOD)
        {
            checkpoint.save(&exploration.layers, Words::Cells(&cells))?;
            saved = Some(Instant::now());
        }
    }
    exploration.antipodes = current_ranks(&cells, options.antipodes);
    Ok(exploration)
}

/// Puts the goals in the current layer; returns how many there are.
fn place_goals(cells: &[AtomicU64], goals: &[u64]) -> u64 {
    goals
        .iter()
        .map(|&goal| {
            let (word, shift) = place(goal);
            let before = cells[word].fetch_or(1 << shift, Ordering::Relaxed);
            u64::from(before >> shift & 3 == 0)
        })
        .sum()
}

/// The word and bit offset of `rank`'s cell.
fn place(rank: u64) -> (usize, u64) {
    ((rank / CELLS) as usize, rank % CELLS * 2)
}

/// The cells of `word` in the current layer, as a mask of their low bits.
fn current(word: u64) -> u64 {
    word & LOW & !(word >> 1)
}

/// Marks the unseen predecessors of the current layer as next; returns how many there are.
fn expand(space: &(impl RankedSpace + ?Sized), cells: &[AtomicU64]) -> u64 {
    cells
        .par_chunks(WORDS_PER_TASK)
        .enumerate()
        .map_init(
            || (Vec::new(), Vec::new()),
            |(frontier, before), (chunk, words)| {
                frontier.clear();
                for (offset, word) in words.iter().enumerate() {
                    let mut mask = current(word.load(Ordering::Relaxed));
                    let base = ((chunk * WORDS_PER_TASK + offset) as u64) * CELLS;
                    while mask != 0 {
                        frontier.push(base + u64::from(mask.trailing_zeros() / 2));
                        mask &= mask - 1;
                    }
                }
                if frontier.is_empty() {
                    return 0;
                }
                before.clear();
                space.predecessors(frontier, before);
                before.iter().map(|&rank| mark(cells, rank)).sum::<u64>()
            },
        )
        .sum()
}

/// Marks `rank` next if it is unseen; returns 1 if this call marked it.
#[inline]
fn mark(cells: &[AtomicU64], rank: u64) -> u64 {
    let (word, shift) = place(rank);
    let cell = &cells[word];
    if cell.load(Ordering::Relaxed) >> shift & 3 != 0 {
        return 0;
    }
    let before = cell.fetch_or(2 << shift, Ordering::Relaxed);
    u64::from(before >> shift & 3 == 0)
}

/// Ends a layer: the current cells are done, the next ones current.
fn advance(cells: &[AtomicU64]) {
    cells.par_iter().for_each(|cell| {
        let word = cell.load(Ordering::Relaxed);
        let (high, low) = (word >> 1 & LOW, word & LOW);
        cell.store(low << 1 | high | low, Ordering::Relaxed);
    });
}

/// The first `most` ranks of the current layer.
fn current_ranks(cells: &[AtomicU64], most: usize) -> Vec<u64> {
    let mut ranks = Vec::new();
    for (index, cell) in cells.iter().enumerate() {
        let mut mask = current(cell.load(Ordering::Relaxed));
        while mask != 0 && ranks.len() < most {
            ranks.push(index as u64 * CELLS + u64::from(mask.trailing_zeros() / 2));
            mask &= mask - 1;
        }
        if ranks.len() == most {
            break;
        }
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layer_ends_with_current_cells_done_and_next_ones_current() {
        let cells = [AtomicU64::new(0b11_10_01_00)];
        advance(&cells);
        assert_eq!(cells[0].load(Ordering::Relaxed), 0b11_01_11_00);
    }

    #[test]
    fn only_unseen_cells_are_marked() {
        let cells = [AtomicU64::new(0b11_10_01_00)];
        assert_eq!((0..4).map(|rank| mark(&cells, rank)).sum::<u64>(), 1);
        assert_eq!(cells[0].load(Ordering::Relaxed), 0b11_10_01_10);
    }
}
