//! The Moving AI benchmark runner: every scenario of a map answered by each of our algorithms and
//! by peer programs, summed per bucket of the scenario file (its first column; Moving AI's
//! buckets hold the scenarios whose optimal length, divided by 4, rounds down to the bucket).
//! Peers are programs run on the files, their tables read ([`Peer`]).

use std::fmt;
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use serde::Serialize;
use statespace_engine::Limits;

use crate::TOLERANCE;
use crate::domain::Connectivity;
use crate::edit::TimedEdit;
use crate::lines::{Lines, ParseError, TextLines, quoted};
use crate::map::Map;
pub use crate::peer::Peer;
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
    while let Some(case) = read_scenario(&mut lines, Some(map), &OnceLock::new(), map.costs())? {
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
    /// Whether the lengths are of any-angle paths (Theta*'s), which may be shorter than the
    /// recorded octile optimum but never longer.
    pub any_angle: bool,
}

impl Answers {
    /// Keeps, per scenario, the faster of this query and `other`'s (another round of the same
    /// program: the same expansions and length), so that after rounds each time is the least.
    pub fn keep_fastest(&mut self, other: &Self) {
        for (query, again) in self.queries.iter_mut().zip(&other.queries) {
            query.nanos = query.nanos.min(again.nanos);
        }
    }

    /// Whether `query`'s length is the recorded `optimal` one (always, when none is recorded).
    fn at_optimal(&self, query: &Query, optimal: Option<f64>) -> bool {
        let Some(optimal) = optimal else {
            return true;
        };
        let tolerance = TOLERANCE.max(optimal * self.relative_tolerance);
        query.length.is_some_and(|length| {
            length - optimal <= tolerance && (self.any_angle || optimal - length <= tolerance)
        })
    }
}

/// The name of `algorithm`, as `--algo` spells it.
pub fn algorithm_name(algorithm: Algorithm) -> &'static str {
    match algorithm {
        Algorithm::Astar => "astar",
        Algorithm::Dijkstra => "dijkstra",
        Algorithm::Jps => "jps",
        Algorithm::JpsPlus => "jps+",
        Algorithm::JpsPlusGb => "jps+gb",
        Algorithm::JpsPlusGbj => "jps+gbj",
        Algorithm::Theta => "theta",
    }
}

/// Every scenario of `cases` answered by `algorithm` walking as `connectivity` allows (eight:
/// Moving AI's rules), one after the other with `searcher`, each timed apart, each within
/// `limits`; what the algorithm needs per map (JPS+'s table) readied before the first, and told
/// by the searcher's notes.
pub fn answer_all(
    searcher: &mut GridSearcher,
    cases: &[BenchCase],
    algorithm: (Algorithm, Connectivity),
    limits: &Limits,
) -> Answers {
    answer_all_edited(searcher, cases, &[], algorithm, limits)
}

/// [`answer_all`] on a map that `edits` change between scenarios (each applied by `searcher`
/// before the scenario it names, from 1, outside the queries' times: the searcher repairs
/// what it keeps, its notes saying how long that took), starting from the map of the first
/// case.
pub fn answer_all_edited(
    searcher: &mut GridSearcher,
    cases: &[BenchCase],
    edits: &[TimedEdit],
    (algorithm, connectivity): (Algorithm, Connectivity),
    limits: &Limits,
) -> Answers {
    let Some(first) = cases.first() else {
        return Answers {
            name: algorithm_name(algorithm).to_string(),
            queries: Vec::new(),
            relative_tolerance: 0.0,
            any_angle: algorithm == Algorithm::Theta,
        };
    };
    let mut map = first.case.map.clone();
    // A table over the budget stops every query, which the figures then say.
    let _ = searcher.prepare(&map, algorithm, limits);
    let mut pending = edits.iter().peekable();
    let queries = cases
        .iter()
        .enumerate()
        .map(|(index, BenchCase { case, .. })| {
            while let Some(timed) = pending.next_if(|timed| timed.before <= index + 1) {
                map = searcher.edit(&map, &timed.edit);
            }
            let edited;
            let case = if edits.is_empty() {
                case
            } else {
                edited = GridCase {
                    map: map.clone(),
                    ..case.clone()
                };
                &edited
            };
            let started = Instant::now();
            let (answer, stats) = searcher.solve(case, connectivity, algorithm, limits);
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
        any_angle: algorithm == Algorithm::Theta,
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
    /// The queries whose length is not the recorded optimal one; `None` when lengths are not
    /// checked (the file's are eight-connected, the search was not).
    pub not_optimal: Option<usize>,
}

impl Figures {
    /// The figures of `answers` on the scenarios `chosen` of `cases`, their lengths checked
    /// when `check`.
    fn of(
        answers: &Answers,
        cases: &[BenchCase],
        check: bool,
        chosen: impl Fn(&BenchCase) -> bool,
    ) -> Self {
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
            not_optimal: check.then(|| {
                picked
                    .iter()
                    .filter(|(q, case)| !answers.at_optimal(q, case.case.optimal))
                    .count()
            }),
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
    /// The figures of each of `answers` to `cases`, their lengths checked against the recorded
    /// ones when `check` (not when the search walks otherwise than the file's lengths).
    pub fn new(cases: &[BenchCase], answers: &[Answers], check: bool) -> Self {
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
                        figures: Figures::of(answers, cases, check, |case| case.bucket == bucket),
                    })
                    .collect(),
                all: Figures::of(answers, cases, check, |_| true),
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
                figures
                    .not_optimal
                    .map_or_else(|| "-".to_string(), |count| count.to_string())
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
    use crate::peer::PEER_PRECISION;

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
            (Algorithm::Astar, Connectivity::Eight),
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
            any_angle: false,
        };
        let fixed = Answers {
            name: "astar".to_string(),
            queries: vec![query(1, 1, 1.0), query(3, 2, 2.0), query(5, 3, 3.0)],
            ..ours
        };
        let report = Report::new(&cases, &[fixed, peer], true);
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

    #[test]
    fn rounds_keep_the_least_time_and_unchecked_lengths_show_a_dash() {
        let cases = cases();
        let mut first = Answers {
            name: "astar".to_string(),
            queries: vec![query(4, 1, 1.0), query(3, 2, 2.0), query(9, 3, 3.0)],
            relative_tolerance: 0.0,
            any_angle: false,
        };
        let second = Answers {
            queries: vec![query(2, 1, 1.0), query(5, 2, 2.0), query(7, 3, 3.0)],
            ..first.clone()
        };
        first.keep_fastest(&second);
        let nanos: Vec<u64> = first.queries.iter().map(|q| q.nanos).collect();
        assert_eq!(nanos, [2000, 3000, 7000]);
        let four = answer_all(
            &mut GridSearcher::default(),
            &cases,
            (Algorithm::Astar, Connectivity::Four),
            &Limits::none(),
        );
        let lengths: Vec<_> = four.queries.iter().map(|q| q.length).collect();
        assert_eq!(lengths, [Some(1.0), Some(2.0), Some(3.0)]);
        let report = Report::new(&cases, &[first], false);
        assert_eq!(report.programs[0].all.not_optimal, None);
        assert_eq!(
            report.to_string().lines().last(),
            Some("   all          3  astar       4.00      7.00            2.0            -")
        );
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
            any_angle: false,
        }]
    }
}
