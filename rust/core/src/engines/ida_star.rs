//! Iterative-deepening A* (Korf 1985).

use std::sync::Mutex;

use rustc_hash::FxHashSet;

use super::learned_bounds::LearnedBounds;
use super::parallel::{self, Cut, Ended, Part, Tally};
use super::trace::{Child, Recorder};
use crate::limits::Budget;
use crate::{Edge, Iteration, Limits, Outcome, Problem, SearchResult, Stats};

/// Iterative-deepening A*.
///
/// Depth-first searches with a growing bound on `f = g + h`; each bound is
/// the smallest `f` that exceeded the previous one, so the first goal found
/// is optimal when the heuristic is admissible. Memory is the current path
/// only. Every bound tried is reported in `stats.iterations`.
pub fn ida_star<P: Problem>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move> {
    serial(problem, start, limits, None)
}

/// The search on this thread, recording a trace when the limits ask for
/// one: a copy of the engine of its own, so that the search that records
/// none pays nothing for it.
fn serial<P: Problem>(
    problem: &P,
    start: P::State,
    limits: &Limits,
    table: Option<LearnedBounds<P::State>>,
) -> SearchResult<P::Move> {
    if limits.trace.is_some() {
        DepthFirst::<P, true>::new(problem, limits, table).run(start, DepthFirst::search_below)
    } else if parallel::in_passes(limits) {
        DepthFirst::<P, false>::new(problem, limits, table).run_in_passes(start)
    } else {
        DepthFirst::<P, false>::new(problem, limits, table).run(start, DepthFirst::search_below)
    }
}

/// [`ida_star`] on every thread of the current rayon pool when
/// `limits.parallel` is set (else exactly `ida_star`).
///
/// Each iteration after the first large one is cut into a frontier of a
/// thousand or so subtrees per thread, in the order the serial search
/// enters them, and the threads search them in that order; the answer is
/// the first goal in that order, the one [`ida_star`] finds, so a problem
/// whose answer must be the first optimal path in its move order keeps
/// it. Limits hold across the threads together (the node limit counts
/// every thread's expansions). The counts are exact sums over the threads,
/// and every iteration but the last counts what the serial search counts;
/// the last one counts more: the frontier is cut whole, and the other
/// threads search on (at most until their next look at the clock) past
/// the subtree that holds the answer while it is searched.
pub fn parallel_ida_star<P>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move>
where
    P: Problem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
{
    match parallel::threads_for(limits) {
        _ if parallel::in_passes(limits) => ida_star(problem, start, limits),
        1 => ida_star(problem, start, limits),
        threads => DepthFirst::new(problem, limits, None).run_parallel(start, threads),
    }
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
        Some(table) => serial(problem, start, limits, Some(table)),
        None => no_table(problem, &start),
    }
}

/// [`ida_star_with_table`] on every thread of the current rayon pool when
/// `limits.parallel` is set, as [`parallel_ida_star`] splits its
/// iterations. Each thread learns into a copy of the table taken when it
/// starts on a pass and hands what it learned back when the pass ends, so
/// the table costs its memory once more per thread (a thread whose copy
/// cannot be had searches without one); the frontier above the subtrees
/// learns nothing, as no subtree below it is complete when it is cut. The
/// answer is [`ida_star_with_table`]'s: the table only prunes what holds
/// no goal within the bound, so it never changes which goal comes first.
pub fn parallel_ida_star_with_table<P>(
    problem: &P,
    start: P::State,
    limits: &Limits,
    entries: usize,
) -> SearchResult<P::Move>
where
    P: Problem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
{
    match (parallel::threads_for(limits), LearnedBounds::new(entries)) {
        (_, None) => no_table(problem, &start),
        (_, Some(table)) if parallel::in_passes(limits) => serial(problem, start, limits, Some(table)),
        (1, Some(table)) => serial(problem, start, limits, Some(table)),
        (threads, Some(table)) => DepthFirst::new(problem, limits, Some(table)).run_parallel(start, threads),
    }
}

