//! PSVN domains on the page: a shipped domain's state drawn as cells numbered by their
//! variables (in the rows of the grid its file's comment gives), another shipped domain chosen (a random state of it drawn, the old one not
//! fitting), then a domain of one's own pasted into the box of several lines: the shipped choice
//! left out, a state set up, played by its rules' labels, hinted and solved to the goal.

use super::harness::Browser;

/// Three pancakes, flipped by their top two or all three (the option's own example).
const PANCAKES: &str = "# Three pancakes\n\
                        DOMAIN size 3 small middle large\n\
                        3\n\
                        size size size\n\
                        X Y - => Y X - LABEL FLIP2\n\
                        X Y Z => Z Y X LABEL FLIP3\n\
                        GOAL small middle large\n";

/// The values drawn in the cells, in order, and their numbers.
async fn cells(browser: &Browser) -> (Vec<String>, Vec<String>) {
    let values = browser.texts("#board .variable text:not(.index)").await;
    (values, browser.texts("#board .variable .index").await)
}

/// Waits until the board drawn holds `count` values.
async fn wait_for_cells(browser: &Browser, count: usize) {
    browser
        .wait_for(&format!(
            "document.querySelectorAll('#board .variable').length === {count}"
        ))
        .await;
}

/// Waits until the cells drawn hold `values` (space-separated), in order.
async fn wait_for_values(browser: &Browser, values: &str) {
    browser
        .wait_for(&format!(
            "[...document.querySelectorAll('#board .variable text:not(.index)')]\
             .map(t => t.textContent).join(' ') === '{values}'"
        ))
        .await;
}

#[tokio::test]
async fn psvn_domains_are_chosen_or_pasted_drawn_as_values_and_played_by_label() {
    let browser = Browser::open().await;
    browser.choose("psvn").await;
    let (values, numbers) = cells(&browser).await;
    assert_eq!(values.len(), 9, "the 8-puzzle's nine cells: {values:?}");
    assert_eq!(numbers, ["0", "1", "2", "3", "4", "5", "6", "7", "8"]);
    let drawn: Vec<String> = browser
        .drawn_text()
        .await
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    assert_eq!(values, drawn);
    // The file's comment `# grid 3x3` lays the cells out in three rows; pancakes in one.
    let rows = "new Set([...document.querySelectorAll('#board .variable')]\
                .map(cell => cell.getAttribute('transform').split(' ')[1])).size";
    assert_eq!(browser.eval(rows).await, 3, "the 8-puzzle in rows of three");

    browser.select("option-example", "pancake10").await;
    wait_for_cells(&browser, 10).await;
    assert_eq!(browser.eval(rows).await, 1, "ten pancakes in a row");

    browser.type_into("#option-text", PANCAKES).await;
    wait_for_cells(&browser, 3).await;
    assert_eq!(
        browser
            .eval("document.getElementById('option-example').disabled")
            .await,
        true,
        "the shipped domain is left out"
    );
    assert_eq!(
        browser.text("option-example-help").await,
        "not taken with text"
    );
    browser.type_into("#input", "small large middle").await;
    browser.click("#load").await;
    wait_for_values(&browser, "SMALL LARGE MIDDLE").await;
    let (values, numbers) = cells(&browser).await;
    assert_eq!(values, ["SMALL", "LARGE", "MIDDLE"]);
    assert_eq!(numbers, ["0", "1", "2"]);
    assert_eq!(browser.texts("#hand button").await, ["FLIP2", "FLIP3"]);

    browser.click("#hand button[data-move='FLIP2']").await;
    wait_for_values(&browser, "LARGE SMALL MIDDLE").await;
    browser.click("#hint").await;
    browser
        .wait_for("document.querySelector('#hand button.suggested')?.dataset.move === 'FLIP3'")
        .await;
    assert_eq!(
        browser.text("status").await,
        "hint: FLIP3 (2 moves from here)"
    );

    browser.solve(2).await;
    assert_eq!(browser.move_list().await, ["FLIP3", "FLIP2"]);
    browser.click("#forward").await;
    browser.click("#forward").await;
    wait_for_values(&browser, "SMALL MIDDLE LARGE").await;
    assert_eq!(browser.text("step-title").await, "move 2: FLIP2");
    browser.screenshot("psvn-pasted").await;
    browser.close().await;
}
