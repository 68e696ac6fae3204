//! Moving AI maps: a header (`type octile`, `height H`, `width W`, `map`), then `H` rows of `W`
//! cells: `.` and `G` ground, `S` swamp, `W` water, `@`, `O` and `T` blocked (see
//! [`Terrain`]).
//!
//! A map is searched as one of its two worlds, land or water (no step joins them): the cells
//! a search may enter are those of its world, kept as one flag a cell, so that a map without
//! water or costs is searched exactly as fast as before terrain was read.

use std::fmt;
use std::sync::Arc;

use crate::edit::Edit;
use crate::lines::{Lines, ParseError, TextLines, quoted};
use crate::terrain::{Costs, Terrain};

/// The largest side a map may have: the benchmark's largest maps are 1,024 or so on a side, and
/// a cell costs a byte of the map and four of a search's tables.
pub const MAX_SIDE: usize = 8192;

/// A map of passable and blocked cells, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    width: usize,
    height: usize,
    /// Each cell's character, row by row.
    cells: Vec<u8>,
    /// Whether each cell is of the map's world (`layer`), read at every step of a search.
    open: Vec<bool>,
    /// The world searched: land (ground and swamp) or water.
    layer: Terrain,
    /// What entering each letter costs.
    costs: Costs,
    /// The side of the square units that walk the map (1: a cell): a unit stands on its top-left
    /// cell, and `open` holds where it fits.
    unit: usize,
    /// With units larger than a cell on weighted maps, what standing on each cell costs: the
    /// largest cost under the unit.
    unit_costs: Option<Arc<Vec<u32>>>,
    /// The file name of the map, when it was read from a file: `.scen` lines name it.
    name: Option<String>,
}

/// Why a map of `width` × `height` cells is refused, if it is.
fn check_sides(width: usize, height: usize) -> Result<(), String> {
    if (1..=MAX_SIDE).contains(&width) && (1..=MAX_SIDE).contains(&height) {
        Ok(())
    } else {
        Err(format!(
            "a map of {width} x {height}: each side from 1 to {MAX_SIDE}, please"
        ))
    }
}

impl Map {
    /// A map of `width` × `height` cells given row by row as map characters.
    ///
    /// # Errors
    /// When the sizes are out of range or do not match, or a character is not a map cell.
    pub fn new(width: usize, height: usize, cells: Vec<u8>) -> Result<Self, String> {
        check_sides(width, height)?;
        if cells.len() != width * height {
            return Err(format!(
                "{} cells for a map of {width} x {height}",
                cells.len()
            ));
        }
        if let Some(&bad) = cells.iter().find(|&&cell| Terrain::of(cell).is_none()) {
            return Err(format!("{:?} is not a map cell", char::from(bad)));
        }
        let layer = Terrain::Land;
        Ok(Self {
            width,
            height,
            open: world(&cells, layer),
            cells,
            layer,
            costs: Costs::default(),
            unit: 1,
            unit_costs: None,
            name: None,
        })
    }

    /// The map walked by units of `unit` × `unit` cells, each standing on its top-left cell:
    /// a unit fits where every cell under it is of its world (all land, or all water), by the
    /// cells' true clearance (Harabor and Botea 2008) computed once here; with costs, a step
    /// pays the largest cost under the unit after it.
    ///
    /// # Errors
    /// A unit of side 0, or larger than the map.
    pub fn with_unit(mut self, unit: usize) -> Result<Self, String> {
        if unit == 0 || unit > self.width || unit > self.height {
            return Err(format!(
                "a unit of {unit} x {unit} on a map of {} x {}: from 1 to the map's shorter side, \
                 please",
                self.width, self.height
            ));
        }
        self.unit = unit;
        self.refresh();
        Ok(self)
    }

    /// The side of the units that walk the map.
    pub fn unit(&self) -> usize {
        self.unit
    }

    /// Recomputes where units fit and what standing there costs, from the letters.
    fn refresh(&mut self) {
        if self.unit == 1 {
            self.open = world(&self.cells, self.layer);
            self.unit_costs = None;
            return;
        }
        let clearance = clearance(&self.cells, (self.width, self.height), self.layer);
        self.open = clearance
            .iter()
            .map(|&side| side as usize >= self.unit)
            .collect();
        self.unit_costs = self
            .is_weighted()
            .then(|| Arc::new(self.largest_costs_under_units()));
    }

