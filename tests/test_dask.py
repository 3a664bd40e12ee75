"""Scale-out: a batch through Dask worker processes gives the answers of a
local ``solve_many``, and everything that crosses a process boundary pickles.

This is the recipe of docs/parallel.md, "More than one machine", run on
a ``LocalCluster`` with two worker processes.
"""

from __future__ import annotations

import functools
import pickle
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from contract_support import load, puzzle_names

from idastar import BatchResult, InvalidPuzzle, Unsolvable, booksort, rotation, sliding, squares

distributed = pytest.importorskip("dask.distributed")


def boards(count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation([1] * 8 + [2] * 8 + [3] * 8) for _ in range(count)])


@pytest.fixture(scope="module")
def client() -> object:
    with (
        distributed.LocalCluster(
            # A dashboard on any free port: the default one may be taken.
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
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


@pytest.mark.slow
def test_the_docs_recipe_runs_as_a_saved_script(tmp_path: Path) -> None:
    page = (Path(__file__).resolve().parent.parent / "docs/parallel.md").read_text(encoding="utf-8")
    section = page.split("## More than one machine", 1)[1]
    recipe = re.search(r"```py\n(.*?)```", section, re.S)
    assert recipe is not None
    script = tmp_path / "recipe.py"
    script.write_text(recipe.group(1), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    shelves = np.array([np.random.default_rng(i).permutation(12) + 1 for i in range(2_000)])
    expected = np.bincount(booksort.solve_many(shelves, arrays=True).costs)
    assert done.stdout.strip() == str(expected)


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