/// What a search whose table the memory cannot hold ends with: at once,
/// the heuristic being all that is proven without searching.
fn no_table<P: Problem>(problem: &P, start: &P::State) -> SearchResult<P::Move> {
    SearchResult::unsolved(Outcome::MemoryLimit, Some(problem.heuristic(start)), Stats::default())
}

/// How one bounded depth-first pass ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pass {
    Found,
    Exhausted,
    Stopped(Outcome),
    /// A pass begun on one thread outgrew [`DepthFirst::serial_cap`].
    TooLarge,
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

/// A state within the bound where a search may start, with the path the
/// serial search takes to it: the states above it (for the cycle test)
/// and the moves.
#[derive(Debug, Clone)]
struct Subtree<S, M> {
    state: S,
    g: u32,
    h: u32,
    last: Option<M>,
    /// The states from the start down to its parent, with their `g`.
    above: Vec<(S, u32)>,
    moves: Vec<M>,
}

/// The subtrees of a problem's search.
type SubtreeOf<P> = Subtree<<P as Problem>::State, <P as Problem>::Move>;

/// A depth-first search; `TRACED`, one that records every node visited.
struct DepthFirst<'a, P: Problem, const TRACED: bool = false> {
    problem: &'a P,
    limits: &'a Limits<'a>,
    budget: Budget<'a>,
    moves: Vec<P::Move>,
    /// The path: the first `depth` frames; the ones beyond keep their
    /// buffers for reuse across the whole search.
    frames: Vec<Frame<P::State, P::Move>>,
    depth: usize,
    /// The states of the path's frames, for problems that skip every
    /// cycle: a scan of the path for each child would make a path `d`
    /// moves deep cost `d` squared.
    on_path: FxHashSet<P::State>,
    /// The smallest `f` seen above the current bound: the next bound.
    next_bound: u32,
    /// Whether some `f` reached `u32::MAX`, where costs saturate.
    beyond_range: bool,
    learned: Option<LearnedBounds<P::State>>,
    /// The expansions at which a pass begun on one thread is abandoned, to
    /// be searched on every thread (`u64::MAX`: never).
    serial_cap: u64,
    /// While a frontier is cut nothing is learned: the states above the
    /// cutoff have subtrees not yet searched.
    learning_paused: bool,
    /// While a frontier is cut: the depth at which states within the bound
    /// are collected as subtrees instead of being searched.
    cutoff: usize,
    collected: Vec<SubtreeOf<P>>,
    /// Every node visited, when the limits ask for a trace.
    recorder: Option<Recorder<P::Move>>,
    /// The cost of the goal found: the bound, unless the heuristic is
    /// above 0 at the goal (no admissible one is).
    found_g: u32,
}

impl<'a, P: Problem, const TRACED: bool> DepthFirst<'a, P, TRACED> {
    fn new(problem: &'a P, limits: &'a Limits<'a>, learned: Option<LearnedBounds<P::State>>) -> Self {
        Self::with_budget(problem, limits, learned, Budget::for_problem::<P>(limits))
    }

    fn with_budget(
        problem: &'a P,
        limits: &'a Limits<'a>,
        learned: Option<LearnedBounds<P::State>>,
        budget: Budget<'a>,
    ) -> Self {
        DepthFirst {
            problem,
            limits,
            budget,
            moves: Vec::new(),
            frames: Vec::new(),
            depth: 0,
            on_path: FxHashSet::default(),
            next_bound: u32::MAX,
            beyond_range: false,
            learned,
            serial_cap: u64::MAX,
            learning_paused: false,
            cutoff: usize::MAX,
            collected: Vec::new(),
            recorder: if TRACED { limits.trace.map(Recorder::new) } else { None },
            found_g: 0,
        }
    }

