//! What a traced search records: every node it looked at, iteration by
//! iteration, for people to see how the search went (see
//! [`Limits::trace`](crate::Limits::trace)).
//!
//! The depth-first engines (IDA*, IDDFS) list an iteration's nodes in the
//! order a textbook's recursive IDA* visits them: a node, then each of its
//! children in the order they are tried, a child beyond the bound as a
//! pruned leaf in its place and a child within it followed by its own
//! subtree. The engines price every child when its parent is expanded, so
//! the pruned ones are held back here until their turn comes.

/// One node of a traced search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TracedNode<M> {
    /// The index in its iteration's nodes of the node it was reached from;
    /// `None` for the start.
    pub parent: Option<usize>,
    /// The move from the parent; `None` for the start.
    pub mv: Option<M>,
    /// The cost of the path to it.
    pub g: u32,
    /// The heuristic's value of it (raised by what the search had learned,
    /// when it learns bounds).
    pub h: u32,
    /// Whether `g + h` exceeded the bound (or, for A*, whether the node was
    /// dropped: reached no more cheaply than before, or beyond the largest
    /// cost allowed), so that its children were not generated.
    pub pruned: bool,
}

/// One iteration of a traced search: one bound of IDA* or IDDFS, the whole
/// search for A*.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TracedIteration<M> {
    /// The cost bound of the iteration (for A*, the largest `f` expanded).
    pub bound: u32,
    /// The nodes in the order they were visited.
    pub nodes: Vec<TracedNode<M>>,
    /// The index of the goal found in this iteration, if one was.
    pub goal: Option<usize>,
}

/// Every node a search visited, iteration by iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace<M> {
    /// The iterations, in the order they ran.
    pub iterations: Vec<TracedIteration<M>>,
    /// Whether the search stopped because the trace reached its limit: the
    /// trace is then incomplete, and so is the search.
    pub overflowed: bool,
}

impl<M> Trace<M> {
    /// The same trace with every move mapped by `f`.
    pub fn map_moves<N>(self, mut f: impl FnMut(M) -> N) -> Trace<N> {
        let iterations = self
            .iterations
            .into_iter()
            .map(|iteration| TracedIteration {
                bound: iteration.bound,
                goal: iteration.goal,
                nodes: iteration
                    .nodes
                    .into_iter()
                    .map(|node| TracedNode {
                        parent: node.parent,
                        mv: node.mv.map(&mut f),
                        g: node.g,
                        h: node.h,
                        pruned: node.pruned,
                    })
                    .collect(),
            })
            .collect();
        Trace { iterations, overflowed: self.overflowed }
    }

    /// How many nodes it holds.
    pub fn len(&self) -> usize {
        self.iterations.iter().map(|iteration| iteration.nodes.len()).sum()
    }

    /// Whether it holds no node.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A pruned child waiting for its turn: it comes after `kept_before` of its
/// siblings within the bound have been visited.
#[derive(Debug, Clone, Copy)]
struct Waiting<M> {
    kept_before: usize,
    node: TracedNode<M>,
}

/// A child as its parent's expansion saw it, for [`Recorder::children`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Child<M> {
    pub(crate) mv: M,
    pub(crate) g: u32,
    /// The problem's own value, which orders the children of a problem
    /// that tries the most promising first.
    pub(crate) h: u32,
    /// The value the bound was tested against (raised by a table).
    pub(crate) tested_h: u32,
    pub(crate) pruned: bool,
}

/// Records the trace of a depth-first search as it runs.
pub(crate) struct Recorder<M> {
    trace: Trace<M>,
    limit: usize,
    recorded: usize,
    /// The index of the node on the current path at each depth.
    path: Vec<usize>,
    /// For the node at each depth of the path: its pruned children not yet
    /// listed, and how many of its children within the bound were visited.
    waiting: Vec<(Vec<Waiting<M>>, usize)>,
}

impl<M: Copy> Recorder<M> {
    /// A recorder of at most `limit` nodes.
    pub(crate) fn new(limit: usize) -> Self {
        Recorder {
            trace: Trace { iterations: Vec::new(), overflowed: false },
            limit,
            recorded: 0,
            path: Vec::new(),
            waiting: Vec::new(),
        }
    }

    /// Whether the limit was passed: the search must stop.
    pub(crate) fn overflowed(&self) -> bool {
        self.trace.overflowed
    }

    /// Starts an iteration within `bound`.
    pub(crate) fn iteration(&mut self, bound: u32) {
        self.trace.iterations.push(TracedIteration { bound, nodes: Vec::new(), goal: None });
        self.path.clear();
        self.waiting.clear();
    }

    /// The search visits a node at `depth` on the path (0: the start):
    /// its parent's pruned children that come before it are listed first.
    pub(crate) fn visit(&mut self, depth: usize, mv: Option<M>, g: u32, h: u32, pruned: bool) {
        let parent = depth.checked_sub(1).map(|above| self.path[above]);
        if let Some(above) = depth.checked_sub(1) {
            let kept_before = self.waiting[above].1;
            self.list_waiting(above, kept_before);
            self.waiting[above].1 += 1;
        }
        let index = self.push(TracedNode { parent, mv, g, h, pruned });
        self.path.truncate(depth);
        self.path.push(index);
        self.waiting.truncate(depth);
    }

    /// The node at `depth` is expanded: `children` in the order the search
    /// tries them (by `h`, stably, when `by_h`; the pruned ones are not
    /// tried, but listed among the others in that order).
    pub(crate) fn children(&mut self, depth: usize, children: &mut [Child<M>], by_h: bool) {
        if by_h {
            children.sort_by_key(|child| child.h);
        }
        let parent = Some(self.path[depth]);
        let mut kept_before = 0;
        let mut waiting = Vec::new();
        for child in children.iter() {
            if child.pruned {
                let node = TracedNode { parent, mv: Some(child.mv), g: child.g, h: child.tested_h, pruned: true };
                waiting.push(Waiting { kept_before, node });
            } else {
                kept_before += 1;
            }
        }
        self.waiting.truncate(depth);
        self.waiting.push((waiting, 0));
    }

    /// The search leaves the node at `depth`: its pruned children left are
    /// listed.
    pub(crate) fn leave(&mut self, depth: usize) {
        if depth < self.waiting.len() {
            self.list_waiting(depth, usize::MAX);
            self.waiting.truncate(depth);
        }
    }

    /// Lists the pruned children of the node at `depth` that come after at
    /// most `kept_before` of their visited siblings.
    fn list_waiting(&mut self, depth: usize, kept_before: usize) {
        let Some((waiting, _)) = self.waiting.get_mut(depth) else { return };
        let due = waiting.iter().take_while(|w| w.kept_before <= kept_before).count();
        let listed: Vec<TracedNode<M>> = waiting.drain(..due).map(|w| w.node).collect();
        for node in listed {
            self.push(node);
        }
    }

    /// Appends `node` to the current iteration; its index.
    fn push(&mut self, node: TracedNode<M>) -> usize {
        self.recorded += 1;
        if self.recorded > self.limit {
            self.trace.overflowed = true;
        }
        let nodes = &mut self.trace.iterations.last_mut().expect("an iteration was started").nodes;
        nodes.push(node);
        nodes.len() - 1
    }

    /// The node visited last is a goal.
    pub(crate) fn found(&mut self) {
        if let Some(iteration) = self.trace.iterations.last_mut() {
            iteration.goal = iteration.nodes.len().checked_sub(1);
        }
    }

    /// The trace recorded.
    pub(crate) fn finish(self) -> Trace<M> {
        self.trace
    }
}
