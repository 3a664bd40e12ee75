//! The parallel IDA* against the serial one.

use std::time::Duration;

use super::test_problems::{Grid, Tree};
use super::{ida_star, ida_star_with_table, parallel_ida_star, parallel_ida_star_with_table};
use crate::limits::stop_once_at;
use crate::puzzles::booksort::Booksort;
use crate::puzzles::pancake::Pancake;
use crate::test_rng::Rng;
use crate::{Limits, Outcome, Problem, SearchResult};

/// Runs `search` on a pool of `threads` threads.
fn on_threads<R: Send>(threads: usize, search: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(search)
}

/// Runs `search` on a pool of two threads, with `limits` let go parallel.
fn on_two_threads<R: Send>(limits: &Limits, search: impl FnOnce(&Limits) -> R + Send) -> R {
    let limits = limits.in_parallel();
    on_threads(2, || search(&limits))
}

fn in_parallel<P>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move>
where
    P: Problem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
{
    on_two_threads(limits, |limits| parallel_ida_star(problem, start, limits))
}

/// The same answer, and the same counts in every iteration but the last.
fn assert_agrees<M: PartialEq + std::fmt::Debug>(serial: &SearchResult<M>, parallel: &SearchResult<M>) {
    assert_eq!(parallel.outcome, serial.outcome);
    assert_eq!(parallel.cost, serial.cost);
    assert_eq!(parallel.path, serial.path);
    assert_eq!(parallel.lower_bound, serial.lower_bound);
    let (serial_rows, parallel_rows) = (&serial.stats.iterations, &parallel.stats.iterations);
    assert_eq!(parallel_rows.len(), serial_rows.len());
    let last = serial_rows.len() - 1;
    assert_eq!(parallel_rows[..last], serial_rows[..last]);
    assert_eq!(parallel_rows[last].bound, serial_rows[last].bound);
    // The counts are the sums over the rows, whatever the threads did.
    assert_eq!(parallel.stats.expanded, parallel_rows.iter().map(|row| row.expanded).sum::<u64>());
    assert_eq!(parallel.stats.generated, parallel_rows.iter().map(|row| row.generated).sum::<u64>());
}

/// A tree whose iterations grow past the size at which they go parallel.
fn tree(goal: fn(u64) -> bool) -> Tree {
    Tree { branching: 4, depth: 10, goal }
}

#[test]
fn the_answer_is_the_first_goal_in_move_order() {
    // Goals scattered through the last level, early, late, and at the very
    // first and last leaves: the serial search's is the first of them.
    let goals: [fn(u64) -> bool; 5] = [
        |code| code % 1009 == 1000,
        |code| code > 900_000,
        |code| code == 0,
        |code| code == (1 << 20) - 1,
        |code| code % 3 == 2 && code > 500_000,
    ];
    for goal in goals {
        let problem = tree(goal);
        let serial = ida_star(&problem, (0, 0), &Limits::default());
        assert_eq!(serial.outcome, Outcome::Solved);
        let parallel = in_parallel(&problem, (0, 0), &Limits::default());
        assert_agrees(&serial, &parallel);
        assert!(parallel.stats.iterations.len() == 11);
    }
}

#[test]
fn a_search_without_a_goal_counts_exactly_what_the_serial_one_does() {
    let problem = tree(|_| false);
    let serial = ida_star(&problem, (0, 0), &Limits::default());
    assert_eq!(serial.outcome, Outcome::NoSolution);
    let parallel = in_parallel(&problem, (0, 0), &Limits::default());
    assert_eq!(parallel.stats.iterations, serial.stats.iterations);
    assert_eq!((parallel.outcome, parallel.lower_bound), (serial.outcome, serial.lower_bound));
    let capped = Limits::default().with_max_cost(9);
    let serial = ida_star(&problem, (0, 0), &capped);
    let parallel = in_parallel(&problem, (0, 0), &capped);
    assert_eq!(parallel.outcome, Outcome::NoSolution);
    assert_eq!(parallel.stats.iterations, serial.stats.iterations);
    assert_eq!(parallel.lower_bound, Some(10));
}

#[test]
fn pancakes_get_the_serial_answers() {
    let puzzle = Pancake::new(16).unwrap();
    let mut rng = Rng(16);
    for _ in 0..6 {
        let start = puzzle.pack(&rng.permutation(16)).unwrap();
        let serial = ida_star(&puzzle, start, &Limits::default());
        let parallel = in_parallel(&puzzle, start, &Limits::default());
        assert_agrees(&serial, &parallel);
    }
}

