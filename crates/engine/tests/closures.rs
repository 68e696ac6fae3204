//! The closure searches against `pathfinding`, whose shapes they take: the same costs from the
//! same closures, signed costs, limits, and no more calls of the successor closure.

use std::cell::Cell;

use statespace_engine::closures;
use statespace_engine::{Limits, StopReason};

type Point = (usize, usize);

/// A four-connected maze of `(column, row)` points whose border cells are walls.
#[derive(Debug)]
struct Maze {
    open: Vec<Vec<bool>>,
}

impl Maze {
    /// Rows of `#` (wall) and `.` (floor).
    fn parse(rows: &[&str]) -> Self {
        let open = rows
            .iter()
            .map(|row| row.bytes().map(|c| c == b'.').collect())
            .collect();
        Self { open }
    }

    fn successors(&self, &(x, y): &Point) -> Vec<(Point, usize)> {
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .into_iter()
            .filter(|&(x, y)| self.open[y][x])
            .map(|point| (point, 1))
            .collect()
    }

    /// Whether `path` is a walk on the floor from `start` to `goal`.
    fn walks(&self, path: &[Point], start: Point, goal: Point) -> bool {
        path.first() == Some(&start)
            && path.last() == Some(&goal)
            && path.iter().all(|&(x, y)| self.open[y][x])
            && path.windows(2).all(|w| manhattan(&w[0], &w[1]) == 1)
    }
}

fn manhattan(&(x, y): &Point, &(gx, gy): &Point) -> usize {
    x.abs_diff(gx) + y.abs_diff(gy)
}

/// The successors of `maze`, counting the calls in `calls`.
fn counting<'a>(
    maze: &'a Maze,
    calls: &'a Cell<usize>,
) -> impl FnMut(&Point) -> Vec<(Point, usize)> + 'a {
    move |point| {
        calls.set(calls.get() + 1);
        maze.successors(point)
    }
}

/// The calls of the successor closure that a search makes: `search` gets the counting closure.
fn calls_of<T>(
    maze: &Maze,
    search: impl FnOnce(&mut dyn FnMut(&Point) -> Vec<(Point, usize)>) -> T,
) -> (T, usize) {
    let calls = Cell::new(0);
    let mut successors = counting(maze, &calls);
    let found = search(&mut successors);
    (found, calls.get())
}

/// A small maze with a dead end and a wall between two halves, from (2, 3) to (6, 3): the
/// shortest path (8 steps) goes round the wall's top. Every search finds a path of that cost,
/// calling the successor closure no more often than `pathfinding` does (20 times for Dijkstra, 11
/// for A*, 18 for IDA*): 19, 11 and 18 times.
#[test]
fn the_walled_maze_takes_no_more_successor_calls_than_pathfinding() {
    let maze = Maze::parse(&[
        "#########",
        "#.#.....#",
        "###.##..#",
        "#...#...#",
        "#...#...#",
        "#...#...#",
        "#...#...#",
        "#########",
    ]);
    let (start, goal) = ((2, 3), (6, 3));
    let estimate = |point: &Point| manhattan(point, &goal);
    let success = |point: &Point| *point == goal;
    let (theirs, their_calls) = calls_of(&maze, |next| {
        pathfinding::prelude::dijkstra(&start, next, success)
    });
    let (ours, our_calls) = calls_of(&maze, |next| closures::dijkstra(&start, next, success));
    assert_eq!((their_calls, our_calls), (20, 19));
    assert_eq!(
        ours.as_ref().map(|found| found.1),
        theirs.map(|found| found.1)
    );
    assert!(maze.walks(&ours.unwrap().0, start, goal));
    let (theirs, their_calls) = calls_of(&maze, |next| {
        pathfinding::prelude::astar(&start, next, estimate, success)
    });
    let (ours, our_calls) = calls_of(&maze, |next| {
        closures::astar(&start, next, estimate, success)
    });
    assert_eq!((their_calls, our_calls), (11, 11));
    assert_eq!(
        ours.as_ref().map(|found| found.1),
        theirs.map(|found| found.1)
    );
    assert!(maze.walks(&ours.unwrap().0, start, goal));
    let (theirs, their_calls) = calls_of(&maze, |next| {
        pathfinding::prelude::idastar(&start, next, estimate, success)
    });
    let (ours, our_calls) = calls_of(&maze, |next| {
        closures::idastar(&start, next, estimate, success)
    });
    assert_eq!((their_calls, our_calls), (18, 18));
    assert_eq!(ours.as_ref().map(|found| found.1), Some(8));
    assert_eq!(theirs.map(|found| found.1), Some(8));
    assert!(maze.walks(&ours.unwrap().0, start, goal));
    let ours = closures::bfs(
        &start,
        |p| maze.successors(p).into_iter().map(|(p, _)| p),
        success,
    );
    assert_eq!(ours.as_ref().map(Vec::len), Some(9));
}

