//! Pattern databases of PSVN domains: the distances in an abstract space
//! ([`AbstractSpace`]), computed backward from every abstract goal state, one byte per abstract
//! state, kept in the engine's table files.
//!
//! - Unit costs: the engine's parallel breadth-first [`distance_table`] over the abstract
//!   domain's predecessors (one-way rules included). Non-unit costs: a bucket queue by cost
//!   (Dijkstra), each rule keeping its cost.
//! - A distance past 254 is stored as 254 (an underestimate, so still admissible); a state from
//!   which no abstract goal can be reached is [`UNREACHED`]: no concrete goal can be reached
//!   from it either (every concrete path maps to an abstract one), and the estimate is
//!   [`DEAD_END`], a lower bound of the true distance, which is infinite.
//! - The abstract states are ranked by [`RankedPsvn::for_state`] on the image of the concrete
//!   goal (multiset ranking when every abstract rule rearranges values: the 15-puzzle with 7
//!   tiles kept has 16!/9! entries, not 9^16), or in mixed radix when the goal is not one state.
//!   A state outside the ranked multiset cannot reach the goal, and is estimated 0.

use statespace_engine::distance_table::{Goals, distance_table};
use statespace_engine::pattern_database::{
    Origin, PatternDatabase, PdbError, TableCache, TableId, UNREACHED,
};
use statespace_engine::{Domain, Limits, Meter, PerfectHash, Predecessors, StopReason};
use xxhash_rust::xxh3::xxh3_64;

use crate::abstraction::Abstraction;
use crate::apply::AbstractSpace;
use crate::ast::Psvn;
use crate::domain::{Move, PsvnDomain};
use crate::error::ParseError;
use crate::rank::{RankError, RankedPsvn};

/// The estimate of a state whose abstract image reaches no abstract goal: far above any real
/// distance, and far enough below `u32::MAX` that searches adding a path's cost never overflow.
pub const DEAD_END: u32 = u32::MAX / 4;

/// The largest distance stored: longer ones are stored as this.
pub const SATURATED: u8 = UNREACHED - 1;

/// The bytes a table of `entries` needs while it is built: the table, and the engine's
/// frontiers and copy (unit costs) or the bucket queue (non-unit costs), at most 4 per entry.
pub const BUILD_BYTES_PER_ENTRY: u64 = 4;

/// The most entries a table may have whatever the budget (16 Gi): a larger one would fail to be
/// allocated, which aborts the process instead of returning an error.
pub const MAX_TABLE_ENTRIES: u64 = 1 << 34;

/// Why a table could not be had.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The abstraction does not apply, or the abstract domain does not compile.
    #[error("{0}")]
    Domain(#[from] ParseError),
    /// The abstract states cannot be ranked.
    #[error("{0}")]
    Rank(#[from] RankError),
    /// The table does not fit in the memory budget ([`Limits::max_memory`]).
    #[error(
        "the table of {entries} entries needs {bytes} bytes to build, over the memory budget of {budget} bytes"
    )]
    OverBudget {
        /// The abstract states.
        entries: u64,
        /// The bytes its construction needs.
        bytes: u64,
        /// The budget.
        budget: u64,
    },
    /// The table has more than [`MAX_TABLE_ENTRIES`] entries.
    #[error("the table of {entries} entries is over the most built, {MAX_TABLE_ENTRIES}")]
    TooLarge {
        /// The abstract states.
        entries: u64,
    },
    /// The construction stopped (time limit, cancellation, memory).
    #[error("the table's construction stopped: {0}")]
    Stopped(StopReason),
    /// No abstraction tried by `auto` has a table within the budget.
    #[error("no abstraction has a table within the budget of {budget} bytes")]
    NothingFits {
        /// The budget.
        budget: u64,
    },
    /// A table file of this identity holds as many entries as another space.
    #[error("the table has {found} entries where the abstract space has {expected}")]
    Size {
        /// Its entries.
        found: u64,
        /// The abstract states.
        expected: u64,
    },
}

/// One pattern database: the abstraction, its abstract space and ranking, and its table.
pub struct PsvnPdb {
    abstraction: Abstraction,
    space: AbstractSpace,
    ranked: RankedPsvn,
    table: PatternDatabase,
}

impl std::fmt::Debug for PsvnPdb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PsvnPdb")
            .field("table", &self.table)
            .field("ranking", &self.ranked.ranking())
            .finish()
    }
}

impl PsvnPdb {
    /// The identity a table of `abstraction` of `psvn` is saved under: hashes of the domain's
    /// and the abstraction's canonical texts, so that a table of another domain or abstraction
    /// is refused.
    pub fn table_id(psvn: &Psvn, abstraction: &Abstraction) -> TableId {
        TableId::new(
            format!("psvn {:016x}", xxh3_64(psvn.to_string().as_bytes())),
            format!(
                "abstraction {:016x}",
                xxh3_64(abstraction.to_string().as_bytes())
            ),
        )
    }

