//! Scenarios: a start and a goal on a map, with the optimal length a benchmark file records.
//!
//! Two forms are read: Moving AI's `.map.scen` lines (`bucket map width height start-x start-y
//! goal-x goal-y optimal`, after a `version` line) against a map given apart, and the short
//! form `start-x start-y goal-x goal-y [optimal]` after a map at the head of the same input.
//! Columns (x) and rows (y) count from 0 at the top left.

use std::sync::{Arc, OnceLock};

use crate::lines::{Lines, ParseError, quoted};

use crate::map::{Map, file_name, read_map};
use crate::terrain::Costs;

/// One scenario of a map.
#[derive(Clone, Debug, PartialEq)]
pub struct GridCase {
    /// The map.
    pub map: Arc<Map>,
    /// The start cell.
    pub start: u32,
    /// The goal cell.
    pub goal: u32,
    /// The optimal length the input records.
    pub optimal: Option<f64>,
}

impl GridCase {
    /// The scenario in the short form, after its map: an input of its own.
    pub fn input(&self) -> String {
        let (sx, sy) = self.map.position(self.start);
        let (gx, gy) = self.map.position(self.goal);
        let optimal = self
            .optimal
            .map_or_else(String::new, |optimal| format!(" {optimal:.8}"));
        format!("{}{sx} {sy} {gx} {gy}{optimal}\n", self.map)
    }
}

/// The next scenario of `input`, on `given` (a map of the options) or on the map at the head of
/// the input, weighed by `costs` and kept in `inline` once read; `None` at the end of the
/// input.
pub fn read_scenario(
    input: &mut impl Lines,
    given: Option<&Arc<Map>>,
    inline: &OnceLock<Arc<Map>>,
    costs: &Costs,
) -> Result<Option<GridCase>, ParseError> {
    loop {
        let Some((line, text)) = input.next_line()? else {
            return Ok(None);
        };
        let text = text.trim();
        if text.is_empty() || text.starts_with("version") {
            continue;
        }
        if text.starts_with("type") {
            if given.is_some() || inline.get().is_some() {
                return Err(ParseError::new(line, "one map per input, please"));
            }
            let first = text.to_string();
            let map = read_map(input, (line, &first))?
                .with_costs(*costs)
                .map_err(|message| ParseError::new(line, message))?;
            inline.get_or_init(|| Arc::new(map));
            continue;
        }
        let Some(map) = given.or_else(|| inline.get()) else {
            return Err(ParseError::new(
                line,
                "a scenario before any map: give the map file (--map), or start the input with \
                 a map",
            ));
        };
        return scenario(map, line, text).map(Some);
    }
}

