//! `auto[=SIZE]`: abstractions chosen without a file, within a budget of table bytes.
//!
//! Greedy refinements in the spirit of iPDB (Haslum et al., 2007), of two kinds, each table
//! taking the better:
//! - value merges: a table starts with one value of one domain kept distinct (every other value
//!   of that domain merged into one, other domains merged whole, which projects their variables
//!   away), and keeps one more value distinct at a time (in tile puzzles, cubes and pancakes a
//!   value kept is a piece kept, what pattern databases keep);
//! - projections: a table starts with one variable kept, every value distinct, and keeps one
//!   more variable at a time (iPDB's patterns: in Hanoi a variable is a disc, and a table of the
//!   largest discs is the classic one).
//!
//! Each step chooses the candidate whose table most raises the mean estimate (of all the tables
//! so far, combined by maximum) over a sample of states, ties going to the table's own mean then
//! to the smaller table. A table is finished when no candidate fits in what is left of the
//! budget; another is started while what is left allows one, and kept only if it raises the
//! mean. The sample is states reached by random walks backward from the goal, of lengths spread
//! up to [`AutoOptions::walk`].
//!
//! Cost: each step builds one table per candidate, so a step costs about (candidates left) ×
//! (the candidates' entries) expansions; the last step of a table dominates.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::{Domain, Limits, Predecessors, StopReason};

use crate::abstraction::Abstraction;
use crate::ast::Psvn;
use crate::domain::{Move, PsvnDomain, State};
use crate::error::Span;
use crate::heuristic::MaxPdb;
use crate::pdb::{DEAD_END, PsvnPdb, TableError};

/// How [`choose_abstractions`] chooses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AutoOptions {
    /// The bytes all tables together may take (one per entry).
    pub budget: u64,
    /// The states the mean estimate is taken over.
    pub samples: usize,
    /// The longest random walk back from the goal that draws a sample.
    pub walk: usize,
    /// The most tables combined.
    pub max_tables: usize,
    /// The seed of the walks.
    pub seed: u64,
}

impl Default for AutoOptions {
    /// A MiB of tables, 1,000 samples, walks up to 200 moves, at most 4 tables.
    fn default() -> Self {
        Self {
            budget: 1 << 20,
            samples: 1000,
            walk: 200,
            max_tables: 4,
            seed: 47,
        }
    }
}

impl AutoOptions {
    /// `auto` or `auto=SIZE` (bytes, or with a suffix `K`, `M`, `G`: KiB, MiB, GiB), with the
    /// other options their defaults; `None` for anything else.
    ///
    /// ```
    /// use statespace_psvn::AutoOptions;
    /// assert_eq!(AutoOptions::from_spec("auto").unwrap().budget, 1 << 20);
    /// assert_eq!(AutoOptions::from_spec("auto=64K").unwrap().budget, 65_536);
    /// assert!(AutoOptions::from_spec("auto=lots").is_none());
    /// ```
    pub fn from_spec(spec: &str) -> Option<Self> {
        let size = match spec.strip_prefix("auto") {
            Some("") => return Some(Self::default()),
            Some(rest) => rest.strip_prefix('=')?,
            None => return None,
        };
        let (digits, unit) = match size.char_indices().last()? {
            (i, 'k' | 'K') => (&size[..i], 1 << 10),
            (i, 'm' | 'M') => (&size[..i], 1 << 20),
            (i, 'g' | 'G') => (&size[..i], 1 << 30),
            _ => (size, 1),
        };
        let budget = digits.parse::<u64>().ok()?.checked_mul(unit)?;
        Some(Self {
            budget,
            ..Self::default()
        })
    }
}

/// What [`choose_abstractions`] chose.
#[derive(Debug)]
pub struct AutoChoice {
    /// The tables, built.
    pub tables: MaxPdb,
    /// Their mean estimate (combined by maximum) over the sample.
    pub mean: f64,
}

impl AutoChoice {
    /// The abstractions chosen, each printable as an abstraction file.
    pub fn abstractions(&self) -> Vec<&Abstraction> {
        self.tables
            .tables()
            .iter()
            .map(PsvnPdb::abstraction)
            .collect()
    }

    /// The bytes of the tables.
    pub fn bytes(&self) -> u64 {
        self.tables.tables().iter().map(|t| t.table().len()).sum()
    }
}

