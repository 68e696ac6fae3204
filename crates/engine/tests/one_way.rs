//! A one-way puzzle: nine tiles on a 3×3 board, a move turns one of the four 2×2 squares a
//! quarter clockwise, and no move undoes one (three do). 362,880 boards, God's number 15.
//!
//! Every table built backwards (distance tables, projections, ranked pattern databases) must
//! equal a breadth-first search over the forward moves alone, state by state; the bidirectional
//! searches must agree with it; a domain that claims reversibility falsely is refused before any
//! search starts; and the pattern database of a one-way abstraction is admissible, keeps A* and
//! IDA* optimal and beats the two-way relaxation.

use std::collections::VecDeque;

use statespace_engine::astar::astar;
use statespace_engine::bfs::bfs;
use statespace_engine::bidirectional_bfs::bidirectional_bfs;
use statespace_engine::distance_table::{DistanceTable, distance_table};
use statespace_engine::heuristics::Projection;
use statespace_engine::idastar::idastar;
use statespace_engine::mm::mm;
use statespace_engine::pattern_database::{Origin, RankedPdb, TableCache, TableId};
use statespace_engine::rank::{
    k_permutation_count, rank_k_permutation, rank_permutation, unrank_k_permutation,
    unrank_permutation,
};
use statespace_engine::{
    Domain, Heuristic, Limits, PerfectHash, Predecessors, Reversible, check_predecessors,
};

/// A quarter turn of the 2×2 square whose top-left cell is `corner`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Turn {
    corner: u8,
    clockwise: bool,
}

/// The top-left cells of the four 2×2 squares.
const CORNERS: [u8; 4] = [0, 1, 3, 4];

const GOAL: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

impl Turn {
    fn clockwise(corner: u8) -> Self {
        Self {
            corner,
            clockwise: true,
        }
    }

    fn back(self) -> Self {
        Self {
            clockwise: !self.clockwise,
            ..self
        }
    }

    /// The cell a tile on `cell` ends on.
    fn moved(self, cell: u8) -> u8 {
        let c = self.corner;
        let ring = [c, c + 1, c + 4, c + 3]; // clockwise
        match ring.iter().position(|&r| r == cell) {
            Some(i) => ring[(i + if self.clockwise { 1 } else { 3 }) % 4],
            None => cell,
        }
    }
}

/// The puzzle, its predecessors listed: the counter-clockwise turns.
struct Clockwise;

impl Domain for Clockwise {
    type State = [u8; 9];
    type Action = Turn;
    fn actions(&self, _: &[u8; 9], out: &mut Vec<Turn>) {
        out.extend(CORNERS.map(Turn::clockwise));
    }
    fn apply(&self, board: &mut [u8; 9], turn: Turn) {
        let before = *board;
        for cell in 0..9 {
            board[usize::from(turn.moved(cell))] = before[usize::from(cell)];
        }
    }
    fn invert(&self, turn: Turn) -> Option<Turn> {
        Some(turn.back())
    }
    fn is_goal(&self, board: &[u8; 9]) -> bool {
        *board == GOAL
    }
}

impl Predecessors for Clockwise {
    fn predecessor_actions(&self, _: &[u8; 9], out: &mut Vec<Turn>) {
        out.extend(CORNERS.map(|corner| Turn::clockwise(corner).back()));
    }
}

impl PerfectHash for Clockwise {
    fn size(&self) -> u64 {
        362_880
    }
    fn rank(&self, board: &[u8; 9]) -> u64 {
        rank_permutation(board)
    }
    fn unrank(&self, rank: u64) -> [u8; 9] {
        let mut board = [0; 9];
        unrank_permutation(rank, &mut board);
        board
    }
}

/// The tiles a pattern database follows: 0 to 4, where they stand.
const KEPT: usize = 5;

/// The cells of tiles `0..KEPT`: the abstraction, one way (clockwise only, as the puzzle) or
/// two (either way, the relaxation a builder for reversible spaces would take).
struct Pattern {
    two_way: bool,
}

