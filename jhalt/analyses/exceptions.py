"""Uncaught exceptions with witnesses (seed 000 §3; issue 4 items 1–2).

For one entry, :func:`check_exceptions` builds the Symbolic Execution Graph and looks at its
*error states*: the states where an exception is raised (the first state of an unwinding
chain that ends in a program end with an uncaught exception, seed 000's ``W``, or in the end
of a recursive call's context, which a caller further down may still catch: the replay of
the witness decides, and `check` reports only what the JVM confirms). Reported
kinds: the implicit exceptions of the JVM (:data:`IMPLICIT_KINDS`: NullPointerException,
ArrayIndexOutOfBounds, NegativeArraySize, Arithmetic, ClassCast, ArrayStore) and any
exception whose exact class the graph knows — one the program throws explicitly, or a JDK
model's (e.g. StringIndexOutOfBounds). An unspecified ``Throwable`` that an unknown library
call might throw is not a finding.

Error states are grouped by (exception class, throwing instruction); for each group
:func:`jhalt.witness.search.backward.find_witness` searches a witness state backwards to the
entry. Only a group with a witness becomes a :class:`~jhalt.findings.Finding`; the others are
counted as ``unconfirmed`` (with the reason in :attr:`ExceptionReport.dropped`). Findings are
not replayed here (that is the witness layer's job, driven by ``jhalt check``). Time: the
deadline of ``WitnessLimits`` (issue 20); sites not searched by then are counted in a note
("timeout in exception witness search").

Entry semantics (seed 000 §2.1/§3): ``command_line=True`` for ``main`` run by the
``java`` launcher (non-null array of non-null strings); otherwise the entry is called as a
method with arbitrary arguments (null included).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from jhalt.analyses.absence import AbsenceProof, NotProved
from jhalt.analyses.exception_origin import origin, visible
from jhalt.bytecode.instructions import decode
from jhalt.domains.state import AbstractState
from jhalt.domains.values import InstanceValue, value_type_name
from jhalt.findings import Finding, SourceLocation, Witness
from jhalt.ids import MethodId, ProgramPosition
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.context import EvalContext, EvalOptions
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.seg.library import ModelRegistry
from jhalt.witness.search.backward import GraphWitness, NoWitness, WitnessLimits, find_witness

IMPLICIT_KINDS = frozenset(
    {
        "java/lang/NullPointerException",
        "java/lang/ArrayIndexOutOfBoundsException",
        "java/lang/NegativeArraySizeException",
        "java/lang/ArithmeticException",
        "java/lang/ClassCastException",
        "java/lang/ArrayStoreException",
    }
)

ASSERTION_ERROR = "java/lang/AssertionError"
_MESSAGES = {
    "java/lang/NullPointerException": "dereference of null",
    "java/lang/ArrayIndexOutOfBoundsException": "array index out of bounds",
    "java/lang/NegativeArraySizeException": "array created with a negative size",
    "java/lang/ArithmeticException": "integer division by zero",
    "java/lang/ClassCastException": "cast to an incompatible type",
    "java/lang/ArrayStoreException": "array store of an incompatible type",
}


@dataclass(frozen=True)
class ErrorSite:
    """Error states of one exception class raised by one instruction."""

    kind: str
    position: ProgramPosition
    nodes: tuple[int, ...]


@dataclass(frozen=True)
class ExceptionReport:
    """What :func:`check_exceptions` found for one entry."""

    entry: MethodId
    findings: tuple[Finding, ...]
    dropped: tuple[str, ...] = ()
    """One line per error site without a witness (``stats["no_witness"]``)."""
    notes: tuple[str, ...] = ()
    stats: dict[str, Any] = field(default_factory=dict)
    absence: AbsenceProof | NotProved | None = None
    """Whether no exception escapes the entry (`jhalt.analyses.absence`); None: not asked."""


def error_sites(graph: SymbolicExecutionGraph) -> list[ErrorSite]:
    """The reportable error states of the graph, grouped (module docstring), sorted by
    method, pc and class."""
    incoming: dict[int, list[int]] = {}
    for source, _, target in graph.edges:
        incoming.setdefault(target, []).append(source)
    groups: dict[tuple[str, ProgramPosition], list[int]] = {}
    for end in sorted(graph.exception_ends(contexts=True)):
        node = end
        while True:
            sources = incoming.get(node, [])
            if len(sources) != 1 or graph.states[sources[0]].exception is None:
                break
            node = sources[0]
        state = graph.states[node]
        if not state.frames or state.exception is None:
            continue
        value = state.heap[state.exception]
        kind = value_type_name(value)
        if kind not in IMPLICIT_KINDS and not isinstance(value, InstanceValue):
            continue
        groups.setdefault((kind, state.position), []).append(node)
    sites = [ErrorSite(kind, position, tuple(nodes)) for (kind, position), nodes in groups.items()]
    return sorted(sites, key=lambda s: (str(s.position.method), s.position.pc, s.kind))


def exception_goal(site: ErrorSite, graph: SymbolicExecutionGraph):  # type: ignore[no-untyped-def]
    """Goal factory for :func:`find_witness`: reached when the concrete run raises an
    exception of the site's class at the site's instruction with the same call stack (its
    top frames, for a site in a call context, whose caller frames the graph leaves out); the
    run ends there anyway (refuted) when it raises something else or returns."""
    stacks = {tuple(f.position for f in graph.states[n].frames) for n in site.nodes}

    def factory(ctx: EvalContext):  # type: ignore[no-untyped-def]
        def goal(previous: AbstractState | None, current: AbstractState) -> bool | None:
            if current.exception is None or (
                previous is not None and previous.exception is not None
            ):
                return None
            value = current.heap.get(current.exception)
            if value is None:
                return None
            raised = value_type_name(value)
            stack = tuple(f.position for f in current.frames)
            if raised == site.kind and any(stack[: len(s)] == s for s in stacks):
                return True
            return None

        return goal

    return factory


def _where(location: SourceLocation) -> str:
    """``Div.ratio (Div.java:7)``: the method without its descriptor and the source line (the
    pc where the class file has no line numbers), for the notes a user reads."""
    method = f"{location.method.dotted_class.rsplit('.', 1)[-1]}.{location.method.name}"
    if location.line is None:
        return f"{method} (pc {location.pc})"
    source = location.source_file or method.split(".", 1)[0].split("$", 1)[0] + ".java"
    return f"{method} ({source}:{location.line})"


def _location(program: Program, position: ProgramPosition) -> SourceLocation:
    classfile = program.find(position.method.class_name)
    line = None
    source_file = None
    if classfile is not None:
        source_file = classfile.source_file
        method = classfile.method(position.method.name, position.method.descriptor)
        if method is not None and method.code is not None:
            line = method.code.line_at(position.pc)
    return SourceLocation(position.method, position.pc, source_file, line)


def path_locations(
    program: Program, graph: SymbolicExecutionGraph, path: tuple[int, ...]
) -> tuple[SourceLocation, ...]:
    """The path as source locations: one per change of (method, line) on evaluation edges."""
    labels = {(s, t): label for s, label, t in graph.edges}
    result: list[SourceLocation] = []
    last: tuple[MethodId, int | None] | None = None
    for source, target in zip(path, path[1:]):
        label = labels.get((source, target))
        if not isinstance(label, EvalEdge):
            continue
        location = _location(program, label.position)
        key = (location.method, location.line if location.line is not None else location.pc)
        if key != last:
            result.append(location)
            last = key
    return tuple(result)


def _message(program: Program, kind: str, position: ProgramPosition) -> str:
    if kind == ASSERTION_ERROR and _has_asserts(program, position.method.class_name):
        return "assertion failed: an assert statement's condition is false"
    text = _MESSAGES.get(kind, "exception thrown and not caught")
    if kind == "java/lang/ArithmeticException" and _is_call(program, position):
        text = "thrown by the library call (a result out of range, a zero divisor)"
    return f"uncaught {kind.rsplit('/', 1)[-1]}: {text}"


def _is_call(program: Program, position: ProgramPosition) -> bool:
    """Whether the instruction at ``position`` is an invoke (a library model's exception,
    not the JVM's own of that class); False when the code cannot be read."""
    try:
        classfile = program.lookup(position.method.class_name)
        info = classfile.method(position.method.name, position.method.descriptor)
        if info is None or info.code is None:
            return False
        found = decode(info.code.bytecode, classfile.constant_pool, str(position.method))
    except Exception:  # a missing class or malformed code: not known
        return False
    return any(i.pc == position.pc and i.mnemonic.startswith("invoke") for i in found)


def _has_asserts(program: Program, class_name: str) -> bool:
    """Whether javac compiled ``assert`` statements into the class (its synthetic
    ``$assertionsDisabled`` flag): an AssertionError thrown there is a failed assertion."""
    classfile = program.find(class_name)
    return classfile is not None and any(
        f.name == "$assertionsDisabled" and f.is_static for f in classfile.fields
    )


def _site_witness(
    program: Program,
    graph: SymbolicExecutionGraph,
    site: ErrorSite,
    registry: ModelRegistry,
    options: EvalOptions,
    limits: WitnessLimits,
) -> GraphWitness | NoWitness:
    """The witness of the first node of ``site`` whose forward run reached it, else the first
    inconclusive one (a later node's path may be decided where the first's was not: a regex
    search on a literal text, `jhalt.models.matcher`), else the last answer (or "no error
    state" for a site without nodes)."""
    answer: GraphWitness | NoWitness = NoWitness("no error state")
    inconclusive: GraphWitness | None = None
    for node in site.nodes:
        answer = find_witness(
            graph,
            node,
            program,
            registry=registry,
            options=options,
            goal=exception_goal(site, graph),
            limits=limits,
        )
        if isinstance(answer, GraphWitness):
            if answer.reached:
                return answer
            inconclusive = inconclusive or answer
    return inconclusive or answer


def _finding(
    program: Program,
    graph: SymbolicExecutionGraph,
    entry: MethodId,
    site: ErrorSite,
    answer: GraphWitness,
) -> Finding:
    """The finding of ``site`` with its witness; an inconclusive symbolic check (the
    witness did not reach the site) is kept in ``replay_detail``. An exception made on
    another line than the one that throws it (a handler throwing it again, ``throw e``) is
    located where the path made it (`jhalt.analyses.exception_origin`), as the JVM's stack
    trace says, its path the call chain up to there; one raised in a lambda object's hidden
    class at the call of its functional method (`jhalt.analyses.exception_origin.visible`)."""
    witness = Witness(
        inputs=answer.inputs.to_json(), replay_detail="" if answer.reached else answer.check
    )
    position, path = site.position, answer.path
    location = _location(program, position)
    made = origin(graph, answer.path)
    if made is not None:
        there = _location(program, made.position)
        if (there.method, there.line) != (location.method, location.line):
            position, path, location = made.position, answer.path[: made.index + 1], there
    shown = visible(graph, path, len(path) - 1)
    if shown is not None:
        position, path = shown.position, path[: shown.index + 1]
        location = _location(program, position)
    return Finding(
        kind=site.kind.replace("/", "."),
        message=_message(program, site.kind, position),
        location=location,
        entry=entry,
        witness=witness,
        path=path_locations(program, graph, path),
    )


def _add_once(findings: list[Finding], found: Finding) -> None:
    """Append ``found`` unless a finding of its class is located at its instruction already
    (two sites located where one exception was made, `_finding`)."""
    place = (found.kind, found.location.method, found.location.pc)
    if all((f.kind, f.location.method, f.location.pc) != place for f in findings):
        findings.append(found)


def check_exceptions(
    program: Program,
    entry: MethodId,
    *,
    command_line: bool = False,
    registry: ModelRegistry | None = None,
    build_limits: BuildLimits | None = None,
    witness_limits: WitnessLimits | None = None,
    graph: SymbolicExecutionGraph | None = None,
    options: EvalOptions | None = None,
) -> ExceptionReport:
    """Findings with witnesses for ``entry`` (module docstring). Raises InputError when the
    entry does not exist or has no code. ``graph``, when given, must have been built for
    ``entry`` with ``registry`` and ``options`` (default:
    ``EvalOptions(competition_main=command_line)``)."""
    started = time.monotonic()
    registry = registry or default_registry()
    options = options or EvalOptions(competition_main=command_line)
    if graph is None:
        graph = build_graph(program, entry, registry, build_limits or BuildLimits(), options)
    sites = error_sites(graph)
    findings: list[Finding] = []
    dropped: list[str] = []
    limits = witness_limits or WitnessLimits()
    inconclusive = 0
    unsearched = 0
    for site in sites:
        if limits.deadline.expired():
            unsearched += 1
            continue
        answer = _site_witness(program, graph, site, registry, options, limits)
        location = _location(program, site.position)
        if isinstance(answer, NoWitness):
            dropped.append(f"{site.kind.replace('/', '.')} at {_where(location)}: {answer.reason}")
            continue
        if not answer.reached:
            inconclusive += 1
        _add_once(findings, _finding(program, graph, entry, site, answer))
    notes: list[str] = []
    if unsearched:
        notes.append(
            f"{entry}: timeout in exception witness search ({unsearched} sites not searched)"
        )
    if graph.incomplete:
        reasons = sorted({item.reason for item in graph.incomplete})
        notes.append(
            f"{entry}: the graph is incomplete ({'; '.join(reasons[:3])}): exceptions beyond it are not searched"
        )
    stats = {
        **graph.stats(),
        "error_sites": len(sites),
        "witnessed": len(findings),
        "no_witness": len(dropped),
        "symbolic_check_inconclusive": inconclusive,
        "time_s": round(time.monotonic() - started, 3),
    }
    return ExceptionReport(entry, tuple(findings), tuple(dropped), tuple(notes), stats)


__all__ = [
    "IMPLICIT_KINDS",
    "ErrorSite",
    "ExceptionReport",
    "check_exceptions",
    "error_sites",
    "exception_goal",
    "path_locations",
]
