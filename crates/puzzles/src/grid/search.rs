//! A grid answer with the picture of its search: the cells expanded and the jump points found,
//! as bitmaps of the map, so that an answer on a map of 1,024 × 1,024 cells takes at most
//! 256 KiB a bitmap whatever the search did.

use serde::Serialize;
use statespace_grid::{GridAnswer, Map, SearchTrace};

/// A scenario's answer, and what its search did when the options ask for it (`search: true`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GridReply {
    /// The path and its length.
    #[serde(flatten)]
    pub answer: GridAnswer,
    /// What the search did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<SearchPicture>,
}

/// A search's cells on a map of `width` × `height`: each bitmap a hexadecimal digit per four
/// cells, row by row, the first of the four its highest bit (8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SearchPicture {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The cells expanded (for jump point search, the jump points expanded).
    pub expanded: String,
    /// How many cells `expanded` marks.
    pub expanded_cells: usize,
    /// For jump point search, every jump point found (expanded or not); `None` for the others.
    pub jump_points: Option<String>,
    /// How many cells `jump_points` marks.
    pub jump_point_cells: usize,
}

impl SearchPicture {
    /// The picture of `trace` on `map`, with its jump points when `jumps` (jump point search).
    pub fn new(map: &Map, trace: &SearchTrace, jumps: bool) -> Self {
        let (expanded, expanded_cells) = bitmap(map, &trace.expanded);
        let (jump_points, jump_point_cells) = if jumps {
            let (bits, count) = bitmap(map, trace.expanded.iter().chain(&trace.reached));
            (Some(bits), count)
        } else {
            (None, 0)
        };
        Self {
            width: map.width(),
            height: map.height(),
            expanded,
            expanded_cells,
            jump_points,
            jump_point_cells,
        }
    }
}

/// The bitmap of `cells` on `map` in hexadecimal (see [`SearchPicture`]), and how many cells
/// it marks.
fn bitmap<'a>(map: &Map, cells: impl IntoIterator<Item = &'a u32>) -> (String, usize) {
    let mut digits = vec![0u8; map.cells().div_ceil(4)];
    for &cell in cells {
        digits[cell as usize / 4] |= 8 >> (cell % 4);
    }
    let marked = digits.iter().map(|digit| digit.count_ones() as usize).sum();
    let text = digits
        .into_iter()
        .map(|digit| char::from_digit(u32::from(digit), 16).expect("a digit below 16"))
        .collect();
    (text, marked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitmaps_mark_each_cell_once_first_cell_highest() {
        let map = Map::parse("type octile\nheight 2\nwidth 3\nmap\n...\n...\n").unwrap();
        let trace = SearchTrace {
            expanded: vec![0, 5, 0],
            reached: vec![1, 4, 4],
        };
        let picture = SearchPicture::new(&map, &trace, true);
        assert_eq!((picture.width, picture.height), (3, 2));
        assert_eq!(
            (picture.expanded.as_str(), picture.expanded_cells),
            ("84", 2)
        );
        assert_eq!(picture.jump_points.as_deref(), Some("cc"));
        assert_eq!(picture.jump_point_cells, 4);
        assert_eq!(SearchPicture::new(&map, &trace, false).jump_points, None);
    }
}
