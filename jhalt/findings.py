"""What analyses answer: verdicts, witnesses, findings. Plain immutable values.

Every NO and every finding carries a `Witness`; every answer of `jhalt prove` carries its
`Evidence` (issue 13 item 3): a YES its termination proof, a NO its non-termination proof,
a MAYBE the reason (`MaybeReason`). Each kind of evidence is a type of the analysis that
makes it; it renders itself to text and JSON, names its assumptions and can be re-checked.

A finding's kind (issue 35 item 4) is a `FindingKind`, looked up by its name with `kind_of`:
an uncaught exception of any class is a kind without an entry; the others (``non-termination``)
and exception classes with their own help text are one entry each in `KINDS`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from jhalt.ids import MethodId


class Verdict(Enum):
    """Termination verdicts in the termination-competition convention."""

    YES = "YES"  # terminates for every input
    NO = "NO"  # some input makes it run forever (a witness is attached)
    MAYBE = "MAYBE"  # not decided; the reason says why

    def __str__(self) -> str:
        return self.value


class Replay(Enum):
    """What running a witness on a real JVM showed."""

    CONFIRMED = "confirmed"
    REPRODUCED = "reproduced"
    """Shown by a run whose environment values were injected by rewriting call sites
    (`jhalt.witness.inject`: random sources, clocks): not the user's program as it is, so
    never "confirmed" (issue 33)."""
    UNCONFIRMED = "unconfirmed"  # ran, but did not show the claimed behaviour
    NOT_RUN = "not run"  # not replayed: --no-validate, no JDK, no sandbox, the JVM refused


@dataclass(frozen=True)
class JdkUsed:
    """The JDK that replays ran on (issue 32): its version as it states it (``25.0.3``;
    ``unknown`` when it cannot be read) and its home directory."""

    version: str
    home: str

    def text(self) -> str:
        """``25.0.3 (/usr/lib/jvm/temurin-25-jdk-amd64)``."""
        return f"{self.version} ({self.home})"

    def to_json(self) -> dict[str, str]:
        return {"version": self.version, "path": self.home}


@dataclass(frozen=True)
class Witness:
    """Concrete inputs that lead to the reported behaviour.

    ``args`` is set for a ``main(String[])`` entry; ``inputs`` describes the parameters
    (and static fields) of any other entry, as JSON-ready values; ``reproducer`` is the
    path of generated Java source that replays it, if one was written."""

    args: tuple[str, ...] | None = None
    inputs: dict[str, Any] = field(default_factory=dict)
    reproducer: str | None = None
    replay: Replay = Replay.NOT_RUN
    replay_detail: str = ""
    calls: tuple[str, ...] = ()
    """The public-API form (issue 19): plain Java statements — public constructors,
    factories and methods — whose last one shows the behaviour; ``reproducer`` then runs
    them. Empty when no such form was found."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.args is not None:
            data["args"] = list(self.args)
        if self.inputs:
            data["inputs"] = self.inputs
        if self.calls:
            data["calls"] = list(self.calls)
        if self.reproducer:
            data["reproducer"] = self.reproducer
        data["replay"] = self.replay.value
        if self.replay_detail:
            data["replay_detail"] = self.replay_detail
        return data


@dataclass(frozen=True)
class SourceLocation:
    """Where in the program: method, pc and, when the class file says, source file and line."""

    method: MethodId
    pc: int
    source_file: str | None = None
    line: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "method": str(self.method),
            "pc": self.pc,
            "source_file": self.source_file,
            "line": self.line,
        }


class Shown(Enum):
    """How a run on the JVM shows a finding of a kind: what its replay judges
    (`jhalt.witness.replay`), what the replay may first watch (`jhalt.dynamic.confirm`) and what
    the reproducer's JUnit test asserts (`jhalt.witness.junit`). A kind shown a new way
    needs a member here and its judge, observer and test there."""

    THROWN = "thrown"
    """The exception escapes uncaught with the reported method as the first application frame
    (JUnit: ``assertDoesNotThrow`` fails; the characterising test: ``assertThrows``)."""
    LOOPING = "still running"
    """Still running inside the reported loop after the wait, or a stack overflow inside the
    reported recursion (JUnit: ``assertTimeoutPreemptively`` fails)."""


