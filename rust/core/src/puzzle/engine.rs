//! The generic engines by name, as every puzzle offers them.

use crate::engines::{astar, bfs, bidirectional_bfs, iddfs, parallel_ida_star, parallel_ida_star_with_table};
use crate::{Limits, Reversible, SearchResult};

crate::choices! {
    /// The engines of [`crate::engines`], for any [`Reversible`] problem.
    pub enum Engine: "engine" {
        /// IDA*: memory for one path.
        Ida = "ida",
        /// A*: the fewest expansions, memory for every state reached.
        Astar = "astar",
        /// Iterative-deepening depth-first search, without a heuristic.
        Iddfs = "iddfs",
        /// Breadth-first search from the start.
        Bfs = "bfs",
        /// Bidirectional breadth-first search.
        Bidirectional = "bidirectional",
    }
}

impl Engine {
    /// Whether the engine stores the states it reaches, and so takes a
    /// state limit by default.
    pub fn stores_states(self) -> bool {
        matches!(self, Engine::Astar | Engine::Bfs | Engine::Bidirectional)
    }

    /// Whether the engine records a trace when the limits ask for one.
    pub fn traces(self) -> bool {
        matches!(self, Engine::Ida | Engine::Iddfs | Engine::Astar)
    }

    /// Runs the engine; `table_entries` gives IDA* a transposition table of
    /// learned bounds (0 for none). IDA*, with a table or without, spreads
    /// over the pool's threads when `limits.parallel` says so; the others
    /// run on one.
    pub fn run<P>(self, problem: &P, start: P::State, limits: &Limits, table_entries: usize) -> SearchResult<P::Move>
    where
        P: Reversible + Sync,
        P::State: Send + Sync,
        P::Move: Send + Sync,
    {
        match self {
            Engine::Ida if table_entries > 0 => parallel_ida_star_with_table(problem, start, limits, table_entries),
            Engine::Ida => parallel_ida_star(problem, start, limits),
            Engine::Astar => astar(problem, start, limits),
            Engine::Iddfs => iddfs(problem, start, limits),
            Engine::Bfs => bfs(problem, start, limits),
            Engine::Bidirectional => bidirectional_bfs(problem, start, limits),
        }
    }
}
