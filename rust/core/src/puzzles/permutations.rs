//! Breadth-first search over all n! permutations of up to 16 items, each a
//! rank in `0..n!` with one byte of distance: the whole-space distributions
//! of the puzzles whose states are permutations (booksort, pancakes).
//!
//! A permutation is packed 4 bits an item: the item at position `p`, one of
//! `0..n`, in bits `4p..4p + 4` of a `u64`.

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use crate::limits::Stop;
use crate::Interrupt;

const UNSEEN: u8 = u8::MAX;

/// How many permutations of `n` items (`1 <= n <= 16`, small enough for n!
/// bytes to be allocated: the caller checks) lie at each distance from the
/// identity `0, 1, ..., n - 1`, when a move takes `state` to
/// `apply(mv, state)` for each of `moves`. Every move must be undone by a
/// move of the list, so that the graph is undirected.
///
/// A layer is grown forwards (every state of the frontier sets its unseen
/// neighbours) while the frontier is small, and backwards (every unseen
/// state looks for a neighbour in the frontier, stopping at the first) once
/// the frontier outnumbers what is left: the late layers then cost a
/// fraction of their edges. Both directions run on all cores, a block of
/// ranks at a time, and each block first asks `interrupt`; `None` means it
/// said to stop.
pub(crate) fn distance_layers<M: Sync>(
    n: usize,
    moves: &[M],
    apply: impl Fn(&M, u64) -> u64 + Sync,
    interrupt: Option<Interrupt>,
) -> Option<Vec<u64>> {
    let ranks = Ranks::new(n);
    let distances: Vec<AtomicU8> = (0..ranks.total).map(|_| AtomicU8::new(UNSEEN)).collect();
    // The identity is rank 0.
    distances[0].store(0, Ordering::Relaxed);
    let stop = Stop::new(interrupt);
    // A block of ranks is at most a few tens of milliseconds of one core's
    // work (every rank expanded, 286 block moves each at 12 books).
    const BLOCK: u64 = 1 << 12;
    let blocks = ranks.total.div_ceil(BLOCK);
    // The ranks of a block, or none once the interrupt has said to stop.
    let block = |index: u64| if stop.now() { 0..0 } else { index * BLOCK..((index + 1) * BLOCK).min(ranks.total) };
    let distance_of = |state: u64| distances[ranks.rank(state) as usize].load(Ordering::Relaxed);
    let mut layers = vec![1u64];
    let mut unseen = ranks.total - 1;
    let mut depth = 0u8;
    while unseen > 0 {
        let frontier = *layers.last().expect("starts with one layer");
        let reached: u64 = if frontier * 2 < unseen {
            (0..blocks)
                .into_par_iter()
                .flat_map_iter(block)
                .filter(|&rank| distances[rank as usize].load(Ordering::Relaxed) == depth)
                .map(|rank| {
                    let state = ranks.unrank(rank);
                    let mut found = 0;
                    for mv in moves {
                        let slot = &distances[ranks.rank(apply(mv, state)) as usize];
                        if slot.compare_exchange(UNSEEN, depth + 1, Ordering::Relaxed, Ordering::Relaxed).is_ok() {
                            found += 1;
                        }
                    }
                    found
                })
                .sum()
        } else {
            (0..blocks)
                .into_par_iter()
                .flat_map_iter(block)
                .filter(|&rank| distances[rank as usize].load(Ordering::Relaxed) == UNSEEN)
                .filter(|&rank| {
                    let state = ranks.unrank(rank);
                    let near = moves.iter().any(|mv| distance_of(apply(mv, state)) == depth);
                    if near {
                        distances[rank as usize].store(depth + 1, Ordering::Relaxed);
                    }
                    near
                })
                .count() as u64
        };
        if stop.raised() {
            return None;
        }
        if reached == 0 {
            break;
        }
        layers.push(reached);
        unseen -= reached;
        depth += 1;
    }
    Some(layers)
}

/// Lexicographic ranks of packed permutations of `0..n`.
struct Ranks {
    n: usize,
    total: u64,
    /// `weights[p]` = (n - 1 - p)!: the weight of position `p`.
    weights: Vec<u64>,
}

impl Ranks {
    fn new(n: usize) -> Self {
        let weights = (0..n).map(|p| (1..=(n - 1 - p) as u64).product()).collect();
        Ranks { n, total: (1..=n as u64).product(), weights }
    }

    #[inline]
    fn rank(&self, state: u64) -> u64 {
        let mut used = 0u32;
        let mut rank = 0;
        for p in 0..self.n {
            let item = ((state >> (4 * p)) & 0xF) as u32;
            let smaller_unused = item - (used & ((1 << item) - 1)).count_ones();
            rank += u64::from(smaller_unused) * self.weights[p];
            used |= 1 << item;
        }
        rank
    }

    #[inline]
    fn unrank(&self, mut rank: u64) -> u64 {
        let mut unused: u32 = (1 << self.n) - 1;
        let mut state = 0u64;
        for p in 0..self.n {
            let mut index = (rank / self.weights[p]) as u32;
            rank %= self.weights[p];
            let mut candidates = unused;
            while index > 0 {
                candidates &= candidates - 1;
                index -= 1;
            }
            let item = candidates.trailing_zeros();
            unused &= !(1 << item);
            state |= u64::from(item) << (4 * p);
        }
        state
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip_from_the_identity() {
        let ranks = Ranks::new(6);
        for rank in 0..ranks.total {
            assert_eq!(ranks.rank(ranks.unrank(rank)), rank);
        }
        assert_eq!(ranks.unrank(0), 0x54_3210);
    }

    #[test]
    fn sixteen_items_rank_in_order() {
        let ranks = Ranks::new(16);
        let identity = 0xFEDC_BA98_7654_3210;
        assert_eq!(ranks.rank(identity), 0);
        assert_eq!(ranks.rank(0x0123_4567_89AB_CDEF), ranks.total - 1);
        assert_eq!(ranks.unrank(ranks.total - 1), 0x0123_4567_89AB_CDEF);
    }

    /// Swapping neighbours: the distances are the inversion counts, whose
    /// distribution is the Mahonian numbers.
    #[test]
    fn adjacent_swaps_count_inversions() {
        let swaps: Vec<u32> = (0..4).collect();
        let swap = |&p: &u32, state: u64| {
            let (a, b) = ((state >> (4 * p)) & 0xF, (state >> (4 * (p + 1))) & 0xF);
            (state & !(0xFF << (4 * p))) | (b << (4 * p)) | (a << (4 * (p + 1)))
        };
        let layers = distance_layers(5, &swaps, swap, None).unwrap();
        assert_eq!(layers, [1, 4, 9, 15, 20, 22, 20, 15, 9, 4, 1]);
    }
}
