//! Square Destroyer's own functions beyond the puzzle contract (`idastar.squares`).

use idastar_core::puzzles::squares;
use pyo3::prelude::*;

use crate::to_py;

/// The intact squares of a case (`[n, removed sticks...]`) as `(side, row,
/// column)`; see `idastar.squares.intact`.
#[pyfunction]
fn squares_intact(case: Vec<i64>) -> PyResult<Vec<(usize, usize, usize)>> {
    let case = squares::read_case(&case).map_err(to_py)?;
    Ok(squares::intact_squares(&case))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SQUARES_MAX_N", squares::MAX_N)?;
    m.add_function(wrap_pyfunction!(squares_intact, m)?)?;
    Ok(())
}