fn positions(board: &[u8; 9]) -> [u8; KEPT] {
    let mut cells = [0; KEPT];
    for (cell, &tile) in (0..).zip(board) {
        if usize::from(tile) < KEPT {
            cells[usize::from(tile)] = cell;
        }
    }
    cells
}

impl Domain for Pattern {
    type State = [u8; KEPT];
    type Action = Turn;
    fn actions(&self, _: &[u8; KEPT], out: &mut Vec<Turn>) {
        out.extend(CORNERS.map(Turn::clockwise));
        if self.two_way {
            out.extend(CORNERS.map(|corner| Turn::clockwise(corner).back()));
        }
    }
    fn apply(&self, cells: &mut [u8; KEPT], turn: Turn) {
        for cell in cells {
            *cell = turn.moved(*cell);
        }
    }
    fn invert(&self, turn: Turn) -> Option<Turn> {
        Some(turn.back())
    }
    fn is_goal(&self, cells: &[u8; KEPT]) -> bool {
        *cells == positions(&GOAL)
    }
}

impl Predecessors for Pattern {
    fn predecessor_actions(&self, state: &[u8; KEPT], out: &mut Vec<Turn>) {
        if self.two_way {
            self.actions(state, out);
        } else {
            out.extend(CORNERS.map(|corner| Turn::clockwise(corner).back()));
        }
    }
    fn is_reversible(&self) -> bool {
        self.two_way
    }
}

impl PerfectHash for Pattern {
    fn size(&self) -> u64 {
        k_permutation_count(9, KEPT)
    }
    fn rank(&self, cells: &[u8; KEPT]) -> u64 {
        rank_k_permutation(cells, 9)
    }
    fn unrank(&self, rank: u64) -> [u8; KEPT] {
        let mut cells = [0; KEPT];
        unrank_k_permutation(rank, 9, &mut cells);
        cells
    }
}

/// Distances to the goals by breadth-first search over the edges the forward moves make
/// (`actions` and `apply` only), independent of any predecessor the domain lists.
fn forward_distances<D: PerfectHash>(domain: &D) -> Vec<Option<u32>> {
    let size = domain.size() as usize;
    let mut into: Vec<Vec<u32>> = vec![Vec::new(); size];
    let mut actions = Vec::new();
    for rank in 0..domain.size() {
        let state = domain.unrank(rank);
        actions.clear();
        domain.actions(&state, &mut actions);
        for &action in &actions {
            let mut next = state.clone();
            domain.apply(&mut next, action);
            into[domain.rank(&next) as usize].push(rank as u32);
        }
    }
    let mut distance = vec![None; size];
    let mut queue = VecDeque::new();
    for rank in 0..domain.size() {
        if domain.is_goal(&domain.unrank(rank)) {
            distance[rank as usize] = Some(0);
            queue.push_back(rank as u32);
        }
    }
    while let Some(rank) = queue.pop_front() {
        let d = distance[rank as usize].unwrap();
        for &before in &into[rank as usize] {
            if distance[before as usize].is_none() {
                distance[before as usize] = Some(d + 1);
                queue.push_back(before);
            }
        }
    }
    distance
}

fn assert_equal(table: &DistanceTable, expected: &[Option<u32>]) {
    assert_eq!(table.len(), expected.len());
    for (rank, &expected) in expected.iter().enumerate() {
        let found = table.distance(rank as u64).map(u32::from);
        assert_eq!(found, expected, "rank {rank}");
    }
}

/// `count` boards spread over the space, the same every run.
fn boards(count: u64) -> Vec<[u8; 9]> {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    (0..count)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            Clockwise.unrank(seed % Clockwise.size())
        })
        .collect()
}

