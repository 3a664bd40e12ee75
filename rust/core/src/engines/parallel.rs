//! One iteration of a depth-first search spread over the threads of a
//! rayon pool.
//!
//! The iteration's tree is cut, by the serial search itself, into a
//! frontier of subtrees listed in the order the serial search enters them;
//! the threads take the subtrees in that order, one at a time, from a
//! shared counter. Taking them in order (rather than splitting the list in
//! halves, as `par_iter` does) keeps every thread near the front, so that
//! once a goal is found only the few subtrees before it are still being
//! searched, and the goal of the first subtree holding one, the serial
//! search's answer, is the one reported. A thread that finishes its subtree
//! takes the next, which balances the load as well as stealing would:
//! there are many more subtrees than threads.
//!
//! A pass may also be spread beyond the process ([`Spread`]): the caller
//! cuts the frontier, hands it out as [`Part`]s, ranges of subtrees that
//! other processes search after cutting the same frontier themselves (the
//! cut is the serial search's, so every process cuts the same one), and
//! takes the part reports' first goal in the serial order.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::limits::Shared;
use crate::Outcome;

/// How many subtrees to cut an iteration into per thread: enough that the
/// largest is a small part of the whole, few enough that the frontier is
/// cheap to build and hold.
pub(crate) const SUBTREES_PER_THREAD: usize = 1024;

/// The deepest level a frontier is cut at: a tree too narrow to give
/// enough subtrees by then is searched as it stands.
pub(crate) const MAX_FRONTIER_DEPTH: usize = 64;

/// An iteration goes parallel only after one that expanded at least this
/// many nodes: the iterations grow geometrically, so the next is worth
/// splitting, while the many small searches stay serial, cost nothing
/// extra and count their nodes exactly as the serial search does.
pub(crate) const PARALLEL_AFTER_EXPANSIONS: u64 = 1 << 14;

/// How one worker's search below a subtree ended.
pub(crate) enum Ended<A> {
    /// A goal, and what the worker reports of it (its path).
    Found(A),
    /// Every node within the bound was searched.
    Exhausted,
    /// A limit stopped it, or a goal in an earlier subtree made it moot.
    Stopped,
}

/// What a worker counted over the subtrees it searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Nodes expanded.
    pub expanded: u64,
    /// Nodes generated.
    pub generated: u64,
    /// The smallest `f` seen above the bound.
    pub next_bound: u32,
    /// Whether some `f` saturated at `u32::MAX`.
    pub beyond_range: bool,
}

impl Tally {
    /// Nothing counted yet.
    pub const NONE: Tally = Tally { expanded: 0, generated: 0, next_bound: u32::MAX, beyond_range: false };
}

/// One thread's depth-first search, able to start below any subtree of
/// the frontier.
pub(crate) trait Worker {
    type Subtree;
    type Answer;

    /// Searches below `subtree`, the `index`th of the frontier.
    fn search(&mut self, index: usize, subtree: &Self::Subtree) -> Ended<Self::Answer>;

    /// What it counted.
    fn tally(&self) -> Tally;

    /// `answer` as numbers, which cross processes: a spread pass's goal,
    /// told by the part that found it ([`PartReport::path`]). None when
    /// the answer has no such form; the caller then searches the goal's
    /// subtree again.
    fn codes(_answer: &Self::Answer) -> Option<Vec<u32>> {
        None
    }

    /// The answer that [`Worker::codes`] wrote as `codes`; None when they
    /// are not one.
    fn from_codes(_codes: &[u32]) -> Option<Self::Answer> {
        None
    }

    /// The least cost of a path through `subtree` (its `f`), from which a
    /// spread pass guesses how large the subtree is.
    fn f(subtree: &Self::Subtree) -> u32;
}

/// How a parallel iteration ended.
pub(crate) struct Sweep<A> {
    /// The first subtree that holds a goal, and the answer found in it.
    pub found: Option<(usize, A)>,
    /// The limit that stopped a worker, if one did (then `found` is moot).
    pub stopped: Option<Outcome>,
    /// The workers' counts together.
    pub tally: Tally,
}

