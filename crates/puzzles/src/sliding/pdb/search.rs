//! IDA* driven by additive pattern databases, on one thread or several.
//!
//! The search keeps, for the board and for its reflection about the main diagonal, the entry of
//! every pattern in its table. A move slides one tile: on each side it changes the entry of that
//! tile's pattern only, by an amount computed in O(1) for sideways moves and O(columns) for
//! vertical ones ([`rank_change`]), and one table is read. The reflection is read only when the
//! board's own sum does not already prune the child.
//!
//! With several threads the tree is split near the root into about 8,192 subtrees, searched
//! under the common bound tightest first (largest depth plus estimate), each thread taking the
//! next one in that order, so that the threads work side by side at the front. A subtree that
//! finds a solution tells the others; subtrees after it in the order stop, those before it
//! finish, so the answer is the first optimal solution in that order: the same for any number of
//! threads above one, but not the lexicographically first (which `--threads 1` gives, at the
//! price of searching every subtree before it). Node counts then include the work of the
//! subtrees that were stopped, and vary slightly from run to run.

use std::cmp::Reverse;
use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use statespace_engine::heuristics::MAX_PATTERNS;
use statespace_engine::{LayerStats, Limits, Outcome, SearchResult, Solution, Stats, StopReason};

use super::board::{Board, Geometry, MAX_CELLS, Move, Reflection, solvable};
use super::pattern::{MAX_PATTERN_TILES, cells_between, rank_change, rank_weights};
use super::tables::PatternTables;

/// How many expansions pass between two looks at the clock and the cancellation flag.
const CHECK_PERIOD: u64 = 1 << 14;

/// The subtrees wanted when the tree is split, whatever the number of threads, so that every
/// number of threads gives the same answer.
const SPLIT_SUBTREES: usize = 8192;

const NO_PATTERN: u8 = u8::MAX;

/// One way of reading the tables off a board: the board itself, or its reflection.
#[derive(Clone, Debug)]
struct Side {
    /// `slot[t]`: the pattern of tile `t` on this side and its index in the pattern.
    slot: [(u8, u8); MAX_CELLS],
    /// `cell[c]`: where cell `c` of the board lies on this side.
    cell: [u8; MAX_CELLS],
}

/// A solver for one board size, goal and set of tables.
#[derive(Debug)]
pub struct Solver<'t> {
    geometry: Geometry,
    goal: Board,
    sides: Vec<Side>,
    tables: Vec<&'t [u8]>,
    weights: Vec<[u64; MAX_PATTERN_TILES]>,
    /// The tiles of each pattern, as goal tiles, in the pattern's order.
    pattern_tiles: Vec<Vec<u8>>,
    patterns: &'t PatternTables,
}

impl<'t> Solver<'t> {
    /// A solver reaching `goal` on `geometry` with `tables` (built for that goal's blank cell),
    /// looking the tables up on the reflection as well when `reflect` and the goal allows it.
    pub fn new(geometry: Geometry, goal: Board, tables: &'t PatternTables, reflect: bool) -> Self {
        let pattern_tiles = tables.layout().pattern_tiles(&goal);
        let mut primary = Side {
            slot: [(NO_PATTERN, 0); MAX_CELLS],
            cell: std::array::from_fn(|cell| cell as u8),
        };
        for (pattern, tiles) in pattern_tiles.iter().enumerate() {
            for (index, &tile) in tiles.iter().enumerate() {
                primary.slot[usize::from(tile)] = (pattern as u8, index as u8);
            }
        }
        let mut sides = vec![primary.clone()];
        if let Some(reflection) = Reflection::of(&geometry, &goal).filter(|_| reflect) {
            sides.push(Side {
                slot: std::array::from_fn(|tile| {
                    if tile < geometry.cells() {
                        primary.slot[usize::from(reflection.rename(tile as u8))]
                    } else {
                        (NO_PATTERN, 0)
                    }
                }),
                cell: std::array::from_fn(|cell| {
                    if cell < geometry.cells() {
                        geometry.mirror(cell) as u8
                    } else {
                        cell as u8
                    }
                }),
            });
        }
        Self {
            geometry,
            goal,
            sides,
            tables: tables
                .tables()
                .iter()
                .map(|table| table.as_bytes())
                .collect(),
            weights: pattern_tiles
                .iter()
                .map(|tiles| rank_weights(geometry.cells(), tiles.len()))
                .collect(),
            pattern_tiles,
            patterns: tables,
        }
    }

