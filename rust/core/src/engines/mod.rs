//! Search engines, each generic over [`Problem`](crate::Problem) and knowing
//! nothing of any puzzle.
//!
//! | engine | memory | optimal for | needs |
//! |---|---|---|---|
//! | [`ida_star`] | depth of the solution | any non-negative costs | an admissible heuristic |
//! | [`astar`] | every state reached | any non-negative costs | an admissible heuristic |
//! | [`iddfs`] | depth of the solution | any non-negative costs | nothing |
//! | [`bfs`] | every state reached | unit costs (counts moves) | nothing |
//! | [`bidirectional_bfs`] | both balls | unit costs (counts moves) | [`Reversible`](crate::Reversible) |

mod astar;
mod batch;
mod bfs;
mod bidirectional;
pub(crate) mod deepening;
mod ida_star;
mod iddfs;
mod learned_bounds;
pub(crate) mod parallel;
mod trace;

pub use astar::astar;
pub use batch::solve_many;
pub use bfs::{bfs, bfs_layers};
pub use bidirectional::bidirectional_bfs;
pub use ida_star::{ida_star, ida_star_with_table, parallel_ida_star, parallel_ida_star_with_table};
pub use iddfs::iddfs;
pub use parallel::{Cut, Part, PartReport, Spread, Tally};
pub use trace::{Trace, TracedIteration, TracedNode};

use std::hash::Hash;

use rustc_hash::FxHashMap;

/// Walks a map of `state -> (neighbour, move)` links from `state` until a
/// state without a link, collecting the moves in the order they were walked.
fn follow_links<S: Copy + Eq + Hash, M: Copy>(links: &FxHashMap<S, (S, M)>, mut state: S) -> Vec<M> {
    let mut moves = Vec::new();
    while let Some(&(next, mv)) = links.get(&state) {
        moves.push(mv);
        state = next;
    }
    moves
}

#[cfg(test)]
mod parallel_tests;
#[cfg(test)]
mod spread_tests;
#[cfg(test)]
pub(crate) mod test_problems;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod trace_tests;
