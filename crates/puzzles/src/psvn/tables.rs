//! The pattern databases a domain's states are estimated by: abstractions given as text (a
//! front-end reads their files), or chosen within a memory budget (`auto[=SIZE]`), built or
//! loaded from the folder of tables, and combined by maximum; and the tables of abstraction
//! files built into that folder or verified there on their own (`statespace pdb build|verify
//! psvn`).

use std::path::{Path, PathBuf};

use statespace_engine::Limits;
use statespace_engine::pattern_database::{Origin, TableCache};
use statespace_psvn::{
    Abstraction, AutoOptions, LoadError, MaxPdb, PsvnDomain, PsvnPdb, Recomputed,
    choose_abstractions,
};

use crate::puzzle::{CaseLimits, OptionsError};

/// The tables of `specs` for `domain` (each an abstraction's text read under the name of the
/// same place in `files`, or `auto[=SIZE]`), kept in `folder` when one is given, within the
/// memory budget of `limits`; with a line for each that says what was built or chosen.
pub fn build(
    domain: &PsvnDomain,
    specs: &[String],
    files: &[String],
    folder: Option<&PathBuf>,
    limits: &CaseLimits,
) -> Result<(MaxPdb, Vec<String>), OptionsError> {
    let psvn = domain.psvn();
    let limits = limits.memory();
    let failed = |what: &str, error: &dyn std::fmt::Display| {
        OptionsError::new(format!("--pdb {what}: {error}"))
    };
    let (mut tables, mut notes) = (Vec::new(), Vec::new());
    for (at, spec) in specs.iter().enumerate() {
        if let Some(auto) = auto_options(spec) {
            let auto = auto.ok_or_else(|| {
                OptionsError::new(format!(
                    "--pdb {spec}: auto or auto=SIZE (64K, 2M, 1G), please"
                ))
            })?;
            let chosen =
                choose_abstractions(psvn, &auto, &limits).map_err(|error| failed(spec, &error))?;
            notes.push(format!(
                "--pdb {spec}: {} tables of {} bytes, mean estimate {:.2}: {}",
                chosen.tables.tables().len(),
                chosen.bytes(),
                chosen.mean,
                chosen
                    .abstractions()
                    .iter()
                    .map(|abstraction| one_line(abstraction))
                    .collect::<Vec<_>>()
                    .join("; ")
            ));
            tables.extend(chosen.tables.into_tables());
            continue;
        }
        let file = files.get(at).map_or("--pdb", String::as_str);
        let abstraction = parse_abstraction(domain, file, spec)?;
        let (table, origin) = match folder {
            Some(folder) => {
                PsvnPdb::load_or_build(psvn, &abstraction, &TableCache::new(folder), &limits)
                    .map(|(table, origin)| (table, Some(origin)))
            }
            None => PsvnPdb::build(psvn, &abstraction, &limits).map(|table| (table, None)),
        }
        .map_err(|error| failed(file, &error))?;
        notes.push(format!(
            "--pdb {file}: {} entries, mean {:.2}, {}",
            table.table().len(),
            table.mean(),
            match origin {
                Some(Origin::Loaded) => "loaded",
                Some(Origin::Built { .. }) => "built and kept",
                None => "built (no folder of tables to keep it in)",
            }
        ));
        tables.push(table);
    }
    Ok((MaxPdb::new(tables), notes))
}

/// Whether `spec` asks for abstractions chosen within a budget (`auto[=SIZE]`) rather than
/// naming an abstraction.
pub fn is_auto(spec: &str) -> bool {
    let word = spec.trim();
    word == "auto" || word.starts_with("auto=")
}

/// `spec` as `auto[=SIZE]`: `None` when it is not one, `Some(None)` when its size is bad.
fn auto_options(spec: &str) -> Option<Option<AutoOptions>> {
    is_auto(spec).then(|| AutoOptions::from_spec(spec.trim()))
}

/// An abstraction file's text on one line.
fn one_line(abstraction: &Abstraction) -> String {
    abstraction
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse_abstraction(
    domain: &PsvnDomain,
    file: &str,
    text: &str,
) -> Result<Abstraction, OptionsError> {
    Abstraction::parse(file, text, domain.psvn())
        .map_err(|error| OptionsError::new(error.to_string()))
}

/// The table of an abstraction file in a folder of tables: where, and what it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptTable {
    /// The abstraction file it is of.
    pub abstraction: String,
    /// The table's file.
    pub path: PathBuf,
    /// Its entries, one per abstract state.
    pub entries: u64,
    /// The mean of its entries that reach a goal.
    pub mean: f64,
    /// Its largest distance (abstract states that reach no goal aside).
    pub max: usize,
}

