"""The Python surface is derived from the registry: each puzzle is a value
whose methods are its module's shared verbs, the typed stub of those verbs
is what the registry makes of it, and the hand-kept lists name every puzzle.
"""

from __future__ import annotations

import importlib
import pickle
import typing

import pytest
from conftest import run_child, run_main
from hypothesis import given
from hypothesis import strategies as st

import idastar
from idastar import _stubgen
from idastar._puzzle import VERBS
from idastar.cli import PUZZLES as COMMANDS


@pytest.fixture(params=idastar.PUZZLES)
def module(request: pytest.FixtureRequest) -> typing.Any:
    return importlib.import_module(f"idastar.{request.param}")


def test_the_typed_stub_is_what_the_registry_makes() -> None:
    written = _stubgen.STUB.read_text()
    assert written == _stubgen.stub(), "run `python -m idastar._stubgen` and commit _verbs.pyi"


def test_every_verb_is_the_puzzle_values_method(module: typing.Any) -> None:
    puzzle = module.PUZZLE
    assert isinstance(puzzle, idastar.Puzzle)
    assert puzzle.name == module.NAME == module.__name__.rsplit(".", 1)[1]
    for verb in VERBS:
        function = getattr(module, verb)
        method = function.__wrapped__
        assert method.__self__ is puzzle and method.__func__ is getattr(idastar.Puzzle, verb)
        assert (function.__module__, function.__qualname__) == (module.__name__, verb)
        assert pickle.loads(pickle.dumps(function)) is function
        assert verb in module.__all__
    assert "PUZZLE" in module.__all__
    assert pickle.loads(pickle.dumps(puzzle)) is puzzle


def test_the_literal_names_are_the_registrys(module: typing.Any) -> None:
    assert typing.get_args(module.Engine) == module.ENGINES == module.PUZZLE.engines
    assert typing.get_args(module.Heuristic) == module.HEURISTICS == module.PUZZLE.heuristics


def test_the_package_lists_every_puzzle() -> None:
    for name in idastar.PUZZLES:
        assert name in idastar.__all__
        assert f":mod:`idastar.{name}`" in (idastar.__doc__ or "")
        assert name in dir(idastar)
        assert importlib.import_module(f"idastar.{name}").PUZZLE is idastar.puzzle(name)


@pytest.mark.parametrize(
    ("misspelt", "meant"),
    [
        ("huristic", "heuristic"),
        ("engne", "engine"),
        ("max_move", "max_moves"),
        ("Node_Limit", "node_limit"),
    ],
)
def test_a_misspelt_option_names_the_module_called_and_what_was_meant(
    module: typing.Any, misspelt: str, meant: str
) -> None:
    case = module.random(seed=1)
    calls = {
        "solve": lambda: module.solve(case, **{misspelt: 1}),
        "solve_many": lambda: module.solve_many([case], **{misspelt: 1}),
        "distance": lambda: module.distance(case, **{misspelt: 1}),
    }
    for verb, call in calls.items():
        with pytest.raises(TypeError) as raised:
            call()
        assert str(raised.value) == (
            f"{module.NAME}.{verb}() got an unexpected option {misspelt!r}"
            f" (did you mean {meant!r}?)".replace("'", '"')
        )


def test_an_unlike_option_gets_no_suggestion(module: typing.Any) -> None:
    with pytest.raises(TypeError, match=r'got an unexpected option "colour"$'):
        module.solve(module.random(seed=1), colour="red")


def test_a_batch_keyword_misspelt_is_suggested(module: typing.Any) -> None:
    with pytest.raises(TypeError, match=r'\(did you mean "threads"\?\)$'):
        module.solve_many([module.random(seed=1)], thread=1)


def test_what_a_puzzle_fixes_is_refused_by_name() -> None:
    from idastar import fifteen

    for call in (
        lambda: fifteen.solve(fifteen.GOAL, width=3),
        lambda: fifteen.solve_many([fifteen.GOAL], height=4),
    ):
        with pytest.raises(
            TypeError, match=r"^fifteen\.solve(_many)?\(\) got an unexpected option"
        ):
            call()


def test_size_keywords_are_checked_like_python_keywords(module: typing.Any) -> None:
    codes = module.pack([module.random(seed=2)])
    with pytest.raises(
        TypeError, match=rf"^{module.NAME}\.pack\(\) got an unexpected keyword argument 'colour'$"
    ):
        module.pack([module.random(seed=2)], colour=1)
    required = [k for k, v in module.PUZZLE.size.keywords.items() if v is idastar._puzzle.REQUIRED]
    if required:
        with pytest.raises(TypeError, match=rf"missing required keyword argument '{required[0]}'"):
            module.unpack(codes)


@pytest.mark.parametrize(
    ("arguments", "meant"),
    [
        (["rotaton"], "rotation"),
        (["booksort", "--exct"], "--exact"),
        (["pancake", "--jsn"], "--json"),
        (["squares", "--huristic", "packing"], "--heuristic"),
        (["rotation", "--engine", "idaa"], "ida"),
        (["fifteen", "--pths"], "--path"),
    ],
)
def test_a_misspelt_command_flag_or_choice_suggests_the_right_one(
    arguments: list[str], meant: str
) -> None:
    status, out, err = run_main(*arguments)
    assert (status, out) == (2, "")
    assert err.rstrip().endswith(f'(did you mean "{meant}"?)'), err


def test_an_unlike_flag_gets_no_suggestion() -> None:
    status, _, err = run_main("booksort", "--colour")
    assert status == 2
    assert err.rstrip().endswith("unrecognized arguments: --colour"), err


