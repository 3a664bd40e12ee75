//! Packed states for numpy: whole arrays of boards to and from the core's
//! integer codes (`idastar.booksort.pack` and friends), a row at a time in
//! Rust, with the core's own packing so that the codes are the ones the
//! searches use.

use idastar_core::puzzles::rotation;
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1, PyReadonlyArray2};
use pyo3::prelude::*;

use crate::common::map_rows;
use crate::to_py;

/// `width` values per code, from `unpack(code, row)`.
fn unpack_rows<'py, C: Copy>(
    py: Python<'py>,
    codes: &[C],
    width: usize,
    unpack: impl Fn(C, &mut [i64]),
) -> Bound<'py, PyArray2<i64>> {
    let mut rows = Array2::<i64>::zeros((codes.len(), width));
    for (&code, mut row) in codes.iter().zip(rows.outer_iter_mut()) {
        unpack(code, row.as_slice_mut().expect("a row of a standard array is contiguous"));
    }
    rows.into_pyarray(py)
}

/// Rotation Game boards (24 values a row) to their `u64` codes.
#[pyfunction]
fn rotation_pack<'py>(py: Python<'py>, boards: PyReadonlyArray2<'py, i64>) -> PyResult<Bound<'py, PyArray1<u64>>> {
    Ok(PyArray1::from_vec(py, map_rows(&boards, |values| rotation::pack(values).map_err(to_py))?))
}

/// `u64` codes back to Rotation Game boards.
#[pyfunction]
fn rotation_unpack<'py>(py: Python<'py>, codes: PyReadonlyArray1<'py, u64>) -> Bound<'py, PyArray2<i64>> {
    let codes = codes.as_array().to_vec();
    unpack_rows(py, &codes, rotation::CELLS, |code, row| {
        for (slot, value) in row.iter_mut().zip(rotation::unpack(code)) {
            *slot = i64::from(value);
        }
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(rotation_pack, m)?)?;
    m.add_function(wrap_pyfunction!(rotation_unpack, m)?)?;
    Ok(())
}
