//! A* (Hart, Nilsson and Raphael 1968).

use std::cmp::Reverse;
use std::collections::hash_map::Entry;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use crate::limits::Budget;
use crate::{Iteration, Limits, Outcome, Problem, SearchResult};

/// A*: best-first search on `f = g + h` with duplicate detection.
///
/// Optimal with an admissible heuristic; a state reached again more cheaply
/// is reopened, so an inconsistent heuristic costs time, not optimality.
/// `limits.max_states` caps the states kept and ends the search with
/// [`Outcome::MemoryLimit`] instead of exhausting memory. Each rise of the
/// smallest open `f` is reported as one entry of `stats.iterations`.
pub fn astar<P: Problem>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move> {
    let mut budget = Budget::for_problem::<P>(limits);
    let start_h = problem.heuristic(&start);
    // Nodes live in an arena; the index maps a state to its cheapest node.
    let mut nodes: Vec<Node<P::State, P::Move>> = vec![Node { state: start, parent: None, g: 0, h: start_h }];
    // States are small packed integers: Fx hashes them in a few instructions,
    // and the search has no adversary to defend against.
    let mut best: FxHashMap<P::State, usize> = FxHashMap::from_iter([(start, 0)]);
    // Ties on f go to the larger g: the deeper node is closer to a goal.
    let mut open = BinaryHeap::from([(Reverse(start_h), 0u32, Reverse(0usize))]);
    let mut successors = Vec::new();
    let mut iterations: Vec<Iteration> = Vec::new();
    let mut pruned_f: Option<u32> = None;

    while let Some((Reverse(f), _, Reverse(index))) = open.pop() {
        let Node { state, g, h, .. } = nodes[index];
        if best[&state] != index {
            continue; // superseded by a cheaper path to the same state
        }
        if iterations.last().is_none_or(|it| it.bound < f) {
            iterations.push(Iteration { bound: f, expanded: 0, generated: 0 });
        }
        if problem.is_goal(&state) {
            let path = trace(&nodes, index);
            return SearchResult::solved(g, path, budget.stats(iterations));
        }
        if let Some(outcome) = budget.expand() {
            return budget.unsolved(outcome, Some(f), iterations);
        }
        successors.clear();
        problem.successors_with_heuristic(&state, h, nodes[index].parent.map(|(_, mv)| mv), &mut successors);
        budget.generated += successors.len() as u64;
        let current = iterations.last_mut().expect("pushed above");
        current.expanded += 1;
        current.generated += successors.len() as u64;
        for edge in &successors {
            let child_g = g.saturating_add(edge.cost);
            let child_h = edge.h.unwrap_or_else(|| problem.heuristic(&edge.state));
            let child_f = child_g.saturating_add(child_h);
            // A cost that saturated `u32` is beyond what can be reported:
            // such a path only bounds the answer from below.
            if child_f == u32::MAX || !limits.cost_allowed(child_f) {
                pruned_f = Some(pruned_f.map_or(child_f, |p| p.min(child_f)));
                continue;
            }
            let child = nodes.len();
            match best.entry(edge.state) {
                Entry::Occupied(mut seen) => {
                    if nodes[*seen.get()].g <= child_g {
                        continue;
                    }
                    seen.insert(child);
                }
                Entry::Vacant(slot) => {
                    slot.insert(child);
                }
            }
            nodes.push(Node { state: edge.state, parent: Some((index, edge.mv)), g: child_g, h: child_h });
            open.push((Reverse(child_f), child_g, Reverse(child)));
        }
        if !budget.states_allowed(best.len()) {
            return budget.unsolved(Outcome::MemoryLimit, Some(f), iterations);
        }
    }
    budget.unsolved(Outcome::NoSolution, pruned_f, iterations)
}

#[derive(Clone, Copy)]
struct Node<S, M> {
    state: S,
    parent: Option<(usize, M)>,
    g: u32,
    /// The problem's heuristic of `state`, handed back when it is expanded.
    h: u32,
}

fn trace<S, M: Copy>(nodes: &[Node<S, M>], mut index: usize) -> Vec<M> {
    let mut path = Vec::new();
    while let Some((parent, mv)) = nodes[index].parent {
        path.push(mv);
        index = parent;
    }
    path.reverse();
    path
}
