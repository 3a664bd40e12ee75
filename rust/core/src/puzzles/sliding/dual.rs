//! Dual lookups (Felner, Zahavi, Schaeffer and Holte 2005) on every board.
//!
//! Name each tile by its goal cell; a board is then a permutation `p` of the
//! cells, the name `x` standing on cell `p(x)`, and the goal is the
//! identity. Let the blank stand on cell `b`, and let the moves `m` solve
//! the board. Each move swaps the contents of two cells, one of them the
//! blank's; applied to the goal instead, the same swaps carry the name `b`
//! where they carried the blank and end on the inverse permutation, the
//! dual board. Swap the names `b` and of the blank on both sides: `m`
//! taken backwards leads from the dual board so relabelled (blank on its
//! goal cell, tile `b` where the dual board has the blank) to the target
//! `X_b`: the goal with the blank on `b` and tile `b` on the blank's goal
//! cell. That distance is the board's own, so every admissible bound
//! towards `X_b` is one for the board.
//!
//! Pattern databases towards `X_b` bound it. A pattern without tile `b`
//! has its goal cells as in the goal; only the blank starts elsewhere, and
//! that changes nothing when `b` and the blank's goal cell are in the same
//! region of empty cells of the goal placement (moves through empty cells
//! are free): the goal's own database serves. Otherwise the database is
//! built with the blank in `b`'s region. The pattern holding tile `b` has
//! `b`'s target moved to the blank's goal cell, in a database of its own
//! for each cell `b` of the pattern. For 7-8 on the 4 x 4 board that is 8
//! more databases of 7 tiles and 8 of 8 (4.6 GB in all, against 0.6 GB
//! for the goal's); for 6-6-3, 86 MB; for 6-6-6-6 on 5 x 5, 25 of 6 tiles
//! (3.2 GB).
//!
//! With the blank on its goal cell the target is the goal itself and the
//! goal's databases are read on the dual board, as in the literature. The
//! reflected board has a dual too, looked up the same way, so a reflected
//! set takes four lookups and keeps the largest.

use super::board::{Geometry, Goal, MAX_CELLS};
use super::pdb_build::component;
use super::symmetry::DbView;

/// A database of the dual lookups: the cells its tiles' targets are, in
/// the order of its ranking, and the cell the blank starts its build on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseSpec {
    /// The targets of the pattern's tiles.
    pub cells: Vec<u8>,
    /// Where the blank starts.
    pub blank: u8,
}

/// One pattern's share of the dual bound: a database and the tiles whose
/// cells (on the relabelled dual board) it reads, in its order.
#[derive(Debug, Clone)]
struct Part {
    db: usize,
    tiles: Vec<u8>,
}

/// The databases the dual lookups read and how, for every cell of the
/// blank.
#[derive(Debug, Clone)]
pub struct DualPlan {
    specs: Vec<DatabaseSpec>,
    by_blank: Vec<Vec<Part>>,
}

impl DualPlan {
    /// The plan for `patterns` (goal cells, every tile in one, as
    /// [`super::PatternSet::completed`] gives them) towards `goal`.
    pub fn new(geometry: &Geometry, goal: &Goal, patterns: &[Vec<u8>]) -> DualPlan {
        let neighbours = geometry.neighbour_masks();
        let home = goal.blank_cell() as u8;
        let mut specs: Vec<DatabaseSpec> = Vec::new();
        let mut spec = |cells: Vec<u8>, blank: u8| {
            // The same database whatever cell of its region the blank starts on.
            let occupied = cells.iter().fold(0u32, |m, &c| m | 1 << c);
            let region = component(u32::from(blank), !occupied, &neighbours);
            let blank = if region & (1 << home) != 0 { home } else { region.trailing_zeros() as u8 };
            let wanted = DatabaseSpec { cells, blank };
            match specs.iter().position(|known| *known == wanted) {
                Some(index) => index,
                None => {
                    specs.push(wanted);
                    specs.len() - 1
                }
            }
        };
        let by_blank = (0..geometry.cells() as u8)
            .map(|blank| {
                patterns
                    .iter()
                    .map(|cells| {
                        let tiles = cells.iter().map(|&c| goal.tiles()[c as usize]).collect();
                        let mut targets = cells.clone();
                        if let Some(at) = cells.iter().position(|&c| c == blank) {
                            targets[at] = home;
                        }
                        Part { db: spec(targets, blank), tiles }
                    })
                    .collect()
            })
            .collect();
        DualPlan { specs, by_blank }
    }

