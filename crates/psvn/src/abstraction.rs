//! Abstraction files, as psvn2c's `abstractor` writes them: which values of each domain merge,
//! and which variables are projected away.
//!
//! ```text
//! abstraction {
//!   tile { B 1 1 3 }          # one image per value of domain `tile`, in its order
//!   projection { K K P K }    # per variable: K keeps it, P projects it away
//! }
//! ```
//!
//! Both parts are optional; tokens are case-insensitive and comments are those of domain files.
//! An image is a value of the same domain (as in psvn2c). Integer domains are mapped by the name
//! the variables line gives them (`10`, `10N`) and their values as written (`0 … 9`): pancakes
//! and TopSpin have no other domain. Braces are tokens of their own, separated by white space.

use std::fmt;

use crate::ast::{Psvn, ValueDomain};
use crate::error::{ParseError, Span};
use crate::lex::{Lexer, Token};

/// An abstraction of a domain: an image for every value of every domain (the identity where the
/// file names no map), and whether each variable is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Abstraction {
    /// The domains it maps, for writing it back.
    domains: Vec<ValueDomain>,
    /// Per domain, per value: the value (of the same domain) it becomes.
    images: Vec<Box<[u8]>>,
    kept: Box<[bool]>,
}

impl Abstraction {
    /// The identity on `psvn`: every value its own image, every variable kept.
    pub fn identity(psvn: &Psvn) -> Self {
        Self {
            domains: psvn.domains().to_vec(),
            images: psvn
                .domains()
                .iter()
                .map(|d| (0..d.values().len() as u8).collect())
                .collect(),
            kept: vec![true; psvn.len()].into_boxed_slice(),
        }
    }

    /// Reads the abstraction file `text` of `psvn`; `file` names it in errors
    /// (`FILE:LINE:COLUMN: what`).
    ///
    /// ```
    /// use statespace_psvn::{Abstraction, Psvn};
    /// let psvn = Psvn::parse("d.psvn", "DOMAIN t 3 A B C\n2\nt t\nA X => B X").unwrap();
    /// let abstraction = Abstraction::parse("d.abst", "abstraction { t { a a c } }", &psvn).unwrap();
    /// assert_eq!(abstraction.image(0, 1), 0);
    /// let error = Abstraction::parse("d.abst", "abstraction {\n  t { A A }\n}", &psvn).unwrap_err();
    /// assert_eq!(error.to_string(), "d.abst:2:11: domain T has 3 values: found 2 images");
    /// ```
    pub fn parse(file: &str, text: &str, psvn: &Psvn) -> Result<Self, ParseError> {
        AbstractionParser {
            file,
            tokens: Lexer::new(text),
            abstraction: Self::identity(psvn),
        }
        .file()
    }

    /// The image (a value of the same domain) of value `value` of domain `domain` (an index
    /// into [`Psvn::domains`]).
    pub fn image(&self, domain: usize, value: u8) -> u8 {
        self.images[domain][usize::from(value)]
    }

    /// The images of every value of domain `domain`.
    pub fn images(&self, domain: usize) -> &[u8] {
        &self.images[domain]
    }

    /// Whether variable `variable` is kept (not projected away).
    pub fn is_kept(&self, variable: usize) -> bool {
        self.kept[variable]
    }

    /// The number of variables it is defined over.
    pub fn len(&self) -> usize {
        self.kept.len()
    }

    /// Whether it is defined over no variable (never, for one read from a domain).
    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }

    /// This abstraction with value `value` of domain `domain` mapped to `image`.
    ///
    /// # Panics
    /// If the domain has no such value or image (a caller's mistake, not a file's).
    pub fn with_image(mut self, domain: usize, value: u8, image: u8) -> Self {
        let size = self.images[domain].len();
        assert!(
            usize::from(image) < size,
            "image {image} of a domain of {size} values"
        );
        self.images[domain][usize::from(value)] = image;
        self
    }

    /// This abstraction with variable `variable` kept or projected away.
    ///
    /// # Panics
    /// If there is no such variable.
    pub fn with_kept(mut self, variable: usize, kept: bool) -> Self {
        self.kept[variable] = kept;
        self
    }
}

/// The file text, canonical (upper case, only the maps that are not the identity, the
/// projection only when it projects): what table identities hash.
impl fmt::Display for Abstraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "abstraction {{")?;
        for (domain, images) in self.domains.iter().zip(&self.images) {
            if images.iter().enumerate().all(|(v, &i)| usize::from(i) == v) {
                continue;
            }
            let names: Vec<&str> = images
                .iter()
                .map(|&i| domain.values()[usize::from(i)].as_str())
                .collect();
            writeln!(f, "  {} {{ {} }}", domain.name(), names.join(" "))?;
        }
        if self.kept.iter().any(|&k| !k) {
            let marks: Vec<&str> = self
                .kept
                .iter()
                .map(|&k| if k { "K" } else { "P" })
                .collect();
            writeln!(f, "  projection {{ {} }}", marks.join(" "))?;
        }
        writeln!(f, "}}")
    }
}

