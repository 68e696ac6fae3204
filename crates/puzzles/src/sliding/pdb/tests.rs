//! Tests of the pattern-database solver on small boards, against plain breadth-first searches.

use std::collections::{HashMap, VecDeque};

use proptest::prelude::*;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use statespace_engine::distance_table::distance_table;
use statespace_engine::heuristics::{Additive, Image, Max};
use statespace_engine::idastar::idastar;
use statespace_engine::pattern_database::{BuildOptions, PatternSpace, UNREACHED, build};
use statespace_engine::rank::KPermutationRanker;
use statespace_engine::{Domain, Limits, PerfectHash, StopReason};

use super::pattern::{cells_between, rank_change};
use super::*;
use crate::sliding::Board;

/// The tables of `layout`, built in memory.
fn built(geometry: &Geometry, blank_goal: usize, layout: &Layout) -> PatternTables {
    PatternTables::build(geometry, blank_goal, layout, &BuildOptions::default()).unwrap()
}

fn geometry(rows: usize, cols: usize) -> Geometry {
    Geometry::new(rows, cols).unwrap()
}

fn blank_first(geometry: &Geometry) -> Board {
    Board::goal(geometry.shape(), Some("blank-first")).unwrap()
}

fn board_of(geometry: &Geometry, tiles: &[u16]) -> Board {
    Board::new(geometry.shape(), tiles.to_vec()).unwrap()
}

/// A random board reachable from `goal`, by a random walk of `steps` moves.
fn scramble(puzzle: &TilePuzzle, steps: usize, rng: &mut ChaCha8Rng) -> Board {
    let mut board = puzzle.goal().clone();
    let mut moves = Vec::new();
    for _ in 0..steps {
        moves.clear();
        puzzle.actions(&board, &mut moves);
        puzzle.apply(&mut board, *moves.choose(rng).unwrap());
    }
    board
}

/// Distances of the abstraction by a textbook 0-1 BFS over (pattern cells, blank cell), keyed
/// by the pattern's cells: the least over the blank's cells.
fn abstract_distances(
    geometry: &Geometry,
    goal_cells: &[u8],
    blank_goal: usize,
) -> HashMap<Vec<u8>, u32> {
    let mut distance: HashMap<(Vec<u8>, usize), u32> = HashMap::new();
    let mut queue = VecDeque::new();
    let start = (goal_cells.to_vec(), blank_goal);
    distance.insert(start.clone(), 0);
    queue.push_back(start);
    while let Some((cells, blank)) = queue.pop_front() {
        let d = distance[&(cells.clone(), blank)];
        for mv in Move::ALL {
            let Some(next) = geometry.step(blank, mv) else {
                continue;
            };
            let mut moved = cells.clone();
            let cost = match cells.iter().position(|&cell| usize::from(cell) == next) {
                Some(index) => {
                    moved[index] = blank as u8;
                    1
                }
                None => 0,
            };
            let key = (moved, next);
            if distance.get(&key).is_none_or(|&old| old > d + cost) {
                distance.insert(key.clone(), d + cost);
                if cost == 0 {
                    queue.push_front(key);
                } else {
                    queue.push_back(key);
                }
            }
        }
    }
    let mut least: HashMap<Vec<u8>, u32> = HashMap::new();
    for ((cells, _), d) in distance {
        let entry = least.entry(cells).or_insert(d);
        *entry = (*entry).min(d);
    }
    least
}

