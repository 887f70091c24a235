"""The interface between the symbolic evaluator and JDK library models (issue 3, item 5).

A *library model* describes what calling one JDK method does to an abstract state. Models
live in :mod:`jhalt.models` (one module per library area, each with a ``register(registry)``
function); ``seg`` never imports them — the evaluator receives a :class:`ModelRegistry`.

Calling convention
------------------
The evaluator calls a model with a :class:`LibraryCall`:

* ``call.state`` is the state *before* the invoke instruction: the arguments (receiver
  first) are still on top of the operand stack, the pc is the invoke's pc;
* ``call.arguments`` are those references, receiver first (for instance methods the
  receiver is known to be non-null: the evaluator refines it first);
* ``call.popped_state()`` is ``call.state`` with the arguments removed — the usual base of
  a :class:`Returns` or :class:`Throws` outcome;
* ``call.fresh(prefix)`` gives a fresh reference name (``"i"``, ``"o"``, ``"a"``, ``"f"``),
  unique in the whole graph (single static assignment);
* ``call.program`` is the :class:`jhalt.program.Program` (types, hierarchy).

A model returns a non-empty sequence of outcomes which together cover every concrete
behaviour of the call (soundness: never drop a behaviour):

* :class:`Returns` — the call returns normally; the evaluator pushes ``result`` (None for a
  ``void`` method) onto ``state`` and continues after the invoke. ``constraints`` are the
  SSA relations the call establishes (e.g. ``i9 = len(o3)`` style facts as
  :class:`~jhalt.seg.labels.Relation`), ``assumptions`` what it assumed.
* :class:`Throws` — the call throws an exception of class ``exception_class`` (exact class,
  or ``exact=False`` for "some subclass of"); the evaluator creates the exception object
  in ``state`` and looks for a handler.
* :class:`Exits` — the call ends the program (``System.exit``): the successor is a program
  end without frames and without an exception.
* :class:`Refines` — the model needs a case analysis first: ``states`` are refinements of
  ``call.state`` (arguments still on the stack) that together represent it; the evaluator
  draws refinement edges and evaluates the invoke again in each of them.
* :class:`Unsupported` — the model cannot describe this call; the node becomes an
  incomplete part of the graph with ``reason`` (the verdict is then MAYBE).

If several :class:`Returns`/:class:`Throws` outcomes are returned, the evaluator draws a
refinement (``refinement="library"``) to one copy of the state per outcome, and one
evaluation edge from each copy.

Unknown library calls
---------------------
:func:`unknown_library_call` is the one documented fallback for library methods without a
model: the call may return any value of its declared return type (objects: possibly null,
tree-shaped, not sharing with anything else), may throw (an object of type
``java/lang/Throwable`` or a subclass), and may change every object its arguments reach
(their represented fields and array entries are forgotten and they are marked as possibly
non-tree shaped and sharing). Every such edge carries the assumption
``"library call <m> terminates"``, so that non-termination proofs refuse the path and
termination proofs can state the assumption.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, reachable_objects
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    FloatValue,
    HeapValue,
    InstanceValue,
    IntValue,
    Ref,
    UnknownValue,
)
from jhalt.ids import MethodId, ProgramPosition
from jhalt.seg.labels import Relation

if TYPE_CHECKING:
    from jhalt.program import Program

THROWABLE = "java/lang/Throwable"


# ---------------------------------------------------------------- outcomes
@dataclass(frozen=True)
class Returns:
    """The call returns normally with ``result`` (None for void) in ``state`` (arguments
    popped, pc still at the invoke)."""

    state: AbstractState
    result: Ref | None
    constraints: tuple[Relation, ...] = ()
    assumptions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Throws:
    """The call throws; ``state`` has the arguments popped, pc at the invoke."""

    state: AbstractState
    exception_class: str
    exact: bool = True
    constraints: tuple[Relation, ...] = ()
    assumptions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Exits:
    """The call ends the program normally (``System.exit``, ``Runtime.halt``, a false
    ``assume``): no exception, no further step; ``state`` has the arguments popped."""

    state: AbstractState
    assumptions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Refines:
    """A case analysis of ``call.state`` on ``refs`` (``refinement`` names its kind)."""

    refinement: str
    refs: tuple[Ref, ...]
    states: tuple[AbstractState, ...]
    cases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Unsupported:
    """The call cannot be modelled; the graph marks the state incomplete with ``reason``."""

    reason: str


Outcome = Returns | Throws | Exits | Refines | Unsupported


# ---------------------------------------------------------------- the call
@dataclass(frozen=True)
class LibraryCall:
    """One call of a library method, as the evaluator hands it to a model."""

    method: MethodId
    """The method that runs (after dispatch); for a virtual call on a receiver of unknown
    library type, the resolved method."""
    invoke: str
    """``invokestatic``, ``invokevirtual``, ``invokespecial``, ``invokeinterface`` or
    ``invokedynamic``."""
    state: AbstractState
    arguments: tuple[Ref, ...]
    position: ProgramPosition
    fresh: Callable[[str], Ref]
    program: Program | None = None

    @property
    def is_static(self) -> bool:
        return self.invoke in ("invokestatic", "invokedynamic")

    @property
    def receiver(self) -> Ref | None:
        return None if self.is_static else self.arguments[0]

    @property
    def parameters(self) -> tuple[Ref, ...]:
        """The arguments without the receiver."""
        return self.arguments if self.is_static else self.arguments[1:]

    @property
    def return_descriptor(self) -> str:
        return parse_method_descriptor(self.method.descriptor)[1]

    def popped_state(self) -> AbstractState:
        """``state`` with the arguments removed from the operand stack."""
        popped, _ = self.state.pop(len(self.arguments))
        return popped


LibraryModel = Callable[[LibraryCall], Sequence[Outcome]]
"""A model: the outcomes of one call (see the module docstring)."""

StringFactory = Callable[[AbstractState, str, Callable[[str], Ref]], tuple[AbstractState, Ref]]
"""How a String literal (``ldc``) is represented: (state, text, fresh) → (state, ref)."""


class ModelRegistry:
    """Models by method; :meth:`register` raises on a duplicate (ARCHITECTURE.md)."""

    def __init__(self) -> None:
        self._models: dict[MethodId, LibraryModel] = {}
        self._class_models: dict[str, LibraryModel] = {}
        self._string_factory: StringFactory | None = None

    def set_string_factory(self, factory: StringFactory) -> None:
        """Install how ``ldc "text"`` builds a String object (once; raises on a second)."""
        if self._string_factory is not None:
            raise ValueError("a string factory is already installed")
        self._string_factory = factory

    def string_constant(
        self, state: AbstractState, text: str, fresh: Callable[[str], Ref]
    ) -> tuple[AbstractState, Ref]:
        """The state with a String object for the literal ``text`` and its reference.
        Default (no factory installed): a non-null ``java/lang/String`` of unknown content."""
        if self._string_factory is not None:
            return self._string_factory(state, text, fresh)
        return with_fresh_value(state, UnknownValue("java/lang/String", nullable=False), fresh)

    def register(self, class_name: str, name: str, descriptor: str, model: LibraryModel) -> None:
        """Register ``model`` for ``class_name.name descriptor`` (internal class name)."""
        key = MethodId(class_name, name, descriptor)
        if key in self._models:
            raise ValueError(f"a model for {key} is already registered")
        self._models[key] = model

    def register_class(self, class_name: str, model: LibraryModel) -> None:
        """Register a catch-all model for every method of ``class_name`` that has no model
        of its own (e.g. all of ``java/lang/Math``)."""
        if class_name in self._class_models:
            raise ValueError(f"a class model for {class_name} is already registered")
        self._class_models[class_name] = model

    def lookup(self, method: MethodId) -> LibraryModel | None:
        """The model of ``method``, else the class model of its class, else None. A method
        of an array type is looked up as ``Object``'s (JLS §10.7: an array's members are
        Object's; its public ``clone`` is the model of ``Object.clone`` on an array)."""
        if method.class_name.startswith("["):
            method = MethodId("java/lang/Object", method.name, method.descriptor)
        found = self._models.get(method)
        if found is not None:
            return found
        return self._class_models.get(method.class_name)

    def __contains__(self, method: object) -> bool:
        return isinstance(method, MethodId) and self.lookup(method) is not None

    def __len__(self) -> int:
        return len(self._models)

    def methods(self) -> tuple[MethodId, ...]:
        return tuple(sorted(self._models))


