//! The breadth-first search that builds a pattern database.
//!
//! A search node is a placement of the pattern's tiles and the region of
//! empty cells (a connected component) that holds the blank. The regions
//! of a placement depend on its occupied cells alone, so they are numbered
//! once per occupancy mask, by their lowest cell, and a child's region is
//! read from a table rather than flood-filled. Each placement has one byte
//! of two-bit fields during the build, one per region (unseen, reached in
//! the layer being expanded, reached for the next layer, done): up to four
//! regions. The masks with more (8 tiles on 4 x 4 can isolate the four
//! corners: 695 of its 12,870 masks) keep their placements' fields in a
//! side table of 16-bit (or wider) slots.
//!
//! A pattern move changes the pattern's Manhattan distance by one, so a
//! placement's distance is its Manhattan distance plus twice a small number:
//! that number is kept in four bits per placement while the fields are in
//! use (larger ones in a side list), and the field bytes are overwritten
//! with the distances at the end. With 8 tiles on 4 x 4 the build then needs
//! 1.6 bytes an entry at its peak instead of 3.

use crate::cpu::prefetch;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::{Mutex, OnceLock};

use rayon::prelude::*;

use super::board::{Geometry, MAX_CELLS};
use super::pdb::{rank, select, unrank, BuildLimits, BuildProgress, Built, ProgressFn};
use crate::Outcome;

/// The regions a placement's byte has fields for.
const BYTE_REGIONS: usize = 4;
/// Placements scanned between two looks at the build's limits: a few
/// milliseconds of the slowest layers, a few microseconds of looking.
pub(super) const POLL_EVERY: usize = 1 << 14;
/// The largest excess over the Manhattan distance (in pairs of moves) that
/// four bits hold; the value 15 sends the placement to the side list.
pub(super) const NIBBLE_EXCESS: u8 = 14;
/// Field codes: reached for layers of one parity, of the other, expanded.
const DONE: u64 = 3;
const LOW_BITS: u64 = 0x5555_5555_5555_5555;
/// `cell_regions` entries of masks with more than [`BYTE_REGIONS`] regions.
const WIDE: u64 = 1 << 63;
/// The regions whose distances a byte of region bits holds: a pattern
/// whose placements can have more keeps no bits.
pub(super) const MOST_BIT_REGIONS: usize = 8;

/// The low bits of the two-bit fields of `value` that hold `current`, and
/// of those that are done.
#[inline(always)]
fn current_and_done(value: u64, current: u64) -> (u64, u64) {
    let is_current = if current == 1 { value & !(value >> 1) } else { (value >> 1) & !value } & LOW_BITS;
    (is_current, value & (value >> 1) & LOW_BITS)
}

/// A mask with more regions than a byte has fields for.
struct WideMask {
    mask: u32,
    /// `region_of[cell]` for the empty cells.
    region_of: [u8; MAX_CELLS],
    regions: Vec<u32>,
}

/// The regions of the empty cells of every set of `k` occupied cells.
pub(super) struct Occupancies {
    /// `binomial[c][j]`: c choose j, for the colex rank of a mask.
    binomial: Vec<[u32; MAX_CELLS + 1]>,
    /// By colex rank: two bits per cell naming the region of each empty
    /// cell, or [`WIDE`] and the mask's index in `wide`.
    cell_regions: Vec<u64>,
    /// By colex rank: the cells of each region (of masks with at most
    /// [`BYTE_REGIONS`]).
    regions: Vec<[u32; BYTE_REGIONS]>,
    wide: Vec<WideMask>,
    /// Bit `mask` set when the empty cells of `mask` fall into more than
    /// one region: read by the mask itself, so that a child of one region
    /// (nearly every one on 5 x 5) costs no rank.
    several: Vec<u64>,
    /// The cells a mask holds.
    k: usize,
    /// For lookups: `cell_regions` with [`SEVERAL`] set on the masks of
    /// more than one region, one read where the builder takes two.
    looked_up: Vec<u64>,
    /// The colex rank in two table reads (see [`Occupancies::fast_rank`]):
    /// the low cells' share by their bits, and the high cells' by the
    /// count of low cells and their bits.
    rank_low: Vec<u32>,
    rank_high: Vec<u32>,
}

/// `looked_up` entries of masks with more than one region.
const SEVERAL: u64 = 1 << 62;
/// The cells whose share of a colex rank `rank_low` holds.
const LOW_CELLS: usize = 13;
/// The masks of the other cells (at most 12 of a 25-cell board).
const HIGH_MASKS: usize = 1 << (MAX_CELLS - LOW_CELLS);

