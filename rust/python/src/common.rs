//! What every puzzle's functions share: limits, engine choice, running
//! without the interpreter lock, and the raw result tuple.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use idastar_core::engines::{astar, bfs, bidirectional_bfs, ida_star, ida_star_with_table, iddfs};
use idastar_core::{Limits, Outcome, Reversible, SearchResult};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::ThreadPool;

use crate::InvalidPuzzle;

/// `(outcome, cost, path, lower_bound, iterations, expanded, generated, seconds)`;
/// the Python layer wraps it in typed result objects.
pub(crate) type RawResult<M> = (&'static str, Option<u32>, Vec<M>, Option<u32>, Vec<(u32, u64, u64)>, u64, u64, f64);

pub(crate) fn raw<M, T>(result: SearchResult<M>, convert: impl Fn(M) -> T) -> RawResult<T> {
    let stats = result.stats;
    (
        result.outcome.name(),
        result.cost,
        result.path.into_iter().map(convert).collect(),
        result.lower_bound,
        stats.iterations.iter().map(|it| (it.bound, it.expanded, it.generated)).collect(),
        stats.expanded,
        stats.generated,
        stats.elapsed.as_secs_f64(),
    )
}

/// Runs `search` without the interpreter lock, polling for Ctrl-C every few
/// milliseconds; a signal's exception (KeyboardInterrupt) is raised once the
/// search has stopped.
pub(crate) fn detached<R: Send>(
    py: Python<'_>,
    search: impl FnOnce(Option<idastar_core::Interrupt>) -> (R, Outcome) + Send,
) -> PyResult<R> {
    let pending: Mutex<Option<PyErr>> = Mutex::new(None);
    let poll = || {
        Python::attach(|py| match py.check_signals() {
            Ok(()) => false,
            Err(err) => {
                *pending.lock().expect("not poisoned") = Some(err);
                true
            }
        })
    };
    let (result, outcome) = py.detach(|| search(Some(&poll)));
    if let Some(err) = pending.into_inner().expect("not poisoned") {
        return Err(err);
    }
    if outcome == Outcome::Interrupted {
        return Err(PyKeyboardInterrupt::new_err("search interrupted"));
    }
    Ok(result)
}

/// [`detached`] for work spread over a thread pool. Python runs signal
/// handlers on the main thread only, and that thread would sit blocked while
/// the pool works; so the work runs on a thread of its own while the main
/// thread wakes every few milliseconds to check for Ctrl-C, and a signal
/// raises a flag that every search of the batch polls.
pub(crate) fn detached_batch<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(idastar_core::Interrupt) -> (R, Outcome) + Send,
) -> PyResult<R> {
    let cancel = AtomicBool::new(false);
    let cancelled = || cancel.load(Ordering::Relaxed);
    let mut signal: Option<PyErr> = None;
    let joined = py.detach(|| {
        let main = std::thread::current();
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let done = work(&cancelled);
                main.unpark();
                done
            });
            while !worker.is_finished() {
                std::thread::park_timeout(Duration::from_millis(10));
                if signal.is_none() {
                    if let Err(err) = Python::attach(|py| py.check_signals()) {
                        signal = Some(err);
                        cancel.store(true, Ordering::Relaxed);
                    }
                }
            }
            worker.join()
        })
    });
    // A panic of the work goes on as one here, where pyo3 catches it.
    let (result, outcome) = joined.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    if let Some(err) = signal {
        return Err(err);
    }
    if outcome == Outcome::Interrupted {
        return Err(PyKeyboardInterrupt::new_err("search interrupted"));
    }
    Ok(result)
}

/// Runs a whole-space computation of the core (a census, a distribution:
/// `Ok(None)` when its interrupt stopped it) with [`detached_batch`]: the
/// interrupt it polls, from every thread of its parallel loops, is the flag
/// that Ctrl-C raises.
pub(crate) fn detached_whole_space<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(idastar_core::Interrupt) -> idastar_core::Result<Option<T>> + Send,
) -> PyResult<T> {
    let done = detached_batch(py, |interrupt| {
        let done = work(interrupt);
        let outcome = if matches!(done, Ok(None)) { Outcome::Interrupted } else { Outcome::Solved };
        (done, outcome)
    })?;
    done.map_err(crate::to_py)?.ok_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))
}

pub(crate) fn limits<'a>(
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    max_states: Option<usize>,
) -> PyResult<Limits<'a>> {
    let time_limit = match time_limit {
        Some(seconds) if !(seconds.is_finite() && seconds >= 0.0) => {
            return Err(PyValueError::new_err(format!(
                "time_limit must be a non-negative number of seconds, got {seconds}"
            )))
        }
        // A limit beyond what a Duration holds (about 584 billion years) is
        // no limit.
        seconds => seconds.and_then(|seconds| Duration::try_from_secs_f64(seconds).ok()),
    };
    Ok(Limits { max_cost, max_nodes, time_limit, max_states, interrupt: None })
}