    /// For each cell, the largest cost of the cells a unit standing there covers (those on
    /// the map): the largest along each row's `unit` cells, then down each column's.
    fn largest_costs_under_units(&self) -> Vec<u32> {
        let (width, height, unit) = (self.width, self.height, self.unit);
        let costs: Vec<u32> = self.cells.iter().map(|&cell| self.costs.of(cell)).collect();
        let mut along = vec![0; costs.len()];
        for y in 0..height {
            for x in 0..width {
                along[y * width + x] = (x..(x + unit).min(width))
                    .map(|column| costs[y * width + column])
                    .max()
                    .unwrap_or(1);
            }
        }
        let mut under = vec![0; costs.len()];
        for y in 0..height {
            for x in 0..width {
                under[y * width + x] = (y..(y + unit).min(height))
                    .map(|row| along[row * width + x])
                    .max()
                    .unwrap_or(1);
            }
        }
        under
    }

    /// The map with cells weighed by `costs`.
    ///
    /// # Errors
    /// When a path of this map could weigh more than lengths hold (see [`Costs::check_fits`]).
    pub fn with_costs(mut self, costs: Costs) -> Result<Self, String> {
        costs.check_fits(self.cells())?;
        self.costs = costs;
        if self.unit > 1 {
            self.refresh();
        }
        Ok(self)
    }

    /// The costs of the map's letters.
    pub fn costs(&self) -> &Costs {
        &self.costs
    }

    /// Whether some letter costs more than 1 (jump point search is then not exact).
    pub fn is_weighted(&self) -> bool {
        !self.costs.is_uniform()
    }

    /// What entering `cell` costs.
    #[inline(always)]
    pub fn cost(&self, cell: u32) -> u32 {
        match &self.unit_costs {
            Some(under) => under[cell as usize],
            None => self.costs.of(self.cells[cell as usize]),
        }
    }

    /// The least cost of a cell of the map's world: a step costs at least its length times it.
    pub fn least_cost(&self) -> u32 {
        self.costs.least(self.layer)
    }

    /// The terrain of `cell`.
    pub fn terrain(&self, cell: u32) -> Terrain {
        Terrain::of(self.cells[cell as usize]).expect("maps hold map letters only")
    }

    /// The world a search of this map walks in: land (ground and swamp) or water.
    pub fn layer(&self) -> Terrain {
        self.layer
    }

    /// Whether any cell is water.
    pub fn has_water(&self) -> bool {
        self.cells.contains(&b'W')
    }

    /// The map as a search from `cell` walks it: this map when `cell` is of its world (or
    /// blocked), else the same cells seen from the other world (water, or land).
    pub fn seen_from(self: &Arc<Self>, cell: u32) -> Arc<Self> {
        match self.terrain(cell) {
            Terrain::Blocked => self.clone(),
            terrain if terrain == self.layer => self.clone(),
            terrain => Arc::new(self.world(terrain)),
        }
    }

    /// The same cells, costs and sides, searched in the world `layer` (named after the map, for
    /// JPS+'s table files: `NAME.water`).
    fn world(&self, layer: Terrain) -> Self {
        let name = self.name.as_ref().map(|name| match layer {
            Terrain::Water => format!("{name}.water"),
            _ => name.strip_suffix(".water").unwrap_or(name).to_string(),
        });
        let mut seen = Self {
            layer,
            name,
            ..self.clone()
        };
        seen.refresh();
        seen
    }

