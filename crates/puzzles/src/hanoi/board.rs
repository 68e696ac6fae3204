//! Towers, moves and the domain the engine searches: [`Towers`], with a perfect hash for
//! exploring the whole space.

use std::fmt;

use statespace_engine::{Domain, PerfectHash, Reversible};

/// The pegs.
pub const PEGS: usize = 4;

/// The most discs (two bits each in one `u64`).
pub const MAX_DISCS: usize = 32;

/// Bit 0 of every disc's two-bit field.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// Where every disc stands: disc `d` (0 the smallest) on peg `bits >> 2d & 3` (pegs 0 to 3).
/// Read as a number, it is the state's rank: base 4, the smallest disc the lowest digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Towers(u64);

impl Towers {
    /// The towers whose disc `d` stands on peg `pegs[d]` (0 to 3), smallest first.
    pub fn new(pegs: &[u8]) -> Self {
        Self(pegs.iter().enumerate().fold(0, |bits, (disc, &peg)| {
            bits | u64::from(peg & 3) << (2 * disc)
        }))
    }

    /// `discs` discs, all on `peg`.
    pub fn stacked(discs: usize, peg: u8) -> Self {
        Self((LOW_BITS & mask(discs)) * u64::from(peg & 3))
    }

    /// The towers read from their rank (base 4, smallest disc lowest).
    pub fn from_bits(bits: u64) -> Self {
        Self(bits)
    }

    /// The rank: base 4, the smallest disc the lowest digit.
    pub fn bits(self) -> u64 {
        self.0
    }

    /// The peg (0 to 3) of disc `disc`.
    pub fn peg(self, disc: usize) -> u8 {
        (self.0 >> (2 * disc) & 3) as u8
    }

    /// The smallest of the first `discs` discs on `peg`, the one a move takes from it; `None`
    /// when it holds none of them.
    pub fn top(self, discs: usize, peg: u8) -> Option<usize> {
        let differ = self.0 ^ (LOW_BITS * u64::from(peg));
        let on_peg = !(differ | differ >> 1) & LOW_BITS & mask(discs);
        (on_peg != 0).then(|| on_peg.trailing_zeros() as usize / 2)
    }

    /// Moves the top disc of `from` to `to`, which the caller has checked is allowed.
    pub fn play(&mut self, discs: usize, step: Step) {
        if let Some(disc) = self.top(discs, step.from) {
            self.0 ^= u64::from(step.from ^ step.to) << (2 * disc);
        }
    }

    /// The moves allowed among the first `discs` discs, in the order of [`Step::ALL`]: the top
    /// disc of one peg onto an empty peg or a larger disc.
    pub fn steps(self, discs: usize) -> impl Iterator<Item = Step> {
        let tops = [0, 1, 2, 3].map(|peg| self.top(discs, peg).unwrap_or(usize::MAX));
        Step::ALL
            .into_iter()
            .filter(move |step| tops[usize::from(step.from)] < tops[usize::from(step.to)])
    }

    /// The discs `first..first + count` alone, as towers of `count` discs.
    pub fn group(self, first: usize, count: usize) -> u64 {
        self.0 >> (2 * first) & mask(count)
    }

    /// The pegs of the first `discs` discs, each 1 to 4, smallest first, separated by spaces.
    pub fn pegs_text(self, discs: usize) -> String {
        let pegs: Vec<String> = (0..discs).map(|d| (self.peg(d) + 1).to_string()).collect();
        pegs.join(" ")
    }
}

/// The two bits of each of the first `discs` discs.
fn mask(discs: usize) -> u64 {
    if discs >= MAX_DISCS {
        u64::MAX
    } else {
        (1 << (2 * discs)) - 1
    }
}

/// A move: the top disc of peg `from` onto peg `to` (pegs 0 to 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The peg the disc leaves.
    pub from: u8,
    /// The peg it reaches.
    pub to: u8,
}

impl Step {
    /// Every move between two pegs, by the peg left, then the peg reached.
    pub const ALL: [Step; 12] = {
        let mut all = [Step { from: 0, to: 0 }; 12];
        let mut index = 0;
        while index < 12 {
            let from = (index / 3) as u8;
            let other = (index % 3) as u8;
            let to = if other >= from { other + 1 } else { other };
            all[index] = Step { from, to };
            index += 1;
        }
        all
    };

    /// The move back.
    pub fn back(self) -> Step {
        Step {
            from: self.to,
            to: self.from,
        }
    }
}

/// `1-3`: the pegs counted from 1, left then reached.
impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from + 1, self.to + 1)
    }
}

/// The four-peg towers of `discs` discs, as the engine searches them toward `goal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourPegs {
    /// The discs.
    pub discs: usize,
    /// Where every disc must end.
    pub goal: Towers,
}

impl Domain for FourPegs {
    type State = Towers;
    type Action = Step;

    fn actions(&self, towers: &Towers, out: &mut Vec<Step>) {
        out.extend(towers.steps(self.discs));
    }

    fn apply(&self, towers: &mut Towers, step: Step) {
        towers.play(self.discs, step);
    }

    fn invert(&self, step: Step) -> Option<Step> {
        Some(step.back())
    }

    fn is_goal(&self, towers: &Towers) -> bool {
        *towers == self.goal
    }
}

/// Every move is undone by its inverse.
impl Reversible for FourPegs {}

/// The most discs whose ranks (4^N) fit in 64 bits.
pub const MAX_RANKED: usize = 31;

/// A state's rank is its bits: the pegs read in base 4.
impl PerfectHash for FourPegs {
    fn size(&self) -> u64 {
        1 << (2 * self.discs)
    }

    fn rank(&self, towers: &Towers) -> u64 {
        towers.bits()
    }

    fn unrank(&self, rank: u64) -> Towers {
        Towers(rank)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tops_and_moves_follow_the_rules() {
        // Disc 0 on peg 1, disc 1 on peg 0, disc 2 on peg 0, none on pegs 2 and 3.
        let towers = Towers::new(&[1, 0, 0]);
        assert_eq!(towers.top(3, 0), Some(1));
        assert_eq!(towers.top(3, 1), Some(0));
        assert_eq!(towers.top(3, 2), None);
        let steps: Vec<String> = towers.steps(3).map(|step| step.to_string()).collect();
        assert_eq!(steps, ["1-3", "1-4", "2-1", "2-3", "2-4"]);
        let mut after = towers;
        after.play(3, Step { from: 0, to: 3 });
        assert_eq!(after, Towers::new(&[1, 3, 0]));
        after.play(3, Step { from: 3, to: 0 });
        assert_eq!(after, towers);
    }

    #[test]
    fn every_move_is_listed_once_in_order() {
        let names: Vec<String> = Step::ALL.iter().map(ToString::to_string).collect();
        assert_eq!(
            names,
            [
                "1-2", "1-3", "1-4", "2-1", "2-3", "2-4", "3-1", "3-2", "3-4", "4-1", "4-2", "4-3"
            ]
        );
    }

    #[test]
    fn stacks_and_groups_read_the_right_bits() {
        let towers = Towers::stacked(MAX_DISCS, 3);
        assert_eq!(towers.bits(), u64::MAX);
        assert_eq!(towers.top(MAX_DISCS, 3), Some(0));
        let mixed = Towers::new(&[0, 1, 2, 3, 2]);
        assert_eq!(mixed.group(2, 3), Towers::new(&[2, 3, 2]).bits());
        assert_eq!(mixed.pegs_text(5), "1 2 3 4 3");
    }
}
