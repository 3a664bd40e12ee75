//! Full-grid Square Destroyer from the command line, to time the solvers:
//! `cargo run --release --example squares -- N [seed|exact|-bound|-branching|-dominance|-symmetry|-upper]`.

use std::time::Instant;

use idastar_core::puzzles::squares::{solve, Bound, Branching, Options, Solver};
use idastar_core::Limits;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).expect("usage: squares N [SOLVER]");
    let mut options = Options::default();
    let mut solver = None;
    for arg in args {
        match arg.as_str() {
            "seed" => solver = Some(Solver::Seed),
            "exact" => {}
            "-bound" => options.bound = Bound::Disjoint,
            "-branching" => options.branching = Branching::First,
            "-dominance" => options.dominance = false,
            "-symmetry" => options.symmetry = false,
            "-upper" => options.upper_bound = false,
            other => panic!("unknown option {other}"),
        }
    }
    let solver = solver.unwrap_or(Solver::Exact(options));
    let started = Instant::now();
    let result = solve(n, &[], solver, &Limits::default()).expect("valid grid");
    println!(
        "n = {n}: {:?} cost {:?}, {} nodes, {:.3} s, sticks {:?}",
        result.outcome,
        result.cost,
        result.stats.expanded,
        started.elapsed().as_secs_f64(),
        result.path
    );
}