impl Occupancies {
    pub(super) fn new(n: usize, k: usize, neighbours: &[u32]) -> Occupancies {
        let mut binomial = vec![[0u32; MAX_CELLS + 1]; MAX_CELLS + 1];
        for c in 0..=MAX_CELLS {
            binomial[c][0] = 1;
            for j in 1..=c {
                binomial[c][j] = binomial[c - 1][j - 1] + binomial[c - 1][j];
            }
        }
        let count = binomial[n][k] as usize;
        let board = u32::MAX >> (32 - n);
        let (mut cell_regions, mut regions, mut wide) =
            (Vec::with_capacity(count), Vec::with_capacity(count), Vec::new());
        let mut looked_up = Vec::with_capacity(count);
        let mut several = vec![0u64; (1usize << n).div_ceil(64)];
        // Gosper's hack: the masks of k bits in increasing order, which is
        // colex order.
        let mut mask = (1u32 << k) - 1;
        for _ in 0..count {
            let mut region_of = [0u8; MAX_CELLS];
            let mut cells = Vec::new();
            let mut left = board & !mask;
            while left != 0 {
                let region = component(left.trailing_zeros(), left, neighbours);
                let mut bits = region;
                while bits != 0 {
                    region_of[bits.trailing_zeros() as usize] = cells.len() as u8;
                    bits &= bits - 1;
                }
                cells.push(region);
                left &= !region;
            }
            let is_several = cells.len() > 1;
            let packed = if cells.len() <= BYTE_REGIONS {
                let mut fixed = [0u32; BYTE_REGIONS];
                fixed[..cells.len()].copy_from_slice(&cells);
                regions.push(fixed);
                (0..n).fold(0u64, |packed, c| packed | u64::from(region_of[c]) << (2 * c))
            } else {
                regions.push([0; BYTE_REGIONS]);
                wide.push(WideMask { mask, region_of, regions: cells });
                WIDE | (wide.len() - 1) as u64
            };
            cell_regions.push(packed);
            if is_several {
                several[mask as usize / 64] |= 1 << (mask % 64);
                looked_up.push(packed | SEVERAL);
            } else {
                looked_up.push(packed);
            }
            if k == 0 {
                break;
            }
            let low = mask & mask.wrapping_neg();
            let ripple = mask + low;
            mask = ripple | (((mask ^ ripple) >> 2) / low);
        }
        // The share of the cells of `bits` (shifted up by `base`) in a
        // rank, the first of them the `first`-th cell of the mask.
        let share = |mut bits: u32, base: usize, first: usize| {
            let mut sum = 0u32;
            let mut j = first + 1;
            while bits != 0 && j <= k {
                sum += binomial[base + bits.trailing_zeros() as usize][j];
                bits &= bits - 1;
                j += 1;
            }
            sum
        };
        let rank_low = (0..1u32 << LOW_CELLS).map(|bits| share(bits, 0, 0)).collect();
        let rank_high = (0..=k)
            .flat_map(|first| (0..HIGH_MASKS as u32).map(move |bits| (first, bits)))
            .map(|(first, bits)| share(bits, LOW_CELLS, first))
            .collect();
        Occupancies { binomial, cell_regions, regions, wide, several, k, looked_up, rank_low, rank_high }
    }

    /// Whether the empty cells of `mask` fall into more than one region.
    #[inline(always)]
    fn has_several(&self, mask: u32) -> bool {
        self.several[mask as usize / 64] & (1 << (mask % 64)) != 0
    }

    /// The number of `cell`'s region among the empty cells of `mask`, by
    /// lowest cell.
    #[inline(always)]
    pub(super) fn region_of(&self, mask: u32, cell: u8) -> u8 {
        let packed = self.looked_up[self.fast_rank(mask)];
        if packed & SEVERAL == 0 {
            0
        } else if packed & WIDE == 0 {
            ((packed >> (2 * cell)) & 3) as u8
        } else {
            self.wide[(packed & !(WIDE | SEVERAL)) as usize].region_of[cell as usize]
        }
    }

    /// The regions the empty cells of `mask` fall into.
    #[inline(always)]
    pub(super) fn region_count(&self, mask: u32) -> usize {
        let rank = self.fast_rank(mask);
        let packed = self.looked_up[rank];
        if packed & SEVERAL == 0 {
            1
        } else if packed & WIDE == 0 {
            self.regions[rank].iter().filter(|&&cells| cells != 0).count()
        } else {
            self.wide[(packed & !(WIDE | SEVERAL)) as usize].regions.len()
        }
    }

    /// The most regions the empty cells of a mask fall into.
    pub(super) fn most_regions(&self) -> usize {
        let byte = self.regions.iter().map(|cells| cells.iter().filter(|&&c| c != 0).count()).max().unwrap_or(1);
        self.wide.iter().map(|wide| wide.regions.len()).max().unwrap_or(0).max(byte)
    }

    #[cfg(test)]
    pub(super) fn fast_rank_for_tests(&self, mask: u32) -> usize {
        self.fast_rank(mask)
    }

    #[cfg(test)]
    pub(super) fn rank_for_tests(&self, mask: u32) -> usize {
        self.rank(mask)
    }

    /// [`Occupancies::rank`] in two table reads.
    #[inline(always)]
    fn fast_rank(&self, mask: u32) -> usize {
        let low = mask & ((1 << LOW_CELLS) - 1);
        let high = (mask >> LOW_CELLS) as usize;
        let rank = self.rank_low[low as usize] + self.rank_high[low.count_ones() as usize * HIGH_MASKS + high];
        debug_assert_eq!(rank as usize, self.rank(mask));
        rank as usize
    }

    /// The number of `cell`'s region among the empty cells of the mask of
    /// colex rank `rank`, by lowest cell.
    #[inline(always)]
    fn region_number(&self, rank: usize, cell: u8) -> u8 {
        let packed = self.cell_regions[rank];
        if packed & WIDE == 0 {
            ((packed >> (2 * cell)) & 3) as u8
        } else {
            self.wide[(packed & !WIDE) as usize].region_of[cell as usize]
        }
    }