/// Searches `subtrees` on `threads` threads of the current pool, in order,
/// each thread with a worker of its own from `new_worker`.
pub(crate) fn search_in_order<W: Worker>(
    subtrees: &[W::Subtree],
    shared: &Shared,
    threads: usize,
    new_worker: impl Fn() -> W + Sync,
) -> Sweep<W::Answer>
where
    W::Subtree: Sync,
    W::Answer: Send,
{
    let next = AtomicUsize::new(0);
    // Each thread's first goal (by the index of its subtree) and counts.
    type Part<A> = (Option<(usize, A)>, Tally);
    let parts: Vec<Part<W::Answer>> = (0..threads)
        .into_par_iter()
        .map(|_| {
            let mut worker = new_worker();
            let mut found = None;
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= subtrees.len() || index > shared.found() || shared.stopped().is_some() {
                    break;
                }
                match worker.search(index, &subtrees[index]) {
                    Ended::Found(answer) => {
                        shared.find(index);
                        // Every subtree after this one is moot, and every one
                        // before it was taken already.
                        found = Some((index, answer));
                        break;
                    }
                    Ended::Exhausted => {}
                    Ended::Stopped => break,
                }
            }
            (found, worker.tally())
        })
        .collect();
    let mut tally = Tally::NONE;
    let mut first: Option<(usize, W::Answer)> = None;
    for (found, part) in parts {
        tally.expanded += part.expanded;
        tally.generated += part.generated;
        tally.next_bound = tally.next_bound.min(part.next_bound);
        tally.beyond_range |= part.beyond_range;
        if let Some((index, answer)) = found {
            if first.as_ref().is_none_or(|&(best, _)| index < best) {
                first = Some((index, answer));
            }
        }
    }
    Sweep { found: first, stopped: shared.stopped(), tally }
}

/// How one pass was cut into a frontier: what every process that searches
/// a part of it must cut alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cut {
    /// The pass's bound on `f`.
    pub bound: u32,
    /// The subtrees asked for (the frontier is cut at the shallowest depth
    /// that gives at least as many).
    pub wanted: usize,
    /// How many it gave.
    pub count: usize,
}

/// What the search of a part, or of a whole spread pass, reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartReport {
    /// The first subtree (by its index in the frontier) that holds a goal.
    pub found: Option<usize>,
    /// The limit that stopped the search, if one did.
    pub stopped: Option<Outcome>,
    /// The nodes counted: for a pass with a goal, those of the subtrees up
    /// to and into the one that holds it, as the serial search counts.
    pub tally: Tally,
    /// A part's: the nodes expanded below each of its subtrees searched,
    /// in order (fewer than it has when a goal or a limit ended it). The
    /// caller learns from them where a pass's work lies, to hand the next
    /// pass out in parts of equal work: the subtrees of one pass differ in
    /// size by far more than their `f` tells.
    pub work: Vec<u64>,
    /// The moves from the start to the goal found, each as a number, when
    /// the search can tell them so (the specialised searches can): the
    /// caller then need not search the goal's subtree again for them.
    pub path: Option<Vec<u32>>,
}

impl PartReport {
    /// The report of a search that `outcome` stopped before it began.
    pub fn stopped(outcome: Outcome) -> Self {
        PartReport { found: None, stopped: Some(outcome), tally: Tally::NONE, work: Vec::new(), path: None }
    }
}

/// Passes searched beyond this process: set as
/// [`Limits::spread`](crate::Limits::spread), by a binding that hands the subtrees of a pass
/// out as [`Part`]s to other processes and gathers their reports.
pub trait Spread: Sync {
    /// How many subtrees to cut a spread pass into.
    fn subtrees_wanted(&self) -> usize;

    /// Searches the subtrees of the pass cut as `cut` elsewhere, spending
    /// at most `nodes` expansions; `limits` (their interrupt, their
    /// deadline) stop it. `slack[i]` is the bound less subtree `i`'s `f`:
    /// the subtrees grow about geometrically with it, which tells how to
    /// hand them out in parts of about equal work. The report's goal is
    /// the first in the frontier's order.
    fn search(&self, cut: Cut, slack: &[u32], nodes: Option<u64>, limits: &crate::Limits) -> PartReport;

    /// Expansions after which a pass is worth spreading: handing out a
    /// pass costs a round trip or more.
    fn worth_after(&self) -> u64;
}

/// One process's share of a spread pass: the subtrees `subtrees` of the
/// frontier that `cut` describes. Set as
/// [`Limits::part`](crate::Limits::part), it makes a search cut that frontier and search
/// those subtrees only, in order, and tell what it found here.
#[derive(Debug)]
pub struct Part {
    /// The pass and its frontier.
    pub cut: Cut,
    /// The indices of the part's subtrees in the frontier.
    pub subtrees: Range<usize>,
    report: Mutex<Option<Result<PartReport, String>>>,
}

impl Part {
    /// The subtrees `subtrees` of the pass cut as `cut`, not searched yet.
    pub fn new(cut: Cut, subtrees: Range<usize>) -> Self {
        Part { cut, subtrees, report: Mutex::new(None) }
    }

    /// What the search of the part found (`Err`: why it could not search
    /// it); `None` when no engine that searches parts ran.
    pub fn report(&self) -> Option<Result<PartReport, String>> {
        self.report.lock().unwrap_or_else(std::sync::PoisonError::into_inner).clone()
    }

