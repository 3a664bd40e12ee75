"""Scale-out: batches and single searches on a Dask cluster give the
answers of the local calls, survive a worker killed mid-search, stop when
their limits or Ctrl-C say so, and resume from their checkpoints; and
everything that crosses a process boundary pickles.

The cluster is real: a ``dask scheduler`` and two ``dask worker``
processes on 127.0.0.1, as docs/parallel.md runs them.
"""

from __future__ import annotations

import functools
import json
import os
import pickle
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from contract_support import load, puzzle_names

from idastar import (
    BatchResult,
    InvalidPuzzle,
    Outcome,
    Unsolvable,
    _distributed,
    booksort,
    fifteen,
    rotation,
    sliding,
    squares,
)

distributed = pytest.importorskip("dask.distributed")

#: Korf's 15-puzzle instance 1 with the Manhattan distance and Korf's search
#: (which skips only the move that undoes the last): 57 moves, 276 M nodes,
#: some seconds on one core, in passes large enough to spread.
KORF_1 = (14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3)
KORF_1_OPTIONS = {"goal": "blank-first", "heuristic": "manhattan", "move_pruning": 2}


@contextmanager
def real_cluster(workers: int = 2, nanny: bool = True) -> Iterator[str]:
    """A ``dask scheduler`` and ``workers`` single-thread ``dask worker``
    processes on 127.0.0.1: the scheduler file to connect with. Without a
    nanny, a worker killed stays dead."""
    folder = Path(tempfile.mkdtemp(prefix="idastar-test-cluster-"))
    file = folder / "scheduler.json"
    logs = [open(folder / f"log-{index}", "wb") for index in range(workers + 1)]
    scheduler = ["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0"]
    worker = ["distributed.cli.dask_worker", "--nthreads", "1", "--host", "127.0.0.1"]
    worker += ["--memory-limit", "0", *([] if nanny else ["--no-nanny"])]
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", *scheduler, "--no-dashboard", "--scheduler-file", str(file)],
            stdout=logs[0],
            stderr=subprocess.STDOUT,
        )
    ]
    try:
        for index in range(workers):
            processes.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        *worker,
                        "--no-dashboard",
                        "--scheduler-file",
                        str(file),
                    ],
                    stdout=logs[index + 1],
                    stderr=subprocess.STDOUT,
                )
            )
        deadline = time.monotonic() + 60
        while not file.exists():
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.05)
        yield str(file)
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        for log in logs:
            log.close()


@contextmanager
def connected(scheduler_file: str, workers: int = 2) -> Iterator[Any]:
    with distributed.Client(scheduler_file=scheduler_file) as client:
        client.wait_for_workers(workers, timeout=60)
        yield client


def boards(count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation([1] * 8 + [2] * 8 + [3] * 8) for _ in range(count)])


@pytest.fixture(scope="module")
def scheduler_file() -> Iterator[str]:
    with real_cluster() as file:
        yield file


@pytest.fixture(scope="module")
def client(scheduler_file: str) -> Iterator[Any]:
    with connected(scheduler_file) as client:
        yield client


def test_a_batch_through_dask_workers_matches_a_local_batch(client: object) -> None:
    shelves = np.array([np.random.default_rng(i).permutation(11) + 1 for i in range(400)])
    chunks = np.array_split(shelves, 8)
    # The recipe: one solve_many per chunk on the workers, gathered in order.
    futures = client.map(  # type: ignore[attr-defined]
        functools.partial(booksort.solve_many, arrays=True, threads=1), chunks
    )
    parts: list[BatchResult] = client.gather(futures)  # type: ignore[attr-defined]
    local = booksort.solve_many(shelves, arrays=True)
    np.testing.assert_array_equal(np.concatenate([p.costs for p in parts]), local.costs)
    assert local.paths is not None
    longest = local.paths.shape[1]
    remote_paths = np.concatenate(
        [
            np.pad(p.paths, ((0, 0), (0, longest - p.paths.shape[1]), (0, 0)), constant_values=-1)
            for p in parts
            if p.paths is not None
        ]
    )
    np.testing.assert_array_equal(remote_paths, local.paths)


