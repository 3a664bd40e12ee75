//! What Python needs of a permutation puzzle's description besides the
//! contract's calls: its sets, solved position and moves, to write
//! positions and apply moves in Python as its module's functions do.

use idastar_core::puzzles::permutation::{compiled, DEFAULT_TABLE_ENTRIES};
use pyo3::prelude::*;

use crate::runner::run_whole_space;

/// A set: its name, places and orientations.
type SetInfo = (String, usize, u8);
/// A move: its name, the place each place takes its piece from, and the
/// twist it adds there.
type TurnInfo = (String, Vec<u8>, Vec<u8>);
/// A description compiled: its name, sets, solved position (as positions
/// are written: each set's pieces from 1, then orientations), every move
/// with its powers, and its tables as `(what, entries)`.
type Described = (String, Vec<SetInfo>, Vec<i64>, Vec<TurnInfo>, Vec<(String, u64)>);

/// Compiles `text` (with tables of at most `table_entries` entries, the
/// default unless given) and describes it.
#[pyfunction]
#[pyo3(signature = (text, table_entries=None))]
fn permutation_describe(py: Python<'_>, text: &str, table_entries: Option<u64>) -> PyResult<Described> {
    let entries = table_entries.unwrap_or(DEFAULT_TABLE_ENTRIES);
    // Ctrl-C stops the tables' build.
    let puzzle = run_whole_space(py, |interrupt| compiled(text, entries, Some(interrupt)))?;
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
