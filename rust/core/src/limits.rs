use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::engines::{Part, Spread};
use crate::{Iteration, Outcome, Problem, SearchResult, Stats};

/// A callback polled every few milliseconds during a search; returning `true`
/// stops the search with [`Outcome::Interrupted`]. Bindings use it to notice
/// Ctrl-C while the search runs without the interpreter lock.
pub type Interrupt<'a> = &'a (dyn Fn() -> bool + Sync);

/// What a search may spend. Every field is optional; the default is
/// unlimited.
#[derive(Clone, Copy, Default)]
pub struct Limits<'a> {
    /// Solutions costing more than this are not looked for: the search ends
    /// with [`Outcome::NoSolution`] and a lower bound above `max_cost`.
    pub max_cost: Option<u32>,
    /// Stop after expanding this many nodes.
    pub max_nodes: Option<u64>,
    /// Stop at this moment. A call's time limit becomes its deadline once,
    /// where the call arrives, so that a table built first, every search of
    /// a batch and every worker of a parallel search run against one clock.
    pub deadline: Option<Instant>,
    /// Engines that store states (A*, BFS, bidirectional BFS) stop before
    /// holding more than this many.
    pub max_states: Option<usize>,
    /// Polled every few milliseconds; `true` stops the search with
    /// [`Outcome::Interrupted`].
    pub interrupt: Option<Interrupt<'a>>,
    /// Whether one search may spread over the threads of the rayon pool it
    /// runs in. Only the engines that can split a search honour it (the
    /// generic [`parallel_ida_star`](crate::engines::parallel_ida_star) and
    /// the sliding-tile IDA*); the others run on one thread. A batch leaves
    /// it off, as its searches already share the pool.
    pub parallel: bool,
    /// Record every node visited, at most this many (IDA*, IDDFS and A*
    /// do; see [`SearchResult::trace`]): past them the search stops, its
    /// trace marked as overflowed. A traced search runs on one thread.
    pub trace: Option<usize>,
    /// Spread the large passes of the search beyond this process (see
    /// [`Spread`]); only the engines that split a search honour it.
    pub spread: Option<&'a dyn Spread>,
    /// Search only this part of one pass (see [`Part`]).
    pub part: Option<&'a Part>,
}

impl std::fmt::Debug for Limits<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limits")
            .field("max_cost", &self.max_cost)
            .field("max_nodes", &self.max_nodes)
            .field("deadline", &self.deadline)
            .field("max_states", &self.max_states)
            .field("interrupt", &self.interrupt.is_some())
            .field("parallel", &self.parallel)
            .field("trace", &self.trace)
            .field("spread", &self.spread.is_some())
            .field("part", &self.part)
            .finish()
    }
}

impl<'a> Limits<'a> {
    /// These limits with the largest cost a solution may have.
    pub fn with_max_cost(mut self, max_cost: u32) -> Self {
        self.max_cost = Some(max_cost);
        self
    }

    /// These limits with the most nodes a search may expand.
    pub fn with_max_nodes(mut self, max_nodes: u64) -> Self {
        self.max_nodes = Some(max_nodes);
        self
    }

    /// These limits with the longest a call may run from now, table builds
    /// included (a limit too far off for an `Instant` is none).
    pub fn with_time_limit(mut self, time_limit: Duration) -> Self {
        self.deadline = deadline_after(time_limit);
        self
    }

    /// These limits with the most states an engine may store.
    pub fn with_max_states(mut self, max_states: usize) -> Self {
        self.max_states = Some(max_states);
        self
    }

    /// These limits with an interrupt to poll (Ctrl-C, say).
    pub fn with_interrupt(mut self, interrupt: Interrupt<'a>) -> Self {
        self.interrupt = Some(interrupt);
        self
    }

    /// The same limits with one search allowed to use every thread of its
    /// pool (see [`Limits::parallel`]).
    pub fn in_parallel(mut self) -> Self {
        self.parallel = true;
        self
    }

    /// These limits with a trace of at most `limit` nodes recorded.
    pub fn traced(mut self, limit: usize) -> Self {
        self.trace = Some(limit);
        self
    }

    /// Whether the deadline has passed.
    pub fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// Whether the interrupt asks to stop now.
    pub fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|interrupted| interrupted())
    }

    pub(crate) fn cost_allowed(&self, cost: u32) -> bool {
        self.max_cost.is_none_or(|max| cost <= max)
    }
}

/// The moment `time_limit` from now, or none when that is too far off for
/// an `Instant` (about 584 billion years of `Duration` are).
pub fn deadline_after(time_limit: Duration) -> Option<Instant> {
    Instant::now().checked_add(time_limit)
}