#[test]
fn every_entry_equals_a_plain_bfs_distance_of_the_abstraction() {
    let cases: [(usize, usize, &[u8], usize); 6] = [
        (2, 3, &[1, 2], 0),
        (2, 3, &[3, 1, 5], 0),
        (3, 3, &[1, 2, 3, 4], 0),
        (3, 3, &[5, 7, 6, 8], 0),
        (2, 4, &[0, 1, 2, 3, 4], 7),
        (3, 3, &[0, 1, 2, 3, 4, 5, 6, 7], 8),
    ];
    for (rows, cols, cells, blank_goal) in cases {
        let geometry = geometry(rows, cols);
        let pattern = TilePattern::new(geometry, cells.to_vec(), blank_goal);
        let layout = Layout::new(&geometry, blank_goal, vec![cells.to_vec()]).unwrap();
        let tables = built(&geometry, blank_goal, &layout);
        let table = &tables.tables()[0];
        let expected = abstract_distances(&geometry, cells, blank_goal);
        let ranker = KPermutationRanker::new(geometry.cells(), cells.len());
        assert_eq!(table.len(), ranker.size());
        let mut placement = vec![0; cells.len()];
        for entry in 0..ranker.size() {
            ranker.unrank(entry, &mut placement);
            assert_eq!(pattern.entry(&placement), entry);
            // With every tile in the pattern, half the placements are unreachable (parity).
            let value = table.get(entry);
            let value = (value != UNREACHED).then_some(u32::from(value));
            assert_eq!(
                value,
                expected.get(&placement).copied(),
                "{rows}x{cols} pattern {cells:?}, placement {placement:?}"
            );
        }
    }
}

#[test]
fn a_table_read_through_a_symmetry_equals_the_one_built() {
    // On 4x4, tiles of cells 12, 14, 13 are those of 1, 2, 3 turned half round (in another
    // order); on 4x3 nothing maps cell 1 onto cell 4 but a transposition, which a rectangle lacks.
    /// Rows, columns, the source's goal cells, the pattern's, and whether a symmetry maps them.
    type Case<'a> = (usize, usize, &'a [u8], &'a [u8], bool);
    let cases: [Case; 3] = [
        (4, 4, &[1, 2, 3], &[12, 14, 13], true),
        (4, 4, &[1, 2, 5], &[8, 5, 4], true),
        (4, 3, &[1], &[3], false),
    ];
    for (rows, cols, source_cells, cells, maps) in cases {
        let geometry = geometry(rows, cols);
        let source = TilePattern::new(geometry, source_cells.to_vec(), 0);
        let pattern = TilePattern::new(geometry, cells.to_vec(), 0);
        let options = BuildOptions::default();
        let source_table = build(&source, source.id(), &options).table.unwrap();
        let derived = pattern.table_from(&source, source_table.as_bytes());
        assert_eq!(derived.is_some(), maps, "{cells:?} from {source_cells:?}");
        if let Some(derived) = derived {
            let built = build(&pattern, pattern.id(), &options).table.unwrap();
            assert!(
                derived == built.as_bytes(),
                "{cells:?} from {source_cells:?}"
            );
        }
    }
}

#[test]
fn one_goals_cached_tables_are_read_off_for_the_other() {
    // 5-5-5 for the blank-last goal is the blank-first one turned half round: once the
    // blank-first tables are cached, the blank-last ones are read off them, never built, and
    // equal the tables built for that goal.
    let dir = std::env::temp_dir().join(format!("statespace-images-{}", std::process::id()));
    let cache = statespace_engine::pattern_database::TableCache::new(&dir);
    let geometry = geometry(4, 4);
    let options = BuildOptions::default();
    let fetch = |blank_goal: usize, events: &mut Vec<String>| {
        let layout = Layout::named("555", &geometry, blank_goal).unwrap();
        let tables = PatternTables::load_or_build(
            &cache,
            &geometry,
            blank_goal,
            &layout,
            &options,
            |event| events.push(event.to_string()),
        );
        (layout, tables.unwrap())
    };
    let mut first = Vec::new();
    fetch(0, &mut first);
    assert_eq!(
        first.iter().filter(|e| e.starts_with("building ")).count(),
        3
    );

    let mut last = Vec::new();
    let (layout, read_off) = fetch(15, &mut last);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        last.iter().filter(|e| e.starts_with("reading ")).count(),
        3,
        "{last:?}"
    );
    assert!(last.iter().all(|e| !e.starts_with("building ")), "{last:?}");
    let fresh = built(&geometry, 15, &layout);
    for (read, made) in read_off.tables().iter().zip(fresh.tables()) {
        assert_eq!(read.id(), made.id());
        assert!(read.as_bytes() == made.as_bytes(), "{:?}", made.id());
    }
}

