"""Odd arguments for every public function of every puzzle module, and odd
callbacks for :mod:`idastar.search`, drawn by hypothesis.

The property: a call returns, or raises ValueError (InvalidPuzzle and
Unsolvable included) or TypeError; never another exception (OverflowError,
MemoryError, pyo3's PanicException, InternalError), never a crash, never a
hang. Each call runs under an alarm; one still running then must stop on
the signal within a second (the searches poll for it as for Ctrl-C), and
counts as slow, which is no fault: valid input may well be hard.

The number of examples per test is small by default;
``IDASTAR_FUZZ_EXAMPLES=N`` raises it for a long campaign.
"""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import hypothesis
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from alarms import disarm, ringer, unalarmed
from idastar import booksort, fifteen, pancake, rotation, search, sliding, squares

pytestmark = [
    pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers"),
    # The code under test may swallow the alarm's exception in a finaliser,
    # which reports it as unraisable and goes on (the alarm rings again soon
    # after).
    pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning"),
]

EXAMPLES = int(os.environ.get("IDASTAR_FUZZ_EXAMPLES", "60"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None,
)

#: How long a call may run before the alarm, and then how long it has to stop.
ALARM_SECONDS = 0.5
STOP_SECONDS = 1.0


class TooSlow(BaseException):
    """Raised by the alarm's signal handler in a call that ran too long."""


class CallbackError(Exception):
    """What the odd callbacks raise; it must come out of the search unchanged."""


#: Calls by how they ended, printed at the end of a run with ``-s``.
OUTCOMES: Counter[str] = Counter()


@pytest.fixture(scope="module", autouse=True)
def outcome_counts() -> Iterator[None]:
    yield
    total = sum(OUTCOMES.values())
    print(f"\n{total} odd calls:", ", ".join(f"{n} {k}" for k, n in OUTCOMES.most_common()))


#: What a call may raise.
ALLOWED = (ValueError, TypeError, CallbackError, RecursionError)


def well_behaved(call: Callable[[], object]) -> None:
    """Runs ``call`` under the alarm; fails unless it returns or raises an
    allowed exception, and, if the alarm rang, ends soon after."""
    rang: list[float] = []
    previous = signal.signal(signal.SIGALRM, ringer(TooSlow, rang))
    try:
        signal.setitimer(signal.ITIMER_REAL, ALARM_SECONDS)
        try:
            call()
            OUTCOMES["returned"] += 1
        except ALLOWED as error:
            OUTCOMES[type(error).__name__] += 1
        except TooSlow:
            OUTCOMES["slow, stopped by the alarm"] += 1
    except TooSlow:  # the alarm rang just as the call returned
        pass
    finally:
        disarm(previous)
    if rang:
        late = time.monotonic() - rang[0]
        assert late < STOP_SECONDS, f"took {late:.2f} s to stop on the signal"


ODD_VALUES: list[Any] = [
    0, 1, 2, 3, 4, -1, 5, 9, 16, 17, 25, 2**31, 2**32, 2**63, 2**64, 2**70, -(2**70),
    10**400, 1.5, -0.0, float("nan"), float("inf"), float("-inf"), 1e300, None, True, False,
    "", "x", "ida", b"1", [], [1], [[1]], (1, 2), {}, {1}, object(), 1j,
    np.int8(3), np.int64(-1), np.uint64(2**64 - 1), np.float64(2.0), np.bool_(True),
    np.array(3), np.array([1, 2]),
]  # fmt: skip

odd = st.sampled_from(ODD_VALUES)
#: Limits: mostly small enough to end quickly, sometimes odd.
limits = st.one_of(st.none(), st.integers(0, 2000), odd)
seconds = st.one_of(st.none(), st.floats(0, 0.05), odd)
threads = st.one_of(st.none(), st.integers(1, 4), st.sampled_from([0, 1024, 1025, -1, 2**70, 1.0]))
names = st.one_of(st.text(max_size=12), odd)


def maybe(draw: st.DrawFn, strategy: st.SearchStrategy[Any], odds: int = 5) -> Any:
    """A value of ``strategy``, or one time in ``odds`` an odd value instead."""
    return draw(odd) if draw(st.integers(0, odds - 1)) == 0 else draw(strategy)


def spoiled(draw: st.DrawFn, values: list[Any]) -> list[Any]:
    """``values`` with, sometimes, a few items replaced by odd ones, dropped or added."""
    values = list(values)
    for _ in range(draw(st.integers(0, 2))):
        kind = draw(st.integers(0, 3))
        if kind == 0 and values:
            values[draw(st.integers(0, len(values) - 1))] = draw(odd)
        elif kind == 1 and values:
            values.pop(draw(st.integers(0, len(values) - 1)))
        elif kind == 2:
            values.append(draw(st.one_of(odd, st.integers(-3, 40))))
    return values


DTYPES = [
    np.bool_,
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint64,
    np.float32,
    np.float64,
]


@st.composite
def odd_arrays(draw: st.DrawFn, rows: list[list[Any]]) -> Any:
    """``rows`` as a numpy array of an odd dtype, shape or layout."""
    kind = draw(st.integers(0, 6))
    if kind == 0:  # any dtype and shape, values near the puzzle's range
        dtype = draw(st.sampled_from(DTYPES))
        elements = st.booleans() if dtype is np.bool_ else st.integers(0, 30)
        if np.dtype(dtype).kind == "f":
            elements = st.floats(allow_nan=True, allow_infinity=True, width=32)  # type: ignore[assignment]
        shape = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=5)
        return draw(hnp.arrays(dtype, shape, elements=elements))
    try:
        array = np.array(rows, dtype=object if kind == 1 else None)
    except ValueError:  # ragged rows
        return rows
    if kind == 2 and array.ndim == 2 and array.dtype.kind in "iub":  # not contiguous
        wide = np.repeat(array, 2, axis=1)
        return wide[:, ::2]
    if kind == 3 and array.ndim == 2:
        return np.asfortranarray(array)
    if kind == 4 and array.ndim == 2:  # rows beyond any memory, as a view
        return np.broadcast_to(array[:1], (2**40, array.shape[1]))
    if kind == 5 and array.dtype.kind in "iub":
        return array.astype(draw(st.sampled_from(DTYPES)))
    return array


