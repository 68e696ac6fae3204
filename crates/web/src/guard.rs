//! What every request passes before a handler sees it: a Host the server answers to (against
//! DNS rebinding: a page elsewhere whose name comes to point at this machine), a declared body
//! within the cap, and a head of sensible size, each refused with a JSON error.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

use crate::AppState;
use crate::error::ApiError;

/// The longest path and query answered (414 beyond).
pub const URI_BYTES: usize = 8 << 10;
/// The most bytes of headers answered, names and values (431 beyond).
pub const HEADER_BYTES: usize = 16 << 10;

/// The names this machine is reached by: always answered.
const LOOPBACK: [&str; 3] = ["localhost", "127.0.0.1", "[::1]"];

/// The Host names a server answers to: the loopback ones and those it was told to allow.
#[derive(Clone, Debug)]
pub struct AllowedHosts(Arc<Vec<String>>);

impl Default for AllowedHosts {
    /// The loopback names alone.
    fn default() -> Self {
        Self::new(Vec::<String>::new())
    }
}

impl AllowedHosts {
    /// The loopback names and `names` (`example.org`, `192.168.1.5`, `::1`), any port.
    pub fn new(names: impl IntoIterator<Item = impl AsRef<str>>) -> Self {
        let names = LOOPBACK
            .iter()
            .map(|name| name.to_string())
            .chain(names.into_iter().map(|name| normal(name.as_ref())))
            .collect();
        Self(Arc::new(names))
    }

    /// Whether a request whose Host header is `host` (`localhost:8080`) is answered.
    pub fn allows(&self, host: &str) -> bool {
        let name = normal(without_port(host));
        self.0.contains(&name)
    }
}

/// `host` lower-cased, without a final dot, an IPv6 address in brackets.
fn normal(host: &str) -> String {
    let host = host.trim().trim_end_matches('.').to_ascii_lowercase();
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]")
    } else {
        host
    }
}

/// `host` without its `:PORT`: `[::1]` of `[::1]:8080`, `localhost` of `localhost:8080`.
fn without_port(host: &str) -> &str {
    if host.starts_with('[') {
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    match host.split_once(':') {
        Some((name, port)) if !port.contains(':') => name,
        _ => host,
    }
}

/// Refuses (403) a request whose Host is not one the server answers to.
pub async fn host(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .or_else(|| {
            request
                .uri()
                .authority()
                .map(|authority| authority.as_str())
        });
    match host {
        Some(host) if state.hosts.allows(host) => next.run(request).await,
        Some(host) => refuse(
            StatusCode::FORBIDDEN,
            format!(
                "host {host:?} is not served: the server answers localhost and the names it is \
                 started with (--allow-host)"
            ),
        ),
        // No browser leaves it out (HTTP/1.0 clients may): no page elsewhere sends this one.
        None => next.run(request).await,
    }
}

/// Refuses at once a request whose declared body passes the cap (413), whose path passes
/// [`URI_BYTES`] (414) or whose headers pass [`HEADER_BYTES`] (431), before reading its body.
pub async fn sizes(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok()?.parse::<u64>().ok());
    let header_bytes: usize = request
        .headers()
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len())
        .sum();
    let uri_bytes = request.uri().to_string().len();
    let cap = state.caps.body_bytes;
    if declared.is_some_and(|bytes| bytes > cap as u64) {
        refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the body is larger than {cap} bytes"),
        )
    } else if uri_bytes > URI_BYTES {
        refuse(
            StatusCode::URI_TOO_LONG,
            format!("the path is longer than {URI_BYTES} bytes"),
        )
    } else if header_bytes > HEADER_BYTES {
        refuse(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!("the headers take more than {HEADER_BYTES} bytes"),
        )
    } else {
        next.run(request).await
    }
}

/// A path that is served, asked with a method it does not take.
pub async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this path does not take this method",
    )
}

fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    axum::response::IntoResponse::into_response(ApiError::new(status, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_and_allowed_ones_are_answered_on_any_port() {
        let hosts = AllowedHosts::new(["Example.org", "::2", "10.0.0.7"]);
        for host in [
            "localhost",
            "localhost:8080",
            "LOCALHOST.",
            "127.0.0.1:1",
            "[::1]",
            "[::1]:8080",
            "example.org",
            "example.org:80",
            "[::2]:9",
            "10.0.0.7:8080",
        ] {
            assert!(hosts.allows(host), "{host}");
        }
        for host in [
            "evil.example",
            "localhost.evil.example",
            "127.0.0.2",
            "[::3]:80",
            "example.org.evil",
            "",
        ] {
            assert!(!hosts.allows(host), "{host}");
        }
    }
}
