//! A fixed-width set of sticks: `W` 64-bit words, stick `i` (0-based) at bit
//! `i % 64` of word `i / 64`. Two words (a `u128`) hold the 112 sticks of a
//! 7 x 7 grid, nine the 544 sticks of a 16 x 16 one.

use std::fmt;

/// A set of sticks, bit `i % 64` of word `i / 64` for stick `i`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StickSet<const W: usize>(pub [u64; W]);

impl<const W: usize> StickSet<W> {
    /// The set of no stick.
    pub const EMPTY: Self = StickSet([0; W]);
    /// The most sticks the set can hold.
    pub const CAPACITY: usize = 64 * W;

    /// Adds `stick`.
    #[inline]
    pub fn insert(&mut self, stick: usize) {
        self.0[stick / 64] |= 1 << (stick % 64);
    }

    /// Removes `stick`.
    #[inline]
    pub fn remove(&mut self, stick: usize) {
        self.0[stick / 64] &= !(1 << (stick % 64));
    }

    /// The set with `stick` added.
    #[inline]
    pub fn with(mut self, stick: usize) -> Self {
        self.insert(stick);
        self
    }

    /// Whether `stick` is in the set.
    #[inline]
    pub fn contains(&self, stick: usize) -> bool {
        self.0[stick / 64] >> (stick % 64) & 1 == 1
    }

    /// Whether the set has no stick.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The number of sticks in the set.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the two sets share a stick.
    #[inline]
    pub fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// The sticks in either set.
    #[inline]
    pub fn union(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a |= b;
        }
        out
    }

    /// The sticks in both sets.
    #[inline]
    pub fn intersection(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
        out
    }

    /// The sticks of `self` that are not in `other`.
    #[inline]
    pub fn difference(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(&other.0) {
            *a &= !b;
        }
        out
    }

    /// The sticks in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    64 * word + bit
                })
            })
        })
    }

    /// The set of these sticks.
    pub fn from_sticks(sticks: impl IntoIterator<Item = usize>) -> Self {
        let mut set = Self::EMPTY;
        for stick in sticks {
            set.insert(stick);
        }
        set
    }
}

impl<const W: usize> fmt::Debug for StickSet<W> {
    /// The sticks with the puzzle's 1-based numbers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s + 1)).finish()
    }
}