#[test]
fn advancing_visits_the_entries_as_decoding_each_does() {
    for (rows, cols, k) in [(2, 3, 1), (2, 3, 3), (3, 3, 4), (2, 4, 5)] {
        let geometry = geometry(rows, cols);
        let pattern = TilePattern::new(geometry, (1..=k as u8).collect(), 0);
        let mut advanced = pattern.decode(0);
        for entry in 0..pattern.entries() {
            let decoded = pattern.decode(entry);
            assert_eq!(
                format!("{decoded:?}"),
                format!("{advanced:?}"),
                "entry {entry}"
            );
            if entry + 1 < pattern.entries() {
                pattern.advance(&mut advanced);
            }
        }
    }
}

proptest! {
    #[test]
    fn rank_changes_match_ranking_afresh(seed in any::<u64>(), k in 1usize..8, rows in 2usize..6, cols in 2usize..6) {
        let geometry = geometry(rows, cols);
        let n = geometry.cells();
        let k = k.min(n - 1);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cells: Vec<u8> = (0..n as u8).collect();
        cells.shuffle(&mut rng);
        let blank = usize::from(cells[k]);
        let mut placement = cells[..k].to_vec();
        let ranker = KPermutationRanker::new(n, k);
        let mut weights = [0; MAX_PATTERN_TILES];
        weights[..k].copy_from_slice(ranker.weights());
        let before = ranker.rank(&placement);
        for mv in Move::ALL {
            let Some(from) = geometry.step(blank, mv) else { continue };
            let Some(index) = placement.iter().position(|&c| usize::from(c) == from) else { continue };
            let occupied = placement.iter().fold(0u32, |m, &c| m | 1 << c);
            let between = cells_between(from, blank) & occupied;
            let change = rank_change(&weights, index, from, blank, between, |cell| {
                placement.iter().position(|&c| usize::from(c) == cell).unwrap()
            });
            placement[index] = blank as u8;
            prop_assert_eq!(before.wrapping_add_signed(change), ranker.rank(&placement));
            placement[index] = from as u8;
        }
    }
}

/// The lengths of the shortest solutions of every board of a small puzzle, by the engine's
/// distance table (a plain backward BFS).
fn exact_lengths(puzzle: &TilePuzzle) -> statespace_engine::distance_table::DistanceTable {
    distance_table(puzzle, &[puzzle.goal().clone()], &Limits::none())
        .table
        .unwrap()
}

fn solve(solver: &Solver<'_>, board: &Board, threads: usize) -> Option<Vec<Move>> {
    let result = solver.solve(board, &Limits::none(), threads);
    result
        .outcome
        .solution()
        .map(|solution| solution.actions.clone())
}

#[test]
fn ida_star_with_the_tables_matches_plain_bfs_lengths() {
    let boards: [(usize, usize, Vec<Vec<u8>>); 3] = [
        (2, 3, vec![vec![1, 2], vec![3, 4, 5]]),
        (3, 3, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]),
        (2, 4, vec![vec![1, 2, 3], vec![4, 5, 6, 7]]),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for (rows, cols, patterns) in boards {
        let geometry = geometry(rows, cols);
        let goal = blank_first(&geometry);
        let puzzle = TilePuzzle::new(geometry, goal.clone());
        let exact = exact_lengths(&puzzle);
        let layout = Layout::new(&geometry, 0, patterns).unwrap();
        let tables = built(&geometry, 0, &layout);
        for reflect in [false, true] {
            // Every iteration split, so that the split search is the one tested with threads.
            let solver = Solver::new(geometry, goal.clone(), &tables, reflect).split_after(0);
            for _ in 0..40 {
                let board = scramble(&puzzle, rng.random_range(0..60), &mut rng);
                let expected = exact.distance(puzzle.rank(&board)).unwrap();
                assert!(solver.estimate(&board) <= u32::from(expected));
                let moves = solve(&solver, &board, 1).unwrap();
                assert_eq!(moves.len(), usize::from(expected), "{board:?}");
                let mut replayed = board.clone();
                for &mv in &moves {
                    puzzle.apply(&mut replayed, mv);
                }
                assert_eq!(replayed, goal);
                // Split searches take the tightest subtrees first: another shortest answer,
                // the same for every number of threads.
                let split = solve(&solver, &board, 2).unwrap();
                assert_eq!(split.len(), moves.len(), "{board:?}");
                let mut replayed = board.clone();
                for &mv in &split {
                    puzzle.apply(&mut replayed, mv);
                }
                assert_eq!(replayed, goal);
                assert_eq!(solve(&solver, &board, 5), Some(split), "{board:?}");
            }
        }
    }
}

