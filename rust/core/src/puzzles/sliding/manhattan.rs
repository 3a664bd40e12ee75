//! The Manhattan distance, kept incrementally: one move changes one tile's
//! distance by exactly one.

use super::board::{Geometry, Goal, MAX_CELLS};
use super::search::Incremental;

/// Per tile and cell, the tile's distance from that cell to its goal cell.
#[derive(Debug, Clone)]
pub struct Manhattan {
    /// `table[tile * MAX_CELLS + cell]`; zero for the blank.
    table: Vec<u8>,
}

impl Manhattan {
    /// The distances of every tile of `geometry` from every cell to its
    /// cell in `goal`, tabulated once.
    pub fn new(geometry: &Geometry, goal: &Goal) -> Self {
        let mut table = vec![0u8; MAX_CELLS * MAX_CELLS];
        for tile in 1..geometry.cells() as u8 {
            for cell in 0..geometry.cells() {
                table[tile as usize * MAX_CELLS + cell] = geometry.distance(cell, goal.cell_of(tile)) as u8;
            }
        }
        Manhattan { table }
    }

    /// The moves `tile` on `cell` needs to reach its goal cell, ignoring
    /// every other tile; 0 for the blank, which the bound does not count.
    #[inline]
    pub fn tile(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.table[tile as usize * MAX_CELLS + cell])
    }

    /// The bound for a whole board (`board[cell] = tile`): the sum of
    /// [`Manhattan::tile`] over its cells. Admissible, as a move moves one
    /// tile one cell.
    pub fn evaluate(&self, board: &[u8]) -> u32 {
        board.iter().enumerate().map(|(cell, &tile)| self.tile(tile, cell)).sum()
    }
}

impl Incremental for Manhattan {
    type Acc = ();
    const READS_BOARD: bool = false;

    fn resume(&self, _h: u32, _board: &[u8; MAX_CELLS], _pos: &[u8; MAX_CELLS]) {}

    fn start(&self, board: &[u8; MAX_CELLS], _pos: &[u8; MAX_CELLS]) -> (u32, ()) {
        (self.evaluate(board), ())
    }

    #[inline(always)]
    fn slide(
        &self,
        _acc: (),
        h: u32,
        _board: &[u8; MAX_CELLS],
        _pos: &[u8; MAX_CELLS],
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, ()) {
        (h + self.tile(tile, to) - self.tile(tile, from), ())
    }
}