    /// The iterations, each a `pass` over the tree from `root` within a
    /// bound.
    fn run(
        mut self,
        start: P::State,
        mut pass: impl FnMut(&mut Self, &SubtreeOf<P>, u32) -> Pass,
    ) -> SearchResult<P::Move> {
        let mut iterations = Vec::new();
        let start_h = self.problem.heuristic(&start);
        let root = Subtree { state: start, g: 0, h: start_h, last: None, above: Vec::new(), moves: Vec::new() };
        let mut bound = start_h;
        let mut result = loop {
            if !self.limits.cost_allowed(bound) {
                break self.budget.unsolved(Outcome::NoSolution, Some(bound), iterations);
            }
            let mark = self.budget.mark(bound);
            self.next_bound = u32::MAX;
            if let (true, Some(recorder)) = (TRACED, &mut self.recorder) {
                recorder.iteration(bound);
            }
            let pass = pass(&mut self, &root, bound);
            iterations.push(self.budget.since(mark));
            match pass {
                Pass::Found => {
                    let stats = self.budget.stats(iterations);
                    break SearchResult::solved(self.found_g, std::mem::take(&mut self.moves), stats);
                }
                Pass::Stopped(outcome) => break self.budget.unsolved(outcome, Some(bound), iterations),
                // Nothing above the bound at all, or only paths whose cost
                // saturated `u32`: then nothing cheaper than that exists.
                Pass::Exhausted if self.next_bound == u32::MAX => {
                    let lower_bound = self.beyond_range.then_some(u32::MAX);
                    break self.budget.unsolved(Outcome::NoSolution, lower_bound, iterations);
                }
                Pass::Exhausted => bound = self.next_bound,
                Pass::TooLarge => unreachable!("serial_or_parallel_pass searches an outgrown pass again"),
            }
        };
        result.trace = self.recorder.map(Recorder::finish);
        result
    }

    /// Notes an `f` above the bound for the next one.
    #[inline]
    fn exceeded(&mut self, f: u32) {
        self.next_bound = self.next_bound.min(f);
        self.beyond_range |= f == u32::MAX;
    }

    /// One depth-first pass below `root` within `bound`, in the code the
    /// processor runs fastest (see [`crate::cpu`]). On `Found`, `moves` is
    /// the path from the start.
    fn search_below(&mut self, root: &SubtreeOf<P>, bound: u32) -> Pass {
        if crate::cpu::has_x86_64_v2() {
            // SAFETY: the processor has x86-64-v2.
            unsafe { self.search_below_v2(root, bound) }
        } else {
            self.search_below_portable(root, bound)
        }
    }

    /// [`Self::search_below_portable`] compiled for x86-64-v2.
    ///
    /// # Safety
    /// The processor must have x86-64-v2 ([`crate::cpu::has_x86_64_v2`]).
    #[cfg_attr(target_arch = "x86_64", target_feature(enable = "popcnt,sse3,ssse3,sse4.1,sse4.2"))]
    unsafe fn search_below_v2(&mut self, root: &SubtreeOf<P>, bound: u32) -> Pass {
        self.search_below_portable(root, bound)
    }

