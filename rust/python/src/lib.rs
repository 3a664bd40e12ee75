//! The Python binding: converts arguments, runs the core without the
//! interpreter lock, converts results. No search logic lives here.

use std::sync::Mutex;
use std::time::Duration;

use std::collections::btree_map::{BTreeMap, Entry};

use idastar_core::engines::{astar, bfs, bidirectional_bfs, ida_star, ida_star_with_table, iddfs, solve_many};
use idastar_core::puzzles::booksort::{self, BlockMove, Booksort, Heuristic};
use idastar_core::{Error, Limits, Outcome, Reversible, SearchResult};
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;

create_exception!(idastar, InvalidPuzzle, PyValueError, "The input does not describe a valid position of the puzzle.");
create_exception!(idastar, Unsolvable, InvalidPuzzle, "The position is valid, but the goal cannot be reached from it.");

/// The one place where core errors become Python exceptions.
fn to_py(error: Error) -> PyErr {
    match error {
        Error::InvalidPuzzle(message) => InvalidPuzzle::new_err(message),
        Error::Unsolvable(message) => Unsolvable::new_err(message),
        Error::InvalidArgument(message) => PyValueError::new_err(message),
    }
}

/// `(outcome, cost, path, lower_bound, iterations, expanded, generated, seconds)`;
/// the Python layer wraps it in typed result objects.
type RawResult<M> = (&'static str, Option<u32>, Vec<M>, Option<u32>, Vec<(u32, u64, u64)>, u64, u64, f64);

fn raw<M, T>(result: SearchResult<M>, convert: impl Fn(M) -> T) -> RawResult<T> {
    let stats = result.stats;
    (
        result.outcome.name(),
        result.cost,
        result.path.into_iter().map(convert).collect(),
        result.lower_bound,
        stats.iterations.iter().map(|it| (it.bound, it.expanded, it.generated)).collect(),
        stats.expanded,
        stats.generated,
        stats.elapsed.as_secs_f64(),
    )
}

/// Runs `search` without the interpreter lock, polling for Ctrl-C every few
/// milliseconds; a signal's exception (KeyboardInterrupt) is raised once the
/// search has stopped.
fn detached<R: Send>(
    py: Python<'_>,
    search: impl FnOnce(Option<idastar_core::Interrupt>) -> (R, Outcome) + Send,
) -> PyResult<R> {
    let pending: Mutex<Option<PyErr>> = Mutex::new(None);
    let poll = || {
        Python::attach(|py| match py.check_signals() {
            Ok(()) => false,
            Err(err) => {
                *pending.lock().expect("not poisoned") = Some(err);
                true
            }
        })
    };
    let (result, outcome) = py.detach(|| search(Some(&poll)));
    if let Some(err) = pending.into_inner().expect("not poisoned") {
        return Err(err);
    }
    if outcome == Outcome::Interrupted {
        return Err(PyKeyboardInterrupt::new_err("search interrupted"));
    }
    Ok(result)
}

fn limits<'a>(
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    max_states: Option<usize>,
) -> PyResult<Limits<'a>> {
    let time_limit = match time_limit {
        Some(seconds) if !(seconds.is_finite() && seconds >= 0.0) => {
            return Err(PyValueError::new_err(format!(
                "time_limit must be a non-negative number of seconds, got {seconds}"
            )))
        }
        seconds => seconds.map(Duration::from_secs_f64),
    };
    Ok(Limits { max_cost, max_nodes, time_limit, max_states, interrupt: None })
}

fn block_move(mv: BlockMove) -> (u8, u8, u8) {
    (mv.start, mv.split, mv.end)
}

fn booksort_puzzle(n: usize, heuristic: &str, goal_ball: Option<u32>) -> PyResult<Booksort> {
    if n == 0 {
        return Err(InvalidPuzzle::new_err("booksort needs at least one book, got none"));
    }
    let heuristic = Heuristic::from_name(heuristic).map_err(to_py)?;
    let puzzle = Booksort::new(n).map_err(to_py)?.with_heuristic(heuristic);
    let radius = goal_ball.unwrap_or_else(|| booksort::default_goal_ball_radius(n));
    Ok(match radius {
        0 => puzzle,
        radius => puzzle.with_shared_goal_ball(booksort::shared_goal_ball(n, radius).map_err(to_py)?),
    })
}

/// The engines by name; `table_entries` gives IDA* a transposition table.
#[derive(Clone, Copy)]
enum EngineChoice {
    Ida(Option<usize>),
    Astar,
    Iddfs,
    Bfs,
    Bidirectional,
}

impl EngineChoice {
    fn parse(name: &str, table_entries: Option<usize>) -> PyResult<Self> {
        Ok(match name {
            "ida" => EngineChoice::Ida(table_entries),
            "astar" => EngineChoice::Astar,
            "iddfs" => EngineChoice::Iddfs,
            "bfs" => EngineChoice::Bfs,
            "bidirectional" => EngineChoice::Bidirectional,
            other => return Err(PyValueError::new_err(format!(
                "unknown engine {other:?}; expected one of \"ida\", \"astar\", \"iddfs\", \"bfs\", \"bidirectional\""
            ))),
        })
    }

