"""The one integer term language: variables, literals, operations and atomic comparisons.

Every layer that states a fact about integers states it as a term of this module — the
labels of the symbolic execution graph (`jhalt.seg.labels.Relation.formula`), the path
constraints and memory maps of Looper's concolic runs (`jhalt.dynamic`) — and
`jhalt.smt.terms` is the one translation of terms to z3. The linear fragment has its
normal form in `jhalt.its.linear` (`linear_of` maps a term into it when it is linear).

A term is a `Var` (``name``: any hashable — an SEG reference, a memory location), a `Lit`,
a `Fresh` object (Looper's ⊥, seed 003 §3.3: an object allocated during an iteration,
unequal to every object that existed before) or an `App` of one of the operations below.
A formula is an `Atom`: a comparison of two terms. Each term has a *sort*: ``int`` (32
bits), ``long`` (64 bits), ``ref`` (an object id, 0 is null) or ``bits32``/``bits64`` (raw
bits of a float or double, compared for equality only). What the sort means for the
arithmetic is the reader's choice: the seeds' mathematical integers, or Java's
two's-complement machine integers of the sort's width (`evaluate`'s ``machine``).

==========================  ==============================================================
``add sub mul``             the arithmetic operations
``div rem``                 truncating toward zero (JVMS idiv/irem); defined when the
                            divisor is not 0 (`definedness`)
``neg``                     ``-args[0]``
``shl shr ushr and or xor`` the JVM's shifts (distance masked to the width) and bitwise
                            operations on the sort's two's-complement bits
``=``                       the value of ``args[0]`` unchanged (a copy, or a widening such
                            as i2l: on machine integers the argument is sign-extended)
``conv:B conv:C conv:S      ``(T) args[0]``: narrowing to byte, char, short, int (the exact
conv:I``                    modular wrap)
``cmp``                     ``signum(args[0] - args[1])`` (lcmp)
``len``                     the length of the array ``args[0]`` (uninterpreted)
``havoc`` ``float``         a value of no known relation to ``args`` (never encodable)
==========================  ==============================================================

Comparisons (`Atom.op`): ``eq ne lt le gt ge`` — the suffixes of the JVM's ``if<cond>``, so
`jhalt.bytecode.semantics.condition_holds` decides them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass

from jhalt.bytecode.semantics import INTEGRAL_OPERATIONS, condition_holds, java_shift, wrap
from jhalt.its.linear import LinearExpr, const, var

Sort = str
INT, LONG, REF, BITS32, BITS64 = "int", "long", "ref", "bits32", "bits64"
WIDTH = {INT: 32, LONG: 64, BITS32: 32, BITS64: 64}
"""Bits of each sort's machine representation (references have none)."""

ARITHMETIC = frozenset({"add", "sub", "mul", "div", "rem", "neg"})
BITWISE = frozenset({"shl", "shr", "ushr", "and", "or", "xor"})
NARROWING = {"conv:B": "B", "conv:C": "C", "conv:S": "S", "conv:I": "I"}
"""Narrowing operations and the JVM type letter they wrap to."""
COMPARISONS = frozenset({"eq", "ne", "lt", "le", "gt", "ge"})
NEGATED = {"eq": "ne", "ne": "eq", "lt": "ge", "ge": "lt", "gt": "le", "le": "gt"}
SYMBOL = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
INFIX = {"add": "+", "sub": "-", "mul": "*", "div": "/", "rem": "%", "shl": "<<"}
INFIX |= {"shr": ">>", "ushr": ">>>", "and": "&", "or": "|", "xor": "^"}


@dataclass(frozen=True, slots=True)
class Var:
    """The value of ``name`` (an SEG reference, a memory location, …)."""

    name: Hashable
    sort: Sort = INT


@dataclass(frozen=True, slots=True)
class Lit:
    value: int
    sort: Sort = INT


@dataclass(frozen=True, slots=True)
class Fresh:
    """An object allocated by the described computation (sort ``ref``); ``name`` is unique
    per allocation."""

    name: str

    @property
    def sort(self) -> Sort:
        return REF


@dataclass(frozen=True, slots=True)
class App:
    """The operation ``op`` (module table) applied to ``args``; ``sort`` of the result."""

    op: str
    args: tuple[Term, ...]
    sort: Sort = INT


Term = Var | Lit | Fresh | App


@dataclass(frozen=True, slots=True)
class Atom:
    """The comparison ``left op right`` (signed for integers; eq/ne only for references and
    float bits)."""

    op: str
    left: Term
    right: Term

    def negated(self) -> Atom:
        return Atom(NEGATED[self.op], self.left, self.right)


def app(op: str, *args: Term, sort: Sort = INT) -> App:
    return App(op, tuple(args), sort)


# ---------------------------------------------------------------- traversal


def variables(node: Term | Atom) -> set[Hashable]:
    """The names of every `Var` in ``node``."""
    if isinstance(node, Var):
        return {node.name}
    if isinstance(node, Atom):
        return variables(node.left) | variables(node.right)
    if isinstance(node, App):
        return set().union(*(variables(a) for a in node.args))
    return set()


def substitute(node: Term, value_of: Callable[[Var], Term | None]) -> Term | None:
    """``node`` with each variable ``v`` replaced by ``value_of(v)``; None when some
    variable has no value (``value_of`` gave None)."""
    if isinstance(node, Var):
        return value_of(node)
    if isinstance(node, App):
        args = [substitute(a, value_of) for a in node.args]
        if any(a is None for a in args):
            return None
        return App(node.op, tuple(a for a in args if a is not None), node.sort)
    return node


