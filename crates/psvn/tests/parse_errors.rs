//! Every kind of mistake a file can hold, refused with its exact place.

use statespace_psvn::{MAX_RULES, MAX_TERMS, ParseError, Psvn, PsvnDomain};

const HEADER: &str = "DOMAIN tile 3 B 1 2\n3\ntile tile tile\n";

/// The one-line error of `text` (named `f.psvn`).
fn error(text: &str) -> String {
    Psvn::parse("f.psvn", text)
        .map(|_| ())
        .expect_err("the file should be refused")
        .to_string()
}

/// The error of a rule on line 4, after the header.
fn rule_error(rule: &str) -> String {
    error(&format!("{HEADER}{rule}\n"))
}

#[test]
fn a_rule_with_too_few_tests_or_actions() {
    assert_eq!(
        rule_error("B X => X B -"),
        "f.psvn:4:5: the rule has 2 tests before =>: it needs 3"
    );
    assert_eq!(
        rule_error("B X - => X B LABEL L"),
        "f.psvn:4:14: the rule has 2 actions before LABEL: it needs 3"
    );
    assert_eq!(
        rule_error("B X - => X B"),
        "f.psvn:4:13: the file ends where an action is due"
    );
}

#[test]
fn a_missing_arrow() {
    assert_eq!(
        rule_error("B X - -> X B -"),
        "f.psvn:4:7: expected => after the tests, found ->"
    );
}

#[test]
fn an_action_naming_an_unbound_variable() {
    assert_eq!(
        rule_error("B X - => X Y -"),
        "f.psvn:4:12: action Y names a variable the rule's tests do not bind"
    );
}

#[test]
fn bad_domains() {
    assert_eq!(
        error("DOMAIN tile 3 B 1 1\n"),
        "f.psvn:1:19: value 1 appears twice in domain TILE"
    );
    assert_eq!(
        error("DOMAIN tile 1 B\n"),
        "f.psvn:1:13: domain TILE needs a size of at least 2, found 1"
    );
    assert_eq!(
        error("DOMAIN tile x B\n"),
        "f.psvn:1:13: domain TILE needs a size of at least 2, found X"
    );
    assert_eq!(
        error("DOMAIN 12 2 A B\n"),
        "f.psvn:1:8: 12 is a reserved domain name (digits, or digits then N)"
    );
    assert_eq!(
        error("# comment\n  domain 3n 2 a b\n"),
        "f.psvn:2:10: 3N is a reserved domain name (digits, or digits then N)"
    );
    assert_eq!(
        error("DOMAIN tile 2 a b\n3\ntile 2 colour\n"),
        "f.psvn:3:8: unknown domain COLOUR"
    );
    assert_eq!(
        error("DOMAIN tile 2 a b\n2\ntile Tiles\n"),
        "f.psvn:3:6: unknown domain TILES"
    );
}

#[test]
fn bad_costs() {
    assert_eq!(
        rule_error("B X - => X B - COST -2"),
        "f.psvn:4:21: COST must not be negative, found -2"
    );
    assert_eq!(
        rule_error("B X - => X B - LABEL L COST two"),
        "f.psvn:4:29: COST must be a non-negative integer, found TWO"
    );
    // A cost of 0 is a valid file, but no move of the engine's searches may be free.
    let psvn = Psvn::parse("f.psvn", &format!("{HEADER}\nB X - => X B - COST 0")).unwrap();
    assert_eq!(
        PsvnDomain::new(&psvn).unwrap_err().to_string(),
        "f.psvn:5:1: rule RULE_1 costs 0: every move must cost at least 1"
    );
}

#[test]
fn bad_states() {
    let psvn = Psvn::parse("f.psvn", HEADER).unwrap();
    let state = |text: &str| psvn.parse_state("s", text).unwrap_err().to_string();
    assert_eq!(state("B 1"), "s:1:4: a state has 3 values, found 2");
    assert_eq!(state("B 1 2 2"), "s:1:7: a state has 3 values, found more");
    assert_eq!(
        state("B 1 3"),
        "s:1:5: 3 is not a value of domain TILE (variable 2)"
    );
    assert_eq!(&*psvn.parse_state("s", "b 2\n 1").unwrap(), [0, 2, 1]);
}

#[test]
fn a_variable_carried_to_another_domain() {
    let text = "DOMAIN a 2 X Y\nDOMAIN b 2 Y X\n2\na b\nP P => - -\n";
    assert_eq!(
        error(text),
        "f.psvn:5:3: P holds a value of domain A and cannot stand for one of domain B"
    );
    // Not even between domains whose common values have the same names: psvn2c gives such
    // rules another meaning.
    let text = "DOMAIN room 2 A B\nDOMAIN place 3 A B HAND\n2\nroom place\nR HAND => - R\n";
    assert_eq!(
        error(text),
        "f.psvn:5:13: R holds a value of domain ROOM and cannot stand for one of domain PLACE"
    );
}

#[test]
fn huge_files_are_refused_at_the_figure_over_the_limit() {
    assert_eq!(
        error("1000000\n2"),
        "f.psvn:1:1: 1000000 variables: at most 4096 are supported"
    );
    let mut text = String::from("1\n2\n");
    for _ in 0..=MAX_RULES {
        text.push_str("0 => 1\n");
    }
    assert_eq!(
        error(&text),
        format!("f.psvn:{}:1: more than {MAX_RULES} rules", MAX_RULES + 3)
    );
    let variables = 4096;
    let mut text = format!("{variables}\n{}\n", "2 ".repeat(variables));
    let rule = format!("{}=> {}\n", "- ".repeat(variables), "- ".repeat(variables));
    let rules = MAX_TERMS / (2 * variables) + 1;
    text.push_str(&rule.repeat(rules));
    assert_eq!(
        error(&text),
        format!(
            "f.psvn:{}:1: the rules and goals hold more than {MAX_TERMS} terms in all",
            rules + 2
        )
    );
}

