"""The puzzle commands of the ``idastar`` command line.

Every puzzle of the core's registry (``idastar.PUZZLES``) that has a module
of its own in this package, and each of :data:`DESCRIBED`, is one
:class:`Puzzle` entry in :data:`PUZZLES`; the entry gives the puzzle its
subcommand, its place in ``idastar --help`` and its part of ``idastar demo``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TextIO, TypeVar, cast

from .._judge import JudgeInputError, Tokens

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from .._results import Solution

S = TypeVar("S", bound="Solution[Any]")
T = TypeVar("T")


# A NamedTuple rather than a dataclass: every run of the command builds the
# registry, and this keeps start-up light.
class Puzzle(NamedTuple):
    """What the command line needs to know about one puzzle."""

    name: str
    #: One line for the list of puzzles in ``idastar --help``.
    summary: str
    #: The judge format in a few short lines, for ``idastar --help``.
    formats: str
    #: The body of ``idastar NAME --help``.
    description: str
    epilog: str
    #: Adds the puzzle's own options to its subcommand.
    configure: Callable[[argparse.ArgumentParser], None]
    #: Answers every case of a judge input, writing to ``out`` case by case.
    answer: Callable[[argparse.Namespace, Tokens, TextIO], None]
    #: Solves the stored samples verbosely; False when one disagrees with
    #: the stored expected output.
    demo: Callable[[TextIO], bool]


PUZZLES: dict[str, Puzzle] = {}


def register(puzzle: Puzzle) -> Puzzle:
    PUZZLES[puzzle.name] = puzzle
    return puzzle


def sample_text(name: str, suffix: str) -> str:
    """A stored sample of the package, ``data/NAME.SUFFIX`` (``in`` or ``out``)."""
    from importlib import resources

    return (resources.files("idastar") / "data" / f"{name}.{suffix}").read_text(encoding="utf-8")


#: The suffixes of the shipped inputs that ``@NAME`` names (``.out`` files
#: are expected outputs, not inputs).
SHIPPED_SUFFIXES = (".in", ".txt")


def shipped_inputs() -> dict[str, Traversable]:
    """The inputs shipped in ``data/``, by the name ``@NAME`` gives them."""
    from importlib import resources

    files = (resources.files("idastar") / "data").iterdir()
    found = {f.name.rsplit(".", 1)[0]: f for f in files if f.name.endswith(SHIPPED_SUFFIXES)}
    return dict(sorted(found.items()))


#: The most cases a judge input may announce: the judge programs read T into an int.
MAX_CASES = 2**31 - 1


def case_count(tokens: Tokens) -> int:
    """The number of cases T that starts a judge input."""
    return tokens.next_int("the number of cases T", 0, MAX_CASES)


@functools.cache
def _permutation_texts(item: str, n: int) -> list[tuple[str, str]]:
    """What each value of an n-value permutation is called, and its out-of-range message."""
    return [
        (
            f"{item} {position} of {n}",
            f"{item} {{value}} at position {position} is out of range 1 to {n}",
        )
        for position in range(1, n + 1)
    ]


def permutation_cases(
    tokens: Tokens, count: int | None, item: str, most: int
) -> Iterator[tuple[int, tuple[int, ...]]]:
    """``(case number, values)`` of a judge input whose cases are ``n`` and a
    permutation of ``1..n`` (``1 <= n <= most``; each value an ``item``):
    booksort's shelves, pancake stacks. After its T when ``count`` is given;
    validated as they are read, in the words the API uses."""
    if count is None:
        count = case_count(tokens)
    items = f"{item}s"
    what_n = f"the number of {items} (T = {count} cases)"
    bad_n = f"the number of {items} must be between 1 and {most}, got {{value}}"
    for case in range(1, count + 1):
        tokens.case = case
        n = tokens.next_int(what_n, 1, most, bad_n)
        values: list[int] = []
        position_of: dict[int, int] = {}
        for position, (what, out_of_range) in enumerate(_permutation_texts(item, n), 1):
            value = tokens.next_int(what, 1, n, out_of_range)
            if value in position_of:
                raise tokens.error(
                    f"{item} {value} appears twice (positions {position_of[value]} and {position});"
                    f" the {items} must be a permutation of 1..{n}"
                )
            position_of[value] = position
            values.append(value)
        yield case, tuple(values)
    tokens.case = None


#: Told of each case's solution as it is found, in input order: the keepers
#: of ``--svg``, ``--html`` and ``--plot`` (see :func:`listening`). Per
#: context, so that runs of the command in threads of one process keep
#: their own.
_answer_listeners: ContextVar[tuple[Callable[[Solution[Any]], None], ...]] = ContextVar(
    "answer_listeners", default=()
)


@contextlib.contextmanager
def listening(listener: Callable[[Solution[Any]], None]) -> Iterator[None]:
    """Tells ``listener`` of every answer :func:`checked` passes, while the
    block runs: the one way an option sees the solutions of a run."""
    token = _answer_listeners.set((*_answer_listeners.get(), listener))
    try:
        yield
    finally:
        _answer_listeners.reset(token)


class OutputError(Exception):
    """The command's output could not be written: ``stream`` names it
    ("standard output", "standard error"), ``reason`` says why."""

    def __init__(self, stream: str, reason: str) -> None:
        super().__init__(f"cannot write to {stream}: {reason}")
        self.stream = stream
        self.reason = reason


class Output:
    """A text stream whose failures are :class:`OutputError`: a closed
    stream (None, as Python leaves a closed descriptor), a full disk, an
    I/O error. A reader that went away stays a BrokenPipeError. With
    ``best_effort``, failures are ignored instead: for notes nobody asked
    for, which must not cost the answers."""

    def __init__(self, stream: TextIO | None, name: str, *, best_effort: bool = False) -> None:
        self.stream = stream
        self.name = name
        self.best_effort = best_effort

    def _do(self, operation: Callable[[TextIO], T], skipped: T) -> T:
        """``operation(stream)``, its failure an OutputError (or, with
        ``best_effort``, ``skipped``)."""
        try:
            if self.stream is None:
                raise OutputError(self.name, "it is closed")
            try:
                return operation(self.stream)
            except BrokenPipeError:
                raise
            except ValueError:  # closed after the start
                raise OutputError(self.name, "it is closed") from None
            except OSError as error:
                raise OutputError(self.name, error.strerror or str(error)) from None
        except (OutputError, BrokenPipeError):
            if self.best_effort:
                return skipped
            raise

    def write(self, text: str) -> int:
        return self._do(lambda stream: stream.write(text), len(text))

    def flush(self) -> None:
        self._do(lambda stream: stream.flush(), None)

    def isatty(self) -> bool:
        try:
            return self.stream is not None and self.stream.isatty()
        except (OSError, ValueError):
            return False


class BuildReport:
    """Shows pattern-database builds on stderr, as a ``progress`` callback
    hears of them: a bar on a terminal, else one line a database."""

    def __init__(self, stream: TextIO | Output, command: str) -> None:
        self.stream = stream
        self.command = command
        self.tty = stream.isatty()
        self.announced: set[int] = set()
        #: Why the databases built could not be kept, once told.
        self.unkept: str | None = None

    def tell_unkept(self, message: str) -> None:
        """Says, once, that the databases built could not be kept (the
        cache directory and why) and that later runs build them again."""
        if self.unkept is None:
            self.unkept = message
            print(f"{self.command}: {message}", file=self.stream, flush=True)

    def __call__(self, pattern: int, patterns: int, layer: int, reached: int, total: int) -> None:
        if pattern not in self.announced:
            self.announced.add(pattern)
            if not self.tty:
                print(
                    f"{self.command}: building pattern database {pattern + 1} of {patterns} "
                    f"({total:,} entries)",
                    file=self.stream,
                    flush=True,
                )
        if self.tty:
            width = 30
            done = int(width * reached / total) if total else width
            end = "\n" if reached == total and layer > 0 else ""
            print(
                f"\rbuilding pattern database {pattern + 1}/{patterns} "
                f"[{'#' * done}{'.' * (width - done)}] {100 * reached / total:5.1f}% "
                f"layer {layer}",
                end=end,
                file=self.stream,
                flush=True,
            )


def stderr(*, best_effort: bool = False) -> Output:
    """Standard error, as the commands write their reports to it: a report
    asked for (``--stats``) that cannot be written ends the run; a note
    (``best_effort``) is dropped."""
    return Output(sys.stderr, "standard error", best_effort=best_effort)


def answer_flags(
    parser: argparse.ArgumentParser, *, path: str | None, json: str, unit: str = "case"
) -> None:
    """The flags every command shapes its answers with, in the same words:
    ``--path`` (when the judge line holds no moves) with ``path`` saying
    what the moves line holds, ``--json`` with the record's fields, and
    ``--stats``."""
    shape = parser.add_mutually_exclusive_group()
    if path is not None:
        shape.add_argument(
            "--path", action="store_true", help=f"after each answer line, a line with {path}"
        )
    shape.add_argument(
        "--json",
        action="store_true",
        help=f"one JSON object per {unit} instead of the answer line{'' if path else 's'}: {json}",
    )
    parser.add_argument(
        "--stats",
        action="store_true",
        help=f"write each {unit}'s search statistics (per bound and total) to stderr",
    )


def emit_stats(label: str, solution: Solution[Any]) -> None:
    """A case's search statistics on stderr (``--stats``), under ``label``."""
    stats = "\n".join("  " + line for line in solution.stats.format().splitlines())
    emit(stderr(), f"{label}:\n{stats}")


