//! Board geometry, moves, goals and bit-packed positions.

use std::fmt::Debug;
use std::hash::Hash;

use crate::{Error, Result};

/// The most cells a board has (5 x 5).
pub const MAX_CELLS: usize = 25;
/// The shortest side of a board, in cells: the parity test of
/// [`is_solvable`] holds from there (on a 1-wide board the tiles can never
/// pass each other).
pub const MIN_SIDE: usize = 2;
/// The longest side of a board, in cells: 5 x 5 is the most a `u128` holds
/// at 5 bits a cell ([`MAX_CELLS`]).
pub const MAX_SIDE: usize = 5;
/// A cell with no neighbour in some direction.
pub(crate) const NONE: u8 = u8::MAX;

/// Which way the **blank** moves; the tile it swaps with moves the other way.
/// `Up` slides the tile above the blank down into it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// The blank goes up a row: the tile above it slides down. Index and
    /// move code 0.
    Up = 0,
    /// The blank goes left a column: the tile left of it slides right.
    /// Index and move code 1.
    Left = 1,
    /// The blank goes right a column: the tile right of it slides left.
    /// Index and move code 2.
    Right = 2,
    /// The blank goes down a row: the tile below it slides up. Index and
    /// move code 3.
    Down = 3,
}

impl Dir {
    /// In the order the searches try them.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Left, Dir::Right, Dir::Down];

    /// The direction whose index (its discriminant, its place in
    /// [`Dir::ALL`]) is `index`; only the two low bits are read, so any
    /// `usize` gives a direction rather than a panic.
    #[inline]
    pub fn from_index(index: usize) -> Dir {
        Dir::ALL[index & 3]
    }

    /// The move that undoes this one (`3 - index`).
    #[inline]
    pub fn inverse(self) -> Dir {
        Dir::from_index(3 - self as usize)
    }

    /// `U`, `L`, `R` or `D`: the direction the blank moves.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Left => 'L',
            Dir::Right => 'R',
            Dir::Down => 'D',
        }
    }

    /// The inverse of [`Dir::letter`], in either case (`u` or `U`); `None`
    /// for any other character.
    pub fn from_letter(letter: char) -> Option<Dir> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Dir::Up),
            'L' => Some(Dir::Left),
            'R' => Some(Dir::Right),
            'D' => Some(Dir::Down),
            _ => None,
        }
    }
}

/// A `width x height` board: its cells are numbered row by row from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    width: usize,
    height: usize,
    /// `neighbours[cell][dir]`, or [`NONE`] off the board.
    neighbours: Vec<[u8; 4]>,
}

impl Geometry {
    /// A board of `width x height` cells, each side from 2 to 5.
    pub fn new(width: usize, height: usize) -> Result<Self> {
        for (name, side) in [("width", width), ("height", height)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
                return Err(Error::invalid(format!("board {name} must be from {MIN_SIDE} to {MAX_SIDE}, got {side}")));
            }
        }
        let cells = width * height;
        let neighbours = (0..cells)
            .map(|cell| {
                let (row, col) = (cell / width, cell % width);
                let mut n = [NONE; 4];
                if row > 0 {
                    n[Dir::Up as usize] = (cell - width) as u8;
                }
                if col > 0 {
                    n[Dir::Left as usize] = (cell - 1) as u8;
                }
                if col + 1 < width {
                    n[Dir::Right as usize] = (cell + 1) as u8;
                }
                if row + 1 < height {
                    n[Dir::Down as usize] = (cell + width) as u8;
                }
                n
            })
            .collect();
        Ok(Geometry { width, height, neighbours })
    }

    /// The number of columns (cells in a row).
    pub fn width(&self) -> usize {
        self.width
    }

    /// The number of rows (cells in a column).
    pub fn height(&self) -> usize {
        self.height
    }

    /// `width * height`: the cells are `0..cells()`, the tiles `1..cells()`
    /// with the blank `0`.
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// The cell next to `cell` in direction `dir`, `None` off the edge of
    /// the board; `cell` must be a cell of the board (a panic otherwise).
    #[inline]
    pub fn neighbour(&self, cell: usize, dir: Dir) -> Option<usize> {
        match self.neighbours[cell][dir as usize] {
            NONE => None,
            n => Some(n as usize),
        }
    }

    pub(crate) fn neighbour_table(&self) -> &[[u8; 4]] {
        &self.neighbours
    }

    /// Moves of a tile between two cells, ignoring every other tile.
    #[inline]
    pub fn distance(&self, a: usize, b: usize) -> u32 {
        ((a / self.width).abs_diff(b / self.width) + (a % self.width).abs_diff(b % self.width)) as u32
    }

    /// The bit masks of every cell's neighbours.
    pub(crate) fn neighbour_masks(&self) -> Vec<u32> {
        self.neighbours.iter().map(|n| n.iter().filter(|&&c| c != NONE).fold(0, |m, &c| m | 1 << c)).collect()
    }
}

