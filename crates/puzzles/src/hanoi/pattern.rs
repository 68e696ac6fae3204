//! Additive pattern databases over groups of discs (Felner, Korf and Hanan, JAIR 2004): the
//! discs are split into groups of consecutive sizes, and each group's table holds the exact
//! moves its discs alone need to reach their goal pegs. Smaller discs never hinder larger ones
//! and a larger disc stands below every smaller one, so a group alone moves at least as freely
//! as among the others; each move moves one disc, of one group: the tables add up to a lower
//! bound. Each table is built by the engine's pattern-database builder, once per group size
//! and goal.

use std::collections::HashMap;
use std::ops::ControlFlow;

use statespace_engine::heuristics::Partition;
use statespace_engine::pattern_database::{
    BuildOptions, PatternBuild, PatternDatabase, PatternSpace, TableId, build,
};
use statespace_engine::{Limits, Stats, StopReason};

use super::board::{FourPegs, Step, Towers};

/// The most discs in one group: 4^12 entries, 16 MiB.
pub const MAX_GROUP: usize = 12;
/// The fewest discs in the largest group a run may ask for (a partition has at most 8 groups).
pub const MIN_GROUP: usize = 4;
/// The largest group unless told: 4^10 entries, 1 MiB, a few milliseconds to build.
pub const DEFAULT_GROUP: usize = 10;

/// The towers of `discs` discs alone, toward the goal `goal` (their bits), as the builder
/// searches them.
struct GroupSpace {
    discs: usize,
    goal: u64,
}

impl PatternSpace for GroupSpace {
    type Entry = u64;

    fn entries(&self) -> u64 {
        1 << (2 * self.discs)
    }

    fn variants(&self) -> u32 {
        1
    }

    fn goal(&self) -> (u64, u64) {
        (self.goal, 1)
    }

    fn decode(&self, entry: u64) -> u64 {
        entry
    }

    fn advance(&self, entry: &mut u64) {
        *entry += 1;
    }

    fn closure(&self, _: &u64, variants: u64) -> u64 {
        variants
    }

    fn neighbours(
        &self,
        &entry: &u64,
        _: u64,
        mut visit: impl FnMut(u64, u32, &dyn Fn() -> u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let towers = Towers::from_bits(entry);
        for step in towers.steps(self.discs) {
            let mut next = towers;
            next.play(self.discs, step);
            visit(next.bits(), 0, &|| 1)?;
        }
        ControlFlow::Continue(())
    }
}

/// The discs split into groups of consecutive sizes, the largest discs in the first group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Groups {
    /// The discs.
    discs: usize,
    /// Each group's smallest disc and its number of discs.
    ranges: Vec<(usize, usize)>,
    /// The group of each disc.
    of_disc: [u8; 64],
}

impl Groups {
    /// `discs` discs in groups of at most `largest`, from the largest disc down (the last
    /// group, of the smallest discs, takes what is left).
    pub fn new(discs: usize, largest: usize) -> Self {
        let mut ranges = Vec::new();
        let mut top = discs;
        while top > 0 {
            let count = top.min(largest);
            ranges.push((top - count, count));
            top -= count;
        }
        let mut of_disc = [0; 64];
        for (group, &(first, count)) in ranges.iter().enumerate() {
            of_disc[first..first + count].fill(group as u8);
        }
        Self {
            discs,
            ranges,
            of_disc,
        }
    }

    /// Each group's smallest disc and number of discs.
    pub fn ranges(&self) -> &[(usize, usize)] {
        &self.ranges
    }
}

impl Partition<FourPegs> for Groups {
    fn entry(&self, pattern: usize, towers: &Towers) -> u64 {
        let (first, count) = self.ranges[pattern];
        towers.group(first, count)
    }

    fn changed(&self, after: &Towers, step: Step) -> Option<usize> {
        let disc = after.top(self.discs, step.to)?;
        Some(usize::from(self.of_disc[disc]))
    }
}

/// The tables built so far, by group size and goal, kept from case to case.
#[derive(Debug, Default)]
pub struct Tables {
    built: HashMap<(usize, u64), PatternDatabase>,
    bytes: u64,
}

/// The most bytes of tables kept between cases: beyond it, those of earlier goals are dropped.
const KEPT_BYTES: u64 = 256 << 20;

impl Tables {
    /// Builds the tables `groups` need toward each of `goals` that are not built yet, within
    /// the memory budget of `limits`; the statistics of each build. Tables of other goals are
    /// dropped first if keeping them would pass the bytes kept between cases.
    pub fn prepare(
        &mut self,
        groups: &Groups,
        goals: &[Towers],
        limits: &Limits,
    ) -> Result<Vec<Stats>, StopReason> {
        let needed: Vec<(usize, u64)> = goals
            .iter()
            .flat_map(|goal| {
                let ranges = groups.ranges().iter();
                ranges.map(|&(first, count)| (count, goal.group(first, count)))
            })
            .collect();
        let bytes = |&(count, _): &(usize, u64)| 1u64 << (2 * count);
        let missing: u64 = needed
            .iter()
            .filter(|key| !self.built.contains_key(key))
            .map(bytes)
            .sum();
        if self.bytes + missing > KEPT_BYTES {
            self.built.retain(|key, _| needed.contains(key));
            self.bytes = self.built.keys().map(bytes).sum();
        }
        let mut built = Vec::new();
        for key in needed {
            if self.built.contains_key(&key) {
                continue;
            }
            let count = key.0;
            let space = GroupSpace {
                discs: count,
                goal: key.1,
            };
            let id = TableId::new(
                format!("hanoi, 4 pegs, {count} discs"),
                format!("goal {}", Towers::from_bits(key.1).pegs_text(count)),
            );
            let options = BuildOptions {
                progress: None,
                limits: limits.clone(),
            };
            let PatternBuild { table, stats } = build(&space, id, &options);
            self.built.insert(key, table?);
            self.bytes += bytes(&key);
            built.push(stats);
        }
        Ok(built)
    }

    /// The tables of `groups` toward `goal`, in the groups' order; [`prepare`](Self::prepare)
    /// has built them.
    pub fn of(&self, groups: &Groups, goal: Towers) -> Vec<&PatternDatabase> {
        groups
            .ranges()
            .iter()
            .map(|&(first, count)| &self.built[&(count, goal.group(first, count))])
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_take_the_largest_discs_first() {
        let groups = Groups::new(16, 10);
        assert_eq!(groups.ranges(), [(6, 10), (0, 6)]);
        assert_eq!(Groups::new(3, 10).ranges(), [(0, 3)]);
        assert_eq!(Groups::new(0, 10).ranges(), []);
    }

    #[test]
    fn a_stack_table_holds_the_frame_stewart_numbers() {
        let mut tables = Tables::default();
        let groups = Groups::new(6, 6);
        let goal = Towers::stacked(6, 3);
        tables.prepare(&groups, &[goal], &Limits::none()).unwrap();
        let table = tables.of(&groups, goal)[0];
        // All six on peg 1, and on peg 3, to all on peg 4: 17 moves either.
        assert_eq!(table.get(Towers::stacked(6, 0).bits()), 17);
        assert_eq!(table.get(Towers::stacked(6, 2).bits()), 17);
        assert_eq!(table.get(goal.bits()), 0);
    }
}
