//! Every board of the game, ranked, for exploring the whole space: where the ones stand (a
//! placement of eight of the 24 cells, ranked by [`Placements`]), then where the twos stand
//! among the sixteen other cells (eight of sixteen, colex); 735,471 × 12,870 = 9,465,511,770.

use statespace_engine::rank::{binomial, rank_subset};
use statespace_engine::{Domain, PerfectHash, Reversible};

use super::board::{ALL_CELLS, Board, CELLS, CENTRE, COPIES, Move, RotationGame};
use super::placements::Placements;

/// The sixteen cells left after one digit's eight.
const REST: usize = CELLS - COPIES as usize;

/// The boards of the Rotation Game as a ranked domain (its moves are [`RotationGame`]'s).
#[derive(Clone, Debug)]
pub struct Boards {
    placements: Placements,
    /// For each mask of 16 bits with eight set, its colex rank.
    rest_ranks: Box<[u16]>,
    /// The masks of 16 bits with eight set, in colex order.
    rest_masks: Vec<u16>,
}

impl Default for Boards {
    fn default() -> Self {
        Self::new()
    }
}

impl Boards {
    /// The space and its rank tables.
    pub fn new() -> Self {
        let rest_masks: Vec<u16> = (0..=u16::MAX)
            .filter(|mask| mask.count_ones() == COPIES)
            .collect();
        let mut rest_ranks = vec![0u16; 1 << REST].into_boxed_slice();
        for &mask in &rest_masks {
            rest_ranks[usize::from(mask)] = rank_subset(u64::from(mask)) as u16;
        }
        debug_assert_eq!(rest_masks.len() as u64, binomial(REST, COPIES as usize));
        Self {
            placements: Placements::new(),
            rest_ranks,
            rest_masks,
        }
    }

    /// Every board whose centre holds one digit: the goals, 3 × 12,870 of them.
    pub fn goals(&self) -> Vec<Board> {
        let outside = ALL_CELLS & !CENTRE;
        let mut goals = Vec::with_capacity(3 * self.rest_masks.len());
        for centre_digit in 0..3 {
            for &mask in &self.rest_masks {
                let lower = expand(mask, outside);
                let mut placements = [0; 3];
                let others: Vec<usize> = (0..3).filter(|&d| d != centre_digit).collect();
                placements[centre_digit] = CENTRE;
                placements[others[0]] = lower;
                placements[others[1]] = outside & !lower;
                goals.push(Board::from_placements(placements));
            }
        }
        goals
    }
}

/// The bits of `mask` at the positions of `within`'s set bits, packed low (a software `pext`).
fn compress(mask: u32, within: u32) -> u16 {
    let (mut packed, mut bits, mut at) = (0u16, within, 0);
    while bits != 0 {
        let bit = bits & bits.wrapping_neg();
        packed |= u16::from(mask & bit != 0) << at;
        bits ^= bit;
        at += 1;
    }
    packed
}

/// The low bits of `packed` placed at the positions of `within`'s set bits (a software `pdep`).
fn expand(packed: u16, within: u32) -> u32 {
    let (mut mask, mut bits, mut at) = (0u32, within, 0);
    while bits != 0 {
        let bit = bits & bits.wrapping_neg();
        if packed >> at & 1 != 0 {
            mask |= bit;
        }
        bits ^= bit;
        at += 1;
    }
    mask
}

impl Domain for Boards {
    type State = Board;
    type Action = Move;

    fn actions(&self, board: &Board, out: &mut Vec<Move>) {
        RotationGame.actions(board, out);
    }

    fn apply(&self, board: &mut Board, mv: Move) {
        RotationGame.apply(board, mv);
    }

    fn invert(&self, mv: Move) -> Option<Move> {
        RotationGame.invert(mv)
    }

    fn is_goal(&self, board: &Board) -> bool {
        RotationGame.is_goal(board)
    }
}

/// Every move is undone by its inverse.
impl Reversible for Boards {}

impl PerfectHash for Boards {
    fn size(&self) -> u64 {
        self.placements.size() * self.rest_masks.len() as u64
    }

    fn rank(&self, board: &Board) -> u64 {
        let [ones, twos, _] = board.placements();
        let rest = compress(twos, ALL_CELLS & !ones);
        self.placements.rank(&ones) * self.rest_masks.len() as u64
            + u64::from(self.rest_ranks[usize::from(rest)])
    }

    fn unrank(&self, rank: u64) -> Board {
        let per_placement = self.rest_masks.len() as u64;
        let ones = self.placements.unrank(rank / per_placement);
        let outside = ALL_CELLS & !ones;
        let twos = expand(self.rest_masks[(rank % per_placement) as usize], outside);
        Board::from_placements([ones, twos, outside & !twos])
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn ranks_and_boards_match_both_ways() {
        let boards = Boards::new();
        assert_eq!(boards.size(), 9_465_511_770);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..2000 {
            let rank = rng.random_range(0..boards.size());
            let board = boards.unrank(rank);
            assert_eq!(boards.rank(&board), rank);
        }
        for rank in [0, 1, boards.size() - 1] {
            assert_eq!(boards.rank(&boards.unrank(rank)), rank);
        }
    }

    #[test]
    fn the_goals_are_the_boards_with_a_uniform_centre() {
        let boards = Boards::new();
        let goals = boards.goals();
        assert_eq!(goals.len(), 38_610);
        assert!(goals.iter().all(|goal| RotationGame.is_goal(goal)));
        let mut ranks: Vec<u64> = goals.iter().map(|goal| boards.rank(goal)).collect();
        ranks.sort_unstable();
        ranks.dedup();
        assert_eq!(ranks.len(), 38_610);
    }
}
