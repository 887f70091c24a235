"""The results cache of `jhalt check` (issue 19): an entry whose classes did not change is not
analysed again; its stored result is reported instead, reproducers included.

Key. A stored result is found under the hash of the run's *salt* — jhalt's version and the
hash of every file of the installed ``jhalt`` package (any change of the analysis invalidates
everything), ``--timeout``, whether entries are called as methods, the JDK that replays
(``java``'s resolved path), the JDK class library the analysis reads (its runtime image's
path and version, or why there is none), why replay is off (``--no-validate``, a class-file version the
JVM cannot run), ``--unsafe-replay``, the environment settings (``--inputs``,
``--assertions``) and ``--reproducer-style`` (the stored reproducers' tests) — with the
entry and the hash of its class file's bytes. It is used only when
every class the entry's analysis looked up (`RecordingClasses`) still has the bytes it had
(hashes compared) or is still missing from the classpath, and, when the analysis listed the
classpath's classes (subtype scans), the list of class names is the same. A lookup the
classpath answered with "missing" (a JDK class, described by jhalt itself) is recorded as well:
a class of that name added to the classpath invalidates the result.

Assumption: the outcome of an entry — the analysis and the replay of its witnesses — depends
only on these classes, the salt and the JVM. The replay runs the program, which may load
classes the analysis never looked up (reflection, a dispatch the graph excluded); a change
to such a class alone is not seen. ``--no-cache`` analyses everything afresh.

What is stored. Every answer of an entry, and the timeout of a worker stopped after
``--timeout`` (`CachedTimeout`: valid while no class of the classpath changes, since the
stopped worker could not say what it read); a worker that failed stores nothing, and neither
does an answer with a finding whose replay could not start (no sandbox, the JVM refused its
options: `jhalt.witness.startup.could_not_start`), which says more of the machine than of the
program.
An answer is *partial* when time cut it (`partial`: a worker's timeout, a phase that ran out of time, an exception
replay stopped while still running, an entry that took `PARTIAL_FRACTION` of ``--timeout``
or more): another run, on a less loaded machine, could find more. It is reused like any
other — a re-run after a change re-analyses only what changed, and it is the answer jhalt
gave with this ``--timeout`` — unless ``--recheck-partial`` asks to analyse partial answers
again. The findings' reproducer files (the directory of each kept finding's
reproducer) are stored with the result and written again under the new run's reproducer
directory, their paths in the witnesses rewritten: a cached finding is the finding of the run
that stored it, with the same witness, replay status and reproducer text.

Files. ``DIR/results/<2 hex>/<64 hex>.pickle``: a magic line, the SHA-256 of the payload, and
the payload (a pickle). A file that is truncated, altered, or cannot be read is ignored with
one ``jhalt: warning:`` line on stderr and replaced by the fresh result. Pickle executes code
from the file it loads: the cache directory must be as trusted as the jhalt installation
(it is the user's own, ``$XDG_CACHE_HOME/jhalt`` by default: `jhalt.witness.user_cache`).
Nothing is ever deleted; ``rm -r`` the directory to reclaim space.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import hashlib
import json
import os
import pickle
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import jhalt
from jhalt.analyses.check import CheckedEntry, CheckSettings, ReplaySetup
from jhalt.classfile import ClassFile, ClassPath
from jhalt.errors import JhaltError
from jhalt.findings import Finding
from jhalt.ids import MethodId
from jhalt.program import Program
from jhalt.program.jdk import jdk_descriptions
from jhalt.program.jdk_library import jdk_library, selected_jdk, use_jdk_home
from jhalt.seg.evaluate.callee_effects import shared_facts
from jhalt.witness.startup import could_not_start

MAGIC = b"jhalt-results-cache 1\n"
PARTIAL_FRACTION = 0.9
"""An answer of an entry that took this fraction of ``--timeout`` or more counts as partial."""

PARTIAL_MARKS = ("timeout", "no exception was thrown")
"""Marks of an answer cut by time: a phase that ran out ("timeout in …", also the stats'
``non_termination_stopped``), and an exception replay stopped still running ("still running
after S s; no exception was thrown"), which a less loaded machine could have confirmed."""

CACHEDIR_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# jhalt results cache\n"
"""The Cache Directory Tagging Specification's tag: backup tools skip the directory."""


CODE_SUFFIXES = (".py", ".json", ".java")
"""The files of the package that make its answers: Python, data, and the Java helpers that
run in the JVM (the public-API search driver decides which findings are reported)."""


@functools.lru_cache(maxsize=1)
def code_digest() -> str:
    """SHA-256 of jhalt's version and of every `CODE_SUFFIXES` file of the package."""
    digest = hashlib.sha256(jhalt.__version__.encode())
    root = Path(jhalt.__file__).parent
    for path in sorted(root.rglob("*")):
        if path.suffix in CODE_SUFFIXES and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def run_salt(
    timeout_s: float,
    as_method: bool,
    setup: ReplaySetup,
    settings: CheckSettings,
    unsafe_replay: bool = False,
) -> str:
    """The part of every key that comes from jhalt and the options (module docstring)."""
    java = os.path.realpath(setup.jdk.java) if setup.jdk is not None else "no JDK"
    environment = json.dumps(dataclasses.asdict(settings), default=sorted, sort_keys=True)
    parts = [code_digest(), repr(float(timeout_s)), str(as_method), java, str(setup.skip_reason)]
    parts += [environment, jdk_library().status(), setup.reproducer_style.value]
    if unsafe_replay:
        parts.append("--unsafe-replay")
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


# ------------------------------------------------------------------ what an entry reads


class RecordingClasses:
    """A `jhalt.program.world.ClassSource` over a classpath that remembers every class name
    looked up (and whether the classpath held it) and whether the names were listed."""

    def __init__(self, classes: ClassPath) -> None:
        self._classes = classes
        self.main_class = classes.main_class
        self.looked_up: dict[str, bool] = {}
        self.listed = False

    def find(self, name: str) -> ClassFile | None:
        found = self._classes.find(name)
        self.looked_up[name] = found is not None
        return found

    def class_names(self) -> list[str]:
        self.listed = True
        return self._classes.class_names()

    def reads(self) -> Reads:
        return Reads(tuple(sorted(self.looked_up.items())), self.listed)


@dataclass(frozen=True)
class Reads:
    """What one entry's analysis read: class names with whether the classpath held them, and
    whether it listed all class names."""

    classes: tuple[tuple[str, bool], ...]
    listed: bool


@dataclass(frozen=True)
class Recorded:
    """One entry's result with what it read and the reproducer files of its kept findings
    (paths relative to ``root``, the reproducer directory they were written under)."""

    result: CheckedEntry
    reads: Reads
    root: str
    reproducers: dict[str, bytes] = field(default_factory=dict)


_OPEN: dict[str, ClassPath] = {}
"""The classpaths open in this process, by spec (`share_classpath`, `classpath_of`)."""
_FACTS: dict[str, dict[tuple[object, ...], object]] = {}
"""The shared facts of the programs of this process, by spec (`RecordingCheck.prepare`)."""


def share_classpath(classpath: ClassPath) -> None:
    """Make ``classpath`` the one `classpath_of` answers for its spec in this process (and in
    the workers it forks), so that it is not opened again."""
    _OPEN[classpath.spec] = classpath


def classpath_of(spec: str) -> ClassPath:
    """The classpath of ``spec``, opened once per process (a dask worker opens it itself)."""
    if spec not in _OPEN:
        _OPEN[spec] = ClassPath.from_spec(spec)
    return _OPEN[spec]


@dataclass(frozen=True)
class RecordingCheck:
    """Runs ``run(program, entry)`` over a `RecordingClasses` view of the classpath ``spec``
    (a fresh `Program` per entry, so nothing an earlier entry computed hides a read) and
    answers a `Recorded`. Picklable when ``run`` is: the dask runner ships it to workers."""

    run: Callable[[Program, MethodId], CheckedEntry]
    spec: str
    reproducer_root: Path
    jdk: tuple[Path | None, Path | None] = field(default_factory=selected_jdk)
    """The JDK class library chosen where the check was made (``--java``), chosen again
    where it runs (a dask worker is another process)."""

    def prepare(self, share_facts: bool = True) -> None:
        """Open the classpath, load jhalt's JDK descriptions, open the JDK image and (with
        ``share_facts``) compute the program's shared facts (`shared_facts`) in this process,
        once: the workers forked from it (one per entry) inherit them instead of each
        computing them. Everything alive then is moved out of the garbage collector's
        generations (`gc.freeze`): the workers' collections skip it."""
        classpath_of(self.spec)
        jdk_descriptions()
        use_jdk_home(*self.jdk)
        jdk_library()
        if share_facts and self.spec not in _FACTS:
            try:
                _FACTS[self.spec] = shared_facts(Program(classpath_of(self.spec)))
            except JhaltError:
                _FACTS[self.spec] = {}  # each entry meets the class that fails itself
        # what the workers inherit lives as long as they do: out of the collector's sight,
        # so that a worker's full collections do not walk it again and again (guava: 7 of
        # an entry's 34 s were such collections, BENCHMARKS.md session 13)
        gc.collect()
        gc.freeze()

    def __call__(self, entry: MethodId) -> Recorded:
        use_jdk_home(*self.jdk)
        recorder = RecordingClasses(classpath_of(self.spec))
        program = Program(recorder)
        # taken over, not recorded: an entry that uses them looks up every program class
        # itself (`callee_effects`), so its recorded reads cover what they depend on
        program.cache.update(_FACTS.get(self.spec, {}))
        result = self.run(program, entry)
        files = reproducer_files(result, self.reproducer_root)
        return Recorded(result, recorder.reads(), str(self.reproducer_root), files)


def reproducer_files(result: CheckedEntry, root: Path) -> dict[str, bytes]:
    """Every file of the directory (under ``root``) holding a kept finding's reproducer, by
    path relative to ``root``."""
    files: dict[str, bytes] = {}
    for finding in result.kept:
        if not finding.witness.reproducer:
            continue
        directory = Path(finding.witness.reproducer).parent
        if not directory.is_relative_to(root) or directory == root:
            continue
        for path in sorted(directory.rglob("*")):
            if path.is_file():
                files[str(path.relative_to(root))] = path.read_bytes()
    return files


def restore(recorded: Recorded, root: Path, *, write: bool) -> CheckedEntry:
    """``recorded``'s result with the witnesses' reproducer paths moved to ``root`` from
    ``recorded.root``; with ``write``, its reproducer files are written there."""
    for relative, data in recorded.reproducers.items() if write else ():
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    if Path(recorded.root) == root:
        return recorded.result
    old = recorded.root.rstrip("/") + "/"
    kept = tuple(
        _moved(finding, old, str(root).rstrip("/") + "/") for finding in recorded.result.kept
    )
    return dataclasses.replace(recorded.result, kept=kept)  # `proved` kept too


def _moved(finding: Finding, old: str, new: str) -> Finding:
    reproducer = finding.witness.reproducer
    if not reproducer or not reproducer.startswith(old):
        return finding
    witness = dataclasses.replace(finding.witness, reproducer=new + reproducer[len(old) :])
    return dataclasses.replace(finding, witness=witness)


# ------------------------------------------------------------------ the store


class CorruptCacheFile(Exception):
    """A cache file that cannot be used: its text says why."""


@dataclass(frozen=True)
class _Stored:
    """The content of one cache file."""

    entry: str
    classes: tuple[tuple[str, str | None], ...]  # name → SHA-256 of its bytes, None: missing
    names: str | None  # SHA-256 of the class-name list, when the analysis listed it
    recorded: Recorded | CachedTimeout
    partial: bool  # cut by time (`partial`)
    whole: str | None = None  # SHA-256 of every class (a timeout: what it read is unknown)


@dataclass(frozen=True)
class CachedTimeout:
    """An entry whose worker ran out of ``--timeout`` (``error``: "timeout after S s"): the
    answer "no answer in time", partial, valid while no class of the classpath changes (the
    worker was stopped before it could say what it read)."""

    error: str


class ResultsCache:
    """The cache directory for one run over ``classpath`` with ``salt`` (`run_salt`).
    ``warn`` prints a one-line warning (the CLI's stderr). The class hashes are computed once
    per run, from the classpath as it is then."""

    def __init__(
        self,
        directory: Path,
        classpath: ClassPath,
        salt: str,
        warn: Callable[[str], None],
        recheck_partial: bool = False,
    ) -> None:
        self.directory = directory
        self._classpath = classpath
        self._salt = salt
        self._warn = warn
        self._digests: dict[str, str | None] = {}
        self._names: str | None = None
        self._everything: str | None = None
        self._writable = True
        self._recheck_partial = recheck_partial
        self.hits = 0

    def lookup(self, entry: MethodId) -> Recorded | CachedTimeout | None:
        """The stored result of ``entry``, if one is stored and still valid (module docstring)."""
        path = self._path(entry)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._warn(f"cannot read the results cache file {path}: {exc.strerror or exc}")
            return None
        try:
            stored = _decode(data)
        except CorruptCacheFile as exc:
            self._warn(f"ignoring the corrupt results cache file {path}: {exc}")
            return None
        if stored.entry != str(entry) or (stored.partial and self._recheck_partial):
            return None
        if not self._still_valid(stored):
            return None
        self.hits += 1
        return stored.recorded

    def store(self, entry: MethodId, recorded: Recorded, time_s: float, timeout_s: float) -> None:
        """Keep ``recorded`` for ``entry``, marked partial when it is (module docstring) —
        unless a replay of it could not start (`could_not_start`: no sandbox, the JVM refused
        its options): that is an answer of the machine at the time, not of the program."""
        if any(could_not_start(f.witness.replay_detail) for f in recorded.result.kept):
            return
        classes = tuple((name, self._digest(name)) for name, _ in recorded.reads.classes)
        names = self._names_digest() if recorded.reads.listed else None
        cut = partial(recorded.result, time_s, timeout_s)
        self._write(entry, _Stored(str(entry), classes, names, recorded, cut))

    def store_timeout(self, entry: MethodId, error: str) -> None:
        """Keep the timeout of ``entry``'s worker (`CachedTimeout`)."""
        self._write(entry, _Stored(str(entry), (), None, CachedTimeout(error), True, self._whole()))

    def _write(self, entry: MethodId, stored: _Stored) -> None:
        """``stored`` into ``entry``'s file. A directory that cannot be written is named once
        and the cache is not written again."""
        if not self._writable:
            return
        payload = pickle.dumps(stored, protocol=5)
        path = self._path(entry)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tag = self.directory / "CACHEDIR.TAG"
            if not tag.exists():
                tag.write_text(CACHEDIR_TAG)
            _write_atomically(path, _encode(payload))
        except OSError as exc:
            self._writable = False
            self._warn(f"cannot write the results cache in {self.directory}: {exc.strerror or exc}")

    def _path(self, entry: MethodId) -> Path:
        key = "\0".join((self._salt, str(entry), self._digest(entry.class_name) or "missing"))
        name = hashlib.sha256(key.encode()).hexdigest()
        return self.directory / "results" / name[:2] / f"{name}.pickle"

    def _still_valid(self, stored: _Stored) -> bool:
        if stored.names is not None and stored.names != self._names_digest():
            return False
        if stored.whole is not None and stored.whole != self._whole():
            return False
        return all(self._digest(name) == digest for name, digest in stored.classes)

    def _digest(self, name: str) -> str | None:
        if name not in self._digests:
            data = self._classpath.class_bytes(name) if name in self._classpath else None
            self._digests[name] = hashlib.sha256(data).hexdigest() if data is not None else None
        return self._digests[name]

    def _whole(self) -> str:
        """SHA-256 of every class name of the classpath with the hash of its bytes."""
        if self._everything is None:
            digest = hashlib.sha256()
            for name in self._classpath.class_names():
                digest.update(f"{name}\0{self._digest(name)}\n".encode())
            self._everything = digest.hexdigest()
        return self._everything

    def _names_digest(self) -> str:
        if self._names is None:
            listed = "\n".join(self._classpath.class_names())
            self._names = hashlib.sha256(listed.encode()).hexdigest()
        return self._names


def partial(result: CheckedEntry, time_s: float, timeout_s: float) -> bool:
    """Whether time cut ``result`` (module docstring)."""
    if time_s >= PARTIAL_FRACTION * timeout_s:
        return True
    texts: Iterable[str] = (*result.notes, *result.dropped, repr(result.stats))
    return any(mark in text for text in texts for mark in PARTIAL_MARKS)


def _encode(payload: bytes) -> bytes:
    return MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def _decode(data: bytes) -> _Stored:
    """The content of a cache file; `CorruptCacheFile` when it is not one."""
    if not data.startswith(MAGIC):
        raise CorruptCacheFile("not a jhalt results cache file")
    header, _, payload = data[len(MAGIC) :].partition(b"\n")
    if hashlib.sha256(payload).hexdigest().encode() != header:
        raise CorruptCacheFile("checksum mismatch (truncated or altered)")
    try:
        stored = pickle.loads(payload)
    except Exception as exc:  # a payload of an incompatible jhalt: any unpickling error
        raise CorruptCacheFile(f"unreadable ({type(exc).__name__})") from None
    if not isinstance(stored, _Stored):
        raise CorruptCacheFile("unexpected content")
    return stored


def _write_atomically(path: Path, data: bytes) -> None:
    """``data`` into ``path`` through a temporary file renamed over it: a reader sees the old
    file or the new one, never a part (two runs sharing the cache may write the same file)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".pickle")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def warn_line(message: str) -> None:
    """The cache's warning line on stderr."""
    print(f"jhalt: warning: {message}", file=sys.stderr, flush=True)
