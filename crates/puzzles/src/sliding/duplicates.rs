//! Move strings that a depth-first search of a sliding puzzle need not try: each leads to the
//! same board as another string, no longer, earlier in the order of [`Move::ALL`], whose blank
//! visits no cell that its own does not (so the twin can be played wherever the string can).
//! The smallest: the blank going six times round a 2×2 square one way (`rdlurd`) does what six
//! times the other way does (`druldr`).
//!
//! They are found by a breadth-first enumeration of strings on a board large enough that no edge
//! is met ([`duplicate_strings`]) and handed to the engine's [`MoveAutomaton`], which IDA* steps
//! along its path (Taylor & Korf 1993). Finding those of up to 14 moves takes seconds and most of
//! a gigabyte, so the solvers read them from `duplicate_moves.txt`, which the enumeration wrote
//! (a test checks the file against it: run `STATESPACE_WRITE_DUPLICATES=1 cargo test --release
//! -p statespace-puzzles -- --ignored duplicate_file` to check all of it, or write it again).

use std::sync::OnceLock;

use rustc_hash::FxHashMap;
use statespace_engine::move_pruning::{MoveAutomaton, MoveState};

use super::Move;

/// The longest duplicate strings looked for ([`duplicate_strings`]), and held in
/// `duplicate_moves.txt`.
pub const MAX_DUPLICATE_LENGTH: usize = 14;

/// The longest duplicate strings worth pruning on a board of `cells` cells: up to 16 cells,
/// searches are short, and the automaton of longer strings takes longer to make than it saves
/// (Korf's 100: see BENCHMARKS.md).
pub fn default_duplicate_length(cells: usize) -> usize {
    if cells > 16 { MAX_DUPLICATE_LENGTH } else { 10 }
}

/// Every duplicate string of at most [`MAX_DUPLICATE_LENGTH`] moves, as [`duplicate_strings`]
/// finds them: a line of letters each, shortest first, after `#` comments.
const DUPLICATE_FILE: &str = include_str!("duplicate_moves.txt");

/// The automaton that forbids every duplicate string of at most `max_len` moves (see the module
/// documentation), over the moves' indices in [`Move::ALL`]; made once per process and length.
pub fn duplicate_automaton(max_len: usize) -> &'static MoveAutomaton {
    static AUTOMATA: [OnceLock<MoveAutomaton>; MAX_DUPLICATE_LENGTH + 1] =
        [const { OnceLock::new() }; MAX_DUPLICATE_LENGTH + 1];
    AUTOMATA[max_len.min(MAX_DUPLICATE_LENGTH)].get_or_init(|| {
        let strings = listed_strings().filter(|string| string.len() <= max_len);
        MoveAutomaton::new(Move::ALL.len(), strings)
            .expect("the duplicate strings of at most 14 moves need fewer than 65,536 states")
    })
}

/// The strings of `duplicate_moves.txt`, as move indices.
fn listed_strings() -> impl Iterator<Item = Vec<usize>> {
    DUPLICATE_FILE
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            line.chars()
                .map(|letter| Move::from_letter(letter).expect("a move letter") as usize)
                .collect()
        })
}

/// A string of moves packed two bits a move, the first move highest: among strings of one
/// length, numeric order is the order of [`Move::ALL`].
type Packed = u32;

/// Every duplicate string of at most `max_len` moves (at most [`MAX_DUPLICATE_LENGTH`]) none of
/// whose proper substrings is one, as move indices, shortest first.
pub fn duplicate_strings(max_len: usize) -> Vec<Vec<usize>> {
    assert!(
        max_len <= MAX_DUPLICATE_LENGTH,
        "strings of at most {MAX_DUPLICATE_LENGTH} moves"
    );
    let mut plane = Plane::new(max_len);
    // The first string found for each effect (by a hash of it, checked exactly on a match): the
    // shortest, and the earliest among those.
    let mut first: FxHashMap<u128, (usize, Packed)> = FxHashMap::default();
    let mut found: Vec<Vec<usize>> = Vec::new();
    let mut frontier: Vec<Packed> = vec![0];
    for len in 1..=max_len {
        // The strings found so far, to skip the extensions that end with one.
        let automaton = MoveAutomaton::new(Move::ALL.len(), &found)
            .expect("the duplicate strings of at most 14 moves need fewer than 65,536 states");
        let mut next = Vec::new();
        for &prefix in &frontier {
            let state = walk(&automaton, prefix, len - 1);
            let last = (len > 1).then(|| Move::ALL[(prefix & 3) as usize]);
            for (index, mv) in Move::ALL.into_iter().enumerate() {
                if last == Some(mv.inverse()) || automaton.step(state, index).is_none() {
                    continue;
                }
                let string = prefix << 2 | index as Packed;
                let hash = plane.effect_hash(string, len);
                match first.get(&hash) {
                    None => {
                        first.insert(hash, (len, string));
                        next.push(string);
                    }
                    Some(&(twin_len, twin)) => {
                        if plane.effect(string, len) == plane.effect(twin, twin_len)
                            && plane.covers(string, len, twin, twin_len)
                        {
                            found.push(unpack(string, len));
                        } else {
                            next.push(string);
                        }
                    }
                }
            }
        }
        frontier = next;
    }
    found
}

/// The automaton's state after `string` of `len` moves (none of them forbidden).
fn walk(automaton: &MoveAutomaton, string: Packed, len: usize) -> MoveState {
    unpack(string, len)
        .into_iter()
        .fold(MoveAutomaton::START, |state, index| {
            automaton
                .step(state, index)
                .expect("a string without a forbidden part")
        })
}

