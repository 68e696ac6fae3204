//! PSVN domains as a puzzle: any state space written in PSVN (production system vector
//! notation, `statespace-psvn`), its states one a line, solved optimally by the rules' labels.
//!
//! The domain comes from a file (`--domain D.psvn`), from its text (the playground), or is one of
//! the shipped examples (`examples/psvn/*.psvn`, embedded; the 8-puzzle by default). Its states
//! are written as the file writes values (`B 1 2 3 4 5 6 7 8`), one a line; the answer is the
//! labels of the rules of a cheapest solution, space-separated: an empty line for a goal state,
//! `unsolvable` when no goal can be reached (proved by a search that exhausts the space, or,
//! for IDA*, by a table of the states that reach the goals when the ranked space fits).
//!
//! The searches towards the goals are estimated by pattern databases of the domain's
//! abstractions (`pdb`: abstraction files, or `auto[=SIZE]` chosen within a budget), combined by
//! maximum and kept in the folder of tables; blind without them.
//!
//! ```
//! use statespace_puzzles::psvn::{Algorithm, Solver, load_example};
//! use statespace_puzzles::puzzle::CaseLimits;
//!
//! let domain = load_example("eight").unwrap();
//! let mut solver = Solver::new(domain, Algorithm::Bfs, 1).unwrap();
//! let start = solver.domain().parse_state("state", "1 B 2 3 4 5 6 7 8").unwrap();
//! let answer = solver.solve(&start, &CaseLimits::default()).answer.unwrap();
//! assert_eq!(answer.moves, Some(vec!["LEFT_1".to_string()]));
//! ```

mod board;
mod face;
mod generate;
mod parse;
mod print;
mod solve;
mod space;
mod tables;

pub use board::{EXAMPLES, load, load_example, read_domain_file};
pub use face::{GenOptions, Options, Psvn};
pub use generate::{MAX_UNIFORM_RANKS, random_states, random_walks, walk_start};
pub use parse::read_state;
pub use print::draw;
pub use solve::{Algorithm, Answer, Solver};
pub use space::ranked_space;
pub use statespace_psvn::PsvnDomain;
pub use tables::{
    Kept, KeptTable, Verified, is_auto, is_table_named_for, keep_table, verify_table,
};
