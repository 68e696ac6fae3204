//! Bounded load tests on 127.0.0.1, run by hand (each takes the machine while it runs):
//!
//! ```sh
//! cargo test -p statespace-web --release --test load -- --ignored --nocapture --test-threads 1
//! ```
//!
//! 100 clients send mixed requests to a server with the default caps: every answer must be the
//! one expected or 503 (busy), `/api/health` must answer in time throughout, and the process's
//! memory must stay within the caps. The soak adds slow clients (half-sent heads, idle
//! connections) and hostile requests for a minute, and asks that the resident memory stay flat.
//! The figures go to BENCHMARKS.md.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use statespace_web::Caps;

const CLIENTS: usize = 100;

/// A request of the mix and the status it must get (or 503: busy).
struct Request {
    post: Option<Value>,
    path: &'static str,
    status: u16,
}

impl Request {
    fn post(path: &'static str, body: Value, status: u16) -> Self {
        Self {
            post: Some(body),
            path,
            status,
        }
    }

    fn get(path: &'static str, status: u16) -> Self {
        Self {
            post: None,
            path,
            status,
        }
    }

    /// The status of the server's answer to it.
    fn send(&self, base: &str) -> (u16, String) {
        let url = format!("{base}{}", self.path);
        match &self.post {
            Some(body) => common::post(&url, "application/json", &body.to_string()),
            None => common::get(&url),
        }
    }
}

/// The solves: one shipped example case of each puzzle, and a hard 15-puzzle stopped after 1 s.
fn solves() -> Vec<Request> {
    vec![
        Request::post(
            "/api/eight/solve",
            json!({"board": "8 6 7 2 5 4 3 x 1", "algo": "astar"}),
            200,
        ),
        Request::post(
            "/api/rotation/solve",
            json!({"board": "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n"}),
            200,
        ),
        Request::post(
            "/api/four/solve",
            json!({"board": "BWBO\nWBWB\nBWBW\nWBWO\n"}),
            200,
        ),
        Request::post(
            "/api/solitaire/solve",
            json!({"board": "4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n"}),
            200,
        ),
        Request::post(
            "/api/sliding/solve",
            json!({"board": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "algo": "idastar", "time_limit": 1}),
            200,
        ),
    ]
}

/// The solves, pages, random boards, and requests the server must refuse.
fn mixed() -> Vec<Request> {
    let mut mix = solves();
    mix.extend([
        Request::get("/api/puzzles", 200),
        Request::get("/", 200),
        Request::get("/api/eight/random?seed=3", 200),
        Request::get("/api/eight/solve", 405),
        Request::get("/api/nothing/tables", 404),
        Request::post(
            "/api/eight/solve",
            json!({"board": "1 2 3 4 5 6 7 8 x", "time_limit": -1}),
            400,
        ),
    ]);
    mix
}

/// Answers counted by status.
#[derive(Debug, Default)]
struct Tally {
    expected: u64,
    busy: u64,
    other: Vec<(u16, String)>,
}

/// One line of `/proc/self/status` in bytes (`VmHWM`, `VmRSS`).
fn memory(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|line| line.starts_with(field)).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib << 10
}

/// What a run saw: the answers, and `/api/health`'s times and the resident memory, sampled
/// every 50 ms.
struct Run {
    tally: Tally,
    health: Vec<Duration>,
    resident: Vec<u64>,
    seconds: f64,
}

impl Run {
    /// `clients` clients sending `mix` in turn to `base` for `duration`, and `slow` clients
    /// holding half-sent heads and idle connections.
    fn of(
        base: &str,
        mix: fn() -> Vec<Request>,
        clients: usize,
        slow: usize,
        duration: Duration,
    ) -> Self {
        let tally = Arc::new(Mutex::new(Tally::default()));
        let done = Arc::new(AtomicBool::new(false));
        let watch = {
            let (base, done) = (base.to_string(), done.clone());
            std::thread::spawn(move || watch(&base, &done))
        };
        let started = Instant::now();
        let deadline = started + duration;
        let senders: Vec<_> = (0..clients)
            .map(|client| {
                let (base, tally) = (base.to_string(), tally.clone());
                std::thread::spawn(move || send_until(&base, mix(), client, deadline, &tally))
            })
            .collect();
        let loiterers: Vec<_> = (0..slow)
            .map(|client| {
                let base = base.to_string();
                std::thread::spawn(move || loiter_until(&base, client, deadline))
            })
            .collect();
        senders
            .into_iter()
            .chain(loiterers)
            .for_each(|thread| thread.join().unwrap());
        done.store(true, Ordering::Relaxed);
        let (health, resident) = watch.join().unwrap();
        let tally = Arc::try_unwrap(tally).unwrap().into_inner().unwrap();
        Self {
            tally,
            health,
            resident,
            seconds: started.elapsed().as_secs_f64(),
        }
    }