def permutation(draw: st.DrawFn, low: int, high: int, start: int = 1) -> list[int]:
    n = draw(st.integers(low, high))
    return draw(st.permutations(list(range(start, start + n))))


def typo(draw: st.DrawFn) -> dict[str, Any]:
    """Now and then a misspelled or unknown keyword."""
    if draw(st.integers(0, 9)) == 0:
        return {draw(st.sampled_from(["node_limt", "thread", "timelimit", "engin", "x"])): 1}
    return {}


# Booksort -----------------------------------------------------------------


def shelf(draw: st.DrawFn) -> Any:
    books = permutation(draw, 0, draw(st.sampled_from([6, 9, 17])))
    return spoiled(draw, books) if draw(st.booleans()) else books


@st.composite
def booksort_calls(draw: st.DrawFn) -> Callable[[], object]:
    draw = unalarmed(draw)  # some arguments are drawn during the call
    options = {
        "max_moves": maybe(draw, st.one_of(st.none(), st.integers(0, 6))),
        "engine": maybe(
            draw, st.sampled_from(["ida", "astar", "iddfs", "bfs", "bidirectional", "x"])
        ),
        "heuristic": maybe(draw, st.sampled_from(["cycles", "breakpoints", "y"])),
        "goal_ball": maybe(draw, st.one_of(st.none(), st.integers(0, 4))),
        "node_limit": maybe(draw, st.integers(0, 5000)),
        "time_limit": draw(seconds),
        "state_limit": maybe(draw, st.one_of(st.none(), st.integers(0, 10**5))),
        "table_entries": maybe(draw, st.one_of(st.none(), st.integers(0, 2**16))),
        **typo(draw),
    }
    books = shelf(draw)
    many = [shelf(draw) for _ in range(draw(st.integers(0, 4)))]
    batch = {"threads": draw(threads), "arrays": draw(st.one_of(st.booleans(), odd))}
    small_n = draw(st.one_of(st.integers(-1, 9), odd))
    return draw(
        st.sampled_from(
            [
                lambda: booksort.solve(books, **options),
                lambda: booksort.solve_many(many, **options, **batch),
                lambda: booksort.solve_many(draw(odd_arrays(many)), **options, **batch),
                lambda: booksort.judge(books),
                lambda: booksort.judge_many(many),
                lambda: booksort.judge_solution(books),
                lambda: booksort.distance(books if len(books) <= 9 else books[:9]),
                lambda: booksort.lower_bound(books, options["heuristic"]),
                lambda: booksort.distance_distribution(small_n),
                lambda: booksort.moves(draw(odd)),
                lambda: booksort.apply(books, (draw(odd), draw(odd), draw(odd))),
                lambda: booksort.pack(draw(odd_arrays(many))),
                lambda: booksort.unpack(draw(odd_arrays([[0, 1, 2**63]])), draw(odd)),
            ]
        )
    )


