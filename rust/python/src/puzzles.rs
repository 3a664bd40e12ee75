//! The functions every puzzle shares, over the core's registry: each takes
//! the puzzle's name, its cases as integers and its options as one dict,
//! and runs the core without the interpreter lock.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use idastar_core::engines::{Part, PartReport, Spread};
use idastar_core::puzzle::{Answer, Answered, AnyPuzzle, Hooks, Job, Options, Progress, Task, Value};
use idastar_core::puzzles::{find, REGISTRY};
use idastar_core::Outcome;
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString, PyTuple};

use crate::results::{result_arrays, RawResult};
use crate::runner::{on_threads, run_detached, run_on_worker, run_whole_space, Run};
use crate::spread::{part_from_py, report_to_py, PythonSpread, ReportTuple};
use crate::to_py;

fn puzzle(name: &str) -> PyResult<&'static dyn AnyPuzzle> {
    find(name).ok_or_else(|| PyValueError::new_err(format!("unknown puzzle {name:?}")))
}

/// One option's value as the core takes it.
fn value(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Value> {
    if value.is_none() {
        return Ok(Value::None);
    }
    if let Ok(flag) = value.cast::<PyBool>() {
        return Ok(Value::Bool(flag.is_true()));
    }
    if is_numpy_bool(value)? {
        return Ok(Value::Bool(value.is_truthy()?));
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Value::Str(text.to_str()?.to_owned()));
    }
    if value.is_instance_of::<PyFloat>() {
        return Ok(Value::Float(value.extract()?));
    }
    if value.hasattr("__index__")? {
        return Ok(Value::Int(value.extract::<i128>().unwrap_or_else(|_| {
            // Beyond i128 either way: beyond every limit, or below zero.
            if value.lt(0).unwrap_or(false) {
                i128::MIN
            } else {
                i128::MAX
            }
        })));
    }
    // Other real numbers (numpy's float32, say) as floats.
    if !value.is_instance_of::<pyo3::types::PyComplex>() && value.hasattr("__float__")? {
        if let Ok(number) = value.extract::<f64>() {
            return Ok(Value::Float(number));
        }
    }
    if value.hasattr("__fspath__")? {
        let os = value.py().import("os")?;
        return self::value(name, &os.call_method1("fspath", (value,))?);
    }
    if let Ok(values) = value.extract::<Vec<i64>>() {
        return Ok(Value::Ints(values));
    }
    if let Ok(lists) = value.extract::<Vec<Vec<i64>>>() {
        return Ok(Value::IntLists(lists));
    }
    Err(PyTypeError::new_err(format!(
        "{name} cannot be a {}: {}",
        value.get_type().name()?,
        value.repr().map_or_else(|_| "?".into(), |r| r.to_string())
    )))
}

/// Whether `value` is numpy's bool, which is no integer (numpy 2 gives it
/// no `__index__`) but would pass for the float 1.0 or 0.0 otherwise.
fn is_numpy_bool(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let kind = value.get_type();
    Ok(kind.module()?.to_str()? == "numpy" && matches!(kind.name()?.to_str()?, "bool" | "bool_"))
}

/// The options of a call, and its `progress` callback (which stays in
/// Python) apart. `called` is what the caller called, for the message about
/// an option nobody takes, and `keywords` the call's own keywords, which a
/// misspelt option may have meant.
pub(crate) fn options(
    given: Option<&Bound<'_, PyDict>>,
    called: Option<&str>,
    keywords: &[&str],
) -> PyResult<(Options, Option<Py<PyAny>>)> {
    let mut options = Options::new().knowing(&["progress"]).knowing(keywords);
    if let Some(called) = called {
        options = options.called(called);
    }
    let mut progress = None;
    for (name, given) in given.into_iter().flat_map(|dict| dict.iter()) {
        let name: String = name.extract()?;
        if name == "progress" {
            if !given.is_none() {
                if !given.is_callable() {
                    return Err(PyTypeError::new_err("progress must be callable or None"));
                }
                progress = Some(given.unbind());
            }
            continue;
        }
        let converted = value(&name, &given)?;
        options.set(name, converted);
    }
    Ok((options, progress))
}

