//! Peers of the benchmark runner: programs that answer a `.map.scen` file and print a table like
//! Warthog's: a header line naming at least the columns `id` (the scenario's number from 0),
//! `expanded`, `nanos` (the search's time) and `pcost` (the length found), then one line per
//! scenario. Lines of another width (Warthog's `mapfile=...`) are skipped.

use std::path::Path;
use std::process::Command;

use crate::bench::{Answers, BenchCase, Query};
use crate::lines::quoted;

/// How closely a peer's lengths are compared with the recorded ones: Warthog prints six
/// significant digits.
pub(crate) const PEER_PRECISION: f64 = 1e-5;

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
            any_angle: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
