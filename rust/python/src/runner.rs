//! The one way the binding runs long work: without the interpreter lock (or,
//! for searches on Python callables, with it), noticing Ctrl-C meanwhile,
//! passing on what the work reports, and keeping the first error a callback
//! raised. Every solve, batch, build, whole-space count and `idastar.search`
//! runs through [`Run`]; they differ only in the thread the work runs on.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use idastar_core::MAX_THREADS;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use rayon::ThreadPool;

/// What one run of work shares with the runner: whether it should stop
/// (Ctrl-C, or a callback that failed), and the first error, raised once
/// the work has stopped.
pub(crate) struct Run {
    stop: AtomicBool,
    error: Mutex<Option<PyErr>>,
    /// Whether the work runs on the calling thread, which then looks for
    /// signals itself when asked whether to stop (Python runs signal
    /// handlers on the main thread only).
    polls_signals: bool,
}

impl Run {
    fn new(polls_signals: bool) -> Run {
        Run { stop: AtomicBool::new(false), error: Mutex::new(None), polls_signals }
    }

    /// Whether the work should stop now: the interrupt every engine and
    /// build of the core polls.
    pub(crate) fn stopped(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        self.polls_signals && Python::attach(|py| self.kept(py.check_signals()))
    }

    /// Whether the work has been told to stop, without looking for signals.
    pub(crate) fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Keeps `result`'s error, if it is the first, and stops the work;
    /// true when there was one.
    pub(crate) fn kept<T>(&self, result: PyResult<T>) -> bool {
        let Err(err) = result else { return false };
        self.error.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(err);
        self.stop.store(true, Ordering::Relaxed);
        true
    }

    /// Calls `callback(*args)` (a progress report) from any thread of the
    /// work; true when it raised, which stops the work.
    pub(crate) fn report(&self, callback: Option<&Py<PyAny>>, args: (usize, usize, u32, u64, u64)) -> bool {
        let Some(callback) = callback else { return false };
        self.stopping() || Python::attach(|py| self.kept(callback.call1(py, args)))
    }

    /// `done`, or the first error of the run: a signal's exception (most
    /// often KeyboardInterrupt) or a callback's.
    fn finish<R>(self, done: R) -> PyResult<R> {
        match self.error.into_inner().unwrap_or_else(PoisonError::into_inner) {
            Some(err) => Err(err),
            None => Ok(done),
        }
    }
}

/// Runs `work` here, holding the interpreter lock: for searches whose
/// callbacks are Python code.
pub(crate) fn run_attached<R>(work: impl FnOnce(&Run) -> R) -> PyResult<R> {
    let run = Run::new(true);
    let done = work(&run);
    run.finish(done)
}

/// Runs `work` here without the interpreter lock: one search on one
/// thread, which polls for signals itself (starting a thread would cost
/// more than many a search).
pub(crate) fn run_detached<R: Send>(py: Python<'_>, work: impl FnOnce(&Run) -> R + Send) -> PyResult<R> {
    let run = Run::new(true);
    let done = py.detach(|| work(&run));
    run.finish(done)
}

/// Runs `work` on a thread of its own, for work that spreads over a pool or
/// runs long: the calling thread, which would otherwise sit blocked, wakes
/// every few milliseconds to look for signals and to call `pass_on` with
/// the interpreter attached, and once more when the work has ended. That is
/// how a batch hands over its answers as they come, so that nothing found
/// before a Ctrl-C is lost. After an error of its own `pass_on` is not
/// called again.
pub(crate) fn run_on_worker<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Run) -> R + Send,
    mut pass_on: impl FnMut(Python<'_>) -> PyResult<()> + Send,
) -> PyResult<R> {
    let run = Run::new(false);
    // Set by the worker when its work is done, before it wakes this thread:
    // the thread itself may not have finished by the time this one wakes,
    // and waiting for that would cost a whole polling interval.
    let finished = AtomicBool::new(false);
    let mut passing_on = true;
    let mut watch = |signals: bool| {
        Python::attach(|py| {
            if signals && !run.stop.load(Ordering::Relaxed) {
                run.kept(py.check_signals());
            }
            if passing_on && run.kept(pass_on(py)) {
                passing_on = false;
            }
        });
    };
    let joined = py.detach(|| {
        let main = std::thread::current();
        std::thread::scope(|scope| {
            let worker = scope.spawn(|| {
                let done = work(&run);
                finished.store(true, Ordering::Release);
                main.unpark();
                done
            });
            while !finished.load(Ordering::Acquire) && !worker.is_finished() {
                std::thread::park_timeout(Duration::from_millis(10));
                watch(true);
            }
            let joined = worker.join();
            // What the work did after the last wake.
            watch(false);
            joined
        })
    });
    // A panic of the work goes on as one here, where pyo3 catches it.
    let done = joined.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    run.finish(done)
}

