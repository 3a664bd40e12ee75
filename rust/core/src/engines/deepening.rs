//! The driver of the specialised IDA* searches (the sliding tiles', the
//! cube's): the iterations, each bound after the last one's smallest `f`
//! above it, and the large iterations cut into a frontier of subtrees and
//! spread over the pool's threads (see [`super::parallel`]), the answer the
//! serial search's. A specialised search keeps its own position and
//! depth-first loop, and hands the driver what every such search keeps
//! besides ([`Deepening`]).

use std::marker::PhantomData;

use super::parallel::{self, Cut, Ended, Part, Spread, Tally, Worker};
use crate::limits::Budget;
use crate::{Iteration, Limits, Outcome, SearchResult};

/// What an iterative-deepening search keeps besides its position.
pub(crate) struct Deepening<'a, M, S> {
    /// The moves from the start to where the search is.
    pub path: Vec<M>,
    pub budget: Budget<'a>,
    /// The iteration's bound on `f`, and the smallest `f` seen above it.
    pub bound: u32,
    pub next_bound: u32,
    /// The limit that stopped the search, if one did.
    pub stopped: Option<Outcome>,
    /// While a frontier is cut: the depth at which nodes within the bound
    /// are collected as subtrees instead of being searched.
    pub cutoff: u32,
    pub collected: Vec<S>,
}

impl<'a, M, S> Deepening<'a, M, S> {
    /// A search under `limits`, first bounded by the start's value `h`.
    pub fn new(limits: &'a Limits, h: u32) -> Self {
        Deepening {
            path: Vec::new(),
            budget: Budget::new(limits),
            bound: h,
            next_bound: u32::MAX,
            stopped: None,
            cutoff: u32::MAX,
            collected: Vec::new(),
        }
    }
}

/// A specialised depth-first search the driver runs.
pub(crate) trait Deepen<'a>: Sized + Sync {
    type Move: Send;
    /// A node within the bound where a search may start, with the serial
    /// search's path to it.
    type Subtree: Clone + Sync;

    fn run(&mut self) -> &mut Deepening<'a, Self::Move, Self::Subtree>;
    fn run_ref(&self) -> &Deepening<'a, Self::Move, Self::Subtree>;

    /// Searches below `subtree` within the bound: true when a goal was
    /// found (the subtree's own node, or one below it; the path leads
    /// there) or a limit stopped the search.
    fn search_below(&mut self, subtree: &Self::Subtree) -> bool;

    /// This search on another thread, which lives only as long as the
    /// pass that runs it.
    type Worker<'b>: Deepen<'b, Move = Self::Move, Subtree = Self::Subtree>
    where
        'a: 'b,
        Self: 'b;

    /// A search for another thread: this one's settings and position, an
    /// empty path and nothing collected, counting on `budget`.
    fn worker<'b>(&'b self, budget: Budget<'b>) -> Self::Worker<'b>
    where
        'a: 'b,
        Self: 'b;

    /// The least cost of a path through `subtree`: its `g + h`.
    fn f(subtree: &Self::Subtree) -> u32;

    /// The goal found at `path` while a frontier was cut, as a subtree
    /// like `first` that a search below finds at once.
    fn goal_subtree(first: &Self::Subtree, path: Vec<Self::Move>) -> Self::Subtree;

    /// A move as a number, in which a spread pass's goal crosses processes.
    fn move_code(step: &Self::Move) -> u32;

    /// The move whose number is `code`; None when none is.
    fn code_move(code: u32) -> Option<Self::Move>;
}

