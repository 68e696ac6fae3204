//! The Moving AI benchmark runner: every scenario of a map answered by each of our algorithms and
//! by peer programs, summed per bucket of the scenario file (its first column; Moving AI's
//! buckets hold the scenarios whose optimal length, divided by 4, rounds down to the bucket).
//!
//! A peer is a program that answers a `.map.scen` file and prints a table like Warthog's: a
//! header line naming at least the columns `id` (the scenario's number from 0), `expanded`,
//! `nanos` (the search's time) and `pcost` (the length found), then one line per scenario.
//! Lines of another width (Warthog's `mapfile=...`) are skipped.

use std::fmt;
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use serde::Serialize;
use statespace_engine::Limits;

use crate::TOLERANCE;
use crate::domain::Connectivity;
use crate::lines::{Lines, ParseError, TextLines, quoted};
use crate::map::Map;
use crate::scenario::{GridCase, read_scenario};
use crate::solve::{Algorithm, GridSearcher};

/// A scenario of a benchmark: its bucket and the case.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchCase {
    /// The scenario file's first column; for a scenario in the short form, its optimal length
    /// divided by 4, rounded down (0 without one).
    pub bucket: u32,
    /// The map, the start, the goal and the optimal length.
    pub case: GridCase,
}

/// The scenarios of `scen` (a `.map.scen` file, or short-form lines) on `map`, with their
/// buckets.
///
/// # Errors
/// The first line that is not a scenario on the map, or whose bucket is not a number.
pub fn read_bench_cases(map: &Arc<Map>, scen: &str) -> Result<Vec<BenchCase>, ParseError> {
    let rows: Vec<&str> = scen.lines().collect();
    let mut lines = TextLines::new(scen);
    let mut cases = Vec::new();
    while let Some(case) = read_scenario(&mut lines, Some(map), &OnceLock::new())? {
        let line = lines.line_read();
        let fields: Vec<&str> = rows[line - 1].split_whitespace().collect();
        let bucket = if fields.len() == 9 {
            fields[0].parse().map_err(|_| {
                ParseError::new(line, format!("{} is not a bucket", quoted(fields[0])))
            })?
        } else {
            case.optimal.map_or(0, |optimal| (optimal / 4.0) as u32)
        };
        cases.push(BenchCase { bucket, case });
    }
    Ok(cases)
}

/// A scenario answered by a program.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Query {
    /// The search's time, in nanoseconds.
    pub nanos: u64,
    /// The nodes it expanded.
    pub expanded: u64,
    /// The length found; `None` when the program found no path (or a limit stopped it).
    pub length: Option<f64>,
}

/// A program's answers to every scenario, in the file's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Answers {
    /// The program's name: the algorithm's, or the peer's.
    pub name: String,
    /// One query per scenario.
    pub queries: Vec<Query>,
    /// How far, relative to the recorded length, a length found may be from it: the precision
    /// the program prints lengths with (ours are exact: 0).
    pub relative_tolerance: f64,
}

impl Answers {
    /// Whether `query`'s length is the recorded `optimal` one (always, when none is recorded).
    fn at_optimal(&self, query: &Query, optimal: Option<f64>) -> bool {
        let Some(optimal) = optimal else {
            return true;
        };
        let tolerance = TOLERANCE.max(optimal * self.relative_tolerance);
        query
            .length
            .is_some_and(|length| (length - optimal).abs() <= tolerance)
    }
}

/// The name of `algorithm`, as `--algo` spells it.
pub fn algorithm_name(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Astar => "astar",
        Algorithm::Dijkstra => "dijkstra",
        Algorithm::Jps => "jps",
        Algorithm::JpsPlus => "jps+",
    }
}