impl KeptTable {
    fn of(domain: &PsvnDomain, abstraction: &str, table: &PsvnPdb, cache: &TableCache) -> Self {
        let psvn = domain.psvn();
        Self {
            abstraction: abstraction.to_owned(),
            path: cache.path(&PsvnPdb::file_name(psvn, table.abstraction())),
            entries: table.table().len(),
            mean: table.mean(),
            max: table.table().histogram().len().saturating_sub(1),
        }
    }
}

/// How [`keep_table`] had the table: from its file, or built (and why its file was not used).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Its file was there, sound and of this domain and abstraction.
    Loaded,
    /// Built and saved: `refused` says why a file that was there was not used.
    Built { refused: Option<String> },
}

/// The table of the abstraction `text` (its file's path `file`) of `domain`, loaded from
/// `folder` or built within `limits` and saved there. An abstraction that does not parse or
/// apply, and a table over the budget, are refused (one line); a table that cannot be saved
/// is an error too, as keeping it was the point.
pub fn keep_table(
    domain: &PsvnDomain,
    file: &str,
    text: &str,
    folder: &Path,
    limits: &Limits,
) -> Result<(KeptTable, Kept), OptionsError> {
    let abstraction = parse_abstraction(domain, file, text)?;
    let cache = TableCache::new(folder);
    let (table, origin) = PsvnPdb::load_or_build(domain.psvn(), &abstraction, &cache, limits)
        .map_err(|error| OptionsError::new(format!("{file}: {error}")))?;
    let kept = KeptTable::of(domain, file, &table, &cache);
    let how = match origin {
        Origin::Loaded => Kept::Loaded,
        Origin::Built {
            saved: Err(error), ..
        } => {
            return Err(OptionsError::new(format!(
                "{file}: the table was built but could not be saved: {error}"
            )));
        }
        Origin::Built { refused, .. } => Kept::Built {
            refused: refused.map(|error| error.to_string()),
        },
    };
    Ok((kept, how))
}

/// What [`verify_table`] found.
#[derive(Clone, Debug, PartialEq)]
pub enum Verified {
    /// The file holds the table built again, entry for entry.
    Equal(KeptTable),
    /// The file is sound by its checksum but `differing` entries are not those built again;
    /// the first is `first` (rank, stored, built).
    Differs {
        /// The table.
        table: KeptTable,
        /// How many entries differ.
        differing: u64,
        /// The first: its rank, the distance stored and the distance built.
        first: (u64, u8, u8),
    },
    /// The file is missing, unreadable, damaged or of another domain or abstraction.
    Refused {
        /// Where it should be.
        path: PathBuf,
        /// Why it was refused.
        reason: String,
    },
}

/// The table of the abstraction `text` (its file's path `file`) of `domain` in `folder`: its
/// header and checksum checked, then built again within `limits` and compared entry by entry.
/// An abstraction that does not parse or apply, and a table over the budget, are refused (one
/// line).
pub fn verify_table(
    domain: &PsvnDomain,
    file: &str,
    text: &str,
    folder: &Path,
    limits: &Limits,
) -> Result<Verified, OptionsError> {
    let psvn = domain.psvn();
    let abstraction = parse_abstraction(domain, file, text)?;
    let cache = TableCache::new(folder);
    match PsvnPdb::verify(psvn, &abstraction, &cache, limits) {
        Ok((table, Recomputed { first: None, .. })) => {
            Ok(Verified::Equal(KeptTable::of(domain, file, &table, &cache)))
        }
        Ok((
            table,
            Recomputed {
                differing,
                first: Some(first),
            },
        )) => Ok(Verified::Differs {
            table: KeptTable::of(domain, file, &table, &cache),
            differing,
            first,
        }),
        Err(LoadError::File(error)) => Ok(Verified::Refused {
            path: cache.path(&PsvnPdb::file_name(psvn, &abstraction)),
            reason: error.to_string(),
        }),
        Err(LoadError::Table(error)) => Err(OptionsError::new(format!("{file}: {error}"))),
    }
}

/// Whether `stem` is the name of a file of a PSVN table of `id` (`pdb verify` checks that a
/// file holds the table its name says).
pub fn is_table_named_for(stem: &str, id: &statespace_engine::pattern_database::TableId) -> bool {
    PsvnPdb::name_of(id).is_some_and(|name| name == stem)
}
