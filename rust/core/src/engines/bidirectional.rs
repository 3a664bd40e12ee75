//! Bidirectional breadth-first search.

use rustc_hash::FxHashMap;

use super::follow_links;
use crate::limits::Budget;
use crate::{Edge, Limits, Outcome, Reversible, SearchResult};

/// Breadth-first search from the start and from the goal at once, always
/// growing the smaller frontier by one whole layer. Counts moves (edge costs
/// are ignored), so it is optimal for unit-cost problems; it needs the
/// single goal state and the predecessors that [`Reversible`] provides.
///
/// A whole layer is expanded before stopping, and the cheapest meeting in it
/// is taken: the first meeting found is not always the shortest.
pub fn bidirectional_bfs<P: Reversible>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move> {
    let mut budget = Budget::for_problem::<P>(limits);
    let goal = problem.goal();
    let mut iterations = Vec::new();
    if start == goal {
        return SearchResult::solved(0, Vec::new(), budget.stats(iterations));
    }
    let mut forward = Side::new(start);
    let mut backward = Side::new(goal);
    let mut edges = Vec::new();
    loop {
        let reach = forward.depth + backward.depth + 1;
        if !limits.cost_allowed(reach) {
            return budget.unsolved(Outcome::NoSolution, Some(reach), iterations);
        }
        let forward_turn = forward.frontier.len() <= backward.frontier.len();
        let (grow, other) = if forward_turn { (&mut forward, &backward) } else { (&mut backward, &forward) };
        let layer = budget.mark(reach);
        let expand = |state: &P::State, edges: &mut Vec<Edge<P::Move, P::State>>| {
            if forward_turn {
                problem.successors(state, None, edges)
            } else {
                problem.predecessors(state, edges)
            }
        };
        let grown = grow.grow(other, expand, &mut edges, &mut budget);
        iterations.push(budget.since(layer));
        match grown {
            Err(outcome) => return budget.unsolved(outcome, Some(reach), iterations),
            Ok(Some(meeting)) => {
                let mut path = follow_links(&forward.links, meeting);
                path.reverse();
                path.extend(follow_links(&backward.links, meeting));
                return SearchResult::solved(path.len() as u32, path, budget.stats(iterations));
            }
            Ok(None) if grow.frontier.is_empty() => {
                return budget.unsolved(Outcome::NoSolution, None, iterations);
            }
            Ok(None) => {}
        }
    }
}

/// One direction of the search: every state it reached, linked one move
/// towards its root, with the distance of each.
struct Side<S, M> {
    links: FxHashMap<S, (S, M)>,
    distance: FxHashMap<S, u32>,
    frontier: Vec<S>,
    depth: u32,
}

impl<S: Copy + Eq + std::hash::Hash, M: Copy> Side<S, M> {
    fn new(root: S) -> Self {
        Side {
            links: FxHashMap::default(),
            distance: FxHashMap::from_iter([(root, 0)]),
            frontier: vec![root],
            depth: 0,
        }
    }

    /// Expands the whole frontier by one layer. Returns the state where the
    /// two sides meet on the cheapest path found in this layer, if any.
    fn grow(
        &mut self,
        other: &Side<S, M>,
        mut expand: impl FnMut(&S, &mut Vec<Edge<M, S>>),
        edges: &mut Vec<Edge<M, S>>,
        budget: &mut Budget,
    ) -> Result<Option<S>, Outcome> {
        let mut next = Vec::new();
        let mut best: Option<(u32, S)> = None;
        for state in std::mem::take(&mut self.frontier) {
            if let Some(outcome) = budget.expand() {
                return Err(outcome);
            }
            edges.clear();
            expand(&state, edges);
            budget.generated += edges.len() as u64;
            for edge in edges.iter() {
                if self.distance.contains_key(&edge.state) {
                    continue;
                }
                self.distance.insert(edge.state, self.depth + 1);
                self.links.insert(edge.state, (state, edge.mv));
                next.push(edge.state);
                if let Some(&rest) = other.distance.get(&edge.state) {
                    if best.is_none_or(|(cost, _)| rest < cost) {
                        best = Some((rest, edge.state));
                    }
                }
            }
            if !budget.states_allowed(self.distance.len() + other.distance.len()) {
                return Err(Outcome::MemoryLimit);
            }
        }
        self.frontier = next;
        self.depth += 1;
        Ok(best.map(|(_, state)| state))
    }
}
