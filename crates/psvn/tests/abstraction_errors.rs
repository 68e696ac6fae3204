//! Abstraction files refused by name, each at its exact line and column.

use statespace_psvn::{Abstraction, Psvn};

const DOMAIN: &str =
    "DOMAIN tile 4 B 1 2 3\n4\ntile tile tile 3\nB X - - => X B - -\nGOAL B 1 2 0\n";

fn error(text: &str) -> String {
    let psvn = Psvn::parse("d.psvn", DOMAIN).unwrap();
    Abstraction::parse("a.abst", text, &psvn)
        .unwrap_err()
        .to_string()
}

#[test]
fn each_error_is_named_at_its_place() {
    let cases = [
        ("abs { }", "a.abst:1:1: expected ABSTRACTION, found ABS"),
        ("abstraction\n  tile", "a.abst:2:3: expected {, found TILE"),
        (
            "abstraction {\n  piece { B B B B }\n}",
            "a.abst:2:3: unknown domain PIECE",
        ),
        (
            "abstraction { tile { B 1 9 3 } }",
            "a.abst:1:26: 9 is not a value of domain TILE",
        ),
        (
            "abstraction { tile { B 1 2 } }",
            "a.abst:1:28: domain TILE has 4 values: found 3 images",
        ),
        (
            "abstraction { tile { B 1 2 3 3 } }",
            "a.abst:1:30: domain TILE has 4 values: found more images",
        ),
        (
            "abstraction {\n projection { K K P }\n}",
            "a.abst:2:21: the domain has 4 variables: found 3 K or P",
        ),
        (
            "abstraction { projection { K K P K K } }",
            "a.abst:1:36: the domain has 4 variables: found more K or P",
        ),
        (
            "abstraction { projection { K X P K } }",
            "a.abst:1:30: expected K or P, found X",
        ),
        (
            "abstraction { projection { K K P K } projection { K K K K } }",
            "a.abst:1:38: a second projection",
        ),
        (
            "abstraction { tile { B 1 1 3 } TILE { B 1 1 3 } }",
            "a.abst:1:32: domain TILE mapped twice",
        ),
        (
            "abstraction { tile { B 1 1 3 }",
            "a.abst:1:31: the abstraction ends where a domain map, PROJECTION or } was expected",
        ),
        (
            "abstraction { } extra",
            "a.abst:1:17: EXTRA after the abstraction's closing }",
        ),
        (
            "# nothing\n",
            "a.abst:2:1: the abstraction ends where ABSTRACTION was expected",
        ),
        (
            "abstraction { 3 { 0 0 } }",
            "a.abst:1:23: domain 3 has 3 values: found 2 images",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(error(text), expected, "{text}");
    }
}

#[test]
fn files_read_case_insensitively_with_comments_and_write_back_canonical() {
    let psvn = Psvn::parse("d.psvn", DOMAIN).unwrap();
    let text = "Abstraction { # the blank and tile 1 kept\n tile { b 1 1 1 } ; merged\n \
                3 { 0 2 2 }\n PROJECTION { k k p K } }";
    let abstraction = Abstraction::parse("a.abst", text, &psvn).unwrap();
    let canonical = abstraction.to_string();
    assert_eq!(
        canonical,
        "abstraction {\n  TILE { B 1 1 1 }\n  3 { 0 2 2 }\n  projection { K K P K }\n}\n"
    );
    assert_eq!(
        Abstraction::parse("b.abst", &canonical, &psvn).unwrap(),
        abstraction
    );
    assert_eq!(
        Abstraction::parse("c.abst", "abstraction { }", &psvn).unwrap(),
        Abstraction::identity(&psvn)
    );
}