@dataclass(frozen=True)
class FindingKind:
    """One kind of finding and everything the outputs say of it.

    ``name`` is the ``kind`` of the JSON output, of suppressions and of baseline fingerprints
    (``java.lang.NullPointerException``, ``non-termination``); ``heading`` starts the text
    output's title, followed by the finding's message less ``message_prefix`` (which the
    analysis's message starts with, so the name is not said twice); ``rule_id``, ``title`` and
    ``help`` are its SARIF rule's id and name, short description and full description / help;
    ``shown`` how a replay shows it. ``exception`` is the dotted exception class of a
    `Shown.THROWN` kind (None for the others): such a kind is searched for public calls that
    throw it (`jhalt.witness.api`) and may be a precondition (`jhalt.analyses.triage`)."""

    name: str
    heading: str
    rule_id: str
    title: str
    help: str
    shown: Shown
    exception: str | None = None
    message_prefix: str = ""

    def __post_init__(self) -> None:
        if (self.shown is Shown.THROWN) != (self.exception is not None):
            raise ValueError(f"finding kind {self.name}: an exception exactly when it is thrown")


def exception_kind(name: str, help_text: str | None = None) -> FindingKind:
    """The kind of an uncaught exception of the class ``name`` (dotted, as the analysis writes
    it): rule id its simple name, help ``help_text`` or a sentence that names the class."""
    simple = name.rsplit(".", 1)[-1]
    return FindingKind(
        name=name,
        heading=f"uncaught {name}",
        rule_id=simple,
        title=f"Uncaught {name}",
        help=help_text or f"The program throws {name} uncaught.",
        shown=Shown.THROWN,
        exception=name.replace("/", "."),
        message_prefix=f"uncaught {simple}: ",
    )


NON_TERMINATION = FindingKind(
    name="non-termination",
    heading="non-termination",
    rule_id="non-termination",
    title="Non-termination",
    help="Some input makes this loop or recursion run forever. The witness gives one such input; "
    "the reproducer runs it.",
    shown=Shown.LOOPING,
)

KINDS: dict[str, FindingKind] = {
    kind.name: kind
    for kind in (
        NON_TERMINATION,
        exception_kind(
            "java.lang.NullPointerException",
            "A null reference is dereferenced (field access, method call, array access or "
            "throw). The witness gives inputs that reach it.",
        ),
        exception_kind(
            "java.lang.ArrayIndexOutOfBoundsException", "An array is indexed outside 0..length-1."
        ),
        exception_kind(
            "java.lang.NegativeArraySizeException", "An array is created with a negative length."
        ),
        exception_kind(
            "java.lang.ArithmeticException", "An integer division or remainder by zero."
        ),
        exception_kind("java.lang.ClassCastException", "A checked cast fails at run time."),
        exception_kind(
            "java.lang.ArrayStoreException",
            "A value is stored into an array of an incompatible runtime type.",
        ),
    )
}
"""The kinds with an entry: adding a kind of finding is one entry here (every other exception
class is a kind without one, `kind_of`)."""


def kind_of(name: str) -> FindingKind:
    """The kind named ``name`` (`Finding.kind`, `jhalt.witness.claim.Claim.kind`): its entry in
    `KINDS`, else the uncaught exception of that class (assumption: every name without an
    entry is an exception class, as the exception analysis writes them)."""
    return KINDS.get(name) or exception_kind(name)


