//! The page: HTML, CSS and JavaScript compiled into the binary, so that nothing can be lost
//! and nothing is fetched from the network.

use axum::http::header;
use axum::response::{Html, IntoResponse};

/// The page.
pub async fn index() -> Html<&'static str> {
    Html(include_str!("page/index.html"))
}

/// The page's script: its files by concern, one after the other (the last starts the page).
const SCRIPT: &str = concat!(
    include_str!("page/drawings.js"),
    include_str!("page/chart.js"),
    include_str!("page/search.js"),
    include_str!("page/options.js"),
    include_str!("page/tables.js"),
    include_str!("page/playground.js"),
);

/// The page's script.
pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        SCRIPT,
    )
}

/// The page's style.
pub async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("page/playground.css"),
    )
}
