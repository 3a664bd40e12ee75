//! Sliding tiles under the puzzle contract: boards from 2 x 2 to 5 x 5,
//! their shape given (`width`, `height`) or read off a square board's
//! number of tiles, solved by the IDA* specialised to sliding tiles or by
//! the generic engines. The pattern databases are the preparation: loaded
//! or built once per process, within the call's time limit.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::board::{validate, Dir, Geometry, Goal, Tiles, MAX_CELLS, MAX_SIDE, MIN_SIDE};
use super::pdb::{self, BuildLimits, BuildProgress, DbKind, PatternSet};
use super::{cycles, is_solvable, pdb_cache, Heuristic, Sliding};
use crate::puzzle::{
    wrong_type, Choice, Engine, MoveCode, OptionDoc, Options, Progress, Purpose, Puzzle, Report, Settings, Solver,
    Value,
};
use crate::{Error, Limits, Outcome, Result, SearchResult};

crate::choices! {
    /// The solvers of sliding tiles, the fastest first.
    pub enum SlidingEngine: "engine" {
        /// IDA* specialised to sliding tiles: the same search as the
        /// generic one with the board and heuristic updated in place.
        IdaTiles = "ida-tiles",
        /// The generic IDA*.
        Ida = "ida",
        /// The generic A*: the fewest expansions, memory for every state
        /// reached (held to a state limit by default).
        Astar = "astar",
        /// The generic iterative-deepening depth-first search, without a
        /// heuristic.
        Iddfs = "iddfs",
        /// The generic breadth-first search from the start, without a
        /// heuristic.
        Bfs = "bfs",
        /// The generic bidirectional breadth-first search, from the start
        /// and back from the goal (every move has its inverse), without a
        /// heuristic.
        Bidirectional = "bidirectional",
    }
}

impl Solver for SlidingEngine {
    fn generic(self) -> Option<Engine> {
        match self {
            SlidingEngine::IdaTiles => None,
            SlidingEngine::Ida => Some(Engine::Ida),
            SlidingEngine::Astar => Some(Engine::Astar),
            SlidingEngine::Iddfs => Some(Engine::Iddfs),
            SlidingEngine::Bfs => Some(Engine::Bfs),
            SlidingEngine::Bidirectional => Some(Engine::Bidirectional),
        }
    }
}

impl SlidingEngine {
    /// Whether the solver is led by the heuristic (the others only pay for
    /// evaluating it, so they get the cheapest).
    fn is_informed(self) -> bool {
        matches!(self, SlidingEngine::IdaTiles | SlidingEngine::Ida | SlidingEngine::Astar)
    }
}

/// Whether the pattern databases are looked up on the dual board too
/// unless the caller says: the choice that solves Korf's 100 faster.
const DUAL_BY_DEFAULT: bool = false;

/// The size of pattern from which the tiles' own IDA\* reads compact
/// zero-aware databases unless the caller says (see
/// `SlidingTiles::zero_aware_pays`).
const ZERO_AWARE_FROM_TILES: usize = 7;

/// The memory the pattern databases may take unless the caller says, in
/// gigabytes (10^9 bytes).
const DEFAULT_MEMORY_GB: f64 = 8.0;

/// The goal as the caller named it.
#[derive(Debug, Clone, PartialEq, Eq)]
enum GoalSpec {
    BlankLast,
    BlankFirst,
    Tiles(Vec<i64>),
}

/// The patterns as the caller named them.
#[derive(Debug, Clone, PartialEq, Eq)]
enum PatternSpec {
    /// The board's default partition.
    Default,
    /// A partition by name (`"6-6-3"`).
    Named(String),
    /// The tiles of each pattern.
    Tiles(Vec<Vec<i64>>),
    /// Several partitions, the largest of their bounds taken.
    Several(Vec<PatternSpec>),
}

/// Reads one partition of a `patterns` text: a name (`"6-6-3"`) or the
/// tiles of each pattern, tiles parted by commas, patterns by slashes
/// (`"1,2,3/4,5,6"`).
fn partition_text(text: &str) -> Result<PatternSpec> {
    if !text.contains([',', '/']) {
        pdb::partition_sizes(text).map_err(in_patterns)?;
        return Ok(PatternSpec::Named(text.to_string()));
    }
    let tile = |word: &str| {
        word.trim().parse::<i64>().map_err(|_| {
            Error::InvalidArgument(format!(
                "patterns: {word:?} in {text:?} is not a tile; write tiles like \"1,2,3/4,5,6\""
            ))
        })
    };
    let tiles = text.split('/').map(|pattern| pattern.split(',').map(tile).collect()).collect::<Result<Vec<_>>>()?;
    pdb::check_tile_lists(&tiles)?;
    Ok(PatternSpec::Tiles(tiles))
}

/// A board's width and height.
type Shape = (usize, usize);

/// One board, read and checked: its shape and its tiles cell by cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board {
    shape: Shape,
    cells: usize,
    tiles: [u8; MAX_CELLS],
}

