//! Dense mode: two bits per rank, a layer at a time, on every core.
//!
//! A rank's cell is `00` unseen and `11` done; the layers take `01` and `10` in turn, `01` at even
//! depths. While a layer is expanded, its cells turn `11` as their words are read, and unseen
//! cells turn to the next layer's code, by atomic ORs on their words, so threads need no locks and
//! no pass over the words ends a layer. While layers are smaller than the tasks of words, a flag
//! per task says whether its words hold cells of the next layer, so that its expansion skips the
//! words that hold none; wider layers leave few words empty, and are scanned whole.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use statespace_engine::space::RankedSpace;

use crate::checkpoint::{Checkpoint, Words};
use crate::{Exploration, ExploreError, Options, SAVE_PERIOD, dense_bytes};

/// The low bit of every cell of a word.
const LOW: u64 = 0x5555_5555_5555_5555;
/// Cells per word.
pub(crate) const CELLS: u64 = 32;
/// Words a task takes at a time: enough ranks to batch, few enough to share the work out.
pub(crate) const WORDS_PER_TASK: usize = 256;

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
    let flags = Flags::new(words.div_ceil(WORDS_PER_TASK));
    let _lock = options
        .checkpoint
        .as_ref()
        .map(Checkpoint::lock)
        .transpose()?;
    let restored = match &options.checkpoint {
        Some(checkpoint) => checkpoint.restore(&cells)?,
        None => None,
    };
    if let (Some(checkpoint), Some(layers)) = (&options.checkpoint, &restored) {
        checkpoint.within(layers.len() - 1, options.max_depth)?;
    }
    let mut flagged = restored.is_none();
    let layers = match restored {
        Some(layers) => layers,
        None => vec![place_goals(&cells, &flags, goals)],
    };
    let mut exploration = Exploration::resumed(layers);
    let mut saved: Option<Instant> = None;
    while options
        .max_depth
        .is_none_or(|max| exploration.max_depth() < max)
    {
        let started = Instant::now();
        let code = Code::at(exploration.layers.len() - 1);
        let lowest = Lowest::new(options.antipodes);
        let skipping = flagged.then_some(&flags);
        flagged = *exploration.layers.last().expect("the goals' layer") < flags.tasks() as u64;
        let marking = flagged.then_some(&flags);
        let reached: u64 = exploration.layers.iter().sum();
        let frontier = *exploration.layers.last().expect("the goals' layer");
        let next = if space.reversible() && ranks - reached <= frontier {
            let next = pull(space, &cells, code, marking);
            retire(&cells, code, skipping, &lowest);
            next
        } else {
            expand(space, &cells, code, skipping, marking, &lowest)
        };
        exploration.layer_times.push(Some(started.elapsed()));
        if next == 0 {
            exploration.complete = true;
            exploration.antipodes = lowest.ranks();
            return Ok(exploration);
        }
        exploration.layers.push(next);
        on_layer(&exploration);
        // The layer at the depth bound is saved too, so that a deeper run resumes from it.
        if let Some(checkpoint) = &options.checkpoint
            && (saved.is_none_or(|time| time.elapsed() >= SAVE_PERIOD)
                || options.max_depth == Some(exploration.max_depth()))
        {
            checkpoint.save(&exploration.layers, Words::Cells(&cells))?;
            saved = Some(Instant::now());
        }
    }
    let code = Code::at(exploration.layers.len() - 1);
    exploration.antipodes = current_ranks(&cells, code, options.antipodes);
    Ok(exploration)
}

/// The code of a layer's cells: `01` at even depths, `10` at odd ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Code(pub(crate) u64);

impl Code {
    pub(crate) fn at(depth: usize) -> Self {
        Code(1 + (depth as u64 & 1))
    }

    /// The code of the layer after.
    pub(crate) fn next(self) -> Self {
        Code(3 - self.0)
    }

    /// The cells of `word` holding this code, as a mask of their low bits.
    pub(crate) fn cells_of(self, word: u64) -> u64 {
        let (low, high) = (word & LOW, word >> 1 & LOW);
        if self.0 == 1 {
            low & !high
        } else {
            high & !low
        }
    }
}

/// For each task of words and each layer code, whether its words may hold cells of the code.
struct Flags([Vec<AtomicBool>; 2]);

impl Flags {
    fn new(tasks: usize) -> Self {
        let lowered = || (0..tasks).map(|_| AtomicBool::new(false)).collect();
        Flags([lowered(), lowered()])
    }

    fn tasks(&self) -> usize {
        self.0[0].len()
    }

    fn of(&self, code: Code) -> &[AtomicBool] {
        &self.0[code.0 as usize - 1]
    }

