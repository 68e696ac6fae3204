//! The bar drawn on standard error while a table is built (hidden when standard error is not a
//! terminal).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use statespace_puzzles::puzzle::{BuildProgress, Progress, TableId};

/// A bar for each table built, one after the other.
#[derive(Default)]
pub struct TableBar {
    bar: Mutex<Option<ProgressBar>>,
}

impl TableBar {
    /// A new bar, as the solvers take it.
    pub fn shared() -> Progress {
        Arc::new(Self::default())
    }

    fn with_bar(&self, draw: impl FnOnce(&ProgressBar)) {
        if let Some(bar) = self.bar.lock().expect("no panic while drawing").as_ref() {
            draw(bar);
        }
    }
}

impl BuildProgress for TableBar {
    fn started(&self, _: &TableId, states: u64) {
        let bar = ProgressBar::with_draw_target(Some(states), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "building {msg:>12} [{elapsed_precise}] {wide_bar} {percent:>3}% eta {eta}",
            )
            .expect("valid progress template"),
        );
        bar.enable_steady_tick(Duration::from_millis(200));
        *self.bar.lock().expect("no panic while drawing") = Some(bar);
    }

    fn settled(&self, states: u64, depth: u32) {
        self.with_bar(|bar| {
            bar.inc(states);
            bar.set_message(format!("distance {depth}"));
        });
    }

    fn ended(&self) {
        self.with_bar(ProgressBar::finish_and_clear);
    }
}
