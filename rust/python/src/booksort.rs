//! Booksort: `idastar.booksort`.

use std::collections::btree_map::{BTreeMap, Entry};

use idastar_core::engines::solve_many;
use idastar_core::puzzles::booksort::{self, BlockMove, Booksort, Heuristic};
use idastar_core::{Limits, Outcome, SearchResult};
use pyo3::prelude::*;

use crate::common::{
    batch_outcome, case_rows, detached, detached_batch, in_case, limits, on_threads, raw, BatchForm, EngineChoice,
    RawResult,
};
use crate::{to_py, InvalidPuzzle};

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
    let solved = detached_batch(py, |interrupt| {
        let limits = Limits { interrupt: Some(interrupt), ..limits };
        let solve_all = || {
            let mut results: Vec<Option<SearchResult<BlockMove>>> = (0..cases.len()).map(|_| None).collect();
            for (puzzle, indices, starts) in groups.values() {
                let group = solve_many(puzzle, starts, &limits, |p, s, l| engine.run(p, s, l));
                for (&index, result) in indices.iter().zip(group) {
                    results[index] = Some(result);
                }
            }
            results.into_iter().map(|r| r.expect("every case solved")).collect::<Vec<SearchResult<BlockMove>>>()
        };
        match on_threads(threads, solve_all) {
            Ok(results) => {
                let outcome = batch_outcome(&results);
                (Ok(results), outcome)
            }
            Err(err) => (Err(err), Outcome::Solved),
        }
    })??;
    let code = |mv: &BlockMove| [mv.start, mv.split, mv.end].map(i32::from);
    BatchForm::new(arrays, paths).output(py, solved, code, block_move)
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

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_BOOKS", booksort::MAX_BOOKS)?;
    m.add_function(wrap_pyfunction!(booksort_solve, m)?)?;
    m.add_function(wrap_pyfunction!(booksort_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(booksort_lower_bound, m)?)?;
    m.add_function(wrap_pyfunction!(booksort_distance_distribution, m)?)?;
    Ok(())
}
