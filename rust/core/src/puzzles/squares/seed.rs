//! The judge solution's search as a [`Problem`]: IDA* over the set of
//! removed sticks, branching on the sticks of the first intact square, with
//! the dancing-links bound.

use super::bitset::StickSet;
use super::grid::Grid;
use crate::{Edge, Problem};

/// Square Destroyer as the judge solution searches it.
///
/// A state is the set of removed sticks; a move removes one stick (0-based).
/// The successors of a state remove, one at a time, each stick of the first
/// intact square in the judge's order, so every solution is found once per
/// order of its sticks that the rule allows. The heuristic is the
/// dancing-links bound: walk the squares in order, and count each intact one
/// while removing all of its sticks; the squares counted share no stick, so
/// each needs a stick of its own.
#[derive(Debug, Clone)]
pub struct SeedSquares<const W: usize> {
    masks: Vec<StickSet<W>>,
    sticks: Vec<Vec<u16>>,
}

impl<const W: usize> SeedSquares<W> {
    pub fn new(grid: &Grid) -> Self {
        SeedSquares { masks: grid.masks(), sticks: grid.squares().to_vec() }
    }

    /// The judge's bound `f()`: a greedy packing of stick-disjoint intact
    /// squares.
    pub fn dancing_links_bound(&self, removed: &StickSet<W>) -> u32 {
        let mut used = *removed;
        let mut count = 0;
        for mask in &self.masks {
            if !mask.intersects(&used) {
                count += 1;
                used = used.union(mask);
            }
        }
        count
    }
}

impl<const W: usize> Problem for SeedSquares<W> {
    type State = StickSet<W>;
    type Move = u16;

    fn is_goal(&self, state: &StickSet<W>) -> bool {
        self.masks.iter().all(|mask| mask.intersects(state))
    }

    fn heuristic(&self, state: &StickSet<W>) -> u32 {
        self.dancing_links_bound(state)
    }

    fn successors(&self, state: &StickSet<W>, _last: Option<u16>, out: &mut Vec<Edge<u16, StickSet<W>>>) {
        if let Some(square) = self.masks.iter().position(|mask| !mask.intersects(state)) {
            out.extend(self.sticks[square].iter().map(|&s| Edge::new(s, state.with(s as usize), 1)));
        }
    }
}
