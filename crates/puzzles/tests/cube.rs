//! The 2×2×2: the distance table's layers are OEIS A079761 (HTM) and A079762 (QTM), its
//! solutions are as short as a plain breadth-first search's and solve the cube, facelets and
//! scrambles describe the same cubes, and each kind of bad line is refused by name.

use proptest::prelude::*;
use statespace_engine::bfs::bfs;
use statespace_engine::{Limits, Outcome, PerfectHash};
use statespace_puzzles::cube::{
    Cube, Facelets, Metric, Move, PocketCube, Table, parse_cube, parse_scramble, read_cube,
};
use statespace_puzzles::input::Input;
use std::sync::OnceLock;

fn table(metric: Metric) -> &'static Table {
    static HTM: OnceLock<Table> = OnceLock::new();
    static QTM: OnceLock<Table> = OnceLock::new();
    let cell = match metric {
        Metric::Htm => &HTM,
        Metric::Qtm => &QTM,
    };
    cell.get_or_init(|| Table::build(metric, &Limits::none()).unwrap().0)
}

#[test]
fn layers_are_oeis_a079761_in_the_half_turn_metric() {
    let layers = [
        1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644,
    ];
    assert_eq!(table(Metric::Htm).histogram(), layers);
    assert_eq!(layers.iter().sum::<u64>(), 3_674_160);
}

#[test]
fn layers_are_oeis_a079762_in_the_quarter_turn_metric() {
    let layers = [
        1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852, 782536, 90280, 276,
    ];
    assert_eq!(table(Metric::Qtm).histogram(), layers);
}

#[test]
fn a_table_that_cannot_fit_is_refused_before_it_is_built() {
    let limits = Limits {
        max_memory: Some(1 << 20),
        ..Limits::none()
    };
    assert!(Table::build(Metric::Htm, &limits).is_err());
}

/// The cube `moves` make of `cube`.
fn replay(cube: &Cube, moves: &[Move]) -> Cube {
    moves.iter().fold(*cube, |cube, &turn| cube.turned(turn))
}

/// The 2×2×2's moves in Singmaster's notation, any face.
fn scramble() -> impl Strategy<Value = String> {
    let turn = (0..6usize, 0..3usize)
        .prop_map(|(face, mark)| format!("{}{}", &"URFDLB"[face..=face], ["", "2", "'"][mark]));
    prop::collection::vec(turn, 1..25).prop_map(|turns| turns.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn optimal_solutions_are_as_short_as_bfs_and_solve_the_cube(
        rank in 0..3_674_160u64,
        qtm in any::<bool>(),
    ) {
        let metric = if qtm { Metric::Qtm } else { Metric::Htm };
        let space = PocketCube { metric };
        let corners = space.unrank(rank);
        let cube = Cube::from_facelets(&Facelets::of(&corners)).unwrap();
        let moves = table(metric).solution(&cube);
        prop_assert_eq!(replay(&cube, &moves), Cube::from_facelets(&Facelets::of(
            &statespace_puzzles::cube::Corners::SOLVED)).unwrap());
        prop_assert_eq!(moves.len() as u32, table(metric).distance(&cube));
        if moves.len() <= 7 {
            let Outcome::Found(by_bfs) = bfs(&space, &corners, &Limits::none()).outcome else {
                panic!("bfs finds every cube");
            };
            prop_assert_eq!(by_bfs.actions.len(), moves.len());
        }
    }

    #[test]
    fn a_scramble_and_its_facelets_are_one_cube(text in scramble()) {
        let scrambled = parse_cube(&text).unwrap();
        let facelets = parse_cube(&scrambled.to_string()).unwrap();
        prop_assert_eq!(scrambled, facelets);
        // The solution undoes the scramble: the facelets come back one colour a face.
        let solved = replay(&scrambled, &table(Metric::Htm).solution(&scrambled));
        let letters: Vec<char> = solved.to_string().chars().collect();
        prop_assert!(letters.chunks(4).all(|face| face.iter().all(|&c| c == face[0])));
        // A D, L or B turn is a U, R or F turn of the cube turned whole: never longer.
        let turns = parse_scramble(&text).unwrap().len();
        prop_assert!(table(Metric::Htm).solution(&scrambled).len() <= turns);
    }
}

#[test]
fn bfs_agrees_on_deep_cubes_too() {
    let space = PocketCube::default();
    let cube = parse_cube("R U2 F' R2 U F2 R' U").unwrap();
    let Outcome::Found(by_bfs) = bfs(&space, &cube.corners(), &Limits::none()).outcome else {
        panic!("bfs finds every cube");
    };
    assert_eq!(
        table(Metric::Htm).solution(&cube).len(),
        by_bfs.actions.len()
    );
}

/// The error of the first bad line of `text`, after the cubes before it.
fn refusal(text: &str) -> (usize, String) {
    let mut input = Input::new(text.as_bytes());
    let mut read = 0;
    loop {
        match read_cube(&mut input) {
            Ok(Some(_)) => read += 1,
            Ok(None) => panic!("no bad line in {text:?}"),
            Err(error) => return (read, error.to_string()),
        }
    }
}

#[test]
fn each_kind_of_bad_line_is_refused_by_name() {
    let cases = [
        (
            "UUUURRRRFFFFDDDDLLLLBBB\n",
            "line 1: 23 letters: a 2x2x2 has 24 facelets",
        ),
        (
            "R\nUUUURRRRFFFFDDDDLLLLBBBX\n",
            "line 2: 'X' (facelet 24) is not a colour: the colours are U, R, F, D, L and B",
        ),
        (
            "R\n\nUUUUURRRFFFFDDDDLLLLBBBB\n",
            "line 3: colour U is on 5 facelets, not 4",
        ),
        (
            "UUUUFRRRFRFFDDDDLLLLBBBB\n",
            "line 1: the corner at URF has colours UFR, which no cube has",
        ),
        (
            "UUUULLLLFFFFDDDDRRRRBBBB\n",
            "line 1: the corner at URF has colours ULF, which no cube has",
        ),
        (
            "UUUFURRRFRFFDDDDLLLLBBBB\n",
            "line 1: a twisted corner: the corners' twists sum to 1 mod 3, not 0",
        ),
        (
            "R U2\nR U3 F\n",
            "line 2: \"U3\" is not a move: a face (U, R, F, D, L, B) alone, with 2, or with ' or -",
        ),
    ];
    for (text, message) in cases {
        let (read, error) = refusal(text);
        assert_eq!(error, message, "{text:?}");
        assert_eq!(read, text.lines().filter(|l| !l.is_empty()).count() - 1);
    }
}

#[test]
fn a_corner_twice_is_refused() {
    // URF at UFL too, ULB at UBR, DFR at DLF, DBL at DRB: each colour still four times.
    assert_eq!(
        refusal("UUUURBRBRFRFDDDDLFLFLBLB\n"),
        (0, "line 1: the corner URF is there twice".to_string())
    );
}
