"""Tables cached on disk: only a sound regular file is ever used.

Whatever else sits in a cache file's place (a FIFO, a directory, a socket,
a link to a device, a damaged file of any size) is treated as no file: the
table is rebuilt, at no more cost in time or memory than a first run, and
stored over it where that can be done atomically. Each run is a fresh
interpreter, since a process keeps the tables it has loaded.
"""

from __future__ import annotations

import errno
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import run_child, run_cli
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import idastar
from idastar import CacheWarning, fifteen, sliding

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="FIFOs, sockets and /dev/zero are Unix's"
)

BOARD = [1, 1, 1, 1, 3, 2, 3, 2, 3, 1, 3, 2, 2, 3, 1, 2, 2, 2, 3, 1, 2, 1, 3, 3]
FIFTEEN = [1, 2, 3, 4, 6, 7, 8, 0, 5, 10, 11, 12, 9, 13, 14, 15]
#: A run that uses a damaged cache must stay near a first run's memory
#: (about 35 MiB); reading a 3 GiB file whole took 3.1 to 6.2 GB.
MOST_MIB = 200
#: Loading or rebuilding takes well under a second; a blocked open never ends.
SECONDS = 30


class Table(NamedTuple):
    """A cached table and a run that uses it, answering ``expected``."""

    file: str
    code: str
    expected: object
    #: Bytes of data after the header, its length and its checksum.
    length: int


TABLES = {
    "rotation": Table(
        "rotation-centre-8.bin",
        f"from idastar import rotation\nresult = ''.join(rotation.solve({BOARD!r}).path)",
        "AC",
        735_471 + 1,  # C(24, 8) distances and the depth byte
    ),
    "sliding": Table(
        "sliding-4x4-blank15-0-1-2-3.pdb",
        "from idastar import fifteen\nresult = int(fifteen.pattern_database((1, 2, 3, 4)).sum())",
        None,  # filled in by `sound_files`
        16 * 15 * 14 * 13,
    ),
    "5-5-5": Table(
        "sliding-4x4-blank15-5-3-2-1-0.pdb",
        f"from idastar import fifteen\nresult = fifteen.solve({FIFTEEN!r}, patterns='5-5-5').cost",
        8,
        16 * 15 * 14 * 13 * 12,
    ),
}


def use(table: Table, cache: Path) -> object:
    """The answer of a fresh interpreter's run on ``cache``, checked for time and memory."""
    result, peak = run_child(table.code, env={"IDASTAR_CACHE_DIR": str(cache)}, timeout=SECONDS)
    assert peak < MOST_MIB, f"{peak:.0f} MiB"
    return result


@pytest.fixture(scope="module")
def sound_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """Each table's file as a first run writes it."""
    cache = tmp_path_factory.mktemp("sound")
    files = {}
    for name, table in TABLES.items():
        answer = use(table, cache)
        if table.expected is None:
            TABLES[name] = table._replace(expected=answer)
        files[name] = (cache / table.file).read_bytes()
    return files


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_directory(path: Path) -> None:
    path.mkdir()
    (path / "inside").write_text("a directory that is not empty")


