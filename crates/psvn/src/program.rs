//! Rewrites compiled to straight-line programs: a rule writes all its positions at once (a swap
//! `X Y => Y X` reads both before writing either). A [`Program`] copies values in an order where
//! none is overwritten before it is read, then sets values: tight loops, no branch on the kind
//! of each write. Copies that form cycles (a swap, a flip, a turn) are gathered into a small
//! buffer first; a rule with more of them than the buffer holds runs a sequence of single
//! writes instead, one value saved to break each cycle.

/// The most copies a program gathers in its buffer.
const GATHER: usize = 64;

/// A rule's rewrite (or its backward rewrite).
#[derive(Clone, Debug)]
pub(crate) struct Program {
    /// `(at, from)`: `state[at]` takes what `state[from]` held before the rewrite.
    copies: Box<[(u16, u16)]>,
    /// Whether the copies must all be read before any is written (they form cycles); else they
    /// are in an order where each reads before anything overwrites its source.
    gather: bool,
    /// `(at, value)`: `state[at]` takes the value.
    sets: Box<[(u16, u8)]>,
    /// `(at, index)`: `state[at]` takes the move's lost value `index`.
    lost: Box<[(u16, u8)]>,
    /// The single writes of a rule with more copies than the buffer holds.
    sequence: Option<Box<[Op]>>,
}

impl Program {
    /// The program writing every `(at, source)` of `writes` at once (each `at` once, no position
    /// copied onto itself), over `positions` positions.
    pub(crate) fn new(positions: usize, writes: &[(u16, Source)]) -> Self {
        let mut program = Program {
            copies: Box::new([]),
            gather: false,
            sets: Box::new([]),
            lost: Box::new([]),
            sequence: None,
        };
        let single = sequence(positions, writes);
        let ordered: Vec<(u16, u16)> = single
            .iter()
            .filter_map(|&op| match op {
                Op::Copy { at, from } => Some((at, from)),
                _ => None,
            })
            .collect();
        let cycles = single.iter().any(|op| matches!(op, Op::Save { .. }));
        if !cycles {
            program.copies = ordered.into_boxed_slice();
        } else {
            let copies: Vec<(u16, u16)> = writes
                .iter()
                .filter_map(|&(at, from)| match from {
                    Source::At(from) => Some((at, from)),
                    _ => None,
                })
                .collect();
            if copies.len() > GATHER {
                program.sequence = Some(single.into_boxed_slice());
                return program;
            }
            program.copies = copies.into_boxed_slice();
            program.gather = true;
        }
        program.sets = writes
            .iter()
            .filter_map(|&(at, from)| match from {
                Source::Value(value) => Some((at, value)),
                _ => None,
            })
            .collect();
        program.lost = writes
            .iter()
            .filter_map(|&(at, from)| match from {
                Source::Lost(index) => Some((at, index)),
                _ => None,
            })
            .collect();
        program
    }

    /// Runs the program on `state`, with the lost values `lost` of the move.
    #[inline(always)]
    pub(crate) fn run(&self, state: &mut [u8], lost: &[u8]) {
        if self.gather {
            let mut gathered = [0u8; GATHER];
            for (slot, &(_, from)) in gathered.iter_mut().zip(self.copies.iter()) {
                *slot = state[usize::from(from)];
            }
            for (&value, &(at, _)) in gathered.iter().zip(self.copies.iter()) {
                state[usize::from(at)] = value;
            }
        } else if let Some(sequence) = &self.sequence {
            return run(sequence, state, lost);
        } else {
            for &(at, from) in self.copies.iter() {
                state[usize::from(at)] = state[usize::from(from)];
            }
        }
        for &(at, value) in self.sets.iter() {
            state[usize::from(at)] = value;
        }
        for &(at, index) in self.lost.iter() {
            state[usize::from(at)] = lost[usize::from(index)];
        }
    }
}

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
        ];
        // More copies than the buffer: the sequence of single writes.
        let reversal: Vec<(u16, Source)> = (0..100).map(|i| (i, At(99 - i))).collect();
        let mut state_run: Vec<u8> = (0..100).collect();
        let program = Program::new(100, &reversal);
        assert!(program.sequence.is_some());
        program.run(&mut state_run, &[]);
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
        }
    }
}
