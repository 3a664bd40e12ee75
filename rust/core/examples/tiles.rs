//! Solves 15- or 24-puzzle boards (16 or 25 integers a line, blank-first
//! goal as in Korf's and Korf and Felner's instances) with pattern
//! databases, one partition or the largest of several, and prints lengths,
//! nodes and node rates.
//!
//! ```sh
//! cargo run --release --example tiles -- 6-6-6-6 ../shared/data/korf24.txt 24,39
//! cargo run --release --example tiles -- 7-8+1,2,3,4,5,8,9,12/6,7,10,11,13,14,15 ../shared/data/korf100.txt
//! ```
//!
//! The first argument names the partitions, joined by `+`: a partition's
//! name or its patterns' goal cells (`1,2,3/4,5,8/...`). The third, the
//! instances to solve by line number from 0 (all when left out); with
//! `--parallel` after them, on every core; with `--zero-aware`, the
//! databases read by the blank's region; with `--compact`, the same kept
//! exactly in a bit a region; with `--pruning=N`, the duplicate move
//! sequences of up to N moves skipped (14 by default, 2 as Korf's).

use std::time::Instant;

use idastar_core::puzzles::sliding::{cycles, pdb, BuildLimits, DbKind, Geometry, Goal, Sliding, Tiles};
use idastar_core::Limits;

type Failure = Box<dyn std::error::Error>;

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map_or("6-6-6-6", String::as_str);
    let path = args.get(1).map_or("../shared/data/korf24.txt", String::as_str);
    let text = std::fs::read_to_string(path)?;
    let boards: Vec<Vec<u32>> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.split_whitespace().map(str::parse).collect())
        .collect::<Result<_, _>>()?;
    let chosen: Vec<usize> = match args.get(2) {
        Some(list) if list != "all" => list.split(',').map(str::parse).collect::<Result<_, _>>()?,
        _ => (0..boards.len()).collect(),
    };
    let parallel = args.iter().any(|a| a == "--parallel");
    let pruning =
        args.iter().find_map(|a| a.strip_prefix("--pruning=")).map_or(Ok(cycles::MAX_LENGTH), str::parse::<usize>)?;
    let kind = if args.iter().any(|a| a == "--compact") {
        DbKind::Compact
    } else if args.iter().any(|a| a == "--zero-aware") {
        DbKind::ZeroAware
    } else {
        DbKind::Plain
    };
    let side = (boards[0].len() as f64).sqrt() as usize;
    let chosen: Vec<&[u32]> = chosen.iter().map(|&i| boards[i].as_slice()).collect();
    if side <= 4 {
        solve::<u64>(side, spec, &chosen, parallel, kind, pruning)
    } else {
        solve::<u128>(side, spec, &chosen, parallel, kind, pruning)
    }
}

fn solve<T: Tiles>(
    side: usize,
    spec: &str,
    boards: &[&[u32]],
    parallel: bool,
    kind: DbKind,
    pruning: usize,
) -> Result<(), Failure> {
    let geometry = Geometry::new(side, side)?;
    let goal = Goal::blank_first(&geometry);
    let partitions = spec
        .split('+')
        .map(|one| -> Result<Vec<Vec<u8>>, Failure> {
            if one.contains(',') {
                let cells = |p: &str| p.split(',').map(str::parse).collect::<Result<Vec<u8>, _>>();
                Ok(one.split('/').map(cells).collect::<Result<_, _>>()?)
            } else {
                Ok(pdb::partition(&geometry, &goal, one)?)
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    let began = Instant::now();
    let puzzle = Sliding::<T>::new(geometry, goal)?
        .with_database_kind(kind)
        .with_partitions(&partitions, true, false, None, &|_, _| false, &BuildLimits::default())?
        .map_err(|outcome| format!("the build stopped: {}", outcome.name()))?
        .with_move_pruning(pruning, None, &BuildLimits::default())
        .map_err(|outcome| format!("the build stopped: {}", outcome.name()))?;
    println!("databases ready in {:.1} s", began.elapsed().as_secs_f64());
    let (mut total_generated, began) = (0u64, Instant::now());
    for tiles in boards {
        let start = puzzle.pack(tiles)?;
        let h = puzzle.evaluate(&puzzle.unpack(start));
        let limits = if parallel { Limits::default().in_parallel() } else { Limits::default() };
        let t = Instant::now();
        let result = puzzle.solve(start, &limits);
        let secs = t.elapsed().as_secs_f64();
        total_generated += result.stats.generated;
        println!(
            "h {h:3} cost {:3} {:14} generated {secs:9.3} s {:6.1} M generated/s",
            result.cost.expect("solved"),
            result.stats.generated,
            result.stats.generated as f64 / secs / 1e6
        );
    }
    let secs = began.elapsed().as_secs_f64();
    println!("{total_generated} generated, {secs:.3} s, {:.1} M generated/s", total_generated as f64 / secs / 1e6);
    Ok(())
}
