//! Every parser on arbitrary input: never a panic; cases answered until at most one error, which
//! is last and names a line of the input. `PROPTEST_CASES=N` runs a longer campaign (TESTING.md).

use proptest::prelude::*;
use serde_json::json;
use statespace_puzzles::puzzle::CaseLimits;
use statespace_puzzles::registry::PUZZLES;
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
}
