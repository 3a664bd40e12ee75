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
//! search backwards from the goal state over (placement, blank component):
//! moving the blank through empty cells costs nothing, so where the blank
//! is matters only up to the connected component of empty cells it stands
//! in. The search starts from the one component that holds the blank's
//! goal cell, as every solution ends with the blank there (Korf and
//! Felner): starting from every component of the goal placement would
//! give a weaker bound, up to 6 moves lower on patterns that hold the
//! blank's goal neighbours. A placement's value is the least distance of
//! its components, a bound whatever component the blank is in. Each
//! placement keeps two bits per component during the build (unseen,
//! reached in the layer being expanded, reached for the next layer, done),
//! the components numbered once per set of occupied cells; layers are
//! expanded by scanning every placement in parallel (see `pdb_build`).
//!
//! The reflected lookup (Culberson and Schaeffer's symmetry, as used by
//! Korf and Felner) mirrors the board about its main diagonal: when the goal
//! maps onto itself, the mirrored position is as far from the goal as the
//! position, so the same databases give a second bound, and the larger of
//! the two is taken.
//!
//! The dual lookups ([`super::dual`]) read databases on the dual board, the
//! inverse permutation, on every board; the largest bound is taken. The
//! heuristic is then no longer consistent (a child's value can drop by more
//! than one), so the search raises values by bidirectional pathmax.

use std::sync::Arc;
use std::time::Instant;

use super::board::{Geometry, Goal, MAX_CELLS};
use super::dual::DualLookups;
use super::pdb_build::{Keeping, Occupancies, Tables, MOST_BIT_REGIONS};
use super::search::Incremental;
use super::symmetry::{CellMap, DbView};
use crate::{Error, Interrupt, Limits, Outcome, Result};

/// The most patterns a set holds (tiles left out of every pattern count as
/// one-tile patterns, so up to 24).
pub const MAX_PATTERNS: usize = 24;

/// The most entries a database may have: 2^30 = 1,073,741,824, a byte each.
/// The larger half of the 4 x 4 board's 7-8 partition, 8 tiles, has
/// 518,918,400 and its build takes 1.6 bytes an entry (1.5, and 2 bytes
/// for each of the 5% of placements whose empty cells fall into more than
/// four components); 9 tiles would have 4,151,347,200. A build needs about
/// 1.5 bytes an entry, so every pattern within the limit builds in about
/// 2 GB at most.
pub const MAX_ENTRIES: usize = 1 << 30;

/// `n! / (n - k)!`, exactly: the placements of `k` distinct tiles on `n`
/// cells (at most 25!, which fits).
fn exact_entries(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    (n - k + 1..=n).map(|factor| factor as u128).product()
}

/// `n! / (n - k)!`: the placements of `k` distinct tiles on `n` cells,
/// `usize::MAX` when that does not fit.
pub fn entries(n: usize, k: usize) -> usize {
    usize::try_from(exact_entries(n, k)).unwrap_or(usize::MAX)
}

/// The entries of a pattern of `k` tiles on `geometry`, refused beyond
/// [`MAX_ENTRIES`]; `what` names the pattern in the message.
fn entries_within_limit(geometry: &Geometry, k: usize, what: impl FnOnce() -> String) -> Result<usize> {
    let n = geometry.cells();
    let exact = exact_entries(n, k);
    if exact <= MAX_ENTRIES as u128 {
        return Ok(exact as usize);
    }
    let most_tiles = (0..n).take_while(|&tiles| exact_entries(n, tiles) <= MAX_ENTRIES as u128).last().unwrap_or(0);
    Err(Error::InvalidArgument(format!(
        "{} has {exact} entries ({n}!/{}!), more than the {MAX_ENTRIES} a pattern database may hold \
         (on a {}x{} board, patterns of at most {most_tiles} tiles)",
        what(),
        n - k,
        geometry.width(),
        geometry.height()
    )))
}

/// The cells as a bit mask, checked to be 1 to `n - 1` distinct cells of
/// the board.
fn cell_mask(n: usize, cells: &[u8]) -> Result<u32> {
    if cells.is_empty() || cells.len() >= n {
        return Err(Error::InvalidArgument(format!("a pattern needs 1 to {} tiles, got {}", n - 1, cells.len())));
    }
    let mut seen = 0u32;
    for &cell in cells {
        if cell as usize >= n {
            return Err(Error::InvalidArgument(format!("pattern cell {cell} is not a tile's goal cell")));
        }
        if seen & (1 << cell) != 0 {
            return Err(Error::InvalidArgument(format!("pattern cell {cell} is given twice")));
        }
        seen |= 1 << cell;
    }
    Ok(seen)
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

/// `select[byte][i]`: the position of the `i`-th set bit of `byte`.
static SELECT: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut byte = 0;
    while byte < 256 {
        let (mut bit, mut found) = (0, 0);
        while bit < 8 {
            if byte & (1 << bit) != 0 {
                table[byte][found] = bit as u8;
                found += 1;
            }
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// The position of the `i`-th set bit of `bits` (there are more than `i`).
#[inline(always)]
pub(super) fn select(mut bits: u32, mut i: u32) -> u32 {
    let mut base = 0;
    loop {
        let byte = bits & 0xff;
        let count = byte.count_ones();
        if i < count {
            return base + u32::from(SELECT[byte as usize][i as usize]);
        }
        i -= count;
        bits >>= 8;
        base += 8;
    }
}

/// The placement of rank `index`; the inverse of [`rank`]: the digits by
/// division, the free cells by a table of each byte's set bits: O(k).
#[inline(always)]
pub fn unrank(n: usize, k: usize, index: usize, cells: &mut [u8]) {
    let mut digits = [0u32; MAX_CELLS];
    match u32::try_from(index) {
        // Every database's ranks are below MAX_ENTRIES, 2^30, and 32-bit
        // division is the builder's hot spot; larger placements (any k
        // tiles of n cells) take the 64-bit path.
        Ok(mut index) => {
            for i in (0..k).rev() {
                let base = (n - i) as u32;
                digits[i] = index % base;
                index /= base;
            }
        }
        Err(_) => {
            let mut index = index;
            for i in (0..k).rev() {
                let base = n - i;
                digits[i] = (index % base) as u32;
                index /= base;
            }
        }
    }
    let mut free = u32::MAX >> (32 - n);
    for i in 0..k {
        let cell = select(free, digits[i]);
        cells[i] = cell as u8;
        free &= !(1 << cell);
    }
}

/// Placements laid out by cells between two looks at the limits.
const CELL_INDEX_CHUNK: usize = 1 << 16;

/// Reported after each layer of a build; returning `true` cancels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildProgress {
    /// The layer just finished (its distance).
    pub layer: u32,
    /// Placements whose distance is known (those of the layers expanded so
    /// far); equal to `total` in the report that ends the build.
    pub reached: u64,
    /// Every placement of the pattern's tiles: the database's entries
    /// (`n! / (n-k)!`), the same in every report of one build.
    pub total: u64,
    /// The search nodes (a placement and the region of empty cells that
    /// holds the blank) the next layer expands: those first reached in
    /// the layer just finished, 1 (the goal) before the first layer and 0
    /// in the report that ends the build. Beside the nodes still unvisited,
    /// it tells whether pulling into them would have beaten pushing from
    /// the frontier.
    pub frontier: u64,
}

/// What a build calls with its [`BuildProgress`] once before the first
/// layer and after each one, between layers, on the thread that runs the
/// build; returning `true` cancels it (`Outcome::Interrupted`).
pub type ProgressFn<'a> = &'a (dyn Fn(BuildProgress) -> bool + Sync);

/// How a build ends when it does not end with its database: the outcome
/// that stopped it (`Interrupted`, `TimeLimit`, or `MemoryLimit` when the
/// machine cannot give the memory).
pub type Built<T> = std::result::Result<T, Outcome>;

/// What stops a build besides its progress report: an interrupt and a
/// deadline, polled every few thousand placements within each layer (the
/// last layers of a large database take seconds each).
#[derive(Clone, Copy, Default)]
pub struct BuildLimits<'a> {
    /// Asked within each layer, from the pool's threads that scan it (and
    /// while the cache reads or writes a file); `true` stops the build with
    /// `Outcome::Interrupted`.
    pub interrupt: Option<Interrupt<'a>>,
    /// When the build stops with `Outcome::TimeLimit`; `None`, no time
    /// limit.
    pub deadline: Option<Instant>,
}

impl<'a> BuildLimits<'a> {
    /// The interrupt and the deadline of `limits`.
    pub fn new(limits: &Limits<'a>) -> Self {
        BuildLimits { interrupt: limits.interrupt, deadline: limits.deadline }
    }

    /// The outcome that stops the build now, if any.
    pub fn stop(&self) -> Option<Outcome> {
        if self.interrupt.is_some_and(|interrupted| interrupted()) {
            return Some(Outcome::Interrupted);
        }
        if self.deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Some(Outcome::TimeLimit);
        }
        None
    }
}