#[test]
fn unsolvable_boards_are_exhausted_at_once() {
    let geometry = geometry(3, 3);
    let goal = blank_first(&geometry);
    let layout = Layout::new(&geometry, 0, vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]]).unwrap();
    let tables = built(&geometry, 0, &layout);
    let solver = Solver::new(geometry, goal.clone(), &tables, true);
    let swapped = board_of(&geometry, &[0, 2, 1, 3, 4, 5, 6, 7, 8]);
    let result = solver.solve(&swapped, &Limits::none(), 1);
    assert_eq!(result.outcome, statespace_engine::Outcome::Exhausted);
}

#[test]
fn boards_of_one_row_keep_their_order() {
    // Parity alone would call [0, 2, 3, 1] solvable; on one row the tiles can never pass each
    // other (this board used to overflow the bound, or loop forever in a release build).
    let geometry = geometry(1, 4);
    let goal = blank_first(&geometry);
    let layout = Layout::new(&geometry, 0, vec![vec![1], vec![2], vec![3]]).unwrap();
    let tables = built(&geometry, 0, &layout);
    let solver = Solver::new(geometry, goal.clone(), &tables, false);
    let stuck = board_of(&geometry, &[0, 2, 3, 1]);
    let result = solver.solve(&stuck, &Limits::none(), 1);
    assert_eq!(result.outcome, statespace_engine::Outcome::Exhausted);
    let two_away = board_of(&geometry, &[1, 2, 0, 3]);
    let result = solver.solve(&two_away, &Limits::none(), 1);
    assert_eq!(result.outcome.solution().map(|s| s.actions.len()), Some(2));
}

#[test]
fn the_fast_solver_agrees_with_the_engine_combinators_move_for_move() {
    // The engine's IDA* with Max(Additive, Image(Additive)) returns the lexicographically first
    // optimal solution too, so both must give the same moves and, without the duplicate-path
    // automaton, explore the same bounds; with it, never more.
    let geometry = geometry(3, 3);
    let goal = board_of(&geometry, &[1, 2, 3, 4, 0, 5, 6, 7, 8]);
    let puzzle = TilePuzzle::new(geometry, goal.clone());
    let layout = Layout::new(&geometry, 4, vec![vec![0, 1, 2, 3], vec![5, 6, 7, 8]]).unwrap();
    let tables = built(&geometry, 4, &layout);
    let solver = Solver::new(geometry, goal.clone(), &tables, true).duplicate_length(0);
    let pruning = Solver::new(geometry, goal.clone(), &tables, true);
    let reflection = Reflection::of(&geometry, &goal).unwrap();
    let partition = TilePartition::new(&puzzle, &layout);
    let tables_list: Vec<_> = tables.tables().iter().collect();
    let additive = Additive::new(partition, tables_list);
    let heuristic = Max(
        additive.clone(),
        Image {
            heuristic: additive,
            symmetry: reflection,
        },
    );
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut nodes = [0, 0];
    for _ in 0..30 {
        let board = scramble(&puzzle, 80, &mut rng);
        let engine = idastar(&puzzle, &board, &heuristic, &Limits::none());
        let ours = solver.solve(&board, &Limits::none(), 1);
        assert_eq!(
            ours.outcome.solution().unwrap().actions,
            engine.outcome.solution().unwrap().actions,
            "{board:?}"
        );
        let pruned = pruning.solve(&board, &Limits::none(), 1);
        assert_eq!(pruned.outcome, ours.outcome, "{board:?}");
        assert!(pruned.stats.generated <= ours.stats.generated, "{board:?}");
        nodes[0] += ours.stats.generated;
        nodes[1] += pruned.stats.generated;
        // Iterations under the same bound search the same tree (ours skips the bounds of the
        // wrong parity, which cannot hold a solution).
        for layer in &ours.stats.layers {
            if let Some(same) = engine.stats.layers.iter().find(|l| l.depth == layer.depth) {
                assert_eq!(
                    layer.expanded, same.expanded,
                    "bound {}, {board:?}",
                    layer.depth
                );
            }
        }
    }
    assert!(nodes[1] < nodes[0], "{nodes:?}");
}

