//! The page in a real headless Chromium, driven over WebDriver (Debian's `chromium` and
//! `chromium-driver`, which `.ci/run` installs): each puzzle's example solved and stepped to its
//! goal, and the Eight puzzle set up by typing, solved, stepped through, played by hand and
//! hinted. A screenshot of each puzzle is saved under the target folder for a person to look at.

mod common;

use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use statespace_web::Caps;

/// The WebDriver server of Debian's Chromium.
const CHROMEDRIVER: &str = "chromedriver";

/// How long the page may take to show what a test waits for.
const PATIENCE: Duration = Duration::from_secs(20);

/// A chromedriver process and a headless Chromium session on the playground.
struct Browser {
    client: Client,
    driver: Child,
    playground: String,
}

impl Browser {
    /// Starts chromedriver on a free port, a headless Chromium through it, and a playground.
    async fn open() -> Self {
        Self::open_with(common::start(Caps::default())).await
    }

    /// [`open`](Self::open), on the playground at `playground`.
    async fn open_with(playground: String) -> Self {
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "cannot start {CHROMEDRIVER} ({error}): the browser tests need Debian's \
                     chromium and chromium-driver packages, which .ci/run installs"
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
        browser
            .wait_for("document.querySelectorAll('#puzzle option').length === 6")
            .await;
        browser
    }

    /// Ends the session and chromedriver.
    async fn close(mut self) {
        self.client.clone().close().await.expect("the session ends");
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }

    /// The value of the JavaScript `expression` on the page.
    async fn eval(&self, expression: &str) -> Value {
        self.client
            .execute(&format!("return {expression};"), vec![])
            .await
            .unwrap_or_else(|error| panic!("{expression}: {error}"))
    }