class LibraryModelProvider(Protocol):
    """A models module: ``register(registry)`` adds its models."""

    def register(self, registry: ModelRegistry) -> None: ...


# ---------------------------------------------------------------- helpers for models
def unknown_value(descriptor: str, nullable: bool = True) -> HeapValue:
    """Any value of a field/return descriptor: the whole range of an integral type, an
    unknown float, or an unknown (nullable) object of the type."""
    if descriptor in ("Z", "B", "C", "S", "I", "J"):
        return IntValue(Interval.of_type(descriptor), descriptor)
    if descriptor in ("F", "D"):
        return FloatValue(descriptor)
    if descriptor.startswith("L"):
        return UnknownValue(descriptor[1:-1], nullable)
    if descriptor.startswith("["):
        return UnknownValue(descriptor, nullable)
    raise ValueError(f"no value of descriptor {descriptor!r}")


def prefix_for(value: HeapValue) -> str:
    if isinstance(value, IntValue):
        return "i"
    if isinstance(value, FloatValue):
        return "f"
    if isinstance(value, ArrayValue) or (
        isinstance(value, UnknownValue) and value.type_name.startswith("[")
    ):
        return "a"
    return "o"


def with_fresh_value(
    state: AbstractState, value: HeapValue, fresh: Callable[[str], Ref]
) -> tuple[AbstractState, Ref]:
    """``state`` with a fresh reference bound to ``value``."""
    reference = fresh(prefix_for(value))
    return state.with_value(reference, value), reference


