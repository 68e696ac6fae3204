//! Partitions of the tiles into disjoint patterns: the standard ones of the literature, and the
//! engine's view of a partition ([`Partition`]) for the additive heuristic.

use std::fmt;

use statespace_engine::heuristics::Partition;

use super::board::{Geometry, MAX_CELLS, TilePuzzle, positions};
use super::pattern::{MAX_PATTERN_TILES, TilePattern};
use crate::sliding::Board;

/// Tiles split into disjoint patterns, each with its own table. Patterns list goal cells; the
/// tiles are the goal's tiles on those cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    patterns: Vec<Vec<u8>>,
}

/// The named layouts, for a goal with the blank in the top-left corner: 7-8 and 6-6-6-6 as in Korf
/// and Felner (2002) and Felner, Korf and Hanan (2004); 6-6-3 and 5-5-5 the best of the groupings
/// we tried on Korf's instances (see BENCHMARKS.md).
const NAMED: [(&str, usize, &[&[u8]]); 4] = [
    (
        "78",
        4,
        &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
    ),
    (
        "663",
        4,
        &[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
    ),
    (
        "555",
        4,
        &[&[1, 4, 5, 8, 12], &[2, 3, 6, 7, 11], &[9, 10, 13, 14, 15]],
    ),
    (
        "6666",
        5,
        &[
            &[1, 2, 5, 6, 7, 12],
            &[3, 4, 8, 9, 13, 14],
            &[10, 11, 15, 16, 20, 21],
            &[17, 18, 19, 22, 23, 24],
        ],
    ),
];

impl Layout {
    /// A layout from its groups of goal cells; `None` unless the groups are non-empty, disjoint,
    /// on the board, without the blank's goal cell, at most 8 of them and of at most 12 cells.
    pub fn new(geometry: &Geometry, blank_goal: usize, patterns: Vec<Vec<u8>>) -> Option<Self> {
        let on_board = |cell: usize| cell < geometry.cells();
        let mut used = 0u64;
        // Marks `cell` used; whether it is on the board and was free.
        let mut take = |cell: usize| {
            let fresh = on_board(cell) && used & 1 << cell == 0;
            if fresh {
                used |= 1 << cell;
            }
            fresh
        };
        let fits = take(blank_goal)
            && !patterns.is_empty()
            && patterns.len() <= statespace_engine::heuristics::MAX_PATTERNS
            && patterns.iter().all(|pattern| {
                (1..=MAX_PATTERN_TILES).contains(&pattern.len())
                    && pattern.iter().all(|&cell| take(usize::from(cell)))
            });
        fits.then_some(Self { patterns })
    }

    /// The layout named `name` (`78`, `663`, `555` on 4x4 boards, `6666` on 5x5) for a goal whose
    /// blank is on `blank_goal`: the groups as published when the blank's goal is the top-left
    /// corner, turned half a turn when it is the bottom-right one, and otherwise with the blank's
    /// goal cell exchanged for the top-left corner.
    pub fn named(name: &str, geometry: &Geometry, blank_goal: usize) -> Option<Self> {
        let &(_, side, groups) = NAMED
            .iter()
            .find(|(known, side, _)| *known == name && geometry.rows() == *side)?;
        if geometry.cols() != side {
            return None;
        }
        let last = geometry.cells() - 1;
        let place = |cell: u8| -> u8 {
            match blank_goal {
                0 => cell,
                _ if blank_goal == last => (last - usize::from(cell)) as u8,
                _ if usize::from(cell) == blank_goal => 0,
                _ => cell,
            }
        };
        let patterns = groups
            .iter()
            .map(|group| group.iter().map(|&cell| place(cell)).collect())
            .collect();
        Self::new(geometry, blank_goal, patterns)
    }

    /// The layout `text` names on `geometry` for a goal whose blank is on `blank_goal`: `None` or
    /// `default` for the board's default, a name (`78`, `663`, `555`, `6666`), or groups of goal
    /// cells such as `1,2,3/4,5,8,9,12,13/6,7,10,11,14,15`. The error says what is wrong.
    pub fn parse(
        text: Option<&str>,
        geometry: &Geometry,
        blank_goal: usize,
    ) -> Result<Self, String> {
        let layout = match text {
            Some(groups) if groups.contains('/') => {
                let patterns = groups
                    .split('/')
                    .map(|group| {
                        group
                            .split([',', ' '])
                            .filter(|cell| !cell.is_empty())
                            .map(str::parse::<u8>)
                            .collect::<Result<Vec<u8>, _>>()
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|_| format!("layout {groups:?}: expected cell numbers"))?;
                return Self::new(geometry, blank_goal, patterns).ok_or_else(|| {
                    format!(
                        "layout {groups:?}: groups must be disjoint goal cells of the {geometry} \
                         board, without the blank's goal cell {blank_goal}, at most {} groups \
                         of at most {MAX_PATTERN_TILES}",
                        statespace_engine::heuristics::MAX_PATTERNS
                    )
                });
            }
            Some(name) if name != "default" => Self::named(name, geometry, blank_goal),
            _ => Self::default_for(geometry, blank_goal),
        };
        layout.ok_or_else(|| {
            format!(
                "no table layout {} for {geometry} boards (78, 663, 555 on 4x4; 6666 on 5x5)",
                text.unwrap_or("by default"),
            )
        })
    }

    /// The default layout of a board: `78` on 4x4, `6666` on 5x5.
    pub fn default_for(geometry: &Geometry, blank_goal: usize) -> Option<Self> {
        let name = match (geometry.rows(), geometry.cols()) {
            (4, 4) => "78",
            (5, 5) => "6666",
            _ => return None,
        };
        Self::named(name, geometry, blank_goal)
    }

    /// The groups of goal cells.
    pub fn patterns(&self) -> &[Vec<u8>] {
        &self.patterns
    }

    /// The tiles of each group: those that `goal` holds in the group's cells.
    pub fn pattern_tiles(&self, goal: &Board) -> Vec<Vec<u8>> {
        let tile = |&cell: &u8| goal.tiles()[usize::from(cell)] as u8;
        self.patterns
            .iter()
            .map(|cells| cells.iter().map(tile).collect())
            .collect()
    }

    /// The abstraction of each pattern.
    pub fn tile_patterns(&self, geometry: &Geometry, blank_goal: usize) -> Vec<TilePattern> {
        self.patterns
            .iter()
            .map(|cells| TilePattern::new(*geometry, cells.clone(), blank_goal))
            .collect()
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sizes: Vec<String> = self.patterns.iter().map(|p| p.len().to_string()).collect();
        write!(f, "{}", sizes.join("-"))
    }
}

/// A layout seen from the engine: which pattern a tile belongs to, for [`Partition`] on a
/// [`TilePuzzle`].
#[derive(Clone, Debug)]
pub struct TilePartition {
    patterns: Vec<TilePattern>,
    /// The tiles of each pattern, in the pattern's order.
    tiles: Vec<Vec<u8>>,
    /// `pattern_of[t]`: the pattern of tile `t`, or `None` for tiles of no pattern.
    pattern_of: [Option<u8>; MAX_CELLS],
    geometry: Geometry,
}

impl TilePartition {
    /// The partition of `layout` on `puzzle`.
    pub fn new(puzzle: &TilePuzzle, layout: &Layout) -> Self {
        let geometry = *puzzle.geometry();
        let goal: &Board = puzzle.goal();
        let tiles = layout.pattern_tiles(goal);
        let mut pattern_of = [None; MAX_CELLS];
        for (pattern, tiles) in tiles.iter().enumerate() {
            for &tile in tiles {
                pattern_of[usize::from(tile)] = Some(pattern as u8);
            }
        }
        Self {
            patterns: layout.tile_patterns(&geometry, goal.blank()),
            tiles,
            pattern_of,
            geometry,
        }
    }
}

impl Partition<TilePuzzle> for TilePartition {
    fn entry(&self, pattern: usize, board: &Board) -> u64 {
        let positions = positions(board);
        let cells: Vec<u8> = self.tiles[pattern]
            .iter()
            .map(|&tile| positions[usize::from(tile)])
            .collect();
        self.patterns[pattern].entry(&cells)
    }

    fn changed(&self, after: &Board, mv: super::board::Move) -> Option<usize> {
        let moved_from = self
            .geometry
            .step(after.blank(), mv.inverse())
            .expect("the blank came from a cell of the board");
        self.pattern_of[usize::from(after.tiles()[moved_from])].map(usize::from)
    }
}
