//! Iterative-deepening A* (Korf 1985).

use super::learned_bounds::LearnedBounds;
use crate::limits::Budget;
use crate::{Edge, Limits, Outcome, Problem, SearchResult, Stats};

/// Iterative-deepening A*.
///
/// Depth-first searches with a growing bound on `f = g + h`; each bound is
/// the smallest `f` that exceeded the previous one, so the first goal found
/// is optimal when the heuristic is admissible. Memory is the current path
/// only. Every bound tried is reported in `stats.iterations`.
pub fn ida_star<P: Problem>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move> {
    DepthFirst::new(problem, limits, None).run(start)
}

/// IDA* with a transposition table of `entries` learned bounds (Reinefeld
/// and Marsland 1994).
///
/// When the subtree below a state fails, the smallest `f` that exceeded the
/// bound in it, less the state's `g`, is a proven lower bound on the state's
/// distance; it is stored and raises the heuristic whenever the state is
/// reached again, by another move order or in a later iteration. For the
/// stored bounds to be facts about the states, the search generates every
/// move (the problem's move pruning is switched off); puzzles whose moves
/// reach one state in many orders gain far more than that costs. A table
/// too large for the memory ends the search at once with
/// [`Outcome::MemoryLimit`].
pub fn ida_star_with_table<P: Problem>(
    problem: &P,
    start: P::State,
    limits: &Limits,
    entries: usize,
) -> SearchResult<P::Move> {
    match LearnedBounds::new(entries) {
        Some(table) => DepthFirst::new(problem, limits, Some(table)).run(start),
        // The heuristic is all that is proven without searching.
        None => SearchResult::unsolved(Outcome::MemoryLimit, Some(problem.heuristic(&start)), Stats::default()),
    }
}

/// How one bounded depth-first pass ended.
enum Pass {
    Found,
    Exhausted,
    Stopped(Outcome),
}

struct DepthFirst<'a, P: Problem> {
    problem: &'a P,
    limits: &'a Limits<'a>,
    budget: Budget<'a>,
    moves: Vec<P::Move>,
    /// States on the current path, consulted after zero-cost moves (with
    /// positive costs the bound alone ends every cycle) and, for problems
    /// that ask for it, after every move.
    states: Vec<P::State>,
    /// One successor buffer per depth, reused across the whole search.
    buffers: Vec<Vec<Edge<P::Move, P::State>>>,
    /// The smallest `f` seen above the current bound: the next bound.
    next_bound: u32,
    /// Whether some `f` reached `u32::MAX`, where costs saturate.
    beyond_range: bool,
    learned: Option<LearnedBounds<P::State>>,
}

impl<'a, P: Problem> DepthFirst<'a, P> {
    fn new(problem: &'a P, limits: &'a Limits<'a>, learned: Option<LearnedBounds<P::State>>) -> Self {
        DepthFirst {
            problem,
            limits,
            budget: Budget::for_problem::<P>(limits),
            moves: Vec::new(),
            states: Vec::new(),
            buffers: Vec::new(),
            next_bound: u32::MAX,
            beyond_range: false,
            learned,
        }
    }

    fn run(mut self, start: P::State) -> SearchResult<P::Move> {
        let mut iterations = Vec::new();
        let start_h = self.problem.heuristic(&start);
        let mut bound = start_h;
        loop {
            if !self.limits.cost_allowed(bound) {
                return self.budget.unsolved(Outcome::NoSolution, Some(bound), iterations);
            }
            let mark = self.budget.mark(bound);
            self.next_bound = u32::MAX;
            let pass = self.search(start, 0, start_h, bound, None);
            iterations.push(self.budget.since(mark));
            match pass {
                Pass::Found => {
                    let stats = self.budget.stats(iterations);
                    return SearchResult::solved(bound, self.moves, stats);
                }
                Pass::Stopped(outcome) => return self.budget.unsolved(outcome, Some(bound), iterations),
                // Nothing above the bound at all, or only paths whose cost
                // saturated `u32`: then nothing cheaper than that exists.
                Pass::Exhausted if self.next_bound == u32::MAX => {
                    let lower_bound = self.beyond_range.then_some(u32::MAX);
                    return self.budget.unsolved(Outcome::NoSolution, lower_bound, iterations);
                }
                Pass::Exhausted => bound = self.next_bound,
            }
        }
    }

    /// Notes an `f` above the bound for the next one.
    #[inline]
    fn exceeded(&mut self, f: u32) {
        self.next_bound = self.next_bound.min(f);
        self.beyond_range |= f == u32::MAX;
    }

    fn search(&mut self, state: P::State, g: u32, mut h: u32, bound: u32, last: Option<P::Move>) -> Pass {
        if let Some(learned) = &self.learned {
            h = h.max(learned.get(&state));
        }
        let f = g.saturating_add(h);
        if f > bound {
            self.exceeded(f);
            return Pass::Exhausted;
        }
        // The goal test comes after the bound test: a goal reached above the
        // bound may not be optimal.
        if self.problem.is_goal(&state) {
            return Pass::Found;
        }
        if let Some(outcome) = self.budget.expand() {
            return Pass::Stopped(outcome);
        }
        let depth = self.moves.len();
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
        }
        let mut successors = std::mem::take(&mut self.buffers[depth]);
        successors.clear();
        let last = if self.learned.is_some() { None } else { last };
        self.problem.successors(&state, last, &mut successors);
        self.budget.generated += successors.len() as u64;
        self.states.push(state);
        let outer_next_bound = std::mem::replace(&mut self.next_bound, u32::MAX);
        // Children beyond the bound only tell the next bound; the others are
        // kept, with their heuristic, to be searched.
        let mut kept = 0;
        for i in 0..successors.len() {
            let edge = successors[i];
            if (P::SKIP_CYCLES || edge.cost == 0) && self.states.contains(&edge.state) {
                // The subtree is no longer complete, so what it proves is
                // not a fact about the state: stop learning.
                self.learned = None;
                continue;
            }
            let mut h = edge.h.unwrap_or_else(|| self.problem.heuristic(&edge.state));
            if let Some(learned) = &self.learned {
                h = h.max(learned.get(&edge.state));
            }
            let f = g.saturating_add(edge.cost).saturating_add(h);
            if f > bound {
                self.exceeded(f);
                continue;
            }
            successors[kept] = edge.with_heuristic(h);
            kept += 1;
        }
        successors.truncate(kept);
        if P::MOST_PROMISING_FIRST {
            // Stable: among equals the problem's own order stands.
            successors.sort_by_key(|edge| edge.h);
        }
        let mut pass = Pass::Exhausted;
        for edge in &successors {
            self.moves.push(edge.mv);
            let h = edge.h.expect("set above");
            pass = self.search(edge.state, g.saturating_add(edge.cost), h, bound, Some(edge.mv));
            if !matches!(pass, Pass::Exhausted) {
                break;
            }
            self.moves.pop();
        }
        self.states.pop();
        if let (Pass::Exhausted, Some(learned)) = (&pass, &mut self.learned) {
            learned.raise(state, self.next_bound.saturating_sub(g));
        }
        self.next_bound = self.next_bound.min(outer_next_bound);
        self.buffers[depth] = successors;
        pass
    }
}
