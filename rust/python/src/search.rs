//! The engines on problems written in Python: `idastar.search`.
//!
//! States are any hashable Python objects. Each distinct state gets a small
//! integer id (a dict maps states to ids), so the engines see `Copy`
//! states as always; the callbacks run with the interpreter attached, and
//! the first exception one raises stops the search and is raised as is.

use std::cell::{Cell, RefCell};

use idastar_core::engines::{astar, bfs, bidirectional_bfs, ida_star, iddfs, Spread};
use idastar_core::puzzle::read_limits;
use idastar_core::{Edge, Limits, Problem, Reversible, SearchResult};
use pyo3::exceptions::{PyRecursionError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::puzzles::options;
use crate::results::{trace_list, RawResult};
use crate::runner::{run_attached, Run};
use crate::spread::{part_from_py, report_to_py, PartTuple, PythonSpread};
use crate::to_py;

/// What the callbacks of a search share: the callables, the states met so
/// far, and the run, which keeps the first error one raised.
struct Callbacks<'py, 'a> {
    successors: Bound<'py, PyAny>,
    predecessors: Option<Bound<'py, PyAny>>,
    heuristic: Option<Bound<'py, PyAny>>,
    ids: Bound<'py, PyDict>,
    states: RefCell<Vec<Bound<'py, PyAny>>>,
    /// Once a callback has failed, every callback is skipped and the search
    /// winds down.
    run: &'a Run,
}

/// A problem whose states, moves and heuristic are Python callables, and
/// whose goal is `G`: an `is_goal` callable, or one state for bidirectional
/// search (which needs it, and so only exists with one).
struct PythonProblem<'c, 'py, 'a, G> {
    callbacks: &'c Callbacks<'py, 'a>,
    goal: G,
}

/// The id of the one goal state of a bidirectional search.
struct GoalState(u32);

/// The stack a search keeps free below it before it calls into Python:
/// enough for the interpreter's frames of a callback and for the next
/// search it may start, with room to spare.
const STACK_RESERVE: usize = 256 * 1024;

thread_local! {
    /// How many searches on Python callables run on this thread, one
    /// inside another's callback.
    static NESTED: Cell<usize> = const { Cell::new(0) };
}

/// A RecursionError when the thread's stack is nearly used up. A search on
/// Python callables uses far more native stack than the interpreter counts
/// for it (its own frames, the engine's, the interpreter's for each
/// callback), so searches nested in callbacks could overflow the stack,
/// and the process die by a signal, well within the recursion limit.
fn check_stack() -> PyResult<()> {
    match stacker::remaining_stack() {
        Some(left) if left < STACK_RESERVE => Err(PyRecursionError::new_err(format!(
            "searches nested too deep: {} searches inside one another's callbacks have used \
             up this thread's stack; nest fewer",
            NESTED.with(Cell::get)
        ))),
        _ => Ok(()),
    }
}

/// Counts a search on this thread for as long as it lives.
struct Nested;

impl Nested {
    fn enter() -> PyResult<Nested> {
        check_stack()?;
        NESTED.with(|nested| nested.set(nested.get() + 1));
        Ok(Nested)
    }
}

impl Drop for Nested {
    fn drop(&mut self) {
        NESTED.with(|nested| nested.set(nested.get() - 1));
    }
}

/// `value` as a `u32`: a TypeError for what is no integer, a ValueError for
/// an integer out of range, both saying that `what` was wrong.
fn callback_u32(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u32> {
    value.extract().map_err(|_| {
        let shown = value.repr().map(|r| r.to_string()).unwrap_or_else(|_| "an unprintable value".into());
        if value.hasattr("__index__").unwrap_or(false) {
            PyValueError::new_err(format!("{what} must be integers from 0 to {}, got {shown}", u32::MAX))
        } else {
            PyTypeError::new_err(format!("{what} must be integers, got {shown}"))
        }
    })
}

/// `value` if it can be called, else a TypeError naming the argument.
fn callable<'py>(name: &str, value: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    if value.is_callable() {
        Ok(value)
    } else {
        Err(PyTypeError::new_err(format!("{name} must be callable, got {}", value.get_type().name()?)))
    }
}