impl Board {
    /// `tiles[cell]`, 0 the blank, one entry per cell: a board of its
    /// shape, checked to reach the goal.
    pub fn tiles(&self) -> &[u8] {
        &self.tiles[..self.cells]
    }
}

/// The puzzle of one shape, ready to solve: positions in a `u64` up to 16
/// cells, in a `u128` beyond.
#[derive(Debug)]
enum Prepared {
    Narrow(Sliding<u64>),
    Wide(Sliding<u128>),
}

/// Sliding tiles as a call configures them.
#[derive(Debug)]
pub struct SlidingTiles {
    /// Given by `width` and `height`; else read off each board.
    shape: Option<Shape>,
    goal: GoalSpec,
    heuristic: Heuristic,
    patterns: PatternSpec,
    reflect: bool,
    /// Whether the dual lookups join the pattern databases' bound.
    dual: bool,
    /// Whether the patterns' databases are read by the blank's region;
    /// `None` when not given (see [`SlidingTiles::zero_aware_pays`]).
    zero_aware: Option<bool>,
    /// The most bytes the databases may take (see [`SlidingTiles::database_kind`]).
    memory: u64,
    /// The engine the call runs, which reads the databases its own way.
    engine: SlidingEngine,
    /// The longest duplicate move sequences the tiles' own IDA\* skips.
    move_pruning: usize,
    cache_dir: Option<PathBuf>,
    /// The time the preparation took, which each result's elapsed time includes.
    preparation: Duration,
    prepared: Vec<(Shape, Prepared)>,
}

/// Reads `goal`: `"blank-last"`, `"blank-first"` or the tiles.
fn goal_option(options: &mut Options) -> Result<GoalSpec> {
    match options.value("goal") {
        None => Ok(GoalSpec::BlankLast),
        Some(Value::Str(name)) if name == "blank-last" => Ok(GoalSpec::BlankLast),
        Some(Value::Str(name)) if name == "blank-first" => Ok(GoalSpec::BlankFirst),
        Some(Value::Str(name)) => Err(Error::InvalidArgument(format!(
            "goal must be \"blank-last\", \"blank-first\" or the goal's tiles, got {name:?}"
        ))),
        Some(Value::Ints(tiles)) => Ok(GoalSpec::Tiles(tiles)),
        Some(other) => Err(wrong_type("goal", "\"blank-last\", \"blank-first\" or a list of tiles", &other)),
    }
}

/// An error about the `patterns` option, its message starting with the
/// option's name.
fn in_patterns(error: Error) -> Error {
    match error {
        Error::InvalidArgument(m) if !m.starts_with("patterns") => Error::InvalidArgument(format!("patterns: {m}")),
        other => other,
    }
}

/// Reads `patterns`: a partition's name or the tiles of each pattern,
/// checked as far as they can be on any board (so that an error of the
/// option alone is never blamed on a case of a batch).
fn patterns_option(options: &mut Options) -> Result<PatternSpec> {
    match options.value("patterns") {
        None => Ok(PatternSpec::Default),
        Some(Value::Str(text)) if text.contains('+') => {
            Ok(PatternSpec::Several(text.split('+').map(partition_text).collect::<Result<_>>()?))
        }
        Some(Value::Str(text)) => partition_text(&text),
        Some(Value::IntLists(tiles)) => {
            pdb::check_tile_lists(&tiles)?;
            Ok(PatternSpec::Tiles(tiles))
        }
        Some(Value::Ints(tiles)) if tiles.is_empty() => Ok(PatternSpec::Tiles(Vec::new())),
        Some(other) => Err(wrong_type("patterns", "a partition's name or lists of tiles", &other)),
    }
}

/// Reads `memory_gb`: a positive number of gigabytes, as bytes.
fn memory_option(options: &mut Options) -> Result<u64> {
    let gigabytes = match options.value("memory_gb") {
        None | Some(Value::None) => DEFAULT_MEMORY_GB,
        Some(Value::Int(value)) => value as f64,
        Some(Value::Float(value)) => value,
        Some(other) => return Err(wrong_type("memory_gb", "a number of gigabytes", &other)),
    };
    // NaN compares false with everything, and is refused too.
    if !(gigabytes > 0.0 && gigabytes.is_finite()) {
        return Err(Error::InvalidArgument(format!(
            "memory_gb must be a positive number of gigabytes, got {gigabytes}"
        )));
    }
    Ok((gigabytes * 1e9).min(u64::MAX as f64) as u64)
}

