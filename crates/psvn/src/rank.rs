//! Perfect hashes of a compiled domain's states: mixed radix over the variables' domain sizes,
//! or, when every rule only rearranges values, the arrangements of one state's multiset of
//! values (the 8-puzzle's 9! boards instead of 9^9 vectors).

use statespace_engine::move_pruning::MoveAutomaton;
use statespace_engine::rank::{
    MultisetRanker, PermutationUnranker, rank_permutation, unrank_permutation,
};
use statespace_engine::{Domain, PerfectHash, Predecessors};

use crate::domain::{Move, PsvnDomain, State};

/// The most variables of one domain that multiset ranking handles (the engine's ranker's).
const MAX_CELLS: usize = 64;

/// Why a domain's states cannot be ranked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RankError {
    /// Too many states for a `u64` rank.
    #[error(
        "the states cannot be ranked in 64 bits: {} mixed-radix ranks, {}",
        .radix.map_or("over 2^64".to_owned(), |n| n.to_string()),
        .multiset.as_deref().unwrap_or("no multiset ranking")
    )]
    TooLarge {
        /// The number of mixed-radix ranks, if it fits in a `u64`.
        radix: Option<u64>,
        /// Why multiset ranking does not apply or fit.
        multiset: Option<String>,
    },
    /// The state given does not belong to the domain.
    #[error(
        "the state has {found} values where the domain has {expected} variables, or a value out of its domain"
    )]
    BadState {
        /// The number of variables.
        expected: usize,
        /// The number of values given.
        found: usize,
    },
}

/// Which ranking a [`RankedPsvn`] uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranking {
    /// Every vector of values: the product of the domain sizes.
    MixedRadix,
    /// The arrangements, per domain, of the values of one state: the states reachable from it
    /// when every rule rearranges values.
    Multiset,
}

/// One part of a rank: the variables of one domain arranged as a multiset.
#[derive(Clone, Debug)]
struct Arrangement {
    cells: Box<[u16]>,
    ranker: MultisetRanker,
    /// Whether every value occurs once (and at most 20 cells): the arrangements are then the
    /// permutations, whose lexicographic rank (the same as the multiset ranker's) the Cantor
    /// expansion computes without a division per cell.
    distinct: bool,
    /// The symbol (rank among the values present) of each value, and back.
    symbol_of: [u8; 256],
    value_of: Box<[u8]>,
    /// How many cells hold each symbol.
    counts: Box<[u8]>,
}

/// A compiled domain with a perfect hash of its states, for the engine's whole-space searches
/// and distance tables.
#[derive(Clone, Debug)]
pub struct RankedPsvn {
    domain: PsvnDomain,
    ranking: Ranking,
    /// Mixed radix: the domain size of each variable.
    radices: Box<[u64]>,
    /// Multiset: one arrangement per domain, the first the most significant.
    arrangements: Box<[Arrangement]>,
    size: u64,
}

impl RankedPsvn {
    /// The ranking suited to the states reachable from `state`: multiset ranking of its values
    /// when the domain keeps multisets ([`PsvnDomain::keeps_multisets`]) and that has fewer
    /// ranks, else mixed radix.
    pub fn for_state(domain: PsvnDomain, state: &[u8]) -> Result<Self, RankError> {
        check_state(&domain, state)?;
        let radix = Self::mixed_radix(domain.clone());
        let multiset = if domain.keeps_multisets() {
            Self::multiset(domain, state)
        } else {
            Err(RankError::TooLarge {
                radix: None,
                multiset: Some("some rule does not only rearrange values".to_owned()),
            })
        };
        match (radix, multiset) {
            (Ok(radix), Ok(multiset)) if radix.size <= multiset.size => Ok(radix),
            (_, Ok(multiset)) => Ok(multiset),
            (Ok(radix), Err(_)) => Ok(radix),
            (Err(_), Err(RankError::TooLarge { multiset, .. })) => Err(RankError::TooLarge {
                radix: None,
                multiset,
            }),
            (Err(error), Err(_)) => Err(error),
        }
    }

    /// Every vector of values, ranked in mixed radix (the first variable most significant).
    pub fn mixed_radix(domain: PsvnDomain) -> Result<Self, RankError> {
        let radices: Box<[u64]> = (0..domain.psvn().len())
            .map(|v| domain.domain_size(v) as u64)
            .collect();
        let size = radices
            .iter()
            .try_fold(1u64, |size, &radix| size.checked_mul(radix));
        let Some(size) = size else {
            return Err(RankError::TooLarge {
                radix: None,
                multiset: None,
            });
        };
        Ok(Self {
            domain,
            ranking: Ranking::MixedRadix,
            radices,
            arrangements: Box::new([]),
            size,
        })
    }