    /// The pass of [`Self::search_below`], inlined into each of its copies.
    #[inline(always)]
    fn search_below_portable(&mut self, root: &SubtreeOf<P>, bound: u32) -> Pass {
        self.moves.clone_from(&root.moves);
        self.depth = 0;
        self.on_path.clear();
        for &(state, g) in &root.above {
            self.push_frame(state, g);
        }
        let above = self.depth;
        if let Some(pass) = self.enter(root.state, root.g, root.h, bound, root.last) {
            return pass;
        }
        while self.depth > above {
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
        if let (true, Some(recorder)) = (TRACED, &mut self.recorder) {
            recorder.visit(self.depth, last, g, h, f > bound);
            if recorder.overflowed() {
                return Some(Pass::Stopped(Outcome::Interrupted));
            }
        }
        if f > bound {
            self.exceeded(f);
            return Some(Pass::Exhausted);
        }
        if self.depth == self.cutoff {
            self.collect(state, g, h, last);
            return Some(Pass::Exhausted);
        }
        // The goal test comes after the bound test: a goal reached above the
        // bound may not be optimal.
        if self.problem.is_goal(&state) {
            self.found_g = g;
            if let (true, Some(recorder)) = (TRACED, &mut self.recorder) {
                recorder.found();
            }
            return Some(Pass::Found);
        }
        if self.budget.expanded >= self.serial_cap {
            return Some(Pass::TooLarge);
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
        let mut traced = Vec::new();
        for i in 0..children.len() {
            let edge = children[i];
            // The states on the path, consulted after zero-cost moves (with
            // positive costs the bound alone ends every cycle) and, for
            // problems that ask for it, after every move.
            let is_on_path = |s: &P::State| {
                *s == state
                    || match P::SKIP_CYCLES {
                        true => self.on_path.contains(s),
                        false => self.frames[..self.depth].iter().any(|f| f.state == *s),
                    }
            };
            if (P::SKIP_CYCLES || edge.cost == 0) && is_on_path(&edge.state) {
                // The subtree is no longer complete, so what it proves is
                // not a fact about the state: stop learning.
                self.learned = None;
                continue;
            }
            // Untraced, the heuristic may stop once it prunes; a trace shows
            // each child's whole value.
            let h = edge.h.unwrap_or_else(|| match TRACED {
                true => self.problem.heuristic(&edge.state),
                false => self.problem.heuristic_above(&edge.state, bound.saturating_sub(g.saturating_add(edge.cost))),
            });
            let learned = self.learned.as_ref().map_or(0, |learned| learned.get(&edge.state));
            let f = g.saturating_add(edge.cost).saturating_add(h.max(learned));
            if TRACED {
                let child_g = g.saturating_add(edge.cost);
                traced.push(Child { mv: edge.mv, g: child_g, h, tested_h: h.max(learned), pruned: f > bound });
            }
            if f > bound {
                self.exceeded(f);
                continue;
            }
            // The problem's own value orders the children, not the table's:
            // what a table holds differs from thread to thread, and the
            // order must not, for the first goal to be the serial search's.
            children[kept] = edge.with_heuristic(h);
            kept += 1;
        }
        children.truncate(kept);
        if P::MOST_PROMISING_FIRST {
            // Stable: among equals the problem's own order stands.
            children.sort_by_key(|edge| edge.h);
        }
        if let (true, Some(recorder)) = (TRACED, &mut self.recorder) {
            recorder.children(self.depth, &mut traced, P::MOST_PROMISING_FIRST);
        }
        let frame = &mut self.frames[self.depth];
        (frame.state, frame.g, frame.children, frame.next, frame.outer_next_bound) =
            (state, g, children, 0, outer_next_bound);
        self.depth += 1;
        if P::SKIP_CYCLES {
            self.on_path.insert(state);
        }
        None
    }

    /// Puts `state`, reached at cost `g`, on the path as a state whose
    /// children are not searched here: one above the subtree a search
    /// starts from.
    fn push_frame(&mut self, state: P::State, g: u32) {
        if self.frames.len() == self.depth {
            self.frames.push(Frame { state, g, children: Vec::new(), next: 0, outer_next_bound: u32::MAX });
        } else {
            let frame = &mut self.frames[self.depth];
            (frame.state, frame.g, frame.next, frame.outer_next_bound) = (state, g, 0, u32::MAX);
            frame.children.clear();
        }
        self.depth += 1;
        if P::SKIP_CYCLES {
            self.on_path.insert(state);
        }
    }

    /// Notes `state` (within the bound, at the cutoff depth) as a subtree
    /// of the frontier.
    #[cold]
    fn collect(&mut self, state: P::State, g: u32, h: u32, last: Option<P::Move>) {
        let above = self.frames[..self.depth].iter().map(|frame| (frame.state, frame.g)).collect();
        self.collected.push(Subtree { state, g, h, last, above, moves: self.moves.clone() });
    }

    /// The subtrees at the shallowest depth that gives at least `wanted`
    /// of them (or at [`parallel::MAX_FRONTIER_DEPTH`]), in the order the
    /// serial search enters them, found by searching one level deeper at a
    /// time: each node above them is expanded once, as in the serial
    /// search. When a goal lies above that depth, the frontier ends with
    /// it (as a subtree of its own), as nothing after it matters. `Err`:
    /// a limit stopped the cutting.
    fn frontier(&mut self, root: &SubtreeOf<P>, bound: u32, wanted: usize) -> Result<Vec<SubtreeOf<P>>, Pass> {
        let mut frontier = vec![root.clone()];
        let mut ended = Ok(());
        self.learning_paused = true;
        for depth in root.above.len() + 1..=parallel::MAX_FRONTIER_DEPTH {
            if frontier.len() >= wanted || frontier.is_empty() {
                break;
            }
            self.cutoff = depth;
            let mut deeper = Vec::new();
            for subtree in &frontier {
                match self.search_below(subtree, bound) {
                    Pass::Exhausted => deeper.append(&mut self.collected),
                    // Children are collected before their goal test, so the
                    // goal is the subtree's own state.
                    Pass::Found => {
                        deeper.push(subtree.clone());
                        ended = Err(Pass::Found);
                        break;
                    }
                    stopped => {
                        ended = Err(stopped);
                        break;
                    }
                }
            }
            frontier = deeper;
            if ended.is_err() {
                break;
            }
        }
        self.cutoff = usize::MAX;
        self.learning_paused = false;
        self.collected.clear();
        match ended {
            Err(Pass::Stopped(outcome)) => Err(Pass::Stopped(outcome)),
            _ => Ok(frontier),
        }
    }

    /// Leaves the deepest state once every child within the bound failed.
    #[inline(always)]
    fn leave(&mut self) {
        self.depth -= 1;
        if let (true, Some(recorder)) = (TRACED, &mut self.recorder) {
            recorder.leave(self.depth);
        }
        let frame = &self.frames[self.depth];
        if P::SKIP_CYCLES {
            self.on_path.remove(&frame.state);
        }
        if !self.learning_paused {
            if let Some(learned) = &mut self.learned {
                learned.raise(frame.state, self.next_bound.saturating_sub(frame.g));
            }
        }
        self.next_bound = self.next_bound.min(frame.outer_next_bound);
        if self.depth > 0 {
            // The move that led to the state left.
            self.moves.pop();
        }
    }
}

impl<'a, P: Problem> DepthFirst<'a, P> {
    /// The iterations of a search whose large passes are spread elsewhere
    /// ([`Limits::spread`]), or the search of one part of a pass
    /// ([`Limits::part`]): on this thread, so that any problem may spread.
    fn run_in_passes(self, start: P::State) -> SearchResult<P::Move> {
        if let Some(part) = self.limits.part {
            return self.run_part(start, part);
        }
        let worth = self.limits.spread.map_or(u64::MAX, |spread| spread.worth_after());
        let mut last_expanded = 0;
        self.run(start, |search: &mut Self, root, bound| {
            let before = search.budget.expanded;
            let pass = if last_expanded < worth {
                search.serial_or(root, bound, worth, |search| search.pass_in_parts(root, bound))
            } else {
                search.pass_in_parts(root, bound)
            };
            last_expanded = search.budget.expanded - before;
            pass
        })
    }

    /// The search of one part of a pass ([`Limits::part`]): the part's
    /// nodes are counted, not the frontier's above them, which the caller
    /// counted when it cut the same frontier.
    fn run_part(mut self, start: P::State, part: &Part) -> SearchResult<P::Move> {
        let h = self.problem.heuristic(&start);
        let root = Subtree { state: start, g: 0, h, last: None, above: Vec::new(), moves: Vec::new() };
        let bound = part.cut.bound;
        self.next_bound = u32::MAX;
        let pass = self.pass_in_parts(&root, bound);
        let iterations = vec![self.budget.since(Iteration { bound, expanded: 0, generated: 0 })];
        match pass {
            Pass::Found => SearchResult::solved(self.found_g, self.moves, self.budget.stats(iterations)),
            Pass::Stopped(outcome) => self.budget.unsolved(outcome, Some(bound), iterations),
            _ => self.budget.unsolved(Outcome::NoSolution, Some(self.next_bound), iterations),
        }
    }

    /// One pass within `bound` begun on this thread; one that outgrows
    /// `cap` expansions (a first iteration can hold nearly the whole
    /// search, as Booksort's do) is abandoned and searched again by
    /// `larger`. Its nodes are counted once, so the counts stay those of
    /// the search tree, and the node limit counts them so too.
    fn serial_or(&mut self, root: &SubtreeOf<P>, bound: u32, cap: u64, larger: impl FnOnce(&mut Self) -> Pass) -> Pass {
        let (expanded, generated) = (self.budget.expanded, self.budget.generated);
        self.serial_cap = expanded.saturating_add(cap);
        let pass = self.search_below(root, bound);
        self.serial_cap = u64::MAX;
        match pass {
            Pass::TooLarge => {
                (self.budget.expanded, self.budget.generated) = (expanded, generated);
                larger(self)
            }
            pass => pass,
        }
    }

    /// One pass within `bound` cut into a frontier below `root`, its
    /// subtrees spread elsewhere ([`Limits::spread`]), or only those of
    /// [`Limits::part`] searched here, in order.
    fn pass_in_parts(&mut self, root: &SubtreeOf<P>, bound: u32) -> Pass {
        let (part, spread) = (self.limits.part, self.limits.spread);
        let wanted = match (part, spread) {
            (Some(part), _) => part.cut.wanted,
            (None, Some(spread)) => spread.subtrees_wanted(),
            (None, None) => unreachable!("a pass in parts is spread, or a part"),
        };
        let frontier = self.frontier(root, bound, wanted).map_err(|pass| match pass {
            Pass::Stopped(outcome) => outcome,
            _ => unreachable!("a frontier ends early only when stopped"),
        });
        if part.is_some() {
            (self.budget.expanded, self.budget.generated) = (0, 0);
        }
        let shared = self.budget.shared();
        // A spread pass learns nothing: its subtrees are searched elsewhere.
        let no_table = Mutex::new(None);
        let budget = Budget::worker(&self.budget, &shared);
        let worker = Subtrees {
            search: DepthFirst::with_budget(self.problem, self.limits, None, budget),
            bound,
            table: &no_table,
        };
        let sweep = match (part, spread, frontier) {
            (Some(part), _, frontier) => {
                parallel::search_part(part, frontier.as_deref().map_err(|&o| o), &shared, worker)
            }
            (None, _, Err(outcome)) => return Pass::Stopped(outcome),
            (None, Some(spread), Ok(frontier)) => {
                let cut = Cut { bound, wanted, count: frontier.len() };
                parallel::search_frontier(&frontier, cut, spread, self.limits, &shared, worker)
            }
            (None, None, Ok(_)) => unreachable!("a pass in parts is spread, or a part"),
        };
        self.absorbed(sweep)
    }

    /// What a sweep of a pass's subtrees found, taken into this search.
    fn absorbed(&mut self, sweep: parallel::Sweep<(Vec<P::Move>, u32)>) -> Pass {
        let Tally { expanded, generated, next_bound, beyond_range } = sweep.tally;
        self.budget.absorb(expanded, generated);
        self.next_bound = self.next_bound.min(next_bound);
        self.beyond_range |= beyond_range;
        match (sweep.stopped, sweep.found) {
            (Some(outcome), _) => Pass::Stopped(outcome),
            (None, Some((_, (moves, g)))) => {
                self.moves = moves;
                self.found_g = g;
                Pass::Found
            }
            (None, None) => Pass::Exhausted,
        }
    }
}

impl<'a, P> DepthFirst<'a, P>
where
    P: Problem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
{
    /// The iterations, each split over `threads` threads once it is large
    /// (see [`parallel_ida_star`]): after a large one at once, else when it
    /// outgrows a start on one thread, which is how most small ones end.
    fn run_parallel(self, start: P::State, threads: usize) -> SearchResult<P::Move> {
        let mut last_expanded = 0;
        self.run(start, |search: &mut Self, root, bound| {
            let before = search.budget.expanded;
            let pass = if last_expanded < parallel::PARALLEL_AFTER_EXPANSIONS {
                search.serial_or(root, bound, parallel::PARALLEL_AFTER_EXPANSIONS, |search| {
                    search.parallel_pass(root, bound, threads)
                })
            } else {
                search.parallel_pass(root, bound, threads)
            };
            last_expanded = search.budget.expanded - before;
            pass
        })
    }

    /// One pass within `bound` on `threads` threads: the frontier below
    /// `root`, then its subtrees in order (see [`parallel`]).
    fn parallel_pass(&mut self, root: &SubtreeOf<P>, bound: u32, threads: usize) -> Pass {
        let frontier = match self.frontier(root, bound, threads * parallel::SUBTREES_PER_THREAD) {
            Ok(frontier) => frontier,
            Err(pass) => return pass,
        };
        let shared = self.budget.shared();
        // The table, where the threads take their copies and hand back
        // what they learned.
        let table = Mutex::new(self.learned.take());
        let (problem, limits, main) = (self.problem, self.limits, &self.budget);
        let sweep = parallel::search_in_order(&frontier, &shared, threads, || {
            let copy = table.lock().expect("not poisoned").as_ref().and_then(LearnedBounds::try_clone);
            Subtrees {
                search: DepthFirst::with_budget(problem, limits, copy, Budget::worker(main, &shared)),
                bound,
                table: &table,
            }
        });
        self.learned = table.into_inner().expect("not poisoned");
        self.absorbed(sweep)
    }
}

/// One thread's search of the subtrees of a parallel pass.
struct Subtrees<'a, P: Problem> {
    search: DepthFirst<'a, P>,
    bound: u32,
    /// The search's table, which takes in this thread's bounds when it is
    /// done (none when the search keeps no table).
    table: &'a Mutex<Option<LearnedBounds<P::State>>>,
}

impl<P: Problem> Drop for Subtrees<'_, P> {
    fn drop(&mut self) {
        let Some(learned) = &self.search.learned else { return };
        // A poisoned lock means a thread panicked: the search is lost anyway.
        if let Some(table) = self.table.lock().ok().as_deref_mut().and_then(Option::as_mut) {
            table.absorb(learned);
        }
    }
}

impl<P: Problem> parallel::Worker for Subtrees<'_, P> {
    type Subtree = SubtreeOf<P>;
    /// The moves to the goal and their cost.
    type Answer = (Vec<P::Move>, u32);

    fn search(&mut self, index: usize, subtree: &Self::Subtree) -> Ended<Self::Answer> {
        self.search.budget.subtree = index;
        match self.search.search_below(subtree, self.bound) {
            Pass::Found => Ended::Found((std::mem::take(&mut self.search.moves), self.search.found_g)),
            Pass::Exhausted => Ended::Exhausted,
            // A worker's passes have no serial cap to outgrow.
            Pass::Stopped(_) | Pass::TooLarge => Ended::Stopped,
        }
    }

    fn f(subtree: &SubtreeOf<P>) -> u32 {
        subtree.g.saturating_add(subtree.h)
    }

    fn tally(&self) -> Tally {
        let search = &self.search;
        Tally {
            expanded: search.budget.expanded,
            generated: search.budget.generated,
            next_bound: search.next_bound,
            beyond_range: search.beyond_range,
        }
    }
}