/// A node whose only successor is itself, with integer literals for nodes and costs (`i32`, as
/// `pathfinding`'s own examples write them): no search finds the goal, and each ends.
#[test]
fn a_lone_loop_without_a_goal_ends_with_signed_costs() {
    assert_eq!(closures::dijkstra(&1, |_| vec![(1, 1)], |&n| n == 2), None);
    assert_eq!(
        closures::astar(&1, |_| vec![(1, 1)], |_| 0, |&n| n == 2),
        None
    );
    assert_eq!(
        closures::idastar(&1, |_| vec![(1, 1)], |_| 0, |&n| n == 2),
        None
    );
    assert_eq!(closures::bfs(&1, |_| vec![1], |&n| n == 2), None);
    // i64 costs, and a path found with them.
    let steps = |&n: &i64| vec![(n + 1, 2i64), (n * 3, 5)];
    assert_eq!(
        closures::dijkstra(&1, steps, |&n| n == 9),
        Some((vec![1, 2, 3, 9], 9))
    );
}

/// The `_within` searches stop at their limits and count what they did; without limits they
/// answer what the plain ones do.
#[test]
fn closure_searches_within_limits_stop_and_count() {
    let next = |&n: &u32| [(n + 1, 1u32), (n * 2, 1)];
    let goal = |&n: &u32| n == 1000;
    let limits = Limits::none().max_expanded(5);
    let stopped = Err(StopReason::NodeLimit);
    let searched = closures::dijkstra_within(&1, next, goal, &limits);
    assert_eq!(
        (searched.path, searched.stats.expanded),
        (stopped.clone(), 5)
    );
    let searched = closures::astar_within(&1, next, |_| 0, goal, &limits);
    assert_eq!(
        (searched.path, searched.stats.expanded),
        (stopped.clone(), 5)
    );
    let searched = closures::idastar_within(&1, next, |_| 0, goal, &limits);
    assert_eq!((searched.path, searched.stats.expanded), (stopped, 5));
    // Every successor listed counts as generated, those on the path too (1 lists 2 and 2).
    assert_eq!(searched.stats.generated, 10);
    let unit = |&n: &u32| [n + 1, n * 2];
    let searched = closures::bfs_within(&1, unit, goal, &limits);
    assert_eq!(
        (searched.path, searched.stats.expanded),
        (Err(StopReason::NodeLimit), 5)
    );
    // 1000 = 2 * 500, 500 = 2 * 250 ... : 1, 2, 3, 6, 7, 14, 15, 30, 31, 62, 124, 125, 250, 500, 1000.
    let searched = closures::bfs_within(&1, unit, goal, &Limits::none());
    let (path, steps) = searched.path.unwrap().unwrap();
    assert_eq!(steps, path.len() - 1);
    assert_eq!(Some(path), closures::bfs(&1, unit, goal));
    assert_eq!(searched.stats.layers.len(), steps);
    let searched = closures::bfs_within(&1, unit, goal, &Limits::none().max_depth(5));
    assert_eq!(searched.path, Err(StopReason::DepthLimit));
    let searched = closures::idastar_within(&1, next, |_| 0, goal, &Limits::none());
    assert_eq!(
        searched.path.unwrap().map(|(_, cost)| cost),
        Some(steps as u32)
    );
    assert_eq!(
        searched.stats.layers.len(),
        steps + 1,
        "bounds 0 to {steps}"
    );
}

