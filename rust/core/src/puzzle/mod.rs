//! The contract every puzzle keeps with the bindings: a [`Puzzle`] says how
//! a case is read from integers, how it packs, how its moves are written as
//! integers, which solvers and heuristics it has by name, and how it solves
//! a case under [`Limits`]. Everything else (batches on all cores, limits,
//! interrupts, per-case errors, results in integers) is written once, here,
//! for every puzzle, behind the object-safe [`AnyPuzzle`] that the
//! [`REGISTRY`](crate::puzzles::REGISTRY) lists.

mod choice;
mod engine;
mod options;

use std::marker::PhantomData;
use std::time::{Duration, Instant};

use rayon::prelude::*;

pub use choice::Choice;
pub use engine::Engine;
pub(crate) use options::wrong_type;
pub use options::{closest, Bounded, Options, Value, MAX_THREADS};

use crate::engines::{Part, Spread};
use crate::{deadline_after, Error, Interrupt, Limits, Outcome, Result, SearchResult, Stats};

/// The states the engines that store them may hold when the caller sets no
/// `state_limit` (about 1.5 GB for the larger puzzles): beyond it they stop
/// with [`Outcome::MemoryLimit`] rather than exhaust the machine.
pub const DEFAULT_STATE_LIMIT: usize = 20_000_000;

/// The most nodes a trace records unless the call's `trace_limit` says
/// otherwise: a few megabytes in the core, and as many Python objects.
pub const DEFAULT_TRACE_LIMIT: usize = 100_000;

/// The most integers a move is written with.
pub const MAX_MOVE_WIDTH: usize = 3;

/// A move written as integers: the first [`Puzzle::MOVE_WIDTH`] count.
pub type MoveCode = [i32; MAX_MOVE_WIDTH];

/// A puzzle's solver choice: its own solvers, and the generic engines it
/// offers under their [`Engine`] names.
pub trait Solver: Choice {
    /// The generic engine this is, if it is one.
    fn generic(self) -> Option<Engine>;

    /// Whether the solver stores the states it reaches (and so gets
    /// [`DEFAULT_STATE_LIMIT`] unless told otherwise).
    fn stores_states(self) -> bool {
        self.generic().is_some_and(Engine::stores_states)
    }
}

impl Solver for Engine {
    fn generic(self) -> Option<Engine> {
        Some(self)
    }
}

/// The options every puzzle takes, read before its own.
#[derive(Debug, Clone, Copy)]
pub struct Settings<E, H> {
    /// The solver to run.
    pub engine: E,
    /// The lower bound that guides it.
    pub heuristic: H,
    /// The time, node, state and cost limits.
    pub limits: Limits<'static>,
}

/// How far a long preparation (a table build) has come: layer `layer` of
/// task `task` of `tasks`, `reached` of `total` entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// The task being done (a table among several), from 0.
    pub task: usize,
    /// How many tasks there are.
    pub tasks: usize,
    /// The layer just finished (its distance from the goal).
    pub layer: u32,
    /// Entries reached so far in this task.
    pub reached: u64,
    /// Entries of the task in all.
    pub total: u64,
}

/// Told of progress; returns `true` to stop the work (its caller failed).
pub type Report<'a> = &'a (dyn Fn(Progress) -> bool + Sync);

/// Told of each case of a batch as soon as its search has ended: its index
/// and its answer, in the order the searches end (not the input order).
pub type Answered<'a> = &'a (dyn Fn(usize, &Answer) + Sync);

/// What a preparation is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose<E> {
    /// Solving cases with this engine.
    Solve(E),
    /// Evaluating the heuristic.
    LowerBound,
}

/// One option of a puzzle's calls, as the registry describes it: the
/// bindings make their typed signatures and their docs from it, and the
/// tests check that the puzzle takes exactly the options it describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionDoc {
    /// The option's name.
    pub name: &'static str,
    /// Its values as Python's types write them (`int`, `bool`, `str |
    /// list[int]`); `engine` and `heuristic` for the names of the puzzle's
    /// engines and heuristics. `None` is always taken, for the default.
    pub kind: &'static str,
    /// What leaving it out means.
    pub default: &'static str,
    /// What it does, in one line.
    pub doc: &'static str,
}

