use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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
    /// Stop after this much wall time.
    pub time_limit: Option<Duration>,
    /// Engines that store states (A*, BFS, bidirectional BFS) stop before
    /// holding more than this many.
    pub max_states: Option<usize>,
    /// Polled during long work; when it says so, the work stops with `Outcome::Interrupted`.
    pub interrupt: Option<Interrupt<'a>>,
}

impl std::fmt::Debug for Limits<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limits")
            .field("max_cost", &self.max_cost)
            .field("max_nodes", &self.max_nodes)
            .field("time_limit", &self.time_limit)
            .field("max_states", &self.max_states)
            .field("interrupt", &self.interrupt.is_some())
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

    /// These limits with the longest a call may run, table builds included.
    pub fn with_time_limit(mut self, time_limit: Duration) -> Self {
        self.time_limit = Some(time_limit);
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

    /// Whether the interrupt asks to stop now.
    pub fn interrupted(&self) -> bool {
        self.interrupt.is_some_and(|interrupted| interrupted())
    }

    pub(crate) fn cost_allowed(&self, cost: u32) -> bool {
        self.max_cost.is_none_or(|max| cost <= max)
    }
}

/// Counts expansions and decides when a limit is hit. Time and interrupts
/// are only looked at every `check_every` expansions so that the check costs
/// nothing measurable in the hot loop.
pub(crate) struct Budget<'a> {
    limits: &'a Limits<'a>,
    started: Instant,
    pub(crate) expanded: u64,
    pub(crate) generated: u64,
    next_check: u64,
    check_every: u64,
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
        Budget { limits, started: Instant::now(), expanded: 0, generated: 0, next_check: check_every, check_every }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Records one expansion; returns the limit that stops the search, if
    /// any.
    #[inline]
    pub(crate) fn expand(&mut self) -> Option<Outcome> {
        if let Some(max) = self.limits.max_nodes {
            if self.expanded >= max {
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

    #[cold]
    fn check_clock(&self) -> Option<Outcome> {
        if let Some(limit) = self.limits.time_limit {
            if self.started.elapsed() >= limit {
                return Some(Outcome::TimeLimit);
            }
        }
        if let Some(interrupt) = self.limits.interrupt {
            if interrupt() {
                return Some(Outcome::Interrupted);
            }
        }
        None
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
