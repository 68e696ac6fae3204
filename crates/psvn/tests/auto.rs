//! Abstractions chosen automatically: within the budget, admissible, searches with them optimal.

mod common;

use common::{example, pancakes, random_walk, rng};
use statespace_engine::Limits;
use statespace_engine::astar::astar;
use statespace_engine::dijkstra::dijkstra;
use statespace_engine::idastar::idastar;
use statespace_psvn::{Abstraction, AutoChoice, AutoOptions, PsvnDomain, choose_abstractions};

fn options(budget: u64) -> AutoOptions {
    AutoOptions {
        budget,
        samples: 300,
        ..AutoOptions::default()
    }
}

/// Chooses within `budget`, checks the choice, and that searches with it find the cheapest
/// solutions (Dijkstra's) from random states; returns the choice.
fn check_auto(domain: &PsvnDomain, budget: u64, walk: usize) -> AutoChoice {
    let psvn = domain.psvn();
    let choice = choose_abstractions(psvn, &options(budget), &Limits::none()).unwrap();
    assert!(
        choice.bytes() <= budget,
        "{} bytes over {budget}",
        choice.bytes()
    );
    assert!(choice.mean > 0.0);
    for abstraction in choice.abstractions() {
        // Printable as a file that reads back as itself.
        let text = abstraction.to_string();
        assert_eq!(
            &Abstraction::parse("auto.abst", &text, psvn).unwrap(),
            abstraction
        );
    }
    let goal = domain.goal_state().unwrap();
    let mut random = rng(3);
    for _ in 0..10 {
        let start = random_walk(domain, &goal, walk, &mut random);
        let truth = dijkstra(domain, &start, &Limits::none())
            .outcome
            .solution()
            .unwrap()
            .cost;
        assert!(u64::from(choice.tables.estimate_state(&start)) <= truth);
        let by_idastar = idastar(domain, &start, &choice.tables, &Limits::none());
        assert_eq!(by_idastar.outcome.solution().unwrap().cost, truth);
        let by_astar = astar(domain, &start, &choice.tables, &Limits::none());
        assert_eq!(by_astar.outcome.solution().unwrap().cost, truth);
    }
    choice
}

#[test]
fn auto_on_the_eight_puzzle() {
    check_auto(&example("eight.psvn"), 20_000, 60);
}

/// In Hanoi a variable is a disc: merging pegs blurs every disc, while a table of whole discs
/// (a projection) is exact on them, and is what the greedy must find.
#[test]
fn auto_on_hanoi_projects_discs_away() {
    let hanoi = example("hanoi4.psvn");
    let choice = check_auto(&hanoi, 300, 40);
    let projects = |a: &Abstraction| (0..a.len()).any(|variable| !a.is_kept(variable));
    assert!(choice.abstractions().into_iter().all(projects));
}

#[test]
fn auto_on_pancakes() {
    check_auto(&pancakes(8), 4_000, 30);
}

#[test]
fn auto_on_weighted_tiles() {
    check_auto(&example("eight-weighted.psvn"), 20_000, 40);
}

#[test]
fn auto_specs_and_impossible_budgets() {
    assert_eq!(AutoOptions::from_spec("auto=2M").unwrap().budget, 2 << 20);
    assert_eq!(AutoOptions::from_spec("auto=1000").unwrap().budget, 1000);
    for bad in [
        "autox",
        "auto=",
        "auto=1.5M",
        "auto=99999999999999999999G",
        "manual",
    ] {
        assert!(AutoOptions::from_spec(bad).is_none(), "{bad}");
    }
    let eight = example("eight.psvn");
    let error = choose_abstractions(eight.psvn(), &options(4), &Limits::none()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "no abstraction has a table within the budget of 4 bytes"
    );
}
