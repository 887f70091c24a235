"""Checked command-line values: the ``type=`` functions of every numeric or naming flag, and
the argument parser that reports a usage error in one line.

A bad value is refused while the arguments are parsed, before anything is read or run, with
one line on stderr and exit 2 (README "Exit codes"), e.g.
``jhalt: error: --timeout must be a positive number of seconds, got 'nan'``. Each function
here raises `argparse.ArgumentTypeError` with a message that starts with "must"; the parser
puts the flag's name in front of it. Defaults are not passed through these functions
(argparse converts only strings), so they must be valid themselves.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

from jhalt.errors import InputError

MAX_SECONDS = 1_000_000.0
"""The largest duration a flag accepts (about 11.6 days). Durations end up in z3's
millisecond limits, ``threading`` waits and ``time.monotonic()`` sums; a bound far below
their overflow points (``threading.TIMEOUT_MAX``, z3's unsigned 32-bit milliseconds ≈ 49
days) keeps every one of them finite, and no run of jhalt is meant to last longer."""

MAX_JOBS = 1024
"""The most worker processes ``--jobs`` may ask for (each is a forked Python process)."""

_ARGUMENT = re.compile(r"argument (?P<names>[^:]+): (?P<rest>must .*)", re.DOTALL)


_DECIMAL = re.compile(
    r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*|\s*[+-]?(nan|inf|infinity)\s*", re.I
)
"""A number as people write one: digits with an optional point and exponent (Python's own
float syntax would also take ``1_0`` as 10); ``nan``/``inf`` are parsed to be refused with
the range message."""


MAX_SAMPLES = 100
"""The most further witnesses ``--samples`` replays (each replay runs a JVM)."""


def _number(text: str) -> float:
    if not _DECIMAL.fullmatch(text):
        raise argparse.ArgumentTypeError(f"must be a number of seconds, got {text!r}")
    return float(text)


def positive_seconds(text: str) -> float:
    """A duration: a finite number of seconds, greater than 0 and at most `MAX_SECONDS`."""
    value = _number(text)
    if not math.isfinite(value) or value <= 0 or value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"must be a positive number of seconds (at most {MAX_SECONDS:.0f}), got {text!r}"
        )
    return value


def non_negative_seconds(text: str) -> float:
    """A delay that may be 0: a finite number of seconds in [0, `MAX_SECONDS`]."""
    value = _number(text)
    if not math.isfinite(value) or value < 0 or value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds from 0 to {MAX_SECONDS:.0f}, got {text!r}"
        )
    return value


def _count(text: str, low: int, high: int | None, what: str) -> int:
    try:
        value = int(text.strip(), 10)
    except ValueError:
        value = None
    if value is None or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise argparse.ArgumentTypeError(f"must be {what} {bound}, got {text!r}")
    return value


def job_count(text: str) -> int:
    """``--jobs``: a whole number of worker processes from 1 to `MAX_JOBS`."""
    return _count(text, 1, MAX_JOBS, "a whole number of processes")


def positive_count(text: str) -> int:
    """A count that must be at least 1 (``--iterations``)."""
    return _count(text, 1, None, "a whole number")


def sample_count(text: str) -> int:
    """``--samples``: further witnesses to replay, from 0 to `MAX_SAMPLES`."""
    return _count(text, 0, MAX_SAMPLES, "a whole number")


def method_name(text: str) -> str:
    """``--entry``: a non-blank method name without control characters (a NUL byte could
    never name a class file, and an empty entry would silently mean "the Main-Class")."""
    return _name(text, "a method such as 'pkg.Main.run(I)V'")


def class_name(text: str) -> str:
    """``--main``: a non-blank class name without control characters."""
    return _name(text, "a class such as 'pkg.Main'")


def _name(text: str, example: str) -> str:
    if not text.strip() or any(ord(c) < 32 or ord(c) == 127 for c in text):
        raise argparse.ArgumentTypeError(f"must name {example}, got {text!r}")
    return text


def existing_directory(text: str) -> str:
    """``--source-root DIR``: a directory that exists (a mistyped one would silently give
    output without source lines)."""
    if not Path(text).is_dir():
        raise argparse.ArgumentTypeError(f"must be an existing directory, got {text!r}")
    return text


def writable_directory(text: str) -> Path:
    """``--reproducers DIR``: DIR, created with its parents if missing, into which a file
    can be written; an `InputError` naming the directory and the reason otherwise. Checked
    before the analysis so that a finding never ends up with "reproducer: none" because of
    the directory."""
    path = Path(text)
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise InputError(
            f"--reproducers {text}: cannot write there: {exc.strerror or exc}"
        ) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise InputError(f"--reproducers {text}: cannot write there: permission denied")
    return path


class OneLineParser(argparse.ArgumentParser):
    """An `argparse.ArgumentParser` whose usage errors are one line on stderr and exit 2:
    ``jhalt: error: --jobs must be …`` for the checked values of this module, argparse's own
    message followed by where to find the usage otherwise. Subparsers inherit the class."""

    def error(self, message: str) -> NoReturn:
        found = _ARGUMENT.fullmatch(message)
        if found:
            flag = found["names"].split("/")[0]
            line = f"{flag} {found['rest']}"
        else:
            line = f"{message} (see '{self.prog} --help')"
        print(f"jhalt: error: {line}".replace("\n", " "), file=sys.stderr)
        raise SystemExit(2)
