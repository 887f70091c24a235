"""Where classes come from: jars, class directories, single class files, and classpaths of them.

A classpath spec is a list of entries separated by ``os.pathsep`` (``:`` on Unix):
``app.jar:target/classes:Extra.class``. Earlier entries win, as with ``java -cp``.
Every problem with the input is an `InputError` with one clear line.
"""

from __future__ import annotations

import os
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from jhalt.classfile.model import ClassFile
from jhalt.classfile.reader import MAGIC, parse_class
from jhalt.errors import ClassFormatError, InputError


def _class_name_of_entry(relative: str) -> str | None:
    """``p/q/C.class`` -> ``p/q/C``; None for what is not a loadable class file."""
    if not relative.endswith(".class") or relative.startswith("META-INF/"):
        return None
    name = relative[: -len(".class")]
    if name.endswith("module-info") or name.endswith("package-info"):
        return None
    return name


def parse_manifest(text: str) -> dict[str, str]:
    """Main attributes of a MANIFEST.MF (JAR spec: 72-byte lines continued by a leading space)."""
    attributes: dict[str, str] = {}
    key = None
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if not line:
            if attributes:
                break  # the main section ends at the first blank line
            continue
        if line.startswith(" ") and key is not None:
            attributes[key] += line[1:]
        elif ":" in line:
            key, _, value = line.partition(":")
            key = key.strip()
            attributes[key] = value.strip()
    return attributes


def normalise_class_name(name: str) -> str:
    """Accept ``pkg.Main``, ``pkg/Main`` or ``pkg/Main.class``; return the internal ``pkg/Main``."""
    name = name.strip()
    if name.endswith(".class"):
        name = name[: -len(".class")]
    return name.replace(".", "/")


@dataclass
class _Entry:
    """One classpath element: knows its class names and reads a class's bytes."""

    path: Path
    names: dict[str, str]  # internal class name -> member path inside the entry
    archive: zipfile.ZipFile | None = None

    def read(self, name: str) -> tuple[bytes, str]:
        member = self.names[name]
        if self.archive is not None:
            try:
                return self.archive.read(member), f"{self.path}!/{member}"
            except (zipfile.BadZipFile, zlib.error, OSError, RuntimeError) as exc:
                raise InputError(f"{self.path}: cannot read {member}: {exc}") from None
        target = Path(member)
        try:
            return target.read_bytes(), str(target)
        except OSError as exc:
            raise InputError(f"{target}: cannot read: {exc.strerror or exc}") from None

    def header(self, name: str) -> bytes:
        """The first 8 bytes of class ``name`` (fewer if it is shorter or cannot be read)."""
        member = self.names[name]
        try:
            if self.archive is not None:
                with self.archive.open(member) as stream:
                    return stream.read(8)
            with open(member, "rb") as file:
                return file.read(8)
        except (zipfile.BadZipFile, zlib.error, OSError, RuntimeError, ValueError):
            return b""


