//! The JSON API: every puzzle reached through the registry, by name.

use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use statespace_puzzles::puzzle::{CaseLimits, TableStatus};
use statespace_puzzles::registry::{self, Entry, Solver};

use crate::AppState;
use crate::error::{Api, ApiError, ApiJson};

/// `POST /api/{puzzle}/solve`: one case and how to solve it.
#[derive(Debug, Deserialize)]
pub struct SolveRequest {
    /// One case in the judge's input format.
    board: String,
    /// Whether the answer lists the boards along the solution.
    #[serde(default)]
    steps: bool,
    /// Nodes the search may expand (lowered to the server's cap).
    max_nodes: Option<u64>,
    /// Seconds the search may take (lowered to the server's cap).
    time_limit: Option<f64>,
    /// The puzzle's own options: `algo`, `size`, ...
    #[serde(flatten)]
    options: Map<String, Value>,
}

/// `POST /api/{puzzle}/moves`: one case and the puzzle's options.
#[derive(Debug, Deserialize)]
pub struct BoardRequest {
    /// One case in the judge's input format.
    board: String,
    /// The puzzle's own options (`size` for sliding boards).
    #[serde(flatten)]
    options: Map<String, Value>,
}

/// Options that are the server's to choose, with the reason a request may not set them.
const SERVER_OPTIONS: [(&str, &str); 6] = [
    ("pdb_dir", "the folder of the tables is the server's"),
    (
        "map",
        "the server reads no file a request names: put the map at the head of the board",
    ),
    ("edits", "the server reads no file a request names"),
    (
        "threads",
        "the server decides how many threads a search takes",
    ),
    (
        "goal",
        "goals (of pattern databases, of explorations) are not served yet",
    ),
    ("format", "one board at a time, in the plain format"),
];

/// `GET /api/health`.
pub async fn health() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// `GET /api/puzzles`: each puzzle's name, title, input format, algorithms and example, with
/// the example's cases each as a judge input of its own (`cases`) and the options a page offers
/// as form controls (`options`).
pub async fn puzzles() -> Result<Json<Vec<Value>>, ApiError> {
    registry::PUZZLES
        .iter()
        .map(|entry| {
            let about = entry.about();
            let mut listed = to_json(about)?;
            listed["cases"] = json!(entry.case_inputs(about.example.as_bytes())?);
            listed["options"] = offered_options(*entry)?;
            listed["tables_without_layout"] = json!(entry.tables_without_layout());
            Ok(listed)
        })
        .collect::<Result<_, _>>()
        .map(Json)
}

/// The options of `entry` as form controls, those the server chooses marked `server` with the
/// reason a request may not set them.
fn offered_options(entry: &dyn Entry) -> Result<Value, ApiError> {
    entry
        .options()
        .iter()
        .map(|spec| {
            let mut offered = to_json(spec)?;
            if let Some((_, reason)) = SERVER_OPTIONS.iter().find(|(name, _)| *name == spec.name) {
                offered["server"] = json!(reason);
            }
            Ok(offered)
        })
        .collect()
}

/// `value` as JSON; a failure is the server's.
fn to_json(value: impl serde::Serialize) -> Result<Value, ApiError> {
    serde_json::to_value(value)
        .map_err(|error| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()))
}

/// `POST /api/{puzzle}/solve`: the answer to one case, the same object as
/// `statespace solve PUZZLE --json` prints for it; 422 when its steps (or the answer) would
/// pass the cap on answers.
pub async fn solve(
    State(state): State<AppState>,
    Api(Path(puzzle)): Api<Path<String>>,
    ApiJson(request): ApiJson<SolveRequest>,
) -> Result<Response, ApiError> {
    let entry = find(&puzzle)?;
    let options = state.with_tables(entry, puzzle_options(request.options)?);
    let caps = state.caps;
    let limits = caps.case_limits(request.max_nodes, request.time_limit)?;
    let solvers = state.solvers.clone();
    let report = state
        .search(move || {
            solvers.with(entry, &options, &caps.solver_limits(), |solver| {
                tables_ready(entry, solver, &options)?;
                let board = request.board.as_bytes();
                let report = solver.solve_one(board, &limits, request.steps, caps.response_bytes);
                Ok::<_, ApiError>(report?)
            })
        })
        .await???;
    within_cap(&report, caps.response_bytes)
}

/// `answer` as a JSON response, or a 422 when it passes `cap` bytes.
fn within_cap(answer: &impl Serialize, cap: u64) -> Result<Response, ApiError> {
    let body = serde_json::to_vec(answer)
        .map_err(|error| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string()))?;
    if body.len() as u64 > cap {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "the answer would take {} bytes, more than the {cap} allowed",
                body.len()
            ),
        ));
    }
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// The query of `GET /api/{puzzle}/tables`.
#[derive(Debug, Deserialize)]
pub struct TablesQuery {
    /// The puzzle's options as a JSON object (`{"size": "4x4", "pdb": "555"}`).
    options: Option<String>,
}