def saved_script(page: str, section: str, tmp_path: Path) -> Path:
    """The first ``py`` block of ``page`` after ``section``, saved as a
    script in ``tmp_path``."""
    text = (Path(__file__).resolve().parent.parent / page).read_text(encoding="utf-8")
    recipe = re.search(r"```py\n(.*?)```", text.split(section, 1)[1], re.S)
    assert recipe is not None
    script = tmp_path / "recipe.py"
    script.write_text(recipe.group(1), encoding="utf-8")
    return script


def run_script(script: Path, *args: str) -> str:
    """What ``script`` prints, run with ``args`` in its folder."""
    done = subprocess.run(
        [sys.executable, str(script), *args],
        cwd=script.parent,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
def test_the_docs_recipe_runs_as_a_saved_script(tmp_path: Path) -> None:
    script = saved_script("docs/parallel.md", "## More than one machine", tmp_path)
    printed = run_script(script)
    shelves = np.array([np.random.default_rng(i).permutation(12) + 1 for i in range(2_000)])
    expected = np.bincount(booksort.solve_many(shelves, arrays=True).costs)
    assert printed.strip() == str(expected)


def test_the_cluster_page_s_script_runs_and_resumes(scheduler_file: str, tmp_path: Path) -> None:
    script = saved_script("docs/cluster.md", "## One hard search", tmp_path)
    address = json.loads(Path(scheduler_file).read_text())["address"]
    for run in ("first", "resumed"):
        assert run_script(script, address).split() == ["57", "90482632"], run
        assert (tmp_path / "korf-1.checkpoint").exists()


def test_solutions_and_errors_come_back_whole(client: object) -> None:
    board = boards(1, 3)[0].tolist()
    remote = client.submit(rotation.solve, board).result()  # type: ignore[attr-defined]
    local = rotation.solve(board)
    assert (remote.path, remote.centre, remote.stats.generated) == (
        local.path,
        local.centre,
        local.stats.generated,
    )
    grids = client.submit(squares.solve_many, [(4, []), (5, [1, 2])]).result()  # type: ignore[attr-defined]
    assert [g.cost for g in grids] == [s.cost for s in squares.solve_many([(4, []), (5, [1, 2])])]
    with pytest.raises(InvalidPuzzle, match="appears twice"):
        client.submit(booksort.solve, [1, 1, 2]).result()  # type: ignore[attr-defined]
    with pytest.raises(Unsolvable):
        client.submit(sliding.solve, [2, 1, 3, 0], width=2, height=2).result()  # type: ignore[attr-defined]


def test_what_crosses_processes_pickles() -> None:
    solver = functools.partial(rotation.solve_many, arrays=True, engine="ida")
    again = pickle.loads(pickle.dumps(solver))
    np.testing.assert_array_equal(again(boards(5, 4)).costs, solver(boards(5, 4)).costs)  # type: ignore[attr-defined]
    for function in (
        booksort.solve,
        booksort.solve_many,
        rotation.solve,
        squares.solve,
        sliding.solve_many,
    ):
        assert pickle.loads(pickle.dumps(function)) is function
    for error in (InvalidPuzzle("bad shelf"), Unsolvable("odd parity")):
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error) and str(copy) == str(error)


# --------------------------------------------------------------------------
# solve_many(..., client=): the batch on the cluster, in chunks


