//! Booksort: sort a permutation with block moves.
//!
//! A block move takes a contiguous run of books and puts it back elsewhere;
//! equivalently it swaps two adjacent blocks `[i, j)` and `[j, k)`. Genome
//! rearrangement calls it a *transposition*. Moving a block left past its
//! neighbour is the same move as moving the neighbour right, so each move is
//! generated exactly once: there are C(n+1, 3) of them.
//!
//! A state packs book `p`'s label minus one into bits `4p..4p+4` of a `u64`,
//! so up to [`MAX_BOOKS`] = 16 books fit.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rustc_hash::FxHashMap;

use crate::limits::Stop;
use crate::{Edge, Error, Interrupt, Problem, Result, Reversible};

mod cycle_graph;
mod distribution;
mod puzzle;

use cycle_graph::CycleGraph;

pub use distribution::distance_distribution;
pub use puzzle::{Shelf, Shelves, DEFAULT_TABLE_ENTRIES};

/// The most books a packed state holds.
pub const MAX_BOOKS: usize = 16;

/// Swap the adjacent blocks `[start, split)` and `[split, end)` (0-based,
/// `start < split < end <= n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockMove {
    /// Where the moved block starts (0-based).
    pub start: u8,
    /// Where the block ends and the one it swaps with starts.
    pub split: u8,
    /// Where the second block ends (exclusive).
    pub end: u8,
}

impl BlockMove {
    /// The move that undoes this one.
    pub fn inverse(self) -> BlockMove {
        BlockMove { start: self.start, split: self.start + self.end - self.split, end: self.end }
    }

    /// Applies the move to a packed state.
    #[inline]
    pub fn apply(self, state: u64) -> u64 {
        let (i, j, k) = (4 * self.start as u32, 4 * self.split as u32, 4 * self.end as u32);
        let left = (state >> i) & low_bits(j - i);
        let right = (state >> j) & low_bits(k - j);
        let span = low_bits(k - i) << i;
        (state & !span) | (right << i) | (left << (i + k - j))
    }
}

