//! Builds the move-pruning automata of lengths 2 up to a most (14, the
//! largest) for a square board of the given side (5) and prints, for each,
//! the forbidden sequences, the automaton's states and the time to build
//! it, or to read it from the cache directory once built (see
//! `docs/puzzles/fifteen.md`, "Move pruning").
//!
//! ```sh
//! cargo run --release --example move_pruning -- 5 14
//! ```

use std::time::Instant;

use idastar_core::puzzles::sliding::cycles::{MovePruning, MAX_LENGTH};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side: usize = args.first().map_or(Ok(5), |a| a.parse())?;
    let most: usize = args.get(1).map_or(Ok(MAX_LENGTH), |a| a.parse())?;
    for length in 2..=most.min(MAX_LENGTH) {
        let began = Instant::now();
        let (pruning, read) = MovePruning::read_or_build(length, side, side, None, &|| false).ok_or("stopped")?;
        println!(
            "{length:2}: {:6} forbidden, {:6} states, {} in {:.3} s",
            pruning.forbidden(),
            pruning.states(),
            if read { "read from the cache" } else { "built" },
            began.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