/// The engines by name; `table_entries` gives IDA* a transposition table.
#[derive(Clone, Copy)]
pub(crate) enum EngineChoice {
    Ida(Option<usize>),
    Astar,
    Iddfs,
    Bfs,
    Bidirectional,
}

impl EngineChoice {
    pub(crate) fn parse(name: &str, table_entries: Option<usize>) -> PyResult<Self> {
        Ok(match name {
            "ida" => EngineChoice::Ida(table_entries.filter(|&entries| entries > 0)),
            "astar" => EngineChoice::Astar,
            "iddfs" => EngineChoice::Iddfs,
            "bfs" => EngineChoice::Bfs,
            "bidirectional" => EngineChoice::Bidirectional,
            other => {
                return Err(PyValueError::new_err(format!(
                "unknown engine {other:?}; expected one of \"ida\", \"astar\", \"iddfs\", \"bfs\", \"bidirectional\""
            )))
            }
        })
    }

    pub(crate) fn run<P: Reversible>(self, problem: &P, start: P::State, limits: &Limits) -> SearchResult<P::Move> {
        match self {
            EngineChoice::Ida(Some(entries)) => ida_star_with_table(problem, start, limits, entries),
            EngineChoice::Ida(None) => ida_star(problem, start, limits),
            EngineChoice::Astar => astar(problem, start, limits),
            EngineChoice::Iddfs => iddfs(problem, start, limits),
            EngineChoice::Bfs => bfs(problem, start, limits),
            EngineChoice::Bidirectional => bidirectional_bfs(problem, start, limits),
        }
    }
}

/// The first limit-type outcome among `results`, so that an interrupt of
/// any one search in a batch is noticed.
pub(crate) fn batch_outcome<M>(results: &[SearchResult<M>]) -> Outcome {
    results.iter().map(|r| r.outcome).find(|&o| o == Outcome::Interrupted).unwrap_or(Outcome::Solved)
}

/// Prefixes an error with the 0-based index of the case it is about.
pub(crate) fn in_case(index: usize, error: PyErr) -> PyErr {
    Python::attach(|py| {
        let message = format!("case {index}: {}", error.value(py));
        if error.is_instance_of::<InvalidPuzzle>(py) {
            InvalidPuzzle::new_err(message)
        } else {
            PyValueError::new_err(message)
        }
    })
}

/// The most threads a batch may ask for.
pub(crate) const MAX_THREADS: usize = 1024;

/// Runs `work` on at most `threads` threads (all cores when `None`), so
/// that batch functions can be told how many cores to use.
///
/// The searches are CPU-bound, so more threads than cores are never
/// started: they would only wait, and idle workers of a pool cost time, as
/// each looks for work at every other one (a batch on 1,024 threads took
/// 50 times as long as on two on a two-core machine).
pub(crate) fn on_threads<R: Send>(threads: Option<usize>, work: impl FnOnce() -> R + Send) -> PyResult<R> {
    match threads {
        Some(0) => Err(PyValueError::new_err("threads must be at least 1")),
        Some(threads) if threads > MAX_THREADS => {
            Err(PyValueError::new_err(format!("threads must be at most {MAX_THREADS}, got {threads}")))
        }
        // The global pool has a thread per core.
        Some(threads) if threads < rayon::current_num_threads() => Ok(pool_of(threads)?.install(work)),
        _ => Ok(work()),
    }
}

/// How many pools of a given size are kept for the next batch.
const KEPT_POOLS: usize = 4;

/// The pools kept, the one used last at the end, and how many were built.
struct Pools {
    kept: Vec<(usize, Arc<ThreadPool>)>,
    built: u64,
}

static POOLS: Mutex<Pools> = Mutex::new(Pools { kept: Vec::new(), built: 0 });

/// A pool of `threads` threads, built once and kept while it is among the
/// few sizes used last: the command line solves a chunk of cases per call,
/// and starting threads for each cost more than many a chunk; a program
/// that asks for many sizes still keeps a bounded number of threads.
fn pool_of(threads: usize) -> PyResult<Arc<ThreadPool>> {
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(at) = pools.kept.iter().position(|&(size, _)| size == threads) {
        let entry = pools.kept.remove(at);
        let pool = Arc::clone(&entry.1);
        pools.kept.push(entry);
        return Ok(pool);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|index| format!("idastar-{index}"))
        .build()
        .map_err(|err| PyValueError::new_err(format!("cannot start {threads} threads: {err}")))?;
    let pool = Arc::new(pool);
    pools.built += 1;
    if pools.kept.len() == KEPT_POOLS {
        pools.kept.remove(0);
    }
    pools.kept.push((threads, Arc::clone(&pool)));
    Ok(pool)
}

