//! Permutation puzzles on the puzzle contract: one registry entry for the
//! whole family, each call naming its member by its description (the
//! `description` option), compiled once a process and kept.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use super::{Compiled, Description, Metric, Position, MAX_PLACES};
use crate::puzzle::{Engine, MoveCode, OptionDoc, Options, Purpose, Puzzle, Report, Settings, Solver};
use crate::puzzles::cube::{self, CubePuzzle, CubeTable, Layout};
use crate::{Error, Interrupt, Limits, Outcome, Result, SearchResult};

crate::choices! {
    /// The engines of permutation puzzles: the generic ones, and the
    /// cube's own search for the 3x3x3.
    pub enum PermutationEngine: "engine" {
        /// IDA*: memory for one path.
        Ida = "ida",
        /// The Rubik's Cube's own IDA* (the 3x3x3 in the half-turn metric
        /// only): coordinates stepped by lookups, and its own tables.
        Cube = "cube",
        /// A*: the fewest expansions, memory for every state reached.
        Astar = "astar",
        /// Iterative-deepening depth-first search, without a heuristic.
        Iddfs = "iddfs",
        /// Breadth-first search from the start.
        Bfs = "bfs",
        /// Bidirectional breadth-first search.
        Bidirectional = "bidirectional",
    }
}

impl Solver for PermutationEngine {
    fn generic(self) -> Option<Engine> {
        match self {
            PermutationEngine::Cube => None,
            PermutationEngine::Ida => Some(Engine::Ida),
            PermutationEngine::Astar => Some(Engine::Astar),
            PermutationEngine::Iddfs => Some(Engine::Iddfs),
            PermutationEngine::Bfs => Some(Engine::Bfs),
            PermutationEngine::Bidirectional => Some(Engine::Bidirectional),
        }
    }
}

/// The most entries a pattern database of a projection has unless
/// `table_entries` says: 134 million bytes, which holds the 3x3x3's
/// corners whole (88 million).
pub const DEFAULT_TABLE_ENTRIES: u64 = 1 << 27;
/// The most entries `table_entries` may allow: a gigabyte a table.
pub const MAX_TABLE_ENTRIES: u64 = 1 << 30;
/// The most positions `distance_distribution` counts.
pub const MAX_DISTRIBUTION_ENTRIES: u64 = 1 << 28;

crate::choices! {
    /// The lower bound that guides the informed engines.
    pub enum Heuristic: "heuristic" {
        /// The largest distance of the pattern databases of the
        /// description's projections: each set whole where it fits
        /// `table_entries`, else its pieces alone and its orientations alone.
        Tables = "tables",
    }
}

/// The compiled puzzles of this process, by description and table size:
/// a batch, or a session's calls, compile and build once.
static COMPILED: Mutex<Option<CompiledByText>> = Mutex::new(None);

/// Compiled puzzles by their description and how they were compiled.
type CompiledByText = HashMap<(String, Build), Arc<Compiled>>;

/// How a description is compiled: the options besides the description.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Build {
    /// The most entries a pattern database may have.
    pub table_entries: u64,
    /// Which powers of a move count as one move.
    pub metric: Metric,
    /// Whether the tables are also read on the dual position; `None`: where
    /// the pieces all differ, as [`DUAL_BY_DEFAULT`] says.
    pub dual: Option<bool>,
    /// Whether the tables are also read through the puzzle's symmetries;
    /// `None`: where the pieces all differ, as [`SYMMETRY_BY_DEFAULT`] says.
    pub symmetry: Option<bool>,
}

/// Whether the tables are read on the dual position unless `dual` says:
/// read lazily, with the symmetric views, the 3x3x3's generic search takes
/// 1.2 to 1.6 times less time (1.8 to 1.9 times fewer nodes) on 14-move
/// scrambles, the 2x2x2's with split tables 1.8 times less.
pub const DUAL_BY_DEFAULT: bool = true;
/// Whether the tables are read through the symmetries unless `symmetry` says.
pub const SYMMETRY_BY_DEFAULT: bool = true;

impl Default for Build {
    fn default() -> Build {
        Build { table_entries: DEFAULT_TABLE_ENTRIES, metric: Metric::Htm, dual: None, symmetry: None }
    }
}

