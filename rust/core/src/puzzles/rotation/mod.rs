//! The Rotation Game: 24 cells on a `#`-shaped board, each holding 1, 2 or
//! 3; eight moves rotate a line of seven cells by one place. The goal is the
//! eight centre cells holding one number, reached in the fewest moves, the
//! lexicographically smallest such sequence (A < B < ... < H).
//!
//! ```text
//!         0     1
//!         2     3
//!   4  5  6  7  8  9 10
//!         11    12
//!  13 14 15 16 17 18 19
//!         20    21
//!         22    23
//! ```
//!
//! A state packs cell `i` into bits `2i..2i+2` of a `u64`.
//!
//! Two exact solvers: IDA* with the judge solution's bound (8 minus the most
//! frequent number in the centre), moves tried A to H, which finds the
//! lexicographically smallest shortest sequence by construction; and
//! [`CentreTable`], a pattern database that answers a board in a few
//! lookups, searching only for sets beyond the distance it stores.

use std::fmt;

use crate::{Edge, Error, Problem, Result};

mod census;
mod puzzle;
mod table;

pub use census::census;
pub use puzzle::{Heuristic, Rotation, Solver};
pub use table::{shared_complete_table, shared_table, table_is_loaded, CentreTable, TableSolution};

/// Number of cells on the board.
pub const CELLS: usize = 24;

/// The cells of each move's line, in order: each cell takes the value of the
/// next, the first value goes to the last.
pub const LINES: [[u8; 7]; 8] = [
    [0, 2, 6, 11, 15, 20, 22],
    [1, 3, 8, 12, 17, 21, 23],
    [10, 9, 8, 7, 6, 5, 4],
    [19, 18, 17, 16, 15, 14, 13],
    [23, 21, 17, 12, 8, 3, 1],
    [22, 20, 15, 11, 6, 2, 0],
    [13, 14, 15, 16, 17, 18, 19],
    [4, 5, 6, 7, 8, 9, 10],
];

/// The eight centre cells.
pub const CENTRE: [u8; 8] = [6, 7, 8, 11, 12, 15, 16, 17];

/// The centre cells as a bit mask over cells.
pub const CENTRE_MASK: u32 = (1 << 6) | (1 << 7) | (1 << 8) | (1 << 11) | (1 << 12) | (1 << 15) | (1 << 16) | (1 << 17);

/// One of the moves A..H.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u8);

impl Move {
    /// The eight moves, A to H.
    pub const ALL: [Move; 8] = [Move(0), Move(1), Move(2), Move(3), Move(4), Move(5), Move(6), Move(7)];

    /// The move for a letter `A`..`H`.
    pub fn from_letter(letter: char) -> Option<Move> {
        ('A'..='H').contains(&letter).then(|| Move(letter as u8 - b'A'))
    }

    /// The move's letter, `'A'` to `'H'`.
    pub fn letter(self) -> char {
        (b'A' + self.0) as char
    }

    /// The move's index, 0 for A to 7 for H.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The move that undoes this one: A and F, B and E, C and H, D and G.
    pub fn inverse(self) -> Move {
        const INVERSE: [u8; 8] = [5, 4, 7, 6, 1, 0, 3, 2];
        Move(INVERSE[self.0 as usize])
    }

    /// The move applied to a packed board.
    #[inline]
    pub fn apply(self, board: u64) -> u64 {
        let line = &LINES[self.0 as usize];
        let value = |cell: u8| (board >> (2 * cell)) & 3;
        let mut cleared = board;
        let mut moved = 0;
        for (i, &cell) in line.iter().enumerate() {
            let from = line[(i + 1) % 7];
            cleared &= !(3 << (2 * cell));
            moved |= value(from) << (2 * cell);
        }
        cleared | moved
    }

    /// The move applied to a set of cells (bit `c` for cell `c`).
    #[inline]
    pub fn apply_to_cells(self, cells: u32) -> u32 {
        let line = &LINES[self.0 as usize];
        let mut moved = cells;
        for (i, &cell) in line.iter().enumerate() {
            let from = line[(i + 1) % 7];
            moved = (moved & !(1 << cell)) | (((cells >> from) & 1) << cell);
        }
        moved
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Packs 24 values of 1..=3 in judge order, saying what is wrong if they
/// are not a board. (Some number must fill the centre's eight cells, so it
/// must occur eight times or more; 24 cells of three numbers always have
/// one that does, so every board is solvable.)
pub fn pack<V: Copy + Into<i64>>(values: &[V]) -> Result<u64> {
    if values.len() != CELLS {
        return Err(Error::invalid(format!("a board has {CELLS} cells, got {}", values.len())));
    }
    let mut board = 0u64;
    let mut counts = [0usize; 4];
    for (cell, value) in values.iter().map(|&value| value.into()).enumerate() {
        if !(1..=3).contains(&value) {
            return Err(Error::invalid(format!("cell {cell} holds {value}; cells hold 1, 2 or 3")));
        }
        counts[value as usize] += 1;
        board |= (value as u64) << (2 * cell);
    }
    debug_assert!(counts[1..].iter().any(|&count| count >= 8), "pigeonhole");
    Ok(board)
}

/// The 24 values of a packed board, in judge order.
pub fn unpack(board: u64) -> Vec<u32> {
    (0..CELLS).map(|cell| value_at(board, cell)).collect()
}

#[inline]
fn value_at(board: u64, cell: usize) -> u32 {
    ((board >> (2 * cell)) & 3) as u32
}

/// The cells holding `value`, as a bit mask.
#[inline]
pub fn cells_holding(board: u64, value: u32) -> u32 {
    (0..CELLS).filter(|&cell| value_at(board, cell) == value).fold(0, |mask, cell| mask | (1 << cell))
}

/// The number in the centre (meaningful once the centre is one number).
pub fn centre_value(board: u64) -> u32 {
    value_at(board, CENTRE[0] as usize)
}

/// The Rotation Game as a search problem, guided by the judge solution's
/// bound: `8 - (count of the most frequent number in the centre)`, since
/// one move changes at most one centre cell.
#[derive(Debug, Clone, Copy, Default)]
pub struct RotationGame;

impl RotationGame {
    /// The judge solution's bound.
    pub fn centre_bound(board: u64) -> u32 {
        let mut counts = [0u32; 4];
        for &cell in &CENTRE {
            counts[value_at(board, cell as usize) as usize] += 1;
        }
        8 - counts[1].max(counts[2]).max(counts[3])
    }
}

impl Problem for RotationGame {
    type State = u64;
    type Move = Move;

    fn is_goal(&self, board: &u64) -> bool {
        Self::centre_bound(*board) == 0
    }

    fn heuristic(&self, board: &u64) -> u32 {
        Self::centre_bound(*board)
    }

    /// A to H, in order, without the inverse of the last move: the first
    /// goal IDA* meets is then the lexicographically smallest shortest
    /// sequence, as in the judge solution.
    fn successors(&self, board: &u64, last: Option<Move>, out: &mut Vec<Edge<Move, u64>>) {
        let skip = last.map(Move::inverse);
        out.extend(Move::ALL.iter().filter(|&&mv| Some(mv) != skip).map(|&mv| Edge::new(mv, mv.apply(*board), 1)));
    }
}

#[cfg(test)]
mod tests;
