//! Random states of a domain: walks back from a goal, or, where the states that reach the goal
//! are few enough to list as ranks, states drawn uniformly among them.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::distance_table::distance_table;
use statespace_engine::{Domain, Limits, PerfectHash, Predecessors};
use statespace_psvn::{PsvnDomain, RankedPsvn, State, Term};

use crate::puzzle::OptionsError;

/// The most ranks of a space whose goal-reaching states are drawn uniformly (a byte each, and
/// three while they are found); beyond, `--walk` is needed.
pub const MAX_UNIFORM_RANKS: u64 = 1 << 25;

/// The fewest goal-reaching states per rank for drawing ranks until one reaches the goal.
const MIN_REACHING_SHARE: u64 = 1024;

/// The state the walks start from: the first GOAL line's state when it names one, else a state
/// matching it (its values, the first value of a domain wherever it leaves the choice).
pub fn walk_start(domain: &PsvnDomain) -> Result<State, OptionsError> {
    let psvn = domain.psvn();
    psvn.require_goal()
        .map_err(|error| OptionsError::new(error.to_string()))?;
    let state: State = psvn.goals()[0]
        .tests()
        .iter()
        .map(|term| match term {
            Term::Value(value) => *value,
            Term::Any | Term::Var(_) => 0,
        })
        .collect();
    if domain.is_goal(&state) {
        Ok(state)
    } else {
        Err(OptionsError::new(format!(
            "{}: no state of first values matches the first GOAL line, to walk from",
            psvn.file()
        )))
    }
}

/// `count` states, each `walk` moves back from `start` (a move never undoing the one before
/// when another is possible), drawn from `seed`.
pub fn random_walks(
    domain: &PsvnDomain,
    start: &State,
    walk: usize,
    count: usize,
    seed: u64,
) -> Vec<State> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = Vec::new();
    (0..count)
        .map(|_| {
            let mut state = start.clone();
            let mut last = None;
            for _ in 0..walk {
                moves.clear();
                domain.predecessor_actions(&state, &mut moves);
                let undoing = last.and_then(|m| domain.invert(m));
                if moves.len() > 1 {
                    moves.retain(|&m| Some(m) != undoing);
                }
                if moves.is_empty() {
                    break;
                }
                let chosen = moves[rng.random_range(0..moves.len())];
                domain.apply(&mut state, chosen);
                last = Some(chosen);
            }
            state
        })
        .collect()
}

/// `count` states drawn uniformly from `seed` among those that reach `goal`, when the space
/// ranked from `goal` has at most [`MAX_UNIFORM_RANKS`] ranks and enough of them reach it.
pub fn random_states(
    domain: &PsvnDomain,
    goal: &State,
    count: usize,
    seed: u64,
) -> Result<Vec<State>, OptionsError> {
    let needs_walk = |why: String| {
        OptionsError::new(format!(
            "{}: {why}: random states need --walk K (K moves back from the goal)",
            domain.psvn().file()
        ))
    };
    let ranked = RankedPsvn::for_state(domain.clone(), goal)
        .map_err(|error| needs_walk(error.to_string()))?;
    let ranks = ranked.size();
    if ranks > MAX_UNIFORM_RANKS {
        return Err(needs_walk(format!(
            "{ranks} ranks, more than the {MAX_UNIFORM_RANKS} whose states are drawn uniformly"
        )));
    }
    let table = distance_table(&ranked, std::slice::from_ref(goal), &Limits::none())
        .table
        .map_err(|reason| needs_walk(reason.to_string()))?;
    let reaching: u64 = table.histogram().iter().sum();
    if reaching.saturating_mul(MIN_REACHING_SHARE) < ranks {
        return Err(needs_walk(format!(
            "only {reaching} of {ranks} ranks reach the goal"
        )));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut draw = || loop {
        let rank = rng.random_range(0..ranks);
        if table.distance(rank).is_some() {
            return ranked.unrank(rank);
        }
    };
    Ok((0..count).map(|_| draw()).collect())
}
