//! Searches hold no more memory than their budget, at their peak: measured by the allocator,
//! every allocation of the process counted. One test in this binary, so that nothing else
//! allocates meanwhile.

mod support;

use std::alloc::System;

use cap::Cap;
use statespace_engine::bfs::bfs;
use statespace_engine::bidirectional_bfs::bidirectional_bfs;
use statespace_engine::dvcbs::dvcbs;
use statespace_engine::mm::mm;
use statespace_engine::nbs::nbs;
use statespace_engine::{Domain, Limits, Outcome, Reversible, SearchResult, StopReason};
use support::Sliding;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// What the process may allocate beside a search: the test harness's few buffers.
const SLACK: usize = 64 << 10;

/// A 4x4 board dozens of moves from the goal: far beyond the budgets below.
fn far_start() -> Vec<u8> {
    vec![0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1]
}

/// Runs `search` within a budget of `budget` bytes, the allocator refusing (and the test
/// aborting) past the budget and a little slack; returns the most it allocated at once, which
/// must be more than any search before it held, budgets being given in increasing order.
fn peak_of(budget: usize, search: impl FnOnce(&Limits) -> SearchResult<u8>) -> usize {
    let before = ALLOCATOR.allocated();
    ALLOCATOR
        .set_limit(before + budget + SLACK)
        .expect("nothing holds that much yet");
    let result = search(&Limits::none().max_memory(budget as u64));
    ALLOCATOR.set_limit(usize::MAX).expect("a larger limit");
    assert_eq!(result.outcome, Outcome::Stopped(StopReason::MemoryLimit));
    ALLOCATOR.max_allocated() - before
}

/// The integer points of the plane, by steps of one across or along: states without a heap of
/// their own, so that the visited set and the queue are all the search holds.
struct Plane;

impl Domain for Plane {
    type State = (i32, i32);
    type Action = u8;
    fn actions(&self, _: &(i32, i32), out: &mut Vec<u8>) {
        out.extend(0..4);
    }
    fn apply(&self, (x, y): &mut (i32, i32), step: u8) {
        let (dx, dy) = [(1, 0), (-1, 0), (0, 1), (0, -1)][usize::from(step)];
        (*x, *y) = (*x + dx, *y + dy);
    }
    fn invert(&self, step: u8) -> Option<u8> {
        Some(step ^ 1)
    }
    fn is_goal(&self, &(x, _): &(i32, i32)) -> bool {
        x == i32::MAX
    }
}
impl Reversible for Plane {}

#[test]
fn graph_searches_stay_within_their_budget_at_their_peak() {
    let sliding = Sliding { rows: 4, cols: 4 };
    let (start, goals) = (far_start(), [sliding.goal()]);
    let far = [(1 << 20, 0)];
    type Search<'a> = &'a dyn Fn(&Limits) -> SearchResult<u8>;
    let blind = |_: &(i32, i32)| 0;
    let manhattan = |s: &Vec<u8>| sliding.manhattan(s);
    let searches: [(&str, usize, Search); 10] = [
        ("bfs", 6 << 20, &|limits| bfs(&Plane, &(0, 0), limits)),
        ("bibfs", 12 << 20, &|limits| {
            bidirectional_bfs(&Plane, &(0, 0), &far, limits)
        }),
        ("bfs on boards", 24 << 20, &|limits| {
            bfs(&sliding, &start, limits)
        }),
        ("bibfs on boards", 48 << 20, &|limits| {
            bidirectional_bfs(&sliding, &start, &goals, limits)
        }),
        ("mm", 80 << 20, &|limits| {
            mm(&Plane, &(0, 0), &far, &blind, &blind, limits)
        }),
        ("nbs", 96 << 20, &|limits| {
            nbs(&Plane, &(0, 0), &far, &blind, &blind, limits)
        }),
        ("mm on boards", 128 << 20, &|limits| {
            mm(&sliding, &start, &goals, &manhattan, &manhattan, limits)
        }),
        ("nbs on boards", 160 << 20, &|limits| {
            nbs(&sliding, &start, &goals, &manhattan, &manhattan, limits)
        }),
        ("dvcbs", 96 << 20, &|limits| {
            dvcbs(&Plane, &(0, 0), &far, &blind, &blind, limits)
        }),
        ("dvcbs on boards", 160 << 20, &|limits| {
            dvcbs(&sliding, &start, &goals, &manhattan, &manhattan, limits)
        }),
    ];
    for (name, budget, search) in searches {
        let peak = peak_of(budget, search);
        assert!(peak <= budget + SLACK, "{name}: {peak} bytes at the peak");
        // The counting is not so cautious that the budget goes unused.
        assert!(peak > budget / 3, "{name}: only {peak} bytes at the peak");
    }
}