/// Where every tile belongs: `tiles[cell]` is the tile of that cell in the
/// goal, 0 the blank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    tiles: Vec<u8>,
    cell_of: Vec<u8>,
}

impl Goal {
    /// `1 2 ... n-1 0`: the blank in the last cell (the judge's goal).
    pub fn blank_last(geometry: &Geometry) -> Goal {
        let n = geometry.cells();
        Goal::from_valid((1..n as u8).chain([0]).collect())
    }

    /// `0 1 ... n-1`: the blank in the first cell (Korf's instances).
    pub fn blank_first(geometry: &Geometry) -> Goal {
        Goal::from_valid((0..geometry.cells() as u8).collect())
    }

    /// An explicit arrangement of `0..n`.
    pub fn new(geometry: &Geometry, tiles: &[u32]) -> Result<Goal> {
        let tiles = validate(geometry, tiles).map_err(|e| Error::invalid(format!("goal: {e}")))?;
        Ok(Goal::from_valid(tiles))
    }

    fn from_valid(tiles: Vec<u8>) -> Goal {
        let mut cell_of = vec![0; tiles.len()];
        for (cell, &tile) in tiles.iter().enumerate() {
            cell_of[tile as usize] = cell as u8;
        }
        Goal { tiles, cell_of }
    }

    /// `tiles[cell]`: the tile that belongs on each cell, 0 the blank, one
    /// entry per cell of the board.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles
    }

    /// The cell where `tile` belongs.
    #[inline]
    pub fn cell_of(&self, tile: u8) -> usize {
        self.cell_of[tile as usize] as usize
    }

    /// The cell where the blank belongs: where the blank of every solved
    /// board stands, and where pattern database builds start.
    pub fn blank_cell(&self) -> usize {
        self.cell_of(0)
    }
}

/// Checks that `tiles` holds each of `0..cells` once, saying what is wrong.
pub(crate) fn validate(geometry: &Geometry, tiles: &[u32]) -> Result<Vec<u8>, String> {
    let n = geometry.cells();
    if tiles.len() != n {
        return Err(format!(
            "a {}x{} board has {n} cells, got {} tiles",
            geometry.width(),
            geometry.height(),
            tiles.len()
        ));
    }
    let mut seen = vec![None; n];
    for (cell, &tile) in tiles.iter().enumerate() {
        if tile as usize >= n {
            return Err(format!("tile {tile} at cell {cell} is out of range 0 to {}", n - 1));
        }
        if let Some(first) = seen[tile as usize] {
            return Err(format!(
                "tile {tile} appears twice (cells {first} and {cell}); the tiles must be 0..{} once each",
                n - 1
            ));
        }
        seen[tile as usize] = Some(cell);
    }
    Ok(tiles.iter().map(|&t| t as u8).collect())
}

/// A board packed into an integer, `BITS` bits per cell, cell 0 lowest.
pub trait Tiles: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// Bits per cell: enough for the largest tile of the most cells that
    /// fit (4 for `u64`: 16 cells, tiles up to 15; 5 for `u128`: 25 cells,
    /// tiles up to 24).
    const BITS: u32;
    /// The most cells that fit.
    const CAPACITY: usize;
    /// The tile on `cell` (0 the blank).
    fn get(self, cell: usize) -> u8;
    /// The blank at `blank` swaps with `tile` at `cell`.
    fn slide(self, blank: usize, cell: usize, tile: u8) -> Self;
    /// `tiles[cell]` packed, cell 0 lowest, unchecked: the caller sees to
    /// at most [`CAPACITY`](Tiles::CAPACITY) cells and tiles below
    /// `2^BITS` ([`pack_tiles`] checks a board first).
    fn pack(tiles: &[u8]) -> Self;
}

