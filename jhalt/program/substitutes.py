"""jhalt's sequential stream library: JDK stream code the analysis executes as bytecode (issue 33).

``java.util.stream`` pipelines call back the program's lambdas from library code, which the
model registry cannot express (a model cannot call program code and resume). Instead, jhalt
supplies that library itself, written in Java (``stream_library/``, next to this module) and
compiled with the machine's ``javac`` on first use: its classes are analysed like program code,
the way the classes of lambda objects are (`jhalt.program.lambdas`).

- **Stand-ins** (`STAND_INS`): ``java.util.Optional``, ``java.util.OptionalInt`` and the
  interfaces ``java.util.stream.BaseStream``/``Stream``/``IntStream`` are replaced by jhalt's
  classes of the same names, which declare only the supported operations (filter, map,
  mapToInt, mapToObj, boxed, peek, limit, skip, forEach, reduce, sum, min, max, anyMatch,
  allMatch, noneMatch, findFirst, findAny, count, collect(Collector) — any collector, asked in
  the JDK's order —, toList; the static factories ``of``, ``empty``, ``range``,
  ``rangeClosed``, ``iterate``). The implementations live in ``jhalt/stream/…`` (pull-based
  stages: a terminal operation pulls each element through the stages in pipeline order,
  short-circuiting operations stop pulling, as the JDK's sequential pipelines traverse).
- **Redirects** (`REDIRECTS`): JDK entry points outside those classes that make a stream —
  ``Arrays.stream(T[])``, ``Arrays.stream(int[])``, ``String.chars()`` — call a static method
  of ``jhalt/stream/Sources`` instead (the receiver first).

Assumptions, stated where they are made: sequential streams only (``parallel()``,
``unordered()`` and every other operation not written here are not supported: their call is
answered by the JDK's shape as an unknown library call, which leaves the path undecided
whenever a lambda object reaches it); no source is modified while a pipeline traverses it;
``findAny`` answers the first element (what the JDK's sequential implementation does). The
exceptions are the JDK's: ``get``/``getAsInt``/``orElseThrow`` of an empty optional throw
NoSuchElementException "No value present", a null element chosen by ``findFirst`` or
``reduce`` NullPointerException, a negative ``limit``/``skip`` IllegalArgumentException, a second
operation on a stream IllegalStateException. ``count`` runs no stage of a pipeline whose size is
known without traversal (JDK 9+); after ``limit``/``skip`` of a sized source the JDK's choice
depends on its version, and the path is undecided (`UNDECIDED`).

Without ``javac`` (or when it fails) there is no library: the stand-ins are the JDK's shapes as
before, and a call of a redirected entry point or of a stand-in's method is undecided with the
reason (`unavailable`). The compiled classes are kept in ``<cache root>/stream-library/<key>``
(key: the sources' hash and the ``javac`` used) when a cache root is given, else in memory for
the process only.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path

from jhalt.classfile.model import ClassFile
from jhalt.classfile.reader import parse_class
from jhalt.errors import JhaltError
from jhalt.ids import MethodId
from jhalt.program.jdk_library import default_jdk_home, selected_jdk

__all__ = [
    "LIBRARY_PACKAGE",
    "REDIRECTS",
    "SOURCES",
    "STAND_INS",
    "UNDECIDED",
    "StreamLibrary",
    "is_library_class",
    "selected_stream_library",
    "stream_library",
]

SOURCES = Path(__file__).with_name("stream_library")
LIBRARY_PACKAGE = "jhalt/stream/"
STAND_INS = frozenset(
    {
        "java/util/Optional",
        "java/util/OptionalInt",
        "java/util/stream/BaseStream",
        "java/util/stream/Stream",
        "java/util/stream/IntStream",
    }
)
_SOURCE_CLASS = LIBRARY_PACKAGE + "Sources"
_STREAM, _INT_STREAM = "Ljava/util/stream/Stream;", "Ljava/util/stream/IntStream;"
REDIRECTS = {
    MethodId("java/util/Arrays", "stream", f"([Ljava/lang/Object;){_STREAM}"): MethodId(
        _SOURCE_CLASS, "arrayStream", f"([Ljava/lang/Object;){_STREAM}"
    ),
    MethodId("java/util/Arrays", "stream", f"([I){_INT_STREAM}"): MethodId(
        _SOURCE_CLASS, "intArrayStream", f"([I){_INT_STREAM}"
    ),
    MethodId("java/lang/String", "chars", f"(){_INT_STREAM}"): MethodId(
        _SOURCE_CLASS, "chars", f"(Ljava/lang/String;){_INT_STREAM}"
    ),
}
UNDECIDED = {
    MethodId(LIBRARY_PACKAGE + "Undecided", "sizedSlice", "()J"): (
        "count() of a sized stream after limit/skip: whether the JDK runs the pipeline's "
        "actions depends on its version (JDK 17 traverses it, JDK 18 and later do not)"
    ),
}
"""The library's methods without a body: a call leaves the path undecided with this reason."""
_COMPILE_SECONDS = 120
_COMPILED: dict[str, dict[str, ClassFile]] = {}
"""The classes compiled in this process, by `_key`: a function of the sources and the javac."""