/// Chooses and builds abstractions of `psvn` within `options.budget` table bytes (see the
/// module's documentation). Needs a goal naming one state to walk back from; stops with what it
/// has when `limits` stop a build, and fails if not even one table fits.
pub fn choose_abstractions(
    psvn: &Psvn,
    options: &AutoOptions,
    limits: &Limits,
) -> Result<AutoChoice, TableError> {
    let domain = PsvnDomain::new(psvn)?;
    let goal = domain.goal_state().ok_or_else(|| {
        Span { line: 1, column: 1 }.error(
            &psvn.file,
            "auto abstractions walk back from a GOAL naming one state",
        )
    })?;
    let samples = sample(&domain, &goal, options);
    let mut chosen: Vec<PsvnPdb> = Vec::new();
    let mut mean = 0.0;
    while chosen.len() < options.max_tables {
        let left = options.budget - chosen.iter().map(|t| t.table().len()).sum::<u64>();
        let mut grown = Vec::new();
        for start in [Kept::merged(psvn), Kept::projected(psvn)] {
            if let Some(table) = refine(psvn, start, &chosen, &samples, left, limits)? {
                grown.push((score(&chosen, Some(&table), &samples), table));
            }
        }
        let best = grown
            .into_iter()
            .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
        let Some((gain, table)) = best else {
            break;
        };
        if gain.combined <= mean && !chosen.is_empty() {
            break;
        }
        mean = gain.combined;
        chosen.push(table);
    }
    if chosen.is_empty() {
        return Err(TableError::NothingFits {
            budget: options.budget,
        });
    }
    Ok(AutoChoice {
        tables: MaxPdb::new(chosen),
        mean,
    })
}

/// States reached from `goal` by random walks back (predecessors), of lengths spread from 0 to
/// `options.walk`.
fn sample(domain: &PsvnDomain, goal: &State, options: &AutoOptions) -> Vec<State> {
    let mut random = ChaCha8Rng::seed_from_u64(options.seed);
    let mut moves: Vec<Move> = Vec::new();
    (0..options.samples)
        .map(|_| {
            let mut state = goal.clone();
            for _ in 0..random.random_range(0..=options.walk) {
                moves.clear();
                domain.predecessor_actions(&state, &mut moves);
                if moves.is_empty() {
                    break;
                }
                domain.apply(&mut state, moves[random.random_range(0..moves.len())]);
            }
            state
        })
        .collect()
}

/// How good a candidate is: the mean of the tables combined with it, its own mean, and its
/// size (smaller better), compared in that order.
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
struct Score {
    combined: f64,
    own: f64,
    smaller: f64,
}

fn score(chosen: &[PsvnPdb], candidate: Option<&PsvnPdb>, samples: &[State]) -> Score {
    let capped = |h: u32| f64::from(h.min(DEAD_END - 1));
    let (mut combined, mut own) = (0.0, 0.0);
    for state in samples {
        let mine = candidate.map_or(0, |c| c.estimate_state(state));
        let best = chosen
            .iter()
            .map(|t| t.estimate_state(state))
            .max()
            .unwrap_or(0);
        combined += capped(best.max(mine));
        own += capped(mine);
    }
    let count = samples.len().max(1) as f64;
    Score {
        combined: combined / count,
        own: own / count,
        smaller: -(candidate.map_or(0, |c| c.table().len()) as f64),
    }
}

/// An abstraction as grown by the greedy: per domain, which values are kept distinct, and which
/// variables are kept.
#[derive(Clone)]
struct Kept {
    distinct: Vec<Vec<bool>>,
    variables: Vec<bool>,
}

/// One step of the greedy: a value kept distinct (`domain`, `value`), or a variable kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Growth {
    Value(usize, usize),
    Variable(usize),
}

impl Kept {
    /// The start of value merges: every variable kept, every domain's values merged.
    fn merged(psvn: &Psvn) -> Self {
        Self::uniform(psvn, false, true)
    }

    /// The start of projections: no variable kept, every value distinct.
    fn projected(psvn: &Psvn) -> Self {
        Self::uniform(psvn, true, false)
    }

    fn uniform(psvn: &Psvn, distinct: bool, kept: bool) -> Self {
        Self {
            distinct: psvn
                .domains()
                .iter()
                .map(|d| vec![distinct; d.values().len()])
                .collect(),
            variables: vec![kept; psvn.len()],
        }
    }

