//! Sliding-tile puzzles: `idastar.sliding` (and `idastar.fifteen`).

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use idastar_core::engines::{ida_star, solve_many};
use idastar_core::puzzles::sliding::{
    self, is_solvable, pdb, pdb_cache, BuildLimits, BuildProgress, Built, Dir, Geometry, Goal, Heuristic, Position,
    Sliding, Tiles,
};
use idastar_core::{Error, Limits, Outcome, SearchResult};
use pyo3::exceptions::{PyMemoryError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::common::{
    batch_outcome, case_rows, detached, detached_batch, detached_whole_space, in_case, limits, on_threads, raw,
    BatchForm, EngineChoice, RawResult,
};
use crate::to_py;

fn letter(dir: Dir) -> char {
    dir.letter()
}

/// Everything that says which puzzle, besides the board.
struct Options {
    geometry: Geometry,
    goal: Goal,
    heuristic: Heuristic,
    /// Goal cells of each pattern (pattern databases only).
    patterns: Vec<Vec<u8>>,
    reflect: bool,
    cache_dir: Option<PathBuf>,
}

impl Options {
    #[allow(clippy::too_many_arguments)]
    fn new(
        width: usize,
        height: usize,
        goal: Vec<u32>,
        heuristic: &str,
        partition: Option<&str>,
        pattern_tiles: Option<Vec<Vec<u32>>>,
        reflect: bool,
        cache_dir: Option<PathBuf>,
    ) -> PyResult<Options> {
        let geometry = Geometry::new(width, height).map_err(to_py)?;
        let goal = Goal::new(&geometry, &goal).map_err(to_py)?;
        let heuristic = Heuristic::from_name(heuristic).map_err(to_py)?;
        let patterns = match (partition, pattern_tiles) {
            (Some(_), Some(_)) => {
                return Err(to_py(Error::InvalidArgument("give a partition name or pattern tiles, not both".into())))
            }
            (None, Some(tiles)) => tiles_to_cells(&geometry, &goal, &tiles).map_err(to_py)?,
            (name, None) => {
                let name = name.map_or_else(|| pdb::default_partition_name(&geometry), str::to_string);
                pdb::partition(&geometry, &goal, &name).map_err(to_py)?
            }
        };
        // Refused alike whether the argument or the environment names it,
        // whenever the databases would be kept there.
        if heuristic == Heuristic::Pdb || cache_dir.is_some() {
            pdb_cache::check_dir(cache_dir.as_deref()).map_err(to_py)?;
        }
        Ok(Options { geometry, goal, heuristic, patterns, reflect, cache_dir })
    }
}

fn tiles_to_cells(geometry: &Geometry, goal: &Goal, patterns: &[Vec<u32>]) -> Result<Vec<Vec<u8>>, Error> {
    let n = geometry.cells() as u32;
    patterns
        .iter()
        .map(|pattern| {
            pattern
                .iter()
                .map(|&tile| {
                    if tile == 0 || tile >= n {
                        Err(Error::InvalidArgument(format!("pattern tile {tile} is not a tile of 1..{}", n - 1)))
                    } else {
                        Ok(goal.cell_of(tile as u8) as u8)
                    }
                })
                .collect()
        })
        .collect()
}

/// Runs `build` (database loads and builds) without the interpreter lock,
/// on a thread of its own while this one watches for Ctrl-C, so that a
/// signal reaches the build within milliseconds even in the middle of a
/// long layer. Builds report to `progress(pattern, patterns, layer,
/// reached, total)` and stop at the time limit of `limits`, counted from
/// `started`. `Ok(Err(outcome))` when a limit stopped a build (`TimeLimit`,
/// or `MemoryLimit` when the machine could not give its memory); Ctrl-C
/// raises KeyboardInterrupt and a failing callback its own exception.
fn building<R: Send>(
    py: Python<'_>,
    progress: Option<&Py<PyAny>>,
    patterns: usize,
    limits: &Limits,
    started: Instant,
    build: impl FnOnce(&(dyn Fn(usize, BuildProgress) -> bool + Sync), &BuildLimits) -> Result<Built<R>, Error> + Send,
) -> PyResult<Built<R>> {
    let failed: Mutex<Option<PyErr>> = Mutex::new(None);
    let built = detached_batch(py, |interrupt| {
        let report = |index: usize, p: BuildProgress| -> bool {
            let Some(callback) = progress else { return false };
            match Python::attach(|py| callback.call1(py, (index, patterns, p.layer, p.reached, p.total))) {
                Ok(_) => false,
                Err(err) => {
                    *failed.lock().expect("not poisoned") = Some(err);
                    true
                }
            }
        };
        let built = build(&report, &BuildLimits::new(&Limits { interrupt: Some(interrupt), ..*limits }, started));
        let outcome = match &built {
            Ok(Err(Outcome::Interrupted)) if failed.lock().expect("not poisoned").is_none() => Outcome::Interrupted,
            _ => Outcome::Solved,
        };
        (built, outcome)
    })?;
    if let Some(err) = failed.into_inner().expect("not poisoned") {
        return Err(err);
    }
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

/// The puzzle with its heuristic, its databases loaded or built (see
/// [`building`]); `Ok(Err(outcome))` when a limit stopped a build.
fn puzzle<T: Tiles>(
    py: Python<'_>,
    options: &Options,
    progress: Option<&Py<PyAny>>,
    limits: &Limits,
    started: Instant,
) -> PyResult<Built<Sliding<T>>> {
    let base: Sliding<T> = Sliding::new(options.geometry.clone(), options.goal.clone()).map_err(to_py)?;
    match options.heuristic {
        Heuristic::Manhattan => Ok(Ok(base)),
        Heuristic::LinearConflict => Ok(Ok(base.with_linear_conflict())),
        Heuristic::Pdb => {
            let count =
                pdb::PatternSet::completed(&options.geometry, &options.goal, &options.patterns).map_err(to_py)?.len();
            building(py, progress, count, limits, started, |report, stop| {
                base.with_pattern_databases(
                    &options.patterns,
                    options.reflect,
                    options.cache_dir.as_deref(),
                    report,
                    stop,
                )
            })
        }
    }
}

/// The engine by name: "ida" is the IDA* specialised to sliding tiles,
/// "ida-generic" the generic engine, the others as everywhere.
#[derive(Clone, Copy)]
enum SlidingEngine {
    Fast,
    Generic(EngineChoice),
    GenericIda,
}

impl SlidingEngine {
    fn parse(name: &str) -> PyResult<Self> {
        Ok(match name {
            "ida" => SlidingEngine::Fast,
            "ida-generic" => SlidingEngine::GenericIda,
            other => SlidingEngine::Generic(EngineChoice::parse(other, None).map_err(|_| {
                to_py(Error::InvalidArgument(format!(
                    "unknown engine {other:?}; expected one of \"ida\", \"ida-generic\", \"astar\", \"iddfs\", \"bfs\", \"bidirectional\""
                )))
            })?),
        })
    }

    fn run<T: Tiles>(self, puzzle: &Sliding<T>, start: Position<T>, limits: &Limits) -> SearchResult<Dir> {
        match self {
            SlidingEngine::Fast => puzzle.solve(start, limits),
            SlidingEngine::GenericIda => ida_star(puzzle, start, limits),
            SlidingEngine::Generic(engine) => engine.run(puzzle, start, limits),
        }
    }
}

/// The databases count against the time limit: what their loading or
/// building leaves of it is the search's, and a limit reached while they
/// are built ends the solve with that outcome (nothing expanded, the
/// Manhattan bound proved). Each result's elapsed time includes them.
fn solve_one<T: Tiles>(
    py: Python<'_>,
    tiles: &[u32],
    options: &Options,
    engine: SlidingEngine,
    limits: Limits<'static>,
    progress: Option<&Py<PyAny>>,
) -> PyResult<RawResult<char>> {
    let started = Instant::now();
    // Bad boards fail before any database is built.
    let checker: Sliding<T> = Sliding::new(options.geometry.clone(), options.goal.clone()).map_err(to_py)?;
    let start = checker.pack(tiles).map_err(to_py)?;
    let puzzle = match puzzle::<T>(py, options, progress, &limits, started)? {
        Ok(puzzle) => puzzle,
        Err(outcome) => return Ok(raw(checker.stopped_before_search(start, outcome, started.elapsed()), letter)),
    };
    let prepared = started.elapsed();
    detached(py, |interrupt| {
        let mut result = engine.run(&puzzle, start, &Limits { interrupt, ..sliding::limits_after(&limits, prepared) });
        result.stats.elapsed += prepared;
        let outcome = result.outcome;
        (raw(result, letter), outcome)
    })
}

/// Solves one board; see `idastar.sliding.solve`.
#[pyfunction]
#[pyo3(signature = (tiles, *, width, height, goal, heuristic="pdb", partition=None, pattern_tiles=None, reflect=true, cache_dir=None, progress=None, engine="ida", max_cost=None, max_nodes=None, time_limit=None, max_states=None))]
#[allow(clippy::too_many_arguments)]
fn sliding_solve(
    py: Python<'_>,
    tiles: Vec<u32>,
    width: usize,
    height: usize,
    goal: Vec<u32>,
    heuristic: &str,
    partition: Option<&str>,
    pattern_tiles: Option<Vec<Vec<u32>>>,
    reflect: bool,
    cache_dir: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
    engine: &str,
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    max_states: Option<usize>,
) -> PyResult<RawResult<char>> {
    let engine = SlidingEngine::parse(engine)?;
    let options = Options::new(width, height, goal, heuristic, partition, pattern_tiles, reflect, cache_dir)?;
    let limits = limits(max_cost, max_nodes, time_limit, max_states)?;
    if options.geometry.cells() <= 16 {
        solve_one::<u64>(py, &tiles, &options, engine, limits, progress.as_ref())
    } else {
        solve_one::<u128>(py, &tiles, &options, engine, limits, progress.as_ref())
    }
}

#[allow(clippy::too_many_arguments)]
fn solve_all<'py, T: Tiles>(
    py: Python<'py>,
    cases: &[Vec<u32>],
    options: &Options,
    engine: SlidingEngine,
    limits: Limits<'static>,
    progress: Option<&Py<PyAny>>,
    threads: Option<usize>,
    form: BatchForm,
) -> PyResult<Bound<'py, PyAny>> {
    let started = Instant::now();
    let checker: Sliding<T> = Sliding::new(options.geometry.clone(), options.goal.clone()).map_err(to_py)?;
    let starts = cases
        .iter()
        .enumerate()
        .map(|(index, tiles)| checker.pack(tiles).map_err(|e| case_error(index, e)))
        .collect::<PyResult<Vec<_>>>()?;
    // As in `solve_one`, for every case: the databases are built once, and
    // what they leave of the time limit is each search's.
    let puzzle = match puzzle::<T>(py, options, progress, &limits, started)? {
        Ok(puzzle) => puzzle,
        Err(outcome) => {
            let elapsed = started.elapsed();
            let results = starts.iter().map(|&start| checker.stopped_before_search(start, outcome, elapsed)).collect();
            return form.output(py, results, |dir: &Dir| [*dir as i32], letter);
        }
    };
    let prepared = started.elapsed();
    let results = detached_batch(py, |interrupt| {
        let limits = Limits { interrupt: Some(interrupt), ..sliding::limits_after(&limits, prepared) };
        match on_threads(threads, || solve_many(&puzzle, &starts, &limits, |p, s, l| engine.run(p, s, l))) {
            Ok(mut results) => {
                for result in &mut results {
                    result.stats.elapsed += prepared;
                }
                let outcome = batch_outcome(&results);
                (Ok(results), outcome)
            }
            Err(err) => (Err(err), Outcome::Solved),
        }
    })??;
    form.output(py, results, |dir: &Dir| [*dir as i32], letter)
}

