//! statespace-web: the playground. An axum server whose JSON API reaches every puzzle through
//! the [registry](statespace_puzzles::registry) — solve, random boards, moves by hand — and one
//! page, embedded in the binary, that draws, plays and solves them.
//!
//! The server never lets one client take the machine: the [`Caps`] bound every search's nodes,
//! time and memory whatever the request asks, how many searches run at once, the size of
//! request bodies and answers, how long a request may take to arrive, and how many connections
//! are served; searches run on blocking threads, off the async ones. It answers only requests
//! for the Host names it serves (loopback ones, and those it is told to allow). Solvers are kept
//! between requests. Pattern databases are built on request, one build at a time in the
//! background, into the server's folder of tables; a search uses only tables already there.

mod api;
mod caps;
mod error;
mod guard;
mod page;
mod parse_errors;
mod server;
mod solvers;
mod tables;

use std::io;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post};
use serde_json::Value;
use statespace_puzzles::registry::Entry;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;

pub use caps::Caps;
use error::ApiError;
pub use guard::AllowedHosts;
use solvers::Solvers;
use tables::Builder;

/// What a server is: its caps, its folder of tables, the Host names it answers to.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The bounds on each request and connection.
    pub caps: Caps,
    /// The folder of the pattern databases it builds and uses.
    pub tables: PathBuf,
    /// The Host names it answers to.
    pub hosts: AllowedHosts,
}

/// What every handler shares.
#[derive(Clone)]
struct AppState {
    caps: Caps,
    /// One permit per search allowed to run at once.
    searches: Arc<Semaphore>,
    /// The folder of the tables.
    tables: Arc<PathBuf>,
    /// The table build.
    builder: Arc<Builder>,
    /// The solvers kept between requests.
    solvers: Arc<Solvers>,
    /// The Host names answered.
    hosts: AllowedHosts,
}

impl AppState {
    /// `options` with the server's folder of tables where they name a table layout (`pdb`), or
    /// where `entry` keeps their tables without one (the optimal 3x3x3 solver).
    fn with_tables(&self, entry: &dyn Entry, mut options: Value) -> Value {
        let in_folder = entry.tables_in_folder(&options);
        if let Some(fields) = options.as_object_mut()
            && (fields.contains_key("pdb") || in_folder)
        {
            let folder = self.tables.to_string_lossy().into_owned();
            fields.insert("pdb_dir".to_string(), Value::String(folder));
        }
        options
    }

    /// `listing` with the server's folder of tables named, not shown, wherever it appears (in
    /// a build's options, notes or error): a client has no business knowing the server's paths.
    fn without_folder(&self, listing: Value) -> Value {
        let folder = Value::String(self.tables.to_string_lossy().into_owned()).to_string();
        let folder = folder.trim_matches('"');
        let text = listing.to_string();
        if folder.is_empty() || !text.contains(folder) {
            return listing;
        }
        serde_json::from_str(&text.replace(folder, "(the server's folder of tables)"))
            .unwrap_or(listing)
    }

    /// Runs `work` on a blocking thread once one of the searches' permits is free; a request
    /// that waited [`Caps::wait`] in vain is told the server is busy (503). The permit goes with
    /// the work, so a search whose client went away still counts until it ends.
    async fn search<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let busy = || {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy: every search slot is taken, try again in a moment",
            )
        };
        let permit = tokio::time::timeout(self.caps.wait, self.searches.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|_| busy())?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the search failed"))
    }
}

/// The playground's routes, as `settings` say.
pub fn router(settings: Settings) -> Router {
    let Settings {
        caps,
        tables,
        hosts,
    } = settings;
    let state = AppState {
        searches: Arc::new(Semaphore::new(caps.searches)),
        solvers: Arc::new(Solvers::new(caps.solver_bytes)),
        caps,
        tables: Arc::new(tables),
        builder: Arc::default(),
        hosts,
    };
    Router::new()
        .route("/", get(page::index))
        .route("/playground.js", get(page::script))
        .route("/playground.css", get(page::style))
        .route("/api/health", get(api::health))
        .route("/api/puzzles", get(api::puzzles))
        .route("/api/{puzzle}/solve", post(api::solve))
        .route("/api/{puzzle}/moves", post(api::moves))
        .route("/api/{puzzle}/random", get(api::random))
        .route(
            "/api/{puzzle}/tables",
            get(api::tables).post(api::build_tables),
        )
        .fallback(api::not_found)
        .method_not_allowed_fallback(guard::method_not_allowed)
        .layer(DefaultBodyLimit::max(caps.body_bytes))
        .layer(from_fn_with_state(state.clone(), guard::sizes))
        .layer(from_fn_with_state(state.clone(), guard::host))
        .layer(CatchPanicLayer::custom(error::panic_response))
        .with_state(state)
}

/// Serves the playground on `address` as `settings` say until the process ends, calling `ready`
/// with the address it listens on (the port chosen when `address` asks for port 0).
pub fn serve(
    address: SocketAddr,
    settings: Settings,
    ready: impl FnOnce(SocketAddr),
) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(address).await?;
        ready(listener.local_addr()?);
        server::run(listener, settings.caps, router(settings)).await
    })
}