    fn tell(&self, report: Result<PartReport, String>) {
        *self.report.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(report);
    }
}

/// Searches `subtrees` in order on this thread with `worker`, until the
/// first that holds a goal; the indices start at `first`. The nodes
/// expanded below each subtree searched go to `work`.
fn search_here<W: Worker>(
    subtrees: &[W::Subtree],
    first: usize,
    shared: &Shared,
    mut worker: W,
    work: &mut Vec<u64>,
) -> Sweep<W::Answer> {
    let mut found = None;
    for (index, subtree) in (first..).zip(subtrees) {
        let before = worker.tally().expanded;
        let ended = worker.search(index, subtree);
        work.push(worker.tally().expanded - before);
        match ended {
            Ended::Found(answer) => {
                found = Some((index, answer));
                break;
            }
            Ended::Exhausted => {}
            Ended::Stopped => break,
        }
    }
    Sweep { found, stopped: shared.stopped(), tally: worker.tally() }
}

/// Searches `frontier`, the pass cut as `cut`, elsewhere, through
/// `spread`. The path to a goal found there is the part's, or when it
/// tells none, is searched again here by `worker`, below its subtree only
/// (its nodes were counted where it was found).
pub(crate) fn search_frontier<W: Worker>(
    frontier: &[W::Subtree],
    cut: Cut,
    spread: &dyn Spread,
    limits: &crate::Limits,
    shared: &Shared,
    mut worker: W,
) -> Sweep<W::Answer> {
    let slack: Vec<u32> = frontier.iter().map(|subtree| cut.bound.saturating_sub(W::f(subtree))).collect();
    let report = spread.search(cut, &slack, shared.nodes_left(), limits);
    let mut sweep = Sweep { found: None, stopped: report.stopped, tally: report.tally };
    if let (None, Some(index)) = (report.stopped, report.found) {
        if let Some(answer) = report.path.as_deref().and_then(W::from_codes) {
            sweep.found = Some((index, answer));
            return sweep;
        }
        match worker.search(index, &frontier[index]) {
            Ended::Found(answer) => sweep.found = Some((index, answer)),
            Ended::Stopped => sweep.stopped = Some(shared.stopped().unwrap_or(Outcome::Interrupted)),
            Ended::Exhausted => panic!("subtree {index} of the pass within {} holds no goal here", cut.bound),
        }
    }
    sweep
}

/// Searches `part` of a pass whose frontier, cut here, is `frontier`
/// (`Err`: a limit stopped the cutting), in order on this thread with
/// `worker`, and tells the part what it found; the indices are the whole
/// frontier's.
pub(crate) fn search_part<W: Worker>(
    part: &Part,
    frontier: Result<&[W::Subtree], Outcome>,
    shared: &Shared,
    worker: W,
) -> Sweep<W::Answer> {
    let none = Tally::NONE;
    let frontier = match frontier {
        Ok(frontier) if frontier.len() == part.cut.count && part.subtrees.end <= frontier.len() => frontier,
        Ok(frontier) => {
            part.tell(Err(format!(
                "the pass within {} was cut into {} subtrees here and into {} by the caller: \
                 the workers run another version of the puzzle or its tables",
                part.cut.bound,
                frontier.len(),
                part.cut.count
            )));
            return Sweep { found: None, stopped: Some(Outcome::Interrupted), tally: none };
        }
        Err(outcome) => {
            part.tell(Ok(PartReport::stopped(outcome)));
            return Sweep { found: None, stopped: Some(outcome), tally: none };
        }
    };
    let mut work = Vec::with_capacity(part.subtrees.len());
    let sweep = search_here(&frontier[part.subtrees.clone()], part.subtrees.start, shared, worker, &mut work);
    let found = sweep.found.as_ref().map(|&(index, _)| index);
    let path = sweep.found.as_ref().and_then(|(_, answer)| W::codes(answer));
    part.tell(Ok(PartReport { found, stopped: sweep.stopped, tally: sweep.tally, work, path }));
    sweep
}

/// Whether a search under `limits` runs its large passes over a frontier
/// on this thread: it spreads them elsewhere, or searches one part. (Such
/// a search runs on one thread: its passes go elsewhere, and a part is
/// one thread's share.)
pub(crate) fn in_passes(limits: &crate::Limits) -> bool {
    (limits.spread.is_some() || limits.part.is_some()) && limits.trace.is_none()
}

/// How many threads one search may use under `limits`: those of the
/// current pool when it may spread, else one.
pub(crate) fn threads_for(limits: &crate::Limits) -> usize {
    // A trace lists the nodes in the order one thread visits them.
    if limits.parallel && limits.trace.is_none() {
        rayon::current_num_threads()
    } else {
        1
    }
}
