//! Permutation puzzles from a description: pieces that move among places
//! and may turn in place (Rubik's cubes, the Pyraminx, TopSpin, pancakes),
//! read from ksolve's text format ([`Description`]) and compiled into a
//! puzzle the generic engines search ([`Compiled`]): every power of every
//! move, canonical move sequences, and pattern databases of its
//! projections as the lower bound.

mod compiled;
mod description;
mod puzzle;
mod tables;

pub use compiled::{Compiled, Metric, Position, Turn, MAX_BASE_MOVES, MAX_PLACES};
pub use description::{Description, MoveDef, SetDef, SetPart, MAX_ORIENTATIONS, MAX_SET_SIZE};
pub use puzzle::{
    compiled, Build, Descriptions, Heuristic, DEFAULT_TABLE_ENTRIES, MAX_DISTRIBUTION_ENTRIES, MAX_TABLE_ENTRIES,
};

use crate::{Error, Interrupt, Result};

impl Compiled {
    /// How many positions lie at each distance from the goal, for a puzzle
    /// of one set whose positions number at most `entries`; `None` when
    /// the interrupt stopped it.
    pub fn distance_distribution(&self, entries: u64, interrupt: Option<Interrupt>) -> Result<Option<Vec<u64>>> {
        if self.description.sets.len() != 1 {
            return Err(Error::InvalidArgument(format!(
                "{}: the distance distribution is counted for puzzles of one set for now, not {}",
                self.description.name,
                self.description.sets.len()
            )));
        }
        let whole = tables::Projection::whole_set(self, 0);
        match whole.entries() {
            Some(size) if size <= entries => {}
            _ => {
                return Err(Error::InvalidArgument(format!(
                    "{}: more than {entries} positions to count",
                    self.description.name
                )))
            }
        }
        Ok(tables::Table::build(self, whole, interrupt)?.map(|table| table.layers()))
    }
}

#[cfg(test)]
mod tests;
