//! Many independent searches on all cores.

use rayon::prelude::*;

use crate::{Limits, Problem, SearchResult};

/// Runs `engine` from every start in parallel (on rayon's global pool, or
/// the pool the caller installs) and returns the results in input order.
/// The limits apply to each search on its own.
pub fn solve_many<P, E>(problem: &P, starts: &[P::State], limits: &Limits, engine: E) -> Vec<SearchResult<P::Move>>
where
    P: Problem + Sync,
    P::State: Send + Sync,
    P::Move: Send,
    E: Fn(&P, P::State, &Limits) -> SearchResult<P::Move> + Sync,
{
    starts.par_iter().map(|&start| engine(problem, start, limits)).collect()
}