    /// The name of its file in a [`TableCache`].
    pub fn file_name(psvn: &Psvn, abstraction: &Abstraction) -> String {
        let id = Self::table_id(psvn, abstraction);
        let hash = |s: &str| s.rsplit(' ').next().unwrap_or_default().to_owned();
        format!("psvn-{}-{}", hash(&id.domain), hash(&id.pattern))
    }

    /// The table of `abstraction` of `psvn`, built. Refuses up front, with the figure, a table
    /// whose construction would not fit in `limits.max_memory`.
    pub fn build(
        psvn: &Psvn,
        abstraction: &Abstraction,
        limits: &Limits,
    ) -> Result<Self, TableError> {
        let (space, ranked) = Self::prepare(psvn, abstraction, limits)?;
        let distances = abstract_distances(&ranked, limits).map_err(TableError::Stopped)?;
        let table = PatternDatabase::from_distances(Self::table_id(psvn, abstraction), distances);
        Ok(Self {
            abstraction: abstraction.clone(),
            space,
            ranked,
            table,
        })
    }

    /// The table of `abstraction` of `psvn` loaded from `cache` if its file is there, sound and
    /// of this domain and abstraction; otherwise built and saved (a damaged or foreign file is
    /// replaced). Says where it came from.
    pub fn load_or_build(
        psvn: &Psvn,
        abstraction: &Abstraction,
        cache: &TableCache,
        limits: &Limits,
    ) -> Result<(Self, Origin), TableError> {
        let (space, ranked) = Self::prepare(psvn, abstraction, limits)?;
        let id = Self::table_id(psvn, abstraction);
        let cached = cache
            .load_or_build(&Self::file_name(psvn, abstraction), &id, |_| {
                abstract_distances(&ranked, limits)
                    .map(|distances| PatternDatabase::from_distances(id.clone(), distances))
            })
            .map_err(TableError::Stopped)?;
        let table = cached.table;
        check_size(&table, &ranked)?;
        let pdb = Self {
            abstraction: abstraction.clone(),
            space,
            ranked,
            table,
        };
        Ok((pdb, cached.origin))
    }

    /// The table of `abstraction` of `psvn` from its file in `cache`, never built: refused if
    /// missing, damaged or foreign.
    pub fn load(
        psvn: &Psvn,
        abstraction: &Abstraction,
        cache: &TableCache,
    ) -> Result<Self, LoadError> {
        let (space, ranked) = Self::prepare(psvn, abstraction, &Limits::none())?;
        let path = cache.path(&Self::file_name(psvn, abstraction));
        let table = PatternDatabase::load(&path, &Self::table_id(psvn, abstraction))?;
        check_size(&table, &ranked)?;
        Ok(Self {
            abstraction: abstraction.clone(),
            space,
            ranked,
            table,
        })
    }

    /// The entries a table of `abstraction` of `psvn` has (one byte each), without building it.
    pub fn entries(psvn: &Psvn, abstraction: &Abstraction) -> Result<u64, TableError> {
        Ok(Self::prepare(psvn, abstraction, &Limits::none())?.1.size())
    }

    /// The abstract space and its ranking, after the budget check.
    fn prepare(
        psvn: &Psvn,
        abstraction: &Abstraction,
        limits: &Limits,
    ) -> Result<(AbstractSpace, RankedPsvn), TableError> {
        psvn.require_goal()?;
        let space = AbstractSpace::new(psvn, abstraction)?;
        let domain = PsvnDomain::new(space.psvn())?;
        let ranked = match psvn.goal_state(0).filter(|_| psvn.goals().len() == 1) {
            Some(goal) => RankedPsvn::for_state(domain, &space.abstract_state(&goal))?,
            None => RankedPsvn::mixed_radix(domain)?,
        };
        let entries = ranked.size();
        if entries > MAX_TABLE_ENTRIES {
            return Err(TableError::TooLarge { entries });
        }
        let bytes = entries.saturating_mul(BUILD_BYTES_PER_ENTRY);
        match limits.max_memory {
            Some(budget) if bytes > budget => Err(TableError::OverBudget {
                entries,
                bytes,
                budget,
            }),
            _ => Ok((space, ranked)),
        }
    }

    /// The abstraction.
    pub fn abstraction(&self) -> &Abstraction {
        &self.abstraction
    }

    /// The abstract space.
    pub fn space(&self) -> &AbstractSpace {
        &self.space
    }

    /// The abstract domain, ranked.
    pub fn ranked(&self) -> &RankedPsvn {
        &self.ranked
    }

