//! Builds one pattern database and prints the time per layer: width,
//! height, the blank's goal cell, then the pattern's goal cells.
//!
//! ```sh
//! cargo run --release --example pdb_build -- 4 4 0 1 4 5 8 9 12
//! ```

use std::time::Instant;

use idastar_core::puzzles::sliding::{BuildLimits, BuildProgress, Geometry, PatternDb};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<usize> = std::env::args().skip(1).map(|a| a.parse()).collect::<Result<_, _>>()?;
    let geometry = Geometry::new(args[0], args[1])?;
    let blank = args[2] as u8;
    let cells: Vec<u8> = args[3..].iter().map(|&c| c as u8).collect();
    let began = Instant::now();
    let report = |p: BuildProgress| {
        eprintln!(
            "layer {:3}: {:12} of {} placements, {:.3} s",
            p.layer,
            p.reached,
            p.total,
            began.elapsed().as_secs_f64()
        );
        false
    };
    let db = PatternDb::build(&geometry, &cells, blank, &report, &BuildLimits::default())?
        .map_err(|outcome| format!("the build stopped: {}", outcome.name()))?;
    let max = db.data().iter().max().copied().unwrap_or(0);
    let mean = db.data().iter().map(|&v| f64::from(v)).sum::<f64>() / db.data().len() as f64;
    println!("{} entries, max {max}, mean {mean:.3}, {:.3} s", db.data().len(), began.elapsed().as_secs_f64());
    Ok(())
}
