//! Connections: each served by hyper with a deadline for every request's head (which closes
//! idle and half-sent connections alike) and for the client to take more of an answer, at most
//! [`Caps::connections`] at once; as many more are told the server is full (503) and closed,
//! with a head's deadline of at most [`REFUSED_HEADER_TIMEOUT`] so that they turn over fast,
//! and any beyond those are closed unanswered. What hyper answers itself (a head past
//! [`HEAD_BYTES`], a request it cannot read) is answered with a JSON error like the rest.

use std::convert::Infallible;
use std::io;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::{Service, service_fn};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_io_timeout::TimeoutStream;

use crate::Caps;
use crate::error::ApiError;
use crate::parse_errors::JsonParseErrors;

/// The most bytes of a request's head a connection buffers: the guard's bounds on paths and
/// headers and some room, so that each connection holds little (hyper's default is 400 KiB).
pub(crate) const HEAD_BYTES: usize = 64 << 10;

/// The most a connection beyond the cap waits for the head of the request it is refused.
const REFUSED_HEADER_TIMEOUT: Duration = Duration::from_secs(1);

/// Serves `app` to the connections of `listener`, bounded by `caps`, until the process ends.
pub async fn run(listener: TcpListener, caps: Caps, app: Router) -> io::Result<()> {
    let served = Arc::new(Semaphore::new(caps.connections));
    let refused = Arc::new(Semaphore::new(caps.connections));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of descriptors, or a connection reset before it was accepted: the next
            // accept may do; pausing keeps a full table from spinning the loop.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        if let Ok(permit) = served.clone().try_acquire_owned() {
            let app = TowerToHyperService::new(app.clone());
            tokio::spawn(connection(stream, caps, app, permit));
        } else if let Ok(permit) = refused.clone().try_acquire_owned() {
            let caps = Caps {
                header_timeout: caps.header_timeout.min(REFUSED_HEADER_TIMEOUT),
                ..caps
            };
            tokio::spawn(connection(stream, caps, service_fn(full), permit));
        }
    }
}

/// Serves `service` on `stream` until the client or a deadline closes it; `permit` counts it.
async fn connection<S>(stream: TcpStream, caps: Caps, service: S, permit: OwnedSemaphorePermit)
where
    S: Service<Request<Incoming>, Response = Response, Error = Infallible>,
    S::Future: Send + 'static,
{
    let _permit = permit;
    let mut stream = TimeoutStream::new(stream);
    stream.set_write_timeout(Some(caps.send_timeout));
    let _ = http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(caps.header_timeout)
        .max_buf_size(HEAD_BYTES)
        .serve_connection(
            TokioIo::new(JsonParseErrors::new(Box::pin(stream))),
            service,
        )
        .await;
}

/// The answer to every request of a connection beyond the cap: 503, and the connection closed.
async fn full(_: Request<Incoming>) -> Result<Response, Infallible> {
    let mut response = ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "busy: too many connections, try again in a moment",
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    Ok(response)
}
