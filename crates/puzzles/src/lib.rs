//! statespace-puzzles: classic puzzles built on the statespace engine.
//!
//! Every puzzle is one module with the same parts — state and moves, parsing of its judge's input
//! format, printing of its judge's output format, and solvers — so that knowing one is knowing all.

pub mod cube;
pub mod four;
pub mod grid;
pub mod hanoi;
pub mod input;
pub mod pancake;
pub mod psvn;
pub mod puzzle;
pub mod registry;
pub mod rotation;
pub mod sliding;
pub mod solitaire;
pub mod topspin;