    /// The `fraction` quantile of the health checks' times.
    fn health_quantile(&self, fraction: f64) -> Duration {
        let mut times = self.health.clone();
        times.sort();
        times[((times.len() - 1) as f64 * fraction) as usize]
    }

    /// A line of figures for BENCHMARKS.md.
    fn print(&self, clients: usize, slow: usize, caps: &Caps) {
        let tally = &self.tally;
        println!(
            "{clients} clients and {slow} slow ones, {:.1} s: {} answered as expected ({:.0}/s), \
             {} busy (503), {} other; health {} checks, p50 {:?}, p99 {:?}, slowest {:?}; \
             resident {} MiB after a sixth of the run, {} MiB at half, {} MiB at the end; \
             peak {} MiB; caps {caps:?}",
            self.seconds,
            tally.expected,
            tally.expected as f64 / self.seconds,
            tally.busy,
            tally.other.len(),
            self.health.len(),
            self.health_quantile(0.5),
            self.health_quantile(0.99),
            self.health_quantile(1.0),
            self.resident[self.resident.len() / 6] >> 20,
            self.resident[self.resident.len() / 2] >> 20,
            self.resident.last().copied().unwrap_or_default() >> 20,
            memory("VmHWM:") >> 20,
        );
    }

    /// Asserts every answer was the one expected or busy, and some were answered.
    fn assert_answered(&self) {
        let other = &self.tally.other;
        assert!(other.is_empty(), "{:?}", &other[..other.len().min(5)]);
        assert!(self.tally.expected > 0);
    }
}

#[test]
#[ignore = "takes the machine for 10 s: run by hand, figures in BENCHMARKS.md"]
fn a_hundred_clients_for_ten_seconds() {
    let caps = Caps::default();
    let base = common::start(caps);
    let run = Run::of(&base, solves, CLIENTS, 0, Duration::from_secs(10));
    run.print(CLIENTS, 0, &caps);
    run.assert_answered();
    let slowest = run.health_quantile(1.0);
    assert!(slowest < Duration::from_secs(1), "health took {slowest:?}");
    let bound = caps.max_memory * caps.searches as u64 + (256 << 20);
    assert!(memory("VmHWM:") < bound, "peak {} bytes", memory("VmHWM:"));
}

#[test]
#[ignore = "takes the machine for 60 s: run by hand, figures in BENCHMARKS.md"]
fn a_hundred_mixed_and_slow_clients_for_a_minute() {
    const SLOW: usize = 20;
    let caps = Caps::default();
    let base = common::start(caps);
    let run = Run::of(&base, mixed, CLIENTS - SLOW, SLOW, Duration::from_secs(60));
    run.print(CLIENTS - SLOW, SLOW, &caps);
    run.assert_answered();
    let p99 = run.health_quantile(0.99);
    assert!(p99 < Duration::from_millis(50), "health's p99 {p99:?}");
    // Flat: what the first ten seconds (solvers built, threads started) left grows no more
    // than 64 MiB in the fifty that follow.
    let warm = run.resident[run.resident.len() / 6];
    let end = *run.resident.last().unwrap();
    assert!(end < warm + (64 << 20), "resident {warm} bytes, then {end}");
}

/// One client: the mix in turn until `deadline`.
fn send_until(
    base: &str,
    mix: Vec<Request>,
    client: usize,
    deadline: Instant,
    tally: &Mutex<Tally>,
) {
    let mut turn = client;
    while Instant::now() < deadline {
        let request = &mix[turn % mix.len()];
        turn += 1;
        let (status, body) = request.send(base);
        let mut tally = tally.lock().unwrap();
        match status {
            status if status == request.status => tally.expected += 1,
            503 => tally.busy += 1,
            _ => tally.other.push((status, body)),
        }
    }
}

/// One slow client until `deadline`: a half-sent head or an idle connection in turn, each held
/// until the server closes it.
fn loiter_until(base: &str, client: usize, deadline: Instant) {
    let mut turn = client;
    while Instant::now() < deadline {
        let half: &[u8] = match turn % 2 {
            0 => b"GET / HTTP/1.1\r\n",
            _ => b"",
        };
        turn += 1;
        let patience = deadline.saturating_duration_since(Instant::now());
        common::raw(base, half, patience);
    }
}

/// Polls `/api/health` and the resident memory every 50 ms until `done`.
fn watch(base: &str, done: &AtomicBool) -> (Vec<Duration>, Vec<u64>) {
    let (mut health, mut resident) = (Vec::new(), Vec::new());
    while !done.load(Ordering::Relaxed) {
        let asked = Instant::now();
        let (status, _) = common::get(&format!("{base}/api/health"));
        assert_eq!(status, 200);
        health.push(asked.elapsed());
        resident.push(memory("VmRSS:"));
        std::thread::sleep(Duration::from_millis(50));
    }
    (health, resident)
}
