//! Loops of tokens, turns of the turnstile and the domain the engine searches: [`TopSpin`],
//! with a perfect hash for exploring the whole space.

use std::fmt;

use statespace_engine::rank::{factorial, rank_permutation, unrank_permutation};
use statespace_engine::{Domain, PerfectHash, Reversible};

/// The most tokens on a loop (positions are bytes, and ranked cells at most 64).
pub const MAX_TOKENS: usize = 64;
/// The turnstile of HOG2's TopSpin: four tokens.
pub const DEFAULT_TURNSTILE: usize = 4;

/// The tokens around the loop from position 0: tokens 0 to N - 1 (written 1 to N).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ring(Vec<u8>);

impl Ring {
    /// The loop holding `tokens` (0 to N - 1, each once) from position 0.
    pub fn new(tokens: Vec<u8>) -> Self {
        Self(tokens)
    }

    /// The sorted loop of `size` tokens: token i at position i.
    pub fn sorted(size: usize) -> Self {
        Self((0..size as u8).collect())
    }

    /// The tokens from position 0.
    pub fn tokens(&self) -> &[u8] {
        &self.0
    }

    /// The number of tokens.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the loop has no token.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Turns the turnstile of `turnstile` tokens standing at `start`: the tokens at `start` to
    /// `start + turnstile - 1`, around the loop, in reverse order.
    pub fn turn(&mut self, start: usize, turnstile: usize) {
        let size = self.0.len();
        for offset in 0..turnstile / 2 {
            let a = (start + offset) % size;
            let b = (start + turnstile - 1 - offset) % size;
            self.0.swap(a, b);
        }
    }
}

/// The loop as the input writes it: tokens 1 to N from position 1, separated by spaces.
impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, token) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}", token + 1)?;
        }
        Ok(())
    }
}

/// Where a token at `position` goes when the turnstile of `turnstile` turns at `start`, on a
/// loop of `size`.
pub fn turned(position: usize, start: usize, turnstile: usize, size: usize) -> usize {
    let offset = (position + size - start) % size;
    if offset < turnstile {
        (start + turnstile - 1 - offset) % size
    } else {
        position
    }
}

/// Loops of `size` tokens with a turnstile of `turnstile`, as the engine searches them: a move
/// turns the turnstile at one of the `size` positions (listed from 0), and undoes itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TopSpin {
    /// The tokens on the loop.
    pub size: usize,
    /// The tokens the turnstile reverses.
    pub turnstile: usize,
}

impl Domain for TopSpin {
    type State = Ring;
    type Action = u8;

    fn actions(&self, _: &Ring, out: &mut Vec<u8>) {
        out.extend((0..self.size).map(|start| start as u8));
    }

    fn apply(&self, ring: &mut Ring, start: u8) {
        ring.turn(usize::from(start), self.turnstile);
    }

    fn invert(&self, start: u8) -> Option<u8> {
        Some(start)
    }

    fn is_goal(&self, ring: &Ring) -> bool {
        ring.0
            .iter()
            .enumerate()
            .all(|(at, &token)| usize::from(token) == at)
    }

    fn heap_bytes(&self, ring: &Ring) -> usize {
        ring.len()
    }
}

/// Every move is undone by its inverse.
impl Reversible for TopSpin {}

/// The largest loops whose ranks (N!) fit in 64 bits.
pub const MAX_RANKED: usize = 20;

/// Ranks are the permutation's lexicographic rank.
impl PerfectHash for TopSpin {
    fn size(&self) -> u64 {
        factorial(self.size)
    }

    fn rank(&self, ring: &Ring) -> u64 {
        rank_permutation(ring.tokens())
    }

    fn unrank(&self, rank: u64) -> Ring {
        let mut tokens = vec![0; self.size];
        unrank_permutation(rank, &mut tokens);
        Ring(tokens)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turnstile_reverses_four_tokens_around_the_loop() {
        let mut ring = Ring::sorted(6);
        ring.turn(0, 4);
        assert_eq!(ring.to_string(), "4 3 2 1 5 6");
        ring.turn(4, 4);
        assert_eq!(ring.to_string(), "6 5 2 1 3 4");
        for position in 0..6 {
            assert_eq!(turned(position, 4, 4, 6), [5, 4, 2, 3, 1, 0][position]);
        }
    }

    #[test]
    fn ranks_run_through_the_whole_space() {
        let domain = TopSpin {
            size: 5,
            turnstile: 4,
        };
        for rank in 0..domain.size() {
            assert_eq!(domain.rank(&domain.unrank(rank)), rank);
        }
        assert!(domain.is_goal(&domain.unrank(0)));
    }
}
