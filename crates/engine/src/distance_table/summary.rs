//! What a researcher reads off a whole table at once: how many states reach a goal, how many
//! do not, and the greatest distance (God's number, for a table of the whole space).

use super::{DistanceTable, Distances, UNREACHED, UNREACHED_WIDE};

impl DistanceTable {
    /// The number of states from which a goal can be reached.
    ///
    /// ```
    /// use statespace_engine::distance_table::{DistanceTable, UNREACHED};
    /// let table = DistanceTable::from_bytes(vec![0, 1, UNREACHED, 2, 1]);
    /// assert_eq!(table.reached(), 4);
    /// assert_eq!(table.unreached(), 1);
    /// assert_eq!(table.max_distance(), Some(2));
    /// ```
    pub fn reached(&self) -> u64 {
        match &self.distances {
            Distances::Bytes(bytes) => bytes.iter().filter(|&&d| d != UNREACHED).count() as u64,
            Distances::Wide(words) => words.iter().filter(|&&d| d != UNREACHED_WIDE).count() as u64,
        }
    }

    /// The number of states from which no goal can be reached (other parities, other orbits).
    pub fn unreached(&self) -> u64 {
        self.len() as u64 - self.reached()
    }

    /// The greatest distance of a state that reaches a goal (God's number, when the goals are
    /// the solved states), or `None` when none does.
    pub fn max_distance(&self) -> Option<u16> {
        match &self.distances {
            Distances::Bytes(bytes) => bytes
                .iter()
                .filter(|&&d| d != UNREACHED)
                .max()
                .map(|&d| u16::from(d)),
            Distances::Wide(words) => words
                .iter()
                .filter(|&&d| d != UNREACHED_WIDE)
                .max()
                .copied(),
        }
    }
}
