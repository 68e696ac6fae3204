//! The page in a real headless Chromium, driven over WebDriver (Debian's `chromium` and
//! `chromium-driver`, which `scripts/test.sh` installs): each puzzle's example solved and stepped to its
//! goal, the Eight puzzle set up by typing, solved, stepped through, played by hand and hinted,
//! options chosen with the form controls answered as the API answers them, the pictures'
//! labels, and the pattern databases' build. A screenshot of each is saved under the target
//! folder (`playground/`) for a person to look at.

mod common;

use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
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
        browser
            .wait_for("document.querySelectorAll('#puzzle option').length === 10")
            .await;
        browser
    }

    /// Ends the session and chromedriver.
    async fn close(self) {
        self.client.clone().close().await.expect("the session ends");
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
        self.wait_for(&format!(
            "document.querySelector('#board svg')?.dataset.puzzle === '{puzzle}'"
        ))
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

    /// Presses Solve on a board just set up and waits for the answer, a move list of `moves`
    /// moves.
    async fn solve(&self, moves: usize) {
        self.click("#solve").await;
        self.wait_for(&format!(
            "document.getElementById('summary').textContent !== '-' && \
             document.querySelectorAll('#moves li').length === {moves}"
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

    /// Types `text` into the empty text box `selector` and leaves it (its change is seen).
    async fn type_into(&self, selector: &str, text: &str) {
        let field = self.client.find(Locator::Css(selector)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(&format!("{text}\u{E004}")).await.unwrap();
    }

    /// Chooses `value` in the select `id`.
    async fn select(&self, id: &str, value: &str) {
        self.client
            .find(Locator::Id(id))
            .await
            .unwrap()
            .select_by_value(value)
            .await
            .unwrap_or_else(|error| panic!("{id} = {value}: {error}"));
    }

    /// Types `board` in and sets it up, waiting until the drawing shows `drawn`.
    async fn set_up(&self, board: &str, drawn: &str) {
        self.type_into("#input", board).await;
        self.click("#load").await;
        self.wait_for(&format!(
            "document.querySelector('#board svg')?.dataset.board === {}",
            json!(drawn)
        ))
        .await;
    }

    /// The text of element `id`.
    async fn text(&self, id: &str) -> String {
        let text = self
            .eval(&format!("document.getElementById('{id}').textContent"))
            .await;
        text.as_str().unwrap().to_string()
    }

    /// The texts of the elements `selector` matches, in order.
    async fn texts(&self, selector: &str) -> Vec<String> {
        let texts = self
            .eval(&format!(
                "[...document.querySelectorAll({})].map(e => e.textContent)",
                json!(selector)
            ))
            .await;
        serde_json::from_value(texts).unwrap()
    }

    /// Saves a screenshot of the page as `name`.png under the target folder.
    async fn screenshot(&self, name: &str) {
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
        ("cube", 3),
        ("pancake", 2),
        ("hanoi", 5),
        ("topspin", 1),
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
            "cube" => {
                assert_eq!(
                    drawing,
                    "   UUU\n   UUU\n   UUU\nLLLFFFRRRBBB\nLLLFFFRRRBBB\nLLLFFFRRRBBB\n   DDD\n   DDD\n   DDD\n"
                );
                let stickers = browser
                    .eval("document.querySelectorAll('#board .sticker').length")
                    .await;
                assert_eq!(stickers, 54);
            }
            "pancake" => {
                assert_eq!(
                    drawing.split_whitespace().collect::<Vec<_>>(),
                    ["1", "2", "3"]
                );
                let cakes = browser
                    .eval("document.querySelectorAll('#board .pancake').length")
                    .await;
                assert_eq!(cakes, 3);
            }
            "hanoi" => {
                let on_peg_4 = browser
                    .eval("document.querySelectorAll('#board .disc[data-peg=\"4\"]').length")
                    .await;
                assert_eq!(on_peg_4, 3, "every disc on peg 4: {drawing}");
            }
            "topspin" => {
                let in_place = browser
                    .eval("[...document.querySelectorAll('#board .token')].filter(t => t.dataset.token === t.dataset.position).length")
                    .await;
                assert_eq!(in_place, 12, "every token at its position: {drawing}");
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
            .eval("document.getElementById('option-algo').disabled")
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

/// The moves of an API answer's steps, in order.
fn api_moves(report: &Value) -> Vec<String> {
    report["steps"].as_array().unwrap()[1..]
        .iter()
        .map(|step| step["move"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn options_chosen_with_the_controls_are_answered_as_the_api_answers_them() {
    let browser = Browser::open().await;
    browser.choose("sliding").await;
    // No raw JSON for a student: controls, the JSON box folded away.
    assert_eq!(
        browser
            .eval("document.getElementById('advanced').open")
            .await,
        false
    );
    assert_eq!(
        browser
            .eval("document.getElementById('option-threads').disabled")
            .await,
        true,
        "the server chooses the threads"
    );
    let (_, drawn) = common::get(&format!(
        "{}/api/sliding/random?size=3x4&solvable=true&seed=7",
        browser.playground
    ));
    let board = serde_json::from_str::<Value>(&drawn).unwrap()["board"]
        .as_str()
        .unwrap()
        .trim()
        .to_string();
    browser.type_into("#input", &board).await;
    // A size that is not RxC is refused where it is typed.
    browser.type_into("#option-size", "3 by 4").await;
    assert_eq!(
        browser
            .eval("document.getElementById('option-size').validity.valid")
            .await,
        false
    );
    browser.click("#load").await;
    browser
        .wait_for("document.getElementById('status').textContent.startsWith('board size:')")
        .await;
    browser.type_into("#option-size", "3x4").await;
    browser
        .wait_for("document.querySelector('#board svg').getAttribute('viewBox') === '0 0 192 144'")
        .await;
    browser.select("option-algo", "idastar").await;
    browser.select("option-heuristic", "manhattan").await;
    assert!(
        browser
            .text("option-heuristic-help")
            .await
            .starts_with("Manhattan distance"),
        "the help follows the value chosen"
    );
    let url = format!("{}/api/sliding/solve", browser.playground);
    let request = json!({"board": board, "steps": true, "size": "3x4", "algo": "idastar",
                         "heuristic": "manhattan"});
    let (status, expected) = common::post_json(&url, &request);
    assert_eq!(status, 200, "{expected}");
    let moves = api_moves(&expected);
    browser.solve(moves.len()).await;
    assert_eq!(browser.move_list().await, moves);
    let expanded = expected["stats"]["expanded"].as_u64().unwrap();
    assert_eq!(
        browser.text("expanded").await.replace(',', ""),
        expanded.to_string(),
        "the search the page asked for is the API's with the same options"
    );
    let conflicts = json!({"board": board, "size": "3x4", "algo": "idastar"});
    let (_, other) = common::post_json(&url, &conflicts);
    assert_ne!(
        other["stats"]["expanded"], expected["stats"]["expanded"],
        "the heuristic chosen matters, so the page did send it"
    );
    let titles = browser.texts("#chart .axis-title").await;
    assert_eq!(titles, ["IDA* cost bound (moves)", "nodes expanded (log)"]);
    browser.screenshot("options").await;

    // The advanced box's JSON goes over the controls' choices.
    browser.click("#advanced summary").await;
    browser
        .type_into("#options", r#"{"heuristic": "conflicts"}"#)
        .await;
    browser.click("#solve").await;
    browser
        .wait_for(&format!(
            "document.getElementById('expanded').textContent.replaceAll(',', '') === '{}'",
            other["stats"]["expanded"]
        ))
        .await;
    // A random board follows the size chosen.
    browser.type_into("#options", "{}").await;
    // The board before the click: read after it, it may already be the new one.
    let before = json!(browser.drawn_text().await);
    browser.click("#random").await;
    browser
        .wait_for(&format!(
            "document.querySelector('#board svg').dataset.board !== {before}"
        ))
        .await;
    assert_eq!(
        browser
            .eval("document.querySelector('#board svg').getAttribute('viewBox')")
            .await,
        "0 0 192 144"
    );
    browser.close().await;
}

#[tokio::test]
async fn the_pictures_say_what_they_show() {
    let browser = Browser::open().await;
    browser.choose("rotation").await;
    let letters: Vec<String> = browser
        .texts("#board .line-letter")
        .await
        .iter()
        .map(|label| label.replace(['↑', '↓', '←', '→'], ""))
        .collect();
    assert_eq!(letters, ["A", "B", "C", "D", "E", "F", "G", "H"]);
    assert!(browser.text("goal").await.contains("centre"));
    browser.screenshot("rotation-labels").await;

    for (puzzle, side) in [("solitaire", 8), ("four", 4)] {
        browser.choose(puzzle).await;
        let numbers: Vec<String> = (1..=side).map(|number| number.to_string()).collect();
        assert_eq!(
            browser.texts("#board .row-number").await,
            numbers,
            "{puzzle}"
        );
        assert_eq!(
            browser.texts("#board .col-number").await,
            numbers,
            "{puzzle}"
        );
        browser.screenshot(&format!("{puzzle}-labels")).await;
    }
    // The four-in-a-row's title, in the selector, in Chinese, in a font that has its glyphs
    // (fonts-wqy-microhei): see four-labels.png.
    let fonts = browser
        .eval("getComputedStyle(document.getElementById('puzzle')).fontFamily")
        .await;
    assert!(
        fonts.as_str().unwrap().contains("WenQuanYi Micro Hei"),
        "{fonts}"
    );
    assert!(
        browser
            .eval("document.getElementById('puzzle').selectedOptions[0].textContent")
            .await
            .as_str()
            .unwrap()
            .contains("四子连棋")
    );

    browser.choose("grid").await;
    browser.solve(15).await;
    browser.click("#forward").await;
    let path = "[...document.querySelectorAll('#board .path')].map(p => \
                p.getAttribute('points').split(' ').length)";
    assert_eq!(
        browser.eval(path).await,
        json!([15, 2]),
        "ahead, and walked"
    );
    browser.screenshot("grid-path").await;

    browser.choose("eight").await;
    browser
        .set_up("1 2 3 4 5 6 8 7 x", "1 2 3\n4 5 6\n8 7 x\n")
        .await;
    browser.solve(0).await;
    assert_eq!(browser.text("move-count").await, "unsolvable");
    assert_eq!(
        browser.text("verdict").await,
        "unsolvable: no solution to play"
    );
    browser.screenshot("eight-unsolvable").await;
    browser.close().await;
}

#[tokio::test]
async fn solving_before_the_tables_are_built_points_at_the_build_button() {
    let folder = std::env::temp_dir().join(format!(
        "statespace-page-small-tables-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&folder);
    let browser = Browser::open_with(common::start_in(Caps::default(), folder.clone())).await;
    browser.choose("sliding").await;
    browser
        .set_up("8 6 7 2 5 4 3 0 1", "8 6 7\n2 5 4\n3 x 1\n")
        .await;
    browser.select("pdb", "groups").await;
    browser.type_into("#pdb-groups", "0,1,2,3/4,5,6,7").await;
    let status = "document.getElementById('build-status').textContent";
    browser
        .wait_for(&format!(
            "{status} === '2 of 2 tables to build before solving'"
        ))
        .await;
    assert!(
        browser
            .text("option-algo-help")
            .await
            .starts_with("with the 0,1,2,3/4,5,6,7 tables"),
        "the algorithm's help follows the layout"
    );
    browser.click("#solve").await;
    browser
        .wait_for("document.getElementById('status').className === 'error'")
        .await;
    let error = browser.text("status").await;
    assert!(error.contains("press \"Build the tables\""), "{error}");
    assert!(!error.contains("/api/"), "{error}");
    assert_eq!(
        browser.text("build-status").await,
        error,
        "said at the button too"
    );
    assert_eq!(
        browser
            .eval("document.getElementById('build').classList.contains('suggested')")
            .await,
        true
    );
    browser.screenshot("tables-missing").await;
    browser.click("#build").await;
    browser
        .wait_for(&format!("{status} === 'tables ready'"))
        .await;
    browser
        .wait_for("document.getElementById('status').className !== 'error'")
        .await;
    assert_eq!(browser.text("status").await, "");
    browser.solve(31).await;
    browser.screenshot("tables-built").await;
    browser.close().await;
    std::fs::remove_dir_all(&folder).unwrap();
}

/// The grid's search on a canvas of the whole map: what each colour covers, read back from its
/// pixels, and its counts.
const SEARCH_PIXELS: &str = "(() => { const c = document.getElementById('search-map'); \
     const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; \
     const count = (r, g, b) => { let n = 0; for (let i = 0; i < d.length; i += 4) \
       if (d[i] === r && d[i + 1] === g && d[i + 2] === b) n += 1; return n; }; \
     return { hidden: c.hidden, width: c.width, height: c.height, \
       jump: count(240, 110, 20), expanded: count(120, 170, 220), path: count(200, 30, 40), \
       data: [c.dataset.expanded, c.dataset.jumpPoints, c.dataset.path].map(Number), \
       legend: document.getElementById('search-legend').textContent }; })()";

#[tokio::test]
async fn the_grid_search_is_drawn_on_a_canvas_with_its_jump_points() {
    let browser = Browser::open().await;
    browser.choose("grid").await;
    assert_eq!(browser.eval(SEARCH_PIXELS).await["hidden"], true);
    let example = browser.about("grid")["cases"][1]
        .as_str()
        .unwrap()
        .to_string();
    load_grid(&browser, &example).await;
    browser.select("option-algo", "jps").await;
    browser.solve(18).await;
    let jps = browser.eval(SEARCH_PIXELS).await;
    assert_eq!(jps["hidden"], false, "{jps}");
    assert_eq!((&jps["width"], &jps["height"]), (&json!(16), &json!(8)));
    let expanded: u64 = browser.text("expanded").await.parse().unwrap();
    assert_eq!(jps["data"][0], expanded, "{jps}");
    assert!(jps["data"][1].as_u64().unwrap() > 0, "jump points: {jps}");
    assert_eq!(jps["data"][2], 18);
    assert!(
        jps["jump"].as_u64().unwrap() > 0,
        "orange jump points drawn: {jps}"
    );
    assert!(
        jps["legend"]
            .as_str()
            .unwrap()
            .contains("jump points found (orange)"),
        "{jps}"
    );
    browser.screenshot("grid-search-jps").await;

    browser.select("option-algo", "astar").await;
    browser.solve(18).await;
    // The list of moves was already 18 long: wait for the new answer's picture.
    browser
        .wait_for("document.getElementById('search-map').dataset.jumpPoints === '0'")
        .await;
    let astar = browser.eval(SEARCH_PIXELS).await;
    assert_eq!(astar["data"][1], 0, "{astar}");
    assert_eq!(astar["jump"], 0, "no jump points for A*: {astar}");
    assert!(
        astar["expanded"].as_u64().unwrap() > jps["expanded"].as_u64().unwrap(),
        "{astar}"
    );
    browser.screenshot("grid-search-astar").await;

    // A map of 200 x 200 cells (a corridor around a wall), drawn a pixel a cell.
    let side = 200;
    let board = common::walled_grid(side, 4);
    load_grid(&browser, &board).await;
    browser.select("option-algo", "jps").await;
    browser.click("#solve").await;
    browser
        .wait_for("!document.getElementById('search-map').hidden")
        .await;
    let large = browser.eval(SEARCH_PIXELS).await;
    assert_eq!(
        (&large["width"], &large["height"]),
        (&json!(side), &json!(side))
    );
    assert!(large["jump"].as_u64().unwrap() > 0, "{large}");
    browser.screenshot("grid-search-large").await;
    browser.close().await;
}

/// Sets up the grid case `board` (put in the text box whole, not typed) and waits for it drawn.
async fn load_grid(browser: &Browser, board: &str) {
    let url = format!("{}/api/grid/moves", browser.playground);
    let (status, position) = common::post_json(&url, &json!({ "board": board }));
    assert_eq!(status, 200, "{position}");
    let script = format!("document.getElementById('input').value = {}", json!(board));
    browser.eval(&script).await;
    browser.click("#load").await;
    browser
        .wait_for(&format!(
            "document.querySelector('#board svg')?.dataset.board === {}",
            position["board"]
        ))
        .await;
}