def havoc_reachable(state: AbstractState, roots: Sequence[Ref]) -> AbstractState:
    """Forget what unknown code may have changed in the objects reachable from ``roots``:
    represented fields and array entries are dropped (they may hold anything now), every
    such object may be non-tree shaped and may join every other such object and each
    root. Integers and the array lengths are immutable and kept."""
    reached = reachable_objects(state, [r for r in roots if r != NULL])
    if not reached:
        return state
    changes: dict[Ref, HeapValue] = {}
    for reference in reached:
        value = state.heap[reference]
        if isinstance(value, InstanceValue) and value.fields:
            changes[reference] = InstanceValue(value.class_name, ())
        elif isinstance(value, ArrayValue) and (
            value.entries is not None or value.non_null_entries
        ):
            changes[reference] = ArrayValue(value.array_type, value.length, None)
    predicates = state.predicates
    for reference in reached:
        predicates = predicates.with_non_tree(reference)
        for other in reached:
            predicates = predicates.with_join(reference, other)
    return state.with_heap(state.heap.update(changes)).with_predicates(predicates)


def unknown_library_call(call: LibraryCall) -> list[Outcome]:
    """The documented fallback for a library method without a model (module docstring)."""
    assumption = f"library call {call.method} terminates"
    base = havoc_reachable(call.popped_state(), call.arguments)
    result: Ref | None = None
    returned = base
    descriptor = call.return_descriptor
    if descriptor != "V":
        returned, result = with_fresh_value(base, unknown_value(descriptor), call.fresh)
    return [
        Returns(returned, result, assumptions=(assumption,)),
        Throws(base, THROWABLE, exact=False, assumptions=(assumption,)),
    ]
