//! The 2×2×2: the distance table's layers are OEIS A079761 (HTM) and A079762 (QTM), its
//! solutions are as short as a plain breadth-first search's and solve the cube, facelets and
//! scrambles describe the same cubes, and each kind of bad line is refused by name.

use proptest::prelude::*;
use statespace_engine::bfs::bfs;
use statespace_engine::{Limits, Outcome, PerfectHash};
use statespace_puzzles::cube::{
    Cube, Facelets, Metric, Move, PocketCube, Table, parse_cube, parse_scramble, read_case,
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
        match read_case(&mut input, 2) {
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

// The 3×3×3.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use statespace_engine::{Domain, Reversible};
use statespace_puzzles::cube::{
    Face, MAX_LENGTH, Rubik, Settings, Tables, parse_rubik, solve_twophase,
};

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables::build(&Limits::none()).unwrap().0)
}

/// The 3×3×3 turned by its 18 moves, for a plain breadth-first search.
struct Rubiks;

impl Domain for Rubiks {
    type State = Rubik;
    type Action = Move;

    fn actions(&self, _: &Rubik, out: &mut Vec<Move>) {
        for face in Face::ALL {
            out.extend((1..4).map(|quarters| Move { face, quarters }));
        }
    }

    fn apply(&self, cube: &mut Rubik, turn: Move) {
        *cube = cube.turned(turn);
    }

    fn invert(&self, turn: Move) -> Option<Move> {
        Some(turn.inverse())
    }

    fn is_goal(&self, cube: &Rubik) -> bool {
        *cube == Rubik::SOLVED
    }
}

impl Reversible for Rubiks {}

fn replay3(cube: &Rubik, moves: &[Move]) -> Rubik {
    moves.iter().fold(*cube, |cube, &turn| cube.turned(turn))
}

#[test]
fn random_cubes_are_solved_within_21_moves_and_20() {
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    // At 20 moves some cubes take the search a second: three of them.
    for (max_length, count) in [(21, 12), (20, 3)] {
        for _ in 0..count {
            let cube = Rubik::random(&mut rng);
            let settings = Settings {
                max_length,
                probes: 0,
            };
            let (found, _) = solve_twophase(tables(), &cube, settings, &Limits::none());
            let moves = found
                .unwrap()
                .moves
                .expect("every cube has an answer of 20");
            assert!(moves.len() <= usize::from(max_length), "{}", moves.len());
            assert_eq!(replay3(&cube, &moves), Rubik::SOLVED);
        }
    }
}