#[test]
fn the_reflection_maps_the_goal_to_itself_and_moves_to_mirrored_moves() {
    let geometry = geometry(4, 4);
    let goal = blank_first(&geometry);
    let puzzle = TilePuzzle::new(geometry, goal.clone());
    let reflection = Reflection::of(&geometry, &goal).unwrap();
    assert_eq!(reflection.board(&goal), goal);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut board = scramble(&puzzle, 50, &mut rng);
    let mut moves = Vec::new();
    for _ in 0..50 {
        moves.clear();
        puzzle.actions(&board, &mut moves);
        let mv = *moves.choose(&mut rng).unwrap();
        let mut image = reflection.board(&board);
        puzzle.apply(&mut image, mv.mirrored());
        puzzle.apply(&mut board, mv);
        assert_eq!(image, reflection.board(&board));
    }
    let standard = board_of(
        &geometry,
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0],
    );
    assert!(Reflection::of(&geometry, &standard).is_some());
    let off_diagonal = board_of(
        &geometry,
        &[1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    );
    assert!(Reflection::of(&geometry, &off_diagonal).is_none());
}

#[test]
fn named_layouts_cover_every_tile_but_the_blank() {
    for (name, side) in [("78", 4), ("663", 4), ("555", 4), ("6666", 5)] {
        let geometry = geometry(side, side);
        for blank_goal in [0, 5, side * side - 1] {
            let layout = Layout::named(name, &geometry, blank_goal).unwrap();
            let mut cells: Vec<u8> = layout.patterns().concat();
            cells.push(blank_goal as u8);
            cells.sort_unstable();
            assert_eq!(
                cells,
                (0..(side * side) as u8).collect::<Vec<_>>(),
                "{name}"
            );
        }
    }
    assert!(Layout::named("78", &geometry(5, 5), 0).is_none());
    assert!(Layout::named("999", &geometry(4, 4), 0).is_none());
    assert_eq!(
        Layout::default_for(&geometry(4, 4), 0).unwrap().to_string(),
        "7-8"
    );
    assert!(Layout::new(&geometry(3, 3), 0, vec![vec![1, 2], vec![2, 3]]).is_none());
    assert!(Layout::new(&geometry(3, 3), 0, vec![vec![0, 1]]).is_none());
    // Off the board, as a cell or as the blank's goal (these used to panic on the shift).
    assert!(Layout::new(&geometry(3, 3), 0, vec![vec![1, 2], vec![100]]).is_none());
    assert!(Layout::new(&geometry(3, 3), 70, vec![vec![1, 2]]).is_none());
    assert!(Layout::new(&geometry(3, 3), 9, vec![vec![1, 2]]).is_none());
}

#[test]
fn a_node_limit_stops_the_search_on_one_thread_or_several() {
    // Weak tables (five patterns of three tiles) on a far scramble: a long search.
    let geometry = geometry(4, 4);
    let goal = blank_first(&geometry);
    let puzzle = TilePuzzle::new(geometry, goal.clone());
    let patterns = (0..5).map(|p| (3 * p + 1..3 * p + 4).collect()).collect();
    let layout = Layout::new(&geometry, 0, patterns).unwrap();
    let tables = built(&geometry, 0, &layout);
    let solver = Solver::new(geometry, goal.clone(), &tables, true).split_after(0);
    let board = scramble(&puzzle, 400, &mut ChaCha8Rng::seed_from_u64(3));
    let limits = Limits {
        max_expanded: Some(200_000),
        ..Limits::none()
    };
    for threads in [1, 2] {
        let result = solver.solve(&board, &limits, threads);
        assert_eq!(
            result.outcome,
            statespace_engine::Outcome::Stopped(StopReason::NodeLimit),
            "{threads} threads"
        );
        // One thread stops exactly at the limit; several may each run up to it before they see
        // the others' expansions.
        let expanded = result.stats.expanded;
        match threads {
            1 => assert_eq!(expanded, 200_000),
            _ => assert!(
                (200_000..400_000).contains(&expanded),
                "{expanded} with {threads}"
            ),
        }
    }
}
