//! Full-grid Square Destroyer from the command line, to time the solvers:
//! `cargo run --release --example squares -- N [ida|exact|-heuristic|-branching|-dominance|-symmetry|-upper]`
//! (`-heuristic`: the judge's disjoint bound, for either engine).

use std::time::Instant;

use idastar_core::puzzles::squares::{solve, Branching, Heuristic, Method, Techniques};
use idastar_core::Limits;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).expect("usage: squares N [SOLVER]");
    let mut options = Techniques::default();
    let mut ida = false;
    for arg in args {
        match arg.as_str() {
            "ida" => ida = true,
            "exact" => {}
            "-heuristic" => options.heuristic = Heuristic::Disjoint,
            "-branching" => options.branching = Branching::First,
            "-dominance" => options.dominance = false,
            "-symmetry" => options.symmetry = false,
            "-upper" => options.upper_bound = false,
            other => panic!("unknown option {other}"),
        }
    }
    let method = if ida { Method::Ida(options.heuristic) } else { Method::Exact(options) };
    let started = Instant::now();
    let result = solve(n, &[], method, &Limits::default()).expect("valid grid");
    println!(
        "n = {n}: {:?} cost {:?}, {} nodes, {:.3} s, sticks {:?}",
        result.outcome,
        result.cost,
        result.stats.expanded,
        started.elapsed().as_secs_f64(),
        result.path
    );
}
