//! Limits that stop a search early, and the reasons a search stopped.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::domain::Domain;

/// Bounds on a search; a search that one of them stops says which. Every search honours every
/// field as its documentation says (a time limit is an instant: build the limits when the search
/// starts, one set per search).
///
/// ```
/// use statespace_engine::Limits;
/// use std::time::Duration;
/// let limits = Limits::none().max_expanded(1_000_000).time_limit(Duration::from_secs(2));
/// assert_eq!(limits.max_expanded, Some(1_000_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after expanding this many nodes (pattern-database builds, which settle whole
    /// layers of a table at a time, take none).
    pub max_expanded: Option<u64>,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Look for solutions of at most this cost (moves, for unit costs).
    pub max_depth: Option<u32>,
    /// Stop when this many states are stored (visited sets, open lists): a memory cap.
    pub max_stored: Option<u64>,
    /// Stop when the memory a search holds would pass this many bytes. How it is counted: BFS
    /// and bidirectional BFS count what they hold ([`Footprint`]: their arrays' and visited
    /// sets' allocations, and what each state owns on the heap), and refuse a growth whose old
    /// and new allocations together would pass the budget; A* charges
    /// [`bytes_per_stored_state`] for each state it stores, beside a dense index's slots; MM and
    /// NBS that and their nodes' costs and open-list entries, doubled; a
    /// distance table three bytes per rank (the table and its frontiers), refused before it
    /// starts, and stopped should its frontiers' growth pass the budget all the same; a pattern
    /// database its entries and three bits per abstract state, refused before it starts. IDA*
    /// holds only its path and is not limited.
    pub max_memory: Option<u64>,
    /// Stop when another thread sets this flag.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Not a limit: measure the process's CPU time during the search too
    /// ([`Stats::cpu_time`](crate::Stats::cpu_time)).
    pub measure_cpu: bool,
}

impl Limits {
    /// No limits at all.
    pub fn none() -> Self {
        Self::default()
    }
    /// Stops after `nodes` expansions.
    pub fn max_expanded(mut self, nodes: u64) -> Self {
        self.max_expanded = Some(nodes);
        self
    }
    /// Stops `limit` from now.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        // A limit past what the clock can count is none.
        self.deadline = Instant::now().checked_add(limit);
        self
    }
    /// Only solutions of cost at most `depth` are looked for.
    pub fn max_depth(mut self, depth: u32) -> Self {
        self.max_depth = Some(depth);
        self
    }
    /// Stops when `states` states are stored.
    pub fn max_stored(mut self, states: u64) -> Self {
        self.max_stored = Some(states);
        self
    }
    /// Stops before the memory the search holds passes `bytes` (see [`Limits::max_memory`]).
    pub fn max_memory(mut self, bytes: u64) -> Self {
        self.max_memory = Some(bytes);
        self
    }
    /// Whether `bytes` fit in the memory budget.
    pub fn fits(&self, bytes: u64) -> bool {
        self.max_memory.is_none_or(|max| bytes <= max)
    }
    /// Stops when `flag` becomes true.
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }
    /// Measures the process's CPU time during the search, beside the wall time
    /// ([`Stats::cpu_time`](crate::Stats::cpu_time)).
    ///
    /// ```
    /// use statespace_engine::{Domain, Limits, bfs::bfs};
    /// struct Line;
    /// impl Domain for Line {
    ///     type State = u32;
    ///     type Action = u32;
    ///     fn actions(&self, _: &u32, out: &mut Vec<u32>) { out.push(1); }
    ///     fn apply(&self, n: &mut u32, step: u32) { *n += step; }
    ///     fn is_goal(&self, n: &u32) -> bool { *n == 100_000 }
    /// }
    /// let timed = bfs(&Line, &0, &Limits::none().measure_cpu());
    /// assert!(timed.stats.cpu_time.is_some());
    /// assert_eq!(bfs(&Line, &0, &Limits::none()).stats.cpu_time, None);
    /// ```
    pub fn measure_cpu(mut self) -> Self {
        self.measure_cpu = true;
        self
    }
}

/// When a search started, by the wall clock and, when [`Limits::measure_cpu`] asks, by the
/// process's CPU clock.
pub(crate) struct Clock {
    wall: Instant,
    cpu: Option<cpu_time::ProcessTime>,
}

