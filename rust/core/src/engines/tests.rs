//! Every engine against the same small problems with known answers.

use super::test_problems::{Graph, Grid};
use super::*;
use crate::{Limits, Outcome, Problem, SearchResult};

/// An engine as a plain function over one of the test problems.
type EngineFn<P> = fn(&P, <P as Problem>::State, &Limits) -> SearchResult<<P as Problem>::Move>;

fn replay_graph(graph: &Graph, start: u8, result: &SearchResult<(u8, u8)>) -> (u8, u32) {
    let mut state = start;
    let mut cost = 0;
    for &(from, to) in &result.path {
        assert_eq!(from, state, "path does not continue from the state reached");
        cost += graph.edges.iter().find(|e| e.0 == from && e.1 == to).expect("edge exists").2;
        state = to;
    }
    (state, cost)
}

/// 0 -> 1 -> 3 costs 1 + 5; 0 -> 2 -> 4 -> 3 costs 1 + 1 + 1. The goal is
/// generated early through the expensive edge: an engine that tests the goal
/// before the bound, or keeps the first path to a state, answers 6.
fn detour() -> Graph {
    Graph {
        edges: vec![(0, 1, 1), (1, 3, 5), (0, 2, 1), (2, 4, 1), (4, 3, 1)],
        heuristic: vec![1, 1, 1, 0, 1],
        goal: 3,
    }
}

fn weighted_engines() -> Vec<(&'static str, EngineFn<Graph>)> {
    vec![("ida_star", ida_star), ("astar", astar), ("iddfs", iddfs)]
}

#[test]
fn weighted_engines_find_the_cheap_detour() {
    let graph = detour();
    for (name, engine) in weighted_engines() {
        let result = engine(&graph, 0, &Limits::default());
        assert_eq!(result.outcome, Outcome::Solved, "{name}");
        assert_eq!(result.cost, Some(3), "{name}");
        assert_eq!(replay_graph(&graph, 0, &result), (3, 3), "{name}");
    }
}

#[test]
fn unit_engines_count_moves() {
    let graph = detour();
    let engines: [(&str, EngineFn<Graph>); 2] = [("bfs", bfs), ("bidirectional_bfs", bidirectional_bfs)];
    for (name, engine) in engines {
        let result = engine(&graph, 0, &Limits::default());
        assert_eq!(result.cost, Some(2), "{name}");
        assert_eq!(replay_graph(&graph, 0, &result).0, 3, "{name}");
    }
}

#[test]
fn unreachable_goal_is_proven_unsolvable() {
    let graph = Graph { edges: vec![(0, 1, 1), (1, 0, 1), (1, 2, 2)], heuristic: vec![0; 4], goal: 3 };
    // Depth-first engines cannot prove this on a cyclic graph: they would
    // deepen forever, which is why puzzles decide solvability up front.
    let all: [EngineFn<Graph>; 3] = [astar, bfs, bidirectional_bfs];
    for engine in all {
        let result = engine(&graph, 0, &Limits::default());
        assert_eq!(result.outcome, Outcome::NoSolution);
        assert_eq!(result.lower_bound, None);
        assert!(result.path.is_empty());
    }
}

#[test]
fn ida_star_on_a_finite_dag_without_goal_ends() {
    let graph = Graph { edges: vec![(0, 1, 1), (1, 2, 1)], heuristic: vec![0; 4], goal: 3 };
    let result = ida_star(&graph, 0, &Limits::default());
    assert_eq!(result.outcome, Outcome::NoSolution);
    assert_eq!(result.lower_bound, None);
}

#[test]
fn zero_cost_cycles_do_not_trap_depth_first_search() {
    let graph = Graph { edges: vec![(0, 1, 0), (1, 0, 0), (1, 2, 3)], heuristic: vec![0; 3], goal: 2 };
    for (name, engine) in weighted_engines() {
        assert_eq!(engine(&graph, 0, &Limits::default()).cost, Some(3), "{name}");
    }
}

#[test]
fn max_cost_below_the_optimum_proves_no_solution_within_it() {
    let graph = detour();
    for (name, engine) in weighted_engines() {
        let result = engine(&graph, 0, &Limits::default().with_max_cost(2));
        assert_eq!(result.outcome, Outcome::NoSolution, "{name}");
        assert_eq!(result.lower_bound, Some(3), "{name}");
        let result = engine(&graph, 0, &Limits::default().with_max_cost(3));
        assert_eq!(result.cost, Some(3), "{name}");
    }
    let result = bfs(&graph, 0, &Limits::default().with_max_cost(1));
    assert_eq!((result.outcome, result.lower_bound), (Outcome::NoSolution, Some(2)));
}