/// The cases of a batch, one row each: from a 2-D `int64` numpy array (the
/// Python layer converts other integer arrays) or a sequence of sequences;
/// with `pairs`, each case a list or tuple `(head, [tail...])` read as the
/// row `[head, tail...]` (Square Destroyer's `(n, removed)`), so that a
/// batch of them needs no reading in Python.
/// A value that is not an integer, or is a bool, or a case of another shape,
/// is a TypeError: the Python layer may hand over lists unread and read them
/// itself only then, to name what is wrong.
fn case_rows(cases: &Bound<'_, PyAny>, pairs: bool) -> PyResult<Vec<Vec<i64>>> {
    let row = |row: Bound<'_, PyAny>| if pairs { pair_row(&row) } else { int_row(&row) };
    // Lists first: asking whether something is an array loads numpy.
    if let Ok(list) = cases.cast::<PyList>() {
        return list.iter().map(row).collect();
    }
    if pairs {
        return Err(PyTypeError::new_err("a batch of pairs is a list"));
    }
    match cases.extract::<PyReadonlyArray2<'_, i64>>() {
        Ok(array) => Ok(array.as_array().outer_iter().map(|row| row.to_vec()).collect()),
        Err(_) => cases.try_iter()?.map(|row| int_row(&row?)).collect(),
    }
}

/// One value of a case; a bool (an int to Python) is refused as no value of
/// a case is one.
fn case_value(value: Bound<'_, PyAny>) -> PyResult<i64> {
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err("a case holds integers, not bools"));
    }
    value.extract::<i64>()
}

/// The length of a list or tuple, and whether it is a list; None for
/// anything else.
fn list_or_tuple_len(values: &Bound<'_, PyAny>) -> Option<(usize, bool)> {
    if let Ok(list) = values.cast::<PyList>() {
        return Some((list.len(), true));
    }
    values.cast::<PyTuple>().ok().map(|tuple| (tuple.len(), false))
}

/// One case's integers, appended to `row`, from a list or a tuple; false
/// for anything else.
fn extend_from_sequence(row: &mut Vec<i64>, values: &Bound<'_, PyAny>) -> PyResult<bool> {
    let Some((len, is_list)) = list_or_tuple_len(values) else { return Ok(false) };
    if !extend_from_exact_ints(row, values, len, is_list)? {
        for value in values.try_iter()? {
            row.push(case_value(value?)?);
        }
    }
    Ok(true)
}

/// The items of the list (`is_list`) or tuple `sequence` of `len` items
/// appended to `row` when every one is exact `int`, the values of nearly
/// every case; false, `row` as it was, at the first that is not, for
/// [`case_value`] to read them all. A batch of cheap cases is read on the
/// calling thread, holding the GIL, while the cores wait: with pyo3's
/// general conversion, `pack` of 200,000 Rotation Game boards took 1.6
/// times as long (an `int` subclass, a bool among them, may run Python
/// code, which this loop never does).
fn extend_from_exact_ints(
    row: &mut Vec<i64>,
    sequence: &Bound<'_, PyAny>,
    len: usize,
    is_list: bool,
) -> PyResult<bool> {
    use pyo3::ffi;
    let py = sequence.py();
    let start = row.len();
    row.reserve(len);
    for index in 0..len {
        let index = index as ffi::Py_ssize_t;
        // SAFETY: `sequence` is a list or tuple of more than `index` items
        // (nothing else runs while the GIL is held and no Python code is
        // called), so the item is a valid borrowed reference.
        let item = unsafe {
            if is_list {
                ffi::PyList_GetItem(sequence.as_ptr(), index)
            } else {
                ffi::PyTuple_GetItem(sequence.as_ptr(), index)
            }
        };
        if item.is_null() {
            return Err(PyErr::fetch(py));
        }
        // SAFETY: `item` is a valid object; an exact int converts without
        // running Python code.
        let value = unsafe {
            if ffi::PyLong_CheckExact(item) == 0 {
                row.truncate(start);
                return Ok(false);
            }
            ffi::PyLong_AsLongLong(item)
        };
        if value == -1 {
            if let Some(overflow) = PyErr::take(py) {
                return Err(overflow);
            }
        }
        row.push(value);
    }
    Ok(true)
}

