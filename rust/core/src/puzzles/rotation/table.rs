//! A pattern database that solves any board without search.
//!
//! For one number `v` the board abstracts to the set of cells holding `v`:
//! with `k` such cells there are C(24, k) sets (735,471 for the judge's
//! eight), and a breadth-first search backwards from the sets that cover
//! the centre gives, for each, the exact number of moves `v` needs. The
//! moves act on the set alone, so the abstraction loses nothing: a board's
//! optimum is the minimum over its numbers, and following the table
//! greedily (the smallest letter that keeps some number on an optimal
//! course) spells the lexicographically smallest optimal sequence.

use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};

use rayon::prelude::*;
use std::time::Instant;

use super::{cells_holding, centre_value, Move, CELLS, CENTRE_MASK};
use crate::{cache, Error, Iteration, Result, SearchResult, Stats};

/// Exact distances to a covered centre for every set of `k` cells.
#[derive(Debug, Clone)]
pub struct CentreTable {
    cells: u32,
    distances: Vec<u8>,
}

/// `BINOMIAL[n][r]` = C(n, r) for n, r <= 24.
const BINOMIAL: [[u32; CELLS + 1]; CELLS + 1] = {
    let mut table = [[0u32; CELLS + 1]; CELLS + 1];
    let mut n = 0;
    while n <= CELLS {
        table[n][0] = 1;
        let mut r = 1;
        while r <= n {
            table[n][r] = table[n - 1][r - 1] + if r < n { table[n - 1][r] } else { 0 };
            r += 1;
        }
        n += 1;
    }
    table
};

const UNREACHED: u8 = u8::MAX;

impl CentreTable {
    /// Builds the table for sets of `cells` cells (8 to 24).
    pub fn build(cells: u32) -> Result<Self> {
        if !(8..=CELLS as u32).contains(&cells) {
            return Err(Error::InvalidArgument(format!("a centre table covers 8 to 24 cells, got {cells}")));
        }
        let size = BINOMIAL[CELLS][cells as usize] as usize;
        let distances: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNREACHED)).collect();
        let moves = ByteMoves::new();
        // The sets covering the centre: the centre plus any `cells - 8` of
        // the 16 other cells.
        let others = !CENTRE_MASK & ((1 << CELLS) - 1);
        let mut frontier: Vec<u32> = combinations(others, cells - 8).map(|extra| CENTRE_MASK | extra).collect();
        for &set in &frontier {
            distances[rank(set) as usize].store(0, Ordering::Relaxed);
        }
        let mut unreached = size - frontier.len();
        let mut layer = frontier.len();
        let mut distance = 0u8;
        while layer > 0 && unreached > 0 {
            distance += 1;
            if layer * 2 > unreached {
                // Late layers: most sets are reached already, so each set
                // still unreached looks for a neighbour in the last layer
                // (stopping at the first) instead of the layer pushing
                // into every neighbour.
                layer = reach_backwards(&distances, &moves, cells, distance);
            } else {
                // Each layer on all cores; a set reached twice is claimed once.
                frontier = frontier
                    .par_chunks(4096)
                    .flat_map_iter(|chunk| {
                        let mut reached = Vec::new();
                        for &set in chunk {
                            for mv in 0..8 {
                                let moved = moves.apply(mv, set);
                                let slot = &distances[rank(moved) as usize];
                                if slot.load(Ordering::Relaxed) == UNREACHED
                                    && slot
                                        .compare_exchange(UNREACHED, distance, Ordering::Relaxed, Ordering::Relaxed)
                                        .is_ok()
                                {
                                    reached.push(moved);
                                }
                            }
                        }
                        reached
                    })
                    .collect();
                layer = frontier.len();
            }
            unreached -= layer;
        }
        let distances = distances.into_iter().map(AtomicU8::into_inner).collect();
        Ok(CentreTable { cells, distances })
    }

    /// How many cells each set in the table has.
    pub fn cells(&self) -> u32 {
        self.cells
    }

    pub fn len(&self) -> usize {
        self.distances.len()
    }

    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// The moves the number on `set` needs to fill the centre.
    #[inline]
    pub fn distance(&self, set: u32) -> u32 {
        debug_assert_eq!(set.count_ones(), self.cells);
        u32::from(self.distances[rank(set) as usize])
    }

    /// The distances, one byte per set, in order of rank.
    pub fn as_bytes(&self) -> &[u8] {
        &self.distances
    }

    /// How many sets lie at each distance: 1 set at 0 for eight cells, ...
    pub fn layer_sizes(&self) -> Vec<u64> {
        let mut layers = Vec::new();
        for &d in &self.distances {
            let d = d as usize;
            if layers.len() <= d {
                layers.resize(d + 1, 0);
            }
            layers[d] += 1;
        }
        layers
    }
}

