//! An abstraction applied to a domain: the abstract domain as a PSVN file of its own, and the
//! map from concrete states to abstract ones.
//!
//! The abstract space is a homomorphism of the concrete one, so that its distances never exceed
//! the true ones: a concrete state passing a rule's tests has an image passing the abstract
//! rule's (a value test becomes a test of the value's image, an equality of two variables holds
//! between their images, the domain's one map applying to both), and the abstract rule writes
//! the images of what the concrete rule writes. Where the only test binding a rule's variable is
//! projected away, an action writing that variable may write any value: the rule is then one
//! rule per abstract value written, which adds moves and never removes one. Moves that became
//! self-loops are dropped (they shorten no path), and rules that became identical are merged,
//! keeping the cheaper (the abstract move is the cheapest of the concrete moves it stands for).
//! A variable whose domain's values all merge carries nothing and is projected away too.

use std::collections::HashMap;

use crate::abstraction::Abstraction;
use crate::ast::{Goal, Psvn, Rule, Term, ValueDomain};
use crate::error::{ParseError, Span};
use crate::parse::MAX_RULES;

/// A domain abstracted: its abstract domain ([`AbstractSpace::psvn`]) and the map of states.
#[derive(Clone, Debug)]
pub struct AbstractSpace {
    psvn: Psvn,
    /// The concrete variable of each abstract one.
    kept: Box<[usize]>,
    /// Per concrete domain: the abstract value of each concrete value.
    images: Vec<Box<[u8]>>,
}

impl AbstractSpace {
    /// Applies `abstraction` to `psvn`. Refuses an abstraction of another domain, one keeping
    /// no variable, and one whose rules would multiply past [`MAX_RULES`](crate::MAX_RULES).
    pub fn new(psvn: &Psvn, abstraction: &Abstraction) -> Result<Self, ParseError> {
        let error = |message: &str| Span { line: 1, column: 1 }.error(&psvn.file, message);
        let fits = abstraction.len() == psvn.len()
            && (0..psvn.domains.len())
                .all(|d| abstraction.images(d).len() == psvn.domains[d].values.len());
        if !fits {
            return Err(error("the abstraction is not one of this domain"));
        }
        let (domains, images) = abstract_domains(psvn, abstraction);
        let kept: Box<[usize]> = (0..psvn.len())
            .filter(|&v| abstraction.is_kept(v) && domains[psvn.variables[v]].values.len() > 1)
            .collect();
        if kept.is_empty() {
            return Err(error(
                "the abstraction keeps no variable that can tell states apart",
            ));
        }
        let mapper = TermMapper {
            psvn,
            kept: &kept,
            images: &images,
        };
        let abstract_psvn = Psvn {
            file: format!("{} (abstracted)", psvn.file),
            variables: kept.iter().map(|&v| psvn.variables[v]).collect(),
            rules: mapper.rules(&domains).map_err(|message| error(&message))?,
            goals: mapper.goals(),
            domains,
            grid: None,
        };
        Ok(Self {
            psvn: abstract_psvn,
            kept,
            images,
        })
    }

    /// The abstract domain, to compile with [`PsvnDomain::new`](crate::PsvnDomain::new).
    pub fn psvn(&self) -> &Psvn {
        &self.psvn
    }

    /// The concrete variable each abstract variable stands for.
    pub fn kept(&self) -> &[usize] {
        &self.kept
    }

    /// The image of `concrete` (a state of the concrete domain) written into `out`, which has
    /// one byte per abstract variable.
    #[inline]
    pub fn abstract_into(&self, concrete: &[u8], out: &mut [u8]) {
        for ((slot, &variable), &domain) in out
            .iter_mut()
            .zip(self.kept.iter())
            .zip(self.psvn.variables.iter())
        {
            *slot = self.images[domain][usize::from(concrete[variable])];
        }
    }

    /// The image of `concrete`, a state of the concrete domain.
    pub fn abstract_state(&self, concrete: &[u8]) -> Box<[u8]> {
        let mut out = vec![0; self.kept.len()].into_boxed_slice();
        self.abstract_into(concrete, &mut out);
        out
    }
}

/// Each domain's distinct images, in the order of the values they are, as a domain of its own
/// (renamed when an integer domain, whose values no longer count from 0 or 1); and the abstract
/// value of each concrete value.
fn abstract_domains(psvn: &Psvn, abstraction: &Abstraction) -> (Vec<ValueDomain>, Vec<Box<[u8]>>) {
    psvn.domains
        .iter()
        .enumerate()
        .map(|(d, domain)| {
            let images = abstraction.images(d);
            let mut distinct: Vec<u8> = images.to_vec();
            distinct.sort_unstable();
            distinct.dedup();
            if distinct.len() == images.len() && images.windows(2).all(|w| w[0] < w[1]) {
                return (domain.clone(), images.to_vec().into_boxed_slice());
            }
            let values = distinct
                .iter()
                .map(|&v| domain.values[usize::from(v)].clone())
                .collect();
            let integer = domain.name.starts_with(|c: char| c.is_ascii_digit());
            let name = if integer {
                format!("ABSTRACT{}", domain.name)
            } else {
                domain.name.clone()
            };
            let map = images
                .iter()
                .map(|image| distinct.binary_search(image).unwrap_or(0) as u8)
                .collect();
            (ValueDomain::new(name, values), map)
        })
        .unzip()
}

