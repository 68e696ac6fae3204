//! The quick start: searches over closures, in the shapes of the `pathfinding` crate's, so that
//! switching is a rename.
//!
//! Each takes a start, a closure listing a node's successors (with their costs, for Dijkstra and
//! A*), an estimate for A*, and a goal test, and returns the nodes of a cheapest path from the
//! start to a goal (both included) with its cost, or `None` when no goal can be reached. They run
//! without limits: every search but IDA* numbers each node once, when it is first listed (one
//! hash each, as `pathfinding` does), and works on the numbers: [`bfs`] reads its queue off that
//! numbering, [`dijkstra`] and [`astar`] run the engine's own
//! [`astar`](crate::astar::astar_weighted) on them; [`idastar`] runs the engine's
//! [`idastar`](crate::idastar::idastar_weighted) on the nodes themselves, moving to the i-th
//! successor. Implement
//! [`Domain`] for limits, statistics, moves made in place and the other searches.
//!
//! ```
//! use statespace_engine::closures::{astar, bfs, dijkstra, idastar};
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
//! let (path, cost) = idastar(&(0, 0), weighted, estimate, |&p| p == goal).unwrap();
//! assert_eq!((path.len(), cost), (7, 6));
//! ```

use std::cell::RefCell;
use std::hash::{BuildHasher, Hash};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::astar::AStar;
use crate::index::StateIndex;
use crate::limits::Footprint;
use crate::{Cost, Domain, Limits, Outcome, Solution, Weights};

/// The caller's nodes met so far, each numbered once, in the order met: the engine searches
/// these numbers, so that a node is hashed once when it is listed (as `pathfinding` does) and
/// every later visit is an array access.
struct Met<N> {
    nodes: Vec<N>,
    numbers: HashTable<u32>,
}

impl<N: Eq + Hash> Met<N> {
    fn new(start: N) -> Self {
        let mut met = Self {
            nodes: Vec::with_capacity(INITIAL_NODES),
            numbers: HashTable::with_capacity(INITIAL_NODES),
        };
        met.number(start);
        met
    }

    /// The number of `node`, given it now if it is new.
    #[inline(always)]
    fn number(&mut self, node: N) -> u32 {
        let Self { nodes, numbers } = self;
        let hash = FxBuildHasher.hash_one(&node);
        let entry = numbers.entry(
            hash,
            |&known| nodes[known as usize] == node,
            |&known| FxBuildHasher.hash_one(&nodes[known as usize]),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(known) => *known.get(),
            hashbrown::hash_table::Entry::Vacant(slot) => {
                let number = u32::try_from(nodes.len()).expect("fewer than 2^32 nodes met");
                nodes.push(node);
                slot.insert(number);
                number
            }
        }
    }
}

impl<N: Clone> Met<N> {
    /// The nodes from the first one met to the node numbered `last`, each numbered after its
    /// parent in `parents` (the first one's parent being [`NONE`]).
    fn path_to(&self, last: usize, parents: &[u32]) -> Vec<N> {
        let mut path: Vec<N> = std::iter::successors(Some(last as u32), |&node| {
            Some(parents[node as usize]).filter(|&parent| parent != NONE)
        })
        .map(|node| self.nodes[node as usize].clone())
        .collect();
        path.reverse();
        path
    }
}

/// An action of a closure search: the number of the successor it leads to, and its cost.
type Step<C> = (u32, C);

/// The domain of a successor closure: a state is the number of a node met, an action a step to
/// one of its listed successors.
struct Successors<N, FN, FS> {
    successors: RefCell<FN>,
    success: RefCell<FS>,
    met: RefCell<Met<N>>,
}

impl<N: Clone + Eq + Hash, FN, FS> Successors<N, FN, FS> {
    fn new(start: &N, successors: FN, success: FS) -> Self {
        Self {
            successors: RefCell::new(successors),
            success: RefCell::new(success),
            met: RefCell::new(Met::new(start.clone())),
        }
    }

    /// The nodes along `solution` from the start.
    fn nodes<C>(&self, solution: &Solution<Step<C>, impl Sized>) -> Vec<N> {
        let met = self.met.borrow();
        let numbers = std::iter::once(0).chain(solution.actions.iter().map(|&(number, _)| number));
        numbers
            .map(|number| met.nodes[number as usize].clone())
            .collect()
    }
}

impl<N, C, FN, IN, FS> Domain for Successors<N, FN, FS>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    type State = u32;
    type Action = Step<C>;

    fn actions(&self, &node: &u32, out: &mut Vec<Step<C>>) {
        let listed = (self.successors.borrow_mut())(&self.met.borrow().nodes[node as usize]);
        let mut met = self.met.borrow_mut();
        out.extend(
            listed
                .into_iter()
                .map(|(next, cost)| (met.number(next), cost)),
        );
    }

    fn apply(&self, node: &mut u32, (next, _): Step<C>) {
        *node = next;
    }

    fn is_goal(&self, &node: &u32) -> bool {
        (self.success.borrow_mut())(&self.met.borrow().nodes[node as usize])
    }
}