#[test]
fn errors_read_as_one_line() {
    let error: ParseError = Psvn::parse("dir/f.psvn", "0").unwrap_err();
    assert_eq!(
        (error.file.as_str(), error.line, error.column),
        ("dir/f.psvn", 1, 1)
    );
    assert_eq!(
        error.to_string(),
        "dir/f.psvn:1:1: the number of variables must be a positive integer, found 0"
    );
    assert_eq!(
        Psvn::parse("f", "").unwrap_err().to_string(),
        "f:1:1: the file ends where the number of variables is due"
    );
}

#[test]
fn tokens_are_case_insensitive_comments_start_tokens_and_rules_span_lines() {
    let text = "domain Tile 3 b 1 2 ; the values\n3 # variables\ntile TILE tile\n\
                b x\n - => x b - label Swap cost 2 # b#x is a word below\n\
                - b#x - => - 1 b#x goal - - b  GOAL b 1 2\n";
    let psvn = Psvn::parse("f.psvn", text).unwrap();
    assert_eq!(psvn.rules().len(), 2);
    assert_eq!(psvn.rules()[0].label(), "SWAP");
    assert_eq!(psvn.rules()[0].cost(), 2);
    assert_eq!(psvn.rules()[1].label(), "RULE_2");
    assert_eq!(psvn.rules()[1].names(), ["B#X"]);
    assert_eq!(psvn.goals().len(), 2);
    assert!(psvn.has_goal());
    assert_eq!(psvn.goal_state(1).as_deref(), Some(&[0, 1, 2][..]));
    assert_eq!(psvn.goal_state(0), None);
    let written = psvn.to_string();
    assert_eq!(
        written,
        "DOMAIN TILE 3\n  B 1 2\n3\nTILE TILE TILE\n\
         B X - => X B - LABEL SWAP COST 2\n- B#X - => - 1 B#X LABEL RULE_2 COST 1\n\
         GOAL - - B\nGOAL B 1 2\n"
    );
    // What it writes reads back as the same domain.
    assert_eq!(
        Psvn::parse("f.psvn", &written).unwrap().to_string(),
        written
    );
}

#[test]
fn a_goal_is_optional() {
    let psvn = Psvn::parse("f.psvn", &format!("{HEADER}B X - => X B -\n")).unwrap();
    assert!(!psvn.has_goal());
    assert_eq!(
        psvn.require_goal().unwrap_err().to_string(),
        "f.psvn:1:1: no GOAL line: a search towards goals needs one"
    );
    assert_eq!(
        error(&format!("{HEADER}GOAL B 1\n")),
        "f.psvn:4:9: the file ends where a test is due"
    );
    assert_eq!(
        error(&format!("{HEADER}GOAL B =>\n")),
        "f.psvn:4:8: the goal has 1 tests before =>: it needs 3"
    );
}

#[test]
fn integer_domains_count_from_zero_or_one() {
    let psvn = Psvn::parse("f.psvn", "2\n3 3n\n0 1 => 2 3\n").unwrap();
    assert_eq!(psvn.domain_of(0).values(), ["0", "1", "2"]);
    assert_eq!(psvn.domain_of(1).values(), ["1", "2", "3"]);
    // A word that is no value of its variable's domain is a variable name: 0 of 3N is one.
    assert_eq!(
        Psvn::parse("f.psvn", "2\n3 3n\n0 0 => 2 3\n")
            .unwrap()
            .rules()[0]
            .names(),
        ["0"]
    );
    assert_eq!(
        error("2\n3 3n\n0 1 => 2 0\n"),
        "f.psvn:3:10: action 0 names a variable the rule's tests do not bind"
    );
}

#[test]
fn large_domains_compile_in_bounded_time() {
    use std::time::{Duration, Instant};
    let started = Instant::now();
    // 4096 variables, 200 rules each reversing them all (2048 cycles of copies per rule).
    let n = 4096;
    let names: Vec<String> = (0..n).map(|i| format!("V{i}")).collect();
    let reversed: Vec<String> = names.iter().rev().cloned().collect();
    let mut text = format!("{n}\n{}\n", "2 ".repeat(n));
    let rule = format!("{} => {}\n", names.join(" "), reversed.join(" "));
    text.push_str(&rule.repeat(200));
    let domain = PsvnDomain::parse("big", &text).unwrap();
    assert_eq!(domain.inverse_rule(0), Some(0));
    // 2000 rules over 16 binary variables testing 8 positions each by value, and 1024 rules
    // commuting with one another (each writes its own position).
    let mut text = String::from("16\n");
    text.push_str(&"2 ".repeat(16));
    for r in 0..2000u32 {
        let tests: Vec<String> = (0..16)
            .map(|p| {
                if p % 2 == (r % 2) as usize {
                    ((r >> (p / 2)) & 1).to_string()
                } else {
                    "-".into()
                }
            })
            .collect();
        text += &format!("{} => {}\n", tests.join(" "), "- ".repeat(15) + "1");
    }
    PsvnDomain::parse("tests", &text).unwrap();
    let mut text = String::from("1024\n");
    text.push_str(&"2 ".repeat(1024));
    for r in 0..1024 {
        let tests: Vec<&str> = (0..1024).map(|p| if p == r { "0" } else { "-" }).collect();
        let actions: Vec<&str> = (0..1024).map(|p| if p == r { "1" } else { "-" }).collect();
        text += &format!("{} => {}\n", tests.join(" "), actions.join(" "));
    }
    PsvnDomain::parse("switches", &text).unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(60),
        "{:?}",
        started.elapsed()
    );
}
