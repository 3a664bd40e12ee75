"""Searches and batches on a Dask cluster: ``solve(case, client=client)``
and ``solve_many(cases, client=client)``.

A batch's cases are read and checked here, split into chunks in input
order, and each chunk is solved by one task on the cluster's workers (a
puzzle pickles by its name, or a described one by its description). The
chunks come back in order and are joined, so that the answers are those of
the same call without ``client``: the searches are the same searches, only
elsewhere.

One search runs here, and hands each large pass of its IDA* out: the core
cuts the pass into a frontier of subtrees in the order the search on one
thread enters them, and asks :class:`Spreader` for the pass's report; the
subtrees go out in contiguous parts, a task each, and every task cuts the
same frontier on its worker (the cut is that one thread's search, so it is
the same everywhere) and searches its part's subtrees in order. The pass's
answer is the first goal in that order, found once every part before it is
in: the answer of ``threads=1``, and its node counts. A part whose worker
dies is run again elsewhere by Dask, to the same report.

With ``checkpoint``, every part's report (and every chunk of a batch) is
written to the file as it comes in; the same call after a crash or a
Ctrl-C reads them back and sends only what is missing.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import os
import pickle
import queue
import re
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from . import _core
from ._checks import is_array
from ._core import InvalidPuzzle
from ._progress import terminal_bar
from ._results import BatchResult, Origin, Solution, _collector_paused

if TYPE_CHECKING:
    from ._puzzle import Puzzle

T = TypeVar("T")

#: Chunks per worker thread: enough for a slow chunk not to hold up the
#: batch's end, few enough that each task is worth sending.
CHUNKS_PER_THREAD = 4

#: Subtrees a spread pass is cut into per worker thread, as ``threads=``
#: cuts one per thread.
SUBTREES_PER_THREAD = 1024

#: Parts (tasks) a spread pass is handed out in per worker thread: enough
#: for the last ones not to hold up the pass's end, few enough that each
#: is worth sending (every part cuts the frontier again on its worker).
PARTS_PER_THREAD = 16

#: The expansions after which a pass is spread over the cluster: passes
#: smaller than that (a tenth of a second or so) take less time here than
#: handing them out would.
WORTH_AFTER = 1 << 18

#: The same for a problem of Python callables, whose expansions are a
#: hundred times as slow.
WORTH_AFTER_CALLBACKS = 1 << 15

#: A subtree's size is guessed as ``growth ** slack``: ``growth`` starts
#: here, and is then learned from how the passes grow, within these bounds.
DEFAULT_GROWTH = 2.5
MIN_GROWTH = 1.1
MAX_GROWTH = 50.0

#: How often a part asks whether its pass still needs it.
STOP_POLL_SECONDS = 0.2


def _dask() -> Any:
    """``dask.distributed``, imported when a cluster is first used (and
    untyped: it ships no annotations for what is used here)."""
    import distributed

    return distributed


def check_client(client: Any) -> None:
    """TypeError unless ``client`` looks like a ``dask.distributed.Client``."""
    if not callable(getattr(client, "submit", None)) or not callable(
        getattr(client, "gather", None)
    ):
        raise TypeError(f"client must be a dask.distributed.Client, got {type(client).__name__}")


def solve(
    puzzle: Puzzle[Any, Any, Any],
    values: list[int],
    options: dict[str, Any],
    threads: object,
    client: Any,
    checkpoint: str | os.PathLike[str] | None,
    called: str,
) -> Any:
    """The core's raw result of ``puzzle``'s case ``values`` solved with
    ``options`` here, on ``threads`` threads, each large pass spread over
    ``client``'s workers (see the module)."""
    check_client(client)
    # A bad option is named as the call without client names it, before
    # anything is sent.
    _core.check_options(puzzle.core, {**options, "threads": threads}, called=called)
    identity = ("solve", puzzle.name, tuple(values), _lasting(options))
    # Each part on one thread of its worker: the worker runs as many parts
    # at once as it has threads.
    parts = {name: value for name, value in options.items() if name != "progress"}
    spreader = Spreader(
        client,
        f"idastar-{puzzle.name}-solve",
        (search_part, puzzle, values),
        {**parts, "threads": 1},
        options.get("time_limit"),
        Checkpoint.at(checkpoint, identity),
        WORTH_AFTER,
    )
    try:
        return _core.solve(
            puzzle.core, values, {**options, "threads": threads}, called=called, spread=spreader
        )
    finally:
        spreader.close()