/// The costs the successor closure gave.
struct ListedCosts;

impl<N, C, FN, IN, FS> Weights<Successors<N, FN, FS>> for ListedCosts
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    type Cost = C;
    fn weight(&self, _: &Successors<N, FN, FS>, _: &u32, (_, cost): Step<C>) -> C {
        cost
    }
}

/// Node numbers by the number of the node met: the searches' index, an array.
struct ByNumber {
    nodes: Vec<u32>,
}

impl ByNumber {
    fn new() -> Self {
        Self {
            nodes: vec![NONE; INITIAL_NODES],
        }
    }
}

impl Footprint for ByNumber {
    fn bytes_to_insert(&self) -> u64 {
        // It grows to the number met, at least doubling: counted as doubling.
        self.nodes.bytes_to_insert()
    }
}

impl StateIndex<u32> for ByNumber {
    const CHEAP_LOOKUPS: bool = true;
    #[inline]
    fn get(&self, &met: &u32) -> Option<u32> {
        self.nodes
            .get(met as usize)
            .copied()
            .filter(|&node| node != NONE)
    }
    fn clear(&mut self) {
        self.nodes.clear();
    }
    #[inline]
    fn get_or_insert(&mut self, &met: &u32, node: u32) -> Option<u32> {
        let met = met as usize;
        if met >= self.nodes.len() {
            self.nodes.resize((met + 1).max(2 * self.nodes.len()), NONE);
        }
        let slot = &mut self.nodes[met];
        if *slot != NONE {
            return Some(*slot);
        }
        *slot = node;
        None
    }
}

crate::visited_set_from_state_index!(ByNumber, u32);

/// No node number yet.
const NONE: u32 = u32::MAX;

/// The nodes of a path with the fewest steps from `start` to a node where `success` holds, or
/// `None` when there is none. `successors` lists a node's neighbours.
///
/// Nodes are numbered in the order they are met, which is breadth-first order: the numbering is
/// the queue, and a node's parent is the first node that listed it, so the path is the
/// lexicographically first of the shortest ones in the order successors are listed, as
/// [`crate::bfs::bfs`] finds it.
pub fn bfs<N, FN, IN, FS>(start: &N, mut successors: FN, mut success: FS) -> Option<Vec<N>>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    if success(start) {
        return Some(vec![start.clone()]);
    }
    let mut met = Met::new(start.clone());
    let mut parents = Vec::with_capacity(INITIAL_NODES);
    parents.push(NONE);
    let mut expanding = 0;
    while expanding < met.nodes.len() {
        for next in successors(&met.nodes[expanding]) {
            let count = met.nodes.len();
            if met.number(next) as usize == count {
                parents.push(expanding as u32);
                if success(&met.nodes[count]) {
                    return Some(met.path_to(count, &parents));
                }
            }
        }
        expanding += 1;
    }
    None
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
    heuristic: FH,
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
    let domain = Successors::new(start, successors, success);
    let heuristic = RefCell::new(heuristic);
    let estimate =
        |&node: &u32| (heuristic.borrow_mut())(&domain.met.borrow().nodes[node as usize]);
    let mut searcher = AStar::<_, _, _, C, C>::new(ByNumber::new());
    let result = searcher.search_weighted(
        &domain,
        &0,
        &ListedCosts,
        &crate::Recompute(estimate),
        &Limits::none(),
    );
    solved(result.outcome).map(|solution| (domain.nodes(&solution), solution.cost))
}

/// The nodes of a cheapest path from `start` to a node where `success` holds, and its cost, by
/// IDA*, which keeps only the path in memory; `None` when there is none. `successors` lists a
/// node's neighbours with the cost of the step to each; `heuristic` never overestimates the cost
/// to the nearest goal. A step straight back to the node just left is never taken (it cannot be
/// on a cheapest path); other cycles are cut by the bound. Searching a graph with no goal
/// reachable does not end unless the graph is finite and acyclic: use [`astar`] there.
pub fn idastar<N, C, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
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
    let domain = Deepening {
        successors: RefCell::new(successors),
        success: RefCell::new(success),
        path: RefCell::new(Path {
            listed: Vec::new(),
            scratch: Vec::new(),
            lists: Vec::new(),
            taken: Vec::new(),
        }),
    };
    let heuristic = RefCell::new(heuristic);
    let estimate = |node: &Node<N>| (heuristic.borrow_mut())(&node.0);
    let result = crate::idastar::idastar_weighted(
        &domain,
        &Node(start.clone()),
        &ListedCosts,
        &crate::Recompute(estimate),
        &Limits::none(),
    );
    solved(result.outcome).map(|solution| (domain.nodes(start, &solution), solution.cost))
}

