//! Builds the move-pruning automata of lengths 2 up to a most (14, the
//! largest) for a square board of the given side (5) and prints, for each,
//! the forbidden sequences, the automaton's states and the build time (see
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
        let pruning = MovePruning::of_length(length, side, side, &|| false).ok_or("stopped")?;
        println!(
            "{length:2}: {:6} forbidden, {:6} states, {:.2} s",
            pruning.forbidden(),
            pruning.states(),
            began.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
