//! Square Destroyer: `idastar.squares`.

use idastar_core::puzzles::squares::{self, Branching, Options, Solver};
use idastar_core::{Limits, Outcome, SearchResult};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::common::{batch_outcome, detached, detached_batch, in_case, limits, on_threads, raw, BatchForm, RawResult};
use crate::to_py;

fn solver(
    name: &str,
    bound: &str,
    branching: &str,
    dominance: bool,
    symmetry: bool,
    upper_bound: bool,
) -> PyResult<Solver> {
    let bound = match bound {
        "packing" => squares::Bound::Packing,
        "disjoint" => squares::Bound::Disjoint,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown squares bound {other:?}; expected \"packing\" or \"disjoint\""
            )))
        }
    };
    let branching = match branching {
        "fewest" => Branching::Fewest,
        "first" => Branching::First,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown squares branching {other:?}; expected \"fewest\" or \"first\""
            )))
        }
    };
    match name {
        "exact" => Ok(Solver::Exact(Options { bound, branching, dominance, symmetry, upper_bound })),
        "seed" => Ok(Solver::Seed),
        other => {
            Err(PyValueError::new_err(format!("unknown squares solver {other:?}; expected \"exact\" or \"seed\"")))
        }
    }
}

/// Solves one Square Destroyer grid; see `idastar.squares.solve`.
#[pyfunction]
#[pyo3(signature = (n, removed, *, solver="exact", bound="packing", branching="fewest", dominance=true, symmetry=true, upper_bound=true, max_cost=None, max_nodes=None, time_limit=None))]
#[allow(clippy::too_many_arguments)]
fn squares_solve(
    py: Python<'_>,
    n: usize,
    removed: Vec<u32>,
    solver: &str,
    bound: &str,
    branching: &str,
    dominance: bool,
    symmetry: bool,
    upper_bound: bool,
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
) -> PyResult<RawResult<u32>> {
    let solver = self::solver(solver, bound, branching, dominance, symmetry, upper_bound)?;
    let limits = limits(max_cost, max_nodes, time_limit, None)?;
    // Validated while attached, so that bad input raises before any search.
    squares::lower_bounds(n, &removed).map_err(to_py)?;
    let result = detached(py, |interrupt| {
        let result = squares::solve(n, &removed, solver, &Limits { interrupt, ..limits });
        let outcome = result.as_ref().map_or(idastar_core::Outcome::Solved, |r| r.outcome);
        (result, outcome)
    })?;
    Ok(raw(result.map_err(to_py)?, |stick| stick))
}

/// Solves many grids on all cores, results in input order; see
/// `idastar.squares.solve_many`.
#[pyfunction]
#[pyo3(signature = (cases, *, solver="exact", bound="packing", branching="fewest", dominance=true, symmetry=true, upper_bound=true, max_cost=None, max_nodes=None, time_limit=None, threads=None, arrays=false, paths=true))]
#[allow(clippy::too_many_arguments)]
fn squares_solve_many<'py>(
    py: Python<'py>,
    cases: Vec<(usize, Vec<u32>)>,
    solver: &str,
    bound: &str,
    branching: &str,
    dominance: bool,
    symmetry: bool,
    upper_bound: bool,
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    threads: Option<usize>,
    arrays: bool,
    paths: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let solver = self::solver(solver, bound, branching, dominance, symmetry, upper_bound)?;
    let limits = limits(max_cost, max_nodes, time_limit, None)?;
    for (index, (n, removed)) in cases.iter().enumerate() {
        squares::lower_bounds(*n, removed).map_err(|e| in_case(index, to_py(e)))?;
    }
    let results = detached_batch(py, |interrupt| {
        let limits = Limits { interrupt: Some(interrupt), ..limits };
        let solve_all = || {
            cases
                .par_iter()
                .enumerate()
                .map(|(index, (n, removed))| {
                    // A cancelled batch starts no more searches.
                    if limits.interrupted() {
                        return Ok(SearchResult::interrupted_before_start());
                    }
                    squares::solve(*n, removed, solver, &limits).map_err(|e| in_case(index, to_py(e)))
                })
                .collect::<PyResult<Vec<_>>>()
        };
        match on_threads(threads, solve_all) {
            Ok(Ok(results)) => {
                let outcome = batch_outcome(&results);
                (Ok(results), outcome)
            }
            Ok(Err(err)) | Err(err) => (Err(err), Outcome::Solved),
        }
    })??;
    BatchForm::new(arrays, paths).output(py, results, |&stick: &u32| [stick as i32], |stick| stick)
}

/// The judge's bound and the double-packing bound; see
/// `idastar.squares.lower_bounds`.
#[pyfunction]
fn squares_lower_bounds(n: usize, removed: Vec<u32>) -> PyResult<(u32, u32)> {
    squares::lower_bounds(n, &removed).map_err(to_py)
}

/// The intact squares as `(side, row, column)`; see `idastar.squares.intact`.
#[pyfunction]
fn squares_intact(n: usize, removed: Vec<u32>) -> PyResult<Vec<(usize, usize, usize)>> {
    squares::intact_squares(n, &removed).map_err(to_py)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SQUARES_MAX_N", squares::MAX_N)?;
    m.add_function(wrap_pyfunction!(squares_solve, m)?)?;
    m.add_function(wrap_pyfunction!(squares_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(squares_lower_bounds, m)?)?;
    m.add_function(wrap_pyfunction!(squares_intact, m)?)?;
    Ok(())
}
