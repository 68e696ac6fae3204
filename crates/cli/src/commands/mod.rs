//! One file per puzzle: its command-line flags and how its cases are answered.

pub mod eight;
pub mod four;
pub mod rotation;
pub mod sliding;
pub mod solitaire;