impl<'py> Callbacks<'py, '_> {
    fn id(&self, state: &Bound<'py, PyAny>) -> PyResult<u32> {
        if let Some(id) = self.ids.get_item(state)? {
            return id.extract();
        }
        let count = self.states.borrow().len();
        let id = u32::try_from(count).map_err(|_| PyValueError::new_err("more than 2^32 states"))?;
        // No borrow is held while Python code (the state's __hash__ and
        // __eq__) runs.
        self.ids.set_item(state, id)?;
        self.states.borrow_mut().push(state.clone());
        Ok(id)
    }

    fn state(&self, id: u32) -> Bound<'py, PyAny> {
        self.states.borrow()[id as usize].clone()
    }

    /// Runs a callback, keeping its first error.
    fn guarded<T>(&self, fallback: T, call: impl FnOnce() -> PyResult<T>) -> T {
        if self.run.stopping() {
            return fallback;
        }
        match check_stack().and_then(|()| call()) {
            Ok(value) => value,
            Err(err) => {
                self.run.kept::<()>(Err(err));
                fallback
            }
        }
    }

    fn edges(&self, function: &Bound<'py, PyAny>, id: u32, out: &mut Vec<Edge<u32, u32>>, forward: bool) {
        self.guarded((), || {
            let returned = function.call1((self.state(id),))?;
            let pairs = returned.try_iter().map_err(|_| {
                PyTypeError::new_err(format!(
                    "successors must return an iterable of (state, cost) pairs, got {}",
                    returned.get_type().name().map(|n| n.to_string()).unwrap_or_default()
                ))
            })?;
            for pair in pairs {
                let pair = pair?;
                let (next, cost): (Bound<'py, PyAny>, Bound<'py, PyAny>) = pair.extract().map_err(|_| {
                    PyTypeError::new_err(format!(
                        "successors must yield (state, cost) pairs, got {}",
                        pair.repr().map(|r| r.to_string()).unwrap_or_default()
                    ))
                })?;
                let cost = callback_u32(&cost, "move costs")?;
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

/// How a problem tells a goal.
trait Goal {
    fn reached(&self, callbacks: &Callbacks<'_, '_>, id: u32) -> bool;
}

impl Goal for Bound<'_, PyAny> {
    fn reached(&self, callbacks: &Callbacks<'_, '_>, id: u32) -> bool {
        callbacks.guarded(false, || self.call1((callbacks.state(id),))?.is_truthy())
    }
}

impl Goal for GoalState {
    fn reached(&self, _callbacks: &Callbacks<'_, '_>, id: u32) -> bool {
        self.0 == id
    }
}

impl<G: Goal> Problem for PythonProblem<'_, '_, '_, G> {
    type State = u32;
    type Move = u32;
    const SKIP_CYCLES: bool = true;
    // A callback may take any time: a time limit or Ctrl-C is noticed after
    // the expansion that passed it, not thousands later.
    const EXPANSIONS_PER_CHECK: u64 = 1;

    fn is_goal(&self, id: &u32) -> bool {
        self.goal.reached(self.callbacks, *id)
    }

    fn heuristic(&self, id: &u32) -> u32 {
        let Some(heuristic) = &self.callbacks.heuristic else { return 0 };
        // After an error, a bound of "infinity" cuts every branch at once.
        self.callbacks
            .guarded(u32::MAX, || callback_u32(&heuristic.call1((self.callbacks.state(*id),))?, "heuristic values"))
    }

    fn successors(&self, id: &u32, _last: Option<u32>, out: &mut Vec<Edge<u32, u32>>) {
        self.callbacks.edges(&self.callbacks.successors, *id, out, true);
    }
}

impl Reversible for PythonProblem<'_, '_, '_, GoalState> {
    fn goal(&self) -> u32 {
        self.goal.0
    }

    fn predecessors(&self, id: &u32, out: &mut Vec<Edge<u32, u32>>) {
        let function = self.callbacks.predecessors.as_ref().unwrap_or(&self.callbacks.successors);
        self.callbacks.edges(function, *id, out, false);
    }
}

/// Runs one of the engines on Python callables; see `idastar.search`.
/// Returns the raw result with the path as the states from start to goal.
///
/// `bidirectional_bfs` takes a `goal` state; the other engines an
/// `is_goal` callable. The limits are options, as the puzzles take them:
/// `max_cost`, `node_limit`, `time_limit`, `state_limit`.
///
/// With `spread` (see [`PythonSpread`]), the large passes of `ida_star`
/// and `iddfs` are handed out to other processes, which search their
/// parts with `part=((bound, wanted, count), (first, end))`: the search is
/// then of that part of one pass only, `stopped()` is asked whether to
/// stop, and what is returned is the part's report (see
/// [`crate::spread::report_to_py`]).
#[pyfunction]
#[pyo3(signature = (engine, start, successors, *, heuristic=None, is_goal=None, goal=None, predecessors=None, options=None, spread=None, part=None, stopped=None))]
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
    options: Option<&Bound<'py, PyDict>>,
    spread: Option<Bound<'py, PyAny>>,
    part: Option<PartTuple>,
    stopped: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    const ENGINES: [&str; 5] = ["ida_star", "astar", "iddfs", "bfs", "bidirectional_bfs"];
    if !ENGINES.contains(&engine) {
        return Err(PyValueError::new_err(format!("unknown engine {engine:?}; expected one of {ENGINES:?}")));
    }
    let (mut options, _) = self::options(options, Some("idastar.search"), &[])?;
    let limits = read_limits(&mut options, "max_cost").map_err(to_py)?;
    options.finish("idastar.search").map_err(to_py)?;
    if limits.trace.is_some() && matches!(engine, "bfs" | "bidirectional_bfs") {
        return Err(PyValueError::new_err(format!("trace: {engine} records no trace; ida_star, iddfs and astar do")));
    }
    let _nested = Nested::enter()?;
    let spreader = spread.as_ref().map(PythonSpread::new).transpose()?;
    let stopped = stopped.map(Bound::unbind);
    let part = part.map(part_from_py);
    let search = |run: &Run| -> PyResult<Bound<'py, PyAny>> {
        let callbacks = Callbacks {
            successors: callable("successors", successors)?,
            predecessors: predecessors.map(|p| callable("predecessors", p)).transpose()?,
            heuristic: heuristic.map(|h| callable("heuristic", h)).transpose()?,
            ids: PyDict::new(py),
            states: RefCell::new(Vec::new()),
            run,
        };
        let start_id = callbacks.id(&start)?;
        // Ctrl-C, or an exception in a callback, stops the search; a part
        // stops too when the search it is of no longer needs it.
        let stop = || {
            run.stopped()
                || stopped.as_ref().is_some_and(|stopped| {
                    Python::attach(|py| match stopped.call0(py).and_then(|said| said.bind(py).is_truthy()) {
                        Ok(said) => said,
                        Err(err) => run.kept::<()>(Err(err)),
                    })
                })
        };
        let spread = spreader.as_ref().map(|spreader| spreader.on(run));
        let limits = Limits {
            interrupt: Some(&stop),
            spread: spread.as_ref().map(|spread| spread as &dyn Spread),
            part: part.as_ref(),
            ..limits
        };
        let result: SearchResult<u32> = if engine == "bidirectional_bfs" {
            let goal = goal
                .ok_or_else(|| PyValueError::new_err("goal must be the goal state for bidirectional_bfs, got None"))?;
            let problem = PythonProblem { callbacks: &callbacks, goal: GoalState(callbacks.id(&goal)?) };
            bidirectional_bfs(&problem, start_id, &limits)
        } else {
            let is_goal = is_goal.ok_or_else(|| PyTypeError::new_err(format!("{engine} needs is_goal, got None")))?;
            let problem = PythonProblem { callbacks: &callbacks, goal: callable("is_goal", is_goal)? };
            match engine {
                "ida_star" => ida_star(&problem, start_id, &limits),
                "astar" => astar(&problem, start_id, &limits),
                "iddfs" => iddfs(&problem, start_id, &limits),
                _ => bfs(&problem, start_id, &limits),
            }
        };
        if let Some(part) = &part {
            return match part.report() {
                Some(Ok(report)) => Ok(report_to_py(report).into_pyobject(py)?.into_any()),
                Some(Err(refused)) => Err(PyValueError::new_err(refused)),
                None => Err(PyValueError::new_err(format!("{engine} searches no parts of a pass"))),
            };
        }
        let result = result.with_trace_checked(limits.trace, engine).map_err(to_py)?;
        let mut path: Vec<Bound<'py, PyAny>> = result.path.iter().map(|&id| callbacks.state(id)).collect();
        if result.is_solved() {
            path.insert(0, start);
        }
        let path = PyList::new(py, path)?.into_any();
        // A move is named by the state it reaches, which the trace shows.
        let trace = result.trace.as_ref().map(|trace| trace_list(py, trace, |&id| Ok(callbacks.state(id))));
        let trace = trace.transpose()?;
        let raw =
            RawResult::new(py, result.outcome, result.cost, path, result.lower_bound, &result.stats, None, trace)?;
        Ok(raw.into_any())
    };
    run_attached(search)?
}
