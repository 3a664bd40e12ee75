//! Symmetries of the board: one database serves every pattern that a
//! symmetry maps onto its own.
//!
//! A symmetry of the board (a half turn, a flip, and on a square board a
//! quarter turn or a transposition) maps placements to placements and
//! moves to moves. So the distance of a placement of pattern `P` is that of
//! its image under `h` in the database of `Q = h(P)`, as long as the goals
//! correspond: a build starts from the region of empty cells, in the goal
//! placement, that holds the blank's starting cell, and `h` must carry
//! `P`'s onto `Q`'s. Clausecker and Reinefeld's 24-puzzle solver shares its
//! databases so; in Korf and Felner's 6-6-6-6 partition of the 24-puzzle
//! three patterns are images of one another, and two databases serve all
//! four.

use std::sync::Arc;

use super::board::{Geometry, MAX_CELLS};
use super::pdb::PatternDb;
use super::pdb_build::component;

/// A cell map: `map[cell]`.
pub type CellMap = [u8; MAX_CELLS];

/// The board's symmetries as cell maps, the identity first: the half turn
/// and both flips, and on a square board the transpositions and quarter
/// turns too.
pub fn symmetries(geometry: &Geometry) -> Vec<CellMap> {
    let (w, h) = (geometry.width(), geometry.height());
    let mut maps: Vec<CellMap> = Vec::new();
    let square = w == h;
    for transpose in [false, true] {
        if transpose && !square {
            break;
        }
        for (flip_rows, flip_columns) in [(false, false), (true, true), (true, false), (false, true)] {
            let mut map = [0u8; MAX_CELLS];
            for (cell, image) in map.iter_mut().enumerate().take(w * h) {
                let (mut row, mut column) = (cell / w, cell % w);
                if flip_rows {
                    row = h - 1 - row;
                }
                if flip_columns {
                    column = w - 1 - column;
                }
                if transpose {
                    (row, column) = (column, row);
                }
                *image = (row * w + column) as u8;
            }
            maps.push(map);
        }
    }
    maps
}

/// The identity map of a board of `cells` cells.
pub fn identity(cells: usize) -> CellMap {
    let mut map = [0u8; MAX_CELLS];
    for (cell, image) in map.iter_mut().enumerate().take(cells) {
        *image = cell as u8;
    }
    map
}

/// How one database spec (goal cells, the blank's starting cell) is
/// served: by the database of the spec `base`, read through `to_base`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    /// The spec whose database is read (the spec itself when it is built).
    pub base: usize,
    /// The symmetry that maps this spec's cells onto the base's.
    pub to_base: CellMap,
    /// `order[j]`: the place, in this spec's list of cells, of the cell
    /// that the base's `j`-th maps back to.
    pub order: Vec<u8>,
}

/// For each spec of `specs` (goal cells, the blank's starting cell), the
/// first spec whose database serves it through a symmetry of the board:
/// itself when none before it does.
pub fn shares(geometry: &Geometry, specs: &[(Vec<u8>, u8)]) -> Vec<Share> {
    let n = geometry.cells();
    let neighbours = geometry.neighbour_masks();
    let board = u32::MAX >> (32 - n);
    let mask_of = |cells: &[u8]| cells.iter().fold(0u32, |m, &c| m | 1 << c);
    let maps = symmetries(geometry);
    let mut shares: Vec<Share> = Vec::with_capacity(specs.len());
    for (index, (cells, blank)) in specs.iter().enumerate() {
        let found = (0..index).filter(|&base| shares[base].base == base).find_map(|base| {
            let (base_cells, base_blank) = &specs[base];
            let base_mask = mask_of(base_cells);
            let goal_region = component(u32::from(*base_blank), board & !base_mask, &neighbours);
            maps.iter().find_map(|map| {
                let image: Vec<u8> = cells.iter().map(|&c| map[c as usize]).collect();
                let same_goal = image.len() == base_cells.len()
                    && mask_of(&image) == base_mask
                    && goal_region & (1 << map[usize::from(*blank)]) != 0;
                same_goal.then(|| {
                    let order =
                        base_cells.iter().map(|cell| image.iter().position(|c| c == cell).expect("same set") as u8);
                    Share { base, to_base: *map, order: order.collect() }
                })
            })
        });
        shares.push(found.unwrap_or_else(|| Share {
            base: index,
            to_base: identity(n),
            order: (0..cells.len() as u8).collect(),
        }));
    }
    shares
}

/// The specs of `specs` whose databases are built: those no earlier one
/// serves (see [`shares`]), each once.
pub fn built(geometry: &Geometry, specs: &[(Vec<u8>, u8)]) -> Vec<(Vec<u8>, u8)> {
    let mut distinct: Vec<(Vec<u8>, u8)> = Vec::new();
    for spec in specs {
        if !distinct.contains(spec) {
            distinct.push(spec.clone());
        }
    }
    let shares = shares(geometry, &distinct);
    distinct
        .into_iter()
        .zip(shares)
        .enumerate()
        .filter(|(index, (_, share))| share.base == *index)
        .map(|(_, (spec, _))| spec)
        .collect()
}

/// A database as a pattern reads it: through a symmetry of the board when
/// the database is of the pattern's image.
#[derive(Debug, Clone)]
pub struct DbView {
    /// The database read.
    pub db: Arc<PatternDb>,
    /// The pattern's goal cells, as it lists them.
    pub pattern: Vec<u8>,
    /// The symmetry that carries the board into the database's.
    pub to_db: CellMap,
    /// `order[j]`: the place, in `pattern`, of the tile whose cell the
    /// database reads `j`-th.
    pub order: Vec<u8>,
}

impl DbView {
    /// The database of its own pattern, read as it is.
    pub fn direct(db: Arc<PatternDb>) -> DbView {
        let pattern = db.cells().to_vec();
        let cells = db.width() * db.height();
        DbView { order: (0..pattern.len() as u8).collect(), to_db: identity(cells), pattern, db }
    }

    /// The view of `db` for the spec `pattern` that `share` describes.
    pub fn shared(db: Arc<PatternDb>, pattern: Vec<u8>, share: &Share) -> DbView {
        DbView { db, pattern, to_db: share.to_base, order: share.order.clone() }
    }

    /// `items`, one for each cell of the pattern in its order, in the
    /// order the database reads them.
    pub fn arranged<T: Copy>(&self, items: &[T]) -> Vec<T> {
        self.order.iter().map(|&place| items[usize::from(place)]).collect()
    }

    /// The goal cells of the pattern, in the order the database reads them.
    pub fn cells(&self) -> Vec<u8> {
        self.arranged(&self.pattern)
    }

    /// `then` after the symmetry into the database's board.
    pub fn composed(&self, then: &CellMap) -> CellMap {
        let mut map = [0u8; MAX_CELLS];
        for (cell, image) in map.iter_mut().enumerate() {
            *image = self.to_db[usize::from(then[cell])];
        }
        map
    }
}
