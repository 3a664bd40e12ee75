//! The traces of IDA*, IDDFS and A*: worked by hand on a small graph, and
//! held to the searches' own counts on grids.

use super::test_problems::{Graph, Grid};
use super::*;
use crate::test_rng::Rng;
use crate::{Limits, Outcome};

/// 0 -> 1 -> 3 costs 1 + 5; 0 -> 2 -> 4 -> 3 costs 1 + 1 + 1.
fn detour() -> Graph {
    Graph {
        edges: vec![(0, 1, 1), (1, 3, 5), (0, 2, 1), (2, 4, 1), (4, 3, 1)],
        heuristic: vec![1, 1, 1, 0, 1],
        goal: 3,
    }
}

/// `(parent, state reached, g, h, pruned)` of each node of each iteration.
type Listed = Vec<(u32, Vec<(Option<usize>, u8, u32, u32, bool)>)>;

fn listed(trace: &Trace<(u8, u8)>) -> Listed {
    let state = |node: &TracedNode<(u8, u8)>| node.mv.map_or(0, |(_, to)| to);
    trace
        .iterations
        .iter()
        .map(|it| (it.bound, it.nodes.iter().map(|n| (n.parent, state(n), n.g, n.h, n.pruned)).collect()))
        .collect()
}

#[test]
fn ida_star_lists_each_child_in_its_place() {
    let result = ida_star(&detour(), 0, &Limits::default().traced(100));
    assert_eq!(result.cost, Some(3));
    let expected: Listed = vec![
        (1, vec![(None, 0, 0, 1, false), (Some(0), 1, 1, 1, true), (Some(0), 2, 1, 1, true)]),
        (
            2,
            vec![
                (None, 0, 0, 1, false),
                (Some(0), 1, 1, 1, false),
                (Some(1), 3, 6, 0, true),
                (Some(0), 2, 1, 1, false),
                (Some(3), 4, 2, 1, true),
            ],
        ),
        (
            3,
            vec![
                (None, 0, 0, 1, false),
                (Some(0), 1, 1, 1, false),
                (Some(1), 3, 6, 0, true),
                (Some(0), 2, 1, 1, false),
                (Some(3), 4, 2, 1, false),
                (Some(4), 3, 3, 0, false),
            ],
        ),
    ];
    assert_eq!(listed(result.trace.as_ref().expect("traced")), expected);
}

#[test]
fn astar_lists_the_nodes_it_generates() {
    let result = astar(&detour(), 0, &Limits::default().traced(100));
    assert_eq!(result.cost, Some(3));
    let expected: Listed = vec![(
        3,
        vec![
            (None, 0, 0, 1, false),
            (Some(0), 1, 1, 1, false),
            (Some(0), 2, 1, 1, false),
            (Some(1), 3, 6, 0, false),
            (Some(2), 4, 2, 1, false),
            (Some(4), 3, 3, 0, false),
        ],
    )];
    let trace = result.trace.as_ref().expect("traced");
    assert_eq!(listed(trace), expected);
    assert_eq!(trace.iterations[0].goal, Some(5));
}

#[test]
fn astar_marks_what_it_drops() {
    // 0 -> 1 -> 2 and 0 -> 2 directly, both costing 2: the second way to 2
    // is no cheaper and is dropped.
    let graph = Graph { edges: vec![(0, 2, 2), (0, 1, 1), (1, 2, 1)], heuristic: vec![0; 3], goal: 2 };
    let result = astar(&graph, 0, &Limits::default().traced(100));
    let nodes = &result.trace.expect("traced").iterations[0].nodes;
    let pruned: Vec<bool> = nodes.iter().map(|n| n.pruned).collect();
    assert_eq!(pruned, [false, false, false, true]);
}

#[test]
fn no_trace_unless_asked() {
    for engine in [ida_star, astar, iddfs] {
        assert!(engine(&detour(), 0, &Limits::default()).trace.is_none());
    }
}

#[test]
fn a_trace_past_its_limit_stops_the_search() {
    let grid = Grid { width: 6, height: 6, walls: vec![(1, 0), (1, 1), (1, 2), (1, 3), (3, 5), (3, 4), (3, 3)] };
    for engine in [ida_star, astar, iddfs] {
        let result = engine(&grid, (0, 0), &Limits::default().traced(10));
        let trace = result.trace.as_ref().expect("traced");
        assert!(trace.overflowed);
        assert_eq!(result.outcome, Outcome::Interrupted);
        assert!(trace.len() <= 10 + 4, "{} nodes", trace.len());
        let err = result.with_trace_checked(Some(10), "ida").unwrap_err();
        assert!(err.to_string().starts_with("trace_limit: "), "{err}");
    }
}

/// Every node's `f` against its iteration's bound, the nodes not pruned
/// against the expansions counted, and the goal's line of parents against
/// the path found.
#[test]
fn depth_first_traces_agree_with_their_searches() {
    let mut rng = Rng(7);
    for _ in 0..60 {
        let walls = (0..12).map(|_| (rng.below(6) as i32, rng.below(6) as i32)).filter(|&w| w != (0, 0)).collect();
        let grid = Grid { width: 6, height: 6, walls };
        for (engine, blind) in [(ida_star as fn(&Grid, _, &Limits) -> _, false), (iddfs, true)] {
            // Without a cycle test the grid has no end: the cost limit ends it.
            let result = engine(&grid, (0, 0), &Limits::default().traced(1 << 22).with_max_cost(10));
            let trace = result.trace.as_ref().expect("traced");
            assert!(!trace.overflowed);
            assert_eq!(trace.iterations.len(), result.stats.iterations.len());
            for (traced, counted) in trace.iterations.iter().zip(&result.stats.iterations) {
                assert_eq!(traced.bound, counted.bound);
                for node in &traced.nodes {
                    assert_eq!(node.pruned, node.g + node.h > traced.bound);
                    assert!(!blind || node.h == 0);
                    assert!(node.parent.is_none_or(|parent| !traced.nodes[parent].pruned));
                }
                let within = traced.nodes.iter().filter(|node| !node.pruned).count() as u64;
                let goal = u64::from(result.is_solved() && std::ptr::eq(traced, trace.iterations.last().unwrap()));
                assert_eq!(within, counted.expanded + goal);
            }
            if result.is_solved() {
                let last = trace.iterations.last().unwrap();
                assert_eq!(last.goal, Some(last.nodes.len() - 1));
                let mut at = last.goal;
                let mut moves = Vec::new();
                while let Some(index) = at {
                    moves.extend(last.nodes[index].mv);
                    at = last.nodes[index].parent;
                }
                moves.reverse();
                assert_eq!(moves, result.path);
            }
        }
    }
}

#[test]
fn a_traced_parallel_search_is_the_serial_one() {
    let grid = Grid { width: 7, height: 7, walls: vec![(1, 0), (1, 1), (1, 2), (3, 6), (3, 5)] };
    let serial = ida_star(&grid, (0, 0), &Limits::default().traced(1 << 20));
    let parallel = parallel_ida_star(&grid, (0, 0), &Limits::default().traced(1 << 20).in_parallel());
    assert_eq!(serial.trace, parallel.trace);
}
