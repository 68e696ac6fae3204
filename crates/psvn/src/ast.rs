//! A PSVN file as read: its domains, variables, rules and goals, each term resolved (a value, a
//! rule's variable, or `-`), with the places of rules and goals for the errors found later.

use std::collections::HashMap;
use std::fmt;

use crate::error::{ParseError, Span};
use crate::lex::Lexer;

/// The values one or more state variables range over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueDomain {
    pub(crate) name: String,
    pub(crate) values: Vec<String>,
    pub(crate) index: HashMap<String, u8>,
}

impl ValueDomain {
    /// A domain of `values` (distinct, at most 256), named `name`.
    pub(crate) fn new(name: String, values: Vec<String>) -> Self {
        let index = values
            .iter()
            .enumerate()
            .map(|(i, value)| (value.clone(), i as u8))
            .collect();
        Self {
            name,
            values,
            index,
        }
    }

    /// Its name: as declared by `DOMAIN`, or `k` / `kN` for the integer domains.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Its values in declaration order; a state holds a value as its index here.
    pub fn values(&self) -> &[String] {
        &self.values
    }

    /// The index of the value named `token` (upper-cased), if it is one.
    pub fn value(&self, token: &str) -> Option<u8> {
        self.index.get(token).copied()
    }
}

/// One position of a rule's tests or actions, or of a goal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// `-`: any value (a test), the value kept (an action).
    Any,
    /// A value, by its index in the variable's domain.
    Value(u8),
    /// A variable of the rule, by its index in [`Rule::names`]: bound by its first occurrence
    /// among the tests.
    Var(u16),
}

/// A rule: `tests => actions LABEL label COST cost`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub(crate) tests: Box<[Term]>,
    pub(crate) actions: Box<[Term]>,
    pub(crate) names: Box<[String]>,
    pub(crate) label: String,
    pub(crate) cost: u32,
    pub(crate) span: Span,
}

impl Rule {
    /// Its tests, one per state variable.
    pub fn tests(&self) -> &[Term] {
        &self.tests
    }

    /// Its actions, one per state variable.
    pub fn actions(&self) -> &[Term] {
        &self.actions
    }

    /// The names of its variables, in order of first occurrence.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Its label: given by `LABEL`, or `RULE_i` for the i-th rule of the file.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Its cost: given by `COST`, 1 by default.
    pub fn cost(&self) -> u32 {
        self.cost
    }

    /// Where it begins in the file.
    pub fn span(&self) -> Span {
        self.span
    }
}

/// A goal line: a state is a goal when it passes the tests of any of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    pub(crate) tests: Box<[Term]>,
    pub(crate) names: Box<[String]>,
    pub(crate) span: Span,
}

impl Goal {
    /// Its tests, one per state variable.
    pub fn tests(&self) -> &[Term] {
        &self.tests
    }

    /// Where it begins in the file.
    pub fn span(&self) -> Span {
        self.span
    }
}

/// A PSVN file, parsed and checked: what [`Psvn::parse`] returns and
/// [`PsvnDomain::new`](crate::PsvnDomain::new) compiles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Psvn {
    pub(crate) file: String,
    pub(crate) domains: Vec<ValueDomain>,
    /// The domain (an index into `domains`) of each state variable.
    pub(crate) variables: Vec<usize>,
    pub(crate) rules: Vec<Rule>,
    pub(crate) goals: Vec<Goal>,
    /// The rows and columns a comment `# grid R x C` lays the values out in, for pictures.
    pub(crate) grid: Option<(usize, usize)>,
}

impl Psvn {
    /// The rows and columns that a comment line `# grid R x C` (or `# grid RxC`) of the file
    /// lays a state's values out in, row by row, for pictures of states: the playground's,
    /// `--trace`'s. A comment, so a search never reads it; one whose R × C is not the number
    /// of variables is none.
    pub fn grid(&self) -> Option<(usize, usize)> {
        self.grid
    }

    /// The name the file was parsed under, used in errors.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The number of state variables.
    pub fn len(&self) -> usize {
        self.variables.len()
    }

    /// Never: a file declares at least one variable.
    pub fn is_empty(&self) -> bool {
        self.variables.is_empty()
    }

    /// The domain of state variable `variable`.
    pub fn domain_of(&self, variable: usize) -> &ValueDomain {
        &self.domains[self.variables[variable]]
    }

