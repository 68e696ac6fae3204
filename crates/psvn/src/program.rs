//! Rewrites compiled to straight-line programs: a rule writes all its positions at once (a swap
//! `X Y => Y X` reads both before writing either), which a program does one byte at a time,
//! saving one value to break each cycle of copies.

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

/// Runs `program` on `state`, with the lost values `lost` of the move.
#[inline]
pub(crate) fn run(program: &[Op], state: &mut [u8], lost: &[u8]) {
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
pub(crate) fn sequence(positions: usize, writes: &[(u16, Source)]) -> Vec<Op> {
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
