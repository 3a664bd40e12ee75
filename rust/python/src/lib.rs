//! The Python binding: converts arguments, runs the core without the
//! interpreter lock, converts results. No search logic lives here: one
//! module per puzzle, sharing `common`.

mod booksort;
mod panics;
mod permutation;
mod puzzles;
mod results;
mod rotation;
mod runner;
mod search;
mod sliding;
mod spread;
mod squares;

use idastar_core::{Error, Outcome};
use pyo3::create_exception;
use pyo3::exceptions::{
    PyKeyboardInterrupt, PyMemoryError, PyRuntimeError, PyTimeoutError, PyTypeError, PyUserWarning, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

create_exception!(idastar, InvalidPuzzle, PyValueError, "The input does not describe a valid position of the puzzle.");
create_exception!(idastar, Unsolvable, InvalidPuzzle, "The position is valid, but the goal cannot be reached from it.");
create_exception!(
    idastar,
    CacheWarning,
    PyUserWarning,
    "Tables built for the cache directory (pattern databases) could not be kept there: \
     this run goes on, and later runs build them again."
);
create_exception!(
    idastar,
    InternalError,
    PyRuntimeError,
    "A bug in idastar, not in the input: an internal check failed (a panic of the Rust core). \
     Please report it with the message, which says where."
);

/// The one place where core errors become Python exceptions.
pub(crate) fn to_py(error: Error) -> PyErr {
    match error {
        Error::InvalidPuzzle(message) => InvalidPuzzle::new_err(message),
        Error::Unsolvable(message) => Unsolvable::new_err(message),
        Error::InvalidArgument(message) => PyValueError::new_err(message),
        Error::WrongType(message) => PyTypeError::new_err(message),
        Error::Stopped(Outcome::Interrupted) => PyKeyboardInterrupt::new_err("interrupted"),
        Error::Stopped(Outcome::MemoryLimit) => PyMemoryError::new_err("the machine could not give the memory needed"),
        Error::Stopped(Outcome::TimeLimit) => PyTimeoutError::new_err("the time limit ran out"),
        Error::Stopped(outcome) => PyRuntimeError::new_err(format!("stopped: {}", outcome.name())),
    }
}

/// Declared as not needing the GIL, so that a free-threaded interpreter
/// keeps it off: the binding holds no Python state of its own and no
/// unsafe code, the core's shared tables sit behind `OnceLock` and `Mutex`,
/// and every search already runs detached. Callbacks of `idastar.search`
/// are called from one thread per search, as with the GIL.
#[pymodule(gil_used = false)]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("InvalidPuzzle", m.py().get_type::<InvalidPuzzle>())?;
    m.add("Unsolvable", m.py().get_type::<Unsolvable>())?;
    m.add("InternalError", m.py().get_type::<InternalError>())?;
    m.add("CacheWarning", m.py().get_type::<CacheWarning>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MAX_THREADS", idastar_core::MAX_THREADS)?;
    m.add_function(wrap_pyfunction!(runner::_thread_pools, m)?)?;
    // The outcome names in the order of their codes in batch arrays.
    m.add("OUTCOMES", PyTuple::new(m.py(), idastar_core::Outcome::ALL.map(idastar_core::Outcome::name))?)?;
    booksort::register(m)?;
    panics::register(m)?;
    permutation::register(m)?;
    puzzles::register(m)?;
    results::register(m)?;
    rotation::register(m)?;
    m.add_function(wrap_pyfunction!(search::search_python, m)?)?;
    squares::register(m)?;
    sliding::register(m)?;
    Ok(())
}
