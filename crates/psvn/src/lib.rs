//! PSVN domain files ("production system vector notation", Hernádvölgyi and Holte's language of
//! state spaces, which psvn2c compiles to C) read, compiled and searched with the statespace
//! engine.
//!
//! - [`Psvn::parse`] reads a file into its domains, variables, rules and goals, refusing what
//!   is wrong with a one-line [`ParseError`] (`FILE:LINE:COLUMN: what is wrong`);
//! - [`PsvnDomain::new`] compiles it: a decision tree over the rules' value tests, each rule a
//!   short program of byte writes, its backward rule found symbolically (undo, inverses,
//!   predecessors), and a duplicate-move automaton (a rule then its inverse; commuting rules in
//!   one order) for IDA*. It is the engine's [`Domain`](statespace_engine::Domain);
//! - [`RankedPsvn`] adds a [`PerfectHash`](statespace_engine::PerfectHash): mixed radix over the
//!   domain sizes, or the arrangements of a state's values when every rule only rearranges
//!   values.
//! - [`Abstraction::parse`] reads psvn2c's abstraction files (values merged, variables
//!   projected), [`AbstractSpace`] applies one (the abstract domain a PSVN file of its own, a
//!   homomorphism of the concrete space), and [`PsvnPdb`] is its pattern database: distances
//!   backward from every abstract goal, one byte per abstract state, saved and checked as the
//!   engine's table files ([`PsvnPdb::load_or_build`]); [`MaxPdb`] combines tables by maximum
//!   as a [`Heuristic`](statespace_engine::Heuristic) of [`PsvnDomain`] and [`RankedPsvn`];
//! - [`choose_abstractions`] (`auto[=SIZE]`) chooses abstractions greedily within a budget.
//!
//! What this reader does beyond psvn2c, or differently:
//! - every error names its place (`FILE:LINE:COLUMN`), where psvn2c prints a message alone;
//! - a rule's variable may not stand for values of two domains: psvn2c compiles such rules to
//!   another meaning than the format's, so they are refused where the two would disagree;
//! - a rule of cost 0 is a valid file but cannot be compiled: the engine's searches need every
//!   move to cost at least 1;
//! - the limits ([`MAX_VARIABLES`], [`MAX_RULES`], [`MAX_TERMS`], [`MAX_VALUES`], [`MAX_LOST`])
//!   bound the memory and time any file can take, and are named in the errors.
//!
//! A rule that cannot be undone as a rule (it overwrites a value it did not test, or drops a
//! variable's value) still has an `undo`: its moves carry the values it loses. Its predecessors
//! are found by its backward rule with every choice of those values, so distance tables and
//! backward searches work on one-way domains too.
//!
//! ```
//! use statespace_engine::{Domain, Limits, bfs::bfs};
//! use statespace_psvn::PsvnDomain;
//!
//! let text = "
//! ## 2x2 sliding puzzle
//! DOMAIN tile 4  B 1 2 3
//! 4
//! tile tile tile tile
//! B X - -  =>  X B - -  LABEL RIGHT_FROM_0
//! X B - -  =>  B X - -  LABEL LEFT_FROM_1
//! B - X -  =>  X - B -  LABEL DOWN_FROM_0
//! X - B -  =>  B - X -  LABEL UP_FROM_2
//! - B - X  =>  - X - B  LABEL DOWN_FROM_1
//! - X - B  =>  - B - X  LABEL UP_FROM_3
//! - - B X  =>  - - X B  LABEL RIGHT_FROM_2
//! - - X B  =>  - - B X  LABEL LEFT_FROM_3
//! GOAL B 1 2 3
//! ";
//! let domain = PsvnDomain::parse("two.psvn", text)?;
//! assert!(domain.psvn().has_goal());
//! let start = domain.parse_state("start", "3 2 1 B")?;
//! let result = bfs(&domain, &start, &Limits::none());
//! let moves = &result.outcome.solution().unwrap().actions;
//! let labels: Vec<&str> = moves.iter().map(|&m| domain.label(m)).collect();
//! // The blank goes round the board from cell 3 by 1, 0, 2, 3, 1 to 0.
//! assert_eq!(
//!     labels,
//!     ["UP_FROM_3", "LEFT_FROM_1", "DOWN_FROM_0", "RIGHT_FROM_2", "UP_FROM_3", "LEFT_FROM_1"]
//! );
//! let mut state = start.clone();
//! for &m in moves {
//!     domain.apply(&mut state, m);
//! }
//! assert_eq!(domain.format_state(&state), "B 1 2 3");
//! # Ok::<(), statespace_psvn::ParseError>(())
//! ```

mod abstraction;
mod apply;
mod ast;
mod auto;
mod compile;
mod domain;
mod error;
mod expander;
mod heuristic;
mod lex;
mod parse;
mod pdb;
mod program;
mod rank;
mod space;
mod tree;

pub use abstraction::Abstraction;
pub use apply::AbstractSpace;
pub use ast::{Goal, Psvn, Rule, Term, ValueDomain};
pub use auto::{AutoChoice, AutoOptions, choose_abstractions};
pub use compile::MAX_LOST;
pub use domain::{MAX_PRUNED_RULES, Move, PsvnDomain, State};
pub use error::{ParseError, Span};
pub use expander::PsvnExpander;
pub use heuristic::MaxPdb;
pub use parse::{MAX_RULES, MAX_TERMS, MAX_VALUES, MAX_VARIABLES};
pub use pdb::{
    BUILD_BYTES_PER_ENTRY, DEAD_END, LoadError, MAX_TABLE_ENTRIES, PsvnPdb, Recomputed, SATURATED,
    TableError,
};
pub use rank::{RankError, RankedPsvn, Ranking};
pub use space::PsvnSpace;
