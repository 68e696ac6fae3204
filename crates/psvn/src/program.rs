//! Rewrites compiled to straight-line programs: a rule writes all its positions at once (a swap
//! `X Y => Y X` reads both before writing either). A [`Program`] is one list of writes, each
//! from a position or of a value: in an order where no value is overwritten before it is read
//! when there is one, else (copies forming cycles: a swap, a flip, a turn) all read into a small
//! buffer first. A rule with more writes than the buffer holds runs a sequence of single writes
//! instead, one value saved to break each cycle.
//!
//! The commonest rewrites also get a [`Shape`] that runs with no loop: a swap of two positions
//! (a tile and the blank) or a reversal of a range (a flip of pancakes, a turn of TopSpin).
//! A value the rule writes that its tests demand of another position it overwrites is that
//! position's old value (`B X => X B` swaps): a program only runs on states passing its tests.

/// The most writes a program gathers in its buffer.
const GATHER: usize = 64;

/// A source of [`Program::writes`] with this bit is a value (the low byte), else a position.
const VALUE: u16 = 0x8000;

/// Where a written value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// A value of the domain.
    Value(u8),
    /// The value a position held before the rewrite.
    At(u16),
    /// A value the rewrite cannot recompute, carried by the move ([`Move`](crate::Move)).
    Lost(u8),
    /// The value saved to break a cycle.
    Saved,
}

/// One step of a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// `state[at] = value`.
    Set { at: u16, value: u8 },
    /// `state[at] = state[from]`.
    Copy { at: u16, from: u16 },
    /// Remembers `state[from]` for a later [`Op::Restore`].
    Save { from: u16 },
    /// `state[at] =` the value saved.
    Restore { at: u16 },
    /// `state[at] =` the move's lost value `index`.
    Lost { at: u16, index: u8 },
}

/// A rewrite of a common form, run with no loop over its writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Exchanges the values of two positions.
    Swap(u16, u16),
    /// Reverses the positions `start..end`.
    Reverse(u16, u16),
    /// Any other rewrite: the program's writes.
    Writes,
}

impl Shape {
    /// The shape of the rewrite writing every `(at, source)` of `writes` at once, on states
    /// where position `p` holds `known(p)` when that is `Some`.
    fn of(writes: &[(u16, Source)], known: impl Fn(u16) -> Option<u8>) -> Self {
        if writes.len() < 2 || writes.len() > GATHER {
            return Shape::Writes;
        }
        // Each value written as the old value of a position written too, where one holds it.
        let mut taken: Vec<u16> = Vec::with_capacity(writes.len());
        let mut copies: Vec<(u16, u16)> = Vec::with_capacity(writes.len());
        for &(at, from) in writes {
            let from = match from {
                Source::At(from) => from,
                Source::Value(value) => {
                    let holder = writes
                        .iter()
                        .map(|&(q, _)| q)
                        .find(|&q| q != at && known(q) == Some(value) && !taken.contains(&q));
                    match holder {
                        Some(q) => q,
                        None => return Shape::Writes,
                    }
                }
                _ => return Shape::Writes,
            };
            if taken.contains(&from) {
                return Shape::Writes;
            }
            taken.push(from);
            copies.push((at, from));
        }
        if let [(a, b), (c, d)] = copies[..] {
            return if (a, b) == (d, c) {
                Shape::Swap(a, b)
            } else {
                Shape::Writes
            };
        }
        let first = copies.iter().map(|&(at, _)| at).min().unwrap_or(0);
        let last = copies.iter().map(|&(at, _)| at).max().unwrap_or(0);
        let length = usize::from(last - first) + 1;
        let mirrored = copies.iter().all(|&(at, from)| {
            u32::from(at) + u32::from(from) == u32::from(first) + u32::from(last)
        });
        if mirrored && copies.len() == length / 2 * 2 {
            Shape::Reverse(first, last + 1)
        } else {
            Shape::Writes
        }
    }
}

