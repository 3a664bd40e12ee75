//! What Python needs of a permutation puzzle's description besides the
//! contract's calls: its sets, solved position and moves, to write
//! positions and apply moves in Python as its module's functions do.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use idastar_core::deadline_after;
use idastar_core::puzzle::Progress;
use idastar_core::puzzles::permutation::{compiled, Build};
use pyo3::exceptions::{PyKeyboardInterrupt, PyTimeoutError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::runner::run_on_worker;

/// A set: its name, places and orientations.
type SetInfo = (String, usize, u8);
/// A move: its name, the place each place takes its piece from, and the
/// twist it adds there.
type TurnInfo = (String, Vec<u8>, Vec<u8>);
/// A description compiled: its name, sets, solved position (as positions
/// are written: each set's pieces from 1, then orientations), every move
/// with its powers, and its tables as `(what, entries)`.
type Described = (String, Vec<SetInfo>, Vec<i64>, Vec<TurnInfo>, Vec<(String, u64)>);

/// Compiles `text` as its options say (`table_entries`, `metric`: those of
/// the calls, checked as theirs are) and describes it. Its tables are built
/// within `time_limit` seconds, if given (TimeoutError past it), telling
/// `progress(task, tasks, layer, reached, total)` of each layer; Ctrl-C
/// stops the build.
#[pyfunction]
#[pyo3(signature = (text, **options))]
fn permutation_describe(py: Python<'_>, text: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Described> {
    let (mut options, progress) = crate::puzzles::options(options, Some("permutation.load()"), &[])?;
    let build = Build::from_options(&mut options).map_err(crate::to_py)?;
    let deadline = options.seconds("time_limit").map_err(crate::to_py)?.and_then(deadline_after);
    options.finish("permutation").map_err(crate::to_py)?;
    let timed_out = AtomicBool::new(false);
    let built = run_on_worker(
        py,
        |run| {
            let interrupt = || {
                let late = deadline.is_some_and(|deadline| Instant::now() >= deadline);
                timed_out.fetch_or(late, Ordering::Relaxed);
                late || run.stopped()
            };
            let report = |p: Progress| run.report(progress.as_ref(), (p.task, p.tasks, p.layer, p.reached, p.total));
            compiled(text, build, Some(&interrupt), Some(&report))
        },
        |_| Ok(()),
    )?;
    let puzzle = match built.map_err(crate::to_py)? {
        Some(puzzle) => puzzle,
        None if timed_out.load(Ordering::Relaxed) => {
            return Err(PyTimeoutError::new_err("time_limit: the tables' build ran out of time"))
        }
        None => return Err(PyKeyboardInterrupt::new_err("interrupted")),
    };
    let description = &puzzle.description;
    let sets = description.sets.iter().map(|set| (set.name.clone(), set.size, set.orientations)).collect();
    let solved = description
        .solved
        .iter()
        .flat_map(|part| {
            let pieces = part.places.iter().map(|&piece| i64::from(piece) + 1);
            pieces.chain(part.twists.iter().map(|&twist| i64::from(twist))).collect::<Vec<_>>()
        })
        .collect();
    let turns = puzzle.turns.iter().map(|turn| (turn.name.clone(), turn.source(), turn.twists())).collect();
    Ok((description.name.clone(), sets, solved, turns, puzzle.tables()))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(permutation_describe, m)?)
}
