//! The largest of several additive bounds (Holte, Felner, Newton, Meshulam
//! and Furcy 2006, "Maximizing over multiple pattern databases speeds up
//! heuristic search").
//!
//! Each partition of the tiles into disjoint patterns gives an additive
//! bound; any of them is admissible, so their maximum is too, and it is
//! consistent when each is (a move changes one pattern's value of each
//! partition by one at most). Partitions share databases: a pattern that
//! several of them hold is built and kept once. With the reflected lookup
//! each partition's mirror image about the main diagonal is one more
//! partition, read from the same databases; and a pattern that a symmetry
//! of the board maps onto another's reads that one's database (see
//! [`super::symmetry`]).
//!
//! A move changes one pattern of each partition, so a child costs one
//! lookup per partition. Where the child is pruned whatever the others
//! say, the lookups stop at the first partition whose sum passes the
//! bound, starting with the partition that gave the parent its value (the
//! likeliest to prune the child too).

use std::sync::Arc;

use super::board::{Geometry, Goal, MAX_CELLS};
use super::pdb::{mirror, PatternDb, PatternSet};
use super::search::Incremental;
use super::symmetry::{identity, CellMap, DbView};
use crate::{Error, Result};

/// The most lookups a catalogue keeps (one per pattern of each partition
/// and of each mirrored one): seven 6-6-6-6 partitions of the 5 x 5 board
/// with their mirror images take 56.
pub const MAX_LOOKUPS: usize = 64;

/// The most partitions, mirror images included.
pub const MAX_PARTITIONS: usize = 16;

/// One pattern of one partition: its database, the tiles it reads, in the
/// database's order, and the map of their cells into the database's board
/// (a symmetry of the board, after the mirror image for a mirrored
/// partition).
#[derive(Debug, Clone)]
struct Lookup {
    db: Arc<PatternDb>,
    tiles: Vec<u8>,
    to_db: CellMap,
}

/// A partition: where each tile's lookup is.
#[derive(Debug, Clone)]
struct Partition {
    /// `lookup_of[tile]`: the index of the lookup of the pattern holding
    /// `tile` (the blank's entry unused).
    lookup_of: [u8; MAX_CELLS],
    /// Its lookups, `first..end`.
    first: usize,
    end: usize,
}

/// Several partitions' additive bounds, the largest taken.
#[derive(Debug, Clone)]
pub struct Catalogue {
    /// Each database once.
    dbs: Vec<Arc<PatternDb>>,
    lookups: Vec<Lookup>,
    partitions: Vec<Partition>,
}

/// Each lookup's value, each partition's sum, and the partition whose sum
/// is the largest.
#[derive(Clone, Copy)]
pub struct CatalogueAcc {
    values: [u8; MAX_LOOKUPS],
    sums: [u16; MAX_PARTITIONS],
    best: u8,
}

impl Catalogue {
    /// The catalogue of `partitions` (each a list of patterns as goal
    /// cells, every tile in exactly one, as [`PatternSet::completed`] gives
    /// them), reading `views`, one per distinct pattern (see
    /// [`DbView::pattern`]), with each partition's mirror image too when
    /// `reflect` and the goal allow it.
    pub fn new(
        geometry: &Geometry,
        goal: &Goal,
        partitions: &[Vec<Vec<u8>>],
        views: Vec<DbView>,
        reflect: bool,
    ) -> Result<Catalogue> {
        let symmetric = check(geometry, goal, partitions, reflect)?;
        let transpose = mirror(geometry, goal).unwrap_or_else(|| identity(geometry.cells()));
        let view_of = |cells: &[u8]| {
            views.iter().find(|view| view.pattern == cells).ok_or_else(|| {
                Error::InvalidArgument(format!("no database of the pattern of goal cells {cells:?} was given"))
            })
        };
        for patterns in partitions {
            // Refuses patterns that overlap or leave a tile out.
            let used = patterns.iter().map(|cells| Ok(view_of(cells)?.clone())).collect::<Result<_>>()?;
            PatternSet::of_views(geometry, goal, used, false)?;
        }
        let mut dbs: Vec<Arc<PatternDb>> = Vec::new();
        for view in &views {
            if !dbs.iter().any(|db| Arc::ptr_eq(db, &view.db)) {
                dbs.push(view.db.clone());
            }
        }
        let mut catalogue = Catalogue { dbs, lookups: Vec::new(), partitions: Vec::new() };
        for mirrored in [false, true] {
            if mirrored && !symmetric {
                break;
            }
            for patterns in partitions {
                let (first, mut lookup_of) = (catalogue.lookups.len(), [u8::MAX; MAX_CELLS]);
                for cells in patterns {
                    let index = catalogue.lookups.len();
                    let view = view_of(cells)?;
                    let tiles: Vec<u8> = view
                        .cells()
                        .iter()
                        .map(|&cell| goal.tiles()[if mirrored { transpose[cell as usize] } else { cell } as usize])
                        .collect();
                    for &tile in &tiles {
                        lookup_of[tile as usize] = index as u8;
                    }
                    let to_db = if mirrored { view.composed(&transpose) } else { view.to_db };
                    catalogue.lookups.push(Lookup { db: view.db.clone(), tiles, to_db });
                }
                let end = catalogue.lookups.len();
                catalogue.partitions.push(Partition { lookup_of, first, end });
            }
        }
        Ok(catalogue)
    }

