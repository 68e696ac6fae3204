//! Moving AI's terrain: `.` and `G` ground, `S` swamp (ground for movement), `W` water, `@`,
//! `O` and `T` blocked. No step joins water to ground or swamp, so a map is two worlds, land
//! and water, that a search never leaves.
//!
//! [`Costs`] weigh the cells: a step costs its length (1 or √2) times the cost of the cell it
//! enters. Costs are whole numbers, so that lengths stay exact sums `a + b√2` with `a` and `b`
//! whole ([`Octile`](crate::Octile)) and no two different paths tie by rounding.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What a cell is for walking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// `@`, `O`, `T`: never entered.
    Blocked,
    /// `.`, `G`, `S`: ground and swamp, one world.
    Land,
    /// `W`: water, a world of its own.
    Water,
}

impl Terrain {
    /// The terrain of the map character `cell`; `None` for a character that is not a cell.
    pub fn of(cell: u8) -> Option<Terrain> {
        match cell {
            b'.' | b'G' | b'S' => Some(Terrain::Land),
            b'W' => Some(Terrain::Water),
            b'@' | b'O' | b'T' => Some(Terrain::Blocked),
            _ => None,
        }
    }
}

/// The letters that take a cost, in the order [`Costs`] keeps them.
const LETTERS: [u8; 4] = [b'.', b'G', b'S', b'W'];

/// The largest cost a letter may have: a path's length is kept as two 32-bit sums, and
/// [`Costs::check_fits`] bounds them by the map's cells times the largest cost.
pub const MAX_COST: u32 = 1_000_000;

/// A whole cost per passable letter (`.`, `G`, `S`, `W`), 1 where none is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Costs {
    per_letter: [u32; 4],
}

impl Default for Costs {
    fn default() -> Self {
        Self { per_letter: [1; 4] }
    }
}

impl Costs {
    /// Every cell costs 1: Moving AI's benchmark.
    pub fn uniform() -> Self {
        Self::default()
    }

    /// These costs with `letter` costing `cost`.
    ///
    /// # Errors
    /// When `letter` is blocked or not a map letter, or `cost` is 0 or above [`MAX_COST`].
    pub fn with(mut self, letter: char, cost: u32) -> Result<Self, String> {
        let slot = LETTERS
            .iter()
            .position(|&known| char::from(known) == letter)
            .ok_or_else(|| match u8::try_from(letter).ok().and_then(Terrain::of) {
                Some(_) => format!("{letter:?} is blocked: only . G S W take a cost"),
                None => format!("{letter:?} is not a map letter (. G S W take a cost)"),
            })?;
        if !(1..=MAX_COST).contains(&cost) {
            return Err(format!(
                "a cost of {cost} for {letter:?}: from 1 to {MAX_COST}, please"
            ));
        }
        self.per_letter[slot] = cost;
        Ok(self)
    }

    /// The costs written `S=3,W=2` (letters `.`, `G`, `S`, `W`, each a whole number from 1).
    ///
    /// # Errors
    /// One line naming the part that is wrong: no `=`, a letter that takes no cost, a cost that
    /// is not a whole number from 1 to [`MAX_COST`] (negative, zero, NaN, a fraction).
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut costs = Self::default();
        for part in text.split(',').map(str::trim) {
            let Some((letter, cost)) = part.split_once('=') else {
                return Err(format!("{part:?} is not LETTER=COST (such as S=3,W=2)"));
            };
            let mut letters = letter.trim().chars();
            let (Some(letter), None) = (letters.next(), letters.next()) else {
                return Err(format!("{letter:?} is not one map letter (. G S W)"));
            };
            let cost = cost.trim();
            let whole = cost.parse::<u32>().map_err(|_| {
                format!(
                    "the cost of {letter:?}, {cost:?}, is not a whole number from 1 to \
                     {MAX_COST} (costs are whole, so that lengths stay exact)"
                )
            })?;
            costs = costs.with(letter, whole)?;
        }
        Ok(costs)
    }

    /// The cost of entering a cell of character `cell` (1 for a blocked one, never entered).
    #[inline(always)]
    pub fn of(&self, cell: u8) -> u32 {
        match cell {
            b'.' => self.per_letter[0],
            b'G' => self.per_letter[1],
            b'S' => self.per_letter[2],
            b'W' => self.per_letter[3],
            _ => 1,
        }
    }

    /// Whether every letter costs 1.
    pub fn is_uniform(&self) -> bool {
        self.per_letter == [1; 4]
    }

    /// The least cost of a cell of `terrain`: a step there costs at least its length times it.
    pub fn least(&self, terrain: Terrain) -> u32 {
        let [ground, goal, swamp, water] = self.per_letter;
        match terrain {
            Terrain::Water => water,
            _ => ground.min(goal).min(swamp),
        }
    }

    /// The largest cost of a letter.
    pub fn largest(&self) -> u32 {
        self.per_letter.into_iter().max().unwrap_or(1)
    }

    /// Refuses costs under which a path on a map of `cells` cells could overflow a length's
    /// sums (each at most the cells times the largest cost, below 2^32).
    ///
    /// # Errors
    /// The figures, in one line.
    pub fn check_fits(&self, cells: usize) -> Result<(), String> {
        let most = u64::from(self.largest()) * cells as u64;
        if most <= u64::from(u32::MAX) {
            return Ok(());
        }
        Err(format!(
            "a cost of {} on a map of {cells} cells: a path could weigh {most}, over the {} \
             lengths hold; at most {} on this map",
            self.largest(),
            u32::MAX,
            u64::from(u32::MAX) / cells.max(1) as u64
        ))
    }
}

