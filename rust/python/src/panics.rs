//! A panic is a bug of idastar, never an answer: pyo3 turns one into a
//! `PanicException` (a BaseException that `except Exception` does not
//! catch), and the package wraps every function of this module so that it
//! reaches the user as `idastar.InternalError` instead (see
//! `idastar/_panics.py`). Here: the panic hook that keeps the report for
//! that message instead of printing it, and a function whose only use is to
//! panic, for the tests of that net.

use std::sync::{Mutex, Once};

use pyo3::panic::PanicException;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::runner::{on_threads, run_detached, run_on_worker};

/// The last panic's message and where it happened.
static LAST_REPORT: Mutex<Option<String>> = Mutex::new(None);

/// Keeps each panic's report for [`take_panic_report`] and prints nothing:
/// a library does not write to its host's stderr, and the exception carries
/// the report. With `RUST_BACKTRACE` set, Rust's own report (with the
/// backtrace) is printed as well.
fn keep_panic_reports() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
        let print = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if let Ok(mut last) = LAST_REPORT.lock() {
                *last = Some(info.to_string());
            }
            if std::env::var_os("RUST_BACKTRACE").is_some() {
                print(info);
            }
        }));
    });
}

/// The report of the last panic (`panicked at FILE:LINE:COLUMN:` and the
/// message), once.
#[pyfunction]
fn _take_panic_report() -> Option<String> {
    LAST_REPORT.lock().ok()?.take()
}

/// Panics on purpose, where `place` says: `"attached"` in this call,
/// `"detached"` in a search run without the interpreter lock, `"batch"` in
/// one case of a batch on a pool of `threads` threads. For the tests of
/// the net only; never called by the package.
#[pyfunction]
#[pyo3(signature = (place, threads=None))]
fn _panic_for_tests(py: Python<'_>, place: &str, threads: Option<usize>) -> PyResult<()> {
    let fail = || -> ! { panic!("a panic for the tests, {place}") };
    match place {
        "attached" => fail(),
        "detached" => run_detached(py, |_| -> () { fail() }),
        "batch" => run_on_worker(
            py,
            |_| {
                let cases: Vec<u32> = (0..64).collect();
                on_threads(threads, || {
                    cases.par_iter().for_each(|&case| {
                        if case == 37 {
                            fail();
                        }
                    })
                })
            },
            |_| Ok(()),
        )?,
        other => Err(pyo3::exceptions::PyValueError::new_err(format!("unknown place {other:?}"))),
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    keep_panic_reports();
    m.add("_PanicException", m.py().get_type::<PanicException>())?;
    m.add_function(wrap_pyfunction!(_take_panic_report, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    Ok(())
}