def search(
    engine: str,
    start: Any,
    callbacks: dict[str, Any],
    limits: dict[str, Any],
    client: Any,
    checkpoint: str | os.PathLike[str] | None,
) -> Any:
    """The core's raw result of ``idastar.search``'s ``engine`` on the
    problem of ``callbacks`` from ``start`` under ``limits``, each large
    pass spread over ``client``'s workers (the callables go to them
    pickled)."""
    check_client(client)
    names = tuple(
        sorted(
            (name, getattr(value, "__qualname__", repr(value))) for name, value in callbacks.items()
        )
    )
    identity = ("search", engine, repr(start), names, _lasting(limits))
    spreader = Spreader(
        client,
        f"idastar-search-{engine}",
        (search_problem_part, engine, start, callbacks),
        limits,
        limits.get("time_limit"),
        Checkpoint.at(checkpoint, identity),
        WORTH_AFTER_CALLBACKS,
    )
    try:
        return _core.search_python(engine, start, **callbacks, options=limits, spread=spreader)
    finally:
        spreader.close()


def _deadline(time_limit: object) -> float | None:
    """When a call given ``time_limit`` must end, on the monotonic clock;
    None for no limit (or one the core refuses, naming it, as the search
    starts)."""
    if time_limit is None or isinstance(time_limit, bool):
        return None
    try:
        return time.monotonic() + float(time_limit)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        return None