/// One case's integers.
fn int_row(row: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    let mut values = Vec::new();
    if extend_from_sequence(&mut values, row)? {
        return Ok(values);
    }
    if row.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("a case is a sequence of integers, not a str"));
    }
    row.try_iter()?.map(|value| case_value(value?)).collect()
}

/// The row `[head, tail...]` of the case `(head, [tail...])`, a list or tuple
/// of two whose second is a list or tuple.
fn pair_row(pair: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    let not_a_pair = || PyTypeError::new_err("a case of this batch is a pair (integer, sequence of integers)");
    if !matches!(list_or_tuple_len(pair), Some((2, _))) {
        return Err(not_a_pair());
    }
    let mut row = vec![case_value(pair.get_item(0)?)?];
    if !extend_from_sequence(&mut row, &pair.get_item(1)?)? {
        return Err(not_a_pair());
    }
    Ok(row)
}

/// Prepares `job`, reporting to `progress(task, tasks, layer, reached,
/// total)`: on a worker, so that Ctrl-C reaches the parallel loops of a
/// build.
fn prepare(py: Python<'_>, job: &mut dyn Job, progress: Option<&Py<PyAny>>) -> PyResult<()> {
    let prepared = run_on_worker(
        py,
        |run| {
            let report = |p: Progress| run.report(progress, (p.task, p.tasks, p.layer, p.reached, p.total));
            job.prepare(Hooks { interrupt: Some(&|| run.stopped()), report: Some(&report), ..Hooks::default() })
        },
        |_| Ok(()),
    )?;
    prepared.map_err(to_py)
}

/// How one search is shared with other processes, if it is.
enum Sharing<'a> {
    Alone,
    /// Its large passes are handed to `spreader` (see [`PythonSpread`]).
    Spread(&'a Bound<'a, PyAny>),
    /// It is of this part of a pass only; `stopped()`, asked every few
    /// milliseconds, says when to stop (the caller's search has ended).
    Part(&'a Part, &'a Bound<'a, PyAny>),
    /// A chunk of a batch solved for another process: `stopped()`, asked
    /// every few milliseconds, says when to stop (the batch has ended).
    Chunk(&'a Bound<'a, PyAny>),
}

/// Prepares (when long) and solves `job` on up to `threads` threads: the
/// cases of a batch spread over them, or the one case's search does. With
/// `answered` (a batch's), each case's raw result is handed to it as
/// `answered([(index, raw), ...])` on this thread as soon as its search
/// ends, a few at a time, in the order they end.
#[allow(clippy::too_many_arguments)] // the one runner of every solve
fn run(
    py: Python<'_>,
    puzzle: &dyn AnyPuzzle,
    mut job: Box<dyn Job>,
    progress: Option<Py<PyAny>>,
    threads: Option<usize>,
    batch: bool,
    answered: Option<Py<PyAny>>,
    sharing: Sharing<'_>,
) -> PyResult<Vec<Answer>> {
    let long = job.needs_preparation();
    if long {
        prepare(py, &mut *job, progress.as_ref())?;
    }
    let spreader = match sharing {
        Sharing::Spread(spreader) => Some(PythonSpread::new(spreader)?),
        _ => None,
    };
    let (part, part_stopped) = match sharing {
        Sharing::Part(part, stopped) => (Some(part), Some(stopped.clone().unbind())),
        Sharing::Chunk(stopped) => (None, Some(stopped.clone().unbind())),
        _ => (None, None),
    };
    // One search on this thread polls for Ctrl-C itself; work on a pool,
    // or shared with other processes, needs the calling thread free to
    // notice signals and to ask them.
    let answers = if batch || threads != Some(1) || !matches!(sharing, Sharing::Alone) {
        let found: Mutex<Vec<(usize, Answer)>> = Mutex::new(Vec::new());
        let halted = AtomicBool::new(false);
        let tell = |index: usize, answer: &Answer| {
            found.lock().unwrap_or_else(PoisonError::into_inner).push((index, answer.clone()));
        };
        let pass_on = |py: Python<'_>| -> PyResult<()> {
            if let Some(stopped) = &part_stopped {
                if stopped.call0(py)?.is_truthy(py)? {
                    halted.store(true, Ordering::Relaxed);
                }
            }
            let Some(answered) = &answered else { return Ok(()) };
            let found = std::mem::take(&mut *found.lock().unwrap_or_else(PoisonError::into_inner));
            if found.is_empty() {
                return Ok(());
            }
            let raws = found
                .into_iter()
                .map(|(index, answer)| Ok((index, RawResult::of_answer(py, puzzle, answer)?)))
                .collect::<PyResult<Vec<_>>>()?;
            answered.call1(py, (raws,)).map(drop)
        };
        let tell: Option<Answered<'_>> = if answered.is_some() { Some(&tell) } else { None };
        let solve = |run: &Run| {
            let interrupt = || run.stopped() || halted.load(Ordering::Relaxed);
            let spread = spreader.as_ref().map(|spreader| spreader.on(run));
            let hooks = Hooks {
                interrupt: Some(&interrupt),
                report: None,
                parallel: true,
                answered: tell,
                spread: spread.as_ref().map(|spread| spread as &dyn Spread),
                part,
            };
            on_threads(threads, || prepared_and_solved(&mut *job, long, hooks))
        };
        run_on_worker(py, solve, pass_on)??
    } else {
        run_detached(py, |run| {
            prepared_and_solved(&mut *job, long, Hooks { interrupt: Some(&|| run.stopped()), ..Hooks::default() })
        })?
    };
    answers.map_err(to_py)
}

