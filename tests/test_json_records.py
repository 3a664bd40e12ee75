"""Every command's ``--json`` record carries the same common fields.

Whatever the puzzle, a record holds ``case`` (its number, from 1),
``answer`` (what the judge prints for it, the line or lines the run
without ``--json`` writes), and the solution's ``outcome``, ``cost``,
``path``, ``lower_bound`` and ``stats``; each command adds the fields of
its own cases (``n``, ``books``, ``stack``, ``board``, ``tiles``, ...).
"""

from __future__ import annotations

import json

import pytest
from conftest import run_main

from idastar.commands import sample_text

COMMON = {"case", "answer", "outcome", "cost", "path", "lower_bound", "stats"}

#: A small fifteen batch: the sample and boards a few moves from the goal.
FIFTEEN_BATCH = "".join(
    " ".join(map(str, board)) + "\n"
    for board in (
        [*range(1, 16), 0],
        [*range(1, 15), 0, 15],
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11, 13, 14, 15, 12],
    )
)

#: (arguments after the command, input): each command's ways of answering.
RUNS = {
    "booksort": [([], sample_text("booksort", "in")), (["--exact"], sample_text("booksort", "in"))],
    "pancake": [([], sample_text("pancake", "in")), (["-j", "1"], "2\n1\n1\n4\n4 3 2 1\n")],
    "squares": [([], sample_text("squares", "in")), (["--engine", "ida"], "1\n2\n0\n")],
    "rotation": [
        ([], sample_text("rotation", "in")),
        (["--engine", "ida"], sample_text("rotation", "in")),
    ],
    "fifteen": [
        (["--heuristic", "linear-conflict"], sample_text("fifteen", "in")),
        (["--heuristic", "manhattan", "--batch", "-"], FIFTEEN_BATCH),
    ],
}


def runs() -> list[object]:
    return [
        pytest.param(name, args, text, id=" ".join([name, *args]) or name)
        for name, ways in RUNS.items()
        for args, text in ways
    ]


def records(name: str, args: list[str], text: str) -> list[dict[str, object]]:
    status, out, err = run_main(name, *args, "--json", stdin=text)
    assert status == 0, err
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize(("name", "args", "text"), runs())
def test_every_record_has_the_common_fields(name: str, args: list[str], text: str) -> None:
    found = records(name, args, text)
    assert found
    for record in found:
        assert COMMON <= record.keys(), f"{name} lacks {sorted(COMMON - record.keys())}"
    assert [record["case"] for record in found] == list(range(1, len(found) + 1))


@pytest.mark.parametrize(("name", "args", "text"), runs())
def test_the_answer_is_what_the_judge_prints(name: str, args: list[str], text: str) -> None:
    status, out, err = run_main(name, *args, stdin=text)
    assert status == 0, err
    answers = [str(record["answer"]) for record in records(name, args, text)]
    assert "\n".join(answers) + "\n" == out


@pytest.mark.parametrize(("name", "args", "text"), runs())
def test_a_solved_answer_is_its_cost(name: str, args: list[str], text: str) -> None:
    for record in records(name, args, text):
        if name == "rotation":  # the moves and the centre, as the judge writes them
            assert isinstance(record["answer"], str)
            assert record["answer"].splitlines()[1] == str(record["centre"])
        elif record["cost"] is not None:
            assert record["answer"] == record["cost"]