    /// Waits until the JavaScript `condition` holds on the page.
    async fn wait_for(&self, condition: &str) {
        let started = Instant::now();
        while self.eval(condition).await != Value::Bool(true) {
            let status = self
                .eval("document.getElementById('status').textContent")
                .await;
            assert!(
                started.elapsed() < PATIENCE,
                "waited in vain for {condition} (status: {status})"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn click(&self, selector: &str) {
        self.client
            .find(Locator::Css(selector))
            .await
            .unwrap_or_else(|error| panic!("{selector}: {error}"))
            .click()
            .await
            .unwrap_or_else(|error| panic!("{selector}: {error}"));
    }

    /// Chooses `puzzle` in the selector and waits for its first example to be drawn.
    async fn choose(&self, puzzle: &str) {
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
        self.wait_for("document.querySelector('#board svg') !== null")
            .await;
    }

    /// What `/api/puzzles` says of `puzzle`.
    fn about(&self, puzzle: &str) -> Value {
        let (_, body) = common::get(&format!("{}/api/puzzles", self.playground));
        let puzzles: Vec<Value> = serde_json::from_str(&body).unwrap();
        puzzles
            .into_iter()
            .find(|about| about["name"] == puzzle)
            .unwrap()
    }

    /// Presses Solve and waits for the move list of `moves` moves.
    async fn solve(&self, moves: usize) {
        self.click("#solve").await;
        self.wait_for(&format!(
            "document.querySelector('#step-title').textContent === 'start' || \
             document.querySelector('#step-title').textContent.startsWith('start,') \
             ? document.querySelectorAll('#moves li').length === {moves} : false"
        ))
        .await;
    }

    /// The moves of the list, in order.
    async fn move_list(&self) -> Vec<String> {
        let moves = self
            .eval("[...document.querySelectorAll('#moves li')].map(li => li.textContent)")
            .await;
        serde_json::from_value(moves).unwrap()
    }

    /// The board drawn, as the text the page drew it from.
    async fn drawn_text(&self) -> String {
        let text = self
            .eval("document.querySelector('#board svg').getAttribute('data-board')")
            .await;
        text.as_str().unwrap().to_string()
    }

    /// The sliding tiles drawn, row by row, `_` for the blank, read from the SVG's tiles.
    async fn drawn_tiles(&self) -> String {
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

    /// Saves a screenshot of the page as `name`.png under the target folder.
    async fn screenshot(&self, name: &str) {
        let folder = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("playground");
        std::fs::create_dir_all(&folder).unwrap();
        let png = self.client.screenshot().await.unwrap();
        std::fs::write(folder.join(format!("{name}.png")), png).unwrap();
    }
}

/// A port no one listens on now.
fn free_port() -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
    listener.local_addr().unwrap().port()
}

#[tokio::test]
async fn eight_is_typed_in_solved_stepped_through_and_played_by_hand() {
    let browser = Browser::open().await;
    browser.choose("eight").await;
    let input = browser.client.find(Locator::Id("input")).await.unwrap();
    input.clear().await.unwrap();
    input.send_keys("8 6 7 2 5 4 3 x 1").await.unwrap();
    browser.click("#load").await;
    browser
        .wait_for(
            "document.querySelector('#board svg').dataset.board === '8 6 7\\n2 5 4\\n3 x 1\\n'",
        )
        .await;
    assert_eq!(browser.drawn_tiles().await, "8 6 7\n2 5 4\n3 _ 1");

    browser.solve(31).await;
    let expected = "lurdrulurdlldrrululddruulddrurd";
    assert_eq!(browser.move_list().await.concat(), expected);
    assert_eq!(
        browser
            .eval("document.getElementById('expanded').textContent !== '-'")
            .await,
        true
    );
    for step in 1..=31 {
        browser.click("#forward").await;
        let current = browser.eval("[...document.querySelectorAll('#moves li')].findIndex(li => li.className === 'current')").await;
        assert_eq!(
            current,
            json!(step - 1),
            "the move list follows step {step}"
        );
    }
    assert_eq!(browser.drawn_tiles().await, "1 2 3\n4 5 6\n7 8 _");
    browser.click("#back").await;
    assert_eq!(
        browser.drawn_tiles().await,
        "1 2 3\n4 5 _\n7 8 6",
        "before the last d"
    );
    browser.click("#forward").await;
    browser.screenshot("eight").await;

    // By hand from "1 2 3 / x 4 6 / 7 5 8": slide the 4 left, then the 5 up, then ask.
    browser.click("#example").await;
    browser
        .wait_for(
            "document.querySelector('#board svg').dataset.board === '1 2 3\\nx 4 6\\n7 5 8\\n'",
        )
        .await;
    browser
        .click("#board .tile[data-row='1'][data-col='1']")
        .await;
    browser
        .wait_for("document.getElementById('status').textContent === 'played r'")
        .await;
    browser
        .click("#board .tile[data-row='2'][data-col='1']")
        .await;
    browser
        .wait_for("document.getElementById('status').textContent === 'played d'")
        .await;
    assert_eq!(browser.drawn_tiles().await, "1 2 3\n4 5 6\n7 _ 8");
    browser.click("#hint").await;
    browser
        .wait_for("document.getElementById('status').textContent.startsWith('hint')")
        .await;
    assert_eq!(
        browser
            .eval("document.getElementById('status').textContent")
            .await,
        "hint: r (1 move from here)"
    );
    assert_eq!(
        browser
            .eval("document.querySelector('#hand button.suggested').dataset.move")
            .await,
        "r"
    );
    browser.click("#hand button.suggested").await;
    browser
        .wait_for("document.getElementById('status').textContent === 'played r'")
        .await;
    assert_eq!(browser.drawn_tiles().await, "1 2 3\n4 5 6\n7 8 _");
    browser.close().await;
}

/// Whether the Rotation Game's drawing has one digit in all 8 centre cells.
fn rotation_goal(drawing: &str) -> bool {
    let rows: Vec<&[u8]> = drawing.lines().map(str::as_bytes).collect();
    let centre = [
        (2, 4),
        (2, 6),
        (2, 8),
        (3, 4),
        (3, 8),
        (4, 4),
        (4, 6),
        (4, 8),
    ];
    let digits: Vec<u8> = centre.iter().map(|&(row, at)| rows[row][at]).collect();
    digits.iter().all(|&digit| digit == digits[0])
}

/// Whether a four-in-a-row drawing has four of a colour in a row, a column or a diagonal.
fn four_goal(drawing: &str) -> bool {
    let cells: Vec<&[u8]> = drawing.lines().map(str::as_bytes).collect();
    let at = |(row, col): (usize, usize)| cells[row][col];
    let mut lines: Vec<Vec<(usize, usize)>> = Vec::new();
    for index in 0..4 {
        lines.push((0..4).map(|col| (index, col)).collect());
        lines.push((0..4).map(|row| (row, index)).collect());
    }
    lines.push((0..4).map(|index| (index, index)).collect());
    lines.push((0..4).map(|index| (index, 3 - index)).collect());
    lines.iter().any(|line| {
        let first = at(line[0]);
        first != b'O' && line.iter().all(|&cell| at(cell) == first)
    })
}

#[tokio::test]
async fn each_puzzle_example_plays_to_its_goal() {
    let browser = Browser::open().await;
    for (puzzle, moves) in [
        ("rotation", 2),
        ("sliding", 1),
        ("solitaire", 7),
        ("four", 5),
        ("grid", 15),
    ] {
        browser.choose(puzzle).await;
        browser.solve(moves).await;
        browser.click("#last").await;
        let drawing = browser.drawn_text().await;
        match puzzle {
            "rotation" => assert!(rotation_goal(&drawing), "{drawing}"),
            "sliding" => assert_eq!(
                browser.drawn_tiles().await,
                "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 _"
            ),
            "solitaire" => {
                let pieces = browser.eval("[...document.querySelectorAll('#board .piece')].map(p => [Number(p.dataset.row) + 1, Number(p.dataset.col) + 1]).flat().join(' ')").await;
                let target = browser
                    .eval("[...document.querySelectorAll('#board .target')].length")
                    .await;
                assert_eq!(pieces, "2 4 3 3 3 6 4 6", "the pieces stand on the target");
                assert_eq!(target, 4);
            }
            "grid" => {
                // The walker stands on the goal, at the end of the top row.
                assert!(drawing.lines().next().unwrap().ends_with('*'), "{drawing}");
                assert!(!drawing.contains('G'), "{drawing}");
            }
            _ => assert!(four_goal(&drawing), "{drawing}"),
        }
        browser.screenshot(puzzle).await;
    }
    browser.close().await;
}

#[tokio::test]
async fn pattern_databases_are_built_from_the_page_then_solve() {
    let folder =
        std::env::temp_dir().join(format!("statespace-page-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let browser = Browser::open_with(common::start_in(Caps::default(), folder.clone())).await;
    browser.choose("sliding").await;
    let input = browser.client.find(Locator::Id("input")).await.unwrap();
    input.clear().await.unwrap();
    // Korf's instance 55 with the blank last: 41 moves.
    input
        .send_keys("5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3")
        .await
        .unwrap();
    browser.click("#load").await;
    browser
        .wait_for(
            "document.querySelector(\"#board .tile[data-row='0'][data-col='0']\")?.textContent === '5'",
        )
        .await;
    browser
        .client
        .find(Locator::Id("pdb"))
        .await
        .unwrap()
        .select_by_value("555")
        .await
        .unwrap();
    let status = "document.getElementById('build-status').textContent";
    browser
        .wait_for(&format!(
            "{status} === '3 of 3 tables to build before solving'"
        ))
        .await;
    assert_eq!(
        browser
            .eval("document.getElementById('algo').disabled")
            .await,
        true
    );
    browser.click("#build").await;
    browser
        .wait_for(&format!("{status} === 'tables ready'"))
        .await;
    assert_eq!(
        browser
            .eval("document.querySelectorAll('#table-list li.cached').length")
            .await,
        3
    );
    browser.solve(41).await;
    browser.screenshot("tables").await;
    browser.close().await;
    std::fs::remove_dir_all(&folder).unwrap();
}
