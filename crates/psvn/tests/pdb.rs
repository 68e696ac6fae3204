//! Pattern databases of abstractions: never above the true distance, their layers those of an
//! independent search of the abstract space, optimal searches with them, and their files.

mod common;

use std::collections::{HashMap, VecDeque};

use common::{example, example_text, pancakes, random_walk, rng};
use statespace_engine::astar::astar;
use statespace_engine::dijkstra::dijkstra;
use statespace_engine::distance_table::{DistanceTable, Goals, distance_table};
use statespace_engine::idastar::{idastar, idastar_with};
use statespace_engine::pattern_database::{Origin, PatternDatabase, PdbError, TableCache};
use statespace_engine::{Limits, PerfectHash};
use statespace_psvn::{
    Abstraction, LoadError, MaxPdb, Psvn, PsvnDomain, PsvnExpander, PsvnPdb, RankedPsvn,
    Recomputed, TableError,
};

fn abstraction(psvn: &Psvn, text: &str) -> Abstraction {
    Abstraction::parse("test.abst", text, psvn).unwrap_or_else(|e| panic!("{e}"))
}

fn pdb(psvn: &Psvn, text: &str) -> PsvnPdb {
    PsvnPdb::build(psvn, &abstraction(psvn, text), &Limits::none())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The concrete domain ranked and its exact (unit-cost) distances.
fn exact(domain: &PsvnDomain) -> (RankedPsvn, DistanceTable) {
    let ranked = match domain.goal_state() {
        Some(goal) => RankedPsvn::for_state(domain.clone(), &goal).unwrap(),
        None => RankedPsvn::mixed_radix(domain.clone()).unwrap(),
    };
    let table = distance_table(&ranked, Goals::Test, &Limits::none())
        .table
        .unwrap();
    (ranked, table)
}

/// Asserts that no estimate of `heuristic` passes the true distance, over every state; counts
/// the states a goal can be reached from.
fn assert_admissible_everywhere(domain: &PsvnDomain, heuristic: &MaxPdb) -> u64 {
    let (ranked, table) = exact(domain);
    let mut reaching = 0;
    for rank in 0..ranked.size() {
        if let Some(distance) = table.distance(rank) {
            let state = ranked.unrank(rank);
            let estimate = heuristic.estimate_state(&state);
            assert!(
                estimate <= u32::from(distance),
                "{}: estimate {estimate} over distance {distance}",
                domain.format_state(&state)
            );
            reaching += 1;
        }
    }
    reaching
}

const EIGHT_1234: &str = "abstraction { tile { B 1 2 3 4 5 5 5 5 } }";
const EIGHT_5678: &str = "abstraction { tile { B 1 1 1 1 5 6 7 8 } }";

#[test]
fn eight_puzzle_tables_never_exceed_the_true_distance() {
    let domain = example("eight.psvn");
    let psvn = domain.psvn();
    let both = MaxPdb::new(vec![pdb(psvn, EIGHT_1234), pdb(psvn, EIGHT_5678)]);
    assert_eq!(both.tables()[0].table().len(), 9 * 8 * 7 * 6 * 5);
    assert_eq!(assert_admissible_everywhere(&domain, &both), 181_440);
    let projected = pdb(psvn, "abstraction { projection { K K K K P P P P P } }");
    assert_admissible_everywhere(&domain, &MaxPdb::from(projected));
}

/// The 3x3 board's layers from the pattern's goal, by moving the blank (value 0) to a
/// neighbouring cell: a search of the abstract space that knows nothing of PSVN.
fn sliding_pattern_layers(goal: Vec<u8>) -> Vec<u64> {
    let mut distance: HashMap<Vec<u8>, u32> = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(board) = queue.pop_front() {
        let blank = board.iter().position(|&v| v == 0).unwrap();
        let (row, column) = (blank / 3, blank % 3);
        let mut neighbours = Vec::new();
        if row > 0 {
            neighbours.push(blank - 3);
        }
        if row < 2 {
            neighbours.push(blank + 3);
        }
        if column > 0 {
            neighbours.push(blank - 1);
        }
        if column < 2 {
            neighbours.push(blank + 1);
        }
        for cell in neighbours {
            let mut next = board.clone();
            next.swap(blank, cell);
            if !distance.contains_key(&next) {
                distance.insert(next.clone(), distance[&board] + 1);
                queue.push_back(next);
            }
        }
    }
    let mut layers = Vec::new();
    for &d in distance.values() {
        let d = d as usize;
        if layers.len() <= d {
            layers.resize(d + 1, 0);
        }
        layers[d] += 1;
    }
    layers
}

#[test]
fn abstract_layers_are_those_of_an_independent_search() {
    let psvn = example("eight.psvn").psvn().clone();
    let table = pdb(&psvn, EIGHT_1234);
    assert_eq!(
        table.table().histogram(),
        sliding_pattern_layers(vec![0, 1, 2, 3, 4, 5, 5, 5, 5])
    );
    let table = pdb(&psvn, EIGHT_5678);
    assert_eq!(
        table.table().histogram(),
        sliding_pattern_layers(vec![0, 1, 1, 1, 1, 5, 6, 7, 8])
    );
}

#[test]
fn pancake_tables_never_exceed_the_true_distance() {
    let domain = pancakes(8);
    let psvn = domain.psvn();
    let low = pdb(psvn, "abstraction { 8 { 0 1 2 3 4 4 4 4 } }");
    let high = pdb(psvn, "abstraction { 8 { 0 0 0 0 4 5 6 7 } }");
    assert_eq!(low.table().len(), 8 * 7 * 6 * 5);
    assert_eq!(
        assert_admissible_everywhere(&domain, &MaxPdb::new(vec![low, high])),
        40_320
    );
}

/// A domain with one-way rules (a value overwritten untested, a value lost), some states dead
/// ends, and a goal that is a set.
const ONE_WAY: &str = "
3
3 3 3
0 - - => 1 - -
1 X - => 2 X -
- 0 - => - 1 -
X 1 - => X 2 -
- - X => - - 0
- X Y => - Y X
2 - 1 => 0 - 2
GOAL 2 2 -
";

#[test]
fn one_way_tables_never_exceed_the_true_distance() {
    let domain = PsvnDomain::parse("oneway.psvn", ONE_WAY).unwrap();
    assert!(!statespace_engine::Predecessors::is_reversible(&domain));
    let psvn = domain.psvn();
    for text in [
        "abstraction { 3 { 0 0 2 } }",
        "abstraction { projection { K P K } }",
        "abstraction { 3 { 0 2 2 } projection { K K P } }",
        "abstraction { }",
    ] {
        let table = pdb(psvn, text);
        assert_admissible_everywhere(&domain, &MaxPdb::from(table));
    }
    // The identity abstraction gives the exact distances, dead ends included.
    let exact_table = pdb(psvn, "abstraction { }");
    let (ranked, table) = exact(&domain);
    for rank in 0..ranked.size() {
        let state = ranked.unrank(rank);
        let estimate = exact_table.estimate_state(&state);
        match table.distance(rank) {
            Some(d) => assert_eq!(estimate, u32::from(d)),
            None => assert_eq!(estimate, statespace_psvn::DEAD_END),
        }
    }
}

#[test]
fn searches_with_tables_are_optimal() {
    let eight = example("eight.psvn");
    let both = MaxPdb::new(vec![
        pdb(eight.psvn(), EIGHT_1234),
        pdb(eight.psvn(), EIGHT_5678),
    ]);
    let (ranked, table) = exact(&eight);
    let goal = eight.goal_state().unwrap();
    let mut random = rng(47);
    for _ in 0..20 {
        let start = random_walk(&eight, &goal, 60, &mut random);
        let truth = u64::from(table.distance(ranked.rank(&start)).unwrap());
        let by_idastar = idastar(&eight, &start, &both, &Limits::none());
        assert_eq!(by_idastar.outcome.solution().unwrap().cost, truth);
        let by_astar = astar(&eight, &start, &both, &Limits::none());
        assert_eq!(by_astar.outcome.solution().unwrap().cost, truth);
    }
    let nine = pancakes(9);
    let low = MaxPdb::from(pdb(nine.psvn(), "abstraction { 9 { 0 1 2 3 4 5 5 5 5 } }"));
    let (ranked, table) = exact(&nine);
    let goal = nine.goal_state().unwrap();
    for _ in 0..20 {
        let start = random_walk(&nine, &goal, 40, &mut random);
        let truth = u64::from(table.distance(ranked.rank(&start)).unwrap());
        let solution = idastar(&nine, &start, &low, &Limits::none());
        assert_eq!(solution.outcome.solution().unwrap().cost, truth);
    }
}

#[test]
fn weighted_tables_never_exceed_the_true_cost_and_searches_stay_optimal() {
    let weighted = example("eight-weighted.psvn");
    let psvn = weighted.psvn();
    let both = MaxPdb::new(vec![pdb(psvn, EIGHT_1234), pdb(psvn, EIGHT_5678)]);
    let goal = weighted.goal_state().unwrap();
    let mut random = rng(7);
    for _ in 0..25 {
        let start = random_walk(&weighted, &goal, 40, &mut random);
        let truth = dijkstra(&weighted, &start, &Limits::none())
            .outcome
            .solution()
            .unwrap()
            .cost;
        let estimate = u64::from(both.estimate_state(&start));
        assert!(estimate <= truth, "estimate {estimate} over cost {truth}");
        let by_astar = astar(&weighted, &start, &both, &Limits::none());
        assert_eq!(by_astar.outcome.solution().unwrap().cost, truth);
        let by_idastar = idastar(&weighted, &start, &both, &Limits::none());
        assert_eq!(by_idastar.outcome.solution().unwrap().cost, truth);
    }
}

/// IDA* through the compiled domain's own expander (children judged before the move when blind)
/// finds the very solution the engine's expander finds, optimal, after the same expansions.
#[test]
fn the_domains_expander_searches_as_the_engines_does() {
    let eight = example("eight.psvn");
    let weighted = example("eight-weighted.psvn");
    let tables = |domain: &PsvnDomain| {
        let psvn = domain.psvn();
        MaxPdb::new(vec![pdb(psvn, EIGHT_1234), pdb(psvn, EIGHT_5678)])
    };
    let cases = [
        (eight.clone(), tables(&eight), 60),
        (eight, MaxPdb::default(), 14),
        (weighted.clone(), tables(&weighted), 40),
        (weighted, MaxPdb::default(), 10),
        (pancakes(7), MaxPdb::default(), 6),
    ];
    let mut random = rng(12);
    for (domain, estimate, walk) in cases {
        let goal = domain.goal_state().unwrap();
        for _ in 0..10 {
            let start = random_walk(&domain, &goal, walk, &mut random);
            let engine = idastar(&domain, &start, &estimate, &Limits::none());
            let expander = PsvnExpander::new(&domain, &estimate, start.clone());
            let own = idastar_with(expander, &Limits::none());
            let (engine_solution, own_solution) = (
                engine.outcome.solution().unwrap(),
                own.outcome.solution().unwrap(),
            );
            assert_eq!(own_solution.actions, engine_solution.actions);
            assert_eq!(own_solution.cost, engine_solution.cost);
            let truth = dijkstra(&domain, &start, &Limits::none())
                .outcome
                .solution()
                .unwrap()
                .cost;
            assert_eq!(own_solution.cost, truth);
            assert_eq!(
                (own.stats.expanded, own.stats.generated),
                (engine.stats.expanded, engine.stats.generated)
            );
        }
    }
}

fn scratch(name: &str) -> TableCache {
    let dir = std::env::temp_dir().join(format!("psvn-pdb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    TableCache::new(dir)
}

#[test]
fn cached_tables_load_back_identical_and_refuse_damage_and_strangers() {
    let psvn = example("eight.psvn").psvn().clone();
    let cache = scratch("cache");
    let low = abstraction(&psvn, EIGHT_1234);
    let (built, origin) = PsvnPdb::load_or_build(&psvn, &low, &cache, &Limits::none()).unwrap();
    assert!(matches!(
        origin,
        Origin::Built {
            refused: None,
            saved: Ok(())
        }
    ));
    let (loaded, origin) = PsvnPdb::load_or_build(&psvn, &low, &cache, &Limits::none()).unwrap();
    assert!(matches!(origin, Origin::Loaded));
    assert_eq!(loaded.table().as_bytes(), built.table().as_bytes());

    // A file of another abstraction under this one's name: foreign.
    let high = abstraction(&psvn, EIGHT_5678);
    PsvnPdb::load_or_build(&psvn, &high, &cache, &Limits::none()).unwrap();
    let path = cache.path(&PsvnPdb::file_name(&psvn, &low));
    std::fs::copy(cache.path(&PsvnPdb::file_name(&psvn, &high)), &path).unwrap();
    let refused = PsvnPdb::load(&psvn, &low, &cache).unwrap_err();
    assert!(
        matches!(refused, LoadError::File(PdbError::Foreign { .. })),
        "{refused}"
    );

    // Of another domain with the same abstraction text: foreign too.
    let weighted = example("eight-weighted.psvn").psvn().clone();
    let other = abstraction(&weighted, EIGHT_1234);
    PsvnPdb::load_or_build(&weighted, &other, &cache, &Limits::none()).unwrap();
    std::fs::copy(cache.path(&PsvnPdb::file_name(&weighted, &other)), &path).unwrap();
    let refused = PsvnPdb::load(&psvn, &low, &cache).unwrap_err();
    assert!(
        matches!(refused, LoadError::File(PdbError::Foreign { .. })),
        "{refused}"
    );

    // Damaged: rebuilt, never trusted.
    PsvnPdb::load_or_build(&psvn, &low, &cache, &Limits::none()).unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let refused = PsvnPdb::load(&psvn, &low, &cache).unwrap_err();
    assert!(
        matches!(refused, LoadError::File(PdbError::Damaged { .. })),
        "{refused}"
    );
    let (rebuilt, origin) = PsvnPdb::load_or_build(&psvn, &low, &cache, &Limits::none()).unwrap();
    assert!(matches!(
        origin,
        Origin::Built {
            refused: Some(PdbError::Damaged { .. }),
            ..
        }
    ));
    assert_eq!(rebuilt.table().as_bytes(), built.table().as_bytes());
    let _ = std::fs::remove_dir_all(cache.dir());
}

/// A file sound by its checksum but written wrong (one entry off by one, resummed) is found
/// by verifying, which builds the table again; a sound file verifies equal.
#[test]
fn verifying_builds_again_and_finds_a_wrong_entry_the_checksum_cannot() {
    let psvn = example("eight.psvn").psvn().clone();
    let cache = scratch("verify");
    let low = abstraction(&psvn, EIGHT_1234);
    let refused = PsvnPdb::verify(&psvn, &low, &cache, &Limits::none()).unwrap_err();
    assert!(
        matches!(refused, LoadError::File(ref e) if e.is_missing()),
        "{refused}"
    );
    let (built, _) = PsvnPdb::load_or_build(&psvn, &low, &cache, &Limits::none()).unwrap();
    let (_, recomputed) = PsvnPdb::verify(&psvn, &low, &cache, &Limits::none()).unwrap();
    assert_eq!(recomputed, Recomputed::default());

    let mut wrong = built.table().as_bytes().to_vec();
    wrong[7] += 1;
    let id = PsvnPdb::table_id(&psvn, &low);
    PatternDatabase::from_distances(id, wrong)
        .save(&cache.path(&PsvnPdb::file_name(&psvn, &low)))
        .unwrap();
    let (_, recomputed) = PsvnPdb::verify(&psvn, &low, &cache, &Limits::none()).unwrap();
    let right = built.table().as_bytes()[7];
    assert_eq!(
        recomputed,
        Recomputed {
            differing: 1,
            first: Some((7, right + 1, right)),
        }
    );
    let over = PsvnPdb::verify(&psvn, &low, &cache, &Limits::none().max_memory(1000));
    assert!(
        matches!(
            over,
            Err(LoadError::Table(TableError::OverBudget {
                entries: 15120,
                ..
            }))
        ),
        "{over:?}"
    );
    let _ = std::fs::remove_dir_all(cache.dir());
}

#[test]
fn tables_over_the_budget_are_refused_with_the_figure() {
    let psvn = Psvn::parse("fifteen.psvn", &example_text("fifteen.psvn")).unwrap();
    let seven = abstraction(
        &psvn,
        "abstraction { tile { B 1 2 3 4 5 6 7 8 8 8 8 8 8 8 8 } }",
    );
    let limits = Limits::none().max_memory(100_000_000);
    let error = PsvnPdb::build(&psvn, &seven, &limits).unwrap_err();
    assert!(
        matches!(
            error,
            TableError::OverBudget {
                entries: 518_918_400,
                ..
            }
        ),
        "{error}"
    );
    assert_eq!(
        error.to_string(),
        "the table of 518918400 entries needs 2075673600 bytes to build, over the memory budget of 100000000 bytes"
    );
}

/// The layers of psvn-suite's abstract domains (its `abstractor`, then psvn2c and a
/// breadth-first count from the goal, see `../peers/README.md`), of the same abstractions as the
/// example files: the abstract spaces and their distances agree.
#[test]
fn example_abstractions_have_psvn_suites_layers() {
    let cases: [(&str, &str, &[u64]); 3] = [
        (
            "pancake10.psvn",
            "pancake10.abst",
            &[1, 9, 60, 419, 2271, 9523, 27797, 50014, 44695, 15468, 943],
        ),
        ("cube2.psvn", "cube2.abst", &[1, 6, 32, 184, 784, 1527, 301]),
        (
            "eight.psvn",
            "abstraction { TILE { B 1 2 3 4 5 5 5 5 }  projection { K K K K K K K K K } }",
            &[
                1, 2, 4, 8, 14, 16, 31, 46, 83, 107, 191, 236, 418, 546, 930, 1068, 1634, 1579,
                2102, 1682, 1896, 1064, 878, 327, 206, 39, 12,
            ],
        ),
    ];
    for (domain, abst, layers) in cases {
        let psvn = Psvn::parse(domain, &example_text(domain)).unwrap();
        let text = if abst.ends_with(".abst") {
            example_text(abst)
        } else {
            abst.to_owned()
        };
        assert_eq!(
            pdb(&psvn, &text).table().histogram(),
            layers,
            "{domain} {abst}"
        );
    }
}

#[test]
fn tables_too_large_to_allocate_are_refused() {
    let psvn = Psvn::parse("cube2.psvn", &example_text("cube2.psvn")).unwrap();
    let error = PsvnPdb::build(&psvn, &Abstraction::identity(&psvn), &Limits::none()).unwrap_err();
    assert!(matches!(error, TableError::TooLarge { .. }), "{error}");
}

/// Gripper: a goal that is a set (`-`), two domains, the robot's room projected (rules whose
/// only binding test is projected write any value), hands merged.
#[test]
fn gripper_tables_never_exceed_the_true_distance() {
    let domain = example("gripper.psvn");
    let psvn = domain.psvn();
    for text in [
        "abstraction { projection { P K K K K K K } }",
        "abstraction { place { A B LEFT LEFT } hand { FREE FREE } }",
        "abstraction { place { A B A B } projection { K K K P P K K } }",
    ] {
        let table = pdb(psvn, text);
        let reaching = assert_admissible_everywhere(&domain, &MaxPdb::from(table));
        assert!(reaching > 0);
    }
}

/// The abstract domain written out: the projected binder's rule (RULE_6) expanded per value
/// written, the first copy merged with RULE_5, self-loops (RULE_2 to 4) dropped, goals mapped; and it reads back as itself.
#[test]
fn abstract_domains_are_psvn_files_of_their_own() {
    let psvn = Psvn::parse("oneway.psvn", ONE_WAY).unwrap();
    let space = statespace_psvn::AbstractSpace::new(
        &psvn,
        &abstraction(&psvn, "abstraction { 3 { 0 2 2 } projection { K P K } }"),
    )
    .unwrap();
    let text = space.psvn().to_string();
    assert_eq!(
        text,
        "DOMAIN ABSTRACT3 2\n  0 2\n2\nABSTRACT3 ABSTRACT3\n\
         0 - => 2 - LABEL RULE_1 COST 1\n\
         - - => - 0 LABEL RULE_5 COST 1\n\
         - - => - 2 LABEL RULE_6_1 COST 1\n\
         2 2 => 0 2 LABEL RULE_7 COST 1\n\
         GOAL 2 -\n"
    );
    assert_eq!(space.abstract_state(&[1, 0, 2]), [1, 1].into());
    let reread = Psvn::parse("abstract.psvn", &text).unwrap();
    assert_eq!(reread.to_string(), text);
}
