use super::ida_star;
use crate::{Edge, Limits, Problem, SearchResult};

/// Iterative-deepening depth-first search: IDA* with no heuristic, so each
/// iteration raises the cost bound to the cheapest path that exceeded the
/// last one (by one move per iteration on unit-cost problems).
pub fn iddfs<P: Problem>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move> {
    ida_star(&Blind(problem), start, limits)
}

/// The problem with its heuristic hidden.
struct Blind<'a, P>(&'a P);

impl<P: Problem> Problem for Blind<'_, P> {
    type State = P::State;
    type Move = P::Move;
    const SKIP_CYCLES: bool = P::SKIP_CYCLES;
    const MOST_PROMISING_FIRST: bool = P::MOST_PROMISING_FIRST;
    const EXPANSIONS_PER_CHECK: u64 = P::EXPANSIONS_PER_CHECK;

    fn is_goal(&self, state: &Self::State) -> bool {
        self.0.is_goal(state)
    }

    fn successors(&self, state: &Self::State, last: Option<Self::Move>, out: &mut Vec<Edge<Self::Move, Self::State>>) {
        self.0.successors(state, last, out);
        for edge in out.iter_mut() {
            edge.h = None;
        }
    }
}
