//! The reader of PSVN files: named domains, the variables, then rules and goals, with an error
//! placed at the token at fault for anything psvn2c refuses, and a few things it lets through
//! but gives another meaning (a rule's variable standing for values of two domains).

use std::collections::HashMap;
use std::iter::Peekable;

use crate::ast::{Goal, Psvn, Rule, Term, ValueDomain};
use crate::error::{ParseError, Span};
use crate::lex::{Lexer, Token};

/// The most state variables a file may declare.
pub const MAX_VARIABLES: usize = 4096;
/// The most rules a file may hold (a move names its rule in 16 bits).
pub const MAX_RULES: usize = 65_535;
/// The most terms (tests, actions and goal tests) of all rules and goals together: this bounds
/// the memory a file can make the reader and the compiler take.
pub const MAX_TERMS: usize = 1 << 22;
/// The most values a domain may have (a state holds a value in a byte).
pub const MAX_VALUES: usize = 256;

/// The variables a rule's or a goal's tests bind.
#[derive(Default)]
struct Bound {
    /// Their names, in order of first occurrence.
    names: Vec<String>,
    /// The index of each name.
    index: HashMap<String, u16>,
    /// The position binding each.
    binders: Vec<usize>,
}

/// The words that end a rule's actions: met where an action is due, they mean too few actions.
const KEYWORDS: [&str; 4] = ["=>", "LABEL", "COST", "GOAL"];

impl Psvn {
    /// Reads the PSVN domain in `text`; `file` names it in errors (`FILE:LINE:COLUMN: ...`).
    ///
    /// ```
    /// use statespace_psvn::Psvn;
    /// let psvn = Psvn::parse("two.psvn", "2  2 2  0 X => 1 X  LABEL set").unwrap();
    /// assert_eq!(psvn.rules()[0].label(), "SET");
    /// let error = Psvn::parse("two.psvn", "2  2 2\n0 X => 1 Y").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "two.psvn:2:10: action Y names a variable the rule's tests do not bind"
    /// );
    /// ```
    pub fn parse(file: &str, text: &str) -> Result<Psvn, ParseError> {
        let mut psvn = Parser {
            file,
            tokens: Lexer::new(text).peekable(),
            end: Span { line: 1, column: 1 },
        }
        .file()?;
        psvn.grid = grid_comment(text).filter(|(rows, columns)| rows * columns == psvn.len());
        Ok(psvn)
    }
}

/// The rows and columns of the first comment line `# grid R x C` of `text` (`;` comments too,
/// any case, `RxC` or `R x C`).
fn grid_comment(text: &str) -> Option<(usize, usize)> {
    text.lines().find_map(|line| {
        let comment = line.trim_start().strip_prefix(['#', ';'])?.trim();
        let (word, shape) = comment.split_at_checked(4)?;
        if !word.eq_ignore_ascii_case("grid") {
            return None;
        }
        let (rows, columns) = shape.split_once(['x', 'X'])?;
        Some((rows.trim().parse().ok()?, columns.trim().parse().ok()?))
    })
}

struct Parser<'t> {
    file: &'t str,
    tokens: Peekable<Lexer<'t>>,
    /// Where the last token read ends, for errors at the end of the file.
    end: Span,
}

