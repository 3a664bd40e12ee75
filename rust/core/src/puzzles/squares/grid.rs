//! The grid: stick numbering, squares as stick lists, the eight symmetries.

use super::bitset::StickSet;
use crate::{Error, Result};

/// The largest grid side supported: 16 x 16, 544 sticks, 1496 squares.
pub const MAX_N: usize = 16;

/// An `n x n` grid of matchsticks.
///
/// Sticks are numbered from 1 as in the judge: the `n` horizontal sticks of
/// the top line left to right, the `n + 1` vertical sticks below them, the
/// next horizontal line, and so on. Internally stick `s` is index `s - 1`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid {
    n: usize,
    /// Every square in the judge's order (side 1 first, then row, then
    /// column), each as its 0-based sticks in the judge's order (for each
    /// `i`: top, bottom, left, right).
    squares: Vec<Vec<u16>>,
    /// `symmetries[g][s]`: where symmetry `g` of the square takes stick `s`;
    /// `g = 0` is the identity.
    symmetries: [Vec<u16>; 8],
}

impl Grid {
    /// The grid of `n` x `n` squares, checked to be a size the puzzle takes.
    pub fn new(n: usize) -> Result<Self> {
        let n = side(i64::try_from(n).unwrap_or(i64::MAX))?;
        let mut squares = Vec::new();
        for len in 1..=n {
            for r in 0..=n - len {
                for c in 0..=n - len {
                    squares.push(square_sticks(n, len, r, c).map(|s| s as u16).collect());
                }
            }
        }
        let symmetries =
            std::array::from_fn(|g| (0..2 * n * (n + 1)).map(|s| symmetric_stick(n, g, s) as u16).collect());
        Ok(Grid { n, squares, symmetries })
    }

    /// The grid's size: `n` x `n` unit squares.
    pub fn n(&self) -> usize {
        self.n
    }

    /// `2n(n + 1)`.
    pub fn stick_count(&self) -> usize {
        stick_count(self.n)
    }

    /// The squares in the judge's order, each as its 0-based sticks.
    pub fn squares(&self) -> &[Vec<u16>] {
        &self.squares
    }

    /// The stick (0-based) that symmetry `g` (0..8) takes `stick` to.
    pub fn symmetric(&self, g: usize, stick: usize) -> usize {
        self.symmetries[g][stick] as usize
    }

    /// Every square as a stick mask.
    pub fn masks<const W: usize>(&self) -> Vec<StickSet<W>> {
        assert!(self.stick_count() <= StickSet::<W>::CAPACITY, "{W} words are too few for n = {}", self.n);
        self.squares.iter().map(|sticks| StickSet::from_sticks(sticks.iter().map(|&s| s as usize))).collect()
    }

    /// Checks 1-based stick numbers (in range, none twice) and returns them
    /// 0-based.
    pub fn removed_sticks<T: Copy + Into<i64>>(&self, removed: &[T]) -> Result<Vec<usize>> {
        removed_sticks(self.n, removed)
    }

    /// The squares (indices into [`Grid::squares`]) with none of `removed`.
    pub fn intact(&self, removed: &[usize]) -> Vec<usize> {
        let mut gone = vec![false; self.stick_count()];
        for &s in removed {
            gone[s] = true;
        }
        (0..self.squares.len()).filter(|&q| self.squares[q].iter().all(|&s| !gone[s as usize])).collect()
    }
}

/// The 0-based sticks of the square of side `len` whose top-left corner is
/// at row `r`, column `c` of an `n x n` grid, in the judge's order: for each
/// `i`, the `i`-th top, bottom, left and right stick.
pub(super) fn square_sticks(n: usize, len: usize, r: usize, c: usize) -> impl Iterator<Item = usize> {
    let d = 2 * n + 1;
    (0..len)
        .flat_map(move |i| [r * d + c + i, (r + len) * d + c + i, n + r * d + c + i * d, n + r * d + c + i * d + len])
}

/// `n` as a grid side, checked: 1 to [`MAX_N`].
pub fn side(n: i64) -> Result<usize> {
    match usize::try_from(n) {
        Ok(side) if (1..=MAX_N).contains(&side) => Ok(side),
        _ => Err(Error::invalid(format!("the grid side n must be from 1 to {MAX_N}, got {n}"))),
    }
}

/// The sticks of an `n x n` grid, `2n(n + 1)`.
pub fn stick_count(n: usize) -> usize {
    2 * n * (n + 1)
}

/// Checks 1-based stick numbers of an `n x n` grid (in range, none twice)
/// and returns them 0-based; an error names the stick.
pub fn removed_sticks<T: Copy + Into<i64>>(n: usize, removed: &[T]) -> Result<Vec<usize>> {
    let count = stick_count(n);
    let mut seen = vec![false; count];
    let mut sticks = Vec::with_capacity(removed.len());
    for &stick in removed {
        let stick: i64 = stick.into();
        let index = match usize::try_from(stick) {
            Ok(stick) if (1..=count).contains(&stick) => stick - 1,
            _ => {
                return Err(Error::invalid(format!("stick {stick} is out of range 1 to {count} for a {n} x {n} grid")))
            }
        };
        if std::mem::replace(&mut seen[index], true) {
            return Err(Error::invalid(format!("stick {stick} is removed twice")));
        }
        sticks.push(index);
    }
    Ok(sticks)
}

/// Symmetry `g` of the square applied to stick `s` of an `n x n` grid.
///
/// A stick is placed by its midpoint on the doubled lattice `0..=2n`:
/// horizontal stick `x` of line `y` at `(2x + 1, 2y)`, vertical stick `x` of
/// row `y` at `(2x, 2y + 1)`. The eight maps of the square act on midpoints.
fn symmetric_stick(n: usize, g: usize, s: usize) -> usize {
    let d = 2 * n + 1;
    let (line, offset) = (s / d, s % d);
    let (x, y) = if offset < n { (2 * offset + 1, 2 * line) } else { (2 * (offset - n), 2 * line + 1) };
    let m = 2 * n;
    let (x, y) = match g {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        3 => (y, m - x),
        4 => (m - x, y),
        5 => (x, m - y),
        6 => (y, x),
        _ => (m - y, m - x),
    };
    if y % 2 == 0 {
        (y / 2) * d + (x - 1) / 2
    } else {
        n + (y - 1) / 2 * d + x / 2
    }
}
