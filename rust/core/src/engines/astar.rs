//! A* (Hart, Nilsson and Raphael 1968).

use std::collections::hash_map::Entry;
use std::collections::BinaryHeap;

use rustc_hash::FxHashMap;

use super::{Trace, TracedIteration, TracedNode};
use crate::limits::Budget;
use crate::{Iteration, Limits, Outcome, Problem, SearchResult};

/// A*: best-first search on `f = g + h` with duplicate detection.
///
/// Optimal with an admissible heuristic; a state reached again more cheaply
/// is reopened, so an inconsistent heuristic costs time, not optimality.
/// `limits.max_states` caps the states kept and ends the search with
/// [`Outcome::MemoryLimit`] instead of exhausting memory. Each rise of the
/// smallest open `f` is reported as one entry of `stats.iterations`.
///
/// Traced, its one iteration lists the nodes in the order they were
/// generated, the start first; a node dropped on generation (reached no
/// more cheaply than before, or beyond the largest cost allowed) is
/// marked pruned.
pub fn astar<P: Problem>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move> {
    let mut tracer = limits.trace.map(Tracer::new);
    let mut result = search(problem, start, limits, &mut tracer);
    if let Some(tracer) = tracer {
        let bound = result.stats.iterations.last().map_or(tracer.nodes.first().map_or(0, |root| root.h), |it| it.bound);
        let overflowed = tracer.nodes.len() > tracer.limit;
        let goal = tracer.goal;
        result.trace =
            Some(Trace { iterations: vec![TracedIteration { bound, nodes: tracer.nodes, goal }], overflowed });
    }
    result
}

/// The nodes of a traced A*, and the index among them of each node of the
/// arena.
struct Tracer<M> {
    nodes: Vec<TracedNode<M>>,
    of_arena: Vec<usize>,
    limit: usize,
    goal: Option<usize>,
}

impl<M> Tracer<M> {
    fn new(limit: usize) -> Self {
        Tracer { nodes: Vec::new(), of_arena: Vec::new(), limit, goal: None }
    }

    /// Records a node generated from the arena's node `parent` (`None`:
    /// the start); `kept` when it joins the arena. False once past the
    /// limit.
    fn generated(&mut self, parent: Option<usize>, mv: Option<M>, g: u32, h: u32, kept: bool) -> bool {
        let parent = parent.map(|index| self.of_arena[index]);
        self.nodes.push(TracedNode { parent, mv, g, h, pruned: !kept });
        if kept {
            self.of_arena.push(self.nodes.len() - 1);
        }
        self.nodes.len() <= self.limit
    }
}

fn search<P: Problem>(
    problem: &P,
    start: P::State,
    limits: &Limits,
    tracer: &mut Option<Tracer<P::Move>>,
) -> SearchResult<P::Move> {
    let mut budget = Budget::for_problem::<P>(limits);
    let start_h = problem.heuristic(&start);
    // Nodes live in an arena; the index maps a state to its cheapest node.
    let mut nodes: Vec<Node<P::State, P::Move>> = Vec::with_capacity(FIRST_CAPACITY);
    nodes.push(Node { state: start, parent: None, g: 0, h: start_h });
    // States are small packed integers: Fx hashes them in a few instructions,
    // and the search has no adversary to defend against.
    let mut best: FxHashMap<P::State, usize> = FxHashMap::with_capacity_and_hasher(FIRST_CAPACITY, Default::default());
    best.insert(start, 0);
    let mut open = BinaryHeap::from([OpenKey::new(start_h, 0, 0)]);
    let mut successors = Vec::new();
    let mut iterations: Vec<Iteration> = Vec::new();
    let mut pruned_f: Option<u32> = None;
    if let Some(tracer) = tracer {
        tracer.generated(None, None, 0, start_h, true);
    }

    while let Some(key) = open.pop() {
        let (f, index) = (key.f(), key.index());
        let Node { state, g, h, .. } = nodes[index];
        if g == SUPERSEDED {
            continue; // a cheaper path to the same state was found since
        }
        if iterations.last().is_none_or(|it| it.bound < f) {
            iterations.push(Iteration { bound: f, expanded: 0, generated: 0 });
        }
        if problem.is_goal(&state) {
            if let Some(tracer) = tracer {
                tracer.goal = Some(tracer.of_arena[index]);
            }
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
            let within = child_f != u32::MAX && limits.cost_allowed(child_f);
            if !within {
                pruned_f = Some(pruned_f.map_or(child_f, |p| p.min(child_f)));
            }
            let child = nodes.len();
            let kept = within
                && match best.entry(edge.state) {
                    Entry::Occupied(mut seen) => {
                        let cheaper = nodes[*seen.get()].g > child_g;
                        if cheaper {
                            nodes[seen.insert(child)].g = SUPERSEDED;
                        }
                        cheaper
                    }
                    Entry::Vacant(slot) => {
                        slot.insert(child);
                        true
                    }
                };
            if let Some(tracer) = tracer {
                if !tracer.generated(Some(index), Some(edge.mv), child_g, child_h, kept) {
                    return budget.unsolved(Outcome::Interrupted, Some(f), iterations);
                }
            }
            if !kept {
                continue;
            }
            nodes.push(Node { state: edge.state, parent: Some((index, edge.mv)), g: child_g, h: child_h });
            open.push(OpenKey::new(child_f, child_g, child));
        }
        if !budget.states_allowed(best.len()) {
            return budget.unsolved(Outcome::MemoryLimit, Some(f), iterations);
        }
    }
    budget.unsolved(Outcome::NoSolution, pruned_f, iterations)
}

/// The nodes and states room is made for at the start: most searches of
/// a batch are small, and growing the table from nothing rehashes it a
/// dozen times.
const FIRST_CAPACITY: usize = 1 << 10;

/// A node's place in the open list, as one integer the heap compares in
/// two words: the smallest `f` first; on ties the larger `g` (the deeper
/// node is closer to a goal), then the node generated first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct OpenKey(u128);

impl OpenKey {
    #[inline(always)]
    fn new(f: u32, g: u32, index: usize) -> OpenKey {
        OpenKey(u128::from(!f) << 96 | u128::from(g) << 64 | u128::from(!(index as u64)))
    }

    #[inline(always)]
    fn f(self) -> u32 {
        !((self.0 >> 96) as u32)
    }

    #[inline(always)]
    fn index(self) -> usize {
        !(self.0 as u64) as usize
    }
}

#[derive(Clone, Copy)]
struct Node<S, M> {
    state: S,
    parent: Option<(usize, M)>,
    g: u32,
    /// The problem's heuristic of `state`, handed back when it is expanded.
    h: u32,
}

/// The `g` of a node a cheaper path to its state has replaced since, whose
/// entry in the open list is skipped: no node kept has it (its `f` would
/// have saturated).
const SUPERSEDED: u32 = u32::MAX;

fn trace<S, M: Copy>(nodes: &[Node<S, M>], mut index: usize) -> Vec<M> {
    let mut path = Vec::new();
    while let Some((parent, mv)) = nodes[index].parent {
        path.push(mv);
        index = parent;
    }
    path.reverse();
    path
}
