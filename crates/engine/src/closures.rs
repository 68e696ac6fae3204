//! The quick start: searches over closures, in the shapes of the `pathfinding` crate's, so that
//! switching is a rename of the import.
//!
//! Each takes a start, a closure listing a node's successors (with their costs, for Dijkstra, A*
//! and IDA*: any [`Cost`], signed integers included, as `pathfinding` takes them), an estimate
//! for A* and IDA*, and a goal test, and returns the nodes of a cheapest path from the start to a
//! goal (both included) with its cost, or `None` when no goal can be reached. Each has a twin
//! ending in `_within` that takes [`Limits`] and returns a [`Searched`]: the path, or the limit
//! that stopped the search, with its [`Stats`].
//!
//! Every search but IDA* numbers each node once, when it is first listed (one hash each, as
//! `pathfinding` does), and works on the numbers: [`bfs`] reads its queue off that numbering,
//! [`dijkstra`] and [`astar`] run the engine's own [`AStar`] on them (a thread keeps the memory
//! of its last such search of up to 65,536 nodes for the next); [`idastar`] runs the
//! engine's [`idastar_with`] on the nodes themselves. How often each calls `successors`, as
//! `pathfinding`'s function of the same name does:
//! - [`bfs`]: once for each node taken from the queue before a goal is met (a node is tested as
//!   it is first listed, so no goal is ever expanded);
//! - [`dijkstra`] and [`astar`]: once for each node expanded, that is once per node that leaves
//!   the open list before the goal does (twice only when an inconsistent estimate lets a node
//!   leave before its cheapest path is known). Among nodes of equal f and g the order differs
//!   from `pathfinding`'s heap, so a search may make a few calls more or fewer: on the maze of
//!   `pathfinding`'s own tests Dijkstra makes 19 (theirs 20) and A* 11 (theirs 11); over 300
//!   random 8 × 8 mazes 5,635 and 2,698 in all (theirs 5,700 and 2,693);
//! - [`idastar`]: once for each node within the bound that is not a goal, in every iteration,
//!   trying successors in the same order as `pathfinding` (by cost plus estimate) and skipping
//!   those on the path as it does: 18 calls on that maze, as theirs; the path is read off what
//!   was listed, with no call more.
//!
//! (`crates/engine/tests/closures.rs` checks these figures.)
//!
//! Implement [`Domain`] for moves made in place, perfect hashing and the other searches.
//!
//! ```
//! use statespace_engine::closures::{astar, astar_within, bfs, dijkstra, idastar};
//! use statespace_engine::{Limits, StopReason};
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
//! // The same search within limits, with its statistics.
//! let limits = Limits::none().max_expanded(10);
//! let searched = astar_within(&(0, 0), weighted, estimate, |&p| p == goal, &limits);
//! assert_eq!(searched.path, Err(StopReason::NodeLimit));
//! assert_eq!(searched.stats.expanded, 10);
//! ```

use std::any::Any;
use std::cell::RefCell;
use std::hash::{BuildHasher, Hash};

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

mod deepening;

use deepening::Deepening;

use crate::astar::AStar;
use crate::idastar::idastar_with;
use crate::index::StateIndex;
use crate::limits::{Footprint, Meter};
use crate::{Cost, Domain, Limits, Outcome, SearchResult, Solution, Stats, StopReason, Weights};

/// The caller's nodes met so far, each numbered once, in the order met: the engine searches
/// these numbers, so that a node is hashed once when it is listed (as `pathfinding` does) and
/// every later visit is an array access.
struct Met<N> {
    nodes: Vec<N>,
    numbers: HashTable<u32>,
}

impl<N: Eq + Hash> Met<N> {
    fn new(start: N) -> Self {
        Self::numbered_in(HashTable::with_capacity(INITIAL_NODES), start)
    }

