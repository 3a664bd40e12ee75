//! Puzzles with bit-packed states. Each says what its states, moves and
//! heuristics are and implements [`Problem`](crate::Problem); none knows
//! which engine will search it.

pub mod booksort;
pub mod cube;
pub mod pancake;
pub mod permutation;
mod permutations;
pub mod rotation;
pub mod sliding;
pub mod squares;

use crate::puzzle::{AnyPuzzle, Entry};

/// Every puzzle the bindings offer, in the order of their documentation:
/// adding a puzzle is its module above and one line here.
pub static REGISTRY: &[&dyn AnyPuzzle] = &[
    &Entry::<booksort::Shelves>::NEW,
    &Entry::<pancake::Stacks>::NEW,
    &Entry::<permutation::Descriptions>::NEW,
    &Entry::<rotation::Rotation>::NEW,
    &Entry::<sliding::SlidingTiles>::NEW,
    &Entry::<squares::Squares>::NEW,
];

/// The registered puzzle called `name`.
pub fn find(name: &str) -> Option<&'static dyn AnyPuzzle> {
    REGISTRY.iter().copied().find(|puzzle| puzzle.name() == name)
}