def _lasting(options: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """The options that decide what a search finds and counts, written so
    that a checkpoint can tell its own call: not the limits or the
    threads, which a resumed call may change."""
    passing = {"time_limit", "node_limit", "progress", "threads"}
    return tuple(
        sorted((name, repr(value)) for name, value in options.items() if name not in passing)
    )


class Checkpoint:
    """The reports (of parts, or of chunks) of one call, kept in a file:
    a pickle of ``{"identity": ..., "done": {key: report}}``, rewritten
    whole (to a temporary file, then renamed over it) as each one comes
    in, so that a crash leaves the last complete one."""

    def __init__(self, path: Path, identity: object) -> None:
        self.path = path
        self.identity = identity
        self.done: dict[Any, Any] = {}
        self.lock = threading.Lock()
        if path.exists():
            with path.open("rb") as file:
                kept = pickle.load(file)
            if not isinstance(kept, dict) or kept.get("identity") != identity:
                raise ValueError(
                    f"checkpoint: {str(path)!r} belongs to another call "
                    "(another puzzle, case, batch or options); give another path, "
                    "or remove the file to start afresh"
                )
            self.done = kept["done"]

    @classmethod
    def at(cls, path: str | os.PathLike[str] | None, identity: object) -> Checkpoint | None:
        if path is None:
            return None
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"checkpoint must be a path, got {type(path).__name__}")
        return cls(Path(path), identity)

    def get(self, key: object) -> Any:
        return self.done.get(key)

    def parts_of(self, cut: tuple[int, int, int]) -> list[tuple[int, int]]:
        """The ranges of subtrees of the pass ``cut`` kept (keys ``(cut,
        range)``), whatever parts the pass was cut into then."""
        return [key[1] for key in self.done if isinstance(key, tuple) and key[0] == cut]

    def put(self, key: object, report: object) -> None:
        with self.lock:
            self.done[key] = report
            kept = pickle.dumps({"identity": self.identity, "done": self.done})
            handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=self.path.name)
            try:
                with os.fdopen(handle, "wb") as file:
                    file.write(kept)
                    file.flush()
                    os.fsync(file.fileno())
                os.replace(temporary, self.path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise


#: A part's report, as the core writes it: ``(found, expanded, generated,
#: next_bound, beyond_range, stopped, work, path)``, ``found`` the index
#: of the first subtree with a goal, ``work`` the nodes expanded below each
#: subtree searched, ``path`` the goal's path coded as numbers (or None).
PartReport = tuple[int | None, int, int, int, bool, str | None, list[int], list[int] | None]

#: A pass's report, as the core reads it: a part's less ``work``.
Report = tuple[int | None, int, int, int, bool, str | None, list[int] | None]


class Spreader:
    """What the core asks for each pass it spreads (its ``spread``)."""

    def __init__(
        self,
        client: Any,
        label: str,
        task: tuple[Any, ...],
        options: dict[str, Any],
        time_limit: float | None,
        checkpoint: Checkpoint | None,
        worth_after: int,
    ) -> None:
        """Parts are ``task[0](*task[1:], options, cut, subtrees, stop)``
        on the workers, with ``options`` less the limits, which each part
        is given what is left of; they are named ``label-<call>-...``."""
        self.client = client
        self.task = task
        self.checkpoint = checkpoint
        threads = sum(client.nthreads().values()) or 1
        self.parts_per_pass = PARTS_PER_THREAD * threads
        self.subtrees_wanted = SUBTREES_PER_THREAD * threads
        self.worth_after = worth_after
        self.deadline = _deadline(time_limit)
        self.options = {
            name: value
            for name, value in options.items()
            if name not in ("time_limit", "node_limit")
        }
        # Named for the dashboard: the puzzle, the call, the pass, the part.
        self.call = f"{label}-{uuid.uuid4().hex[:8]}"
        self.passes: list[Pass] = []
        #: The nodes the search needed from the parts searched in this call
        #: (not those read back from a checkpoint), and those of parts that
        #: came in after a goal or a limit had made them moot.
        self.searched = 0
        self.moot = 0
        #: How many times as large a subtree is for each unit of slack
        #: more, learned from the passes as they end.
        self.growth = DEFAULT_GROWTH
        self.last: tuple[int, int] | None = None
        #: The last whole pass's bound, its subtrees' slack and the work
        #: each held, as its part counted it (see :meth:`Pass.measured`).
        self.measured: tuple[int, list[int], list[float]] | None = None

    def start(
        self, bound: int, wanted: int, count: int, slack: list[int], nodes: int | None
    ) -> Pass:
        """Hands out the pass within ``bound`` whose frontier, cut for
        ``wanted`` subtrees, has ``count``, ``slack[i]`` the bound less
        subtree ``i``'s ``f``, with ``nodes`` expansions left."""
        cut = (bound, wanted, count)
        kept = self.checkpoint.parts_of(cut) if self.checkpoint is not None else []
        work = self.guess(bound, slack)
        parts = split_around(kept, work, self.parts_per_pass)
        spread = Pass(self, cut, parts, nodes, slack, work)
        self.passes.append(spread)
        return spread

    def guess(self, bound: int, slack: list[int]) -> list[float]:
        """The work of each subtree of the pass within ``bound``, in
        expansions up to a common factor.

        A subtree grows about ``growth`` times for each unit of slack; the
        last whole pass tells how much more than that some grew. Its
        subtrees are this pass's whose slack is at least the bound's rise,
        in the same order (when the frontier is cut at the same depth, as
        the counts then tell); each subtree, old or new, is guessed as
        dense as the old one at or after it. The guess from slack alone is
        far off: on a 24-puzzle the first subtrees of a pass held 60 times
        the work per unit of guess of those in its middle."""
        scale = math.log(self.growth)
        if self.measured is None or not slack or not self.measured[1]:
            logs = [value * scale for value in slack]
        else:
            last_bound, last_slack, last_work = self.measured
            rise = bound - last_bound
            # How many times its slack's share each old subtree held, in logs.
            density = [
                math.log(max(work, 0.5)) - value * scale
                for value, work in zip(last_slack, last_work, strict=True)
            ]
            old = sum(1 for value in slack if value >= rise)
            if rise > 0 and old == len(last_slack):
                at = itertools.accumulate((value >= rise for value in slack), initial=0)
                matched = [min(seen, old - 1) for seen in at]
            else:
                matched = [index * len(last_slack) // len(slack) for index in range(len(slack))]
            logs = [density[matched[i]] + value * scale for i, value in enumerate(slack)]
        top = max(logs, default=0.0)
        # Scaled so that the largest is 1: growth ** slack may overflow.
        return [math.exp(value - top) for value in logs]

    def ended(self, bound: int, expanded: int, slack: list[int], measured: list[float]) -> None:
        """Learns how fast the passes grow, and where their work lies,
        from a pass that ended whole: ``measured`` its subtrees' work."""
        if self.last is not None and bound > self.last[0] and self.last[1] > 0:
            growth = (expanded / self.last[1]) ** (1 / (bound - self.last[0]))
            self.growth = min(max(growth, MIN_GROWTH), MAX_GROWTH)
        self.last = (bound, expanded)
        self.measured = (bound, slack, measured)

    def close(self) -> None:
        """Stops every part still running: the search has ended."""
        for spread in self.passes:
            spread.cancel()


def split_around(
    kept: list[tuple[int, int]], work: list[float], most: int
) -> list[tuple[int, int]]:
    """The subtrees ``0..len(work)`` in contiguous ranges: the ``kept``
    ones (a checkpoint's, which need no search), and the gaps between them
    split by :func:`split_by_work` into about ``most`` in all."""
    if not kept:
        return split_by_work(work, most)
    ranges: list[tuple[int, int]] = []
    at = 0
    for start, end in [*sorted(kept), (len(work), len(work))]:
        if start > at:
            share = max(1, most * (start - at) // max(1, len(work)))
            ranges += [(at + a, at + b) for a, b in split_by_work(work[at:start], share)]
        if end > start:
            ranges.append((start, end))
        at = max(at, end)
    return ranges


def split_by_work(work: list[float], most: int) -> list[tuple[int, int]]:
    """The subtrees ``0..len(work)`` in at most ``most`` contiguous ranges
    of about equal guessed work, ``work[i]`` for subtree ``i`` (a range of
    equal counts would not do: one subtree may hold a third of a pass)."""
    share = sum(work) / max(1, min(most, len(work)))
    ranges = []
    start, done = 0, 0.0
    for index, amount in enumerate(work):
        done += amount
        if done >= share * 0.999 and index + 1 < len(work):
            ranges.append((start, index + 1))
            start, done = index + 1, 0.0
    ranges.append((start, len(work)))
    return ranges


class Pass:
    """One pass handed out: its parts' tasks, and their reports as they
    come in."""

    def __init__(
        self,
        spreader: Spreader,
        cut: tuple[int, int, int],
        parts: list[tuple[int, int]],
        nodes: int | None,
        slack: list[int],
        work: list[float],
    ) -> None:
        self.spreader = spreader
        self.cut = cut
        self.parts = parts
        self.nodes = nodes
        self.slack = slack
        self.work = work
        self.reports: list[PartReport | None] = [None] * len(parts)
        self.name = f"{spreader.call}-{cut[0]}"
        self.stop_name = f"{self.name}-stop-{uuid.uuid4().hex[:8]}"
        self.stop = _dask().Event(self.stop_name, client=spreader.client)
        self.cancelled = False
        checkpoint = spreader.checkpoint
        options = dict(spreader.options)
        if spreader.deadline is not None:
            options["time_limit"] = max(0.0, spreader.deadline - time.monotonic())
        if nodes is not None:
            options["node_limit"] = nodes
        self.futures: dict[int, Any] = {}
        #: The parts whose reports came from the cluster in this call.
        self.fresh: set[int] = set()
        # Over the parts still to search, on a terminal once a pass takes
        # a second.
        self.bar = terminal_bar(len(parts), "part", description=f"bound {cut[0]}", leave=False)
        for index, subtrees in enumerate(parts):
            kept = checkpoint.get((cut, subtrees)) if checkpoint is not None else None
            if kept is not None:
                self.reports[index] = kept
                self.bar.update(1)
                continue
            task, *arguments = spreader.task
            self.futures[index] = spreader.client.submit(
                task,
                *arguments,
                options,
                cut,
                subtrees,
                self.stop_name,
                key=f"{self.name}-{index}",
                pure=False,
                # A part whose worker dies runs again elsewhere, to the
                # same report.
                retries=2,
            )
        # Each part tells the queue when it is done: a poll then costs the
        # parts that came in, where looking over every part still out
        # (hundreds of them) each time one comes in would take a core.
        self.done: queue.SimpleQueue[int] = queue.SimpleQueue()
        for index, future in self.futures.items():
            future.add_done_callback(lambda _, index=index: self.done.put(index))

    def poll(self, timeout: float) -> Report | None:
        """The pass's report once every part it needs is in, else None
        (after waiting up to ``timeout`` seconds for one to come in)."""
        arrived: list[int] = []
        if self.futures and self.report() is None:
            try:
                arrived.append(self.done.get(timeout=timeout))
            except queue.Empty:
                pass
        while not self.done.empty():
            arrived.append(self.done.get())
        for index in arrived:
            future = self.futures.pop(index, None)
            if future is None:
                continue
            # A part's error (a bad option, a cut unlike this one) is
            # raised here, and stops the search.
            report = future.result()
            self.reports[index] = report
            self.fresh.add(index)
            self.bar.update(1)
            if report[5] is None and self.spreader.checkpoint is not None:
                self.spreader.checkpoint.put((self.cut, self.parts[index]), report)
        report = self.report()
        if report is not None:
            # What is still out is moot: a goal came before it, or a
            # limit stopped the pass.
            self.cancel()
            needed = self.needed()
            for index in self.fresh:
                counted = self.reports[index]
                assert counted is not None
                if index < needed:
                    self.spreader.searched += counted[1]
                else:
                    self.spreader.moot += counted[1]
            found, expanded, *_, stopped, _ = report
            if found is None and stopped is None:
                self.spreader.ended(self.cut[0], expanded, self.slack, self.measured())
        return report

    def measured(self) -> list[float]:
        """The work of each subtree of a pass whose parts are all in, as
        the parts counted it (a part read back from an older checkpoint
        has only its whole: that is shared out as it was guessed)."""
        measured = list(self.work)
        for (start, end), report in zip(self.parts, self.reports, strict=True):
            assert report is not None
            if len(report) > 6 and len(report[6]) == end - start:
                measured[start:end] = report[6]
                continue
            guessed = sum(self.work[start:end])
            for index in range(start, end):
                share = self.work[index] / guessed if guessed > 0 else 1 / (end - start)
                measured[index] = report[1] * share
        return measured

    def needed(self) -> int:
        """How many parts, from the first, the pass's report needs: up to
        the first with a goal or a limit (or every one)."""
        for index, report in enumerate(self.reports):
            if report is not None and (report[0] is not None or report[5] is not None):
                return index + 1
        return len(self.reports)

    def report(self) -> Report | None:
        """The pass's report from the parts in so far, if they tell it:
        the parts up to the first goal or limit, each in."""
        expanded = generated = 0
        next_bound = 2**32 - 1
        beyond = False
        for report in self.reports:
            if report is None:
                return None
            found, part_expanded, part_generated, part_next, part_beyond, stopped = report[:6]
            expanded += part_expanded
            generated += part_generated
            next_bound = min(next_bound, part_next)
            beyond = beyond or part_beyond
            if found is not None or stopped is not None:
                # A part read back from an older checkpoint tells no path.
                path = report[7] if len(report) > 7 else None
                return (found, expanded, generated, next_bound, beyond, stopped, path)
            if self.nodes is not None and expanded > self.nodes:
                return (None, expanded, generated, next_bound, beyond, "node_limit", None)
        return (None, expanded, generated, next_bound, beyond, None, None)

    def cancel(self) -> None:
        """Stops the parts still out."""
        if self.cancelled:
            return
        self.cancelled = True
        self.bar.close()
        self.stop.set()
        if self.futures:
            self.spreader.client.cancel(list(self.futures.values()))


def search_part(
    puzzle: Puzzle[Any, Any, Any],
    values: list[int],
    options: dict[str, Any],
    cut: tuple[int, int, int],
    subtrees: tuple[int, int],
    stop_name: str,
) -> PartReport:
    """One task: the part ``subtrees`` of the pass ``cut`` of a puzzle's
    search, on a worker, until the pass no longer needs it."""

    def searched(stopped: Any) -> PartReport:
        with puzzle.keeping(options):
            report: PartReport = _core.search_part(
                puzzle.core, values, options, cut, subtrees, stopped
            )
        return report

    return _watched(stop_name, searched)


def search_problem_part(
    engine: str,
    start: Any,
    callbacks: dict[str, Any],
    options: dict[str, Any],
    cut: tuple[int, int, int],
    subtrees: tuple[int, int],
    stop_name: str,
) -> PartReport:
    """One task: the part ``subtrees`` of the pass ``cut`` of a search on
    Python callables, on a worker, until the pass no longer needs it."""

    def searched(stopped: Any) -> PartReport:
        report: PartReport = _core.search_python(
            engine, start, **callbacks, options=options, part=(cut, subtrees), stopped=stopped
        )
        return report

    return _watched(stop_name, searched)


def _watched(stop_name: str, work: Callable[[Callable[[], bool]], T]) -> T:
    """``work(stopped)``, where ``stopped()`` says whether the event
    ``stop_name`` has been set: a pass's, once a goal or a limit has made
    its parts moot, or a batch's, once it has ended early."""
    dask = _dask()
    # The worker's client, taken here: the watching thread has none of its own.
    stop = dask.Event(stop_name, client=dask.get_client())
    stopped = threading.Event()
    finished = threading.Event()

    def watch() -> None:
        while not finished.is_set():
            if stop.wait(STOP_POLL_SECONDS):
                stopped.set()
                return

    watcher = threading.Thread(target=watch, name=f"{stop_name}-watch", daemon=True)
    watcher.start()
    try:
        return work(stopped.is_set)
    finally:
        finished.set()


def solve_many(
    puzzle: Puzzle[Any, Any, Any],
    cases: Any,
    options: dict[str, Any],
    threads: int | None,
    arrays: bool,
    paths: bool,
    client: Any,
    checkpoint: str | os.PathLike[str] | None = None,
) -> list[Solution[Any]] | BatchResult:
    """``puzzle``'s batch ``cases`` (a sequence, or a 2-D array) solved on
    ``client``'s workers with the core's ``options``, each task with
    ``threads`` threads (one when None), the results in input order; with
    ``checkpoint``, each chunk's results kept there as they come in."""
    check_client(client)
    if options.get("progress") is not None:
        raise ValueError(
            "progress cannot be given with client: the tables it tells of are built on the workers"
        )
    if not is_array(cases):
        cases = list(cases)
    # Read here, so that a case that is no case is named before anything is
    # sent, and so that the solutions can point into the batch's cases.
    with _collector_paused():
        rows = puzzle.rows(cases)
    identity = ("solve_many", puzzle.name, _rows_identity(rows), _lasting(options), arrays, paths)
    kept = Checkpoint.at(checkpoint, identity)
    workers = sum(client.nthreads().values()) or 1
    count = max(1, min(len(cases), CHUNKS_PER_THREAD * workers))
    starts = [len(cases) * i // count for i in range(count + 1)]
    chunks = list(itertools.pairwise(starts))
    # Named for the dashboard: the puzzle, the call, the chunk.
    call = f"idastar-{puzzle.name}-solve_many-{uuid.uuid4().hex[:8]}"
    # Set when the batch ends early, for the chunks still running to stop.
    stop_name = f"{call}-stop"
    parts: list[Any] = [None if kept is None else kept.get(chunk) for chunk in chunks]
    futures: dict[Any, int] = {}
    bar = terminal_bar(len(chunks), "chunk", description=puzzle.name)
    bar.update(sum(part is not None for part in parts))
    try:
        for number, (start, end) in enumerate(chunks):
            if parts[number] is None:
                future = client.submit(
                    _solve_chunk,
                    puzzle,
                    cases[start:end],
                    start,
                    options,
                    1 if threads is None else threads,
                    arrays,
                    paths,
                    stop_name,
                    key=f"{call}-{number}",
                    pure=False,
                )
                futures[future] = number
        for future in _dask().as_completed(futures):
            number = futures[future]
            parts[number] = future.result()
            if kept is not None:
                kept.put(chunks[number], parts[number])
            bar.update(1)
    except BaseException:
        # Ctrl-C (while the chunks are sent, too), or a chunk's error: the
        # other chunks stop, those waiting and those running.
        client.cancel(list(futures))
        _dask().Event(stop_name, client=client).set()
        raise
    finally:
        bar.close()
    if arrays:
        return _joined(parts)
    solutions: list[Solution[Any]] = [solution for part in parts for solution in part]
    # Each solution points into the batch's cases, as a local batch's do,
    # so that its pictures replay its case.
    origin = Origin(puzzle.core, rows, options)
    set_origin = vars(Solution)["_origin"].__set__
    with _collector_paused():
        for index, solution in enumerate(solutions):
            set_origin(solution, (origin, index))
    return solutions


def _rows_identity(rows: Any) -> object:
    """A batch's rows as a checkpoint keeps them, to tell its own batch."""
    if is_array(rows):
        return (rows.shape, rows.tobytes())
    return tuple(tuple(row) for row in rows)


def _solve_chunk(
    puzzle: Puzzle[Any, Any, Any],
    cases: Any,
    start: int,
    options: dict[str, Any],
    threads: int,
    arrays: bool,
    paths: bool,
    stop_name: str,
) -> list[Solution[Any]] | BatchResult:
    """One task: the chunk of the batch from case ``start`` on, solved on
    a worker as a local batch is, until the batch ends (its stop event is
    set); a bad case is named as the whole batch indexes it."""
    try:
        return _watched(
            stop_name,
            lambda stopped: puzzle._solved(cases, options, threads, arrays, paths, stopped),
        )
    except InvalidPuzzle as error:
        renumbered = re.sub(
            r"^cases\[(\d+)\]", lambda found: f"cases[{start + int(found[1])}]", str(error)
        )
        raise InvalidPuzzle(renumbered) from None


def _joined(parts: list[BatchResult]) -> BatchResult:
    """The chunks' arrays end to end; paths padded with -1 to the longest."""
    joined: dict[str, Any] = {}
    for field in dataclasses.fields(BatchResult):
        arrays = [getattr(part, field.name) for part in parts]
        if any(array is None for array in arrays):
            joined[field.name] = None
            continue
        if field.name == "paths":
            longest = max(array.shape[1] for array in arrays)
            arrays = [
                np.pad(
                    array,
                    [(0, 0), (0, longest - array.shape[1])] + [(0, 0)] * (array.ndim - 2),
                    constant_values=-1,
                )
                for array in arrays
            ]
        joined[field.name] = np.concatenate(arrays)
    return BatchResult(**joined)