# Pancakes --------------------------------------------------------------------


@st.composite
def pancake_calls(draw: st.DrawFn) -> Callable[[], object]:
    draw = unalarmed(draw)  # some arguments are drawn during the call
    options = {
        "max_moves": maybe(draw, st.one_of(st.none(), st.integers(0, 8))),
        "engine": maybe(
            draw, st.sampled_from(["ida", "astar", "iddfs", "bfs", "bidirectional", "x"])
        ),
        "heuristic": maybe(draw, st.sampled_from(["gap", "gap-lookahead", "y"])),
        "node_limit": maybe(draw, st.integers(0, 5000)),
        "time_limit": draw(seconds),
        "state_limit": maybe(draw, st.one_of(st.none(), st.integers(0, 10**5))),
        **typo(draw),
    }
    stack = shelf(draw)
    many = [shelf(draw) for _ in range(draw(st.integers(0, 4)))]
    batch = {"threads": draw(threads), "arrays": draw(st.one_of(st.booleans(), odd))}
    small_n = draw(st.one_of(st.integers(-1, 8), odd))
    return draw(
        st.sampled_from(
            [
                lambda: pancake.solve(stack, **options),
                lambda: pancake.solve_many(many, **options, **batch),
                lambda: pancake.solve_many(draw(odd_arrays(many)), **options, **batch),
                lambda: pancake.distance(stack if len(stack) <= 9 else stack[:9]),
                lambda: pancake.lower_bound(stack, options["heuristic"]),
                lambda: pancake.distance_distribution(small_n),
                lambda: pancake.apply(stack, draw(odd)),
                lambda: pancake.replay(stack, [draw(odd), draw(odd)]),
                lambda: pancake.is_solved(draw(odd_arrays(many))),
                lambda: pancake.random(draw(odd), seed=draw(odd)),
                lambda: pancake.pack(draw(odd_arrays(many)), n=draw(odd)),
                lambda: pancake.unpack(draw(odd_arrays([[0, 1, 2**63]])), n=draw(odd)),
            ]
        )
    )


# The Rotation Game ----------------------------------------------------------


def board(draw: st.DrawFn) -> list[Any]:
    cells = draw(st.lists(st.integers(1, 3), min_size=24, max_size=24))
    return spoiled(draw, cells) if draw(st.booleans()) else cells


@st.composite
def rotation_calls(draw: st.DrawFn) -> Callable[[], object]:
    draw = unalarmed(draw)  # some arguments are drawn during the call
    engine = maybe(draw, st.sampled_from(["table", "ida", "z"]))
    values = board(draw)
    boards = [board(draw) for _ in range(draw(st.integers(0, 4)))]
    batch = {"threads": draw(threads), "arrays": draw(st.one_of(st.booleans(), odd))}
    extra = typo(draw)
    return draw(
        st.sampled_from(
            [
                lambda: rotation.solve(
                    values,
                    engine=engine,
                    node_limit=maybe(draw, st.integers(0, 10**4)),
                    time_limit=draw(seconds),
                    **extra,
                ),
                lambda: rotation.solve_many(boards, engine=engine, **batch, **extra),
                lambda: rotation.solve_many(draw(odd_arrays(boards)), engine=engine, **batch),
                lambda: rotation.apply(
                    values, draw(st.one_of(st.text("ABCDEFGHI", max_size=2), odd))
                ),
                lambda: rotation.replay(
                    values, draw(st.one_of(st.text("ABCDEFGHI", max_size=6), odd))
                ),
                lambda: rotation.is_solved(values),
                lambda: rotation.centre_table(draw(st.one_of(st.integers(6, 25), odd))),
                lambda: rotation.pack(draw(odd_arrays(boards))),
                lambda: rotation.unpack(draw(odd_arrays([[0, 5, 2**63]]))),
                lambda: rotation.census(draw(odd)),  # arguments only: a census takes minutes
            ]
        )
    )


# Square Destroyer -----------------------------------------------------------


