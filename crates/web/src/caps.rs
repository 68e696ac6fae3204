//! The server's bounds on each request, whatever the request asks.

use std::time::Duration;

use statespace_puzzles::puzzle::CaseLimits;

/// The most any request may take.
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
    /// Memory a table build may hold, in bytes.
    pub table_memory: u64,
}

impl Default for Caps {
    /// 10 s, 50 million nodes and 512 MiB a search, one search per core (at least two), a
    /// 2 s wait, 64 KiB bodies, 4 GiB for a table build.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        Self {
            max_nodes: 50_000_000,
            time_limit: Duration::from_secs(10),
            max_memory: 512 << 20,
            searches: cores.max(2),
            wait: Duration::from_secs(2),
            body_bytes: 64 << 10,
            table_memory: 4 << 30,
        }
    }
}

impl Caps {
    /// The limits of a search that asked for `max_nodes` and `time_limit` (seconds), each
    /// lowered to the cap.
    pub fn case_limits(&self, max_nodes: Option<u64>, time_limit: Option<f64>) -> CaseLimits {
        let asked_time = time_limit
            .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
            .unwrap_or(self.time_limit);
        CaseLimits {
            max_nodes: Some(max_nodes.map_or(self.max_nodes, |nodes| nodes.min(self.max_nodes))),
            time_limit: Some(asked_time.min(self.time_limit)),
            max_memory: Some(self.max_memory),
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
        let asked = caps.case_limits(Some(u64::MAX), Some(1e9));
        assert_eq!(asked.max_nodes, Some(50_000_000));
        assert_eq!(asked.time_limit, Some(Duration::from_secs(10)));
        assert_eq!(asked.max_memory, Some(512 << 20));
        let smaller = caps.case_limits(Some(10), Some(0.5));
        assert_eq!(smaller.max_nodes, Some(10));
        assert_eq!(smaller.time_limit, Some(Duration::from_millis(500)));
        let nonsense = caps.case_limits(None, Some(-1.0));
        assert_eq!(nonsense.time_limit, Some(Duration::from_secs(10)));
    }
}
