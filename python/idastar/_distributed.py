"""Batches on a Dask cluster: ``solve_many(cases, client=client)``.

The cases are read and checked here, split into chunks in input order, and
each chunk is solved by one task on the cluster's workers (a puzzle pickles
by its name, or a described one by its description). The chunks come back
in order and are joined, so that the answers are those of the same call
without ``client``: the searches are the same searches, only elsewhere.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
import uuid
from typing import TYPE_CHECKING, Any

import numpy as np

from ._checks import is_array
from ._core import InvalidPuzzle
from ._results import BatchResult, Origin, Solution, _collector_paused

if TYPE_CHECKING:
    from ._puzzle import Puzzle

#: Chunks per worker thread: enough for a slow chunk not to hold up the
#: batch's end, few enough that each task is worth sending.
CHUNKS_PER_THREAD = 4


def solve_many(
    puzzle: Puzzle[Any, Any, Any],
    cases: Any,
    options: dict[str, Any],
    threads: int | None,
    arrays: bool,
    paths: bool,
    client: Any,
) -> list[Solution[Any]] | BatchResult:
    """``puzzle``'s batch ``cases`` (a sequence, or a 2-D array) solved on
    ``client``'s workers with the core's ``options``, each task with
    ``threads`` threads (one when None), the results in input order."""
    if not callable(getattr(client, "submit", None)) or not callable(
        getattr(client, "gather", None)
    ):
        raise TypeError(f"client must be a dask.distributed.Client, got {type(client).__name__}")
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
    workers = sum(client.nthreads().values()) or 1
    count = max(1, min(len(cases), CHUNKS_PER_THREAD * workers))
    starts = [len(cases) * i // count for i in range(count + 1)]
    # Named for the dashboard: the puzzle, the call, the chunk.
    call = f"idastar-{puzzle.name}-solve_many-{uuid.uuid4().hex[:8]}"
    futures = [
        client.submit(
            _solve_chunk,
            puzzle,
            cases[start:end],
            start,
            options,
            1 if threads is None else threads,
            arrays,
            paths,
            key=f"{call}-{number}",
            pure=False,
        )
        for number, (start, end) in enumerate(itertools.pairwise(starts))
    ]
    try:
        parts = client.gather(futures)
    except BaseException:
        # Ctrl-C, or a chunk's error: the other chunks stop too.
        client.cancel(futures)
        raise
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


def _solve_chunk(
    puzzle: Puzzle[Any, Any, Any],
    cases: Any,
    start: int,
    options: dict[str, Any],
    threads: int,
    arrays: bool,
    paths: bool,
) -> list[Solution[Any]] | BatchResult:
    """One task: the chunk of the batch from case ``start`` on, solved on
    a worker as a local batch is; a bad case is named as the whole batch
    indexes it."""
    try:
        return puzzle._solved(cases, options, threads, arrays, paths)
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
