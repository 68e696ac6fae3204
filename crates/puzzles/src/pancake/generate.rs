//! Random stacks for `gen`.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::Stack;

/// `count` stacks of `size` pancakes drawn uniformly (each side up as likely when `burnt`), the
/// same for the same `seed`.
pub fn random_stacks(size: usize, burnt: bool, count: usize, seed: u64) -> Vec<Stack> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut cakes: Vec<i16> = (1..=size as i16).collect();
            cakes.shuffle(&mut rng);
            if burnt {
                for cake in &mut cakes {
                    if rng.random_bool(0.5) {
                        *cake = -*cake;
                    }
                }
            }
            Stack::new(cakes)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_stacks_hold_every_size_once_and_follow_the_seed() {
        let stacks = random_stacks(9, true, 50, 3);
        for stack in &stacks {
            let mut sizes: Vec<u16> = stack.cakes().iter().map(|c| c.unsigned_abs()).collect();
            sizes.sort_unstable();
            assert_eq!(sizes, (1..=9).collect::<Vec<u16>>());
        }
        assert!(stacks.iter().any(|s| s.cakes().iter().any(|&c| c < 0)));
        assert_eq!(stacks, random_stacks(9, true, 50, 3));
        assert_ne!(stacks, random_stacks(9, true, 50, 4));
    }
}
