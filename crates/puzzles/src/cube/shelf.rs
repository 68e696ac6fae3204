//! The cube's tables shared by every solver of the process that needs the same ones: a server
//! keeps solvers for many option sets (each longest answer, each number of probes), and each
//! would otherwise build or map its own copy of tables that depend on none of those options.

use std::sync::{Arc, Mutex, PoisonError, Weak};

use statespace_engine::StopReason;

/// Tables of one type by what they depend on (`K`), each kept while a solver holds it.
pub(super) struct Shelf<K, T> {
    kept: Mutex<Vec<(K, Weak<T>)>>,
}

impl<K: PartialEq, T> Shelf<K, T> {
    /// No table yet.
    pub(super) const fn new() -> Self {
        Self {
            kept: Mutex::new(Vec::new()),
        }
    }

    /// The table for `key` that a solver holds already, or else the one `build` makes, with
    /// its line. One build of a shelf runs at a time, so that two solvers needing the same
    /// table never build it side by side (twice the memory).
    pub(super) fn get_or_build(
        &self,
        key: K,
        build: impl FnOnce() -> Result<(T, String), StopReason>,
    ) -> Result<(Arc<T>, Option<String>), StopReason> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.retain(|(_, table)| table.strong_count() > 0);
        let held = kept
            .iter()
            .find(|(kept_key, _)| *kept_key == key)
            .and_then(|(_, table)| table.upgrade());
        if let Some(table) = held {
            return Ok((table, None));
        }
        let (table, note) = build()?;
        let table = Arc::new(table);
        kept.push((key, Arc::downgrade(&table)));
        Ok((table, Some(note)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_built_once_while_held_and_again_once_dropped() {
        let shelf: Shelf<u8, String> = Shelf::new();
        let build = |text: &str| {
            let text = text.to_string();
            move || Ok((text, "built".to_string()))
        };
        let (first, note) = shelf.get_or_build(1, build("one")).unwrap();
        assert_eq!(note.as_deref(), Some("built"));
        let (again, note) = shelf.get_or_build(1, build("other")).unwrap();
        assert!(Arc::ptr_eq(&first, &again), "the same table, shared");
        assert_eq!(note, None);
        let (two, _) = shelf.get_or_build(2, build("two")).unwrap();
        assert_eq!(*two, "two", "another key, another table");
        drop((first, again));
        let (rebuilt, note) = shelf.get_or_build(1, build("rebuilt")).unwrap();
        assert_eq!(
            (rebuilt.as_str(), note.as_deref()),
            ("rebuilt", Some("built"))
        );
        let refused = shelf.get_or_build(3, || Err(StopReason::MemoryLimit));
        assert_eq!(refused.unwrap_err(), StopReason::MemoryLimit);
    }
}