fn open_grid(size: i32) -> Grid {
    Grid { width: size, height: size, walls: vec![] }
}

#[test]
fn every_engine_agrees_on_a_walled_grid() {
    // A wall with one gap forces a detour of known length.
    let walls: Vec<(i32, i32)> = (0..7).map(|y| (4, y)).collect();
    let grid = Grid { width: 8, height: 8, walls };
    let engines: [EngineFn<Grid>; 5] = [ida_star, astar, iddfs, bfs, bidirectional_bfs];
    for engine in engines {
        let result = engine(&grid, (0, 0), &Limits::default());
        assert_eq!(result.cost, Some(14));
        let end = result.path.iter().fold((0, 0), |(x, y), mv| match mv {
            'R' => (x + 1, y),
            'L' => (x - 1, y),
            'D' => (x, y + 1),
            _ => (x, y - 1),
        });
        assert!(grid.is_goal(&end));
    }
}

#[test]
fn ida_star_reports_each_bound() {
    let walls: Vec<(i32, i32)> = (0..7).map(|y| (4, y)).collect();
    let grid = Grid { width: 8, height: 8, walls };
    let result = ida_star(&grid, (0, 0), &Limits::default());
    let bounds: Vec<u32> = result.stats.iterations.iter().map(|it| it.bound).collect();
    // Manhattan distance is 14 from the corner; the detour costs nothing
    // extra here, so one iteration suffices.
    assert_eq!(bounds, vec![14]);
    let total: u64 = result.stats.iterations.iter().map(|it| it.expanded).sum();
    assert_eq!(total, result.stats.expanded);
    let result = iddfs(&grid, (0, 0), &Limits::default());
    let bounds: Vec<u32> = result.stats.iterations.iter().map(|it| it.bound).collect();
    assert_eq!(bounds, (0..=14).collect::<Vec<_>>());
}

#[test]
fn node_limit_stops_every_engine() {
    let grid = open_grid(30);
    let engines: [EngineFn<Grid>; 4] = [astar, iddfs, bfs, bidirectional_bfs];
    for engine in engines {
        let result = engine(&grid, (0, 0), &Limits::default().with_max_nodes(50));
        assert_eq!(result.outcome, Outcome::NodeLimit);
        assert!(result.stats.expanded <= 50);
        assert!(result.cost.is_none() && result.path.is_empty());
    }
}

#[test]
fn memory_limit_stops_storing_engines() {
    let grid = open_grid(60);
    let engines: [EngineFn<Grid>; 2] = [bfs, bidirectional_bfs];
    for engine in engines {
        let result = engine(&grid, (0, 0), &Limits::default().with_max_states(100));
        assert_eq!(result.outcome, Outcome::MemoryLimit);
    }
    let blind = Graph { edges: (0..200).map(|i| (0, i as u8 + 1, 1)).collect(), heuristic: vec![0; 202], goal: 255 };
    let result = astar(&blind, 0, &Limits::default().with_max_states(100));
    assert_eq!(result.outcome, Outcome::MemoryLimit);
}

#[test]
fn time_limit_and_interrupt_stop_a_long_search() {
    let grid = Grid { width: 40, height: 40, walls: (0..39).map(|y| (20, y)).collect() };
    let limits = Limits::default().with_time_limit(std::time::Duration::from_millis(50));
    assert_eq!(iddfs(&grid, (0, 0), &limits).outcome, Outcome::TimeLimit);
    let stop = || true;
    let limits = Limits::default().with_interrupt(&stop);
    assert_eq!(iddfs(&grid, (0, 0), &limits).outcome, Outcome::Interrupted);
}

#[test]
fn bfs_layers_counts_states_by_distance() {
    let grid = open_grid(3);
    // Cells of a 3 x 3 grid by Manhattan distance from a corner.
    assert_eq!(bfs_layers(&grid, (0, 0), None, None).unwrap(), vec![1, 2, 3, 2, 1]);
    assert_eq!(bfs_layers(&grid, (0, 0), Some(2), None).unwrap(), vec![1, 2, 3]);
    assert_eq!(bfs_layers(&grid, (0, 0), None, Some(&|| true)), None);
}