def emit(out: TextIO | Output, text: str) -> None:
    # Flushed per case: a later bad case or a Ctrl-C must not swallow the
    # answers already found, and a reader of a pipe sees them as they come.
    out.write(text + "\n")
    out.flush()


class Shown(NamedTuple):
    """One stored sample as ``idastar demo`` shows it."""

    #: What the sample is ("7 pancakes"), after "sample 2 of 5".
    title: str
    #: The case as given.
    given: str
    #: The answer as the judge writes it, checked against the stored output.
    answer: str
    #: The lines below it: the moves, a picture.
    details: Sequence[str] = ()
    #: The answer as the demo says it, when not as the judge writes it.
    said: str = ""
    #: Whether the other searches of the sample found what the answer says.
    agrees: bool = True


#: Runs one search of a sample and notes its time: ``timed(label, call)``.
Timed = Callable[[str, Callable[[], T]], T]


def sample_demo(
    out: TextIO,
    name: str,
    intro: str,
    cases: Callable[[Tokens], Iterable[T]],
    show: Callable[[T, Timed[Any]], Shown],
) -> bool:
    """``idastar demo``'s part for a puzzle whose samples ship as
    ``data/NAME.in`` with the judge's answers in ``data/NAME.out``: each
    case ``cases`` reads from them is shown as ``show(case, timed)`` says
    (its searches run through ``timed``, whose times are told), the answer
    checked against the stored one. False when one differs."""
    import io
    import time

    expected = sample_text(name, "out").splitlines()
    samples = list(cases(Tokens(io.StringIO(sample_text(name, "in")))))
    emit(
        out,
        f"{intro}\n{len(samples)} samples (data/{name}.in), "
        f"answers checked against data/{name}.out.",
    )
    times: dict[str, float] = {}

    def timed(label: str, call: Callable[[], Any]) -> Any:
        began = time.perf_counter()
        result = call()
        times[label] = time.perf_counter() - began
        return result

    all_match, line = True, 0
    for number, case in enumerate(samples, 1):
        times.clear()
        shown = show(case, timed)
        lines = shown.answer.count("\n") + 1
        want = "\n".join(expected[line : line + lines]) or "(missing)"
        line += lines
        match = shown.answer == want and shown.agrees
        all_match = all_match and match
        if lines == 1:
            verdict = f"(expected {want})" if match else f"MISMATCH, expected {want}"
        else:
            verdict = "(as expected)" if match else f"MISMATCH, expected {want!r}"
        spent = ", ".join(f"{label} {seconds * 1000:.2f} ms" for label, seconds in times.items())
        emit(
            out,
            "\n".join(
                [
                    "",
                    f"sample {number} of {len(samples)}"
                    + (f": {shown.title}" if shown.title else ""),
                    f"  input   {shown.given}",
                    f"  judge   {shown.said or shown.answer}   {verdict}",
                    *shown.details,
                    f"  time    {spent}",
                ]
            ),
        )
    return all_match


