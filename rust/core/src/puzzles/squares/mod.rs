//! Square Destroyer: remove the fewest matchsticks from an `n x n` grid so
//! that no square of any size is left intact.
//!
//! It is a minimum hitting-set problem: every intact square must lose one of
//! its sticks. Two exact solvers are offered:
//!
//! * [`Solver::Seed`]: the judge solution's IDA* ([`SeedSquares`] searched by
//!   the generic [`ida_star`](crate::engines::ida_star)), for comparison;
//! * [`Solver::Exact`]: a branch and bound built for hitting sets
//!   ([`hitting_set`]): double-packing bound, fewest-sticks branching,
//!   dominated sticks, the symmetries of the square and a greedy first
//!   solution.
//!
//! Sticks are numbered from 1 as in the judge ([`Grid`]); states are
//! fixed-width bitsets ([`StickSet`]): two words up to n = 7, five up to
//! n = 12, nine up to n = [`MAX_N`] = 16.

mod bitset;
mod grid;
pub mod hitting_set;
mod seed;

pub use bitset::StickSet;
pub use grid::{Grid, MAX_N};
pub use hitting_set::{Bound, Branching, Options};
pub use seed::SeedSquares;

use crate::engines::ida_star;
use crate::{Limits, Result, SearchResult};

/// Which exact solver answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Solver {
    /// The judge solution's IDA* with the dancing-links bound.
    Seed,
    /// The hitting-set branch and bound with these options.
    Exact(Options),
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
/// use idastar_core::puzzles::squares::{solve, Options, Solver};
/// use idastar_core::Limits;
///
/// let result = solve(3, &[12, 17, 23], Solver::Exact(Options::default()), &Limits::default()).unwrap();
/// assert_eq!(result.cost, Some(3));
/// ```
pub fn solve(n: usize, removed: &[u32], solver: Solver, limits: &Limits) -> Result<SearchResult<u32>> {
    let grid = Grid::new(n)?;
    let removed = grid.removed_sticks(removed)?;
    Ok(match solver {
        Solver::Seed => by_width!(n, solve_seed(&grid, &removed, limits)),
        Solver::Exact(options) => by_width!(n, exact(&grid, &removed, options, limits)),
    })
}

fn exact<const W: usize>(grid: &Grid, removed: &[usize], options: Options, limits: &Limits) -> SearchResult<u32> {
    hitting_set::solve::<W>(grid, removed, options, limits)
}

fn solve_seed<const W: usize>(grid: &Grid, removed: &[usize], limits: &Limits) -> SearchResult<u32> {
    let problem = SeedSquares::<W>::new(grid);
    let start = StickSet::from_sticks(removed.iter().copied());
    let result = ida_star(&problem, start, limits);
    let mut path: Vec<u32> = result.path.iter().map(|&s| u32::from(s) + 1).collect();
    path.sort_unstable();
    SearchResult {
        outcome: result.outcome,
        cost: result.cost,
        path,
        lower_bound: result.lower_bound,
        stats: result.stats,
    }
}

/// The judge's lower bound (a greedy packing of stick-disjoint intact
/// squares) and the double-packing bound, for a grid with `removed` gone.
pub fn lower_bounds(n: usize, removed: &[u32]) -> Result<(u32, u32)> {
    let grid = Grid::new(n)?;
    let removed = grid.removed_sticks(removed)?;
    let intact = grid.intact(&removed);
    let squares = grid.squares();
    let mut single = vec![false; grid.stick_count()];
    let mut uses = vec![0u8; grid.stick_count()];
    let (mut disjoint, mut double) = (0u32, 0u32);
    for &q in &intact {
        let sticks = &squares[q];
        if sticks.iter().all(|&s| !single[s as usize]) {
            disjoint += 1;
            sticks.iter().for_each(|&s| single[s as usize] = true);
        }
        if sticks.iter().all(|&s| uses[s as usize] < 2) {
            double += 1;
            sticks.iter().for_each(|&s| uses[s as usize] += 1);
        }
    }
    Ok((disjoint, disjoint.max(double.div_ceil(2))))
}

/// The squares (as `(side, row, column)`, 0-based corner) that stay intact
/// when the sticks `removed` (1-based) are gone.
pub fn intact_squares(n: usize, removed: &[u32]) -> Result<Vec<(usize, usize, usize)>> {
    let grid = Grid::new(n)?;
    let removed = grid.removed_sticks(removed)?;
    let mut corners = Vec::new();
    for len in 1..=n {
        for r in 0..=n - len {
            for c in 0..=n - len {
                corners.push((len, r, c));
            }
        }
    }
    Ok(grid.intact(&removed).into_iter().map(|q| corners[q]).collect())
}

#[cfg(test)]
mod tests;