    /// The nodes met from `start`, numbered in `numbers` (emptied first).
    fn numbered_in(mut numbers: HashTable<u32>, start: N) -> Self {
        numbers.clear();
        let mut met = Self {
            nodes: Vec::with_capacity(INITIAL_NODES),
            numbers,
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
    /// The successors of nodes met from `start`, numbered in `numbers`.
    fn new(start: &N, successors: FN, success: FS, numbers: HashTable<u32>) -> Self {
        Self {
            successors: RefCell::new(successors),
            success: RefCell::new(success),
            met: RefCell::new(Met::numbered_in(numbers, start.clone())),
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

    /// A number stands for the caller's node in the table of nodes met: the memory budget
    /// counts it with the number.
    fn heap_bytes(&self, _: &u32) -> usize {
        size_of::<N>() + size_of::<u32>()
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

/// What a closure search within [`Limits`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Searched<N, C> {
    /// The nodes of the path from the start to a goal (both included) and its cost; `Ok(None)`
    /// when no goal can be reached; the limit that stopped the search before it could answer.
    pub path: Result<Option<(Vec<N>, C)>, StopReason>,
    /// What the search did, as the engine's searches count it.
    pub stats: Stats,
}

impl<N, C> Searched<N, C> {
    /// What an engine search over closures found, its solution's nodes given by `nodes`.
    fn of<A>(result: SearchResult<A, C>, nodes: impl FnOnce(&Solution<A, C>) -> Vec<N>) -> Self {
        let path = match result.outcome {
            Outcome::Found(solution) => Ok(Some((nodes(&solution), solution.cost))),
            Outcome::Exhausted => Ok(None),
            Outcome::Stopped(reason) => Err(reason),
        };
        Self {
            path,
            stats: result.stats,
        }
    }

    /// The path of a search that no limit stopped.
    fn unlimited(self) -> Option<(Vec<N>, C)> {
        self.path
            .unwrap_or_else(|reason| unreachable!("a search without limits stopped: {reason}"))
    }
}

/// The nodes of a path with the fewest steps from `start` to a node where `success` holds, or
/// `None` when there is none. `successors` lists a node's neighbours.
///
/// Nodes are numbered in the order they are met, which is breadth-first order: the numbering is
/// the queue, and a node's parent is the first node that listed it, so the path is the
/// lexicographically first of the shortest ones in the order successors are listed, as
/// [`crate::bfs::bfs`] finds it. `success` is asked once of each node, when it is first met.
pub fn bfs<N, FN, IN, FS>(start: &N, successors: FN, success: FS) -> Option<Vec<N>>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    let searched = bfs_within(start, successors, success, &Limits::none());
    searched.unlimited().map(|(path, _)| path)
}

/// [`bfs`] within `limits`, with its statistics (a layer per depth); the cost is the number of
/// steps. [`Limits::max_depth`] bounds the steps, the memory budget the nodes met (each as its
/// node, its number and its parent, doubled as the tables grow).
pub fn bfs_within<N, FN, IN, FS>(
    start: &N,
    mut successors: FN,
    mut success: FS,
    limits: &Limits,
) -> Searched<N, usize>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    let started = crate::limits::Clock::start(limits);
    let mut stats = Stats {
        stored: 1,
        ..Stats::default()
    };
    let mut meter = Meter::new(limits).charging(2 * (size_of::<N>() + 9) as u64);
    let path = if success(start) {
        Ok(Some((vec![start.clone()], 0)))
    } else {
        breadth_first(start, &mut successors, &mut success, &mut meter, &mut stats)
    };
    started.stamp(&mut stats);
    Searched { path, stats }
}

/// The loop of [`bfs_within`], from a start that is not a goal.
fn breadth_first<N, FN, IN, FS>(
    start: &N,
    successors: &mut FN,
    success: &mut FS,
    meter: &mut Meter,
    stats: &mut Stats,
) -> Result<Option<(Vec<N>, usize)>, StopReason>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FS: FnMut(&N) -> bool,
{
    let mut met = Met::new(start.clone());
    let mut parents = Vec::with_capacity(INITIAL_NODES);
    parents.push(NONE);
    let (mut depth, mut layer_end) = (0, 1);
    let mut expanding = 0;
    while expanding < met.nodes.len() {
        if expanding == layer_end {
            depth += 1;
            layer_end = met.nodes.len();
        }
        if meter.beyond_depth(u64::from(depth) + 1) {
            return Err(StopReason::DepthLimit);
        }
        meter.before_expansion(stats.expanded)?;
        let mut generated = 0;
        for next in successors(&met.nodes[expanding]) {
            generated += 1;
            let count = met.nodes.len();
            if met.number(next) as usize == count {
                parents.push(expanding as u32);
                if success(&met.nodes[count]) {
                    stats.count(depth, generated);
                    stats.stored = met.nodes.len() as u64;
                    return Ok(Some((met.path_to(count, &parents), depth as usize + 1)));
                }
            }
        }
        stats.count(depth, generated);
        stats.stored = met.nodes.len() as u64;
        meter.stored(stats.stored)?;
        expanding += 1;
    }
    Ok(None)
}

/// The nodes of a cheapest path from `start` to a node where `success` holds, and its cost, by
/// Dijkstra's algorithm; `None` when there is none. `successors` lists a node's neighbours with
/// the cost of the step to each (integers, signed or not, or any [`Cost`]; none negative).
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

/// [`dijkstra`] within `limits`, with its statistics (a layer per cost).
pub fn dijkstra_within<N, C, FN, IN, FS>(
    start: &N,
    successors: FN,
    success: FS,
    limits: &Limits,
) -> Searched<N, C>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FS: FnMut(&N) -> bool,
{
    astar_within(start, successors, |_| C::ZERO, success, limits)
}

/// The nodes of a cheapest path from `start` to a node where `success` holds, and its cost, by
/// A*; `None` when there is none. `successors` lists a node's neighbours with the cost of the
/// step to each (none negative); `heuristic` never overestimates the cost to the nearest goal,
/// or a path that is not the cheapest may be returned.
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
    astar_within(start, successors, heuristic, success, &Limits::none()).unlimited()
}

/// [`astar`] within `limits`, with its statistics (a layer per f-value). The memory budget
/// counts each node stored with the caller's node it stands for.
pub fn astar_within<N, C, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &Limits,
) -> Searched<N, C>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    let Spare {
        mut searcher,
        numbers,
    } = Spare::take();
    let domain = Successors::new(start, successors, success, numbers);
    let heuristic = RefCell::new(heuristic);
    let estimate =
        |&node: &u32| (heuristic.borrow_mut())(&domain.met.borrow().nodes[node as usize]);
    let result = searcher.search_weighted(
        &domain,
        &0,
        &ListedCosts,
        &crate::Recompute(estimate),
        limits,
    );
    let searched = Searched::of(result, |solution| domain.nodes(solution));
    let Met { nodes, numbers } = domain.met.into_inner();
    if nodes.len() <= MAX_SPARE_NODES {
        Spare { searcher, numbers }.keep();
    }
    searched
}