/// IDA* from `root` (the start, at `g` = 0, within the first bound): the
/// answer, or why there is none. With [`Limits::spread`] the large passes
/// are spread elsewhere; with [`Limits::part`] the search is of that part
/// of one pass only.
pub(crate) fn deepen<'a, D: Deepen<'a>>(search: &mut D, root: D::Subtree, limits: &Limits) -> SearchResult<D::Move> {
    let threads = parallel::threads_for(limits);
    let in_passes = parallel::in_passes(limits);
    if let (Some(part), true) = (limits.part, in_passes) {
        return search_part(search, root, part);
    }
    let spread = limits.spread.filter(|_| in_passes);
    let worth = spread.map_or(parallel::PARALLEL_AFTER_EXPANSIONS, |spread| spread.worth_after());
    let mut iterations = Vec::new();
    let mut last_expanded = 0;
    loop {
        let run = search.run();
        let bound = run.bound;
        if !limits.cost_allowed(bound) {
            return run.budget.unsolved(Outcome::NoSolution, Some(bound), iterations);
        }
        let mark = run.budget.mark(bound);
        run.next_bound = u32::MAX;
        let done = if let (Some(spread), true) = (spread, last_expanded >= worth) {
            spread_pass(search, root.clone(), spread, limits)
        } else if threads > 1 && last_expanded >= parallel::PARALLEL_AFTER_EXPANSIONS {
            parallel_pass(search, root.clone(), threads)
        } else {
            search.search_below(&root)
        };
        let run = search.run();
        let iteration = run.budget.since(mark);
        last_expanded = iteration.expanded;
        iterations.push(iteration);
        if let Some(outcome) = run.stopped {
            return run.budget.unsolved(outcome, Some(bound), iterations);
        }
        if done {
            let stats = run.budget.stats(iterations);
            let path = std::mem::take(&mut run.path);
            return SearchResult::solved(path.len() as u32, path, stats);
        }
        if run.next_bound == u32::MAX {
            return run.budget.unsolved(Outcome::NoSolution, None, iterations);
        }
        run.bound = run.next_bound;
    }
}

/// The search of one part of a pass ([`Limits::part`]): the part's nodes
/// are counted, not the frontier's above them, which the caller counted
/// when it cut the same frontier.
fn search_part<'a, D: Deepen<'a>>(search: &mut D, root: D::Subtree, part: &Part) -> SearchResult<D::Move> {
    let bound = part.cut.bound;
    search.run().bound = bound;
    let frontier = frontier(search, root, part.cut.wanted).ok_or(Outcome::Interrupted);
    let run = search.run();
    let frontier = frontier.map_err(|outcome| run.stopped.unwrap_or(outcome));
    (run.budget.expanded, run.budget.generated, run.next_bound) = (0, 0, u32::MAX);
    let shared = search.run().budget.shared();
    let worker = Thread(search.worker(Budget::worker(&search.run_ref().budget, &shared)), PhantomData);
    let sweep = parallel::search_part(part, frontier.as_deref().map_err(|&o| o), &shared, worker);
    let run = search.run();
    absorb(run, &sweep);
    let iterations = vec![run.budget.since(Iteration { bound, expanded: 0, generated: 0 })];
    match (sweep.stopped, sweep.found) {
        (Some(outcome), _) => run.budget.unsolved(outcome, Some(bound), iterations),
        (None, Some((_, path))) => SearchResult::solved(path.len() as u32, path, run.budget.stats(iterations)),
        (None, None) => run.budget.unsolved(Outcome::NoSolution, Some(run.next_bound), iterations),
    }
}

/// The subtrees at the shallowest depth that gives at least `wanted` of
/// them (or at [`parallel::MAX_FRONTIER_DEPTH`], or at the bound), in the
/// order the serial search enters them, found one level deeper at a time,
/// so that each node above them is expanded once, as in the serial search;
/// a goal above that depth ends the frontier (the path is then its path,
/// and the last subtree is the goal). `None`: a limit stopped the cutting.
fn frontier<'a, D: Deepen<'a>>(search: &mut D, root: D::Subtree, wanted: usize) -> Option<Vec<D::Subtree>> {
    let mut frontier = vec![root];
    for depth in 1..=parallel::MAX_FRONTIER_DEPTH as u32 {
        if frontier.len() >= wanted || frontier.is_empty() || depth >= search.run().bound {
            break;
        }
        search.run().cutoff = depth;
        let mut deeper = Vec::new();
        let mut found = false;
        for subtree in &frontier {
            found = search.search_below(subtree);
            deeper.append(&mut search.run().collected);
            if found {
                break;
            }
        }
        let run = search.run();
        if run.stopped.is_some() {
            return None;
        }
        if found {
            let path = std::mem::take(&mut run.path);
            deeper.push(D::goal_subtree(&frontier[0], path));
            frontier = deeper;
            break;
        }
        frontier = deeper;
    }
    search.run().cutoff = u32::MAX;
    Some(frontier)
}

