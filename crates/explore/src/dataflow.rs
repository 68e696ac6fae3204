//! Exploration as a timely dataflow: on threads, processes and machines.
//!
//! Each worker owns a share of the ranks (blocks dealt in turn): their two-bit cells, coded as in
//! dense mode, or (sparse) its ranks of the last two layers as sorted lists. A layer is one round of the dataflow: every worker expands the current cells of
//! its share, sends the children's places (sparse: ranks) in batches to the workers that own them,
//! and marks (sparse: gathers) those it receives; the round is over when timely's progress tracking says that every batch of
//! it has been received, and each worker's count, sent to all, makes the next layer's size, so
//! that every worker decides alike whether to go on.

use std::any::Any;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::net::{TcpListener, TcpStream};
use std::ops::Range;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use statespace_engine::space::RankedSpace;
use timely::communication::Hooks;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::dataflow::channels::pact::{Exchange, Pipeline};
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Capability, Input, Inspect, Operator, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

use crate::checkpoint::{Checkpoint, FolderLock, Words, lock_folder};
use crate::dense::{CELLS, Code, place, prefetching};
use crate::handshake::Meeting;
use crate::terms::Terms;
use crate::watch::{OnSilence, Watch};
use crate::{Exploration, ExploreError, Options, goals_fingerprint};

/// How long a process waits by default for the others to start and connect, and for a
/// heartbeat of each while the dataflow runs.
pub const DEFAULT_PATIENCE: Duration = Duration::from_secs(60);
/// Children sent to one worker in one message.
const BATCH: usize = 1 << 13;
/// The most ranks in a block of the workers' shares.
const MAX_BLOCK: u64 = 1 << 16;
/// Ranks of the current layer expanded together.
const FRONTIER: usize = 1 << 12;
/// Words a worker expands before it lets the marks of the children sent so far be made.
const SLICE: usize = 1 << 14;

/// Where the workers of a dataflow exploration run.
#[derive(Clone)]
pub struct Cluster {
    /// Worker threads in each process.
    pub workers: usize,
    /// This process's index among `hosts`.
    pub process: usize,
    /// The address (`host:port`) of every process, this one's included; empty for one process.
    pub hosts: Vec<String>,
    /// How long a process waits for the others to start and connect, and for a heartbeat of
    /// each while the dataflow runs.
    pub patience: Duration,
    /// What every process must be started with alike, by the option that sets it (the version,
    /// the puzzle, ...), besides what the exploration itself checks: a process that differs
    /// stops them all before the dataflow starts, the option named.
    pub terms: Terms,
    /// Told, in a line, when another process falls silent for the patience; the dataflow's
    /// connections are shut down after it (the caller may end the process first).
    pub on_silence: OnSilence,
}

impl Cluster {
    /// One process of `workers` threads.
    pub fn local(workers: usize) -> Self {
        Self::of(workers, 0, Vec::new())
    }

    /// Process `process` of the processes at `hosts`, each of `workers` threads, with the
    /// default patience and no terms besides the exploration's.
    pub fn of(workers: usize, process: usize, hosts: Vec<String>) -> Self {
        Self {
            workers,
            process,
            hosts,
            patience: DEFAULT_PATIENCE,
            terms: Terms::new(),
            on_silence: Arc::new(|_| {}),
        }
    }

    fn processes(&self) -> usize {
        self.hosts.len().max(1)
    }

    /// The builders of this process's workers, connected to the other processes once they all
    /// agree on `terms`.
    fn allocators(
        &self,
        terms: &Terms,
    ) -> Result<(Vec<AllocatorBuilder>, Box<dyn Any + Send>), ExploreError> {
        if self.hosts.len() <= 1 {
            return timely::CommunicationConfig::Process(self.workers)
                .try_build()
                .map_err(ExploreError::Cluster);
        }
        let address = &self.hosts[self.process];
        let listener = TcpListener::bind(address)
            .and_then(|listener| listener.set_nonblocking(true).map(|()| listener))
            .map_err(|error| {
                ExploreError::Cluster(format!("cannot listen on {address}: {error}"))
            })?;
        let meeting = Meeting {
            hosts: &self.hosts,
            process: self.process,
            terms,
            patience: self.patience,
        };
        let control = meeting.agree(&listener)?;
        let sockets = meeting.connect(&listener)?;
        drop(listener);
        let failed = |error: std::io::Error| ExploreError::Cluster(error.to_string());
        let mesh = sockets
            .iter()
            .flatten()
            .map(TcpStream::try_clone)
            .collect::<Result<Vec<_>, _>>()
            .map_err(failed)?;
        let watch =
            Watch::start(control, mesh, self.patience, self.on_silence.clone()).map_err(failed)?;
        let hooks = Hooks::default();
        let local = ProcessBuilder::new_typed_vector(
            self.workers,
            hooks.refill.clone(),
            hooks.spill.clone(),
        );
        let (builders, guard) =
            initialize_networking_from_sockets(local, sockets, self.process, self.workers, hooks)
                .map_err(failed)?;
        let builders = builders.into_iter().map(AllocatorBuilder::Tcp).collect();
        // The watch outlives timely's connections: their end waits on every process.
        Ok((builders, Box::new((guard, watch))))
    }
}