struct AbstractionParser<'t> {
    file: &'t str,
    tokens: Lexer<'t>,
    abstraction: Abstraction,
}

impl AbstractionParser<'_> {
    fn error(&self, span: Span, message: impl Into<String>) -> ParseError {
        span.error(self.file, message)
    }

    /// The next token, or an error at the end of the text saying what was `wanted`.
    fn next(&mut self, wanted: &str) -> Result<Token, ParseError> {
        match self.tokens.next() {
            Some(token) => Ok(token),
            None => Err(self.error(
                self.tokens.end(),
                format!("the abstraction ends where {wanted} was expected"),
            )),
        }
    }

    fn expect(&mut self, word: &str) -> Result<Token, ParseError> {
        let token = self.next(word)?;
        if token.text == word {
            Ok(token)
        } else {
            Err(self.error(token.span, format!("expected {word}, found {}", token.text)))
        }
    }

    fn file(mut self) -> Result<Abstraction, ParseError> {
        self.expect("ABSTRACTION")?;
        self.expect("{")?;
        let mut mapped = vec![false; self.abstraction.domains.len()];
        let mut projected = false;
        loop {
            let token = self.next("a domain map, PROJECTION or }")?;
            match token.text.as_str() {
                "}" => break,
                "PROJECTION" if projected => {
                    return Err(self.error(token.span, "a second projection"));
                }
                "PROJECTION" => {
                    projected = true;
                    self.projection()?;
                }
                name => {
                    let domain = self.domain(&token, name)?;
                    if std::mem::replace(&mut mapped[domain], true) {
                        return Err(self.error(token.span, format!("domain {name} mapped twice")));
                    }
                    self.domain_map(domain)?;
                }
            }
        }
        if let Some(token) = self.tokens.next() {
            return Err(self.error(
                token.span,
                format!("{} after the abstraction's closing }}", token.text),
            ));
        }
        Ok(self.abstraction)
    }

    fn domain(&self, token: &Token, name: &str) -> Result<usize, ParseError> {
        self.abstraction
            .domains
            .iter()
            .position(|d| d.name() == name)
            .ok_or_else(|| self.error(token.span, format!("unknown domain {name}")))
    }

    /// `{ image … }` after a domain's name: one image per value.
    fn domain_map(&mut self, domain: usize) -> Result<(), ParseError> {
        self.expect("{")?;
        let values = self.abstraction.domains[domain].clone();
        let (size, name) = (values.values().len(), values.name());
        let mut images = Vec::with_capacity(size);
        self.list(
            size,
            &format!("domain {name} has {size} values"),
            "images",
            |token| match values.value(&token.text) {
                Some(image) => {
                    images.push(image);
                    Ok(())
                }
                None => Err(format!("{} is not a value of domain {name}", token.text)),
            },
        )?;
        self.abstraction.images[domain] = images.into_boxed_slice();
        Ok(())
    }

    /// `{ K|P … }` after `PROJECTION`: one mark per variable.
    fn projection(&mut self) -> Result<(), ParseError> {
        self.expect("{")?;
        let count = self.abstraction.kept.len();
        let mut kept = Vec::with_capacity(count);
        self.list(
            count,
            &format!("the domain has {count} variables"),
            "K or P",
            |token| {
                match token.text.as_str() {
                    "K" => kept.push(true),
                    "P" => kept.push(false),
                    other => return Err(format!("expected K or P, found {other}")),
                }
                Ok(())
            },
        )?;
        self.abstraction.kept = kept.into_boxed_slice();
        Ok(())
    }

    /// Exactly `count` items then `}`, each given to `item`; `what` and `items` word the errors
    /// about the count.
    fn list(
        &mut self,
        count: usize,
        what: &str,
        items: &str,
        mut item: impl FnMut(&Token) -> Result<(), String>,
    ) -> Result<(), ParseError> {
        for found in 0..count {
            let token = self.next("}")?;
            if token.text == "}" {
                return Err(self.error(token.span, format!("{what}: found {found} {items}")));
            }
            item(&token).map_err(|message| self.error(token.span, message))?;
        }
        let token = self.next("}")?;
        if token.text != "}" {
            return Err(self.error(token.span, format!("{what}: found more {items}")));
        }
        Ok(())
    }
}
