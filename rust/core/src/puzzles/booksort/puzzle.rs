//! Booksort under the puzzle contract: shelves of any length up to
//! [`MAX_BOOKS`], solved by the generic engines.

use super::{
    check_goal_ball_radius, default_goal_ball_radius, goal_ball_is_built, shared_goal_ball_until, BlockMove, Booksort,
    Heuristic, MAX_BOOKS,
};
use crate::puzzle::{Engine, MoveCode, OptionDoc, Options, Purpose, Puzzle, Report, Settings};
use crate::{Error, Interrupt, Limits, Outcome, Result, SearchResult};

/// The transposition table of uncapped IDA* solves: 65,536 learned bounds
/// (1 MiB), which pays for itself on the hard shelves.
pub const DEFAULT_TABLE_ENTRIES: usize = 1 << 16;

/// One shelf: its length and its packed state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shelf {
    /// The number of books.
    pub books: usize,
    /// The shelf, packed.
    pub state: u64,
}

/// Booksort as a call configures it: the heuristic, the goal ball and the
/// table, and (once prepared) the search problem of each shelf length.
#[derive(Debug)]
pub struct Shelves {
    heuristic: Heuristic,
    goal_ball: Option<u32>,
    table_entries: usize,
    by_length: Vec<Option<Booksort>>,
}

impl Shelves {
    /// Only the engines led by the heuristic gain from a goal ball.
    fn uses_goal_ball(&self, purpose: Purpose<Engine>) -> bool {
        matches!(purpose, Purpose::Solve(Engine::Ida | Engine::Astar))
    }

    fn radius(&self, books: usize) -> u32 {
        self.goal_ball.unwrap_or_else(|| default_goal_ball_radius(books))
    }

    fn problem(&self, books: usize) -> &Booksort {
        self.by_length[books].as_ref().expect("prepared for every length of the cases")
    }
}

/// Checks `values` as a permutation of 1..=n and packs it; errors name the
/// position (from 1).
pub(super) fn read_books(values: &[i64]) -> Result<Shelf> {
    let n = values.len();
    if !(1..=MAX_BOOKS).contains(&n) {
        return Err(Error::invalid(format!("booksort needs 1 to {MAX_BOOKS} books, got {n}")));
    }
    // Where each book was first seen (from 1; 0 for not yet).
    let mut first_at = [0usize; MAX_BOOKS + 1];
    let mut state = 0u64;
    for (position, &book) in values.iter().enumerate() {
        if !(1..=n as i64).contains(&book) {
            return Err(Error::invalid(format!("book {book} at position {} is out of range 1 to {n}", position + 1)));
        }
        let first = &mut first_at[book as usize];
        if *first != 0 {
            return Err(Error::invalid(format!(
                "book {book} appears twice (positions {} and {}); the books must be a permutation of 1..{n}",
                *first,
                position + 1
            )));
        }
        *first = position + 1;
        state |= ((book - 1) as u64) << (4 * position);
    }
    Ok(Shelf { books: n, state })
}

impl Puzzle for Shelves {
    const NAME: &'static str = "booksort";
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc {
            name: "goal_ball",
            kind: "int",
            default: "a radius by the shelf's length",
            doc: "the radius of the stored ball of exact distances around the sorted shelf",
        },
        OptionDoc {
            name: "table_entries",
            kind: "int",
            default: "65,536 for a search without max_moves, else none",
            doc: "engine \"ida\" only: the learned bounds kept (a power of two; 0 for none)",
        },
    ];
    const MOVE_WIDTH: usize = 3;
    type Engine = Engine;
    type Heuristic = Heuristic;
    type Case = Shelf;
    type Move = BlockMove;

    fn configure(settings: &Settings<Engine, Heuristic>, options: &mut Options) -> Result<Self> {
        let goal_ball = options.count::<u32>("goal_ball")?;
        if let Some(radius) = goal_ball {
            check_goal_ball_radius(radius)?;
        }
        let table_entries = options.count::<usize>("table_entries")?;
        if table_entries.is_some_and(|entries| entries > 0) && settings.engine != Engine::Ida {
            return Err(Error::InvalidArgument(format!(
                "table_entries: only engine \"ida\" keeps a table, not {:?}",
                settings.engine.to_string()
            )));
        }
        let uncapped = settings.limits.max_cost.is_none();
        let table_entries = table_entries.unwrap_or(if uncapped { DEFAULT_TABLE_ENTRIES } else { 0 });
        let by_length = vec![None; MAX_BOOKS + 1];
        Ok(Shelves { heuristic: settings.heuristic, goal_ball, table_entries, by_length })
    }

    fn read_case(&self, values: &[i64]) -> Result<Shelf> {
        read_books(values)
    }

    fn write_move(mv: BlockMove) -> MoveCode {
        [mv.start, mv.split, mv.end].map(i32::from)
    }

    fn code_words(&self, _: &Shelf) -> usize {
        1
    }

    fn pack(&self, case: &Shelf, words: &mut [u64]) {
        words[0] = case.state;
    }

    fn unpack(&self, words: &[u64], size: Option<usize>) -> Result<Vec<i64>> {
        let n = size.ok_or_else(|| Error::InvalidArgument("n: booksort codes need the number of books".into()))?;
        if !(1..=MAX_BOOKS).contains(&n) {
            return Err(Error::InvalidArgument(format!("n must be from 1 to {MAX_BOOKS}, got {n}")));
        }
        let values: Vec<i64> = (0..n).map(|p| ((words[0] >> (4 * p)) & 0xF) as i64 + 1).collect();
        if n < MAX_BOOKS && words[0] >> (4 * n) != 0 {
            return Err(Error::invalid(format!("code {:#x} has bits beyond {n} books", words[0])));
        }
        read_books(&values)?;
        Ok(values)
    }

    fn needs_preparation(&self, purpose: Purpose<Engine>, cases: &[Shelf]) -> bool {
        self.uses_goal_ball(purpose)
            && cases.iter().any(|case| !goal_ball_is_built(case.books, self.radius(case.books)))
    }

    /// The goal ball of every shelf length among the cases, for the engines
    /// that use a heuristic (built once per process, shared).
    fn prepare(
        &mut self,
        purpose: Purpose<Engine>,
        cases: &[Shelf],
        limits: &Limits,
        _: Option<Report>,
    ) -> Result<Option<Outcome>> {
        let informed = self.uses_goal_ball(purpose);
        for case in cases {
            if self.by_length[case.books].is_some() {
                continue;
            }
            let mut problem = Booksort::new(case.books)?.with_heuristic(self.heuristic);
            let radius = self.radius(case.books);
            if informed && radius > 0 {
                match shared_goal_ball_until(case.books, radius, limits.interrupt)? {
                    Some(ball) => problem = problem.with_shared_goal_ball(ball),
                    None => return Ok(Some(Outcome::Interrupted)),
                }
            }
            self.by_length[case.books] = Some(problem);
        }
        Ok(None)
    }

    fn solve(&self, case: &Shelf, engine: Engine, limits: &Limits) -> Result<SearchResult<BlockMove>> {
        Ok(engine.run(self.problem(case.books), case.state, limits, self.table_entries))
    }

    fn distance_distribution(&self, size: Option<usize>, interrupt: Interrupt) -> Result<Option<Vec<u64>>> {
        let books =
            size.ok_or_else(|| Error::InvalidArgument("n: the distribution needs the number of books".into()))?;
        super::distance_distribution(books, Some(interrupt))
    }

    fn lower_bound(&self, case: &Shelf) -> Result<u32> {
        Ok(self.problem(case.books).lower_bound(case.state))
    }
}