/// The options every puzzle's searches take, before its own.
pub const SHARED_OPTIONS: &[OptionDoc] = &[
    OptionDoc { name: "engine", kind: "engine", default: "the first engine", doc: "the search engine" },
    OptionDoc {
        name: "heuristic",
        kind: "heuristic",
        default: "the first heuristic",
        doc: "the lower bound that guides the informed engines",
    },
    OptionDoc {
        name: "max_moves",
        kind: "int",
        default: "no limit",
        doc: "look for solutions of at most this many moves; beyond them, no_solution",
    },
    OptionDoc { name: "node_limit", kind: "int", default: "no limit", doc: "stop after this many expansions" },
    OptionDoc {
        name: "time_limit",
        kind: "float",
        default: "no limit",
        doc: "stop after this many seconds, table builds included",
    },
    OptionDoc {
        name: "state_limit",
        kind: "int",
        default: "20 million for the engines that store states",
        doc: "stop before storing more states: memory_limit",
    },
    OptionDoc {
        name: "trace",
        kind: "bool",
        default: "False",
        doc: "record every node visited in the result's trace (engines ida, the default then, iddfs and astar)",
    },
    OptionDoc {
        name: "trace_limit",
        kind: "int",
        default: "100,000 nodes",
        doc: "the most nodes a trace records; past them the call raises ValueError",
    },
];

/// One puzzle, as the bindings see it.
pub trait Puzzle: Sized + Send + Sync + 'static {
    /// Its name: the Python module and the command.
    const NAME: &'static str;
    /// How many integers write one move (at most [`MAX_MOVE_WIDTH`]).
    const MOVE_WIDTH: usize = 1;
    /// The name of a number that a solved case has besides its path (the
    /// Rotation Game's centre), if any.
    const EXTRA: Option<&'static str> = None;
    /// The letter of each move code, when a move is one letter (the
    /// Rotation Game's A to H): the bindings then hand a path over as the
    /// string of its letters, the cheapest form to turn into moves.
    const MOVE_LETTERS: Option<&'static str> = None;
    /// The options of its own, after [`SHARED_OPTIONS`].
    const OPTIONS: &'static [OptionDoc] = &[];
    /// For an entry that is a family of puzzles (those made from a
    /// description), the option of every call that names its member.
    const MEMBER: Option<&'static str> = None;

    /// Its solvers, the fastest first (the default).
    type Engine: Solver;
    /// Its heuristics, the default first.
    type Heuristic: Choice;
    /// A case, read and checked.
    type Case: Send + Sync;
    /// A move of a solution, before it is coded as a [`MoveCode`].
    type Move: Copy + Send + Sync;

    /// The puzzle as a call configures it: `settings`, and its own options,
    /// which it takes from `options`. A limit its engine cannot honour is
    /// refused here, with an error naming it.
    fn configure(settings: &Settings<Self::Engine, Self::Heuristic>, options: &mut Options) -> Result<Self>;

    /// Reads a case from its integers; an error names the integer at fault
    /// (by its position) and says what is wrong.
    fn read_case(&self, values: &[i64]) -> Result<Self::Case>;

    /// `mv` written as integers (the first [`MOVE_WIDTH`](Puzzle::MOVE_WIDTH)).
    fn write_move(mv: Self::Move) -> MoveCode;

    /// How many `u64` words a packed case takes.
    fn code_words(&self, case: &Self::Case) -> usize;

    /// Writes the case's code into `words` (`code_words` long).
    fn pack(&self, case: &Self::Case, words: &mut [u64]);

    /// The integers of the case a code stands for; `size` is what the code
    /// leaves out (the length of a stack, a grid's side), when it does.
    fn unpack(&self, words: &[u64], size: Option<usize>) -> Result<Vec<i64>>;

    /// Whether [`prepare`](Puzzle::prepare) has long work to do for these
    /// cases (a table not built yet in this process).
    fn needs_preparation(&self, _purpose: Purpose<Self::Engine>, _cases: &[Self::Case]) -> bool {
        false
    }

    /// Builds what the cases need before any search (tables, databases),
    /// within `limits` (the time limit counts it): `Some(outcome)` when a
    /// limit or the interrupt stopped it.
    fn prepare(
        &mut self,
        _purpose: Purpose<Self::Engine>,
        _cases: &[Self::Case],
        _limits: &Limits,
        _report: Option<Report>,
    ) -> Result<Option<Outcome>> {
        Ok(None)
    }

    /// Solves one case.
    fn solve(&self, case: &Self::Case, engine: Self::Engine, limits: &Limits) -> Result<SearchResult<Self::Move>>;

    /// A cheap guess at how long `engine` takes on a case (a heuristic
    /// bound, say: the searches grow with it), for the order of a batch:
    /// its cases start longest first, so that those left for the end,
    /// when the other threads run out of work, are short ones. The
    /// default, 0 for every case, keeps the input order (the answers are
    /// in input order either way).
    fn difficulty(&self, _case: &Self::Case, _engine: Self::Engine) -> u32 {
        0
    }

    /// The heuristic's value for a case (after a preparation for
    /// [`Purpose::LowerBound`]).
    fn lower_bound(&self, case: &Self::Case) -> Result<u32>;

    /// How many cases lie at each distance from the goal (index 0 the
    /// goals), by a search of the whole space of cases of `size` (as in
    /// [`unpack`](Puzzle::unpack)); `Ok(None)` when the interrupt stopped
    /// it. A puzzle whose space is too large for it keeps the default, an
    /// error.
    fn distance_distribution(&self, _size: Option<usize>, _interrupt: Interrupt) -> Result<Option<Vec<u64>>> {
        Err(Error::InvalidArgument(format!("{} has no distance distribution", Self::NAME)))
    }

    /// The [`EXTRA`](Puzzle::EXTRA) number of a solved case.
    fn extra(&self, _case: &Self::Case, _result: &SearchResult<Self::Move>) -> u32 {
        0
    }
}