/// Solves `job`, preparing it first unless that was done apart (`prepared`).
fn prepared_and_solved(job: &mut dyn Job, prepared: bool, hooks: Hooks) -> idastar_core::Result<Vec<Answer>> {
    if !prepared {
        job.prepare(Hooks { answered: None, ..hooks })?;
    }
    job.solve(hooks)
}

/// Solves one case of `puzzle` on the option `threads` threads (all cores
/// when `None` or not given; the engines that cannot split a search use
/// one); see `idastar.<puzzle>.solve`.
/// With `spread` (see [`PythonSpread`]), its large passes are handed out
/// to other processes, which search them with [`search_part`].
#[pyfunction]
#[pyo3(signature = (puzzle, case, options=None, called=None, spread=None))]
fn solve<'py>(
    py: Python<'py>,
    puzzle: &str,
    case: Vec<i64>,
    options: Option<&Bound<'py, PyDict>>,
    called: Option<&str>,
    spread: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, RawResult>> {
    let puzzle = self::puzzle(puzzle)?;
    let (mut options, progress) = self::options(options, called, &[])?;
    let threads = options.threads().map_err(to_py)?;
    let job = puzzle.job(&[case], false, options, Task::Solve).map_err(to_py)?;
    let sharing = spread.map_or(Sharing::Alone, Sharing::Spread);
    let answer = run(py, puzzle, job, progress, threads, false, None, sharing)?.pop().expect("one answer for one case");
    RawResult::of_answer(py, puzzle, answer)
}

/// Searches one part of a pass of one case's search, as another process's
/// `solve` with `spread` cut it: the subtrees `first..end` of the pass
/// within `bound` whose frontier, cut for `wanted` subtrees, has `count`.
/// `stopped()` is asked every few milliseconds; true stops the search.
/// Returns the part's report: `(found, expanded, generated, next_bound,
/// beyond_range, stopped)`.
#[pyfunction]
#[pyo3(signature = (puzzle, case, options, cut, subtrees, stopped, called=None))]
#[allow(clippy::too_many_arguments)] // Python's arguments, one each
fn search_part(
    py: Python<'_>,
    puzzle: &str,
    case: Vec<i64>,
    options: Option<&Bound<'_, PyDict>>,
    cut: (u32, usize, usize),
    subtrees: (usize, usize),
    stopped: &Bound<'_, PyAny>,
    called: Option<&str>,
) -> PyResult<ReportTuple> {
    let part = part_from_py((cut, subtrees));
    let puzzle = self::puzzle(puzzle)?;
    let (mut options, progress) = self::options(options, called, &[])?;
    let threads = options.threads().map_err(to_py)?;
    let job = puzzle.job(&[case], false, options, Task::Solve).map_err(to_py)?;
    let answers = run(py, puzzle, job, progress, threads, false, None, Sharing::Part(&part, stopped))?;
    let outcome = answers.first().map(|(result, _)| result.outcome);
    match part.report() {
        Some(Ok(report)) => Ok(report_to_py(report)),
        Some(Err(refused)) => Err(PyValueError::new_err(refused)),
        // A limit or the interrupt stopped it before its engine began.
        None if outcome.is_some_and(Outcome::is_limit) => {
            let outcome = outcome.expect("a limit");
            Ok(report_to_py(PartReport::stopped(outcome)))
        }
        None => Err(PyValueError::new_err("this engine searches no parts of a pass: give engine=\"ida\"")),
    }
}

