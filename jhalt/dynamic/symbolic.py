"""Symbolic values of Looper's concolic execution: memory locations and linear expressions.

Seed 003 §3.3: a location is a program variable or a field of a concrete object
(X ⊔ F×O); we add array cells of concrete arrays and static fields. Expressions are
the linear expressions over locations (``E`` in the seed), plus constants, the
abstraction ⊥ of a newly allocated object (`FreshRef`, §3.3 change 3) and the
comparisons that form path constraints. Anything non-linear never becomes an
expression: the concolic interpreter concretises it first (§3.3 change 2).

Integers carry their Java sort (``int``: 32 bits, ``long``: 64 bits) so that the
closure check can be run both over unbounded integers (the seed's semantics) and
over Java's two's-complement machine integers. ``float``/``double`` values are kept
as their raw bits (sorts ``bits32``/``bits64``) and only ever compared for equality.
References are object ids (0 is null).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from jhalt.bytecode.semantics import condition_holds, java_div, java_rem
from jhalt.bytecode.semantics import wrap as java_wrap

Sort = str  # "int", "long", "ref", "bits32", "bits64"
INT, LONG, REF, BITS32, BITS64 = "int", "long", "ref", "bits32", "bits64"
WIDTH = {INT: 32, LONG: 64, BITS32: 32, BITS64: 64}


# ---------------------------------------------------------------- locations


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


# ---------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class Const:
    value: int
    sort: Sort


@dataclass(frozen=True, slots=True)
class Input:
    """The value of ``loc`` at the start of the iteration (a symbolic input, §3.3 change 1)."""

    loc: Location
    sort: Sort


@dataclass(frozen=True, slots=True)
class FreshRef:
    """⊥ of §3.3: an object allocated by the iteration, unequal to null and to every
    object that existed before it. ``name`` is unique per allocation."""

    name: str


@dataclass(frozen=True, slots=True)
class Arith:
    """Linear arithmetic in Java's semantics: add, sub, neg (b None), mul with a constant
    factor, div/rem by a non-zero constant (truncating, like idiv/irem)."""

    op: str
    a: Expr
    b: Expr | None
    sort: Sort


@dataclass(frozen=True, slots=True)
class Widen:
    """i2l: the 32-bit value ``a`` sign-extended to 64 bits."""

    a: Expr
    sort: Sort = LONG


@dataclass(frozen=True, slots=True)
class Cmp:
    """A comparison (signed for integers; eq/ne only for references and float bits)."""

    op: str  # eq ne lt le gt ge
    a: Expr
    b: Expr


Expr = Const | Input | FreshRef | Arith | Widen
NEGATED = {"eq": "ne", "ne": "eq", "lt": "ge", "ge": "lt", "gt": "le", "le": "gt"}


def sort_of(expr: Expr) -> Sort:
    return REF if isinstance(expr, FreshRef) else expr.sort


def negate(cmp: Cmp) -> Cmp:
    return Cmp(NEGATED[cmp.op], cmp.a, cmp.b)


def is_const(expr: Expr) -> bool:
    return isinstance(expr, Const)


# ---------------------------------------------------------------- traversal


def locations(node: Expr | Cmp) -> set[Location]:
    """Every location an expression or comparison reads."""
    found: set[Location] = set()

    def walk(e: Expr | Cmp | None) -> None:
        if isinstance(e, Input):
            found.add(e.loc)
        elif isinstance(e, Arith):
            walk(e.a)
            walk(e.b)
        elif isinstance(e, Widen):
            walk(e.a)
        elif isinstance(e, Cmp):
            walk(e.a)
            walk(e.b)

    walk(node)
    return found


def substitute(node: Expr | Cmp, value_of: Callable[[Location], Expr]) -> Expr | Cmp:
    """``node`` with each input location ``l`` replaced by ``value_of(l)`` (Φ[M], §3.4)."""
    if isinstance(node, Input):
        return value_of(node.loc)
    if isinstance(node, Arith):
        return Arith(
            node.op,
            substitute(node.a, value_of),  # type: ignore[arg-type]
            None if node.b is None else substitute(node.b, value_of),  # type: ignore[arg-type]
            node.sort,
        )
    if isinstance(node, Widen):
        return Widen(substitute(node.a, value_of))  # type: ignore[arg-type]
    if isinstance(node, Cmp):
        return Cmp(node.op, substitute(node.a, value_of), substitute(node.b, value_of))  # type: ignore[arg-type]
    return node


# ---------------------------------------------------------------- Java arithmetic
# (the concrete operations come from the one table, `jhalt.bytecode.semantics`)


def wrap(value: int, sort: Sort) -> int:
    """``value`` as a signed two's-complement integer of the sort's width (int, long and
    the raw float bits; references unchanged), by `jhalt.bytecode.semantics.wrap`."""
    bits = WIDTH.get(sort)
    if bits is None:
        return value
    return java_wrap(value, "I" if bits == 32 else "J")


def evaluate(node: Expr | Cmp, env: Mapping[Location, int], machine: bool = True) -> int | bool:
    """Concrete value of ``node`` given input values ``env``; ``machine`` selects Java's
    wrapping integers (True) or unbounded integers. `FreshRef` is never equal to anything
    else, which `evaluate` models as a negative id unique to the name."""
    if isinstance(node, Const):
        return node.value
    if isinstance(node, Input):
        return env[node.loc]
    if isinstance(node, FreshRef):
        return -(abs(hash(node.name)) % (1 << 40)) - 1
    if isinstance(node, Widen):
        return evaluate(node.a, env, machine)
    if isinstance(node, Cmp):
        a = evaluate(node.a, env, machine)
        b = evaluate(node.b, env, machine)
        return condition_holds(node.op, a, b)
    a = int(evaluate(node.a, env, machine))
    b = 0 if node.b is None else int(evaluate(node.b, env, machine))
    if node.op == "add":
        r = a + b
    elif node.op == "sub":
        r = a - b
    elif node.op == "neg":
        r = -a
    elif node.op == "mul":
        r = a * b
    elif node.op == "div":
        r = java_div(a, b)
    elif node.op == "rem":
        r = java_rem(a, b)
    else:  # pragma: no cover - the interpreter builds only the ops above
        raise ValueError(f"unknown operation {node.op}")
    return wrap(r, node.sort) if machine else r


# ---------------------------------------------------------------- rendering


def render_location(loc: Location, local_names: Mapping[int, str] | None = None) -> str:
    if isinstance(loc, LocalLoc):
        name = (local_names or {}).get(loc.slot)
        return name if name else f"local{loc.slot}"
    if isinstance(loc, FieldLoc):
        return f"o{loc.obj}.{loc.name}"
    if isinstance(loc, StaticLoc):
        return f"{loc.owner.rsplit('/', 1)[-1]}.{loc.name}"
    return f"o{loc.array}[{loc.index}]"


_SYMBOLS = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
_ARITH = {"add": "+", "sub": "-", "mul": "*", "div": "/", "rem": "%"}


def render(node: Expr | Cmp, local_names: Mapping[int, str] | None = None) -> str:
    """Java-like text of an expression or comparison (objects as ``o<id>``)."""
    if isinstance(node, Const):
        if node.sort == REF:
            return "null" if node.value == 0 else f"o{node.value}"
        return str(node.value) + ("L" if node.sort == LONG else "")
    if isinstance(node, Input):
        return render_location(node.loc, local_names)
    if isinstance(node, FreshRef):
        return f"new#{node.name}"
    if isinstance(node, Widen):
        return f"(long) {render(node.a, local_names)}"
    if isinstance(node, Cmp):
        return f"{render(node.a, local_names)} {_SYMBOLS[node.op]} {render(node.b, local_names)}"
    if node.op == "neg":
        return f"-({render(node.a, local_names)})"
    assert node.b is not None
    return f"({render(node.a, local_names)} {_ARITH[node.op]} {render(node.b, local_names)})"