impl Build {
    /// The build a call's options ask for, its defaults where they are silent.
    pub fn from_options(options: &mut Options) -> Result<Build> {
        let table_entries = options.count::<u64>("table_entries")?.unwrap_or(DEFAULT_TABLE_ENTRIES);
        if table_entries > MAX_TABLE_ENTRIES {
            return Err(Error::InvalidArgument(format!(
                "table_entries: at most {MAX_TABLE_ENTRIES}, got {table_entries}"
            )));
        }
        let metric = options.parsed::<Metric>("metric")?.unwrap_or(Metric::Htm);
        let (dual, symmetry) = (options.switch("dual")?, options.switch("symmetry")?);
        Ok(Build { table_entries, metric, dual, symmetry })
    }

    /// The build with its tables read as they stand.
    fn plain(self) -> Build {
        Build { dual: Some(false), symmetry: Some(false), ..self }
    }
}

/// The puzzle of `text` built as `build` says, compiled (and its tables
/// built, `report` told of each layer) at its first use in the process;
/// `None` when the interrupt or the report stopped a table's build.
pub fn compiled(
    text: &str,
    build: Build,
    interrupt: Option<Interrupt>,
    report: Option<Report>,
) -> Result<Option<Arc<Compiled>>> {
    let key = (text.to_string(), build);
    if let Some(found) = COMPILED.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert_default().get(&key) {
        return Ok(Some(found.clone()));
    }
    let puzzle = if build != build.plain() {
        // The plain puzzle's tables, shared and read another way.
        let Some(plain) = compiled(text, build.plain(), interrupt, report)? else {
            return Ok(None);
        };
        let differ = plain.pieces_differ();
        let reading = |asked: Option<bool>, name: &str, default: bool| match asked {
            Some(true) if !differ => Err(Error::InvalidArgument(format!(
                "{name}: {} has pieces alike (the same number twice in a set's Solved) or turned when solved, \
                 so its positions have no {}",
                plain.description.name,
                if name == "dual" { "dual" } else { "symmetric views" }
            ))),
            Some(asked) => Ok(asked),
            None => Ok(default && differ),
        };
        let (dual, symmetric) =
            (reading(build.dual, "dual", DUAL_BY_DEFAULT)?, reading(build.symmetry, "symmetry", SYMMETRY_BY_DEFAULT)?);
        if dual || symmetric {
            Arc::new(plain.reading(dual, symmetric))
        } else {
            plain
        }
    } else {
        let description = Description::parse(text)?;
        // Tables are kept where the sliding tiles' are ($IDASTAR_CACHE_DIR,
        // else the user's cache directory), so that a description's are
        // built once.
        let cache = crate::cache::usable_cache_dir(None)?;
        let compiled = Compiled::new(description, build.metric)?;
        let Some(puzzle) = compiled.with_tables_cached(build.table_entries, cache.as_deref(), interrupt, report)?
        else {
            return Ok(None);
        };
        Arc::new(puzzle)
    };
    COMPILED.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert_default().insert(key, puzzle.clone());
    Ok(Some(puzzle))
}

/// The family of permutation puzzles, as a call configures it.
pub struct Descriptions {
    puzzle: Option<Arc<Compiled>>,
    /// With the cube engine: how the puzzle is the cube, and its tables'
    /// size and directory.
    cube: Option<(Layout, CubeTable)>,
    cache: Option<std::path::PathBuf>,
    /// The time spent building or reading the cube's tables.
    preparation: std::time::Duration,
}

impl Descriptions {
    fn puzzle(&self) -> Result<&Compiled> {
        self.puzzle
            .as_deref()
            .ok_or_else(|| Error::InvalidArgument("description: a permutation puzzle needs its description".into()))
    }
}