    /// On a board of at most 16 cells, for every mask of `k` cells (by
    /// the mask itself), four bits a cell: the number of its region, 15 at
    /// most (the other masks' entries are 0).
    pub(super) fn region_numbers_by_mask(&self, n: usize) -> Vec<u64> {
        assert!(n <= 16, "four bits for each of at most 16 cells");
        let mut table = vec![0u64; 1 << n];
        for (mask, entry) in table.iter_mut().enumerate() {
            let mask = mask as u32;
            if mask.count_ones() as usize != self.k {
                continue;
            }
            let rank = self.rank(mask);
            for cell in (0..n as u8).filter(|&c| mask & (1 << c) == 0) {
                let number = self.region_number(rank, cell).min(15);
                *entry |= u64::from(number) << (4 * cell);
            }
        }
        table
    }

    /// The colex rank of a mask among those of as many bits.
    #[inline(always)]
    fn rank(&self, mut mask: u32) -> usize {
        let mut index = 0;
        let mut j = 1;
        while mask != 0 {
            index += self.binomial[mask.trailing_zeros() as usize][j];
            mask &= mask - 1;
            j += 1;
        }
        index as usize
    }
}

/// The cells of the component of `start` among the cells `empty`.
pub(super) fn component(start: u32, empty: u32, neighbours: &[u32]) -> u32 {
    let mut seen = 1u32 << start;
    let mut frontier = seen;
    while frontier != 0 {
        let mut next = 0;
        let mut bits = frontier;
        while bits != 0 {
            next |= neighbours[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        frontier = next & empty & !seen;
        seen |= frontier;
    }
    seen
}

/// The fields of one search: where each placement keeps them, and what
/// it needs to find them.
struct Fields<'a> {
    n: usize,
    k: usize,
    neighbours: &'a [u32],
    occupancies: &'a Occupancies,
    /// One byte a placement, eight to a word.
    bytes: &'a [AtomicU64],
    /// The placements of wide masks: `k!` per mask, by the order of the
    /// tiles on the mask's cells, `wide_bits` bits each.
    wide: &'a [AtomicU64],
    wide_bits: u32,
    orders: usize,
    /// `place[i]`: what a step of tile `i`'s digit adds to a rank.
    place: [usize; MAX_CELLS],
    /// `manhattan[i][cell]`: pattern tile `i`'s distance home from `cell`.
    manhattan: &'a [[u8; MAX_CELLS]],
    excess: &'a [AtomicU8],
    /// Excesses over `nibble_excess`: (placement, distance).
    overflow: &'a Mutex<Vec<(u32, u8)>>,
    nibble_excess: u8,
    /// When the build keeps each region's excess over its placement's
    /// distance: a byte a placement, two bits for each of the first four
    /// regions.
    region_excess: Option<&'a [AtomicU8]>,
    /// When the build keeps each region's distance in one bit: a byte a
    /// placement, bit `r` the second-lowest bit of region `r`'s distance
    /// (see [`RegionBits`]).
    region_bits: Option<&'a [AtomicU8]>,
}

/// Children generated and not yet looked at.
const PENDING: usize = 256;

/// Children waiting for their fields to be looked at: those of several
/// placements are generated before any is looked at, so that many words
/// are fetched from memory at once rather than a few at a time.
struct Children {
    /// (word, shift of the field, whether the word is of the wide table)
    pending: [(usize, u32, bool); PENDING],
    count: usize,
}

impl Children {
    fn new() -> Children {
        Children { pending: [(0, 0, false); PENDING], count: 0 }
    }
}

/// What one layer's scan of some placements found.
#[derive(Default, Clone, Copy)]
struct Tally {
    /// Regions reached for the first time (for the next layer).
    regions: u64,
    /// Placements expanded for the first time (their distance now known).
    placements: u64,
}

impl std::ops::Add for Tally {
    type Output = Tally;
    fn add(self, other: Tally) -> Tally {
        Tally { regions: self.regions + other.regions, placements: self.placements + other.placements }
    }
}

impl Fields<'_> {
    /// The index among the `k!` orders of the wide mask `mask`'s cells.
    #[inline]
    fn order(&self, mask: u32, cells: &[u8]) -> usize {
        rank(self.k, cells.iter().map(|&c| (mask & ((1u32 << c) - 1)).count_ones() as u8))
    }

    /// The word and the shift of the field of `cell`'s region in the
    /// placement `cells` (mask `mask`, rank `index`).
    #[inline(always)]
    fn field(&self, index: usize, mask: u32, cells: &[u8], cell: u8) -> (&AtomicU64, u32) {
        let packed = self.occupancies.cell_regions[self.occupancies.rank(mask)];
        if packed & WIDE == 0 {
            let region = (packed >> (2 * cell)) & 3;
            (&self.bytes[index / 8], (8 * (index % 8) + 2 * region as usize) as u32)
        } else {
            let wide = &self.occupancies.wide[(packed & !WIDE) as usize];
            let (word, shift) = self.wide_word((packed & !WIDE) as usize * self.orders + self.order(mask, cells));
            (&self.wide[word], shift + 2 * u32::from(wide.region_of[cell as usize]))
        }
    }

    /// Expands the placement `cells` (occupancy `mask`) from the regions
    /// `blanks` (their cells): its children join `children`, whose regions
    /// not yet reached [`Fields::flush`] marks with `next`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn expand(
        &self,
        index: usize,
        cells: &mut [u8; MAX_CELLS],
        mask: u32,
        blanks: u32,
        next: u64,
        children: &mut Children,
        tally: &mut Tally,
    ) {
        let k = self.k;
        if children.count + 4 * k > PENDING {
            self.flush(children, next, tally);
        }
        let count = &mut children.count;
        let children = &mut children.pending;
        // A child's rank from its parent's: moving tile `i` across the
        // cells between `from` and `to` changes its digit and the digits
        // of the later tiles on those cells by one each.
        let mut place_at = [0usize; MAX_CELLS];
        for i in 0..k {
            place_at[cells[i] as usize] = self.place[i];
        }
        let mut earlier = 0u32;
        // Every child first, so that their words can be fetched from
        // memory together rather than one miss at a time.
        for i in 0..k {
            let from = u32::from(cells[i]);
            let later = mask & !earlier & !(1 << from);
            let mut targets = self.neighbours[from as usize] & blanks;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let (low, high) = (from.min(to), from.max(to));
                let between = ((1u32 << high) - 1) & !((2u32 << low) - 1);
                let mut crossed = 0;
                let mut bits = later & between;
                while bits != 0 {
                    crossed += place_at[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                }
                let steps = (high - low - (earlier & between).count_ones()) as usize;
                let child = if to > from {
                    index + self.place[i] * steps + crossed
                } else {
                    index - self.place[i] * steps - crossed
                };
                debug_assert_eq!(child, {
                    cells[i] = to as u8;
                    let child = rank(self.n, cells[..k].iter().copied());
                    cells[i] = from as u8;
                    child
                });
                prefetch(&self.bytes[child / 8]);
                let child_mask = mask ^ (1 << from) ^ (1 << to);
                if !self.occupancies.has_several(child_mask) {
                    // One region, numbered 0.
                    children[*count] = (child / 8, 8 * (child % 8) as u32, false);
                } else {
                    let mask_rank = self.occupancies.fast_rank(child_mask);
                    let packed = self.occupancies.cell_regions[mask_rank];
                    if packed & WIDE == 0 {
                        let region = (packed >> (2 * from)) & 3;
                        children[*count] = (child / 8, 8 * (child % 8) as u32 + 2 * region as u32, false);
                    } else {
                        let which = (packed & !WIDE) as usize;
                        let wide = &self.occupancies.wide[which];
                        cells[i] = to as u8;
                        let (word, shift) = self.wide_word(which * self.orders + self.order(child_mask, &cells[..k]));
                        cells[i] = from as u8;
                        prefetch(&self.wide[word]);
                        children[*count] = (word, shift + 2 * u32::from(wide.region_of[from as usize]), true);
                    }
                }
                *count += 1;
            }
            earlier |= 1 << from;
        }
    }

    /// Marks the regions of `children` not yet reached with `next`.
    #[inline(always)]
    fn flush(&self, children: &mut Children, next: u64, tally: &mut Tally) {
        for &(word, shift, is_wide) in &children.pending[..children.count] {
            let word = if is_wide { &self.wide[word] } else { &self.bytes[word] };
            if (word.load(Relaxed) >> shift) & 3 != 0 {
                continue;
            }
            // Fields go from unseen to `next` only, during a layer: two
            // threads that both find one unseen write the same bits.
            if (word.fetch_or(next << shift, Relaxed) >> shift) & 3 == 0 {
                tally.regions += 1;
            }
        }
        children.count = 0;
    }

    /// Records the distance `layer` of the placement `index` (whose
    /// Manhattan distance is `manhattan`), expanded for the first time.
    #[inline(always)]
    fn settle(&self, index: usize, manhattan: u32, layer: u32) {
        let excess = (layer - manhattan) / 2;
        let nibble = if excess > u32::from(self.nibble_excess) {
            self.overflow.lock().expect("not poisoned").push((index as u32, layer as u8));
            15
        } else {
            excess as u8
        };
        self.excess[index / 2].fetch_or(nibble << (4 * (index % 2)), Relaxed);
    }

    /// The distance of the placement `index` (cells `cells`), settled in an
    /// earlier layer.
    fn settled(&self, index: usize, cells: &[u8]) -> u32 {
        let nibble = (self.excess[index / 2].load(Relaxed) >> (4 * (index % 2))) & 15;
        if nibble == 15 {
            let overflow = self.overflow.lock().expect("not poisoned");
            let &(_, distance) = overflow.iter().find(|&&(i, _)| i as usize == index).expect("an overflow is listed");
            return u32::from(distance);
        }
        self.manhattan_of(cells) + 2 * u32::from(nibble)
    }

    /// The Manhattan distance of the first `cells.len()` pattern tiles on
    /// `cells`.
    #[inline(always)]
    fn manhattan_of(&self, cells: &[u8]) -> u32 {
        cells.iter().zip(self.manhattan).map(|(&c, row)| u32::from(row[c as usize])).sum()
    }

    /// Records the excess of the regions `fields` (a low bit per current
    /// field) of the placement `index`, settled in an earlier layer and
    /// reached again in `layer` from other regions: in pairs of moves (a
    /// move of a pattern tile changes its Manhattan distance by one, so a
    /// placement's distances from all regions have one parity), at most 3.
    #[inline(always)]
    fn note_excess(&self, index: usize, cells: &[u8], fields: u64, layer: u32) {
        let Some(region_excess) = self.region_excess else { return };
        let excess = ((layer - self.settled(index, cells)) / 2).min(3) as u8;
        let mut bits = 0u8;
        for region in 0..BYTE_REGIONS {
            if fields & (1 << (2 * region)) != 0 {
                bits |= excess << (2 * region);
            }
        }
        region_excess[index].fetch_or(bits, Relaxed);
    }

    /// Records the distance `layer` of the regions `fields` (a low bit per
    /// current field) of the placement `index` in their bits.
    #[inline(always)]
    fn note_bits(&self, index: usize, fields: u64, layer: u32) {
        let Some(region_bits) = self.region_bits else { return };
        if (layer >> 1) & 1 == 0 {
            return;
        }
        let bits = (0..MOST_BIT_REGIONS).filter(|r| fields & (1 << (2 * r)) != 0).fold(0u8, |b, r| b | 1 << r);
        region_bits[index].fetch_or(bits, Relaxed);
    }

    /// Scans the words `words` from word `first` on, of the wide table if
    /// `wide`, else of the bytes: expands the placements with a field
    /// `current`.
    fn scan_portable(
        &self,
        wide: bool,
        first: usize,
        words: &[AtomicU64],
        layer: u32,
        current: u64,
        next: u64,
    ) -> Tally {
        self.scan(wide, first, words, layer, current, next)
    }

    /// [`Fields::scan_portable`] compiled for x86-64-v2 (POPCNT counts the
    /// cells in every rank).
    ///
    /// # Safety
    /// The processor must have x86-64-v2 ([`crate::cpu::has_x86_64_v2`]).
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2"))]
    unsafe fn scan_v2(
        &self,
        wide: bool,
        first: usize,
        words: &[AtomicU64],
        layer: u32,
        current: u64,
        next: u64,
    ) -> Tally {
        self.scan(wide, first, words, layer, current, next)
    }

    /// The copy of [`Fields::scan`] for this processor.
    fn scan_fastest(
        &self,
        wide: bool,
        first: usize,
        words: &[AtomicU64],
        layer: u32,
        current: u64,
        next: u64,
    ) -> Tally {
        if crate::cpu::has_x86_64_v2() {
            // SAFETY: the processor has x86-64-v2.
            return unsafe { self.scan_v2(wide, first, words, layer, current, next) };
        }
        self.scan_portable(wide, first, words, layer, current, next)
    }

    #[inline(always)]
    fn scan(&self, wide: bool, first: usize, words: &[AtomicU64], layer: u32, current: u64, next: u64) -> Tally {
        if wide {
            self.scan_wide(first, words, layer, current, next)
        } else {
            self.scan_bytes(first, words, layer, current, next)
        }
    }

    /// Scans the placements of the byte words `words` (from word `first`)
    /// and expands those with a field `current`.
    #[inline(always)]
    fn scan_bytes(&self, first: usize, words: &[AtomicU64], layer: u32, current: u64, next: u64) -> Tally {
        let mut tally = Tally::default();
        let mut children = Children::new();
        // Ranks run over the last tile's free cells fastest: placements in
        // one block of `last_cells` share the other tiles' cells, unranked
        // once a block rather than once a placement.
        let last_cells = self.n - self.k + 1;
        let board = u32::MAX >> (32 - self.n);
        let (mut block, mut shared, mut free, mut prefix_manhattan) = (usize::MAX, [0u8; MAX_CELLS], 0u32, 0u32);
        for (offset, word) in words.iter().enumerate() {
            let value = word.load(Relaxed);
            let (is_current, done) = current_and_done(value, current);
            if is_current == 0 {
                continue;
            }
            let mut bytes = is_current;
            while bytes != 0 {
                let byte = bytes.trailing_zeros() / 8;
                bytes &= !(0xff << (8 * byte));
                let index = (first + offset) * 8 + byte as usize;
                let current_fields = (is_current >> (8 * byte)) & 0xff;
                let (in_block, offset) = (index / last_cells, index % last_cells);
                if in_block != block {
                    block = in_block;
                    unrank(self.n, self.k, block * last_cells, &mut shared);
                    let used = shared[..self.k - 1].iter().fold(0u32, |m, &c| m | 1 << c);
                    free = board & !used;
                    prefix_manhattan = self.manhattan_of(&shared[..self.k - 1]);
                }
                let mut cells = shared;
                let last = select(free, offset as u32);
                cells[self.k - 1] = last as u8;
                debug_assert_eq!(
                    cells[..self.k],
                    {
                        let mut whole = [0u8; MAX_CELLS];
                        unrank(self.n, self.k, index, &mut whole);
                        whole
                    }[..self.k]
                );
                let mask = (board & !free) | 1 << last;
                if (done >> (8 * byte)) & 0xff == 0 {
                    let manhattan = prefix_manhattan + u32::from(self.manhattan[self.k - 1][last as usize]);
                    self.settle(index, manhattan, layer);
                    tally.placements += 1;
                } else {
                    self.note_excess(index, &cells[..self.k], current_fields, layer);
                }
                self.note_bits(index, current_fields, layer);
                let blanks = if !self.occupancies.has_several(mask) {
                    board & !mask
                } else {
                    current_cells(&self.occupancies.regions[self.occupancies.fast_rank(mask)], current_fields)
                };
                self.expand(index, &mut cells, mask, blanks, next, &mut children, &mut tally);
                word.fetch_or((current_fields * DONE) << (8 * byte), Relaxed);
            }
        }
        self.flush(&mut children, next, &mut tally);
        tally
    }

    /// [`Fields::scan_bytes`] for the placements of wide masks.
    #[inline(always)]
    fn scan_wide(&self, first: usize, words: &[AtomicU64], layer: u32, current: u64, next: u64) -> Tally {
        let mut tally = Tally::default();
        let mut children = Children::new();
        let per_word = 64 / self.wide_bits;
        let slot_fields = u64::MAX >> (64 - self.wide_bits);
        for (offset, word) in words.iter().enumerate() {
            let value = word.load(Relaxed);
            let (is_current, done) = current_and_done(value, current);
            if is_current == 0 {
                continue;
            }
            for j in 0..per_word {
                let shift = j * self.wide_bits;
                let current_fields = (is_current >> shift) & slot_fields;
                if current_fields == 0 {
                    continue;
                }
                let slot = (first + offset) * per_word as usize + j as usize;
                let (wide, mut cells, index) = self.wide_placement(slot);
                if (done >> shift) & slot_fields == 0 {
                    self.settle(index, self.manhattan_of(&cells[..self.k]), layer);
                    tally.placements += 1;
                } else {
                    self.note_excess(index, &cells[..self.k], current_fields, layer);
                }
                self.note_bits(index, current_fields, layer);
                let blanks = current_cells(&wide.regions, current_fields);
                self.expand(index, &mut cells, wide.mask, blanks, next, &mut children, &mut tally);
                word.fetch_or((current_fields * DONE) << shift, Relaxed);
            }
        }
        self.flush(&mut children, next, &mut tally);
        tally
    }

    /// The wide mask, the cells and the rank of the placement in wide slot
    /// `slot`.
    fn wide_placement(&self, slot: usize) -> (&WideMask, [u8; MAX_CELLS], usize) {
        let wide = &self.occupancies.wide[slot / self.orders];
        let mut order = [0u8; MAX_CELLS];
        unrank(self.k, self.k, slot % self.orders, &mut order);
        let mut cells = [0u8; MAX_CELLS];
        for i in 0..self.k {
            cells[i] = select(wide.mask, u32::from(order[i])) as u8;
        }
        (wide, cells, rank(self.n, cells[..self.k].iter().copied()))
    }

    /// The word and the shift of the fields of wide slot `slot`.
    #[inline(always)]
    fn wide_word(&self, slot: usize) -> (usize, u32) {
        let per_word = (64 / self.wide_bits) as usize;
        (slot / per_word, (slot % per_word) as u32 * self.wide_bits)
    }

    /// Gives every placement of a wide mask that was reached a done field
    /// in its byte, as the others have.
    fn mark_wide_reached(&self) {
        let slots = self.occupancies.wide.len() * self.orders;
        let slot_fields = u64::MAX >> (64 - self.wide_bits);
        (0..slots).into_par_iter().for_each(|slot| {
            let (word, shift) = self.wide_word(slot);
            let value = self.wide[word].load(Relaxed) >> shift;
            if value & (value >> 1) & LOW_BITS & slot_fields != 0 {
                let (_, _, index) = self.wide_placement(slot);
                self.bytes[index / 8].fetch_or(DONE << (8 * (index % 8)), Relaxed);
            }
        });
    }
}

