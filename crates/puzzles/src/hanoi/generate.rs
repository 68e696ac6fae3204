//! Random cases for `gen`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::{PEGS, Towers};
use super::solve::Case;

/// `count` cases of `discs` discs, each disc on a peg drawn uniformly; the goals drawn alike
/// when `random_goal`, else every disc on peg 4. The same for the same `seed`.
pub fn random_cases(discs: usize, random_goal: bool, count: usize, seed: u64) -> Vec<Case> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let towers = |rng: &mut ChaCha8Rng| {
        let pegs: Vec<u8> = (0..discs)
            .map(|_| rng.random_range(0..PEGS as u8))
            .collect();
        Towers::new(&pegs)
    };
    (0..count)
        .map(|_| {
            let start = towers(&mut rng);
            let goal = if random_goal {
                towers(&mut rng)
            } else {
                Towers::stacked(discs, PEGS as u8 - 1)
            };
            Case { discs, start, goal }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_cases_follow_the_seed_and_use_every_peg() {
        let cases = random_cases(12, true, 20, 5);
        assert_eq!(cases, random_cases(12, true, 20, 5));
        assert_ne!(cases, random_cases(12, true, 20, 6));
        for peg in 0..4 {
            assert!(cases.iter().any(|case| case.start.peg(3) == peg));
        }
        let fixed = random_cases(5, false, 3, 1);
        assert!(fixed.iter().all(|case| case.goal == Towers::stacked(5, 3)));
    }
}
