//! What the binding's functions share: running without the interpreter
//! lock (and noticing Ctrl-C meanwhile), thread pools, and the raw result
//! tuple of `idastar.search`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use idastar_core::{Limits, Outcome, SearchResult};
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use rayon::ThreadPool;

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
    detached_watching(py, work, |_| Ok(()))
}

/// [`detached_batch`] that also calls `wake` on the calling thread, with
/// the interpreter attached, each time that thread wakes and once more when
/// the work has ended: the way a caller passes on what the work has done so
/// far (the answers of a batch as they come), even after a Ctrl-C, so that
/// nothing found before it is lost. The first error, a signal's or one
/// `wake` returns, stops the work and is raised once it has stopped; after
/// an error of its own `wake` is not called again.
pub(crate) fn detached_watching<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(idastar_core::Interrupt) -> (R, Outcome) + Send,
    mut wake: impl FnMut(Python<'_>) -> PyResult<()> + Send,
) -> PyResult<R> {
    let cancel = AtomicBool::new(false);
    let cancelled = || cancel.load(Ordering::Relaxed);
    // Set by the worker when its work is done, before it wakes this thread:
    // the thread itself may not have finished by the time this one wakes,
    // and waiting for that would cost a whole polling interval.
    let finished = AtomicBool::new(false);
    let mut error: Option<PyErr> = None;
    let mut woken_ok = true;
    let mut watch = |error: &mut Option<PyErr>, signals: bool| {
        Python::attach(|py| {
            if signals && error.is_none() {
                if let Err(err) = py.check_signals() {
                    *error = Some(err);
                }
            }
            if woken_ok {
                if let Err(err) = wake(py) {
                    woken_ok = false;
                    error.get_or_insert(err);
                }
            }
        });
        if error.is_some() {
            cancel.store(true, Ordering::Relaxed);
        }
    };
    let joined = py.detach(|| {
        let main = std::thread::current();
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let done = work(&cancelled);
                finished.store(true, Ordering::Release);
                main.unpark();
                done
            });
            while !finished.load(Ordering::Acquire) && !worker.is_finished() {
                std::thread::park_timeout(Duration::from_millis(10));
                watch(&mut error, true);
            }
            let joined = worker.join();
            // What the work did after the last wake.
            watch(&mut error, false);
            joined
        })
    });
    // A panic of the work goes on as one here, where pyo3 catches it.
    let (result, outcome) = joined.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    if let Some(err) = error {
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
    Ok(Limits { max_cost, max_nodes, time_limit, max_states, interrupt: None, parallel: false })
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
