//! Heuristics combined (`Max`, `Sum`, by reference, `Recompute`) in every search that takes one,
//! each answer checked against BFS on every state of a small space.

use statespace_engine::astar::astar;
use statespace_engine::bfs::bfs;
use statespace_engine::dvcbs::dvcbs;
use statespace_engine::heuristics::{Max, Projection, Sum};
use statespace_engine::idastar::idastar;
use statespace_engine::mm::mm;
use statespace_engine::nbs::nbs;
use statespace_engine::parallel_idastar::{Parallel, parallel_idastar};
use statespace_engine::{
    Domain, Heuristic, Limits, PerfectHash, Recompute, Reversible, SearchResult,
};

/// Turns of a dial of six positions.
const POSITIONS: u8 = 6;

/// Four dials of six positions, each turned a step either way (modulo six), to all zeros; with
/// `coupled`, dials 1 and 2 may also turn together, which makes projections onto (0, 1) and
/// (2, 3) overlap: their `Max` stays admissible, their `Sum` would not.
struct Dials {
    coupled: bool,
}

/// A turn: the dials it moves (a bit each) and the step, +1 or -1.
type Turn = (u8, i8);

fn turn(dial: u8, step: i8) -> u8 {
    (dial + POSITIONS).wrapping_add_signed(step) % POSITIONS
}

impl Domain for Dials {
    type State = [u8; 4];
    type Action = Turn;
    fn actions(&self, _: &[u8; 4], out: &mut Vec<Turn>) {
        for dial in 0..4 {
            out.extend([(1 << dial, 1), (1 << dial, -1)]);
        }
        if self.coupled {
            out.extend([(0b0110, 1), (0b0110, -1)]);
        }
    }
    fn apply(&self, state: &mut [u8; 4], (dials, step): Turn) {
        for (dial, position) in state.iter_mut().enumerate() {
            if dials & (1 << dial) != 0 {
                *position = turn(*position, step);
            }
        }
    }
    fn invert(&self, (dials, step): Turn) -> Option<Turn> {
        Some((dials, -step))
    }
    fn is_goal(&self, state: &[u8; 4]) -> bool {
        *state == [0; 4]
    }
}

/// Every turn is undone by the opposite turn, which is always offered.
impl Reversible for Dials {}

/// Two dials of six positions, either turned a step either way: the abstraction every
/// projection of `Dials` onto two of its dials lands in (a coupled turn moves one of them).
struct TwoDials;

impl Domain for TwoDials {
    type State = [u8; 2];
    type Action = Turn;
    fn actions(&self, _: &[u8; 2], out: &mut Vec<Turn>) {
        out.extend([(1, 1), (1, -1), (2, 1), (2, -1)]);
    }
    fn apply(&self, state: &mut [u8; 2], (dial, step): Turn) {
        let dial = usize::from(dial >> 1);
        state[dial] = turn(state[dial], step);
    }
    fn invert(&self, (dial, step): Turn) -> Option<Turn> {
        Some((dial, -step))
    }
    fn is_goal(&self, state: &[u8; 2]) -> bool {
        *state == [0; 2]
    }
}

impl Reversible for TwoDials {}

impl PerfectHash for TwoDials {
    fn size(&self) -> u64 {
        u64::from(POSITIONS).pow(2)
    }
    fn rank(&self, state: &[u8; 2]) -> u64 {
        u64::from(state[0]) * u64::from(POSITIONS) + u64::from(state[1])
    }
    fn unrank(&self, rank: u64) -> [u8; 2] {
        let positions = u64::from(POSITIONS);
        [(rank / positions) as u8, (rank % positions) as u8]
    }
}

/// The table of the two dials `first` and `first + 1`.
fn projection(first: usize) -> Projection<TwoDials, impl Fn(&[u8; 4]) -> [u8; 2] + Sync> {
    let project = move |state: &[u8; 4]| [state[first], state[first + 1]];
    Projection::build(TwoDials, &[[0, 0]], project, &Limits::none()).unwrap()
}

fn every_state() -> impl Iterator<Item = [u8; 4]> {
    (0..u32::from(POSITIONS).pow(4)).map(|mut n| {
        [0; 4].map(|_| {
            let digit = (n % u32::from(POSITIONS)) as u8;
            n /= u32::from(POSITIONS);
            digit
        })
    })
}

fn cost<A>(result: &SearchResult<A>) -> u64 {
    result
        .outcome
        .solution()
        .expect("every state is solvable")
        .cost
}

/// The least turns to zero, the plain way: each dial alone, the nearer way round.
fn uncoupled_distance(state: &[u8; 4]) -> u64 {
    state.iter().map(|&p| u64::from(p.min(POSITIONS - p))).sum()
}

#[test]
fn max_and_sum_of_projections_are_optimal_in_a_star_and_ida_star() {
    let (low, high) = (projection(0), projection(2));
    let limits = Limits::none();
    let owned = Max(projection(0), projection(2));
    for coupled in [false, true] {
        let domain = Dials { coupled };
        let most = Max(&low, &high);
        let sum = Sum(&low, &high);
        for start in every_state() {
            let expected = cost(&bfs(&domain, &start, &limits));
            if !coupled {
                assert_eq!(expected, uncoupled_distance(&start));
                // Disjoint dials: the sum is exact, so IDA* goes straight down.
                assert_eq!(u64::from(sum.estimate(&domain, &start)), expected);
                let straight = idastar(&domain, &start, &sum, &limits);
                assert_eq!(cost(&straight), expected, "{start:?}");
                assert_eq!(straight.stats.expanded, expected);
                assert_eq!(cost(&astar(&domain, &start, &sum, &limits)), expected);
            }
            assert!(u64::from(most.estimate(&domain, &start)) <= expected);
            assert_eq!(cost(&astar(&domain, &start, &most, &limits)), expected);
            assert_eq!(cost(&idastar(&domain, &start, &most, &limits)), expected);
            if start[3] != 0 {
                continue; // the rest on a sixth of the states
            }
            // By value, and recomputed at every state through a reference.
            assert_eq!(cost(&idastar(&domain, &start, &owned, &limits)), expected);
            assert_eq!(
                cost(&idastar(&domain, &start, &Recompute(&most), &limits)),
                expected
            );
            assert_eq!(
                cost(&astar(&domain, &start, &Recompute(&low), &limits)),
                expected
            );
        }
    }
}

#[test]
fn combined_projections_serve_parallel_and_bidirectional_searches() {
    let (low, high) = (projection(0), projection(2));
    let limits = Limits::none();
    let domain = Dials { coupled: true };
    let most = Max(&low, &high);
    let parallel = Parallel::threads(2).split_after(50);
    // Backwards, towards the start: zero estimates, which any search takes.
    let zero = |_: &[u8; 4]| 0;
    for start in every_state().step_by(37) {
        let expected = cost(&bfs(&domain, &start, &limits));
        let threads = parallel_idastar(&domain, &start, &most, &limits, &parallel);
        assert_eq!(cost(&threads), expected);
        let goals = [[0; 4]];
        assert_eq!(
            cost(&mm(&domain, &start, &goals, &most, &zero, &limits)),
            expected
        );
        assert_eq!(
            cost(&nbs(&domain, &start, &goals, &most, &zero, &limits)),
            expected
        );
        assert_eq!(
            cost(&dvcbs(&domain, &start, &goals, &most, &zero, &limits)),
            expected
        );
    }
}