    /// The databases, each once.
    pub fn databases(&self) -> &[Arc<PatternDb>] {
        &self.dbs
    }

    /// The partitions whose largest sum is taken, mirror images counted.
    pub fn partition_count(&self) -> usize {
        self.partitions.len()
    }

    /// The value of `lookup` on the board `pos`: read whole, or after a
    /// move of one of its tiles from the value `before` it.
    #[inline(always)]
    fn value(&self, lookup: usize, pos: &[u8; MAX_CELLS], before: Option<u8>) -> u8 {
        let Lookup { db, tiles, to_db } = &self.lookups[lookup];
        db.lookup_after(tiles.iter().map(|&t| to_db[pos[t as usize] as usize]), to_db[pos[0] as usize], before)
    }

    /// The bound of a board given as `pos[tile] = cell`.
    pub fn evaluate_positions(&self, pos: &[u8; MAX_CELLS]) -> u32 {
        self.start(&[0; MAX_CELLS], pos).0
    }

    /// The bound of a board given as `board[cell] = tile`.
    pub fn evaluate(&self, board: &[u8]) -> u32 {
        self.evaluate_positions(&super::pdb::positions(board))
    }
}

impl Incremental for Catalogue {
    type Acc = CatalogueAcc;

    fn start(&self, _board: &[u8; MAX_CELLS], pos: &[u8; MAX_CELLS]) -> (u32, CatalogueAcc) {
        let mut acc = CatalogueAcc { values: [0; MAX_LOOKUPS], sums: [0; MAX_PARTITIONS], best: 0 };
        for (p, partition) in self.partitions.iter().enumerate() {
            for lookup in partition.first..partition.end {
                acc.values[lookup] = self.value(lookup, pos, None);
                acc.sums[p] += u16::from(acc.values[lookup]);
            }
            if acc.sums[p] > acc.sums[acc.best as usize] {
                acc.best = p as u8;
            }
        }
        (u32::from(acc.sums[acc.best as usize]), acc)
    }

    #[inline(always)]
    fn slide(
        &self,
        acc: CatalogueAcc,
        h: u32,
        board: &[u8; MAX_CELLS],
        pos: &[u8; MAX_CELLS],
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, CatalogueAcc) {
        self.slide_within(acc, h, board, pos, tile, from, to, u32::MAX)
    }

    /// Stops at the first partition whose sum passes `limit`: the child is
    /// pruned, and what is carried is never read.
    #[inline(always)]
    fn slide_within(
        &self,
        mut acc: CatalogueAcc,
        _h: u32,
        _board: &[u8; MAX_CELLS],
        pos: &[u8; MAX_CELLS],
        tile: u8,
        _from: usize,
        _to: usize,
        limit: u32,
    ) -> (u32, CatalogueAcc) {
        let count = self.partitions.len();
        let first = acc.best as usize;
        let (mut best, mut best_sum) = (first, 0u16);
        for step in 0..count {
            let p = if first + step < count { first + step } else { first + step - count };
            let partition = &self.partitions[p];
            let lookup = partition.lookup_of[tile as usize] as usize;
            let value = self.value(lookup, pos, Some(acc.values[lookup]));
            let sum = acc.sums[p] + u16::from(value) - u16::from(acc.values[lookup]);
            acc.sums[p] = sum;
            acc.values[lookup] = value;
            if sum > best_sum {
                (best, best_sum) = (p, sum);
                if u32::from(sum) > limit {
                    break;
                }
            }
        }
        acc.best = best as u8;
        (u32::from(best_sum), acc)
    }
}

/// Checks that a catalogue of `partitions` is within [`MAX_PARTITIONS`]
/// and [`MAX_LOOKUPS`], before any database is built; whether the mirror
/// images are taken.
pub fn check(geometry: &Geometry, goal: &Goal, partitions: &[Vec<Vec<u8>>], reflect: bool) -> Result<bool> {
    let symmetric = reflect && mirror(geometry, goal).is_some();
    let copies = if symmetric { 2 } else { 1 };
    let lookups: usize = partitions.iter().map(Vec::len).sum::<usize>() * copies;
    if partitions.is_empty() || partitions.len() * copies > MAX_PARTITIONS || lookups > MAX_LOOKUPS {
        return Err(Error::InvalidArgument(format!(
            "patterns: {} partitions of {lookups} patterns in all{}; the largest of several bounds takes 1 to \
             {MAX_PARTITIONS} partitions and {MAX_LOOKUPS} patterns in all, mirror images and tiles left out counted",
            partitions.len(),
            if symmetric { " with their mirror images" } else { "" },
        )));
    }
    Ok(symmetric)
}
