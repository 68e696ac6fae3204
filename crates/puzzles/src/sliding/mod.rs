//! Sliding-tile puzzles: the Eight puzzle and boards of any size.

pub mod pdb;