/// One search's result with its moves written as integers, and the
/// puzzle's extra number (0 when it has none or the case is not solved).
pub type Answer = (SearchResult<MoveCode>, u32);

/// What a call gives besides its options: where to look for Ctrl-C,
/// where to report progress, and whether one case may use every thread.
#[derive(Clone, Copy, Default)]
pub struct Hooks<'a> {
    /// Polled during long work; `true` stops it.
    pub interrupt: Option<Interrupt<'a>>,
    /// Told of the progress of long preparations.
    pub report: Option<Report<'a>>,
    /// Whether a search may spread over the threads of the current rayon
    /// pool ([`Limits::parallel`]): a single case's, or the one case's of a
    /// batch (a batch of several shares the threads among its cases).
    pub parallel: bool,
    /// Told of each answer as soon as it is found, so that a caller can
    /// pass it on before the whole batch is done (and keep it if the batch
    /// is interrupted).
    pub answered: Option<Answered<'a>>,
    /// Where a single case's search spreads its large passes
    /// ([`Limits::spread`]).
    pub spread: Option<&'a dyn Spread>,
    /// The one part of a pass a single case's search is of
    /// ([`Limits::part`]).
    pub part: Option<&'a Part>,
}

/// What a call asks of its cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Solve every case optimally.
    Solve,
    /// Only compute the heuristic's value of every case.
    LowerBound,
}

/// The cases of one call, read and checked, with the puzzle configured for
/// them: prepared, then solved (or bounded).
pub trait Job: Send + Sync {
    /// Whether [`prepare`](Job::prepare) has long work to do (a table to
    /// build), which a binding may want to run where Ctrl-C can reach it
    /// from another thread; when false it returns at once.
    fn needs_preparation(&self) -> bool;
    /// Builds what the cases need; a limit or the interrupt may stop it,
    /// and then every case ends with that outcome.
    fn prepare(&mut self, hooks: Hooks) -> Result<()>;
    /// Solves every case; the answers in input order.
    fn solve(&self, hooks: Hooks) -> Result<Vec<Answer>>;
    /// The heuristic's value for every case.
    fn lower_bounds(&self) -> Result<Vec<u32>>;
}

/// A [`Puzzle`] behind a vtable, so that bindings and registries need not
/// be generic. Cases and codes are plain integers; errors about one case of
/// a batch start with `cases[{index}]: `.
pub trait AnyPuzzle: Send + Sync {
    /// The puzzle's name in the registry (`"booksort"`, ...).
    fn name(&self) -> &'static str;
    /// The names its `engine` option takes, the default first.
    fn engines(&self) -> Vec<&'static str>;
    /// The names its `heuristic` option takes, the default first.
    fn heuristics(&self) -> Vec<&'static str>;
    /// How many integers code one move.
    fn move_width(&self) -> usize;
    /// The name of the extra number an answer carries, if the puzzle has one.
    fn extra(&self) -> Option<&'static str>;
    /// The letters its moves are written with, if they are letters.
    fn move_letters(&self) -> Option<&'static str>;
    /// The option that names a member, for a family of puzzles.
    fn member(&self) -> Option<&'static str>;

