//! Linear conflicts (Hansson, Mayer and Yung 1992; Korf and Taylor 1996).
//!
//! Two tiles in their goal row (or column) but in the wrong order there must
//! leave the line to pass each other: two moves beyond their Manhattan
//! distances. Per line, the bound counts the fewest tiles to remove so that
//! the remaining goal-line tiles stand in goal order (the line's tiles that
//! belong to it, less a longest increasing run of their goal places); each
//! removed tile costs two moves. A move along a row keeps every row's order,
//! so only the two columns it touches change, and the other way round.

use super::board::{Geometry, Goal, MAX_CELLS, MAX_SIDE};
use super::manhattan::Manhattan;
use super::search::Incremental;

/// The Manhattan distance plus two moves for each tile that must leave its
/// goal row or column so that the rest of that line's own tiles can stand
/// in goal order: admissible, never below the Manhattan distance, and kept
/// up to date move by move by looking at the two lines a move touches.
#[derive(Debug, Clone)]
pub struct LinearConflict {
    manhattan: Manhattan,
    width: usize,
    height: usize,
    /// `row_code[tile * MAX_SIDE + row]`: 1 + the tile's goal column when
    /// `row` is its goal row, else 0 (the blank is always 0).
    row_code: Vec<u16>,
    col_code: Vec<u16>,
    /// Conflicts of a row (of `width` cells) by the key `sum code * base^col`.
    row_table: Vec<u8>,
    col_table: Vec<u8>,
}

/// Tiles to remove from a line of `len` cells holding these codes (0: no
/// tile of this line; else 1 + its goal place) so the rest is in order.
fn removals(codes: &[u16]) -> u8 {
    let places: Vec<u16> = codes.iter().copied().filter(|&c| c > 0).collect();
    // Longest increasing subsequence, quadratic: lines are at most 5 long.
    let mut best = vec![1u8; places.len()];
    for i in 0..places.len() {
        for j in 0..i {
            if places[j] < places[i] {
                best[i] = best[i].max(best[j] + 1);
            }
        }
    }
    places.len() as u8 - best.iter().copied().max().unwrap_or(0)
}

fn table(len: usize) -> Vec<u8> {
    let base = len + 1;
    let size = base.pow(len as u32);
    (0..size)
        .map(|mut key| {
            let codes: Vec<u16> = (0..len)
                .map(|_| {
                    let c = key % base;
                    key /= base;
                    c as u16
                })
                .collect();
            removals(&codes)
        })
        .collect()
}

impl LinearConflict {
    /// The tables for `geometry` and `goal`: each tile's goal line, and
    /// the removals of every arrangement of a row and of a column (at most
    /// 6^5 = 7,776 entries each, a byte an entry).
    pub fn new(geometry: &Geometry, goal: &Goal) -> Self {
        let (width, height) = (geometry.width(), geometry.height());
        let mut row_code = vec![0u16; MAX_CELLS * MAX_SIDE];
        let mut col_code = vec![0u16; MAX_CELLS * MAX_SIDE];
        for tile in 1..geometry.cells() as u8 {
            let cell = goal.cell_of(tile);
            let (row, col) = (cell / width, cell % width);
            row_code[tile as usize * MAX_SIDE + row] = 1 + col as u16;
            col_code[tile as usize * MAX_SIDE + col] = 1 + row as u16;
        }
        LinearConflict {
            manhattan: Manhattan::new(geometry, goal),
            width,
            height,
            row_code,
            col_code,
            row_table: table(width),
            col_table: table(height),
        }
    }

    #[inline]
    fn row(&self, board: &[u8], row: usize) -> u32 {
        let base = (self.width + 1) as u32;
        let mut key = 0u32;
        for col in (0..self.width).rev() {
            let tile = board[row * self.width + col] as usize;
            key = key * base + u32::from(self.row_code[tile * MAX_SIDE + row]);
        }
        u32::from(self.row_table[key as usize])
    }

