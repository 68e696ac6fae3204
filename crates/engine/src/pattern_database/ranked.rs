//! A pattern database of any ranked abstraction, one-way moves included: built backwards over
//! the abstraction's predecessors, kept in the table files and folders of the other tables, and
//! served to the concrete domain as a [`Heuristic`] through a projection closure.

use std::fmt;
use std::path::Path;

use super::{Origin, PatternDatabase, PdbError, TableCache, TableId, UNREACHED};
use crate::StopReason;
use crate::distance_table::{DistanceTable, Goals, distance_table};
use crate::heuristics::Projection;
use crate::{Domain, Heuristic, Limits, PerfectHash, Predecessors};

/// The largest distance a table stores: deeper ones are stored as this, an underestimate, so
/// the estimate stays admissible.
pub const SATURATED: u8 = UNREACHED - 1;

/// The exact distances of an abstraction (a [`PerfectHash`] domain whose states keep part of a
/// concrete state, [`Predecessors`] saying how to step back in it, one-way moves included), one
/// byte per abstract state in a [`PatternDatabase`], and `project`, which maps a concrete state
/// to its abstract image.
///
/// The estimate of a concrete state is its image's distance to the abstract goals (the images
/// of the concrete goals), which never exceeds the state's own number of moves as long as every
/// concrete move maps to an abstract move or to none; a state whose image reaches no abstract
/// goal reaches no concrete goal either, and is estimated at `u32::MAX`. Distances count moves:
/// with costs above 1 the estimate stays a lower bound, a weaker one.
///
/// Unlike [`Projection`], whose table lives in memory only, the table is saved with the header
/// and checksum of every pattern database ([`RankedPdb::save`]), loaded memory-mapped from a file
/// that proves to hold `id` undamaged and of the abstraction's size ([`RankedPdb::load`]), or
/// built when a [`TableCache`] folder does not hold it ([`RankedPdb::load_or_build`]). A
/// `Projection` becomes one with [`RankedPdb::from_projection`].
///
/// ```
/// use statespace_engine::pattern_database::{Origin, RankedPdb, TableCache, TableId};
/// use statespace_engine::{Domain, Heuristic, Limits, PerfectHash, Reversible, astar::astar};
/// /// A dial of 0..=9 and a counter of 0..=9, each turned by one step, to reach (0, 0).
/// struct Dials;
/// impl Domain for Dials {
///     type State = [u8; 2];
///     type Action = (usize, i8);
///     fn actions(&self, s: &[u8; 2], out: &mut Vec<(usize, i8)>) {
///         for dial in 0..2 {
///             if s[dial] > 0 { out.push((dial, -1)); }
///             if s[dial] < 9 { out.push((dial, 1)); }
///         }
///     }
///     fn apply(&self, s: &mut [u8; 2], (dial, step): (usize, i8)) {
///         s[dial] = s[dial].wrapping_add_signed(step);
///     }
///     fn invert(&self, (dial, step): (usize, i8)) -> Option<(usize, i8)> { Some((dial, -step)) }
///     fn is_goal(&self, s: &[u8; 2]) -> bool { *s == [0; 2] }
/// }
/// /// The first dial alone: 10 abstract states.
/// struct First;
/// impl Domain for First {
///     type State = u8;
///     type Action = i8;
///     fn actions(&self, &s: &u8, out: &mut Vec<i8>) {
///         if s > 0 { out.push(-1); }
///         if s < 9 { out.push(1); }
///     }
///     fn apply(&self, s: &mut u8, step: i8) { *s = s.wrapping_add_signed(step); }
///     fn invert(&self, step: i8) -> Option<i8> { Some(-step) }
///     fn is_goal(&self, &s: &u8) -> bool { s == 0 }
/// }
/// impl Reversible for First {}
/// impl PerfectHash for First {
///     fn size(&self) -> u64 { 10 }
///     fn rank(&self, &s: &u8) -> u64 { u64::from(s) }
///     fn unrank(&self, rank: u64) -> u8 { rank as u8 }
/// }
/// let folder = std::env::temp_dir().join(format!("ranked-pdb-doc-{}", std::process::id()));
/// let cache = TableCache::new(&folder);
/// let id = TableId::new("two dials to (0, 0)", "the first dial");
/// let project = |s: &[u8; 2]| s[0];
/// let (pdb, _) =
///     RankedPdb::load_or_build(First, &[0], project, &cache, "first", &id, &Limits::none())
///         .unwrap();
/// assert_eq!(pdb.estimate(&Dials, &[7, 3]), 7);
/// // The second time, the table comes from its file.
/// let (again, origin) =
///     RankedPdb::load_or_build(First, &[0], project, &cache, "first", &id, &Limits::none())
///         .unwrap();
/// assert!(matches!(origin, Origin::Loaded) && again.table().is_mapped());
/// let result = astar(&Dials, &[7, 3], &again, &Limits::none());
/// assert_eq!(result.outcome.solution().unwrap().cost, 10);
/// # std::fs::remove_dir_all(&folder).unwrap();
/// ```
pub struct RankedPdb<A, F> {
    abstraction: A,
    project: F,
    table: PatternDatabase,
}

/// The table alone: a projection is a closure.
impl<A, F> fmt::Debug for RankedPdb<A, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RankedPdb")
            .field("table", &self.table)
            .finish_non_exhaustive()
    }
}

/// The bytes of `table`, distances past [`SATURATED`] stored as it (a table of a byte per
/// state holds none).
fn saturated_bytes(table: &DistanceTable) -> Vec<u8> {
    match table.as_bytes() {
        Some(bytes) => bytes.to_vec(),
        None => (0..table.len() as u64)
            .map(|rank| {
                table.distance(rank).map_or(UNREACHED, |distance| {
                    u8::try_from(distance).map_or(SATURATED, |d| d.min(SATURATED))
                })
            })
            .collect(),
    }
}

