//! Additive disjoint pattern databases (Korf and Felner 2002).
//!
//! A pattern is a set of tiles, named by their goal cells. Its database
//! holds, for every placement of those tiles, the fewest moves *of pattern
//! tiles* that bring them home, the other tiles being indistinguishable and
//! their moves free. Moves of one pattern's tiles are never counted by
//! another, so the values of disjoint patterns add up to a lower bound.
//!
//! A placement is ranked as a k-permutation of the board's cells (`n! /
//! (n-k)!` entries, one byte each). The database is built by a breadth-first
//! search backwards from the goal placement over (placement, blank
//! component): moving the blank through empty cells costs nothing, so where
//! the blank is matters only up to the connected component of empty cells it
//! stands in. Each placement keeps two bits per empty cell (unseen, reached
//! in the layer being expanded, reached for the next layer, done); layers
//! are expanded by scanning every placement in parallel.
//!
//! The reflected lookup (Culberson and Schaeffer's symmetry, as used by
//! Korf and Felner) mirrors the board about its main diagonal: when the goal
//! maps onto itself, the mirrored position is as far from the goal as the
//! position, so the same databases give a second bound, and the larger of
//! the two is taken.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;

use rayon::prelude::*;

use super::board::{Geometry, Goal, MAX_CELLS};
use super::search::Incremental;
use crate::{Error, Result};

/// The most patterns a set holds (tiles left out of every pattern count as
/// one-tile patterns, so up to 24).
pub const MAX_PATTERNS: usize = 24;

/// `n! / (n - k)!`: the placements of `k` distinct tiles on `n` cells.
pub fn entries(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// The rank of a placement (the cell of each pattern tile, in pattern
/// order) among the `n! / (n-k)!` of them: a mixed-radix number whose digit
/// `i` counts the cells below `cells[i]` not taken by tiles before it.
#[inline(always)]
pub fn rank(n: usize, cells: impl Iterator<Item = u8>) -> usize {
    let mut used = 0u32;
    let mut index = 0usize;
    for (i, cell) in cells.enumerate() {
        let below = (1u32 << cell) - 1;
        let digit = cell as u32 - (used & below).count_ones();
        index = index * (n - i) + digit as usize;
        used |= 1 << cell;
    }
    index
}

/// The placement of rank `index`; the inverse of [`rank`].
pub fn unrank(n: usize, k: usize, mut index: usize, cells: &mut [u8]) {
    let mut digits = [0usize; MAX_CELLS];
    for i in (0..k).rev() {
        let base = n - i;
        digits[i] = index % base;
        index /= base;
    }
    let mut used = 0u32;
    for i in 0..k {
        // The digits[i]-th free cell.
        let mut free = !used & ((1u32 << n) - 1);
        for _ in 0..digits[i] {
            free &= free - 1;
        }
        let cell = free.trailing_zeros();
        cells[i] = cell as u8;
        used |= 1 << cell;
    }
}

/// Reported after each layer of a build; returning `true` cancels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildProgress {
    /// The layer just finished (its distance).
    pub layer: u32,
    /// Placements whose distance is known (those of the layers expanded so
    /// far); equal to `total` in the report that ends the build.
    pub reached: u64,
    pub total: u64,
}

pub type ProgressFn<'a> = &'a (dyn Fn(BuildProgress) -> bool + Sync);

/// One pattern database.
#[derive(Clone, PartialEq, Eq)]
pub struct PatternDb {
    width: usize,
    height: usize,
    cells: Vec<u8>,
    data: Vec<u8>,
}

impl std::fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDb")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("cells", &self.cells)
            .field("entries", &self.data.len())
            .finish()
    }
}

impl PatternDb {
    /// Checks that `cells` are distinct cells of the board, none the goal's
    /// blank cell.
    pub fn check_cells(geometry: &Geometry, goal: &Goal, cells: &[u8]) -> Result<()> {
        let n = geometry.cells();
        if cells.is_empty() || cells.len() >= n {
            return Err(Error::InvalidArgument(format!("a pattern needs 1 to {} tiles, got {}", n - 1, cells.len())));
        }
        let mut seen = 0u32;
        for &cell in cells {
            let tile = goal.tiles().get(cell as usize).copied();
            if cell as usize >= n || tile == Some(0) {
                return Err(Error::InvalidArgument(format!("pattern cell {cell} is not a tile's goal cell")));
            }
            if seen & (1 << cell) != 0 {
                return Err(Error::InvalidArgument(format!("pattern cell {cell} is given twice")));
            }
            seen |= 1 << cell;
        }
        Ok(())
    }

