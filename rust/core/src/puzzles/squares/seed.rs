//! The judge solution's search as a [`Problem`]: IDA* over the set of
//! removed sticks, branching on the sticks of the first intact square, with
//! the dancing-links bound (or the double-packing bound on top of it).

use super::bitset::StickSet;
use super::grid::Grid;
use super::Heuristic;
use crate::{Edge, Problem};

/// Square Destroyer as the judge solution searches it.
///
/// A state is the set of removed sticks; a move removes one stick (0-based).
/// The successors of a state remove, one at a time, each stick of the first
/// intact square in the judge's order, so every solution is found once per
/// order of its sticks that the rule allows. With [`Heuristic::Disjoint`]
/// the heuristic is the judge's dancing-links bound: walk the squares in
/// order, and count each intact one while removing all of its sticks; the
/// squares counted share no stick, so each needs a stick of its own. With
/// [`Heuristic::Packing`] it is the larger of that and half a greedy double
/// packing (see [`hitting_set`](super::hitting_set)).
#[derive(Debug, Clone)]
pub struct SeedSquares<const W: usize> {
    masks: Vec<StickSet<W>>,
    sticks: Vec<Vec<u16>>,
    heuristic: Heuristic,
}

impl<const W: usize> SeedSquares<W> {
    /// The puzzle for `grid`, guided by `heuristic`.
    pub fn new(grid: &Grid, heuristic: Heuristic) -> Self {
        SeedSquares { masks: grid.masks(), sticks: grid.squares().to_vec(), heuristic }
    }

    /// The lower bound of the heuristic with the sticks `removed` gone: the
    /// judge's `f()`, a greedy packing of stick-disjoint intact squares, and
    /// for [`Heuristic::Packing`] half a greedy packing of intact squares in
    /// which no stick lies on more than two.
    pub fn bound(&self, removed: &StickSet<W>) -> u32 {
        let mut used = *removed;
        let (mut once, mut twice) = (StickSet::EMPTY, StickSet::EMPTY);
        let (mut disjoint, mut double) = (0u32, 0u32);
        let packing = self.heuristic == Heuristic::Packing;
        for mask in &self.masks {
            if !mask.intersects(&used) {
                disjoint += 1;
                used = used.union(mask);
            }
            if packing && !mask.intersects(removed) && !mask.intersects(&twice) {
                double += 1;
                twice = twice.union(&once.intersection(mask));
                once = once.union(mask);
            }
        }
        disjoint.max(double.div_ceil(2))
    }
}

impl<const W: usize> Problem for SeedSquares<W> {
    type State = StickSet<W>;
    type Move = u16;

    fn is_goal(&self, state: &StickSet<W>) -> bool {
        self.masks.iter().all(|mask| mask.intersects(state))
    }

    fn heuristic(&self, state: &StickSet<W>) -> u32 {
        self.bound(state)
    }

    fn successors(&self, state: &StickSet<W>, _last: Option<u16>, out: &mut Vec<Edge<u16, StickSet<W>>>) {
        if let Some(square) = self.masks.iter().position(|mask| !mask.intersects(state)) {
            out.extend(self.sticks[square].iter().map(|&s| Edge::new(s, state.with(s as usize), 1)));
        }
    }
}