fn unpack(string: Packed, len: usize) -> Vec<usize> {
    (0..len)
        .rev()
        .map(|at| (string >> (2 * at) & 3) as usize)
        .collect()
}

/// A square board with the blank in the middle, wide enough for any string of `reach` moves.
struct Plane {
    side: i32,
    tiles: Vec<u16>,
}

impl Plane {
    fn new(reach: usize) -> Self {
        let side = 2 * reach as i32 + 1;
        Self {
            side,
            tiles: (0..(side * side) as u16).collect(),
        }
    }

    fn centre(&self) -> i32 {
        self.side * self.side / 2
    }

    fn offset(&self, mv: Move) -> i32 {
        match mv {
            Move::Down => self.side,
            Move::Left => -1,
            Move::Right => 1,
            Move::Up => -self.side,
        }
    }

    /// The blank's path along `string` from the centre (its first `len + 1` cells).
    fn path(&self, string: Packed, len: usize) -> [i32; MAX_DUPLICATE_LENGTH + 1] {
        let mut path = [self.centre(); MAX_DUPLICATE_LENGTH + 1];
        for at in 0..len {
            let mv = Move::ALL[(string >> (2 * (len - 1 - at)) & 3) as usize];
            path[at + 1] = path[at] + self.offset(mv);
        }
        path
    }

    /// The cells the blank visits along `string`, the start included, in order.
    fn visited(&self, string: Packed, len: usize) -> Vec<i32> {
        let mut cells = self.path(string, len)[..=len].to_vec();
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// Plays `string` from the centre; returns the blank's path.
    fn play(&mut self, string: Packed, len: usize) -> [i32; MAX_DUPLICATE_LENGTH + 1] {
        let path = self.path(string, len);
        for step in path[..=len].windows(2) {
            self.tiles.swap(step[0] as usize, step[1] as usize);
        }
        path
    }

    /// A 128-bit hash of what `string` does (of the tiles it displaces, with their cells).
    fn effect_hash(&mut self, string: Packed, len: usize) -> u128 {
        let path = self.play(string, len);
        let mut hash = 0u128;
        for &cell in &path[..=len] {
            let tile = self.tiles[cell as usize];
            if i32::from(tile) != cell {
                // A sum, so that the order of the cells does not matter.
                let pair = (cell as u64) << 16 | u64::from(tile);
                hash = hash.wrapping_add(u128::from(mix(pair)) << 64 | u128::from(mix(!pair)));
                self.tiles[cell as usize] = cell as u16;
            }
        }
        hash
    }

    /// What `string` does: the tiles it displaces, as cell and tile pairs by cell.
    fn effect(&mut self, string: Packed, len: usize) -> Vec<u16> {
        let cells = self.visited(string, len);
        self.play(string, len);
        let mut effect = Vec::new();
        for &cell in &cells {
            let tile = self.tiles[cell as usize];
            if i32::from(tile) != cell {
                effect.extend([cell as u16, tile]);
            }
            self.tiles[cell as usize] = cell as u16;
        }
        effect
    }

    /// Whether the blank of `twin` visits only cells that the blank of `string` visits.
    fn covers(&self, string: Packed, len: usize, twin: Packed, twin_len: usize) -> bool {
        let own = self.visited(string, len);
        self.visited(twin, twin_len)
            .iter()
            .all(|cell| own.binary_search(cell).is_ok())
    }
}

/// A bijective 64-bit mix (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(string: &[usize]) -> String {
        string
            .iter()
            .map(|&index| Move::ALL[index].letter())
            .collect()
    }

    #[test]
    fn the_shortest_duplicates_go_round_a_square() {
        let strings: Vec<String> = duplicate_strings(6).iter().map(|s| letters(s)).collect();
        assert_eq!(strings, ["ldruld", "rdlurd", "uldrul", "urdlur"]);
    }

    /// `duplicate_moves.txt` as [`duplicate_strings`] writes it.
    fn file_text(strings: &[Vec<usize>]) -> String {
        let mut text = String::from(
            "# Duplicate move strings of the sliding puzzles, up to 14 moves, shortest first: written\n\
             # by `duplicate_strings` (see duplicates.rs), which a test checks this file against.\n",
        );
        for string in strings {
            text.push_str(&letters(string));
            text.push('\n');
        }
        text
    }

    #[test]
    fn the_file_begins_with_the_strings_found() {
        let found = duplicate_strings(10);
        let listed: Vec<Vec<usize>> = listed_strings().take(found.len() + 1).collect();
        assert_eq!(listed[..found.len()], found[..]);
        assert!(listed[found.len()].len() > 10);
    }

    /// Seconds and most of a gigabyte in a release build: `--ignored`. With
    /// `STATESPACE_WRITE_DUPLICATES=1`, writes the file instead of checking it.
    #[test]
    #[ignore = "takes seconds and most of a gigabyte: checks duplicate_moves.txt by --ignored"]
    fn duplicate_file() {
        let text = file_text(&duplicate_strings(MAX_DUPLICATE_LENGTH));
        if std::env::var_os("STATESPACE_WRITE_DUPLICATES").is_some() {
            let path = concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/src/sliding/duplicate_moves.txt"
            );
            std::fs::write(path, text).unwrap();
        } else {
            assert!(
                text == DUPLICATE_FILE,
                "duplicate_moves.txt is not what is found"
            );
        }
    }

    #[test]
    fn counts_by_length() {
        let strings = duplicate_strings(10);
        let count = |len| strings.iter().filter(|s| s.len() == len).count();
        assert_eq!((6..=10).map(count).collect::<Vec<_>>(), [4, 2, 24, 30, 236]);
    }
}