/// Bumped whenever the table's layout or meaning changes, so that old cache
/// files are rebuilt.
pub const TABLE_FORMAT_VERSION: u32 = 1;

/// The table for sets of `cells` cells, once per process and shared: read
/// from the cache directory when a sound copy is there (about a millisecond),
/// else built and stored for the next process.
pub fn shared_table(cells: u32) -> Result<Arc<CentreTable>> {
    static TABLES: [OnceLock<Arc<CentreTable>>; CELLS + 1] = [const { OnceLock::new() }; CELLS + 1];
    let slot = TABLES
        .get(cells as usize)
        .ok_or_else(|| Error::InvalidArgument(format!("a centre table covers 8 to 24 cells, got {cells}")))?;
    if let Some(table) = slot.get() {
        return Ok(table.clone());
    }
    let table = Arc::new(cached_table(cells, cache::cache_dir(None).as_deref())?);
    Ok(slot.get_or_init(|| table).clone())
}

/// The table from `dir` when a sound copy is there, else built and stored.
pub(super) fn cached_table(cells: u32, dir: Option<&Path>) -> Result<CentreTable> {
    if !(8..=CELLS as u32).contains(&cells) {
        return Err(Error::InvalidArgument(format!("a centre table covers 8 to 24 cells, got {cells}")));
    }
    let mut header = b"IDASTAR-ROTATION-CENTRE\0".to_vec();
    header.extend_from_slice(&TABLE_FORMAT_VERSION.to_le_bytes());
    header.push(cells as u8);
    let path = dir.map(|dir| dir.join(format!("rotation-centre-{cells}.bin")));
    let length = BINOMIAL[CELLS][cells as usize] as usize;
    if let Some(distances) = path.as_deref().and_then(|path| cache::load_table(path, &header, length).ok()) {
        return Ok(CentreTable { cells, distances });
    }
    let table = CentreTable::build(cells)?;
    if let Some(path) = &path {
        // A cache that cannot be written only costs a rebuild next time.
        let _ = cache::save_table(path, &header, &table.distances);
    }
    Ok(table)
}

/// One breadth-first layer found backwards: every set still unreached that
/// has a neighbour at `distance - 1` is at `distance`. Sets are visited in
/// rank order (the next set of the same size in numeric order has the next
/// rank), in chunks spread over all cores. Returns how many were reached.
fn reach_backwards(distances: &[AtomicU8], moves: &ByteMoves, cells: u32, distance: u8) -> usize {
    const CHUNK: usize = 1 << 14;
    let size = distances.len();
    (0..size.div_ceil(CHUNK))
        .into_par_iter()
        .map(|chunk| {
            let first = chunk * CHUNK;
            let mut set = unrank(first as u32, cells);
            let mut reached = 0;
            for slot in &distances[first..(first + CHUNK).min(size)] {
                if slot.load(Ordering::Relaxed) == UNREACHED {
                    let near = (0..8).any(|mv| {
                        distances[rank(moves.apply(mv, set)) as usize].load(Ordering::Relaxed) == distance - 1
                    });
                    if near {
                        slot.store(distance, Ordering::Relaxed);
                        reached += 1;
                    }
                }
                set = next_of_same_size(set);
            }
            reached
        })
        .sum()
}

/// The set of the same size with the next rank (Gosper's hack).
#[inline]
fn next_of_same_size(set: u32) -> u32 {
    if set == 0 {
        return 0;
    }
    let lowest = set & set.wrapping_neg();
    let ripple = set.wrapping_add(lowest);
    (((ripple ^ set) >> 2) / lowest) | ripple
}

/// The set of `cells` cells with the given rank.
pub(super) fn unrank(mut rank: u32, cells: u32) -> u32 {
    let mut set = 0;
    let mut top = CELLS;
    for i in (1..=cells as usize).rev() {
        // The largest cell c below the previous one with C(c, i) <= rank.
        top -= 1;
        while BINOMIAL[top][i] > rank {
            top -= 1;
        }
        set |= 1 << top;
        rank -= BINOMIAL[top][i];
    }
    set
}

/// The position of a set among all sets of its size (combinatorial number
/// system: the `i`-th lowest cell `c` adds C(c, i + 1)), a byte at a time:
/// `RANK_BYTES[b][ones below][byte]` is what the cells of byte `b` add.
#[inline]
pub(super) fn rank(set: u32) -> u32 {
    let (low, middle, high) = (set & 0xFF, (set >> 8) & 0xFF, set >> 16);
    let below_middle = low.count_ones() as usize;
    let below_high = below_middle + middle.count_ones() as usize;
    RANK_BYTES[0][0][low as usize]
        + RANK_BYTES[1][below_middle][middle as usize]
        + RANK_BYTES[2][below_high][high as usize]
}

