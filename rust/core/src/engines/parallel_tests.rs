//! The parallel IDA* against the serial one.

use std::time::Duration;

use super::test_problems::{Grid, Tree};
use super::{ida_star, parallel_ida_star};
use crate::limits::stop_once_at;
use crate::puzzles::pancake::Pancake;
use crate::test_rng::Rng;
use crate::{Limits, Outcome, Problem, SearchResult};

/// Runs `search` on a pool of `threads` threads.
fn on_threads<R: Send>(threads: usize, search: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap().install(search)
}

fn in_parallel<P>(problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move>
where
    P: Problem + Sync,
    P::State: Send + Sync,
    P::Move: Send + Sync,
{
    let limits = limits.in_parallel();
    on_threads(2, || parallel_ida_star(problem, start, &limits))
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
