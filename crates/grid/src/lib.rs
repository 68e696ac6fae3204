#![doc = include_str!("../README.md")]

mod any_angle;
pub mod bench;
mod bounds;
mod coverage;
mod domain;
mod edit;
mod field;
mod generate;
mod jps;
mod jps_plus;
mod jump;
mod leap;
mod lines;
mod map;
mod map_table;
mod peer;
mod replan;
mod scenario;
mod solve;
mod terrain;
mod trace;

use std::sync::OnceLock;

pub use any_angle::{
    AnyAngleError, AnyAnglePath, Waypoints, any_angle_refusal, euclidean, line_of_sight,
    path_cells, string_pull, theta_bytes, theta_star,
};
pub use bounds::{BOUNDS_BYTES_PER_CELL, BoundedTable, Bounds, GoalBounds, JumpPointBounds};
pub use coverage::{Coverage, EveryCell, JumpPoints, PLACE_BYTES_PER_CELL};
pub use domain::{Connectivity, Grid, Octile, OctileSteps, Step, TerrainSteps};
pub use edit::{Edit, TimedEdit, read_edits};
pub use field::DistanceField;
pub use generate::random_scenarios;
pub use jps::Jump;
pub use jps_plus::{JumpTable, TABLE_BYTES_PER_CELL};
pub use jump::JumpMap;
pub use leap::{Jumps, Leap, LeapGrid, LeapLengths, PrunedLeaps, leap_steps};
pub use lines::{Lines, ParseError, TextLines, quoted};
pub use map::{MAX_SIDE, Map, read_map};
pub use map_table::MapTable;
pub use replan::{NextStep, Replanner};
pub use scenario::{GridCase, read_scenario};
pub use solve::{Algorithm, GridAnswer, GridSearcher, solve};
pub use terrain::{Costs, MAX_COST, Terrain};
pub use trace::{SearchTrace, solve_traced};

/// How far a length may be from the one a scenario records: Moving AI's files print eight
/// decimals of lengths computed in floating point.
pub const TOLERANCE: f64 = 1e-4;

/// The scenarios of `text`, a map followed by scenario lines; iteration ends after the first
/// error.
pub fn parse(text: &str) -> impl Iterator<Item = Result<GridCase, ParseError>> + '_ {
    let inline = OnceLock::new();
    let mut lines = TextLines::new(text);
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed {
            return None;
        }
        let case = read_scenario(&mut lines, None, &inline, &Costs::default()).transpose()?;
        failed = case.is_err();
        Some(case)
    })
}