/// The scenario on line `line`, `text`, of `map`.
fn scenario(map: &Arc<Map>, line: usize, text: &str) -> Result<GridCase, ParseError> {
    // The fields in place, no vector per line: a .scen line has nine.
    let (mut fields, mut count) = ([""; 9], 0);
    for field in text.split_whitespace() {
        if let Some(slot) = fields.get_mut(count) {
            *slot = field;
        }
        count += 1;
    }
    let error = |message: String| ParseError::new(line, message);
    let numbers = match count {
        4 | 5 => &fields[..count],
        9 => {
            let named = file_name(fields[1]);
            if let Some(name) = map.name().filter(|&name| name != named) {
                return Err(error(format!(
                    "the scenario is for the map {}, the map given is {name}",
                    quoted(fields[1])
                )));
            }
            let sizes = (fields[2].parse::<usize>(), fields[3].parse::<usize>());
            if sizes != (Ok(map.width()), Ok(map.height())) {
                return Err(error(format!(
                    "the scenario is for a map of {} x {}, the map is {} x {}",
                    fields[2],
                    fields[3],
                    map.width(),
                    map.height()
                )));
            }
            &fields[4..]
        }
        count => {
            return Err(error(format!(
                "{count} fields: a scenario is `start-x start-y goal-x goal-y [optimal]`, or a \
                 .scen line of 9"
            )));
        }
    };
    let coordinate = |at: usize| {
        numbers[at]
            .parse::<i64>()
            .map_err(|_| error(format!("{} is not a coordinate", quoted(numbers[at]))))
    };
    let cell = |name: &str, x: i64, y: i64| {
        let cell = map.cell(x, y).ok_or_else(|| {
            error(format!(
                "the {name} ({x}, {y}) is off the map of {} x {}",
                map.width(),
                map.height()
            ))
        })?;
        if map.is_walkable(cell) {
            Ok(cell)
        } else {
            Err(error(format!(
                "the {name} ({x}, {y}) is on a blocked cell ({:?})",
                char::from(map.char_at(cell))
            )))
        }
    };
    let start = cell("start", coordinate(0)?, coordinate(1)?)?;
    let goal = cell("goal", coordinate(2)?, coordinate(3)?)?;
    let optimal = match numbers.get(4) {
        None => None,
        Some(word) => Some(
            word.parse::<f64>()
                .ok()
                .filter(|length| length.is_finite() && *length >= 0.0)
                .ok_or_else(|| error(format!("{} is not a length", quoted(word))))?,
        ),
    };
    Ok(GridCase {
        map: map.clone(),
        start,
        goal,
        optimal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::TextLines;

    const MAP: &str = "type octile\nheight 2\nwidth 3\nmap\n.@G\nTS.\n";

    fn read_all(text: &str, given: Option<&Arc<Map>>) -> Vec<Result<GridCase, ParseError>> {
        let mut input = TextLines::new(text);
        let inline = OnceLock::new();
        let mut cases = Vec::new();
        loop {
            match read_scenario(&mut input, given, &inline, &Costs::default()) {
                Ok(Some(case)) => cases.push(Ok(case)),
                Ok(None) => return cases,
                Err(error) => {
                    cases.push(Err(error));
                    return cases;
                }
            }
        }
    }

    #[test]
    fn both_forms_read() {
        let cases = read_all(&format!("{MAP}0 0 2 1 3.41421356\n2 0 1 1\n"), None);
        let case = cases[0].as_ref().unwrap();
        assert_eq!(
            (case.start, case.goal, case.optimal),
            (0, 5, Some(3.41421356))
        );
        assert_eq!(cases[1].as_ref().unwrap().optimal, None);
        let map = cases[0].as_ref().unwrap().map.clone();
        let scen = "version 1\n0\tm.map\t3\t2\t0\t0\t2\t0\t2.00000000\n";
        let case = read_all(scen, Some(&map)).remove(0).unwrap();
        assert_eq!((case.start, case.goal, case.optimal), (0, 2, Some(2.0)));
        assert_eq!(read_all(&case.input(), None)[0].as_ref().unwrap(), &case);
    }

    #[test]
    fn a_scenario_file_of_another_map_is_refused() {
        let map = Arc::new(Map::parse(MAP).unwrap().named("maps/dao/m.map"));
        let line = |name: &str| format!("version 1\n0\t{name}\t3\t2\t0\t0\t2\t0\t2\n");
        assert!(read_all(&line("m.map"), Some(&map))[0].is_ok());
        assert!(read_all(&line("dao/m.map"), Some(&map))[0].is_ok());
        let error = read_all(&line("other.map"), Some(&map))
            .remove(0)
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 2: the scenario is for the map \"other.map\", the map given is m.map"
        );
    }

    #[test]
    fn bad_scenarios_name_their_line() {
        let errors = [
            (
                format!("{MAP}0 0 3 1\n"),
                "line 7: the goal (3, 1) is off the map of 3 x 2",
            ),
            (
                format!("{MAP}0 0 1 0\n"),
                "line 7: the goal (1, 0) is on a blocked cell ('@')",
            ),
            (
                format!("{MAP}0 0 x 0\n"),
                "line 7: \"x\" is not a coordinate",
            ),
            (format!("{MAP}0 0 2\n"), "line 7: 3 fields"),
            (
                format!("{MAP}0 0 2 0 -1\n"),
                "line 7: \"-1\" is not a length",
            ),
            ("0 0 2 0\n".to_string(), "line 1: a scenario before any map"),
            (format!("{MAP}{MAP}"), "line 7: one map per input"),
            (
                format!("{MAP}0 m 4 2 0 0 2 0 2\n"),
                "line 7: the scenario is for a map of 4 x 2",
            ),
        ];
        for (text, expected) in errors {
            let cases = read_all(&text, None);
            let error = cases.last().unwrap().as_ref().unwrap_err().to_string();
            assert!(error.starts_with(expected), "{text:?}: {error}");
        }
    }
}