/// Solves many cases of `puzzle` on all cores (or the option `threads`),
/// in input order: `RawResult`s, or with `arrays` a dict of numpy arrays named as
/// `idastar.BatchResult`'s fields; see `idastar.<puzzle>.solve_many`.
/// With `answered`, the results go to it instead, as they are found:
/// `answered([(index, result), ...])` on the calling thread, in the order
/// the searches end, every case once (those found before a Ctrl-C too);
/// the call then returns None. With `stopped` (a chunk of a batch on a
/// cluster), `stopped()` is asked every few milliseconds, and true stops
/// the searches as Ctrl-C does.
#[pyfunction]
#[pyo3(signature = (puzzle, cases, options=None, arrays=false, paths=true, pairs=false, answered=None, called=None, stopped=None))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, one each
fn solve_many<'py>(
    py: Python<'py>,
    puzzle: &str,
    cases: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
    arrays: bool,
    paths: bool,
    pairs: bool,
    answered: Option<Py<PyAny>>,
    called: Option<&str>,
    stopped: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let puzzle = self::puzzle(puzzle)?;
    let (mut options, progress) = self::options(options, called, &["arrays", "paths"])?;
    let threads = options.threads().map_err(to_py)?;
    let job = puzzle.job(&case_rows(cases, pairs)?, true, options, Task::Solve).map_err(to_py)?;
    let streamed = answered.is_some();
    let sharing = stopped.map_or(Sharing::Alone, Sharing::Chunk);
    let answers = run(py, puzzle, job, progress, threads, true, answered, sharing)?;
    if streamed {
        return Ok(py.None().into_bound(py));
    }
    if arrays {
        return Ok(result_arrays(py, puzzle, &answers, paths)?.into_any());
    }
    let raws =
        answers.into_iter().map(|answer| RawResult::of_answer(py, puzzle, answer)).collect::<PyResult<Vec<_>>>()?;
    Ok(raws.into_pyobject(py)?.into_any())
}

/// The heuristic's value for one case; see `idastar.<puzzle>.lower_bound`.
#[pyfunction]
#[pyo3(signature = (puzzle, case, options=None, called=None))]
fn lower_bound(
    py: Python<'_>,
    puzzle: &str,
    case: Vec<i64>,
    options: Option<&Bound<'_, PyDict>>,
    called: Option<&str>,
) -> PyResult<u32> {
    let puzzle = self::puzzle(puzzle)?;
    let (options, progress) = self::options(options, called, &[])?;
    let mut job = puzzle.job(&[case], false, options, Task::LowerBound).map_err(to_py)?;
    // A worker only for a long preparation, as in `run`.
    let long = job.needs_preparation();
    if long {
        prepare(py, &mut *job, progress.as_ref())?;
    }
    let bounds = run_detached(py, |run| {
        if !long {
            job.prepare(Hooks { interrupt: Some(&|| run.stopped()), ..Hooks::default() })?;
        }
        job.lower_bounds()
    })?;
    let bounds = bounds.map_err(to_py)?;
    Ok(bounds[0])
}

/// Checks a call's options alone, as the call would: the ValueError or
/// TypeError it would raise for one, before any case is read or solved.
#[pyfunction]
#[pyo3(signature = (puzzle, options=None, called=None))]
fn check_options(puzzle: &str, options: Option<&Bound<'_, PyDict>>, called: Option<&str>) -> PyResult<()> {
    let puzzle = self::puzzle(puzzle)?;
    let (mut options, _) = self::options(options, called, &[])?;
    options.threads().map_err(to_py)?;
    puzzle.check_options(options).map_err(to_py)
}