    /// Says that the task of words holding `rank` holds a cell of `code`.
    fn raise(&self, code: Code, rank: u64) {
        let flag = &self.of(code)[place(rank).0 / WORDS_PER_TASK];
        if !flag.load(Ordering::Relaxed) {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

/// The lowest ranks of a layer, at most `most` of them, gathered while it is expanded: its
/// antipodes if it turns out to be the last.
struct Lowest {
    most: usize,
    ranks: Mutex<Vec<u64>>,
    /// No rank at or above it can enter (ranks are offered mostly in order, so most offers stop
    /// here without the lock).
    above: AtomicU64,
}

impl Lowest {
    fn new(most: usize) -> Self {
        Self {
            most,
            ranks: Mutex::new(Vec::new()),
            above: AtomicU64::new(u64::MAX),
        }
    }

    /// Offers `ranks`, in increasing order.
    fn offer(&self, ranks: &[u64]) {
        if self.most == 0 || ranks.first() >= Some(&self.above.load(Ordering::Relaxed)) {
            return;
        }
        let mut kept = self.ranks.lock().expect("no panic while it is held");
        kept.extend(ranks.iter().take(self.most));
        kept.sort_unstable();
        kept.truncate(self.most);
        if let Some(&last) = kept.get(self.most - 1) {
            self.above.store(last, Ordering::Relaxed);
        }
    }

    fn ranks(self) -> Vec<u64> {
        self.ranks.into_inner().expect("no panic while it was held")
    }
}

/// Puts the goals in the layer of depth 0; returns how many there are.
fn place_goals(cells: &[AtomicU64], flags: &Flags, goals: &[u64]) -> u64 {
    let code = Code::at(0);
    goals
        .iter()
        .map(|&goal| {
            flags.raise(code, goal);
            let (word, shift) = place(goal);
            let before = cells[word].fetch_or(code.0 << shift, Ordering::Relaxed);
            u64::from(before >> shift & 3 == 0)
        })
        .sum()
}

/// The word and bit offset of `rank`'s cell.
pub(crate) fn place(rank: u64) -> (usize, u64) {
    ((rank / CELLS) as usize, rank % CELLS * 2)
}

/// Expands the layer whose cells hold `code`: marks their unseen predecessors with the next code
/// and turns them done; returns how many cells were marked, and offers the layer's ranks to
/// `lowest`. With `skipping`, the tasks of words not flagged for `code` are skipped; with
/// `marking`, the tasks of the marked cells are flagged for the next code.
fn expand(
    space: &(impl RankedSpace + ?Sized),
    cells: &[AtomicU64],
    code: Code,
    skipping: Option<&Flags>,
    marking: Option<&Flags>,
    lowest: &Lowest,
) -> u64 {
    let next = code.next();
    cells
        .par_chunks(WORDS_PER_TASK)
        .enumerate()
        .map_init(
            || (Vec::new(), Vec::new()),
            |(frontier, before), (task, words)| {
                if skipping
                    .is_some_and(|flags| !flags.of(code)[task].swap(false, Ordering::Relaxed))
                {
                    return 0;
                }
                take_layer(words, task, code, frontier);
                if frontier.is_empty() {
                    return 0;
                }
                lowest.offer(frontier);
                before.clear();
                space.predecessors(frontier, before);
                let marked = prefetching(cells, before).filter(|&rank| mark(cells, next, rank));
                match marking {
                    Some(flags) => marked.map(|rank| flags.raise(next, rank)).count(),
                    None => marked.count(),
                }
            },
        )
        .sum::<usize>() as u64
}

/// Finds the next layer from the unseen side, once it is no larger than the layer (Beamer's
/// direction-optimising search; `space` must be reversible): marks with the next code each
/// unseen rank with a neighbour in the layer of `code`, looking no further than the first. The
/// layer's cells keep their code until [`retire`]. Returns how many cells were marked; with
/// `marking`, their tasks are flagged for the next code.
fn pull(
    space: &(impl RankedSpace + ?Sized),
    cells: &[AtomicU64],
    code: Code,
    marking: Option<&Flags>,
) -> u64 {
    let (ranks, next) = (space.ranks(), code.next());
    cells
        .par_chunks(WORDS_PER_TASK)
        .enumerate()
        .map_init(Vec::new, |neighbours, (task, words)| {
            let mut marked = 0u64;
            for (offset, word) in words.iter().enumerate() {
                let value = word.load(Ordering::Relaxed);
                let mut unseen = !(value | value >> 1) & LOW;
                let base = ((task * WORDS_PER_TASK + offset) as u64) * CELLS;
                while unseen != 0 {
                    let shift = u64::from(unseen.trailing_zeros());
                    unseen &= unseen - 1;
                    let rank = base + shift / 2;
                    if rank >= ranks {
                        break;
                    }
                    neighbours.clear();
                    space.predecessors(&[rank], neighbours);
                    if neighbours.iter().any(|&near| holds(cells, code, near)) {
                        word.fetch_or(next.0 << shift, Ordering::Relaxed);
                        if let Some(flags) = marking {
                            flags.raise(next, rank);
                        }
                        marked += 1;
                    }
                }
            }
            marked
        })
        .sum()
}

/// Turns the cells of the layer of `code` done after [`pull`], offering its ranks to `lowest`;
/// with `skipping`, lowers the tasks' flags for `code`.
fn retire(cells: &[AtomicU64], code: Code, skipping: Option<&Flags>, lowest: &Lowest) {
    cells
        .par_chunks(WORDS_PER_TASK)
        .enumerate()
        .for_each_init(Vec::new, |layer, (task, words)| {
            if let Some(flags) = skipping {
                flags.of(code)[task].store(false, Ordering::Relaxed);
            }
            take_layer(words, task, code, layer);
            lowest.offer(layer);
        });
}

/// Turns done the cells of `code` in `words` (task `task`'s) and puts their ranks in `layer`.
fn take_layer(words: &[AtomicU64], task: usize, code: Code, layer: &mut Vec<u64>) {
    layer.clear();
    for (offset, word) in words.iter().enumerate() {
        let mut mask = code.cells_of(word.load(Ordering::Relaxed));
        if mask == 0 {
            continue;
        }
        word.fetch_or(mask | mask << 1, Ordering::Relaxed);
        let base = ((task * WORDS_PER_TASK + offset) as u64) * CELLS;
        while mask != 0 {
            layer.push(base + u64::from(mask.trailing_zeros() / 2));
            mask &= mask - 1;
        }
    }
}

/// Whether `rank`'s cell holds `code`.
#[inline]
fn holds(cells: &[AtomicU64], code: Code, rank: u64) -> bool {
    let (word, shift) = place(rank);
    cells[word].load(Ordering::Relaxed) >> shift & 3 == code.0
}

/// How many children ahead of the one marked the processor is asked to fetch a word: enough
/// for a dozen cache misses to overlap, where the atomic ORs of the marks would otherwise wait
/// for each read in turn.
const PREFETCH_AHEAD: usize = 16;

/// `ranks`, each given once the word of the rank `PREFETCH_AHEAD` further on is asked for.
pub(crate) fn prefetching<'a>(
    cells: &'a [AtomicU64],
    ranks: &'a [u64],
) -> impl Iterator<Item = u64> + 'a {
    ranks.iter().enumerate().map(move |(index, &rank)| {
        if let Some(&ahead) = ranks.get(index + PREFETCH_AHEAD) {
            prefetch(cells, ahead);
        }
        rank
    })
}

/// Asks the processor to bring `rank`'s word into the cache (a hint: nothing else happens).
#[inline]
fn prefetch(cells: &[AtomicU64], rank: u64) {
    #[cfg(target_arch = "x86_64")]
    if let Some(cell) = cells.get(place(rank).0) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch reads nothing the program sees, cannot fault, and is ordered with no
        // other access (which is why it overlaps the ORs' misses, where a plain read would not);
        // the pointer is to a live word besides. SSE is in every x86-64 processor.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(cell.as_ptr().cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (cells, rank);
}

/// Marks `rank` with `code` if it is unseen; returns whether this call marked it.
#[inline]
fn mark(cells: &[AtomicU64], code: Code, rank: u64) -> bool {
    let (word, shift) = place(rank);
    let cell = &cells[word];
    cell.load(Ordering::Relaxed) >> shift & 3 == 0
        && cell.fetch_or(code.0 << shift, Ordering::Relaxed) >> shift & 3 == 0
}

/// The first `most` ranks whose cells hold `code`.
fn current_ranks(cells: &[AtomicU64], code: Code, most: usize) -> Vec<u64> {
    let mut ranks = Vec::new();
    for (index, cell) in cells.iter().enumerate() {
        let mut mask = code.cells_of(cell.load(Ordering::Relaxed));
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
    fn layers_take_the_two_codes_in_turn() {
        let word = 0b11_10_01_00;
        assert_eq!(Code::at(0).cells_of(word), 0b00_00_01_00);
        assert_eq!(Code::at(1).cells_of(word), 0b00_01_00_00);
        assert_eq!(Code::at(2), Code::at(1).next());
    }

    #[test]
    fn only_unseen_cells_are_marked() {
        let cells = [AtomicU64::new(0b11_10_01_00)];
        let code = Code::at(1);
        let marked = (0..4).filter(|&rank| mark(&cells, code, rank)).count();
        assert_eq!(marked, 1);
        assert_eq!(cells[0].load(Ordering::Relaxed), 0b11_10_01_10);
    }

    #[test]
    fn the_lowest_ranks_are_kept_whatever_the_order_of_offers() {
        let lowest = Lowest::new(3);
        for ranks in [&[40, 41][..], &[7, 50], &[], &[9, 10, 11], &[8]] {
            lowest.offer(ranks);
        }
        assert_eq!(lowest.ranks(), [7, 8, 9]);
    }
}