/// Counts expansions and decides when a limit is hit. Time and interrupts
/// are only looked at every `check_every` expansions so that the check costs
/// nothing measurable in the hot loop.
pub(crate) struct Budget<'a> {
    limits: &'a Limits<'a>,
    pub(crate) started: Instant,
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    next_check: u64,
    check_every: u64,
    /// The expansions allowed so far: the node limit, or for a worker of a
    /// parallel search what it has taken from the shared allowance.
    max_nodes: Option<u64>,
    /// For a worker of a parallel search: what the workers share, and the
    /// index of the subtree it searches.
    shared: Option<&'a Shared>,
    pub(crate) subtree: usize,
}

impl<'a> Budget<'a> {
    /// A budget that checks the clock as often as problems do by default.
    pub(crate) fn new(limits: &'a Limits<'a>) -> Self {
        Self::checking_every(limits, crate::problem::DEFAULT_EXPANSIONS_PER_CHECK)
    }

    /// A budget that checks the clock as often as `P` asks.
    pub(crate) fn for_problem<P: Problem>(limits: &'a Limits<'a>) -> Self {
        Self::checking_every(limits, P::EXPANSIONS_PER_CHECK)
    }

    fn checking_every(limits: &'a Limits<'a>, check_every: u64) -> Self {
        let check_every = check_every.max(1);
        Budget {
            limits,
            started: Instant::now(),
            expanded: 0,
            generated: 0,
            next_check: check_every,
            check_every,
            max_nodes: limits.max_nodes,
            shared: None,
            subtree: 0,
        }
    }

    /// The budget of one worker of a parallel search that `main` started:
    /// its clock is `main`'s, and it takes its expansions from `shared`.
    pub(crate) fn worker(main: &Budget<'a>, shared: &'a Shared) -> Self {
        Budget {
            started: main.started,
            max_nodes: main.max_nodes.map(|_| 0),
            shared: Some(shared),
            ..Self::checking_every(main.limits, main.check_every)
        }
    }

    /// The expansions `main` has left for the workers of a parallel search.
    pub(crate) fn shared(&self) -> Shared {
        Shared::new(self.max_nodes.map(|max| max.saturating_sub(self.expanded)))
    }

    /// Adds what a worker of a parallel search counted.
    pub(crate) fn absorb(&mut self, expanded: u64, generated: u64) {
        self.expanded += expanded;
        self.generated += generated;
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Records one expansion; returns the limit that stops the search, if
    /// any.
    #[inline]
    pub(crate) fn expand(&mut self) -> Option<Outcome> {
        if let Some(max) = self.max_nodes {
            if self.expanded >= max && !self.more_nodes(max) {
                return Some(Outcome::NodeLimit);
            }
        }
        self.expanded += 1;
        if self.expanded >= self.next_check {
            self.next_check = self.expanded + self.check_every;
            return self.check_clock();
        }
        None
    }

    /// For a worker of a parallel search, takes more expansions from the
    /// shared allowance; false when none are left (and then every worker
    /// stops).
    #[cold]
    fn more_nodes(&mut self, max: u64) -> bool {
        let Some(shared) = self.shared else { return false };
        let taken = shared.take_nodes(self.check_every);
        if taken == 0 {
            shared.stop(Outcome::NodeLimit);
            return false;
        }
        self.max_nodes = Some(max + taken);
        true
    }

    #[cold]
    fn check_clock(&self) -> Option<Outcome> {
        if let Some(shared) = self.shared {
            if let Some(outcome) = shared.stopped() {
                return Some(outcome);
            }
            // A goal in an earlier subtree makes this one's result moot; the
            // worker tells this apart from a real interrupt by `abandoned`.
            if self.abandoned() {
                return Some(Outcome::Interrupted);
            }
        }
        let outcome = self.check_limits();
        if let (Some(outcome), Some(shared)) = (outcome, self.shared) {
            shared.stop(outcome);
        }
        outcome
    }

    fn check_limits(&self) -> Option<Outcome> {
        if self.limits.past_deadline() {
            return Some(Outcome::TimeLimit);
        }
        if let Some(interrupt) = self.limits.interrupt {
            if interrupt() {
                return Some(Outcome::Interrupted);
            }
        }
        None
    }

    /// For a worker of a parallel search: whether a goal was found in a
    /// subtree before its own, which then need not be finished.
    pub(crate) fn abandoned(&self) -> bool {
        self.shared.is_some_and(|shared| shared.found() < self.subtree)
    }

    pub(crate) fn stats(&self, iterations: Vec<Iteration>) -> Stats {
        Stats { iterations, expanded: self.expanded, generated: self.generated, elapsed: self.elapsed() }
    }

    /// The result of a search that ended without a solution.
    pub(crate) fn unsolved<M>(
        &self,
        outcome: Outcome,
        lower_bound: Option<u32>,
        iterations: Vec<Iteration>,
    ) -> SearchResult<M> {
        SearchResult::unsolved(outcome, lower_bound, self.stats(iterations))
    }

    /// Iteration counters for the work done since `start` was taken.
    pub(crate) fn since(&self, start: Iteration) -> Iteration {
        Iteration {
            bound: start.bound,
            expanded: self.expanded - start.expanded,
            generated: self.generated - start.generated,
        }
    }

    /// A snapshot of the counters, to be closed with [`Budget::since`].
    pub(crate) fn mark(&self, bound: u32) -> Iteration {
        Iteration { bound, expanded: self.expanded, generated: self.generated }
    }

    pub(crate) fn states_allowed(&self, stored: usize) -> bool {
        self.limits.max_states.is_none_or(|max| stored <= max)
    }
}

/// What the workers of one parallel search share: the expansions left of
/// the node limit, the first limit that stopped one of them (which stops
/// them all), and the first subtree, in the order of the serial search,
/// found to hold a goal.
pub(crate) struct Shared {
    nodes_left: Option<AtomicU64>,
    stopped: OnceLock<Outcome>,
    found: AtomicUsize,
}

impl Shared {
    fn new(nodes_left: Option<u64>) -> Self {
        Shared {
            nodes_left: nodes_left.map(AtomicU64::new),
            stopped: OnceLock::new(),
            found: AtomicUsize::new(usize::MAX),
        }
    }

