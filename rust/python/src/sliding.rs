//! Sliding-tile puzzles: `idastar.sliding` (and `idastar.fifteen`).

use std::path::PathBuf;

use idastar_core::puzzles::sliding::{
    self, is_solvable, pdb, pdb_cache, BuildLimits, BuildProgress, Built, Geometry, Goal, Sliding,
};
use idastar_core::{cache, Error, Outcome};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::runner::{run_on_worker, run_whole_space};
use crate::to_py;

/// The board and goal of the functions beyond the puzzle contract.
struct Options {
    geometry: Geometry,
    goal: Goal,
    /// Goal cells of each pattern.
    patterns: Vec<Vec<u8>>,
    cache_dir: Option<PathBuf>,
}

impl Options {
    fn new(
        width: usize,
        height: usize,
        goal: Vec<u32>,
        partition: Option<&str>,
        pattern_tiles: Option<Vec<Vec<i64>>>,
        cache_dir: Option<PathBuf>,
    ) -> PyResult<Options> {
        let geometry = Geometry::new(width, height).map_err(to_py)?;
        let goal = Goal::new(&geometry, &goal).map_err(to_py)?;
        let patterns = match pattern_tiles {
            Some(tiles) => pdb::tile_patterns(&geometry, &goal, &tiles).map_err(to_py)?,
            None => {
                let name = partition.map_or_else(|| pdb::default_partition_name(&geometry), str::to_string);
                pdb::partition(&geometry, &goal, &name).map_err(to_py)?
            }
        };
        Ok(Options { geometry, goal, patterns, cache_dir })
    }
}

/// Runs `build` (database loads and builds) on a worker, so that Ctrl-C
/// reaches it within milliseconds even in the middle of a long layer.
/// Builds report to `progress(pattern, patterns, layer, reached, total)`.
/// `Ok(Err(outcome))` when the machine could not give a build its memory
/// (`MemoryLimit`); Ctrl-C raises KeyboardInterrupt and a failing callback
/// its own exception.
fn building<R: Send>(
    py: Python<'_>,
    progress: Option<&Py<PyAny>>,
    patterns: usize,
    build: impl FnOnce(&(dyn Fn(usize, BuildProgress) -> bool + Sync), &BuildLimits) -> Result<Built<R>, Error> + Send,
) -> PyResult<Built<R>> {
    let built = run_on_worker(
        py,
        |run| {
            let report =
                |index: usize, p: BuildProgress| run.report(progress, (index, patterns, p.layer, p.reached, p.total));
            let interrupt = || run.stopped();
            build(&report, &BuildLimits { interrupt: Some(&interrupt), deadline: None })
        },
        |_| Ok(()),
    )?;
    built.map_err(to_py)
}

/// The error for databases that could not be built, where no outcome can
/// say so (functions without limits).
fn not_built(outcome: Outcome) -> PyErr {
    match outcome {
        Outcome::MemoryLimit => PyMemoryError::new_err("not enough memory to build the pattern database"),
        other => PyRuntimeError::new_err(format!("the pattern database was not built: {}", other.name())),
    }
}

fn board(options: &Options, tiles: &[u32]) -> PyResult<Vec<u8>> {
    let checker: Sliding<u128> = Sliding::new(options.geometry.clone(), options.goal.clone()).map_err(to_py)?;
    checker.validate(tiles).map_err(to_py)
}

/// Whether a board can reach the goal (InvalidPuzzle if it is no board).
#[pyfunction]
#[pyo3(signature = (tiles, *, width, height, goal))]
fn sliding_is_solvable(tiles: Vec<u32>, width: usize, height: usize, goal: Vec<u32>) -> PyResult<bool> {
    let options = Options::new(width, height, goal, None, None, None)?;
    let board = board(&options, &tiles)?;
    Ok(is_solvable(&options.geometry, &options.goal, &board))
}

/// Positions by distance from the goal over the whole space.
#[pyfunction]
#[pyo3(signature = (*, width, height, goal))]
fn sliding_distance_distribution(py: Python<'_>, width: usize, height: usize, goal: Vec<u32>) -> PyResult<Vec<u64>> {
    let options = Options::new(width, height, goal, None, None, None)?;
    run_whole_space(py, |interrupt| sliding::distance_distribution(&options.geometry, &options.goal, Some(interrupt)))
}