/// The lowest `bits` bits set (`bits <= 64`).
#[inline]
fn low_bits(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

crate::choices! {
    /// Which lower bound guides the search.
    pub enum Heuristic: "heuristic" {
        /// The larger of `ceil(b' / 3)`, with the ends counted as breakpoints
        /// against virtual books `0` and `n + 1`, and the cycle-graph bound of
        /// Bafna and Pevzner (1998): `(n + 1 - odd cycles) / 2`.
        Cycles = "cycles",
        /// The seed's bound: `ceil(b / 3)` with `b` the breakpoints between
        /// neighbouring books (the two ends not counted).
        Breakpoints = "breakpoints",
    }
}

/// Booksort on `n` books, as a search problem.
#[derive(Debug, Clone)]
pub struct Booksort {
    n: usize,
    moves: Vec<BlockMove>,
    heuristic: Heuristic,
    ball: Option<Arc<GoalBall>>,
}

impl Booksort {
    /// Booksort on `n` books (`1 <= n <= 16`) guided by [`Heuristic::Cycles`].
    pub fn new(n: usize) -> Result<Self> {
        if !(1..=MAX_BOOKS).contains(&n) {
            return Err(Error::invalid(format!("booksort needs 1 to {MAX_BOOKS} books, got {n}")));
        }
        let mut moves = Vec::with_capacity(binomial(n + 1, 3));
        for start in 0..n {
            for split in start + 1..n {
                for end in split + 1..=n {
                    moves.push(BlockMove { start: start as u8, split: split as u8, end: end as u8 });
                }
            }
        }
        Ok(Booksort { n, moves, heuristic: Heuristic::Cycles, ball: None })
    }

    /// This puzzle with another heuristic.
    pub fn with_heuristic(mut self, heuristic: Heuristic) -> Self {
        self.heuristic = heuristic;
        self
    }

    /// Makes the heuristic exact near the goal: every state within `radius`
    /// moves of the sorted order is stored with its distance, and any other
    /// state is at least `radius + 1` away. The search then never expands
    /// the last `radius` levels of its tree. The ball holds about
    /// `C(n+1, 3)^radius / radius!` states: radius 2 is cheap (about 120,000
    /// states at n = 15), radius 3 is not (12.6 million).
    pub fn with_goal_ball(mut self, radius: u32) -> Self {
        let build = |radius| GoalBall::build(&self, radius, &Stop::new(None)).expect("nothing stops it");
        self.ball = (radius > 0).then(|| Arc::new(build(radius)));
        self
    }

    /// Shares an already built ball (it must be for the same `n`).
    pub fn with_shared_goal_ball(mut self, ball: Arc<GoalBall>) -> Self {
        assert_eq!(ball.books, self.n, "goal ball built for another number of books");
        self.ball = Some(ball);
        self
    }

    /// The ball of states near the goal, when one was built.
    pub fn goal_ball(&self) -> Option<&Arc<GoalBall>> {
        self.ball.as_ref()
    }

    /// The number of books.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether there are no books (never: a puzzle has at least one).
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The heuristic in use.
    pub fn heuristic_kind(&self) -> Heuristic {
        self.heuristic
    }

    /// Every block move, each once, in lexicographic `(start, split, end)`
    /// order.
    pub fn moves(&self) -> &[BlockMove] {
        &self.moves
    }

    /// The sorted order `1 2 ... n`.
    pub fn sorted(&self) -> u64 {
        (0..self.n).fold(0, |state, p| state | (p as u64) << (4 * p))
    }

    /// Packs a permutation of `1..=n`, saying what is wrong if it is not one.
    pub fn pack(&self, books: &[u32]) -> Result<u64> {
        if books.len() != self.n {
            return Err(Error::invalid(format!("expected {} books, got {}", self.n, books.len())));
        }
        let mut seen = 0u32;
        let mut state = 0u64;
        for (p, &book) in books.iter().enumerate() {
            if book < 1 || book as usize > self.n {
                return Err(Error::invalid(format!(
                    "book {book} at position {} is out of range 1 to {}",
                    p + 1,
                    self.n
                )));
            }
            if seen & (1 << book) != 0 {
                return Err(Error::invalid(format!(
                    "book {book} appears twice; the books must be a permutation of 1 to {}",
                    self.n
                )));
            }
            seen |= 1 << book;
            state |= u64::from(book - 1) << (4 * p);
        }
        Ok(state)
    }

    /// The books of a packed state, 1-based, in shelf order.
    pub fn unpack(&self, state: u64) -> Vec<u32> {
        (0..self.n).map(|p| book_at(state, p) as u32 + 1).collect()
    }

    /// The seed's count: neighbours `p, p + 1` that are not consecutive.
    pub fn breakpoints(&self, state: u64) -> u32 {
        (1..self.n).filter(|&p| book_at(state, p) != book_at(state, p - 1) + 1).count() as u32
    }

    /// The seed's lower bound, `ceil(breakpoints / 3)`.
    pub fn breakpoint_bound(&self, state: u64) -> u32 {
        self.breakpoints(state).div_ceil(3)
    }

    /// The Bafna-Pevzner bound `(n + 1 - odd cycles) / 2`.
    ///
    /// Extend the books with `0` in front and `n + 1` behind. Black edge `i`
    /// (for `i` in `1..=n+1`) joins positions `i - 1` and `i`; a gray edge
    /// joins the right end of book `v - 1` to the left end of book `v`.
    /// Following black edge `i` then the gray edge at its right end leads to
    /// black edge `pos[ext[i] - 1] + 1`, so the cycles of the cycle graph are
    /// the cycles of that map. A block move changes the number of cycles with
    /// an odd number of black edges by -2, 0 or +2, and the sorted order has
    /// `n + 1` of them.
    pub fn cycle_bound(&self, state: u64) -> u32 {
        CycleGraph::new(self.n, state).cycle_bound()
    }

    /// `ceil(b / 3)` with both ends counted as possible breakpoints.
    pub fn extended_breakpoint_bound(&self, state: u64) -> u32 {
        CycleGraph::new(self.n, state).breakpoint_bound()
    }

    /// The bound of the chosen [`Heuristic`], made exact near the goal by
    /// the goal ball when there is one.
    #[inline]
    pub fn lower_bound(&self, state: u64) -> u32 {
        let bound = match self.heuristic {
            Heuristic::Breakpoints => self.breakpoint_bound(state),
            Heuristic::Cycles => {
                let graph = CycleGraph::new(self.n, state);
                graph.cycle_bound().max(graph.breakpoint_bound())
            }
        };
        self.sharpened(bound, state)
    }

    /// `bound` made exact by the goal ball where the ball reaches.
    #[inline]
    fn sharpened(&self, bound: u32, state: u64) -> u32 {
        match &self.ball {
            // A state within the ball has a bound no larger than its radius.
            Some(ball) if bound <= ball.radius => ball.distance(state).unwrap_or(ball.radius + 1),
            _ => bound,
        }
    }
}

/// Every state within `radius` moves of the sorted order, with its exact
/// distance.
#[derive(Debug, Clone)]
pub struct GoalBall {
    books: usize,
    radius: u32,
    distances: FxHashMap<u64, u8>,
}

impl GoalBall {
    /// The ball, or `None` if `stop` said to stop (it is asked every few
    /// milliseconds: radius 3 takes seconds from 13 books on).
    fn build(puzzle: &Booksort, radius: u32, stop: &Stop) -> Option<Self> {
        // Each state of the frontier is C(n+1, 3) hash insertions, a few
        // microseconds to a few tens of them.
        const STATES_PER_LOOK: usize = 64;
        let sorted = puzzle.sorted();
        let mut distances = FxHashMap::from_iter([(sorted, 0u8)]);
        let mut frontier = vec![sorted];
        for distance in 1..=radius {
            let mut next = Vec::new();
            for (index, &state) in frontier.iter().enumerate() {
                if index % STATES_PER_LOOK == 0 && stop.now() {
                    return None;
                }
                for mv in &puzzle.moves {
                    let child = mv.apply(state);
                    distances.entry(child).or_insert_with(|| {
                        next.push(child);
                        distance as u8
                    });
                }
            }
            frontier = next;
        }
        Some(GoalBall { books: puzzle.n, radius, distances })
    }

    /// The largest distance from the goal the ball holds.
    pub fn radius(&self) -> u32 {
        self.radius
    }

    /// The number of states in the ball.
    pub fn len(&self) -> usize {
        self.distances.len()
    }

    /// Whether the ball holds no state.
    pub fn is_empty(&self) -> bool {
        self.distances.is_empty()
    }

    /// The exact distance of `state` to the sorted order, if within the
    /// radius.
    #[inline]
    pub fn distance(&self, state: u64) -> Option<u32> {
        self.distances.get(&state).map(|&d| u32::from(d))
    }
}

/// The goal-ball radius that makes exact solving fastest for `n` books: 3
/// up to 12 books (under a third of a second to build), 2 above, where
/// radius 3 would take millions of states.
pub fn default_goal_ball_radius(n: usize) -> u32 {
    if n <= 12 {
        3
    } else {
        2
    }
}

/// The largest goal-ball radius [`shared_goal_ball`] builds: radius 3 is
/// 12.6 million states at 15 books, radius 4 would be billions.
pub const MAX_GOAL_BALL_RADIUS: u32 = 3;

/// Fails unless [`shared_goal_ball`] builds balls of `radius`.
pub fn check_goal_ball_radius(radius: u32) -> Result<()> {
    if radius > MAX_GOAL_BALL_RADIUS {
        return Err(Error::InvalidArgument(format!("goal_ball must be at most {MAX_GOAL_BALL_RADIUS}, got {radius}")));
    }
    Ok(())
}

/// The goal ball for `n` books and `radius`, built on first use and shared
/// by every later caller in the process.
pub fn shared_goal_ball(n: usize, radius: u32) -> Result<Arc<GoalBall>> {
    Ok(shared_goal_ball_until(n, radius, None)?.expect("nothing stops it"))
}

/// [`shared_goal_ball`], asking `interrupt` every few milliseconds while it
/// builds; `Ok(None)` (and nothing kept) when it said to stop.
pub fn shared_goal_ball_until(n: usize, radius: u32, interrupt: Option<Interrupt>) -> Result<Option<Arc<GoalBall>>> {
    check_goal_ball_radius(radius)?;
    let balls = goal_balls();
    if let Some(ball) = balls.lock().expect("not poisoned").get(&(n, radius)) {
        return Ok(Some(ball.clone()));
    }
    // Built outside the lock: two threads may both build it, one wins.
    let puzzle = Booksort::new(n.clamp(1, MAX_BOOKS)).expect("clamped to the supported range");
    let Some(ball) = GoalBall::build(&puzzle, radius, &Stop::new(interrupt)) else {
        return Ok(None);
    };
    Ok(Some(balls.lock().expect("not poisoned").entry((n, radius)).or_insert(Arc::new(ball)).clone()))
}

/// The goal balls built so far, by `(books, radius)`.
type GoalBalls = Mutex<HashMap<(usize, u32), Arc<GoalBall>>>;

fn goal_balls() -> &'static GoalBalls {
    static BALLS: OnceLock<GoalBalls> = OnceLock::new();
    BALLS.get_or_init(Default::default)
}