/// Reads `move_pruning`: from 2 to [`cycles::MAX_LENGTH`], and beyond 2
/// for the tiles' own IDA\* alone (the generic engines skip the move that
/// undoes the last); by default the longest the engine skips, which is
/// also the fastest (measured in `docs/puzzles/fifteen.md`).
fn move_pruning_option(options: &mut Options, engine: SlidingEngine) -> Result<usize> {
    let Some(length) = options.count::<usize>("move_pruning")? else {
        return Ok(if engine == SlidingEngine::IdaTiles { cycles::MAX_LENGTH } else { 2 });
    };
    if !(2..=cycles::MAX_LENGTH).contains(&length) {
        return Err(Error::InvalidArgument(format!(
            "move_pruning must be from 2 to {}, got {length}",
            cycles::MAX_LENGTH
        )));
    }
    if length > 2 && engine != SlidingEngine::IdaTiles {
        return Err(Error::InvalidArgument(format!(
            "move_pruning: only the tiles' own IDA* (engine=\"ida-tiles\") skips sequences longer \
             than 2 moves, not engine=\"{}\"",
            engine.name()
        )));
    }
    Ok(length)
}

/// Bytes in the unit that reads best, for messages.
fn in_units(bytes: u64) -> String {
    let bytes = bytes as f64;
    match bytes {
        b if b >= 1e9 => format!("{:.2} GB", b / 1e9),
        b if b >= 1e6 => format!("{:.1} MB", b / 1e6),
        b => format!("{:.1} kB", b / 1e3),
    }
}

fn side(options: &mut Options, name: &str) -> Result<Option<usize>> {
    let side = options.count::<usize>(name)?;
    match side {
        Some(side) if !(MIN_SIDE..=MAX_SIDE).contains(&side) => {
            Err(Error::InvalidArgument(format!("{name} must be from {MIN_SIDE} to {MAX_SIDE}, got {side}")))
        }
        _ => Ok(side),
    }
}

/// The square board of `cells` cells.
fn square(cells: usize) -> Result<Shape> {
    (MIN_SIDE..=MAX_SIDE)
        .find(|side| side * side == cells)
        .map(|side| (side, side))
        .ok_or_else(|| Error::invalid(format!("{cells} tiles are not a square board; give width and height")))
}

fn geometry(shape: Shape) -> Geometry {
    Geometry::new(shape.0, shape.1).expect("sides checked")
}

impl SlidingTiles {
    fn goal(&self, geometry: &Geometry) -> Result<Goal> {
        match &self.goal {
            GoalSpec::BlankLast => Ok(Goal::blank_last(geometry)),
            GoalSpec::BlankFirst => Ok(Goal::blank_first(geometry)),
            GoalSpec::Tiles(tiles) => {
                let n = geometry.cells();
                let out_of_range = tiles.iter().enumerate().find(|&(_, &tile)| !(0..n as i64).contains(&tile));
                if let (true, Some((cell, tile))) = (tiles.len() == n, out_of_range) {
                    return Err(Error::InvalidArgument(format!(
                        "goal: tile {tile} at cell {cell} is out of range 0 to {}",
                        n - 1
                    )));
                }
                // In range, or of the wrong length, which `Goal::new` says.
                let tiles: Vec<u32> = tiles.iter().map(|&tile| u32::try_from(tile).unwrap_or(u32::MAX)).collect();
                // Its message names the goal already.
                Goal::new(geometry, &tiles).map_err(|e| Error::InvalidArgument(e.to_string()))
            }
        }
    }

    /// The goal cells of each pattern on `geometry`, and one pattern of its
    /// own for each tile the patterns leave out. The errors are those of
    /// the board's size (what the option alone can be refused for,
    /// [`patterns_option`] refuses), so that in a batch of boards read off
    /// their number of tiles they name the case as well as the option.
    fn partition_cells(&self, geometry: &Geometry, goal: &Goal) -> Result<Vec<Vec<Vec<u8>>>> {
        let one = |spec: &PatternSpec| {
            let cells = match spec {
                PatternSpec::Default => pdb::partition(geometry, goal, &pdb::default_partition_name(geometry)),
                PatternSpec::Named(name) => pdb::partition(geometry, goal, name).map_err(in_patterns),
                PatternSpec::Tiles(patterns) => pdb::tile_patterns(geometry, goal, patterns),
                PatternSpec::Several(_) => unreachable!("read one level deep"),
            }?;
            PatternSet::completed(geometry, goal, &cells)
        };
        match &self.patterns {
            PatternSpec::Several(partitions) => {
                let cells = partitions.iter().map(one).collect::<Result<Vec<_>>>()?;
                super::catalogue::check(geometry, goal, &cells, self.reflect)?;
                Ok(cells)
            }
            spec => Ok(vec![one(spec)?]),
        }
    }

