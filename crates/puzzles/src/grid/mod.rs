//! Shortest paths on grid maps, in the Moving AI Lab's formats.
//!
//! A [`Map`] is read from a Moving AI `.map` file: `.`, `G` and `S` are passable, `@`, `O`, `T`
//! and `W` blocked. Walking is eight-connected by default, a diagonal step allowed only when
//! both side cells next to it are passable (no cutting corners, as the benchmark defines it),
//! or four-connected. Steps along a side cost 1 and across a corner √2, kept exactly as an
//! [`Octile`] (two counts, compared exactly), the engine's A* ([`Algorithm::Astar`], with the
//! octile distance) or Dijkstra searching with those costs. Scenarios come from `.map.scen`
//! files, and their recorded optimal lengths are checked to within [`TOLERANCE`].
//!
//! ```
//! use statespace_engine::Limits;
//! use statespace_puzzles::grid::{Algorithm, Connectivity, parse, solve};
//!
//! // A wall in the way: the first step across a corner must wait for two steps along sides.
//! let text = "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n0 0 3 2 4.41421356\n";
//! let case = parse(text).next().unwrap().unwrap();
//! let (answer, _) = solve(&case, Connectivity::Eight, Algorithm::Astar, &Limits::none());
//! let length = answer.unwrap().length().unwrap();
//! assert!((length - (3.0 + 2f64.sqrt())).abs() < 1e-9);
//! assert!((length - case.optimal.unwrap()).abs() < 1e-8);
//! ```

mod domain;
mod face;
mod generate;
mod map;
mod print;
mod scenario;
mod solve;

use std::sync::OnceLock;

pub use domain::{Connectivity, Grid, Octile, OctileSteps, Step};
pub use face::{GridGenOptions, GridOptions, GridPuzzle, GridSolver, TOLERANCE};
pub use generate::random_scenarios;
pub use map::{MAX_SIDE, Map};
pub use print::answer_line;
pub use scenario::{GridCase, read_scenario};
pub use solve::{Algorithm, GridAnswer, GridSearcher, solve};

use crate::input::{Input, ParseError, cases};

/// The scenarios of `text`, a map followed by scenario lines; iteration ends after the first
/// error.
pub fn parse(text: &str) -> impl Iterator<Item = Result<GridCase, ParseError>> + '_ {
    let inline = OnceLock::new();
    cases(Input::new(text.as_bytes()), move |input| {
        read_scenario(input, None, &inline)
    })
}
