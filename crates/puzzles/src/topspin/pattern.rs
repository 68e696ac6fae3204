//! Pattern databases over sets of tokens, built by the engine's pattern-database builder: a table
//! holds, for every placement of a few consecutive tokens with the others alike, the turns that
//! bring those tokens home. The puzzle looks the same from every position, so one table serves
//! every group of its size, read from the group's first token. Two ways to make an estimate:
//!
//! - [`Combination::Max`] (Felner, Zahavi, Holte et al., JAIR 2007): every turn costs 1 in the
//!   table, the groups overlap, and the largest entry is the estimate (a turn moves tokens of
//!   several groups, so these entries do not add up);
//! - [`Combination::Additive`], the cost-splitting of Yang, Culberson, Holte, Zahavi and Felner
//!   ("A general theory of additive state space abstractions", JAIR 2008), which made additive
//!   tables for TopSpin: a turn costs a group's table the group's tokens it moves, the groups
//!   are disjoint and cover the loop, so the costs of one turn add up to the k tokens it moves
//!   and the sum of the entries, divided by k and rounded up, never exceeds the turns. The
//!   partition is read at each shift of its boundaries, and the largest such sum is taken.

use std::ops::ControlFlow;

use serde::{Deserialize, Serialize};
use statespace_engine::pattern_database::{
    BuildOptions, PatternBuild, PatternDatabase, PatternSpace, TableId, build,
};
use statespace_engine::rank::{KPermutationRanker, k_permutation_count};
use statespace_engine::{Heuristic, Limits, Stats, StopReason};

use super::board::{Ring, TopSpin, turned};

/// The most entries of one table: 2^22 bytes.
const MAX_ENTRIES: u64 = 1 << 22;

/// How the tables make an estimate; both are admissible.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Combination {
    /// The largest entry of overlapping tables, each turn costing 1: the stronger up to 13
    /// tokens, where its tables hold one token more than the additive ones.
    #[default]
    Max,
    /// The sum of disjoint cost-splitting tables over the tokens a turn moves: the stronger
    /// from 14 tokens (BENCHMARKS.md).
    Additive,
}

/// Where the tokens of a pattern stand, as the builder searches them.
struct TokenSpace {
    domain: TopSpin,
    tokens: usize,
    ranker: KPermutationRanker,
    /// Whether a turn costs the pattern tokens it moves (else 1).
    split: bool,
}

impl TokenSpace {
    /// Calls `visit(next, moved)` for each turn that moves some of the tokens at `positions`:
    /// the rank of where they go and how many move.
    fn turns(
        &self,
        positions: &[u8],
        mut visit: impl FnMut(u64, u8) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let TopSpin { size, turnstile } = self.domain;
        let mut next = positions.to_vec();
        for start in 0..size {
            let mut moved = 0;
            for (to, &from) in next.iter_mut().zip(positions) {
                *to = turned(usize::from(from), start, turnstile, size) as u8;
                moved += u8::from(*to != from);
            }
            if moved > 0 {
                visit(self.ranker.rank(&next), moved)?;
            }
        }
        ControlFlow::Continue(())
    }
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
        self.turns(positions, |next, _| visit(next, 0, &|| 1))
    }

    fn max_cost(&self) -> u8 {
        if self.split {
            self.tokens.min(self.domain.turnstile) as u8
        } else {
            1
        }
    }

    fn weighted_neighbours(
        &self,
        positions: &Vec<u8>,
        _: u64,
        mut visit: impl FnMut(u64, u32, u8, &dyn Fn() -> u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let split = self.split;
        self.turns(positions, |next, moved| {
            visit(next, 0, if split { moved } else { 1 }, &|| 1)
        })
    }
}

/// One table: groups of `tokens` consecutive tokens, read from their first.
#[derive(Debug)]
struct Table {
    tokens: usize,
    ranker: KPermutationRanker,
    distances: PatternDatabase,
}

/// The tables of a loop size and turnstile, and the groups they are read for.
#[derive(Debug)]
pub struct Tables {
    domain: TopSpin,
    combination: Combination,
    /// The tables, by group size (one or two sizes).
    tables: Vec<Table>,
    /// The estimate's groups as (first token, table), for each shift of the partition (max:
    /// one shift, of overlapping groups).
    shifts: Vec<Vec<(usize, usize)>>,
}

impl Tables {
    /// The tables of `domain` combined by `combination`: groups of as many tokens as a table of
    /// at most 2^22 entries holds (overlapping and the last ending at the last token for
    /// [`Combination::Max`]; disjoint, of balanced sizes, for [`Combination::Additive`]), built
    /// within the memory budget of `limits`; the statistics of each build.
    pub fn build(
        domain: TopSpin,
        combination: Combination,
        limits: &Limits,
    ) -> Result<(Self, Vec<Stats>), StopReason> {
        let size = domain.size;
        let most = (1..size)
            .take_while(|&count| k_permutation_count(size, count) <= MAX_ENTRIES)
            .last()
            .unwrap_or(1);
        let (sizes, shifts) = match combination {
            Combination::Max => {
                let firsts = (0..size.div_ceil(most))
                    .map(|group| ((group * most).min(size - most), 0))
                    .collect();
                (vec![most], vec![firsts])
            }
            Combination::Additive => partition(size, most),
        };
        let mut tables = Vec::new();
        let mut stats = Vec::new();
        for tokens in sizes {
            let (table, built) = Self::build_one(domain, tokens, combination, limits)?;
            tables.push(table);
            stats.push(built);
        }
        let tables = Self {
            domain,
            combination,
            tables,
            shifts,
        };
        Ok((tables, stats))
    }

