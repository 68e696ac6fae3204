//! Domains at the edges of the contract: moves without an inverse (searched forwards, refused
//! backwards), inverses and undos that break it (caught in debug builds), distances past a byte,
//! and the duplicate moves a domain names.

use statespace_engine::astar::astar;
use statespace_engine::bfs::bfs;
use statespace_engine::bidirectional_bfs::bidirectional_bfs;
use statespace_engine::dijkstra::dijkstra;
use statespace_engine::distance_table::distance_table;
use statespace_engine::idastar::idastar;
use statespace_engine::move_pruning::MoveAutomaton;
use statespace_engine::parallel_idastar::{Parallel, parallel_idastar};
use statespace_engine::{Domain, Limits, Reversible, closures};

/// `n → n + 1` and `n → 2n`: moves without an inverse, as in a directed graph.
struct Doubling {
    goal: u64,
}

impl Domain for Doubling {
    type State = u64;
    /// True doubles, false adds one.
    type Action = bool;
    fn actions(&self, _: &u64, out: &mut Vec<bool>) {
        out.extend([false, true]);
    }
    fn apply(&self, n: &mut u64, double: bool) {
        *n = if double { 2 * *n } else { *n + 1 };
    }
    /// No move has an inverse move, but each can be taken back, which is what IDA* needs.
    fn undo(&self, n: &mut u64, double: bool) {
        *n = if double { *n / 2 } else { *n - 1 };
    }
    fn is_goal(&self, n: &u64) -> bool {
        *n == self.goal
    }
}

/// Regression: BFS and A* skipped "the inverse" of the last move, which a domain without
/// inverses had to fake (the move itself), and BFS from 1 answered that 16 cannot be reached.
#[test]
fn moves_without_an_inverse_prune_nothing() {
    let domain = Doubling { goal: 16 };
    let limits = Limits::none().max_depth(10);
    // 1 + 1 = 2, then doubled thrice: the first of the shortest in the order of the actions.
    let expected = vec![false, true, true, true];
    let by_bfs = bfs(&domain, &1, &limits);
    assert_eq!(
        by_bfs.outcome.solution().map(|s| &s.actions),
        Some(&expected)
    );
    let by_astar = astar(&domain, &1, &|_: &u64| 0, &limits);
    assert_eq!(by_astar.outcome.solution().map(|s| s.cost), Some(4));
    let by_dijkstra = dijkstra(&domain, &1, &limits);
    assert_eq!(by_dijkstra.outcome.solution().map(|s| s.cost), Some(4));
    let by_closures = closures::bfs(&1u64, |&n| [n + 1, n * 2], |&n| n == 16);
    assert_eq!(by_closures, Some(vec![1, 2, 4, 8, 16]));
    let by_idastar = idastar(&domain, &1, &|_: &u64| 0, &limits);
    assert_eq!(
        by_idastar.outcome.solution().map(|s| &s.actions),
        Some(&expected)
    );
    let steps = |&n: &u64| [(n + 1, 1u32), (n * 2, 1)];
    let by_closures = closures::idastar(&1u64, steps, |_| 0, |&n| n == 16);
    assert_eq!(by_closures, Some((vec![1, 2, 4, 8, 16], 4)));
}

/// [`Doubling`] claimed reversible, which it is not: its predecessors would be wrong.
struct ClaimedReversible(Doubling);

impl Domain for ClaimedReversible {
    type State = u64;
    type Action = bool;
    fn actions(&self, n: &u64, out: &mut Vec<bool>) {
        self.0.actions(n, out);
    }
    fn apply(&self, n: &mut u64, double: bool) {
        self.0.apply(n, double);
    }
    fn is_goal(&self, n: &u64) -> bool {
        self.0.is_goal(n)
    }
}

impl Reversible for ClaimedReversible {}

/// A domain without inverses cannot reach a backward search unless it says how to step back
/// (`Doubling` does not compile there); one that claims reversibility falsely is refused before
/// the search starts, with the move that gives it away.
#[test]
#[should_panic(expected = "wrong predecessors: predecessor action false of 16 has no inverse")]
fn backward_searches_refuse_moves_without_an_inverse() {
    bidirectional_bfs(
        &ClaimedReversible(Doubling { goal: 16 }),
        &1,
        &[16],
        &Limits::none(),
    );
}

/// The integers, one step either way, with an `invert` that breaks its contract.
#[cfg(any(debug_assertions, feature = "checks"))]
struct WrongInverse;

#[cfg(any(debug_assertions, feature = "checks"))]
impl Domain for WrongInverse {
    type State = i32;
    type Action = i32;
    fn actions(&self, _: &i32, out: &mut Vec<i32>) {
        out.extend([-1, 1]);
    }
    fn apply(&self, n: &mut i32, step: i32) {
        *n += step;
    }
    fn invert(&self, step: i32) -> Option<i32> {
        Some(step)
    }
    fn is_goal(&self, n: &i32) -> bool {
        *n == 5
    }
}

#[cfg(any(debug_assertions, feature = "checks"))]
#[test]
#[should_panic(
    expected = "Domain::invert(-1) is -1, which does not undo it: 0 becomes -1, then -2"
)]
fn breadth_first_search_checks_inverses_in_debug_builds() {
    bfs(&WrongInverse, &0, &Limits::none());
}

