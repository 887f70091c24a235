"""The public-API witness search on the JVM (issue 19): one contained JVM per finding runs
the Java driver ``JhaltSequenceDriver`` (next to this module, with its literal table
``JhaltLiterals`` and its guidance ``JhaltGoals``), which tries call sequences by
reflection until its time budget ends and writes the first that reproduces the finding.

The driver (compiled once per JDK into the user's private cache of helper classes, checked
against its manifest before every search: `jhalt.witness.javac_cache`) reads a configuration
of tab-separated directives:

* ``budget_ms N``, ``deadline_ms T``, ``seed N``, ``result PATH`` — search time, its end in
  epoch milliseconds (so that the JVM's start-up counts), random seed, answer file;
* ``entry KIND CLASS NAME DESCRIPTOR`` — ``static``, ``instance`` or ``ctor``;
* ``expect EXCEPTION CLASS METHOD LINE`` — the claim: exception class and the first
  application frame (``LINE`` -1 when unknown);
* ``args P0,P1,…`` — per argument ``null`` (the witness's null, passed as is) or ``free``;
* ``goal ROOT PATH KIND HEX`` — the `jhalt.witness.api.goals` of the witness;
* ``class NAME`` — a public class of the program (creators and implementations come from
  these, by reflection: public constructors of concrete classes, public static factories);
* ``string HEX``, ``int N``, ``strings HEX,HEX,…`` — the witness's literals, tried first
  (then the class's own integers, `SearchRequest.literals`)
  (strings with a path separator, ``..`` or ``~`` are left out: every string may become a
  file name, and the search's calls must stay inside its scratch directory).

Search (Randoop-style, feedback-directed): per slot (receiver, object arguments) a pool of
sequences; each round creates a new object (a public constructor or factory with arguments
from literal pools or other pools) or extends one of the best (the most goals satisfied) by
a public method call; every new object is then tried in the entry call. Sequences that throw
before the entry are dropped. The answer is plain Java (casts on every argument fix the
overload). Output on stdout is discarded; the JVM runs contained
(`jhalt.witness.processes`), and halts itself shortly after its budget. The environment values
of the witness that no invocation feeds (random sources, clocks) are returned by rewritten call
sites (`jhalt.witness.inject`), as in its replay; each site returns them to its first calls in
the driver's JVM, then makes the real call.
"""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from jhalt.ids import MethodId
from jhalt.witness.api.goals import goals, seeds
from jhalt.witness.containment import contained_popen, cpu_limit_for
from jhalt.witness.inject import inject_environment
from jhalt.witness.inputs import ConcreteInputs, NullInput
from jhalt.witness.javac_cache import compiled_once
from jhalt.witness.output import exit_status
from jhalt.witness.processes import release, scratch_directory
from jhalt.witness.replay import FAST_START, Claim, Jdk, absolute_classpath
from jhalt.witness.sandbox import Sandbox, compiled_sandbox

__all__ = [
    "DRIVER_CLASS",
    "DRIVER_STRINGS",
    "FAST_START",
    "FoundCalls",
    "SearchRequest",
    "compiled_driver",
    "search_calls",
]

DRIVER_CLASS = "JhaltSequenceDriver"
_DRIVER_SOURCES = tuple(
    Path(__file__).with_name(f"{name}.java")
    for name in (DRIVER_CLASS, "JhaltLiterals", "JhaltGoals")
)
DRIVER_STRINGS = frozenset({"", "a", "-a", "--a", "-", "--", "a b", "a=b", "1", "ab", "b", "-b"})
"""The strings the driver tries besides the witness's (``JhaltLiterals.STRINGS`` and the
elements of its ``STRING_ARRAYS``): what a search may pass as a name."""
_HALT_MARGIN_S = 1.0  # the driver halts itself 0.5 s after its (absolute) deadline


@dataclass(frozen=True)
class SearchRequest:
    """One search: the entry, its witness inputs, the claim to reproduce, the program's
    public classes (binary names) and the time budget in seconds."""

    entry: MethodId
    inputs: ConcreteInputs
    claim: Claim
    public_classes: tuple[str, ...]
    budget_s: float
    seed: int = 1
    literals: tuple[int, ...] = ()
    """Integers of the class under test (`jhalt.witness.api.literals`), tried after the
    witness's own."""


def _hex(text: str) -> str:
    return text.encode("utf-8", "surrogatepass").hex()


