//! Times building the Rotation Game's centre tables: the near table the
//! solver uses and the complete one, each built afresh several times.
//!
//! ```sh
//! cargo run --release --example rotation_build -- [THREADS]
//! ```
use std::time::Instant;

use idastar_core::puzzles::rotation::CentreTable;

fn main() {
    if let Some(threads) = std::env::args().nth(1).and_then(|a| a.parse().ok()) {
        rayon::ThreadPoolBuilder::new().num_threads(threads).build_global().expect("first pool");
    }
    for (name, build) in [("near", CentreTable::build_near as fn(u32) -> _), ("complete", CentreTable::build)] {
        let mut times: Vec<f64> = (0..15)
            .map(|_| {
                let started = Instant::now();
                let table = build(8).expect("eight cells");
                assert_eq!(table.len(), 735_471);
                started.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        let first = times[0];
        times.sort_by(f64::total_cmp);
        println!("{name:>8} table: first {first:.2} ms, median {:.2} ms of {}", times[times.len() / 2], times.len());
    }
}
