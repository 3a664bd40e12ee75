//! Square Destroyer: remove the fewest matchsticks from an `n x n` grid so
//! that no square of any size is left intact.
//!
//! It is a minimum hitting-set problem: every intact square must lose one of
//! its sticks. Two exact engines are offered:
//!
//! * [`Engine::Exact`]: a branch and bound built for hitting sets
//!   ([`hitting_set`]): double-packing bound, fewest-sticks branching,
//!   dominated sticks, the symmetries of the square and a greedy first
//!   solution;
//! * [`Engine::Ida`]: the judge solution's IDA* ([`SeedSquares`] searched by
//!   the generic [`parallel_ida_star`]), for comparison.
//!
//! Sticks are numbered from 1 as in the judge ([`Grid`]); states are
//! fixed-width bitsets ([`StickSet`]): two words up to n = 7, five up to
//! n = 12, nine up to n = [`MAX_N`] = 16.

mod bitset;
mod grid;
pub mod hitting_set;
mod puzzle;
mod seed;

pub use bitset::StickSet;
pub use grid::{removed_sticks, side, stick_count, Grid, MAX_N};
pub use hitting_set::{Branching, Techniques};
pub use puzzle::{read_case, Case, Squares};
pub use seed::SeedSquares;

use crate::engines::parallel_ida_star;
use crate::{Limits, Result, SearchResult};

crate::choices! {
    /// Square Destroyer's engines, the fastest first.
    pub enum Engine: "engine" {
        /// The hitting-set branch and bound.
        Exact = "exact",
        /// The judge solution's IDA*: the generic engine on [`SeedSquares`].
        Ida = "ida",
    }
}

crate::choices! {
    /// The lower bound on the sticks still needed.
    pub enum Heuristic: "heuristic" {
        /// The larger of the judge's bound and half a greedy double packing.
        Packing = "packing",
        /// The judge's bound: a greedy packing of stick-disjoint intact squares.
        Disjoint = "disjoint",
    }
}

/// An engine with what it is told to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// The judge solution's IDA*, guided by the heuristic.
    Ida(Heuristic),
    /// The hitting-set branch and bound with these techniques.
    Exact(Techniques),
}

/// Runs `$f::<W>(args)` with the narrowest bitset width that holds the
/// sticks of an `$n x $n` grid.
macro_rules! by_width {
    ($n:expr, $f:ident($($arg:expr),*)) => {
        if $n <= 7 {
            $f::<2>($($arg),*)
        } else if $n <= 12 {
            $f::<5>($($arg),*)
        } else {
            $f::<9>($($arg),*)
        }
    };
}

/// The fewest further sticks to remove from an `n x n` grid whose sticks
/// `removed` (1-based) are already gone, so that no square is left intact;
/// the result's path is one such set of sticks, in increasing order.
///
/// ```
/// use idastar_core::puzzles::squares::{solve, Method, Techniques};
/// use idastar_core::Limits;
///
/// let result = solve(3, &[12, 17, 23], Method::Exact(Techniques::default()), &Limits::default()).unwrap();
/// assert_eq!(result.cost, Some(3));
/// ```
pub fn solve(n: usize, removed: &[u32], method: Method, limits: &Limits) -> Result<SearchResult<u32>> {
    let grid = Grid::new(n)?;
    let removed = grid.removed_sticks(removed)?;
    Ok(solve_grid(&grid, &removed, method, limits))
}

/// [`solve`] on a grid built already, with `removed` checked and 0-based.
fn solve_grid(grid: &Grid, removed: &[usize], method: Method, limits: &Limits) -> SearchResult<u32> {
    match method {
        Method::Ida(heuristic) => by_width!(grid.n(), solve_ida(grid, removed, heuristic, limits)),
        Method::Exact(techniques) => by_width!(grid.n(), exact(grid, removed, techniques, limits)),
    }
}

fn exact<const W: usize>(grid: &Grid, removed: &[usize], techniques: Techniques, limits: &Limits) -> SearchResult<u32> {
    hitting_set::solve::<W>(grid, removed, techniques, limits)
}

fn solve_ida<const W: usize>(
    grid: &Grid,
    removed: &[usize],
    heuristic: Heuristic,
    limits: &Limits,
) -> SearchResult<u32> {
    let problem = SeedSquares::<W>::new(grid, heuristic);
    let start = StickSet::from_sticks(removed.iter().copied());
    let mut result = parallel_ida_star(&problem, start, limits).map_moves(|stick| u32::from(stick) + 1);
    // A set of sticks: their order is the search's, not the answer's.
    result.path.sort_unstable();
    result
}

/// The bound of `heuristic` for an `n x n` grid with the sticks `removed`
/// (1-based) gone: what [`Engine::Ida`] starts from and what the exact
/// engine proves at its root.
pub fn lower_bound(n: usize, removed: &[u32], heuristic: Heuristic) -> Result<u32> {
    let grid = Grid::new(n)?;
    let removed = grid.removed_sticks(removed)?;
    Ok(grid_lower_bound(&grid, &removed, heuristic))
}

fn grid_lower_bound(grid: &Grid, removed: &[usize], heuristic: Heuristic) -> u32 {
    fn bound<const W: usize>(grid: &Grid, removed: &[usize], heuristic: Heuristic) -> u32 {
        SeedSquares::<W>::new(grid, heuristic).bound(&StickSet::from_sticks(removed.iter().copied()))
    }
    by_width!(grid.n(), bound(grid, removed, heuristic))
}

/// The squares (as `(side, row, column)`, 0-based corner) that stay intact
/// in `case`, in the judge's order.
pub fn intact_squares(case: &Case) -> Vec<(usize, usize, usize)> {
    let n = case.n;
    let gone = StickSet::<9>::from_sticks(case.removed.iter().copied());
    let mut intact = Vec::new();
    for len in 1..=n {
        for r in 0..=n - len {
            for c in 0..=n - len {
                if grid::square_sticks(n, len, r, c).all(|s| !gone.contains(s)) {
                    intact.push((len, r, c));
                }
            }
        }
    }
    intact
}

#[cfg(test)]
mod tests;
