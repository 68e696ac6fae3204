//! Every parser on arbitrary input: never a panic; cases answered until at most one error, which
//! is last and names a line of the input. `PROPTEST_CASES=N` runs a longer campaign (TESTING.md).

use proptest::prelude::*;
use serde_json::json;
use statespace_puzzles::cube::{parse_cube, parse_rubik, parse_scramble};
use statespace_puzzles::puzzle::CaseLimits;
use statespace_puzzles::registry::{self, Failure, PUZZLES};
use statespace_puzzles::sliding::Board;
use statespace_puzzles::sliding::Shape;
use statespace_puzzles::sliding::pdb::{Geometry, Layout, parse_instances};

/// Pieces of judge input, and any byte: inputs close enough to valid ones to reach deep into
/// the parsers and the solvers.
fn input() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        4 => prop::sample::select(vec![
            "1", "2", "3", "4", "8", "x", "0", "15", "B", "W", "O", "BWBO", " ", " ", "\n", "\n",
            "\r\n", "\t", "-1", "99999999999999999999", "\u{feff}", "é", "#", "/",
        ])
        .prop_map(|piece| piece.as_bytes().to_vec()),
        1 => any::<u8>().prop_map(|byte| vec![byte]),
    ];
    prop::collection::vec(piece, 0..120).prop_map(|pieces| pieces.concat())
}

/// Pieces of the newer puzzles' inputs (cube facelets and scrambles, pancakes, Hanoi, TopSpin,
/// grid maps and scenarios) and any byte.
fn newer_input() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        6 => prop::sample::select(vec![
            "UUUUUUUUU", "RRRRRRRRR", "FFFFFFFFF", "DDDDDDDDD", "LLLLLLLLL", "BBBBBBBBB", "URF",
            "R", "U2", "F'", "D2'", "R4", "x", "(", ")", "'", "2", "1", "3", "4", "-3", "10", "0",
            "256", "/", " ", " ", " ", "\n", "\n", "\r\n", "\t", "type octile\n", "type hex\n",
            "height 3\n", "width 4\n", "map\n", "....\n", ".@T.\n", "version 1\n",
            "0 0 3 2 4.41421356\n", "1 m.map 4 3 0 0 3 2 4.5\n", "99999999999999999999", "-1",
            "1e300", "é", "#",
        ])
        .prop_map(|piece| piece.as_bytes().to_vec()),
        1 => any::<u8>().prop_map(|byte| vec![byte]),
    ];
    prop::collection::vec(piece, 0..80).prop_map(|pieces| pieces.concat())
}

/// The lines of `bytes`, as the input reader counts them (one more when the last has no break).
fn lines(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&byte| byte == b'\n').count() + 1
}

/// 64 inputs in the test suite; `PROPTEST_CASES=N` for a campaign.
fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok());
    ProptestConfig::with_cases(cases.unwrap_or(64))
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn every_puzzle_answers_or_names_a_line(bytes in input()) {
        let limits = CaseLimits {
            max_nodes: Some(2_000),
            max_memory: Some(64 << 20),
            ..CaseLimits::default()
        };
        for entry in PUZZLES {
            let name = entry.about().name;
            let reports = entry.solve(json!({}), &bytes, &limits, true).unwrap();
            if let Some((last, before)) = reports.split_last() {
                prop_assert!(before.iter().all(Result::is_ok), "{}", name);
                if let Err(error) = last {
                    prop_assert!((1..=lines(&bytes)).contains(&error.line), "{}: {}", name, error);
                    prop_assert!(error.message.len() < 200, "{}: {}", name, error);
                }
            }
        }
    }

    #[test]
    fn korf_lines_sizes_goals_and_layouts_never_panic(
        bytes in input(),
        text in "[0-9x,/ a-z-]{0,40}",
    ) {
        let korf: Vec<_> = parse_instances(&String::from_utf8_lossy(&bytes), None).collect();
        prop_assert!(korf.iter().rev().skip(1).all(Result::is_ok));
        let _ = text.parse::<Shape>();
        let geometry = Geometry::new(4, 4).unwrap();
        let _ = Board::goal(geometry.shape(), Some(&text));
        let _ = Layout::parse(Some(&text), &geometry, 15);
    }

    #[test]
    fn the_newer_parsers_read_cases_or_name_a_line(bytes in newer_input()) {
        let readings = [
            ("cube", json!({})),
            ("cube", json!({"size": 2})),
            ("pancake", json!({})),
            ("pancake", json!({"burnt": true})),
            ("hanoi", json!({})),
            ("topspin", json!({})),
            ("topspin", json!({"turnstile": 2})),
            ("grid", json!({})),
        ];
        for (name, options) in readings {
            let entry = registry::find(name).unwrap();
            match entry.case_lines(options, &bytes) {
                Ok(cases) => prop_assert!(cases.iter().all(|case| !case.is_empty()), "{}", name),
                Err(Failure::Input(error)) => {
                    prop_assert!((1..=lines(&bytes)).contains(&error.line), "{}: {}", name, error);
                    prop_assert!(error.message.len() < 200, "{}: {}", name, error);
                }
                Err(other) => prop_assert!(false, "{}: {}", name, other),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        for line in text.lines() {
            for error in [parse_cube(line).err(), parse_rubik(line).err(), parse_scramble(line).err()]
                .into_iter()
                .flatten()
            {
                prop_assert!(!error.is_empty() && error.len() < 200, "{}", error);
            }
        }
    }
}