#[test]
fn the_distance_table_equals_forward_bfs_state_by_state() {
    let table = distance_table(&Clockwise, &[GOAL], &Limits::none())
        .table
        .unwrap();
    assert_eq!(table.histogram().iter().sum::<u64>(), 362_880);
    assert_eq!(table.histogram().len() - 1, 15, "God's number");
    assert_equal(&table, &forward_distances(&Clockwise));
    for board in boards(20) {
        let distance = table.distance(Clockwise.rank(&board)).unwrap();
        let solution = table.solution(&Clockwise, &board).expect("solvable");
        assert_eq!(solution.len(), usize::from(distance));
        let mut end = board;
        solution
            .iter()
            .for_each(|&turn| Clockwise.apply(&mut end, turn));
        assert_eq!(end, GOAL);
    }
}

#[test]
fn bidirectional_searches_agree_with_the_table() {
    let table = distance_table(&Clockwise, &[GOAL], &Limits::none())
        .table
        .unwrap();
    let zero = |_: &[u8; 9]| 0u32;
    for board in boards(6) {
        let distance = u64::from(table.distance(Clockwise.rank(&board)).unwrap());
        let by_bfs = bfs(&Clockwise, &board, &Limits::none());
        let both_ways = bidirectional_bfs(&Clockwise, &board, &[GOAL], &Limits::none());
        let by_mm = mm(&Clockwise, &board, &[GOAL], &zero, &zero, &Limits::none());
        for (name, result) in [("bfs", by_bfs), ("bidirectional", both_ways), ("mm", by_mm)] {
            let solution = result.outcome.solution().cloned().expect(name);
            assert_eq!(solution.cost, distance, "{name} from {board:?}");
            let mut end = board;
            solution
                .actions
                .iter()
                .for_each(|&t| Clockwise.apply(&mut end, t));
            assert_eq!(end, GOAL, "{name}");
        }
    }
}

#[test]
fn abstract_tables_equal_forward_bfs_of_the_abstraction() {
    for two_way in [false, true] {
        let pattern = Pattern { two_way };
        let goal = positions(&GOAL);
        let expected = forward_distances(&pattern);
        let projection = Projection::build(pattern, &[goal], positions, &Limits::none()).unwrap();
        assert_equal(projection.table(), &expected);
        let id = TableId::new("clockwise 3x3", format!("tiles 0-4, two way {two_way}"));
        let pdb = RankedPdb::build(
            Pattern { two_way },
            &[goal],
            positions,
            &id,
            &Limits::none(),
        )
        .unwrap();
        let bytes: Vec<Option<u32>> = pdb
            .table()
            .as_bytes()
            .iter()
            .map(|&byte| (byte != 255).then_some(u32::from(byte)))
            .collect();
        assert_eq!(bytes, expected);
        let saved = RankedPdb::from_projection(projection, &id);
        assert_eq!(saved.table().as_bytes(), pdb.table().as_bytes());
    }
}

#[test]
fn the_one_way_pattern_database_is_admissible_and_beats_the_two_way_relaxation() {
    let exact = forward_distances(&Clockwise);
    let goal = positions(&GOAL);
    let build = |two_way| {
        let id = TableId::new("clockwise 3x3", format!("tiles 0-4, two way {two_way}"));
        RankedPdb::build(
            Pattern { two_way },
            &[goal],
            positions,
            &id,
            &Limits::none(),
        )
        .unwrap()
    };
    let (one_way, two_way) = (build(false), build(true));
    let mut stronger = 0;
    for (rank, exact) in exact.iter().enumerate() {
        let board = Clockwise.unrank(rank as u64);
        let (one, two) = (
            one_way.estimate(&Clockwise, &board),
            two_way.estimate(&Clockwise, &board),
        );
        assert!(one <= exact.unwrap(), "{board:?}: {one} > {exact:?}");
        assert!(two <= one, "{board:?}: the relaxation's {two} > {one}");
        stronger += usize::from(two < one);
    }
    assert!(stronger > 0);
    let (mut astar_expanded, mut idastar_expanded) = ([0u64; 2], [0u64; 2]);
    for board in boards(20) {
        let distance = u64::from(exact[Clockwise.rank(&board) as usize].unwrap());
        for (side, pdb) in [&one_way, &two_way].into_iter().enumerate() {
            let by_astar = astar(&Clockwise, &board, pdb, &Limits::none());
            let by_idastar = idastar(&Clockwise, &board, pdb, &Limits::none());
            assert_eq!(by_astar.outcome.solution().unwrap().cost, distance);
            assert_eq!(by_idastar.outcome.solution().unwrap().cost, distance);
            astar_expanded[side] += by_astar.stats.expanded;
            idastar_expanded[side] += by_idastar.stats.expanded;
        }
    }
    eprintln!(
        "20 boards, expanded with the one-way table / the two-way relaxation: \
         A* {} / {}, IDA* {} / {}",
        astar_expanded[0], astar_expanded[1], idastar_expanded[0], idastar_expanded[1]
    );
    assert!(astar_expanded[0] < astar_expanded[1]);
    assert!(idastar_expanded[0] < idastar_expanded[1]);
}