/// What a database keeps of a placement's regions of empty cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DbKind {
    /// The least distance over the regions (Korf and Felner).
    #[default]
    Plain,
    /// The least, and each of the first four regions' excess over it, up
    /// to six moves (Clausecker and Reinefeld's zero-aware databases).
    ZeroAware,
    /// Each region's exact distance in one bit (see `Compact`): the
    /// strongest zero-aware bound in the least memory, read move by move.
    Compact,
}

impl DbKind {
    /// The kind's name, as messages give it.
    pub fn name(self) -> &'static str {
        match self {
            DbKind::Plain => "plain",
            DbKind::ZeroAware => "zero-aware",
            DbKind::Compact => "compact",
        }
    }
}

/// The memory a database takes, in bytes (see [`PatternDb::footprint`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Footprint {
    /// Once loaded.
    pub loaded: u64,
    /// At the peak of its build (or load).
    pub building: u64,
}

/// One pattern database.
#[derive(Clone)]
pub struct PatternDb {
    width: usize,
    height: usize,
    /// The blank's goal cell, where the build's search starts.
    blank: u8,
    cells: Vec<u8>,
    data: Vec<u8>,
    /// The same entries read by cells, when made (see
    /// [`PatternDb::with_cell_index`]).
    by_cells: Option<CellIndexed>,
    /// What the zero-aware lookups read besides, when built with it.
    zero_aware: Option<ZeroAware>,
    /// What compact lookups read, when built so (the entries then empty).
    compact: Option<Compact>,
}

/// A compact zero-aware database: a byte a placement, whose bit `r` is
/// the second-lowest bit of the distance from region `r` of its empty
/// cells (and whose every bit is that bit where all its regions share it).
/// A move of a pattern tile changes the distance by exactly one (one step
/// of the abstract search; and every pattern move changes the pattern's
/// Manhattan distance by one, so a placement's distances all have its
/// parity), so the distance before the move and that bit tell the distance
/// after it: the one of `before - 1` and `before + 1` whose second-lowest
/// bit it is (Clausecker and Reinefeld keep distances so). A whole board's
/// distance is found by walking down to the goal (see
/// [`PatternDb::lookup_at`]).
#[derive(Clone)]
struct Compact {
    regions: RegionNumbers,
    /// By rank; emptied once laid out by cells.
    by_rank: Vec<u8>,
    /// Laid out by cells, when the table is within [`MOST_CELL_INDEXED`].
    by_cells: Option<Vec<u8>>,
}

/// The number of each empty cell's region, by the occupied cells, for the
/// lookups that read a region's value.
#[derive(Clone)]
struct RegionNumbers {
    occupancies: Arc<Occupancies>,
    /// On boards of at most 16 cells, four bits a cell by the mask itself
    /// (see `Occupancies::region_numbers_by_mask`), which spares a rank.
    by_mask: Option<Vec<u64>>,
}

impl RegionNumbers {
    fn new(width: usize, height: usize, k: usize) -> RegionNumbers {
        let n = width * height;
        let neighbours = Geometry::new(width, height).expect("a board").neighbour_masks();
        let occupancies = Arc::new(Occupancies::new(n, k, &neighbours));
        let by_mask = (n <= 16).then(|| occupancies.region_numbers_by_mask(n));
        RegionNumbers { occupancies, by_mask }
    }

    /// The number of `cell`'s region among the empty cells of `mask`, 15
    /// at most.
    #[inline(always)]
    fn of(&self, mask: u32, cell: u8) -> u32 {
        match &self.by_mask {
            Some(numbers) => ((numbers[mask as usize] >> (4 * cell)) & 15) as u32,
            None => u32::from(self.occupancies.region_of(mask, cell)).min(15),
        }
    }
}