/// What a round asks of every worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Round {
    /// Expand the current layer.
    Expand,
    /// Only report the current layer's lowest ranks (the depth bound is reached).
    Report,
}

/// A worker's account of a round, sent to every worker.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Report {
    worker: usize,
    /// Cells it marked for the next layer.
    marked: u64,
    /// The lowest ranks of the layer expanded, at most the antipodes wanted.
    lowest: Vec<u64>,
    /// Bytes of children it sent to other workers.
    sent: u64,
    /// Whether its lists outgrew its part of the memory budget.
    over: bool,
    /// Why it could not save its checkpoint after the round before, if it could not.
    failure: Option<String>,
}

/// What a worker holds of the space between rounds: the cells of its ranks (dense) or its part
/// of the last two layers (sparse).
trait Share {
    /// The units (words of cells, or ranks of the current layer) an expansion goes through.
    fn units(&self) -> usize;

    /// Calls `each` with the ranks of the current layer (whose cells hold `code`) among `units`,
    /// in increasing order, a few thousand at a time; with `retire`, they are done with.
    fn current(&mut self, code: Code, retire: bool, units: Range<usize>, each: impl FnMut(&[u64]));

    /// What is sent of a child to the worker that owns it.
    fn address(shares: Shares, rank: u64) -> u64;

    /// Takes in children sent for the next layer (coded `next`); returns how many are new.
    fn receive(&mut self, next: Code, addresses: &[u64]) -> u64;

    /// Ends a round that expanded a layer; returns the new states it found at the end.
    fn settle(&mut self) -> u64;

    /// Whether the worker's lists outgrew its part of the memory budget in this round.
    fn over_budget(&self) -> bool;

    fn save(&self, checkpoint: &Checkpoint, layers: &[u64]) -> Result<(), ExploreError>;

    /// Restores what `checkpoint` holds, if anything; returns its layers' counts.
    fn restore(&mut self, checkpoint: &Checkpoint) -> Result<Option<Vec<u64>>, ExploreError>;
}

/// Dense: the ranks a worker owns and their cells, by their places in the worker's share
/// (atomic only to share the checkpoints' code: one thread reads and writes them).
struct Stretch {
    shares: Shares,
    worker: usize,
    cells: Vec<AtomicU64>,
}

