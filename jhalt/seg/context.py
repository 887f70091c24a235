"""What one symbolic evaluation step needs besides the state, and what it returns.

:class:`EvalContext` bundles the program, the library models, the graph-wide reference
namer (single static assignment across the whole graph, seed 000 §2.2) and a cache of
analysed method bodies. :class:`ProgramHierarchy` adapts :class:`jhalt.program.Program` to
the :class:`jhalt.domains.values.TypeHierarchy` protocol the domains use; a class that is
missing answers conservatively (never subtype, common supertype ``java/lang/Object``).

A step of the evaluator returns one of:

* :class:`Step` — one evaluation edge to one successor (seed 000 Def. 3, first case);
* :class:`Split` — refinement edges to the cases of a case analysis (second case);
* :class:`Stuck` — the state cannot be evaluated (unsupported construct, recursion, …);
  the graph records it as an incomplete part with the reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from jhalt.bytecode import MethodBody, analyze_method
from jhalt.domains.naming import ReferenceNamer
from jhalt.domains.state import AbstractState
from jhalt.domains.values import OBJECT, Ref, ordered_or_array_supertype
from jhalt.errors import ClassFormatError, JhaltError, MalformedCodeError
from jhalt.ids import FieldId, MethodId
from jhalt.program import Program
from jhalt.seg.environment import EnvironmentFeed
from jhalt.seg.known_texts import KnownTexts
from jhalt.seg.labels import EvalEdge, RefineEdge
from jhalt.seg.library import ModelRegistry


@dataclass(frozen=True)
class Step:
    """One evaluation edge ``label`` to ``state``."""

    label: EvalEdge
    state: AbstractState


@dataclass(frozen=True)
class Split:
    """A refinement: one edge per case (the cases together represent the state, with
    ``left_out``)."""

    cases: tuple[tuple[RefineEdge, AbstractState], ...]
    left_out: tuple[RefineEdge, Stuck] | None = None
    """Concrete states no case represents (runtime classes whose ancestry is missing,
    :func:`jhalt.seg.refine.instance_classes`): the graph builder adds a case that is the
    state itself, left incomplete with the `Stuck`'s reason (verdict MAYBE there), so the
    other cases are still explored. A concrete run never takes it."""


INVARIANT = "field-invariant"
"""The `Stuck` category of a write that breaks an invariant of `EvalOptions.non_null_fields`:
the graph builder stops at it (:mod:`jhalt.seg.field_invariants` builds again without it)."""

FIELD_TYPE = "field-type"
"""The `Stuck` category of a write that breaks an assumption of `EvalOptions.field_types`:
the builder stops at it (:mod:`jhalt.seg.field_types` builds again with a wider type)."""


@dataclass(frozen=True)
class Stuck:
    """No successor can be built; ``reason`` says why (verdict MAYBE)."""

    reason: str
    category: str = "unsupported"
    """``unsupported``, ``recursion``, ``lambda``, ``missing-class``, ``limit`` or
    `INVARIANT`."""


@dataclass(frozen=True)
class Call:
    """A recursive call, evaluated with call contexts (thesis §3.5; only when
    :attr:`EvalOptions.abstract_recursion`): ``enter`` is the edge into the callee, whose
    state is the callee's frame alone — a new *call context*, the caller's frames dropped;
    ``summary`` is what the caller sees after the call returned or threw, an
    over-approximation of every run of the callee (:mod:`jhalt.seg.evaluate.recursion`)."""

    enter: Step
    summary: Step | Split | Stuck


StepResult = Step | Split | Stuck | Call


class ProgramHierarchy:
    """:class:`~jhalt.domains.values.TypeHierarchy` over a :class:`Program`."""

    def __init__(self, program: Program) -> None:
        self.program = program
        self._cache: dict[tuple[str, str], bool] = {}
        self._fields: dict[str, tuple[FieldId, ...] | None] = {}

    def is_subtype(self, sub: str, sup: str) -> bool:
        if sub == sup or sup == OBJECT:
            return True
        key = (sub, sup)
        cached = self._cache.get(key)
        if cached is None:
            try:
                cached = self.program.is_subtype(sub, sup)
            except JhaltError:
                cached = False
            self._cache[key] = cached
        return cached

    def instance_fields(self, class_name: str) -> tuple[FieldId, ...] | None:
        """The instance fields of ``class_name``: those declared by the class and its
        superclasses, all of them program classes below ``java/lang/Object`` (what ``new``
        creates, see :func:`jhalt.seg.evaluate.objects.instance_fields`). None when they
        are not known: a class that cannot be read, or a library class in the chain (whose
        private fields library models may represent, e.g. a Throwable's cause). Used by
        the instance check to tell whether a realized instance may hide sharing in fields
        it does not list (:func:`jhalt.domains.correspondence.may_hide_sharing`)."""
        if class_name in self._fields:
            return self._fields[class_name]
        found: list[FieldId] = []
        current: str | None = class_name
        result: tuple[FieldId, ...] | None = None
        try:
            while current is not None and self._is_program_class(current):
                classfile = self.program.lookup(current)
                found.extend(
                    FieldId(current, f.name, f.descriptor)
                    for f in classfile.fields
                    if not f.is_static
                )
                current = classfile.super_name
            if current in (None, OBJECT):
                result = tuple(found)
        except JhaltError:
            pass
        self._fields[class_name] = result
        return result

    def _is_program_class(self, name: str) -> bool:
        return self.program.is_program_class(name)

    def common_supertype(self, first: str, second: str) -> str:
        known = ordered_or_array_supertype(self, first, second)
        if known is not None:
            return known
        try:
            return self.program.common_superclass(first, second)
        except JhaltError:
            return OBJECT


@dataclass
class EvalOptions:
    """Tunable bounds of the evaluator (documented defaults)."""

    max_array_entries: int = 8
    """Arrays created with a literal length up to this bound keep their entries."""
    max_type_cases: int = 16
    """A type refinement with more concrete candidate classes is refused (Stuck)."""
    competition_main: bool = True
    """``main(String[])`` entries get the competition's input (seed 000 §2.1 state A)."""
    abstract_recursion: bool = False
    """A call of a method already on the call stack is a :class:`Call` (graph
    construction); otherwise it pushes a frame like any call (concrete runs, where the
    stack is exact)."""
    input_classes: frozenset[str] = frozenset()
    """Classes (internal names) whose methods returning a primitive or String are inputs:
    their bodies are not analysed, each call yields an environment value
    (:mod:`jhalt.seg.environment`; ``--inputs``)."""
    assertions: bool | None = None
    """Whether ``assert`` statements run (``java -ea``): True/False fixes every program class's
    synthetic ``$assertionsDisabled`` to false/true; None leaves it an unknown static field."""
    non_null_fields: frozenset[FieldId] = frozenset()
    """Fields assumed non-null in every constructed object: realizing one of an abstract
    object gives a non-null value, and a ``putfield`` that may store null into one stops the
    build (:mod:`jhalt.seg.field_invariants`, which proves them)."""
    field_types: Mapping[FieldId, str | None] = field(default_factory=dict)
    """Narrowed types of reference fields: every value stored into the field is null or of
    (a subtype of) the named type, None meaning "always null". Realizing the field of an
    abstract object gives a value of that type, and a ``putfield`` whose value may be of
    another type stops the build (:mod:`jhalt.seg.field_types`, which proves them)."""


@dataclass
class EvalContext:
    """Everything a transfer function may consult (mutable only in its caches/namer)."""

    program: Program
    registry: ModelRegistry = field(default_factory=ModelRegistry)
    namer: ReferenceNamer = field(default_factory=ReferenceNamer)
    options: EvalOptions = field(default_factory=EvalOptions)
    assume_classes_initialized: bool = False
    """For entries other than ``main``: classes not recorded in the state are taken to be
    initialised already, with unknown static fields."""
    environment: EnvironmentFeed | None = None
    """The recorded environment values a run follows (:mod:`jhalt.seg.environment`); None in
    graph construction (every environment value is then symbolic)."""
    texts: KnownTexts | None = None
    """The texts of the String objects a run knows (:mod:`jhalt.seg.known_texts`: its
    command-line arguments); calls reading them are decided. None in graph construction and
    in any evaluation of states that stand for more than one run."""
    _bodies: dict[MethodId, MethodBody] = field(default_factory=dict)
    _hierarchy: ProgramHierarchy | None = None

    @property
    def hierarchy(self) -> ProgramHierarchy:
        if self._hierarchy is None:
            self._hierarchy = ProgramHierarchy(self.program)
        return self._hierarchy

    def fresh(self, prefix: str) -> Ref:
        return self.namer.fresh(prefix)

    def body(self, method: MethodId) -> MethodBody:
        """The analysed body of a method with code, its instructions decoded, its CFG built
        and its frames typed (the JVM's verification, JVM spec §4.10: the evaluator relies
        on a verified body, e.g. on the stack holding what an instruction pops). Raises `MissingClassError` (and other `JhaltError`s of the class lookup),
        ValueError for a method without code, and `MalformedCodeError` when the code breaks
        the class-file format: corrupt input, which no caller turns into a MAYBE."""
        found = self._bodies.get(method)
        if found is None:
            classfile = self.program.lookup(method.class_name)
            info = classfile.method(method.name, method.descriptor)
            if info is None or info.code is None:
                raise ValueError(f"{method} has no code")
            found = analyze_method(info, classfile, self._common_superclass)
            try:
                _ = found.cfg  # decodes the instructions, checks jumps and the exception table
                _ = found.frames  # types every slot: stack underflow, overflow, bad merges
            except ClassFormatError as error:
                defect = str(error).removeprefix(f"{error.source}: " if error.source else "")
                raise MalformedCodeError(str(method), defect, classfile.origin) from None
            self._bodies[method] = found
        return found

    def _common_superclass(self, first: str, second: str) -> str:
        return self.hierarchy.common_supertype(first, second)

    def is_program_class(self, name: str) -> bool:
        return self.program.is_program_class(name)