/// Every scenario of `cases` answered by `algorithm` (eight-connected, Moving AI's rules), one
/// after the other with `searcher`, each timed apart, each within `limits`; what the algorithm
/// needs per map (JPS+'s table) readied before the first, and told by the searcher's notes.
pub fn answer_all(
    searcher: &mut GridSearcher,
    cases: &[BenchCase],
    algorithm: Algorithm,
    limits: &Limits,
) -> Answers {
    if let Some(first) = cases.first() {
        // A table over the budget stops every query, which the figures then say.
        let _ = searcher.prepare(&first.case.map, algorithm, limits);
    }
    let queries = cases
        .iter()
        .map(|BenchCase { case, .. }| {
            let started = Instant::now();
            let (answer, stats) = searcher.solve(case, Connectivity::Eight, algorithm, limits);
            let nanos = started.elapsed().as_nanos() as u64;
            Query {
                nanos,
                expanded: stats.expanded,
                length: answer.ok().and_then(|answer| answer.length()),
            }
        })
        .collect();
    Answers {
        name: algorithm_name(algorithm).to_string(),
        queries,
        relative_tolerance: 0.0,
    }
}

/// How closely a peer's lengths are compared with the recorded ones: Warthog prints six
/// significant digits.
const PEER_PRECISION: f64 = 1e-5;

/// A peer program: its name and its command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer {
    /// The name its figures go by.
    pub name: String,
    /// The program and its arguments.
    words: Vec<String>,
}

impl Peer {
    /// The peer `spec`: `NAME=COMMAND` or just `COMMAND` (named after its program's file name),
    /// the command split as a shell splits words; `{map}` and `{scen}` in it stand for the
    /// files' paths, and without either `--map MAP --scen SCEN` is appended (Warthog's flags).
    ///
    /// # Errors
    /// An empty command, an empty name, or quotes that do not close.
    pub fn parse(spec: &str) -> Result<Self, String> {
        let (name, command) = match spec.split_once('=') {
            Some((name, command)) if !name.contains(char::is_whitespace) => (Some(name), command),
            _ => (None, spec),
        };
        let words = shell_words::split(command)
            .map_err(|error| format!("peer {}: {error}", quoted(spec)))?;
        let Some(program) = words.first() else {
            return Err(format!(
                "peer {}: no command: give NAME=COMMAND",
                quoted(spec)
            ));
        };
        let name = match name {
            Some("") => return Err(format!("peer {}: the name before = is empty", quoted(spec))),
            Some(name) => name.to_string(),
            None => Path::new(program).file_name().map_or_else(
                || program.clone(),
                |name| name.to_string_lossy().into_owned(),
            ),
        };
        Ok(Self { name, words })
    }

    /// The peer's process, answering `scen` on `map`.
    pub fn command(&self, map: &Path, scen: &Path) -> Command {
        let (map, scen) = (map.to_string_lossy(), scen.to_string_lossy());
        let placed = self
            .words
            .iter()
            .any(|word| word.contains("{map}") || word.contains("{scen}"));
        let mut words = self
            .words
            .iter()
            .map(|word| word.replace("{map}", &map).replace("{scen}", &scen));
        let mut command = Command::new(words.next().expect("a peer has a program"));
        command.args(words);
        if !placed {
            command.args(["--map", &map, "--scen", &scen]);
        }
        command
    }

    /// Runs the peer on `scen` on `map` and reads its answers to `cases` (the scenarios of
    /// `scen`).
    ///
    /// # Errors
    /// When it cannot be run, fails, or prints no table of every scenario.
    pub fn run(&self, map: &Path, scen: &Path, cases: &[BenchCase]) -> Result<Answers, String> {
        let mut command = self.command(map, scen);
        let output = command
            .output()
            .map_err(|error| format!("peer {}: cannot run {command:?}: {error}", self.name))?;
        if !output.status.success() {
            let said = String::from_utf8_lossy(&output.stderr);
            let said = said.lines().last().unwrap_or("").trim();
            return Err(format!(
                "peer {} failed ({}): {said}",
                self.name, output.status
            ));
        }
        self.answers(&String::from_utf8_lossy(&output.stdout), cases.len())
    }