impl Tiles for u64 {
    const BITS: u32 = 4;
    const CAPACITY: usize = 16;

    #[inline]
    fn get(self, cell: usize) -> u8 {
        ((self >> (4 * cell)) & 0xF) as u8
    }

    #[inline]
    fn slide(self, blank: usize, cell: usize, tile: u8) -> Self {
        let t = u64::from(tile);
        self ^ (t << (4 * blank)) ^ (t << (4 * cell))
    }

    fn pack(tiles: &[u8]) -> Self {
        tiles.iter().enumerate().fold(0, |w, (cell, &t)| w | u64::from(t) << (4 * cell))
    }
}

impl Tiles for u128 {
    const BITS: u32 = 5;
    const CAPACITY: usize = 25;

    #[inline]
    fn get(self, cell: usize) -> u8 {
        ((self >> (5 * cell)) & 0x1F) as u8
    }

    #[inline]
    fn slide(self, blank: usize, cell: usize, tile: u8) -> Self {
        let t = u128::from(tile);
        self ^ (t << (5 * blank)) ^ (t << (5 * cell))
    }

    fn pack(tiles: &[u8]) -> Self {
        tiles.iter().enumerate().fold(0, |w, (cell, &t)| w | u128::from(t) << (5 * cell))
    }
}

/// The packed tiles of any board of `geometry` (reachable or not): `T::BITS`
/// bits per cell, cell 0 lowest; [`Error::InvalidPuzzle`] if `tiles` is not
/// a board.
pub fn pack_tiles<T: Tiles>(geometry: &Geometry, tiles: &[u32]) -> Result<T> {
    if geometry.cells() > T::CAPACITY {
        return Err(Error::InvalidArgument(format!("{} cells do not fit {} bits", geometry.cells(), T::BITS)));
    }
    validate(geometry, tiles).map(|board| T::pack(&board)).map_err(Error::InvalidPuzzle)
}

/// A position: the packed tiles and the blank's cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<T> {
    /// Every cell's tile packed ([`Tiles`]), the blank as 0 on its cell.
    pub tiles: T,
    /// The blank's cell, kept beside the tiles so that a move need not look
    /// for it; it must be the cell that holds 0 in `tiles`.
    pub blank: u8,
}

impl<T: Tiles> Position<T> {
    /// `board[cell] = tile` for the first `cells` cells, in a `Vec`; see
    /// [`Position::board`] for the array that the searches use.
    pub fn unpack(&self, cells: usize) -> Vec<u8> {
        (0..cells).map(|c| self.tiles.get(c)).collect()
    }

    /// `board[cell] = tile` for the first `cells` cells, on the stack; the
    /// cells beyond hold 0.
    #[inline]
    pub fn board(&self, cells: usize) -> [u8; MAX_CELLS] {
        let mut board = [0u8; MAX_CELLS];
        for (cell, tile) in board.iter_mut().enumerate().take(cells) {
            *tile = self.tiles.get(cell);
        }
        board
    }
}

/// Whether `tiles` can reach `goal`: each move swaps the blank with a
/// neighbour, so it flips the parity of the permutation (blank included)
/// and of the blank's taxicab distance to its goal cell together; the two
/// parities agree exactly on the reachable half of the boards (Johnson and
/// Story 1879; on every rectangle of sides at least 2).
pub fn is_solvable(geometry: &Geometry, goal: &Goal, tiles: &[u8]) -> bool {
    let n = tiles.len();
    // sigma(cell) = the goal cell of the tile standing on `cell`.
    let mut seen = vec![false; n];
    let mut cycles = 0;
    for start in 0..n {
        if seen[start] {
            continue;
        }
        cycles += 1;
        let mut cell = start;
        while !seen[cell] {
            seen[cell] = true;
            cell = goal.cell_of(tiles[cell]);
        }
    }
    let permutation_parity = (n - cycles) % 2;
    let blank = tiles.iter().position(|&t| t == 0).expect("validated");
    let blank_parity = geometry.distance(blank, goal.blank_cell()) as usize % 2;
    permutation_parity == blank_parity
}
