"""The ``idastar`` command: judge-format input in, judge output out.

Each puzzle's command prints exactly what its judge program prints, so it
can stand in for it or be diffed against it; options add what the judge
cannot give (exact distances, moves, statistics, JSON). Every puzzle is an
entry of :data:`PUZZLES`, which gives it its command, its place in the help
and its part of ``idastar demo``.

Failures end with one line on stderr and an exit status, never a traceback:
people pipe this into other tools and read the last line of a log.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import os
import re
import signal
import sys
import threading
import typing
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, BinaryIO, TextIO, cast

from . import __version__, commands
from ._core import MAX_THREADS, InvalidPuzzle
from ._judge import InputReadError, JudgeInputError, Tokens
from .commands import (
    PUZZLES,
    Output,
    OutputError,
    Puzzle,
    _pictures,
    _plot,
    emit,
    sample_text,
    shipped_inputs,
)

__all__ = [
    "EXIT_BROKEN_PIPE",
    "EXIT_INTERRUPTED",
    "EXIT_MISMATCH",
    "EXIT_OK",
    "EXIT_OUTPUT",
    "EXIT_USAGE",
    "PUZZLES",
    "Puzzle",
    "main",
    "sample_text",
]

EXIT_OK = 0
#: ``idastar demo`` found an answer that differs from the stored one.
EXIT_MISMATCH = 1
#: Bad input or bad usage (argparse uses 2 as well).
EXIT_USAGE = 2
#: The output could not be written: standard output or standard error
#: closed, a full disk, an I/O error (sysexits.h's EX_IOERR).
EXIT_OUTPUT = 74
#: 128 + SIGINT, what a shell reports for a program stopped by Ctrl-C.
EXIT_INTERRUPTED = 130
#: 128 + SIGPIPE, what a shell reports when the reader went away.
EXIT_BROKEN_PIPE = 141

PROG = "idastar"


def _description() -> str:
    return """\
Solve puzzles optimally: IDA* and friends in Rust, with admissible heuristics.

Each puzzle command reads judge-format input (a file, or standard input) and
prints one answer line per case, exactly what the judge program prints.

example:
  $ printf '2\\n6\\n1 3 4 6 2 5\\n5\\n5 4 3 2 1\\n' | idastar booksort
  2
  3
  $ idastar demo          # the built-in samples, with moves and timings
  $ idastar rotation @rotation   # a shipped input (see "shipped inputs" below)
  $ printf '1 2 3 4\\n6 7 8 0\\n5 10 11 12\\n9 13 14 15\\n' | idastar fifteen
  8
  $ idastar booksort -h   # the input format and the options"""