    /// The arrangements, per domain, of the values `state` holds. Only the states whose values
    /// are a rearrangement of those of `state` have ranks: all those reachable from it (or
    /// reaching it) when the domain [keeps multisets](PsvnDomain::keeps_multisets).
    pub fn multiset(domain: PsvnDomain, state: &[u8]) -> Result<Self, RankError> {
        check_state(&domain, state)?;
        let too_large = |why: String| RankError::TooLarge {
            radix: None,
            multiset: Some(why),
        };
        let mut arrangements = Vec::new();
        let mut size = 1u64;
        let psvn = domain.psvn();
        let mut domains: Vec<usize> = psvn.variable_domains().to_vec();
        domains.sort_unstable();
        domains.dedup();
        for d in domains {
            let cells: Box<[u16]> = (0..psvn.len() as u16)
                .filter(|&v| psvn.variable_domains()[usize::from(v)] == d)
                .collect();
            if cells.len() > MAX_CELLS {
                return Err(too_large(format!(
                    "{} variables of domain {}, over {MAX_CELLS}",
                    cells.len(),
                    psvn.domains()[d].name()
                )));
            }
            let mut counts = [0usize; 256];
            for &cell in &cells {
                counts[usize::from(state[usize::from(cell)])] += 1;
            }
            let value_of: Box<[u8]> = (0..=255u8)
                .filter(|&v| counts[usize::from(v)] > 0)
                .collect();
            let mut symbol_of = [0u8; 256];
            for (symbol, &value) in value_of.iter().enumerate() {
                symbol_of[usize::from(value)] = symbol as u8;
            }
            let present: Vec<usize> = value_of.iter().map(|&v| counts[usize::from(v)]).collect();
            let Some(arrangement_count) = multinomial(&present) else {
                return Err(too_large("over 2^64 arrangements".to_owned()));
            };
            size = size
                .checked_mul(arrangement_count)
                .ok_or_else(|| too_large("over 2^64 arrangements".to_owned()))?;
            arrangements.push(Arrangement {
                distinct: present.iter().all(|&c| c == 1) && cells.len() <= 20,
                cells,
                ranker: MultisetRanker::new(&present),
                symbol_of,
                value_of,
                counts: present.iter().map(|&c| c as u8).collect(),
            });
        }
        Ok(Self {
            domain,
            ranking: Ranking::Multiset,
            radices: Box::new([]),
            arrangements: arrangements.into_boxed_slice(),
            size,
        })
    }

    /// The compiled domain.
    pub fn domain(&self) -> &PsvnDomain {
        &self.domain
    }

    /// The ranking chosen.
    pub fn ranking(&self) -> Ranking {
        self.ranking
    }

    /// Whether `state` has a rank: its values are in their domains, and, with multiset
    /// ranking, are an arrangement of the ranked multiset (ranking another would be wrong).
    pub fn contains(&self, state: &[u8]) -> bool {
        match self.ranking {
            Ranking::MixedRadix => {
                state.len() == self.radices.len()
                    && state
                        .iter()
                        .zip(self.radices.iter())
                        .all(|(&v, &r)| u64::from(v) < r)
            }
            Ranking::Multiset => {
                state.len() == self.domain.psvn().len()
                    && self.arrangements.iter().all(|part| part.holds(state))
            }
        }
    }

    /// Whether a state is itself a permutation of `0..n` and its rank that permutation's
    /// lexicographic rank: one domain whose values each appear once, all of them.
    pub(crate) fn is_one_permutation(&self) -> bool {
        match &self.arrangements[..] {
            [part] if self.ranking == Ranking::Multiset => {
                part.distinct
                    && part.cells.len() == self.domain.psvn().len()
                    && part
                        .value_of
                        .iter()
                        .enumerate()
                        .all(|(s, &v)| usize::from(v) == s)
            }
            _ => false,
        }
    }

    /// The rank of `state` (one with a rank: see [`RankedPsvn::contains`]), without a boxed
    /// state.
    pub(crate) fn rank_values(&self, state: &[u8]) -> u64 {
        match self.ranking {
            Ranking::MixedRadix => state
                .iter()
                .zip(self.radices.iter())
                .fold(0, |rank, (&value, &radix)| rank * radix + u64::from(value)),
            Ranking::Multiset => {
                let mut symbols = [0u8; MAX_CELLS];
                self.arrangements.iter().fold(0, |rank, part| {
                    let symbols = &mut symbols[..part.cells.len()];
                    for (symbol, &cell) in symbols.iter_mut().zip(part.cells.iter()) {
                        *symbol = part.symbol_of[usize::from(state[usize::from(cell)])];
                    }
                    let within = if part.distinct {
                        rank_permutation(symbols)
                    } else {
                        part.ranker.rank(symbols)
                    };
                    rank * part.ranker.size() + within
                })
            }
        }
    }
}

impl Arrangement {
    /// Whether the cells of `state` hold this arrangement's multiset.
    fn holds(&self, state: &[u8]) -> bool {
        let mut tally = [0u8; MAX_CELLS];
        for &cell in self.cells.iter() {
            let value = state[usize::from(cell)];
            let symbol = self.symbol_of[usize::from(value)];
            if self.value_of[usize::from(symbol)] != value {
                return false;
            }
            tally[usize::from(symbol)] += 1;
        }
        tally[..self.counts.len()] == *self.counts
    }
}