@pytest.mark.parametrize("name", puzzle_names())
def test_a_batch_given_a_client_is_solved_on_the_cluster_as_locally(
    client: object, name: str
) -> None:
    puzzle = load(name)
    cases = [puzzle.random(seed=seed) for seed in range(12)]
    remote = puzzle.solve_many(cases, client=client)
    local = puzzle.solve_many(cases)
    assert [(s.outcome, s.cost, s.path, s.stats.generated) for s in remote] == [
        (s.outcome, s.cost, s.path, s.stats.generated) for s in local
    ]
    # Each solution knows its case, as a local batch's does.
    assert remote[-1].svg() == local[-1].svg()
    # A 2-D array of cases too, where a case is a flat row of integers.
    flat = puzzle.PUZZLE.batch_rows != "pairs"
    batch = np.array(cases) if flat else cases
    remote_arrays = puzzle.solve_many(batch, arrays=True, client=client)
    local_arrays = puzzle.solve_many(batch, arrays=True)
    for field in ("outcomes", "costs", "lower_bounds", "paths", "expanded", "generated"):
        np.testing.assert_array_equal(
            getattr(remote_arrays, field), getattr(local_arrays, field), err_msg=field
        )


def test_a_bad_case_on_the_cluster_is_named_as_the_batch_indexes_it(client: object) -> None:
    shelves = [booksort.random(9, seed=seed) for seed in range(40)]
    # Refused by the core, on the worker that has the chunk.
    with pytest.raises(InvalidPuzzle, match=r"^cases\[30\]: book 1 appears twice"):
        booksort.solve_many([*shelves[:30], [1, 1, 2], *shelves[30:]], client=client)
    # Refused here, before anything is sent.
    with pytest.raises(InvalidPuzzle, match=r"^cases\[35\]: "):
        booksort.solve_many([*shelves[:35], ["a"], *shelves[35:]], client=client)


def test_a_client_must_be_one_and_progress_stays_local(client: object) -> None:
    with pytest.raises(TypeError, match=r"client must be a dask\.distributed\.Client, got str"):
        booksort.solve_many([[2, 1]], client="tcp://127.0.0.1:8786")
    with pytest.raises(ValueError, match="progress"):
        booksort.solve_many([[2, 1]], client=client, progress=lambda report: None)
    assert booksort.solve_many([], client=client) == []


def test_a_batch_resumes_from_its_checkpoint(client: Any, tmp_path: Path) -> None:
    shelves = [booksort.random(9, seed=seed) for seed in range(40)]
    path = tmp_path / "batch.checkpoint"
    first = booksort.solve_many(shelves, client=client, checkpoint=path)
    kept = pickle.loads(path.read_bytes())["done"]
    assert sum(len(part) for part in kept.values()) == len(shelves)
    # Resumed, nothing is sent: a client that cannot submit does.
    again = booksort.solve_many(shelves, client=_NoSubmit(client), checkpoint=path)
    assert [s.path for s in again] == [s.path for s in first]
    with pytest.raises(ValueError, match="belongs to another call"):
        booksort.solve_many(shelves[1:], client=client, checkpoint=path)
    with pytest.raises(ValueError, match="checkpoint is taken with client"):
        booksort.solve_many(shelves, checkpoint=path)


class _NoSubmit:
    """A client whose cluster may not be asked for anything."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def nthreads(self) -> Any:
        return self.client.nthreads()

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("nothing was to be sent")

    def gather(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("nothing was to be sent")

    def cancel(self, *args: Any, **kwargs: Any) -> None:
        pass


# --------------------------------------------------------------------------
# solve(case, client=): one search, its large passes spread over the cluster


@pytest.fixture
def passes(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every pass spread, however small (the passes handed out are listed)."""
    monkeypatch.setattr(_distributed, "WORTH_AFTER", 0)
    monkeypatch.setattr(_distributed, "WORTH_AFTER_CALLBACKS", 0)
    return listed_passes(monkeypatch)