/// The excess of each region of a placement's empty cells over the
/// placement's entry (the least over its regions), which a zero-aware
/// lookup adds for the region the blank is in (Clausecker and Reinefeld's
/// zero-aware pattern databases): two bits for each of the first four
/// regions (numbered by their lowest cell), in pairs of moves, at most 3.
/// A region beyond the fourth, or an excess beyond 3 pairs, reads as less
/// than it is, which keeps the bound admissible.
#[derive(Clone)]
struct ZeroAware {
    regions: RegionNumbers,
    /// By rank, as the entries.
    by_rank: Vec<u8>,
    /// By cells, when the entries are: each entry with its excesses, as
    /// `entry | excesses << 8`, so that a lookup fetches one cache line.
    by_cells: Option<Vec<u16>>,
}

/// A database's entries laid out by cells: the entry of the placement
/// whose tile `i` stands on cell `c_i` (of `k` tiles) is at
/// `sum(c_i * n^(k-1-i))`. The index is a sum of independent products
/// where the rank is a chain of dependent steps, which makes the search's
/// lookups about a third faster on the 24-puzzle; the entries of placements that repeat a cell are never read,
/// so the table takes `n^k` bytes against the rank's `n!/(n-k)!` (1.9
/// times as many for 6 tiles of 25).
#[derive(Clone)]
struct CellIndexed {
    /// Empty on a zero-aware database: its pairs hold the entries (see
    /// `ZeroAware::by_cells`), and a second copy would take a byte more a
    /// cell (0.98 GB for the 24-puzzle's 6-6-6-6).
    data: Vec<u8>,
    /// `strides[i]`: `n^(k-1-i)`.
    strides: [u32; MAX_CELL_INDEXED_TILES],
}

/// The most tiles a database indexed by cells holds.
const MAX_CELL_INDEXED_TILES: usize = 8;

/// The largest table indexed by cells made: 2^28 entries, 25^6 =
/// 244,140,625 (a 6-tile pattern of the 24-puzzle) and 16^7 (a 7-tile
/// pattern of the 15-puzzle) within it.
pub const MOST_CELL_INDEXED: u64 = 1 << 28;

impl PartialEq for PatternDb {
    /// The same database whether or not either is indexed by cells too.
    fn eq(&self, other: &PatternDb) -> bool {
        (self.width, self.height, self.blank, &self.cells, &self.data)
            == (other.width, other.height, other.blank, &other.cells, &other.data)
    }
}

impl Eq for PatternDb {}

impl std::fmt::Debug for PatternDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PatternDb")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("blank", &self.blank)
            .field("cells", &self.cells)
            .field("entries", &self.data.len())
            .finish()
    }
}

impl PatternDb {
    /// Checks that `cells` are distinct cells of the board, none the goal's
    /// blank cell, and that their database is within [`MAX_ENTRIES`].
    pub fn check_cells(geometry: &Geometry, goal: &Goal, cells: &[u8]) -> Result<()> {
        let mask = cell_mask(geometry.cells(), cells)?;
        let blank = goal.blank_cell();
        if mask & (1 << blank) != 0 {
            return Err(Error::InvalidArgument(format!("pattern cell {blank} is not a tile's goal cell")));
        }
        let tiles: Vec<u8> = cells.iter().map(|&cell| goal.tiles()[cell as usize]).collect();
        entries_within_limit(geometry, cells.len(), || format!("the pattern of tiles {tiles:?}")).map(|_| ())
    }

    /// The entries of the database of `cells` (distinct cells of the board)
    /// with the blank's goal on `blank` (a cell of the board none of them
    /// is), refused beyond [`MAX_ENTRIES`]: checked before anything is
    /// allocated.
    pub fn checked_entries(geometry: &Geometry, cells: &[u8], blank: u8) -> Result<usize> {
        let mask = cell_mask(geometry.cells(), cells)?;
        if usize::from(blank) >= geometry.cells() || mask & (1 << blank) != 0 {
            return Err(Error::InvalidArgument(format!(
                "the blank's goal cell {blank} is not a cell of the board outside the pattern {cells:?}"
            )));
        }
        entries_within_limit(geometry, cells.len(), || format!("the pattern of goal cells {cells:?}"))
    }

    /// Builds the database of the tiles whose goal cells are `cells`, the
    /// blank's goal being `blank`, by breadth-first search from the goal
    /// state, on rayon's pool; `Ok(Err(outcome))` if `progress` cancelled
    /// it (`Interrupted`), `limits` stopped it, or the machine could not
    /// give its memory (`MemoryLimit`).
    pub fn build(
        geometry: &Geometry,
        cells: &[u8],
        blank: u8,
        progress: ProgressFn,
        limits: &BuildLimits,
    ) -> Result<Built<PatternDb>> {
        Self::build_with(geometry, cells, blank, DbKind::Plain, progress, limits)
    }

    /// [`PatternDb::build`] of a database of `kind` (see
    /// [`PatternDb::lookup_at`]). A compact database keeps its entries too
    /// until [`PatternDb::without_entries`]. A pattern whose placements can
    /// split the empty cells into more than eight regions is built
    /// zero-aware where it is asked to be compact ([`PatternDb::kind`]).
    pub fn build_with(
        geometry: &Geometry,
        cells: &[u8],
        blank: u8,
        kind: DbKind,
        progress: ProgressFn,
        limits: &BuildLimits,
    ) -> Result<Built<PatternDb>> {
        let size = Self::checked_entries(geometry, cells, blank)?;
        let kind = Self::buildable(geometry, cells.len(), kind);
        let keeping = Keeping {
            nibble_excess: super::pdb_build::NIBBLE_EXCESS,
            region_excess: kind == DbKind::ZeroAware,
            region_bits: kind == DbKind::Compact,
        };
        let built = super::pdb_build::build(geometry, cells, blank, size, progress, limits, keeping);
        Ok(built.map(|Tables { entries, region_excess, region_bits }| {
            let db = PatternDb::from_parts(geometry.width(), geometry.height(), blank, cells.to_vec(), entries);
            match (region_excess, region_bits) {
                (Some(excess), _) => db.with_region_excess(excess),
                (_, Some(bits)) => db.with_region_bits(bits),
                _ => db,
            }
        }))
    }

    /// The kind of database of `k` tiles on `geometry` built when `kind`
    /// is asked for: zero-aware for a compact one whose placements can
    /// have more regions than a byte has bits.
    pub fn buildable(geometry: &Geometry, k: usize, kind: DbKind) -> DbKind {
        if kind != DbKind::Compact || k <= 2 {
            return kind;
        }
        let occupancies = Occupancies::new(geometry.cells(), k, &geometry.neighbour_masks());
        if occupancies.most_regions() <= MOST_BIT_REGIONS {
            DbKind::Compact
        } else {
            DbKind::ZeroAware
        }
    }