@st.composite
def squares_calls(draw: st.DrawFn) -> Callable[[], object]:
    draw = unalarmed(draw)  # some arguments are drawn during the call
    n = maybe(draw, st.integers(0, draw(st.sampled_from([4, 6, 17]))))
    sticks = 2 * n * (n + 1) if type(n) is int and 1 <= n <= 16 else 40
    removed = spoiled(draw, draw(st.lists(st.integers(1, sticks), max_size=8, unique=True)))
    options = {
        "engine": maybe(draw, st.sampled_from(["exact", "ida", "w"])),
        "heuristic": maybe(draw, st.sampled_from(["packing", "disjoint", "v"])),
        "branching": maybe(draw, st.sampled_from(["fewest", "first", "u"])),
        "dominance": draw(st.one_of(st.booleans(), odd)),
        "max_moves": maybe(draw, st.one_of(st.none(), st.integers(0, 20))),
        "node_limit": maybe(draw, st.integers(0, 5000)),
        "time_limit": draw(seconds),
        **typo(draw),
    }
    cases = [(n, removed)] * draw(st.integers(0, 3))
    batch = {"threads": draw(threads), "arrays": draw(st.one_of(st.booleans(), odd))}
    return draw(
        st.sampled_from(
            [
                lambda: squares.solve(n, removed, **options),
                lambda: squares.solve((n, removed), **options),
                lambda: squares.solve_many(cases, **options, **batch),
                lambda: squares.solve_many(draw(odd_arrays([[0, 1] * 6])), n=n, **batch),
                lambda: squares.distance((n if type(n) is not int or n <= 6 else 6, removed)),
                lambda: squares.lower_bound((n, removed), heuristic=options["heuristic"]),
                lambda: squares.apply((n, removed), draw(odd)),
                lambda: squares.replay((n, removed), removed),
                lambda: squares.is_solved((n, removed)),
                lambda: squares.random(n, seed=draw(odd)),
                lambda: squares.intact(n, removed),
                lambda: squares.destroys(n, removed),
                lambda: squares.square_sticks(n, draw(odd), draw(odd), draw(odd)),
                lambda: squares.stick_count(n),
                lambda: squares.pack(draw(odd_arrays([[0, 1] * 6])), n=n),
                lambda: squares.pack(cases, n=n),
                lambda: squares.unpack(draw(odd_arrays([[0, 1, 2**63]])), n=n),
            ]
        )
    )


# Sliding tiles --------------------------------------------------------------


@st.composite
def sliding_calls(draw: st.DrawFn) -> Callable[[], object]:
    draw = unalarmed(draw)  # some arguments are drawn during the call
    width = maybe(draw, st.integers(1, 6))
    height = maybe(draw, st.integers(1, 6))
    cells = width * height if all(type(v) is int and 0 < v < 7 for v in (width, height)) else 9
    tiles = draw(st.permutations(list(range(cells))))
    tiles = spoiled(draw, tiles) if draw(st.booleans()) else tiles
    small = cells <= 9
    heuristics = ["manhattan", "linear-conflict", "pdb", "q"] if small else ["manhattan", "q"]
    options = {
        "width": width,
        "height": height,
        "goal": maybe(draw, st.sampled_from(["blank-last", "blank-first", "p"])),
        "heuristic": maybe(draw, st.sampled_from(heuristics))
        if small
        else draw(st.sampled_from(heuristics)),
        "engine": maybe(
            draw,
            st.sampled_from(["ida-tiles", "ida", "astar", "iddfs", "bfs", "bidirectional", "o"]),
        ),
        "max_moves": maybe(draw, st.one_of(st.none(), st.integers(0, 30))),
        "node_limit": draw(st.integers(0, 5000))
        if not small
        else maybe(draw, st.integers(0, 5000)),
        "time_limit": draw(seconds),
        "state_limit": maybe(draw, st.one_of(st.none(), st.integers(0, 10**5))),
        **typo(draw),
    }
    size = {"width": width, "height": height}
    batch = {"threads": draw(threads), "arrays": draw(st.one_of(st.booleans(), odd))}
    boards = [tiles] * draw(st.integers(0, 3))
    pattern = draw(st.lists(st.one_of(st.integers(-1, cells), odd), max_size=4))
    return draw(
        st.sampled_from(
            [
                lambda: sliding.solve(tiles, **options),
                lambda: sliding.solve(
                    tiles, patterns=draw(st.one_of(names, st.just([pattern]))), **options
                ),
                lambda: sliding.solve_many(boards, **options, **batch),
                lambda: sliding.solve_many(draw(odd_arrays(boards)), **options, **batch),
                lambda: sliding.distance(tiles, **size) if small else None,
                lambda: sliding.lower_bound(
                    tiles, **size, heuristic=draw(st.sampled_from(heuristics))
                ),
                lambda: sliding.is_solvable(tiles, **size, goal=options["goal"]),
                lambda: sliding.apply(
                    tiles, draw(st.one_of(st.text("UDLRX", max_size=8), odd)), **size
                ),
                lambda: sliding.replay(
                    tiles,
                    draw(st.lists(st.one_of(st.sampled_from("UDLR"), odd), max_size=5)),
                    **size,
                ),
                lambda: sliding.partition(draw(names), **size),
                lambda: sliding.goal_tiles(draw(st.one_of(odd, st.just(tiles))), **size),
                lambda: sliding.distance_distribution(
                    draw(st.one_of(st.integers(1, 3), odd)), draw(st.one_of(st.integers(1, 3), odd))
                ),
                lambda: (
                    sliding.pattern_database(pattern, **size)
                    if small
                    else sliding.pattern_database(draw(odd), **size)
                ),
                lambda: sliding.rank(pattern, draw(odd)),
                lambda: sliding.cache_dir(draw(odd)),
                lambda: sliding.pack(draw(odd_arrays(boards)), **size),
                lambda: sliding.unpack(draw(odd_arrays([[0, 1, 2**63]])), **size),
            ]
        )
    )