def _epilog() -> str:
    width = max(len(name) for name in PUZZLES)
    pad = " " * (width + 4)
    puzzles = "\n".join(
        f"  {name:<{width}}  {puzzle.summary}\n{pad}" + f"\n{pad}".join(puzzle.formats.splitlines())
        for name, puzzle in PUZZLES.items()
    )
    samples = ", ".join(f"@{name}" for name in shipped_inputs() if name in PUZZLES)
    return f"""\
puzzles:
{puzzles}

shipped inputs:
  A FILE (or --batch FILE) written @NAME is an input shipped with idastar:
  {samples}: each puzzle's sample, and
  @korf100, Korf's 100 15-puzzle instances (with --goal blank-first --batch).

exit status:
  0    every case answered
  1    idastar demo: an answer differs from the stored one
  2    bad input or usage (one line on stderr says where and what)
  74   the output could not be written: standard output or error closed,
       a full disk, an I/O error (one line on stderr, where it can be written)
  130  interrupted (Ctrl-C)
  141  the output was closed early (for example by `| head -1`)"""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose errors suggest what a misspelt flag, command
    or choice most likely meant."""

    def error(self, message: str) -> typing.NoReturn:
        chosen = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if chosen:
            offered = re.findall(r"'([^']*)'", chosen.group(2)) or chosen.group(2).split(", ")
            message += _suggestion(chosen.group(1), offered)
        unknown = re.match(r"unrecognized arguments: (.*)$", message)
        if unknown:
            flags = [flag for action in self._actions for flag in action.option_strings]
            for word in unknown.group(1).split():
                if word.startswith("-"):
                    message += _suggestion(word.split("=", 1)[0], flags)
                    break
        super().error(message)


def _command_parser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return cast(argparse.ArgumentParser, action.choices[command])
    return parser


def _suggestion(word: str, offered: Sequence[str]) -> str:
    """`` (did you mean "x"?)`` for the offered word ``word`` most likely
    misspells, or nothing when none is near."""
    close = difflib.get_close_matches(word, offered, n=1, cutoff=0.7)
    return f' (did you mean "{close[0]}"?)' if close else ""


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description=_description(),
        epilog=_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=_Parser
    )
    for puzzle in PUZZLES.values():
        sub = commands.add_parser(
            puzzle.name,
            help=puzzle.summary,
            description=puzzle.description,
            epilog=puzzle.epilog,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        sub.add_argument(
            "file",
            nargs="?",
            default="-",
            metavar="FILE",
            help="the judge input; standard input when omitted or '-'; @NAME for an "
            "input shipped with idastar (see `idastar --help`)",
        )
        puzzle.configure(sub)
        _plot.add_option(sub)
        _pictures.add_options(sub)
        batch = sub.add_argument_group("batches")
        batch.add_argument(
            "-j",
            "--jobs",
            "--threads",  # the API's name for it
            type=_threads,
            metavar="N",
            default=None,
            help="solve on N threads (default: every core); the answers keep the input order",
        )
        batch.add_argument(
            "--progress",
            action="store_true",
            help="show a progress bar on stderr (on a terminal it appears by itself "
            "once a run takes more than a second)",
        )
        spread = sub.add_argument_group("a Dask cluster (pip install 'idastar[dask]')")
        spread.add_argument(
            "--scheduler",
            metavar="ADDRESS",
            default=None,
            help="solve on the cluster of this Dask scheduler (tcp://HOST:8786, or the "
            "JSON file `dask scheduler --scheduler-file` wrote): one case is one search "
            "spread over its workers, more cases a batch in chunks; the answers are the same",
        )
        spread.add_argument(
            "--checkpoint",
            metavar="FOLDER",
            default=None,
            help="with --scheduler: keep what the cluster finished in this folder, a file "
            "per chunk of cases; the same command run again after a crash or a Ctrl-C "
            "goes on from there",
        )
        sub.set_defaults(run=_run_puzzle, puzzle=puzzle)
    demo = commands.add_parser(
        "demo",
        help="solve the built-in samples and show answers, moves and times",
        description="Solve the built-in samples of every puzzle (or of one), "
        "showing each input, the judge answer checked against the stored one, "
        "the exact answer with its moves, and the time taken.",
    )
    demo.add_argument(
        "name",
        nargs="?",
        choices=list(PUZZLES),
        metavar="PUZZLE",
        help=f"only this puzzle ({', '.join(PUZZLES)})",
    )
    demo.set_defaults(run=_run_demo)
    return parser


def _threads(text: str) -> int:
    try:
        threads = int(text)
    except ValueError:
        threads = 0
    if not 1 <= threads <= MAX_THREADS:
        raise argparse.ArgumentTypeError(
            f"must be a whole number of threads from 1 to {MAX_THREADS}: {text!r}"
        )
    return threads


def _say(line: str) -> None:
    """``line`` on stderr, if it can be written there: never on stdout,
    among the answers, and never a traceback when stderr is closed or full."""
    stream = sys.stderr
    if stream is None:
        return
    try:
        stream.write(line + "\n")
        stream.flush()
    except (OSError, ValueError):
        pass


def _flush_stdout() -> None:
    """Writes out what stdout holds, if it can: the answers come before the
    line that says why the run ended."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError):
        pass