/// The pattern database `id` of `abstraction`: its distances from `goals`, backwards over its
/// predecessors.
fn build_table<A: PerfectHash + Predecessors + Sync>(
    abstraction: &A,
    goals: Goals<'_, A::State>,
    id: &TableId,
    limits: &Limits,
) -> Result<PatternDatabase, StopReason> {
    let table = distance_table(abstraction, goals, limits).table?;
    Ok(PatternDatabase::from_distances(
        id.clone(),
        saturated_bytes(&table),
    ))
}

impl<A: PerfectHash + Predecessors + Sync, F> RankedPdb<A, F> {
    /// The table of a [`Projection`], saved under `id` from now on (distances past
    /// [`SATURATED`] stored as it).
    pub fn from_projection(projection: Projection<A, F>, id: &TableId) -> Self {
        let (abstraction, table, project) = projection.into_parts();
        let table = PatternDatabase::from_distances(id.clone(), saturated_bytes(&table));
        Self {
            abstraction,
            project,
            table,
        }
    }

    /// Builds the table `id` of `abstraction`: its distances to `goals` (states, ranks or its
    /// own goal test: [`Goals`]), by the parallel backward search of
    /// [`distance_table`](crate::distance_table::distance_table), within `limits`.
    ///
    /// # Errors
    /// The limit that stopped the build.
    pub fn build<'g>(
        abstraction: A,
        goals: impl Into<Goals<'g, A::State>>,
        project: F,
        id: &TableId,
        limits: &Limits,
    ) -> Result<Self, StopReason>
    where
        A::State: 'g,
    {
        let table = build_table(&abstraction, goals.into(), id, limits)?;
        Ok(Self {
            abstraction,
            project,
            table,
        })
    }

    /// The table `id` of `abstraction` from the file `name` of `cache` if that holds it
    /// undamaged and of the abstraction's size; otherwise built as [`RankedPdb::build`] does and
    /// saved there (a damaged, foreign or wrongly sized file is replaced). Says where it came
    /// from.
    ///
    /// # Errors
    /// The limit that stopped the build.
    #[allow(clippy::too_many_arguments)] // a build's parts and a cache's, each needed
    pub fn load_or_build<'g>(
        abstraction: A,
        goals: impl Into<Goals<'g, A::State>>,
        project: F,
        cache: &TableCache,
        name: &str,
        id: &TableId,
        limits: &Limits,
    ) -> Result<(Self, Origin), StopReason>
    where
        A::State: 'g,
    {
        let goals = goals.into();
        let build = || build_table(&abstraction, goals.clone(), id, limits);
        let cached = cache.load_or_build(name, id, |_| build())?;
        let (table, origin) = match wrong_size(&cached.table, &abstraction, &cache.path(name)) {
            None => (cached.table, cached.origin),
            Some(refused) => {
                let table = build()?;
                let saved = table.save(&cache.path(name));
                let refused = Some(refused);
                (table, Origin::Built { refused, saved })
            }
        };
        let pdb = Self {
            abstraction,
            project,
            table,
        };
        Ok((pdb, origin))
    }
}

/// Why a table of `table.len()` entries cannot serve `abstraction`, if it cannot.
fn wrong_size<A: PerfectHash>(
    table: &PatternDatabase,
    abstraction: &A,
    path: &Path,
) -> Option<PdbError> {
    (table.len() != abstraction.size()).then(|| PdbError::Damaged {
        path: path.to_path_buf(),
        reason: format!(
            "it holds {} entries where the abstraction has {}",
            table.len(),
            abstraction.size()
        ),
    })
}

impl<A: PerfectHash, F> RankedPdb<A, F> {
    /// The table `id` of `abstraction` from the file at `path`, memory-mapped: refused if it is
    /// missing, damaged, of another table or of another size than the abstraction.
    ///
    /// # Errors
    /// Why the file was refused.
    pub fn load(abstraction: A, project: F, path: &Path, id: &TableId) -> Result<Self, PdbError> {
        let table = PatternDatabase::load(path, id)?;
        if let Some(refused) = wrong_size(&table, &abstraction, path) {
            return Err(refused);
        }
        Ok(Self {
            abstraction,
            project,
            table,
        })
    }

    /// Writes the table to `path`, with its header and checksum.
    ///
    /// # Errors
    /// The file could not be written.
    pub fn save(&self, path: &Path) -> Result<(), PdbError> {
        self.table.save(path)
    }

    /// The table: one byte per abstract rank, [`UNREACHED`] where no abstract goal is reached.
    pub fn table(&self) -> &PatternDatabase {
        &self.table
    }

    /// The abstraction.
    pub fn abstraction(&self) -> &A {
        &self.abstraction
    }

    /// The estimate of the abstract state `image`.
    #[inline]
    fn lookup(&self, image: &A::State) -> u32 {
        match self.table.get(self.abstraction.rank(image)) {
            UNREACHED => u32::MAX,
            distance => u32::from(distance),
        }
    }
}

impl<D, A, F> Heuristic<D> for RankedPdb<A, F>
where
    D: Domain + ?Sized,
    A: PerfectHash,
    F: Fn(&D::State) -> A::State,
{
    #[inline]
    fn estimate(&self, _: &D, state: &D::State) -> u32 {
        self.lookup(&(self.project)(state))
    }
}

// Looked up afresh at every state: the image of a state changes with any move.
crate::domain::recomputed_at_every_state!(
    [D, A, F] RankedPdb<A, F>, u32
    where D: Domain + ?Sized, A: PerfectHash, F: Fn(&D::State) -> A::State
);