@st.composite
def fifteen_calls(draw: st.DrawFn) -> Callable[[], object]:
    draw = unalarmed(draw)  # some arguments are drawn during the call
    tiles = draw(st.permutations(list(range(16))))
    tiles = spoiled(draw, tiles) if draw(st.booleans()) else tiles
    # Pattern databases of the 4 x 4 board take seconds to build: Manhattan.
    options = {"heuristic": draw(st.sampled_from(["manhattan", "linear-conflict", "q"])),
               "node_limit": draw(st.integers(0, 3000)), **typo(draw)}  # fmt: skip
    return draw(
        st.sampled_from(
            [
                lambda: fifteen.solve(tiles, **options),
                lambda: fifteen.solve_many([tiles], threads=draw(threads), **options),
                lambda: fifteen.distance(tiles, **options),
                lambda: fifteen.lower_bound(tiles, **options),
                lambda: fifteen.is_solvable(tiles, draw(st.one_of(odd, st.just("blank-first")))),
                lambda: fifteen.apply(tiles, draw(st.one_of(st.text("UDLR", max_size=8), odd))),
                lambda: fifteen.partition(draw(names)),
                lambda: fifteen.pack(draw(odd_arrays([tiles]))),
                lambda: fifteen.unpack(draw(odd_arrays([[0, 1, 2**63]]))),
                lambda: fifteen.pattern_database(draw(odd)),
            ]
        )
    )


# Your own problems ----------------------------------------------------------


def odd_callback(draw: st.DrawFn, normal: Callable[[Any], Any], depth: int = 0) -> Any:
    """``normal``, or a callable that misbehaves in one of many ways."""
    kind = draw(st.integers(0, 9))
    if kind < 4:
        return normal
    if kind == 4:
        value = draw(odd)
        return lambda state: value

    if kind == 5:

        def raises(state: Any) -> Any:
            raise CallbackError(state)

        return raises
    if kind == 6:

        def slow(state: Any) -> Any:
            time.sleep(0.001)
            return normal(state)

        return slow
    if kind == 7 and depth == 0:
        inner = draw(search_calls(depth=1))

        def searches_in_turn(state: Any) -> Any:
            inner()
            return normal(state)

        return searches_in_turn
    if kind == 8:

        def endless(state: Any) -> Iterator[tuple[int, int]]:
            while True:
                yield state + 1, 1

        return endless
    return draw(odd)  # not callable at all


