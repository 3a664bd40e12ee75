//! Permutation puzzles from a description: pieces that move among places
//! and may turn in place (Rubik's cubes, the Pyraminx, TopSpin, pancakes),
//! read from ksolve's text format ([`Description`]) and compiled into a
//! puzzle the generic engines search ([`Compiled`]): every power of every
//! move, canonical move sequences, and pattern databases of its
//! projections as the lower bound.

mod bound;
mod compiled;
mod description;
mod puzzle;
mod symmetry;
mod tables;

pub use compiled::{Compiled, Metric, Position, Turn, MAX_BASE_MOVES, MAX_PLACES};
pub use description::{Description, MoveDef, SetDef, SetPart, MAX_ORIENTATIONS, MAX_SET_SIZE};
pub use puzzle::{
    compiled, Build, Descriptions, Heuristic, PermutationEngine, DEFAULT_TABLE_ENTRIES, DUAL_BY_DEFAULT,
    MAX_DISTRIBUTION_ENTRIES, MAX_TABLE_ENTRIES, SYMMETRY_BY_DEFAULT,
};

use crate::{Error, Interrupt, Result};

impl Compiled {
    /// How many positions lie at each distance from the goal, for a puzzle
    /// whose positions (the product of every set's arrangements and
    /// orientations that moves reach) number at most `entries`; `None` when
    /// the interrupt stopped it.
    pub fn distance_distribution(&self, entries: u64, interrupt: Option<Interrupt>) -> Result<Option<Vec<u64>>> {
        let too_many =
            || Error::InvalidArgument(format!("{}: more than {entries} positions to count", self.description.name));
        let coordinates = match tables::whole(self, interrupt) {
            Err(tables::Stopped) => return Ok(None),
            Ok(None) => return Err(too_many()),
            Ok(Some(coordinates)) if coordinates.is_empty() => return Ok(Some(vec![1])),
            Ok(Some(coordinates)) => coordinates,
        };
        if tables::Table::entries(&coordinates).is_none_or(|size| size > entries) {
            return Err(too_many());
        }
        Ok(tables::Table::build(self, coordinates, interrupt, None)?.map(|table| table.layers()))
    }
}

#[cfg(test)]
mod tests;