#[test]
fn ranked_pattern_databases_are_cached_and_refused_like_the_others() {
    let folder = std::env::temp_dir().join(format!("one-way-pdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let cache = TableCache::new(&folder);
    let goal = positions(&GOAL);
    let id = TableId::new("clockwise 3x3", "tiles 0-4");
    let limits = Limits::none();
    let get = |id: &TableId| {
        RankedPdb::load_or_build(
            Pattern { two_way: false },
            &[goal],
            positions,
            &cache,
            "p",
            id,
            &limits,
        )
        .unwrap()
    };
    let (built, origin) = get(&id);
    assert!(matches!(
        origin,
        Origin::Built {
            refused: None,
            saved: Ok(())
        }
    ));
    let (loaded, origin) = get(&id);
    assert!(matches!(origin, Origin::Loaded));
    assert!(loaded.table().is_mapped());
    assert_eq!(loaded.table().as_bytes(), built.table().as_bytes());
    // Another table's file under the same name is refused and replaced.
    let other = TableId::new("clockwise 3x3", "tiles 0-3");
    let (_, origin) = get(&other);
    assert!(
        matches!(
            origin,
            Origin::Built {
                refused: Some(_),
                ..
            }
        ),
        "{origin:?}"
    );
    // A file of the right name and identity but another size is refused, never trusted.
    let path = cache.path("small");
    let small = TableId::new("clockwise 3x3", "small");
    statespace_engine::pattern_database::PatternDatabase::from_distances(
        small.clone(),
        vec![0; 10],
    )
    .save(&path)
    .unwrap();
    let refused = RankedPdb::load(Pattern { two_way: false }, positions, &path, &small);
    assert!(refused.unwrap_err().to_string().contains("10 entries"));
    // A damaged file is refused on load.
    let path = cache.path("p");
    let mut bytes = std::fs::read(&path).unwrap();
    *bytes.last_mut().unwrap() ^= 1;
    std::fs::write(&path, bytes).unwrap();
    assert!(RankedPdb::load(Pattern { two_way: false }, positions, &path, &other).is_err());
    std::fs::remove_dir_all(&folder).unwrap();
}

/// The puzzle claimed reversible: a forgotten `Predecessors`, with the counter-clockwise turns
/// as inverses that no state offers, or with no inverse at all.
struct ClaimedReversible {
    inverses: bool,
}

impl Domain for ClaimedReversible {
    type State = [u8; 9];
    type Action = Turn;
    fn actions(&self, board: &[u8; 9], out: &mut Vec<Turn>) {
        Clockwise.actions(board, out);
    }
    fn apply(&self, board: &mut [u8; 9], turn: Turn) {
        Clockwise.apply(board, turn);
    }
    fn invert(&self, turn: Turn) -> Option<Turn> {
        self.inverses.then(|| turn.back())
    }
    fn is_goal(&self, board: &[u8; 9]) -> bool {
        Clockwise.is_goal(board)
    }
}

impl Reversible for ClaimedReversible {}

impl PerfectHash for ClaimedReversible {
    fn size(&self) -> u64 {
        Clockwise.size()
    }
    fn rank(&self, board: &[u8; 9]) -> u64 {
        Clockwise.rank(board)
    }
    fn unrank(&self, rank: u64) -> [u8; 9] {
        Clockwise.unrank(rank)
    }
}

#[test]
fn the_predecessors_of_the_puzzle_check_out_and_a_false_claim_does_not() {
    for board in boards(50) {
        assert_eq!(check_predecessors(&Clockwise, &board), Ok(()));
        for inverses in [false, true] {
            assert!(check_predecessors(&ClaimedReversible { inverses }, &board).is_err());
        }
    }
    let wrong = check_predecessors(&ClaimedReversible { inverses: true }, &GOAL).unwrap_err();
    assert_eq!(
        wrong.to_string(),
        "predecessor action Turn { corner: 0, clockwise: true } of [0, 1, 2, 3, 4, 5, 6, 7, 8] \
         leads to [3, 0, 2, 4, 1, 5, 6, 7, 8], from which no action leads back (its inverse \
         Turn { corner: 0, clockwise: false } is not one, or leads elsewhere)"
    );
}

#[test]
#[should_panic(
    expected = "wrong predecessors: predecessor action Turn { corner: 0, clockwise: true } \
                           of [0, 1, 2, 3, 4, 5, 6, 7, 8] has no inverse"
)]
fn a_distance_table_refuses_a_false_claim_without_inverses() {
    distance_table(
        &ClaimedReversible { inverses: false },
        &[GOAL],
        &Limits::none(),
    );
}

