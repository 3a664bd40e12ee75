//! Optimal heuristic search over small, bit-packed states.
//!
//! The crate has two halves that know nothing of each other:
//!
//! * [`engines`]: IDA*, A*, iterative-deepening DFS, breadth-first and
//!   bidirectional breadth-first search, generic over the [`Problem`] trait;
//! * [`puzzles`]: concrete problems with `Copy` states packed into integers.
//!
//! Every engine returns a [`SearchResult`]: the outcome, the optimal cost and
//! move path when solved, a proven lower bound otherwise, and statistics.
//!
//! ```
//! use idastar_core::{engines::ida_star, puzzles::booksort::Booksort, Limits, Outcome};
//!
//! let puzzle = Booksort::new(6).unwrap();
//! let start = puzzle.pack(&[1, 3, 4, 6, 2, 5]).unwrap();
//! let result = ida_star(&puzzle, start, &Limits::default());
//! assert_eq!(result.outcome, Outcome::Solved);
//! assert_eq!(result.cost, Some(2));
//! ```

#![deny(missing_docs)]

pub mod cache;
pub mod cpu;
pub mod engines;
mod error;
mod limits;
mod problem;
pub mod puzzle;
pub mod puzzles;
mod result;
#[cfg(test)]
mod test_rng;

pub use error::{Error, Result};
pub use limits::{deadline_after, Interrupt, Limits};
pub use problem::{Edge, Problem, Reversible};
pub use puzzle::MAX_THREADS;
pub use result::{Iteration, Outcome, SearchResult, Stats};
