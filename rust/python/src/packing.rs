//! Packed states for numpy: whole arrays of boards to and from the core's
//! integer codes (`idastar.booksort.pack` and friends), a row at a time in
//! Rust, with the core's own packing so that the codes are the ones the
//! searches use.

use idastar_core::puzzles::sliding::{pack_tiles, Geometry, Tiles};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2};
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

/// Sliding-tile boards to their tile codes: one `u64` word a board up to 16
/// cells, two (low, high) of a `u128` beyond.
#[pyfunction]
fn sliding_pack<'py>(
    py: Python<'py>,
    boards: PyReadonlyArray2<'py, i64>,
    width: usize,
    height: usize,
) -> PyResult<Bound<'py, PyArray2<u64>>> {
    let geometry = Geometry::new(width, height).map_err(to_py)?;
    let words: Vec<[u64; 2]> = if geometry.cells() <= <u64 as Tiles>::CAPACITY {
        map_rows(&boards, |tiles| Ok([pack_tiles::<u64>(&geometry, tiles).map_err(to_py)?, 0]))?
    } else {
        map_rows(&boards, |tiles| {
            let code = pack_tiles::<u128>(&geometry, tiles).map_err(to_py)?;
            Ok([code as u64, (code >> 64) as u64])
        })?
    };
    let columns = if geometry.cells() <= <u64 as Tiles>::CAPACITY { 1 } else { 2 };
    let flat: Vec<u64> = words.iter().flat_map(|pair| pair[..columns].to_vec()).collect();
    PyArray1::from_vec(py, flat).reshape([words.len(), columns])
}

/// Tile codes (as [`sliding_pack`] makes them) back to boards.
#[pyfunction]
fn sliding_unpack<'py>(
    py: Python<'py>,
    codes: PyReadonlyArray2<'py, u64>,
    width: usize,
    height: usize,
) -> PyResult<Bound<'py, PyArray2<i64>>> {
    let geometry = Geometry::new(width, height).map_err(to_py)?;
    let cells = geometry.cells();
    let codes: Vec<u128> = codes
        .as_array()
        .outer_iter()
        .map(|words| words.iter().rev().fold(0u128, |code, &word| code << 64 | u128::from(word)))
        .collect();
    let wide = cells > <u64 as Tiles>::CAPACITY;
    Ok(unpack_rows(py, &codes, cells, |code, row| {
        for (cell, slot) in row.iter_mut().enumerate() {
            *slot = i64::from(if wide { code.get(cell) } else { (code as u64).get(cell) });
        }
    }))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(sliding_pack, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_unpack, m)?)?;
    Ok(())
}