    /// Whether the reflection is looked up too.
    pub fn reflects(&self) -> bool {
        self.sides.len() == 2
    }

    /// The estimate of `board`: the largest over the sides of the sum of the tables.
    pub fn estimate(&self, board: &Board) -> u32 {
        let node = Node::new(self, board);
        node.sums[..self.sides.len()]
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
    }

    /// A shortest solution from `start`, with IDA* on `threads` threads of the current rayon
    /// pool. With one thread, a plain depth-first search: the lexicographically first shortest
    /// solution (in the order of [`Move::ALL`]), with reproducible node counts. With more, each
    /// iteration is split into subtrees near the root, searched tightest first: the answer is the
    /// first shortest solution in that order, the same for any number of threads above one.
    ///
    /// The outcome is `Exhausted` when `start` cannot reach the goal. `start` must have as many
    /// cells as the board.
    pub fn solve(&self, start: &Board, limits: &Limits, threads: usize) -> SearchResult<Move> {
        let started = Instant::now();
        let mut stats = Stats::default();
        let outcome = if solvable(&self.geometry, start, &self.goal) {
            match self.iterate(start, limits, threads.max(1), &mut stats) {
                Ok(actions) => Outcome::Found(Solution {
                    cost: actions.len() as u64,
                    actions,
                }),
                Err(reason) => Outcome::Stopped(reason),
            }
        } else {
            Outcome::Exhausted
        };
        stats.elapsed = started.elapsed();
        SearchResult { outcome, stats }
    }

    fn iterate(
        &self,
        start: &Board,
        limits: &Limits,
        threads: usize,
        stats: &mut Stats,
    ) -> Result<Vec<Move>, StopReason> {
        // Every solution has the parity of the blank's distance to its goal cell.
        let parity = self.geometry.distance(start.blank(), self.goal.blank()) as u32 % 2;
        let with_parity = |bound: u32| bound + ((bound ^ parity) & 1);
        let root = Node::new(self, start);
        let mut bound = with_parity(root.estimate(self));
        loop {
            if limits.max_depth.is_some_and(|max| bound > max) {
                return Err(StopReason::DepthLimit);
            }
            let mut layer = LayerStats {
                depth: bound,
                ..LayerStats::default()
            };
            let pass = if threads == 1 {
                let mut worker = Worker::new(self, root.clone(), limits, stats.expanded);
                let pass = worker.search(bound);
                layer.expanded += worker.expanded;
                layer.generated += worker.generated;
                pass.map(|pass| pass.map_found(|| worker.path))
            } else {
                self.split_pass(&root, bound, limits, threads, stats.expanded, &mut layer)
            };
            stats.expanded += layer.expanded;
            stats.generated += layer.generated;
            stats.layers.push(layer);
            stats.stored = stats.stored.max(u64::from(bound) + 1);
            match pass? {
                Pass::Found(path) => return Ok(path),
                Pass::Exceeded(next) => bound = with_parity(next),
            }
        }
    }

