//! How a table build shows its progress on standard error: a bar on a terminal; elsewhere (a
//! log, a pipe) a line at every tenth of a large table, so that minutes of building are never
//! silent.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use statespace_puzzles::puzzle::{BuildProgress, Progress, TableId, format_duration};

/// The states of a table below which no line is written off a terminal: such builds take
/// seconds, and the tests' exact outputs stay free of timings.
const QUIET_STATES: u64 = 20_000_000;

/// A bar, or lines, for each table built, one after the other.
#[derive(Default)]
pub struct TableBar {
    meter: Mutex<Option<Meter>>,
}

/// The progress of the table being built.
enum Meter {
    /// On a terminal.
    Bar(ProgressBar),
    /// Off a terminal: a line each time another tenth of the states is settled.
    Lines {
        table: String,
        states: u64,
        settled: u64,
        tenths: u64,
        started: Instant,
    },
}

impl TableBar {
    /// A new bar, as the solvers take it.
    pub fn shared() -> Progress {
        Arc::new(Self::default())
    }

    fn with_meter(&self, draw: impl FnOnce(&mut Meter)) {
        if let Some(meter) = self.meter.lock().expect("no panic while drawing").as_mut() {
            draw(meter);
        }
    }
}

/// Writes a line on standard error; a closed standard error loses it, which the build survives.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

impl BuildProgress for TableBar {
    fn started(&self, id: &TableId, states: u64) {
        let meter = if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(states), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "building {msg:>12} [{elapsed_precise}] {wide_bar} {percent:>3}% eta {eta}",
                )
                .expect("valid progress template"),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            Some(Meter::Bar(bar))
        } else if states >= QUIET_STATES {
            say(&format!(
                "building the table of {id} ({states} states; once, later runs load it)"
            ));
            Some(Meter::Lines {
                table: id.pattern.clone(),
                states,
                settled: 0,
                tenths: 0,
                started: Instant::now(),
            })
        } else {
            None
        };
        *self.meter.lock().expect("no panic while drawing") = meter;
    }

    fn settled(&self, states: u64, depth: u32) {
        self.with_meter(|meter| match meter {
            Meter::Bar(bar) => {
                bar.inc(states);
                bar.set_message(format!("distance {depth}"));
            }
            Meter::Lines {
                table,
                states: total,
                settled,
                tenths,
                started,
            } => {
                *settled += states;
                let now = (*settled * 10 / (*total).max(1)).min(10);
                if now > *tenths {
                    *tenths = now;
                    say(&format!(
                        "building {table}: {}% at distance {depth}, {}",
                        now * 10,
                        format_duration(started.elapsed())
                    ));
                }
            }
        });
    }

    fn ended(&self) {
        match self.meter.lock().expect("no panic while drawing").take() {
            Some(Meter::Bar(bar)) => bar.finish_and_clear(),
            Some(Meter::Lines { table, started, .. }) => say(&format!(
                "building {table}: ended after {}",
                format_duration(started.elapsed())
            )),
            None => {}
        }
    }
}
