//! Where a domain comes from: a file, its text, or one of the shipped examples, compiled.

use statespace_psvn::PsvnDomain;

use crate::puzzle::OptionsError;

/// The shipped domains (`examples/psvn/NAME.psvn`), embedded, the default first.
pub const EXAMPLES: &[(&str, &str)] = &[
    (
        "eight",
        include_str!("../../../../examples/psvn/eight.psvn"),
    ),
    (
        "eight-weighted",
        include_str!("../../../../examples/psvn/eight-weighted.psvn"),
    ),
    (
        "fifteen",
        include_str!("../../../../examples/psvn/fifteen.psvn"),
    ),
    (
        "pancake10",
        include_str!("../../../../examples/psvn/pancake10.psvn"),
    ),
    (
        "topspin",
        include_str!("../../../../examples/psvn/topspin.psvn"),
    ),
    (
        "hanoi4",
        include_str!("../../../../examples/psvn/hanoi4.psvn"),
    ),
    (
        "cube2",
        include_str!("../../../../examples/psvn/cube2.psvn"),
    ),
    (
        "gripper",
        include_str!("../../../../examples/psvn/gripper.psvn"),
    ),
];

/// The largest domain file read: the parser's own limits bound what a file can ask for, this
/// the text held before it.
const MAX_FILE_BYTES: u64 = 16 << 20;

/// The domain written in `text` (read under the name `file`, `domain` by default) or the
/// shipped domain `example`, the 8-puzzle when neither is given; both at once and a domain that
/// does not compile are refused in one line (the file, line and column).
///
/// A front-end reads a domain file itself ([`read_domain_file`]) and gives its text: options
/// never name a path, so that the playground's users cannot make it read the server's files.
pub fn load(
    text: Option<&str>,
    file: Option<&str>,
    example: Option<&str>,
) -> Result<PsvnDomain, OptionsError> {
    match (text, example) {
        (Some(text), None) => compile(file.unwrap_or("domain"), text),
        (None, example) => load_example(example.unwrap_or(EXAMPLES[0].0)),
        (Some(_), Some(_)) => Err(OptionsError::new(
            "one domain at a time, please: a file (--domain) or a shipped example (--example)",
        )),
    }
}

/// The shipped domain `name` compiled, or the names there are.
pub fn load_example(name: &str) -> Result<PsvnDomain, OptionsError> {
    let (_, text) = EXAMPLES
        .iter()
        .find(|(known, _)| *known == name)
        .ok_or_else(|| {
            let names: Vec<&str> = EXAMPLES.iter().map(|(name, _)| *name).collect();
            OptionsError::new(format!(
                "no shipped domain {name:?}: they are {}",
                names.join(", ")
            ))
        })?;
    compile(&format!("{name}.psvn"), text)
}

fn compile(file: &str, text: &str) -> Result<PsvnDomain, OptionsError> {
    PsvnDomain::parse(file, text).map_err(|error| OptionsError::new(error.to_string()))
}

/// The text of the domain file `path`, or why it cannot be read (one line naming it).
pub fn read_domain_file(path: &str) -> Result<String, OptionsError> {
    use std::io::Read;
    let cannot = |error: std::io::Error| OptionsError::new(format!("cannot read {path}: {error}"));
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(OptionsError::new(format!(
            "{path}: more than {} MiB, too large for a domain file",
            MAX_FILE_BYTES >> 20
        )));
    }
    String::from_utf8(bytes).map_err(|_| OptionsError::new(format!("{path}: not UTF-8 text")))
}

/// The goal states when every goal line names one state (only values), in file order; `None`
/// when a goal line is a pattern or there is none.
pub fn goal_states(domain: &PsvnDomain) -> Option<Vec<Box<[u8]>>> {
    let psvn = domain.psvn();
    if !psvn.has_goal() {
        return None;
    }
    (0..psvn.goals().len())
        .map(|goal| psvn.goal_state(goal))
        .collect()
}

/// Whether every rule costs 1 (moves are counted).
pub fn unit_costs(domain: &PsvnDomain) -> bool {
    domain.psvn().rules().iter().all(|rule| rule.cost() == 1)
}

/// The values of each value domain in `state`, sorted: equal for two states exactly when one
/// rearranges the other's values domain by domain (what a domain that keeps multisets keeps).
pub fn multisets(domain: &PsvnDomain, state: &[u8]) -> Vec<Vec<u8>> {
    let psvn = domain.psvn();
    let mut sets = vec![Vec::new(); psvn.domains().len()];
    for (&value, &of) in state.iter().zip(psvn.variable_domains()) {
        sets[of].push(value);
    }
    for set in &mut sets {
        set.sort_unstable();
    }
    sets
}
