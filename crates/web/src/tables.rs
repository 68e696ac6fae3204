//! The server's table builds (pattern databases): one at a time, in the background, its progress
//! kept for the page to poll.

use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::http::StatusCode;
use serde::Serialize;
use serde_json::Value;
use statespace_puzzles::puzzle::{BuildProgress, CaseLimits, TableId};
use statespace_puzzles::registry::Entry;

use crate::error::ApiError;

/// How the server's table build goes: the one running, or the last one.
#[derive(Clone, Debug, Default, Serialize)]
pub struct BuildStatus {
    /// Whether a build is running.
    pub running: bool,
    /// The puzzle of the build.
    pub puzzle: Option<String>,
    /// Its options.
    pub options: Option<Value>,
    /// The table being built (what it abstracts).
    pub table: Option<String>,
    /// The abstract states of that table settled so far, and in all at most.
    pub settled: u64,
    /// See `settled`.
    pub states: u64,
    /// The distance reached in that table.
    pub depth: u32,
    /// A line for each table of the last build that ended, loaded or built.
    pub notes: Vec<String>,
    /// Why the last build that ended failed.
    pub error: Option<String>,
}

/// The server's builder of tables.
#[derive(Debug, Default)]
pub struct Builder {
    status: Mutex<BuildStatus>,
}

impl Builder {
    /// How the build goes.
    pub fn status(&self) -> BuildStatus {
        self.lock().clone()
    }

    fn lock(&self) -> MutexGuard<'_, BuildStatus> {
        self.status.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts building the tables of `entry` with `options` (JSON) within `limits`, on a thread
    /// of its own; a 409 while another build runs.
    pub fn start(
        self: &Arc<Self>,
        entry: &'static dyn Entry,
        options: Value,
        limits: CaseLimits,
    ) -> Result<(), ApiError> {
        {
            let mut status = self.lock();
            if status.running {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "a table build is running: wait for it to end",
                ));
            }
            *status = BuildStatus {
                running: true,
                puzzle: Some(entry.about().name.to_string()),
                options: Some(without_folder(&options)),
                ..BuildStatus::default()
            };
        }
        let builder = Arc::clone(self);
        let build = move || {
            let meter = Arc::new(Meter(Arc::clone(&builder)));
            let ended = std::panic::catch_unwind(AssertUnwindSafe(|| {
                entry.build_tables(options, &limits, meter)
            }));
            let mut status = builder.lock();
            status.running = false;
            match ended {
                Ok(Ok(Ok(notes))) => status.notes = notes,
                Ok(Ok(Err(reason))) => status.error = Some(format!("the build stopped: {reason}")),
                Ok(Err(failure)) => status.error = Some(failure.to_string()),
                Err(_) => status.error = Some("the build failed".to_string()),
            }
        };
        std::thread::Builder::new()
            .name("table build".to_string())
            .spawn(build)
            .map(drop)
            .map_err(|error| {
                self.lock().running = false;
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!("cannot start the build: {error}"),
                )
            })
    }
}

/// `options` as the client gave them: without the server's folder of tables.
fn without_folder(options: &Value) -> Value {
    let mut shown = options.clone();
    if let Some(fields) = shown.as_object_mut() {
        fields.remove("pdb_dir");
    }
    shown
}

/// What a build tells, written into the builder's status.
struct Meter(Arc<Builder>);

impl BuildProgress for Meter {
    fn started(&self, id: &TableId, states: u64) {
        let mut status = self.0.lock();
        status.table = Some(id.pattern.clone());
        status.settled = 0;
        status.states = states;
        status.depth = 0;
    }

    fn settled(&self, states: u64, depth: u32) {
        let mut status = self.0.lock();
        status.settled += states;
        status.depth = depth;
    }

    fn ended(&self) {}
}
