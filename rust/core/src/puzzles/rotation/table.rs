//! A pattern database that solves any board in microseconds.
//!
//! For one number `v` the board abstracts to the set of cells holding `v`:
//! with `k` such cells there are C(24, k) sets (735,471 for the judge's
//! eight), and a breadth-first search backwards from the sets that cover
//! the centre gives, for each, the exact number of moves `v` needs. The
//! moves act on the set alone, so the abstraction loses nothing: a board's
//! optimum is the minimum over its numbers, and following the table
//! greedily (the smallest letter that keeps some number on an optimal
//! course) spells the lexicographically smallest optimal sequence.
//!
//! A table for solving need not hold every layer. The last layers are the
//! bulk of the work (for eight cells, layers 10 to 14 hold 64% of the sets)
//! and few boards reach them, so the solver's table stops once a third of
//! the sets are placed; a set further out finds its distance by a search of
//! a few moves down to the table's edge. The census and the exported bytes
//! complete the table first.

use std::path::Path;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, OnceLock};

use rayon::prelude::*;
use std::time::Instant;

use super::{cells_holding, centre_value, Move, CELLS, CENTRE_MASK};
use crate::{cache, Error, Iteration, Result, SearchResult, Stats};

/// Exact distances to a covered centre for the sets of `k` cells: for
/// every set, or (a near table) for those within [`CentreTable::depth`]
/// moves, the others being found by search.
#[derive(Debug, Clone)]
pub struct CentreTable {
    cells: u32,
    /// Every set at this distance or nearer has its byte; [`COMPLETE`] when
    /// every set has.
    depth: u8,
    distances: Vec<u8>,
}