    /// The map in Moving AI's format, `text`.
    ///
    /// # Errors
    /// A line that does not belong to a map, or a map of sizes out of range.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let mut lines = TextLines::new(text);
        match lines.next_line()? {
            Some((line, first)) if first.starts_with("type") => {
                let first = first.to_string();
                read_map(&mut lines, (line, &first))
            }
            _ => Err(ParseError::new(1, "a map starts with `type octile`")),
        }
    }

    /// The map named `name`, the file name of its path (`.scen` lines on another map are
    /// refused).
    pub fn named(mut self, path: &str) -> Self {
        self.name = Some(file_name(path).to_string());
        self
    }

    /// The map's file name, if it has one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The bytes a search of the map holds at most besides its open list and nodes: the map
    /// (a character and a passable flag a cell), a node number a cell, and the bits of jump
    /// point search.
    pub fn search_bytes(&self) -> u64 {
        self.cells() as u64 * 7
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The cell at column `x`, row `y`, if it is on the map.
    pub fn cell(&self, x: i64, y: i64) -> Option<u32> {
        let on_map = (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y);
        on_map.then(|| (y as usize * self.width + x as usize) as u32)
    }

    /// The column and row of `cell`.
    pub fn position(&self, cell: u32) -> (usize, usize) {
        (cell as usize % self.width, cell as usize / self.width)
    }

    /// Applies `edit`, which must fit the map (see [`Edit::misfit`]): the cells it closes
    /// become walls (`@`), the walls it opens ground (`.`), open cells keeping their terrain.
    pub fn apply(&mut self, edit: &Edit) {
        let ((left, top), (right, bottom)) = edit.area();
        let one_cell = self.unit == 1;
        for y in top..=bottom {
            for x in left..=right {
                let cell = y * self.width + x;
                if !edit.open {
                    self.cells[cell] = b'@';
                } else if Terrain::of(self.cells[cell]) == Some(Terrain::Blocked) {
                    self.cells[cell] = b'.';
                }
                if one_cell {
                    self.open[cell] = Terrain::of(self.cells[cell]) == Some(self.layer);
                }
            }
        }
        if !one_cell {
            self.refresh();
        }
    }

    /// Whether `cell` is walked on by some search: land or water.
    pub fn is_walkable(&self, cell: u32) -> bool {
        self.terrain(cell) != Terrain::Blocked
    }

    /// Whether `cell` can be walked on in the map's world (see [`Map::layer`]).
    pub fn is_passable(&self, cell: u32) -> bool {
        self.open[cell as usize]
    }

    /// Whether column `x`, row `y` is on the map and can be walked on.
    #[inline(always)]
    pub fn is_open(&self, x: isize, y: isize) -> bool {
        (0..self.width as isize).contains(&x)
            && (0..self.height as isize).contains(&y)
            && self.open[y as usize * self.width + x as usize]
    }

    /// The map's character at `cell`.
    pub fn char_at(&self, cell: u32) -> u8 {
        self.cells[cell as usize]
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.cells.len()
    }
}

/// Whether each of `cells` is of the world `layer`.
fn world(cells: &[u8], layer: Terrain) -> Vec<bool> {
    cells
        .iter()
        .map(|&cell| Terrain::of(cell) == Some(layer))
        .collect()
}

/// The true clearance of each of `cells` (a map of `width` × `height`) in the world `layer`:
/// the side of the largest square from the cell (its top-left) whose cells are all of `layer`,
/// 0 off it; each from the three cells right, below and diagonally below.
fn clearance(cells: &[u8], (width, height): (usize, usize), layer: Terrain) -> Vec<u16> {
    let mut sides = vec![0u16; cells.len()];
    for y in (0..height).rev() {
        for x in (0..width).rev() {
            let at = y * width + x;
            if Terrain::of(cells[at]) != Some(layer) {
                continue;
            }
            let side = |x: usize, y: usize| {
                if x < width && y < height {
                    sides[y * width + x]
                } else {
                    0
                }
            };
            sides[at] = 1 + side(x + 1, y).min(side(x, y + 1)).min(side(x + 1, y + 1));
        }
    }
    sides
}

/// The map in Moving AI's format.
impl fmt::Display for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "type octile")?;
        writeln!(f, "height {}", self.height)?;
        writeln!(f, "width {}", self.width)?;
        writeln!(f, "map")?;
        for row in self.cells.chunks(self.width) {
            writeln!(f, "{}", String::from_utf8_lossy(row))?;
        }
        Ok(())
    }
}

