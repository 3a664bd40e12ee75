//! Booksort's own constants beyond the puzzle contract (`idastar.booksort`).

use idastar_core::puzzles::booksort;
use pyo3::prelude::*;

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MAX_BOOKS", booksort::MAX_BOOKS)?;
    Ok(())
}