/// `BINOMIAL[n][r]` = C(n, r) for n, r <= 24.
pub(super) const BINOMIAL: [[u32; CELLS + 1]; CELLS + 1] = {
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

/// The byte of a set not (yet) placed in a layer.
const UNREACHED: u8 = u8::MAX;
/// The depth of a table that holds every layer.
const COMPLETE: u8 = u8::MAX;

impl CentreTable {
    /// Builds the complete table for sets of `cells` cells (8 to 24).
    pub fn build(cells: u32) -> Result<Self> {
        Self::build_layers(cells, false)
    }

    /// Builds the layers up to the first by which a third of the sets are
    /// placed (9 of 14 for eight cells); [`CentreTable::distance`] searches
    /// from a set further out down to that layer.
    pub fn build_near(cells: u32) -> Result<Self> {
        Self::build_layers(cells, true)
    }

    fn build_layers(cells: u32, near: bool) -> Result<Self> {
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
        // Counts may run a little high (see `reach_forwards`); they only
        // steer, and the backward pass lists the unreached sets exactly.
        let mut reached = frontier.len();
        let mut distance = 0u8;
        let table = |distances: Vec<AtomicU8>, depth| CentreTable {
            cells,
            depth,
            distances: distances.into_iter().map(AtomicU8::into_inner).collect(),
        };
        loop {
            if frontier.is_empty() {
                return Ok(table(distances, COMPLETE));
            }
            if near && reached * 3 >= size {
                return Ok(table(distances, distance));
            }
            // Early layers push into every neighbour; once a layer is about
            // as large as what is left, each set still unreached instead
            // looks for a neighbour in the last layer and stops at the first.
            if frontier.len() * 2 > size.saturating_sub(reached) {
                reach_backwards(&distances, &moves, cells, distance);
                return Ok(table(distances, COMPLETE));
            }
            distance += 1;
            // Chunks small enough that each one's output is not mapped and
            // unmapped afresh.
            frontier = frontier
                .par_chunks(1024)
                .flat_map_iter(|chunk| reach_forwards(&distances, &moves, chunk, distance))
                .collect();
            reached += frontier.len();
        }
    }

    /// This table with every layer; the missing ones are found backwards
    /// from the last one held.
    pub fn completed(self) -> Self {
        if self.is_complete() {
            return self;
        }
        let distances: Vec<AtomicU8> = self.distances.into_iter().map(AtomicU8::new).collect();
        reach_backwards(&distances, &ByteMoves::new(), self.cells, self.depth);
        CentreTable {
            cells: self.cells,
            depth: COMPLETE,
            distances: distances.into_iter().map(AtomicU8::into_inner).collect(),
        }
    }

    /// Whether every set has its distance stored.
    pub fn is_complete(&self) -> bool {
        self.depth == COMPLETE
    }

    /// The distance out to which every set has its distance stored.
    pub fn depth(&self) -> u32 {
        u32::from(self.depth)
    }

    /// How many cells each set in the table has.
    pub fn cells(&self) -> u32 {
        self.cells
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Whether the table has no entry.
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// The moves the number on `set` needs to fill the centre (searched
    /// for, beyond a near table's depth).
    pub fn distance(&self, set: u32) -> u32 {
        debug_assert_eq!(set.count_ones(), self.cells);
        let stored = self.distances[rank(set) as usize];
        if stored != UNREACHED || self.is_complete() {
            return u32::from(stored);
        }
        // Every set is reachable (the moves are 7-cycles, so they generate
        // the alternating group, which moves any set of cells onto any
        // other), so this ends.
        (self.depth() + 1..).find(|&bound| self.within(set, bound)).expect("a bound is reached")
    }

    /// Whether the number on `set` can fill the centre in `bound` moves.
    #[inline]
    pub fn within(&self, set: u32, bound: u32) -> bool {
        self.within_after(set, bound, None)
    }

    /// At most the moves the number on `set` needs: its distance, or for a
    /// set beyond a near table's depth, one more than the depth.
    #[inline]
    pub fn lower_bound(&self, set: u32) -> u32 {
        match self.distances[rank(set) as usize] {
            UNREACHED if !self.is_complete() => self.depth() + 1,
            stored => u32::from(stored),
        }
    }

    /// [`CentreTable::within`] for a set that `last` led to from a set
    /// being searched: a path that undoes `last` is covered there.
    #[inline]
    fn within_after(&self, set: u32, bound: u32, last: Option<Move>) -> bool {
        match self.distances[rank(set) as usize] {
            UNREACHED => bound > self.depth() && self.search_beyond(set, bound, last),
            stored => u32::from(stored) <= bound,
        }
    }

    /// Whether a set beyond the depth reaches the centre in `bound` moves,
    /// one more than the depth or more: through a neighbour within one less.
    fn search_beyond(&self, set: u32, bound: u32, last: Option<Move>) -> bool {
        Move::ALL
            .into_iter()
            .filter(|&mv| Some(mv.inverse()) != last)
            .any(|mv| self.within_after(mv.apply_to_cells(set), bound - 1, Some(mv)))
    }

    /// The stored distances, one byte per set in order of rank; 255 for a
    /// set beyond a near table's depth.
    pub fn as_bytes(&self) -> &[u8] {
        &self.distances
    }

    /// How many sets lie at each stored distance: 1 set at 0 for eight
    /// cells, ...
    pub fn layer_sizes(&self) -> Vec<u64> {
        let mut layers = Vec::new();
        for &d in self.distances.iter().filter(|&&d| d != UNREACHED) {
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
pub const TABLE_FORMAT_VERSION: u32 = 2;

/// The table for solving boards of `cells` cells, once per process and
/// shared: read from the cache directory when a sound copy is there (about
/// a millisecond), else built near (see [`CentreTable::build_near`]) and
/// stored for the next process. Fails when `$IDASTAR_CACHE_DIR` names
/// something that cannot be a directory (see [`cache::usable_cache_dir`]).
pub fn shared_table(cells: u32) -> Result<Arc<CentreTable>> {
    let slot = SOLVING_TABLES.get(cells as usize).ok_or_else(|| cells_out_of_range(cells))?;
    if let Some(table) = slot.get() {
        return Ok(table.clone());
    }
    let table = Arc::new(cached_table(cells, cache::usable_cache_dir(None)?.as_deref(), false)?);
    Ok(slot.get_or_init(|| table).clone())
}

/// The tables [`shared_table`] has loaded, by their number of cells.
static SOLVING_TABLES: [OnceLock<Arc<CentreTable>>; CELLS + 1] = [const { OnceLock::new() }; CELLS + 1];

/// Whether [`shared_table`] has the table for `cells` cells already (and so
/// returns at once).
pub fn table_is_loaded(cells: u32) -> bool {
    SOLVING_TABLES.get(cells as usize).is_some_and(|slot| slot.get().is_some())
}

/// Like [`shared_table`], but with every layer (for the census and for
/// exporting the table); stored complete, so later processes load it so.
pub fn shared_complete_table(cells: u32) -> Result<Arc<CentreTable>> {
    static TABLES: [OnceLock<Arc<CentreTable>>; CELLS + 1] = [const { OnceLock::new() }; CELLS + 1];
    let slot = TABLES.get(cells as usize).ok_or_else(|| cells_out_of_range(cells))?;
    if let Some(table) = slot.get() {
        return Ok(table.clone());
    }
    let shared = shared_table(cells)?;
    let table = if shared.is_complete() {
        shared
    } else {
        Arc::new(cached_table(cells, cache::usable_cache_dir(None)?.as_deref(), true)?)
    };
    Ok(slot.get_or_init(|| table).clone())
}

fn cells_out_of_range(cells: u32) -> Error {
    Error::InvalidArgument(format!("a centre table covers 8 to 24 cells, got {cells}"))
}

/// The table from `dir` when a sound copy is there (and complete, if
/// `complete`), else built and stored. The stored data is the depth byte,
/// then the distances.
pub(super) fn cached_table(cells: u32, dir: Option<&Path>, complete: bool) -> Result<CentreTable> {
    if !(8..=CELLS as u32).contains(&cells) {
        return Err(cells_out_of_range(cells));
    }
    let mut header = b"IDASTAR-ROTATION-CENTRE\0".to_vec();
    header.extend_from_slice(&TABLE_FORMAT_VERSION.to_le_bytes());
    header.push(cells as u8);
    let path = dir.map(|dir| dir.join(format!("rotation-centre-{cells}.bin")));
    let length = BINOMIAL[CELLS][cells as usize] as usize + 1;
    let stored = path.as_deref().and_then(|path| cache::load_table(path, &header, length).ok());
    let found = stored.map(|mut data| {
        let depth = data.remove(0);
        CentreTable { cells, depth, distances: data }
    });
    let table = match found {
        Some(table) if table.is_complete() || !complete => return Ok(table),
        Some(near) => near.completed(),
        None if complete => CentreTable::build(cells)?,
        None => CentreTable::build_near(cells)?,
    };
    if let Some(path) = &path {
        // A cache that cannot be written only costs a rebuild next time.
        let _ = cache::save_table(path, &header, &[&[table.depth], table.as_bytes()].concat());
    }
    Ok(table)
}

/// The sets first reached from `sets`, marked at `distance`.
///
/// Whether a neighbour is new is a coin toss, so nothing here branches on
/// it (a mispredicted branch per neighbour would double the cost): each
/// neighbour's byte is rewritten, with `distance` if it was unreached and
/// with its own value otherwise, and every neighbour is written to the
/// output while only a new one advances it. Two cores may both find a set
/// new and both list it; that costs a little repeated work and nothing
/// else, because a byte only ever changes from unreached to `distance`.
fn reach_forwards(distances: &[AtomicU8], moves: &ByteMoves, sets: &[u32], distance: u8) -> Vec<u32> {
    let mut reached = vec![0u32; sets.len() * 8];
    let mut count = 0;
    for &set in sets {
        for mv in 0..8 {
            let moved = moves.apply(mv, set);
            let slot = &distances[rank(moved) as usize];
            let old = slot.load(Ordering::Relaxed);
            let new = old == UNREACHED;
            slot.store(if new { distance } else { old }, Ordering::Relaxed);
            reached[count] = moved;
            count += usize::from(new);
        }
    }
    reached.truncate(count);
    reached
}

/// The remaining layers found backwards, after layer `distance`: every set
/// still unreached that has a neighbour in the last layer is in the next
/// one. The sets still unreached are listed once, by a scan in rank order
/// (the next set of the same size in numeric order has the next rank), and
/// the list shrinks layer by layer.
fn reach_backwards(distances: &[AtomicU8], moves: &ByteMoves, cells: u32, mut distance: u8) {
    const CHUNK: usize = 1 << 14;
    let size = distances.len();
    let mut unreached: Vec<(u32, u32)> = (0..size.div_ceil(CHUNK))
        .into_par_iter()
        .flat_map_iter(|chunk| {
            let first = chunk * CHUNK;
            let mut set = unrank(first as u32, cells);
            let mut found = Vec::new();
            for (set_rank, slot) in (first as u32..).zip(&distances[first..(first + CHUNK).min(size)]) {
                if slot.load(Ordering::Relaxed) == UNREACHED {
                    found.push((set, set_rank));
                }
                set = next_of_same_size(set);
            }
            found
        })
        .collect();
    while !unreached.is_empty() {
        let before = unreached.len();
        distance += 1;
        // A set marked in this pass holds `distance`, not `distance - 1`,
        // so marking as we go cannot mislead a later test.
        unreached = unreached
            .into_par_iter()
            .filter(|&(set, set_rank)| {
                let near = (0..8)
                    .any(|mv| distances[rank(moves.apply(mv, set)) as usize].load(Ordering::Relaxed) == distance - 1);
                if near {
                    distances[set_rank as usize].store(distance, Ordering::Relaxed);
                }
                !near
            })
            .collect();
        if unreached.len() == before {
            break; // the rest cannot reach the centre at all
        }
    }
}

/// The set of the same size with the next rank (Gosper's hack).
#[inline]
fn next_of_same_size(set: u32) -> u32 {
    if set == 0 {
        return 0;
    }
    // Shifting by the lowest cell's position divides by `lowest` without
    // the latency of a division, which would sit on the scan's critical path.
    let lowest = set & set.wrapping_neg();
    let ripple = set.wrapping_add(lowest);
    (((ripple ^ set) >> 2) >> set.trailing_zeros()) | ripple
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
    /// question put to a table (a set beyond a near table's depth asks more
    /// lookups than that).
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
        let mut lookups = 0u64;
        // The nearest number's distance, searching only when every number
        // lies beyond its table's depth.
        let floor = numbers.iter().map(|(cells, table)| table.lower_bound(*cells)).min().expect("not empty");
        let optimum = (floor..)
            .find(|&bound| {
                numbers.iter().any(|(cells, table)| {
                    lookups += 1;
                    table.within(*cells, bound)
                })
            })
            .expect("every set reaches the centre");
        // After a move every number is at least `remaining` moves away, so
        // "within `remaining`" means "exactly `remaining`".
        let mut path = Vec::with_capacity(optimum as usize);
        let mut state = board;
        for remaining in (0..optimum).rev() {
            let chosen = Move::ALL
                .into_iter()
                .find(|&mv| {
                    numbers.iter().any(|(cells, table)| {
                        lookups += 1;
                        table.within(mv.apply_to_cells(*cells), remaining)
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
