//! Pattern databases over sets of tokens (Felner, Zahavi, Holte et al., JAIR 2007, on TopSpin):
//! a table holds, for every placement of a few tokens with the others alike, the exact turns
//! that bring those tokens home. Each is built by the engine's pattern-database builder; the
//! estimate is the largest of several tables over consecutive tokens, each admissible (a turn
//! moves four tokens, of more than one table, so they are not added).

use std::ops::ControlFlow;

use statespace_engine::pattern_database::{
    BuildOptions, PatternBuild, PatternDatabase, PatternSpace, TableId, build,
};
use statespace_engine::rank::{KPermutationRanker, k_permutation_count};
use statespace_engine::{Heuristic, Limits, Stats, StopReason};

use super::board::{Ring, TopSpin, turned};

/// The most entries of one table: 2^22 bytes.
const MAX_ENTRIES: u64 = 1 << 22;

/// Where the tokens of a pattern stand, as the builder searches them.
struct TokenSpace {
    domain: TopSpin,
    tokens: usize,
    ranker: KPermutationRanker,
}

impl PatternSpace for TokenSpace {
    type Entry = Vec<u8>;

    fn entries(&self) -> u64 {
        self.ranker.size()
    }

    fn variants(&self) -> u32 {
        1
    }

    fn goal(&self) -> (u64, u64) {
        (0, 1) // every pattern token at its own position: positions 0, 1, ... of the first
    }

    fn decode(&self, entry: u64) -> Vec<u8> {
        let mut positions = vec![0; self.tokens];
        self.ranker.unrank(entry, &mut positions);
        positions
    }

    fn advance(&self, entry: &mut Vec<u8>) {
        let next = self.ranker.rank(entry) + 1;
        self.ranker.unrank(next, entry);
    }

    fn closure(&self, _: &Vec<u8>, variants: u64) -> u64 {
        variants
    }

    fn neighbours(
        &self,
        positions: &Vec<u8>,
        _: u64,
        mut visit: impl FnMut(u64, u32, &dyn Fn() -> u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let TopSpin { size, turnstile } = self.domain;
        let mut next = positions.clone();
        for start in 0..size {
            for (to, &from) in next.iter_mut().zip(positions) {
                *to = turned(usize::from(from), start, turnstile, size) as u8;
            }
            if next != *positions {
                visit(self.ranker.rank(&next), 0, &|| 1)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The largest of several pattern databases over consecutive tokens, all read from one table:
/// the loop read from a group's first token is turned as the loop read from position 0.
#[derive(Debug)]
pub struct Tables {
    domain: TopSpin,
    /// The first token of each group.
    firsts: Vec<usize>,
    /// The tokens of each group.
    count: usize,
    ranker: KPermutationRanker,
    distances: PatternDatabase,
}

impl Tables {
    /// The table of `domain`: tokens in groups of as many as a table of at most 2^22 entries
    /// holds (the last group ending at the last token), built within the memory budget of
    /// `limits`; the statistics of the build.
    pub fn build(domain: TopSpin, limits: &Limits) -> Result<(Self, Stats), StopReason> {
        let size = domain.size;
        let count = (1..size)
            .take_while(|&count| k_permutation_count(size, count) <= MAX_ENTRIES)
            .last()
            .unwrap_or(1);
        let firsts = (0..size.div_ceil(count))
            .map(|group| (group * count).min(size - count))
            .collect();
        let ranker = KPermutationRanker::new(size, count);
        let space = TokenSpace {
            domain,
            tokens: count,
            ranker: ranker.clone(),
        };
        let id = TableId::new(
            format!("topspin {size}, turnstile {}", domain.turnstile),
            format!("tokens 1 to {count}"),
        );
        let options = BuildOptions {
            progress: None,
            limits: limits.clone(),
        };
        let PatternBuild { table, stats } = build(&space, id, &options);
        let tables = Self {
            domain,
            firsts,
            count,
            ranker,
            distances: table?,
        };
        Ok((tables, stats))
    }

    /// The largest group's estimate for `ring`.
    pub fn estimate(&self, ring: &Ring) -> u32 {
        let size = self.domain.size;
        let mut at = vec![0usize; size];
        for (position, &token) in ring.tokens().iter().enumerate() {
            at[usize::from(token)] = position;
        }
        let mut positions = vec![0u8; self.count];
        self.firsts
            .iter()
            .map(|&first| {
                for (offset, cell) in positions.iter_mut().enumerate() {
                    *cell = ((at[first + offset] + size - first) % size) as u8;
                }
                u32::from(self.distances.get(self.ranker.rank(&positions)))
            })
            .max()
            .unwrap_or(0)
    }
}

/// The tables as an estimate the engine's searches take.
#[derive(Clone, Copy, Debug)]
pub struct Estimate<'t>(pub &'t Tables);

impl Heuristic<TopSpin> for Estimate<'_> {
    fn estimate(&self, _: &TopSpin, ring: &Ring) -> u32 {
        self.0.estimate(ring)
    }
}
