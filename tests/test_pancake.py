"""Pancake sorting: the pure-Python reference checked against itself.

IDA* with each heuristic against breadth-first search (which involves no
heuristic), every returned path replayed, each bound against the exact
distance, and the whole-space counts against OEIS A092113 (whose last
index is the pancake number, OEIS A058986).
"""

from __future__ import annotations

import itertools
import math
import random
import re

import pytest

from idastar.reference.puzzles import pancake as reference

# OEIS A058986, n = 1..17: the most flips a stack of n can need.
PANCAKE_NUMBERS = [0, 1, 3, 4, 5, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19]

# OEIS A092113, n = 1..7: stacks of n pancakes by the flips they need.
A092113 = {
    1: [1],
    2: [1, 1],
    3: [1, 2, 2, 1],
    4: [1, 3, 6, 11, 3],
    5: [1, 4, 12, 35, 48, 20],
    6: [1, 5, 20, 79, 199, 281, 133, 2],
    7: [1, 6, 30, 149, 543, 1357, 1903, 1016, 35],
}


def every_stack(n: int) -> list[tuple[int, ...]]:
    return list(itertools.permutations(range(1, n + 1)))


def exact_distances(n: int) -> dict[tuple[int, ...], int]:
    """Every stack of ``n`` with its distance, by a breadth-first search written
    here, on lists, apart from the reference's engines."""
    sorted_stack = tuple(range(1, n + 1))
    distances = {sorted_stack: 0}
    frontier = [sorted_stack]
    while frontier:
        next_frontier = []
        for stack in frontier:
            for k in range(2, n + 1):
                child = tuple(reversed(stack[:k])) + stack[k:]
                if child not in distances:
                    distances[child] = distances[stack] + 1
                    next_frontier.append(child)
        frontier = next_frontier
    return distances


# --- the reference on its own -----------------------------------------------


@pytest.mark.parametrize("n", range(1, 8))
def test_reference_distribution_matches_oeis(n: int) -> None:
    layers = reference.distance_distribution(n)
    assert layers == A092113[n]
    assert len(layers) - 1 == PANCAKE_NUMBERS[n - 1]


@pytest.mark.parametrize("n", range(1, 7))
def test_reference_bounds_never_exceed_the_distance(n: int) -> None:
    raised = 0
    for stack, distance in exact_distances(n).items():
        gaps = reference.gaps(stack)
        lookahead = reference.lower_bound(stack, heuristic="gap-lookahead")
        assert reference.lower_bound(stack, heuristic="gap") == gaps
        assert gaps <= lookahead <= distance, stack
        assert (gaps == 0) == reference.is_sorted(stack), stack
        raised += lookahead > gaps
    assert raised > 0 or n < 3, "the lookahead never helps"


@pytest.mark.parametrize("heuristic", reference.HEURISTICS)
@pytest.mark.parametrize("n", range(1, 6))
def test_reference_ida_star_matches_breadth_first_search_on_every_stack(
    n: int, heuristic: str
) -> None:
    for stack in every_stack(n):
        solution = reference.solve(stack, heuristic=heuristic)
        cost, path = solution.cost, list(solution.path)
        assert cost == reference.distance(stack), stack
        assert len(path) == cost
        assert reference.is_sorted(reference.replay(stack, path)), (stack, path)


@pytest.mark.parametrize("heuristic", reference.HEURISTICS)
def test_reference_ida_star_matches_breadth_first_search_on_random_stacks(heuristic: str) -> None:
    rng = random.Random(7)
    for n in (6, 7):
        distances = exact_distances(n)
        for _ in range(15):
            stack = tuple(rng.sample(range(1, n + 1), n))
            solution = reference.solve(stack, heuristic=heuristic)
            cost, path = solution.cost, list(solution.path)
            assert cost == distances[stack] == reference.distance(stack), stack
            assert reference.is_sorted(reference.replay(stack, path)), (stack, path)


def test_reference_max_moves_below_the_optimum_finds_nothing() -> None:
    stack = (1, 3, 2)  # three flips
    capped = reference.solve(stack, max_moves=2)
    assert (capped.cost, capped.path) == (None, ())
    solution = reference.solve(stack, max_moves=3)
    cost, path = solution.cost, list(solution.path)
    assert cost == 3
    assert reference.is_sorted(reference.replay(stack, path))