/// An error about the case of 0-based `index`, of the same class.
fn case_error(index: usize, error: Error) -> PyErr {
    match error {
        Error::Unsolvable(message) => to_py(Error::Unsolvable(format!("case {index}: {message}"))),
        other => in_case(index, to_py(other)),
    }
}

/// Solves many boards on all cores, results in input order.
#[pyfunction]
#[pyo3(signature = (cases, *, width, height, goal, heuristic="pdb", partition=None, pattern_tiles=None, reflect=true, cache_dir=None, progress=None, engine="ida", max_cost=None, max_nodes=None, time_limit=None, max_states=None, threads=None, arrays=false, paths=true))]
#[allow(clippy::too_many_arguments)]
fn sliding_solve_many<'py>(
    py: Python<'py>,
    cases: &Bound<'py, PyAny>,
    width: usize,
    height: usize,
    goal: Vec<u32>,
    heuristic: &str,
    partition: Option<&str>,
    pattern_tiles: Option<Vec<Vec<u32>>>,
    reflect: bool,
    cache_dir: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
    engine: &str,
    max_cost: Option<u32>,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    max_states: Option<usize>,
    threads: Option<usize>,
    arrays: bool,
    paths: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let cases = case_rows(cases)?;
    let engine = SlidingEngine::parse(engine)?;
    let options = Options::new(width, height, goal, heuristic, partition, pattern_tiles, reflect, cache_dir)?;
    let limits = limits(max_cost, max_nodes, time_limit, max_states)?;
    let form = BatchForm::new(arrays, paths);
    if options.geometry.cells() <= 16 {
        solve_all::<u64>(py, &cases, &options, engine, limits, progress.as_ref(), threads, form)
    } else {
        solve_all::<u128>(py, &cases, &options, engine, limits, progress.as_ref(), threads, form)
    }
}

