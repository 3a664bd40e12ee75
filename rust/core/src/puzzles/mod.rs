//! Puzzles with bit-packed states. Each says what its states, moves and
//! heuristics are and implements [`Problem`](crate::Problem); none knows
//! which engine will search it.

pub mod booksort;
pub mod pancake;
mod permutations;
pub mod rotation;
pub mod sliding;
pub mod squares;
