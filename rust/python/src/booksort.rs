//! Booksort's own functions beyond the puzzle contract (`idastar.booksort`).

use idastar_core::puzzles::booksort;
use pyo3::prelude::*;

use crate::common::detached_whole_space;

/// The number of permutations of `n` books at each distance; see
/// `idastar.booksort.distance_distribution`.
#[pyfunction]
fn booksort_distance_distribution(py: Python<'_>, n: usize) -> PyResult<Vec<u64>> {
    detached_whole_space(py, |interrupt| booksort::distance_distribution(n, Some(interrupt)))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_BOOKS", booksort::MAX_BOOKS)?;
    m.add_function(wrap_pyfunction!(booksort_distance_distribution, m)?)?;
    Ok(())
}