/// Cases (rows of a 2-D `int64` array or sequences) to the core's codes:
/// a `uint64` array, one code per case, a row of words when a code takes
/// several.
#[pyfunction]
#[pyo3(signature = (puzzle, cases, options=None))]
fn pack<'py>(
    py: Python<'py>,
    puzzle: &str,
    cases: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let puzzle = self::puzzle(puzzle)?;
    let (options, _) = self::options(options, None, &[])?;
    let rows = case_rows(cases, false)?;
    let (width, words) = py.detach(|| puzzle.pack(&rows, options)).map_err(to_py)?;
    let flat = PyArray1::from_vec(py, words);
    Ok(if width == 1 { flat.into_any() } else { flat.reshape([rows.len(), width])?.into_any() })
}

/// Codes (as `pack` makes them: a 1-D array, or 2-D with a row of words a
/// code) back to cases, one row of integers each.
#[pyfunction]
#[pyo3(signature = (puzzle, codes, size=None, options=None))]
fn unpack<'py>(
    py: Python<'py>,
    puzzle: &str,
    codes: &Bound<'py, PyAny>,
    size: Option<usize>,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let puzzle = self::puzzle(puzzle)?;
    let (options, _) = self::options(options, None, &[])?;
    let array = codes.extract::<numpy::PyReadonlyArrayDyn<'py, u64>>()?;
    let (count, width) = match array.shape() {
        [count] => (*count, 1),
        [count, width] => (*count, *width),
        shape => return Err(PyValueError::new_err(format!("codes must be a 1-D or 2-D array, got shape {shape:?}"))),
    };
    let words = array.as_array().iter().copied().collect::<Vec<u64>>();
    let cases = py.detach(|| puzzle.unpack(&words, width, size, options)).map_err(to_py)?;
    let values = cases.first().map_or(0, Vec::len);
    if cases.iter().any(|case| case.len() != values) {
        return Err(PyValueError::new_err("the codes stand for cases of different sizes; unpack them apart"));
    }
    let rows = Array2::from_shape_vec((count, values), cases.concat()).expect("rows of one length");
    Ok(rows.into_pyarray(py).into_any())
}

/// How many cases of `size` lie at each distance from the goal, by a
/// search of the whole space on all cores; see
/// `idastar.<puzzle>.distance_distribution`.
#[pyfunction]
#[pyo3(signature = (puzzle, size=None, options=None))]
fn distance_distribution(
    py: Python<'_>,
    puzzle: &str,
    size: Option<usize>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<u64>> {
    let puzzle = self::puzzle(puzzle)?;
    let (options, _) = self::options(options, None, &[])?;
    run_whole_space(py, |interrupt| puzzle.distance_distribution(size, options, interrupt))
}

/// What the Python layer needs to know of a puzzle: its engines and
/// heuristics (the default first), how many integers write a move, the
/// name of the number a solved case has besides its path, if any, and its
/// options as `(name, kind, default, doc)`.
type PuzzleInfo = (Vec<&'static str>, Vec<&'static str>, usize, Option<&'static str>, Vec<OptionInfo>);
type OptionInfo = (&'static str, &'static str, &'static str, &'static str);

#[pyfunction]
fn puzzle_info(name: &str) -> PyResult<PuzzleInfo> {
    let puzzle = puzzle(name)?;
    let options = puzzle.options().iter().map(|o| (o.name, o.kind, o.default, o.doc)).collect();
    Ok((puzzle.engines(), puzzle.heuristics(), puzzle.move_width(), puzzle.extra(), options))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // A family of puzzles (made from descriptions) is no puzzle module of
    // its own: its members are values made at run time.
    let names = |family: bool| -> Vec<&str> {
        REGISTRY.iter().filter(|puzzle| puzzle.member().is_some() == family).map(|puzzle| puzzle.name()).collect()
    };
    m.add("PUZZLES", PyTuple::new(m.py(), names(false))?)?;
    m.add("FAMILIES", PyTuple::new(m.py(), names(true))?)?;
    m.add_function(wrap_pyfunction!(puzzle_info, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(search_part, m)?)?;
    m.add_function(wrap_pyfunction!(lower_bound, m)?)?;
    m.add_function(wrap_pyfunction!(check_options, m)?)?;
    m.add_function(wrap_pyfunction!(pack, m)?)?;
    m.add_function(wrap_pyfunction!(unpack, m)?)?;
    m.add_function(wrap_pyfunction!(distance_distribution, m)?)?;
    Ok(())
}
