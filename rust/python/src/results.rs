//! The one shape a search's answer crosses into Python in, for the puzzles,
//! their batches and `idastar.search` alike: [`RawResult`], which
//! `idastar.Solution` reads by name; and a batch's answers as numpy arrays.

use idastar_core::engines::Trace;
use idastar_core::puzzle::{Answer, AnyPuzzle, MoveCode};
use idastar_core::{Outcome, SearchResult, Stats};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// One search's answer as the core gives it: the outcome's name, the cost
/// and path when solved, the lower bound proved, the statistics and the
/// puzzle's extra number (the Rotation Game's centre). `idastar.Solution`
/// wraps it; the iterations become Python objects only when asked for, as
/// a batch of many short searches would otherwise spend much of its time
/// building them.
#[pyclass(frozen, module = "idastar._core")]
pub(crate) struct RawResult {
    #[pyo3(get)]
    outcome: Py<PyString>,
    #[pyo3(get)]
    cost: Option<u32>,
    /// A list of moves (ints, or tuples when a move takes several), the
    /// string of the moves' letters for a puzzle that names them by
    /// letters, or the states of `idastar.search`.
    #[pyo3(get)]
    path: Py<PyAny>,
    #[pyo3(get)]
    lower_bound: Option<u32>,
    iterations: Vec<(u32, u64, u64)>,
    #[pyo3(get)]
    expanded: u64,
    #[pyo3(get)]
    generated: u64,
    /// Seconds.
    #[pyo3(get)]
    elapsed: f64,
    #[pyo3(get)]
    extra: Option<u32>,
    /// A traced search's nodes: a list of `(bound, nodes, goal)`, each node
    /// `(parent, move, g, h, pruned)`, its move written as the path's;
    /// None when the search was not traced.
    #[pyo3(get)]
    trace: Option<Py<PyList>>,
}

#[pymethods]
impl RawResult {
    /// `(bound, expanded, generated)` of each iteration.
    #[getter]
    fn iterations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.iterations)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "RawResult(outcome={:?}, cost={:?}, lower_bound={:?}, expanded={})",
            self.outcome.bind(py).to_string(),
            self.cost,
            self.lower_bound,
            self.expanded
        )
    }
}

impl RawResult {
    /// The result of `outcome`, `cost`, `lower_bound` and `stats` with
    /// `path` already converted, and `extra` if the puzzle has one.
    #[allow(clippy::too_many_arguments)] // the fields of the Python object, one each
    pub(crate) fn new<'py>(
        py: Python<'py>,
        outcome: Outcome,
        cost: Option<u32>,
        path: Bound<'py, PyAny>,
        lower_bound: Option<u32>,
        stats: &Stats,
        extra: Option<u32>,
        trace: Option<Bound<'py, PyList>>,
    ) -> PyResult<Bound<'py, RawResult>> {
        let raw = RawResult {
            outcome: outcome_name(py, outcome).unbind(),
            cost,
            path: path.unbind(),
            lower_bound,
            iterations: stats.iterations.iter().map(|it| (it.bound, it.expanded, it.generated)).collect(),
            expanded: stats.expanded,
            generated: stats.generated,
            elapsed: stats.elapsed.as_secs_f64(),
            extra,
            trace: trace.map(Bound::unbind),
        };
        Bound::new(py, raw)
    }

    /// A puzzle's answer, its path written as `idastar.<puzzle>` reads it.
    pub(crate) fn of_answer<'py>(
        py: Python<'py>,
        puzzle: &dyn AnyPuzzle,
        (result, extra): Answer,
    ) -> PyResult<Bound<'py, RawResult>> {
        let path = written_path(py, puzzle, &result.path)?;
        let extra = (puzzle.extra().is_some() && result.outcome == Outcome::Solved).then_some(extra);
        let trace = result.trace.as_ref().map(|trace| trace_list(py, trace, |code| written_move(py, puzzle, code)));
        Self::new(py, result.outcome, result.cost, path, result.lower_bound, &result.stats, extra, trace.transpose()?)
    }
}

/// A trace as `RawResult::trace` holds it, each move written by `write`.
pub(crate) fn trace_list<'py, M>(
    py: Python<'py>,
    trace: &Trace<M>,
    mut write: impl FnMut(&M) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let iterations = PyList::empty(py);
    for iteration in &trace.iterations {
        let nodes = PyList::empty(py);
        for node in &iteration.nodes {
            let mv = node.mv.as_ref().map(&mut write).transpose()?;
            nodes.append((node.parent, mv, node.g, node.h, node.pruned))?;
        }
        iterations.append((iteration.bound, nodes, iteration.goal))?;
    }
    Ok(iterations)
}

