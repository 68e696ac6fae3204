//! The six views the two-phase search takes of one cube: as it is, turned whole so that its R or
//! F face is on top (the third-turn symmetry about the URF–DBL diagonal, Kociemba's S_URF3,
//! once or twice), and each of those three inverted. An answer of any view is an answer of the
//! cube once its moves are turned back (and, for an inverse, reversed and each undone); the
//! search takes the first within the bound, which comes sooner than one view's (Chen Shuang's
//! min2phase searches the same six).

use std::sync::OnceLock;

use super::coords::{MOVES, move_of};
use super::cubie::Corners;
use super::edges::Edges;
use super::rubik::Rubik;

/// The whole cube turned by a third about the URF–DBL diagonal (Kociemba's S_URF3); a view
/// turned by it once has the cube's F face on top, twice its R face.
pub(super) const URF3: Rubik = Rubik {
    corners: Corners {
        cubie: [0, 4, 5, 1, 3, 7, 6, 2],
        twist: [1, 2, 1, 2, 2, 1, 2, 1],
    },
    edges: Edges {
        cubie: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
        flip: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
    },
};

/// `first`, then `next` applied to it (Kociemba's multiplication).
pub fn product(first: &Rubik, next: &Rubik) -> Rubik {
    Rubik {
        corners: first.corners.then(&next.corners),
        edges: first.edges.then(&next.edges),
    }
}

/// The cube that `cube` undoes: `product(cube, inverse(cube))` is solved.
pub fn inverse(cube: &Rubik) -> Rubik {
    let mut inverted = Rubik::SOLVED;
    for (position, &cubie) in cube.corners.cubie.iter().enumerate() {
        inverted.corners.cubie[usize::from(cubie)] = position as u8;
        inverted.corners.twist[usize::from(cubie)] = (3 - cube.corners.twist[position]) % 3;
    }
    for (position, &cubie) in cube.edges.cubie.iter().enumerate() {
        inverted.edges.cubie[usize::from(cubie)] = position as u8;
        inverted.edges.flip[usize::from(cubie)] = cube.edges.flip[position];
    }
    inverted
}

/// One of the six views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Third turns about the diagonal: 0, 1 or 2.
    turns: u8,
    /// Whether the cube is inverted.
    inverted: bool,
}

impl View {
    /// The six, the cube as it is first.
    pub const ALL: [View; 6] = {
        let mut views = [View {
            turns: 0,
            inverted: false,
        }; 6];
        let mut n = 0;
        while n < 6 {
            views[n] = View {
                turns: (n % 3) as u8,
                inverted: n >= 3,
            };
            n += 1;
        }
        views
    };

    /// `cube` in this view: turned (S⁻¹ · cube · S, `turns` times), then inverted.
    pub fn cube(self, cube: &Rubik) -> Rubik {
        let undo = inverse(&URF3);
        let turned = (0..self.turns).fold(*cube, |cube, _| product(&product(&undo, &cube), &URF3));
        if self.inverted {
            inverse(&turned)
        } else {
            turned
        }
    }

    /// The moves (numbers below [`MOVES`]) that solve the cube, from `moves` that solve its
    /// view.
    pub fn to_original(self, moves: &[u8]) -> Vec<u8> {
        let turned = &axis_moves()[usize::from(self.turns)];
        let mut original: Vec<u8> = moves
            .iter()
            .map(|&turn| turned[usize::from(turn)])
            .collect();
        if self.inverted {
            original.reverse();
            for turn in &mut original {
                // R becomes R', R' becomes R, R2 stays.
                *turn = *turn / 3 * 3 + 2 - *turn % 3;
            }
        }
        original
    }
}

/// For each number of third turns, each move of the cube as the view's move: the inverse of
/// [`axis_moves`], so that a view's coordinates follow the cube move by move.
pub fn view_moves() -> [[u8; MOVES]; 3] {
    std::array::from_fn(|turns| {
        let mut view = [0; MOVES];
        for (view_turn, &original) in axis_moves()[turns].iter().enumerate() {
            view[usize::from(original)] = view_turn as u8;
        }
        view
    })
}

/// For each number of third turns, each move of the view as the cube's move: S · M · S⁻¹,
/// which is again a face turn since S only relabels the faces.
fn axis_moves() -> &'static [[u8; MOVES]; 3] {
    static TABLE: OnceLock<[[u8; MOVES]; 3]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let undo = inverse(&URF3);
        let cube_of = |turn: u8| Rubik::SOLVED.turned(move_of(turn));
        let once: [u8; MOVES] = std::array::from_fn(|turn| {
            let conjugated = product(&product(&URF3, &cube_of(turn as u8)), &undo);
            (0..MOVES as u8)
                .find(|&original| cube_of(original) == conjugated)
                .expect("a symmetry of the cube turns a face turn into a face turn")
        });
        let identity = std::array::from_fn(|turn| turn as u8);
        let twice = once.map(|turn| once[usize::from(turn)]);
        [identity, once, twice]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scrambled(moves: &[u8]) -> Rubik {
        moves
            .iter()
            .fold(Rubik::SOLVED, |cube, &turn| cube.turned(move_of(turn)))
    }

    /// A shortest solution of `cube` by trying every sequence of at most three moves.
    fn brute_force(cube: &Rubik) -> Vec<u8> {
        (0..=3u32)
            .flat_map(|length| {
                (0..(MOVES as u32).pow(length)).map(move |code| {
                    (0..length)
                        .map(|place| (code / (MOVES as u32).pow(place) % MOVES as u32) as u8)
                        .collect::<Vec<u8>>()
                })
            })
            .find(|moves| moves.iter().fold(*cube, |c, &t| c.turned(move_of(t))) == Rubik::SOLVED)
            .expect("three moves scramble it")
    }

    #[test]
    fn three_third_turns_and_an_inverse_twice_are_nothing() {
        let cube = scrambled(&[0, 4, 8, 9, 14, 16, 2]);
        let thrice = (0..3).fold(cube, |cube, _| View::ALL[1].cube(&cube));
        assert_eq!(thrice, cube);
        assert_eq!(View::ALL[3].cube(&View::ALL[3].cube(&cube)), cube);
        assert_eq!(product(&cube, &inverse(&cube)), Rubik::SOLVED);
        assert_ne!(View::ALL[1].cube(&cube), cube);
    }

    #[test]
    fn every_move_is_a_face_turn_in_each_view_and_back() {
        for turns in &axis_moves()[1..] {
            let mut sorted = *turns;
            sorted.sort_unstable();
            assert_eq!(sorted, std::array::from_fn(|turn| turn as u8));
            // Quarter turns stay quarter turns of the same sense: a rotation, not a mirror.
            assert!(
                turns
                    .iter()
                    .enumerate()
                    .all(|(m, &t)| m % 3 == usize::from(t % 3))
            );
        }
        // Turned once, the view's U is the cube's F; twice, its R.
        assert_eq!(axis_moves()[1][0] / 3, 2);
        assert_eq!(axis_moves()[2][0] / 3, 1);
    }

    #[test]
    fn an_answer_of_each_view_solves_the_cube() {
        for scramble in [[0u8, 4, 8], [9, 13, 17], [2, 16, 5], [15, 1, 12]] {
            let cube = scrambled(&scramble);
            for view in View::ALL {
                let answer = view.to_original(&brute_force(&view.cube(&cube)));
                assert_eq!(scrambled(&answer), inverse(&cube), "{view:?}");
                assert!(answer.len() <= 3);
            }
        }
    }
}