/// `GET /api/{puzzle}/tables?options=JSON`: the tables a solver with those options needs,
/// whether the server's folder holds them, and how the server's table build goes.
pub async fn tables(
    State(state): State<AppState>,
    Api(Path(puzzle)): Api<Path<String>>,
    Api(Query(query)): Api<Query<TablesQuery>>,
) -> Result<Json<Value>, ApiError> {
    let entry = find(&puzzle)?;
    let options = match query.options {
        Some(text) => serde_json::from_str(&text).map_err(|error| {
            ApiError::bad_request(format!("the options are not a JSON object: {error}"))
        })?,
        None => Map::new(),
    };
    let options = state.with_tables(entry, puzzle_options(options)?);
    let tables = state.search(move || tables_of(entry, options)).await??;
    let listing = json!({ "tables": tables, "build": state.builder.status() });
    Ok(Json(state.without_folder(listing)))
}

/// The tables a solver of `entry` for `options` needs, whatever their size.
fn tables_of(entry: &dyn Entry, options: Value) -> Result<Vec<TableStatus>, ApiError> {
    Ok(entry.solver(options, &CaseLimits::default())?.tables())
}

/// `POST /api/{puzzle}/tables` with the puzzle's options: starts building the tables they need
/// that the server's folder lacks, in the background, one build at a time (409 while one runs);
/// `GET` on the same path tells how it goes.
pub async fn build_tables(
    State(state): State<AppState>,
    Api(Path(puzzle)): Api<Path<String>>,
    ApiJson(options): ApiJson<Map<String, Value>>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let entry = find(&puzzle)?;
    let options = state.with_tables(entry, puzzle_options(options)?);
    let checked = options.clone();
    let tables = state.search(move || tables_of(entry, checked)).await??;
    if tables.is_empty() {
        return Err(ApiError::bad_request(
            "these options need no tables (pattern databases need a layout and the board's size)",
        ));
    }
    state
        .builder
        .start(entry, options, state.caps.build_limits())?;
    let listing = json!({ "tables": tables, "build": state.builder.status() });
    Ok((StatusCode::ACCEPTED, Json(state.without_folder(listing))))
}

/// Refuses a search whose options name tables the server's folder lacks: only a table build
/// builds them (a search would wait minutes for one).
fn tables_ready(entry: &dyn Entry, solver: &dyn Solver, options: &Value) -> Result<(), ApiError> {
    let tables = solver.tables();
    if tables.is_empty() && options.get("pdb").is_some() {
        return Err(ApiError::bad_request(
            "a table layout (pdb) needs the board's size (size) here",
        ));
    }
    let missing: Vec<String> = tables
        .into_iter()
        .filter(|table| !table.cached)
        .map(|table| table.name)
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(ApiError::new(
            StatusCode::CONFLICT,
            format!(
                "tables {} are not built yet: build them first (POST /api/{}/tables)",
                missing.join(", "),
                entry.about().name
            ),
        ))
    }
}

/// `POST /api/{puzzle}/moves`: one case drawn, with the moves a player may make from it.
pub async fn moves(
    State(state): State<AppState>,
    Api(Path(puzzle)): Api<Path<String>>,
    ApiJson(request): ApiJson<BoardRequest>,
) -> Result<Response, ApiError> {
    let entry = find(&puzzle)?;
    let options = puzzle_options(request.options)?;
    let caps = state.caps;
    let solvers = state.solvers.clone();
    let position = state
        .search(move || {
            solvers.with(entry, &options, &caps.solver_limits(), |solver| {
                solver.position(request.board.as_bytes())
            })
        })
        .await???;
    within_cap(&position, caps.response_bytes)
}

/// `GET /api/{puzzle}/random?seed=N&OPTION=VALUE...`: one random case, `{"board": ...}`; a
/// new seed each time when none is given.
pub async fn random(
    State(state): State<AppState>,
    Api(Path(puzzle)): Api<Path<String>>,
    Api(Query(mut query)): Api<Query<HashMap<String, String>>>,
) -> Result<Json<Value>, ApiError> {
    let entry = find(&puzzle)?;
    let seed = match query.remove("seed") {
        Some(seed) => seed
            .parse()
            .map_err(|_| ApiError::bad_request(format!("seed {seed:?} is not a number")))?,
        None => fresh_seed(),
    };
    let options = puzzle_options(query_options(query))?;
    let board = state
        .search(move || entry.generate(options, 1, seed))
        .await??;
    Ok(Json(json!({ "board": board, "seed": seed })))
}

/// Any other path.
pub async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page")
}

/// The puzzle called `name`, or a 404 that lists the puzzles.
fn find(name: &str) -> Result<&'static dyn Entry, ApiError> {
    registry::find(name).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!(
                "unknown puzzle {name:?}: the puzzles are {}",
                registry::names().join(", ")
            ),
        )
    })
}

/// The puzzle's options as the registry takes them, refusing those that are the server's.
fn puzzle_options(options: Map<String, Value>) -> Result<Value, ApiError> {
    for (name, reason) in SERVER_OPTIONS {
        if options.contains_key(name) {
            return Err(ApiError::bad_request(format!(
                "option {name:?} is not taken here: {reason}"
            )));
        }
    }
    Ok(Value::Object(options))
}

/// The options of a query string: each value read as JSON when it is JSON (numbers, booleans),
/// as a string otherwise.
fn query_options(query: HashMap<String, String>) -> Map<String, Value> {
    query
        .into_iter()
        .map(|(name, text)| {
            let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
            (name, value)
        })
        .collect()
}

/// A seed that differs from call to call.
fn fresh_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64)
}