    /// One iteration on several threads: the subtrees at a small depth, in parallel.
    fn split_pass(
        &self,
        root: &Node,
        bound: u32,
        limits: &Limits,
        threads: usize,
        expanded_before: u64,
        layer: &mut LayerStats,
    ) -> Result<Pass<Vec<Move>>, StopReason> {
        // Deepen the frontier one level at a time, in lexicographic order, until there are
        // enough subtrees to share out (or the iteration ends on the way).
        let mut subtrees: Vec<Vec<Move>> = vec![Vec::new()];
        let mut least_exceeding = u32::MAX;
        while subtrees.len() < SPLIT_SUBTREES {
            let mut deeper = Vec::new();
            for prefix in &subtrees {
                let mut worker = Worker::new(self, root.clone(), limits, expanded_before);
                for &mv in prefix {
                    worker.play(mv);
                }
                if worker.is_goal() {
                    deeper.push(prefix.clone());
                    continue;
                }
                let (children, least) = worker.collect(bound, prefix.len() as u32 + 1)?;
                layer.expanded += worker.expanded;
                layer.generated += worker.generated;
                least_exceeding = least_exceeding.min(least);
                deeper.extend(children);
            }
            if deeper.is_empty() {
                return Ok(Pass::Exceeded(least_exceeding));
            }
            let only_goals = deeper.len() == subtrees.len();
            subtrees = deeper;
            if only_goals {
                break;
            }
        }
        self.tightest_first(root, limits, &mut subtrees);
        let first_found = AtomicUsize::new(usize::MAX);
        let next_subtree = AtomicUsize::new(0);
        // Expansions of the finished subtrees, for `Limits::max_expanded`.
        let finished = AtomicU64::new(expanded_before);
        // Each thread takes the next subtree in order, so that the threads work side by side
        // near the front: when a subtree finds a solution, the subtrees before it were shared
        // between the threads, and little was spent on those after it.
        let mut results: Vec<(usize, Subtree)> = (0..threads)
            .into_par_iter()
            .with_min_len(1)
            .flat_map_iter(|_| {
                let mut done = Vec::new();
                loop {
                    let index = next_subtree.fetch_add(1, Ordering::Relaxed);
                    if index >= subtrees.len() || first_found.load(Ordering::Relaxed) < index {
                        break done;
                    }
                    let before = finished.load(Ordering::Relaxed);
                    let mut worker = Worker::new(self, root.clone(), limits, before);
                    worker.abandon = Some((&first_found, index));
                    for &mv in &subtrees[index] {
                        worker.play(mv);
                    }
                    let pass = worker.search(bound).map(|pass| {
                        pass.map_found(|| {
                            first_found.fetch_min(index, Ordering::Relaxed);
                            worker.path.clone()
                        })
                    });
                    finished.fetch_add(worker.expanded, Ordering::Relaxed);
                    let stopped = pass.is_err();
                    done.push((
                        index,
                        Subtree {
                            pass,
                            expanded: worker.expanded,
                            generated: worker.generated,
                        },
                    ));
                    if stopped {
                        break done;
                    }
                }
            })
            .collect();
        results.sort_unstable_by_key(|&(index, _)| index);
        let results = results.into_iter().map(|(_, subtree)| subtree);
        let mut found = None;
        for subtree in results {
            layer.expanded += subtree.expanded;
            layer.generated += subtree.generated;
            match subtree.pass {
                Ok(Pass::Found(path)) if found.is_none() => found = Some(path),
                Ok(Pass::Exceeded(next)) => least_exceeding = least_exceeding.min(next),
                Err(StopReason::Cancelled) if found.is_some() || abandoned(&first_found) => {}
                Err(reason) if found.is_none() => return Err(reason),
                _ => {}
            }
        }
        Ok(match found {
            Some(path) => Pass::Found(path),
            None => Pass::Exceeded(least_exceeding),
        })
    }
}

impl Solver<'_> {
    /// Orders the subtrees of a split iteration by decreasing f (depth plus estimate), move
    /// order among equals. Every subtree within the bound is searched whatever the order, except
    /// in the last iteration, which stops at the first solution in this order: the tight roots,
    /// where the estimate is nearly exact, have small subtrees and lie on optimal paths more
    /// often than the slack ones (measured on the 24-puzzle: ids 37, 38 and 40 generate 38%, 52%
    /// and 13% fewer nodes than in move order, where every subtree before the alphabetically
    /// first solution must be searched).
    fn tightest_first(&self, root: &Node, limits: &Limits, subtrees: &mut Vec<Vec<Move>>) {
        let mut keyed: Vec<(Reverse<u32>, Vec<Move>)> = subtrees
            .drain(..)
            .map(|prefix| {
                let mut worker = Worker::new(self, root.clone(), limits, 0);
                for &mv in &prefix {
                    worker.play(mv);
                }
                let f = prefix.len() as u32 + worker.node.estimate(self);
                (Reverse(f), prefix)
            })
            .collect();
        keyed.sort_by_key(|(f, _)| *f);
        subtrees.extend(keyed.into_iter().map(|(_, prefix)| prefix));
    }
}

/// What the search of one subtree of a split iteration did.
struct Subtree {
    pass: Result<Pass<Vec<Move>>, StopReason>,
    expanded: u64,
    generated: u64,
}

/// Whether some subtree found a solution (so that stopped ones were abandoned on purpose).
fn abandoned(first_found: &AtomicUsize) -> bool {
    first_found.load(Ordering::Relaxed) != usize::MAX
}

/// What one depth-first pass concluded.
enum Pass<T> {
    /// A goal was reached.
    Found(T),
    /// No goal within the bound; the least estimate of a solution's cost above it.
    Exceeded(u32),
}