/// A cyclic graph without a reachable goal: with cycle skipping, the
/// depth-first engines prove it instead of deepening forever.
#[test]
fn skipping_cycles_lets_depth_first_engines_prove_no_solution() {
    struct Cyclic(Graph);
    impl Problem for Cyclic {
        type State = u8;
        type Move = (u8, u8);
        const SKIP_CYCLES: bool = true;
        fn is_goal(&self, state: &u8) -> bool {
            self.0.is_goal(state)
        }
        fn successors(&self, state: &u8, last: Option<(u8, u8)>, out: &mut Vec<crate::Edge<(u8, u8), u8>>) {
            self.0.successors(state, last, out)
        }
    }
    let graph =
        Cyclic(Graph { edges: vec![(0, 1, 1), (1, 0, 1), (1, 2, 2), (2, 0, 1)], heuristic: vec![0; 4], goal: 3 });
    for engine in [ida_star::<Cyclic>, iddfs::<Cyclic>] {
        let result = engine(&graph, 0, &Limits::default());
        assert_eq!((result.outcome, result.lower_bound), (Outcome::NoSolution, None));
    }
    let reachable =
        Cyclic(Graph { edges: vec![(0, 1, 1), (1, 0, 1), (1, 2, 2), (2, 3, 1)], heuristic: vec![0; 4], goal: 3 });
    assert_eq!(ida_star(&reachable, 0, &Limits::default()).cost, Some(4));
}

/// A chain 0 -> 1 -> 2 -> 3 -> 4 whose every edge costs `cost`.
fn chain(cost: u32) -> Graph {
    Graph { edges: (0..4).map(|i| (i, i + 1, cost)).collect(), heuristic: vec![0; 5], goal: 4 }
}

#[test]
fn costs_beyond_u32_are_a_lower_bound_never_a_wrong_answer() {
    for (name, engine) in weighted_engines() {
        let fits = engine(&chain(1 << 29), 0, &Limits::default());
        assert_eq!(fits.cost, Some(1 << 31), "{name}");
        // The path costs 2^33: more than a u32 holds. No engine may call it
        // solved at a saturated cost, nor claim there is no path at all.
        let beyond = engine(&chain(1 << 31), 0, &Limits::default());
        assert_eq!(beyond.outcome, Outcome::NoSolution, "{name}");
        assert_eq!(beyond.cost, None, "{name}");
        assert_eq!(beyond.lower_bound, Some(u32::MAX), "{name}");
    }
}

/// `0 -> 1 -> ... -> length`, each move costing 1, with the exact distance
/// as heuristic: IDA* walks straight down in one iteration. The engines
/// look at the clock and the interrupt every `CHECK_EVERY` expansions.
struct Chain<const CHECK_EVERY: u64> {
    length: u32,
}

impl<const CHECK_EVERY: u64> Problem for Chain<CHECK_EVERY> {
    type State = u32;
    type Move = ();
    const EXPANSIONS_PER_CHECK: u64 = CHECK_EVERY;

    fn is_goal(&self, state: &u32) -> bool {
        *state == self.length
    }

    fn heuristic(&self, state: &u32) -> u32 {
        self.length - state
    }

    fn successors(&self, state: &u32, _last: Option<()>, out: &mut Vec<crate::Edge<(), u32>>) {
        if *state < self.length {
            out.push(crate::Edge::new((), state + 1, 1));
        }
    }
}

#[test]
fn a_problem_that_asks_for_it_is_checked_at_every_expansion() {
    let always = || true;
    let limits = Limits::default().with_interrupt(&always);
    let slow: Chain<1> = Chain { length: 100_000 };
    let engines: [EngineFn<Chain<1>>; 4] = [ida_star, astar, iddfs, bfs];
    for engine in engines {
        let result = engine(&slow, 0, &limits);
        assert_eq!((result.outcome, result.stats.expanded), (Outcome::Interrupted, 1));
    }
    // Puzzles keep the check out of the hot loop.
    let result = ida_star(&Chain::<4096> { length: 100_000 }, 0, &limits);
    assert_eq!((result.outcome, result.stats.expanded), (Outcome::Interrupted, 4096));
}

#[test]
fn a_path_a_million_moves_deep_does_not_overflow_the_stack() {
    // Test threads have 2 MiB of stack: a recursive search ran out of it
    // some ten thousand moves down.
    let result = ida_star(&Chain::<4096> { length: 1_000_000 }, 0, &Limits::default());
    assert_eq!(result.cost, Some(1_000_000));
    assert_eq!(result.path.len(), 1_000_000);
}