def _fail(command: str, message: str) -> int:
    _flush_stdout()
    _say(f"{PROG} {command}: {message}")
    return EXIT_USAGE


def _stdin() -> BinaryIO | TextIO | None:
    """Standard input as bytes, as files are read, so that both give the same
    tokens and lines; None when it is closed."""
    stream = sys.stdin
    if stream is None:
        return None
    return getattr(stream, "buffer", stream)


def _stdout() -> TextIO:
    """Standard output as the commands write to it: its failures are
    OutputError, never mistaken for the input's."""
    return cast("TextIO", Output(sys.stdout, "standard output"))


def _run_puzzle(args: argparse.Namespace) -> int:
    puzzle: Puzzle = args.puzzle
    if sys.stdout is None:  # nothing to answer into: say so before any work
        raise OutputError("standard output", "it is closed")
    # A puzzle with a --batch FILE option reads that file instead of the
    # judge input; both at once would be ambiguous.
    batch = getattr(args, "batch", None)
    if batch is not None and args.file != "-":
        return _fail(puzzle.name, "give the judge input FILE or --batch FILE, not both")
    path = batch if batch is not None else args.file
    stream: BinaryIO | TextIO | None
    if path == "-":
        source, stream = "<stdin>", _stdin()
        if stream is None:
            return _fail(puzzle.name, f"{source}: cannot read: standard input is closed")
        close = False
    elif path.startswith("@"):
        source = path
        shipped = shipped_inputs()
        if path[1:] not in shipped:
            names = ", ".join(f"@{name}" for name in shipped)
            return _fail(puzzle.name, f"{path}: no such shipped input; there are {names}")
        # Traversable.open is typed IO[bytes]: a file in the installed package.
        stream, close = cast("BinaryIO", shipped[path[1:]].open("rb")), True
    else:
        source = path
        try:
            stream = open(path, "rb")
        except OSError as error:
            return _fail(puzzle.name, f"{source}: cannot read: {error.strerror or error}")
        close = True
    tokens = Tokens(stream)
    try:
        with _plot.plotting(args), _on_cluster(args):
            _pictures.answer(puzzle.answer, args, tokens, _stdout())
    except InputReadError as error:
        return _fail(puzzle.name, f"{source}: cannot read: {error.reason}")
    except JudgeInputError as error:
        return _fail(puzzle.name, f"{source}: {error}")
    except InvalidPuzzle as error:  # the readers check first; this keeps it one line
        return _fail(puzzle.name, f"{source}: {error}")
    except ValueError as error:  # an option's value the library refuses
        return _fail(puzzle.name, str(error))
    except ClusterError as error:
        return _fail(puzzle.name, str(error))
    finally:
        if close:
            stream.close()
    return EXIT_OK


class ClusterError(Exception):
    """``--scheduler`` or ``--checkpoint`` cannot be had."""


@contextlib.contextmanager
def _on_cluster(args: argparse.Namespace) -> Iterator[None]:
    """The run with its searches on the cluster of ``--scheduler``, if given."""
    address, checkpoints = args.scheduler, args.checkpoint
    if address is None:
        if checkpoints is not None:
            raise ClusterError("--checkpoint keeps what a cluster finished: give --scheduler too")
        yield
        return
    try:
        import distributed
    except ImportError:
        raise ClusterError("--scheduler needs Dask: pip install 'idastar[dask]'") from None
    folder = None if checkpoints is None else Path(checkpoints)
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ClusterError(f"--checkpoint {checkpoints}: {error.strerror or error}") from None
    given = Path(address)
    if given.suffix == ".json" and not given.is_file():
        raise ClusterError(f"--scheduler {address}: no such scheduler file")
    where = {"scheduler_file": address} if given.suffix == ".json" else {"address": address}
    try:
        connect: Any = distributed.Client  # untyped
        client = connect(**where, timeout=30)
    except (OSError, TimeoutError, ValueError) as error:
        raise ClusterError(f"--scheduler {address}: cannot reach the scheduler: {error}") from None
    token = commands.cluster.set(commands.Cluster(client, folder))
    try:
        yield
    finally:
        commands.cluster.reset(token)
        client.close()


