//! A bounded load test on 127.0.0.1, run by hand (it takes the machine for 10 s):
//!
//! ```sh
//! cargo test -p statespace-web --release --test load -- --ignored --nocapture
//! ```
//!
//! 100 clients send mixed solves for 10 s to a server with the default caps: every answer must
//! be 200 or 503 (busy), `/api/health` must answer within a second throughout, and the process's
//! peak memory must stay within the caps. The figures go to BENCHMARKS.md.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use statespace_web::Caps;

const CLIENTS: usize = 100;
const DURATION: Duration = Duration::from_secs(10);

/// The mix: one shipped example case of each puzzle, and a hard 15-puzzle stopped after 1 s.
fn requests() -> Vec<(&'static str, Value)> {
    vec![
        (
            "eight",
            json!({"board": "8 6 7 2 5 4 3 x 1", "algo": "astar"}),
        ),
        (
            "rotation",
            json!({"board": "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n0\n"}),
        ),
        ("four", json!({"board": "BWBO\nWBWB\nBWBW\nWBWO\n"})),
        (
            "solitaire",
            json!({"board": "4 4 4 5 5 4 6 5\n2 4 3 3 3 6 4 6\n"}),
        ),
        (
            "sliding",
            json!({"board": "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3", "algo": "idastar", "time_limit": 1}),
        ),
    ]
}

/// Answers counted by status.
#[derive(Debug, Default)]
struct Tally {
    ok: u64,
    busy: u64,
    other: Vec<(u16, String)>,
}

/// The process's peak resident memory in bytes (`VmHWM`).
fn peak_memory() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|line| line.starts_with("VmHWM:"))
        .unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib << 10
}

#[test]
#[ignore = "takes the machine for 10 s: run by hand, figures in BENCHMARKS.md"]
fn a_hundred_clients_for_ten_seconds() {
    let caps = Caps::default();
    let base = common::start(caps);
    let tally = Arc::new(Mutex::new(Tally::default()));
    let done = Arc::new(AtomicBool::new(false));
    let health = {
        let (base, done) = (base.clone(), done.clone());
        std::thread::spawn(move || watch_health(&base, &done))
    };
    let started = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|client| {
            let (base, tally) = (base.clone(), tally.clone());
            std::thread::spawn(move || send_until(&base, client, started + DURATION, &tally))
        })
        .collect();
    clients
        .into_iter()
        .for_each(|client| client.join().unwrap());
    done.store(true, Ordering::Relaxed);
    let (checks, slowest) = health.join().unwrap();
    let tally = tally.lock().unwrap();
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "{CLIENTS} clients, {elapsed:.1} s: {} answered ({:.0}/s), {} busy (503), {} other; \
         health {checks} checks, slowest {slowest:?}; peak memory {} MiB; caps {caps:?}",
        tally.ok,
        tally.ok as f64 / elapsed,
        tally.busy,
        tally.other.len(),
        peak_memory() >> 20,
    );
    assert!(
        tally.other.is_empty(),
        "{:?}",
        &tally.other[..tally.other.len().min(5)]
    );
    assert!(tally.ok > 0);
    assert!(slowest < Duration::from_secs(1), "health took {slowest:?}");
    let bound = caps.max_memory * caps.searches as u64 + (256 << 20);
    assert!(peak_memory() < bound, "peak {} bytes", peak_memory());
}

/// One client: the mix in turn until `deadline`.
fn send_until(base: &str, client: usize, deadline: Instant, tally: &Mutex<Tally>) {
    let mix = requests();
    let mut turn = client;
    while Instant::now() < deadline {
        let (puzzle, request) = &mix[turn % mix.len()];
        turn += 1;
        let (status, body) = common::post(
            &format!("{base}/api/{puzzle}/solve"),
            "application/json",
            &request.to_string(),
        );
        let mut tally = tally.lock().unwrap();
        match status {
            200 => tally.ok += 1,
            503 => tally.busy += 1,
            _ => tally.other.push((status, body)),
        }
    }
}

/// Polls `/api/health` every 100 ms until `done`: the number of checks and the slowest answer.
fn watch_health(base: &str, done: &AtomicBool) -> (u64, Duration) {
    let (mut checks, mut slowest) = (0, Duration::ZERO);
    while !done.load(Ordering::Relaxed) {
        let asked = Instant::now();
        let (status, _) = common::get(&format!("{base}/api/health"));
        assert_eq!(status, 200);
        slowest = slowest.max(asked.elapsed());
        checks += 1;
        std::thread::sleep(Duration::from_millis(100));
    }
    (checks, slowest)
}