    /// Whether this grows by projections.
    fn projects(&self) -> bool {
        self.variables.iter().any(|&kept| !kept)
    }

    fn grown(&self, growth: Growth) -> Self {
        let mut grown = self.clone();
        match growth {
            Growth::Value(domain, value) => grown.distinct[domain][value] = true,
            Growth::Variable(variable) => grown.variables[variable] = true,
        }
        grown
    }

    /// The abstraction: each domain's values not kept merged into the first of them, and the
    /// variables not kept projected away.
    fn abstraction(&self, psvn: &Psvn) -> Abstraction {
        let mut abstraction = Abstraction::identity(psvn);
        for (variable, &kept) in self.variables.iter().enumerate() {
            abstraction = abstraction.with_kept(variable, kept);
        }
        for (domain, kept) in self.distinct.iter().enumerate() {
            let Some(rest) = kept.iter().position(|&k| !k) else {
                continue;
            };
            for value in (0..kept.len()).filter(|&v| !kept[v]) {
                abstraction = abstraction.with_image(domain, value as u8, rest as u8);
            }
        }
        abstraction
    }
}

/// One table grown greedily from `kept` within `left` bytes, or `None` if none fits.
fn refine(
    psvn: &Psvn,
    mut kept: Kept,
    chosen: &[PsvnPdb],
    samples: &[State],
    left: u64,
    limits: &Limits,
) -> Result<Option<PsvnPdb>, TableError> {
    let mut best: Option<PsvnPdb> = None;
    // The candidates of the last step, best first: large tables are built for the first few.
    let mut ranking: Vec<Growth> = Vec::new();
    loop {
        let mut scored: Vec<(Score, Growth, PsvnPdb)> = Vec::new();
        let mut large = 0;
        for candidate in ordered(candidates(&kept), &ranking) {
            let abstraction = kept.grown(candidate).abstraction(psvn);
            let Ok(entries) = PsvnPdb::entries(psvn, &abstraction) else {
                continue;
            };
            if entries > left || (entries > SCREEN_ENTRIES && large == SCREENED) {
                continue;
            }
            large += usize::from(entries > SCREEN_ENTRIES);
            let table = match PsvnPdb::build(psvn, &abstraction, limits) {
                Ok(table) => table,
                Err(
                    TableError::Stopped(StopReason::MemoryLimit) | TableError::OverBudget { .. },
                ) => {
                    continue;
                }
                Err(stopped) => return best.map_or(Err(stopped), |b| Ok(Some(b))),
            };
            scored.push((score(chosen, Some(&table), samples), candidate, table));
        }
        scored.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
        ranking = scored.iter().map(|(_, candidate, _)| *candidate).collect();
        let Some((_, growth, table)) = scored.into_iter().next() else {
            return Ok(best);
        };
        kept = kept.grown(growth);
        best = Some(table);
    }
}

/// Tables of more entries than this are built only for the [`SCREENED`] candidates the last
/// step found best, which bounds the time of the last, largest steps.
const SCREEN_ENTRIES: u64 = 1 << 16;

/// How many large candidates a step builds.
const SCREENED: usize = 3;

/// `candidates` in the order of `ranking` (the last step's, best first), the others after.
fn ordered(mut candidates: Vec<Growth>, ranking: &[Growth]) -> Vec<Growth> {
    candidates.sort_by_key(|c| ranking.iter().position(|r| r == c).unwrap_or(usize::MAX));
    candidates
}

/// Every variable not yet kept, when growing by projections; else every value not yet kept
/// distinct, in the domains that keep some (or in every domain while none does).
fn candidates(kept: &Kept) -> Vec<Growth> {
    if kept.projects() {
        let left = kept
            .variables
            .iter()
            .enumerate()
            .filter(|(_, kept)| !**kept);
        return left
            .map(|(variable, _)| Growth::Variable(variable))
            .collect();
    }
    let started = kept.distinct.iter().any(|d| d.iter().any(|&k| k));
    kept.distinct
        .iter()
        .enumerate()
        .filter(|(_, values)| !started || values.iter().any(|&k| k))
        .flat_map(|(domain, values)| {
            (0..values.len())
                .filter(|&v| !values[v])
                .map(move |value| Growth::Value(domain, value))
        })
        .collect()
}
