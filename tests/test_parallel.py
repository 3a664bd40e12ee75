"""One search on two threads: the answer of one thread, and the same counts
in every iteration but the last.

The cases are large enough for the iterations to be split (an iteration
goes parallel after one of some 16,000 expansions); the contract suite
checks the same on every puzzle and engine with small random cases, and
the core's tests check the split searches of the other puzzles.
"""

from __future__ import annotations

from typing import Any

import pytest

from idastar import Outcome, fifteen, rotation, sliding

CASES: list[tuple[str, Any, dict[str, Any]]] = [
    (
        "sliding ida-tiles",
        sliding.random(seed=0),
        {"engine": "ida-tiles", "heuristic": "manhattan"},
    ),
    (
        "sliding ida-tiles 2",
        sliding.random(seed=4),
        {"engine": "ida-tiles", "heuristic": "manhattan"},
    ),
    (
        "sliding linear conflict",
        sliding.random(seed=4),
        {"engine": "ida-tiles", "heuristic": "linear-conflict"},
    ),
    (
        "sliding dual lookups with pathmax",
        sliding.random(seed=5),
        {
            "engine": "ida-tiles",
            "heuristic": "pdb",
            "patterns": "4-4-4-3",
            "dual": True,
            "move_pruning": 2,
        },
    ),
    ("fifteen generic ida", fifteen.random(seed=1), {"engine": "ida"}),
    ("rotation ida", rotation.random(seed=5), {"engine": "ida"}),
    ("rotation ida 2", rotation.random(seed=9), {"engine": "ida"}),
]


@pytest.mark.parametrize(("case", "options"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_two_threads_give_the_answer_of_one(case: Any, options: dict[str, Any]) -> None:
    module = rotation if len(case) == 24 else sliding
    one = module.solve(case, threads=1, **options)
    assert one.outcome is Outcome.SOLVED
    # Large enough to be split: the last iteration follows a large one.
    assert one.stats.iterations[-2].expanded > 16_384
    for threads in (2, None):
        many = module.solve(case, threads=threads, **options)
        assert (many.outcome, many.cost, many.path, many.lower_bound) == (
            one.outcome,
            one.cost,
            one.path,
            one.lower_bound,
        )
        assert many.stats.iterations[:-1] == one.stats.iterations[:-1]
        assert many.stats.iterations[-1].bound == one.stats.iterations[-1].bound
        assert many.stats.expanded == sum(i.expanded for i in many.stats.iterations)
        assert many.stats.generated == sum(i.generated for i in many.stats.iterations)


@pytest.mark.parametrize(
    ("case", "options"), [CASES[0][1:], CASES[5][1:]], ids=[CASES[0][0], CASES[5][0]]
)
def test_a_batch_of_one_spreads_its_search_and_keeps_its_answer(
    case: Any, options: dict[str, Any]
) -> None:
    """A batch of one case (a single cube typed at a command) runs its
    search on the threads as ``solve`` does: the serial answer, the serial
    counts in every iteration but the last."""
    module = rotation if len(case) == 24 else sliding
    one = module.solve(case, threads=1, **options)
    (batch,) = module.solve_many([case], threads=2, **options)
    assert (batch.outcome, batch.cost, batch.path) == (one.outcome, one.cost, one.path)
    assert batch.stats.iterations[:-1] == one.stats.iterations[:-1]
    assert batch.stats.iterations[-1].bound == one.stats.iterations[-1].bound


@pytest.mark.parametrize("engine", ["ida", "astar"])
def test_a_batch_started_hardest_first_answers_in_input_order(engine: str) -> None:
    # The Rotation Game's searches start in order of their bound, hardest
    # first; the answers still come in input order.
    boards = [rotation.random(seed=seed) for seed in range(40)]
    singles = [rotation.solve(board, engine=engine) for board in boards]
    for threads in (1, 2):
        batch = rotation.solve_many(boards, engine=engine, threads=threads)
        assert [(s.cost, s.path, s.centre) for s in batch] == [
            (s.cost, s.path, s.centre) for s in singles
        ]
