//! The distribution of optimal solution lengths over every judge board.

use rayon::prelude::*;

use super::table::{combinations, shared_complete_table};
use super::CELLS;
use crate::limits::Stop;
use crate::{Interrupt, Result};

/// How many boards with eight of each number need 0, 1, 2, ... moves, over
/// all 24! / (8!)^3 = 9,465,511,770 of them: the game's "God's number" is
/// the last index.
///
/// A board is three disjoint sets of eight cells and its optimum is the
/// smallest of their three table distances. Each unordered split into
/// three sets is counted once (the set holding cell 0 first, then the set
/// holding the lowest cell left) and stands for the 3! boards that give its
/// sets the numbers 1, 2, 3 in every order. The outer sets are spread over
/// all cores; each asks `interrupt` first (a few hundred thousand times in
/// all, every 0.1 ms or so of a core's work), and `Ok(None)` means it said
/// to stop.
pub fn census(interrupt: Option<Interrupt>) -> Result<Option<Vec<u64>>> {
    let table = shared_complete_table(8)?;
    let stop = Stop::new(interrupt);
    let all = (1u32 << CELLS) - 1;
    // Every first set: cell 0 and seven of the other 23.
    let firsts: Vec<u32> = combinations(all & !1, 7).map(|rest| rest | 1).collect();
    let histogram = firsts
        .par_iter()
        .fold(
            || [0u64; 64],
            |mut histogram, &first| {
                if stop.now() {
                    return histogram;
                }
                let d1 = table.distance(first);
                let free = all & !first;
                let lowest = free & free.wrapping_neg();
                for rest in combinations(free & !lowest, 7) {
                    let second = rest | lowest;
                    let third = free & !second;
                    let d = d1.min(table.distance(second)).min(table.distance(third));
                    histogram[d as usize] += 6;
                }
                histogram
            },
        )
        .reduce(
            || [0u64; 64],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    if stop.raised() {
        return Ok(None);
    }
    let last = histogram.iter().rposition(|&count| count > 0).unwrap_or(0);
    Ok(Some(histogram[..=last].to_vec()))
}