/// The cells of the regions `regions` whose fields `fields` marks (a low
/// bit per field): where the blank may be in the layer being expanded.
#[inline(always)]
fn current_cells(regions: &[u32], fields: u64) -> u32 {
    let mut cells = 0;
    for (r, &region) in regions.iter().enumerate() {
        if fields & (1 << (2 * r)) != 0 {
            cells |= region;
        }
    }
    cells
}

/// Gives a placement's byte of region bits (see `Fields::region_bits`)
/// the bit of its `regions` regions in every place when they all have
/// one: a lookup then reads the bit without numbering the blank's region.
#[inline(always)]
fn fill_alike(slot: &AtomicU8, regions: usize) {
    let all = ((1u16 << regions) - 1) as u8;
    let bits = slot.load(Relaxed) & all;
    if bits == 0 || bits == all {
        slot.store(if bits == 0 { 0 } else { u8::MAX }, Relaxed);
    }
}

/// Hands the memory of a stopped build back on a thread of its own: a
/// large one takes a third of a second, and a stopped build returns at once.
fn drop_aside<T: Send + 'static>(tables: T) {
    // A thread that cannot start gives the tables back to drop here.
    let _ = std::thread::Builder::new().name("pdb-free".into()).spawn(move || drop(tables));
}

/// The values of the pattern of goal cells `pattern` (`size` entries), the
/// blank's goal on `blank`, by rank; excesses over the Manhattan distance
/// beyond `nibble_excess` pairs of moves go to the side list.
/// How a build keeps what it finds besides each placement's distance.
#[derive(Clone, Copy)]
pub(super) struct Keeping {
    /// The largest excess over the Manhattan distance kept in four bits
    /// ([`NIBBLE_EXCESS`]; tests lower it to send entries to the side list).
    pub nibble_excess: u8,
    /// Whether each region's excess over its placement's distance is kept
    /// (for zero-aware lookups).
    pub region_excess: bool,
    /// Whether each region's distance is kept in one bit (for compact
    /// zero-aware lookups); the pattern's placements have at most
    /// [`MOST_BIT_REGIONS`] regions.
    pub region_bits: bool,
}

