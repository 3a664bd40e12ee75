"""Batches reuse their thread pools and start no more threads than cores.

A batch on ``threads=1024`` used to build a new pool of 1,024 threads for
every call (the command line makes one call per chunk of 256 cases), and
1,024 idle workers looking for work at one another made 5,000 Booksort
cases take 18 s instead of 0.2 s on two cores.
"""

from __future__ import annotations

import os

import pytest

from idastar import _core, booksort, rotation


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


CASES = [[2, 1, 3, 4], [4, 3, 2, 1], [1, 2, 3, 4]] * 20


@pytest.mark.skipif(cores() < 2, reason="one core: every batch runs on the global pool")
def test_a_pool_is_built_once_for_each_size_and_reused() -> None:
    built, _ = _core._thread_pools()
    for _ in range(5):
        booksort.solve_many(CASES, threads=1)
        rotation.solve_many([[1] * 24], threads=1)
    now, kept = _core._thread_pools()
    assert now - built <= 1
    assert 1 in kept


def test_no_pool_has_more_threads_than_cores() -> None:
    expected = [r.cost for r in booksort.solve_many(CASES, threads=1)]
    for threads in (_core.MAX_THREADS, 512, cores() + 1, cores()):
        assert [r.cost for r in booksort.solve_many(CASES, threads=threads)] == expected
    _, kept = _core._thread_pools()
    assert all(size < cores() for size in kept), kept
    assert len(kept) <= 4


@pytest.mark.skipif(cores() < 2, reason="one core: every batch runs on the global pool")
def test_a_call_made_while_another_runs_has_a_pool_of_its_own() -> None:
    # A Dask worker runs several tasks at once, each a batch on one thread:
    # they must not queue on one shared pool of one thread.
    shelves = [booksort.random(11, seed=seed) for seed in range(3_000)]
    inner: list[tuple[int, int]] = []

    def answered(found: list[tuple[int, object]]) -> None:
        # Called on the calling thread while the batch's pool still works
        # (the first answers come long before the last).
        if not inner:
            before, _ = _core._thread_pools()
            booksort.solve_many(CASES, threads=1)
            after, _ = _core._thread_pools()
            inner.append((before, after))

    booksort.PUZZLE.solve_found(shelves, {}, 1, answered)
    assert inner, "no answers came while the batch ran"
    before, after = inner[0]
    assert after == before + 1, "the inner call shared the running call's pool"