impl Puzzle for Descriptions {
    const NAME: &'static str = "permutation";
    const MEMBER: Option<&'static str> = Some("description");
    const OPTIONS: &'static [OptionDoc] = &[
        OptionDoc {
            name: "description",
            kind: "str",
            default: "none: every call names its puzzle",
            doc: "the puzzle's description, in the ksolve format",
        },
        OptionDoc {
            name: "table_entries",
            kind: "int",
            default: "2**27",
            doc: "the most entries a pattern database of a projection may have",
        },
        OptionDoc {
            name: "metric",
            kind: "str",
            default: "htm",
            doc: "which powers of a move count as one move: every power (htm), or a move and its inverse (qtm)",
        },
        OptionDoc {
            name: "dual",
            kind: "bool",
            default: "True where every set's pieces differ",
            doc: "also read the tables on the dual (inverse) position; only where every set's pieces differ",
        },
        OptionDoc {
            name: "symmetry",
            kind: "bool",
            default: "True where every set's pieces differ",
            doc: "also read each table through the puzzle's symmetries, which show it other pieces; only where every set's pieces differ",
        },
        OptionDoc {
            name: "cube_table",
            kind: "Literal[\"small\", \"large\"]",
            default: "\"small\"",
            doc: "with engine \"cube\": its edges' table, 70 MB built in seconds (small) or 1.7 GB built in minutes (large)",
        },
    ];
    type Engine = PermutationEngine;
    type Heuristic = Heuristic;
    type Case = Position;
    type Move = u16;

    fn configure(settings: &Settings<PermutationEngine, Heuristic>, options: &mut Options) -> Result<Self> {
        let build = Build::from_options(options)?;
        let table = options.parsed::<CubeTable>("cube_table")?;
        // The tables are built where the description is first read
        // (`permutation.load`, which Ctrl-C can stop); a call that comes
        // first builds them here.
        let puzzle = options
            .text("description")?
            .map(|text| compiled(&text, build, None, None).map(|built| built.expect("no interrupt was given")))
            .transpose()?;
        let cube = match (settings.engine, &puzzle) {
            (PermutationEngine::Cube, _) if build.metric != Metric::Htm => {
                return Err(Error::InvalidArgument(
                    "metric: the cube engine searches the half-turn metric (\"htm\") only".into(),
                ))
            }
            (PermutationEngine::Cube, Some(puzzle)) => Some((
                Layout::of(puzzle).map_err(|why| Error::InvalidArgument(format!("engine: {why}")))?,
                table.unwrap_or(CubeTable::Small),
            )),
            (_, _) if table.is_some() => {
                return Err(Error::InvalidArgument("cube_table: only the cube engine (engine=\"cube\") has it".into()))
            }
            _ => None,
        };
        // Where the cube engine keeps its tables; the other engines keep none here.
        let cache = if cube.is_some() { crate::cache::usable_cache_dir(None)? } else { None };
        Ok(Descriptions { puzzle, cube, cache, preparation: std::time::Duration::ZERO })
    }

    /// A position is each set's pieces (as the description numbers them,
    /// from 1) then their orientations, set after set.
    fn read_case(&self, values: &[i64]) -> Result<Position> {
        let puzzle = self.puzzle()?;
        let places = puzzle.places();
        if values.len() != 2 * places {
            return Err(Error::invalid(format!(
                "a position of {} has {} numbers (each set's pieces, then their orientations), got {}",
                puzzle.description.name,
                2 * places,
                values.len()
            )));
        }
        let mut position = Position { pieces: [0; MAX_PLACES], twists: [0; MAX_PLACES] };
        let mut at = 0;
        for (set, solved) in puzzle.description.sets.iter().zip(&puzzle.description.solved) {
            let mut pieces: Vec<u8> = Vec::with_capacity(set.size);
            for (place, &value) in values[at..at + set.size].iter().enumerate() {
                if !(1..=set.size as i64).contains(&value) {
                    return Err(Error::invalid(format!(
                        "set {}: piece {value} at place {} is out of range 1 to {}",
                        set.name,
                        place + 1,
                        set.size
                    )));
                }
                pieces.push((value - 1) as u8);
            }
            let (mut given, mut goal) = (pieces.clone(), solved.places.clone());
            given.sort_unstable();
            goal.sort_unstable();
            if given != goal {
                return Err(Error::invalid(format!("set {}: the pieces are not those of the solved state", set.name)));
            }
            let start = at / 2;
            position.pieces[start..start + set.size].copy_from_slice(&pieces);
            for (place, &value) in values[at + set.size..at + 2 * set.size].iter().enumerate() {
                if !(0..i64::from(set.orientations)).contains(&value) {
                    return Err(Error::invalid(format!(
                        "set {}: orientation {value} at place {} is out of range 0 to {}",
                        set.name,
                        place + 1,
                        set.orientations - 1
                    )));
                }
                position.twists[start + place] = value as u8;
            }
            at += 2 * set.size;
        }
        if puzzle.lower_bound(&position) == u32::from(u8::MAX) {
            return Err(Error::Unsolvable(format!(
                "the position cannot reach {}'s solved state",
                puzzle.description.name
            )));
        }
        Ok(position)
    }

    fn write_move(turn: u16) -> MoveCode {
        [i32::from(turn), 0, 0]
    }

    fn code_words(&self, _: &Position) -> usize {
        self.puzzle.as_ref().map_or(1, |puzzle| (2 * puzzle.places()).div_ceil(8))
    }

    /// Each place's piece, then each place's orientation, a byte each,
    /// eight a word from its low byte.
    fn pack(&self, position: &Position, words: &mut [u64]) {
        let places = self.puzzle.as_ref().map_or(0, |puzzle| puzzle.places());
        let bytes = position.pieces[..places].iter().chain(&position.twists[..places]);
        for (index, &byte) in bytes.enumerate() {
            words[index / 8] |= u64::from(byte) << (8 * (index % 8));
        }
    }

    fn unpack(&self, words: &[u64], _: Option<usize>) -> Result<Vec<i64>> {
        let puzzle = self.puzzle()?;
        let places = puzzle.places();
        if words.len() != (2 * places).div_ceil(8) {
            return Err(Error::InvalidArgument(format!(
                "a code of {} takes {} words, got {}",
                puzzle.description.name,
                (2 * places).div_ceil(8),
                words.len()
            )));
        }
        let byte = |index: usize| ((words[index / 8] >> (8 * (index % 8))) & 0xFF) as i64;
        let mut values = Vec::with_capacity(2 * places);
        for bounds in puzzle.offsets.windows(2) {
            let (start, end) = (bounds[0], bounds[1]);
            values.extend((start..end).map(|place| byte(place) + 1));
            values.extend((start..end).map(|place| byte(places + place)));
        }
        self.read_case(&values)?;
        Ok(values)
    }

    fn needs_preparation(&self, purpose: Purpose<PermutationEngine>, _: &[Position]) -> bool {
        matches!((purpose, &self.cube), (Purpose::Solve(PermutationEngine::Cube), Some((_, table))) if !cube::tables_ready(*table))
    }

    /// The cube's tables, for its engine: read from the cache directory,
    /// or built (and stored there).
    fn prepare(
        &mut self,
        purpose: Purpose<PermutationEngine>,
        _: &[Position],
        limits: &Limits,
        report: Option<Report>,
    ) -> Result<Option<Outcome>> {
        let (Purpose::Solve(PermutationEngine::Cube), Some((_, table))) = (purpose, &self.cube) else {
            return Ok(None);
        };
        let begun = Instant::now();
        let stop = || limits.interrupted() || limits.past_deadline();
        if cube::tables(*table, self.cache.as_deref(), Some(&stop), report).is_none() {
            return Ok(Some(if limits.interrupted() { Outcome::Interrupted } else { Outcome::TimeLimit }));
        }
        self.preparation += begun.elapsed();
        Ok(None)
    }

    fn solve(&self, position: &Position, engine: PermutationEngine, limits: &Limits) -> Result<SearchResult<u16>> {
        let puzzle = self.puzzle()?;
        let Some(engine) = engine.generic() else {
            let (layout, table) = self.cube.as_ref().expect("configured with the cube engine");
            let tables = cube::tables(*table, self.cache.as_deref(), None, None).expect("no interrupt");
            let mut result = CubePuzzle { puzzle, layout }.solve(&tables, position, limits)?;
            result.stats.elapsed += self.preparation;
            return Ok(result);
        };
        Ok(engine.run(puzzle, *position, limits, 0))
    }

    fn difficulty(&self, position: &Position, _: PermutationEngine) -> u32 {
        self.puzzle.as_ref().map_or(0, |puzzle| puzzle.lower_bound(position))
    }

    fn lower_bound(&self, position: &Position) -> Result<u32> {
        Ok(self.puzzle()?.lower_bound(position))
    }

    fn distance_distribution(&self, _: Option<usize>, interrupt: Interrupt) -> Result<Option<Vec<u64>>> {
        self.puzzle()?.distance_distribution(MAX_DISTRIBUTION_ENTRIES, Some(interrupt))
    }
}