def is_library_class(name: str) -> bool:
    """Whether ``name`` is a class of the library (a stand-in or one of ``jhalt/stream``)."""
    return name in STAND_INS or name.startswith(LIBRARY_PACKAGE)


def _source_files() -> list[Path]:
    return sorted(SOURCES.rglob("*.java"))


def _key(javac: Path) -> str:
    digest = hashlib.sha256(str(javac).encode())
    for source in _source_files():
        digest.update(source.relative_to(SOURCES).as_posix().encode() + b"\0")
        digest.update(source.read_bytes())
    return digest.hexdigest()[:24]


def _read_classes(directory: Path) -> dict[str, ClassFile]:
    found: dict[str, ClassFile] = {}
    for path in sorted(directory.rglob("*.class")):
        parsed = parse_class(path.read_bytes(), f"jhalt stream library ({path.name})")
        found[parsed.name] = parsed
    return found


def _compile(javac: Path, target: Path) -> None:
    """Compile the sources into ``target`` (the stand-ins patch ``java.base`` for javac)."""
    command = [str(javac), "-nowarn", "-g", "--patch-module", f"java.base={SOURCES}"]
    command += ["-d", str(target), *(str(p) for p in _source_files())]
    done = subprocess.run(
        command, capture_output=True, text=True, timeout=_COMPILE_SECONDS, check=False
    )
    if done.returncode != 0:
        raise OSError(f"javac failed: {(done.stderr or done.stdout).strip()[:300]}")


class StreamLibrary:
    """The compiled library of one ``javac`` (module docstring), compiled on first use."""

    def __init__(self, javac: Path | None, cache_root: Path | None) -> None:
        self.javac = javac
        self.cache_root = cache_root
        self._classes: dict[str, ClassFile] | None = None
        self.reason: str | None = None if javac is not None else "no javac found"

    def classes(self) -> dict[str, ClassFile]:
        """The library's classes by name; empty (with `reason` set) when there are none."""
        if self._classes is None:
            self._classes = {}
            if self.javac is not None:
                try:
                    self._classes = self._load(self.javac)
                except (OSError, subprocess.SubprocessError, JhaltError) as error:
                    self.reason = f"compiling jhalt's stream library failed: {error}"
        return self._classes

    def _load(self, javac: Path) -> dict[str, ClassFile]:
        key = _key(javac)
        if key not in _COMPILED:
            _COMPILED[key] = self._compiled(javac, key)
        return _COMPILED[key]

    def _compiled(self, javac: Path, key: str) -> dict[str, ClassFile]:
        if self.cache_root is None:
            with tempfile.TemporaryDirectory(prefix="jhalt-streams-") as temporary:
                _compile(javac, Path(temporary))
                return _read_classes(Path(temporary))
        directory = self.cache_root / key
        if not directory.is_dir():
            self.cache_root.mkdir(mode=0o700, parents=True, exist_ok=True)
            scratch = Path(tempfile.mkdtemp(dir=self.cache_root, prefix=".build-"))
            _compile(javac, scratch)
            try:
                os.rename(scratch, directory)  # atomic: concurrent runs see all or nothing
            except OSError:
                shutil.rmtree(scratch, ignore_errors=True)  # another run was first
        return _read_classes(directory)

    def find(self, name: str) -> ClassFile | None:
        """The library's class ``name``, None when it has none (or no library was built)."""
        return self.classes().get(name) if is_library_class(name) else None

    def status(self) -> str:
        """One line for ``jhalt doctor``, without compiling anything."""
        if self.javac is None:
            return f"not available: {self.reason} (stream pipelines are left undecided)"
        kept = self.cache_root if self.cache_root is not None else "memory, for one run"
        return f"compiled by {self.javac} on first use, kept in {kept}"

    def unavailable(self) -> str | None:
        """Why there is no library (None when there is one)."""
        return None if self.classes() else (self.reason or "jhalt's stream library is empty")


def _javac_of(home: Path | None) -> Path | None:
    if home is not None and (home / "bin" / "javac").is_file():
        return home / "bin" / "javac"
    found = shutil.which("javac")
    return Path(found).resolve() if found is not None else None


@lru_cache(maxsize=4)
def stream_library(home: Path | None, cache_root: Path | None) -> StreamLibrary:
    """The library compiled by the ``javac`` of the JDK at ``home`` (else the one on ``PATH``),
    kept below ``cache_root/stream-library`` when a cache root is given; one per process."""
    root = cache_root / "stream-library" if cache_root is not None else None
    return StreamLibrary(_javac_of(home), root)


def selected_stream_library() -> StreamLibrary:
    """The library of the JDK `jhalt.program.jdk_library` selected (its javac, else the one on
    ``PATH``), kept next to that JDK's cached image shapes (the user's cache directory)."""
    home, shapes = selected_jdk()
    return stream_library(home or default_jdk_home(), shapes.parent if shapes else None)