def substitute_atom(atom: Atom, value_of: Callable[[Var], Term | None]) -> Atom | None:
    left, right = substitute(atom.left, value_of), substitute(atom.right, value_of)
    return None if left is None or right is None else Atom(atom.op, left, right)


def definedness(node: Term | Atom) -> list[Atom]:
    """The conditions under which ``node`` is defined: every divisor is not zero."""
    if isinstance(node, Atom):
        return definedness(node.left) + definedness(node.right)
    if not isinstance(node, App):
        return []
    found = [c for a in node.args for c in definedness(a)]
    if node.op in ("div", "rem"):
        found.append(Atom("ne", node.args[1], Lit(0, node.args[1].sort)))
    return found


# ---------------------------------------------------------------- concrete values


def fresh_id(name: str) -> int:
    """The id `evaluate` gives a `Fresh` object: negative, so unequal to every real id."""
    return -(abs(hash(name)) % (1 << 40)) - 1


def machine_value(value: int, sort: Sort) -> int:
    """``value`` as a signed two's-complement integer of the sort's width (references
    unchanged)."""
    bits = WIDTH.get(sort)
    return value if bits is None else wrap(value, "I" if bits == 32 else "J")


def evaluate(node: Term, env: Mapping[Hashable, int], machine: bool = True) -> int:
    """The value of ``node`` when each variable has its value in ``env``; ``machine``
    selects Java's wrapping integers (True) or unbounded integers. Raises
    `jhalt.bytecode.semantics.DivisionByZero` where the JVM throws, `ValueError` for an
    operation without a value (``len``, ``havoc``, ``float``)."""
    if isinstance(node, Lit):
        return node.value
    if isinstance(node, Var):
        return env[node.name]
    if isinstance(node, Fresh):
        return fresh_id(node.name)
    values = [evaluate(a, env, machine) for a in node.args]
    result = _apply(node, values)
    return machine_value(result, node.sort) if machine else result


def _apply(node: App, values: list[int]) -> int:
    op = node.op
    if op == "=":
        return values[0]
    if op == "neg":
        return -values[0]
    if op in NARROWING:
        return wrap(values[0], NARROWING[op])
    if op == "cmp":
        return (values[0] > values[1]) - (values[0] < values[1])
    if op in ("shl", "shr", "ushr"):
        return java_shift(op, values[0], values[1], "J" if node.sort == LONG else "I")
    if op in INTEGRAL_OPERATIONS:
        return INTEGRAL_OPERATIONS[op](values[0], values[1])
    raise ValueError(f"no value for operation {op}")


def holds(atom: Atom, env: Mapping[Hashable, int], machine: bool = True) -> bool:
    """Whether ``atom`` holds for the variable values ``env`` (`evaluate`)."""
    left, right = evaluate(atom.left, env, machine), evaluate(atom.right, env, machine)
    return condition_holds(atom.op, left, right)


# ---------------------------------------------------------------- linear fragment


def linear_of(node: Term, name_of: Callable[[Hashable], str] = str) -> LinearExpr | None:
    """``node`` as a linear expression over mathematical integers (variables named by
    ``name_of``), or None when it is not linear (products of variables, division,
    bitwise operations, anything without a value)."""
    if isinstance(node, Lit):
        return const(node.value)
    if isinstance(node, Var):
        return var(name_of(node.name))
    if not isinstance(node, App):
        return None
    args = [linear_of(a, name_of) for a in node.args]
    if any(a is None for a in args):
        return None
    parts = [a for a in args if a is not None]
    if node.op == "=":
        return parts[0]
    if node.op == "neg":
        return -parts[0]
    if node.op in ("add", "sub"):
        return parts[0] + parts[1] if node.op == "add" else parts[0] - parts[1]
    if node.op == "mul":
        left, right = parts
        if not left.terms:
            return right * left.constant
        if not right.terms:
            return left * right.constant
    return None


# ---------------------------------------------------------------- text


def render(
    node: Term | Atom,
    name_of: Callable[[Hashable], str] = str,
    ref_text: Callable[[int], str] = lambda v: f"o{v}",
) -> str:
    """Java-like text; variables named by ``name_of``, object constants by ``ref_text``."""
    if isinstance(node, Atom):
        left, right = render(node.left, name_of, ref_text), render(node.right, name_of, ref_text)
        return f"{left} {SYMBOL[node.op]} {right}"
    if isinstance(node, Lit):
        if node.sort == REF:
            return "null" if node.value == 0 else ref_text(node.value)
        return str(node.value) + ("L" if node.sort == LONG else "")
    if isinstance(node, Var):
        return name_of(node.name)
    if isinstance(node, Fresh):
        return f"new#{node.name}"
    inner = [render(a, name_of, ref_text) for a in node.args]
    if node.op == "=" and node.sort == LONG and node.args[0].sort == INT:
        return f"(long) {inner[0]}"
    if node.op == "neg":
        return f"-({inner[0]})"
    if node.op in INFIX and len(inner) == 2:
        return f"({inner[0]} {INFIX[node.op]} {inner[1]})"
    return f"{node.op}({', '.join(inner)})"