    /// The domains, the named ones first in declaration order, then the integer ones in order
    /// of first use.
    pub fn domains(&self) -> &[ValueDomain] {
        &self.domains
    }

    /// The index into [`Psvn::domains`] of each variable's domain.
    pub fn variable_domains(&self) -> &[usize] {
        &self.variables
    }

    /// The rules, in file order.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The goal lines, in file order.
    pub fn goals(&self) -> &[Goal] {
        &self.goals
    }

    /// Whether the file has a `GOAL` line: a search towards goals needs one.
    pub fn has_goal(&self) -> bool {
        !self.goals.is_empty()
    }

    /// An error unless the file has a `GOAL` line, for the callers that search towards goals:
    /// `FILE:1:1: no GOAL line: ...`.
    pub fn require_goal(&self) -> Result<(), ParseError> {
        if self.has_goal() {
            Ok(())
        } else {
            Err(Span { line: 1, column: 1 }
                .error(&self.file, "no GOAL line: a search towards goals needs one"))
        }
    }

    /// The state a goal line names, when it names one: all its tests are values.
    pub fn goal_state(&self, goal: usize) -> Option<Box<[u8]>> {
        self.goals[goal]
            .tests
            .iter()
            .map(|term| match term {
                Term::Value(value) => Some(*value),
                _ => None,
            })
            .collect()
    }

    /// The state written in `text` as its values separated by white space (`2 B 1 3`); errors
    /// are placed in `file`, the name `text` was read under.
    pub fn parse_state(&self, file: &str, text: &str) -> Result<Box<[u8]>, ParseError> {
        let mut lexer = Lexer::new(text);
        let mut state = Vec::with_capacity(self.len());
        for token in lexer.by_ref() {
            let variable = state.len();
            if variable == self.len() {
                return Err(token.span.error(
                    file,
                    format!("a state has {} values, found more", self.len()),
                ));
            }
            let domain = self.domain_of(variable);
            let value = domain.value(&token.text).ok_or_else(|| {
                token.span.error(
                    file,
                    format!(
                        "{} is not a value of domain {} (variable {variable})",
                        token.text, domain.name
                    ),
                )
            })?;
            state.push(value);
        }
        if state.len() < self.len() {
            return Err(lexer.end().error(
                file,
                format!("a state has {} values, found {}", self.len(), state.len()),
            ));
        }
        Ok(state.into_boxed_slice())
    }

    /// `state` written as its values separated by spaces, as [`Psvn::parse_state`] reads it.
    pub fn format_state(&self, state: &[u8]) -> String {
        let values: Vec<&str> = state
            .iter()
            .enumerate()
            .map(|(variable, &value)| self.domain_of(variable).values[usize::from(value)].as_str())
            .collect();
        values.join(" ")
    }

    /// How `term` at `variable` is written, in a rule or goal whose variables are `names`.
    fn write_term<'a>(&'a self, variable: usize, term: Term, names: &'a [String]) -> &'a str {
        match term {
            Term::Any => "-",
            Term::Value(value) => &self.domain_of(variable).values[usize::from(value)],
            Term::Var(name) => &names[usize::from(name)],
        }
    }
}

/// The file written back as psvn2c writes one: named domains in use, the variables, every rule
/// with its label and cost, the goals; tokens upper-cased.
impl fmt::Display for Psvn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, domain) in self.domains.iter().enumerate() {
            let integer = domain
                .name
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_digit());
            if !integer && self.variables.contains(&index) {
                writeln!(f, "DOMAIN {} {}", domain.name, domain.values.len())?;
                writeln!(f, "  {}", domain.values.join(" "))?;
            }
        }
        writeln!(f, "{}", self.len())?;
        let names: Vec<&str> = (0..self.len())
            .map(|v| self.domain_of(v).name.as_str())
            .collect();
        writeln!(f, "{}", names.join(" "))?;
        for rule in &self.rules {
            for (v, &term) in rule.tests.iter().enumerate() {
                write!(f, "{} ", self.write_term(v, term, &rule.names))?;
            }
            write!(f, "=>")?;
            for (v, &term) in rule.actions.iter().enumerate() {
                write!(f, " {}", self.write_term(v, term, &rule.names))?;
            }
            writeln!(f, " LABEL {} COST {}", rule.label, rule.cost)?;
        }
        for goal in &self.goals {
            write!(f, "GOAL")?;
            for (v, &term) in goal.tests.iter().enumerate() {
                write!(f, " {}", self.write_term(v, term, &goal.names))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
