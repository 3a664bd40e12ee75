//! The engines on problems written in Python: `idastar.search`.
//!
//! States are any hashable Python objects. Each distinct state gets a small
//! integer id (a dict maps states to ids), so the engines see `Copy`
//! states as always; the callbacks run with the interpreter attached, and
//! the first exception one raises stops the search and is raised as is.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use idastar_core::engines::{astar, bfs, bidirectional_bfs, ida_star, iddfs};
use idastar_core::{Edge, Limits, Outcome, Problem, Reversible, SearchResult};
use pyo3::exceptions::{PyKeyboardInterrupt, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::common::{limits, raw, RawResult};

/// A problem whose states, moves and heuristic are Python callables.
struct PythonProblem<'py, 'a> {
    successors: Bound<'py, PyAny>,
    predecessors: Option<Bound<'py, PyAny>>,
    heuristic: Option<Bound<'py, PyAny>>,
    is_goal: Option<Bound<'py, PyAny>>,
    goal: Option<u32>,
    ids: Bound<'py, PyDict>,
    states: RefCell<Vec<Bound<'py, PyAny>>>,
    /// The first exception a callback raised; once set, every callback is
    /// skipped and the search winds down.
    error: Mutex<Option<PyErr>>,
    failed: &'a AtomicBool,
}

impl<'py> PythonProblem<'py, '_> {
    fn id(&self, state: &Bound<'py, PyAny>) -> PyResult<u32> {
        if let Some(id) = self.ids.get_item(state)? {
            return id.extract();
        }
        let mut states = self.states.borrow_mut();
        let id = u32::try_from(states.len()).map_err(|_| PyValueError::new_err("more than 2^32 states"))?;
        self.ids.set_item(state, id)?;
        states.push(state.clone());
        Ok(id)
    }

    fn state(&self, id: u32) -> Bound<'py, PyAny> {
        self.states.borrow()[id as usize].clone()
    }

    fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// Runs a callback, keeping its first error.
    fn guarded<T>(&self, fallback: T, call: impl FnOnce() -> PyResult<T>) -> T {
        if self.failed() {
            return fallback;
        }
        call().unwrap_or_else(|err| {
            self.error.lock().expect("not poisoned").get_or_insert(err);
            self.failed.store(true, Ordering::Relaxed);
            fallback
        })
    }

    fn edges(&self, function: &Bound<'py, PyAny>, id: u32, out: &mut Vec<Edge<u32, u32>>, forward: bool) {
        self.guarded((), || {
            for pair in function.call1((self.state(id),))?.try_iter()? {
                let pair = pair?;
                let (next, cost): (Bound<'py, PyAny>, Bound<'py, PyAny>) = pair.extract().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "successors must yield (state, cost) pairs, got {}",
                        pair.repr().map(|r| r.to_string()).unwrap_or_default()
                    ))
                })?;
                let cost: u32 = cost.extract().map_err(|_| {
                    PyValueError::new_err(format!("move costs must be non-negative integers, got {cost}"))
                })?;
                let next = self.id(&next)?;
                // Forwards a move is named by the state it reaches; backwards
                // by the state it leaves from, which the engine links to `id`.
                let mv = if forward { next } else { id };
                out.push(Edge::new(mv, next, cost));
            }
            Ok(())
        })
    }
}

impl Problem for PythonProblem<'_, '_> {
    type State = u32;
    type Move = u32;
    const SKIP_CYCLES: bool = true;

    fn is_goal(&self, id: &u32) -> bool {
        match (&self.is_goal, self.goal) {
            (Some(is_goal), _) => self.guarded(false, || is_goal.call1((self.state(*id),))?.is_truthy()),
            (None, goal) => goal == Some(*id),
        }
    }

    fn heuristic(&self, id: &u32) -> u32 {
        let Some(heuristic) = &self.heuristic else { return 0 };
        // After an error, a bound of "infinity" cuts every branch at once.
        self.guarded(u32::MAX, || {
            let value = heuristic.call1((self.state(*id),))?;
            value.extract().map_err(|_| {
                PyValueError::new_err(format!("the heuristic must return non-negative integers, got {value}"))
            })
        })
    }

    fn successors(&self, id: &u32, _last: Option<u32>, out: &mut Vec<Edge<u32, u32>>) {
        self.edges(&self.successors, *id, out, true);
    }
}

impl Reversible for PythonProblem<'_, '_> {
    fn goal(&self) -> u32 {
        self.goal.expect("bidirectional search is given a goal state")
    }

    fn predecessors(&self, id: &u32, out: &mut Vec<Edge<u32, u32>>) {
        let function = self.predecessors.as_ref().unwrap_or(&self.successors);
        self.edges(function, *id, out, false);
    }
}

/// Runs one of the engines on Python callables; see `idastar.search`.
/// Returns the raw result with the path as the states from start to goal.
#[pyfunction]
#[pyo3(signature = (engine, start, successors, *, heuristic=None, is_goal=None, goal=None, predecessors=None, max_cost=None, max_nodes=None, time_limit=None, max_states=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_python<'py>(
    py: Python<'py>,
    engine: &str,
    start: Bound<'py, PyAny>,
    successors: Bound<'py, PyAny>,
    heuristic: Option<Bound<'py, PyAny>>,
    is_goal: Option<Bound<'py, PyAny>>,
    goal: Option<Bound<'py, PyAny>>,
    predecessors: Option<Bound<'py, PyAny>>,
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    max_states: Option<usize>,
) -> PyResult<RawResult<Bound<'py, PyAny>>> {
    let failed = AtomicBool::new(false);
    let mut problem = PythonProblem {
        successors,
        predecessors,
        heuristic,
        is_goal,
        goal: None,
        ids: PyDict::new(py),
        states: RefCell::new(Vec::new()),
        error: Mutex::new(None),
        failed: &failed,
    };
    let start_id = problem.id(&start)?;
    if let Some(goal) = &goal {
        problem.goal = Some(problem.id(goal)?);
    }
    let limits = limits(max_cost, max_nodes, time_limit, max_states)?;
    let pending = Mutex::new(None::<PyErr>);
    // Ctrl-C, or an exception in a callback, stops the search.
    let stop = || {
        if failed.load(Ordering::Relaxed) {
            return true;
        }
        match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(err) => {
                *pending.lock().expect("not poisoned") = Some(err);
                true
            }
        }
    };
    let limits = Limits { interrupt: Some(&stop), ..limits };
    let result: SearchResult<u32> = match engine {
        "ida_star" => ida_star(&problem, start_id, &limits),
        "astar" => astar(&problem, start_id, &limits),
        "iddfs" => iddfs(&problem, start_id, &limits),
        "bfs" => bfs(&problem, start_id, &limits),
        "bidirectional_bfs" => bidirectional_bfs(&problem, start_id, &limits),
        other => return Err(PyValueError::new_err(format!("unknown engine {other:?}"))),
    };
    if let Some(err) = problem.error.lock().expect("not poisoned").take() {
        return Err(err);
    }
    if let Some(err) = pending.into_inner().expect("not poisoned") {
        return Err(err);
    }
    if result.outcome == Outcome::Interrupted {
        return Err(PyKeyboardInterrupt::new_err("search interrupted"));
    }
    let solved = result.is_solved();
    let mut raw = raw(result, |id| problem.state(id));
    if solved {
        raw.2.insert(0, start);
    }
    Ok(raw)
}
