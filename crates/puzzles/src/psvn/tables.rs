//! The pattern databases a domain's states are estimated by: abstractions given as text (a
//! front-end reads their files), or chosen within a memory budget (`auto[=SIZE]`), built or
//! loaded from the folder of tables, and combined by maximum.

use std::path::PathBuf;

use statespace_engine::pattern_database::{Origin, TableCache};
use statespace_psvn::{Abstraction, AutoOptions, MaxPdb, PsvnDomain, PsvnPdb, choose_abstractions};

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
        let abstraction = Abstraction::parse(file, spec, psvn)
            .map_err(|error| OptionsError::new(error.to_string()))?;
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