    /// Builds the database of the tiles whose goal cells are `cells` by
    /// breadth-first search, on rayon's pool. `None` if `progress` cancels.
    pub fn build(geometry: &Geometry, cells: &[u8], progress: ProgressFn) -> Option<PatternDb> {
        let free = geometry.cells() - cells.len();
        let data = if free <= 8 {
            build_with::<AtomicU16, u16>(geometry, cells, progress)
        } else if free <= 16 {
            build_with::<AtomicU32, u32>(geometry, cells, progress)
        } else {
            build_with::<AtomicU64, u64>(geometry, cells, progress)
        }?;
        Some(PatternDb { width: geometry.width(), height: geometry.height(), cells: cells.to_vec(), data })
    }

    pub(crate) fn from_parts(width: usize, height: usize, cells: Vec<u8>, data: Vec<u8>) -> PatternDb {
        PatternDb { width, height, cells, data }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The goal cells of the pattern's tiles, in the order of the ranking.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// One byte per placement, by [`rank`].
    pub fn data(&self) -> &[u8] {
        &self.data
    }

    /// The value of the placement where pattern tile `i` stands on
    /// `cells[i]`.
    #[inline(always)]
    pub fn lookup(&self, cells: impl Iterator<Item = u8>) -> u8 {
        let index = rank(self.width * self.height, cells);
        // SAFETY: `rank` of a placement of `k` distinct cells of the board
        // is below `n! / (n-k)!`, the length of `data`.
        debug_assert!(index < self.data.len());
        unsafe { *self.data.get_unchecked(index) }
    }
}

/// The atomic words of the build: two bits per empty cell of a placement.
trait Word: Sync + Send + Sized {
    fn load(&self) -> u64;
    fn try_set(&self, current: u64, new: u64) -> std::result::Result<u64, u64>;
    fn or(&self, bits: u64);
}

macro_rules! word {
    ($atomic:ty, $plain:ty) => {
        impl Word for $atomic {
            #[inline]
            fn load(&self) -> u64 {
                <$atomic>::load(self, Ordering::Relaxed) as u64
            }
            #[inline]
            fn try_set(&self, current: u64, new: u64) -> std::result::Result<u64, u64> {
                self.compare_exchange_weak(current as $plain, new as $plain, Ordering::Relaxed, Ordering::Relaxed)
                    .map(|v| v as u64)
                    .map_err(|v| v as u64)
            }
            #[inline]
            fn or(&self, bits: u64) {
                self.fetch_or(bits as $plain, Ordering::Relaxed);
            }
        }
    };
}
word!(AtomicU16, u16);
word!(AtomicU32, u32);
word!(AtomicU64, u64);

const DONE: u64 = 3;

/// Asks for the cache line of `value` ahead of its use.
#[inline(always)]
fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint; it never faults, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch(value as *const T as *const i8, std::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// The cells of the empty-cell component around `start`.
#[inline]
fn component(start: u32, empty: u32, neighbours: &[u32]) -> u32 {
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

/// Two-bit fields holding `code` for each cell of `cells`, numbered by the
/// rank of the cell among the `empty` ones.
#[inline]
fn fields(cells: u32, empty: u32, code: u64) -> u64 {
    let mut out = 0;
    let mut bits = cells;
    while bits != 0 {
        let cell = bits.trailing_zeros();
        let slot = (empty & ((1u32 << cell) - 1)).count_ones();
        out |= code << (2 * slot);
        bits &= bits - 1;
    }
    out
}

fn build_with<W: Word, P: Copy + Default + Send + Sync>(
    geometry: &Geometry,
    pattern: &[u8],
    progress: ProgressFn,
) -> Option<Vec<u8>> {
    let n = geometry.cells();
    let k = pattern.len();
    let size = entries(n, k);
    let board = (1u32 << n) - 1;
    let neighbours = geometry.neighbour_masks();
    // Zeroed memory comes from the allocator already zero, untouched pages
    // and all: far faster than initialising atomics one by one.
    let mut word_store: Vec<P> = vec![P::default(); size];
    let mut dist_store: Vec<u8> = vec![u8::MAX; size];
    // SAFETY: the atomic integer types have the size and alignment of the
    // plain ones (documented), and the plain vectors are not used again
    // until the atomic views are dropped.
    let words: &[W] = unsafe { std::slice::from_raw_parts(word_store.as_mut_ptr() as *const W, size) };
    let dist: &[AtomicU8] = unsafe { std::slice::from_raw_parts(dist_store.as_mut_ptr() as *const AtomicU8, size) };
    assert_eq!(std::mem::size_of::<W>(), std::mem::size_of::<P>());

    let goal_index = rank(n, pattern.iter().copied());
    let goal_occupied = pattern.iter().fold(0u32, |m, &c| m | 1 << c);
    let goal_empty = board & !goal_occupied;
    // Every component of the goal placement is at distance 0.
    words[goal_index].or(fields(goal_empty, goal_empty, 1));
    let mut reached = 0u64;
    let mut layer = 0u32;
    loop {
        if progress(BuildProgress { layer, reached, total: size as u64 }) {
            return None;
        }
        let current = 1 + u64::from(layer & 1);
        let next = 1 + u64::from((layer + 1) & 1);
        let (components, placements) = (0..size)
            .into_par_iter()
            .with_min_len(1 << 12)
            .fold(
                || (0u64, 0u64),
                |(mut components, mut placements), index| {
                    let word = words[index].load();
                    let is_current = if current == 1 { word & !(word >> 1) } else { (word >> 1) & !word } & LOW_BITS;
                    if is_current == 0 {
                        return (components, placements);
                    }
                    // A placement's distance is the first layer that
                    // expands it; written here, in scan order, rather than
                    // at random when its first component is reached.
                    if dist[index].load(Ordering::Relaxed) == u8::MAX {
                        dist[index].store(layer as u8, Ordering::Relaxed);
                        placements += 1;
                    }
                    let mut cells = [0u8; MAX_CELLS];
                    unrank(n, k, index, &mut cells);
                    let occupied = cells[..k].iter().fold(0u32, |m, &c| m | 1 << c);
                    let empty = board & !occupied;
                    // The empty cells whose field says "current".
                    let mut blanks = 0u32;
                    let mut empties = empty;
                    let mut slot = 0;
                    while empties != 0 {
                        let cell = empties.trailing_zeros();
                        if is_current & (1 << (2 * slot)) != 0 {
                            blanks |= 1 << cell;
                        }
                        slot += 1;
                        empties &= empties - 1;
                    }
                    // Every child first, so that their words can be fetched
                    // from memory together rather than one miss at a time.
                    let mut children = [(0usize, 0u8, 0u8); 4 * MAX_CELLS];
                    let mut count = 0;
                    for i in 0..k {
                        let from = cells[i];
                        let mut targets = neighbours[from as usize] & blanks;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as u8;
                            targets &= targets - 1;
                            cells[i] = to;
                            let child = rank(n, cells[..k].iter().copied());
                            cells[i] = from;
                            prefetch(&words[child]);
                            children[count] = (child, from, to);
                            count += 1;
                        }
                    }
                    for &(child, from, to) in &children[..count] {
                        let child_empty = empty ^ (1 << to) ^ (1 << from);
                        let slot_bits = (child_empty & ((1u32 << from) - 1)).count_ones();
                        let target = &words[child];
                        let mut seen = target.load();
                        if (seen >> (2 * slot_bits)) & 3 != 0 {
                            continue;
                        }
                        let mark = fields(component(u32::from(from), child_empty, &neighbours), child_empty, next);
                        loop {
                            match target.try_set(seen, seen | mark) {
                                Ok(_) => {
                                    components += 1;
                                    break;
                                }
                                Err(now) if (now >> (2 * slot_bits)) & 3 != 0 => break,
                                Err(now) => seen = now,
                            }
                        }
                    }
                    words[index].or(is_current * DONE);
                    (components, placements)
                },
            )
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        reached += placements;
        layer += 1;
        if components == 0 {
            if progress(BuildProgress { layer, reached, total: size as u64 }) {
                return None;
            }
            break;
        }
    }
    drop(word_store);
    Some(dist_store)
}

/// The patterns of the 4 x 4 board by name, as goal cells with the blank's
/// goal in cell 0 (Korf and Felner's partitions).
fn named_4x4(name: &str) -> Option<Vec<Vec<u8>>> {
    Some(match name {
        "5-5-5" => vec![vec![1, 4, 5, 8, 9], vec![2, 3, 6, 7, 11], vec![10, 12, 13, 14, 15]],
        "6-6-3" => vec![vec![1, 2, 3], vec![4, 5, 8, 9, 12, 13], vec![6, 7, 10, 11, 14, 15]],
        "7-8" => vec![(1..=7).collect(), (8..=15).collect()],
        _ => return None,
    })
}

fn named_5x5(name: &str) -> Option<Vec<Vec<u8>>> {
    Some(match name {
        "6-6-6-6" => vec![
            vec![1, 2, 5, 6, 7, 12],
            vec![3, 4, 8, 9, 13, 14],
            vec![10, 11, 15, 16, 20, 21],
            vec![17, 18, 19, 22, 23, 24],
        ],
        _ => return None,
    })
}

fn named_3x3(name: &str) -> Option<Vec<Vec<u8>>> {
    Some(match name {
        "4-4" => vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
        _ => return None,
    })
}

/// The default partition of a board: Korf and Felner's 6-6-3 on 4 x 4,
/// 6-6-6-6 on 5 x 5, else the tiles in groups of at most 6, as even as can be.
pub fn default_partition_name(geometry: &Geometry) -> String {
    match (geometry.width(), geometry.height()) {
        (4, 4) => "6-6-3".into(),
        (5, 5) => "6-6-6-6".into(),
        (3, 3) => "4-4".into(),
        _ => {
            let tiles = geometry.cells() - 1;
            let groups = tiles.div_ceil(6);
            (0..groups)
                .map(|g| (tiles * (g + 1) / groups - tiles * g / groups).to_string())
                .collect::<Vec<_>>()
                .join("-")
        }
    }
}

/// The goal cells of each pattern of a named partition (`"6-6-3"` ...).
///
/// The named layouts of Korf and Felner are drawn with the blank's goal in
/// the top-left corner; with the blank's goal in another corner they are
/// mirrored to it. Any other name `a-b-...` takes the tiles' goal cells in
/// row order, `a` of them, then `b`, ... (tiles left over count by their
/// Manhattan distance).
pub fn partition(geometry: &Geometry, goal: &Goal, name: &str) -> Result<Vec<Vec<u8>>> {
    let (w, h) = (geometry.width(), geometry.height());
    let named = match (w, h) {
        (4, 4) => named_4x4(name),
        (5, 5) => named_5x5(name),
        (3, 3) => named_3x3(name),
        _ => None,
    };
    let blank = goal.blank_cell();
    let (row, col) = (blank / w, blank % w);
    let corner = (row == 0 || row == h - 1) && (col == 0 || col == w - 1);
    if let (Some(layout), true) = (named, corner) {
        let map = |cell: u8| {
            let (r, c) = (cell as usize / w, cell as usize % w);
            let r = if row == 0 { r } else { h - 1 - r };
            let c = if col == 0 { c } else { w - 1 - c };
            (r * w + c) as u8
        };
        return Ok(layout.into_iter().map(|p| p.into_iter().map(map).collect()).collect());
    }
    let sizes: Vec<usize> =
        name.split('-').map(|s| s.parse::<usize>().ok().filter(|&x| x > 0)).collect::<Option<_>>().ok_or_else(
            || Error::InvalidArgument(format!("unknown pattern partition {name:?}; expected sizes like \"6-6-3\"")),
        )?;
    let tiles: Vec<u8> = (0..geometry.cells() as u8).filter(|&c| c as usize != blank).collect();
    // Summed without overflow: any number of any size may be written.
    let total = sizes.iter().try_fold(0usize, |sum, &size| sum.checked_add(size));
    if total.is_none_or(|total| total > tiles.len()) {
        return Err(Error::InvalidArgument(format!(
            "partition {name:?} has more tiles than the {w}x{h} board's {}",
            tiles.len()
        )));
    }
    let mut at = 0;
    Ok(sizes
        .iter()
        .map(|&size| {
            at += size;
            tiles[at - size..at].to_vec()
        })
        .collect())
}

/// The mirror image about the main diagonal, when it maps the goal onto
/// itself up to relabelling (a square board with the blank's goal on the
/// diagonal).
#[derive(Debug, Clone)]
struct Reflection {
    /// `transpose[cell]`: the cell mirrored.
    transpose: [u8; MAX_CELLS],
    /// Per pattern, the (original) tiles whose mirrored cells it looks up.
    tiles: Vec<Vec<u8>>,
    /// `pattern_of[tile]`: the pattern whose mirrored lookup `tile` feeds.
    pattern_of: [u8; MAX_CELLS],
}

/// Disjoint patterns whose values add up, with the reflected lookup when the
/// goal allows it.
#[derive(Debug, Clone)]
pub struct PatternSet {
    dbs: Vec<Arc<PatternDb>>,
    /// Per pattern, its tiles in the order of its database.
    tiles: Vec<Vec<u8>>,
    pattern_of: [u8; MAX_CELLS],
    reflection: Option<Reflection>,
}

impl PatternSet {
    /// `dbs` are the databases of disjoint patterns (their `cells` are goal
    /// cells of `goal`); every tile no pattern holds must come with a
    /// one-tile database of its own, see [`PatternSet::completed`].
    pub fn new(geometry: &Geometry, goal: &Goal, dbs: Vec<Arc<PatternDb>>, reflect: bool) -> Result<PatternSet> {
        if dbs.len() > MAX_PATTERNS {
            return Err(Error::InvalidArgument(format!("at most {MAX_PATTERNS} patterns, got {}", dbs.len())));
        }
        let n = geometry.cells();
        let mut pattern_of = [u8::MAX; MAX_CELLS];
        let mut tiles = Vec::new();
        for (p, db) in dbs.iter().enumerate() {
            if (db.width, db.height) != (geometry.width(), geometry.height()) {
                return Err(Error::InvalidArgument("pattern database of another board size".into()));
            }
            PatternDb::check_cells(geometry, goal, &db.cells)?;
            let pattern: Vec<u8> = db.cells.iter().map(|&c| goal.tiles()[c as usize]).collect();
            for &t in &pattern {
                if pattern_of[t as usize] != u8::MAX {
                    return Err(Error::InvalidArgument(format!("tile {t} is in two patterns")));
                }
                pattern_of[t as usize] = p as u8;
            }
            tiles.push(pattern);
        }
        if let Some(t) = (1..n).find(|&t| pattern_of[t] == u8::MAX) {
            return Err(Error::InvalidArgument(format!("tile {t} is in no pattern")));
        }
        let blank = goal.blank_cell();
        let w = geometry.width();
        let symmetric = geometry.width() == geometry.height() && blank / w == blank % w;
        let reflection = (reflect && symmetric).then(|| {
            let mut transpose = [0u8; MAX_CELLS];
            for (cell, t) in transpose.iter_mut().enumerate().take(n) {
                *t = ((cell % w) * w + cell / w) as u8;
            }
            let mut mirrored_of = [u8::MAX; MAX_CELLS];
            let mirrored: Vec<Vec<u8>> = dbs
                .iter()
                .enumerate()
                .map(|(p, db)| {
                    db.cells
                        .iter()
                        .map(|&c| {
                            let tile = goal.tiles()[transpose[c as usize] as usize];
                            mirrored_of[tile as usize] = p as u8;
                            tile
                        })
                        .collect()
                })
                .collect();
            Reflection { transpose, tiles: mirrored, pattern_of: mirrored_of }
        });
        Ok(PatternSet { dbs, tiles, pattern_of, reflection })
    }

    /// The goal cells of `patterns` followed by one one-tile pattern for
    /// each tile none of them holds (whose database is its Manhattan
    /// distance).
    pub fn completed(geometry: &Geometry, goal: &Goal, patterns: &[Vec<u8>]) -> Result<Vec<Vec<u8>>> {
        let mut covered = 1u32 << goal.blank_cell();
        for pattern in patterns {
            PatternDb::check_cells(geometry, goal, pattern)?;
            for &cell in pattern {
                if covered & (1 << cell) != 0 {
                    return Err(Error::InvalidArgument(format!(
                        "the tile of goal cell {cell} is in two patterns; patterns must be disjoint"
                    )));
                }
                covered |= 1 << cell;
            }
        }
        let mut all = patterns.to_vec();
        all.extend((0..geometry.cells() as u8).filter(|&c| covered & (1 << c) == 0).map(|c| vec![c]));
        Ok(all)
    }

    pub fn databases(&self) -> &[Arc<PatternDb>] {
        &self.dbs
    }

    pub fn is_reflected(&self) -> bool {
        self.reflection.is_some()
    }

    #[inline(always)]
    fn regular(&self, p: usize, pos: &[u8; MAX_CELLS]) -> u8 {
        self.dbs[p].lookup(self.tiles[p].iter().map(|&t| pos[t as usize]))
    }

    #[inline(always)]
    fn mirrored(&self, r: &Reflection, p: usize, pos: &[u8; MAX_CELLS]) -> u8 {
        self.dbs[p].lookup(r.tiles[p].iter().map(|&t| r.transpose[pos[t as usize] as usize]))
    }

    /// The bound of a board given as `pos[tile] = cell`.
    pub fn evaluate_positions(&self, pos: &[u8; MAX_CELLS]) -> u32 {
        let regular: u32 = (0..self.dbs.len()).map(|p| u32::from(self.regular(p, pos))).sum();
        match &self.reflection {
            Some(r) => regular.max((0..self.dbs.len()).map(|p| u32::from(self.mirrored(r, p, pos))).sum()),
            None => regular,
        }
    }

    pub fn evaluate(&self, board: &[u8]) -> u32 {
        self.evaluate_positions(&positions(board))
    }
}

/// `pos[tile]`: the cell of each tile.
pub(crate) fn positions(board: &[u8]) -> [u8; MAX_CELLS] {
    let mut pos = [0u8; MAX_CELLS];
    for (cell, &tile) in board.iter().enumerate() {
        pos[tile as usize] = cell as u8;
    }
    pos
}

/// Each pattern's value, regular and mirrored, and their sums.
#[derive(Clone, Copy)]
pub struct PdbAcc {
    regular: [u8; MAX_PATTERNS],
    mirrored: [u8; MAX_PATTERNS],
    regular_sum: u32,
    mirrored_sum: u32,
}

impl Incremental for PatternSet {
    type Acc = PdbAcc;

    fn start(&self, _board: &[u8; MAX_CELLS], pos: &[u8; MAX_CELLS]) -> (u32, PdbAcc) {
        let mut acc =
            PdbAcc { regular: [0; MAX_PATTERNS], mirrored: [0; MAX_PATTERNS], regular_sum: 0, mirrored_sum: 0 };
        for p in 0..self.dbs.len() {
            acc.regular[p] = self.regular(p, pos);
            acc.regular_sum += u32::from(acc.regular[p]);
            if let Some(r) = &self.reflection {
                acc.mirrored[p] = self.mirrored(r, p, pos);
                acc.mirrored_sum += u32::from(acc.mirrored[p]);
            }
        }
        (acc.regular_sum.max(acc.mirrored_sum), acc)
    }

    #[inline(always)]
    fn slide(
        &self,
        mut acc: PdbAcc,
        _h: u32,
        _board: &[u8; MAX_CELLS],
        pos: &[u8; MAX_CELLS],
        tile: u8,
        _from: usize,
        _to: usize,
    ) -> (u32, PdbAcc) {
        let p = self.pattern_of[tile as usize] as usize;
        let value = self.regular(p, pos);
        acc.regular_sum = acc.regular_sum + u32::from(value) - u32::from(acc.regular[p]);
        acc.regular[p] = value;
        if let Some(r) = &self.reflection {
            let q = r.pattern_of[tile as usize] as usize;
            let value = self.mirrored(r, q, pos);
            acc.mirrored_sum = acc.mirrored_sum + u32::from(value) - u32::from(acc.mirrored[q]);
            acc.mirrored[q] = value;
        }
        (acc.regular_sum.max(acc.mirrored_sum), acc)
    }
}