/// One move as the puzzle's Python module reads it: its letter, an int, or
/// a tuple of ints.
fn written_move<'py>(py: Python<'py>, puzzle: &dyn AnyPuzzle, code: &MoveCode) -> PyResult<Bound<'py, PyAny>> {
    let width = puzzle.move_width();
    Ok(if let Some(letters) = puzzle.move_letters() {
        let letter = usize::try_from(code[0]).ok().and_then(|at| letters.get(at..=at));
        PyString::new(py, letter.expect("every move code has its letter")).into_any()
    } else if width == 1 {
        code[0].into_pyobject(py)?.into_any()
    } else {
        PyTuple::new(py, &code[..width])?.into_any()
    })
}

/// The outcome's name as a Python string made once: a batch hands one to
/// every case.
fn outcome_name(py: Python<'_>, outcome: Outcome) -> Bound<'_, PyString> {
    static NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
    let names =
        NAMES.get_or_init(py, || Outcome::ALL.iter().map(|o| PyString::intern(py, o.name()).unbind()).collect());
    names[usize::from(outcome.code())].bind(py).clone()
}

/// A path of move codes as the puzzle's Python module reads it: the string
/// of their letters, a list of ints, or a list of tuples.
fn written_path<'py>(py: Python<'py>, puzzle: &dyn AnyPuzzle, path: &[MoveCode]) -> PyResult<Bound<'py, PyAny>> {
    let width = puzzle.move_width();
    Ok(if let Some(letters) = puzzle.move_letters() {
        let letter = |code: &MoveCode| usize::try_from(code[0]).ok().and_then(|at| letters.get(at..=at));
        let spelled: Option<String> = path.iter().map(letter).collect();
        PyString::new(py, &spelled.expect("every move code has its letter")).into_any()
    } else if width == 1 {
        PyList::new(py, path.iter().map(|code| code[0]))?.into_any()
    } else {
        PyList::new(py, path.iter().map(|code| PyTuple::new(py, &code[..width]).expect("small ints")))?.into_any()
    })
}

/// The answers as numpy arrays, one entry per case, under the names of
/// `idastar.BatchResult`'s fields: outcome codes (`Outcome::code`), costs
/// and lower bounds (-1 for none), node counts and seconds, the puzzle's
/// extra numbers (plural: "centres"); with `paths`, the moves, padded with
/// -1 to the longest, a column per number of a move when it has several.
pub(crate) fn result_arrays<'py>(
    py: Python<'py>,
    puzzle: &dyn AnyPuzzle,
    answers: &[Answer],
    paths: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let results = || answers.iter().map(|(result, _)| result);
    let optional = |value: Option<u32>| value.map_or(-1, |v| i32::try_from(v).unwrap_or(i32::MAX));
    let arrays = PyDict::new(py);
    arrays.set_item("outcomes", PyArray1::from_iter(py, results().map(|r| r.outcome.code())))?;
    arrays.set_item("costs", PyArray1::from_iter(py, results().map(|r| optional(r.cost))))?;
    arrays.set_item("lower_bounds", PyArray1::from_iter(py, results().map(|r| optional(r.lower_bound))))?;
    arrays.set_item("expanded", PyArray1::from_iter(py, results().map(|r| r.stats.expanded)))?;
    arrays.set_item("generated", PyArray1::from_iter(py, results().map(|r| r.stats.generated)))?;
    arrays.set_item("elapsed", PyArray1::from_iter(py, results().map(|r| r.stats.elapsed.as_secs_f64())))?;
    if let Some(extra) = puzzle.extra() {
        let extras = answers.iter().map(|&(ref result, extra)| if result.is_solved() { extra as i32 } else { -1 });
        arrays.set_item(format!("{extra}s"), PyArray1::from_iter(py, extras))?;
    }
    if paths {
        arrays.set_item("paths", path_array(py, results(), answers.len(), puzzle.move_width())?)?;
    }
    Ok(arrays)
}

fn path_array<'py, 'a>(
    py: Python<'py>,
    results: impl Iterator<Item = &'a SearchResult<MoveCode>> + Clone,
    cases: usize,
    width: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let longest = results.clone().map(|r| r.path.len()).max().unwrap_or(0);
    let mut codes = vec![-1i32; cases * longest * width];
    for (row, result) in results.enumerate() {
        for (step, code) in result.path.iter().enumerate() {
            let at = (row * longest + step) * width;
            codes[at..at + width].copy_from_slice(&code[..width]);
        }
    }
    let flat = PyArray1::from_vec(py, codes);
    Ok(if width == 1 {
        flat.reshape([cases, longest])?.into_any()
    } else {
        flat.reshape([cases, longest, width])?.into_any()
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<RawResult>()
}
