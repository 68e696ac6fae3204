//! The map drawn around the walker along a path.

use statespace_grid::{Grid, GridCase, Step};

use crate::puzzle::Step as Board;

/// The most columns and rows of the map a drawing shows, around the walker (the page draws no
/// path line on a drawing this large: `drawGrid` in crates/web/src/page/drawings.js).
const WINDOW: (usize, usize) = (64, 32);

/// The map around `cell` (at most [`WINDOW`]), the walker as `*` and the goal as `G`.
pub fn draw(case: &GridCase, cell: u32) -> String {
    let map = &case.map;
    let (x, y) = map.position(cell);
    let window = |at: usize, side: usize, size: usize| {
        let first = at.saturating_sub(size / 2).min(side.saturating_sub(size));
        first..(first + size).min(side)
    };
    let mut text = String::new();
    for row in window(y, map.height(), WINDOW.1) {
        for column in window(x, map.width(), WINDOW.0) {
            let here = (row * map.width() + column) as u32;
            text.push(if here == cell {
                '*'
            } else if here == case.goal {
                'G'
            } else if map.is_passable(here) {
                '.'
            } else {
                '@'
            });
        }
        text.push('\n');
    }
    text
}

/// The start and the map after each step of `steps`.
pub fn steps(case: &GridCase, grid: &Grid, steps: &[Step]) -> Vec<Board> {
    let mut cell = case.start;
    let mut boards = Vec::with_capacity(steps.len() + 1);
    boards.push(Board::start(draw(case, cell)));
    for (number, &step) in steps.iter().enumerate() {
        statespace_engine::Domain::apply(grid, &mut cell, step);
        boards.push(Board::after(number + 1, step, draw(case, cell)));
    }
    boards
}

/// The start and the map at each waypoint after it (an any-angle path), each move named by
/// the waypoint's `X,Y`.
pub fn segments(case: &GridCase, points: &[(usize, usize)]) -> Vec<Board> {
    let mut boards = Vec::with_capacity(points.len());
    boards.push(Board::start(draw(case, case.start)));
    for (number, &(x, y)) in points.iter().enumerate().skip(1) {
        let cell = (y * case.map.width() + x) as u32;
        boards.push(Board::after(number, format!("{x},{y}"), draw(case, cell)));
    }
    boards
}
