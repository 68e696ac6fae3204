//! Kociemba's two-phase algorithm (Herbert Kociemba, 1992; see kociemba.org/cube.htm): short
//! solutions of the 3×3×3 in milliseconds.
//!
//! Phase 1 searches, by IDA* on the coordinates twist, flip and slice ([`coords`](super::coords)),
//! the move sequences that bring the cube into G1 = ⟨U, D, R2, L2, F2, B2⟩; each one it finds
//! (of every length in turn, ending with a move outside G1, else a shorter one is tried first) is
//! continued by phase 2, an IDA* within G1 on the corners', edges' and slice edges'
//! permutations, bounded by the moves left under the longest answer accepted. The first answer
//! within that length is returned, or, with probes to spend, the search goes on for shorter
//! ones, each answer lowering the bound; once phase 1 has tried every length below the best
//! answer, that answer is the shortest there is.
//!
//! Both phases apply and undo moves on small integers through move tables and prune with
//! exact distance tables of coordinate pairs, so each is its own loop rather than the engine's
//! IDA* over whole cubes: the second search starts from the leaves of the first. Moves that
//! repeat the last move's face, or turn its opposite face after it in the wrong order, are
//! never tried (their twins in the other order are).
//!
//! Phase 1 is pruned by the largest of three pair distances (slice × twist, slice × flip,
//! twist × flip). The search runs on six [views](super::views) of the cube at once (turned to
//! each axis, and inverted), one phase-1 length after another across all six, and stops at the
//! first answer any of them gives.

use statespace_engine::{LayerStats, Limits, Meter, Stats, StopReason};

use super::coords::{
    MOVES, PHASE2_MOVES, Tables, corner_permutation, edge_permutation, flip, move_of, slice,
    slice_permutation, twist,
};
use super::cubie::Move;
use super::rubik::Rubik;
use super::views::View;

/// The most moves an answer may be asked to fit in.
pub const MAX_LENGTH: u8 = 30;

/// What the search is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The longest answer accepted, at most [`MAX_LENGTH`].
    pub max_length: u8,
    /// Phase-2 searches to try before stopping at an answer: 0 stops at the first within
    /// `max_length`; more look for shorter ones; `u64::MAX` finds the shortest.
    pub probes: u64,
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The moves; `None` when no answer within the length exists.
    pub moves: Option<Vec<Move>>,
    /// Whether no shorter answer exists (every shorter one was ruled out).
    pub shortest: bool,
}

/// "No face twice in a row" and "opposite faces in one order": whether a move of `face` may
/// follow one of `last` (`NO_FACE` at the start). U before D, R before L, F before B.
#[inline]
fn may_follow(face: u8, last: u8) -> bool {
    face != last && face + 3 != last
}

/// The face of no move, before the first.
const NO_FACE: u8 = u8::MAX;

/// Whether move number `turn` is one of G1's.
#[inline]
fn in_g1(turn: u8) -> bool {
    let quarters = turn % 3 + 1;
    matches!(turn / 3, 0 | 3) || quarters == 2
}

/// The fewest phase-1 moves (twist, flip, slice) needs, as phase 1's pruning bounds them.
pub(super) fn phase1_estimate(tables: &Tables, coordinates: (u16, u16, u16)) -> u8 {
    tables.phase1.estimate(coordinates)
}

/// A view's search start: the view, its cube, its phase-1 coordinates and their estimate.
type ViewStart = (View, Rubik, (u16, u16, u16), u8);

/// One cube's search.
struct Search<'a> {
    tables: &'a Tables,
    /// The view being searched, and the cube as it shows it.
    view: View,
    cube: Rubik,
    /// The moves of the path being searched, phase 1's then phase 2's.
    path: [u8; MAX_LENGTH as usize + 1],
    /// The longest answer still wanted: `max_length`, then one less than the best so far.
    limit: u8,
    best: Option<Vec<u8>>,
    /// Phase-2 searches left to try before stopping at an answer.
    probes: u64,
    /// The moves of phase 1 now being continued.
    phase1_length: u8,
    meter: Meter<'a>,
    expanded: u64,
    layer: LayerStats,
}

/// A shorter answer found, or the search to stop.
enum Next {
    Go,
    Stop,
}

