"""Symbolic expressions of bounded size for long iterations (issue 22).

An observed iteration may execute tens of thousands of bytecodes; an accumulator updated
in an inner loop (``total += 2`` a thousand times) would otherwise carry a term nested a
thousand deep, and every later walk over it (hashing, comparing, rendering, the
translation to z3) would recurse that deep. Two rules keep every term small, so that no
Python recursion grows with the number of bytecodes executed:

- `combine` keeps the linear fragment (``add sub neg`` and ``mul`` by a constant, all of
  one sort) in a flat normal form ``c1*a1 + … + ck*ak + c0`` over its atoms (variables
  and non-linear subterms). This is exact for unbounded integers and for Java's wrapping
  integers alike: reduction modulo 2^32 (2^64) is a ring homomorphism, so a sum of
  products by constants wraps to the same value whether it is wrapped after each
  operation or once at the end. ``=`` (i2l), ``div`` and ``rem`` are not ring
  operations and stay atoms.
- `too_large` says when a term has more than `MAX_TERM_NODES` nodes: the concolic
  interpreter then pins the operands to their concrete values instead (seed 003 §3.3
  change 2, always sound: Φ only gains ``operand == value``, whose sides are small).

Both walks are iterative (an explicit stack), never recursive.
"""

from __future__ import annotations

from jhalt.its.terms import App, Lit, Sort, Term

MAX_TERM_NODES = 64
"""The largest term the concolic interpreter builds; a larger result is concretised."""

_FLAT = frozenset({"add", "sub", "neg", "mul"})


def term_nodes(term: Term, limit: int = MAX_TERM_NODES + 1) -> int:
    """The number of nodes of ``term``, counted up to ``limit`` (iteratively)."""
    count = 0
    stack: list[Term] = [term]
    while stack and count < limit:
        node = stack.pop()
        count += 1
        if isinstance(node, App):
            stack.extend(node.args)
    return count


def too_large(term: Term) -> bool:
    """Whether ``term`` has more than `MAX_TERM_NODES` nodes."""
    return term_nodes(term) > MAX_TERM_NODES


def _linear_parts(term: Term, sort: Sort) -> tuple[dict[Term, int], int]:
    """``term`` as (coefficient of each atom, constant): the linear operations of sort
    ``sort`` are expanded, every other subterm (a product of two non-constants included)
    is an atom."""
    coefficients: dict[Term, int] = {}
    constant = 0
    stack: list[tuple[Term, int]] = [(term, 1)]
    while stack:
        node, factor = stack.pop()
        if isinstance(node, Lit) and node.sort == sort:
            constant += factor * node.value
        elif isinstance(node, App) and node.op in _FLAT and node.sort == sort:
            if node.op == "neg":
                stack.append((node.args[0], -factor))
            elif node.op == "mul":
                left, right = node.args
                if isinstance(right, Lit):
                    stack.append((left, factor * right.value))
                elif isinstance(left, Lit):
                    stack.append((right, factor * left.value))
                else:
                    coefficients[node] = coefficients.get(node, 0) + factor
            else:
                stack.append((node.args[1], factor if node.op == "add" else -factor))
                stack.append((node.args[0], factor))
        else:
            coefficients[node] = coefficients.get(node, 0) + factor
    return {a: c for a, c in coefficients.items() if c != 0}, constant


def _rebuild(coefficients: dict[Term, int], constant: int, sort: Sort) -> Term:
    """The normal form as a left-deep chain: atoms in first-seen order, then the constant."""
    result: Term | None = None
    for atom, c in coefficients.items():
        piece: Term = atom if abs(c) == 1 else App("mul", (atom, Lit(abs(c), sort)), sort)
        if result is None:
            result = piece if c > 0 else App("neg", (piece,), sort)
        else:
            result = App("add" if c > 0 else "sub", (result, piece), sort)
    if result is None:
        return Lit(constant, sort)
    if constant > 0:
        return App("add", (result, Lit(constant, sort)), sort)
    if constant < 0:
        return App("sub", (result, Lit(-constant, sort)), sort)
    return result


def combine(op: str, args: tuple[Term, ...], sort: Sort) -> Term:
    """The term ``op(args)`` of sort ``sort``; linear operations come out in normal form
    (``x + 1 + 1`` is ``x + 2``, ``x + y - x`` is ``y``), others unchanged."""
    term = App(op, args, sort)
    if op not in _FLAT:
        return term
    if op == "mul" and not any(isinstance(a, Lit) for a in args):
        return term
    return _rebuild(*_linear_parts(term, sort), sort)


__all__ = ["MAX_TERM_NODES", "combine", "term_nodes", "too_large"]