    pub(crate) fn from_parts(width: usize, height: usize, blank: u8, cells: Vec<u8>, data: Vec<u8>) -> PatternDb {
        PatternDb { width, height, blank, cells, data, by_cells: None, zero_aware: None, compact: None }
    }

    /// What the database keeps of a placement's regions.
    pub fn kind(&self) -> DbKind {
        match (&self.zero_aware, &self.compact) {
            (Some(_), _) => DbKind::ZeroAware,
            (_, Some(_)) => DbKind::Compact,
            _ => DbKind::Plain,
        }
    }

    /// The compact database of the region bits `bits` (a byte a
    /// placement, by rank, as [`PatternDb::region_bits`] gives them).
    pub(crate) fn with_region_bits(mut self, bits: Vec<u8>) -> PatternDb {
        let regions = RegionNumbers::new(self.width, self.height, self.cells.len());
        self.by_cells = None;
        self.compact = Some(Compact { regions, by_rank: bits, by_cells: None });
        self
    }

    /// The region bits of a compact database, by rank; empty once laid
    /// out by cells.
    pub fn region_bits(&self) -> Option<&[u8]> {
        self.compact.as_ref().map(|compact| compact.by_rank.as_slice())
    }

    /// The database without its entries, which a compact database does not
    /// read (a plain one is returned as it is).
    pub fn without_entries(mut self) -> PatternDb {
        if self.compact.is_some() {
            self.data = Vec::new();
        }
        self
    }

    /// About the bytes a database of `k` tiles on `geometry` of `kind`
    /// holds once loaded: its tables by rank and laid out by cells (see
    /// [`PatternDb::with_cell_index`]) as it keeps them, and the most its
    /// build takes besides the databases already loaded.
    pub fn footprint(geometry: &Geometry, k: usize, kind: DbKind) -> Footprint {
        let (n, placements) = (geometry.cells(), entries(geometry.cells(), k) as u64);
        let by_cells = (n as u64)
            .checked_pow(k as u32)
            .filter(|&size| k <= MAX_CELL_INDEXED_TILES && size <= MOST_CELL_INDEXED)
            .unwrap_or(0);
        // Saturating: a pattern beyond [`MAX_ENTRIES`] reads as more than
        // any budget, not as a wrapped small number.
        let (p, c) = (placements, by_cells);
        let loaded = match kind {
            DbKind::Plain => p.saturating_add(c),
            // The entries and the excesses by rank, and laid out by cells
            // in pairs.
            DbKind::ZeroAware => p.saturating_add(c).saturating_mul(2),
            // The region bits, by cells when laid out so, else by rank.
            DbKind::Compact if c > 0 => c,
            DbKind::Compact => p,
        };
        // A byte a placement and half a byte of its distance while the
        // build runs, and a byte more of what a zero-aware or compact one
        // keeps by rank; then the tables by cells are laid out from those by
        // rank (a compact database's by rank are dropped after).
        let kept = if kind == DbKind::Plain { 0 } else { p };
        let laying_out = if kind == DbKind::Compact { p.saturating_add(c) } else { loaded };
        let building = p.saturating_add(p / 2).saturating_add(kept).max(laying_out);
        Footprint { loaded, building }
    }

    /// The placements a database has, whatever it keeps of them.
    fn placements(&self) -> usize {
        entries(self.width * self.height, self.cells.len())
    }

    /// The database with the regions' excesses `excess` (a byte a
    /// placement, by rank, as [`PatternDb::region_excess`] gives them):
    /// read by [`PatternDb::lookup_at`].
    pub(crate) fn with_region_excess(mut self, excess: Vec<u8>) -> PatternDb {
        assert_eq!(excess.len(), self.data.len(), "a byte of excesses a placement");
        let regions = RegionNumbers::new(self.width, self.height, self.cells.len());
        self.by_cells = None;
        self.zero_aware = Some(ZeroAware { regions, by_rank: excess, by_cells: None });
        self
    }

    /// The regions' excesses of a zero-aware database, by rank.
    pub fn region_excess(&self) -> Option<&[u8]> {
        self.zero_aware.as_ref().map(|zero| zero.by_rank.as_slice())
    }

    /// The bytes of the entries laid out by cells as well (see
    /// `CellIndexed`), `None` when that table would be larger than
    /// [`MOST_CELL_INDEXED`] entries.
    pub fn cell_indexed_bytes(&self) -> Option<usize> {
        let (n, k) = (self.width * self.height, self.cells.len());
        let size = (n as u64).checked_pow(k as u32)?;
        (k <= MAX_CELL_INDEXED_TILES && size <= MOST_CELL_INDEXED).then_some(size as usize)
    }

    #[cfg(test)]
    pub(super) fn by_cells_for_tests(&self) -> Option<&[u8]> {
        self.by_cells.as_ref().map(|c| c.data.as_slice())
    }

    /// The database with its entries laid out by cells too when that
    /// table is within [`MOST_CELL_INDEXED`] entries and the machine can
    /// give its memory, on rayon's pool; stopped by `limits`
    /// (`Err(outcome)`) between chunks of a few milliseconds.
    pub fn with_cell_index(mut self, limits: &BuildLimits) -> Built<PatternDb> {
        let Some(size) = self.cell_indexed_bytes() else { return Ok(self) };
        if self.by_cells.is_some() {
            return Ok(self);
        }
        let (n, k) = (self.width * self.height, self.cells.len());
        let mut strides = [0u32; MAX_CELL_INDEXED_TILES];
        for (i, stride) in strides.iter_mut().enumerate().take(k) {
            *stride = (n as u32).pow((k - 1 - i) as u32);
        }
        // Without the memory, the search reads the ranked tables alone.
        if let Some(compact) = &self.compact {
            let bits = |rank: usize| compact.by_rank[rank];
            let Some(table) = self.laid_out_by_cells(bits, size, &strides, limits)? else { return Ok(self) };
            let compact = self.compact.as_mut().expect("compact");
            (compact.by_cells, compact.by_rank) = (Some(table), Vec::new());
            self.by_cells = Some(CellIndexed { data: Vec::new(), strides });
            return Ok(self);
        }
        if let Some(zero) = &self.zero_aware {
            let paired = |rank: usize| u16::from(self.data[rank]) | u16::from(zero.by_rank[rank]) << 8;
            let Some(pairs) = self.laid_out_by_cells(paired, size, &strides, limits)? else { return Ok(self) };
            self.zero_aware.as_mut().expect("zero-aware").by_cells = Some(pairs);
            self.by_cells = Some(CellIndexed { data: Vec::new(), strides });
            return Ok(self);
        }
        let Some(data) = self.laid_out_by_cells(|rank| self.data[rank], size, &strides, limits)? else {
            return Ok(self);
        };
        self.by_cells = Some(CellIndexed { data, strides });
        Ok(self)
    }