    /// Every option its searches take: [`SHARED_OPTIONS`], then its own.
    fn options(&self) -> Vec<OptionDoc>;
    /// The names of the options a call with none asks for, for the tests
    /// that hold [`AnyPuzzle::options`] to what the puzzle reads.
    fn options_asked(&self) -> Vec<String>;
    /// Checks `options` alone, before any case is read: the error a call
    /// with them would raise for an option, if any.
    fn check_options(&self, options: Options) -> Result<()>;
    /// The cases (`batch`: several, named by index in errors) read and
    /// checked under `options`, ready to prepare and solve.
    fn job(&self, cases: &[Vec<i64>], batch: bool, options: Options, task: Task) -> Result<Box<dyn Job>>;
    /// Every case checked and packed: the words of case `i` are
    /// `words[i * width..(i + 1) * width]`; `(width, words)`.
    fn pack(&self, cases: &[Vec<i64>], options: Options) -> Result<(usize, Vec<u64>)>;
    /// Codes (`width` words each) back to the integers of their cases.
    fn unpack(&self, words: &[u64], width: usize, size: Option<usize>, options: Options) -> Result<Vec<Vec<i64>>>;
    /// See [`Puzzle::distance_distribution`].
    fn distance_distribution(
        &self,
        size: Option<usize>,
        options: Options,
        interrupt: Interrupt,
    ) -> Result<Option<Vec<u64>>>;
}

/// The [`AnyPuzzle`] of `P`, for the registry.
pub struct Entry<P>(PhantomData<fn() -> P>);

impl<P> Entry<P> {
    /// The entry (a constant, so that registries can be `static`).
    pub const NEW: Entry<P> = Entry(PhantomData);
}

/// The limits every search takes, read from `options`: the largest cost
/// (named `max_cost`, which the puzzles call `max_moves`), `node_limit`,
/// `state_limit`, and `time_limit`, which becomes the call's one deadline
/// here, where the call arrives; and whether to `trace` the search, in at
/// most `trace_limit` nodes.
pub fn read_limits(options: &mut Options, max_cost: &str) -> Result<Limits<'static>> {
    let max_cost = options.count::<u32>(max_cost)?;
    let max_nodes = options.count::<u64>("node_limit")?;
    let deadline = options.seconds("time_limit")?.and_then(deadline_after);
    let max_states = options.count::<usize>("state_limit")?;
    let traced = options.flag("trace", false)?;
    let trace_limit = options.count::<usize>("trace_limit")?.unwrap_or(DEFAULT_TRACE_LIMIT);
    let trace = traced.then_some(trace_limit);
    Ok(Limits { max_cost, max_nodes, deadline, max_states, trace, ..Limits::default() })
}

/// Reads the options every puzzle takes, then configures `P` with the
/// rest, refusing any left over.
fn configure<P: Puzzle>(mut options: Options) -> Result<(P, P::Engine, Limits<'static>)> {
    let configured = configured::<P>(&mut options)?;
    options.finish(P::NAME)?;
    Ok(configured)
}

/// [`configure`] without refusing what is left over.
fn configured<P: Puzzle>(options: &mut Options) -> Result<(P, P::Engine, Limits<'static>)> {
    let engine = options.parsed::<P::Engine>("engine")?;
    let heuristic = options.parsed::<P::Heuristic>("heuristic")?.unwrap_or_else(P::Heuristic::default_choice);
    let mut limits = read_limits(options, "max_moves")?;
    // A trace is of the generic IDA* unless another engine is asked for,
    // as a puzzle's fastest engine may be one of its own, which records none.
    let traced_by_default = || P::Engine::from_name(Engine::Ida.name()).ok();
    let engine = match engine {
        Some(engine) => engine,
        None if limits.trace.is_some() => traced_by_default().unwrap_or_else(P::Engine::default_choice),
        None => P::Engine::default_choice(),
    };
    if limits.trace.is_some() && !engine.generic().is_some_and(Engine::traces) {
        return Err(Error::untraced(engine.name()));
    }
    limits.max_states = limits.max_states.or(engine.stores_states().then_some(DEFAULT_STATE_LIMIT));
    let puzzle = P::configure(&Settings { engine, heuristic, limits }, options)?;
    Ok((puzzle, engine, limits))
}