@st.composite
def search_calls(draw: st.DrawFn, depth: int = 0) -> Callable[[], object]:
    draw = unalarmed(draw)  # some arguments are drawn during the call
    width = draw(st.integers(1, 4))

    def steps(n: Any) -> list[tuple[Any, int]]:
        return [(n + k, k) for k in range(1, width + 1)] if isinstance(n, int) else []

    start = draw(st.one_of(st.integers(-3, 3), odd)) if draw(st.integers(0, 4)) == 0 else 0
    goal = draw(st.integers(0, 12))
    successors = odd_callback(draw, steps, depth)
    heuristic = odd_callback(draw, lambda n: 0, depth)
    is_goal = odd_callback(draw, lambda n: n == goal, depth)
    limits_ = {
        "max_cost": maybe(draw, st.one_of(st.none(), st.integers(0, 20))),
        "node_limit": maybe(draw, st.integers(0, 3000)),
        "time_limit": draw(st.one_of(st.floats(0, 0.05), odd)),
        **typo(draw),
    }
    stored = {"state_limit": maybe(draw, st.one_of(st.none(), st.integers(0, 10**4)))}
    goal_state = draw(st.one_of(st.just(goal), odd))
    return draw(  # type: ignore[no-any-return]
        st.sampled_from(
            [
                lambda: search.ida_star(start, successors, heuristic, is_goal, **limits_),
                lambda: search.astar(start, successors, heuristic, is_goal, **limits_, **stored),
                lambda: search.iddfs(start, successors, is_goal, **limits_),
                lambda: search.bfs(start, successors, is_goal, **limits_, **stored),
                lambda: search.bidirectional_bfs(
                    start, goal_state, successors, **limits_, **stored
                ),
                lambda: search.bidirectional_bfs(
                    start, goal_state, successors, odd_callback(draw, steps, depth), **limits_
                ),
            ]
        )
    )


@pytest.mark.parametrize(
    "calls",
    [
        booksort_calls,
        pancake_calls,
        rotation_calls,
        squares_calls,
        sliding_calls,
        fifteen_calls,
        search_calls,
    ],
    ids=["booksort", "pancake", "rotation", "squares", "sliding", "fifteen", "search"],
)
def test_odd_calls_raise_only_value_or_type_errors(
    calls: Callable[[], st.SearchStrategy[Callable[[], object]]],
) -> None:
    @FUZZ
    @given(calls())
    def check(call: Callable[[], object]) -> None:
        well_behaved(call)

    check()


def test_the_alarm_catches_a_call_that_does_not_stop() -> None:
    # The harness itself: a call that ignores the signal for too long fails.
    def stubborn() -> None:
        deadline = time.monotonic() + ALARM_SECONDS + STOP_SECONDS + 0.2
        rang = False
        while time.monotonic() < deadline:
            try:
                time.sleep(0.01)
            except TooSlow:
                # Ignored for longer than the harness allows from the first
                # ring, however late a loaded machine ran the handler.
                if not rang:
                    rang = True
                    deadline = time.monotonic() + STOP_SECONDS + 0.2

    with pytest.raises(AssertionError, match="to stop on the signal"):
        well_behaved(stubborn)
    with pytest.raises(ZeroDivisionError):
        well_behaved(lambda: 1 / 0)


def test_the_alarm_spares_draws_made_during_the_call() -> None:
    # A draw that outlasts the alarm (hypothesis building its character
    # tables, say) finishes; the alarm rings once it has.
    finished: list[bool] = []

    def slow_draw(strategy: object, label: object = None) -> int:
        time.sleep(ALARM_SECONDS + 0.2)
        finished.append(True)
        return 1

    well_behaved(lambda: unalarmed(slow_draw)(st.just(1)))
    assert finished == [True]
    well_behaved(lambda: slow_draw(st.just(1)))  # drawn otherwise, it is cut short
    assert finished == [True]


def test_the_alarm_spares_the_test_machinery() -> None:
    # Code of hypothesis's (its garbage-collector callback, say) is never
    # interrupted: the alarm rings again a moment later, outside it.
    source = (
        "import time\n"
        "def busy(seconds):\n"
        "    end = time.monotonic() + seconds\n"
        "    while time.monotonic() < end:\n"
        "        pass\n"
        "    return True\n"
    )
    machinery: dict[str, Any] = {}
    filename = os.path.join(os.path.dirname(hypothesis.__file__), "busy.py")
    exec(compile(source, filename, "exec"), machinery)
    done: list[bool] = []
    well_behaved(lambda: done.append(machinery["busy"](ALARM_SECONDS + 0.2)))
    assert done == [True]
    ours: dict[str, Any] = {}
    exec(compile(source, __file__, "exec"), ours)
    well_behaved(lambda: done.append(ours["busy"](ALARM_SECONDS + 0.2)))
    assert done == [True]  # interrupted
