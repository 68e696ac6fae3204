//! Random loops for `gen`.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::board::Ring;

/// `count` loops of `size` tokens drawn uniformly among those turns sort (even permutations
/// when `even`: two tokens swapped after an odd draw), the same for the same `seed`.
pub fn random_rings(size: usize, even: bool, count: usize, seed: u64) -> Vec<Ring> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut tokens: Vec<u8> = (0..size as u8).collect();
            tokens.shuffle(&mut rng);
            if even && statespace_engine::rank::permutation_parity(&tokens) {
                tokens.swap(0, 1);
            }
            Ring::new(tokens)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use statespace_engine::rank::permutation_parity;

    #[test]
    fn random_loops_are_even_when_asked_and_follow_the_seed() {
        let rings = random_rings(9, true, 30, 3);
        assert!(rings.iter().all(|ring| !permutation_parity(ring.tokens())));
        assert_eq!(rings, random_rings(9, true, 30, 3));
        assert_ne!(rings, random_rings(9, true, 30, 4));
    }
}
