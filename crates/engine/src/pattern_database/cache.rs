//! A folder of pattern databases: load what is there and sound, build and save the rest.

use std::path::{Path, PathBuf};

use super::{Header, PatternDatabase, PdbError, TableId};
use crate::StopReason;

/// The extension of table files.
const EXTENSION: &str = "pdb";

/// A folder of table files, one per table, named by the caller.
#[derive(Clone, Debug)]
pub struct TableCache {
    dir: PathBuf,
}

/// A table and where it came from.
#[derive(Debug)]
pub struct Cached {
    /// The table.
    pub table: PatternDatabase,
    /// Loaded, or built (and why, and whether it could be saved).
    pub origin: Origin,
}

/// Where a [`Cached`] table came from.
#[derive(Debug)]
pub enum Origin {
    /// Loaded from its file.
    Loaded,
    /// Built, because its file was missing (`refused` is `None`) or was refused; then saved, or
    /// not if `saved` is an error.
    Built {
        /// Why the file that was there could not be used.
        refused: Option<PdbError>,
        /// Whether the new table could be written.
        saved: Result<(), PdbError>,
    },
}

/// A file of a [`TableCache`] folder.
#[derive(Debug)]
pub struct TableFile {
    /// The file.
    pub path: PathBuf,
    /// Its header, or why it cannot be read.
    pub header: Result<Header, PdbError>,
}

impl TableCache {
    /// The cache in folder `dir` (created when the first table is saved).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The file of the table named `name`.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{name}.{EXTENSION}"))
    }

    /// The table named `name`: loaded if its file holds `id` undamaged, otherwise built with
    /// `build` and saved under that name. `build` is told why the file could not be used (`None`
    /// when there was none), so that it can say so before the wait. Fails only if the build stops.
    pub fn load_or_build(
        &self,
        name: &str,
        id: &TableId,
        build: impl FnOnce(Option<&PdbError>) -> Result<PatternDatabase, StopReason>,
    ) -> Result<Cached, StopReason> {
        let path = self.path(name);
        let refused = match PatternDatabase::load(&path, id) {
            Ok(table) => {
                return Ok(Cached {
                    table,
                    origin: Origin::Loaded,
                });
            }
            Err(error) if error.is_missing() => None,
            Err(error) => Some(error),
        };
        let table = build(refused.as_ref())?;
        let saved = std::fs::create_dir_all(&self.dir)
            .map_err(|error| PdbError::io(&self.dir, error))
            .and_then(|()| table.save(&path));
        Ok(Cached {
            table,
            origin: Origin::Built { refused, saved },
        })
    }

    /// The table files in the folder, sorted by name, each with its header or why it cannot be
    /// read. An absent folder holds no table.
    pub fn list(&self) -> Result<Vec<TableFile>, PdbError> {
        let entries = match std::fs::read_dir(&self.dir) {
            Ok(entries) => entries,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(error) => return Err(PdbError::io(&self.dir, error)),
        };
        let mut paths: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|entry| entry.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == EXTENSION))
            .collect();
        paths.sort();
        Ok(paths
            .into_iter()
            .map(|path| TableFile {
                header: Header::read(&path),
                path,
            })
            .collect())
    }
}
