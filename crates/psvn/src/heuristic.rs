//! Pattern databases as the engine's heuristics: one table, or several combined by maximum.

use statespace_engine::{Heuristic, IncrementalHeuristic};

use crate::domain::{Move, PsvnDomain, State};
use crate::pdb::PsvnPdb;
use crate::rank::RankedPsvn;

/// Several pattern databases of one domain, the estimate the largest of theirs (each is
/// admissible, so their maximum is).
#[derive(Debug, Default)]
pub struct MaxPdb {
    tables: Vec<PsvnPdb>,
}

impl MaxPdb {
    /// The maximum of `tables`; of none, 0.
    pub fn new(tables: Vec<PsvnPdb>) -> Self {
        Self { tables }
    }

    /// The tables.
    pub fn tables(&self) -> &[PsvnPdb] {
        &self.tables
    }

    /// The tables, given back.
    pub fn into_tables(self) -> Vec<PsvnPdb> {
        self.tables
    }

    /// The largest estimate of the tables for concrete state `state`.
    #[inline]
    pub fn estimate_state(&self, state: &[u8]) -> u32 {
        self.tables
            .iter()
            .map(|table| table.estimate_state(state))
            .max()
            .unwrap_or(0)
    }
}

impl From<PsvnPdb> for MaxPdb {
    fn from(table: PsvnPdb) -> Self {
        Self::new(vec![table])
    }
}

/// Implements the estimate and its recomputed incremental form (a table lookup is as cheap as
/// anything a memo would save) for the compiled domain and its ranked form.
macro_rules! pdb_heuristic {
    ($table:ty, $domain:ty) => {
        impl Heuristic<$domain> for $table {
            #[inline]
            fn estimate(&self, _domain: &$domain, state: &State) -> u32 {
                self.estimate_state(state)
            }
        }

        impl IncrementalHeuristic<$domain> for $table {
            type Memo = u32;
            #[inline]
            fn init(&self, _domain: &$domain, state: &State) -> u32 {
                self.estimate_state(state)
            }
            #[inline]
            fn update(&self, _domain: &$domain, after: &State, _action: Move, _before: u32) -> u32 {
                self.estimate_state(after)
            }
            #[inline]
            fn value(&self, memo: u32) -> u32 {
                memo
            }
        }
    };
}

pdb_heuristic!(PsvnPdb, PsvnDomain);
pdb_heuristic!(PsvnPdb, RankedPsvn);
pdb_heuristic!(MaxPdb, PsvnDomain);
pdb_heuristic!(MaxPdb, RankedPsvn);
