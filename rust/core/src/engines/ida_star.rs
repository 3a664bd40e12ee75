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

/// A state on the current path and the children still to be searched
/// below it. The path is a stack of these rather than of calls, so that
/// its depth is bounded by memory, not by the thread's stack: a problem
/// written in Python may well have paths a million moves deep.
struct Frame<S, M> {
    state: S,
    g: u32,
    /// The children within the bound, with their heuristic, in the order
    /// they are tried; `next` is the first one not yet searched.
    children: Vec<Edge<M, S>>,
    next: usize,
    /// The smallest `f` above the bound seen before this state was
    /// entered; merged back into `next_bound` when it is left.
    outer_next_bound: u32,
}

struct DepthFirst<'a, P: Problem> {
    problem: &'a P,
    limits: &'a Limits<'a>,
    budget: Budget<'a>,
    moves: Vec<P::Move>,
    /// The path: the first `depth` frames; the ones beyond keep their
    /// buffers for reuse across the whole search.
    frames: Vec<Frame<P::State, P::Move>>,
    depth: usize,
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
            frames: Vec::new(),
            depth: 0,
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
            let pass = if crate::cpu::has_x86_64_v2() {
                // SAFETY: the processor has x86-64-v2.
                unsafe { self.search_v2(start, start_h, bound) }
            } else {
                self.search(start, start_h, bound)
            };
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

    /// [`Self::search`] compiled for x86-64-v2 (see [`crate::cpu`]).
    ///
    /// # Safety
    /// The processor must have x86-64-v2 ([`crate::cpu::has_x86_64_v2`]).
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2"))]
    unsafe fn search_v2(&mut self, start: P::State, start_h: u32, bound: u32) -> Pass {
        self.search(start, start_h, bound)
    }

    /// One depth-first pass from `start` within `bound`. On `Found`,
    /// `moves` is the path.
    #[inline(always)]
    fn search(&mut self, start: P::State, start_h: u32, bound: u32) -> Pass {
        if let Some(pass) = self.enter(start, 0, start_h, bound, None) {
            return pass;
        }
        while self.depth > 0 {
            let frame = &mut self.frames[self.depth - 1];
            let Some(&edge) = frame.children.get(frame.next) else {
                self.leave();
                continue;
            };
            frame.next += 1;
            let g = frame.g.saturating_add(edge.cost);
            self.moves.push(edge.mv);
            match self.enter(edge.state, g, edge.h.expect("set when kept"), bound, Some(edge.mv)) {
                None => {}
                Some(Pass::Exhausted) => {
                    self.moves.pop();
                }
                Some(pass) => return pass,
            }
        }
        Pass::Exhausted
    }

    /// Tests `state`, reached at cost `g`, and expands it: `None` when its
    /// frame was pushed for its children to be searched, else how its
    /// subtree ended without one.
    #[inline(always)]
    fn enter(&mut self, state: P::State, g: u32, mut h: u32, bound: u32, last: Option<P::Move>) -> Option<Pass> {
        if let Some(learned) = &self.learned {
            h = h.max(learned.get(&state));
        }
        let f = g.saturating_add(h);
        if f > bound {
            self.exceeded(f);
            return Some(Pass::Exhausted);
        }
        // The goal test comes after the bound test: a goal reached above the
        // bound may not be optimal.
        if self.problem.is_goal(&state) {
            return Some(Pass::Found);
        }
        if let Some(outcome) = self.budget.expand() {
            return Some(Pass::Stopped(outcome));
        }
        if self.frames.len() == self.depth {
            self.frames.push(Frame { state, g, children: Vec::new(), next: 0, outer_next_bound: u32::MAX });
        }
        let mut children = std::mem::take(&mut self.frames[self.depth].children);
        children.clear();
        match self.learned {
            // `h` may have been raised by the table, which the problem must
            // not take for its own value.
            Some(_) => self.problem.successors(&state, None, &mut children),
            None => self.problem.successors_with_heuristic(&state, h, last, &mut children),
        }
        self.budget.generated += children.len() as u64;
        let outer_next_bound = std::mem::replace(&mut self.next_bound, u32::MAX);
        // Children beyond the bound only tell the next bound; the others are
        // kept, with their heuristic, to be searched.
        let mut kept = 0;
        for i in 0..children.len() {
            let edge = children[i];
            // The states on the path, consulted after zero-cost moves (with
            // positive costs the bound alone ends every cycle) and, for
            // problems that ask for it, after every move.
            let on_path = |s: &P::State| *s == state || self.frames[..self.depth].iter().any(|f| f.state == *s);
            if (P::SKIP_CYCLES || edge.cost == 0) && on_path(&edge.state) {
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
            children[kept] = edge.with_heuristic(h);
            kept += 1;
        }
        children.truncate(kept);
        if P::MOST_PROMISING_FIRST {
            // Stable: among equals the problem's own order stands.
            children.sort_by_key(|edge| edge.h);
        }
        let frame = &mut self.frames[self.depth];
        (frame.state, frame.g, frame.children, frame.next, frame.outer_next_bound) =
            (state, g, children, 0, outer_next_bound);
        self.depth += 1;
        None
    }

    /// Leaves the deepest state once every child within the bound failed.
    #[inline(always)]
    fn leave(&mut self) {
        self.depth -= 1;
        let frame = &self.frames[self.depth];
        if let Some(learned) = &mut self.learned {
            learned.raise(frame.state, self.next_bound.saturating_sub(frame.g));
        }
        self.next_bound = self.next_bound.min(frame.outer_next_bound);
        if self.depth > 0 {
            // The move that led to the state left.
            self.moves.pop();
        }
    }
}
