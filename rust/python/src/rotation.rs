//! The Rotation Game: `idastar.rotation`.

use idastar_core::engines::ida_star;
use idastar_core::puzzles::rotation::{self, centre_value, shared_complete_table, Move, RotationGame, TableSolution};
use idastar_core::{Error, Limits, Outcome, SearchResult};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;

use crate::common::{
    case_rows, detached, detached_batch, detached_whole_space, in_case, limits, on_threads, raw, result_arrays,
    RawResult,
};
use crate::to_py;

/// Which solver answers: the pattern database or the judge solution's IDA*.
#[derive(Clone, Copy)]
enum Solver {
    Table,
    Ida,
}

impl Solver {
    fn parse(name: &str) -> PyResult<Self> {
        match name {
            "table" => Ok(Solver::Table),
            "ida" => Ok(Solver::Ida),
            other => Err(PyValueError::new_err(format!("unknown engine {other:?}; expected \"table\" or \"ida\""))),
        }
    }

    /// [`Solver::run`] unless the batch was interrupted: the table solver
    /// never polls the interrupt itself.
    fn run_in_batch(self, board: u64, limits: &Limits) -> Result<(SearchResult<Move>, Option<u32>), Error> {
        if limits.interrupted() {
            return Ok((SearchResult::interrupted_before_start(), None));
        }
        self.run(board, limits)
    }

    /// The search result and the number left in the centre (when solved);
    /// the table solver fails when its table cannot be had (a cache
    /// directory that cannot be one).
    fn run(self, board: u64, limits: &Limits) -> Result<(SearchResult<Move>, Option<u32>), Error> {
        match self {
            Solver::Table => {
                let (result, centre) = TableSolution::solve(board)?;
                Ok((result, Some(centre)))
            }
            Solver::Ida => {
                let result = ida_star(&RotationGame, board, limits);
                let centre =
                    result.is_solved().then(|| centre_value(result.path.iter().fold(board, |b, mv| mv.apply(b))));
                Ok((result, centre))
            }
        }
    }
}

/// Solves one board; see `idastar.rotation.solve`.
#[pyfunction]
#[pyo3(signature = (values, *, engine="table", max_nodes=None, time_limit=None))]
fn rotation_solve(
    py: Python<'_>,
    values: Vec<u32>,
    engine: &str,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
) -> PyResult<(RawResult<char>, Option<u32>)> {
    let solver = Solver::parse(engine)?;
    let board = rotation::pack(&values).map_err(to_py)?;
    let limits = limits(None, max_nodes, time_limit, None)?;
    detached(py, |interrupt| match solver.run(board, &Limits { interrupt, ..limits }) {
        Ok((result, centre)) => {
            let outcome = result.outcome;
            (Ok((raw(result, Move::letter), centre)), outcome)
        }
        Err(error) => (Err(error), Outcome::Solved),
    })?
    .map_err(to_py)
}

/// Solves many boards on all cores, in input order: `(moves, centre)` per
/// board, or arrays (with the centres under "centres"), or with `solutions`
/// what `rotation_solve` returns per board (statistics included); see
/// `idastar.rotation.solve_many`.
#[pyfunction]
#[pyo3(signature = (boards, *, engine="table", threads=None, arrays=false, paths=true, solutions=false))]
fn rotation_solve_many<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    engine: &str,
    threads: Option<usize>,
    arrays: bool,
    paths: bool,
    solutions: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let solver = Solver::parse(engine)?;
    let packed = case_rows(boards)?
        .iter()
        .enumerate()
        .map(|(index, values)| rotation::pack(values).map_err(|e| in_case(index, to_py(e))))
        .collect::<PyResult<Vec<u64>>>()?;
    let answers = detached_batch(py, |interrupt| {
        let limits = Limits { interrupt: Some(interrupt), ..Limits::default() };
        let solved = on_threads(threads, || {
            packed.par_iter().map(|&board| solver.run_in_batch(board, &limits)).collect::<Result<Vec<_>, Error>>()
        });
        let answers = match solved {
            Ok(Ok(answers)) => answers,
            Ok(Err(error)) => return (Err(to_py(error)), Outcome::Solved),
            Err(err) => return (Err(err), Outcome::Solved),
        };
        let interrupted = answers.iter().any(|(result, _)| result.outcome == Outcome::Interrupted);
        (Ok(answers), if interrupted { Outcome::Interrupted } else { Outcome::Solved })
    })??;
    if solutions {
        let raws: Vec<(RawResult<char>, Option<u32>)> =
            answers.into_iter().map(|(result, centre)| (raw(result, Move::letter), centre)).collect();
        return Ok(raws.into_pyobject(py)?.into_any());
    }
    if !arrays {
        let moves_and_centres: Vec<(String, u32)> = answers
            .into_iter()
            .map(|(result, centre)| (result.path.iter().map(|mv| mv.letter()).collect(), centre.unwrap_or(0)))
            .collect();
        return Ok(moves_and_centres.into_pyobject(py)?.into_any());
    }
    let (results, centres): (Vec<_>, Vec<_>) = answers.into_iter().unzip();
    let columns = result_arrays(py, &results, paths, |mv: &Move| [mv.index() as i32])?;
    columns.set_item("centres", PyArray1::from_iter(py, centres.into_iter().map(|c| c.unwrap_or(0) as u8)))?;
    Ok(columns.into_any())
}

/// The pattern database for sets of `cells` cells: the distances as bytes
/// (indexed by the combinatorial rank of the set) and the count per distance.
#[pyfunction]
#[pyo3(signature = (cells=8))]
fn rotation_table<'py>(py: Python<'py>, cells: u32) -> PyResult<(Bound<'py, PyBytes>, Vec<u64>)> {
    let table = py.detach(|| shared_complete_table(cells)).map_err(to_py)?;
    Ok((PyBytes::new(py, table.as_bytes()), table.layer_sizes()))
}

/// The number of judge boards at each optimal length; see
/// `idastar.rotation.census`.
#[pyfunction]
fn rotation_census(py: Python<'_>) -> PyResult<Vec<u64>> {
    detached_whole_space(py, |interrupt| rotation::census(Some(interrupt)))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rotation_solve, m)?)?;
    m.add_function(wrap_pyfunction!(rotation_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(rotation_table, m)?)?;
    m.add_function(wrap_pyfunction!(rotation_census, m)?)?;
    Ok(())
}