def make_socket(path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as listener:
        listener.bind(str(path))


def link_to_dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def link_to_nowhere(path: Path) -> None:
    path.symlink_to(path.parent / "nowhere")


#: Things in a cache file's place, and whether a write can replace them
#: (a rename cannot replace a directory).
NOT_FILES: dict[str, tuple[Callable[[Path], None], bool]] = {
    "fifo": (make_fifo, True),
    "directory": (make_directory, False),
    "socket": (make_socket, True),
    "link to /dev/zero": (link_to_dev_zero, True),
    "dangling link": (link_to_nowhere, True),
}


@pytest.mark.parametrize("kind", NOT_FILES)
@pytest.mark.parametrize("name", ["rotation", "sliding"])
def test_what_is_not_a_regular_file_is_rebuilt_around(
    name: str, kind: str, tmp_path: Path, sound_files: dict[str, bytes]
) -> None:
    table = TABLES[name]
    make, replaceable = NOT_FILES[kind]
    path = tmp_path / table.file
    make(path)
    assert use(table, tmp_path) == table.expected
    if replaceable:
        assert not path.is_symlink() and path.is_file()
        assert path.read_bytes() == sound_files[name]
    else:
        assert path.is_dir()
    assert not list(tmp_path.glob(".*.tmp"))
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("name", ["rotation", "5-5-5"])
def test_a_sound_header_over_a_huge_sparse_tail_is_refused_unread(
    name: str, tmp_path: Path, sound_files: dict[str, bytes]
) -> None:
    table = TABLES[name]
    path = tmp_path / table.file
    path.write_bytes(sound_files[name])
    os.truncate(path, 3 << 30)
    assert use(table, tmp_path) == table.expected
    assert path.read_bytes() == sound_files[name]


def test_a_sound_file_is_used_as_it_is(tmp_path: Path, sound_files: dict[str, bytes]) -> None:
    table = TABLES["rotation"]
    path = tmp_path / table.file
    path.write_bytes(sound_files["rotation"])
    os.chmod(path, 0o444)
    before = path.stat()
    assert use(table, tmp_path) == table.expected
    assert path.stat().st_ino == before.st_ino  # not rewritten


def test_a_file_of_an_older_format_is_rebuilt(
    tmp_path: Path, sound_files: dict[str, bytes]
) -> None:
    """Format 1 held databases built from the goal placement with the blank
    anywhere, a weaker bound: such a file is never used."""
    from idastar import _core

    table = TABLES["sliding"]
    sound = sound_files["sliding"]
    version = slice(len(b"IDASTAR-PDB\0"), len(b"IDASTAR-PDB\0") + 4)
    assert sound[version] == _core.SLIDING_PDB_FORMAT_VERSION.to_bytes(4, "little")
    assert _core.SLIDING_PDB_FORMAT_VERSION >= 2
    old = bytearray(sound)
    old[version] = (1).to_bytes(4, "little")
    path = tmp_path / table.file
    path.write_bytes(bytes(old))
    assert use(table, tmp_path) == table.expected
    assert path.read_bytes() == sound


def test_each_cache_directory_gets_databases_of_its_own(tmp_path: Path) -> None:
    """A process that has loaded a database for one directory builds and
    stores it again for another, rather than handing out the first's."""
    first, second = tmp_path / "first", tmp_path / "second"
    code = f"""
        from idastar import fifteen
        one = fifteen.pattern_database((1, 2, 3, 4), cache_dir={str(first)!r})
        two = fifteen.pattern_database((1, 2, 3, 4), cache_dir={str(second)!r})
        solved = fifteen.solve({FIFTEEN!r}, patterns=[[1, 2, 3, 4]], cache_dir={str(second)!r})
        result = [bool((one == two).all()), solved.cost]
    """
    result, _ = run_child(code, timeout=SECONDS)
    assert result == [True, 8]
    name = TABLES["sliding"].file
    assert (first / name).is_file() and (second / name).is_file()
    assert (first / name).read_bytes() == (second / name).read_bytes()


# --------------------------------------------------------------------------
# Damaged files of every kind, at random

#: Examples per table; ``IDASTAR_FUZZ_EXAMPLES`` raises it for a long campaign.
FUZZ_EXAMPLES = int(os.environ.get("IDASTAR_FUZZ_EXAMPLES", "15"))
HUGE = [2**31, 2**32, 2**40, 2**63, 2**64 - 1]

#: A damage: its class and what it takes (positions, values, sizes).
Damage = tuple[str, object]


@st.composite
def damages(draw: st.DrawFn, table: Table, size: int) -> Damage:
    """One way to damage a table's file of ``size`` bytes (header, length,
    checksum, data), or to put something else in its place."""
    kind = draw(
        st.sampled_from(
            [
                "truncate",
                "flip",
                "length",
                "length and size",
                "append",
                "sparse tail",
                "garbage",
                "zeros",
                *NOT_FILES,
            ]
        )
    )
    if kind == "truncate":
        return kind, draw(st.integers(0, size - 1))
    if kind == "flip":
        positions = st.integers(0, size - 1)
        masks = st.integers(1, 255)
        return kind, draw(
            st.lists(st.tuples(positions, masks), min_size=1, max_size=8, unique_by=lambda f: f[0])
        )
    if kind in ("length", "length and size"):
        length = draw(
            st.sampled_from(HUGE) | st.integers(0, 2**64 - 1) | st.integers(0, 2 * table.length)
        )
        if length == table.length:
            length += 1
        return kind, length
    if kind == "append":
        return kind, draw(st.binary(min_size=1, max_size=4096))
    if kind == "sparse tail":
        return kind, draw(st.integers(size + 1, 8 << 30))
    if kind == "garbage":
        return kind, draw(st.binary(max_size=4096))
    return kind, None


def damage(path: Path, sound: bytes, table: Table, what: Damage) -> None:
    kind, value = what
    header = len(sound) - 16 - table.length  # where the length field starts
    if kind in NOT_FILES:
        NOT_FILES[kind][0](path)
        return
    data = bytearray(sound)
    if kind == "truncate":
        del data[value:]  # type: ignore[misc]
    elif kind == "flip":
        for at, mask in value:  # type: ignore[attr-defined]
            data[at] ^= mask
    elif kind in ("length", "length and size"):
        data[header : header + 8] = int(value).to_bytes(8, "little")  # type: ignore[call-overload]
    elif kind == "append":
        data += value  # type: ignore[operator]
    elif kind == "garbage":
        data = bytearray(value)  # type: ignore[arg-type]
    elif kind == "zeros":
        data = bytearray(len(sound))
    path.write_bytes(data)
    if kind == "sparse tail":
        os.truncate(path, value)  # type: ignore[arg-type]
    elif kind == "length and size":
        # As long as the damaged length says (a sparse file when that is huge).
        os.truncate(path, min(header + 16 + int(value), 8 << 30))  # type: ignore[call-overload]


@pytest.mark.parametrize("name", ["rotation", "sliding"])
@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_every_damaged_file_is_rebuilt_never_trusted(
    name: str, data: st.DataObject, sound_files: dict[str, bytes]
) -> None:
    """Whatever the damage, a run gives the right answer in bounded time and
    memory, and leaves the sound file (a directory in the way stays).
    ``--hypothesis-show-statistics`` counts the damages by class."""
    table = TABLES[name]
    sound = sound_files[name]
    what = data.draw(damages(table, len(sound)), label="damage")
    event(f"{name}: {what[0]}")
    with tempfile.TemporaryDirectory() as cache:
        path = Path(cache) / table.file
        damage(path, sound, table, what)
        assert use(table, Path(cache)) == table.expected
        if what[0] == "directory":
            assert path.is_dir()
        else:
            assert not path.is_symlink() and path.read_bytes() == sound
        assert not list(Path(cache).glob(".*.tmp"))


# --------------------------------------------------------------------------
# A cache directory that cannot be one


ROTATION_CALLS = [
    "rotation.solve(BOARD)",
    "rotation.solve_many([BOARD])",
    "rotation.solve_many([BOARD], arrays=True)",
    "rotation.centre_table()",
    "rotation.census()",
]


def refusal(path: Path, origin: str) -> str:
    return f"cache directory {path} ({origin}) is not a directory"


@pytest.mark.parametrize("call", ROTATION_CALLS)
def test_rotation_refuses_a_file_as_its_cache_directory(call: str, tmp_path: Path) -> None:
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("")
    code = f"""
        from idastar import rotation
        BOARD = {BOARD!r}
        try:
            {call}
        except ValueError as error:
            result = [type(error).__name__, str(error)]
        """
    result, _ = run_child(code, env={"IDASTAR_CACHE_DIR": str(not_a_directory)}, timeout=SECONDS)
    assert result == ["ValueError", refusal(not_a_directory, "from $IDASTAR_CACHE_DIR")]


def test_rotation_ida_needs_no_cache(tmp_path: Path) -> None:
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("")
    code = f"from idastar import rotation\nresult = ''.join(rotation.solve({BOARD!r}, engine='ida').path)"
    result, _ = run_child(code, env={"IDASTAR_CACHE_DIR": str(not_a_directory)})
    assert result == "AC"


@pytest.mark.parametrize(
    "call",
    [
        lambda cache_dir: fifteen.solve(FIFTEEN, patterns="5-5-5", cache_dir=cache_dir),
        lambda cache_dir: fifteen.solve_many([FIFTEEN], patterns="5-5-5", cache_dir=cache_dir),
        lambda cache_dir: fifteen.lower_bound(FIFTEEN, cache_dir=cache_dir),
        lambda cache_dir: fifteen.pattern_database((1, 2, 3), cache_dir=cache_dir),
    ],
    ids=["solve", "solve_many", "lower_bound", "pattern_database"],
)
def test_sliding_refuses_a_file_alike_from_the_argument_and_the_environment(
    call: Callable[[Path | None], object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("")
    with pytest.raises(ValueError) as from_argument:
        call(not_a_directory)
    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(not_a_directory))
    with pytest.raises(ValueError) as from_environment:
        call(None)
    assert type(from_argument.value) is type(from_environment.value) is ValueError
    assert str(from_argument.value) == refusal(not_a_directory, "from cache_dir")
    assert str(from_environment.value) == refusal(not_a_directory, "from $IDASTAR_CACHE_DIR")


def test_a_path_through_a_file_is_refused_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("")
    beneath = not_a_directory / "cache"
    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(beneath))
    with pytest.raises(ValueError, match=f"cannot be made: {not_a_directory} is not a directory"):
        fifteen.lower_bound(FIFTEEN)


def test_sliding_without_databases_does_not_look_at_the_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("")
    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(not_a_directory))
    assert fifteen.solve(FIFTEEN, heuristic="manhattan").cost == 8
    assert sliding.is_solvable(FIFTEEN)


