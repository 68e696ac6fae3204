//! Tests of the puzzle face: each case's limits.

use std::time::Instant;

use super::*;

#[test]
fn every_search_gets_its_own_deadline() {
    let limits = CaseLimits {
        time_limit: Some(Duration::from_millis(40)),
        ..CaseLimits::default()
    };
    let first = limits.start().deadline.unwrap();
    std::thread::sleep(Duration::from_millis(50));
    let second = limits.start().deadline.unwrap();
    assert!(first < Instant::now(), "the first search's time is up");
    assert!(second > Instant::now(), "the next search has its own 40 ms");
}
