"""The flags of the commands that replay on a JVM (`prove`, `check`, `relevance`; issue 32):
which JDK runs the replays, and whether a replay may run without OS isolation.

* ``--java PATH``: a ``java`` executable or a JDK home (its ``javac``, ``jcmd`` and
  ``jstack`` are the ones next to that ``java``: `jhalt.witness.claim.jdk_at`); without it
  ``$JAVA_HOME``, else ``java`` on ``PATH``. A PATH with no ``java`` is a usage error (exit 2),
  before anything runs. The output names the JDK that replays (``jdk: 25.0.3 (/usr/lib/jvm/…)``;
  JSON ``"jdk": {"version", "path"}``).
  The same JDK is the class library the analysis reads (`select_library_jdk`: the runtime
  image of ``--java``'s JDK, else the default of `jhalt.program.jdk_library`).
* ``--unsafe-replay``: when no OS sandbox can be had, replays run without it
  (`jhalt.witness.containment.allow_unsafe_replay`); without it such replays do not run and
  are reported "not replayed, because …".
"""

from __future__ import annotations

import argparse

from jhalt.findings import JdkUsed
from jhalt.program import use_jdk_home
from jhalt.witness.claim import Jdk, find_jdk, jdk_at
from jhalt.witness.containment import allow_unsafe_replay
from jhalt.witness.jvm_release import jdk_home
from jhalt.witness.jvm_version import jdk_used
from jhalt.witness.user_cache import user_cache_dir

SHAPES_DIRECTORY = "jdk-shapes"
"""Below the user's cache directory: the shapes of JDK image classes, per JDK image."""

__all__ = ["add_replay_flags", "java_location", "replay_jdk", "select_library_jdk", "used"]


def java_location(text: str) -> str:
    """``--java``: a path (or a name on ``PATH``) where `jdk_at` finds a ``java``."""
    if not text.strip() or jdk_at(text) is None:
        raise argparse.ArgumentTypeError(
            f"must be a java executable or a JDK home (with bin/java), got {text!r}"
        )
    return text


def add_replay_flags(parser: argparse.ArgumentParser) -> None:
    """``--java`` and ``--unsafe-replay`` (module docstring)."""
    parser.add_argument(
        "--java", type=java_location, metavar="PATH",
        help="the JDK that replays: a java executable or a JDK home (javac, jcmd and jstack "
        "are taken next to it); default $JAVA_HOME, else java on PATH",
    )  # fmt: skip
    parser.add_argument(
        "--unsafe-replay", action="store_true",
        help="when no OS sandbox is available, replay anyway, WITHOUT OS isolation: the "
        "analysed program then runs with your rights (default: such witnesses are reported "
        "as not replayed)",
    )  # fmt: skip


def replay_jdk(args: argparse.Namespace) -> Jdk | None:
    """The JDK of the replays (``--java``, else ``$JAVA_HOME``, else ``PATH``; None: no
    ``java`` at all), with ``--unsafe-replay`` applied to this process (and the workers it
    forks from now on)."""
    allow_unsafe_replay(bool(args.unsafe_replay))
    return find_jdk(args.java)


def select_library_jdk(args: argparse.Namespace) -> None:
    """The JDK whose runtime image the analysis reads: ``--java``'s, when the command has the
    flag and it is given; else the default (`jhalt.program.jdk_library.default_jdk_home`,
    the rule replays follow too); the shapes read from it are kept in the user's cache
    directory (`jhalt.program.jdk_shape_cache`). Set for every command, so that one process running several
    commands (the tests) never keeps an earlier command's choice."""
    java = getattr(args, "java", None)
    found = jdk_at(java) if isinstance(java, str) else None
    home = jdk_home(found.java) if found is not None else None
    use_jdk_home(home, user_cache_dir() / SHAPES_DIRECTORY)


def used(jdk: Jdk | None) -> JdkUsed | None:
    """What the output names of ``jdk`` (None when no JDK replays)."""
    return jdk_used(jdk) if jdk is not None else None
