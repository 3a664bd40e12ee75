use std::fmt::Debug;
use std::hash::Hash;

/// One move out of a state: the move, the state it leads to and its cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge<M, S> {
    /// The move taken.
    pub mv: M,
    /// The state it leads to.
    pub state: S,
    /// What the move costs.
    pub cost: u32,
    /// The heuristic of `state`, when the problem computed it along with
    /// the move (often far cheaper from the parent's analysis than from
    /// scratch); engines call [`Problem::heuristic`] when it is `None`.
    pub h: Option<u32>,
}

impl<M, S> Edge<M, S> {
    /// An edge without a heuristic value; the engine computes it if it needs one.
    pub fn new(mv: M, state: S, cost: u32) -> Self {
        Edge { mv, state, cost, h: None }
    }

    /// The same edge with the heuristic of its state already known.
    pub fn with_heuristic(self, h: u32) -> Self {
        Edge { h: Some(h), ..self }
    }
}

/// How often a search looks at the clock unless its problem asks otherwise
/// ([`Problem::EXPANSIONS_PER_CHECK`]).
pub(crate) const DEFAULT_EXPANSIONS_PER_CHECK: u64 = 1 << 12;

/// A search problem as the engines see it.
///
/// States are small `Copy` values (usually integers with the position packed
/// into bits), so engines can keep whole paths and frontiers without
/// allocating per node.
pub trait Problem {
    /// A node of the search: small and `Copy`, packed into integers where it can be.
    type State: Copy + Eq + Hash + Debug;
    /// What leads from one state to the next; solutions are paths of moves.
    type Move: Copy + Eq + Debug;

    /// Whether depth-first engines (IDA*, IDDFS) should skip a successor
    /// that is already on the current path. Puzzles whose move pruning
    /// leaves no short cycles need not pay for the check; a general graph
    /// does, so that a finite space without a goal is searched to the end
    /// instead of deepening forever. Zero-cost moves are always checked.
    const SKIP_CYCLES: bool = false;

    /// Whether IDA* may try the successors within its bound in order of
    /// increasing heuristic instead of the order `successors` gives. It
    /// finds a solution sooner in the last iteration; a problem whose answer
    /// must be the first optimal one in its own move order (the
    /// lexicographically smallest, say) keeps the default, `false`.
    const MOST_PROMISING_FIRST: bool = false;

    /// How many expansions pass between looks at the clock and at the
    /// interrupt. A puzzle expands millions of states a second, so the
    /// default keeps the check out of the hot loop and still notices a time
    /// limit or Ctrl-C within a millisecond or so; a problem whose
    /// expansions are slow (callbacks into an interpreter, which may take
    /// any time) asks for 1, so that limits hold to within one expansion.
    const EXPANSIONS_PER_CHECK: u64 = DEFAULT_EXPANSIONS_PER_CHECK;

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// A lower bound on the cost from `state` to the nearest goal. It must
    /// never overestimate, or IDA* and A* lose their optimality.
    fn heuristic(&self, _state: &Self::State) -> u32 {
        0
    }

    /// A lower bound on the cost from `state` that may stop short of
    /// [`heuristic`](Problem::heuristic)'s once it is above `limit`: IDA*
    /// prunes a child whose bound exceeds what is left of the iteration's,
    /// however far it exceeds it, so a heuristic read in several ways reads
    /// its cheap ones first and the rest only where they did not prune
    /// (lazy evaluation). The default is [`heuristic`](Problem::heuristic).
    fn heuristic_above(&self, state: &Self::State, _limit: u32) -> u32 {
        self.heuristic(state)
    }

    /// Appends the moves out of `state` to `out` (which the engine has
    /// cleared). `last` is the move that led to `state`, if any: a problem
    /// may leave out moves that are redundant after it (its inverse, or the
    /// second of two commuting moves taken out of canonical order), as long
    /// as every state keeps at least one optimal path.
    fn successors(&self, state: &Self::State, last: Option<Self::Move>, out: &mut Vec<Edge<Self::Move, Self::State>>);

    /// [`successors`](Problem::successors) of a state whose heuristic the
    /// engine already holds: `h` is what this problem said of `state`
    /// ([`heuristic`](Problem::heuristic), or the `Edge::h` it gave with
    /// the move into `state`), never a value raised or changed by the
    /// engine. A problem whose heuristic changes by little per move prices
    /// each child from `h` here instead of analysing `state` again; the
    /// default ignores `h`.
    fn successors_with_heuristic(
        &self,
        state: &Self::State,
        _h: u32,
        last: Option<Self::Move>,
        out: &mut Vec<Edge<Self::Move, Self::State>>,
    ) {
        self.successors(state, last, out)
    }
}

/// A problem with one goal state whose moves can be walked backwards; what
/// bidirectional search needs.
pub trait Reversible: Problem {
    /// The one goal state, where the backward search starts.
    fn goal(&self) -> Self::State;

    /// Appends every edge that ends in `state`: `edge.state` is the
    /// predecessor and `edge.mv` the move that takes it to `state`.
    fn predecessors(&self, state: &Self::State, out: &mut Vec<Edge<Self::Move, Self::State>>);
}
