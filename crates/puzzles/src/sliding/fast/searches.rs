//! The small searches of the fast method: walks of the blank or of a tile over the open cells
//! (indexed by a slot per cell, so that a short walk costs what it visits), and the exact
//! search for the last tiles inside a window of a few cells.

use statespace_engine::index::StateIndex;
use statespace_engine::{Domain, Footprint, PerfectHash, visited_set_from_state_index};

use crate::sliding::board::{Move, Shape};

/// The cells a walk has visited: a slot per cell (a cell is its own rank), cleared by undoing
/// only the slots that were filled, so that a short walk on a large board costs what it visits.
#[derive(Debug, Default)]
pub(super) struct CellIndex {
    slots: Vec<u32>,
    filled: Vec<usize>,
}

const VACANT: u32 = u32::MAX;

impl Footprint for CellIndex {
    fn bytes_to_insert(&self) -> u64 {
        // The slots grow to the board's cells at most, a few per cell.
        (self.slots.capacity() * size_of::<u32>()) as u64 + self.filled.bytes_to_insert()
    }
}

impl StateIndex<usize> for CellIndex {
    fn get(&self, &cell: &usize) -> Option<u32> {
        self.slots.get(cell).copied().filter(|&node| node != VACANT)
    }

    fn clear(&mut self) {
        for cell in self.filled.drain(..) {
            self.slots[cell] = VACANT;
        }
    }

    fn get_or_insert(&mut self, &cell: &usize, node: u32) -> Option<u32> {
        if cell >= self.slots.len() {
            self.slots.resize(cell + 1, VACANT);
        }
        match std::mem::replace(&mut self.slots[cell], node) {
            VACANT => {
                self.filled.push(cell);
                None
            }
            known => {
                self.slots[cell] = known;
                Some(known)
            }
        }
    }
}

visited_set_from_state_index!(CellIndex, usize);

/// The cell `step` leads to from `cell` on a board `cols` wide (the step must stay on it).
pub(super) fn step_from(cell: usize, cols: usize, step: Move) -> usize {
    match step {
        Move::Down => cell + cols,
        Move::Left => cell - 1,
        Move::Right => cell + 1,
        Move::Up => cell - cols,
    }
}

/// A walk over the cells of the board that are not blocked (for the blank, or for a tile's
/// route), to any cell where `goal` holds.
pub(super) struct Walk<'a, G> {
    pub(super) shape: Shape,
    pub(super) blocked: &'a [bool],
    pub(super) goal: G,
}

impl<G: Fn(usize) -> bool> Domain for Walk<'_, G> {
    type State = usize;
    type Action = Move;

    fn actions(&self, &cell: &usize, out: &mut Vec<Move>) {
        // The row and column once per cell: a walk expands millions of cells on large boards.
        let cols = self.shape.cols();
        let (row, col) = (cell / cols, cell % cols);
        let open = [
            row + 1 < self.shape.rows(),
            col > 0,
            col + 1 < cols,
            row > 0,
        ];
        for (step, open) in Move::ALL.into_iter().zip(open) {
            if open && !self.blocked[step_from(cell, cols, step)] {
                out.push(step);
            }
        }
    }

    fn apply(&self, cell: &mut usize, step: Move) {
        *cell = step_from(*cell, self.shape.cols(), step);
    }

    fn invert(&self, step: Move) -> Option<Move> {
        Some(step.inverse())
    }

    fn is_goal(&self, &cell: &usize) -> bool {
        (self.goal)(cell)
    }
}

impl<G: Fn(usize) -> bool> PerfectHash for Walk<'_, G> {
    fn size(&self) -> u64 {
        self.shape.cells() as u64
    }
    fn rank(&self, &cell: &usize) -> u64 {
        cell as u64
    }
    fn unrank(&self, rank: u64) -> usize {
        rank as usize
    }
}

/// The blank and up to three tiles inside a few cells; the other tiles there are
/// interchangeable. A state holds the window indices of the blank and of each tracked tile.
pub(super) struct Window<'a> {
    pub(super) shape: Shape,
    pub(super) cells: &'a [usize],
    /// Where each tracked tile must end ([`Window::UNUSED`] for the blank and unused slots).
    pub(super) goal: [u8; 4],
}

impl Window<'_> {
    pub(super) const UNUSED: u8 = u8::MAX;

    fn next(&self, index: u8, step: Move) -> Option<u8> {
        let next = self.shape.neighbor(self.cells[usize::from(index)], step)?;
        self.cells.iter().position(|&c| c == next).map(|i| i as u8)
    }
}

impl Domain for Window<'_> {
    type State = [u8; 4];
    type Action = Move;

    fn actions(&self, state: &[u8; 4], out: &mut Vec<Move>) {
        out.extend(
            Move::ALL
                .into_iter()
                .filter(|&step| self.next(state[0], step).is_some()),
        );
    }

    fn apply(&self, state: &mut [u8; 4], step: Move) {
        let next = self.next(state[0], step).expect("a listed step");
        let blank = state[0];
        for tile in &mut state[1..] {
            if *tile == next {
                *tile = blank;
            }
        }
        state[0] = next;
    }

    fn invert(&self, step: Move) -> Option<Move> {
        Some(step.inverse())
    }

    fn is_goal(&self, state: &[u8; 4]) -> bool {
        state[1..] == self.goal[1..]
    }
}