#[test]
fn the_node_limit_holds_for_all_threads_together() {
    let problem = tree(|_| false);
    for max in [0, 1, 30_000, 100_000, 300_000] {
        let limits = Limits::default().with_max_nodes(max);
        let parallel = in_parallel(&problem, (0, 0), &limits);
        assert_eq!(parallel.outcome, Outcome::NodeLimit, "{max}");
        assert!(parallel.stats.expanded <= max, "{} > {max}", parallel.stats.expanded);
        // Nothing left unspent by one thread that another could have used.
        assert!(parallel.stats.expanded + 2 * crate::problem::DEFAULT_EXPANSIONS_PER_CHECK >= max);
    }
}

#[test]
fn an_interrupt_or_a_time_limit_stops_every_thread() {
    let problem = Tree { branching: 4, depth: 16, goal: |_| false };
    for nth in [1, 10, 40] {
        let interrupt = stop_once_at(nth);
        let limits = Limits::default().with_interrupt(&interrupt);
        let parallel = in_parallel(&problem, (0, 0), &limits);
        assert_eq!(parallel.outcome, Outcome::Interrupted, "{nth}");
    }
    let limits = Limits::default().with_time_limit(Duration::from_millis(50));
    let started = std::time::Instant::now();
    let parallel = in_parallel(&problem, (0, 0), &limits);
    assert_eq!(parallel.outcome, Outcome::TimeLimit);
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[test]
fn one_thread_or_no_permission_is_the_serial_search() {
    let problem = tree(|code| code % 1009 == 1000);
    let serial = ida_star(&problem, (0, 0), &Limits::default());
    let limits = Limits::default().in_parallel();
    assert_eq!(
        on_threads(1, || parallel_ida_star(&problem, (0, 0), &limits)).stats.iterations,
        serial.stats.iterations
    );
    let not_allowed = on_threads(2, || parallel_ida_star(&problem, (0, 0), &Limits::default()));
    assert_eq!(not_allowed.stats.iterations, serial.stats.iterations);
}

#[test]
fn small_searches_stay_serial() {
    let grid = Grid { width: 30, height: 30, walls: vec![] };
    let serial = ida_star(&grid, (0, 0), &Limits::default());
    let parallel = in_parallel(&grid, (0, 0), &Limits::default());
    assert_eq!(parallel.stats.iterations, serial.stats.iterations);
    assert_eq!(parallel.path, serial.path);
}

/// Walks on the square `0..=side` lattice from `(0, 0)` to `(side, side)`,
/// a unit step at a time in the four directions, with no heuristic: every
/// cell is reached by a great many paths, which a table of learned bounds
/// cuts to about one search of each cell per iteration.
struct Lattice {
    side: i32,
}

impl Problem for Lattice {
    type State = (i32, i32);
    type Move = u8;

    fn is_goal(&self, state: &(i32, i32)) -> bool {
        *state == (self.side, self.side)
    }

    fn heuristic(&self, _: &(i32, i32)) -> u32 {
        0
    }

    fn successors(&self, &(x, y): &(i32, i32), _last: Option<u8>, out: &mut Vec<crate::Edge<u8, (i32, i32)>>) {
        for (mv, (dx, dy)) in [(1, 0), (0, 1), (-1, 0), (0, -1)].into_iter().enumerate() {
            let (nx, ny) = (x + dx, y + dy);
            if (0..=self.side).contains(&nx) && (0..=self.side).contains(&ny) {
                out.push(crate::Edge::new(mv as u8, (nx, ny), 1));
            }
        }
    }
}

const TABLE: usize = 1 << 16;

/// Whether some iteration after a large one ran, so on both threads.
fn went_parallel<M>(result: &SearchResult<M>) -> bool {
    let rows = &result.stats.iterations;
    rows.windows(2).any(|pair| pair[0].expanded >= super::parallel::PARALLEL_AFTER_EXPANSIONS)
}

#[test]
fn with_a_table_the_answers_are_the_serial_ones() {
    fn check<P>(problem: &P, start: P::State) -> bool
    where
        P: Problem + Sync,
        P::State: Send + Sync,
        P::Move: Send + Sync + PartialEq + std::fmt::Debug,
    {
        let serial = ida_star_with_table(problem, start, &Limits::default(), TABLE);
        let parallel =
            on_two_threads(&Limits::default(), |limits| parallel_ida_star_with_table(problem, start, limits, TABLE));
        assert_eq!(parallel.outcome, serial.outcome);
        assert_eq!(parallel.cost, serial.cost);
        assert_eq!(parallel.path, serial.path);
        let bounds =
            |result: &SearchResult<P::Move>| result.stats.iterations.iter().map(|row| row.bound).collect::<Vec<_>>();
        assert_eq!(bounds(&parallel), bounds(&serial));
        assert_eq!(parallel.stats.expanded, parallel.stats.iterations.iter().map(|row| row.expanded).sum::<u64>());
        went_parallel(&parallel)
    }
    let mut parallel_runs = 0;
    for side in [60, 70] {
        parallel_runs += usize::from(check(&Lattice { side }, (0, 0)));
    }
    // Shelves whose last iteration comes after a large one, and others.
    let puzzle = Booksort::new(14).unwrap();
    let mut rng = Rng(14);
    for _ in 0..8 {
        parallel_runs += usize::from(check(&puzzle, puzzle.pack(&rng.permutation(14)).unwrap()));
    }
    assert!(parallel_runs >= 3, "only {parallel_runs} searches went parallel");
}

#[test]
fn with_a_table_the_threads_learn_and_hand_back_what_they_learned() {
    let problem = Lattice { side: 60 };
    let serial = ida_star_with_table(&problem, (0, 0), &Limits::default(), TABLE);
    let parallel =
        on_two_threads(&Limits::default(), |limits| parallel_ida_star_with_table(&problem, (0, 0), limits, TABLE));
    assert!(went_parallel(&parallel));
    // Each thread starts a pass from what every thread learned before it.
    let (serial_nodes, parallel_nodes) = (serial.stats.expanded, parallel.stats.expanded);
    assert!(parallel_nodes < 2 * serial_nodes, "{parallel_nodes} against {serial_nodes} on one thread");
    // Threads searching without the table would search far more.
    let limits = Limits::default().with_max_nodes(4 * parallel_nodes);
    let untabled = in_parallel(&problem, (0, 0), &limits);
    assert_eq!(untabled.outcome, Outcome::NodeLimit);
}

#[test]
fn with_a_table_limits_hold_and_one_thread_is_the_serial_search() {
    let problem = Lattice { side: 60 };
    for max in [0, 1, 30_000, 300_000] {
        let limits = Limits::default().with_max_nodes(max);
        let parallel = on_two_threads(&limits, |limits| parallel_ida_star_with_table(&problem, (0, 0), limits, TABLE));
        assert_eq!(parallel.outcome, Outcome::NodeLimit, "{max}");
        assert!(parallel.stats.expanded <= max, "{} > {max}", parallel.stats.expanded);
    }
    let interrupt = stop_once_at(40);
    let limits = Limits::default().with_interrupt(&interrupt);
    let parallel = on_two_threads(&limits, |limits| parallel_ida_star_with_table(&problem, (0, 0), limits, TABLE));
    assert_eq!(parallel.outcome, Outcome::Interrupted);
    let serial = ida_star_with_table(&problem, (0, 0), &Limits::default(), TABLE);
    let limits = Limits::default().in_parallel();
    let one = on_threads(1, || parallel_ida_star_with_table(&problem, (0, 0), &limits, TABLE));
    assert_eq!(one.stats.iterations, serial.stats.iterations);
    let not_allowed = on_threads(2, || parallel_ida_star_with_table(&problem, (0, 0), &Limits::default(), TABLE));
    assert_eq!(not_allowed.stats.iterations, serial.stats.iterations);
}

/// [`Tree`] with its exact distances as the heuristic (its goals are
/// leaves): one iteration, the first, holds the whole search.
struct Deep(Tree);

impl Problem for Deep {
    type State = (u64, u32);
    type Move = u8;

    fn is_goal(&self, state: &(u64, u32)) -> bool {
        self.0.is_goal(state)
    }

    fn heuristic(&self, &(_, depth): &(u64, u32)) -> u32 {
        self.0.depth - depth
    }

    fn successors(&self, state: &(u64, u32), last: Option<u8>, out: &mut Vec<crate::Edge<u8, (u64, u32)>>) {
        self.0.successors(state, last, out);
    }
}

#[test]
fn a_first_iteration_that_outgrows_its_serial_start_goes_parallel() {
    let problem = Deep(tree(|code| code == 700_000));
    let serial = ida_star(&problem, (0, 0), &Limits::default());
    assert_eq!(serial.stats.iterations.len(), 1);
    assert!(serial.stats.expanded > 10 * super::parallel::PARALLEL_AFTER_EXPANSIONS);
    let parallel = in_parallel(&problem, (0, 0), &Limits::default());
    assert_eq!(parallel.path, serial.path);
    // The other thread searched on past the goal's subtree: the pass ran on
    // both. The abandoned start on one thread is not counted again.
    assert!(parallel.stats.expanded > serial.stats.expanded);
    assert!(parallel.stats.expanded < serial.stats.expanded + serial.stats.expanded / 4);
    // Without the goal, every node is counted once, as on one thread.
    let problem = Deep(tree(|_| false));
    let serial = ida_star(&problem, (0, 0), &Limits::default());
    let parallel = in_parallel(&problem, (0, 0), &Limits::default());
    assert_eq!(parallel.stats.iterations, serial.stats.iterations);
}