/// As `--cost` takes them: the letters whose cost is not 1 (`S=3,W=2`), or `1` when none.
impl fmt::Display for Costs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = LETTERS
            .iter()
            .zip(self.per_letter)
            .filter(|&(_, cost)| cost != 1)
            .map(|(&letter, cost)| format!("{}={cost}", char::from(letter)))
            .collect();
        if parts.is_empty() {
            f.write_str("1")
        } else {
            f.write_str(&parts.join(","))
        }
    }
}

/// As text, `S=3,W=2` (`1`: every letter costs 1).
impl Serialize for Costs {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Costs {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        match text.trim() {
            "" | "1" => Ok(Costs::default()),
            text => Costs::parse(text).map_err(serde::de::Error::custom),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_read_and_default_to_one() {
        let costs = Costs::parse("S=3, W=2").unwrap();
        assert_eq!(
            [b'.', b'G', b'S', b'W', b'@'].map(|cell| costs.of(cell)),
            [1, 1, 3, 2, 1]
        );
        assert_eq!(
            (costs.least(Terrain::Land), costs.least(Terrain::Water)),
            (1, 2)
        );
        assert_eq!(costs.to_string(), "S=3,W=2");
        assert!(!costs.is_uniform() && Costs::parse(".=1").unwrap().is_uniform());
        let dear = Costs::parse(".=5,G=4,S=7").unwrap();
        assert_eq!(dear.least(Terrain::Land), 4);
    }

    #[test]
    fn bad_costs_are_refused_in_one_line() {
        let errors = [
            ("S=-1", "the cost of 'S', \"-1\", is not a whole number"),
            ("S=0", "a cost of 0 for 'S': from 1 to 1000000"),
            ("S=NaN", "the cost of 'S', \"NaN\", is not a whole number"),
            ("S=1.5", "the cost of 'S', \"1.5\", is not a whole number"),
            ("S=x", "the cost of 'S', \"x\", is not a whole number"),
            ("S=", "the cost of 'S', \"\", is not a whole number"),
            ("X=2", "'X' is not a map letter"),
            ("@=2", "'@' is blocked"),
            ("SW=2", "\"SW\" is not one map letter"),
            ("S", "\"S\" is not LETTER=COST"),
            ("S=99999999999", "the cost of 'S', \"99999999999\""),
        ];
        for (text, expected) in errors {
            let error = Costs::parse(text).unwrap_err();
            assert!(error.starts_with(expected), "{text}: {error}");
            assert!(!error.contains('\n'));
        }
    }

    #[test]
    fn costs_that_could_overflow_a_length_are_refused() {
        let costs = Costs::parse("W=1000").unwrap();
        assert!(costs.check_fits(4_000_000).is_ok());
        let error = costs.check_fits(5_000_000).unwrap_err();
        assert!(error.ends_with("at most 858 on this map"), "{error}");
    }
}