impl Clock {
    /// Starts both clocks (the CPU clock only if `limits` ask for it).
    pub(crate) fn start(limits: &Limits) -> Self {
        Self {
            wall: Instant::now(),
            cpu: limits
                .measure_cpu
                .then(cpu_time::ProcessTime::try_now)
                .and_then(Result::ok),
        }
    }

    /// Writes the time since the start on `stats`.
    pub(crate) fn stamp(&self, stats: &mut crate::Stats) {
        stats.elapsed = self.wall.elapsed();
        stats.cpu_time = self.cpu.and_then(|cpu| cpu.try_elapsed().ok());
    }
}

/// Why a search stopped before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The expansion limit was reached.
    NodeLimit,
    /// The deadline passed.
    TimeLimit,
    /// No solution within the maximum depth, and deeper states were not searched.
    DepthLimit,
    /// The stored-state limit was reached.
    MemoryLimit,
    /// The cancellation flag was set.
    Cancelled,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::NodeLimit => "node limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::DepthLimit => "depth limit reached",
            StopReason::MemoryLimit => "memory limit reached",
            StopReason::Cancelled => "cancelled",
        })
    }
}

/// How many expansions pass between two looks at the clock and the cancellation flag.
const SLOW_CHECK_PERIOD: u32 = 1024;

/// What one stored state costs a graph search over states `S` with actions `A`, as the memory
/// budget counts it: the state twice (in the search's arrays and in its visited index), the
/// action and parent of its link, 16 bytes of index, all doubled for vectors and tables that
/// grow by doubling.
pub fn bytes_per_state<S, A>() -> u64 {
    (2 * (2 * size_of::<S>() + size_of::<A>() + 4 + 16)) as u64
}

/// What one stored state like `sample` costs a graph search over `domain`: [`bytes_per_state`]
/// and, for each of the state's two copies, what it owns outside itself
/// ([`owned_bytes`]), doubled as the rest is.
pub fn bytes_per_stored_state<D: Domain>(domain: &D, sample: &D::State) -> u64 {
    bytes_per_state::<D::State, D::Action>() + 4 * owned_bytes(domain, sample)
}

/// What a state like `sample` owns outside itself ([`Domain::heap_bytes`]), with 16 bytes of
/// the allocator's.
pub fn owned_bytes<D: Domain>(domain: &D, sample: &D::State) -> u64 {
    match domain.heap_bytes(sample) {
        0 => 0,
        bytes => (bytes.next_multiple_of(16) + 16) as u64,
    }
}

/// The heap memory a container of a search holds, as the memory budget counts it.
pub trait Footprint {
    /// The bytes it holds while one more entry goes in: those it holds now and, when that entry
    /// makes it grow, the new allocation too, since the old and the new are held at once while
    /// the entries move over.
    fn bytes_to_insert(&self) -> u64;
}

impl<T> Footprint for Vec<T> {
    fn bytes_to_insert(&self) -> u64 {
        let capacity = self.capacity() as u64;
        let entries = if self.len() < self.capacity() {
            capacity
        } else {
            // A full vector doubles, to at least four entries as the standard library grows it.
            doubling(capacity, 4)
        };
        entries * size_of::<T>() as u64
    }
}

impl<F: Footprint + ?Sized> Footprint for &mut F {
    fn bytes_to_insert(&self) -> u64 {
        (**self).bytes_to_insert()
    }
}

/// The bytes a table holding `held` holds while it grows into twice as much (at least
/// `smallest`, the size of its first allocation): both.
pub fn doubling(held: u64, smallest: u64) -> u64 {
    held + (2 * held).max(smallest)
}

/// Checks the limits as a search goes, cheaply: the clock and the flag only now and then. Every
/// engine algorithm uses one; a search written outside the engine can too.
pub struct Meter<'a> {
    limits: &'a Limits,
    countdown: u32,
    /// The most states that may be stored: `max_stored`, and the memory budget's share.
    max_states: Option<u64>,
    /// What each stored state costs, and what the search holds whatever it stores, as the
    /// memory budget counts them ([`charging`](Self::charging), [`holding`](Self::holding)).
    per_state: u64,
    held: u64,
    /// Asked with the clock: when it says yes, the search stops as `Cancelled`.
    abandon: Option<&'a (dyn Fn() -> bool + Sync)>,
}

impl std::fmt::Debug for Meter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Meter")
            .field("limits", &self.limits)
            .field("countdown", &self.countdown)
            .field("max_states", &self.max_states)
            .field("abandons", &self.abandon.is_some())
            .finish()
    }
}