fn check_state(domain: &PsvnDomain, state: &[u8]) -> Result<(), RankError> {
    let expected = domain.psvn().len();
    let fits = state.len() == expected
        && state
            .iter()
            .enumerate()
            .all(|(v, &value)| usize::from(value) < domain.domain_size(v));
    if fits {
        Ok(())
    } else {
        Err(RankError::BadState {
            expected,
            found: state.len(),
        })
    }
}

/// The number of arrangements of a multiset with these counts, if it fits in a `u64`.
fn multinomial(counts: &[usize]) -> Option<u64> {
    let mut placed = 0u128;
    let mut product = 1u128;
    for &count in counts {
        // Choose which of the cells placed so far hold this value, one factor at a time.
        for k in 1..=count as u128 {
            placed += 1;
            product = product.checked_mul(placed)? / k;
        }
        if product > u128::from(u64::MAX) {
            return None;
        }
    }
    u64::try_from(product).ok()
}

impl PerfectHash for RankedPsvn {
    fn size(&self) -> u64 {
        self.size
    }

    fn rank(&self, state: &State) -> u64 {
        self.rank_values(state)
    }
    fn unrank(&self, mut rank: u64) -> State {
        let mut state = vec![0u8; self.domain.psvn().len()].into_boxed_slice();
        match self.ranking {
            Ranking::MixedRadix => {
                for (value, &radix) in state.iter_mut().zip(self.radices.iter()).rev() {
                    *value = (rank % radix) as u8;
                    rank /= radix;
                }
            }
            Ranking::Multiset => {
                let mut symbols = [0u8; MAX_CELLS];
                for part in self.arrangements.iter().rev() {
                    let symbols = &mut symbols[..part.cells.len()];
                    let within = rank % part.ranker.size();
                    if part.distinct {
                        unrank_permutation(within, symbols);
                    } else {
                        part.ranker.unrank(within, symbols);
                    }
                    rank /= part.ranker.size();
                    for (&symbol, &cell) in symbols.iter().zip(part.cells.iter()) {
                        state[usize::from(cell)] = part.value_of[usize::from(symbol)];
                    }
                }
            }
        }
        state
    }

    /// One state written over for every rank (no allocation per rank), and the permutations
    /// walked by [`PermutationUnranker`], which redoes only the digits a step changes.
    fn unrank_each(&self, ranks: &[u64], mut each: impl FnMut(u64, &State)) {
        let mut state = vec![0u8; self.domain.psvn().len()].into_boxed_slice();
        if self.ranking == Ranking::MixedRadix {
            for &rank in ranks {
                let mut rest = rank;
                for (value, &radix) in state.iter_mut().zip(self.radices.iter()).rev() {
                    *value = (rest % radix) as u8;
                    rest /= radix;
                }
                each(rank, &state);
            }
            return;
        }
        let mut unrankers: Vec<Option<PermutationUnranker>> = self
            .arrangements
            .iter()
            .map(|part| {
                part.distinct
                    .then(|| PermutationUnranker::new(part.cells.len()))
            })
            .collect();
        let mut symbols = [0u8; MAX_CELLS];
        for &rank in ranks {
            let mut rest = rank;
            for (part, unranker) in self.arrangements.iter().zip(unrankers.iter_mut()).rev() {
                let within = rest % part.ranker.size();
                rest /= part.ranker.size();
                let symbols = match unranker {
                    Some(unranker) => unranker.seek(within),
                    None => {
                        let symbols = &mut symbols[..part.cells.len()];
                        part.ranker.unrank(within, symbols);
                        &*symbols
                    }
                };
                for (&symbol, &cell) in symbols.iter().zip(part.cells.iter()) {
                    state[usize::from(cell)] = part.value_of[usize::from(symbol)];
                }
            }
            each(rank, &state);
        }
    }
}

/// The compiled domain's moves, unchanged.
impl Domain for RankedPsvn {
    type State = State;
    type Action = Move;

    #[inline]
    fn actions(&self, state: &State, out: &mut Vec<Move>) {
        self.domain.actions(state, out);
    }
    #[inline]
    fn apply(&self, state: &mut State, action: Move) {
        self.domain.apply(state, action);
    }
    #[inline]
    fn undo(&self, state: &mut State, action: Move) {
        self.domain.undo(state, action);
    }
    fn invert(&self, action: Move) -> Option<Move> {
        self.domain.invert(action)
    }
    fn is_goal(&self, state: &State) -> bool {
        self.domain.is_goal(state)
    }
    fn duplicate_moves(&self) -> Option<&MoveAutomaton> {
        self.domain.duplicate_moves()
    }
    fn action_index(&self, action: Move) -> usize {
        self.domain.action_index(action)
    }
    fn cost(&self, state: &State, action: Move) -> u32 {
        self.domain.cost(state, action)
    }
    fn heap_bytes(&self, state: &State) -> usize {
        self.domain.heap_bytes(state)
    }
}

impl Predecessors for RankedPsvn {
    fn predecessor_actions(&self, state: &State, out: &mut Vec<Move>) {
        self.domain.predecessor_actions(state, out);
    }
    fn is_reversible(&self) -> bool {
        self.domain.is_reversible()
    }
}