/// What a build found: each placement's distance (the least over its
/// regions), and what [`Keeping`] asked for besides, by rank.
pub(super) struct Tables {
    pub entries: Vec<u8>,
    pub region_excess: Option<Vec<u8>>,
    pub region_bits: Option<Vec<u8>>,
}

pub(super) fn build(
    geometry: &Geometry,
    pattern: &[u8],
    blank: u8,
    size: usize,
    progress: ProgressFn,
    limits: &BuildLimits,
    keeping: Keeping,
) -> Built<Tables> {
    let Keeping { nibble_excess, region_excess: keep_region_excess, region_bits: keep_region_bits } = keeping;
    let n = geometry.cells();
    let k = pattern.len();
    let neighbours = geometry.neighbour_masks();
    let occupancies = Occupancies::new(n, k, &neighbours);
    let orders: usize = (1..=k).product();
    // The field bytes become the database at the end: a byte vector,
    // read as 64-bit words from its first aligned byte on. Zeroed memory
    // comes from the allocator already zero, untouched pages and all, and
    // on huge pages where the kernel gives them: children are looked up at
    // random across tables of up to gigabytes.
    // Every table is asked for fallibly: a machine short of memory ends
    // the build with an outcome, not the process with an abort.
    let mut store: Vec<u8> = crate::cpu::try_huge_zeroed(size + 16).ok_or(Outcome::MemoryLimit)?;
    let align = store.as_ptr().align_offset(8).min(8);
    let words_len = size.div_ceil(8);
    // Two bits a region, in slots of 16, 32 or 64 bits.
    let most_regions = occupancies.wide.iter().map(|wide| wide.regions.len()).max().unwrap_or(0);
    let wide_bits = (2 * most_regions as u32).next_power_of_two().clamp(16, 64);
    let wide_store: Vec<AtomicU64> =
        bytemuck::allocation::try_zeroed_vec((occupancies.wide.len() * orders).div_ceil(64 / wide_bits as usize))
            .map_err(|()| Outcome::MemoryLimit)?;
    let excess_store: Vec<AtomicU8> = crate::cpu::try_huge_zeroed(size.div_ceil(2)).ok_or(Outcome::MemoryLimit)?;
    let manhattan: Vec<[u8; MAX_CELLS]> = pattern
        .iter()
        .map(|&home| {
            let mut row = [0u8; MAX_CELLS];
            for (cell, d) in row.iter_mut().enumerate().take(n) {
                *d = geometry.distance(cell, usize::from(home)) as u8;
            }
            row
        })
        .collect();
    let overflow = Mutex::new(Vec::new());
    let mut region_excess: Vec<u8> =
        if keep_region_excess { crate::cpu::try_huge_zeroed(size).ok_or(Outcome::MemoryLimit)? } else { Vec::new() };
    assert!(!keep_region_bits || occupancies.most_regions() <= MOST_BIT_REGIONS, "a byte of region bits");
    let mut region_bits: Vec<u8> =
        if keep_region_bits { crate::cpu::try_huge_zeroed(size).ok_or(Outcome::MemoryLimit)? } else { Vec::new() };
    let mut place = [0usize; MAX_CELLS];
    place[k - 1] = 1;
    for i in (0..k - 1).rev() {
        place[i] = place[i + 1] * (n - i - 1);
    }
    let searched = {
        // SAFETY: `store` has `size + 16` bytes, so from `align` (below 8)
        // on there are `words_len` whole 8-byte-aligned words, borrowed
        // here alone; an `AtomicU64` has the layout of a `u64`, which any
        // 8 initialised bytes are.
        let bytes: &[AtomicU64] =
            unsafe { std::slice::from_raw_parts(store.as_mut_ptr().add(align) as *const AtomicU64, words_len) };
        let fields = Fields {
            n,
            k,
            neighbours: &neighbours,
            occupancies: &occupancies,
            bytes,
            wide: &wide_store,
            wide_bits,
            orders,
            place,
            manhattan: &manhattan,
            excess: &excess_store,
            overflow: &overflow,
            nibble_excess,
            // SAFETY: an `AtomicU8` has the layout of a `u8`; the vector is
            // borrowed here alone.
            region_excess: keep_region_excess
                .then(|| unsafe { std::slice::from_raw_parts(region_excess.as_mut_ptr() as *const AtomicU8, size) }),
            // SAFETY: as `region_excess`.
            region_bits: keep_region_bits
                .then(|| unsafe { std::slice::from_raw_parts(region_bits.as_mut_ptr() as *const AtomicU8, size) }),
        };
        let searched = search(&fields, pattern, blank, size, progress, limits);
        if searched.is_ok() {
            fields.mark_wide_reached();
        }
        searched
    };
    if let Err(outcome) = searched {
        drop_aside((store, wide_store, excess_store, region_excess, region_bits));
        return Err(outcome);
    }
    drop(wide_store);
    // Each byte becomes the placement's distance: in blocks of the
    // placements that share all but the last tile's cell, which runs over
    // the free cells in increasing order.
    let last_cells = n - k + 1;
    let stopped: OnceLock<Outcome> = OnceLock::new();
    let data = &mut store[align..align + size];
    let excess: &[AtomicU8] = &excess_store;
    // SAFETY: as the fields' `region_bits`; each placement's byte is read
    // and written by the one thread that converts its entry.
    let bits: Option<&[AtomicU8]> = keep_region_bits
        .then(|| unsafe { std::slice::from_raw_parts(region_bits.as_mut_ptr() as *const AtomicU8, size) });
    data.par_chunks_mut(POLL_EVERY / last_cells * last_cells).enumerate().for_each(|(chunk, values)| {
        if stopped.get().is_some() {
            return;
        }
        if let Some(outcome) = limits.stop() {
            let _ = stopped.set(outcome);
            return;
        }
        let first = chunk * (POLL_EVERY / last_cells * last_cells);
        for (block, values) in values.chunks_mut(last_cells).enumerate() {
            // The block's first placement: the last tile on the lowest free cell.
            let mut full = [0u8; MAX_CELLS];
            unrank(n, k, first + block * last_cells, &mut full);
            let used = full[..k - 1].iter().fold(0u32, |m, &c| m | 1 << c);
            let prefix_manhattan: u32 =
                full[..k - 1].iter().zip(&manhattan).map(|(&c, row)| u32::from(row[c as usize])).sum();
            let mut free = (u32::MAX >> (32 - n)) & !used;
            for (offset, value) in values.iter_mut().enumerate() {
                let cell = free.trailing_zeros();
                free &= free - 1;
                let index = first + block * last_cells + offset;
                let done = *value & (*value >> 1) & LOW_BITS as u8;
                if let Some(bits) = bits {
                    fill_alike(&bits[index], occupancies.region_count(used | 1 << cell));
                }
                *value = if done == 0 {
                    u8::MAX
                } else {
                    let nibble = (excess[index / 2].load(Relaxed) >> (4 * (index % 2))) & 15;
                    (prefix_manhattan + u32::from(manhattan[k - 1][cell as usize]) + 2 * u32::from(nibble)) as u8
                };
            }
        }
    });
    if let Some(&outcome) = stopped.get() {
        drop_aside((store, excess_store, region_excess, region_bits));
        return Err(outcome);
    }
    drop(excess_store);
    for (index, distance) in overflow.into_inner().expect("not poisoned") {
        data[index as usize] = distance;
    }
    if align != 0 {
        store.copy_within(align..align + size, 0);
    }
    store.truncate(size);
    Ok(Tables {
        entries: store,
        region_excess: keep_region_excess.then_some(region_excess),
        region_bits: keep_region_bits.then_some(region_bits),
    })
}