def test_an_unusable_default_location_means_no_cache(tmp_path: Path) -> None:
    """HOME=/dev/null, as services often run: nobody asked for a cache there."""
    env = {"IDASTAR_CACHE_DIR": "", "XDG_CACHE_HOME": "", "HOME": os.devnull}
    assert run_child(TABLES["rotation"].code, env=env)[0] == "AC"
    env["XDG_CACHE_HOME"] = str(tmp_path / "nothing" / "here")
    (tmp_path / "nothing").write_text("")
    assert run_child(TABLES["5-5-5"].code, env=env)[0] == 8


@pytest.mark.parametrize(
    "args",
    [
        ("rotation",),
        ("rotation", "--census"),
        ("fifteen",),
        ("demo", "rotation"),
        ("demo", "fifteen"),
    ],
)
def test_the_command_line_says_so_in_one_line(
    args: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    not_a_directory = tmp_path / "file"
    not_a_directory.write_text("")
    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(not_a_directory))
    board = " ".join(map(str, BOARD)) + "\n0\n" if args[0] == "rotation" else ""
    if args == ("fifteen",):
        board = " ".join(map(str, FIFTEEN)) + "\n"
    done = run_cli(*args, stdin=board, timeout=SECONDS)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().endswith(refusal(not_a_directory, "from $IDASTAR_CACHE_DIR"))


