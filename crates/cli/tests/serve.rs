//! `statespace serve`: the address it prints, and answers equal to `statespace solve --json`.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::Value;

use common::{run, stdout};

/// A server started by the binary, stopped when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    /// `statespace serve --port 0` with `flags`, once it has printed the address it listens on.
    fn start(flags: &[&str]) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_statespace"))
            .args(["serve", "--port", "0"])
            .args(flags)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the statespace binary runs");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("standard output is piped"))
            .read_line(&mut line)
            .expect("the server prints its address");
        let address = line
            .strip_prefix("statespace playground on http://127.0.0.1:")
            .and_then(|rest| rest.strip_suffix("/\n"))
            .map(|port| format!("127.0.0.1:{port}"))
            .unwrap_or_else(|| panic!("an address on this machine, not {line:?}"));
        Self { child, address }
    }

    /// The body of the answer to a bare HTTP/1.0 request, after checking its status is 200.
    fn request(&self, head: &str, body: &str) -> String {
        let (status, body) = self.exchange(head, body);
        assert!(status.starts_with("HTTP/1.0 200"), "{status}");
        body
    }

    /// The status line and body of the answer to a bare HTTP/1.0 request.
    fn exchange(&self, head: &str, body: &str) -> (String, String) {
        let mut stream = TcpStream::connect(&self.address).expect("the server listens");
        write!(
            stream,
            "{head} HTTP/1.0\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let (status, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
        (status.to_string(), body.to_string())
    }

    /// The status line and body of the answer to `GET /api/health` for Host `host`.
    fn health_for(&self, host: &str) -> (String, String) {
        let mut stream = TcpStream::connect(&self.address).expect("the server listens");
        write!(stream, "GET /api/health HTTP/1.0\r\nhost: {host}\r\n\r\n").unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
        let status = head.lines().next().unwrap_or_default().to_string();
        (status, body.to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `report` without its timing.
fn untimed(mut report: Value) -> Value {
    report["stats"]["seconds"] = Value::Null;
    report
}

#[test]
fn serve_prints_its_address_and_answers_as_solve_json_does() {
    let server = Server::start(&[]);
    assert_eq!(server.request("GET /api/health", ""), r#"{"status":"ok"}"#);
    let board = "2 3 4 1 5 x 7 6 8";
    let solved = run(&["solve", "eight", "--json", "--trace"], board);
    let expected: Value = serde_json::from_str(stdout(&solved)).unwrap();
    let request = serde_json::json!({"board": board, "steps": true}).to_string();
    let answer = server.request("POST /api/eight/solve", &request);
    let answer: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(untimed(answer), untimed(expected));
}

#[test]
fn serve_answers_loopback_names_and_the_allowed_hosts_only() {
    let server = Server::start(&[
        "--allow-host",
        "playground.test",
        "--allow-host",
        "10.1.2.3",
    ]);
    let ok = (
        "HTTP/1.0 200 OK".to_string(),
        r#"{"status":"ok"}"#.to_string(),
    );
    for host in [
        "localhost:8080",
        "127.0.0.1",
        "[::1]:1",
        "playground.test",
        "10.1.2.3:8080",
    ] {
        assert_eq!(server.health_for(host), ok, "{host}");
    }
    let (status, body) = server.health_for("rebound.test:8080");
    assert_eq!(status, "HTTP/1.0 403 Forbidden");
    let refused: Value = serde_json::from_str(&body).unwrap();
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .starts_with("host \"rebound.test:8080\" is not served"),
        "{refused}"
    );
    let without = Server::start(&[]);
    assert_eq!(
        without.health_for("playground.test").0,
        "HTTP/1.0 403 Forbidden"
    );
}

/// A `side` × `side` open octile map with a wall across its middle row but for a gap of 10 cells
/// on the left, and one scenario from the bottom left corner to the bottom right.
fn walled_grid(side: usize) -> String {
    let mut board = format!("type octile\nheight {side}\nwidth {side}\nmap\n");
    for row in 0..side {
        let wall = if row == side / 2 { "@" } else { "." };
        board.push_str(&format!("{}{}\n", ".".repeat(10), wall.repeat(side - 10)));
    }
    board + &format!("{} 0 {} {}\n", side - 1, side - 1, side - 1)
}

#[test]
fn max_body_lets_a_larger_map_in_and_is_refused_out_of_range() {
    let board = walled_grid(400);
    let request = serde_json::json!({"board": board, "algo": "jps"}).to_string();
    assert!(request.len() > 64 << 10, "{} bytes", request.len());
    let (status, body) = Server::start(&[]).exchange("POST /api/grid/solve", &request);
    assert!(status.starts_with("HTTP/1.0 413"), "{status}");
    assert!(
        body.contains("the body is larger than 65536 bytes"),
        "{body}"
    );
    let server = Server::start(&["--max-body", "1100000"]);
    let answer: Value =
        serde_json::from_str(&server.request("POST /api/grid/solve", &request)).unwrap();
    let solved = run(&["solve", "grid", "--algo", "jps", "--json"], &board);
    let expected: Value = serde_json::from_str(stdout(&solved)).unwrap();
    assert_eq!(answer["answer"]["moves"], expected["answer"]["moves"]);
    assert_eq!(answer["answer"]["length"], expected["answer"]["length"]);
    assert_eq!(
        answer["answer"]["moves"].as_array().map(Vec::len),
        Some(782)
    );
    for bad in ["1023", "67108865", "lots"] {
        let refused = run(&["serve", "--port", "0", "--max-body", bad], "");
        assert_eq!(refused.status.code(), Some(2), "{bad}");
    }
}
