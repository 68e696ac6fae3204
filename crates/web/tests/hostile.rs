//! Clients that once took the server down or had it answer what it should not, over sockets on
//! 127.0.0.1: slow, idle and too many connections, huge declared bodies and answers, foreign
//! Host names, and malformed requests. Each gets a JSON error or a closed connection, in time,
//! and the server keeps answering the others.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use statespace_puzzles::registry;
use statespace_web::{AllowedHosts, Caps, Settings};

use common::{get, post_json, raw, start, start_with, status_and_json};

/// The default caps with `header_timeout` for a request's head (and an idle connection).
fn impatient(header_timeout: Duration) -> Caps {
    Caps {
        header_timeout,
        ..Caps::default()
    }
}

/// A request for `/api/health` with Host `host`, closing the connection after the answer.
fn health_for(host: &str) -> String {
    format!("GET /api/health HTTP/1.1\r\nhost: {host}\r\nconnection: close\r\n\r\n")
}

/// The status and JSON body of the answer to `/api/health` for Host `host` on a connection
/// of its own.
fn health_status(base: &str, host: &str) -> (u16, Value) {
    let (answer, _) = raw(base, health_for(host).as_bytes(), Duration::from_secs(5));
    status_and_json(&answer)
}

/// Asserts that the server at `base` answers `/api/health` at once.
fn assert_healthy(base: &str) {
    let asked = Instant::now();
    assert_eq!(get(&format!("{base}/api/health")).0, 200);
    assert!(
        asked.elapsed() < Duration::from_secs(1),
        "{:?}",
        asked.elapsed()
    );
}

#[test]
fn a_half_sent_head_is_closed_at_the_header_timeout() {
    let base = start(impatient(Duration::from_millis(500)));
    let half = b"GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n";
    let (answer, closed) = raw(&base, half, Duration::from_secs(10));
    let closed = closed.unwrap_or_else(|| panic!("still open after 10 s: {answer:?}"));
    assert!(
        closed >= Duration::from_millis(400),
        "closed after {closed:?}"
    );
    assert!(closed < Duration::from_secs(3), "closed after {closed:?}");
    assert!(!answer.contains("200 OK"), "{answer:?}");
    assert_healthy(&base);
}