def _harmless(text: str) -> bool:
    """Whether a witness string may be tried as any argument: no path separator and no
    ``..``, so that a string the search passes as a file name stays inside the scratch
    directory the search runs in (assumption: a library resolves relative names there)."""
    return not any(mark in text for mark in ("/", "\\", "..", "~"))


def _entry_kind(request: SearchRequest) -> str:
    if request.entry.name == "<init>":
        return "ctor"
    return "instance" if request.inputs.receiver is not None else "static"


def configuration(request: SearchRequest, result: Path) -> str:
    """The driver's configuration text for ``request`` (module docstring)."""
    entry, claim = request.entry, request.claim
    line = claim.lines[0] if claim.lines else -1
    plans = ["null" if isinstance(v, NullInput) else "free" for v in request.inputs.arguments]
    lines = [
        f"budget_ms\t{int(request.budget_s * 1000)}",
        f"deadline_ms\t{int((time.time() + request.budget_s) * 1000)}",
        f"seed\t{request.seed}",
        f"result\t{result}",
        f"entry\t{_entry_kind(request)}\t{entry.dotted_class}\t{entry.name}\t{entry.descriptor}",
        f"expect\t{claim.kind}\t{claim.method.dotted_class}\t{claim.method.name}\t{line}",
        f"args\t{','.join(plans)}",
    ]
    for goal in goals(request.inputs):
        lines.append(f"goal\t{goal.root}\t{'.'.join(goal.path)}\t{goal.kind}\t{_hex(goal.value)}")
    lines.extend(f"class\t{name}" for name in request.public_classes)
    found = seeds(request.inputs)
    strings = [text for text in found.strings if _harmless(text)]
    lines.extend(f"string\t{_hex(text)}" for text in reversed(strings))
    own = [number for number in request.literals if number not in found.ints]
    lines.extend(f"int\t{number}" for number in reversed(own))
    lines.extend(f"int\t{number}" for number in reversed(found.ints))
    for array in reversed([a for a in found.string_arrays if all(map(_harmless, a))]):
        lines.append(f"strings\t{','.join(_hex(text) for text in array)}")
    return "\n".join(lines) + "\n"


def compiled_driver(jdk: Jdk) -> Path | None:
    """The directory holding the compiled driver for ``jdk`` (compiled on first use, shared by
    the user's jhalt processes, checked at every call: `jhalt.witness.javac_cache`), None when
    javac fails."""
    if jdk.javac is None:
        return None
    return compiled_once(jdk.javac, _DRIVER_SOURCES, "jhalt-api-driver", DRIVER_CLASS)


@dataclass(frozen=True)
class FoundCalls:
    """A sequence the driver found: its statements (the last calls the entry) and where it
    passed null at run time: the entry's argument indices, and -1 when an earlier call got a
    null (a method of the sequence returned one). A sequence without nulls is preferred: one
    with nulls is reported only when none without was found in the budget."""

    statements: tuple[str, ...]
    null_arguments: tuple[int, ...]


def search_calls(request: SearchRequest, classpath: str, jdk: Jdk) -> FoundCalls | None:
    """The first call sequence that reproduces the claim, or None when the budget ends
    without one."""
    driver = compiled_driver(jdk)
    if driver is None:
        return None
    try:
        compiled_sandbox(jdk.java)  # before the search's clock starts: its first compilation
        # would eat the budget (contained_popen checks it again, cheaply)
    except OSError:
        return None
    with scratch_directory("jhalt-api-search-") as work:
        result = work / "calls.txt"
        config = work / "search.cfg"
        config.write_text(configuration(request, result), encoding="utf-8")
        try:  # the values no invocation feeds, returned by rewritten call sites
            program = inject_environment(
                absolute_classpath(classpath), request.inputs.injected, work
            )
        except ValueError:
            return None
        path = os.pathsep.join([program, str(driver)])
        flags = [*FAST_START, *(["-ea"] if request.inputs.assertions else [])]
        arguments = [*flags, "-cp", path, DRIVER_CLASS, str(config)]
        wall = request.budget_s + _HALT_MARGIN_S
        try:
            process = contained_popen(
                jdk.java, arguments, work, cpu_limit_for(wall),
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, sandbox=Sandbox.REFUSE,
            )  # fmt: skip
        except OSError:
            return None
        try:
            exit_status(process, wall)
        finally:
            release(process)
        if not result.is_file():
            return None
        lines = [line for line in result.read_text(encoding="utf-8").splitlines() if line]
        if len(lines) < 2 or not lines[0].startswith("#nulls"):
            return None
        nulls = tuple(int(index) for index in lines[0].split()[1:])
        return FoundCalls(tuple(lines[1:]), nulls)