static RANK_BYTES: [[[u32; 256]; 17]; 3] = {
    let mut table = [[[0u32; 256]; 17]; 3];
    let mut byte = 0;
    while byte < 3 {
        let mut below = 0;
        while below <= 16 {
            let mut bits = 0;
            while bits < 256 {
                let mut sum = 0;
                let mut ones = below;
                let mut j = 0;
                while j < 8 {
                    if bits >> j & 1 == 1 {
                        ones += 1;
                        if ones <= CELLS {
                            sum += BINOMIAL[8 * byte + j][ones];
                        }
                    }
                    j += 1;
                }
                table[byte][below][bits] = sum;
                bits += 1;
            }
            below += 1;
        }
        byte += 1;
    }
    table
};

/// The moves on sets of cells, a byte at a time: a move permutes cells, so
/// the image of a set is the union of the images of its three bytes.
struct ByteMoves {
    images: Box<[[[u32; 256]; 3]; 8]>,
}

impl ByteMoves {
    fn new() -> Self {
        let mut images = Box::new([[[0u32; 256]; 3]; 8]);
        for mv in Move::ALL {
            for byte in 0..3 {
                for bits in 0..256u32 {
                    images[mv.index()][byte][bits as usize] = mv.apply_to_cells(bits << (8 * byte));
                }
            }
        }
        ByteMoves { images }
    }

    #[inline]
    fn apply(&self, mv: usize, set: u32) -> u32 {
        let images = &self.images[mv];
        images[0][(set & 0xFF) as usize] | images[1][((set >> 8) & 0xFF) as usize] | images[2][(set >> 16) as usize]
    }
}

/// Every subset of `of` with `size` elements, in increasing order of the
/// subset's bits taken as a number (Gosper's hack over the positions of
/// `of`).
pub(super) fn combinations(of: u32, size: u32) -> impl Iterator<Item = u32> {
    let positions: Vec<u32> = (0..32).filter(|&c| of >> c & 1 == 1).collect();
    let count = positions.len() as u32;
    let mut pick: u64 = if size <= count { (1u64 << size) - 1 } else { 1u64 << 63 };
    std::iter::from_fn(move || {
        if size > count || pick >> count != 0 {
            return None;
        }
        let current = pick;
        // Gosper's hack: the next larger number with the same number of ones.
        if size == 0 {
            pick = 1u64 << 63;
        } else {
            let lowest = current & current.wrapping_neg();
            let ripple = current + lowest;
            pick = (((ripple ^ current) >> 2) / lowest) | ripple;
        }
        let mut set = 0;
        let mut bits = current;
        while bits != 0 {
            set |= 1 << positions[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        Some(set)
    })
}

/// What [`TableSolution::solve`] found.
pub struct TableSolution;

impl TableSolution {
    /// The shortest, lexicographically smallest move sequence for a packed
    /// board (as [`super::pack`] makes it), as a search result; the number in
    /// the centre afterwards is [`super::centre_value`] of the replayed board.
    /// Statistics: one "expansion" per move chosen, one "generated" per
    /// table lookup.
    pub fn solve(board: u64) -> Result<(SearchResult<Move>, u32)> {
        let started = Instant::now();
        // Each number that can fill the centre, with its cells and table.
        let mut numbers = Vec::with_capacity(3);
        for value in 1..=3 {
            let cells = cells_holding(board, value);
            if cells.count_ones() >= 8 {
                numbers.push((cells, shared_table(cells.count_ones())?));
            }
        }
        if numbers.is_empty() {
            return Err(Error::invalid("no number occurs 8 times, so none can fill the centre"));
        }
        let mut lookups = numbers.len() as u64;
        let optimum = numbers.iter().map(|(cells, table)| table.distance(*cells)).min().expect("not empty");
        let mut path = Vec::with_capacity(optimum as usize);
        let mut state = board;
        for remaining in (0..optimum).rev() {
            let chosen = Move::ALL
                .into_iter()
                .find(|&mv| {
                    numbers.iter().any(|(cells, table)| {
                        lookups += 1;
                        table.distance(mv.apply_to_cells(*cells)) == remaining
                    })
                })
                .expect("a move on an optimal course exists while the centre is not filled");
            for (cells, _) in numbers.iter_mut() {
                *cells = chosen.apply_to_cells(*cells);
            }
            state = chosen.apply(state);
            path.push(chosen);
        }
        let stats = Stats {
            iterations: vec![Iteration { bound: optimum, expanded: optimum.into(), generated: lookups }],
            expanded: optimum.into(),
            generated: lookups,
            elapsed: started.elapsed(),
        };
        Ok((SearchResult::solved(optimum, path, stats), centre_value(state)))
    }
}