    /// Takes up to `wanted` expansions from what is left: how many it got.
    fn take_nodes(&self, wanted: u64) -> u64 {
        let Some(left) = &self.nodes_left else { return wanted };
        match left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| (left > 0).then(|| left.saturating_sub(wanted)))
        {
            Ok(before) => before.min(wanted),
            Err(_) => 0,
        }
    }

    /// The expansions left of the node limit, if there is one.
    pub(crate) fn nodes_left(&self) -> Option<u64> {
        self.nodes_left.as_ref().map(|left| left.load(Ordering::Relaxed))
    }

    /// Stops every worker with `outcome` (the first one given stands).
    pub(crate) fn stop(&self, outcome: Outcome) {
        let _ = self.stopped.set(outcome);
    }

    /// The limit that stopped the search, if one did.
    pub(crate) fn stopped(&self) -> Option<Outcome> {
        self.stopped.get().copied()
    }

    /// The first subtree found to hold a goal (`usize::MAX` for none yet).
    pub(crate) fn found(&self) -> usize {
        self.found.load(Ordering::Relaxed)
    }

    /// Notes a goal in subtree `index`.
    pub(crate) fn find(&self, index: usize) {
        self.found.fetch_min(index, Ordering::Relaxed);
    }
}

/// An interrupt asked between chunks of a long loop (a whole-space count, a
/// table build), from one thread or from every thread of a parallel loop.
/// Once one question is answered "stop", every later one is, at once: an
/// interrupt may say so only once (a check for signals consumes the
/// signal), and the other threads must stop too.
pub(crate) struct Stop<'a> {
    interrupt: Option<Interrupt<'a>>,
    raised: AtomicBool,
}

impl<'a> Stop<'a> {
    pub(crate) fn new(interrupt: Option<Interrupt<'a>>) -> Self {
        Stop { interrupt, raised: AtomicBool::new(false) }
    }

    /// Whether to stop now: asks the interrupt unless it has already said so.
    pub(crate) fn now(&self) -> bool {
        if self.raised() {
            return true;
        }
        let stop = self.interrupt.is_some_and(|interrupted| interrupted());
        if stop {
            self.raised.store(true, Ordering::Relaxed);
        }
        stop
    }

    /// Whether the interrupt has said to stop.
    pub(crate) fn raised(&self) -> bool {
        self.raised.load(Ordering::Relaxed)
    }
}

/// An interrupt that says "stop" once, at its `nth` question (from 1), and
/// never again, as a check for signals does.
#[cfg(test)]
pub(crate) fn stop_once_at(nth: usize) -> impl Fn() -> bool + Sync {
    let asked = std::sync::atomic::AtomicUsize::new(0);
    move || asked.fetch_add(1, Ordering::Relaxed) + 1 == nth
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_said_once_is_kept() {
        let once = stop_once_at(2);
        let stop = Stop::new(Some(&once));
        assert!(!stop.now());
        assert!(!stop.raised());
        assert!(stop.now());
        assert!(stop.now() && stop.raised());
        assert!(!Stop::new(None).now());
    }
}