/// A rule's rewrite (or its backward rewrite).
#[derive(Clone, Debug)]
pub(crate) struct Program {
    shape: Shape,
    /// `(at, from)`: `state[at]` takes what `state[from]` held before the rewrite, or the value
    /// `from & 0xFF` where `from` has the bit [`VALUE`].
    writes: Box<[(u16, u16)]>,
    mode: Mode,
    /// `(at, index)`: `state[at]` takes the move's lost value `index`.
    lost: Box<[(u16, u8)]>,
}

/// How a program's writes run.
#[derive(Clone, Debug)]
enum Mode {
    /// In order: no write overwrites what a later one reads (and no lost value to write).
    InOrder,
    /// Two writes in order, held here (a tile's move: the tile, then the blank): no loop and
    /// no pointer to follow.
    Pair([(u16, u16); 2]),
    /// Every source read before any write, then the lost values written.
    Gather,
    /// Too many writes to gather: these single writes, with values saved to break cycles.
    Sequence(Box<[Op]>),
}

impl Program {
    /// The program writing every `(at, source)` of `writes` at once (each `at` once, no position
    /// copied onto itself), over `positions` positions, for states where position `p` holds
    /// `known(p)` when that is `Some` (the values its tests demand).
    pub(crate) fn new(
        positions: usize,
        writes: &[(u16, Source)],
        known: impl Fn(u16) -> Option<u8>,
    ) -> Self {
        let shape = Shape::of(writes, known);
        let single = sequence(positions, writes);
        let lost: Box<[(u16, u8)]> = writes
            .iter()
            .filter_map(|&(at, from)| match from {
                Source::Lost(index) => Some((at, index)),
                _ => None,
            })
            .collect();
        let encode = |from: Source| match from {
            Source::At(from) => Some(from),
            Source::Value(value) => Some(VALUE | u16::from(value)),
            _ => None,
        };
        if lost.is_empty() && !single.iter().any(|op| matches!(op, Op::Save { .. })) {
            // The single writes' order, saving nothing, is an order that works.
            let ordered: Vec<(u16, u16)> = single
                .iter()
                .filter_map(|&op| match op {
                    Op::Copy { at, from } => Some((at, from)),
                    Op::Set { at, value } => Some((at, VALUE | u16::from(value))),
                    _ => None,
                })
                .collect();
            let mode = match ordered[..] {
                [first, second] => Mode::Pair([first, second]),
                _ => Mode::InOrder,
            };
            return Program {
                shape,
                writes: ordered.into_boxed_slice(),
                mode,
                lost,
            };
        }
        let gathered: Box<[(u16, u16)]> = writes
            .iter()
            .filter_map(|&(at, from)| Some((at, encode(from)?)))
            .collect();
        if gathered.len() > GATHER {
            return Program {
                shape,
                writes: Box::new([]),
                mode: Mode::Sequence(single.into_boxed_slice()),
                lost: Box::new([]),
            };
        }
        Program {
            shape,
            writes: gathered,
            mode: Mode::Gather,
            lost,
        }
    }

    /// Its shape.
    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    /// Runs the program on `state`, which passes the tests it was made for, with the lost
    /// values of the move, which `lost` unpacks (only for the programs that write some: most
    /// never look).
    #[inline(always)]
    pub(crate) fn run<const N: usize>(&self, state: &mut [u8], lost: impl FnOnce() -> [u8; N]) {
        match self.shape {
            Shape::Swap(a, b) => state.swap(usize::from(a), usize::from(b)),
            Shape::Reverse(start, end) => state[usize::from(start)..usize::from(end)].reverse(),
            Shape::Writes => self.run_writes(state, lost),
        }
    }