    /// What the databases of `partitions` keep of a placement's regions:
    /// the least over them, unless `zero_aware`. Then each region's value:
    /// compact (the exact distances in a third of the memory, as fast to
    /// read move by move) for the tiles' own IDA*; zero-aware for the dual
    /// lookups (which read the least) and for the generic engines (which
    /// read every node's board whole, where a compact database walks down
    /// to the goal), or compact for those too where only compact ones fit
    /// `memory_gb`. Refused, naming the option, when none fits. Not given,
    /// `zero_aware` is taken where it pays ([`SlidingTiles::zero_aware_pays`]),
    /// where the compact databases fit.
    fn database_kind(&self, geometry: &Geometry, blank: u8, partitions: &[Vec<Vec<u8>>]) -> Result<DbKind> {
        let built = built_patterns(geometry, blank, partitions);
        let patterns: Vec<&Vec<u8>> = built.iter().collect();
        let needs = |kind: DbKind| {
            let print = |cells: &&Vec<u8>, kind| pdb::PatternDb::footprint(geometry, cells.len(), kind);
            // The dual lookups' own databases, of as many tiles as the
            // partition's, are plain.
            let dual = patterns.iter().filter(|_| self.dual).map(|cells| print(cells, DbKind::Plain));
            let prints: Vec<pdb::Footprint> = patterns.iter().map(|cells| print(cells, kind)).chain(dual).collect();
            let loaded = prints.iter().fold(0u64, |sum, print| sum.saturating_add(print.loaded));
            loaded.saturating_add(prints.iter().map(|print| print.building - print.loaded).max().unwrap_or(0))
        };
        let zero_aware = self.zero_aware.unwrap_or_else(|| self.zero_aware_pays(partitions));
        let kinds: &[DbKind] = match (zero_aware, self.dual, self.engine) {
            (false, _, _) => &[DbKind::Plain],
            (true, false, SlidingEngine::IdaTiles) if self.zero_aware.is_none() => &[DbKind::Compact, DbKind::Plain],
            // The dual lookups read the least of the databases they share.
            (true, true, _) => &[DbKind::ZeroAware],
            (true, false, SlidingEngine::IdaTiles) => &[DbKind::Compact],
            (true, false, _) => &[DbKind::ZeroAware, DbKind::Compact],
        };
        if let Some(&kind) = kinds.iter().find(|&&kind| needs(kind) <= self.memory) {
            return Ok(kind);
        }
        let each: Vec<String> =
            kinds.iter().map(|&kind| format!("{} {}", in_units(needs(kind)), kind.name())).collect();
        Err(Error::InvalidArgument(format!(
            "memory_gb: the pattern databases take about {} at their peak, over the budget of {}; \
             raise memory_gb or choose smaller patterns",
            each.join(" or "),
            in_units(self.memory)
        )))
    }

    /// Whether zero-aware lookups are the faster for `partitions`, when the
    /// call does not say: compact ones for the tiles' own IDA\* on a
    /// partition with a pattern of 7 tiles or more. Measured on Korf's 100
    /// (`docs/puzzles/fifteen.md`, "Move pruning"): on 7-8 they generate 43%
    /// fewer nodes and take a fifth less time; on 6-6-3, 5-5-5 and the
    /// 24-puzzle's 6-6-6-6 the plain ones are as fast or faster, their
    /// tables small enough that a plain lookup rarely misses the cache.
    fn zero_aware_pays(&self, partitions: &[Vec<Vec<u8>>]) -> bool {
        self.engine == SlidingEngine::IdaTiles
            && !self.dual
            && partitions.iter().flatten().any(|pattern| pattern.len() >= ZERO_AWARE_FROM_TILES)
    }

    /// Whether the search of `purpose` uses pattern databases.
    fn uses_databases(&self, purpose: Purpose<SlidingEngine>) -> bool {
        self.heuristic == Heuristic::Pdb
            && match purpose {
                Purpose::Solve(engine) => engine.is_informed(),
                Purpose::LowerBound => true,
            }
    }

    /// Every shape among `cases`, each once, in order.
    fn shapes(cases: &[Board]) -> Vec<Shape> {
        let mut shapes: Vec<Shape> = Vec::new();
        for case in cases {
            if !shapes.contains(&case.shape) {
                shapes.push(case.shape);
            }
        }
        shapes
    }

    fn prepared(&self, shape: Shape) -> &Prepared {
        let (_, prepared) = self.prepared.iter().find(|(known, _)| *known == shape).expect("prepared for every shape");
        prepared
    }

    /// The puzzle of `shape` with its heuristic, the databases loaded or
    /// built when `databases`; `Err(outcome)` when a build was stopped.
    fn puzzle<T: Tiles>(
        &self,
        shape: Shape,
        databases: bool,
        limits: &BuildLimits,
        report: Option<Report>,
    ) -> Result<std::result::Result<Sliding<T>, Outcome>> {
        let geometry = geometry(shape);
        let goal = self.goal(&geometry)?;
        let base = Sliding::<T>::new(geometry.clone(), goal.clone())?;
        let puzzle = match self.heuristic {
            Heuristic::Pdb if databases => {
                let partitions = self.partition_cells(&geometry, &goal)?;
                let tasks = base.partition_databases(&partitions, self.dual)?.len();
                let progress = |task: usize, p: BuildProgress| {
                    let progress = Progress { task, tasks, layer: p.layer, reached: p.reached, total: p.total };
                    report.is_some_and(|report| report(progress))
                };
                let cache_dir = self.cache_dir.as_deref();
                let blank = goal.blank_cell() as u8;
                let base = base.with_database_kind(self.database_kind(&geometry, blank, &partitions)?);
                match base.with_partitions(&partitions, self.reflect, self.dual, cache_dir, &progress, limits)? {
                    Ok(puzzle) => puzzle,
                    Err(outcome) => return Ok(Err(outcome)),
                }
            }
            Heuristic::LinearConflict => base.with_linear_conflict(),
            _ => base,
        };
        // The tiles' own IDA* alone reads it, and is the only engine
        // allowed a length beyond 2 (see `move_pruning_option`).
        if self.move_pruning > 2 {
            return Ok(puzzle.with_move_pruning(self.move_pruning, self.cache_dir.as_deref(), limits));
        }
        Ok(Ok(puzzle))
    }
}