/// `(built, kept)`: how many thread pools batches have built so far, and
/// the sizes of those kept, for the tests.
#[pyfunction]
pub(crate) fn _thread_pools() -> (u64, Vec<usize>) {
    let pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    (pools.built, pools.kept.iter().map(|&(size, _)| size).collect())
}

/// The cases of a batch, one row each: from a 2-D `int64` numpy array (the
/// Python layer converts other integer arrays) or a sequence of sequences.
pub(crate) fn case_rows(cases: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u32>>> {
    // Lists first: asking whether something is an array loads numpy.
    if cases.is_instance_of::<PyList>() {
        return cases.extract();
    }
    let Ok(array) = cases.extract::<PyReadonlyArray2<'_, i64>>() else {
        return cases.extract();
    };
    map_rows(&array, |values| Ok(values.to_vec()))
}

/// `each` on every row of `rows` as `u32` values; errors name the row.
pub(crate) fn map_rows<T>(
    rows: &PyReadonlyArray2<'_, i64>,
    mut each: impl FnMut(&[u32]) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    let mut values = Vec::new();
    rows.as_array()
        .outer_iter()
        .enumerate()
        .map(|(index, row)| {
            values.clear();
            for &value in row {
                let value = u32::try_from(value)
                    .map_err(|_| in_case(index, InvalidPuzzle::new_err(format!("{value} is out of range"))))?;
                values.push(value);
            }
            each(&values).map_err(|e| in_case(index, e))
        })
        .collect()
}

/// How a batch function returns: one result tuple per case, or numpy
/// arrays with one entry per case (with or without the moves).
#[derive(Clone, Copy)]
pub(crate) enum BatchForm {
    Tuples,
    Arrays { paths: bool },
}

impl BatchForm {
    pub(crate) fn new(arrays: bool, paths: bool) -> Self {
        if arrays {
            BatchForm::Arrays { paths }
        } else {
            BatchForm::Tuples
        }
    }

    /// `results` in this form; `code` gives a move's `W` numbers in the
    /// arrays, `convert` its value in the tuples.
    pub(crate) fn output<'py, M, T, const W: usize>(
        self,
        py: Python<'py>,
        results: Vec<SearchResult<M>>,
        code: impl Fn(&M) -> [i32; W],
        convert: impl Fn(M) -> T,
    ) -> PyResult<Bound<'py, PyAny>>
    where
        RawResult<T>: IntoPyObject<'py>,
    {
        match self {
            BatchForm::Tuples => {
                let tuples: Vec<RawResult<T>> = results.into_iter().map(|result| raw(result, &convert)).collect();
                Ok(tuples.into_pyobject(py)?.into_any())
            }
            BatchForm::Arrays { paths } => Ok(result_arrays(py, &results, paths, code)?.into_any()),
        }
    }
}

/// A batch's results as numpy arrays, one entry per case, under the names
/// of `idastar.BatchResult`'s fields: outcome codes (`Outcome::code`),
/// lengths and lower bounds (-1 for none), node counts and seconds; with
/// `paths`, the moves, `W` numbers each, padded with -1 to the longest.
pub(crate) fn result_arrays<'py, M, const W: usize>(
    py: Python<'py>,
    results: &[SearchResult<M>],
    paths: bool,
    code: impl Fn(&M) -> [i32; W],
) -> PyResult<Bound<'py, PyDict>> {
    let optional = |value: Option<u32>| value.map_or(-1, |v| i32::try_from(v).unwrap_or(i32::MAX));
    let arrays = PyDict::new(py);
    arrays.set_item("outcomes", PyArray1::from_iter(py, results.iter().map(|r| r.outcome.code())))?;
    arrays.set_item("costs", PyArray1::from_iter(py, results.iter().map(|r| optional(r.cost))))?;
    arrays.set_item("lower_bounds", PyArray1::from_iter(py, results.iter().map(|r| optional(r.lower_bound))))?;
    arrays.set_item("expanded", PyArray1::from_iter(py, results.iter().map(|r| r.stats.expanded)))?;
    arrays.set_item("generated", PyArray1::from_iter(py, results.iter().map(|r| r.stats.generated)))?;
    arrays.set_item("elapsed", PyArray1::from_iter(py, results.iter().map(|r| r.stats.elapsed.as_secs_f64())))?;
    if paths {
        let longest = results.iter().map(|r| r.path.len()).max().unwrap_or(0);
        let mut codes = vec![-1i32; results.len() * longest * W];
        for (row, result) in results.iter().enumerate() {
            for (step, mv) in result.path.iter().enumerate() {
                let at = (row * longest + step) * W;
                codes[at..at + W].copy_from_slice(&code(mv));
            }
        }
        let flat = PyArray1::from_vec(py, codes);
        let shaped = if W == 1 {
            flat.reshape([results.len(), longest])?.into_any()
        } else {
            flat.reshape([results.len(), longest, W])?.into_any()
        };
        arrays.set_item("paths", shaped)?;
    }
    Ok(arrays)
}