@dataclass(frozen=True)
class Finding:
    """One problem found by `jhalt check`: an uncaught exception or non-termination."""

    kind: str
    """The name of its `FindingKind` (`kind_of`): ``java.lang.NullPointerException``, …, or
    ``non-termination``."""
    message: str
    location: SourceLocation
    entry: MethodId
    witness: Witness
    path: tuple[SourceLocation, ...] = ()
    level: str = "error"
    """The triage level (issue 19, README "Triage levels"): ``error``, ``warning`` or
    ``note`` — SARIF's levels; ``category`` says why (``public API``, ``null argument``, …)."""
    category: str = ""
    calls: tuple[MethodId, ...] = ()
    """For a non-termination: the recursive methods its loop calls, whose calls may get deeper
    with every iteration (the replay's `Claim.calls`, `jhalt.witness.deepening`)."""
    derivation: str = ""
    """The analysis's own account behind the plain ``message`` (issue 34 item 4: the proof's
    notation, the papers' theorems), shown by ``--explain`` and in JSON; empty when the
    message is all there is."""

    def to_json(self) -> dict[str, Any]:
        return {
            **({"derivation": self.derivation} if self.derivation else {}),
            "level": self.level,
            **({"calls": [str(method) for method in self.calls]} if self.calls else {}),
            **({"category": self.category} if self.category else {}),
            "kind": self.kind,
            "message": self.message,
            "location": self.location.to_json(),
            "entry": str(self.entry),
            "witness": self.witness.to_json(),
            "path": [step.to_json() for step in self.path],
        }


@runtime_checkable
class Evidence(Protocol):
    """Why a verdict holds, as the technique that found it states it.

    ``text_lines()`` are the lines of the ``proof:`` section of `jhalt prove`'s text output
    (empty when there is nothing beyond the reason); ``to_json()`` the ``proof`` value of the
    JSON output (None when there is no proof object, as for a MAYBE); ``assumed()`` what
    the argument takes for granted; ``verify()`` re-checks the evidence independently of the
    search that found it and answers whether it stands."""

    def text_lines(self) -> list[str]: ...

    def to_json(self) -> dict[str, Any] | None: ...

    def assumed(self) -> tuple[str, ...]: ...

    def verify(self) -> bool: ...


@dataclass(frozen=True)
class MaybeReason:
    """The evidence of a MAYBE: only the reason (already the answer's ``reason`` line)."""

    reason: str

    def text_lines(self) -> list[str]:
        return []

    def to_json(self) -> dict[str, Any] | None:
        return None

    def assumed(self) -> tuple[str, ...]:
        return ()

    def verify(self) -> bool:
        """A reason claims nothing that could be re-checked."""
        return True


@dataclass(frozen=True)
class LoopSite:
    """Where a non-terminating loop is: its method and source lines (for the JVM replay's
    claim that a still-running witness is inside it). For an infinite recursion,
    ``recursion`` names the methods of the call cycle: the replay's claim is then a
    ``StackOverflowError`` thrown in one of them."""

    method: MethodId
    lines: tuple[int, int] | None = None
    recursion: tuple[MethodId, ...] = ()
    """An infinite recursion through these methods (empty: a loop): the replay judges it by
    its stack overflow (`jhalt.witness.overflow`)."""
    calls: tuple[MethodId, ...] = ()
    """Recursive methods the loop calls, whose calls may get deeper with every iteration: the
    replay judges the loop by its stack overflows (`jhalt.witness.deepening`)."""


@dataclass(frozen=True)
class ProveResult:
    """The answer of `jhalt prove` for one entry."""

    verdict: Verdict
    entry: MethodId
    reason: str
    witness: Witness | None = None
    proof: Evidence | None = None
    time_s: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict)
    loop: LoopSite | None = None
    """For a NO: the loop the witness runs forever in."""
    jdk: JdkUsed | None = None
    """For a NO whose witness was given to a JVM: that JVM's JDK."""
    replay_s: float | None = None
    """Seconds the replays of the witnesses took (None: none was replayed)."""
    wall_s: float | None = None
    """Seconds from the command's start to its answer (None: not measured)."""

    def __post_init__(self) -> None:
        if self.verdict is Verdict.NO and self.witness is None:
            raise ValueError("a NO verdict needs a witness")
        if self.verdict is Verdict.YES and self.proof is None:
            raise ValueError("a YES verdict needs a proof object")

    def to_json(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "entry": str(self.entry),
            "reason": self.reason,
            "witness": self.witness.to_json() if self.witness else None,
            "proof": self.proof.to_json() if self.proof is not None else None,
            "time_s": round(self.time_s, 3),
            "stats": self.stats,
            **({"jdk": self.jdk.to_json()} if self.jdk is not None else {}),
            **({"replay_time_s": round(self.replay_s, 3)} if self.replay_s is not None else {}),
            **({"wall_time_s": round(self.wall_s, 3)} if self.wall_s is not None else {}),
        }