/// Scrambles of the 3×3×3 of up to `most` moves.
fn short_scramble(most: usize) -> impl Strategy<Value = String> {
    let turn = (0..6usize, 0..3usize)
        .prop_map(|(face, mark)| format!("{}{}", &"URFDLB"[face..=face], ["", "2", "'"][mark]));
    prop::collection::vec(turn, 1..=most).prop_map(|turns| turns.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn run_to_the_end_the_two_phase_search_is_as_short_as_bfs(text in short_scramble(5)) {
        let cube = parse_rubik(&text).unwrap();
        let settings = Settings { max_length: MAX_LENGTH, probes: u64::MAX };
        let (found, _) = solve_twophase(tables(), &cube, settings, &Limits::none());
        let found = found.unwrap();
        let moves = found.moves.unwrap();
        prop_assert!(found.shortest);
        prop_assert_eq!(replay3(&cube, &moves), Rubik::SOLVED);
        let Outcome::Found(by_bfs) = bfs(&Rubiks, &cube, &Limits::none()).outcome else {
            panic!("bfs finds every short scramble");
        };
        prop_assert_eq!(by_bfs.actions.len(), moves.len());
    }

    #[test]
    fn a_3x3x3_scramble_and_its_facelets_are_one_cube(text in short_scramble(30)) {
        let scrambled = parse_rubik(&text).unwrap();
        prop_assert_eq!(parse_rubik(&scrambled.facelets()), Ok(scrambled));
        let (found, _) = solve_twophase(tables(), &scrambled, Settings { max_length: 21, probes: 0 }, &Limits::none());
        let moves = found.unwrap().moves.unwrap();
        prop_assert!(moves.len() <= 21);
        prop_assert_eq!(replay3(&scrambled, &moves), Rubik::SOLVED);
    }
}

#[test]
fn a_bound_too_short_has_no_answer_and_says_so() {
    let cube = parse_rubik("R U R' U'").unwrap();
    let (found, _) = solve_twophase(
        tables(),
        &cube,
        Settings {
            max_length: 3,
            probes: 0,
        },
        &Limits::none(),
    );
    assert_eq!(found.unwrap().moves, None);
}

#[test]
fn a_node_limit_stops_the_search() {
    let cube = Rubik::random(&mut ChaCha8Rng::seed_from_u64(1));
    let settings = Settings {
        max_length: 20,
        probes: 0,
    };
    let (found, _) = solve_twophase(tables(), &cube, settings, &Limits::none().max_expanded(10));
    assert_eq!(found, Err(statespace_engine::StopReason::NodeLimit));
}

#[test]
fn each_kind_of_bad_3x3x3_line_is_refused_by_name() {
    const SOLVED: &str = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let with = |swaps: &[(usize, usize)]| {
        let mut letters: Vec<char> = SOLVED.chars().collect();
        for &(a, b) in swaps {
            letters.swap(a, b);
        }
        letters.into_iter().collect::<String>()
    };
    let set = |place: usize, letter: char| {
        let mut letters: Vec<char> = SOLVED.chars().collect();
        letters[place] = letter;
        letters.into_iter().collect::<String>()
    };
    let cases = [
        (
            SOLVED[1..].to_string(),
            "53 letters: a 3x3x3 has 54 facelets",
        ),
        (
            set(53, 'X'),
            "'X' (facelet 54) is not a colour: the colours are U, R, F, D, L and B",
        ),
        (set(0, 'R'), "colour U is on 8 facelets, not 9"),
        // The U and R centres swapped.
        (
            with(&[(4, 13)]),
            "the centre of face U is R, not U: the centres are U, R, F, D, L, B in that order",
        ),
        // URF's R and F facelets swapped: its mirror image.
        (
            with(&[(9, 20)]),
            "the corner at URF has colours UFR, which no cube has",
        ),
        // UR's R facelet and DF's D facelet swapped.
        (
            with(&[(10, 28)]),
            "the edge at UR has colours UD, which no cube has",
        ),
        // URF twisted in place.
        (
            with(&[(8, 9), (8, 20)]),
            "a twisted corner: the corners' twists sum to 1 mod 3, not 0",
        ),
        (
            with(&[(5, 10)]),
            "a flipped edge: the edges' flips sum to 1 mod 2, not 0",
        ),
        // UR and UF swapped.
        (
            with(&[(10, 19)]),
            "an odd permutation: two pieces swapped (the corners' permutation is even, the edges' odd)",
        ),
    ];
    for (line, message) in cases {
        let text = format!("R U\n{line}\n");
        let mut input = Input::new(text.as_bytes());
        assert!(read_case(&mut input, 3).unwrap().is_some());
        let error = read_case(&mut input, 3).unwrap_err().to_string();
        assert_eq!(error, format!("line 2: {message}"), "{line}");
    }
}

// The 3×3×3's optimal answers by IDA* on Korf's corner table.

mod corner_table {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use statespace_engine::Limits;
    use statespace_engine::bidirectional_bfs::bidirectional_bfs;
    use statespace_puzzles::cube::{
        CornerTable, Face, MAX_LENGTH, Move, PhaseTables, Rubik, Settings, solve_twophase,
    };

    use super::Rubiks;

    /// `length` random face turns.
    fn random_scramble(rng: &mut ChaCha8Rng, length: usize) -> Vec<Move> {
        (0..length)
            .map(|_| Move {
                face: Face::ALL[rng.random_range(0..6)],
                quarters: rng.random_range(1..4),
            })
            .collect()
    }

    /// The table's answer for `cube`, checked to solve it.
    fn solved_by(table: &CornerTable, cube: &Rubik) -> Vec<Move> {
        let (moves, _) = table.solve(cube, &Limits::none());
        let moves = moves.unwrap();
        let replayed = moves.iter().fold(*cube, |cube, &turn| cube.turned(turn));
        assert_eq!(replayed, Rubik::SOLVED);
        moves
    }

    #[test]
    fn answers_are_as_short_as_bidirectional_bfs_and_solve_the_cube() {
        let (table, _) = CornerTable::build(PhaseTables::Phase1, &Limits::none()).unwrap();
        assert_eq!(table.distance(&Rubik::SOLVED.corners), 0);
        let mut rng = ChaCha8Rng::seed_from_u64(34);
        for length in [0, 1, 2, 4, 6, 7, 8] {
            let scramble = random_scramble(&mut rng, length);
            let cube = Rubik::scrambled(&scramble);
            let moves = solved_by(&table, &cube);
            let shortest = bidirectional_bfs(&Rubiks, &cube, &[Rubik::SOLVED], &Limits::none());
            let shortest = shortest.outcome.solution().unwrap().actions.len();
            assert_eq!(moves.len(), shortest, "{length}");
        }
    }

    /// Issue 48: on scrambles too long for a breadth-first check, the optimal search's answers
    /// are as short as the two-phase search's run to the end (which proves its last answer
    /// shortest), and both solve the cube.
    #[test]
    fn answers_are_as_short_as_the_two_phase_search_run_to_the_end() {
        let (table, _) = CornerTable::build(PhaseTables::Phase1, &Limits::none()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(48);
        for length in [10, 12, 14] {
            let scramble = random_scramble(&mut rng, length);
            let cube = Rubik::scrambled(&scramble);
            let moves = solved_by(&table, &cube);
            let settings = Settings {
                max_length: MAX_LENGTH,
                probes: u64::MAX,
            };
            let (found, _) = solve_twophase(super::tables(), &cube, settings, &Limits::none());
            let found = found.unwrap();
            assert!(found.shortest, "{length}");
            let two_phase = found.moves.unwrap();
            assert_eq!(super::replay3(&cube, &two_phase), Rubik::SOLVED, "{length}");
            assert_eq!(moves.len(), two_phase.len(), "{length}: {scramble:?}");
        }
    }
}
