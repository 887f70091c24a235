"""Shapes of JDK image classes kept on disk between runs, per JDK image (issue 33 item 1: later
runs read a class's shape in well under a millisecond instead of parsing it again).

Layout: ``<root>/<key>/<class name with "." for "/">.json``, one file per class, in the JSON
entry format of the descriptions (`jhalt.program.jdk.entry_of_class`). ``key`` hashes the
image's resolved path, size and modification time and `SHAPE_FORMAT`, so a JDK updated in
place gets a new directory; `SHAPE_FORMAT` must change whenever what a shape holds changes
(`jhalt.program.jdk_image.shape_of`).

Assumptions: the root is the user's own cache directory (the CLI passes
``$XDG_CACHE_HOME/jhalt/jdk-shapes``); files are JSON, never executed. A file that cannot be
read or parsed counts as absent and is written again; writes go through a temporary file and
a rename, so concurrent runs (the forked workers of ``check --all``) never see half a file.
Nothing is deleted.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from jhalt.classfile.model import ClassFile
from jhalt.program.jdk import class_of_entry, entry_of_class

__all__ = ["SHAPE_FORMAT", "ShapeCache"]

SHAPE_FORMAT = 1


class ShapeCache:
    """The cached shapes of the classes of the image at ``image`` (module docstring)."""

    def __init__(self, root: Path, image: Path) -> None:
        found = image.stat()
        identity = f"{SHAPE_FORMAT}\0{image.resolve()}\0{found.st_size}\0{found.st_mtime_ns}"
        self.directory = root / hashlib.sha256(identity.encode()).hexdigest()[:24]

    def _file(self, name: str) -> Path:
        return self.directory / (name.replace("/", ".") + ".json")

    def load(self, name: str, origin: str) -> ClassFile | None:
        """The stored shape of class ``name``, None when there is none (or it is unusable)."""
        try:
            entry = json.loads(self._file(name).read_text(encoding="utf-8"))
            found = class_of_entry(entry, origin)
        except (OSError, ValueError, KeyError, TypeError):
            return None
        return found if found.name == name else None

    def store(self, shape: ClassFile) -> None:
        """Keep ``shape``; a failure to write (a read-only or full disk) is ignored."""
        text = json.dumps(entry_of_class(shape), separators=(",", ":"))
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
        except OSError:
            return
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(temporary, self._file(shape.name))
        except OSError:
            Path(temporary).unlink(missing_ok=True)