    /// The databases to load or build, in the order the lookups take them.
    pub fn databases(&self) -> &[DatabaseSpec] {
        &self.specs
    }
}

/// The transposition about the main diagonal, as a map of cells and of
/// tiles.
#[derive(Debug, Clone)]
struct Mirror {
    cell: [u8; MAX_CELLS],
    tile: [u8; MAX_CELLS],
}

/// The dual lookups, ready: [`DualLookups::bound`] of a board.
#[derive(Debug, Clone)]
pub struct DualLookups {
    cells: usize,
    goal_tiles: [u8; MAX_CELLS],
    goal_cell_of: [u8; MAX_CELLS],
    views: Vec<DbView>,
    /// The parts' tiles in the order of their databases.
    by_blank: Vec<Vec<Part>>,
    mirror: Option<Mirror>,
}

impl DualLookups {
    /// The lookups of `plan`, `views` being its databases in order; the
    /// mirrored board's duals too when `transpose` (the mirror image of each
    /// cell, see [`super::PatternSet::is_reflected`]) is given.
    pub(super) fn new(
        geometry: &Geometry,
        goal: &Goal,
        plan: DualPlan,
        views: Vec<DbView>,
        transpose: Option<&[u8; MAX_CELLS]>,
    ) -> Self {
        assert_eq!(views.len(), plan.specs.len(), "one database per spec");
        let n = geometry.cells();
        let mut goal_tiles = [0u8; MAX_CELLS];
        let mut goal_cell_of = [0u8; MAX_CELLS];
        for (cell, &tile) in goal.tiles().iter().enumerate() {
            goal_tiles[cell] = tile;
            goal_cell_of[tile as usize] = cell as u8;
        }
        let mirror = transpose.map(|&cell| {
            let mut tile = [0u8; MAX_CELLS];
            for (t, mirrored) in tile.iter_mut().enumerate().take(n) {
                *mirrored = goal_tiles[cell[goal_cell_of[t] as usize] as usize];
            }
            Mirror { cell, tile }
        });
        let by_blank = plan
            .by_blank
            .into_iter()
            .map(|parts| {
                let arranged = |part: Part| Part { tiles: views[part.db].arranged(&part.tiles), db: part.db };
                parts.into_iter().map(arranged).collect()
            })
            .collect();
        DualLookups { cells: n, goal_tiles, goal_cell_of, views, by_blank, mirror }
    }

    /// The bound of the board `pos` (`pos[tile] = cell`) from its dual.
    #[inline]
    fn one(&self, pos: &[u8; MAX_CELLS]) -> u32 {
        let blank = pos[0] as usize;
        let mut dual = [0u8; MAX_CELLS];
        for tile in 0..self.cells {
            dual[self.goal_tiles[pos[tile] as usize] as usize] = self.goal_cell_of[tile];
        }
        // The blank's and the blank cell's tile trade names (see the module).
        dual.swap(0, self.goal_tiles[blank] as usize);
        self.by_blank[blank]
            .iter()
            .map(|part| {
                let view = &self.views[part.db];
                u32::from(view.db.lookup(part.tiles.iter().map(|&t| view.to_db[dual[t as usize] as usize])))
            })
            .sum()
    }

    /// The largest bound of the board's dual and, when reflected, of its
    /// mirror image's.
    #[inline]
    pub fn bound(&self, pos: &[u8; MAX_CELLS]) -> u32 {
        let bound = self.one(pos);
        match &self.mirror {
            Some(mirror) => {
                let mut mirrored = [0u8; MAX_CELLS];
                for tile in 0..self.cells {
                    mirrored[mirror.tile[tile] as usize] = mirror.cell[pos[tile] as usize];
                }
                bound.max(self.one(&mirrored))
            }
            None => bound,
        }
    }
}
