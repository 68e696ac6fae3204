//! The grid's search drawn on a canvas: the path, the cells expanded and jump point search's jump
//! points, read back from the canvas's pixels.

use serde_json::json;

use super::harness::Browser;
use crate::common;

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
            .contains("jump points found (orange where not expanded)"),
        "{jps}"
    );
    // JPS expands only jump points: they are drawn blue, not hidden under the orange.
    assert!(
        jps["expanded"].as_u64().unwrap() > 0,
        "blue expanded jump points drawn: {jps}"
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
    // Here every jump point found but the goal was expanded: drawn blue.
    assert!(large["data"][1].as_u64().unwrap() > 0, "{large}");
    assert!(large["expanded"].as_u64().unwrap() > 0, "{large}");
    // The board above shows a window that follows the walker: no line through cells of
    // different windows (it once drew a false path); the canvas has the path.
    assert_eq!(
        browser
            .eval("document.querySelectorAll('#board .path').length")
            .await,
        0
    );
    assert!(large["path"].as_u64().unwrap() > 0, "{large}");
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