    /// The answers to `count` scenarios in the peer's `output` (see the module's notes).
    ///
    /// # Errors
    /// A missing column, a value that is not a number, or a scenario not answered once.
    pub fn answers(&self, output: &str, count: usize) -> Result<Answers, String> {
        let error = |message: String| format!("peer {}: {message}", self.name);
        let mut rows = output.lines().map(str::split_whitespace);
        let header: Vec<&str> = rows
            .by_ref()
            .map(Iterator::collect::<Vec<_>>)
            .find(|words| words.contains(&"nanos"))
            .ok_or_else(|| error("no header line with a `nanos` column".to_string()))?;
        let column = |name: &str| {
            header
                .iter()
                .position(|&word| word == name)
                .ok_or_else(|| error(format!("no `{name}` column in its header")))
        };
        let at = [
            column("id")?,
            column("expanded")?,
            column("nanos")?,
            column("pcost")?,
        ];
        let mut queries = vec![None; count];
        for words in rows.map(Iterator::collect::<Vec<_>>) {
            if words.len() != header.len() {
                continue;
            }
            let number = |at: usize| {
                words[at]
                    .parse::<f64>()
                    .ok()
                    .filter(|value| value.is_finite() && *value >= 0.0)
                    .ok_or_else(|| error(format!("{} is not a number", quoted(words[at]))))
            };
            let [id, expanded, nanos, length] = at.map(number);
            let id = id? as usize;
            let slot = queries
                .get_mut(id)
                .ok_or_else(|| error(format!("scenario {id}: the file has {count}")))?;
            if slot.is_some() {
                return Err(error(format!("scenario {id} answered twice")));
            }
            *slot = Some(Query {
                nanos: nanos? as u64,
                expanded: expanded? as u64,
                length: Some(length?),
            });
        }
        let answered = queries.iter().flatten().count();
        let queries = queries
            .into_iter()
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| error(format!("answered {answered} of the {count} scenarios")))?;
        Ok(Answers {
            name: self.name.clone(),
            queries,
            relative_tolerance: PEER_PRECISION,
        })
    }
}

/// A program's figures over some scenarios.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
    /// The scenarios.
    pub scenarios: usize,
    /// The mean time per query, in microseconds.
    pub mean_us: f64,
    /// The longest time of a query, in microseconds.
    pub max_us: f64,
    /// The mean number of nodes expanded.
    pub mean_expanded: f64,
    /// The queries whose length is not the recorded optimal one.
    pub not_optimal: usize,
}

impl Figures {
    /// The figures of `answers` on the scenarios `chosen` of `cases`.
    fn of(answers: &Answers, cases: &[BenchCase], chosen: impl Fn(&BenchCase) -> bool) -> Self {
        let picked: Vec<(&Query, &BenchCase)> = answers
            .queries
            .iter()
            .zip(cases)
            .filter(|(_, case)| chosen(case))
            .collect();
        let count = picked.len().max(1) as f64;
        let sum = |value: fn(&Query) -> u64| picked.iter().map(|(q, _)| value(q)).sum::<u64>();
        let most = picked.iter().map(|(q, _)| q.nanos).max().unwrap_or(0);
        Self {
            scenarios: picked.len(),
            mean_us: sum(|q| q.nanos) as f64 / count / 1e3,
            max_us: most as f64 / 1e3,
            mean_expanded: sum(|q| q.expanded) as f64 / count,
            not_optimal: picked
                .iter()
                .filter(|(q, case)| !answers.at_optimal(q, case.case.optimal))
                .count(),
        }
    }
}

/// A program's figures in one bucket.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BucketFigures {
    /// The bucket.
    pub bucket: u32,
    /// The figures.
    #[serde(flatten)]
    pub figures: Figures,
}

/// A program's figures, bucket by bucket and over all scenarios.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ProgramFigures {
    /// The algorithm's or the peer's name.
    pub name: String,
    /// Per bucket, in increasing order.
    pub buckets: Vec<BucketFigures>,
    /// Over every scenario.
    pub all: Figures,
}

/// Every program's figures on a benchmark; printed as a table, a line per bucket and program.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The scenarios.
    pub scenarios: usize,
    /// Each program's figures, in the order given.
    pub programs: Vec<ProgramFigures>,
}

