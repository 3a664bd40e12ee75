//! Booksort: `idastar.booksort`.

use std::collections::btree_map::{BTreeMap, Entry};

use idastar_core::engines::solve_many;
use idastar_core::puzzles::booksort::{self, BlockMove, Booksort, Heuristic};
use idastar_core::{Interrupt, Limits, Outcome, SearchResult};
use pyo3::prelude::*;

use crate::common::{
    batch_outcome, case_rows, detached, detached_batch, detached_whole_space, in_case, limits, on_threads, raw,
    BatchForm, EngineChoice, RawResult,
};
use crate::{to_py, InvalidPuzzle};

fn block_move(mv: BlockMove) -> (u8, u8, u8) {
    (mv.start, mv.split, mv.end)
}

/// The puzzle of `n` books (without its goal ball) and the radius of the
/// goal ball it is to get: checked here, built by [`with_goal_ball`] once
/// the interpreter lock is released.
fn booksort_puzzle(n: usize, heuristic: &str, goal_ball: Option<u32>) -> PyResult<(Booksort, u32)> {
    if n == 0 {
        return Err(InvalidPuzzle::new_err("booksort needs at least one book, got none"));
    }
    let heuristic = Heuristic::from_name(heuristic).map_err(to_py)?;
    let puzzle = Booksort::new(n).map_err(to_py)?.with_heuristic(heuristic);
    let radius = goal_ball.unwrap_or_else(|| booksort::default_goal_ball_radius(n));
    booksort::check_goal_ball_radius(radius).map_err(to_py)?;
    Ok((puzzle, radius))
}

/// `puzzle` with its shared goal ball of `radius`; `None` if `interrupt`
/// stopped the build (seconds for radius 3 from 13 books on).
fn with_goal_ball(puzzle: Booksort, radius: u32, interrupt: Option<Interrupt>) -> PyResult<Option<Booksort>> {
    if radius == 0 {
        return Ok(Some(puzzle));
    }
    let ball = booksort::shared_goal_ball_until(puzzle.len(), radius, interrupt).map_err(to_py)?;
    Ok(ball.map(|ball| puzzle.with_shared_goal_ball(ball)))
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
    let (puzzle, radius) = booksort_puzzle(books.len(), heuristic, goal_ball)?;
    let start = puzzle.pack(&books).map_err(to_py)?;
    let limits = limits(max_cost, max_nodes, time_limit, max_states)?;
    detached(py, |interrupt| {
        let result = match with_goal_ball(puzzle, radius, interrupt) {
            Ok(Some(puzzle)) => engine.run(&puzzle, start, &Limits { interrupt, ..limits }),
            Ok(None) => SearchResult::interrupted_before_start(),
            Err(err) => return (Err(err), Outcome::Solved),
        };
        let outcome = result.outcome;
        (Ok(raw(result, block_move)), outcome)
    })?
}

/// Solves many Booksort positions on all cores, results in input order;
/// see `idastar.booksort.solve_many`.
#[pyfunction]
#[pyo3(signature = (cases, *, engine="ida", heuristic="cycles", goal_ball=None, max_cost=None, max_nodes=None, time_limit=None, max_states=None, table_entries=None, threads=None, arrays=false, paths=true))]
#[allow(clippy::too_many_arguments)]
fn booksort_solve_many<'py>(
    py: Python<'py>,
    cases: &Bound<'py, PyAny>,
    engine: &str,
    heuristic: &str,
    goal_ball: Option<u32>,
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    max_states: Option<usize>,
    table_entries: Option<usize>,
    threads: Option<usize>,
    arrays: bool,
    paths: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let cases = case_rows(cases)?;
    let engine = EngineChoice::parse(engine, table_entries)?;
    let limits = limits(max_cost, max_nodes, time_limit, max_states)?;
    // One puzzle per shelf length; each case keeps its index in the input.
    let mut groups: BTreeMap<usize, (Booksort, u32, Vec<usize>, Vec<u64>)> = BTreeMap::new();
    for (index, books) in cases.iter().enumerate() {
        let n = books.len();
        let (puzzle, _, indices, starts) = match groups.entry(n) {
            Entry::Occupied(group) => group.into_mut(),
            Entry::Vacant(slot) => {
                let (puzzle, radius) = booksort_puzzle(n, heuristic, goal_ball).map_err(|e| in_case(index, e))?;
                slot.insert((puzzle, radius, vec![], vec![]))
            }
        };
        starts.push(puzzle.pack(books).map_err(|e| in_case(index, to_py(e)))?);
        indices.push(index);
    }
    let solved = detached_batch(py, |interrupt| {
        let limits = Limits { interrupt: Some(interrupt), ..limits };
        let solve_all = || {
            let mut results: Vec<Option<SearchResult<BlockMove>>> = (0..cases.len()).map(|_| None).collect();
            for (puzzle, radius, indices, starts) in groups.into_values() {
                let group = match with_goal_ball(puzzle, radius, Some(interrupt))? {
                    Some(puzzle) => solve_many(&puzzle, &starts, &limits, |p, s, l| engine.run(p, s, l)),
                    None => starts.iter().map(|_| SearchResult::interrupted_before_start()).collect(),
                };
                for (index, result) in indices.into_iter().zip(group) {
                    results[index] = Some(result);
                }
            }
            Ok(results.into_iter().map(|r| r.expect("every case solved")).collect::<Vec<SearchResult<BlockMove>>>())
        };
        match on_threads(threads, solve_all) {
            Ok(Ok(results)) => {
                let outcome = batch_outcome(&results);
                (Ok(results), outcome)
            }
            Ok(Err(err)) | Err(err) => (Err(err), Outcome::Solved),
        }
    })??;
    let code = |mv: &BlockMove| [mv.start, mv.split, mv.end].map(i32::from);
    BatchForm::new(arrays, paths).output(py, solved, code, block_move)
}

/// The lower bound of `heuristic` for a position (no goal ball).
#[pyfunction]
#[pyo3(signature = (books, heuristic="cycles"))]
fn booksort_lower_bound(books: Vec<u32>, heuristic: &str) -> PyResult<u32> {
    let (puzzle, _) = booksort_puzzle(books.len().max(1), heuristic, Some(0))?;
    let state = puzzle.pack(&books).map_err(to_py)?;
    Ok(puzzle.lower_bound(state))
}

/// The number of permutations of `n` books at each distance; see
/// `idastar.booksort.distance_distribution`.
#[pyfunction]
fn booksort_distance_distribution(py: Python<'_>, n: usize) -> PyResult<Vec<u64>> {
    detached_whole_space(py, |interrupt| booksort::distance_distribution(n, Some(interrupt)))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_BOOKS", booksort::MAX_BOOKS)?;
    m.add_function(wrap_pyfunction!(booksort_solve, m)?)?;
    m.add_function(wrap_pyfunction!(booksort_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(booksort_lower_bound, m)?)?;
    m.add_function(wrap_pyfunction!(booksort_distance_distribution, m)?)?;
    Ok(())
}
