//! A worker's dataflow, round by round, and its checkpoints: the rounds it plays, the reports
//! of every worker, and how the workers agree on the layer to resume from.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use timely::dataflow::channels::pact::{Exchange, Pipeline};
use timely::dataflow::operators::vec::Broadcast;
use timely::dataflow::operators::{Input, Inspect, Operator, Probe};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::worker::Worker;

use super::share::{Held, Share};
use super::{Expansion, Report, Round};
use crate::ExploreError;
use crate::checkpoint::{Checkpoint, FolderLock, lock_folder};
use crate::dense::Code;

/// A worker's dataflow: the rounds it starts, and the reports of every worker.
pub(super) struct Rounds {
    input: InputHandleVec<u64, Round>,
    probe: ProbeHandle<u64>,
    reports: Rc<RefCell<BTreeMap<u64, Vec<Report>>>>,
}

impl Rounds {
    /// Builds the dataflow of `worker`, which holds `held`, from round `first_round` on.
    pub(super) fn build<S: Share + 'static>(
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
    pub(super) fn play(&mut self, worker: &mut Worker, round: Round, depth: u64) -> Vec<Report> {
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
pub(super) struct Generations {
    saves: [Checkpoint; 2],
    lock: Result<FolderLock, ExploreError>,
}

impl Generations {
    pub(super) fn of(checkpoint: &Checkpoint, worker: usize, workers: usize) -> Self {
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

    pub(super) fn save(&self, layers: &[u64], share: &impl Share) -> Result<(), ExploreError> {
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
    pub(super) fn resume(
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

pub(super) fn refused_elsewhere() -> ExploreError {
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
