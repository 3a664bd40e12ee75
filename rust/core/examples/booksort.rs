//! Sorts the shelf given on the command line with the fewest block moves.
//!
//! ```sh
//! cargo run --release --example booksort -- 6 8 5 3 4 7 2 9 1 10
//! ```

use idastar_core::engines::ida_star;
use idastar_core::puzzles::booksort::{default_goal_ball_radius, Booksort};
use idastar_core::Limits;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let books: Vec<u32> = std::env::args().skip(1).map(|arg| arg.parse()).collect::<Result<_, _>>()?;
    let books = if books.is_empty() { vec![6, 8, 5, 3, 4, 7, 2, 9, 1, 10] } else { books };
    let puzzle = Booksort::new(books.len())?.with_goal_ball(default_goal_ball_radius(books.len()));
    let start = puzzle.pack(&books)?;
    let result = ida_star(&puzzle, start, &Limits::default());
    println!("{books:?}: {} moves", result.cost.expect("every shelf can be sorted"));
    let mut state = start;
    for mv in &result.path {
        state = mv.apply(state);
        println!("  swap [{}, {}) and [{}, {}): {:?}", mv.start, mv.split, mv.split, mv.end, puzzle.unpack(state));
    }
    for it in &result.stats.iterations {
        println!("  bound {}: {} expanded, {} generated", it.bound, it.expanded, it.generated);
    }
    Ok(())
}