/// Rewrites the terms of rules and goals over the kept variables, values by their images.
struct TermMapper<'a> {
    psvn: &'a Psvn,
    kept: &'a [usize],
    images: &'a [Box<[u8]>],
}

/// A rule's tests and actions, which identical rules share.
type RuleForm = (Box<[Term]>, Box<[Term]>);

/// Abstract tests, actions and the names of their variables, numbered by first use.
type Numbered = (Box<[Term]>, Box<[Term]>, Box<[String]>);

impl TermMapper<'_> {
    fn term(&self, variable: usize, term: Term) -> Term {
        match term {
            Term::Value(value) => {
                Term::Value(self.images[self.psvn.variables[variable]][usize::from(value)])
            }
            other => other,
        }
    }

    fn side(&self, terms: &[Term]) -> Vec<Term> {
        self.kept.iter().map(|&v| self.term(v, terms[v])).collect()
    }

    /// The abstract rules: each rule mapped and its free variables expanded, self-loops
    /// dropped, identical rules merged at the least cost.
    fn rules(&self, domains: &[ValueDomain]) -> Result<Vec<Rule>, String> {
        let mut rules: Vec<Rule> = Vec::new();
        let mut index: HashMap<RuleForm, usize> = HashMap::new();
        for rule in &self.psvn.rules {
            for (k, (tests, actions, names)) in self.expand(rule, domains)?.into_iter().enumerate()
            {
                if is_self_loop(&tests, &actions) {
                    continue;
                }
                let key = (tests, actions);
                if let Some(&i) = index.get(&key) {
                    rules[i].cost = rules[i].cost.min(rule.cost);
                    continue;
                }
                if rules.len() == MAX_RULES {
                    return Err(format!("the abstract domain has over {MAX_RULES} rules"));
                }
                let label = if k == 0 {
                    rule.label.clone()
                } else {
                    format!("{}_{k}", rule.label)
                };
                rules.push(Rule {
                    tests: key.0.clone(),
                    actions: key.1.clone(),
                    names,
                    label,
                    cost: rule.cost,
                    span: rule.span,
                });
                index.insert(key, rules.len() - 1);
            }
        }
        Ok(rules)
    }

    /// A rule mapped, once per value of each variable its actions write but no kept test
    /// binds, variables numbered by first use.
    fn expand(&self, rule: &Rule, domains: &[ValueDomain]) -> Result<Vec<Numbered>, String> {
        let tests = self.side(&rule.tests);
        let actions = self.side(&rule.actions);
        let mut expanded = vec![actions.clone()];
        for (position, &term) in actions.iter().enumerate() {
            let Term::Var(_) = term else { continue };
            if tests.contains(&term) || !expanded.iter().all(|a| a.contains(&term)) {
                continue;
            }
            let size = domains[self.psvn.variables[self.kept[position]]]
                .values
                .len();
            if expanded.len() * size > MAX_RULES {
                return Err(format!(
                    "rule {} writes values its kept tests do not bind: over {MAX_RULES} abstract rules",
                    rule.label
                ));
            }
            expanded = expanded
                .iter()
                .flat_map(|actions| {
                    (0..size as u8).map(move |value| {
                        let replace = |&t: &Term| if t == term { Term::Value(value) } else { t };
                        actions.iter().map(replace).collect()
                    })
                })
                .collect();
        }
        Ok(expanded
            .iter()
            .map(|actions| number_variables(&tests, actions, &rule.names))
            .collect())
    }

    /// The abstract goals, identical ones once.
    fn goals(&self) -> Vec<Goal> {
        let mut goals: Vec<Goal> = Vec::new();
        for goal in &self.psvn.goals {
            let (tests, _, names) = number_variables(&self.side(&goal.tests), &[], &goal.names);
            if goals.iter().all(|g| g.tests != tests) {
                goals.push(Goal {
                    tests,
                    names,
                    span: goal.span,
                });
            }
        }
        goals
    }
}

/// Numbers a rule's variables by first occurrence among the tests, and makes `-` of a variable
/// tested once and never written (it binds nothing): equal rules then have equal terms.
fn number_variables(tests: &[Term], actions: &[Term], names: &[String]) -> Numbered {
    let uses = |term: Term| tests.iter().chain(actions).filter(|&&t| t == term).count();
    let mut renamed: HashMap<u16, u16> = HashMap::new();
    let mut new_names = Vec::new();
    let mut rename = |term: Term, in_tests: bool| match term {
        Term::Var(_) if in_tests && uses(term) == 1 => Term::Any,
        Term::Var(name) => {
            let next = renamed.len() as u16;
            let new = *renamed.entry(name).or_insert_with(|| {
                new_names.push(names[usize::from(name)].clone());
                next
            });
            Term::Var(new)
        }
        other => other,
    };
    let tests: Box<[Term]> = tests.iter().map(|&t| rename(t, true)).collect();
    let actions: Box<[Term]> = actions.iter().map(|&t| rename(t, false)).collect();
    (tests, actions, new_names.into_boxed_slice())
}

/// Whether a rule writes back what every position held: `-`, or the value or variable its test
/// there requires.
fn is_self_loop(tests: &[Term], actions: &[Term]) -> bool {
    tests
        .iter()
        .zip(actions)
        .all(|(&test, &action)| action == Term::Any || (action == test && test != Term::Any))
}