/// The heuristic's lower bound for a board (which must be solvable).
#[pyfunction]
#[pyo3(signature = (tiles, *, width, height, goal, heuristic="pdb", partition=None, pattern_tiles=None, reflect=true, cache_dir=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn sliding_lower_bound(
    py: Python<'_>,
    tiles: Vec<u32>,
    width: usize,
    height: usize,
    goal: Vec<u32>,
    heuristic: &str,
    partition: Option<&str>,
    pattern_tiles: Option<Vec<Vec<u32>>>,
    reflect: bool,
    cache_dir: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
) -> PyResult<u32> {
    let options = Options::new(width, height, goal, heuristic, partition, pattern_tiles, reflect, cache_dir)?;
    let board = board(&options, &tiles)?;
    let (limits, started) = (Limits::default(), Instant::now());
    Ok(if options.geometry.cells() <= 16 {
        puzzle::<u64>(py, &options, progress.as_ref(), &limits, started)?.map_err(not_built)?.evaluate(&board)
    } else {
        puzzle::<u128>(py, &options, progress.as_ref(), &limits, started)?.map_err(not_built)?.evaluate(&board)
    })
}

fn board(options: &Options, tiles: &[u32]) -> PyResult<Vec<u8>> {
    let checker: Sliding<u128> = Sliding::new(options.geometry.clone(), options.goal.clone()).map_err(to_py)?;
    checker.validate(tiles).map_err(to_py)
}

