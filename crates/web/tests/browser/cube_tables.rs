//! The cube's optimal solver on the page: its two tables listed with no layout to choose, a
//! solve before they are built pointing at the Build button, then built and solved; the
//! two-phase search shows no tables at all.

use std::time::Duration;

use statespace_web::Caps;

use super::harness::Browser;
use crate::common;

#[tokio::test]
async fn the_cubes_optimal_tables_are_built_from_the_page() {
    let folder = std::env::temp_dir().join(format!("statespace-page-cube-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let browser = Browser::open_with(common::start_in(Caps::default(), folder.clone())).await;
    browser.choose("cube").await;
    let hidden = |id: &str| format!("document.getElementById('{id}').hidden");
    assert_eq!(browser.eval(&hidden("tables-box")).await, true, "two-phase");
    browser.select("option-algo", "optimal").await;
    let status = "document.getElementById('build-status').textContent";
    browser
        .wait_for(&format!(
            "{status} === '2 of 2 tables to build before solving'"
        ))
        .await;
    assert_eq!(browser.eval(&hidden("tables-box")).await, false);
    assert_eq!(
        browser.eval(&hidden("pdb")).await,
        true,
        "no layout to choose"
    );
    assert_eq!(
        browser.texts("#table-list li").await,
        ["cube-3x3x3-corners (3.7 MB)", "cube-3x3x3-phase1 (83.8 MB)"]
    );
    browser.click("#solve").await;
    browser
        .wait_for("document.getElementById('status').className === 'error'")
        .await;
    assert_eq!(
        browser.text("status").await,
        "the tables are not built yet: press \"Build the tables\" under the pattern databases, \
         then Solve"
    );
    browser.screenshot("cube-tables-missing").await;
    browser.click("#build").await;
    // Building 88 MB of tables takes seconds alone, a minute or more beside the other tests.
    browser
        .wait_for_within(
            &format!("{status} === 'tables ready'"),
            Duration::from_secs(300),
        )
        .await;
    // The example's first cube, R U2 F', three moves.
    browser.solve(3).await;
    assert_eq!(browser.move_list().await, ["F", "U2", "R'"]);
    browser.screenshot("cube-tables-built").await;
    browser.close().await;
    std::fs::remove_dir_all(&folder).unwrap();
}