impl Pass<()> {
    fn map_found<T>(self, found: impl FnOnce() -> T) -> Pass<T> {
        match self {
            Pass::Found(()) => Pass::Found(found()),
            Pass::Exceeded(next) => Pass::Exceeded(next),
        }
    }
}

/// A board with the entries and values of its patterns on each side.
#[derive(Clone, Debug)]
struct Node {
    tiles: [u8; MAX_CELLS],
    blank: usize,
    /// `occupants[side][cell]`: the pattern and index of the tile on `cell` of that side (in the
    /// side's cells), `NO_PATTERN` for the blank and tiles of no pattern.
    occupants: [[(u8, u8); MAX_CELLS]; 2],
    entries: [[u64; MAX_PATTERNS]; 2],
    values: [[u8; MAX_PATTERNS]; 2],
    sums: [u32; 2],
}

impl Node {
    fn new(solver: &Solver<'_>, board: &Board) -> Self {
        let mut node = Node {
            tiles: [0; MAX_CELLS],
            blank: board.blank(),
            occupants: [[(NO_PATTERN, 0); MAX_CELLS]; 2],
            entries: [[0; MAX_PATTERNS]; 2],
            values: [[0; MAX_PATTERNS]; 2],
            sums: [0; 2],
        };
        node.tiles[..board.tiles().len()].copy_from_slice(board.tiles());
        for (side_index, side) in solver.sides.iter().enumerate() {
            for (cell, &tile) in board.tiles().iter().enumerate() {
                node.occupants[side_index][usize::from(side.cell[cell])] =
                    side.slot[usize::from(tile)];
            }
            for (pattern, tiles) in solver.pattern_tiles.iter().enumerate() {
                let mut cells = vec![0; tiles.len()];
                for (cell, &tile) in board.tiles().iter().enumerate() {
                    let (owner, index) = side.slot[usize::from(tile)];
                    if usize::from(owner) == pattern {
                        cells[usize::from(index)] = side.cell[cell];
                    }
                }
                let entry = solver.patterns.patterns()[pattern].entry(&cells);
                let value = solver.tables[pattern][entry as usize];
                node.entries[side_index][pattern] = entry;
                node.values[side_index][pattern] = value;
                node.sums[side_index] += u32::from(value);
            }
        }
        node
    }

    fn estimate(&self, solver: &Solver<'_>) -> u32 {
        self.sums[..solver.sides.len()]
            .iter()
            .copied()
            .max()
            .unwrap_or(0)
    }
}

/// One thread's search: a node changed in place, the path to it and counters.
struct Worker<'s, 't> {
    solver: &'s Solver<'t>,
    node: Node,
    path: Vec<Move>,
    expanded: u64,
    generated: u64,
    limits: &'s Limits,
    /// Expansions by earlier searches, for `Limits::max_expanded`.
    expanded_before: u64,
    /// The earliest subtree that found a solution, and this one's index: stop once it is lower.
    abandon: Option<(&'s AtomicUsize, usize)>,
}

impl<'s, 't> Worker<'s, 't> {
    fn new(solver: &'s Solver<'t>, node: Node, limits: &'s Limits, expanded_before: u64) -> Self {
        Self {
            solver,
            node,
            path: Vec::with_capacity(128),
            expanded: 0,
            generated: 0,
            limits,
            expanded_before,
            abandon: None,
        }
    }

    /// Searches below the current node, whose path is `self.path`, under `bound`.
    fn search(&mut self, bound: u32) -> Result<Pass<()>, StopReason> {
        Ok(match self.descend(bound)? {
            ControlFlow::Break(()) => Pass::Found(()),
            ControlFlow::Continue(least) => Pass::Exceeded(least),
        })
    }

    /// The nodes at `depth` within `bound`, in lexicographic order, as paths from the root; a
    /// goal met on the way is one of them. With the least estimate above the bound met on the way.
    fn collect(&mut self, bound: u32, depth: u32) -> Result<(Vec<Vec<Move>>, u32), StopReason> {
        let mut paths = Vec::new();
        let least = self.collect_below(bound, depth, &mut paths)?;
        Ok((paths, least))
    }

    fn collect_below(
        &mut self,
        bound: u32,
        depth: u32,
        paths: &mut Vec<Vec<Move>>,
    ) -> Result<u32, StopReason> {
        if self.path.len() as u32 == depth || self.is_goal() {
            paths.push(self.path.clone());
            return Ok(u32::MAX);
        }
        let flow = self.expand(bound, |worker| {
            worker
                .collect_below(bound, depth, paths)
                .map(ControlFlow::<Infallible, u32>::Continue)
        })?;
        Ok(match flow {
            ControlFlow::Continue(least) => least,
        })
    }