#[test]
#[should_panic(expected = "from which no action leads back")]
fn a_distance_table_refuses_a_false_claim_with_inverses() {
    distance_table(
        &ClaimedReversible { inverses: true },
        &[GOAL],
        &Limits::none(),
    );
}

#[test]
#[should_panic(expected = "wrong predecessors")]
fn a_projection_refuses_a_false_claim() {
    let _ = Projection::build(
        ClaimedReversible { inverses: true },
        &[GOAL],
        |board: &[u8; 9]| *board,
        &Limits::none(),
    );
}

#[test]
#[should_panic(expected = "wrong predecessors")]
fn bidirectional_bfs_refuses_a_false_claim() {
    let domain = ClaimedReversible { inverses: true };
    bidirectional_bfs(&domain, &boards(1)[0], &[GOAL], &Limits::none());
}

#[test]
#[should_panic(expected = "wrong predecessors")]
fn mm_refuses_a_false_claim() {
    let zero = |_: &[u8; 9]| 0u32;
    let domain = ClaimedReversible { inverses: true };
    mm(
        &domain,
        &boards(1)[0],
        &[GOAL],
        &zero,
        &zero,
        &Limits::none(),
    );
}

/// Positions 0 to 99 with the goal at 0: one step down anywhere, one step up below 49 only, so
/// the line is one-way from 49 up; claimed reversible all the same. Near the goal the claim
/// holds, so only a sample spread over the space finds it false.
struct OneWayFar;

impl Domain for OneWayFar {
    type State = u8;
    type Action = i8;
    fn actions(&self, &n: &u8, out: &mut Vec<i8>) {
        if n > 0 {
            out.push(-1);
        }
        if n < 49 {
            out.push(1);
        }
    }
    fn apply(&self, n: &mut u8, step: i8) {
        *n = n.wrapping_add_signed(step);
    }
    fn invert(&self, step: i8) -> Option<i8> {
        Some(-step)
    }
    fn is_goal(&self, &n: &u8) -> bool {
        n == 0
    }
}

impl Reversible for OneWayFar {}

impl PerfectHash for OneWayFar {
    fn size(&self) -> u64 {
        100
    }
    fn rank(&self, &n: &u8) -> u64 {
        u64::from(n)
    }
    fn unrank(&self, rank: u64) -> u8 {
        rank as u8
    }
}

#[test]
#[cfg_attr(
    any(debug_assertions, feature = "checks"),
    should_panic(expected = "wrong predecessors: predecessor action -1 of 52 leads to 51")
)]
fn the_checks_feature_samples_the_whole_space() {
    // Without the checks, the table would count 50 to 99 as unreached, where each reaches 0.
    distance_table(&OneWayFar, &[0], &Limits::none());
}