/// The domain of a successor closure for IDA*: a state is the caller's node, an action the
/// index of a listed successor. Each depth keeps its node's successors; moving to one swaps it
/// with the node left, which the list then holds until the move is undone.
struct Deepening<N, C, FN, FS> {
    successors: RefCell<FN>,
    success: RefCell<FS>,
    path: RefCell<Path<N, C>>,
}

/// The successors listed along the current path, in one buffer (one per depth cost a fifth of a
/// short search in allocations).
struct Path<N, C> {
    /// The successors of every node on the path, each node's after its parent's.
    listed: Vec<(N, C)>,
    /// Where a node's successors wait while the node left is compared with them.
    scratch: Vec<(N, C)>,
    /// Where the successors of each node on the path lie in `listed`.
    lists: Vec<(usize, usize)>,
    /// The index of the successor taken from each node on the path but the last.
    taken: Vec<u32>,
}

impl<N, C> Path<N, C> {
    /// The successor `index` of the node at the end of the path.
    fn successor(&mut self, index: u32) -> &mut (N, C) {
        let (start, _) = self.lists[self.taken.len()];
        &mut self.listed[start + index as usize]
    }
}

impl<N, C, FN, IN, FS> Deepening<N, C, FN, FS>
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
{
    /// The successors of `node` that do not lead straight back to `parent`.
    fn list(&self, node: &N, parent: Option<&N>) -> impl Iterator<Item = (N, C)> {
        let listed = (self.successors.borrow_mut())(node).into_iter();
        listed.filter(move |(next, _)| Some(next) != parent)
    }

    /// The nodes along `solution` from `start`, listing each one's successors again.
    fn nodes(&self, start: &N, solution: &Solution<u32, C>) -> Vec<N> {
        let mut nodes = vec![start.clone()];
        for &index in &solution.actions {
            let parent = nodes.len().checked_sub(2).map(|at| &nodes[at]);
            let node = nodes.last().expect("the start");
            let (next, _) = self
                .list(node, parent)
                .nth(index as usize)
                .expect("the successors are listed the same way again");
            nodes.push(next);
        }
        nodes
    }
}

impl<N, C, FN, IN, FS> Domain for Deepening<N, C, FN, FS>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    type State = Node<N>;
    type Action = u32;

    fn actions(&self, node: &Node<N>, out: &mut Vec<u32>) {
        let mut path = self.path.borrow_mut();
        let Path {
            listed,
            scratch,
            lists,
            taken,
        } = &mut *path;
        let depth = taken.len();
        lists.truncate(depth);
        let start = lists.last().map_or(0, |&(_, end)| end);
        listed.truncate(start);
        let parent = lists
            .last()
            .map(|&(above, _)| &listed[above + taken[depth - 1] as usize].0);
        scratch.extend(self.list(&node.0, parent));
        out.extend(0..scratch.len() as u32);
        listed.append(scratch);
        lists.push((start, listed.len()));
    }

    fn apply(&self, node: &mut Node<N>, index: u32) {
        let mut path = self.path.borrow_mut();
        std::mem::swap(&mut node.0, &mut path.successor(index).0);
        path.taken.push(index);
    }

    fn undo(&self, node: &mut Node<N>, index: u32) {
        let mut path = self.path.borrow_mut();
        path.taken.pop();
        std::mem::swap(&mut node.0, &mut path.successor(index).0);
    }

    fn is_goal(&self, node: &Node<N>) -> bool {
        (self.success.borrow_mut())(&node.0)
    }
}

impl<N, C, FN, IN, FS> Weights<Deepening<N, C, FN, FS>> for ListedCosts
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    type Cost = C;
    fn weight(&self, domain: &Deepening<N, C, FN, FS>, _: &Node<N>, index: u32) -> C {
        domain.path.borrow_mut().successor(index).1
    }
}

/// A node of the caller's, as a state of the engine (which wants states it can print).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Node<N>(N);

impl<N> std::fmt::Debug for Node<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("node")
    }
}

/// The nodes a closure search has room for before it first grows: growing from empty took a
/// tenth of a search of a few thousand nodes (rehashing), and the room costs some 20 bytes a
/// node for small nodes.
const INITIAL_NODES: usize = 1 << 12;

/// The solution of an outcome reached without limits.
fn solved<A, C>(outcome: Outcome<A, C>) -> Option<Solution<A, C>> {
    match outcome {
        Outcome::Found(solution) => Some(solution),
        Outcome::Exhausted => None,
        Outcome::Stopped(reason) => unreachable!("a search without limits stopped: {reason}"),
    }
}