def listed_passes(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The passes handed out from now on, listed as they go."""
    spread: list[Any] = []
    start = _distributed.Spreader.start

    def listed(self: Any, *args: Any) -> Any:
        spread.append(start(self, *args))
        return spread[-1]

    monkeypatch.setattr(_distributed.Spreader, "start", listed)
    return spread


def assert_one_thread_search(local: Any, remote: Any) -> None:
    """The answer of ``threads=1``, and its counts: every iteration's but
    the last's exactly, and the last's save the nodes above its frontier
    that one thread never reaches after its goal (a few times the subtrees
    the frontier is cut into for two workers, in a narrow tree)."""
    assert (remote.outcome, remote.cost, remote.path) == (local.outcome, local.cost, local.path)
    *before, last = local.stats.iterations
    *remote_before, remote_last = remote.stats.iterations
    assert remote_before == before
    assert remote_last.bound == last.bound
    assert 0 <= remote_last.expanded - last.expanded <= 16 * _distributed.SUBTREES_PER_THREAD


@pytest.mark.parametrize("name", puzzle_names())
def test_one_search_on_the_cluster_is_the_one_thread_search(
    client: Any, passes: list[Any], name: str
) -> None:
    puzzle = load(name)
    engine = {"engine": "ida"} if "ida" in puzzle.ENGINES else {}
    for seed in range(3):
        case = puzzle.random(seed=seed)
        local = puzzle.solve(case, threads=1, **engine)
        passes.clear()
        remote = puzzle.solve(case, client=client, **engine)
        assert_one_thread_search(local, remote)
        # Every iteration with a node to search went to the cluster (a
        # start that is the goal may, or may not, be one).
        rows = local.stats.iterations
        assert sum(1 for row in rows if row.expanded) <= len(passes) <= len(rows)
        assert remote.svg() == local.svg()


def test_a_search_spread_by_its_own_measure_gives_the_same_answer(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    spread = listed_passes(monkeypatch)
    local = fifteen.solve(KORF_1, **KORF_1_OPTIONS)
    remote = fifteen.solve(KORF_1, client=client, **KORF_1_OPTIONS)
    assert (remote.cost, remote.path) == (57, local.path)
    assert_one_thread_search(local, remote)
    # Each part told the nodes below each of its subtrees, and together its
    # count: the next pass is handed out by them.
    assert len(spread) >= 2
    for handed in spread[:-1]:
        for (first, end), report in zip(handed.parts, handed.reports, strict=True):
            assert len(report[6]) == end - first and sum(report[6]) == report[1]
    # The goal's part told the path to it, as the moves of one thread's
    # search below the goal's subtree do (the caller took it, and searched
    # nothing again).
    goal = spread[-1].needed() - 1
    found, *_, work, path = spread[-1].reports[goal]
    assert found is not None and len(work) == found + 1 - spread[-1].parts[goal][0]
    directions = {"U": 0, "L": 1, "R": 2, "D": 3}
    assert path == [directions[letter] for letter in local.path]


class _Threads:
    """A client with two threads, for a spreader that sends nothing."""

    def nthreads(self) -> dict[str, int]:
        return {"a": 1, "b": 1}


def test_a_pass_is_handed_out_by_the_work_its_subtrees_held_in_the_last() -> None:
    spreader = _distributed.Spreader(_Threads(), "test", (), {}, None, None, 0)
    spreader.growth = 2.0
    # Before any pass has ended, by slack alone: twice as much per unit.
    assert spreader.guess(10, [3, 1, 2]) == pytest.approx([1.0, 0.25, 0.5])
    # The last pass, within 10, held 1000 nodes below its first subtree.
    spreader.ended(10, 1030, [4, 4, 2, 2], [1000.0, 10.0, 10.0, 10.0])
    # Within 12 the old subtrees have 2 more slack, in the same order; the
    # new one (slack 0) is as dense as the old one after it.
    guess = spreader.guess(12, [6, 0, 6, 4, 4])
    expected = [1000 * 4, 10 / 16, 10 * 4, 10 * 4, 10 * 4]
    assert guess == pytest.approx([value / expected[0] for value in expected])
    # The first subtree alone is a part; the rest share the other.
    assert _distributed.split_by_work(guess, 2) == [(0, 1), (1, 5)]
    # A frontier cut at another depth is matched by position.
    by_position = [1.0, 1.0, 0.01, 0.01, 0.04, 0.04, 0.04, 0.04]
    assert spreader.guess(12, [2] * 8) == pytest.approx(by_position)


def eight_puzzle() -> tuple[Any, Any, Any]:
    """The 8-puzzle written in Python, for idastar.search: its moves, the
    Manhattan distance and its goal test. Made here, as closures, so that
    they go to the workers by value (this module is not importable there,
    and Dask pickles a module's functions by reference)."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)

    def moves(board: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        blank = board.index(0)
        row, column = divmod(blank, 3)
        found = []
        for d_row, d_column in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= row + d_row < 3 and 0 <= column + d_column < 3:
                cell = (row + d_row) * 3 + column + d_column
                after = list(board)
                after[blank], after[cell] = after[cell], 0
                found.append((tuple(after), 1))
        return found

    def manhattan(board: tuple[int, ...]) -> int:
        return sum(
            abs(cell // 3 - (tile - 1) // 3) + abs(cell % 3 - (tile - 1) % 3)
            for cell, tile in enumerate(board)
            if tile
        )

    def solved(board: tuple[int, ...]) -> bool:
        return board == goal

    return moves, manhattan, solved


@pytest.mark.parametrize("engine", ["ida", "iddfs"])
def test_a_search_on_python_callables_spreads_over_the_cluster(
    client: Any, passes: list[Any], engine: str, tmp_path: Path
) -> None:
    from idastar import search

    board = (8, 6, 7, 2, 5, 4, 3, 0, 1) if engine == "ida" else (4, 1, 3, 7, 2, 6, 0, 5, 8)
    moves, manhattan, solved = eight_puzzle()
    heuristic = manhattan if engine == "ida" else None
    problem = (board, moves, solved)
    local = search.solve(*problem, engine=engine, heuristic=heuristic)
    path = tmp_path / "search.checkpoint"
    remote = search.solve(
        *problem, engine=engine, heuristic=heuristic, client=client, checkpoint=path
    )
    assert_one_thread_search(local, remote)
    assert passes and path.exists()
    # Resumed from its checkpoint, the same answer, nothing sent.
    passes.clear()
    again = search.solve(
        *problem, engine=engine, heuristic=heuristic, client=client, checkpoint=path
    )
    assert again.path == local.path
    assert all(not spread.fresh for spread in passes)
    with pytest.raises(ValueError, match="checkpoint is taken with client"):
        search.solve(*problem, engine=engine, heuristic=heuristic, checkpoint=path)


def worker_pids(client: Any) -> dict[str, int]:
    return dict(client.run(os.getpid))


def executing(client: Any) -> int:
    """Tasks the workers' threads are still running (cancelled ones too)."""
    counts = client.run(lambda dask_worker: dask_worker.state.executing_count)
    return int(sum(counts.values()))


def test_a_worker_killed_mid_search_changes_no_answer(passes: list[Any]) -> None:
    local = fifteen.solve(KORF_1, **KORF_1_OPTIONS)
    with real_cluster(nanny=False) as file, connected(file) as client:
        pids = worker_pids(client)
        solved: list[Any] = []
        search = threading.Thread(
            target=lambda: solved.append(fifteen.solve(KORF_1, client=client, **KORF_1_OPTIONS))
        )
        search.start()
        # Once both workers search parts of a pass, one dies.
        deadline = time.monotonic() + 60
        while sum(1 for tasks in client.processing().values() if tasks) < 2:
            assert time.monotonic() < deadline and search.is_alive()
            time.sleep(0.01)
        victim = next(iter(pids.values()))
        os.kill(victim, signal.SIGKILL)
        search.join(timeout=300)
        assert not search.is_alive() and len(client.nthreads()) == 1
    assert_one_thread_search(local, solved[0])


def test_a_limit_stops_the_whole_cluster_within_a_second(client: Any, passes: list[Any]) -> None:
    began = time.monotonic()
    stopped = fifteen.solve(KORF_1, client=client, time_limit=1.0, **KORF_1_OPTIONS)
    assert stopped.outcome is Outcome.TIME_LIMIT
    assert time.monotonic() - began < 2.0
    deadline = time.monotonic() + 1.0
    while executing(client):
        assert time.monotonic() < deadline, "the workers still search"
        time.sleep(0.02)
    stopped = fifteen.solve(KORF_1, client=client, node_limit=3_000_000, **KORF_1_OPTIONS)
    assert stopped.outcome is Outcome.NODE_LIMIT
    # A bad limit is named as without a client, before anything is sent.
    with pytest.raises(ValueError, match="time_limit"):
        fifteen.solve(KORF_1, client=client, time_limit=-1, **KORF_1_OPTIONS)
    with pytest.raises(TypeError, match=r"client must be a dask\.distributed\.Client"):
        fifteen.solve(KORF_1, client="tcp://127.0.0.1:8786", **KORF_1_OPTIONS)


CHILD = """
import sys
from distributed import Client
from idastar import _distributed, fifteen
_distributed.WORTH_AFTER = 0
with Client(scheduler_file=sys.argv[1]) as client:
    fifteen.solve({board}, client=client, checkpoint=sys.argv[2], **{options})
"""


BATCH_CHILD = """
import sys
from distributed import Client
from idastar import booksort
shelves = [booksort.random(12, seed=seed) for seed in range(20_000)]
with Client(scheduler_file=sys.argv[1]) as client:
    booksort.solve_many(shelves, client=client)
"""


def test_an_interrupted_batch_stops_the_chunks_running_on_the_workers(
    scheduler_file: str, client: Any
) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", BATCH_CHILD, scheduler_file],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )

    # Ctrl-C once every chunk is sent (eight: four a worker thread) and
    # both workers solve one.
    def chunks_sent(dask_scheduler: Any) -> int:
        return sum(1 for key in dask_scheduler.tasks if "solve_many" in str(key))

    deadline = time.monotonic() + 120
    while (
        client.run_on_scheduler(chunks_sent) < 8
        or sum(1 for tasks in client.processing().values() if tasks) < 2
    ):
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.02)
    interrupt_and_wait_for_idle(child, client)


def interrupt_and_wait_for_idle(child: subprocess.Popen[str], client: Any) -> None:
    """Ctrl-C to ``child``, which must end with KeyboardInterrupt, and
    then the workers idle within a second: their parts or chunks stopped."""
    child.send_signal(signal.SIGINT)
    _, stderr = child.communicate(timeout=30)
    assert child.returncode != 0 and "KeyboardInterrupt" in stderr
    deadline = time.monotonic() + 1.0
    while executing(client):
        assert time.monotonic() < deadline, "the workers still search"
        time.sleep(0.02)


def kept_nodes(path: Path) -> int:
    """The nodes expanded in the parts a checkpoint keeps."""
    try:
        kept = pickle.loads(path.read_bytes())["done"]
    except (EOFError, pickle.UnpicklingError):
        return 0
    return sum(report[1] for report in kept.values())


def searched_by(call: Any) -> tuple[Any, int]:
    """``call()``'s result, and the nodes the search needed from the parts
    searched on the cluster (not those of parts a goal made moot)."""
    spreaders: list[Any] = []
    init = _distributed.Spreader.__init__

    def kept(self: Any, *args: Any) -> None:
        init(self, *args)
        spreaders.append(self)

    _distributed.Spreader.__init__ = kept  # type: ignore[method-assign,assignment]
    try:
        result = call()
    finally:
        _distributed.Spreader.__init__ = init  # type: ignore[method-assign]
    return result, sum(spreader.searched for spreader in spreaders)


def test_an_interrupted_search_resumes_from_its_checkpoint(
    scheduler_file: str, client: Any, passes: list[Any], tmp_path: Path
) -> None:
    whole, searched = searched_by(lambda: fifteen.solve(KORF_1, client=client, **KORF_1_OPTIONS))
    path = tmp_path / "search.checkpoint"
    script = CHILD.format(board=list(KORF_1), options=KORF_1_OPTIONS)
    child = subprocess.Popen(
        [sys.executable, "-c", script, scheduler_file, str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    # Ctrl-C once a good part of the search is kept.
    deadline = time.monotonic() + 120
    while not path.exists() or kept_nodes(path) < searched // 4:
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.02)
    interrupt_and_wait_for_idle(child, client)
    checkpointed = kept_nodes(path)
    resumed, searched_after = searched_by(
        lambda: fifteen.solve(KORF_1, client=client, checkpoint=path, **KORF_1_OPTIONS)
    )
    assert (resumed.cost, resumed.path) == (whole.cost, whole.path)
    assert resumed.stats.iterations == whole.stats.iterations
    # Nothing kept is searched again: the uninterrupted run's nodes less
    # the kept ones (the resumed run's parts are cut around the kept ones,
    # hence not quite the same).
    assert checkpointed > 0
    assert searched_after <= (searched - checkpointed) * 1.05
    with pytest.raises(ValueError, match="belongs to another call"):
        fifteen.solve(KORF_1, client=client, checkpoint=path, heuristic="linear-conflict")
    with pytest.raises(ValueError, match="checkpoint is taken with client"):
        fifteen.solve(KORF_1, checkpoint=path, **KORF_1_OPTIONS)


# --------------------------------------------------------------------------
# The command line: --scheduler and --checkpoint


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "idastar", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_command_line_solves_on_the_cluster(scheduler_file: str, tmp_path: Path) -> None:
    boards = tmp_path / "boards.txt"
    korf = Path(__file__).resolve().parents[2] / "shared" / "data" / "korf100.txt"
    if not korf.is_file():
        pytest.skip("Korf's instances are not here")
    boards.write_text("".join(korf.read_text().splitlines(keepends=True)[1:4]))
    common = ["fifteen", "--goal", "blank-first", "--heuristic", "linear-conflict", "--path"]
    local = run_cli(*common, "--batch", str(boards), cwd=tmp_path)
    assert local.returncode == 0, local.stderr
    on_cluster = ["--scheduler", scheduler_file, "--checkpoint", "kept"]
    remote = run_cli(*common, "--batch", str(boards), *on_cluster, cwd=tmp_path)
    assert (remote.returncode, remote.stdout) == (0, local.stdout), remote.stderr
    assert sorted(path.name for path in (tmp_path / "kept").iterdir()) == ["chunk-0"]
    # One board: one search spread over the cluster (its own checkpoint:
    # the batch's is refused, in one line).
    single = run_cli(*common, str(boards), *on_cluster, cwd=tmp_path)
    assert single.returncode == 2 and "belongs to another call" in single.stderr
    single_cluster = ["--scheduler", scheduler_file, "--checkpoint", "kept-one"]
    single = run_cli(*common, str(boards), *single_cluster, cwd=tmp_path)
    assert single.returncode == 0, single.stderr
    assert single.stdout.split("\n")[:2] == local.stdout.split("\n")[:2]
    # Refused in one line each, with exit status 2.
    alone = run_cli(*common, str(boards), "--checkpoint", "kept", cwd=tmp_path)
    assert alone.returncode == 2 and "give --scheduler too" in alone.stderr
    assert alone.stderr.count("\n") == 1
    missing = run_cli(*common, str(boards), "--scheduler", "nowhere.json", cwd=tmp_path)
    assert missing.returncode == 2 and "no such scheduler file" in missing.stderr