/// Whether a board can reach the goal (InvalidPuzzle if it is no board).
#[pyfunction]
#[pyo3(signature = (tiles, *, width, height, goal))]
fn sliding_is_solvable(tiles: Vec<u32>, width: usize, height: usize, goal: Vec<u32>) -> PyResult<bool> {
    let options = Options::new(width, height, goal, "manhattan", None, None, false, None)?;
    let board = board(&options, &tiles)?;
    Ok(is_solvable(&options.geometry, &options.goal, &board))
}

/// Positions by distance from the goal over the whole space.
#[pyfunction]
#[pyo3(signature = (*, width, height, goal))]
fn sliding_distance_distribution(py: Python<'_>, width: usize, height: usize, goal: Vec<u32>) -> PyResult<Vec<u64>> {
    let options = Options::new(width, height, goal, "manhattan", None, None, false, None)?;
    detached_whole_space(py, |interrupt| {
        sliding::distance_distribution(&options.geometry, &options.goal, Some(interrupt))
    })
}

/// The tiles of each pattern of a partition (by name, or the default).
#[pyfunction]
#[pyo3(signature = (*, width, height, goal, partition=None))]
fn sliding_partition(width: usize, height: usize, goal: Vec<u32>, partition: Option<&str>) -> PyResult<Vec<Vec<u8>>> {
    let options = Options::new(width, height, goal, "pdb", partition, None, false, None)?;
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
    let options = Options::new(width, height, goal, "pdb", None, Some(vec![tiles]), false, cache_dir)?;
    let cells = options.patterns[0].clone();
    pdb::PatternDb::check_cells(&options.geometry, &options.goal, &cells).map_err(to_py)?;
    let built = building(py, progress.as_ref(), 1, &Limits::default(), Instant::now(), |report, stop| {
        pdb_cache::load_or_build(&options.geometry, &cells, options.cache_dir.as_deref(), &|p| report(0, p), stop)
    })?;
    let (db, _) = built.map_err(not_built)?;
    // A copy the size of the database: asked for fallibly, as the database was.
    let bytes = PyBytes::new_with(py, db.data().len(), |buffer| {
        buffer.copy_from_slice(db.data());
        Ok(())
    })?;
    Ok((bytes, cells))
}

/// Where databases are cached: the directory given, else the environment's.
#[pyfunction]
#[pyo3(signature = (explicit=None))]
fn sliding_cache_dir(explicit: Option<PathBuf>) -> Option<PathBuf> {
    pdb_cache::cache_dir(explicit.as_deref())
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
    m.add_function(wrap_pyfunction!(sliding_solve, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_lower_bound, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_is_solvable, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_distance_distribution, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_partition, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_pattern_database, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_cache_dir, m)?)?;
    m.add_function(wrap_pyfunction!(sliding_clear_loaded, m)?)?;
    Ok(())
}