/// A `side` × `side` maze inside a wall, 30% of its cells walls, and a start and a goal on the
/// floor, drawn from `seed` by xorshift.
fn random_maze(side: usize, seed: u64) -> (Maze, Point, Point) {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut open = vec![vec![false; side + 2]; side + 2];
    for row in &mut open[1..=side] {
        for cell in &mut row[1..=side] {
            *cell = next() % 10 >= 3;
        }
    }
    let mut point = || (next() as usize % side + 1, next() as usize % side + 1);
    let (start, goal) = (point(), point());
    open[start.1][start.0] = true;
    open[goal.1][goal.0] = true;
    (Maze { open }, start, goal)
}

/// On 300 random mazes every search finds the cost `pathfinding` finds, along a walk of the
/// maze, calling the successor closure as often in all: Dijkstra 5,635 times against 5,700, IDA*
/// 8,970 against 8,970, A* 2,698 against 2,693 (within a percent: the two A*s take nodes of equal
/// f and g in different orders, and each maze alone may take a few calls more or fewer).
#[test]
fn random_mazes_take_no_more_successor_calls_in_all() {
    let (mut ours, mut theirs) = ([0; 3], [0; 3]);
    for seed in 0..300 {
        let (maze, start, goal) = random_maze(8, seed);
        let estimate = |point: &Point| manhattan(point, &goal);
        let success = |point: &Point| *point == goal;
        let (expected, calls) = calls_of(&maze, |next| {
            pathfinding::prelude::dijkstra(&start, next, success)
        });
        theirs[0] += calls;
        let cost = expected.map(|(_, cost)| cost);
        let (found, calls) = calls_of(&maze, |next| closures::dijkstra(&start, next, success));
        ours[0] += calls;
        assert_eq!(found.as_ref().map(|found| found.1), cost, "maze {seed}");
        let (found, calls) = calls_of(&maze, |next| {
            closures::astar(&start, next, estimate, success)
        });
        ours[1] += calls;
        theirs[1] += calls_of(&maze, |next| {
            pathfinding::prelude::astar(&start, next, estimate, success)
        })
        .1;
        assert_eq!(found.as_ref().map(|found| found.1), cost, "maze {seed}");
        let Some((path, _)) = found else { continue };
        assert!(maze.walks(&path, start, goal), "maze {seed}");
        let (found, calls) = calls_of(&maze, |next| {
            closures::idastar(&start, next, estimate, success)
        });
        ours[2] += calls;
        theirs[2] += calls_of(&maze, |next| {
            pathfinding::prelude::idastar(&start, next, estimate, success)
        })
        .1;
        let (path, found) = found.expect("a path");
        assert_eq!(Some(found), cost, "maze {seed}");
        assert!(maze.walks(&path, start, goal), "maze {seed}");
    }
    assert_eq!((ours, theirs), ([5635, 2698, 8970], [5700, 2693, 8970]));
}

/// A closure A* keeps its memory on its thread for the next one: searches one after the other,
/// of two cost types, and one run inside another's closure, each find their own answer.
#[test]
fn closure_searches_after_and_inside_one_another_answer_alike() {
    let steps = |&n: &u32| [(n + 1, 1u32), (n * 2, 1)];
    let signed = |&n: &i64| [(n + 1, 1i64), (n * 2, 1)];
    for goal in [16u32, 100, 7, 1000] {
        let (path, cost) = closures::astar(&1, steps, |_| 0, |&n| n == goal).unwrap();
        let expected = closures::bfs(&1, |&n| [n + 1, n * 2], |&n| n == goal).unwrap();
        assert_eq!(
            (path.len(), cost as usize),
            (expected.len(), expected.len() - 1)
        );
        let (_, cost) = closures::astar(&1, signed, |_| 0, |&n| n == i64::from(goal)).unwrap();
        assert_eq!(cost as usize, expected.len() - 1);
    }
    // Each node's successors found by a search of their own: the steps from 1 to it, doubled.
    let nested = |&n: &u32| {
        let (_, inner) = closures::astar(&1, steps, |_| 0, |&m| m == n).unwrap();
        [(n + 1, inner), (n * 2, inner)]
    };
    let (path, cost) = closures::dijkstra(&1, nested, |&n| n == 8).unwrap();
    assert_eq!((path, cost), (vec![1, 2, 4, 8], 3));
}
