"""jhalt's cache directory of the user: ``$XDG_CACHE_HOME/jhalt``, else ``~/.cache/jhalt``.

It holds the results cache of ``check`` (`jhalt.cli.cache`) and the compiled Java helper
programs (`jhalt.witness.javac_cache`, below ``helpers``). `private_directory` makes a
directory there (or anywhere) that only the current user may change, and says whether it is
one.

Assumption: the directory is the user's own — what a process of the same user writes there is
trusted as much as jhalt's installation (the results cache loads pickles from it). Analysed
code runs under another protection: the JVMs that run it are sandboxed and do not see it.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["CACHE_DIR_ENV", "private_directory", "user_cache_dir"]

CACHE_DIR_ENV = "XDG_CACHE_HOME"


def user_cache_dir() -> Path:
    """``$XDG_CACHE_HOME/jhalt``, or ``~/.cache/jhalt`` when the variable is unset or empty."""
    base = os.environ.get(CACHE_DIR_ENV) or str(Path.home() / ".cache")
    return Path(base) / "jhalt"


def private_directory(path: Path) -> bool:
    """Make ``path`` (and its parents) when missing, the last one with mode 0700; whether it is
    then a directory owned by the current user that neither its group nor others may write
    (a symbolic link to one counts: it is what is found at ``path`` that is checked)."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        found = os.stat(path)
    except OSError:
        return False
    return (
        stat.S_ISDIR(found.st_mode)
        and found.st_uid == os.geteuid()
        and not found.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )
