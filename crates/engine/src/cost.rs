//! The costs searches add up: integers, or any other totally ordered type (real lengths).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::Add;

/// The type of a path's cost. Integers are costs; so is any ordered type with an addition,
/// such as [`OrderedFloat<f64>`](ordered_float::OrderedFloat) for real lengths (√2 for a
/// diagonal step), or an exact type of a puzzle's own.
///
/// A*'s open list files whole costs ([`Cost::WHOLE`]) in buckets by plain indexing and other
/// costs in a radix heap by their keys ([`Cost::key`]), or without keys in a heap; ties keep the
/// same order either way (least f, then largest g, then last generated).
pub trait Cost: Copy + Ord + Hash + Debug + Add<Output = Self> + Send + Sync + 'static {
    /// The cost of no step.
    const ZERO: Self;
    /// Whether every cost is a whole number, which [`Cost::whole`] gives exactly.
    const WHOLE: bool;
    /// The least whole number at least this cost: what buckets, depth limits and per-layer
    /// statistics go by.
    fn whole(self) -> u64;
    /// The cost of a whole number (exact when costs are [`WHOLE`](Cost::WHOLE)).
    fn from_whole(whole: u64) -> Self;
    /// An integer ordered as costs are, if this cost has one: for costs `a` and `b` that both
    /// have keys, `a.cmp(&b) == a.key().cmp(&b.key())`. A*'s open list compares the keys of
    /// the entries in its heaps, and keeps entries without one apart, compared as costs.
    fn key(self) -> Option<u64> {
        None
    }
}

/// Integers, signed too as `pathfinding` takes them (a literal `1` is an `i32`): costs and
/// estimates must not be negative for the answer to be the cheapest; a negative value counts as
/// zero for buckets, depth limits and statistics, and A*'s open list keeps such entries apart, in
/// exact order.
macro_rules! integer_cost {
    ($($t:ty),*) => {$(
        impl Cost for $t {
            const ZERO: Self = 0;
            const WHOLE: bool = true;
            #[inline]
            fn whole(self) -> u64 {
                self.max(0) as u64
            }
            #[inline]
            fn from_whole(whole: u64) -> Self {
                whole as $t
            }
            #[inline]
            fn key(self) -> Option<u64> {
                u64::try_from(self).ok()
            }
        }
    )*};
}

integer_cost!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

/// Real costs: not bucketed, rounded up for depth limits and statistics. Must not be NaN nor
/// negative.
impl Cost for ordered_float::OrderedFloat<f64> {
    const ZERO: Self = ordered_float::OrderedFloat(0.0);
    const WHOLE: bool = false;
    fn whole(self) -> u64 {
        self.0.ceil() as u64
    }
    fn from_whole(whole: u64) -> Self {
        ordered_float::OrderedFloat(whole as f64)
    }
    /// The bits of a number from +0 up: ordered as the numbers are.
    #[inline]
    fn key(self) -> Option<u64> {
        let bits = self.0.to_bits();
        (bits >> 63 == 0 && !self.0.is_nan()).then_some(bits)
    }
}