#[test]
fn an_idle_connection_is_closed_at_the_header_timeout() {
    let base = start(impatient(Duration::from_millis(500)));
    let (_, closed) = raw(&base, b"", Duration::from_secs(10));
    let closed = closed.expect("a connection that sends nothing is closed");
    assert!(closed < Duration::from_secs(3), "closed after {closed:?}");
    // Kept alive after an answer, then idle.
    let once = b"GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n";
    let (answer, closed) = raw(&base, once, Duration::from_secs(10));
    assert!(answer.ends_with(r#"{"status":"ok"}"#), "{answer:?}");
    let closed = closed.expect("an idle kept-alive connection is closed");
    assert!(closed < Duration::from_secs(3), "closed after {closed:?}");
}

#[test]
fn a_body_that_does_not_arrive_is_refused_at_the_body_timeout() {
    let base = start(Caps {
        body_timeout: Duration::from_millis(500),
        ..Caps::default()
    });
    let head = "POST /api/eight/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: \
                application/json\r\ncontent-length: 100\r\n\r\n{\"board\":";
    let (answer, _) = raw(&base, head.as_bytes(), Duration::from_secs(5));
    let (status, error) = status_and_json(&answer);
    assert_eq!(status, 408, "{error}");
    assert_eq!(
        error["error"],
        "the request's body took more than 0.5 s to arrive"
    );
}

#[test]
fn connections_beyond_the_cap_are_told_the_server_is_full() {
    let base = start(Caps {
        connections: 2,
        ..impatient(Duration::from_secs(5))
    });
    let address = base.trim_start_matches("http://");
    let held: Vec<TcpStream> = (0..2)
        .map(|_| TcpStream::connect(address).unwrap())
        .collect();
    // Let the server accept them before the next one comes.
    std::thread::sleep(Duration::from_millis(300));
    let (answer, closed) = raw(
        &base,
        health_for("127.0.0.1").as_bytes(),
        Duration::from_secs(3),
    );
    let (status, error) = status_and_json(&answer);
    assert_eq!(status, 503, "{error}");
    assert_eq!(
        error["error"],
        "busy: too many connections, try again in a moment"
    );
    assert!(closed.is_some(), "the extra connection is closed");
    let (_, closed) = raw(&base, b"GET / HTTP/1.1\r\n", Duration::from_secs(5));
    let closed = closed.expect("a slow connection beyond the cap is closed");
    assert!(closed < Duration::from_secs(2), "closed after {closed:?}");
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(health_status(&base, "127.0.0.1").0, 200);
}

#[test]
fn a_huge_declared_body_is_refused_at_once() {
    let base = start(Caps::default());
    let head = "POST /api/eight/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: \
                application/json\r\ncontent-length: 999999999\r\n\r\n";
    let asked = Instant::now();
    let (answer, _) = raw(&base, head.as_bytes(), Duration::from_secs(5));
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    let (status, error) = status_and_json(&answer);
    assert_eq!(status, 413);
    assert_eq!(error["error"], "the body is larger than 65536 bytes");
}

#[test]
fn foreign_host_names_are_refused_unless_allowed() {
    let base = start(Caps::default());
    for host in ["127.0.0.1", "localhost:80", "[::1]:8080"] {
        assert_eq!(health_status(&base, host).0, 200, "{host}");
    }
    let (status, error) = health_status(&base, "rebound.test");
    assert_eq!(status, 403);
    assert_eq!(
        error["error"],
        "host \"rebound.test\" is not served: the server answers localhost and the names it is \
         started with (--allow-host)"
    );
    let allowing = start_with(Settings {
        caps: Caps::default(),
        tables: std::env::temp_dir().join("statespace-web-tests-build-nothing"),
        hosts: AllowedHosts::new(["rebound.test"]),
    });
    assert_eq!(health_status(&allowing, "rebound.test:8080").0, 200);
}

#[test]
fn refusals_of_the_protocol_are_json_too() {
    let base = start(Caps::default());
    let long_path = format!(
        "GET /api/health?{} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n",
        "a".repeat(10_000)
    );
    let big_header = format!(
        "GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\nx-filler: {}\r\nconnection: close\r\n\r\n",
        "a".repeat(20_000)
    );
    let wrong_method =
        "GET /api/eight/solve HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n";
    // Heads past the connection's buffer, or with more headers than hyper reads, are refused
    // by hyper itself; a request line with a raw space cannot be read at all.
    let huge_header = format!(
        "GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\nx-filler: {}\r\nconnection: close\r\n\r\n",
        "a".repeat(200_000)
    );
    let many_headers = format!(
        "GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n{}connection: close\r\n\r\n",
        (0..200)
            .map(|n| format!("x-{n}: 1\r\n"))
            .collect::<String>()
    );
    let too_large = "the request's head is too large: at most 64 KiB and 100 headers";
    let raw_space =
        "GET /api/cube/random?board=R U2 HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n";
    let not_utf8 = "GET /api/%FF/random HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n";
    for (request, expected, message) in [
        (wrong_method, 405, "this path does not take this method"),
        (&long_path, 414, "the path is longer than 8192 bytes"),
        (&big_header, 431, "the headers take more than 16384 bytes"),
        (&huge_header, 431, too_large),
        (&many_headers, 431, too_large),
        (
            raw_space,
            400,
            "the request's line or headers cannot be read: a query must be URL-encoded (%20 for \
             a space)",
        ),
        (not_utf8, 400, "Invalid URL: Invalid UTF-8 in `puzzle`"),
    ] {
        let (answer, _) = raw(&base, request.as_bytes(), Duration::from_secs(5));
        let (status, error) = status_and_json(&answer);
        assert_eq!((status, &error), (expected, &json!({ "error": message })));
    }
}

#[test]
fn a_time_limit_that_is_not_seconds_is_refused() {
    let base = start(Caps::default());
    let url = format!("{base}/api/eight/solve");
    let (status, error) = post_json(
        &url,
        &json!({"board": "1 2 3 4 5 6 7 x 8", "time_limit": -1}),
    );
    assert_eq!(status, 400);
    assert_eq!(
        error["error"],
        "time_limit -1: a number of seconds, 0 or more, please"
    );
    let (status, _) = common::post(
        &url,
        "application/json",
        r#"{"board": "1 2 3 4 5 6 7 x 8", "time_limit": 1e999}"#,
    );
    assert_eq!(status, 400, "an infinite time is not JSON");
}

/// A solvable random board of `size`, as the registry draws it.
fn random_board(size: &str) -> String {
    let sliding = registry::find("sliding").unwrap();
    sliding
        .generate(json!({"size": size, "solvable": true}), 1, 7)
        .unwrap()
}

#[test]
fn steps_too_large_for_an_answer_are_refused_before_they_are_drawn() {
    let base = start(Caps::default());
    let url = format!("{base}/api/sliding/solve");
    let board = random_board("30x30");
    let request = json!({"board": board, "algo": "fast", "size": "30x30", "steps": true});
    let asked = Instant::now();
    let (status, error) = post_json(&url, &request);
    assert!(
        asked.elapsed() < Duration::from_secs(10),
        "{:?}",
        asked.elapsed()
    );
    assert_eq!(status, 422, "{error}");
    let message = error["error"].as_str().unwrap();
    assert!(
        message.starts_with("the boards along this solution (ask without steps) would take about"),
        "{message}"
    );
    assert!(
        message.ends_with("more than the 4194304 allowed"),
        "{message}"
    );
    assert_healthy(&base);
    let (status, answer) = post_json(
        &url,
        &json!({"board": board, "algo": "fast", "size": "30x30"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["steps"], Value::Null);
    let small = Caps {
        response_bytes: 10_000,
        ..Caps::default()
    };
    let (status, error) = post_json(
        &format!("{}/api/sliding/solve", start(small)),
        &json!({"board": board, "algo": "fast", "size": "30x30"}),
    );
    assert_eq!(status, 422, "{error}");
    let message = error["error"].as_str().unwrap();
    assert!(
        message.starts_with("the answer would take about"),
        "{message}"
    );
}

#[test]
fn a_client_that_stops_reading_its_answer_is_dropped_at_the_send_timeout() {
    let base = start(Caps {
        response_bytes: 64 << 20,
        send_timeout: Duration::from_millis(500),
        ..Caps::default()
    });
    let board = random_board("20x20");
    let body = json!({"board": board, "algo": "fast", "size": "20x20", "steps": true}).to_string();
    let request = format!(
        "POST /api/sliding/solve HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: \
         application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let mut stream = TcpStream::connect(base.trim_start_matches("http://")).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    let mut answer = vec![0; 1024];
    stream.read_exact(&mut answer).unwrap();
    // The answer (tens of megabytes) fills the sockets' buffers while this client reads none.
    std::thread::sleep(Duration::from_secs(3));
    let _ = stream.read_to_end(&mut answer);
    let head = String::from_utf8_lossy(&answer[..1024]);
    assert!(head.starts_with("HTTP/1.1 200 OK"), "{head}");
    let declared: usize = head
        .lines()
        .find_map(|line| line.strip_prefix("content-length: "))
        .and_then(|length| length.trim().parse().ok())
        .unwrap_or_else(|| panic!("a length in {head}"));
    let body_read = answer.len() - head.find("\r\n\r\n").unwrap() - 4;
    assert!(
        body_read < declared,
        "{body_read} bytes of {declared}: the whole answer waited for the client"
    );
    assert_healthy(&base);
}
