"""Plots (``idastar[plot]``): Stats.plot, plots.compare_heuristics and ``--plot``.

Everything is drawn with the Agg backend into PNG bytes and checked twice:
the image is a real, non-blank PNG, and the axes hold exactly the data of
the searches (one point per iteration, one per case and heuristic).
"""

from __future__ import annotations

import importlib.util
import io
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import run_main

import idastar
from idastar import booksort, pancake, rotation, sliding, squares
from idastar.commands import PUZZLES as COMMANDS
from idastar.commands import sample_text

HAS_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None
needs_matplotlib = pytest.mark.skipif(
    not HAS_MATPLOTLIB, reason='matplotlib is not installed: pip install "idastar[plot]"'
)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
INSTALL_HINT = 'pip install "idastar[plot]"'

#: An 8-puzzle board whose Manhattan search takes several iterations.
BOARD = sliding.random(width=3, height=3, seed=7)


@pytest.fixture(autouse=True)
def agg_backend() -> Any:
    """The Agg backend (no display), and every figure closed after each test."""
    if not HAS_MATPLOTLIB:
        yield
        return
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    yield
    pyplot.close("all")


def png_bytes(figure: Any) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def assert_real_png(data: bytes) -> None:
    """A PNG of some size whose pixels are not all one colour."""
    from matplotlib import image

    assert data.startswith(PNG_SIGNATURE)
    assert len(data) > 10_000
    pixels = image.imread(io.BytesIO(data), format="png")
    assert pixels.shape[0] > 200 and pixels.shape[1] > 300
    assert len({tuple(p) for p in pixels.reshape(-1, pixels.shape[-1])[::97]}) > 10


# ---------------------------------------------------------------- Stats.plot


@needs_matplotlib
def test_stats_plot_draws_each_iteration_on_a_log_scale() -> None:
    stats = sliding.solve(BOARD, heuristic="manhattan").stats
    assert len(stats.iterations) >= 3  # a board that shows the bound growing
    ax = stats.plot()
    expanded, generated = ax.get_lines()
    bounds = [it.bound for it in stats.iterations]
    assert list(expanded.get_xdata()) == bounds
    assert list(expanded.get_ydata()) == [it.expanded for it in stats.iterations]
    assert list(generated.get_xdata()) == bounds
    assert list(generated.get_ydata()) == [it.generated for it in stats.iterations]
    assert ax.get_yscale() == "log"
    assert "bound" in ax.get_xlabel() and "nodes" in ax.get_ylabel()
    assert ax.get_title()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["expanded", "generated"]
    # Told apart without colour: line style and marker fill differ.
    assert expanded.get_linestyle() != generated.get_linestyle()
    assert_real_png(png_bytes(ax.figure))


@needs_matplotlib
def test_searches_drawn_on_one_axes_differ_in_colour_and_marker() -> None:
    from matplotlib import pyplot

    _, ax = pyplot.subplots()
    heuristics = ["manhattan", "linear-conflict", "pdb"]
    for heuristic in heuristics:
        assert sliding.solve(BOARD, heuristic=heuristic).stats.plot(ax, label=heuristic) is ax
    lines = ax.get_lines()
    assert len(lines) == 2 * len(heuristics)
    expanded = lines[::2]
    assert len({line.get_color() for line in expanded}) == len(heuristics)
    assert len({line.get_marker() for line in expanded}) == len(heuristics)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        f"{h}: {series}" for h in heuristics for series in ("expanded", "generated")
    ]
    assert_real_png(png_bytes(ax.figure))


@needs_matplotlib
@pytest.mark.parametrize("engine", sliding.ENGINES)
def test_every_engine_plots_its_iterations(engine: str) -> None:
    # A*'s entries are its rises of f, breadth-first ones their layers.
    stats = sliding.solve(BOARD, engine=engine, heuristic="manhattan").stats
    ax = stats.plot()
    assert [len(line.get_xdata()) for line in ax.get_lines()] == [len(stats.iterations)] * 2
    assert_real_png(png_bytes(ax.figure))