#[cfg(any(debug_assertions, feature = "checks"))]
#[test]
#[should_panic(expected = "Domain::undo(-1) does not undo it: 0 came back as -2")]
fn idastar_checks_undos_in_debug_builds() {
    idastar(
        &WrongInverse,
        &0,
        &|n: &i32| (5 - n).unsigned_abs(),
        &Limits::none(),
    );
}

#[cfg(any(debug_assertions, feature = "checks"))]
#[test]
#[should_panic(expected = "which does not undo it")]
fn astar_checks_inverses_in_debug_builds() {
    astar(
        &WrongInverse,
        &0,
        &|n: &i32| (5 - n).unsigned_abs(),
        &Limits::none(),
    );
}

/// Positions 0 to `len - 1` on a line, steps of one, the goal at 0.
struct LongLine {
    len: u64,
}

impl Domain for LongLine {
    type State = u64;
    type Action = i8;
    fn actions(&self, &n: &u64, out: &mut Vec<i8>) {
        if n > 0 {
            out.push(-1);
        }
        if n + 1 < self.len {
            out.push(1);
        }
    }
    fn apply(&self, n: &mut u64, step: i8) {
        *n = n.wrapping_add_signed(i64::from(step));
    }
    fn invert(&self, step: i8) -> Option<i8> {
        Some(-step)
    }
    fn is_goal(&self, &n: &u64) -> bool {
        n == 0
    }
}
impl Reversible for LongLine {}

impl statespace_engine::PerfectHash for LongLine {
    fn size(&self) -> u64 {
        self.len
    }
    fn rank(&self, &n: &u64) -> u64 {
        n
    }
    fn unrank(&self, rank: u64) -> u64 {
        rank
    }
}

#[test]
fn distance_tables_widen_past_a_byte() {
    let domain = LongLine { len: 600 };
    let build = distance_table(&domain, &[0], &Limits::none());
    let table = build.table.unwrap();
    assert_eq!(table.as_bytes(), None, "599 layers take two bytes a state");
    assert_eq!(table.distance(599), Some(599));
    assert_eq!(table.histogram(), vec![1; 600]);
    assert_eq!(
        table.solution(&domain, &300).map(|path| path.len()),
        Some(300)
    );
    assert_eq!(build.stats.layers.len(), 600);
    // A short line keeps a byte a state.
    let short = distance_table(&LongLine { len: 254 }, &[0], &Limits::none());
    assert_eq!(short.table.unwrap().as_bytes().map(<[u8]>::len), Some(254));
    let limited = distance_table(&domain, &[0], &Limits::none().max_depth(300));
    assert_eq!(
        limited.table,
        Err(statespace_engine::StopReason::DepthLimit)
    );
}

/// Steps on the integer plane: +x, −x, +y, −y, in that order. Steps along different axes
/// commute, so a y step followed by an x step has a twin earlier in the order (the x step first).
struct Plane {
    duplicates: Option<MoveAutomaton>,
}

impl Domain for Plane {
    type State = (i32, i32);
    type Action = usize;
    fn actions(&self, _: &(i32, i32), out: &mut Vec<usize>) {
        out.extend(0..4);
    }
    fn apply(&self, (x, y): &mut (i32, i32), step: usize) {
        match step {
            0 => *x += 1,
            1 => *x -= 1,
            2 => *y += 1,
            _ => *y -= 1,
        }
    }
    fn invert(&self, step: usize) -> Option<usize> {
        Some(step ^ 1)
    }
    fn is_goal(&self, state: &(i32, i32)) -> bool {
        *state == (3, -2)
    }
    fn duplicate_moves(&self) -> Option<&MoveAutomaton> {
        self.duplicates.as_ref()
    }
    fn action_index(&self, step: usize) -> usize {
        step
    }
}
impl Reversible for Plane {}

#[test]
fn idastar_skips_the_duplicate_moves_a_domain_names_and_keeps_its_answer() {
    let plain = Plane { duplicates: None };
    let automaton = MoveAutomaton::new(4, [[2, 0], [2, 1], [3, 0], [3, 1]]);
    let pruned = Plane {
        duplicates: automaton,
    };
    // A weak estimate, so that the iterations grow trees where the pruning shows.
    let estimate = |&(x, y): &(i32, i32)| ((3 - x).abs() + (y + 2).abs()) as u32 / 2;
    for threads in [1, 2] {
        let parallel = Parallel::threads(threads).split_after(0).ordered();
        let search =
            |plane: &Plane| parallel_idastar(plane, &(0, 0), &estimate, &Limits::none(), &parallel);
        let (full, less) = (search(&plain), search(&pruned));
        assert_eq!(full.outcome, less.outcome, "{threads} threads");
        assert_eq!(
            full.outcome.solution().unwrap().actions,
            [0, 0, 0, 3, 3],
            "{threads} threads"
        );
        assert!(
            less.stats.generated < full.stats.generated,
            "{threads} threads: {} against {}",
            less.stats.generated,
            full.stats.generated
        );
    }
}