impl Stretch {
    fn new(shares: Shares, worker: usize) -> Self {
        let words = (shares.blocks_of(worker) * shares.block / CELLS) as usize;
        Self {
            shares,
            worker,
            cells: (0..words).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Share for Stretch {
    fn units(&self) -> usize {
        self.cells.len()
    }

    fn address(shares: Shares, rank: u64) -> u64 {
        shares.place(rank)
    }

    /// Marks the cells at `places` that are unseen with `code`.
    fn receive(&mut self, code: Code, places: &[u64]) -> u64 {
        let cells = &self.cells;
        let marked = prefetching(cells, places).filter(|&place_of| {
            let (word, shift) = place(place_of);
            let value = cells[word].load(Ordering::Relaxed);
            let unseen = value >> shift & 3 == 0;
            if unseen {
                cells[word].store(value | code.0 << shift, Ordering::Relaxed);
            }
            unseen
        });
        marked.count() as u64
    }

    fn settle(&mut self) -> u64 {
        0
    }

    fn over_budget(&self) -> bool {
        false
    }

    fn save(&self, checkpoint: &Checkpoint, layers: &[u64]) -> Result<(), ExploreError> {
        checkpoint.save(layers, Words::Cells(&self.cells))
    }

    fn restore(&mut self, checkpoint: &Checkpoint) -> Result<Option<Vec<u64>>, ExploreError> {
        checkpoint.restore(&self.cells)
    }

    fn current(
        &mut self,
        code: Code,
        retire: bool,
        words: Range<usize>,
        mut each: impl FnMut(&[u64]),
    ) {
        let mut frontier = Vec::with_capacity(FRONTIER + CELLS as usize);
        let end = words.end.min(self.cells.len());
        for index in words.start..end {
            let word = &self.cells[index];
            let value = word.load(Ordering::Relaxed);
            let mut mask = code.cells_of(value);
            if retire && mask != 0 {
                word.store(value | mask | mask << 1, Ordering::Relaxed);
            }
            let base = self.shares.rank(self.worker, index as u64 * CELLS);
            while mask != 0 {
                frontier.push(base + u64::from(mask.trailing_zeros() / 2));
                mask &= mask - 1;
            }
            if frontier.len() >= FRONTIER {
                each(&frontier);
                frontier.clear();
            }
        }
        if !frontier.is_empty() {
            each(&frontier);
        }
    }
}

/// Sparse: the ranks a worker owns of the last two layers, and the children it received for the
/// next, as sorted lists.
struct Lists {
    /// The bytes this worker may hold.
    budget: u64,
    previous: Vec<u64>,
    current: Vec<u64>,
    received: Vec<u64>,
    over: bool,
}

impl Lists {
    fn held(&self) -> u64 {
        8 * (self.previous.len() + self.current.len() + self.received.len()) as u64
    }
}

impl Share for Lists {
    fn units(&self) -> usize {
        self.current.len()
    }

    fn current(&mut self, _: Code, _: bool, ranks: Range<usize>, mut each: impl FnMut(&[u64])) {
        let end = ranks.end.min(self.current.len());
        for chunk in self.current[ranks.start.min(end)..end].chunks(FRONTIER) {
            each(chunk);
        }
    }

    fn address(_: Shares, rank: u64) -> u64 {
        rank
    }

    fn receive(&mut self, _: Code, ranks: &[u64]) -> u64 {
        if !self.over {
            self.received.extend_from_slice(ranks);
            self.over = self.held() > self.budget;
        }
        0
    }

    /// The next layer: the children received, sorted, once each, less the last two layers.
    fn settle(&mut self) -> u64 {
        let mut next = std::mem::take(&mut self.received);
        next.sort_unstable();
        next.dedup();
        next.retain(|rank| {
            self.previous.binary_search(rank).is_err() && self.current.binary_search(rank).is_err()
        });
        self.previous = std::mem::replace(&mut self.current, next);
        self.current.len() as u64
    }

    fn over_budget(&self) -> bool {
        self.over
    }

    fn save(&self, checkpoint: &Checkpoint, layers: &[u64]) -> Result<(), ExploreError> {
        let lists: [&[u64]; 2] = [&self.previous, &self.current];
        checkpoint.save(layers, Words::Lists(&lists))
    }

    fn restore(&mut self, checkpoint: &Checkpoint) -> Result<Option<Vec<u64>>, ExploreError> {
        let Some((layers, lists)) = checkpoint.restore_lists()? else {
            return Ok(None);
        };
        let [previous, current] = <[Vec<u64>; 2]>::try_from(lists)
            .map_err(|_| ExploreError::Checkpoint("not a sparse run's checkpoint".into()))?;
        (self.previous, self.current) = (previous, current);
        Ok(Some(layers))
    }
}

/// What a worker holds, and its account of the round under way.
struct Held<S> {
    share: S,
    marked: u64,
    lowest: Vec<u64>,
    sent: u64,
    /// Whether the round expanded a layer (else it only reported one).
    expanded: bool,
    failure: Option<String>,
}

impl<S: Share> Held<S> {
    fn new(share: S) -> Self {
        Self {
            share,
            marked: 0,
            lowest: Vec::new(),
            sent: 0,
            expanded: false,
            failure: None,
        }
    }

    /// The account of the round now over, its counts reset.
    fn report(&mut self, worker: usize) -> Report {
        if std::mem::take(&mut self.expanded) {
            self.marked += self.share.settle();
        }
        Report {
            worker,
            marked: std::mem::take(&mut self.marked),
            lowest: std::mem::take(&mut self.lowest),
            sent: std::mem::take(&mut self.sent),
            over: self.share.over_budget(),
            failure: self.failure.take(),
        }
    }
}

/// A worker's expansion of its stretch's current layer, a slice of words at a time, so that the
/// children it sends are marked as it goes instead of all held until it ends.
struct Expansion {
    space: Arc<dyn RankedSpace>,
    shares: Shares,
    worker: usize,
    most: usize,
    children: Vec<u64>,
    /// The children to send, by owner.
    batches: Vec<Vec<u64>>,
    /// The round under way, what it asks, and the next word to expand.
    round: Option<(Capability<u64>, Round, usize)>,
    lowest: Vec<u64>,
    sent: u64,
}

impl Expansion {
    fn new(space: Arc<dyn RankedSpace>, shares: Shares, worker: usize, most: usize) -> Self {
        Self {
            space,
            shares,
            worker,
            most,
            children: Vec::new(),
            batches: vec![Vec::new(); shares.workers],
            round: None,
            lowest: Vec::new(),
            sent: 0,
        }
    }

    fn start(&mut self, capability: Capability<u64>, round: Round) {
        self.round = Some((capability, round, 0));
    }

    /// Expands the next slice of units, sending children by `send`; returns whether the round
    /// is over (its lowest ranks and bytes sent then left in `held`).
    fn advance<S: Share>(
        &mut self,
        held: &mut Held<S>,
        mut send: impl FnMut(&Capability<u64>, (usize, Vec<u64>)),
    ) -> bool {
        let Some((capability, round, from)) = self.round.take() else {
            return true;
        };
        let code = Code::at(*capability.time() as usize);
        let retire = round == Round::Expand;
        let units = from..from + SLICE;
        held.share.current(code, retire, units.clone(), |frontier| {
            let room = self.most.saturating_sub(self.lowest.len());
            self.lowest.extend(frontier.iter().take(room));
            if !retire {
                return;
            }
            self.children.clear();
            self.space.predecessors(frontier, &mut self.children);
            for &child in &self.children {
                let owner = self.shares.owner(child);
                self.batches[owner].push(S::address(self.shares, child));
                if self.batches[owner].len() == BATCH {
                    let full =
                        std::mem::replace(&mut self.batches[owner], Vec::with_capacity(BATCH));
                    self.sent += bytes_to(owner, self.worker, &full);
                    send(&capability, (owner, full));
                }
            }
        });
        if units.end < held.share.units() {
            self.round = Some((capability, round, units.end));
            return false;
        }
        for (owner, batch) in self.batches.iter_mut().enumerate() {
            if !batch.is_empty() {
                self.sent += bytes_to(owner, self.worker, batch);
                send(&capability, (owner, std::mem::take(batch)));
            }
        }
        held.lowest = std::mem::take(&mut self.lowest);
        held.sent = std::mem::take(&mut self.sent);
        held.expanded = retire;
        true
    }
}

/// The bytes that sending `batch` from worker `from` to worker `to` moves between workers.
fn bytes_to(to: usize, from: usize, batch: &[u64]) -> u64 {
    if to == from {
        0
    } else {
        std::mem::size_of_val(batch) as u64
    }
}

/// How ranks are shared out: in blocks, dealt to the workers in turn, so that every worker has
/// its part of every layer (which are anything but spread evenly over the ranks), while a child
/// is mostly near its parent, in the same block.
#[derive(Clone, Copy, Debug)]
struct Shares {
    ranks: u64,
    workers: usize,
    /// Ranks in a block: a power of two, whole words, at most `MAX_BLOCK`, and small enough to
    /// give each worker dozens of blocks.
    block: u64,
}

impl Shares {
    fn new(ranks: u64, workers: usize) -> Self {
        let block = (ranks / (workers as u64 * 64))
            .next_power_of_two()
            .clamp(CELLS, MAX_BLOCK);
        Self {
            ranks,
            workers,
            block,
        }
    }

    fn owner(self, rank: u64) -> usize {
        (rank / self.block % self.workers as u64) as usize
    }

    /// The place of `rank` in its owner's share.
    fn place(self, rank: u64) -> u64 {
        rank / self.block / self.workers as u64 * self.block + rank % self.block
    }

    /// The rank at `place` in the share of `worker`.
    fn rank(self, worker: usize, place: u64) -> u64 {
        (place / self.block * self.workers as u64 + worker as u64) * self.block + place % self.block
    }

    /// The blocks `worker` owns.
    fn blocks_of(self, worker: usize) -> u64 {
        self.ranks
            .div_ceil(self.block)
            .saturating_sub(worker as u64)
            .div_ceil(self.workers as u64)
    }
}

/// Explores `space` from `goals` as [`explore`](crate::explore) does, as a timely dataflow on
/// the workers `cluster` names; every process of the cluster calls it with the same arguments.
/// Returns the exploration in process 0 and `None` in the others. `on_layer` is called in
/// process 0 after each layer.
pub fn explore_dataflow(
    space: Arc<dyn RankedSpace>,
    goals: &[u64],
    options: &Options,
    cluster: &Cluster,
    on_layer: Arc<dyn Fn(&Exploration) + Send + Sync>,
) -> Result<Option<Exploration>, ExploreError> {
    let ranks = space.ranks();
    let shares = Shares::new(ranks, cluster.workers * cluster.processes());
    let bytes = shares.blocks_of(0) * shares.block / CELLS * 8 * cluster.workers as u64;
    let budget = options.max_memory.unwrap_or(u64::MAX);
    if bytes > budget {
        return Err(ExploreError::TooLarge {
            ranks,
            bytes,
            budget,
        });
    }
    let stretch = move |worker| Stretch::new(shares, worker);
    run(space, goals, options, cluster, on_layer, ("dense", stretch))
}

/// [`explore_dataflow`] in sparse mode, as [`explore_sparse`](crate::explore_sparse) explores:
/// each worker keeps its ranks of the last two layers as sorted lists, within its part of the
/// memory budget (the process's budget over its workers); reversible spaces only.
pub fn explore_sparse_dataflow(
    space: Arc<dyn RankedSpace>,
    goals: &[u64],
    options: &Options,
    cluster: &Cluster,
    on_layer: Arc<dyn Fn(&Exploration) + Send + Sync>,
) -> Result<Option<Exploration>, ExploreError> {
    if !space.reversible() {
        return Err(ExploreError::NotReversible);
    }
    let budget = options.max_memory.unwrap_or(u64::MAX) / cluster.workers as u64;
    let lists = move |_| Lists {
        budget,
        previous: Vec::new(),
        current: Vec::new(),
        received: Vec::new(),
        over: false,
    };
    run(space, goals, options, cluster, on_layer, ("sparse", lists))
}

/// Runs the dataflow in `mode`, each worker holding the share `share` makes for it.
fn run<S: Share + 'static>(
    space: Arc<dyn RankedSpace>,
    goals: &[u64],
    options: &Options,
    cluster: &Cluster,
    on_layer: Arc<dyn Fn(&Exploration) + Send + Sync>,
    (mode, share): (&str, impl Fn(usize) -> S + Send + Sync + 'static),
) -> Result<Option<Exploration>, ExploreError> {
    let ranks = space.ranks();
    if let Some(&goal) = goals.iter().find(|&&goal| goal >= ranks) {
        return Err(ExploreError::GoalOutside { rank: goal, ranks });
    }
    let workers = cluster.workers * cluster.processes();
    let shares = Shares::new(ranks, workers);
    let mut goals = goals.to_vec();
    goals.sort_unstable();
    goals.dedup();
    let (max_depth, most) = (options.max_depth, options.antipodes);
    let checkpoint = options.checkpoint.clone();
    let terms = cluster
        .terms
        .clone()
        .and(&agreed_terms(cluster, &goals, options, (ranks, mode)));
    let (builders, connections) = cluster.allocators(&terms)?;
    let config = timely::WorkerConfig::default();
    let guards = timely::execute::execute_from(builders, connections, config, move |worker| {
        let index = worker.index();
        let held = Rc::new(RefCell::new(Held::new(share(index))));
        let saves = checkpoint
            .as_ref()
            .map(|checkpoint| Generations::of(checkpoint, index, workers));
        let resumed = match &saves {
            Some(saves) => saves.resume(worker, &mut held.borrow_mut().share, max_depth)?,
            None => None,
        };
        let restored = resumed.is_some();
        let layers = resumed.unwrap_or_else(|| {
            let share = &mut held.borrow_mut().share;
            let ours = goals.iter().filter(|&&goal| shares.owner(goal) == index);
            let addresses: Vec<u64> = ours.map(|&goal| S::address(shares, goal)).collect();
            share.receive(Code::at(0), &addresses);
            share.settle();
            vec![goals.len() as u64]
        });
        // A resumed run's first round expands the last layer restored.
        let first_round = layers.len() as u64 - 1;
        let expansion = Expansion::new(space.clone(), shares, index, most);
        let mut rounds = Rounds::build(worker, &held, expansion, first_round);
        let mut exploration = Exploration::resumed(layers);
        exploration.exchanged = vec![0; first_round as usize + 1];
        if restored && index == 0 {
            on_layer(&exploration);
        }
        loop {
            let depth = exploration.max_depth();
            let started = Instant::now();
            let round = if max_depth.is_some_and(|max| depth >= max) {
                Round::Report
            } else {
                Round::Expand
            };
            let accounts = rounds.play(worker, round, u64::from(depth));
            if let Some(report) = accounts.iter().find(|report| report.failure.is_some()) {
                let failure = report.failure.as_deref().unwrap_or_default();
                // Saving fails only on the system's side (a full disk, a folder gone).
                return Err(ExploreError::CheckpointIo(format!(
                    "of worker {}: {failure}",
                    report.worker
                )));
            }
            let mut lowest: Vec<u64> = accounts
                .iter()
                .flat_map(|r| r.lowest.iter().copied())
                .collect();
            lowest.sort_unstable();
            lowest.truncate(most);
            if accounts.iter().any(|report| report.over) {
                exploration.stopped_by_memory = true;
                exploration.antipodes = lowest;
                break;
            }
            let next: u64 = accounts.iter().map(|report| report.marked).sum();
            if round == Round::Report || next == 0 {
                exploration.complete = round == Round::Expand;
                exploration.antipodes = lowest;
                break;
            }
            exploration.layers.push(next);
            let sent = accounts.iter().map(|report| report.sent).sum();
            exploration.exchanged.push(sent);
            exploration.layer_times.push(Some(started.elapsed()));
            if index == 0 {
                on_layer(&exploration);
            }
            if let Some(saves) = &saves {
                let mut held = held.borrow_mut();
                if let Err(error) = saves.save(&exploration.layers, &held.share) {
                    // Said in the next round's report, so that every worker stops there.
                    held.failure = Some(error.to_string());
                }
            }
        }
        Ok((index == 0).then_some(exploration))
    })
    .map_err(ExploreError::Cluster)?;
    let (mut found, mut failure) = (None, None);
    for result in guards.join() {
        match result
            .map_err(ExploreError::Cluster)
            .and_then(|result| result)
        {
            Ok(exploration) => found = found.or(exploration),
            // The worker that failed says why; the others only that one did.
            Err(error) if failure.is_none() || failure == Some(refused_elsewhere()) => {
                failure = Some(error);
            }
            Err(_) => {}
        }
    }
    failure.map_or(Ok(found), Err)
}

/// What the processes of `cluster` must agree on besides its own terms, for the dataflow to
/// run and its answer to be the one asked: the exploration's version, its workers, the space,
/// the goals, the mode and the options.
fn agreed_terms(
    cluster: &Cluster,
    goals: &[u64],
    options: &Options,
    (ranks, mode): (u64, &str),
) -> Terms {
    Terms::new()
        .with("statespace-explore", Some(env!("CARGO_PKG_VERSION")))
        .with("workers per process", Some(cluster.workers))
        .with("processes", Some(cluster.processes()))
        .with("ranks", Some(ranks))
        .with("goals", Some(goals_fingerprint(goals)))
        .with("mode", Some(mode))
        .with("depth bound", options.max_depth)
        .with("antipodes", Some(options.antipodes))
        .flag("checkpoint", options.checkpoint.is_some())
}

/// A worker's dataflow: the rounds it starts, and the reports of every worker.
struct Rounds {
    input: InputHandleVec<u64, Round>,
    probe: ProbeHandle<u64>,
    reports: Rc<RefCell<BTreeMap<u64, Vec<Report>>>>,
}

impl Rounds {
    /// Builds the dataflow of `worker`, which holds `held`, from round `first_round` on.
    fn build<S: Share + 'static>(
        worker: &mut Worker,
        held: &Rc<RefCell<Held<S>>>,
        mut expansion: Expansion,
        first_round: u64,
    ) -> Self {
        let index = worker.index();
        let mut input = InputHandleVec::<u64, Round>::new();
        input.advance_to(first_round);
        let probe = ProbeHandle::new();
        let reports = Rc::new(RefCell::new(BTreeMap::<u64, Vec<Report>>::new()));
        worker.dataflow::<u64, _, _>(|scope| {
            let (expanding, marking) = (held.clone(), held.clone());
            let received = reports.clone();
            scope
                .input_from(&mut input)
                .unary(Pipeline, "Expand", move |_, info| {
                    let activator = scope.activator_for(info.address);
                    move |input, output| {
                        input.for_each(|time, rounds| {
                            let capability = time.retain_least(0).expect("an output");
                            for &round in rounds.iter() {
                                expansion.start(capability.clone(), round);
                            }
                        });
                        if !expansion.advance(&mut expanding.borrow_mut(), |capability, batch| {
                            output.session(capability).give(batch);
                        }) {
                            activator.activate();
                        }
                    }
                })
                .container::<Vec<(usize, Vec<u64>)>>()
                .unary_frontier(
                    Exchange::new(|(owner, _): &(usize, Vec<u64>)| *owner as u64),
                    "Mark",
                    move |capability, _| {
                        let mut reporting = Some(capability.delayed(&first_round));
                        move |(input, frontier), output| {
                            input.for_each(|time, batches| {
                                let depth = *time.least().expect("batches sent in a round");
                                let next = Code::at(depth as usize).next();
                                let held = &mut *marking.borrow_mut();
                                for (_, ranks) in batches.iter() {
                                    held.marked += held.share.receive(next, ranks);
                                }
                            });
                            if frontier.frontier().is_empty() {
                                reporting = None;
                            }
                            while let Some(capability) = &mut reporting {
                                let time = *capability.time();
                                if frontier.frontier().less_equal(&time) {
                                    break;
                                }
                                let report = marking.borrow_mut().report(index);
                                output.session(&*capability).give(report);
                                capability.downgrade(&(time + 1));
                            }
                        }
                    },
                )
                .container::<Vec<Report>>()
                .broadcast()
                .inspect_core(move |event| {
                    if let Ok((stamp, batch)) = event
                        && let Some(&round) = stamp.least()
                    {
                        received
                            .borrow_mut()
                            .entry(round)
                            .or_default()
                            .extend(batch.iter().cloned());
                    }
                })
                .probe_with(&probe);
        });
        Self {
            input,
            probe,
            reports,
        }
    }

    /// Plays the round of `depth`; returns every worker's report of it, in the workers' order.
    fn play(&mut self, worker: &mut Worker, round: Round, depth: u64) -> Vec<Report> {
        self.input.send(round);
        self.input.advance_to(depth + 1);
        while self.probe.less_than(self.input.time()) {
            worker.step();
        }
        let mut reports = self
            .reports
            .borrow_mut()
            .remove(&depth)
            .expect("every worker reports every round");
        reports.sort_unstable_by_key(|report| report.worker);
        reports
    }
}

/// A worker's checkpoints: two, saved in turn after even and odd layers. A worker saves a layer
/// only once every worker has saved the one before (the round between needs them all), so
/// whenever a run stops, every worker still holds the last layer that all of them saved. The
/// worker holds its folder's lock while it runs.
struct Generations {
    saves: [Checkpoint; 2],
    lock: Result<FolderLock, ExploreError>,
}

impl Generations {
    fn of(checkpoint: &Checkpoint, worker: usize, workers: usize) -> Self {
        let dir = checkpoint.dir.join(format!("worker-{worker}-of-{workers}"));
        let run = checkpoint
            .run
            .clone()
            .with("worker", Some(format!("{worker} of {workers}")));
        Self {
            lock: lock_folder(&dir),
            saves: ["even", "odd"].map(|parity| Checkpoint {
                dir: dir.join(parity),
                run: run.clone(),
            }),
        }
    }

    fn save(&self, layers: &[u64], share: &impl Share) -> Result<(), ExploreError> {
        share.save(&self.saves[(layers.len() - 1) % 2], layers)
    }

    /// The depth of this worker's deepest checkpoint, if it has one.
    fn deepest(&self) -> Result<Option<usize>, ExploreError> {
        if let Err(error) = &self.lock {
            return Err(error.clone());
        }
        let mut deepest = None;
        for generation in &self.saves {
            if let Some(layers) = generation.saved_layers()? {
                deepest = deepest.max(Some(layers.len().saturating_sub(1)));
            }
        }
        Ok(deepest)
    }

    /// Restores `share` to the last layer every worker saved, if all of them saved one and it
    /// is within the depth bound `bound`; returns the layers' counts. Every worker calls it:
    /// they agree on the layer, then on whether each restored it, so that a refusal stops them
    /// all.
    fn resume(
        &self,
        worker: &mut Worker,
        share: &mut impl Share,
        bound: Option<u32>,
    ) -> Result<Option<Vec<u64>>, ExploreError> {
        // Offers: 0 refused, 1 nothing saved, 2 + the depth saved.
        let deepest = self.deepest();
        let offer = match &deepest {
            Err(_) => 0,
            Ok(None) => 1,
            Ok(Some(depth)) => 2 + *depth as u64,
        };
        let agreed = least_offered(worker, offer);
        let depth = match (agreed, deepest) {
            (_, Err(error)) => return Err(error),
            (0, _) => return Err(refused_elsewhere()),
            (1, _) => return Ok(None),
            (agreed, _) => (agreed - 2) as usize,
        };
        let generation = &self.saves[depth % 2];
        // Every worker agreed on the depth, so every one refuses it alike.
        generation.within(depth, bound)?;
        let restored = match share.restore(generation) {
            Ok(Some(layers)) if layers.len() == depth + 1 => Ok(layers),
            Ok(_) => Err(ExploreError::Checkpoint(format!(
                "{}: no layer {depth}, which the other workers saved; refused",
                generation.dir.display()
            ))),
            Err(error) => Err(error),
        };
        match (least_offered(worker, u64::from(restored.is_ok())), restored) {
            (_, Err(error)) => Err(error),
            (0, _) => Err(refused_elsewhere()),
            (_, Ok(layers)) => Ok(Some(layers)),
        }
    }
}

fn refused_elsewhere() -> ExploreError {
    ExploreError::Checkpoint("of another worker refused".into())
}

/// The least of the values the workers offer, one each: every worker gets it.
fn least_offered(worker: &mut Worker, offer: u64) -> u64 {
    let mut input = InputHandleVec::<u64, u64>::new();
    let probe = ProbeHandle::new();
    let least = Rc::new(RefCell::new(u64::MAX));
    let seen = least.clone();
    worker.dataflow::<u64, _, _>(|scope| {
        scope
            .input_from(&mut input)
            .broadcast()
            .inspect(move |&value| {
                let mut least = seen.borrow_mut();
                *least = (*least).min(value);
            })
            .probe_with(&probe);
    });
    input.send(offer);
    input.advance_to(1);
    while probe.less_than(input.time()) {
        worker.step();
    }
    *least.borrow()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore;

    /// Ranks `0..n`, each reached from its neighbours and from a far rank: no puzzle, but
    /// layers of every width, in every worker's stretch.
    struct Web(u64);

    impl RankedSpace for Web {
        fn ranks(&self) -> u64 {
            self.0
        }

        fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
            let n = self.0;
            for &rank in ranks {
                out.extend([(rank + 1) % n, (rank + n - 1) % n, (rank * 7 + 3) % n]);
            }
        }

        fn reversible(&self) -> bool {
            false
        }
    }

    /// What both dataflow explorations take and give.
    type Explorer = fn(
        Arc<dyn RankedSpace>,
        &[u64],
        &Options,
        &Cluster,
        Arc<dyn Fn(&Exploration) + Send + Sync>,
    ) -> Result<Option<Exploration>, ExploreError>;

    /// `explorer` run from `goals` on `workers` workers of this process.
    fn on_workers(
        explorer: Explorer,
        space: &Arc<dyn RankedSpace>,
        goals: &[u64],
        options: &Options,
        workers: usize,
    ) -> Exploration {
        let cluster = Cluster::local(workers);
        explorer(space.clone(), goals, options, &cluster, Arc::new(|_| {}))
            .unwrap()
            .expect("the only process is process 0")
    }

    fn dataflow(space: &Arc<dyn RankedSpace>, options: &Options, workers: usize) -> Exploration {
        on_workers(explore_dataflow, space, &[5, 0, 5], options, workers)
    }

    /// `whole` run to `depth` by `run`, then run again to the end from its checkpoints.
    fn stopped_then_resumed(
        run: impl Fn(&Options) -> Exploration,
        whole: &Options,
        depth: u32,
    ) -> Exploration {
        let stopped = Options {
            max_depth: Some(depth),
            ..whole.clone()
        };
        assert_eq!(run(&stopped).max_depth(), depth);
        let resumed = run(whole);
        assert_eq!(
            resumed.layer_times[..depth as usize],
            vec![None; depth as usize]
        );
        resumed
    }

    /// The same layers, antipodes and ending as `alone` found.
    fn assert_alike(found: &Exploration, alone: &Exploration, workers: usize) {
        assert_eq!(found.layers, alone.layers, "{workers} workers");
        assert_eq!(found.antipodes, alone.antipodes, "{workers} workers");
        assert_eq!(found.complete, alone.complete, "{workers} workers");
    }

    #[test]
    fn workers_find_the_layers_and_antipodes_of_one_process() {
        let space: Arc<dyn RankedSpace> = Arc::new(Web(100_003));
        for max_depth in [None, Some(4)] {
            let options = Options {
                max_depth,
                antipodes: 4,
                ..Options::default()
            };
            let alone = explore(&*space, &[5, 0, 5], &options).unwrap();
            assert!(alone.layers.len() >= 5, "{:?}", alone.layers);
            for workers in [1, 2, 3] {
                assert_alike(&dataflow(&space, &options, workers), &alone, workers);
            }
        }
    }

    #[test]
    fn a_run_stopped_at_a_depth_resumes_from_its_workers_checkpoints() {
        let dir = std::env::temp_dir().join(format!("statespace-resume-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let checkpoint = Some(Checkpoint {
            dir: dir.clone(),
            run: Terms::new().with("run", Some("web")),
        });
        let space: Arc<dyn RankedSpace> = Arc::new(Web(100_003));
        let whole = Options {
            checkpoint,
            antipodes: 4,
            ..Options::default()
        };
        let resumed = stopped_then_resumed(|options| dataflow(&space, options, 2), &whole, 4);
        let alone = explore(&*space, &[5, 0, 5], &Options::default()).unwrap();
        assert_eq!(resumed.layers, alone.layers);
        assert_eq!(resumed.antipodes, alone.antipodes[..4]);
        // A damaged checkpoint of one worker stops them all, saying so.
        for parity in ["even", "odd"] {
            let file = dir.join(format!("worker-1-of-2/{parity}/explore.checkpoint"));
            let mut bytes = std::fs::read(&file).unwrap();
            let last = bytes.len() - 1;
            bytes[last] ^= 1;
            std::fs::write(&file, bytes).unwrap();
        }
        let cluster = Cluster::local(2);
        let refused = explore_dataflow(space, &[5, 0, 5], &whole, &cluster, Arc::new(|_| {}));
        match refused {
            Err(ExploreError::Checkpoint(message)) => {
                assert!(message.contains("damaged (checksum); refused"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A torus of `n` × `n` cells, a step along either axis either way: reversible.
    struct Torus(u64);

    impl RankedSpace for Torus {
        fn ranks(&self) -> u64 {
            self.0 * self.0
        }

        fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
            let n = self.0;
            for &rank in ranks {
                let (row, col) = (rank / n, rank % n);
                out.extend([
                    row * n + (col + 1) % n,
                    row * n + (col + n - 1) % n,
                    (row + 1) % n * n + col,
                    (row + n - 1) % n * n + col,
                ]);
            }
        }

        fn reversible(&self) -> bool {
            true
        }
    }

    fn sparse(space: &Arc<dyn RankedSpace>, options: &Options, workers: usize) -> Exploration {
        on_workers(explore_sparse_dataflow, space, &[7, 3, 7], options, workers)
    }

    #[test]
    fn sparse_workers_find_the_layers_of_one_process_and_resume() {
        let space: Arc<dyn RankedSpace> = Arc::new(Torus(301));
        let dir = std::env::temp_dir().join(format!("statespace-sparse-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for max_depth in [None, Some(40)] {
            let options = Options {
                max_depth,
                antipodes: 5,
                ..Options::default()
            };
            let alone = crate::explore_sparse(&*space, &[7, 3, 7], &options).unwrap();
            for workers in [1, 2, 3] {
                assert_alike(&sparse(&space, &options, workers), &alone, workers);
            }
        }
        let whole = Options {
            checkpoint: Some(Checkpoint {
                dir: dir.clone(),
                run: Terms::new().with("run", Some("torus")),
            }),
            ..Options::default()
        };
        let resumed = stopped_then_resumed(|options| sparse(&space, options, 2), &whole, 40);
        let alone = crate::explore_sparse(&*space, &[7, 3, 7], &Options::default()).unwrap();
        assert_eq!(resumed.layers, alone.layers);
        std::fs::remove_dir_all(&dir).unwrap();
        // A budget too small stops the layers where a worker's lists outgrow its part.
        let tight = Options {
            max_memory: Some(16 << 10),
            ..Options::default()
        };
        let stopped = sparse(&space, &tight, 2);
        assert!(stopped.stopped_by_memory && !stopped.complete);
        assert_eq!(stopped.layers[..], alone.layers[..stopped.layers.len()]);
    }

    #[test]
    fn sparse_needs_a_reversible_space() {
        let space: Arc<dyn RankedSpace> = Arc::new(Web(100));
        let cluster = Cluster::local(2);
        let refused =
            explore_sparse_dataflow(space, &[0], &Options::default(), &cluster, Arc::new(|_| {}));
        assert_eq!(refused, Err(ExploreError::NotReversible));
    }

    #[test]
    fn every_rank_has_one_owner_and_place() {
        for (ranks, workers) in [(40, 3), (100_003, 2), (1 << 30, 5)] {
            let shares = Shares::new(ranks, workers);
            let places: u64 = (0..workers).map(|worker| shares.blocks_of(worker)).sum();
            assert!(places * shares.block >= ranks);
            for rank in (0..ranks).step_by((ranks / 1000) as usize + 1) {
                let owner = shares.owner(rank);
                let place = shares.place(rank);
                assert!(place < shares.blocks_of(owner) * shares.block);
                assert_eq!(shares.rank(owner, place), rank);
            }
        }
    }

    #[test]
    fn more_workers_than_words_leave_some_idle() {
        let space: Arc<dyn RankedSpace> = Arc::new(Web(40));
        let options = Options::default();
        let alone = explore(&*space, &[5, 0, 5], &options).unwrap();
        assert_eq!(dataflow(&space, &options, 3).layers, alone.layers);
    }

    #[test]
    fn a_stretch_past_the_budget_is_refused() {
        let space: Arc<dyn RankedSpace> = Arc::new(Web(1 << 20));
        let options = Options {
            max_memory: Some(1 << 10),
            ..Options::default()
        };
        let refused = explore_dataflow(space, &[0], &options, &Cluster::local(2), Arc::new(|_| {}));
        assert!(
            matches!(refused, Err(ExploreError::TooLarge { .. })),
            "{refused:?}"
        );
    }
}
