//! The page in a real headless Chromium, driven over WebDriver (Debian's `chromium` and
//! `chromium-driver`, which `scripts/test.sh` installs): each puzzle's example solved and stepped to its
//! goal, the Eight puzzle set up by typing, solved, stepped through, played by hand and hinted,
//! options chosen with the form controls answered as the API answers them, the pictures'
//! labels, the pattern databases' build, the cube's optimal tables built from the page
//! (`browser/cube_tables.rs`), PSVN domains chosen or pasted (`browser/psvn_domains.rs`), and
//! the grid's search on a canvas (`browser/grid_canvas.rs`;
//! the harness is `browser/harness.rs`). A screenshot of each is saved under the target
//! folder (`playground/`) for a person to look at.

mod common;

#[path = "browser/cube_tables.rs"]
mod cube_tables;
#[path = "browser/grid_canvas.rs"]
mod grid_canvas;
#[path = "browser/harness.rs"]
mod harness;
#[path = "browser/psvn_domains.rs"]
mod psvn_domains;

use harness::Browser;

use fantoccini::Locator;
use serde_json::{Value, json};
use statespace_web::Caps;

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
