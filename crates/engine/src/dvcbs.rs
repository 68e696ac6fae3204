//! DVCBS: dynamic vertex cover bidirectional search.
//!
//! Shperberg, Felner, Sturtevant, Shimony and Hayoun, "Enriching non-parametric bidirectional
//! search algorithms", AAAI 2019 (<https://ojs.aaai.org/index.php/AAAI/article/view/4120>). Like
//! [`nbs`](crate::nbs), it keeps a lower bound on every solution not met yet and the open nodes
//! whose f is within it ("ready"); NBS expands both nodes of a least pair, DVCBS looks at the
//! ready nodes of both sides grouped by g (clusters), joins a forward and a backward cluster
//! when their g-values sum (with ε) to at most the bound, takes a least vertex cover of that
//! graph weighted by the clusters' sizes, and expands one node of it (the cover's deepest
//! cluster; then it looks again). The clusters' graph is a threshold graph (a forward cluster
//! meets every backward one up to some g), so a least cover is a prefix of the forward clusters
//! and the backward neighbours of the first forward cluster left out: one sweep finds it. The
//! loop, the lower bound and the stopping rule are NBS's (`nbs::by_lower_bound`).

use crate::front_to_end::widened;
use crate::nbs::{Choice, by_lower_bound};
use crate::{Cost, DomainCosts, Heuristic, Limits, Predecessors, SearchResult, Weights};

/// Finds a cheapest solution from `start` to any of `goals` with DVCBS, each action costing
/// [`Domain::cost`](crate::Domain::cost).
///
/// The estimates and the domain must satisfy what [`nbs`](crate::nbs::nbs) asks. Each lower
/// bound expanded at is one entry of [`Stats::layers`](crate::Stats::layers); nodes are
/// expanded one at a time.
///
/// ```
/// use statespace_engine::{Domain, Limits, Reversible, dvcbs::dvcbs};
/// /// A ring of 100 positions, by steps of -1, +1, +10 and -10.
/// struct Ring;
/// impl Domain for Ring {
///     type State = i32;
///     type Action = i32;
///     fn actions(&self, _: &i32, out: &mut Vec<i32>) { out.extend([-1, 1, 10, -10]); }
///     fn apply(&self, n: &mut i32, step: i32) { *n = (*n + step).rem_euclid(100); }
///     fn invert(&self, step: i32) -> Option<i32> { Some(-step) }
///     fn is_goal(&self, n: &i32) -> bool { *n == 42 }
/// }
/// impl Reversible for Ring {}
/// let apart = |a: i32, b: i32| ((a - b).rem_euclid(100).min((b - a).rem_euclid(100)) / 10) as u32;
/// let to_goal = |n: &i32| apart(*n, 42);
/// let from_start = |n: &i32| apart(*n, 0);
/// let result = dvcbs(&Ring, &0, &[42], &to_goal, &from_start, &Limits::none());
/// let solution = result.outcome.solution().unwrap();
/// assert_eq!(solution.cost, 6); // four times +10, twice +1
/// assert_eq!(solution.states(&Ring, &0).last(), Some(&42));
/// ```
pub fn dvcbs<D, F, B>(
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
    let (forward, backward) = (widened(domain, forward), widened(domain, backward));
    // Every action costs at least 1 (Domain::cost).
    dvcbs_weighted(
        domain,
        start,
        goals,
        &DomainCosts,
        1,
        (&forward, &backward),
        limits,
    )
}

/// Finds a cheapest solution from `start` to any of `goals` with DVCBS, each action costing
/// what `weights` says, never less than `epsilon`, as
/// [`nbs_weighted`](crate::nbs::nbs_weighted) does.
pub fn dvcbs_weighted<D, W, F, B>(
    domain: &D,
    start: &D::State,
    goals: &[D::State],
    weights: &W,
    epsilon: W::Cost,
    heuristics: (&F, &B),
    limits: &Limits,
) -> SearchResult<D::Action, W::Cost>
where
    D: Predecessors,
    W: Weights<D>,
    F: Heuristic<D, W::Cost>,
    B: Heuristic<D, W::Cost>,
{
    let search = (domain, weights, heuristics);
    by_lower_bound(search, start, goals, epsilon, Choice::Cover, limits)
}

/// The cluster to expand a node of: its side (`true` forwards) and g. `clusters` are each
/// side's ready g-values, least first, with their sizes; some pair of them sums (with
/// `epsilon`) to at most `bound`. The least cover takes the forward clusters before some k and
/// the backward ones that meet forward cluster k (all forward ones when k is past the last);
/// the cover's deepest cluster is chosen, forwards on ties.
pub(crate) fn cover_choice<C: Cost>(
    [forward, backward]: [Vec<(C, usize)>; 2],
    epsilon: C,
    bound: C,
) -> (bool, C) {
    let meets = |g_f: C, g_b: C| g_f + g_b + epsilon <= bound;
    let mut best: Option<(usize, usize)> = None; // (weight, k)
    let mut prefix = 0;
    for k in 0..=forward.len() {
        let neighbours: usize = forward.get(k).map_or(0, |&(g_f, _)| {
            let met = backward.iter().take_while(|&&(g_b, _)| meets(g_f, g_b));
            met.map(|&(_, count)| count).sum()
        });
        let weight = prefix + neighbours;
        if best.is_none_or(|(least, _)| weight < least) {
            best = Some((weight, k));
        }
        if let Some(&(_, count)) = forward.get(k) {
            prefix += count;
        }
    }
    let k = best.map_or(0, |(_, k)| k);
    let deepest_forward = k.checked_sub(1).map(|last| forward[last].0);
    let deepest_backward = forward.get(k).and_then(|&(g_f, _)| {
        let met = backward.iter().take_while(|&&(g_b, _)| meets(g_f, g_b));
        met.last().map(|&(g_b, _)| g_b)
    });
    match (deepest_forward, deepest_backward) {
        (Some(g_f), Some(g_b)) if g_b > g_f => (false, g_b),
        (Some(g_f), _) => (true, g_f),
        (None, Some(g_b)) => (false, g_b),
        // Some pair meets, so the cover is not empty.
        (None, None) => (true, forward[0].0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cover_is_the_lighter_side_of_the_clusters() {
        // Forward g 0 (1 node) and 1 (5 nodes); backward g 0 (2) and 1 (9); bound 2, ε 1:
        // pairs (0, 0), (0, 1), (1, 0). Covers: {F0, F1} weighs 6, {B0, B1} 11, {F0, B0} 3.
        let clusters = [vec![(0u32, 1), (1, 5)], vec![(0, 2), (1, 9)]];
        assert_eq!(cover_choice(clusters, 1, 2), (true, 0));
        // A heavy forward 0: the backward side is lighter.
        let clusters = [vec![(0u32, 20), (1, 5)], vec![(0, 2), (1, 9)]];
        assert_eq!(cover_choice(clusters, 1, 2), (false, 1));
    }
}
