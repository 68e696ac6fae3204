//! The browser tests' harness: a chromedriver, a headless Chromium session through it, and a
//! playground, with the few page actions the tests are written in.

use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use statespace_web::Caps;

use crate::common;

/// The WebDriver server of Debian's Chromium.
const CHROMEDRIVER: &str = "chromedriver";

/// How long the page may take to show what a test waits for.
pub(crate) const PATIENCE: Duration = Duration::from_secs(20);

/// A chromedriver process and a headless Chromium session on the playground.
pub(crate) struct Browser {
    pub(crate) client: Client,
    pub(crate) driver: Child,
    pub(crate) playground: String,
}

impl Browser {
    /// Starts chromedriver on a free port, a headless Chromium through it, and a playground.
    pub(crate) async fn open() -> Self {
        Self::open_with(common::start(Caps::default())).await
    }

    /// [`open`](Self::open), on the playground at `playground`.
    pub(crate) async fn open_with(playground: String) -> Self {
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            // A group of its own, with the Chromium it starts, for `Drop` to end them together.
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "cannot start {CHROMEDRIVER} ({error}): the browser tests need Debian's \
                     chromium and chromium-driver packages, which scripts/test.sh installs"
                )
            });
        let started = Instant::now();
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            assert!(started.elapsed() < PATIENCE, "chromedriver does not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".to_string(),
            json!({"args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                            "--disable-dev-shm-usage", "--window-size=1400,1000"]}),
        );
        // A session now and then fails to start on a loaded machine (chromedriver resets the
        // connection while Chromium starts): a few attempts before giving up.
        let mut attempts = 0;
        let client = loop {
            let session = ClientBuilder::new(HttpConnector::new())
                .capabilities(capabilities.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await;
            attempts += 1;
            match session {
                Ok(client) => break client,
                Err(error) if attempts == 3 => panic!("a Chromium session: {error}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(500)).await,
            }
        };
        client.goto(&playground).await.expect("the page loads");
        let browser = Self {
            client,
            driver,
            playground,
        };
        // The page is ready when it lists every puzzle of the registry.
        browser
            .wait_for(&format!(
                "document.querySelectorAll('#puzzle option').length === {}",
                statespace_puzzles::registry::PUZZLES.len()
            ))
            .await;
        browser
    }

    /// Ends the session and chromedriver.
    pub(crate) async fn close(self) {
        self.client.clone().close().await.expect("the session ends");
    }

    /// The value of the JavaScript `expression` on the page.
    pub(crate) async fn eval(&self, expression: &str) -> Value {
        self.client
            .execute(&format!("return {expression};"), vec![])
            .await
            .unwrap_or_else(|error| panic!("{expression}: {error}"))
    }

    /// Waits until the JavaScript `condition` holds on the page.
    pub(crate) async fn wait_for(&self, condition: &str) {
        self.wait_for_within(condition, PATIENCE).await;
    }

    /// Waits until the JavaScript `condition` holds on the page, `patience` at most.
    pub(crate) async fn wait_for_within(&self, condition: &str, patience: Duration) {
        let started = Instant::now();
        while self.eval(condition).await != Value::Bool(true) {
            let status = self
                .eval("document.getElementById('status').textContent")
                .await;
            assert!(
                started.elapsed() < patience,
                "waited in vain for {condition} (status: {status})"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub(crate) async fn click(&self, selector: &str) {
        self.client
            .find(Locator::Css(selector))
            .await
            .unwrap_or_else(|error| panic!("{selector}: {error}"))
            .click()
            .await
            .unwrap_or_else(|error| panic!("{selector}: {error}"));
    }

    /// Chooses `puzzle` in the selector and waits for its first example to be drawn.
    pub(crate) async fn choose(&self, puzzle: &str) {
        self.client
            .find(Locator::Id("puzzle"))
            .await
            .unwrap()
            .select_by_value(puzzle)
            .await
            .unwrap();
        self.wait_for(&format!(
            "document.getElementById('format').textContent === {}",
            json!(self.about(puzzle)["input"])
        ))
        .await;
        self.wait_for(&format!(
            "document.querySelector('#board svg')?.dataset.puzzle === '{puzzle}'"
        ))
        .await;
    }

    /// What `/api/puzzles` says of `puzzle`.
    pub(crate) fn about(&self, puzzle: &str) -> Value {
        let (_, body) = common::get(&format!("{}/api/puzzles", self.playground));
        let puzzles: Vec<Value> = serde_json::from_str(&body).unwrap();
        puzzles
            .into_iter()
            .find(|about| about["name"] == puzzle)
            .unwrap()
    }

    /// Presses Solve on a board just set up and waits for the answer, a move list of `moves`
    /// moves.
    pub(crate) async fn solve(&self, moves: usize) {
        self.click("#solve").await;
        self.wait_for(&format!(
            "document.getElementById('summary').textContent !== '-' && \
             document.querySelectorAll('#moves li').length === {moves}"
        ))
        .await;
    }

    /// The moves of the list, in order.
    pub(crate) async fn move_list(&self) -> Vec<String> {
        let moves = self
            .eval("[...document.querySelectorAll('#moves li')].map(li => li.textContent)")
            .await;
        serde_json::from_value(moves).unwrap()
    }

    /// The board drawn, as the text the page drew it from.
    pub(crate) async fn drawn_text(&self) -> String {
        let text = self
            .eval("document.querySelector('#board svg').getAttribute('data-board')")
            .await;
        text.as_str().unwrap().to_string()
    }

    /// The sliding tiles drawn, row by row, `_` for the blank, read from the SVG's tiles.
    pub(crate) async fn drawn_tiles(&self) -> String {
        let tiles = self
            .eval(
                "(() => { const svg = document.querySelector('#board svg'); \
                 const [,, w, h] = svg.getAttribute('viewBox').split(' ').map(Number); \
                 const rows = Array.from({length: h / 48}, () => Array(w / 48).fill('_')); \
                 svg.querySelectorAll('.tile').forEach(tile => \
                   rows[tile.dataset.row][tile.dataset.col] = tile.textContent); \
                 return rows.map(row => row.join(' ')).join('\\n'); })()",
            )
            .await;
        tiles.as_str().unwrap().to_string()
    }

    /// Types `text` into the empty text box `selector` and leaves it (its change is seen).
    pub(crate) async fn type_into(&self, selector: &str, text: &str) {
        let field = self.client.find(Locator::Css(selector)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(&format!("{text}\u{E004}")).await.unwrap();
    }

    /// Chooses `value` in the select `id`.
    pub(crate) async fn select(&self, id: &str, value: &str) {
        self.client
            .find(Locator::Id(id))
            .await
            .unwrap()
            .select_by_value(value)
            .await
            .unwrap_or_else(|error| panic!("{id} = {value}: {error}"));
    }

    /// Types `board` in and sets it up, waiting until the drawing shows `drawn`.
    pub(crate) async fn set_up(&self, board: &str, drawn: &str) {
        self.type_into("#input", board).await;
        self.click("#load").await;
        self.wait_for(&format!(
            "document.querySelector('#board svg')?.dataset.board === {}",
            json!(drawn)
        ))
        .await;
    }

    /// The text of element `id`.
    pub(crate) async fn text(&self, id: &str) -> String {
        let text = self
            .eval(&format!("document.getElementById('{id}').textContent"))
            .await;
        text.as_str().unwrap().to_string()
    }

    /// The texts of the elements `selector` matches, in order.
    pub(crate) async fn texts(&self, selector: &str) -> Vec<String> {
        let texts = self
            .eval(&format!(
                "[...document.querySelectorAll({})].map(e => e.textContent)",
                json!(selector)
            ))
            .await;
        serde_json::from_value(texts).unwrap()
    }

    /// Saves a screenshot of the page as `name`.png under the target folder.
    pub(crate) async fn screenshot(&self, name: &str) {
        let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("playground");
        std::fs::create_dir_all(&folder).unwrap();
        let png = self.client.screenshot().await.unwrap();
        std::fs::write(folder.join(format!("{name}.png")), png).unwrap();
    }
}

impl Drop for Browser {
    /// Ends chromedriver and the Chromium it started, also when a test failed before `close`.
    fn drop(&mut self) {
        let group = format!("-{}", self.driver.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.driver.wait();
    }
}

/// A port no one listens on now.
pub(crate) fn free_port() -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    listener.local_addr().unwrap().port()
}
