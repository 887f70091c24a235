"""Source text and source names for human-readable reports (`jhalt check` text output).

`SourceLines` finds the ``.java`` file of a class — by its package directory and its
SourceFile attribute (``p/q/Node.java``), as javac lays sources out — and returns single lines
of it. It looks, in order, in

* the ``--source-root`` directories;
* the classpath entries themselves: ``.java`` files next to the classes in a directory, or
  inside a jar, and a ``source.zip`` inside a jar (the TPDB benchmark jars carry one);
* beside a ``.class`` file given as a classpath entry: the file of that name in its folder;

and, when the package path does not match (sources in a flat zip), by file name alone when
exactly one file of that name exists there. Nothing is found → None, and the report shows
``File.java:N`` only. Files are decoded as UTF-8 (Latin-1 as a fallback).

`parameter_names` gives the source names of a method's parameters from its
LocalVariableTable (``-g`` builds), or None.
"""

from __future__ import annotations

import io
import os
import zipfile
import zlib
from collections.abc import Iterable
from pathlib import Path

from jhalt.classfile import ClassPath
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.errors import JhaltError
from jhalt.findings import SourceLocation
from jhalt.ids import MethodId

__all__ = ["SourceLines", "parameter_names"]

_MAX_SOURCE_BYTES = 4_000_000


def _decode(data: bytes) -> list[str]:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return text.splitlines()


class _Archive:
    """The ``.java`` members of one zip (a jar, or a source.zip inside it), by path."""

    def __init__(self, data_or_path: bytes | Path) -> None:
        source = io.BytesIO(data_or_path) if isinstance(data_or_path, bytes) else data_or_path
        self._zip = zipfile.ZipFile(source)
        self.members = {
            info.filename.lstrip("/"): info
            for info in self._zip.infolist()
            if info.filename.endswith(".java") and not info.is_dir()
        }
        self.nested = [
            info
            for info in self._zip.infolist()
            if info.filename.rsplit("/", 1)[-1] == "source.zip"
        ]

    def read(self, member: str) -> bytes | None:
        info = self.members.get(member)
        if info is None or info.file_size > _MAX_SOURCE_BYTES:
            return None
        return self._zip.read(info)

    def nested_archives(self) -> list[_Archive]:
        archives = []
        for info in self.nested:
            if info.file_size > 10 * _MAX_SOURCE_BYTES:
                continue
            try:
                archives.append(_Archive(self._zip.read(info)))
            except (zipfile.BadZipFile, zlib.error, OSError, RuntimeError, ValueError):
                continue
        return archives


class SourceLines:
    """Lines of the program's source files (module docstring); every lookup is cached."""

    def __init__(
        self, classpath: ClassPath | None, source_roots: Iterable[str | os.PathLike[str]] = ()
    ) -> None:
        self.classpath = classpath
        """The analysed class path (None: not known)."""
        self._directories: list[Path] = [Path(root) for root in source_roots if Path(root).is_dir()]
        self._archives: list[_Archive] = []
        self._beside: list[Path] = []  # folders of .class files given as classpath entries
        for part in classpath.spec.split(os.pathsep) if classpath is not None else ():
            path = Path(part)
            if path.is_dir():
                self._directories.append(path)
            elif path.suffix == ".class" and path.is_file():
                self._beside.append(path.parent)
            elif path.is_file() and zipfile.is_zipfile(path):
                try:
                    archive = _Archive(path)
                except (zipfile.BadZipFile, zlib.error, OSError, RuntimeError, ValueError):
                    continue
                self._archives.append(archive)
                self._archives.extend(archive.nested_archives())
        self._files: dict[tuple[str, str], list[str] | None] = {}

    def source_file(self, class_name: str, source_file: str | None) -> list[str] | None:
        """The lines of the source of ``class_name`` (internal name), or None."""
        name = source_file or self._class_source_file(class_name)
        if not name:
            return None
        package = class_name.rpartition("/")[0]
        key = (package, name)
        if key not in self._files:
            self._files[key] = self._load(f"{package}/{name}" if package else name, name)
        return self._files[key]

    def line(self, location: SourceLocation) -> str | None:
        """The text of ``location``'s source line (without its line break), or None."""
        if location.line is None:
            return None
        lines = self.source_file(location.method.class_name, location.source_file)
        if lines is None or not 1 <= location.line <= len(lines):
            return None
        return lines[location.line - 1]

    def parameter_names(self, method: MethodId) -> list[str] | None:
        """`parameter_names` of ``method`` in this classpath."""
        return parameter_names(self.classpath, method)

    def _class_source_file(self, class_name: str) -> str | None:
        if self.classpath is None:
            return None
        try:
            cls = self.classpath.find(class_name)
        except JhaltError:
            return None
        return cls.source_file if cls is not None else None

    def _load(self, relative: str, name: str) -> list[str] | None:
        for directory in self._directories:
            candidate = directory / relative
            try:
                if candidate.is_file() and candidate.stat().st_size <= _MAX_SOURCE_BYTES:
                    return _decode(candidate.read_bytes())
            except OSError:
                continue
        for folder in self._beside:
            candidate = folder / name
            try:
                if candidate.is_file() and candidate.stat().st_size <= _MAX_SOURCE_BYTES:
                    return _decode(candidate.read_bytes())
            except OSError:
                continue
        for archive in self._archives:
            data = archive.read(relative)
            if data is not None:
                return _decode(data)
        # sources laid out flat (or under another root): a unique file of that name
        matches: list[tuple[_Archive, str]] = []
        for archive in self._archives:
            matches.extend((archive, m) for m in archive.members if m.rsplit("/", 1)[-1] == name)
        if len(matches) == 1:
            only, member = matches[0]
            data = only.read(member)
            return _decode(data) if data is not None else None
        return None


def parameter_names(classpath: ClassPath | None, method: MethodId) -> list[str] | None:
    """The source names of ``method``'s parameters (LocalVariableTable), or None when the class
    file does not say (no ``-g``) or cannot be read."""
    if classpath is None:
        return None
    try:
        cls = classpath.find(method.class_name)
    except JhaltError:
        return None
    info = cls.method(method.name, method.descriptor) if cls is not None else None
    if info is None or info.code is None or not info.code.local_variables:
        return None
    parameters, _ = parse_method_descriptor(method.descriptor)
    slot = 0 if info.is_static else 1
    names: list[str] = []
    for descriptor in parameters:
        name = info.code.local_name(slot, 0)
        if name is None:
            return None
        names.append(name)
        slot += 2 if descriptor in ("J", "D") else 1
    return names