/// The tiles of each pattern of a partition (by name, or the default).
#[pyfunction]
#[pyo3(signature = (*, width, height, goal, partition=None))]
fn sliding_partition(width: usize, height: usize, goal: Vec<u32>, partition: Option<&str>) -> PyResult<Vec<Vec<u8>>> {
    let options = Options::new(width, height, goal, partition, None, None)?;
    Ok(options.patterns.iter().map(|cells| cells.iter().map(|&c| options.goal.tiles()[c as usize]).collect()).collect())
}

/// One pattern's database: `(bytes, goal cells)`, one byte per placement
/// ranked as in `idastar.sliding.pattern_database`.
#[pyfunction]
#[pyo3(signature = (tiles, *, width, height, goal, cache_dir=None, progress=None))]
fn sliding_pattern_database<'py>(
    py: Python<'py>,
    tiles: Vec<u32>,
    width: usize,
    height: usize,
    goal: Vec<u32>,
    cache_dir: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(Bound<'py, PyBytes>, Vec<u8>)> {
    let tiles = tiles.into_iter().map(i64::from).collect();
    let options = Options::new(width, height, goal, None, Some(vec![tiles]), cache_dir)?;
    // Refused alike whether the argument or the environment names it.
    pdb_cache::check_dir(options.cache_dir.as_deref()).map_err(to_py)?;
    let cells = options.patterns[0].clone();
    pdb::PatternDb::check_cells(&options.geometry, &options.goal, &cells).map_err(to_py)?;
    let blank = options.goal.blank_cell() as u8;
    let dir = options.cache_dir.as_deref();
    let built = building(py, progress.as_ref(), 1, |report, stop| {
        pdb_cache::load_or_build(&options.geometry, &cells, blank, dir, &|p| report(0, p), stop)
    })?;
    let (db, _) = built.map_err(not_built)?;
    // A copy the size of the database: asked for fallibly, as the database was.
    let bytes = PyBytes::new_with(py, db.data().len(), |buffer| {
        buffer.copy_from_slice(db.data());
        Ok(())
    })?;
    Ok((bytes, cells))
}

/// Where databases are cached: the directory given, else the environment's;
/// an empty one is refused (it would be the current directory).
#[pyfunction]
#[pyo3(signature = (explicit=None))]
fn sliding_cache_dir(explicit: Option<PathBuf>) -> PyResult<Option<PathBuf>> {
    if explicit.as_ref().is_some_and(|dir| dir.as_os_str().is_empty()) {
        return Err(PyValueError::new_err(cache::EMPTY_DIR));
    }
    Ok(pdb_cache::cache_dir(explicit.as_deref()))
}

/// How many databases (or other tables) could not be stored in this
/// process so far: the mark to give `sliding_unkept_since`.
#[pyfunction]
fn sliding_unkept_count() -> u64 {
    pdb_cache::unkept_count()
}

/// `(cache directory, why)` if a database could not be stored in the cache
/// directory (`explicit`, else the environment's) since `mark`.
#[pyfunction]
#[pyo3(signature = (mark, explicit=None))]
fn sliding_unkept_since(mark: u64, explicit: Option<PathBuf>) -> Option<(PathBuf, String)> {
    pdb_cache::unkept_since(mark, explicit.as_deref())
}

/// Forgets the databases loaded in this process (files stay on disk).
#[pyfunction]
fn sliding_clear_loaded() {
    pdb_cache::clear_memory();
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SLIDING_MAX_DISTRIBUTION_CELLS", sliding::MAX_DISTRIBUTION_CELLS)?;
    m.add("SLIDING_MIN_SIDE", sliding::MIN_SIDE)?;
    m.add("SLIDING_MAX_SIDE", sliding::MAX_SIDE)?;
    m.add("SLIDING_PDB_FORMAT_VERSION", pdb_cache::FORMAT_VERSION)?;
    m.add("SLIDING_MAX_PATTERN_ENTRIES", pdb::MAX_ENTRIES)?;
    m.add_function(wrap_pyfunction!(sliding_is_solvable, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_distance_distribution, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_partition, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_pattern_database, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_cache_dir, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_unkept_count, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_unkept_since, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_clear_loaded, m)?)?;
    Ok(())
}
