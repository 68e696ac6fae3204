//! Exploration as a timely dataflow: on threads, processes and machines.
//!
//! Each worker owns a share of the ranks (blocks dealt in turn): their two-bit cells, coded as in
//! dense mode, or (sparse) its ranks of the last two layers as sorted lists. A layer is one round of the dataflow: every worker expands the current cells of
//! its share, sends the children's places (sparse: ranks) in batches to the workers that own them,
//! and marks (sparse: gathers) those it receives; the round is over when timely's progress tracking says that every batch of
//! it has been received, and each worker's count, sent to all, makes the next layer's size, so
//! that every worker decides alike whether to go on.
//!
//! This file holds the cluster, the sharing of ranks, a worker's expansion and the run;
//! `share` what a worker holds between rounds, `rounds` the dataflow of each round and the
//! workers' checkpoints.

use std::any::Any;
use std::cell::RefCell;
use std::net::{TcpListener, TcpStream};
use std::rc::Rc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use statespace_engine::space::RankedSpace;
use timely::communication::Hooks;
use timely::communication::allocator::zero_copy::initialize::initialize_networking_from_sockets;
use timely::communication::allocator::{AllocatorBuilder, ProcessBuilder};
use timely::dataflow::operators::Capability;

use crate::dense::{CELLS, Code};
use crate::handshake::Meeting;
use crate::terms::Terms;
use crate::watch::{OnSilence, Watch};
use crate::{Exploration, ExploreError, Options, goals_fingerprint};

mod rounds;
mod share;

use rounds::{Generations, Rounds, refused_elsewhere};
use share::{Held, Lists, Share, Stretch};

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

#[cfg(test)]
mod tests;
