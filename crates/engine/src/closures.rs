//! The quick start: searches over closures, in the shapes of the `pathfinding` crate's, so that
//! switching is a rename.
//!
//! Each takes a start, a closure listing a node's successors (with their costs, for Dijkstra and
//! A*), an estimate for A*, and a goal test, and returns the nodes of a cheapest path from the
//! start to a goal (both included) with its cost, or `None` when no goal can be reached. They run
//! the engine's own [`bfs`](crate::bfs::bfs), [`dijkstra`](crate::dijkstra::dijkstra_weighted)
//! and [`astar`](crate::astar::astar_weighted) on a domain whose actions are "take the i-th
//! successor", without limits; implement [`Domain`] for limits, statistics, in-place IDA* and the
//! other searches.
//!
//! ```
//! use statespace_engine::closures::{astar, bfs, dijkstra};
//! // Knight moves on an 8 x 8 board, from a corner to the opposite one.
//! fn moves(&(x, y): &(i32, i32)) -> Vec<(i32, i32)> {
//!     [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
//!         .iter()
//!         .map(|&(dx, dy)| (x + dx, y + dy))
//!         .filter(|&(x, y)| (0..8).contains(&x) && (0..8).contains(&y))
//!         .collect()
//! }
//! let goal = (7, 7);
//! let path = bfs(&(0, 0), moves, |&p| p == goal).unwrap();
//! assert_eq!(path.len(), 7); // six moves
//! let weighted = |p: &(i32, i32)| moves(p).into_iter().map(|q| (q, 1u32));
//! let (_, cost) = dijkstra(&(0, 0), weighted, |&p| p == goal).unwrap();
//! assert_eq!(cost, 6);
//! // A knight moves at most two columns and two rows: half the larger distance never overestimates.
//! let estimate = |&(x, y): &(i32, i32)| ((7 - x).max(7 - y) as u32).div_ceil(2);
//! let (path, cost) = astar(&(0, 0), weighted, estimate, |&p| p == goal).unwrap();
//! assert_eq!((path.len(), cost), (7, 6));
//! ```

use std::cell::RefCell;
use std::fmt;
use std::hash::Hash;

use crate::astar::AStar;
use crate::bfs::Bfs;
use crate::index::HashIndex;
use crate::{Cost, Domain, Limits, Outcome, Solution, Weights};

/// A node of the caller's, as a state of the engine (which wants states it can print).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Node<N>(N);

impl<N> fmt::Debug for Node<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("node")
    }
}

/// The domain of a successor closure: the actions of a node are the indices of its successors.
/// The engine's searches list a node's actions, then apply them to it one by one before listing
/// the next node's: the successors listed last are kept for that.
struct Successors<N, C, FN, FS> {
    successors: RefCell<FN>,
    success: RefCell<FS>,
    listed: RefCell<Vec<(N, C)>>,
}

impl<N, C, FN, IN, FS> Successors<N, C, FN, FS>
where
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
{
    fn new(successors: FN, success: FS) -> Self {
        Self {
            successors: RefCell::new(successors),
            success: RefCell::new(success),
            listed: RefCell::new(Vec::new()),
        }
    }

    /// The nodes along `solution` from `start`, listing each one's successors again.
    fn nodes(&self, start: &N, solution: &Solution<u32, impl Sized>) -> Vec<N>
    where
        N: Clone,
    {
        let mut nodes = vec![start.clone()];
        for &index in &solution.actions {
            let next = (self.successors.borrow_mut())(nodes.last().expect("the start"))
                .into_iter()
                .nth(index as usize)
                .expect("the successors are listed the same way again")
                .0;
            nodes.push(next);
        }
        nodes
    }
}

impl<N, C, FN, IN, FS> Domain for Successors<N, C, FN, FS>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    type State = Node<N>;
    type Action = u32;

    fn actions(&self, node: &Node<N>, out: &mut Vec<u32>) {
        let mut listed = self.listed.borrow_mut();
        listed.clear();
        listed.extend((self.successors.borrow_mut())(&node.0));
        out.extend(0..listed.len() as u32);
    }

    fn apply(&self, node: &mut Node<N>, index: u32) {
        node.0 = self.listed.borrow()[index as usize].0.clone();
    }

    fn is_goal(&self, node: &Node<N>) -> bool {
        (self.success.borrow_mut())(&node.0)
    }
}

/// The costs of the successors listed last.
struct ListedCosts;

impl<N, C, FN, IN, FS> Weights<Successors<N, C, FN, FS>> for ListedCosts
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    type Cost = C;
    fn weight(&self, domain: &Successors<N, C, FN, FS>, _: &Node<N>, index: u32) -> C {
        domain.listed.borrow()[index as usize].1
    }
}

/// The nodes of a path with the fewest steps from `start` to a node where `success` holds, or
/// `None` when there is none. `successors` lists a node's neighbours.
pub fn bfs<N, FN, IN, FS>(start: &N, mut successors: FN, success: FS) -> Option<Vec<N>>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    let domain = Successors::new(
        move |node: &N| successors(node).into_iter().map(|next| (next, ())),
        success,
    );
    let result = Bfs::new(HashIndex::with_capacity(INITIAL_STATES)).search(
        &domain,
        &Node(start.clone()),
        &Limits::none(),
    );
    solved(result.outcome).map(|solution| domain.nodes(start, &solution))
}

/// The nodes of a cheapest path from `start` to a node where `success` holds, and its cost, by
/// Dijkstra's algorithm; `None` when there is none. `successors` lists a node's neighbours with
/// the cost of the step to each (integers, or any [`Cost`]).
pub fn dijkstra<N, C, FN, IN, FS>(start: &N, successors: FN, success: FS) -> Option<(Vec<N>, C)>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    astar(start, successors, |_| C::ZERO, success)
}

/// The nodes of a cheapest path from `start` to a node where `success` holds, and its cost, by
/// A*; `None` when there is none. `successors` lists a node's neighbours with the cost of the
/// step to each; `heuristic` never overestimates the cost to the nearest goal.
pub fn astar<N, C, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    mut heuristic: FH,
    success: FS,
) -> Option<(Vec<N>, C)>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    let domain = Successors::new(successors, success);
    let heuristic = RefCell::new(move |node: &Node<N>| heuristic(&node.0));
    let estimate = |node: &Node<N>| (heuristic.borrow_mut())(node);
    let mut searcher = AStar::<_, _, _, C, C>::new(HashIndex::with_capacity(INITIAL_STATES));
    let result = searcher.search_weighted(
        &domain,
        &Node(start.clone()),
        &ListedCosts,
        &crate::Recompute(estimate),
        &Limits::none(),
    );
    solved(result.outcome).map(|solution| (domain.nodes(start, &solution), solution.cost))
}

/// The states a closure search's index holds before it first grows: growing from empty took a
/// tenth of a search of a few thousand nodes (rehashing), and the room costs some 20 bytes a
/// state for small nodes.
const INITIAL_STATES: usize = 1 << 12;

/// The solution of an outcome reached without limits.
fn solved<C>(outcome: Outcome<u32, C>) -> Option<Solution<u32, C>> {
    match outcome {
        Outcome::Found(solution) => Some(solution),
        Outcome::Exhausted => None,
        Outcome::Stopped(reason) => unreachable!("a search without limits stopped: {reason}"),
    }
}