@needs_matplotlib
@pytest.mark.parametrize(
    ("module", "case", "options"),
    [
        (booksort, booksort.random(11, seed=3), {}),
        (pancake, pancake.random(10, seed=3), {}),
        (rotation, rotation.random(seed=3), {"engine": "ida"}),
        (squares, squares.Case(6), {}),  # branch and bound: its bounds fall
    ],
    ids=["booksort", "pancake", "rotation", "squares"],
)
def test_every_puzzle_plots(module: Any, case: Any, options: dict[str, Any]) -> None:
    stats = module.solve(case, **options).stats
    ax = stats.plot()
    assert list(ax.get_lines()[0].get_ydata()) == [it.expanded for it in stats.iterations]
    assert_real_png(png_bytes(ax.figure))


@needs_matplotlib
def test_statistics_without_iterations_are_refused_with_the_reason() -> None:
    batch = sliding.solve_many([BOARD], arrays=True)
    with pytest.raises(ValueError, match="no iterations"):
        batch.solution(0).stats.plot()


# ------------------------------------------------------- compare_heuristics


def random_cases(name: str) -> tuple[list[Any], dict[str, Any]]:
    """A few quick cases of each puzzle, and the options they need."""
    seeds = range(4)
    if name == "booksort":
        return [booksort.random(9, seed=s) for s in seeds], {}
    if name == "pancake":
        return [pancake.random(9, seed=s) for s in seeds], {}
    if name == "rotation":  # the table engine would not use the heuristic
        return [rotation.random(seed=s) for s in seeds], {"engine": "ida"}
    if name == "squares":
        return [squares.Case(n) for n in (3, 4, 5)], {}
    if name == "fifteen":
        board = (1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15)
        return [board, sliding.apply(board, "L")], {}
    return [sliding.random(width=3, height=3, seed=s) for s in seeds], {}


@needs_matplotlib
@pytest.mark.parametrize("name", idastar.PUZZLES)
def test_compare_heuristics_measures_what_solve_does(name: str) -> None:
    module = idastar.puzzle(name)
    assert len(module.HEURISTICS) > 1
    cases, options = random_cases(name)
    figure, table, preparation = plots().compare_heuristics(name, cases, **options)
    assert [(row.heuristic, row.case) for row in table] == [
        (h, index) for h in module.HEURISTICS for index in range(len(cases))
    ]
    for row in table:
        direct = module.solve(cases[row.case], heuristic=row.heuristic, **options)
        assert (row.outcome, row.cost, row.expanded, row.generated) == (
            direct.outcome,
            direct.cost,
            direct.expanded,
            direct.generated,
        )
        assert row.stats.iterations == direct.stats.iterations
        assert row.seconds == row.stats.elapsed > 0
    assert list(preparation) == list(module.HEURISTICS)
    assert_drawn(figure, module.HEURISTICS, table)


def assert_drawn(figure: Any, labels: Any, table: list[Any]) -> None:
    """Two log-scale axes, nodes and seconds, with one point per case and heuristic."""
    nodes, seconds = figure.get_axes()
    for ax, field in ((nodes, "expanded"), (seconds, "seconds")):
        assert ax.get_yscale() == "log"
        points = [line for line in ax.get_lines() if line.get_linestyle() == "None"]
        assert [line.get_label() for line in points] == list(labels)
        for label, line in zip(labels, points, strict=True):
            want = [getattr(row, field) for row in table if row.heuristic == label]
            assert list(line.get_ydata()) == want
        ticks = [t.get_text().split("\n")[0] for t in ax.get_xticklabels()]
        assert ticks == list(labels)
    assert len({line.get_color() for line in points}) == len(labels)
    assert_real_png(png_bytes(figure))


def plots() -> Any:
    from idastar import plots

    return plots


@needs_matplotlib
def test_each_pattern_partition_is_a_variant_of_its_own() -> None:
    cases = [sliding.random(width=3, height=3, seed=s) for s in range(3)]
    options = {
        "manhattan": {"heuristic": "manhattan"},
        "pdb 4-4": {"heuristic": "pdb", "patterns": "4-4"},
        "pdb 2-2-2-2": {"heuristic": "pdb", "patterns": "2-2-2-2", "reflect": False},
    }
    variants = [
        "manhattan",
        *((label, own) for label, own in options.items() if label != "manhattan"),
    ]
    comparison = plots().compare_heuristics(sliding, cases, variants, threads=1)
    labels = list(options)
    for row in comparison.table:
        assert row.expanded == sliding.solve(cases[row.case], **options[row.heuristic]).expanded
    totals = comparison.totals()
    assert list(totals) == labels
    assert all(total.solved == total.cases == 3 for total in totals.values())
    # Each partition reached the search: the larger patterns expand fewer nodes.
    assert (
        totals["pdb 4-4"].expanded < totals["pdb 2-2-2-2"].expanded < totals["manhattan"].expanded
    )
    assert totals["pdb 4-4"].expanded == sum(
        row.expanded for row in comparison.table if row.heuristic == "pdb 4-4"
    )
    assert_drawn(comparison.figure, labels, comparison.table)