class ClassPath:
    """The classes of the analysed program, read on demand and cached."""

    def __init__(self, entries: list[_Entry], main_class: str | None, spec: str) -> None:
        self._entries = entries
        self.main_class = main_class
        self.spec = spec
        self._cache: dict[str, ClassFile] = {}

    @classmethod
    def from_spec(cls, spec: str | os.PathLike[str]) -> ClassPath:
        parts = [p for p in str(spec).split(os.pathsep) if p]
        if not parts:
            raise InputError("empty classpath")
        entries: list[_Entry] = []
        main_class = None
        for part in parts:
            entry, manifest_main = _open_entry(Path(part))
            entries.append(entry)
            if main_class is None and manifest_main:
                main_class = normalise_class_name(manifest_main)
        if not any(e.names for e in entries):
            raise InputError(f"no class files found in {spec}")
        return cls(entries, main_class, str(spec))

    def class_names(self) -> list[str]:
        """Every class on the classpath, each once (the first entry holding it wins), sorted."""
        seen: set[str] = set()
        for entry in self._entries:
            seen.update(entry.names)
        return sorted(seen)

    def __contains__(self, name: str) -> bool:
        return any(name in e.names for e in self._entries)

    def find(self, name: str) -> ClassFile | None:
        """The class with internal name ``name``, or None when the classpath does not hold it.

        Raises `ClassFormatError` when the class is there but malformed."""
        cached = self._cache.get(name)
        if cached is not None:
            return cached
        for entry in self._entries:
            if name in entry.names:
                data, origin = entry.read(name)
                parsed = parse_class(data, origin)
                if parsed.name != name:
                    raise ClassFormatError(
                        f"declares class {parsed.name.replace('/', '.')}, "
                        f"expected {name.replace('/', '.')}",
                        origin,
                    )
                self._cache[name] = parsed
                return parsed
        return None

    def class_bytes(self, name: str) -> bytes | None:
        """The bytes of the class file of ``name`` (the first entry holding it wins), None
        when the classpath does not hold it."""
        for entry in self._entries:
            if name in entry.names:
                return entry.read(name)[0]
        return None

    def major_versions(self) -> dict[str, int]:
        """The class-file major version of every class (the first entry holding it wins),
        from the first 8 bytes of each file only; a file too short or without the class-file
        magic number is left out (reading it whole reports the problem)."""
        versions: dict[str, int] = {}
        for entry in self._entries:
            for name in entry.names:
                if name not in versions:
                    header = entry.header(name)
                    if len(header) == 8 and int.from_bytes(header[:4], "big") == MAGIC:
                        versions[name] = int.from_bytes(header[6:8], "big")
        return versions

    def runtime_spec(self) -> str:
        """The class path ``java`` is given for these classes: the spec with each single class
        file replaced by its package root, the directory the JVM loads it from (``out`` for
        ``out/demo/Spin.class`` of class ``demo.Spin``) — so a class file replays like its
        directory, with the classes next to it. A class file not below a directory laid out
        by its package stays as it is (`misplaced_classes` names it: the JVM cannot load it)."""
        parts = []
        for entry in self._entries:
            root = _package_root(entry)
            parts.append(str(root) if root is not None else str(entry.path))
        return os.pathsep.join(parts)

    def misplaced_classes(self) -> list[tuple[str, str]]:
        """The single class files of the spec that the JVM cannot load from where they are
        (not below a directory laid out by their package): (file, dotted class name)."""
        return [
            (str(entry.path), next(iter(entry.names)).replace("/", "."))
            for entry in self._entries
            if _is_class_file(entry) and _package_root(entry) is None
        ]

    def close(self) -> None:
        for entry in self._entries:
            if entry.archive is not None:
                entry.archive.close()


def _is_class_file(entry: _Entry) -> bool:
    return entry.archive is None and entry.path.suffix == ".class" and not entry.path.is_dir()


def _package_root(entry: _Entry) -> Path | None:
    """The directory a single class file entry is loaded from (`ClassPath.runtime_spec`):
    ``out`` for ``out/demo/Spin.class`` holding ``demo/Spin``; None when the file is not at
    that place below any directory. Other entries (directories, jars): the entry itself."""
    if not _is_class_file(entry):
        return entry.path
    (name,) = entry.names
    parts = name.split("/")
    path = Path(os.path.abspath(entry.path))
    if path.name != f"{parts[-1]}.class":
        return None
    root = path.parent
    for package in reversed(parts[:-1]):
        if root.name != package:
            return None
        root = root.parent
    return root


def _open_entry(path: Path) -> tuple[_Entry, str | None]:
    if not path.exists():
        raise InputError(f"{path}: no such file or directory")
    if path.is_dir():
        return _open_directory(path), None
    if not os.access(path, os.R_OK):
        raise InputError(f"{path}: permission denied")
    if path.suffix == ".class":
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
        parsed = parse_class(data, str(path))
        return _Entry(path, {parsed.name: str(path)}), None
    return _open_jar(path)


def _open_directory(path: Path) -> _Entry:
    names: dict[str, str] = {}
    try:
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for file in sorted(files):
                full = Path(root, file)
                name = _class_name_of_entry(full.relative_to(path).as_posix())
                if name is not None:
                    names.setdefault(name, str(full))
    except OSError as exc:  # pragma: no cover - os.walk swallows most errors
        raise InputError(f"{path}: cannot list: {exc}") from None
    if not os.access(path, os.R_OK | os.X_OK):
        raise InputError(f"{path}: permission denied")
    return _Entry(path, names)


def _open_jar(path: Path) -> tuple[_Entry, str | None]:
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise InputError(f"{path}: not a jar, a class file or a directory") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read: {exc.strerror or exc}") from None
    names: dict[str, str] = {}
    main_class = None
    for member in archive.namelist():
        name = _class_name_of_entry(member)
        if name is not None:
            names.setdefault(name, member)
    try:
        manifest = archive.read("META-INF/MANIFEST.MF").decode("utf-8", "replace")
        main_class = parse_manifest(manifest).get("Main-Class") or None
    except KeyError:
        pass
    except (zipfile.BadZipFile, zlib.error, OSError, RuntimeError) as exc:
        raise InputError(f"{path}: cannot read the manifest: {exc}") from None
    return _Entry(path, names, archive), main_class
