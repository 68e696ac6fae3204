//! A playground server on a free port of this machine, and requests to it.

#![allow(dead_code)] // each test file uses its own part

use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::Value;
use statespace_web::{AllowedHosts, Caps, Settings};

/// Starts a server bounded by `caps` on a thread of its own (it lives as long as the test
/// process) and returns its address, `http://127.0.0.1:PORT`. Its folder of tables is one that
/// no test fills.
pub fn start(caps: Caps) -> String {
    start_in(
        caps,
        std::env::temp_dir().join("statespace-web-tests-build-nothing"),
    )
}

/// [`start`], with its tables in folder `tables`.
pub fn start_in(caps: Caps, tables: PathBuf) -> String {
    start_with(Settings {
        caps,
        tables,
        hosts: AllowedHosts::default(),
    })
}

/// A server as `settings` say, as [`start`] starts it.
pub fn start_with(settings: Settings) -> String {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let any_port = SocketAddr::from((Ipv4Addr::LOCALHOST, 0));
        statespace_web::serve(any_port, settings, |bound| {
            sender.send(bound).expect("the test waits for the address");
        })
        .expect("the server runs");
    });
    let bound = receiver.recv().expect("the server starts");
    format!("http://{bound}")
}

/// An agent that hands back 4xx and 5xx answers instead of failing on them.
fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into()
}

/// The status and body of `GET url`.
pub fn get(url: &str) -> (u16, String) {
    let mut response = agent().get(url).call().expect("the server answers");
    let body = response.body_mut().read_to_string().expect("a text body");
    (response.status().as_u16(), body)
}

/// The status and body of `POST url` with `body` of `content_type`.
pub fn post(url: &str, content_type: &str, body: &str) -> (u16, String) {
    let mut response = agent()
        .post(url)
        .header("content-type", content_type)
        .send(body)
        .expect("the server answers");
    let text = response
        .body_mut()
        .with_config()
        .limit(64 << 20)
        .read_to_string()
        .expect("a text body");
    (response.status().as_u16(), text)
}

/// The status and JSON answer of posting `request` as JSON to `url`.
pub fn post_json(url: &str, request: &Value) -> (u16, Value) {
    let (status, body) = post(url, "application/json", &request.to_string());
    let answer = serde_json::from_str(&body).unwrap_or_else(|_| panic!("JSON, not {body:?}"));
    (status, answer)
}

/// What a connection sent `request` as raw bytes read before it closed or `patience` passed,
/// and when it closed (`None`: still open).
pub fn raw(base: &str, request: &[u8], patience: Duration) -> (String, Option<Duration>) {
    let address = base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).expect("the server listens");
    let opened = Instant::now();
    stream.write_all(request).expect("the server reads");
    let mut answer = Vec::new();
    let mut buffer = [0; 4096];
    let closed = loop {
        let left = patience.saturating_sub(opened.elapsed());
        if left.is_zero() {
            break None;
        }
        stream.set_read_timeout(Some(left)).unwrap();
        match stream.read(&mut buffer) {
            Ok(0) => break Some(opened.elapsed()),
            Ok(read) => answer.extend_from_slice(&buffer[..read]),
            Err(error) if error.kind() == ErrorKind::ConnectionReset => {
                break Some(opened.elapsed());
            }
            Err(_) => break None,
        }
    };
    (String::from_utf8_lossy(&answer).into_owned(), closed)
}

/// The status and JSON body of a raw HTTP/1.1 answer.
pub fn status_and_json(answer: &str) -> (u16, Value) {
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("a head and a body, not {answer:?}"));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or_else(|| panic!("a status line, not {head:?}"));
    let json = serde_json::from_str(body).unwrap_or_else(|_| panic!("JSON, not {body:?}"));
    (status, json)
}

/// A grid case of `side` × `side` open cells but for a wall across the middle row with a gap of
/// `gap` cells at its left end, from the top right corner to the bottom right one.
pub fn walled_grid(side: usize, gap: usize) -> String {
    let mut board = format!("type octile\nheight {side}\nwidth {side}\nmap\n");
    for row in 0..side {
        let wall = if row == side / 2 { "@" } else { "." };
        board.push_str(&format!("{}{}\n", ".".repeat(gap), wall.repeat(side - gap)));
    }
    board + &format!("{} 0 {} {}\n", side - 1, side - 1, side - 1)
}

/// `text` with every byte but letters and digits percent-encoded, for a query string.
pub fn encoded(text: &str) -> String {
    text.bytes()
        .map(|byte| match byte {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' => char::from(byte).to_string(),
            _ => format!("%{byte:02X}"),
        })
        .collect()
}