def test_the_cache_directory_is_made_when_missing(tmp_path: Path) -> None:
    cache = tmp_path / "made" / "on" / "first" / "use"
    assert use(TABLES["rotation"], cache) == "AC"
    assert (cache / TABLES["rotation"].file).is_file()
    shutil.rmtree(tmp_path / "made")


# --- databases that cannot be kept: said once, plainly, and the run answers --------

THREE = [1, 2, 3, 4, 5, 6, 7, 0, 8]  # one move from the 3 x 3 goal
#: Small patterns, built in milliseconds, each stored (3 tiles or more).
FOUR_PATTERNS = "3-3-3-3-3"


def unkept(directory: Path, reason: str) -> str:
    return (
        f"the pattern databases could not be kept in {directory}: {reason}; "
        "later runs will build them again"
    )


def dangling_link(tmp_path: Path, names: list[str]) -> tuple[Path, str]:
    """The cache directory a link to nothing: it cannot be made."""
    cache = tmp_path / "cache"
    cache.symlink_to(tmp_path / "nowhere")
    return cache, "File exists"


def directories_in_the_way(tmp_path: Path, names: list[str]) -> tuple[Path, str]:
    """A directory in each database file's place: no file can be renamed there."""
    cache = tmp_path / "cache"
    for name in names:
        (cache / name).mkdir(parents=True)
    return cache, "Is a directory"


