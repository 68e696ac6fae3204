//! Sparse explorations hold no more memory than their budget, at their peak: measured by the
//! allocator, every allocation of the process counted. One test in this binary, so that nothing
//! else allocates meanwhile.

use std::alloc::System;

use cap::Cap;
use statespace_engine::space::RankedSpace;
use statespace_explore::{Options, explore_sparse};

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// What the process may allocate beside an exploration: the test harness's and rayon's buffers.
const SLACK: usize = 1 << 20;

/// The corners of a cube of 32 dimensions, one bit flipped at a time: 2^32 ranks, 32
/// predecessors each, layers of 32 choose d ranks (601 million at depth 16), far more than any
/// budget below holds.
struct Hypercube;

impl RankedSpace for Hypercube {
    fn ranks(&self) -> u64 {
        1 << 32
    }
    fn predecessors(&self, ranks: &[u64], out: &mut Vec<u64>) {
        out.extend(
            ranks
                .iter()
                .flat_map(|&rank| (0..32).map(move |bit| rank ^ (1 << bit))),
        );
    }
    fn reversible(&self) -> bool {
        true
    }
}

/// The number of d-element subsets of 32 elements.
fn choose_32(d: u64) -> u64 {
    (0..d).fold(1, |product, i| product * (32 - i) / (i + 1))
}

#[test]
fn sparse_explorations_stay_within_their_budget_at_their_peak() {
    let mut stopped_at = Vec::new();
    for budget in [1 << 20, 4 << 20, 32 << 20] {
        let before = ALLOCATOR.allocated();
        ALLOCATOR
            .set_limit(before + budget + SLACK)
            .expect("nothing holds that much yet");
        let options = Options {
            max_memory: Some(budget as u64),
            ..Options::default()
        };
        let exploration = explore_sparse(&Hypercube, &[0], &options).unwrap();
        ALLOCATOR.set_limit(usize::MAX).expect("a larger limit");
        let peak = ALLOCATOR.max_allocated() - before;
        assert!(exploration.stopped_by_memory && !exploration.complete);
        assert!(
            peak <= budget + SLACK,
            "{peak} bytes held for a budget of {budget}"
        );
        // Every layer it kept is whole, and it kept the layers that fit three to a budget.
        let layers = &exploration.layers;
        assert!(
            layers
                .iter()
                .zip(0..)
                .all(|(&count, d)| count == choose_32(d))
        );
        let last = layers.len() as u64 - 1;
        let held = 8 * (choose_32(last) + choose_32(last + 1) + choose_32(last.saturating_sub(1)));
        assert!(
            held >= budget as u64 / 8,
            "stopped at depth {last} for a budget of {budget}"
        );
        stopped_at.push(last);
    }
    assert!(stopped_at.is_sorted(), "{stopped_at:?}");
}