    /// The values `ranked(rank)` of the placements laid out by cells in a
    /// table of `size` entries, on rayon's pool; `None` when the machine
    /// cannot give the memory.
    fn laid_out_by_cells<T: bytemuck::Zeroable + Copy + Send + Sync>(
        &self,
        ranked: impl Fn(usize) -> T + Sync,
        size: usize,
        strides: &[u32; MAX_CELL_INDEXED_TILES],
        limits: &BuildLimits,
    ) -> Built<Option<Vec<T>>> {
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicPtr, Ordering::Relaxed};
        let (n, k) = (self.width * self.height, self.cells.len());
        let Some(mut data) = crate::cpu::try_huge_zeroed::<T>(size) else { return Ok(None) };
        let table = AtomicPtr::new(data.as_mut_ptr());
        // The last tile's digit is the rank's least significant and its cell
        // the index's: each run of `n - k + 1` ranks (one placement of the
        // other tiles, the last tile on each free cell in turn) is read and
        // written in order.
        let run = n - k + 1;
        let runs = self.placements() / run;
        (0..runs.div_ceil(CELL_INDEX_CHUNK)).into_par_iter().try_for_each(|chunk| {
            if let Some(outcome) = limits.stop() {
                return Err(outcome);
            }
            let (table, mut cells) = (table.load(Relaxed), [0u8; MAX_CELLS]);
            for prefix in (chunk * CELL_INDEX_CHUNK..runs).take(CELL_INDEX_CHUNK) {
                unrank(n, k - 1, prefix, &mut cells);
                let (mut base, mut taken) = (0usize, 0u32);
                for (&cell, &stride) in cells[..k - 1].iter().zip(strides) {
                    base += usize::from(cell) * stride as usize;
                    taken |= 1 << cell;
                }
                let mut free = (u32::MAX >> (32 - n)) & !taken;
                for rank in prefix * run..(prefix + 1) * run {
                    let value = ranked(rank);
                    let cell = free.trailing_zeros() as usize;
                    free &= free - 1;
                    // SAFETY: the placements of distinct ranks differ in
                    // some cell, so their indices differ, each below n^k,
                    // the table's length: no two threads write one byte.
                    unsafe { *table.add(base + cell) = value };
                }
            }
            Ok(())
        })?;
        Ok(Some(data))
    }

    /// The board's width.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The board's height.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The blank's goal cell: the database bounds the moves to the goal
    /// state with the blank there.
    pub fn blank(&self) -> u8 {
        self.blank
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
    /// `cells[i]`, the blank on `blank`: on a zero-aware database, the
    /// distance from the blank's region of the empty cells (see
    /// `ZeroAware`), else [`PatternDb::lookup`].
    ///
    /// A compact database finds the distance by walking down to the goal,
    /// some hundreds of reads: the search reads it so at its start alone,
    /// and move by move with [`PatternDb::lookup_after`].
    #[inline(always)]
    pub fn lookup_at(&self, cells: impl Iterator<Item = u8>, blank: u8) -> u8 {
        if let Some(compact) = &self.compact {
            return self.walk_down(compact, cells, blank);
        }
        let Some(zero) = &self.zero_aware else { return self.lookup(cells) };
        let mut mask = 0u32;
        let cells = cells.inspect(|&cell| mask |= 1 << cell);
        let (value, excess) = match (&zero.by_cells, &self.by_cells) {
            (Some(pairs), Some(by_cells)) => {
                let index: u32 = cells.zip(&by_cells.strides).map(|(cell, &stride)| u32::from(cell) * stride).sum();
                debug_assert!((index as usize) < pairs.len());
                // SAFETY: with every cell below n, the index is below n^k,
                // the table's length.
                let pair = unsafe { *pairs.get_unchecked(index as usize) };
                (pair as u8, (pair >> 8) as u8)
            }
            // A zero-aware database laid out by cells has its pairs.
            _ => {
                let (index, value) = self.ranked_entry(cells);
                (value, zero.by_rank[index])
            }
        };
        // Most placements' regions are all at the least: no region need be
        // numbered.
        if excess == 0 {
            return value;
        }
        // A region beyond the fourth shifts the excess past the byte's
        // bits, to 0.
        let shift = 2 * zero.regions.of(mask, blank);
        value + 2 * ((u32::from(excess) >> shift) & 3) as u8
    }

    /// [`PatternDb::lookup_at`], after a move of one of the pattern's tiles
    /// when the value before it, `before`, is given: a compact database
    /// then reads one bit (see `Compact`), the others as ever.
    #[inline(always)]
    pub fn lookup_after(&self, cells: impl Iterator<Item = u8>, blank: u8, before: Option<u8>) -> u8 {
        let (Some(compact), Some(before)) = (&self.compact, before) else { return self.lookup_at(cells, blank) };
        // Without a branch: which way the distance goes is a coin toss that
        // a predicted branch would lose half the time.
        let up = u8::from((before.wrapping_add(1) >> 1) & 1 == self.region_bit(compact, cells, blank));
        before.wrapping_sub(1).wrapping_add(2 * up)
    }

    /// The second-lowest bit of the distance of the placement where tile
    /// `i` stands on `cells[i]`, the blank on `blank`, of a compact database.
    #[inline(always)]
    fn region_bit(&self, compact: &Compact, cells: impl Iterator<Item = u8>, blank: u8) -> u8 {
        let mut mask = 0u32;
        let cells = cells.inspect(|&cell| mask |= 1 << cell);
        let bits = match (&compact.by_cells, &self.by_cells) {
            (Some(table), Some(by_cells)) => {
                let index: u32 = cells.zip(&by_cells.strides).map(|(cell, &stride)| u32::from(cell) * stride).sum();
                debug_assert!((index as usize) < table.len());
                // SAFETY: with every cell below n, the index is below n^k,
                // the table's length.
                unsafe { *table.get_unchecked(index as usize) }
            }
            _ => compact.by_rank[rank(self.width * self.height, cells)],
        };
        // Most placements' regions share the bit, which the build then
        // wrote in every place (see `pdb_build::fill_alike`).
        if bits == 0 || bits == u8::MAX {
            return bits & 1;
        }
        (bits >> compact.regions.of(mask, blank)) & 1
    }

    /// The distance of a compact database's placement `cells`, the blank
    /// on `blank`: the steps of a walk down to the goal, each to the
    /// neighbour one nearer. Neighbours' distances differ from the
    /// placement's by one, either way: its distance modulo 4 (its parity
    /// the Manhattan distance's, its second bit read) tells which is nearer.
    #[cold]
    fn walk_down(&self, compact: &Compact, cells: impl Iterator<Item = u8>, blank: u8) -> u8 {
        let geometry = Geometry::new(self.width, self.height).expect("a board");
        let (k, neighbours) = (self.cells.len(), geometry.neighbour_masks());
        let mut placement = [0u8; MAX_CELLS];
        for (slot, cell) in placement.iter_mut().zip(cells) {
            *slot = cell;
        }
        let mask_of = |placement: &[u8]| placement.iter().fold(0u32, |m, &c| m | 1 << c);
        let manhattan: u32 =
            placement[..k].iter().zip(&self.cells).map(|(&c, &home)| geometry.distance(c.into(), home.into())).sum();
        let mut blank = blank;
        let mut modulo = (manhattan & 1) as u8 | self.region_bit(compact, placement[..k].iter().copied(), blank) << 1;
        let goal_mask = mask_of(&self.cells);
        let goal_region = compact.regions.of(goal_mask, self.blank);
        // No distance reaches 255 (the board's diameter bounds it).
        for steps in 0..=u8::MAX {
            let mask = mask_of(&placement[..k]);
            let region = compact.regions.of(mask, blank);
            if placement[..k] == self.cells[..] && region == goal_region {
                return steps;
            }
            let nearer = (modulo + 3) & 3;
            let mut moved = false;
            'tiles: for i in 0..k {
                let from = placement[i];
                let mut to_cells = neighbours[usize::from(from)] & !mask;
                while to_cells != 0 {
                    let to = to_cells.trailing_zeros() as u8;
                    to_cells &= to_cells - 1;
                    if compact.regions.of(mask, to) != region {
                        continue;
                    }
                    placement[i] = to;
                    if self.region_bit(compact, placement[..k].iter().copied(), from) == nearer >> 1 {
                        (blank, modulo, moved) = (from, nearer, true);
                        break 'tiles;
                    }
                    placement[i] = from;
                }
            }
            if !moved {
                break;
            }
        }
        debug_assert!(false, "a compact database's walk ends at the goal");
        0
    }

    /// The entry at `index` by cells of a zero-aware database, the low
    /// byte of its pair.
    #[cold]
    fn paired_entry(&self, index: usize) -> u8 {
        let pairs = self.zero_aware.as_ref().and_then(|zero| zero.by_cells.as_ref());
        pairs.expect("a database laid out by cells without its entries is zero-aware")[index] as u8
    }

    /// The rank and the entry of a placement.
    #[inline(always)]
    fn ranked_entry(&self, cells: impl Iterator<Item = u8>) -> (usize, u8) {
        let index = rank(self.width * self.height, cells);
        debug_assert!(index < self.data.len());
        // SAFETY: as in `lookup`.
        (index, unsafe { *self.data.get_unchecked(index) })
    }

    /// The value of the placement where pattern tile `i` stands on
    /// `cells[i]`.
    ///
    /// A compact database keeps no least values: it is read by region
    /// alone ([`PatternDb::lookup_at`]).
    #[inline(always)]
    pub fn lookup(&self, cells: impl Iterator<Item = u8>) -> u8 {
        debug_assert!(self.compact.is_none(), "a compact database is read by region");
        if let Some(by_cells) = &self.by_cells {
            let index: u32 = cells.zip(&by_cells.strides).map(|(cell, &stride)| u32::from(cell) * stride).sum();
            if by_cells.data.is_empty() {
                return self.paired_entry(index as usize);
            }
            // SAFETY: with every cell below n, the index is below n^k, the
            // table's length.
            debug_assert!((index as usize) < by_cells.data.len());
            return unsafe { *by_cells.data.get_unchecked(index as usize) };
        }
        let index = rank(self.width * self.height, cells);
        // SAFETY: `rank` of a placement of `k` distinct cells of the board
        // is below `n! / (n-k)!`, the length of `data`.
        debug_assert!(index < self.data.len());
        unsafe { *self.data.get_unchecked(index) }
    }
}

