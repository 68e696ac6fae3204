//! The server's bounds on each request and connection, whatever the client asks.

use std::time::Duration;

use statespace_puzzles::puzzle::CaseLimits;

use crate::error::ApiError;

/// The most any request or connection may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caps {
    /// Nodes one search may expand.
    pub max_nodes: u64,
    /// How long one search may run.
    pub time_limit: Duration,
    /// Memory one search may hold, in bytes.
    pub max_memory: u64,
    /// Searches running at once.
    pub searches: usize,
    /// How long a request waits for a search to end before it is told the server is busy.
    pub wait: Duration,
    /// Bytes in a request body.
    pub body_bytes: usize,
    /// Bytes in an answer: steps that would take more are refused before they are drawn.
    pub response_bytes: u64,
    /// Memory a table build may hold, in bytes.
    pub table_memory: u64,
    /// How long a connection may take to send a request's head, counted from when it waits for
    /// one: from its opening, or from the end of its last answer (an idle connection).
    pub header_timeout: Duration,
    /// How long a request's body may take to arrive, from the end of its head.
    pub body_timeout: Duration,
    /// How long an answer may wait for the client to take more of it: a client that stops
    /// reading its answer is dropped then, with the memory the answer holds.
    pub send_timeout: Duration,
    /// Connections served at once; as many more are told the server is full (503) and closed
    /// (their heads given at most a second), and any beyond those are closed unanswered.
    pub connections: usize,
    /// Bytes of the solvers kept between requests, each counted as the tables it needs (at
    /// least 16 MiB: what a solver without tables keeps is not told), the least recently used
    /// dropped first.
    pub solver_bytes: u64,
}

impl Default for Caps {
    /// 10 s, 50 million nodes and 512 MiB a search, one search per core (at least two), a
    /// 2 s wait, 64 KiB bodies, 4 MiB answers, 4 GiB for a table build, 10 s for a request's
    /// head, for its body and for a client to take more of its answer, 256 connections and 1
    /// GiB of solvers kept.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Self {
            max_nodes: 50_000_000,
            time_limit: Duration::from_secs(10),
            max_memory: 512 << 20,
            searches: cores.max(2),
            wait: Duration::from_secs(2),
            body_bytes: 64 << 10,
            response_bytes: 4 << 20,
            table_memory: 4 << 30,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            send_timeout: Duration::from_secs(10),
            connections: 256,
            solver_bytes: 1 << 30,
        }
    }
}

impl Caps {
    /// The limits of a search that asked for `max_nodes` and `time_limit` (seconds), each
    /// lowered to the cap; a time that is not a number of seconds is refused (400).
    pub fn case_limits(
        &self,
        max_nodes: Option<u64>,
        time_limit: Option<f64>,
    ) -> Result<CaseLimits, ApiError> {
        let asked_time = match time_limit {
            None => self.time_limit,
            Some(seconds) => Duration::try_from_secs_f64(seconds).map_err(|_| {
                ApiError::bad_request(format!(
                    "time_limit {seconds}: a number of seconds, 0 or more, please"
                ))
            })?,
        };
        Ok(CaseLimits {
            max_nodes: Some(max_nodes.map_or(self.max_nodes, |nodes| nodes.min(self.max_nodes))),
            time_limit: Some(asked_time.min(self.time_limit)),
            max_memory: Some(self.max_memory),
        })
    }

    /// The limits solvers are built with: the memory of a search (their tables stay within it).
    pub fn solver_limits(&self) -> CaseLimits {
        CaseLimits {
            max_memory: Some(self.max_memory),
            ..CaseLimits::default()
        }
    }

    /// The limits of a table build: its memory alone (a build takes minutes, once).
    pub fn build_limits(&self) -> CaseLimits {
        CaseLimits {
            max_memory: Some(self.table_memory),
            ..CaseLimits::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_get_at_most_the_caps() {
        let caps = Caps::default();
        let asked = caps.case_limits(Some(u64::MAX), Some(1e9)).unwrap();
        assert_eq!(asked.max_nodes, Some(50_000_000));
        assert_eq!(asked.time_limit, Some(Duration::from_secs(10)));
        assert_eq!(asked.max_memory, Some(512 << 20));
        let smaller = caps.case_limits(Some(10), Some(0.5)).unwrap();
        assert_eq!(smaller.max_nodes, Some(10));
        assert_eq!(smaller.time_limit, Some(Duration::from_millis(500)));
    }

    #[test]
    fn times_that_are_not_seconds_are_refused() {
        let caps = Caps::default();
        for nonsense in [-1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let refused = caps.case_limits(None, Some(nonsense)).unwrap_err();
            assert_eq!(refused.status, 400, "{nonsense}");
            assert!(refused.message.starts_with("time_limit "), "{refused:?}");
        }
    }
}