def _run_demo(args: argparse.Namespace) -> int:
    names = [args.name] if args.name else list(PUZZLES)
    all_match = True
    out = _stdout()
    for index, name in enumerate(names):
        if index:
            emit(out, "")
        try:
            all_match = PUZZLES[name].demo(out) and all_match
        except ValueError as error:  # a cache directory that cannot be one
            return _fail("demo", str(error))
    emit(out, f"\nYour own input: {PROG} {names[0]} FILE; more in `{PROG} --help`.")
    return EXIT_OK if all_match else EXIT_MISMATCH


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):  # not a real file (tests)
        pass


#: Whether the run has been interrupted; from then on Ctrl-C is ignored.
_winding_up = False


def _ignore_ctrl_c() -> None:
    """Ignores Ctrl-C for the rest of the run, at the operating system's
    level: the interpreter's shutdown puts back the default action where a
    Python handler was, but not where the signal is ignored."""
    global _winding_up
    _winding_up = True
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupt_once() -> None:
    """Ctrl-C raises KeyboardInterrupt the first time, as by default, and is
    ignored from then on: the run is already winding up (the answers so far
    flushed, one line on stderr), and a second Ctrl-C in the middle of that
    would end it with a traceback or kill it by the signal instead of the
    exit status 130."""
    global _winding_up
    _winding_up = False

    def on_ctrl_c(_signum: int, _frame: object) -> None:
        if _winding_up:  # a second signal that came before the first was ignored
            return
        _ignore_ctrl_c()
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_ctrl_c)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``idastar`` command with ``argv`` (default: ``sys.argv[1:]``); the exit status.

    Run as the program itself (``argv`` None, on the main thread), a Ctrl-C
    that comes after the first one, while the program winds up, is ignored,
    and an interrupted run exits with 130 as soon as it has said so, not
    with a traceback or killed by the signal.
    """
    as_program = argv is None and threading.current_thread() is threading.main_thread()
    if as_program:
        _interrupt_once()
    arguments = sys.argv[1:] if argv is None else list(argv)
    if not arguments:  # what someone trying the command first types
        _parser().print_help()
        return EXIT_OK
    args: argparse.Namespace | None = None
    try:
        try:
            parser = _parser()
            args, unknown = parser.parse_known_args(arguments)
            if unknown:  # the command's own parser knows its flags, to suggest one
                _command_parser(parser, args.command).error(
                    f"unrecognized arguments: {' '.join(unknown)}"
                )
        except SystemExit as exit:  # --help, --version and usage errors
            return (
                exit.code
                if isinstance(exit.code, int)
                else (EXIT_OK if exit.code is None else EXIT_USAGE)
            )
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:
        return _interrupted(as_program)
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
    except OutputError as error:
        if error.stream == "standard output":
            _quiet_stdout()
        command = getattr(args, "command", None)
        _say(f"{PROG} {command}: {error}" if command else f"{PROG}: {error}")
        return EXIT_OUTPUT
    except Exception:
        # An error that follows a Ctrl-C is its doing: a Ctrl-C while a
        # module is imported (numpy, on first use) surfaces as an
        # ImportError of the module the signal cut short.
        if as_program and _winding_up:
            return _interrupted(as_program)
        raise


def _interrupted(as_program: bool) -> int:
    """Ends an interrupted run: the answers so far flushed, one line on
    stderr, status 130."""
    if as_program:
        # However this one came (a search reports an interrupt of its
        # own too), the run ends here: no later Ctrl-C may change how.
        _ignore_ctrl_c()
    _flush_stdout()
    _say(f"{PROG}: interrupted")
    if as_program:
        # The answers so far and the line above are out: leave now,
        # before the interpreter's shutdown, where a late signal could
        # still turn the exit status into a death by SIGINT.
        os._exit(EXIT_INTERRUPTED)
    return EXIT_INTERRUPTED