impl Search<'_> {
    fn expand(&mut self) -> Result<(), StopReason> {
        self.meter.before_expansion(self.expanded)?;
        self.expanded += 1;
        self.layer.expanded += 1;
        Ok(())
    }

    /// The face of the move before move number `depth` of the path (`NO_FACE` before the
    /// first).
    fn face_before(&self, depth: u8) -> u8 {
        match depth {
            0 => NO_FACE,
            _ => self.path[usize::from(depth) - 1] / 3,
        }
    }

    /// Phase 1 from the coordinates after `depth` moves, `remaining` moves to G1.
    fn phase1(
        &mut self,
        (twist, flip, slice): (u16, u16, u16),
        depth: u8,
        remaining: u8,
    ) -> Result<Next, StopReason> {
        if remaining == 0 {
            return self.phase2(depth);
        }
        self.expand()?;
        let tables = self.tables;
        let last = self.face_before(depth);
        for turn in 0..MOVES as u8 {
            if !may_follow(turn / 3, last) || (remaining == 1 && in_g1(turn)) {
                continue;
            }
            let next = (
                tables.twist.get(twist, turn),
                tables.flip.get(flip, turn),
                tables.slice.get(slice, turn),
            );
            self.layer.generated += 1;
            if !tables.phase1.within(next, remaining) {
                continue;
            }
            self.path[usize::from(depth)] = turn;
            if let Next::Stop = self.phase1(next, depth + 1, remaining - 1)? {
                return Ok(Next::Stop);
            }
            if depth + remaining > self.limit {
                // A shorter answer was found meanwhile: this length is no longer wanted.
                break;
            }
        }
        Ok(Next::Go)
    }

    /// Phase 2 after the `depth` moves of phase 1, which brought the cube into G1.
    fn phase2(&mut self, depth: u8) -> Result<Next, StopReason> {
        if depth > self.limit {
            return Ok(Next::Go);
        }
        let cube = self.path[..usize::from(depth)]
            .iter()
            .fold(self.cube, |cube, &turn| cube.turned(move_of(turn)));
        let coordinates = (
            corner_permutation(&cube.corners),
            edge_permutation(&cube.edges),
            slice_permutation(&cube.edges),
        );
        let estimate = self.phase2_estimate(coordinates);
        let room = self.limit - depth;
        if estimate > room {
            return Ok(Next::Go);
        }
        self.probes = self.probes.saturating_sub(1);
        self.phase1_length = depth;
        for bound in estimate..=room {
            if self.phase2_search(coordinates, depth, bound)? {
                let best = self
                    .view
                    .to_original(&merged(&self.path[..usize::from(depth + bound)]));
                let length = best.len() as u8;
                self.best = Some(best);
                if self.probes == 0 || length == 0 {
                    return Ok(Next::Stop);
                }
                self.limit = length - 1;
                break;
            }
        }
        Ok(Next::Go)
    }

    fn phase2_estimate(&self, (corners, edges, order): (u16, u16, u16)) -> u8 {
        let tables = self.tables;
        tables
            .corners_slice
            .get(corners, order)
            .max(tables.edges_slice.get(edges, order))
    }

    /// Whether phase 2 solves the cube from `coordinates` in exactly `remaining` more moves
    /// after `depth` (the path then holds them).
    fn phase2_search(
        &mut self,
        (corners, edges, order): (u16, u16, u16),
        depth: u8,
        remaining: u8,
    ) -> Result<bool, StopReason> {
        if remaining == 0 {
            return Ok((corners, edges, order) == (0, 0, 0));
        }
        self.expand()?;
        let tables = self.tables;
        let last = self.face_before(depth);
        for (column, &turn) in PHASE2_MOVES.iter().enumerate() {
            // Phase 1's last turn (R, say) may be followed by its face's half turn: R R2 is
            // the answer's R'. Found this way, answers of short scrambles stay short.
            let merges = depth == self.phase1_length && turn / 3 == last;
            if !may_follow(turn / 3, last) && !merges {
                continue;
            }
            let column = column as u8;
            let next = (
                tables.corners.get(corners, column),
                tables.slice_order.get(order, column),
            );
            self.layer.generated += 1;
            if tables.corners_slice.get(next.0, next.1) >= remaining {
                continue;
            }
            let next = (next.0, tables.edges.get(edges, column), next.1);
            if tables.edges_slice.get(next.1, next.2) >= remaining {
                continue;
            }
            self.path[usize::from(depth)] = turn;
            if self.phase2_search(next, depth + 1, remaining - 1)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The moves of `path` with each turn followed by its own face's merged into one (R R2 is R').
fn merged(path: &[u8]) -> Vec<u8> {
    let mut moves: Vec<u8> = Vec::with_capacity(path.len());
    for &turn in path {
        match moves.last() {
            Some(&last) if last / 3 == turn / 3 => {
                let quarters = (last % 3 + 1 + turn % 3 + 1) % 4;
                moves.pop();
                if quarters > 0 {
                    moves.push(turn / 3 * 3 + quarters - 1);
                }
            }
            _ => moves.push(turn),
        }
    }
    moves
}

/// Solves `cube` by the two-phase algorithm with `tables`, as `settings` ask, its search
/// stopped by `limits`. A limit that stops the search once it has an answer stops it with that
/// answer (a time budget for shorter answers); before, with the reason.
pub fn solve(
    tables: &Tables,
    cube: &Rubik,
    settings: Settings,
    limits: &Limits,
) -> (Result<Found, StopReason>, Stats) {
    let started = std::time::Instant::now();
    let mut search = Search {
        tables,
        view: View::ALL[0],
        cube: *cube,
        path: [0; MAX_LENGTH as usize + 1],
        limit: settings.max_length.min(MAX_LENGTH),
        best: None,
        probes: settings.probes,
        phase1_length: 0,
        meter: Meter::new(limits),
        expanded: 0,
        layer: LayerStats::default(),
    };
    // Each view's cube, its phase-1 coordinates and their estimate; a view showing the same
    // cube as one before it (a symmetric cube) would find the same answers.
    let mut views: Vec<ViewStart> = Vec::with_capacity(View::ALL.len());
    for view in View::ALL {
        let seen = view.cube(cube);
        if views.iter().any(|&(_, other, _, _)| other == seen) {
            continue;
        }
        let start = (twist(&seen.corners), flip(&seen.edges), slice(&seen.edges));
        views.push((view, seen, start, phase1_estimate(tables, start)));
    }
    let first = views.iter().map(|view| view.3).min().unwrap_or(0);
    let mut stats = Stats::default();
    let mut outcome = Ok(Next::Go);
    let mut length = first;
    'lengths: while length <= search.limit {
        search.layer = LayerStats {
            depth: u32::from(length),
            ..LayerStats::default()
        };
        for &(view, seen, start, estimate) in &views {
            if estimate > length || length > search.limit {
                continue;
            }
            (search.view, search.cube) = (view, seen);
            outcome = search.phase1(start, 0, length);
            if !matches!(outcome, Ok(Next::Go)) {
                stats.push_layer(std::mem::take(&mut search.layer));
                break 'lengths;
            }
        }
        stats.push_layer(std::mem::take(&mut search.layer));
        length += 1;
    }
    stats.expanded = search.expanded;
    stats.generated = stats.layers.iter().map(|layer| layer.generated).sum();
    stats.stored = u64::from(MAX_LENGTH) + 1;
    stats.elapsed = started.elapsed();
    let moves = search
        .best
        .map(|best| best.into_iter().map(move_of).collect());
    let found = match outcome {
        Ok(next) => Ok(Found {
            // Phase 1 ran out of lengths below the best answer, or the cube was solved.
            shortest: (matches!(next, Next::Go) && moves.is_some())
                || moves.as_ref().is_some_and(Vec::is_empty),
            moves,
        }),
        Err(reason) => match moves {
            Some(moves) => Ok(Found {
                moves: Some(moves),
                shortest: false,
            }),
            None => Err(reason),
        },
    };
    (found, stats)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::cube::coords::{FULL_TABLE_BYTES, Phase1Pruning};
    use crate::cube::phase1_table::test_cache;

    /// Random cubes answered within 21 and 20 moves, each answer replayed.
    fn assert_random_cubes_answered(tables: &Tables) {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        for _ in 0..20 {
            let cube = Rubik::random(&mut rng);
            for max_length in [21, 20] {
                let settings = Settings {
                    max_length,
                    probes: 0,
                };
                let (found, _) = solve(tables, &cube, settings, &Limits::none());
                let moves = found.unwrap().moves.expect("every cube within 20 moves");
                assert!(moves.len() <= usize::from(max_length));
                let end = moves.iter().fold(cube, |cube, &turn| cube.turned(turn));
                assert_eq!(end, Rubik::SOLVED);
            }
        }
    }

    #[test]
    fn the_full_phase1_table_is_used_when_the_budget_holds_it() {
        let cache = test_cache();
        let budget = Limits::none().max_memory(FULL_TABLE_BYTES);
        let (tables, note) = Tables::load_or_build(Some(&cache), &budget).unwrap();
        assert!(matches!(tables.phase1, Phase1Pruning::Full(_)), "{note}");
        assert!(note.contains("phase 1 loaded from"), "{note}");
        assert_random_cubes_answered(&tables);
    }

    #[test]
    fn a_smaller_budget_prunes_phase1_by_the_pair_tables() {
        let budget = Limits::none().max_memory(FULL_TABLE_BYTES - 1);
        let (tables, note) = Tables::load_or_build(None, &budget).unwrap();
        assert!(
            matches!(tables.phase1, Phase1Pruning::Pairs { .. }),
            "{note}"
        );
        assert!(note.contains("pair tables"), "{note}");
        assert_random_cubes_answered(&tables);
    }
}
