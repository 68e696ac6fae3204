//! `solve grid --edits FILE`: cells opened and closed between scenarios, the map kept as the
//! edits leave it and the searcher's jumps and tables repaired with it.

use std::path::Path;
use std::sync::Arc;

use statespace_grid::{GridSearcher, Map, TimedEdit, read_edits};

use crate::puzzle::OptionsError;

/// The edits of a file, and the map as those applied so far have left it.
#[derive(Debug)]
pub(super) struct MapEdits {
    /// Every edit, in the order they apply.
    edits: Vec<TimedEdit>,
    /// How many have been applied.
    applied: usize,
    /// The map before any edit.
    original: Arc<Map>,
    /// The map after the edits applied.
    current: Arc<Map>,
}

impl MapEdits {
    /// The edits of the file at `path` on `map` (which they must fit), and the map scenarios
    /// are read against: `map` with every cell some edit opens open, so that a scenario may
    /// start or end on a wall that an edit before it opens (one that is a wall when it comes
    /// has no path).
    pub(super) fn load(path: &Path, map: &Arc<Map>) -> Result<(Self, Arc<Map>), OptionsError> {
        let text = std::fs::read_to_string(path).map_err(|error| {
            OptionsError::new(format!("cannot read {}: {error}", path.display()))
        })?;
        let edits = read_edits(&text, map)
            .map_err(|error| OptionsError::new(format!("{}: {error}", path.display())))?;
        let mut readable = Map::clone(map);
        for timed in edits.iter().filter(|timed| timed.edit.open) {
            readable.apply(&timed.edit);
        }
        let edits = Self {
            edits,
            applied: 0,
            original: map.clone(),
            current: map.clone(),
        };
        Ok((edits, Arc::new(readable)))
    }

    /// The map scenario `number` (from 1) is on: the edits before it applied by `searcher`,
    /// which repairs what it keeps for the map.
    pub(super) fn before(&mut self, number: usize, searcher: &mut GridSearcher) -> Arc<Map> {
        while let Some(timed) = self.edits.get(self.applied)
            && timed.before <= number
        {
            self.current = searcher.edit(&self.current, &timed.edit);
            self.applied += 1;
        }
        self.current.clone()
    }

    /// The map as the edits applied have left it.
    pub(super) fn current(&self) -> &Arc<Map> {
        &self.current
    }

    /// Whether an edit has been applied: the map is no longer the file's.
    pub(super) fn changed(&self) -> bool {
        self.applied > 0
    }

    /// Back to the map before any edit.
    pub(super) fn restart(&mut self) {
        self.applied = 0;
        self.current = self.original.clone();
    }
}