/// The breadth-first search over the fields.
fn search(
    fields: &Fields,
    pattern: &[u8],
    blank: u8,
    size: usize,
    progress: ProgressFn,
    limits: &BuildLimits,
) -> Built<()> {
    let n = fields.n;
    let goal_index = rank(n, pattern.iter().copied());
    let goal_mask = pattern.iter().fold(0u32, |m, &c| m | 1 << c);
    // The goal state: the region of the blank's goal cell, alone.
    let (word, shift) = fields.field(goal_index, goal_mask, pattern, blank);
    word.fetch_or(1 << shift, Relaxed);
    let (mut reached, mut frontier) = (0u64, 1u64);
    let mut layer = 0u32;
    loop {
        if progress(BuildProgress { layer, reached, total: size as u64, frontier }) {
            return Err(Outcome::Interrupted);
        }
        // No placement is further than the board's diameter (at most 208
        // moves on 5 x 5) from home, so a layer number always fits the
        // byte, below the u8::MAX that marks "not reached".
        debug_assert!(layer < u32::from(u8::MAX));
        let current = 1 + u64::from(layer & 1);
        let next = 1 + u64::from((layer + 1) & 1);
        let stopped: OnceLock<Outcome> = OnceLock::new();
        let poll = || {
            if stopped.get().is_some() {
                return true;
            }
            if let Some(outcome) = limits.stop() {
                let _ = stopped.set(outcome);
                return true;
            }
            false
        };
        // Each chunk of placements is scanned by one thread, which alone
        // expands them and writes their excesses; the fields of their
        // children are shared.
        let scan_all = |wide: bool, words: &[AtomicU64], per_chunk: usize| {
            words
                .par_chunks(per_chunk)
                .enumerate()
                .map(|(chunk, words)| {
                    if poll() {
                        return Tally::default();
                    }
                    fields.scan_fastest(wide, chunk * per_chunk, words, layer, current, next)
                })
                .reduce(Tally::default, |a, b| a + b)
        };
        // A byte-word holds eight placements; a wide one 64 / wide_bits.
        let bytes = scan_all(false, fields.bytes, POLL_EVERY / 8);
        let wide = scan_all(true, fields.wide, POLL_EVERY / (64 / fields.wide_bits as usize));
        // A layer cut short leaves a table that is not a database.
        if let Some(&outcome) = stopped.get() {
            return Err(outcome);
        }
        let tally = bytes + wide;
        reached += tally.placements;
        frontier = tally.regions;
        layer += 1;
        if tally.regions == 0 {
            if progress(BuildProgress { layer, reached, total: size as u64, frontier }) {
                return Err(Outcome::Interrupted);
            }
            return Ok(());
        }
    }
}