/// Whether [`shared_goal_ball`] has the ball for `n` books and `radius`
/// already (and so returns at once).
pub fn goal_ball_is_built(n: usize, radius: u32) -> bool {
    radius == 0 || goal_balls().lock().expect("not poisoned").contains_key(&(n, radius))
}

#[inline]
fn book_at(state: u64, position: usize) -> u8 {
    ((state >> (4 * position)) & 0xF) as u8
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

impl Problem for Booksort {
    type State = u64;
    type Move = BlockMove;
    /// Any optimal sequence will do, so the moves that lower the bound most
    /// go first.
    const MOST_PROMISING_FIRST: bool = true;

    fn is_goal(&self, state: &u64) -> bool {
        *state == self.sorted()
    }

    fn heuristic(&self, state: &u64) -> u32 {
        self.lower_bound(*state)
    }

    /// Leaves out the inverse of `last`, and moves lying wholly left of
    /// `last`: those commute with it, and the other order is generated.
    fn successors(&self, state: &u64, last: Option<BlockMove>, out: &mut Vec<Edge<BlockMove, u64>>) {
        let (skip, left_of) = match last {
            Some(last) => (Some(last.inverse()), last.start),
            None => (None, 0),
        };
        let wanted = self.moves.iter().filter(|mv| mv.end > left_of && Some(**mv) != skip);
        match self.heuristic {
            Heuristic::Cycles => {
                // One analysis of this shelf prices every child.
                let graph = CycleGraph::new(self.n, *state);
                out.extend(wanted.map(|&mv| {
                    let child = mv.apply(*state);
                    Edge::new(mv, child, 1).with_heuristic(self.sharpened(graph.child_bound(mv), child))
                }));
            }
            Heuristic::Breakpoints => out.extend(wanted.map(|&mv| Edge::new(mv, mv.apply(*state), 1))),
        }
    }
}

impl Reversible for Booksort {
    fn goal(&self) -> u64 {
        self.sorted()
    }

    /// Every block move is undone by another, so the predecessors of a state
    /// are its successors, each reached by the inverse move.
    fn predecessors(&self, state: &u64, out: &mut Vec<Edge<BlockMove, u64>>) {
        out.extend(self.moves.iter().map(|&mv| Edge::new(mv.inverse(), mv.apply(*state), 1)));
    }
}

#[cfg(test)]
mod tests;
