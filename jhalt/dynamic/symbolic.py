"""Memory locations of Looper's concolic execution and the text of terms over them.

Seed 003 §3.3: a location is a program variable or a field of a concrete object
(X ⊔ F×O); we add array cells of concrete arrays and static fields. The expressions over
locations (``E`` in the seed) and the comparisons that form path constraints are terms of
the one integer term language, `jhalt.its.terms`:

* ``Var(location, sort)`` — the value of ``location`` at the start of the iteration (a
  symbolic input, §3.3 change 1);
* ``Lit(value, sort)`` — a constant; ``Fresh(name)`` — the ⊥ of an object allocated by the
  iteration (§3.3 change 3);
* ``App(op, args, sort)`` — the linear operations the concolic interpreter keeps
  symbolic: ``add sub neg``, ``mul`` with a constant factor, ``div``/``rem`` by a non-zero
  constant, and ``=`` for i2l (sign extension to ``long``);
* ``Atom(op, left, right)`` — a conjunct of a path constraint.

Anything non-linear never becomes a term: the concolic interpreter concretises it first
(§3.3 change 2). Integers carry their Java sort so that the closure check can be run over
unbounded and over machine integers; ``float``/``double`` values are kept as their raw bits
and only ever compared for equality; references are object ids (0 is null).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from jhalt.its.terms import Atom, Term, Var
from jhalt.its.terms import render as render_term


@dataclass(frozen=True, slots=True)
class LocalLoc:
    """Local variable ``slot`` of the loop's frame."""

    slot: int


@dataclass(frozen=True, slots=True)
class FieldLoc:
    """Instance field ``owner.name`` of the object with JDWP id ``obj``."""

    obj: int
    owner: str
    name: str


@dataclass(frozen=True, slots=True)
class StaticLoc:
    owner: str
    name: str


@dataclass(frozen=True, slots=True)
class ArrayLoc:
    """Cell ``index`` of the array with JDWP id ``array``."""

    array: int
    index: int


Location = LocalLoc | FieldLoc | StaticLoc | ArrayLoc


def kept(loc: Location, expr: Term | None) -> bool:
    """Whether the update ``loc := expr`` of a memory map leaves ``loc`` as it was."""
    return isinstance(expr, Var) and expr.name == loc


def render_location(loc: Hashable, local_names: Mapping[int, str] | None = None) -> str:
    """A location as Java-like text: a local by its source name (``local<slot>`` without
    one), ``o<id>.field``, ``Class.field``, ``o<id>[index]``."""
    if isinstance(loc, LocalLoc):
        name = (local_names or {}).get(loc.slot)
        return name if name else f"local{loc.slot}"
    if isinstance(loc, FieldLoc):
        return f"o{loc.obj}.{loc.name}"
    if isinstance(loc, StaticLoc):
        return f"{loc.owner.rsplit('/', 1)[-1]}.{loc.name}"
    if isinstance(loc, ArrayLoc):
        return f"o{loc.array}[{loc.index}]"
    return str(loc)


def render(node: Term | Atom, local_names: Mapping[int, str] | None = None) -> str:
    """Java-like text of a term or comparison over locations (`jhalt.its.terms.render`,
    locations by `render_location`, objects as ``o<id>``)."""
    return render_term(node, lambda loc: render_location(loc, local_names))


__all__ = [
    "ArrayLoc",
    "FieldLoc",
    "LocalLoc",
    "Location",
    "StaticLoc",
    "kept",
    "render",
    "render_location",
]