impl<'a> Meter<'a> {
    /// A meter of `limits`, for one search.
    pub fn new(limits: &'a Limits) -> Self {
        Self {
            limits,
            countdown: 1,
            max_states: limits.max_stored,
            per_state: 0,
            held: 0,
            abandon: None,
        }
    }

    /// The meter of a search that also stops as `Cancelled` once `abandon` says so (asked as
    /// rarely as the clock): a share of a larger search that another share made pointless.
    pub fn abandoning(mut self, abandon: &'a (dyn Fn() -> bool + Sync)) -> Self {
        self.abandon = Some(abandon);
        self
    }

    /// The meter of a search whose stored states cost `bytes` each: the memory budget then
    /// bounds the states too.
    pub fn charging(mut self, bytes: u64) -> Self {
        self.per_state = bytes;
        self.share_budget()
    }

    /// The meter of a search that holds `bytes` whatever it stores (a dense index): the states'
    /// share of the memory budget is what remains.
    pub fn holding(mut self, bytes: u64) -> Self {
        self.held = bytes;
        self.share_budget()
    }

    fn share_budget(mut self) -> Self {
        if let Some(budget) = self.limits.max_memory {
            let states = budget.saturating_sub(self.held) / self.per_state.max(1);
            self.max_states = Some(self.limits.max_stored.map_or(states, |max| max.min(states)));
        }
        self
    }

    /// To be called before each expansion, with the number of expansions so far.
    #[inline]
    pub fn before_expansion(&mut self, expanded: u64) -> Result<(), StopReason> {
        if self.limits.max_expanded.is_some_and(|max| expanded >= max) {
            return Err(StopReason::NodeLimit);
        }
        self.countdown -= 1;
        if self.countdown == 0 {
            self.countdown = SLOW_CHECK_PERIOD;
            self.check_clock_and_flag()?;
        }
        Ok(())
    }

    /// To be called before the memory the search holds grows, with the bytes it will then
    /// hold (see [`Footprint`]): stops it before they pass the budget.
    #[inline]
    pub fn holds(&self, bytes: u64) -> Result<(), StopReason> {
        if self.limits.fits(bytes) {
            Ok(())
        } else {
            Err(StopReason::MemoryLimit)
        }
    }

    /// [`holds`](Self::holds) for the bytes `bytes` counts, counted only when there is a
    /// memory budget to hold them to (counting them costs more than a search's step).
    #[inline]
    pub fn holds_counted(&self, bytes: impl FnOnce() -> u64) -> Result<(), StopReason> {
        match self.limits.max_memory {
            Some(_) => self.holds(bytes()),
            None => Ok(()),
        }
    }

    /// To be called whenever the number of stored states grows.
    #[inline]
    pub fn stored(&self, stored: u64) -> Result<(), StopReason> {
        if self.max_states.is_some_and(|max| stored > max) {
            return Err(StopReason::MemoryLimit);
        }
        Ok(())
    }

    /// Whether a solution or layer of cost `depth` is beyond the depth limit.
    #[inline]
    pub fn beyond_depth(&self, depth: u64) -> bool {
        self.limits
            .max_depth
            .is_some_and(|max| depth > u64::from(max))
    }

    /// Checks the cancellation flag and the deadline now.
    pub fn check_clock_and_flag(&self) -> Result<(), StopReason> {
        if let Some(flag) = &self.limits.cancel
            && flag.load(Ordering::Relaxed)
        {
            return Err(StopReason::Cancelled);
        }
        if self.abandon.is_some_and(|abandon| abandon()) {
            return Err(StopReason::Cancelled);
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(StopReason::TimeLimit);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_vector_counts_its_old_and_new_allocations() {
        let mut items: Vec<u32> = Vec::new();
        assert_eq!(items.bytes_to_insert(), 16, "the first four entries");
        for item in 0..1000 {
            let (said, before) = (items.bytes_to_insert(), items.capacity());
            items.push(item);
            let peak = match items.capacity() {
                after if after == before => after,
                after => before + after,
            };
            assert!(4 * peak as u64 <= said, "{item}");
        }
        items.shrink_to_fit();
        assert_eq!(items.bytes_to_insert(), 4 * (1000 + 2000));
        items.pop();
        assert_eq!(items.bytes_to_insert(), 4 * 1000);
    }
}