impl Report {
    /// The figures of each of `answers` to `cases`.
    pub fn new(cases: &[BenchCase], answers: &[Answers]) -> Self {
        let mut buckets: Vec<u32> = cases.iter().map(|case| case.bucket).collect();
        buckets.sort_unstable();
        buckets.dedup();
        let programs = answers
            .iter()
            .map(|answers| ProgramFigures {
                name: answers.name.clone(),
                buckets: buckets
                    .iter()
                    .map(|&bucket| BucketFigures {
                        bucket,
                        figures: Figures::of(answers, cases, |case| case.bucket == bucket),
                    })
                    .collect(),
                all: Figures::of(answers, cases, |_| true),
            })
            .collect();
        Self {
            scenarios: cases.len(),
            programs,
        }
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .programs
            .iter()
            .map(|program| program.name.chars().count())
            .chain([7])
            .max()
            .unwrap_or(7);
        writeln!(
            f,
            "bucket  scenarios  {:width$}  mean µs    max µs  mean expanded  not optimal",
            "program"
        )?;
        let mut row = |bucket: &dyn fmt::Display, name: &str, figures: &Figures| {
            writeln!(
                f,
                "{bucket:>6}  {:>9}  {name:width$}  {:>7.2}  {:>8.2}  {:>13.1}  {:>11}",
                figures.scenarios,
                figures.mean_us,
                figures.max_us,
                figures.mean_expanded,
                figures.not_optimal
            )
        };
        let buckets = self.programs.first().map_or(0, |first| first.buckets.len());
        for at in 0..buckets {
            for program in &self.programs {
                let bucket = &program.buckets[at];
                row(&bucket.bucket, &program.name, &bucket.figures)?;
            }
        }
        for program in &self.programs {
            row(&"all", &program.name, &program.all)?;
        }
        Ok(())
    }
}