    /// Runs the program's writes on `state`, as [`Program::run`] does.
    #[inline(always)]
    fn run_writes<const N: usize>(&self, state: &mut [u8], lost: impl FnOnce() -> [u8; N]) {
        let source = |state: &[u8], from: u16| {
            if from & VALUE == 0 {
                state[usize::from(from)]
            } else {
                from as u8
            }
        };
        match &self.mode {
            Mode::InOrder => {
                for &(at, from) in self.writes.iter() {
                    state[usize::from(at)] = source(state, from);
                }
            }
            Mode::Pair([(at, from), (then_at, then_from)]) => {
                state[usize::from(*at)] = source(state, *from);
                state[usize::from(*then_at)] = source(state, *then_from);
            }
            Mode::Sequence(sequence) => run(sequence, state, &lost()),
            Mode::Gather => {
                let mut gathered = [0u8; GATHER];
                for (slot, &(_, from)) in gathered.iter_mut().zip(self.writes.iter()) {
                    *slot = source(state, from);
                }
                for (&value, &(at, _)) in gathered.iter().zip(self.writes.iter()) {
                    state[usize::from(at)] = value;
                }
                if !self.lost.is_empty() {
                    let lost = lost();
                    for &(at, index) in self.lost.iter() {
                        state[usize::from(at)] = lost[usize::from(index)];
                    }
                }
            }
        }
    }
}

/// Runs the single writes `program` on `state`, with the lost values `lost` of the move.
fn run(program: &[Op], state: &mut [u8], lost: &[u8]) {
    let mut saved = 0;
    for &op in program {
        match op {
            Op::Set { at, value } => state[usize::from(at)] = value,
            Op::Copy { at, from } => state[usize::from(at)] = state[usize::from(from)],
            Op::Save { from } => saved = state[usize::from(from)],
            Op::Restore { at } => state[usize::from(at)] = saved,
            Op::Lost { at, index } => state[usize::from(at)] = lost[usize::from(index)],
        }
    }
}

