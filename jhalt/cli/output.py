"""Where a command's rendered output goes: ``--out FILE``, or stdout."""

from __future__ import annotations

import sys
from pathlib import Path

from jhalt.errors import InputError


def write_output(text: str, out: str | None) -> None:
    """``text`` into the file ``out`` (an `InputError` naming it if it cannot be written), or
    onto stdout, flushed, when ``out`` is empty."""
    if out:
        try:
            Path(out).write_text(text)
        except OSError as exc:
            raise InputError(f"{out}: cannot write: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
