//! The answers hyper gives itself, before any handler sees the request, made JSON like every
//! other error: a head larger than the connection's buffer (431), a request line or header that
//! cannot be read (400: a raw space in a query), a path too long (414). hyper sends these with
//! an empty body and closes the connection, and offers no hook for their body; so the
//! connection's writes are watched, and an answer of hyper's own (an error status, an empty
//! body, no content type: every answer of the server's has one) is replaced as it is written.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::http::StatusCode;
use serde_json::json;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// The most a connection whose request hyper refused is read on after its answer: the rest of
/// the request, thrown away so that closing the connection does not reset it (a reset can lose
/// the answer before the client reads it).
const LINGER: Duration = Duration::from_secs(1);
/// The most bytes thrown away so.
const LINGER_BYTES: u64 = 1 << 20;

/// A connection whose answers of hyper's own are rewritten with a JSON body.
pub struct JsonParseErrors<S> {
    inner: S,
    replacing: Replacing,
}

/// How the answer written in place of one of hyper's goes.
enum Replacing {
    /// No answer of hyper's seen.
    No,
    /// The answer, and how much of it is written.
    Writing(Vec<u8>, usize),
    /// The answer written and the connection's writing ended: the rest of the request is read
    /// and thrown away until it ends, [`LINGER`] passes or [`LINGER_BYTES`] are read.
    Lingering(Pin<Box<Sleep>>, u64),
}

impl<S> JsonParseErrors<S> {
    /// `inner`, its writes watched.
    pub fn new(inner: S) -> Self {
        Self {
            inner,
            replacing: Replacing::No,
        }
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> JsonParseErrors<S> {
    /// Writes the replacement, ends the writing and lingers: ready when all is done.
    fn poll_replace(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let inner = &mut self.inner;
        loop {
            match &mut self.replacing {
                Replacing::No => return Poll::Ready(Ok(())),
                Replacing::Writing(answer, written) if *written == answer.len() => {
                    ready!(Pin::new(&mut *inner).poll_shutdown(cx))?;
                    self.replacing = Replacing::Lingering(Box::pin(tokio::time::sleep(LINGER)), 0);
                }
                Replacing::Writing(answer, written) => {
                    let wrote = ready!(Pin::new(&mut *inner).poll_write(cx, &answer[*written..]))?;
                    if wrote == 0 {
                        return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
                    }
                    *written += wrote;
                }
                Replacing::Lingering(deadline, read) => {
                    if deadline.as_mut().poll(cx).is_ready() || *read >= LINGER_BYTES {
                        return Poll::Ready(Ok(()));
                    }
                    let mut scratch = [0; 4096];
                    let mut scratch = ReadBuf::new(&mut scratch);
                    match ready!(Pin::new(&mut *inner).poll_read(cx, &mut scratch)) {
                        Ok(()) if !scratch.filled().is_empty() => {
                            *read += scratch.filled().len() as u64;
                        }
                        _ => return Poll::Ready(Ok(())),
                    }
                }
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for JsonParseErrors<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for JsonParseErrors<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if matches!(this.replacing, Replacing::No) {
            match own_error(buf) {
                Some(status) => this.replacing = Replacing::Writing(json_answer(status), 0),
                None => return Pin::new(&mut this.inner).poll_write(cx, buf),
            }
        }
        // hyper writes the same buffer again after `Pending`: it is told the whole of it is
        // written once the replacement is, and the connection is then done with.
        ready!(this.poll_replace(cx))?;
        Poll::Ready(Ok(buf.len()))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if matches!(self.replacing, Replacing::Lingering(..)) {
            // Shut down already, after the replacement.
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    // Not vectored: hyper then writes each answer's head in one buffer, where it is seen whole.
}

/// The most bytes of an answer of hyper's own: a status line and three headers.
const OWN_ANSWER_BYTES: usize = 512;

/// The status of `written` when it is a whole answer of hyper's own: an error status, no body
/// (`content-length: 0`) and no content type.
fn own_error(written: &[u8]) -> Option<StatusCode> {
    // hyper's own answers are a short head alone: any other write is passed on at once.
    if written.len() > OWN_ANSWER_BYTES || !written.ends_with(b"\r\n\r\n") {
        return None;
    }
    let head = std::str::from_utf8(written).ok()?;
    let head = head.strip_suffix("\r\n\r\n")?;
    let mut lines = head.split("\r\n");
    let status = lines.next()?.strip_prefix("HTTP/1.1 ")?.get(..3)?;
    let status = StatusCode::from_bytes(status.as_bytes()).ok()?;
    let mut empty = false;
    for line in lines {
        let (name, value) = line.split_once(':')?;
        match name.trim().to_ascii_lowercase().as_str() {
            "content-type" | "transfer-encoding" => return None,
            "content-length" => empty = value.trim() == "0",
            _ => {}
        }
    }
    (empty && (status.is_client_error() || status.is_server_error())).then_some(status)
}

/// The most headers hyper reads in a request (its default).
const HEADERS: usize = 100;

/// What each of hyper's own answers means.
fn message(status: StatusCode) -> String {
    match status {
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => format!(
            "the request's head is too large: at most {} KiB and {HEADERS} headers",
            crate::server::HEAD_BYTES >> 10
        ),
        StatusCode::URI_TOO_LONG => "the path is too long".to_string(),
        StatusCode::BAD_REQUEST => "the request's line or headers cannot be read: a query must \
                                    be URL-encoded (%20 for a space)"
            .to_string(),
        _ => status
            .canonical_reason()
            .unwrap_or("the request cannot be answered")
            .to_string(),
    }
}

/// The answer written in place of hyper's: the same status, a JSON error, the connection closed.
fn json_answer(status: StatusCode) -> Vec<u8> {
    let body = json!({ "error": message(status) }).to_string();
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
         connection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_empty_error_answers_are_its_own() {
        let hypers = "HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\n\
                      content-length: 0\r\ndate: Sun, 06 Dec 2026 05:00:00 GMT\r\n\r\n";
        assert_eq!(
            own_error(hypers.as_bytes()),
            Some(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE)
        );
        for answer in [
            "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\n\
             content-length: 0\r\n\r\n",
            "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            "HTTP/1.1 400 Bad Request\r\ncontent-length: 2\r\n\r\n{}",
            "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n",
            "garbage",
        ] {
            assert_eq!(own_error(answer.as_bytes()), None, "{answer}");
        }
    }

    #[test]
    fn the_replacement_is_a_json_error_with_the_same_status() {
        let answer = String::from_utf8(json_answer(StatusCode::BAD_REQUEST)).unwrap();
        let body = r#"{"error":"the request's line or headers cannot be read: a query must be URL-encoded (%20 for a space)"}"#;
        assert_eq!(
            answer,
            format!(
                "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n\
                 content-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            )
        );
    }
}