fn read_cases<P: Puzzle>(puzzle: &P, cases: &[Vec<i64>], batch: bool) -> Result<Vec<P::Case>> {
    let read = |(index, values): (usize, &Vec<i64>)| {
        puzzle.read_case(values).map_err(|e| if batch { e.in_case(index) } else { e })
    };
    cases.iter().enumerate().map(read).collect()
}

fn written<P: Puzzle>(puzzle: &P, case: &P::Case, result: SearchResult<P::Move>) -> Answer {
    let extra = if result.is_solved() { puzzle.extra(case, &result) } else { 0 };
    (result.map_moves(P::write_move), extra)
}

/// The result of a search that a limit stopped before it began, at `elapsed`.
fn stopped(outcome: Outcome, elapsed: Duration) -> Answer {
    (SearchResult::unsolved(outcome, Some(0), Stats { elapsed, ..Stats::default() }), 0)
}

/// The cases of one call to `P`.
struct PuzzleJob<P: Puzzle> {
    puzzle: P,
    engine: P::Engine,
    limits: Limits<'static>,
    task: Task,
    cases: Vec<P::Case>,
    batch: bool,
    /// What stopped the preparation, if anything did, and when.
    stopped: Option<(Outcome, Duration)>,
}

impl<P: Puzzle> PuzzleJob<P> {
    fn purpose(&self) -> Purpose<P::Engine> {
        match self.task {
            Task::Solve => Purpose::Solve(self.engine),
            Task::LowerBound => Purpose::LowerBound,
        }
    }
}

impl<P: Puzzle> Job for PuzzleJob<P> {
    fn needs_preparation(&self) -> bool {
        self.puzzle.needs_preparation(self.purpose(), &self.cases)
    }

    fn prepare(&mut self, hooks: Hooks) -> Result<()> {
        let limits = Limits { interrupt: hooks.interrupt, ..self.limits };
        let begun = Instant::now();
        let stopped = self.puzzle.prepare(self.purpose(), &self.cases, &limits, hooks.report)?;
        self.stopped = stopped.map(|outcome| (outcome, begun.elapsed()));
        Ok(())
    }

    fn solve(&self, hooks: Hooks) -> Result<Vec<Answer>> {
        let tell = |index: usize, answer: Answer| {
            if let Some(answered) = hooks.answered {
                answered(index, &answer);
            }
            answer
        };
        if let Some((outcome, elapsed)) = self.stopped {
            return Ok((0..self.cases.len()).map(|index| tell(index, stopped(outcome, elapsed))).collect());
        }
        // A batch of one (a single cube typed at the command line) spreads
        // its search over the threads, as a single case does.
        let parallel = hooks.parallel && (!self.batch || self.cases.len() == 1);
        let (spread, part) = if self.batch { (None, None) } else { (hooks.spread, hooks.part) };
        let limits = Limits { interrupt: hooks.interrupt, parallel, spread, part, ..self.limits };
        let (puzzle, engine) = (&self.puzzle, self.engine);
        let solve_one = |case: &P::Case| {
            // A search polls the interrupt only every few thousand
            // expansions, so in a batch of short searches each would run
            // to its end; asking before each stops a cancelled batch within
            // one search. A spent time limit stops even a solver that never
            // looks at the clock.
            if limits.interrupted() {
                return Ok(stopped(Outcome::Interrupted, Duration::ZERO));
            }
            if limits.past_deadline() {
                return Ok(stopped(Outcome::TimeLimit, Duration::ZERO));
            }
            let result = puzzle.solve(case, engine, &limits)?;
            let result = result.with_trace_checked(limits.trace, engine.name())?;
            Ok(written(puzzle, case, result))
        };
        if !self.batch {
            return self.cases.iter().enumerate().map(|(index, case)| Ok(tell(index, solve_one(case)?))).collect();
        }
        let solve_case = |index: usize| {
            solve_one(&self.cases[index]).map(|answer| tell(index, answer)).map_err(|e| e.in_case(index))
        };
        let difficulties: Vec<u32> = self.cases.iter().map(|case| puzzle.difficulty(case, engine)).collect();
        if difficulties.iter().all(|&d| d == 0) {
            return (0..self.cases.len()).into_par_iter().map(solve_case).collect();
        }
        let mut order: Vec<usize> = (0..self.cases.len()).collect();
        order.sort_by_key(|&index| std::cmp::Reverse(difficulties[index]));
        // Handed out one at a time in that order (splitting the list, as an
        // indexed parallel iterator does, would start one thread midway).
        let mut solved: Vec<(usize, Result<Answer>)> =
            order.iter().par_bridge().map(|&index| (index, solve_case(index))).collect();
        solved.sort_unstable_by_key(|&(index, _)| index);
        solved.into_iter().map(|(_, answer)| answer).collect()
    }

