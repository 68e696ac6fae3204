//! Answering queries: bidirectional (or plain) breadth-first search within a bound on the moves,
//! on the most compact state and visited set the board allows, reused from query to query.

use statespace_engine::bfs::bfs_with;
use statespace_engine::bidirectional_bfs::bidirectional_bfs_with;
use statespace_engine::index::{HashIndex, StateIndex};
use statespace_engine::rank::binomial;
use statespace_engine::{Limits, PerfectHash, SearchResult};

use super::domain::Solitaire;
use super::grid::{Grid, Move};
use super::parse::Case;
use super::placement::{Bitboard, CellList, Placement};

/// The judges' bound on the moves.
pub const JUDGE_MAX_MOVES: u32 = 8;

/// The largest visited array worth allocating, in slots (4 bytes each, two arrays per search).
/// Beyond it the states go into hash maps.
const DENSE_SLOTS: u64 = 1 << 22;

/// Which search answers the queries.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Algorithm {
    /// Bidirectional breadth-first search from the start and the target: the default.
    #[default]
    Bidirectional,
    /// Plain breadth-first search from the start: slower, a reference to check against.
    Bfs,
}

/// How queries are answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The most moves a solution may take.
    pub max_moves: u32,
    /// The search.
    pub algorithm: Algorithm,
}

impl Default for Settings {
    /// The judges' settings: at most 8 moves, bidirectional search.
    fn default() -> Self {
        Self {
            max_moves: JUDGE_MAX_MOVES,
            algorithm: Algorithm::Bidirectional,
        }
    }
}

/// The rank spaces of a grid: for each piece count whose placements are few enough for a dense
/// visited array, a domain that ranks them. A [`Solver`] lays its arrays out by these.
#[derive(Debug)]
pub struct RankSpaces {
    grid: Grid,
    by_pieces: Vec<Option<Solitaire<Bitboard>>>,
}

impl RankSpaces {
    /// The rank spaces of `grid` (none for grids beyond 64 cells).
    pub fn new(grid: Grid) -> Self {
        let cells = grid.cells();
        let by_pieces = if cells <= Bitboard::MAX_CELLS {
            (0..=cells)
                .map(|pieces| {
                    (binomial(cells, pieces) <= DENSE_SLOTS).then(|| {
                        let first_cells: Vec<u16> = (0..pieces as u16).collect();
                        Solitaire::new(grid, Bitboard::from_cells(&first_cells))
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        Self { grid, by_pieces }
    }

    /// The grid.
    pub fn grid(&self) -> Grid {
        self.grid
    }

    /// The ranking domain of `pieces` pieces, if their placements fit a dense array.
    fn dense(&self, pieces: usize) -> Option<&Solitaire<Bitboard>> {
        self.by_pieces.get(pieces)?.as_ref()
    }
}

/// Answers queries on one grid, keeping its visited sets from one query to the next: dense
/// arrays over [`RankSpaces`] when the placements are few enough, hash maps otherwise.
pub struct Solver<'s> {
    spaces: &'s RankSpaces,
    settings: Settings,
    /// Forward and backward arrays by piece count, made when first needed.
    dense: Vec<Option<[BitmapIndex<'s, Solitaire<Bitboard>>; 2]>>,
    bitboards: [HashIndex<Bitboard>; 2],
    cell_lists: [HashIndex<CellList>; 2],
}

impl<'s> Solver<'s> {
    /// A solver on the grid of `spaces`.
    pub fn new(spaces: &'s RankSpaces, settings: Settings) -> Self {
        Self {
            spaces,
            settings,
            dense: (0..spaces.by_pieces.len()).map(|_| None).collect(),
            bitboards: Default::default(),
            cell_lists: Default::default(),
        }
    }

    /// The settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// Searches for the fewest moves from `case.start` to `case.target`, at most
    /// [`Settings::max_moves`]. `Found` holds a shortest sequence; `Exhausted` means the target is
    /// unreachable, `Stopped(DepthLimit)` that it takes more moves than allowed.
    ///
    /// The case must fit the grid (as [`parse`](super::parse()) makes sure).
    pub fn solve(&mut self, case: &Case) -> SearchResult<Move> {
        debug_assert_eq!(case.start.len(), case.target.len());
        let (spaces, settings) = (self.spaces, self.settings);
        if spaces.grid().cells() > Bitboard::MAX_CELLS {
            return search::<CellList, _>(spaces.grid(), settings, case, &mut self.cell_lists);
        }
        let pieces = case.start.len();
        match spaces.dense(pieces) {
            Some(space) => {
                let indexes = self.dense[pieces]
                    .get_or_insert_with(|| [BitmapIndex::new(space), BitmapIndex::new(space)]);
                search::<Bitboard, _>(spaces.grid(), settings, case, indexes)
            }
            None => search::<Bitboard, _>(spaces.grid(), settings, case, &mut self.bitboards),
        }
    }
}

/// Runs the search `settings` ask for on placements `P`, with the visited sets `indexes`.
fn search<P: Placement, I: StateIndex<P>>(
    grid: Grid,
    settings: Settings,
    case: &Case,
    [forward, backward]: &mut [I; 2],
) -> SearchResult<Move> {
    let domain = Solitaire::new(grid, P::from_cells(&case.target));
    let start = P::from_cells(&case.start);
    let limits = Limits::none().max_depth(settings.max_moves);
    match settings.algorithm {
        Algorithm::Bidirectional => bidirectional_bfs_with(
            &domain,
            &start,
            std::slice::from_ref(domain.target()),
            &limits,
            forward,
            backward,
        ),
        Algorithm::Bfs => bfs_with(&domain, &start, &limits, forward),
    }
}

/// A visited set over a [`PerfectHash`] domain that keeps one bit per rank for "seen" and reads
/// the node number from a dense array only for states seen before. The bits (80 KB for the
/// judges' 635,376 placements) stay in cache where a dense array of node numbers (2.5 MB) would
/// not, and most lookups of a search are misses.
pub struct BitmapIndex<'d, D> {
    domain: &'d D,
    seen: Vec<u64>,
    nodes: Vec<u32>,
    filled: Vec<u64>,
}

impl<'d, D: PerfectHash> BitmapIndex<'d, D> {
    /// An empty index over every rank of `domain`.
    pub fn new(domain: &'d D) -> Self {
        let size = usize::try_from(domain.size()).expect("rank space fits in memory");
        Self {
            domain,
            seen: vec![0; size.div_ceil(64)],
            nodes: vec![0; size],
            filled: Vec::new(),
        }
    }
}

impl<D: PerfectHash> StateIndex<D::State> for BitmapIndex<'_, D> {
    #[inline]
    fn get(&self, state: &D::State) -> Option<u32> {
        let rank = self.domain.rank(state) as usize;
        (self.seen[rank / 64] >> (rank % 64) & 1 != 0).then(|| self.nodes[rank])
    }

    #[inline]
    fn insert(&mut self, state: &D::State, node: u32) -> bool {
        let rank = self.domain.rank(state);
        let (word, bit) = ((rank / 64) as usize, 1u64 << (rank % 64));
        if self.seen[word] & bit != 0 {
            return false;
        }
        self.seen[word] |= bit;
        self.nodes[rank as usize] = node;
        self.filled.push(rank);
        true
    }

    fn clear(&mut self) {
        for rank in self.filled.drain(..) {
            self.seen[(rank / 64) as usize] = 0;
        }
    }
}