/// Each program's queries as points (the optimal length, microseconds), for a plot of time
/// against length; scenarios without a recorded length are left out.
pub fn time_by_length(cases: &[BenchCase], answers: &[Answers]) -> Vec<(String, Vec<(f64, f64)>)> {
    answers
        .iter()
        .map(|answers| {
            let points = answers
                .queries
                .iter()
                .zip(cases)
                .filter_map(|(query, case)| Some((case.case.optimal?, query.nanos as f64 / 1e3)))
                .collect();
            (answers.name.clone(), points)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = "type octile\nheight 1\nwidth 4\nmap\n....\n";
    const SCEN: &str = "version 1\n0\tm.map\t4\t1\t0\t0\t1\t0\t1.00000000\n\
                        0\tm.map\t4\t1\t0\t0\t2\t0\t2.00000000\n\
                        1\tm.map\t4\t1\t0\t0\t3\t0\t3.00000000\n";

    fn cases() -> Vec<BenchCase> {
        read_bench_cases(&Arc::new(Map::parse(MAP).unwrap()), SCEN).unwrap()
    }

    fn query(micros: u64, expanded: u64, length: f64) -> Query {
        Query {
            nanos: micros * 1000,
            expanded,
            length: Some(length),
        }
    }

    #[test]
    fn buckets_come_from_the_first_column_or_the_length() {
        let buckets: Vec<u32> = cases().iter().map(|case| case.bucket).collect();
        assert_eq!(buckets, [0, 0, 1]);
        let map = Arc::new(Map::parse(MAP).unwrap());
        let short = read_bench_cases(&map, "0 0 3 0 3\n0 0 1 0\n").unwrap();
        assert_eq!(
            short.iter().map(|case| case.bucket).collect::<Vec<_>>(),
            [0, 0]
        );
        let error = read_bench_cases(&map, "x\tm.map\t4\t1\t0\t0\t1\t0\t1\n").unwrap_err();
        assert_eq!(error.to_string(), "line 1: \"x\" is not a bucket");
    }

    #[test]
    fn the_table_has_a_line_per_bucket_and_program() {
        let cases = cases();
        let ours = answer_all(
            &mut GridSearcher::default(),
            &cases,
            Algorithm::Astar,
            &Limits::none(),
        );
        assert_eq!(
            ours.queries.iter().map(|q| q.expanded).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        let peer = Answers {
            name: "warthog-astar".to_string(),
            queries: vec![query(2, 1, 1.0), query(4, 2, 2.5), query(9, 3, 3.00001)],
            relative_tolerance: PEER_PRECISION,
        };
        let fixed = Answers {
            name: "astar".to_string(),
            queries: vec![query(1, 1, 1.0), query(3, 2, 2.0), query(5, 3, 3.0)],
            ..ours
        };
        let report = Report::new(&cases, &[fixed, peer]);
        assert_eq!(
            report.to_string(),
            "bucket  scenarios  program        mean µs    max µs  mean expanded  not optimal\n\
             \x20    0          2  astar             2.00      3.00            1.5            0\n\
             \x20    0          2  warthog-astar     3.00      4.00            1.5            1\n\
             \x20    1          1  astar             5.00      5.00            3.0            0\n\
             \x20    1          1  warthog-astar     9.00      9.00            3.0            0\n\
             \x20  all          3  astar             3.00      5.00            2.0            0\n\
             \x20  all          3  warthog-astar     5.00      9.00            2.0            1\n"
        );
        let points = time_by_length(&cases, &report_answers());
        assert_eq!(points[0].1, [(1.0, 0.5), (2.0, 0.25), (3.0, 0.125)]);
    }

    fn report_answers() -> Vec<Answers> {
        vec![Answers {
            name: "x".to_string(),
            queries: [500, 250, 125]
                .map(|nanos| Query {
                    nanos,
                    expanded: 0,
                    length: None,
                })
                .to_vec(),
            relative_tolerance: 0.0,
        }]
    }

    #[test]
    fn a_peer_is_named_and_given_the_files() {
        let peer = Peer::parse("warthog-jps=/bin/warthog --alg 'jps2'").unwrap();
        assert_eq!(peer.name, "warthog-jps");
        let command = peer.command(Path::new("a.map"), Path::new("a.scen"));
        let args: Vec<_> = command.get_args().collect();
        assert_eq!(
            args,
            ["--alg", "jps2", "--map", "a.map", "--scen", "a.scen"]
        );
        let peer = Peer::parse("/bin/run {scen} --on={map}").unwrap();
        assert_eq!(peer.name, "run");
        let command = peer.command(Path::new("a.map"), Path::new("a.scen"));
        let args: Vec<_> = command.get_args().collect();
        assert_eq!(args, ["a.scen", "--on=a.map"]);
        for (bad, expected) in [
            ("", "peer \"\": no command"),
            ("name=", "peer \"name=\": no command"),
            ("=cmd", "peer \"=cmd\": the name before = is empty"),
            ("x='a", "peer \"x='a\": missing closing quote"),
        ] {
            let error = Peer::parse(bad).unwrap_err();
            assert!(error.starts_with(expected), "{bad:?}: {error}");
        }
    }

    #[test]
    fn a_peers_table_is_read_by_its_header() {
        let peer = Peer::parse("w=w").unwrap();
        let output = "mapfile=m.map\nid\talg\texpanded\tnanos\tpcost\n\
                      1\tastar\t4\t2000\t2.00000\n0\tastar\t3\t1500\t1.00000\ndone.\n";
        let answers = peer.answers(output, 2).unwrap();
        let expected = [(1500, 3, 1.0), (2000, 4, 2.0)].map(|(nanos, expanded, length)| Query {
            nanos,
            expanded,
            length: Some(length),
        });
        assert_eq!(answers.queries, expected);
        for (output, expected) in [
            (
                "id expanded pcost\n",
                "peer w: no header line with a `nanos` column",
            ),
            (
                "id nanos pcost\n",
                "peer w: no `expanded` column in its header",
            ),
            (
                "id expanded nanos pcost\n0 1 x 1\n",
                "peer w: \"x\" is not a number",
            ),
            (
                "id expanded nanos pcost\n5 1 1 1\n",
                "peer w: scenario 5: the file has 2",
            ),
            (
                "id expanded nanos pcost\n0 1 1 1\n0 1 1 1\n",
                "peer w: scenario 0 answered twice",
            ),
            (
                "id expanded nanos pcost\n0 1 1 1\n",
                "peer w: answered 1 of the 2 scenarios",
            ),
        ] {
            assert_eq!(peer.answers(output, 2).unwrap_err(), expected);
        }
    }
}