/// The program that writes every `(at, source)` of `writes` at once (each `at` once, no
/// position copied onto itself) over `positions` positions: a copy waits until nothing still
/// needs the value it overwrites; when only cycles remain, one value of a cycle is saved and the
/// cycle unwinds. Linear in the writes.
fn sequence(positions: usize, writes: &[(u16, Source)]) -> Vec<Op> {
    let mut readers = vec![0u32; positions];
    let mut source: Vec<Option<Source>> = vec![None; positions];
    for &(at, from) in writes {
        if let Source::At(p) = from {
            readers[usize::from(p)] += 1;
        }
        source[usize::from(at)] = Some(from);
    }
    let mut ready: Vec<u16> = writes
        .iter()
        .map(|&(at, _)| at)
        .filter(|&at| readers[usize::from(at)] == 0)
        .collect();
    let mut pending = writes.len();
    let mut cursor = 0;
    let mut program = Vec::with_capacity(writes.len() + 1);
    loop {
        while let Some(at) = ready.pop() {
            let from = source[usize::from(at)]
                .take()
                .expect("each position is written once");
            pending -= 1;
            program.push(match from {
                Source::Value(value) => Op::Set { at, value },
                Source::At(from) => {
                    let left = &mut readers[usize::from(from)];
                    *left -= 1;
                    if *left == 0 && source[usize::from(from)].is_some() {
                        ready.push(from);
                    }
                    Op::Copy { at, from }
                }
                Source::Lost(index) => Op::Lost { at, index },
                Source::Saved => Op::Restore { at },
            });
        }
        if pending == 0 {
            return program;
        }
        // Every write left overwrites a value another still needs: they are cycles. Save the
        // value of one position, and let its reader (the cycle's last) take the saved value.
        while source[usize::from(writes[cursor].0)].is_none() {
            cursor += 1;
        }
        let start = writes[cursor].0;
        let mut reader = start;
        loop {
            let Some(Source::At(from)) = source[usize::from(reader)] else {
                unreachable!("a cycle copies positions");
            };
            if from == start {
                break;
            }
            reader = from;
        }
        program.push(Op::Save { from: start });
        source[usize::from(reader)] = Some(Source::Saved);
        readers[usize::from(start)] -= 1;
        ready.push(start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every write done at once, the plain way.
    fn at_once(state: &[u8], writes: &[(u16, Source)], lost: &[u8]) -> Vec<u8> {
        let mut after = state.to_vec();
        for &(at, from) in writes {
            after[usize::from(at)] = match from {
                Source::Value(v) => v,
                Source::At(p) => state[usize::from(p)],
                Source::Lost(i) => lost[usize::from(i)],
                Source::Saved => unreachable!(),
            };
        }
        after
    }

    #[test]
    fn cycles_chains_and_fan_out_are_written_at_once() {
        use Source::*;
        let cases: Vec<Vec<(u16, Source)>> = vec![
            vec![(0, At(1)), (1, At(0))],
            vec![
                (0, At(1)),
                (1, At(2)),
                (2, At(0)),
                (3, At(0)),
                (4, Value(9)),
            ],
            vec![
                (0, At(5)),
                (5, At(6)),
                (6, At(0)),
                (1, At(2)),
                (2, At(1)),
                (3, Lost(1)),
            ],
            vec![
                (7, At(0)),
                (0, Value(4)),
                (1, At(7)),
                (2, At(3)),
                (3, At(2)),
            ],
            (0..8).map(|i| (i, At(7 - i))).collect(),
            vec![(1, Value(3)), (0, At(1))],
        ];
        assert!(matches!(
            Program::new(8, &cases[5], |_| None).mode,
            Mode::Pair(_)
        ));
        // More copies than the buffer: the sequence of single writes.
        let reversal: Vec<(u16, Source)> = (0..100).map(|i| (i, At(99 - i))).collect();
        let mut state_run: Vec<u8> = (0..100).collect();
        let program = Program::new(100, &reversal, |_| None);
        assert!(matches!(program.mode, Mode::Sequence(_)));
        program.run(&mut state_run, || []);
        assert_eq!(state_run, (0..100).rev().collect::<Vec<u8>>());
        let state: Vec<u8> = (10..18).collect();
        for writes in cases {
            let mut state_run = state.clone();
            let program = sequence(8, &writes);
            run(&program, &mut state_run, &[20, 21]);
            assert_eq!(
                state_run,
                at_once(&state, &writes, &[20, 21]),
                "{writes:?}: {program:?}"
            );
            let mut state_run = state.clone();
            Program::new(8, &writes, |_| None).run(&mut state_run, || [20, 21]);
            assert_eq!(state_run, at_once(&state, &writes, &[20, 21]), "{writes:?}");
        }
    }

    #[test]
    fn swaps_and_reversals_get_their_shape_and_write_the_same() {
        use Source::*;
        /// The writes, the value tested at position 2, the shape.
        type Case = (Vec<(u16, Source)>, Option<u8>, Shape);
        let cases: Vec<Case> = vec![
            (vec![(2, At(5)), (5, At(2))], None, Shape::Swap(2, 5)),
            // A tile and the blank: the blank written is the value tested where the tile goes.
            (
                vec![(2, At(3)), (3, Value(12))],
                Some(12),
                Shape::Swap(2, 3),
            ),
            (vec![(2, At(3)), (3, Value(12))], Some(11), Shape::Writes),
            (vec![(2, At(3)), (3, Value(12))], None, Shape::Writes),
            // Flips, the middle left out when the length is odd.
            (
                (1..6).filter(|&i| i != 3).map(|i| (i, At(6 - i))).collect(),
                None,
                Shape::Reverse(1, 6),
            ),
            (
                (0..8).map(|i| (i, At(7 - i))).collect(),
                None,
                Shape::Reverse(0, 8),
            ),
            // Not mirrored, a missing write, a cycle of three.
            (
                vec![(0, At(1)), (1, At(2)), (2, At(0))],
                None,
                Shape::Writes,
            ),
            (
                vec![(1, At(5)), (5, At(1)), (2, At(4))],
                None,
                Shape::Writes,
            ),
            (
                vec![(0, At(3)), (3, At(0)), (4, Value(1))],
                None,
                Shape::Writes,
            ),
        ];
        for (writes, known, shape) in cases {
            let program = Program::new(8, &writes, |p| if p == 2 { known } else { None });
            assert_eq!(program.shape(), shape, "{writes:?}");
            let mut state: Vec<u8> = (10..18).collect();
            if let Some(value) = known {
                state[2] = value;
            }
            let mut state_run = state.clone();
            program.run(&mut state_run, || [0u8; 0]);
            assert_eq!(state_run, at_once(&state, &writes, &[]), "{writes:?}");
        }
    }
}