/// A whole-space computation of the core (a census, a distribution:
/// `Ok(None)` when its interrupt stopped it), on a worker: every thread of
/// its parallel loops polls the run.
pub(crate) fn run_whole_space<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(idastar_core::Interrupt) -> idastar_core::Result<Option<T>> + Send,
) -> PyResult<T> {
    let done = run_on_worker(py, |run| work(&|| run.stopped()), |_| Ok(()))?;
    done.map_err(crate::to_py)?.ok_or_else(|| PyKeyboardInterrupt::new_err("interrupted"))
}

/// Runs `work` on at most `threads` threads (all cores when `None`; the
/// core has checked the number), so that batch functions can be told how
/// many cores to use.
///
/// The searches are CPU-bound, so more threads than cores are never
/// started: they would only wait, and idle workers of a pool cost time, as
/// each looks for work at every other one (a batch on 1,024 threads took
/// 50 times as long as on two on a two-core machine).
pub(crate) fn on_threads<R: Send>(threads: Option<usize>, work: impl FnOnce() -> R + Send) -> PyResult<R> {
    debug_assert!(threads.is_none_or(|threads| (1..=MAX_THREADS).contains(&threads)));
    match threads {
        // The global pool has a thread per core.
        Some(threads) if threads < rayon::current_num_threads() => {
            let pool = take_pool(threads)?;
            let done = pool.install(work);
            give_back(threads, pool);
            Ok(done)
        }
        _ => Ok(work()),
    }
}

/// How many idle pools are kept for the next calls.
const KEPT_POOLS: usize = 4;

/// The pools kept idle, the one used last at the end, and how many were
/// built.
struct Pools {
    kept: Vec<(usize, ThreadPool)>,
    built: u64,
}

static POOLS: Mutex<Pools> = Mutex::new(Pools { kept: Vec::new(), built: 0 });

/// A pool of `threads` threads for one call: an idle one kept from an
/// earlier call, else a new one. The command line solves a chunk of cases
/// per call, and starting threads for each would cost more than many a
/// chunk; a call takes its pool out of the kept ones while it runs, so that
/// calls from several threads at once (a Dask worker's tasks, each on one
/// thread) each have threads of their own instead of queueing on one pool.
fn take_pool(threads: usize) -> PyResult<ThreadPool> {
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(at) = pools.kept.iter().rposition(|&(size, _)| size == threads) {
        return Ok(pools.kept.remove(at).1);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|index| format!("idastar-{index}"))
        .build()
        .map_err(|err| PyValueError::new_err(format!("cannot start {threads} threads: {err}")))?;
    pools.built += 1;
    Ok(pool)
}

/// Keeps `pool` for the next call, among the few used last: a program that
/// asks for many sizes still keeps a bounded number of threads.
fn give_back(threads: usize, pool: ThreadPool) {
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if pools.kept.len() == KEPT_POOLS {
        pools.kept.remove(0);
    }
    pools.kept.push((threads, pool));
}

/// `(built, kept)`: how many thread pools batches have built so far, and
/// the sizes of those kept, for the tests.
#[pyfunction]
pub(crate) fn _thread_pools() -> (u64, Vec<usize>) {
    let pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    (pools.built, pools.kept.iter().map(|&(size, _)| size).collect())
}