    /// Applies `mv` whatever the estimates (to replay a prefix).
    fn play(&mut self, mv: Move) {
        let target = self
            .solver
            .geometry
            .step(self.node.blank, mv)
            .expect("a move of the prefix");
        let lookups = [self.lookup(0, target), self.lookup(1, target)];
        self.apply(target, lookups);
        self.path.push(mv);
    }

    fn is_goal(&self) -> bool {
        self.node.sums[0] == 0
            && self.node.tiles[..self.solver.geometry.cells()] == *self.solver.goal.tiles()
    }

    #[inline]
    fn count_expansion(&mut self) -> Result<(), StopReason> {
        self.expanded += 1;
        if self.expanded.is_multiple_of(CHECK_PERIOD) {
            self.check_limits()?;
        }
        Ok(())
    }

    fn check_limits(&self) -> Result<(), StopReason> {
        let limits = self.limits;
        if let Some((first_found, index)) = self.abandon
            && first_found.load(Ordering::Relaxed) < index
        {
            return Err(StopReason::Cancelled);
        }
        if limits
            .max_expanded
            .is_some_and(|max| self.expanded_before + self.expanded >= max)
        {
            return Err(StopReason::NodeLimit);
        }
        if let Some(flag) = &limits.cancel
            && flag.load(Ordering::Relaxed)
        {
            return Err(StopReason::Cancelled);
        }
        if limits
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(StopReason::TimeLimit);
        }
        Ok(())
    }

    fn descend(&mut self, bound: u32) -> Result<ControlFlow<(), u32>, StopReason> {
        if self.is_goal() {
            return Ok(ControlFlow::Break(()));
        }
        self.expand(bound, |worker| worker.descend(bound))
    }

    /// Expands the current node: for each child within `bound`, in the order of [`Move::ALL`],
    /// moves there, calls `visit` and comes back, unless `visit` breaks (then the path and the
    /// node stay at that child). Returns the least estimated cost above the bound met below.
    #[inline]
    fn expand<T>(
        &mut self,
        bound: u32,
        mut visit: impl FnMut(&mut Self) -> Result<ControlFlow<T, u32>, StopReason>,
    ) -> Result<ControlFlow<T, u32>, StopReason> {
        self.count_expansion()?;
        let g = self.path.len() as u32 + 1;
        let forbidden = self.path.last().map(|last| last.inverse());
        // The board's own lookups first, for every child: independent reads of the tables,
        // issued together, and most children are pruned on them alone. (Reading first the side
        // with the larger sum was a third slower: the side is then unknown to the compiler.)
        let mut children = [(Move::Down, 0, Lookup::NONE); 4];
        let mut count = 0;
        for mv in Move::ALL {
            if Some(mv) == forbidden {
                continue;
            }
            if let Some(target) = self.solver.geometry.step(self.node.blank, mv) {
                children[count] = (mv, target, self.lookup(0, target));
                count += 1;
            }
        }
        self.generated += count as u64;
        let mut least = u32::MAX;
        for &(mv, target, first) in &children[..count] {
            let f = g + self.sum_after(0, first);
            if f > bound {
                least = least.min(f);
                continue;
            }
            let second = self.lookup(1, target);
            let f = g + self.sum_after(1, second);
            if f > bound {
                least = least.min(f);
                continue;
            }
            let undo = self.apply(target, [first, second]);
            self.path.push(mv);
            match visit(self)? {
                ControlFlow::Break(found) => return Ok(ControlFlow::Break(found)),
                ControlFlow::Continue(below) => least = least.min(below),
            }
            self.path.pop();
            self.undo(undo);
        }
        Ok(ControlFlow::Continue(least))
    }

