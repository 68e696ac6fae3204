//! What a researcher reaches for besides the searches: CPU time in the statistics, a distance
//! table's summary, and move pruning built from commuting moves; on Lights Out.

use statespace_engine::bfs::bfs;
use statespace_engine::distance_table::{Goals, distance_table};
use statespace_engine::idastar::idastar;
use statespace_engine::move_pruning::MoveAutomaton;
use statespace_engine::parallel_idastar::{Parallel, parallel_idastar};
use statespace_engine::{Domain, Limits, PerfectHash, Reversible};

/// Lights Out on a grid of `rows` × `columns` lights, a bit each: pressing a button toggles its
/// light and its four neighbours'; the goal is every light off. Every two presses commute, and
/// each undoes itself.
struct LightsOut {
    rows: usize,
    columns: usize,
    /// Prunes all but one order of each set of presses, when given.
    pruning: Option<MoveAutomaton>,
}

impl LightsOut {
    fn new(rows: usize, columns: usize) -> Self {
        Self {
            rows,
            columns,
            pruning: None,
        }
    }

    fn buttons(&self) -> usize {
        self.rows * self.columns
    }

    /// The lights a press of `button` toggles.
    fn toggled(&self, button: usize) -> u32 {
        let (row, column) = (button / self.columns, button % self.columns);
        let mut lights = 1 << button;
        if row > 0 {
            lights |= 1 << (button - self.columns);
        }
        if row + 1 < self.rows {
            lights |= 1 << (button + self.columns);
        }
        if column > 0 {
            lights |= 1 << (button - 1);
        }
        if column + 1 < self.columns {
            lights |= 1 << (button + 1);
        }
        lights
    }
}

/// Pressing a button twice undoes it, and every button can always be pressed.
impl Reversible for LightsOut {}

impl Domain for LightsOut {
    type State = u32;
    type Action = usize;
    fn actions(&self, _: &u32, out: &mut Vec<usize>) {
        out.extend(0..self.buttons());
    }
    fn apply(&self, lights: &mut u32, button: usize) {
        *lights ^= self.toggled(button);
    }
    fn invert(&self, button: usize) -> Option<usize> {
        Some(button)
    }
    fn is_goal(&self, lights: &u32) -> bool {
        *lights == 0
    }
    fn duplicate_moves(&self) -> Option<&MoveAutomaton> {
        self.pruning.as_ref()
    }
    fn action_index(&self, button: usize) -> usize {
        button
    }
}

impl PerfectHash for LightsOut {
    fn size(&self) -> u64 {
        1 << self.buttons()
    }
    fn rank(&self, lights: &u32) -> u64 {
        u64::from(*lights)
    }
    fn unrank(&self, rank: u64) -> u32 {
        rank as u32
    }
}

/// A press toggles five lights at most: an admissible estimate.
fn lit_over_five(lights: &u32) -> u32 {
    lights.count_ones().div_ceil(5)
}

#[test]
fn a_distance_table_tells_how_many_states_it_reached_and_its_greatest_distance() {
    // 4 × 4: 4,096 of the 65,536 boards can be switched off, in 7 presses at most.
    let four = LightsOut::new(4, 4);
    let table = distance_table(&four, Goals::Test, &Limits::none())
        .table
        .unwrap();
    assert_eq!(table.reached(), 4_096);
    assert_eq!(table.unreached(), 65_536 - 4_096);
    assert_eq!(table.max_distance(), Some(7));
    assert_eq!(table.histogram().len(), 8);
    // 3 × 3: every board, the set of presses unique, so 9 for the board all nine make.
    let three = LightsOut::new(3, 3);
    let table = distance_table(&three, Goals::Test, &Limits::none())
        .table
        .unwrap();
    assert_eq!((table.reached(), table.unreached()), (512, 0));
    assert_eq!(table.max_distance(), Some(9));
    assert_eq!(table.histogram(), [1, 9, 36, 84, 126, 126, 84, 36, 9, 1]);
}

#[test]
fn commuting_presses_pruned_keep_ida_star_optimal_with_fewer_expansions() {
    let plain = LightsOut::new(3, 3);
    let buttons = plain.buttons();
    let pruned = LightsOut {
        pruning: MoveAutomaton::from_commuting(buttons, |_, _| true),
        ..LightsOut::new(3, 3)
    };
    let both = LightsOut {
        pruning: MoveAutomaton::from_commuting_and_inverses(buttons, |_, _| true, Some),
        ..LightsOut::new(3, 3)
    };
    // One order of each set of presses: the automaton only remembers the last press.
    assert_eq!(pruned.pruning.as_ref().unwrap().states(), buttons);
    let limits = Limits::none();
    let (mut plain_expanded, mut pruned_expanded) = (0, 0);
    // Every board that five presses or fewer switch off (plain IDA* grows as 8^depth).
    for board in 0..1u32 << buttons {
        let expected = bfs(&plain, &board, &limits)
            .outcome
            .solution()
            .unwrap()
            .clone();
        if expected.cost > 5 {
            continue;
        }
        let without = idastar(&plain, &board, &lit_over_five, &limits);
        let with = idastar(&pruned, &board, &lit_over_five, &limits);
        let with_inverses = idastar(&both, &board, &lit_over_five, &limits);
        for result in [&without, &with, &with_inverses] {
            assert_eq!(result.outcome.solution().unwrap().cost, expected.cost);
        }
        // The first of the cheapest in press order, which the pruning keeps.
        assert_eq!(with.outcome.solution(), without.outcome.solution());
        assert_eq!(with.stats.expanded, with_inverses.stats.expanded);
        assert!(with.stats.expanded <= without.stats.expanded);
        plain_expanded += without.stats.expanded;
        pruned_expanded += with.stats.expanded;
    }
    // Over the 382 boards (of 512) five presses or fewer switch off: 3.6 times fewer.
    assert_eq!((pruned_expanded, plain_expanded), (40_028, 145_609));
}

#[test]
fn cpu_time_is_measured_beside_wall_time_when_asked() {
    let four = LightsOut::new(4, 4);
    // A board no press sequence switches off: the whole component of 4,096 is searched.
    let unsolvable = 1;
    let timed = bfs(&four, &unsolvable, &Limits::none().measure_cpu());
    assert_eq!(timed.stats.expanded, 4_096);
    let cpu = timed.stats.cpu_time.expect("measured");
    assert!(cpu > std::time::Duration::ZERO);
    assert_eq!(
        bfs(&four, &unsolvable, &Limits::none()).stats.cpu_time,
        None
    );
    let three = LightsOut::new(3, 3);
    let limits = Limits::none().measure_cpu();
    let threads = parallel_idastar(
        &three,
        &0b111,
        &lit_over_five,
        &limits,
        &Parallel::threads(2),
    );
    assert!(threads.stats.cpu_time.is_some());
    let table = distance_table(&three, Goals::Test, &limits);
    assert!(table.stats.cpu_time.is_some());
}
