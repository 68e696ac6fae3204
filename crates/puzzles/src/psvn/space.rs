//! A domain's space for the explorer: the states reachable from a start, ranked by
//! [`RankedPsvn::for_state`] of it.
//!
//! The explorer walks predecessors from its goals, so the space explored "from" a state has
//! that state as its one goal: each layer holds the states whose fewest moves *to* it are the
//! layer's depth. In a reversible domain (every rule undone by a rule) that is the distance
//! from it too; in a one-way domain it counts the states that can reach it.

use std::sync::Arc;

use statespace_engine::PerfectHash;
use statespace_psvn::{PsvnDomain, PsvnSpace, RankedPsvn, State};

use crate::puzzle::{OptionsError, Space};

use super::print::draw;

/// The space of the states that reach `start` (all it reaches, in a reversible domain), with
/// `start` its goal.
pub fn ranked_space(domain: PsvnDomain, start: &State) -> Result<Space, OptionsError> {
    let file = domain.psvn().file().to_owned();
    let ranked = RankedPsvn::for_state(domain, start)
        .map_err(|error| OptionsError::new(format!("{file}: {error}")))?;
    let ranked = Arc::new(ranked);
    let goals = vec![ranked.rank(start)];
    let drawn = Arc::clone(&ranked);
    Ok(Space {
        ranked: Arc::new(PsvnSpace::new(Arc::clone(&ranked))),
        goals,
        draw: Box::new(move |rank| draw(drawn.domain(), &drawn.unrank(rank))),
    })
}