    fn run<P: Reversible>(self, problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move> {
        match self {
            EngineChoice::Ida(Some(entries)) => ida_star_with_table(problem, start, limits, entries),
            EngineChoice::Ida(None) => ida_star(problem, start, limits),
            EngineChoice::Astar => astar(problem, start, limits),
            EngineChoice::Iddfs => iddfs(problem, start, limits),
            EngineChoice::Bfs => bfs(problem, start, limits),
            EngineChoice::Bidirectional => bidirectional_bfs(problem, start, limits),
        }
    }
}

/// The first limit-type outcome among `results`, so that an interrupt of
/// any one search in a batch is noticed.
fn batch_outcome<M>(results: &[SearchResult<M>]) -> Outcome {
    results.iter().map(|r| r.outcome).find(|&o| o == Outcome::Interrupted).unwrap_or(Outcome::Solved)
}

/// Solves one Booksort position; see `idastar.booksort.solve`.
#[pyfunction]
#[pyo3(signature = (books, *, engine="ida", heuristic="cycles", goal_ball=None, max_cost=None, max_nodes=None, time_limit=None, max_states=None, table_entries=None))]
#[allow(clippy::too_many_arguments)]
fn booksort_solve(
    py: Python<'_>,
    books: Vec<u32>,
    engine: &str,
    heuristic: &str,
    goal_ball: Option<u32>,
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    max_states: Option<usize>,
    table_entries: Option<usize>,
) -> PyResult<RawResult<(u8, u8, u8)>> {
    let engine = EngineChoice::parse(engine, table_entries)?;
    let puzzle = booksort_puzzle(books.len(), heuristic, goal_ball)?;
    let start = puzzle.pack(&books).map_err(to_py)?;
    let limits = limits(max_cost, max_nodes, time_limit, max_states)?;
    detached(py, |interrupt| {
        let result = engine.run(&puzzle, start, &Limits { interrupt, ..limits });
        let outcome = result.outcome;
        (raw(result, block_move), outcome)
    })
}

/// Solves many Booksort positions on all cores, results in input order;
/// see `idastar.booksort.solve_many`.
#[pyfunction]
#[pyo3(signature = (cases, *, engine="ida", heuristic="cycles", goal_ball=None, max_cost=None, max_nodes=None, time_limit=None, max_states=None, table_entries=None))]
#[allow(clippy::too_many_arguments)]
fn booksort_solve_many(
    py: Python<'_>,
    cases: Vec<Vec<u32>>,
    engine: &str,
    heuristic: &str,
    goal_ball: Option<u32>,
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    max_states: Option<usize>,
    table_entries: Option<usize>,
) -> PyResult<Vec<RawResult<(u8, u8, u8)>>> {
    let engine = EngineChoice::parse(engine, table_entries)?;
    let limits = limits(max_cost, max_nodes, time_limit, max_states)?;
    // One puzzle per shelf length; each case keeps its index in the input.
    let mut groups: BTreeMap<usize, (Booksort, Vec<usize>, Vec<u64>)> = BTreeMap::new();
    for (index, books) in cases.iter().enumerate() {
        let n = books.len();
        let (puzzle, indices, starts) = match groups.entry(n) {
            Entry::Occupied(group) => group.into_mut(),
            Entry::Vacant(slot) => {
                let puzzle = booksort_puzzle(n, heuristic, goal_ball).map_err(|e| in_case(index, e))?;
                slot.insert((puzzle, vec![], vec![]))
            }
        };
        starts.push(puzzle.pack(books).map_err(|e| in_case(index, to_py(e)))?);
        indices.push(index);
    }
    let solved = detached(py, |interrupt| {
        let limits = Limits { interrupt, ..limits };
        let mut results: Vec<Option<SearchResult<BlockMove>>> = (0..cases.len()).map(|_| None).collect();
        for (puzzle, indices, starts) in groups.values() {
            let group = solve_many(puzzle, starts, &limits, |p, s, l| engine.run(p, s, l));
            for (&index, result) in indices.iter().zip(group) {
                results[index] = Some(result);
            }
        }
        let results: Vec<SearchResult<BlockMove>> =
            results.into_iter().map(|r| r.expect("every case solved")).collect();
        let outcome = batch_outcome(&results);
        (results, outcome)
    })?;
    Ok(solved.into_iter().map(|result| raw(result, block_move)).collect())
}

/// Prefixes an error with the 0-based index of the case it is about.
fn in_case(index: usize, error: PyErr) -> PyErr {
    Python::attach(|py| {
        let message = format!("case {index}: {}", error.value(py));
        if error.is_instance_of::<InvalidPuzzle>(py) {
            InvalidPuzzle::new_err(message)
        } else {
            PyValueError::new_err(message)
        }
    })
}

/// The lower bound of `heuristic` for a position (no goal ball).
#[pyfunction]
#[pyo3(signature = (books, heuristic="cycles"))]
fn booksort_lower_bound(books: Vec<u32>, heuristic: &str) -> PyResult<u32> {
    let puzzle = booksort_puzzle(books.len().max(1), heuristic, Some(0))?;
    let state = puzzle.pack(&books).map_err(to_py)?;
    Ok(puzzle.lower_bound(state))
}

/// The number of permutations of `n` books at each distance; see
/// `idastar.booksort.distance_distribution`.
#[pyfunction]
fn booksort_distance_distribution(py: Python<'_>, n: usize) -> PyResult<Vec<u64>> {
    detached(py, |_| (booksort::distance_distribution(n), Outcome::Solved))?.map_err(to_py)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InvalidPuzzle", m.py().get_type::<InvalidPuzzle>())?;
    m.add("Unsolvable", m.py().get_type::<Unsolvable>())?;
    m.add("MAX_BOOKS", booksort::MAX_BOOKS)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(booksort_solve, m)?)?;
    m.add_function(wrap_pyfunction!(booksort_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(booksort_lower_bound, m)?)?;
    m.add_function(wrap_pyfunction!(booksort_distance_distribution, m)?)?;
    Ok(())
}