/// One pass within the bound on `threads` threads: true when a goal was
/// found (the path leads there) or a limit stopped the search.
fn parallel_pass<'a, D: Deepen<'a>>(search: &mut D, root: D::Subtree, threads: usize) -> bool {
    let Some(frontier) = frontier(search, root, threads * parallel::SUBTREES_PER_THREAD) else {
        return true;
    };
    let shared = search.run().budget.shared();
    let main = &*search;
    let new_worker = || Thread(main.worker(Budget::worker(&main.run_ref().budget, &shared)), PhantomData);
    let sweep = parallel::search_in_order(&frontier, &shared, threads, new_worker);
    ended(search, sweep)
}

/// One pass within the bound spread elsewhere ([`Limits::spread`]): true
/// when a goal was found (the path leads there) or a limit stopped the
/// search.
fn spread_pass<'a, D: Deepen<'a>>(search: &mut D, root: D::Subtree, spread: &dyn Spread, limits: &Limits) -> bool {
    let wanted = spread.subtrees_wanted();
    let bound = search.run().bound;
    let Some(frontier) = frontier(search, root, wanted) else {
        return true;
    };
    let cut = Cut { bound, wanted, count: frontier.len() };
    let shared = search.run().budget.shared();
    let worker = Thread(search.worker(Budget::worker(&search.run_ref().budget, &shared)), PhantomData);
    let sweep = parallel::search_frontier(&frontier, cut, spread, limits, &shared, worker);
    ended(search, sweep)
}

/// How a pass whose subtrees `sweep` searched ended: its counts taken into
/// `search`, and true when a goal was found (the path leads there) or a
/// limit stopped the search.
fn ended<'a, D: Deepen<'a>>(search: &mut D, sweep: parallel::Sweep<Vec<D::Move>>) -> bool {
    let run = search.run();
    absorb(run, &sweep);
    run.stopped = sweep.stopped;
    match sweep.found {
        Some((_, path)) => {
            run.path = path;
            true
        }
        None => run.stopped.is_some(),
    }
}

/// Takes what the workers of a sweep counted into `run`.
fn absorb<M, S, A>(run: &mut Deepening<'_, M, S>, sweep: &parallel::Sweep<A>) {
    let Tally { expanded, generated, next_bound, .. } = sweep.tally;
    run.budget.absorb(expanded, generated);
    run.next_bound = run.next_bound.min(next_bound);
}

/// A search on a thread of a parallel pass.
struct Thread<'a, D>(D, PhantomData<&'a ()>);

impl<'a, D: Deepen<'a>> Worker for Thread<'a, D> {
    type Subtree = D::Subtree;
    type Answer = Vec<D::Move>;

    fn search(&mut self, index: usize, subtree: &D::Subtree) -> Ended<Vec<D::Move>> {
        self.0.run().budget.subtree = index;
        if !self.0.search_below(subtree) {
            Ended::Exhausted
        } else if self.0.run().stopped.is_some() {
            Ended::Stopped
        } else {
            Ended::Found(std::mem::take(&mut self.0.run().path))
        }
    }

    fn f(subtree: &D::Subtree) -> u32 {
        D::f(subtree)
    }

    fn codes(path: &Vec<D::Move>) -> Option<Vec<u32>> {
        Some(path.iter().map(D::move_code).collect())
    }

    fn from_codes(codes: &[u32]) -> Option<Vec<D::Move>> {
        codes.iter().map(|&code| D::code_move(code)).collect()
    }

    fn tally(&self) -> Tally {
        let run = self.0.run_ref();
        Tally {
            expanded: run.budget.expanded,
            generated: run.budget.generated,
            next_bound: run.next_bound,
            beyond_range: false,
        }
    }
}