def test_a_puzzle_that_reads_no_array_loads_no_numpy() -> None:
    # A command on a judge file, or a solve of a list, pays nothing for
    # numpy's import (about a tenth of a second).
    code = """
    import sys, idastar
    for name in idastar.PUZZLES:
        module = idastar.puzzle(name)
        options = dict(engine="ida", heuristic=module.HEURISTICS[-1], node_limit=1000)
        module.solve(module.random(seed=3), **options)
        module.solve_many([module.random(seed=4)], **options)
    result = sorted(name for name in sys.modules if name.split(".")[0] == "numpy")
    """
    loaded, _ = run_child(code)
    assert loaded == []


def test_a_vast_or_endless_case_is_refused_before_it_is_read(module: typing.Any) -> None:
    import itertools

    import numpy as np

    vast = np.broadcast_to(np.arange(3)[None, :], (2**40, 3))  # a view: no memory behind it
    for case in (vast, itertools.count(1), np.broadcast_to(np.int64(1), (2**40,))):
        with pytest.raises(idastar.InvalidPuzzle, match=r"no case has as many|must be"):
            module.is_solved(case)
        with pytest.raises(idastar.InvalidPuzzle):
            module.solve(case)


def test_the_docs_list_every_puzzle() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    tables = [(root / "README.md").read_text(), (root / "docs" / "index.md").read_text()]
    config = root / "mkdocs.yml"  # not in the copy the installed wheel is tested from
    navigation = config.read_text() if config.exists() else None
    for name in idastar.PUZZLES:
        for table in tables:
            assert f"`idastar.{name}`" in table, name
        page = root / "docs" / "reference" / f"{name}.md"
        assert f"::: idastar.{name}" in page.read_text()
        assert navigation is None or f"idastar.{name}: reference/{name}.md" in navigation


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_shares_the_answer_and_thread_flags(command: str) -> None:
    status, out, _ = run_main(command, "--help")
    assert status == 0
    # Python 3.13 writes "-j, --jobs, --threads N" where older ones repeat N.
    for flag in ("--json", "--stats", "-j", "--jobs", "--threads N", "--progress"):
        assert flag in out, flag
    # The Rotation Game's answer and the cube's hold their moves.
    assert ("--path" in out) == (command not in ("rotation", "cube"))
    status, _, err = run_main(command, "--threads", "0")
    assert status == 2 and ("--threads" in err or "--jobs" in err), err


def test_search_takes_the_puzzles_engine_names() -> None:
    from idastar import pancake, search

    assert search.ENGINES == pancake.ENGINES  # the generic engines, by one set of names
    with pytest.raises(
        ValueError, match=r'^engine: unknown engine "idaa" \(did you mean "ida"\?\)'
    ):
        search.solve(1, lambda n: [], lambda n: True, engine="idaa")


@given(
    edges=st.dictionaries(st.integers(0, 7), st.lists(st.integers(0, 7), max_size=3), max_size=8),
    goal=st.integers(0, 7),
)
def test_search_solve_agrees_with_each_engines_own_function(
    edges: dict[int, list[int]], goal: int
) -> None:
    from idastar import search

    def successors(state: int) -> list[tuple[int, int]]:
        return [(following, 1) for following in edges.get(state, [])]

    def predecessors(state: int) -> list[tuple[int, int]]:
        return [(before, 1) for before, after in edges.items() if state in after]

    expected = search.bfs(0, successors, lambda state: state == goal).cost
    for engine in search.ENGINES:
        if engine == "bidirectional":
            found = search.solve(0, successors, engine=engine, goal=goal, predecessors=predecessors)
        else:
            found = search.solve(0, successors, lambda state: state == goal, engine=engine)
        assert found.cost == expected, engine
        if found.cost is not None:
            assert (
                found.path[0] == 0 and found.path[-1] == goal and len(found.path) == found.cost + 1
            )
            for before, after in zip(found.path, found.path[1:], strict=False):
                assert after in edges.get(before, [])


def test_a_puzzle_value_is_the_whole_puzzle(module: typing.Any) -> None:
    puzzle = idastar.puzzle(module.NAME)
    assert puzzle is module.PUZZLE
    for name in module.__all__:
        assert name in dir(puzzle)
        if name not in VERBS:  # the module's verbs are the value's methods
            assert getattr(puzzle, name) is getattr(module, name), name
    case = puzzle.random(seed=5)
    solution = puzzle.solve(case)
    assert puzzle.is_solved(puzzle.replay(case, solution.path))
    assert puzzle.distance(case) == solution.cost >= puzzle.lower_bound(case)
    with pytest.raises(AttributeError, match="has no attribute 'randm'"):
        puzzle.randm  # noqa: B018


def test_an_unknown_puzzle_name_suggests_the_one_meant() -> None:
    with pytest.raises(ValueError, match=r"unknown puzzle 'pancakes' \(did you mean 'pancake'\?\)"):
        idastar.puzzle("pancakes")


def test_the_options_are_the_ones_the_registry_describes(module: typing.Any) -> None:
    described = [option.name for option in module.PUZZLE.options]
    assert described[:2] == ["engine", "heuristic"]
    typed = module.Options.__optional_keys__ | module.Options.__required_keys__
    assert typed == {*described, "progress"}
    for option in module.PUZZLE.options:
        assert option.doc and option.default and option.kind


def test_a_module_exports_what_it_defines(module: typing.Any) -> None:
    defined = {
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and callable(value)
        and getattr(value, "__module__", None) == module.__name__
    }
    # Every public function and class it defines is exported, the verbs
    # bound from its puzzle and its registry-made Options too.
    assert defined <= set(module.__all__)
    assert module.Options.__module__ == module.__name__
    assert all(hasattr(module, name) for name in module.__all__)
