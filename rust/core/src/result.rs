use std::time::Duration;

use crate::engines::Trace;

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// An optimal solution was found.
    Solved,
    /// The search space holds no goal within `max_cost` (or none at all when
    /// the result's `lower_bound` is `None`). This is a proof, not a give-up.
    NoSolution,
    /// `max_nodes` expansions were spent first.
    NodeLimit,
    /// `time_limit` ran out first.
    TimeLimit,
    /// Storing more states would have exceeded `max_states`.
    MemoryLimit,
    /// The interrupt callback asked the search to stop.
    Interrupted,
}

impl Outcome {
    /// Every outcome, in the order of [`Outcome::code`].
    pub const ALL: [Outcome; 6] = [
        Outcome::Solved,
        Outcome::NoSolution,
        Outcome::NodeLimit,
        Outcome::TimeLimit,
        Outcome::MemoryLimit,
        Outcome::Interrupted,
    ];

    /// A stable small number for array outputs: the position in
    /// [`Outcome::ALL`], 0 for solved.
    pub fn code(self) -> u8 {
        self as u8
    }

    /// The stable lower-case name used by the bindings and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::NoSolution => "no_solution",
            Outcome::NodeLimit => "node_limit",
            Outcome::TimeLimit => "time_limit",
            Outcome::MemoryLimit => "memory_limit",
            Outcome::Interrupted => "interrupted",
        }
    }

    /// True when the search ended on a limit rather than with an answer.
    pub fn is_limit(self) -> bool {
        !matches!(self, Outcome::Solved | Outcome::NoSolution)
    }
}

/// One iteration of an iterative engine (IDA*, IDDFS: one cost bound) or one
/// layer of a breadth-first engine (the bound is the layer's depth).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Iteration {
    /// The cost bound of the iteration (IDA*'s f-bound; a depth for IDDFS).
    pub bound: u32,
    /// States expanded in the iteration.
    pub expanded: u64,
    /// States generated in the iteration.
    pub generated: u64,
}

/// What a search did: its iterations and totals.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stats {
    /// One entry per bound tried (per layer, for the breadth-first engines).
    pub iterations: Vec<Iteration>,
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successors generated (before any duplicate detection).
    pub generated: u64,
    /// The wall time of the call, table builds included.
    pub elapsed: Duration,
}

/// The answer of every engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// How the search ended.
    pub outcome: Outcome,
    /// The optimal cost, when solved.
    pub cost: Option<u32>,
    /// The moves from the start to a goal, when solved.
    pub path: Vec<M>,
    /// A proven lower bound on the optimal cost: the cost itself when
    /// solved, `None` when the whole space was searched without reaching a
    /// goal (no solution at any cost).
    pub lower_bound: Option<u32>,
    /// Nodes and time.
    pub stats: Stats,
    /// Every node visited, when [`Limits::trace`](crate::Limits::trace)
    /// asked for it and the engine records one (IDA*, IDDFS, A*).
    pub trace: Option<Trace<M>>,
}

impl<M> SearchResult<M> {
    pub(crate) fn solved(cost: u32, path: Vec<M>, stats: Stats) -> Self {
        SearchResult { outcome: Outcome::Solved, cost: Some(cost), path, lower_bound: Some(cost), stats, trace: None }
    }

    pub(crate) fn unsolved(outcome: Outcome, lower_bound: Option<u32>, stats: Stats) -> Self {
        SearchResult { outcome, cost: None, path: Vec::new(), lower_bound, stats, trace: None }
    }

    /// The result of a search its interrupt stopped before it began: it
    /// proved nothing beyond a lower bound of 0.
    pub fn interrupted_before_start() -> Self {
        SearchResult::unsolved(Outcome::Interrupted, Some(0), Stats::default())
    }

    /// Whether a solution was found.
    pub fn is_solved(&self) -> bool {
        self.outcome == Outcome::Solved
    }

    /// The same result with every move (of the path and of the trace)
    /// mapped by `f`.
    pub fn map_moves<N>(self, mut f: impl FnMut(M) -> N) -> SearchResult<N> {
        let SearchResult { outcome, cost, path, lower_bound, stats, trace } = self;
        let path = path.into_iter().map(&mut f).collect();
        let trace = trace.map(|trace| trace.map_moves(f));
        SearchResult { outcome, cost, path, lower_bound, stats, trace }
    }

    /// The result itself, or the error of a trace that was asked for and
    /// not had: it passed its limit of `limit` nodes, or the engine records
    /// none. `traced` says whether one was asked for.
    pub fn with_trace_checked(self, traced: Option<usize>, engine: &str) -> crate::Result<Self> {
        let Some(limit) = traced else { return Ok(self) };
        match &self.trace {
            None => Err(crate::Error::untraced(engine)),
            Some(trace) if trace.overflowed => Err(crate::Error::InvalidArgument(format!(
                "trace_limit: the trace passed {limit} nodes and the search was stopped; \
                 give a larger trace_limit, or trace a smaller case"
            ))),
            Some(_) => Ok(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Outcome;

    #[test]
    fn codes_are_positions_in_all() {
        for (position, outcome) in Outcome::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(outcome.code()), position, "{}", outcome.name());
        }
    }
}
