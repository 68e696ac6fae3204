//! The bidirectional heuristic searches as one choice: MM, NBS or DVCBS, picked at run time.
//!
//! The three take the same arguments and give the same kind of answer (a cheapest solution);
//! they differ in which nodes they expand. A puzzle that offers `--algo mm|nbs|dvcbs` names the
//! choice with [`MeetInTheMiddle`] and runs it through one call, instead of matching on its own
//! copy of the three.
//!
//! ```
//! use statespace_engine::{Domain, Limits, Reversible, meet_in_the_middle::MeetInTheMiddle};
//! /// Steps of one along a line from 0 to 6.
//! struct Line;
//! impl Domain for Line {
//!     type State = i32;
//!     type Action = i32;
//!     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([1, -1]); }
//!     fn apply(&self, n: &mut i32, step: i32) { *n += step; }
//!     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
//!     fn is_goal(&self, n: &i32) -> bool { *n == 6 }
//! }
//! impl Reversible for Line {}
//! let to_goal = |n: &i32| (6 - n).unsigned_abs();
//! let from_start = |n: &i32| n.unsigned_abs();
//! for search in MeetInTheMiddle::ALL {
//!     let result = search.run(&Line, &0, &[6], &to_goal, &from_start, &Limits::none());
//!     assert_eq!(result.outcome.solution().unwrap().cost, 6, "{}", search.name());
//! }
//! ```

use crate::{Heuristic, Limits, Predecessors, SearchResult, dvcbs::dvcbs, mm::mm, nbs::nbs};

/// Which bidirectional heuristic search to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MeetInTheMiddle {
    /// MM (Holte et al., AAAI 2016): [`mm`].
    Mm,
    /// NBS (Chen et al., IJCAI 2017): [`nbs`].
    Nbs,
    /// DVCBS (Shperberg et al., AAAI 2019): [`dvcbs`].
    Dvcbs,
}

impl MeetInTheMiddle {
    /// The three, in the order the papers came.
    pub const ALL: [Self; 3] = [Self::Mm, Self::Nbs, Self::Dvcbs];

    /// Its name on a command line: `mm`, `nbs` or `dvcbs`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Mm => "mm",
            Self::Nbs => "nbs",
            Self::Dvcbs => "dvcbs",
        }
    }

    /// Finds a cheapest solution from `start` to any of `goals`, with `forward` estimating the
    /// cost to the goals and `backward` the cost from the start, as the chosen search does.
    pub fn run<D, F, B>(
        self,
        domain: &D,
        start: &D::State,
        goals: &[D::State],
        forward: &F,
        backward: &B,
        limits: &Limits,
    ) -> SearchResult<D::Action>
    where
        D: Predecessors,
        F: Heuristic<D>,
        B: Heuristic<D>,
    {
        let search = match self {
            Self::Mm => mm,
            Self::Nbs => nbs,
            Self::Dvcbs => dvcbs,
        };
        search(domain, start, goals, forward, backward, limits)
    }
}