/// The patterns of `partitions` whose databases are built, each once: not
/// those a symmetry of the board maps onto an earlier one's (see
/// [`super::symmetry`]).
fn built_patterns(geometry: &Geometry, blank: u8, partitions: &[Vec<Vec<u8>>]) -> Vec<Vec<u8>> {
    let specs: Vec<(Vec<u8>, u8)> = partitions.iter().flatten().map(|cells| (cells.clone(), blank)).collect();
    super::symmetry::built(geometry, &specs).into_iter().map(|(cells, _)| cells).collect()
}

/// Solves `board` on `puzzle` with `engine`.
fn run<T: Tiles>(puzzle: &Sliding<T>, board: &[u8], engine: SlidingEngine, limits: &Limits) -> SearchResult<Dir> {
    let start = puzzle.pack_unchecked(board);
    match engine.generic() {
        Some(engine) => engine.run(puzzle, start, limits, 0),
        None => puzzle.solve(start, limits),
    }
}

impl Puzzle for SlidingTiles {
    const NAME: &'static str = "sliding";
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc {
            name: "width",
            kind: "int",
            default: "a square board read off the number of tiles",
            doc: "the board's width, 2 to 5",
        },
        OptionDoc { name: "height", kind: "int", default: "as width", doc: "the board's height, 2 to 5" },
        OptionDoc {
            name: "goal",
            kind: "Literal[\"blank-last\", \"blank-first\"] | Sequence[int]",
            default: "\"blank-last\"",
            doc: "the goal: a name, or its tiles row by row",
        },
        OptionDoc {
            name: "patterns",
            kind: "str | Sequence[Sequence[int]]",
            default: "the board's default partition (6-6-3 on 4 x 4)",
            doc: "with heuristic \"pdb\": a partition by name (\"7-8\") or the tiles of each pattern; \
                  several partitions joined by \"+\" (\"7-8+1,2,3/4,5,6\") take the largest of their bounds",
        },
        OptionDoc {
            name: "reflect",
            kind: "bool",
            default: "True",
            doc: "also look the databases up on the board mirrored about its diagonal",
        },
        OptionDoc { name: "dual", kind: "bool", default: "False", doc: "also bound the dual board" },
        OptionDoc {
            name: "zero_aware",
            kind: "bool",
            default: "True with engine \"ida-tiles\" on a partition with a pattern of 7 tiles or more (7-8) where it fits memory_gb, else False",
            doc: "read each pattern's database for the region of empty cells the blank is in, \
                  rather than the least over the regions: a stronger bound, from databases that \
                  keep each region's exact distance in a bit (for 6-6-6-6, 0.61 GB against 0.73 GB \
                  plain); the faster on 7-8, not on smaller patterns",
        },
        OptionDoc {
            name: "memory_gb",
            kind: "float",
            default: "8",
            doc: "the most memory the pattern databases may take, in gigabytes (10^9 bytes), \
                  counting a build's peak; patterns that do not fit are refused before any build",
        },
        OptionDoc {
            name: "move_pruning",
            kind: "int",
            default: "14 with engine \"ida-tiles\", else 2",
            doc: "skip every move that completes a duplicate sequence of at most this many moves \
                  (Taylor and Korf), 2 to 14, beyond 2 with engine \"ida-tiles\" alone; 2 skips \
                  the move that undoes the last, as Korf's searches do; 14 skips the detours round \
                  blocks of cells too: about 45% of the 24-puzzle's nodes and 43% of the \
                  15-puzzle's, the same path found, from an automaton built once and kept beside \
                  the databases (1.2 s on 5 x 5)",
        },
        OptionDoc {
            name: "cache_dir",
            kind: "str | os.PathLike[str]",
            default: "$IDASTAR_CACHE_DIR, else the user's cache directory",
            doc: "where pattern databases are kept",
        },
    ];
    type Engine = SlidingEngine;
    type Heuristic = Heuristic;
    type Case = Board;
    type Move = Dir;

    fn configure(settings: &Settings<SlidingEngine, Heuristic>, options: &mut Options) -> Result<Self> {
        let (width, height) = (side(options, "width")?, side(options, "height")?);
        let goal = goal_option(options)?;
        let patterns = patterns_option(options)?;
        let reflect = options.flag("reflect", true)?;
        let dual = options.flag("dual", DUAL_BY_DEFAULT)?;
        let zero_aware = options.switch("zero_aware")?;
        let memory = memory_option(options)?;
        let move_pruning = move_pruning_option(options, settings.engine)?;
        if let (true, PatternSpec::Several(partitions)) = (dual, &patterns) {
            super::dual_takes_one_partition(partitions.len())?;
        }
        let cache_dir = options.text("cache_dir")?.map(PathBuf::from);
        let shape = match (width, height, &goal) {
            (Some(width), Some(height), _) => Some((width, height)),
            (None, None, GoalSpec::Tiles(tiles)) => {
                Some(square(tiles.len()).map_err(|e| Error::InvalidArgument(format!("goal: {e}")))?)
            }
            (None, None, _) => None,
            (Some(_), None, _) => {
                return Err(Error::InvalidArgument(
                    "height: give both width and height, or neither for a square board".into(),
                ))
            }
            (None, Some(_), _) => {
                return Err(Error::InvalidArgument(
                    "width: give both width and height, or neither for a square board".into(),
                ))
            }
        };
        // Refused alike whether the option or the environment names it,
        // whenever the databases would be kept there.
        if settings.heuristic == Heuristic::Pdb || cache_dir.is_some() {
            pdb_cache::check_dir(cache_dir.as_deref())?;
        }
        let puzzle = SlidingTiles {
            shape,
            goal,
            heuristic: settings.heuristic,
            patterns,
            reflect,
            dual,
            zero_aware,
            memory,
            engine: settings.engine,
            move_pruning,
            cache_dir,
            preparation: Duration::ZERO,
            prepared: Vec::new(),
        };
        // What can be checked before any board is, is.
        if let Some(shape) = shape {
            let geometry = geometry(shape);
            let goal = puzzle.goal(&geometry)?;
            if puzzle.heuristic == Heuristic::Pdb {
                puzzle.database_kind(&geometry, goal.blank_cell() as u8, &puzzle.partition_cells(&geometry, &goal)?)?;
            }
        }
        Ok(puzzle)
    }

    fn read_case(&self, values: &[i64]) -> Result<Board> {
        let shape = match self.shape {
            Some(shape) => shape,
            None => square(values.len())?,
        };
        let geometry = geometry(shape);
        for (cell, &tile) in values.iter().enumerate() {
            if tile < 0 || tile > u32::MAX as i64 {
                return Err(Error::invalid(format!(
                    "tile {tile} at cell {cell} is out of range 0 to {}",
                    geometry.cells() - 1
                )));
            }
        }
        let tiles: Vec<u32> = values.iter().map(|&tile| tile as u32).collect();
        let board = validate(&geometry, &tiles).map_err(Error::InvalidPuzzle)?;
        let goal = self.goal(&geometry)?;
        if self.shape.is_none() && self.heuristic == Heuristic::Pdb {
            // Not checked when the options were, as the shape was unknown.
            self.database_kind(&geometry, goal.blank_cell() as u8, &self.partition_cells(&geometry, &goal)?)?;
        }
        if !is_solvable(&geometry, &goal, &board) {
            return Err(Error::Unsolvable(format!(
                "this board cannot reach the goal: its permutation parity and the blank's distance \
                 to its goal cell differ in parity (only half of all {}x{} boards can reach a given goal)",
                shape.0, shape.1
            )));
        }
        let mut tiles = [0u8; MAX_CELLS];
        tiles[..board.len()].copy_from_slice(&board);
        Ok(Board { shape, cells: board.len(), tiles })
    }

    fn write_move(mv: Dir) -> MoveCode {
        [mv as i32, 0, 0]
    }

    fn code_words(&self, case: &Board) -> usize {
        if case.cells <= <u64 as Tiles>::CAPACITY {
            1
        } else {
            2
        }
    }

    /// 4 bits a cell, cell 0 lowest, up to 16 cells; beyond, 5 bits a cell
    /// of a 128-bit code, its low word first.
    fn pack(&self, case: &Board, words: &mut [u64]) {
        if let [word] = words {
            *word = u64::pack(case.tiles());
        } else {
            let code = u128::pack(case.tiles());
            (words[0], words[1]) = (code as u64, (code >> 64) as u64);
        }
    }

    fn unpack(&self, words: &[u64], _: Option<usize>) -> Result<Vec<i64>> {
        let shape = self
            .shape
            .ok_or_else(|| Error::InvalidArgument("width: sliding codes need the board's width and height".into()))?;
        let cells = shape.0 * shape.1;
        let narrow = cells <= <u64 as Tiles>::CAPACITY;
        let expected = if narrow { 1 } else { 2 };
        if words.len() != expected {
            return Err(Error::InvalidArgument(format!(
                "codes of a {}x{} board take {expected} words each, got {}",
                shape.0,
                shape.1,
                words.len()
            )));
        }
        let code = words.iter().rev().fold(0u128, |code, &word| code << 64 | u128::from(word));
        let values: Vec<i64> =
            (0..cells).map(|cell| i64::from(if narrow { (code as u64).get(cell) } else { code.get(cell) })).collect();
        let bits = if narrow { 4 } else { 5 } * cells;
        if bits < 128 && code >> bits != 0 {
            return Err(Error::invalid(format!("code {code:#x} has bits beyond {cells} cells")));
        }
        self.read_case(&values)?;
        Ok(values)
    }

    fn needs_preparation(&self, purpose: Purpose<SlidingEngine>, cases: &[Board]) -> bool {
        self.uses_databases(purpose)
            && Self::shapes(cases).into_iter().any(|shape| {
                let geometry = geometry(shape);
                let Ok(goal) = self.goal(&geometry) else { return true };
                let Ok(partitions) = self.partition_cells(&geometry, &goal) else { return true };
                let blank = goal.blank_cell() as u8;
                let dir = self.cache_dir.as_deref();
                let Ok(kind) = self.database_kind(&geometry, blank, &partitions) else { return true };
                let built = built_patterns(&geometry, blank, &partitions);
                built.iter().any(|cells| !pdb_cache::is_loaded(&geometry, cells, blank, kind, dir))
            })
    }

    /// The puzzle of every shape among the cases, with its pattern
    /// databases when the search uses them (loaded, or built and stored).
    fn prepare(
        &mut self,
        purpose: Purpose<SlidingEngine>,
        cases: &[Board],
        limits: &Limits,
        report: Option<Report>,
    ) -> Result<Option<Outcome>> {
        let begun = Instant::now();
        let databases = self.uses_databases(purpose);
        let build_limits = BuildLimits::new(limits);
        for shape in Self::shapes(cases) {
            if self.prepared.iter().any(|(known, _)| *known == shape) {
                continue;
            }
            let prepared = if shape.0 * shape.1 <= <u64 as Tiles>::CAPACITY {
                self.puzzle::<u64>(shape, databases, &build_limits, report)?.map(Prepared::Narrow)
            } else {
                self.puzzle::<u128>(shape, databases, &build_limits, report)?.map(Prepared::Wide)
            };
            match prepared {
                Ok(prepared) => self.prepared.push((shape, prepared)),
                Err(outcome) => return Ok(Some(outcome)),
            }
        }
        self.preparation += begun.elapsed();
        Ok(None)
    }

    fn solve(&self, case: &Board, engine: SlidingEngine, limits: &Limits) -> Result<SearchResult<Dir>> {
        let mut result = match self.prepared(case.shape) {
            Prepared::Narrow(puzzle) => run(puzzle, case.tiles(), engine, limits),
            Prepared::Wide(puzzle) => run(puzzle, case.tiles(), engine, limits),
        };
        result.stats.elapsed += self.preparation;
        Ok(result)
    }

    fn lower_bound(&self, case: &Board) -> Result<u32> {
        Ok(match self.prepared(case.shape) {
            Prepared::Narrow(puzzle) => puzzle.evaluate(case.tiles()),
            Prepared::Wide(puzzle) => puzzle.evaluate(case.tiles()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::find;

    fn options(pairs: &[(&str, Value)]) -> Options {
        pairs.iter().cloned().fold(Options::new(), |options, (name, value)| options.with(name, value))
    }

    #[test]
    fn the_specialised_ida_is_the_default_and_ida_the_generic_one() {
        let entry = find("sliding").expect("registered");
        assert_eq!(entry.engines(), ["ida-tiles", "ida", "astar", "iddfs", "bfs", "bidirectional"]);
        assert_eq!(entry.heuristics(), ["pdb", "linear-conflict", "manhattan"]);
        assert_eq!(SlidingEngine::Ida.generic(), Some(Engine::Ida));
        assert_eq!(SlidingEngine::IdaTiles.generic(), None);
    }

    #[test]
    fn every_engine_finds_the_same_cost_on_a_square_board_read_off_its_length() {
        let entry = find("sliding").expect("registered");
        let board: Vec<i64> = vec![1, 2, 3, 4, 0, 6, 7, 5, 8];
        for engine in SlidingEngine::names() {
            for heuristic in Heuristic::names() {
                let options =
                    options(&[("engine", Value::Str(engine.into())), ("heuristic", Value::Str(heuristic.into()))]);
                let mut job =
                    entry.job(std::slice::from_ref(&board), false, options, crate::puzzle::Task::Solve).unwrap();
                job.prepare(Default::default()).unwrap();
                let (result, _) = job.solve(Default::default()).unwrap().pop().unwrap();
                assert_eq!(result.cost, Some(2), "{engine} {heuristic}");
                assert_eq!(result.path, vec![[Dir::Down as i32, 0, 0], [Dir::Right as i32, 0, 0]]);
            }
        }
    }

    #[test]
    fn boards_that_are_not_square_need_their_shape_and_unsolvable_ones_are_refused() {
        let entry = find("sliding").expect("registered");
        let task = crate::puzzle::Task::Solve;
        let six: Vec<i64> = vec![1, 2, 3, 4, 5, 0];
        assert!(matches!(
            entry.job(std::slice::from_ref(&six), false, Options::new(), task),
            Err(Error::InvalidPuzzle(_))
        ));
        let shaped = options(&[("width", Value::Int(3)), ("height", Value::Int(2))]);
        assert!(entry.job(&[six], false, shaped, task).is_ok());
        let swapped: Vec<i64> = vec![2, 1, 3, 0];
        assert!(matches!(entry.job(&[swapped], false, Options::new(), task), Err(Error::Unsolvable(_))));
        let half = options(&[("width", Value::Int(3))]);
        assert!(matches!(entry.job(&[], false, half, task), Err(Error::InvalidArgument(m)) if m.starts_with("height")));
    }

    #[test]
    fn an_error_of_the_patterns_alone_names_no_case_and_one_of_a_board_names_both() {
        let entry = find("sliding").expect("registered");
        let task = crate::puzzle::Task::Solve;
        let three: Vec<i64> = vec![1, 2, 3, 4, 5, 6, 7, 0, 8];
        let four: Vec<i64> = (1..15).chain([0, 15]).collect();
        let refused = |patterns: Value, cases: &[Vec<i64>]| match entry.job(
            cases,
            true,
            options(&[("patterns", patterns)]),
            task,
        ) {
            Err(Error::InvalidArgument(message)) => message,
            other => panic!("{:?}", other.map(|_| ())),
        };
        let alone = [
            (Value::Str("x".into()), "patterns: unknown pattern partition \"x\""),
            (Value::IntLists(vec![vec![1, 1]]), "patterns: tile 1 is given twice in pattern 0"),
            (Value::IntLists(vec![vec![1], vec![]]), "patterns: pattern 1 is empty"),
            (Value::IntLists(vec![vec![0]]), "patterns: pattern tile 0 is not a tile"),
        ];
        for (patterns, expected) in alone {
            for cases in [&[][..], &[three.clone()][..], &[four.clone(), three.clone()][..]] {
                let message = refused(patterns.clone(), cases);
                assert!(message.starts_with(expected), "{message}");
            }
        }
        let message = refused(Value::Str("5-5".into()), &[four.clone(), three.clone()]);
        assert_eq!(message, "cases[1]: patterns: partition \"5-5\" has more tiles than the 3x3 board's 8");
        let message = refused(Value::IntLists(vec![vec![12]]), &[four, three]);
        assert_eq!(message, "cases[1]: patterns: pattern tile 12 is not a tile of the 3x3 board's 1..8");
    }

    #[test]
    fn a_bad_goal_is_named_once_with_the_tile_given() {
        let entry = find("sliding").expect("registered");
        let task = crate::puzzle::Task::Solve;
        let goals: [(Vec<i64>, &str); 3] = [
            (
                vec![1, 2, 3, 4, 5, 6, 7, 8, 8],
                "goal: tile 8 appears twice (cells 7 and 8); the tiles must be 0..8 once each",
            ),
            (vec![1, 2, 3, 4, 5, 6, 7, 0, -1], "goal: tile -1 at cell 8 is out of range 0 to 8"),
            (vec![1, 2, 3, 4, 5, 6, 7, 0, 1 << 40], "goal: tile 1099511627776 at cell 8 is out of range 0 to 8"),
        ];
        for (goal, expected) in goals {
            let refused = entry.job(&[], true, options(&[("goal", Value::Ints(goal))]), task).map(|_| ());
            assert_eq!(refused, Err(Error::InvalidArgument(expected.into())));
        }
    }

    #[test]
    fn codes_keep_four_bits_a_cell_up_to_sixteen_cells_and_two_words_beyond() {
        let entry = find("sliding").expect("registered");
        let fifteen: Vec<i64> = (1..16).chain([0]).collect();
        let (width, words) = entry.pack(std::slice::from_ref(&fifteen), Options::new()).unwrap();
        assert_eq!((width, words[0]), (1, u64::pack(&fifteen.iter().map(|&t| t as u8).collect::<Vec<_>>())));
        let shape = || options(&[("width", Value::Int(4)), ("height", Value::Int(4))]);
        assert_eq!(entry.unpack(&words, 1, None, shape()).unwrap(), vec![fifteen]);
        let twenty_four: Vec<i64> = (1..25).chain([0]).collect();
        let (width, words) = entry.pack(std::slice::from_ref(&twenty_four), Options::new()).unwrap();
        assert_eq!(width, 2);
        let shape = options(&[("width", Value::Int(5)), ("height", Value::Int(5))]);
        assert_eq!(entry.unpack(&words, 2, None, shape).unwrap(), vec![twenty_four]);
    }
}