    /// The table of groups of `tokens`.
    fn build_one(
        domain: TopSpin,
        tokens: usize,
        combination: Combination,
        limits: &Limits,
    ) -> Result<(Table, Stats), StopReason> {
        let ranker = KPermutationRanker::new(domain.size, tokens);
        let split = combination == Combination::Additive;
        let space = TokenSpace {
            domain,
            tokens,
            ranker: ranker.clone(),
            split,
        };
        let costs = if split {
            ", a turn costing the tokens it moves"
        } else {
            ""
        };
        let id = TableId::new(
            format!("topspin {}, turnstile {}", domain.size, domain.turnstile),
            format!("tokens 1 to {tokens}{costs}"),
        );
        let options = BuildOptions {
            progress: None,
            limits: limits.clone(),
        };
        let PatternBuild { table, stats } = build(&space, id, &options);
        let table = Table {
            tokens,
            ranker,
            distances: table?,
        };
        Ok((table, stats))
    }

    /// The estimate of `ring`: the largest group's entry, or the largest over the shifts of
    /// the entries' sum divided by the tokens a turn moves (rounded up).
    pub fn estimate(&self, ring: &Ring) -> u32 {
        let size = self.domain.size;
        let mut at = vec![0usize; size];
        for (position, &token) in ring.tokens().iter().enumerate() {
            at[usize::from(token)] = position;
        }
        let mut positions = vec![0u8; size];
        let mut entry = |first: usize, table: &Table| {
            let positions = &mut positions[..table.tokens];
            for (offset, cell) in positions.iter_mut().enumerate() {
                *cell = ((at[(first + offset) % size] + size - first) % size) as u8;
            }
            u32::from(table.distances.get(table.ranker.rank(positions)))
        };
        let mut groups = self.shifts.iter().map(|groups| {
            groups
                .iter()
                .map(|&(first, table)| (first, &self.tables[table]))
        });
        match self.combination {
            Combination::Max => groups
                .next()
                .into_iter()
                .flatten()
                .map(|(first, table)| entry(first, table))
                .max()
                .unwrap_or(0),
            Combination::Additive => {
                let turn = self.domain.turnstile as u32;
                groups
                    .map(|groups| {
                        let sum: u32 = groups.map(|(first, table)| entry(first, table)).sum();
                        sum.div_ceil(turn)
                    })
                    .max()
                    .unwrap_or(0)
            }
        }
    }
}

/// The disjoint groups of consecutive tokens covering a loop of `size`, each of at most `most`
/// tokens and of two sizes at the most: the sizes of the tables, and the groups (first token,
/// table) at each shift of the partition's boundaries.
fn partition(size: usize, most: usize) -> (Vec<usize>, Vec<Vec<(usize, usize)>>) {
    let count = size.div_ceil(most);
    let (small, larger) = (size / count, size % count);
    // The `larger` first groups have one token more.
    let sizes: Vec<usize> = if larger > 0 {
        vec![small + 1, small]
    } else {
        vec![small]
    };
    let shifts = (0..small + usize::from(larger > 0))
        .map(|shift| {
            let mut first = shift;
            (0..count)
                .map(|group| {
                    let table = usize::from(group >= larger && larger > 0);
                    let at = (first, table);
                    first += sizes[table];
                    at
                })
                .collect()
        })
        .collect();
    (sizes, shifts)
}

/// The tables as an estimate the engine's searches take.
#[derive(Clone, Copy, Debug)]
pub struct Estimate<'t>(pub &'t Tables);

impl Heuristic<TopSpin> for Estimate<'_> {
    fn estimate(&self, _: &TopSpin, ring: &Ring) -> u32 {
        self.0.estimate(ring)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partitions_cover_the_loop_once_at_every_shift() {
        for (size, most) in [(12, 7), (12, 6), (13, 6), (9, 6), (20, 5)] {
            let (sizes, shifts) = partition(size, most);
            assert!(sizes.iter().all(|&tokens| tokens <= most));
            for groups in &shifts {
                let mut covered = vec![0; size];
                for &(first, table) in groups {
                    for offset in 0..sizes[table] {
                        covered[(first + offset) % size] += 1;
                    }
                }
                assert_eq!(covered, vec![1; size], "{size} tokens, {most} a table");
            }
        }
        assert_eq!(partition(12, 7).0, vec![6]);
        assert_eq!(partition(13, 6).0, vec![5, 4]);
    }
}
