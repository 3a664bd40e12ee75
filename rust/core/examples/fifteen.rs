//! Solves 15-puzzle boards (16 integers a line, blank-first goal as in
//! Korf's instances) with the chosen heuristic and prints lengths, nodes
//! and node rates.
//!
//! ```sh
//! cargo run --release --example fifteen -- pdb:6-6-3 ../shared/data/korf100.txt [first] [count]
//! cargo run --release --example fifteen -- pdb:1,2,3/4,5,8,9,12,13/6,7,10,11,14,15
//! ```

use std::time::Instant;

use idastar_core::puzzles::sliding::{pdb, BuildLimits, Geometry, Goal, Sliding};
use idastar_core::Limits;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let heuristic = args.first().map_or("manhattan", String::as_str);
    let path = args.get(1).map_or("../shared/data/korf100.txt", String::as_str);
    let first: usize = args.get(2).map_or(Ok(0), |s| s.parse())?;
    let count: usize = args.get(3).map_or(Ok(100), |s| s.parse())?;
    let geometry = Geometry::new(4, 4)?;
    let goal = Goal::blank_first(&geometry);
    let puzzle: Sliding<u64> = Sliding::new(geometry.clone(), goal.clone())?;
    let began = Instant::now();
    let puzzle = match heuristic.split_once(':') {
        Some(("pdb", name)) => {
            // A name ("6-6-3") or goal cells ("1,2,3/4,5,8/...").
            let cells = if name.contains(',') {
                name.split('/')
                    .map(|p| p.split(',').map(str::parse).collect::<Result<Vec<u8>, _>>())
                    .collect::<Result<_, _>>()?
            } else {
                pdb::partition(&geometry, &goal, name)?
            };
            puzzle
                .with_pattern_databases(&cells, true, false, None, &|_, _| false, &BuildLimits::default())?
                .map_err(|outcome| format!("the build stopped: {}", outcome.name()))?
        }
        _ if heuristic == "linear-conflict" => puzzle.with_linear_conflict(),
        _ => puzzle,
    };
    println!("set-up {:.3} s", began.elapsed().as_secs_f64());
    let text = std::fs::read_to_string(path)?;
    let (mut total_len, mut total_nodes, mut total_generated) = (0u64, 0u64, 0u64);
    let began = Instant::now();
    for line in text.lines().skip(first).take(count) {
        let tiles: Vec<u32> = line.split_whitespace().map(str::parse).collect::<Result<_, _>>()?;
        let start = puzzle.pack(&tiles)?;
        let t = Instant::now();
        let result = puzzle.solve(start, &Limits::default());
        let secs = t.elapsed().as_secs_f64();
        let cost = result.cost.expect("solved");
        total_len += u64::from(cost);
        total_nodes += result.stats.expanded;
        total_generated += result.stats.generated;
        println!(
            "{cost:3} {:12} expanded {:12} generated {secs:8.3} s {:6.1} M generated/s",
            result.stats.expanded,
            result.stats.generated,
            result.stats.generated as f64 / secs / 1e6
        );
    }
    let secs = began.elapsed().as_secs_f64();
    println!(
        "sum {total_len}, {total_nodes} expanded, {total_generated} generated, {secs:.3} s, {:.1} M generated/s",
        total_generated as f64 / secs / 1e6
    );
    Ok(())
}
