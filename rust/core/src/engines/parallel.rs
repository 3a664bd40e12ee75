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

use std::sync::atomic::{AtomicUsize, Ordering};

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
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tally {
    pub expanded: u64,
    pub generated: u64,
    /// The smallest `f` seen above the bound.
    pub next_bound: u32,
    /// Whether some `f` saturated at `u32::MAX`.
    pub beyond_range: bool,
}

/// One thread's depth-first search, able to start below any subtree of
/// the frontier.
pub(crate) trait Worker {
    type Subtree: Sync;
    type Answer: Send;

    /// Searches below `subtree`, the `index`th of the frontier.
    fn search(&mut self, index: usize, subtree: &Self::Subtree) -> Ended<Self::Answer>;

    /// What it counted.
    fn tally(&self) -> Tally;
}

/// How a parallel iteration ended.
pub(crate) struct Sweep<A> {
    /// The answer found in the first subtree that holds a goal.
    pub found: Option<A>,
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
) -> Sweep<W::Answer> {
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
    let mut tally = Tally { expanded: 0, generated: 0, next_bound: u32::MAX, beyond_range: false };
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
    Sweep { found: first.map(|(_, answer)| answer), stopped: shared.stopped(), tally }
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