@needs_matplotlib
def test_cases_a_limit_stopped_are_counted_under_their_heuristic() -> None:
    cases = [sliding.random(width=3, height=3, seed=s) for s in range(3)]
    comparison = plots().compare_heuristics("sliding", cases, ["manhattan", "pdb"], node_limit=5)
    stopped = [row for row in comparison.table if row.outcome is idastar.Outcome.NODE_LIMIT]
    assert stopped
    ticks = [t.get_text() for t in comparison.figure.get_axes()[0].get_xticklabels()]
    for label, tick in zip(["manhattan", "pdb"], ticks, strict=True):
        count = sum(row.heuristic == label for row in stopped)
        assert tick == (f"{label}\n({count} unsolved)" if count else label)


@needs_matplotlib
@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        (("nopuzzle", [BOARD]), ValueError, "unknown puzzle"),
        ((42, [BOARD]), TypeError, "puzzle must be"),
        (("sliding", []), ValueError, "at least one case"),
        (("sliding", [BOARD], []), ValueError, "at least one heuristic"),
        (("sliding", [BOARD], "manhattan"), TypeError, "the string"),
        (("sliding", [BOARD], ["manhattan", "manhattan"]), ValueError, "repeated: manhattan"),
        (("sliding", [BOARD], [("pdb", "5-5-5")]), TypeError, "a name or a"),
        (("sliding", [BOARD], ["nosuch"]), ValueError, "heuristic"),
        (("sliding", [[1, 1, 2, 3]]), idastar.InvalidPuzzle, "appears twice"),
    ],
)
def test_compare_heuristics_refuses_bad_arguments(
    arguments: tuple[Any, ...], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        plots().compare_heuristics(*arguments)


@needs_matplotlib
def test_a_comparison_stops_on_ctrl_c() -> None:
    from conftest import seconds_to_stop_on_ctrl_c

    eighty_moves = [15, 14, 8, 12, 10, 11, 9, 13, 2, 6, 5, 1, 3, 7, 4, 0]
    seconds = seconds_to_stop_on_ctrl_c(
        f"plots.compare_heuristics('fifteen', [{eighty_moves!r}], ['manhattan', 'linear-conflict'],"
        " goal='blank-first')",
        setup="import matplotlib; matplotlib.use('Agg'); from idastar import plots",
    )
    assert seconds < 0.5


# ------------------------------------------------------ without matplotlib


@pytest.fixture
def no_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """matplotlib as if it were not installed: importing it fails."""
    for name in [n for n in sys.modules if n == "matplotlib" or n.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "matplotlib", None)


def test_without_matplotlib_plots_say_how_to_install_it(no_matplotlib: None) -> None:
    stats = sliding.solve(BOARD).stats
    with pytest.raises(ImportError, match=re.escape(INSTALL_HINT)):
        stats.plot()
    with pytest.raises(ImportError, match=re.escape(INSTALL_HINT)):
        plots().compare_heuristics("sliding", [BOARD])


def test_without_matplotlib_the_command_says_so_before_solving(
    no_matplotlib: None, tmp_path: Path
) -> None:
    out = tmp_path / "plot.png"
    status, stdout, stderr = run_main("booksort", "--plot", str(out), stdin="1\n3\n3 1 2\n")
    assert (status, stdout) == (2, "")
    assert stderr.count("\n") == 1 and INSTALL_HINT in stderr
    assert not out.exists()


def test_the_package_imports_no_matplotlib_until_a_plot_is_drawn() -> None:
    from conftest import run_child

    code = (
        "import sys, idastar, idastar.plots, idastar.cli\n"
        "from idastar import sliding\n"
        "sliding.solve([1, 2, 3, 0]).stats\n"
        "result = 'matplotlib' in sys.modules"
    )
    assert run_child(code)[0] is False


# ------------------------------------------------------------------ the CLI


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The statistics ``plot_stats`` is asked to draw, as they come."""
    seen: list[Any] = []
    real = plots().plot_stats

    def recording(stats: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(stats)
        return real(stats, *args, **kwargs)

    monkeypatch.setattr(plots(), "plot_stats", recording)
    return seen


@needs_matplotlib
@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_writes_the_plot_of_its_first_case(
    name: str, tmp_path: Path, drawn: list[Any]
) -> None:
    source = tmp_path / f"{name}.in"
    source.write_text(sample_text(name, "in"))
    out = tmp_path / "plot.png"
    status, stdout, stderr = run_main(name, "--plot", str(out), str(source))
    assert status == 0, stderr
    assert stdout == run_main(name, str(source))[1]  # the answers as without --plot
    assert "total:" in stderr  # --plot implies --stats
    assert_real_png(out.read_bytes())
    assert len(drawn) == 1
    first = re.search(r"^\S[^\n]*:\n((?:  [^\n]*\n)+)", stderr, re.M)
    assert first is not None
    assert drawn[0].format().splitlines() == [line.strip() for line in first.group(1).splitlines()]


@needs_matplotlib
def test_the_plot_outlives_a_bad_case_after_it(tmp_path: Path) -> None:
    out = tmp_path / "plot.png"
    status, stdout, stderr = run_main("booksort", "--plot", str(out), stdin="2\n3\n3 1 2\n2\n1 1\n")
    assert (status, stdout) == (2, "1\n")
    assert "case 2" in stderr
    assert_real_png(out.read_bytes())


@needs_matplotlib
def test_the_plot_goes_to_the_path_given_png_without_a_suffix(tmp_path: Path) -> None:
    out = tmp_path / "plot"
    assert run_main("booksort", "--plot", str(out), stdin="1\n3\n3 1 2\n")[0] == 0
    assert sorted(tmp_path.iterdir()) == [out]
    assert_real_png(out.read_bytes())


@needs_matplotlib
@pytest.mark.parametrize(
    ("path", "stdin", "message", "answers"),
    [
        ("{tmp}/no/such/dir/plot.png", "1\n3\n3 1 2\n", "no directory", ""),
        ("{tmp}/plot.nosuchformat", "1\n3\n3 1 2\n", "unknown image format 'nosuchformat'", ""),
        ("{tmp}/plot.png", "0\n", "no case 1 to plot", ""),
        ("{tmp}", "1\n3\n3 1 2\n", "cannot write", "1\n"),  # a directory
    ],
)
def test_a_plot_that_cannot_be_written_is_one_line_and_status_2(
    path: str, stdin: str, message: str, answers: str, tmp_path: Path
) -> None:
    status, stdout, stderr = run_main("booksort", "--plot", path.format(tmp=tmp_path), stdin=stdin)
    assert (status, stdout) == (2, answers)
    # One line, the last (after the statistics of the cases answered).
    errors = [line for line in stderr.splitlines() if line.startswith("idastar booksort: ")]
    assert errors == stderr.splitlines()[-1:] and message in errors[0], stderr


def test_help_says_which_case_is_plotted() -> None:
    status, stdout, _ = run_main("fifteen", "--help")
    assert status == 0
    assert "--plot OUT.png" in stdout and "--case K" in stdout and INSTALL_HINT in stdout


@needs_matplotlib
def test_case_picks_the_case_plotted(tmp_path: Path, drawn: list[Any]) -> None:
    out = tmp_path / "plot.png"
    shelves = "3\n3\n3 1 2\n4\n4 3 2 1\n2\n1 2\n"
    status, _, stderr = run_main("booksort", "--plot", str(out), "--case", "2", stdin=shelves)
    assert status == 0, stderr
    assert_real_png(out.read_bytes())
    second = re.findall(r"^\S[^\n]*:\n((?:  [^\n]*\n)+)", stderr, re.M)[1]
    assert [drawn[0].format().splitlines()] == [[line.strip() for line in second.splitlines()]]


# ---------------------------------------------------------------- the docs


@needs_matplotlib
def test_module_examples() -> None:
    import doctest

    failures, tried = doctest.testmod(plots(), optionflags=doctest.ELLIPSIS)
    assert tried > 0
    assert failures == 0
