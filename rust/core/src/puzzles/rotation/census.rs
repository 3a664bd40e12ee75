//! The distribution of optimal solution lengths over every judge board.

use rayon::prelude::*;

use super::table::{combinations, rank, shared_complete_table, BINOMIAL};
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
    let distances = table.as_bytes();
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
                let free = all & !first;
                let cells: [u32; 16] = std::array::from_fn(|i| nth_cell(free, i));
                let mut splits = Splits {
                    cells,
                    rest: rest_of_ranks(&cells),
                    distances,
                    first: u32::from(distances[rank(first) as usize]),
                    histogram: &mut histogram,
                };
                // The lowest free cell is in the second set.
                splits.place(1, Set::default().with(splits.cells[0]), Set::default());
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

/// The splits of the 16 cells left by a first set into a second and a
/// third set of eight, each board counted in `histogram`.
struct Splits<'a> {
    /// The free cells, in increasing order.
    cells: [u32; 16],
    /// `rest[next][size]`: what the cells from `next` on add to the rank
    /// of a set that holds `size` cells and takes them all, as one set
    /// must once the other is full.
    rest: [[u32; 9]; 17],
    distances: &'a [u8],
    /// The first set's distance.
    first: u32,
    histogram: &'a mut [u64; 64],
}

/// A set being filled in increasing order of cells: how many it holds and
/// its rank so far. A set's rank is the sum of C(cell, i + 1) over its
/// cells in increasing order, `i` counting from 0, so each cell placed adds
/// its term: no set is ranked from scratch.
#[derive(Clone, Copy, Default)]
struct Set {
    size: usize,
    rank: u32,
}

impl Set {
    fn with(self, cell: u32) -> Set {
        Set { size: self.size + 1, rank: self.rank + BINOMIAL[cell as usize][self.size + 1] }
    }
}

impl Splits<'_> {
    /// Places the free cells from `next` on into the second or the third
    /// set, every way that leaves each with eight.
    fn place(&mut self, next: usize, second: Set, third: Set) {
        let (second_rank, third_rank) = match (second.size, third.size) {
            (8, _) => (second.rank, third.rank + self.rest[next][third.size]),
            (_, 8) => (second.rank + self.rest[next][second.size], third.rank),
            _ => {
                let cell = self.cells[next];
                self.place(next + 1, second.with(cell), third);
                self.place(next + 1, second, third.with(cell));
                return;
            }
        };
        let [a, b] = [second_rank, third_rank].map(|rank| u32::from(self.distances[rank as usize]));
        self.histogram[self.first.min(a).min(b) as usize] += 6;
    }
}

/// [`Splits::rest`] for the free `cells`.
fn rest_of_ranks(cells: &[u32; 16]) -> [[u32; 9]; 17] {
    let mut rest = [[0; 9]; 17];
    for next in (0..16).rev() {
        for size in 0..8 {
            rest[next][size] = BINOMIAL[cells[next] as usize][size + 1] + rest[next + 1][size + 1];
        }
    }
    rest
}

/// The `n`th lowest cell of `set`.
fn nth_cell(mut set: u32, n: usize) -> u32 {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros()
}
