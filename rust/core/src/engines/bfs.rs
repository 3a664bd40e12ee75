//! Breadth-first search, layer by layer.

use rustc_hash::{FxHashMap, FxHashSet};

use super::follow_links;
use crate::limits::{Budget, Stop};
use crate::{Interrupt, Limits, Outcome, Problem, SearchResult};

/// Breadth-first search: the path with the fewest moves. Edge costs are
/// ignored (the cost reported is the number of moves), so it is optimal for
/// unit-cost problems only. Each layer is one entry of `stats.iterations`.
pub fn bfs<P: Problem>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move> {
    let mut budget = Budget::for_problem::<P>(limits);
    let mut iterations = Vec::new();
    if problem.is_goal(&start) {
        return SearchResult::solved(0, Vec::new(), budget.stats(iterations));
    }
    let mut parents: FxHashMap<P::State, (P::State, P::Move)> = FxHashMap::default();
    let mut frontier = vec![start];
    let mut next = Vec::new();
    let mut successors = Vec::new();
    let mut depth = 0u32;
    while !frontier.is_empty() {
        if !limits.cost_allowed(depth + 1) {
            return budget.unsolved(Outcome::NoSolution, Some(depth + 1), iterations);
        }
        let layer = budget.mark(depth + 1);
        let mut reached = None;
        'layer: for &state in &frontier {
            if let Some(outcome) = budget.expand() {
                iterations.push(budget.since(layer));
                return budget.unsolved(outcome, Some(depth + 1), iterations);
            }
            successors.clear();
            problem.successors(&state, parents.get(&state).map(|&(_, mv)| mv), &mut successors);
            budget.generated += successors.len() as u64;
            for edge in &successors {
                if edge.state == start || parents.contains_key(&edge.state) {
                    continue;
                }
                parents.insert(edge.state, (state, edge.mv));
                if problem.is_goal(&edge.state) {
                    reached = Some(edge.state);
                    break 'layer;
                }
                next.push(edge.state);
            }
            if !budget.states_allowed(parents.len()) {
                iterations.push(budget.since(layer));
                return budget.unsolved(Outcome::MemoryLimit, Some(depth + 1), iterations);
            }
        }
        iterations.push(budget.since(layer));
        if let Some(goal) = reached {
            let mut path = follow_links(&parents, goal);
            path.reverse();
            return SearchResult::solved(depth + 1, path, budget.stats(iterations));
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
        depth += 1;
    }
    budget.unsolved(Outcome::NoSolution, None, iterations)
}

/// The number of states at each distance from `start`, over everything
/// reachable (or up to `max_depth`). Meant for small spaces: every state is
/// kept in a hash set. `interrupt` is asked every few thousand states;
/// `None` means it said to stop.
pub fn bfs_layers<P: Problem>(
    problem: &P,
    start: P::State,
    max_depth: Option<u32>,
    interrupt: Option<Interrupt>,
) -> Option<Vec<u64>> {
    const STATES_PER_LOOK: usize = 1 << 12;
    let stop = Stop::new(interrupt);
    let mut seen = FxHashSet::from_iter([start]);
    let mut frontier = vec![start];
    let mut layers = vec![1u64];
    let mut successors = Vec::new();
    while max_depth.is_none_or(|max| (layers.len() as u32) <= max) {
        let mut next = Vec::new();
        for (index, state) in frontier.iter().enumerate() {
            if index % STATES_PER_LOOK == 0 && stop.now() {
                return None;
            }
            successors.clear();
            problem.successors(state, None, &mut successors);
            next.extend(successors.iter().map(|edge| edge.state).filter(|&s| seen.insert(s)));
        }
        if next.is_empty() {
            break;
        }
        layers.push(next.len() as u64);
        frontier = next;
    }
    Some(layers)
}