    #[inline]
    fn col(&self, board: &[u8], col: usize) -> u32 {
        let base = (self.height + 1) as u32;
        let mut key = 0u32;
        for row in (0..self.height).rev() {
            let tile = board[row * self.width + col] as usize;
            key = key * base + u32::from(self.col_code[tile * MAX_SIDE + col]);
        }
        u32::from(self.col_table[key as usize])
    }

    /// The tiles to remove over every line (the bound adds twice this).
    pub fn conflicts(&self, board: &[u8]) -> u32 {
        (0..self.height).map(|r| self.row(board, r)).sum::<u32>()
            + (0..self.width).map(|c| self.col(board, c)).sum::<u32>()
    }

    /// The bound for a whole board (`board[cell] = tile`): its Manhattan
    /// distance plus twice its [`conflicts`](LinearConflict::conflicts).
    pub fn evaluate(&self, board: &[u8]) -> u32 {
        self.manhattan.evaluate(board) + 2 * self.conflicts(board)
    }
}

impl LinearConflict {
    /// The conflicts of every line of `board`, the Manhattan distance left 0.
    fn lines(&self, board: &[u8; MAX_CELLS]) -> LcAcc {
        let mut acc = LcAcc { manhattan: 0, rows: [0; MAX_SIDE], cols: [0; MAX_SIDE], conflicts: 0 };
        for r in 0..self.height {
            acc.rows[r] = self.row(board, r) as u8;
        }
        for c in 0..self.width {
            acc.cols[c] = self.col(board, c) as u8;
        }
        acc.conflicts = acc.rows.iter().chain(&acc.cols).map(|&x| u16::from(x)).sum();
        acc
    }
}

/// Manhattan distance and the conflicts of every row and column.
#[derive(Clone, Copy)]
pub struct LcAcc {
    manhattan: u16,
    rows: [u8; MAX_SIDE],
    cols: [u8; MAX_SIDE],
    conflicts: u16,
}

impl Incremental for LinearConflict {
    type Acc = LcAcc;

    fn start(&self, board: &[u8; MAX_CELLS], _pos: &[u8; MAX_CELLS]) -> (u32, LcAcc) {
        let mut acc = self.lines(board);
        acc.manhattan = self.manhattan.evaluate(board) as u16;
        (u32::from(acc.manhattan) + 2 * u32::from(acc.conflicts), acc)
    }

    /// The Manhattan part is what `h` leaves of the conflicts.
    fn resume(&self, h: u32, board: &[u8; MAX_CELLS], _pos: &[u8; MAX_CELLS]) -> LcAcc {
        let mut acc = self.lines(board);
        acc.manhattan = (h - 2 * u32::from(acc.conflicts)) as u16;
        acc
    }

    #[inline(always)]
    fn slide(
        &self,
        mut acc: LcAcc,
        _h: u32,
        board: &[u8; MAX_CELLS],
        _pos: &[u8; MAX_CELLS],
        tile: u8,
        from: usize,
        to: usize,
    ) -> (u32, LcAcc) {
        acc.manhattan =
            (u32::from(acc.manhattan) + self.manhattan.tile(tile, to) - self.manhattan.tile(tile, from)) as u16;
        let (from_row, from_col) = (from / self.width, from % self.width);
        let (to_row, to_col) = (to / self.width, to % self.width);
        let mut conflicts = u32::from(acc.conflicts);
        if from_row == to_row {
            // Along a row: the two columns change.
            for col in [from_col, to_col] {
                let now = self.col(board, col);
                conflicts = conflicts + now - u32::from(acc.cols[col]);
                acc.cols[col] = now as u8;
            }
        } else {
            for row in [from_row, to_row] {
                let now = self.row(board, row);
                conflicts = conflicts + now - u32::from(acc.rows[row]);
                acc.rows[row] = now as u8;
            }
        }
        acc.conflicts = conflicts as u16;
        (u32::from(acc.manhattan) + 2 * conflicts, acc)
    }
}