    /// The table: one byte per abstract rank.
    pub fn table(&self) -> &PatternDatabase {
        &self.table
    }

    /// The estimate of concrete state `state`: its image's distance, [`DEAD_END`] when its
    /// image reaches no goal, 0 when it is outside the ranked states.
    ///
    /// # Panics
    /// If `state` is not a state of the concrete domain (too short, or a value out of range).
    #[inline]
    pub fn estimate_state(&self, state: &[u8]) -> u32 {
        let mut small = [0u8; 64];
        let mut large = Vec::new();
        let image: &mut [u8] = match self.space.kept().len() {
            n if n <= small.len() => &mut small[..n],
            n => {
                large.resize(n, 0);
                &mut large
            }
        };
        self.space.abstract_into(state, image);
        if !self.ranked.contains(image) {
            return 0;
        }
        match self.table.get(self.ranked.rank_values(image)) {
            UNREACHED => DEAD_END,
            distance => u32::from(distance),
        }
    }

    /// The mean of the table's entries that reach a goal.
    pub fn mean(&self) -> f64 {
        statespace_engine::distance_table::mean_distance(&self.table.histogram())
    }
}

/// Why [`PsvnPdb::load`] refused a table.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// No table can be made of this abstraction.
    #[error("{0}")]
    Table(#[from] TableError),
    /// The file is missing, unreadable, damaged or of another domain or abstraction.
    #[error("{0}")]
    File(#[from] PdbError),
}

/// Refuses a table whose size is not the abstract space's (a file of the same identity cannot
/// have another, unless it was forged).
fn check_size(table: &PatternDatabase, ranked: &RankedPsvn) -> Result<(), TableError> {
    if table.len() == ranked.size() {
        Ok(())
    } else {
        Err(TableError::Size {
            found: table.len(),
            expected: ranked.size(),
        })
    }
}

/// Distances from every state of `ranked` to its goals, backward: breadth-first for unit costs,
/// by a bucket queue for others; saturated at [`SATURATED`].
fn abstract_distances(ranked: &RankedPsvn, limits: &Limits) -> Result<Vec<u8>, StopReason> {
    let unit = ranked.domain().psvn().rules().iter().all(|r| r.cost() == 1);
    if unit {
        let table = distance_table(ranked, Goals::Test, limits).table?;
        Ok(match table.as_bytes() {
            Some(bytes) => bytes.to_vec(),
            None => (0..table.len() as u64)
                .map(|rank| table.distance(rank).map_or(UNREACHED, saturate))
                .collect(),
        })
    } else {
        weighted_distances(ranked, limits)
    }
}

fn saturate(distance: u16) -> u8 {
    u8::try_from(distance).map_or(SATURATED, |d| d.min(SATURATED))
}

/// Dijkstra backward from the goals with one bucket per distance up to [`SATURATED`]: the
/// last bucket takes every state farther, which are then only flooded (all stored as
/// [`SATURATED`]). A state is settled when first taken from a bucket.
fn weighted_distances(ranked: &RankedPsvn, limits: &Limits) -> Result<Vec<u8>, StopReason> {
    let size = usize::try_from(ranked.size()).map_err(|_| StopReason::MemoryLimit)?;
    let mut distances = vec![UNREACHED; size];
    let mut settled = vec![0u64; size.div_ceil(64)];
    let mut buckets: Vec<Vec<u64>> = vec![Vec::new(); usize::from(SATURATED) + 1];
    for goal in Goals::Test.ranks(ranked) {
        distances[goal as usize] = 0;
        buckets[0].push(goal);
    }
    let meter = Meter::new(limits);
    let mut moves: Vec<Move> = Vec::new();
    let mut expanded = 0u64;
    for distance in 0..buckets.len() {
        while let Some(rank) = buckets[distance].pop() {
            let (word, bit) = (rank as usize / 64, 1u64 << (rank % 64));
            if settled[word] & bit != 0 {
                continue;
            }
            settled[word] |= bit;
            expanded += 1;
            if expanded.is_multiple_of(65_536) {
                meter.check_clock_and_flag()?;
            }
            let state = ranked.unrank(rank);
            moves.clear();
            ranked.predecessor_actions(&state, &mut moves);
            for &action in &moves {
                let mut predecessor = state.clone();
                ranked.apply(&mut predecessor, action);
                let cost = ranked.cost(&state, action);
                let reached = (distance as u64 + u64::from(cost)).min(u64::from(SATURATED)) as u8;
                let predecessor = ranked.rank(&predecessor);
                let entry = &mut distances[predecessor as usize];
                if reached < *entry {
                    *entry = reached;
                    buckets[usize::from(reached)].push(predecessor);
                }
            }
        }
    }
    Ok(distances)
}
