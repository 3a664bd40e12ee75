//! Many independent searches on all cores.

use rayon::prelude::*;

use crate::{Limits, Problem, SearchResult};

/// Runs `engine` from every start in parallel (on rayon's global pool, or
/// the pool the caller installs) and returns the results in input order.
/// The limits apply to each search on its own.
pub fn solve_many<P, E>(problem: &P, starts: &[P::State], limits: &Limits, engine: E) -> Vec<SearchResult<P::Move>>
where
    P: Problem + Sync,
    P::State: Send + Sync,
    P::Move: Send,
    E: Fn(&P, P::State, &Limits) -> SearchResult<P::Move> + Sync,
{
    starts
        .par_iter()
        .map(|&start| {
            // A search polls the interrupt only every few thousand
            // expansions, so in a batch of short searches each would run to
            // its end; checking before each makes a cancelled batch stop
            // within one search.
            if limits.interrupted() {
                SearchResult::interrupted_before_start()
            } else {
                engine(problem, start, limits)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::puzzles::booksort::Booksort;
    use crate::Outcome;

    #[test]
    fn an_interrupted_batch_starts_no_more_searches() {
        let puzzle = Booksort::new(6).unwrap();
        let starts = vec![puzzle.pack(&[2, 1, 3, 4, 5, 6]).unwrap(); 100];
        let searches = AtomicUsize::new(0);
        let always = || true;
        let limits = Limits::default().with_interrupt(&always);
        let results = solve_many(&puzzle, &starts, &limits, |p, s, l| {
            searches.fetch_add(1, Ordering::Relaxed);
            crate::engines::ida_star(p, s, l)
        });
        assert_eq!(searches.load(Ordering::Relaxed), 0);
        assert!(results.iter().all(|r| r.outcome == Outcome::Interrupted));
    }
}