def test_reference_flip_is_its_own_inverse() -> None:
    stack = (3, 1, 2, 6, 5, 4)
    assert reference.flip(stack, 3) == (2, 1, 3, 6, 5, 4)
    for k in reference.flips(6):
        assert reference.flip(reference.flip(stack, k), k) == stack


@pytest.mark.parametrize(
    ("stack", "message"),
    [
        ([1, 2, 9, 3, 4, 5], "pancake 9 at position 3 is out of range 1 to 6"),
        ([1, 2, 3, 2, 4, 5], "pancake 2 appears twice; a stack is a permutation of 1..6"),
        ([], "a stack needs at least 1 pancake, got 0"),
        ([1, True], "pancake True at position 2 is not an integer"),
    ],
)
def test_reference_bad_stacks_say_what_is_wrong(stack: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        reference.solve(stack)


@pytest.mark.parametrize("k", [0, 1, 7, "2"])
def test_reference_flips_that_do_not_fit_are_refused(k: object) -> None:
    with pytest.raises(ValueError, match=r"^flip .* does not fit a stack of 6 pancakes"):
        reference.flip([1, 2, 3, 4, 5, 6], k)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^flip 2 does not fit a stack of one pancake"):
        reference.flip([1], 2)


def test_reference_unknown_heuristic_names_the_option() -> None:
    with pytest.raises(ValueError, match=r"^heuristic: unknown pancake heuristic 'gaps'"):
        reference.lower_bound([2, 1], heuristic="gaps")


# --- the fast module against the reference ----------------------------------

from conftest import run_cli  # noqa: E402

from idastar import InvalidPuzzle, pancake  # noqa: E402


@pytest.mark.parametrize("n", range(1, 11))
def test_the_core_reproduces_the_pancake_numbers(n: int) -> None:
    counts = pancake.distance_distribution(n)
    assert sum(counts) == math.factorial(n)
    assert len(counts) - 1 == PANCAKE_NUMBERS[n - 1]
    if n in A092113:
        assert counts == A092113[n]


@pytest.mark.parametrize("heuristic", pancake.HEURISTICS)
def test_the_core_agrees_with_the_reference_on_random_stacks(heuristic: str) -> None:
    rng = random.Random(11)
    for n in (1, 2, 5, 8, 9):
        for _ in range(6):
            stack = tuple(rng.sample(range(1, n + 1), n))
            solution = pancake.solve(stack, heuristic=heuristic)  # type: ignore[arg-type]
            assert solution.cost == reference.solve(stack, heuristic=heuristic).cost, stack
            assert pancake.replay(stack, solution.path) == tuple(range(1, n + 1))
            assert pancake.lower_bound(stack, heuristic) == reference.lower_bound(  # type: ignore[arg-type]
                stack, heuristic=heuristic
            )


def test_random_stacks_of_forty_solve_and_replay() -> None:
    for seed in range(5):
        stack = pancake.random(40, seed=seed)
        solution = pancake.solve(stack, node_limit=10**7)
        assert solution.solved and solution.cost is not None
        assert len(solution.path) == solution.cost >= pancake.lower_bound(stack)
        assert pancake.is_solved(pancake.replay(stack, solution.path))


def test_bad_stacks_name_the_pancake() -> None:
    with pytest.raises(InvalidPuzzle, match=r"pancake 4 at position 2 is out of range 1 to 3"):
        pancake.solve([1, 4, 2])
    with pytest.raises(InvalidPuzzle, match="pancake 2 appears twice"):
        pancake.solve([2, 2, 1])
    with pytest.raises(InvalidPuzzle, match=r"cases\[1\]: "):
        pancake.solve_many([[1], [0]])
    with pytest.raises(InvalidPuzzle, match="flip"):
        pancake.apply([2, 1], 3)


def test_the_command_answers_and_names_a_bad_case() -> None:
    done = run_cli("pancake", "--path", stdin="2\n3\n3 1 2\n5\n5 4 3 2 1\n")
    assert (done.returncode, done.stdout) == (0, "2\n3 2\n1\n5\n")
    done = run_cli("pancake", stdin="2\n3\n3 1 2\n3\n1 1 2\n")
    assert done.returncode == 2
    assert done.stdout == "2\n"
    # The command and the API word the same mistake alike.
    message = (
        "pancake 1 appears twice (positions 1 and 2); the pancakes must be a permutation of 1..3"
    )
    assert f"case 2, line 5: {message}" in done.stderr
    with pytest.raises(InvalidPuzzle) as caught:
        pancake.solve([1, 1, 2])
    assert str(caught.value) == message