    fn lower_bounds(&self) -> Result<Vec<u32>> {
        if let Some((outcome, _)) = self.stopped {
            return Err(Error::Stopped(outcome));
        }
        self.cases.iter().map(|case| self.puzzle.lower_bound(case)).collect()
    }
}

impl<P: Puzzle> AnyPuzzle for Entry<P> {
    fn name(&self) -> &'static str {
        P::NAME
    }

    fn engines(&self) -> Vec<&'static str> {
        P::Engine::names()
    }

    fn heuristics(&self) -> Vec<&'static str> {
        P::Heuristic::names()
    }

    fn move_width(&self) -> usize {
        P::MOVE_WIDTH
    }

    fn extra(&self) -> Option<&'static str> {
        P::EXTRA
    }

    fn move_letters(&self) -> Option<&'static str> {
        P::MOVE_LETTERS
    }

    fn member(&self) -> Option<&'static str> {
        P::MEMBER
    }

    fn options(&self) -> Vec<OptionDoc> {
        SHARED_OPTIONS.iter().chain(P::OPTIONS).copied().collect()
    }

    fn options_asked(&self) -> Vec<String> {
        let mut options = Options::new();
        // Its error, if any, shows as options asked for too few.
        let _ = configured::<P>(&mut options);
        options.asked().to_vec()
    }

    fn check_options(&self, options: Options) -> Result<()> {
        configure::<P>(options).map(drop)
    }

    fn job(&self, cases: &[Vec<i64>], batch: bool, options: Options, task: Task) -> Result<Box<dyn Job>> {
        let (puzzle, engine, limits) = configure::<P>(options)?;
        let cases = read_cases(&puzzle, cases, batch)?;
        Ok(Box::new(PuzzleJob { puzzle, engine, limits, task, cases, batch, stopped: None }))
    }

    fn pack(&self, cases: &[Vec<i64>], options: Options) -> Result<(usize, Vec<u64>)> {
        let (puzzle, _, _) = configure::<P>(options)?;
        let cases = read_cases(&puzzle, cases, true)?;
        let width = cases.first().map_or(1, |case| puzzle.code_words(case));
        let mut words = vec![0; width * cases.len()];
        for (index, (case, code)) in cases.iter().zip(words.chunks_exact_mut(width)).enumerate() {
            if puzzle.code_words(case) != width {
                return Err(Error::invalid(format!(
                    "cases[{index}]: its code takes {} words, the first case's {width}; pack cases of one size together",
                    puzzle.code_words(case)
                )));
            }
            puzzle.pack(case, code);
        }
        Ok((width, words))
    }

    fn distance_distribution(
        &self,
        size: Option<usize>,
        options: Options,
        interrupt: Interrupt,
    ) -> Result<Option<Vec<u64>>> {
        let (puzzle, _, _) = configure::<P>(options)?;
        puzzle.distance_distribution(size, interrupt)
    }

    fn unpack(&self, words: &[u64], width: usize, size: Option<usize>, options: Options) -> Result<Vec<Vec<i64>>> {
        let (puzzle, _, _) = configure::<P>(options)?;
        if width == 0 {
            return Err(Error::InvalidArgument("codes must have at least one word each".into()));
        }
        words
            .chunks_exact(width)
            .enumerate()
            .map(|(index, code)| puzzle.unpack(code, size).map_err(|e| e.in_case(index)))
            .collect()
    }
}