/// The memory of a closure A* that the next one on the same thread reuses: its searcher (open
/// list, node arrays, index) and its table of node numbers. A fresh search of a few hundred
/// nodes spent a third of its time allocating them (the open list's stacks, one per estimate).
struct Spare<C> {
    searcher: AStar<u32, Step<C>, ByNumber, C, C>,
    numbers: HashTable<u32>,
}

/// The most nodes a search may have met for its memory to be kept for the next (some 2 MiB),
/// so that a thread does not hold a large search's memory after it.
const MAX_SPARE_NODES: usize = 1 << 16;

/// The most searches' memories a thread keeps (one per cost type, and those of searches
/// nested in a closure).
const MAX_SPARES: usize = 4;

thread_local! {
    static SPARES: RefCell<Vec<Box<dyn Any>>> = const { RefCell::new(Vec::new()) };
}

impl<C: Cost> Spare<C> {
    /// The memory kept on this thread for costs of type `C`, or fresh memory.
    fn take() -> Self {
        let kept = SPARES.with_borrow_mut(|spares| {
            let at = spares.iter().position(|spare| spare.is::<Self>())?;
            spares.swap_remove(at).downcast::<Self>().ok()
        });
        kept.map_or_else(
            || Self {
                searcher: AStar::new(ByNumber::new()),
                numbers: HashTable::with_capacity(INITIAL_NODES),
            },
            |spare| *spare,
        )
    }

    /// Keeps this memory for the next search on this thread, unless enough is kept.
    fn keep(self) {
        SPARES.with_borrow_mut(|spares| {
            if spares.len() < MAX_SPARES {
                spares.push(Box::new(self));
            }
        });
    }
}

/// The nodes of a cheapest path from `start` to a node where `success` holds, and its cost, by
/// IDA*, which keeps only the path in memory; `None` when there is none. `successors` lists a
/// node's neighbours with the cost of the step to each (none negative); `heuristic` never
/// overestimates the cost to the nearest goal.
///
/// A node's successors are tried in order of step cost plus estimate, ties in the order listed
/// (so that the last iteration goes straight to a goal when the estimate is good), each estimated
/// once per listing. A successor already on the path is never taken (a cycle cannot be on a
/// cheapest path): the nodes on the path are kept in a hash table, as `pathfinding` does. A
/// graph with no goal reachable is searched to its end, which a finite graph has: every path
/// without a cycle is tried, a number that can grow exponentially with the graph: use [`astar`]
/// there, or [`idastar_within`] with limits.
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
    idastar_within(start, successors, heuristic, success, &Limits::none()).unlimited()
}

/// [`idastar`] within `limits`, with its statistics (a layer per iteration, by its bound).
/// [`Limits::max_depth`] bounds the cost searched.
pub fn idastar_within<N, C, FN, IN, FH, FS>(
    start: &N,
    successors: FN,
    heuristic: FH,
    success: FS,
    limits: &Limits,
) -> Searched<N, C>
where
    N: Clone + Eq + Hash,
    C: Cost,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FS: FnMut(&N) -> bool,
{
    let mut deepening = Deepening::new(start, successors, heuristic, success);
    let result = idastar_with(&mut deepening, limits);
    Searched::of(result, |_| deepening.path())
}

/// The nodes a closure search has room for before it first grows: growing from empty took a
/// tenth of a search of a few thousand nodes (rehashing), and the room costs some 20 bytes a
/// node for small nodes.
const INITIAL_NODES: usize = 1 << 12;