    /// The entry and value that the pattern of the tile on `target` gets on side `side` when
    /// that tile slides onto the blank (read before the move). `Lookup::NONE` for a tile of no
    /// pattern, or a side the solver does not use.
    #[inline(always)]
    fn lookup(&self, side: usize, target: usize) -> Lookup {
        let solver = self.solver;
        let Some(side_map) = solver.sides.get(side) else {
            return Lookup::NONE;
        };
        let node = &self.node;
        let occupants = &node.occupants[side];
        // The board's own cells need no mapping (`side` is a constant once inlined).
        let on_side = |cell: usize| {
            if side == 0 {
                cell
            } else {
                usize::from(side_map.cell[cell])
            }
        };
        let from = on_side(target);
        let (pattern, index) = occupants[from];
        if pattern == NO_PATTERN {
            return Lookup::NONE;
        }
        let to = on_side(node.blank);
        // The pattern's tiles strictly between the two cells (vertical moves only).
        let mut between = 0u32;
        let mut cells = cells_between(from, to);
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if occupants[cell].0 == pattern {
                between |= 1 << cell;
            }
        }
        let pattern = usize::from(pattern);
        let change = rank_change(
            &solver.weights[pattern],
            usize::from(index),
            from,
            to,
            between,
            |cell| usize::from(occupants[cell].1),
        );
        let entry = node.entries[side][pattern].wrapping_add_signed(change);
        Lookup {
            pattern: pattern as u8,
            entry,
            value: solver.tables[pattern][entry as usize],
        }
    }

    /// The sum of side `side` once `lookup` is applied.
    #[inline]
    fn sum_after(&self, side: usize, lookup: Lookup) -> u32 {
        let sum = self.node.sums[side];
        if lookup.pattern == NO_PATTERN {
            return sum;
        }
        sum - u32::from(self.node.values[side][usize::from(lookup.pattern)])
            + u32::from(lookup.value)
    }

    /// Slides the tile on `target` onto the blank, recording the lookups of both sides; returns
    /// what [`Worker::undo`] needs to slide it back.
    #[inline]
    fn apply(&mut self, target: usize, lookups: [Lookup; 2]) -> Undo {
        let node = &mut self.node;
        let mut undo = Undo {
            blank: node.blank,
            target,
            lookups,
            sums: node.sums,
        };
        for (side, lookup) in lookups.into_iter().enumerate() {
            if lookup.pattern != NO_PATTERN {
                let pattern = usize::from(lookup.pattern);
                let old = &mut undo.lookups[side];
                old.entry = node.entries[side][pattern];
                old.value = node.values[side][pattern];
                node.sums[side] = node.sums[side] - u32::from(old.value) + u32::from(lookup.value);
                node.entries[side][pattern] = lookup.entry;
                node.values[side][pattern] = lookup.value;
            }
        }
        for (side, side_map) in self.solver.sides.iter().enumerate() {
            let occupants = &mut node.occupants[side];
            let from = usize::from(side_map.cell[target]);
            occupants[usize::from(side_map.cell[node.blank])] = occupants[from];
            occupants[from] = (NO_PATTERN, 0);
        }
        node.tiles[node.blank] = node.tiles[target];
        node.tiles[target] = 0;
        node.blank = target;
        undo
    }

    /// Takes back the move that returned `undo`.
    #[inline]
    fn undo(&mut self, undo: Undo) {
        let node = &mut self.node;
        let Undo {
            blank,
            target,
            lookups,
            sums,
        } = undo;
        for (side, lookup) in lookups.into_iter().enumerate() {
            if lookup.pattern != NO_PATTERN {
                let pattern = usize::from(lookup.pattern);
                node.entries[side][pattern] = lookup.entry;
                node.values[side][pattern] = lookup.value;
            }
        }
        node.sums = sums;
        for (side, side_map) in self.solver.sides.iter().enumerate() {
            let occupants = &mut node.occupants[side];
            let to = usize::from(side_map.cell[blank]);
            occupants[usize::from(side_map.cell[target])] = occupants[to];
            occupants[to] = (NO_PATTERN, 0);
        }
        node.tiles[target] = node.tiles[blank];
        node.tiles[blank] = 0;
        node.blank = blank;
    }
}

/// How to take a move back: the blank's cell before it, the moved tile's cell before it, and the
/// entries, values and sums it replaced.
#[derive(Clone, Copy, Debug)]
struct Undo {
    blank: usize,
    target: usize,
    lookups: [Lookup; 2],
    sums: [u32; 2],
}

/// What a move does to one side: the pattern whose entry changes, its new entry and value.
#[derive(Clone, Copy, Debug)]
struct Lookup {
    pattern: u8,
    entry: u64,
    value: u8,
}

impl Lookup {
    /// No pattern changes.
    const NONE: Lookup = Lookup {
        pattern: NO_PATTERN,
        entry: 0,
        value: 0,
    };
}
