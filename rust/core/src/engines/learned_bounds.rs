//! A fixed-size table of lower bounds learned by IDA*.

use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

/// Remembers, per state, a lower bound on its distance to a goal that a
/// finished depth-first search proved: when every path from a state within
/// `r` moves failed, the state is more than `r` away. The bound is a fact
/// about the state, so it stays valid for every later visit and iteration;
/// a revisit of the state (a transposition) is then cut at once.
///
/// Direct-mapped: a new entry overwrites whatever shares its slot, so the
/// memory is fixed up front and only a few percent of entries are lost to
/// collisions.
pub(crate) struct LearnedBounds<S> {
    slots: Vec<Option<(S, u32)>>,
    mask: usize,
}

impl<S: Copy + Eq + Hash> LearnedBounds<S> {
    /// A table of `entries` rounded up to a power of two (at least one), or
    /// `None` when that much memory cannot be had.
    pub(crate) fn new(entries: usize) -> Option<Self> {
        let size = entries.max(1).checked_next_power_of_two()?;
        let mut slots = Vec::new();
        // Asked for, not assumed: a failed allocation would abort the process.
        slots.try_reserve_exact(size).ok()?;
        slots.resize(size, None);
        Some(LearnedBounds { slots, mask: size - 1 })
    }

    #[inline]
    fn slot(&self, state: &S) -> usize {
        let mut hasher = FxHasher::default();
        state.hash(&mut hasher);
        // Fx leaves the low bits weak: take the high ones.
        (hasher.finish().rotate_left(26) as usize) & self.mask
    }

    #[inline]
    pub(crate) fn get(&self, state: &S) -> u32 {
        match self.slots[self.slot(state)] {
            Some((stored, bound)) if stored == *state => bound,
            _ => 0,
        }
    }

    #[inline]
    pub(crate) fn raise(&mut self, state: S, bound: u32) {
        let slot = self.slot(&state);
        let bound = match self.slots[slot] {
            Some((stored, old)) if stored == state => old.max(bound),
            _ => bound,
        };
        self.slots[slot] = Some((state, bound));
    }

    /// A copy, or `None` when its memory cannot be had.
    pub(crate) fn try_clone(&self) -> Option<Self> {
        let mut slots = Vec::new();
        slots.try_reserve_exact(self.slots.len()).ok()?;
        slots.extend_from_slice(&self.slots);
        Some(LearnedBounds { slots, mask: self.mask })
    }

    /// Takes in every bound `other` holds (each a fact, whoever learned it).
    pub(crate) fn absorb(&mut self, other: &Self) {
        for &(state, bound) in other.slots.iter().flatten() {
            self.raise(state, bound);
        }
    }
}
