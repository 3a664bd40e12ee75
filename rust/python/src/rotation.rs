//! The Rotation Game's own calls beyond the puzzle contract: its table and census.

use idastar_core::puzzles::rotation::{self, shared_complete_table};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::runner::run_whole_space;
use crate::to_py;

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
    run_whole_space(py, |interrupt| rotation::census(Some(interrupt)))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rotation_table, m)?)?;
    m.add_function(wrap_pyfunction!(rotation_census, m)?)?;
    Ok(())
}