/// Reads a map from `input`, whose first line `first` (number `line`) has been read and is
/// `type ...`.
pub fn read_map(input: &mut impl Lines, (line, first): (usize, &str)) -> Result<Map, ParseError> {
    let mut words = first.split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some("type"), Some("octile"), None) => {}
        (Some("type"), Some(other), None) => {
            return Err(ParseError::new(
                line,
                format!(
                    "a map of type {}: only octile maps are read (8 neighbours, √2 diagonals)",
                    quoted(other)
                ),
            ));
        }
        _ => return Err(ParseError::new(line, "a map starts with `type octile`")),
    }
    let height = header_number(input, "height")?;
    let width = header_number(input, "width")?;
    match input.next_line()? {
        Some((_, "map")) => {}
        Some((line, text)) => {
            return Err(ParseError::new(
                line,
                format!("expected `map`, found {}", quoted(text)),
            ));
        }
        None => return Err(ParseError::new(input.line_read(), "the map is missing")),
    }
    check_sides(width, height).map_err(|message| ParseError::new(input.line_read(), message))?;
    let mut cells = Vec::with_capacity(width * height);
    for row in 0..height {
        let Some((line, text)) = input.next_line()? else {
            return Err(ParseError::new(
                input.line_read(),
                format!("the map ends after {row} of its {height} rows"),
            ));
        };
        let text = text.trim_end();
        if text.len() != width {
            return Err(ParseError::new(
                line,
                format!(
                    "a row of {} cells, where the map is {width} wide",
                    text.len()
                ),
            ));
        }
        if let Some(bad) = text.bytes().position(|cell| Terrain::of(cell).is_none()) {
            let found = text[bad..].chars().next().expect("a character");
            return Err(ParseError::new(
                line,
                format!(
                    "{found:?} in column {} is not a map cell (ground . G, swamp S, water W, \
                     blocked @ O T)",
                    bad + 1
                ),
            ));
        }
        cells.extend_from_slice(text.as_bytes());
    }
    Map::new(width, height, cells).map_err(|message| ParseError::new(input.line_read(), message))
}

/// The last component of `path`, with either separator.
pub fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// Reads the header line `name N`.
fn header_number(input: &mut impl Lines, name: &str) -> Result<usize, ParseError> {
    let Some((line, text)) = input.next_line()? else {
        return Err(ParseError::new(
            input.line_read(),
            format!("the map's header ends before `{name}`"),
        ));
    };
    let mut words = text.split_whitespace();
    match (
        words.next(),
        words.next().map(str::parse::<usize>),
        words.next(),
    ) {
        (Some(word), Some(Ok(number)), None) if word == name => Ok(number),
        _ => Err(ParseError::new(
            line,
            format!("expected `{name} N`, found {}", quoted(text)),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Map, ParseError> {
        let mut input = TextLines::new(text);
        let (line, first) = input.next_line().unwrap().unwrap();
        let first = first.to_string();
        read_map(&mut input, (line, &first))
    }

    #[test]
    fn a_map_reads_and_prints_back() {
        let text = "type octile\nheight 2\nwidth 3\nmap\n.@G\nTS.\n";
        let map = parse(text).unwrap();
        assert_eq!((map.width(), map.height()), (3, 2));
        assert!(map.is_passable(0) && !map.is_passable(1) && map.is_passable(2));
        assert!(!map.is_passable(3) && map.is_passable(4));
        assert_eq!(map.to_string(), text);
        assert_eq!(map.cell(2, 1), Some(5));
        assert_eq!(map.cell(3, 0), None);
        assert_eq!(map.position(5), (2, 1));
    }

    #[test]
    fn bad_maps_name_their_line() {
        let errors = [
            (
                "type octile\nheight 2\nwidth 3\nmap\n.@G\nT.\n",
                "line 6: a row of 2 cells",
            ),
            (
                "type octile\nheight 2\nwidth 3\nmap\n.@G\nTx.\n",
                "line 6: 'x' in column 2",
            ),
            (
                "type octile\nheight 2\nwidth 3\nmap\n.@G\n",
                "line 5: the map ends after 1",
            ),
            ("type octile\nwidth 3\n", "line 2: expected `height N`"),
            (
                "type hex\nheight 2\nwidth 3\nmap\n...\n...\n",
                "line 1: a map of type \"hex\": only octile maps are read (8 neighbours, √2 diagonals)",
            ),
            (
                "type octile\nheight 0\nwidth 3\nmap\n",
                "line 4: a map of 3 x 0",
            ),
            (
                "type octile\nheight 2\nwidth 3\nmop\n",
                "line 4: expected `map`",
            ),
        ];
        for (text, expected) in errors {
            let error = parse(text).unwrap_err().to_string();
            assert!(error.starts_with(expected), "{text:?}: {error}");
        }
    }
}