impl Parser<'_> {
    fn error(&self, span: Span, message: impl Into<String>) -> ParseError {
        span.error(self.file, message)
    }

    fn peek_is(&mut self, word: &str) -> bool {
        self.tokens.peek().is_some_and(|token| token.text == word)
    }

    /// The next token, or an error at the end of the file saying what was `wanted`.
    fn next(&mut self, wanted: &str) -> Result<Token, ParseError> {
        match self.tokens.next() {
            Some(token) => {
                let length = token.text.chars().count() as u32;
                self.end = Span {
                    line: token.span.line,
                    column: token.span.column + length,
                };
                Ok(token)
            }
            None => Err(self.error(self.end, format!("the file ends where {wanted} is due"))),
        }
    }

    fn file(mut self) -> Result<Psvn, ParseError> {
        let mut domains = Vec::new();
        while self.peek_is("DOMAIN") {
            self.next("DOMAIN")?;
            domains.push(self.named_domain(&domains)?);
        }
        let count = self.next("the number of variables")?;
        let variables = match count.text.parse::<usize>() {
            Ok(0) | Err(_) => {
                return Err(self.error(
                    count.span,
                    format!(
                        "the number of variables must be a positive integer, found {}",
                        count.text
                    ),
                ));
            }
            Ok(n) if n > MAX_VARIABLES => {
                return Err(self.error(
                    count.span,
                    format!("{n} variables: at most {MAX_VARIABLES} are supported"),
                ));
            }
            Ok(n) => n,
        };
        let mut psvn = Psvn {
            file: self.file.to_owned(),
            domains,
            variables: Vec::with_capacity(variables),
            rules: Vec::new(),
            goals: Vec::new(),
            grid: None,
        };
        for _ in 0..variables {
            let token = self.next("a variable's domain")?;
            let domain = self.variable_domain(&mut psvn.domains, token)?;
            psvn.variables.push(domain);
        }
        let mut terms = 0;
        while let Some(token) = self.tokens.peek() {
            let span = token.span;
            terms += if token.text == "GOAL" { 1 } else { 2 } * variables;
            if terms > MAX_TERMS {
                return Err(self.error(
                    span,
                    format!("the rules and goals hold more than {MAX_TERMS} terms in all"),
                ));
            }
            if token.text == "GOAL" {
                self.next("GOAL")?;
                let (tests, bound) = self.tests(&psvn, "goal")?;
                let names = bound.names.into_boxed_slice();
                psvn.goals.push(Goal { tests, names, span });
            } else {
                if psvn.rules.len() == MAX_RULES {
                    return Err(self.error(span, format!("more than {MAX_RULES} rules")));
                }
                let rule = self.rule(&psvn, span)?;
                psvn.rules.push(rule);
            }
        }
        Ok(psvn)
    }

    /// `name size v1 .. v_size`, after `DOMAIN`.
    fn named_domain(&mut self, domains: &[ValueDomain]) -> Result<ValueDomain, ParseError> {
        let name = self.next("a domain name")?;
        if integer_domain(&name.text).is_some() {
            return Err(self.error(
                name.span,
                format!(
                    "{} is a reserved domain name (digits, or digits then N)",
                    name.text
                ),
            ));
        }
        if domains.iter().any(|d| d.name == name.text) {
            return Err(self.error(name.span, format!("domain {} is declared twice", name.text)));
        }
        let size = self.next("a domain size")?;
        let values = match size.text.parse::<usize>() {
            Ok(n @ 2..=MAX_VALUES) => n,
            Ok(n) if n > MAX_VALUES => {
                return Err(self.error(
                    size.span,
                    format!(
                        "domain {} has {n} values: at most {MAX_VALUES} are supported",
                        name.text
                    ),
                ));
            }
            _ => {
                return Err(self.error(
                    size.span,
                    format!(
                        "domain {} needs a size of at least 2, found {}",
                        name.text, size.text
                    ),
                ));
            }
        };
        let mut names: Vec<String> = Vec::with_capacity(values);
        for _ in 0..values {
            let value = self.next("a value of the domain")?;
            if names.contains(&value.text) {
                return Err(self.error(
                    value.span,
                    format!("value {} appears twice in domain {}", value.text, name.text),
                ));
            }
            if value.text == "-" || value.text == "=>" {
                return Err(self.error(value.span, format!("{} cannot be a value", value.text)));
            }
            names.push(value.text);
        }
        Ok(ValueDomain::new(name.text, names))
    }

    /// The domain a variable ranges over: a named one, or an integer one made on first use.
    fn variable_domain(
        &self,
        domains: &mut Vec<ValueDomain>,
        token: Token,
    ) -> Result<usize, ParseError> {
        if let Some(found) = domains.iter().position(|d| d.name == token.text) {
            return Ok(found);
        }
        let Some((size, one_based)) = integer_domain(&token.text) else {
            return Err(self.error(token.span, format!("unknown domain {}", token.text)));
        };
        if !(1..=MAX_VALUES).contains(&size) {
            return Err(self.error(
                token.span,
                format!(
                    "integer domain {} must have 1 to {MAX_VALUES} values",
                    token.text
                ),
            ));
        }
        let first = usize::from(one_based);
        let values = (first..first + size).map(|v| v.to_string()).collect();
        domains.push(ValueDomain::new(token.text, values));
        Ok(domains.len() - 1)
    }

    /// A rule starting at `span`: tests, `=>`, actions, then `LABEL` and `COST` if given.
    fn rule(&mut self, psvn: &Psvn, span: Span) -> Result<Rule, ParseError> {
        let (tests, bound) = self.tests(psvn, "rule")?;
        let arrow = self.next("=>")?;
        if arrow.text != "=>" {
            return Err(self.error(
                arrow.span,
                format!("expected => after the tests, found {}", arrow.text),
            ));
        }
        let mut actions = Vec::with_capacity(psvn.len());
        for variable in 0..psvn.len() {
            let token = self.next("an action")?;
            let domain = psvn.domain_of(variable);
            let term = if token.text == "-" {
                Term::Any
            } else if let Some(value) = domain.value(&token.text) {
                Term::Value(value)
            } else if let Some(&name) = bound.index.get(&token.text) {
                let binder = bound.binders[usize::from(name)];
                self.same_domain(psvn, binder, variable, &token)?;
                Term::Var(name)
            } else if KEYWORDS.contains(&token.text.as_str()) {
                return Err(self.error(
                    token.span,
                    format!(
                        "the rule has {variable} actions before {}: it needs {}",
                        token.text,
                        psvn.len()
                    ),
                ));
            } else {
                return Err(self.error(
                    token.span,
                    format!(
                        "action {} names a variable the rule's tests do not bind",
                        token.text
                    ),
                ));
            };
            actions.push(term);
        }
        let label = if self.peek_is("LABEL") {
            self.next("LABEL")?;
            self.next("a label")?.text
        } else {
            format!("RULE_{}", psvn.rules.len() + 1)
        };
        let mut cost = 1;
        if self.peek_is("COST") {
            self.next("COST")?;
            let token = self.next("a cost")?;
            cost = match token.text.parse::<i64>() {
                Ok(c) if c < 0 => {
                    return Err(
                        self.error(token.span, format!("COST must not be negative, found {c}"))
                    );
                }
                Ok(c) => u32::try_from(c).map_err(|_| {
                    self.error(token.span, format!("COST {c} is over {}", u32::MAX))
                })?,
                Err(_) => {
                    return Err(self.error(
                        token.span,
                        format!("COST must be a non-negative integer, found {}", token.text),
                    ));
                }
            };
        }
        Ok(Rule {
            tests,
            actions: actions.into_boxed_slice(),
            names: bound.names.into_boxed_slice(),
            label,
            cost,
            span,
        })
    }

    /// One test per variable, for a rule or (`what`) a goal, and the names they bind.
    fn tests(&mut self, psvn: &Psvn, what: &str) -> Result<(Box<[Term]>, Bound), ParseError> {
        let mut tests = Vec::with_capacity(psvn.len());
        let mut bound = Bound::default();
        for variable in 0..psvn.len() {
            let token = self.next("a test")?;
            let domain = psvn.domain_of(variable);
            let term = if token.text == "-" {
                Term::Any
            } else if let Some(value) = domain.value(&token.text) {
                Term::Value(value)
            } else if token.text == "=>" || token.text == "GOAL" {
                return Err(self.error(
                    token.span,
                    format!(
                        "the {what} has {variable} tests before {}: it needs {}",
                        token.text,
                        psvn.len()
                    ),
                ));
            } else if let Some(&name) = bound.index.get(&token.text) {
                let binder = bound.binders[usize::from(name)];
                self.same_domain(psvn, binder, variable, &token)?;
                Term::Var(name)
            } else {
                let name = bound.names.len() as u16;
                bound.index.insert(token.text.clone(), name);
                bound.names.push(token.text);
                bound.binders.push(variable);
                Term::Var(name)
            };
            tests.push(term);
        }
        Ok((tests.into_boxed_slice(), bound))
    }

    /// Refuses a variable bound on one domain and used at `variable` of another: psvn2c's
    /// compiled code gives such a rule another meaning than the format's (a four-ball gripper
    /// whose robot's room and balls' places were two domains sharing `R` reached 2,016 states
    /// under psvn2c, 256 as written), so a file is accepted only where the two agree.
    fn same_domain(
        &self,
        psvn: &Psvn,
        binder: usize,
        variable: usize,
        token: &Token,
    ) -> Result<(), ParseError> {
        let (bound, here) = (psvn.variables[binder], psvn.variables[variable]);
        if bound == here {
            Ok(())
        } else {
            Err(self.error(
                token.span,
                format!(
                    "{} holds a value of domain {} and cannot stand for one of domain {}",
                    token.text, psvn.domains[bound].name, psvn.domains[here].name
                ),
            ))
        }
    }
}

/// The size and whether values count from 1, when `name` is an integer domain's (`k`, `kN`).
fn integer_domain(name: &str) -> Option<(usize, bool)> {
    let (digits, one_based) = match name.strip_suffix('N') {
        Some(digits) => (digits, true),
        None => (name, false),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // A figure too large for usize is still reserved: it is then refused as too large.
    Some((digits.parse().unwrap_or(usize::MAX), one_based))
}
