//! Distances of all n! permutations, by breadth-first search over ranks.

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use super::{BlockMove, Booksort};
use crate::limits::Stop;
use crate::{Error, Interrupt, Result};

/// The most books a whole-space search takes: 12! states are 479 million
/// bytes of distances.
pub const MAX_DISTRIBUTION_BOOKS: usize = 12;

const UNSEEN: u8 = u8::MAX;

/// How many permutations of `n` books lie at each distance from the sorted
/// order (OEIS A164366), by breadth-first search over all n! of them.
///
/// Each permutation is a rank in `0..n!` with one byte of distance. A layer
/// is grown forwards (every state of the frontier sets its unseen
/// neighbours) while the frontier is small, and backwards (every unseen
/// state looks for a neighbour in the frontier, stopping at the first) once
/// the frontier outnumbers what is left: the late layers then cost a
/// fraction of their edges. Both directions run on all cores, a block of
/// ranks at a time, and each block first asks `interrupt`; `Ok(None)` means
/// it said to stop.
pub fn distance_distribution(n: usize, interrupt: Option<Interrupt>) -> Result<Option<Vec<u64>>> {
    if !(1..=MAX_DISTRIBUTION_BOOKS).contains(&n) {
        return Err(Error::InvalidArgument(format!(
            "distance_distribution takes 1 to {MAX_DISTRIBUTION_BOOKS} books, got {n}"
        )));
    }
    let puzzle = Booksort::new(n)?;
    let ranks = Ranks::new(n);
    let distances: Vec<AtomicU8> = (0..ranks.total).map(|_| AtomicU8::new(UNSEEN)).collect();
    distances[ranks.rank(puzzle.sorted()) as usize].store(0, Ordering::Relaxed);
    let moves = puzzle.moves();
    let stop = Stop::new(interrupt);
    // A block of ranks is at most a few tens of milliseconds of one core's
    // work (every rank expanded, 286 moves each at 12 books).
    const BLOCK: u64 = 1 << 12;
    let blocks = ranks.total.div_ceil(BLOCK);
    // The ranks of a block, or none once the interrupt has said to stop.
    let block = |index: u64| if stop.now() { 0..0 } else { index * BLOCK..((index + 1) * BLOCK).min(ranks.total) };
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
                        let slot = &distances[ranks.rank(mv.apply(state)) as usize];
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
                    let near = moves.iter().any(|mv: &BlockMove| {
                        distances[ranks.rank(mv.apply(state)) as usize].load(Ordering::Relaxed) == depth
                    });
                    if near {
                        distances[rank as usize].store(depth + 1, Ordering::Relaxed);
                    }
                    near
                })
                .count() as u64
        };
        if stop.raised() {
            return Ok(None);
        }
        if reached == 0 {
            break;
        }
        layers.push(reached);
        unseen -= reached;
        depth += 1;
    }
    Ok(Some(layers))
}

/// Lexicographic ranks of packed permutations of `0..n`.
struct Ranks {
    n: usize,
    total: u64,
    /// `factorials[p]` = (n - 1 - p)!: the weight of position `p`.
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
            let book = ((state >> (4 * p)) & 0xF) as u32;
            let smaller_unused = book - (used & ((1 << book) - 1)).count_ones();
            rank += u64::from(smaller_unused) * self.weights[p];
            used |= 1 << book;
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
            let book = candidates.trailing_zeros();
            unused &= !(1 << book);
            state |= u64::from(book) << (4 * p);
        }
        state
    }
}

/// OEIS A164366, rows n = 1..8: permutations by transposition distance.
#[cfg(test)]
pub(super) const A164366: [&[u64]; 8] = [
    &[1],
    &[1, 1],
    &[1, 4, 1],
    &[1, 10, 12, 1],
    &[1, 20, 68, 31],
    &[1, 35, 259, 380, 45],
    &[1, 56, 770, 2700, 1513],
    &[1, 84, 1932, 13467, 22000, 2836],
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_round_trip() {
        let ranks = Ranks::new(6);
        for rank in 0..ranks.total {
            assert_eq!(ranks.rank(ranks.unrank(rank)), rank);
        }
        assert_eq!(ranks.unrank(0), Booksort::new(6).unwrap().sorted());
    }

    #[test]
    fn matches_oeis_a164366() {
        for (n, row) in A164366.iter().enumerate() {
            assert_eq!(distance_distribution(n + 1, None).unwrap().unwrap(), row.to_vec(), "n = {}", n + 1);
        }
    }

    #[test]
    fn matches_oeis_a164366_for_ten_books() {
        let row = [1, 165, 8646, 170907, 1183457, 2010571, 255053];
        assert_eq!(distance_distribution(10, None).unwrap().unwrap(), row.to_vec());
    }

    #[test]
    fn rejects_sizes_out_of_range() {
        assert!(distance_distribution(0, None).is_err());
        assert!(distance_distribution(MAX_DISTRIBUTION_BOOKS + 1, None).is_err());
    }
}