def checked(solution: S) -> S:
    """The solution, if it is an answer; no limits are set, so only Ctrl-C can stop it."""
    check_outcome(solution.outcome)
    for listener in _answer_listeners.get():
        listener(solution)
    return solution


def check_outcome(outcome: str) -> None:
    """KeyboardInterrupt for a search that Ctrl-C stopped, RuntimeError for
    one a limit stopped: an answer line needs neither."""
    if outcome == "interrupted":
        raise KeyboardInterrupt
    if outcome not in ("solved", "no_solution"):
        raise RuntimeError(f"the search stopped without an answer ({outcome})")


class _LazyModule:
    """A module imported on first attribute access: every puzzle registers
    its command, but a run pays only for the puzzle it answers."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        import importlib

        return getattr(importlib.import_module(self._name), attribute)


def lazy_module(name: str) -> Any:
    """``name``, imported when first used."""
    return _LazyModule(name)


#: The most cases solved together on ``--jobs`` threads (their answers are
#: printed as they come, each once every case before it is answered).
CHUNK = 256

C = TypeVar("C")
R = TypeVar("R")

#: Told of results as they are found: ``found([(index in the chunk, result), ...])``.
Found = Callable[[list[tuple[int, R]]], object]


def progress_bar(args: argparse.Namespace, total: int | None, unit: str) -> Any:
    """A tqdm bar on stderr: with ``--progress``, or on a terminal once a run
    has taken a second (short runs stay quiet); otherwise one that shows
    nothing (so too when stderr is closed)."""
    from .._progress import NoBar, terminal_bar

    forced = bool(getattr(args, "progress", False))
    if sys.stderr is None:
        return NoBar()
    return terminal_bar(total, unit, stream=cast("TextIO", stderr()), forced=forced)


#: How :func:`answer_in_order` solves a chunk of cases: ``solve(chunk,
#: threads, found)``.
Solver = Callable[[list[C], int | None, Found[R]], None]


class Cluster(NamedTuple):
    """Where ``--scheduler`` sends a run's searches, and where
    ``--checkpoint`` keeps what the cluster finished."""

    #: A ``dask.distributed.Client``.
    client: Any
    #: The folder of the run's checkpoints, one file a chunk of cases.
    checkpoints: Path | None


#: The cluster of the run, while a command runs with ``--scheduler``.
cluster: ContextVar[Cluster | None] = ContextVar("cluster", default=None)


def solving(
    puzzle: Any, options: dict[str, Any], case_of: Callable[[Any], Any], *, raw: bool = False
) -> Solver[Any, Any]:
    """The :data:`Solver` of every command: the chunk's cases (each as
    ``case_of`` makes it from what the reader gave) solved as one batch of
    ``puzzle`` (an :class:`idastar.Puzzle`) with ``options``, each answer
    handed on as its search ends. With ``raw``, ``puzzle`` is the core's
    name for it and the answers are the core's results, unwrapped: a judge
    that prints a number or two per case need not pay for a Solution each,
    nor for importing the puzzle's module. The cases then go to the core as
    they are: the reader has checked every value.

    With ``--scheduler`` (:data:`cluster`), each chunk goes to the
    cluster: a chunk of one case as one search spread over it, a larger
    one as a batch in chunks; with ``--checkpoint``, chunk ``k`` of the
    run is kept in the file ``chunk-k`` of its folder."""
    chunks = 0

    def solve_chunk(chunk: list[Any], threads: int | None, found: Found[Any]) -> None:
        nonlocal chunks
        cases = [case_of(case) for case in chunk]
        spread = cluster.get()
        if spread is not None:
            chunks += 1
            solved = _on_cluster(puzzle, cases, options, threads, spread, chunks - 1)
            found(list(enumerate(_raw_like(solved) if raw else solved)))
        elif raw:
            from .. import _core

            _core.solve_many(puzzle, cases, {**options, "threads": threads}, answered=found)
        else:
            puzzle.solve_found(cases, options, threads, found)

    return solve_chunk


def _on_cluster(
    puzzle: Any,
    cases: list[Any],
    options: dict[str, Any],
    threads: int | None,
    spread: Cluster,
    number: int,
) -> list[Any]:
    """The chunk ``cases`` (chunk ``number`` of the run) solved on the
    cluster: the solutions in order."""
    if isinstance(puzzle, str):
        import importlib

        puzzle = importlib.import_module(f"idastar.{puzzle}").PUZZLE
    kept = None if spread.checkpoints is None else spread.checkpoints / f"chunk-{number}"
    if len(cases) == 1:
        case = cases[0]
        return [puzzle._solve(case, dict(options), threads, "solve", spread.client, kept)]
    # The databases a batch needs are built on the workers, which tell
    # nobody here of it.
    batch = {name: value for name, value in options.items() if name != "progress"}
    solved: list[Any] = puzzle.solve_many(
        cases, threads=threads, client=spread.client, checkpoint=kept, **batch
    )
    return solved


def solve_one(puzzle: Any, case: Any, options: dict[str, Any]) -> Any:
    """One case of ``puzzle`` (an :class:`idastar.Puzzle`) solved with
    ``options``: with ``--scheduler``, by one search spread over the
    cluster; else here, on one thread."""
    spread = cluster.get()
    if spread is None:
        return puzzle.solve(case, **options)
    return _on_cluster(puzzle, [case], options, None, spread, 0)[0]


def _raw_like(solutions: list[Any]) -> list[Any]:
    """Solutions as the fields of the core's results that a judge reads:
    ``outcome`` by name, ``path``, ``cost``, ``extra``."""
    from types import SimpleNamespace

    return [
        SimpleNamespace(
            outcome=solution.outcome.value,
            path=solution.path,
            cost=solution.cost,
            extra=None if solution._EXTRA is None else getattr(solution, solution._EXTRA),
        )
        for solution in solutions
    ]


def answer_in_order(
    args: argparse.Namespace,
    cases: Iterable[C],
    solve: Solver[C, R],
    answer: Callable[[C, R], str],
    out: TextIO,
    *,
    tokens: Tokens,
    total: int | None = None,
    unit: str = "case",
    chunk: int = CHUNK,
) -> None:
    """Solves ``cases`` (read from ``tokens``) a chunk at a time with
    ``solve(chunk, threads, found)`` on ``--jobs`` threads, which hands
    each result to ``found`` as its search ends, and writes
    ``answer(case, result)`` for each in input order, as soon as it and
    every case before it are solved: a Ctrl-C (``answer`` raises
    KeyboardInterrupt for a search it stopped) loses no answer found before
    it. A chunk is also solved whenever the reader is about to wait for
    more input, so answers never wait behind input that has not come yet.
    A bad case (JudgeInputError from ``cases``) is raised after the answers
    of the cases before it are written."""
    bar = progress_bar(args, total, unit)
    pending: list[C] = []

    def flush() -> None:
        if not pending:
            return
        waiting: dict[int, R] = {}
        written = 0

        def found(results: list[tuple[int, R]]) -> None:
            nonlocal written
            waiting.update(results)
            lines = []
            try:
                while written in waiting:
                    lines.append(answer(pending[written], waiting.pop(written)) + "\n")
                    written += 1
            finally:
                if lines:
                    out.write("".join(lines))
                    out.flush()
                    bar.update(len(lines))

        solve(pending, getattr(args, "jobs", None), found)
        assert written == len(pending), "every case of the chunk answered"
        pending.clear()

    tokens.before_wait = flush
    try:
        try:
            for case in cases:
                pending.append(case)
                if len(pending) >= chunk:
                    flush()
        except JudgeInputError:
            flush()
            raise
        flush()
    finally:
        tokens.before_wait = None
        bar.close()


def moves_text(path: Sequence[tuple[int, ...]]) -> str:
    """Moves as space-separated integers, one group per move."""
    return " ".join(" ".join(map(str, move)) for move in path)


#: The commands of puzzles the core's registry does not list, made from a
#: description (``idastar.permutation``): after the registry's in the help.
DESCRIBED = ("cube",)


def _register_every_puzzle() -> None:
    """Imports the command module of every puzzle that has one; each
    registers itself on import, in the order of :data:`idastar.PUZZLES`,
    then of :data:`DESCRIBED` (the order of the help)."""
    import importlib
    import importlib.util

    from .. import PUZZLES as puzzles

    for name in (*puzzles, *DESCRIBED):
        if importlib.util.find_spec(f"{__name__}.{name}") is not None:
            importlib.import_module(f"{__name__}.{name}")


_register_every_puzzle()