def read_only(tmp_path: Path, names: list[str]) -> tuple[Path, str]:
    """A directory without write permission (root writes there all the same)."""
    if os.geteuid() == 0:
        pytest.skip("root writes to a read-only directory")
    cache = tmp_path / "cache"
    cache.mkdir()
    cache.chmod(0o500)
    return cache, "Permission denied"


def system_directory(tmp_path: Path, names: list[str]) -> tuple[Path, str]:
    """/sys/kernel: a directory where not even root may create a file."""
    cache = Path("/sys/kernel")
    try:
        os.close(os.open(cache / ".idastar-probe", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileNotFoundError:
        pytest.skip("no /sys/kernel")
    except OSError as error:
        if error.errno != errno.EACCES:
            pytest.skip(f"/sys/kernel refuses files with {error.strerror}, not permission")
        return cache, "Permission denied"
    os.unlink(cache / ".idastar-probe")
    pytest.skip("/sys/kernel takes files here")


UNKEPT: dict[str, Callable[[Path, list[str]], tuple[Path, str]]] = {
    "dangling link": dangling_link,
    "directories in the way": directories_in_the_way,
    "read-only": read_only,
    "/sys/kernel": system_directory,
}

UNKEPT_CALLS: dict[str, tuple[Callable[[], object], object]] = {
    "sliding.solve": (lambda: sliding.solve(THREE, patterns="3-5").cost, 1),
    "sliding.solve_many": (
        lambda: [s.cost for s in sliding.solve_many([THREE, THREE], patterns="3-5")],
        [1, 1],
    ),
    "sliding.lower_bound": (lambda: sliding.lower_bound(THREE, patterns="3-5"), 1),
    "sliding.pattern_database": (
        lambda: int(sliding.pattern_database((1, 2, 3), width=3, height=3).max()),
        None,
    ),
    "fifteen.solve": (lambda: fifteen.solve(FIFTEEN, patterns="5-3-3-4").cost, 8),
}


@pytest.fixture
def nothing_loaded() -> object:
    """No database loaded in this process: each call below builds its own."""
    idastar._core.sliding_clear_loaded()
    yield
    idastar._core.sliding_clear_loaded()


def built_names(
    call: Callable[[], object], cache: Path, monkeypatch: pytest.MonkeyPatch
) -> list[str]:
    """The files a call stores in a cache directory that takes them."""
    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(cache))
    call()
    idastar._core.sliding_clear_loaded()
    return sorted(os.listdir(cache))


@pytest.mark.parametrize("way", UNKEPT)
@pytest.mark.parametrize("name", UNKEPT_CALLS)
@pytest.mark.usefixtures("nothing_loaded")
def test_databases_that_cannot_be_kept_are_told_of_once(
    way: str, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    call, expected = UNKEPT_CALLS[name]
    names = built_names(call, tmp_path / "good", monkeypatch)
    assert names, "the call stores databases where it can"
    cache, reason = UNKEPT[way](tmp_path, names)
    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(cache))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        answer = call()
        again = call()  # loaded in this process now: nothing built, nothing to tell
    if expected is not None:
        assert answer == again == expected
    told = [w for w in caught if issubclass(w.category, CacheWarning)]
    assert [str(w.message) for w in told] == [unkept(cache, reason)]
    assert told[0].filename == __file__, "the warning points at the caller's line"
    assert not list(Path(tmp_path).glob("**/.*.tmp"))


@pytest.mark.parametrize("way", UNKEPT)
@pytest.mark.usefixtures("nothing_loaded")
def test_the_argument_and_the_environment_are_told_of_alike(
    way: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = built_names(UNKEPT_CALLS["sliding.solve"][0], tmp_path / "good", monkeypatch)
    cache, reason = UNKEPT[way](tmp_path, names)
    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(tmp_path / "good"))
    with pytest.warns(CacheWarning) as told:
        assert sliding.solve(THREE, patterns="3-5", cache_dir=cache).cost == 1
    assert [str(w.message) for w in told] == [unkept(cache, reason)]


@pytest.mark.usefixtures("nothing_loaded")
def test_a_cache_that_takes_the_databases_tells_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, (call, _) in UNKEPT_CALLS.items():
        monkeypatch.setenv("IDASTAR_CACHE_DIR", str(tmp_path / name))
        with warnings.catch_warnings():
            warnings.simplefilter("error", CacheWarning)
            call()
        assert list((tmp_path / name).iterdir()), name


def command_stderr(done: subprocess.CompletedProcess[str]) -> list[str]:
    """The lines of a fifteen run's stderr, the build lines left out."""
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "cached for later runs" not in done.stderr
    return [line for line in done.stderr.splitlines() if "building pattern database" not in line]


FIFTEEN_TEXT = " ".join(map(str, FIFTEEN)) + "\n"


@pytest.mark.parametrize("way", UNKEPT)
@pytest.mark.parametrize("batch", [[], ["--batch", "-"]], ids=["one", "batch"])
@pytest.mark.parametrize("given", ["--cache-dir", "environment"])
def test_the_command_line_says_once_that_the_databases_were_not_kept(
    way: str, batch: list[str], given: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = tmp_path / "good"
    done = run_cli(
        "fifteen", "--patterns", FOUR_PATTERNS, "--cache-dir", str(good), stdin=FIFTEEN_TEXT
    )
    assert command_stderr(done) == []
    cache, reason = UNKEPT[way](tmp_path, sorted(os.listdir(good)))
    where = ["--cache-dir", str(cache)] if given == "--cache-dir" else []
    monkeypatch.setenv("IDASTAR_CACHE_DIR", str(cache))
    boards = FIFTEEN_TEXT * (3 if batch else 1)
    done = run_cli("fifteen", *batch, "--patterns", FOUR_PATTERNS, *where, stdin=boards)
    assert done.stdout == "8\n" * (3 if batch else 1)
    assert command_stderr(done) == [f"idastar fifteen: {unkept(cache, reason)}"]


def small_files() -> None:
    """In the child: no file may grow beyond 1 KiB, as on a full disk (a
    write past it fails with EFBIG instead of killing the process)."""
    import resource
    import signal

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))


@pytest.mark.parametrize(
    "argv",
    [
        ["-m", "idastar", "fifteen", "--patterns", FOUR_PATTERNS],
        ["-m", "idastar", "fifteen", "--batch", "-", "--patterns", FOUR_PATTERNS],
        [
            "-c",
            "from idastar import fifteen\n"
            "print(fifteen.solve([int(t) for t in input().split()], patterns='5-3-3-4').cost)",
        ],
    ],
    ids=["command", "batch", "api"],
)
def test_a_cache_that_fills_up_is_told_of_too(argv: list[str], tmp_path: Path) -> None:
    env = {**os.environ, "IDASTAR_CACHE_DIR": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, *argv],
        input=FIFTEEN_TEXT,
        capture_output=True,
        text=True,
        env=env,
        preexec_fn=small_files,
        timeout=SECONDS,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "8\n"), done.stderr
    told = [line for line in done.stderr.splitlines() if "could not be kept" in line]
    assert len(told) == 1, done.stderr
    assert told[0].endswith(unkept(tmp_path, "File too large"))
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".pdb")]