/// The patterns of the 4 x 4 board by name, as goal cells with the blank's
/// goal in cell 0 (Korf and Felner's partitions; for 6-6-3, the best of the
/// shapes tried on Korf's 100: a mean bound of 42.79 and 564,367 generated
/// nodes an instance with the reflected lookup, against 42.23 and 1,195,255
/// for the top row, the left and the right two columns, and 42.77 and
/// 923,324 for the blank's neighbours 1, 4, 5 with the right columns'
/// upper and the bottom rows' other cells).
fn named_4x4(name: &str) -> Option<Vec<Vec<u8>>> {
    Some(match name {
        "5-5-5" => vec![vec![1, 4, 5, 8, 9], vec![2, 3, 6, 7, 11], vec![10, 12, 13, 14, 15]],
        "6-6-3" => vec![vec![1, 2, 4, 5, 8, 9], vec![3, 6, 7, 10, 11, 15], vec![12, 13, 14]],
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

/// Checks what can be checked of patterns given by their tiles on any
/// board: each pattern holds tiles (numbered from 1), and no tile is given
/// twice. Whether the tiles are tiles of a board, [`tile_patterns`] checks.
pub fn check_tile_lists(patterns: &[Vec<i64>]) -> Result<()> {
    let mut pattern_of = std::collections::HashMap::new();
    for (index, pattern) in patterns.iter().enumerate() {
        if pattern.is_empty() {
            return Err(Error::InvalidArgument(format!(
                "patterns: pattern {index} is empty; each pattern needs at least one tile"
            )));
        }
        for &tile in pattern {
            if tile < 1 {
                return Err(Error::InvalidArgument(format!(
                    "patterns: pattern tile {tile} is not a tile; tiles are numbered from 1"
                )));
            }
            if let Some(first) = pattern_of.insert(tile, index) {
                return Err(Error::InvalidArgument(if first == index {
                    format!("patterns: tile {tile} is given twice in pattern {index}")
                } else {
                    format!("patterns: tile {tile} is in two patterns ({first} and {index}); patterns must be disjoint")
                }));
            }
        }
    }
    Ok(())
}

/// The goal cells of patterns given by their tiles.
pub fn tile_patterns(geometry: &Geometry, goal: &Goal, patterns: &[Vec<i64>]) -> Result<Vec<Vec<u8>>> {
    let n = geometry.cells() as i64;
    let cell = |&tile: &i64| {
        if (1..n).contains(&tile) {
            Ok(goal.cell_of(tile as u8) as u8)
        } else {
            Err(Error::InvalidArgument(format!(
                "patterns: pattern tile {tile} is not a tile of the {}x{} board's 1..{}",
                geometry.width(),
                geometry.height(),
                n - 1
            )))
        }
    };
    patterns.iter().map(|pattern| pattern.iter().map(cell).collect()).collect()
}

/// The sizes of a partition named `a-b-...` (every named partition is one
/// too), or the error of a name that is none, whatever the board.
pub fn partition_sizes(name: &str) -> Result<Vec<usize>> {
    name.split('-').map(|s| s.parse::<usize>().ok().filter(|&x| x > 0)).collect::<Option<_>>().ok_or_else(|| {
        Error::InvalidArgument(format!("unknown pattern partition {name:?}; expected sizes like \"6-6-3\""))
    })
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
    let sizes = partition_sizes(name)?;
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

/// `transpose[cell]`, the cell mirrored about the main diagonal, when the
/// mirror image maps the goal onto itself up to relabelling (a square
/// board with the blank's goal on the diagonal): the reflected lookup's
/// condition and map.
pub(super) fn mirror(geometry: &Geometry, goal: &Goal) -> Option<[u8; MAX_CELLS]> {
    let (w, blank) = (geometry.width(), goal.blank_cell());
    if geometry.width() != geometry.height() || blank / w != blank % w {
        return None;
    }
    let mut transpose = [0u8; MAX_CELLS];
    for (cell, mirrored) in transpose.iter_mut().enumerate().take(geometry.cells()) {
        *mirrored = ((cell % w) * w + cell / w) as u8;
    }
    Some(transpose)
}

/// The mirror image about the main diagonal, when it maps the goal onto
/// itself up to relabelling (a square board with the blank's goal on the
/// diagonal).
#[derive(Debug, Clone)]
struct Reflection {
    /// `transpose[cell]`: the cell mirrored.
    transpose: CellMap,
    /// Per pattern, the (original) tiles whose mirrored cells it looks up.
    tiles: Vec<Vec<u8>>,
    /// Per pattern, the mirror image followed by its database's symmetry.
    to_db: Vec<CellMap>,
    /// `pattern_of[tile]`: the pattern whose mirrored lookup `tile` feeds.
    pattern_of: [u8; MAX_CELLS],
}

/// Disjoint patterns whose values add up, with the reflected lookup when the
/// goal allows it, and the dual lookups when asked for.
#[derive(Debug, Clone)]
pub struct PatternSet {
    dbs: Vec<Arc<PatternDb>>,
    /// Per pattern, its tiles in the order of its database.
    tiles: Vec<Vec<u8>>,
    /// Per pattern, the symmetry that carries the board into its
    /// database's (see [`super::symmetry`]).
    to_db: Vec<CellMap>,
    pattern_of: [u8; MAX_CELLS],
    reflection: Option<Reflection>,
    dual: Option<Arc<DualLookups>>,
}

impl PatternSet {
    /// `dbs` are the databases of disjoint patterns (their `cells` are goal
    /// cells of `goal`); every tile no pattern holds must come with a
    /// one-tile database of its own, see [`PatternSet::completed`].
    pub fn new(geometry: &Geometry, goal: &Goal, dbs: Vec<Arc<PatternDb>>, reflect: bool) -> Result<PatternSet> {
        PatternSet::of_views(geometry, goal, dbs.into_iter().map(DbView::direct).collect(), reflect)
    }

    /// [`PatternSet::new`] of databases read through symmetries of the
    /// board (see [`super::symmetry`]).
    pub fn of_views(geometry: &Geometry, goal: &Goal, views: Vec<DbView>, reflect: bool) -> Result<PatternSet> {
        if views.len() > MAX_PATTERNS {
            return Err(Error::InvalidArgument(format!("at most {MAX_PATTERNS} patterns, got {}", views.len())));
        }
        let n = geometry.cells();
        let mut pattern_of = [u8::MAX; MAX_CELLS];
        let mut tiles = Vec::new();
        for (p, view) in views.iter().enumerate() {
            let db = &view.db;
            if (db.width, db.height) != (geometry.width(), geometry.height()) {
                return Err(Error::InvalidArgument("pattern database of another board size".into()));
            }
            if usize::from(db.blank) != goal.blank_cell() {
                return Err(Error::InvalidArgument("pattern database of a goal with the blank elsewhere".into()));
            }
            PatternDb::check_cells(geometry, goal, &view.pattern)?;
            let pattern: Vec<u8> = view.cells().iter().map(|&c| goal.tiles()[c as usize]).collect();
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
        let reflection = mirror(geometry, goal).filter(|_| reflect).map(|transpose| {
            let mut mirrored_of = [u8::MAX; MAX_CELLS];
            let mirrored: Vec<Vec<u8>> = views
                .iter()
                .enumerate()
                .map(|(p, view)| {
                    view.cells()
                        .iter()
                        .map(|&c| {
                            let tile = goal.tiles()[transpose[c as usize] as usize];
                            mirrored_of[tile as usize] = p as u8;
                            tile
                        })
                        .collect()
                })
                .collect();
            let to_db = views.iter().map(|view| view.composed(&transpose)).collect();
            Reflection { transpose, tiles: mirrored, to_db, pattern_of: mirrored_of }
        });
        let to_db = views.iter().map(|view| view.to_db).collect();
        let dbs = views.into_iter().map(|view| view.db).collect();
        Ok(PatternSet { dbs, tiles, to_db, pattern_of, reflection, dual: None })
    }

    /// The same databases with the dual lookups too (see [`super::dual`]),
    /// or without them (`None`).
    pub fn with_dual(mut self, dual: Option<Arc<DualLookups>>) -> PatternSet {
        self.dual = dual;
        self
    }

    /// Whether the dual lookups are taken.
    pub fn is_dual(&self) -> bool {
        self.dual.is_some()
    }

    /// The goal cells of `patterns` followed by one one-tile pattern for
    /// each tile none of them holds (whose database is its Manhattan
    /// distance).
    pub fn completed(geometry: &Geometry, goal: &Goal, patterns: &[Vec<u8>]) -> Result<Vec<Vec<u8>>> {
        let mut covered = 1u32 << goal.blank_cell();
        for pattern in patterns {
            PatternDb::check_cells(geometry, goal, pattern)
                .map_err(|error| Error::InvalidArgument(format!("patterns: {error}")))?;
            for &cell in pattern {
                if covered & (1 << cell) != 0 {
                    return Err(Error::InvalidArgument(format!(
                        "patterns: the tile of goal cell {cell} is in two patterns; patterns must be disjoint"
                    )));
                }
                covered |= 1 << cell;
            }
        }
        let mut all = patterns.to_vec();
        all.extend((0..geometry.cells() as u8).filter(|&c| covered & (1 << c) == 0).map(|c| vec![c]));
        Ok(all)
    }

    /// The databases, one per pattern, in the order of the patterns.
    pub fn databases(&self) -> &[Arc<PatternDb>] {
        &self.dbs
    }

    /// Whether the reflected lookup is taken.
    pub fn is_reflected(&self) -> bool {
        self.reflection.is_some()
    }

    /// The mirror image of each cell about the main diagonal, when the
    /// reflected lookup is taken.
    pub(super) fn transpose(&self) -> Option<&[u8; MAX_CELLS]> {
        self.reflection.as_ref().map(|r| &r.transpose)
    }

    /// Pattern `p`'s value on the board, after a move of its tile from the
    /// value `before` when given (see [`PatternDb::lookup_after`]).
    #[inline(always)]
    fn regular(&self, p: usize, pos: &[u8; MAX_CELLS], before: Option<u8>) -> u8 {
        let to_db = &self.to_db[p];
        let blank = to_db[pos[0] as usize];
        self.dbs[p].lookup_after(self.tiles[p].iter().map(|&t| to_db[pos[t as usize] as usize]), blank, before)
    }

    /// [`PatternSet::regular`] on the mirrored board.
    #[inline(always)]
    fn mirrored(&self, r: &Reflection, p: usize, pos: &[u8; MAX_CELLS], before: Option<u8>) -> u8 {
        let to_db = &r.to_db[p];
        let blank = to_db[pos[0] as usize];
        self.dbs[p].lookup_after(r.tiles[p].iter().map(|&t| to_db[pos[t as usize] as usize]), blank, before)
    }

    /// The bound of the regular lookup and of the reflected one if taken.
    fn lookups(&self, pos: &[u8; MAX_CELLS]) -> u32 {
        let regular: u32 = (0..self.dbs.len()).map(|p| u32::from(self.regular(p, pos, None))).sum();
        match &self.reflection {
            Some(r) => regular.max((0..self.dbs.len()).map(|p| u32::from(self.mirrored(r, p, pos, None))).sum()),
            None => regular,
        }
    }

    /// `h` raised to the dual lookups' bound when they are taken.
    #[inline(always)]
    fn with_dual_bound(&self, h: u32, pos: &[u8; MAX_CELLS]) -> u32 {
        match &self.dual {
            Some(dual) => h.max(dual.bound(pos)),
            None => h,
        }
    }

    /// The bound of a board given as `pos[tile] = cell`.
    pub fn evaluate_positions(&self, pos: &[u8; MAX_CELLS]) -> u32 {
        self.with_dual_bound(self.lookups(pos), pos)
    }

    /// The bound of a board given as `board[cell] = tile`.
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

    fn is_consistent(&self) -> bool {
        // A move can change the dual board everywhere, and its bound by more than one.
        !self.is_dual()
    }

    fn start(&self, _board: &[u8; MAX_CELLS], pos: &[u8; MAX_CELLS]) -> (u32, PdbAcc) {
        let mut acc =
            PdbAcc { regular: [0; MAX_PATTERNS], mirrored: [0; MAX_PATTERNS], regular_sum: 0, mirrored_sum: 0 };
        for p in 0..self.dbs.len() {
            acc.regular[p] = self.regular(p, pos, None);
            acc.regular_sum += u32::from(acc.regular[p]);
            if let Some(r) = &self.reflection {
                acc.mirrored[p] = self.mirrored(r, p, pos, None);
                acc.mirrored_sum += u32::from(acc.mirrored[p]);
            }
        }
        (self.with_dual_bound(acc.regular_sum.max(acc.mirrored_sum), pos), acc)
    }

    #[inline(always)]
    fn slide(
        &self,
        acc: PdbAcc,
        h: u32,
        board: &[u8; MAX_CELLS],
        pos: &[u8; MAX_CELLS],
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, PdbAcc) {
        self.slide_within(acc, h, board, pos, tile, from, to, u32::MAX)
    }

    /// The dual lookups, the costliest, only where the regular and the
    /// reflected ones leave the child within the bound.
    #[inline(always)]
    fn slide_within(
        &self,
        acc: PdbAcc,
        _h: u32,
        _board: &[u8; MAX_CELLS],
        pos: &[u8; MAX_CELLS],
        tile: u8,
        _from: usize,
        _to: usize,
        limit: u32,
    ) -> (u32, PdbAcc) {
        let acc = self.step(acc, pos, tile);
        let h = acc.regular_sum.max(acc.mirrored_sum);
        (if h > limit { h } else { self.with_dual_bound(h, pos) }, acc)
    }
}

impl PatternSet {
    /// The regular and reflected values after `tile` moved: only its
    /// pattern's changed.
    #[inline(always)]
    fn step(&self, mut acc: PdbAcc, pos: &[u8; MAX_CELLS], tile: u8) -> PdbAcc {
        let p = self.pattern_of[tile as usize] as usize;
        let value = self.regular(p, pos, Some(acc.regular[p]));
        acc.regular_sum = acc.regular_sum + u32::from(value) - u32::from(acc.regular[p]);
        acc.regular[p] = value;
        if let Some(r) = &self.reflection {
            let q = r.pattern_of[tile as usize] as usize;
            let value = self.mirrored(r, q, pos, Some(acc.mirrored[q]));
            acc.mirrored_sum = acc.mirrored_sum + u32::from(value) - u32::from(acc.mirrored[q]);
            acc.mirrored[q] = value;
        }
        acc
    }
}
