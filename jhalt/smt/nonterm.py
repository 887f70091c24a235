"""z3 encodings for non-termination proofs (seed 000 §4.2, Thm 8; §4.1 step 1).

The symbolic execution graph labels its edges with SSA relations (``jhalt.seg.labels``);
``smt`` sits left of ``seg`` in the layering, so this module accepts any object with the
attributes ``op``, ``result`` and ``args`` (:class:`RelationLike`) and knows the operator
table documented in ``jhalt.seg.labels``.

Exactness rule (soundness of Thm 8): a relation is encoded only if the encoding is the
*exact* mathematical-integer meaning of the operation — ``+ - * neg = cmp``, ``/ %``
truncating toward zero (JVMS idiv/irem), narrowing conversions ``conv:B/C/S/I`` as the
exact modular wrap, ``len`` as an uninterpreted (hence functional) array length, and the
six comparisons. Everything else (bit operations, shifts, floats, ``havoc``, array
element reads, reference comparisons) is *not encodable*: :func:`encode_relation` returns
None and callers refuse the proof — an unconstrained value would let the first run of
``σ`` pick a behaviour the program does not have.

:class:`LoopSystem` is the loop of one head node: the integer references of the head with
their intervals (the invariant ``μ``), and every path back to the head with its
conditions (``φ_j``), its computations (``ψ_j``) and the back-links ``ι_j`` from the head
references to the values that reach the head again. :func:`prove_nonlooping` builds

* ``ρ = μ ∧ ⋁_j(φ_j ∧ ψ_j ∧ ι_j) ∧ μ' ∧ ⋀_k(ψ_k' ∧ ¬φ_k')`` — "one run through some
  path, after which no path can be taken" — where the primed copies are per path
  (``r.k``) so that values defined differently on different paths never clash (the paper
  shares one label ``r``, which is only safe without joins inside the loop). ``ψ`` must
  be total and functional (:func:`check_functional`), so ``ψ_k' ∧ ¬φ_k'`` says "path k
  is not taken"; divisors go into ``φ`` (:func:`relation_guard`). ``μ'`` holds because
  the states reaching the head again are instances of it;
* ``σ = μ ∧ ⋁_j(φ_j ∧ ψ_j)``.

ρ unsatisfiable and σ satisfiable prove that the set ``{x | μ(x) ∧ ⋁_j (φ_j ∧ ψ_j)(x)}`` is
recurrent (seed 000 Thm 8). :func:`in_recurrent_set` decides membership of concrete
values (used to check that a concrete run reaches the set).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import z3

from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession

Operand = str | int

_COMPARISONS = {"<", "<=", "==", "!=", ">", ">="}
_NARROWING_BITS = {
    "conv:B": (8, True),
    "conv:S": (16, True),
    "conv:C": (16, False),
    "conv:I": (32, True),
}


class RelationLike(Protocol):
    """What this module reads of ``jhalt.seg.labels.Relation`` (read-only members, so that the
    frozen dataclass matches)."""

    @property
    def op(self) -> str: ...

    @property
    def result(self) -> str | None: ...

    @property
    def args(self) -> tuple[Operand, ...]: ...


class _Vars:
    """z3 integer constants named ``ref@label`` and the uninterpreted array length."""

    def __init__(self) -> None:
        self._cache: dict[str, z3.ArithRef] = {}
        self.length = z3.Function("len", z3.IntSort(), z3.IntSort())

    def get(self, reference: str, label: str) -> z3.ArithRef:
        name = f"{reference}@{label}"
        found = self._cache.get(name)
        if found is None:
            found = z3.Int(name)
            self._cache[name] = found
        return found

    def operand(self, value: Operand, label: str) -> z3.ArithRef:
        return z3.IntVal(value) if isinstance(value, int) else self.get(value, label)


def _truncating_div(a: z3.ArithRef, b: z3.ArithRef) -> z3.ArithRef:
    """JVMS idiv: the quotient rounded toward zero (z3's ``/`` on Int is Euclidean)."""
    return z3.If(
        a >= 0,
        z3.If(b > 0, a / b, -(a / -b)),
        z3.If(b > 0, -((-a) / b), (-a) / (-b)),
    )


def encode_relation(relation: RelationLike, variables: _Vars, label: str) -> z3.BoolRef | None:
    """The exact meaning of one relation under copy ``label``; None if not encodable
    (module docstring, exactness rule). A computation's encoding is *total*: for every
    value of its arguments exactly one result satisfies it (its side condition, a non-zero
    divisor, is given by :func:`relation_guard`)."""
    op, result, args = relation.op, relation.result, relation.args

    def arg(index: int) -> z3.ArithRef:
        return variables.operand(args[index], label)

    if result is None:
        if op in _COMPARISONS and len(args) == 2:
            left, right = arg(0), arg(1)
            return {
                "<": left < right,
                "<=": left <= right,
                "==": left == right,
                "!=": left != right,
                ">": left > right,
                ">=": left >= right,
            }[op]
        return None
    out = variables.get(result, label)
    if op in ("+", "-", "*") and len(args) == 2:
        left, right = arg(0), arg(1)
        value = left + right if op == "+" else left - right if op == "-" else left * right
        return out == value
    if op in ("/", "%") and len(args) == 2:
        left, right = arg(0), arg(1)
        quotient = _truncating_div(left, right)
        return out == (quotient if op == "/" else left - right * quotient)
    if op == "neg" and len(args) == 1:
        return out == -arg(0)
    if op == "=" and len(args) == 1:
        return out == arg(0)
    if op == "cmp" and len(args) == 2:
        left, right = arg(0), arg(1)
        return out == z3.If(left < right, -1, z3.If(left == right, 0, 1))
    if op == "len" and len(args) == 1:
        return out == variables.length(arg(0))
    if op in _NARROWING_BITS and len(args) == 1:
        bits, signed = _NARROWING_BITS[op]
        modulus = 2**bits
        if signed:
            return out == ((arg(0) + modulus // 2) % modulus) - modulus // 2
        return out == arg(0) % modulus
    return None


def relation_guard(relation: RelationLike, variables: _Vars, label: str) -> z3.BoolRef | None:
    """The side condition under which a computation does not throw (``/ %``: divisor ≠ 0)."""
    if relation.result is not None and relation.op in ("/", "%") and len(relation.args) == 2:
        return variables.operand(relation.args[1], label) != 0
    return None


def defined_and_used(relation: RelationLike) -> tuple[str | None, set[str]]:
    """(the reference a computation defines, the references it reads)."""
    used = {a for a in relation.args if isinstance(a, str)}
    return relation.result, used


# ---------------------------------------------------------------- loop systems
@dataclass(frozen=True)
class LoopPath:
    """One path from the head back to the head (seed 000 §4.2 ``p_j``)."""

    conditions: tuple[RelationLike, ...]
    """``φ_j``: the relations that hold on the path (refinement cases, checked relations)."""
    computations: tuple[RelationLike, ...]
    """``ψ_j``: the computations, including the equalities of renamings on the path."""
    back_links: tuple[tuple[str, str], ...]
    """``(head reference, reference on the path)``: the value the head reference has when
    the path reaches the head again (the renaming of the closing instance edge)."""
    description: str = ""


@dataclass(frozen=True)
class LoopSystem:
    """The head's integer references with their intervals (``μ``) and all paths."""

    head_refs: tuple[str, ...]
    invariants: tuple[tuple[str, int | None, int | None], ...]
    paths: tuple[LoopPath, ...]


@dataclass(frozen=True)
class NonLoopingAnswer:
    """The solver's evidence: ρ's and σ's answers, σ's model (head references only)."""

    rho: SatAnswer
    sigma: SatAnswer
    sigma_model: dict[str, int] = field(default_factory=dict)
    rho_text: str = ""
    sigma_text: str = ""

    @property
    def proved(self) -> bool:
        return self.rho is SatAnswer.UNSAT and self.sigma is SatAnswer.SAT


class NotEncodable(ValueError):
    """A relation of the loop has no exact encoding (module docstring)."""


def _invariant(system: LoopSystem, variables: _Vars, label: str) -> list[z3.BoolRef]:
    terms: list[z3.BoolRef] = []
    for reference, low, high in system.invariants:
        var = variables.get(reference, label)
        if low is not None:
            terms.append(var >= low)
        if high is not None:
            terms.append(var <= high)
    return terms


def _path_terms(
    path: LoopPath, variables: _Vars, label: str, head_label: str
) -> tuple[z3.BoolRef, z3.BoolRef]:
    """(φ ∧ links from the head, ψ) of one path under copy ``label``."""
    conditions: list[z3.BoolRef] = []
    computations: list[z3.BoolRef] = []
    for relation in path.conditions:
        term = encode_relation(relation, variables, label)
        if term is None:
            raise NotEncodable(f"relation {relation} has no exact encoding")
        conditions.append(term)
    for relation in path.computations:
        term = encode_relation(relation, variables, label)
        if term is None or relation.result is None:
            raise NotEncodable(f"relation {relation} has no exact encoding")
        computations.append(term)
        guard = relation_guard(relation, variables, label)
        if guard is not None:
            conditions.append(guard)
    return z3.And(conditions), z3.And(computations)


def check_functional(system: LoopSystem) -> None:
    """Raise :class:`NotEncodable` unless every path is a function of the head values:
    each reference it reads is a head reference or defined on the path, each is defined
    at most once, and no head reference is redefined. Without this a free value would let
    ``σ`` choose a behaviour the program need not have (module docstring)."""
    heads = set(system.head_refs)
    for path in system.paths:
        defined: set[str] = set()
        used: set[str] = set()
        for relation in path.computations:
            result, reads = defined_and_used(relation)
            if result is None:
                raise NotEncodable(f"{relation} is not a computation")
            if result in defined or result in heads:
                raise NotEncodable(f"{result} is defined twice on a path ({relation})")
            defined.add(result)
            used |= reads
        for relation in path.conditions:
            used |= defined_and_used(relation)[1]
        used |= {reference for _, reference in path.back_links}
        free = used - defined - heads
        if free:
            raise NotEncodable(f"values not determined by the head: {', '.join(sorted(free))}")


def _link_head(system: LoopSystem, variables: _Vars, head_label: str, label: str) -> z3.BoolRef:
    return z3.And(
        [variables.get(r, head_label) == variables.get(r, label) for r in system.head_refs]
    )


def _first_run(
    system: LoopSystem, variables: _Vars, head: str, successor: str | None
) -> z3.BoolRef:
    """⋁_j (φ_j ∧ ψ_j ∧ ι_j): one run of some path from the head copy ``head``; with
    ``successor`` the head references of that copy get the values reaching the head."""
    options = []
    for index, path in enumerate(system.paths):
        label = f"{head}.{index}"
        condition, body = _path_terms(path, variables, label, head)
        links = [_link_head(system, variables, head, label)]
        if successor is not None:
            links += [
                variables.get(h, successor) == variables.get(v, label) for h, v in path.back_links
            ]
        options.append(z3.And(condition, body, *links))
    return z3.Or(options) if options else z3.BoolVal(False)


def _no_path(system: LoopSystem, variables: _Vars, head: str) -> z3.BoolRef:
    """⋀_k (ψ_k ∧ ¬φ_k) for the head copy ``head``: no path can be taken."""
    blocked = []
    for index, path in enumerate(system.paths):
        label = f"{head}.{index}"
        condition, body = _path_terms(path, variables, label, head)
        # ψ is total and functional: asserting it fixes the path's values, then ¬φ.
        blocked.append(z3.And(body, _link_head(system, variables, head, label), z3.Not(condition)))
    return z3.And(blocked)


@dataclass(frozen=True)
class LinearBound:
    """A bound ``low <= Σ coefficient·reference <= high`` on head references (None:
    unbounded) — e.g. ``i - w = 1``, a relation a plain box cannot express."""

    terms: tuple[tuple[str, int], ...]
    low: int | None
    high: int | None

    def __str__(self) -> str:
        text = ""
        for reference, coefficient in self.terms:
            sign = "-" if coefficient < 0 else "+" if text else ""
            factor = "" if abs(coefficient) == 1 else f"{abs(coefficient)}·"
            text += f" {sign} {factor}{reference}" if text else f"{sign}{factor}{reference}"
        if self.low is not None and self.low == self.high:
            return f"{text} = {self.low}"
        parts = ([f"{text} ≥ {self.low}"] if self.low is not None else []) + (
            [f"{text} ≤ {self.high}"] if self.high is not None else []
        )
        return " ∧ ".join(parts) if parts else f"{text} unbounded"


Bound = tuple[str, int | None, int | None] | LinearBound
"""``(reference, low, high)`` (a box side) or a :class:`LinearBound`."""

Box = tuple[Bound, ...]
"""A candidate invariant ``R``: a conjunction of bounds on head references."""


def describe_bound(bound: Bound) -> str:
    """Human-readable text of one bound."""
    if isinstance(bound, LinearBound):
        return str(bound)
    reference, low, high = bound
    return str(LinearBound(((reference, 1),), low, high))


def _box_terms(box: Box, variables: _Vars, label: str) -> list[z3.BoolRef]:
    terms: list[z3.BoolRef] = []
    for bound in box:
        if isinstance(bound, LinearBound):
            value: z3.ArithRef = z3.Sum([c * variables.get(r, label) for r, c in bound.terms])
            low, high = bound.low, bound.high
        else:
            reference, low, high = bound
            value = variables.get(reference, label)
        if low is not None:
            terms.append(value >= low)
        if high is not None:
            terms.append(value <= high)
    return terms


def _leaves_within(
    system: LoopSystem, variables: _Vars, candidate: Box, copy: int, unroll: int
) -> z3.BoolRef:
    """From head copy ``r<copy>`` (reached after ``copy`` runs), the run leaves the set
    before completing ``unroll`` runs in total: no path can be taken now, or (after the
    last run) ``R`` fails, or a further run is taken and the run leaves later."""
    label = f"r{copy}"
    blocked = _no_path(system, variables, label)
    if copy == unroll:
        after = _box_terms(candidate, variables, label)
        return z3.Or(z3.Not(z3.And(after)), blocked) if after else blocked
    successor = f"r{copy + 1}"
    further = z3.And(
        _first_run(system, variables, label, successor),
        *_invariant(system, variables, successor),
        _leaves_within(system, variables, candidate, copy + 1, unroll),
    )
    return z3.Or(blocked, further)


def prove_nonlooping(
    system: LoopSystem,
    config: SmtConfig = SmtConfig(),
    candidate: Box = (),
    unroll: int = 1,
    keep_text: bool = False,
) -> NonLoopingAnswer:
    """Decide ρ and σ (module docstring). Raises :class:`NotEncodable`.

    ``candidate`` is an optional invariant ``R`` on the head references (a box, possibly
    with :class:`LinearBound` relations) that is *not* known to hold (unlike ``μ``): then
    the recurrent set is ``S = μ ∧ R ∧ ⋁_j(φ_j ∧ ψ_j)`` and ρ must also show that ``R``
    holds again: ``ρ_R = μ ∧ R ∧ first run ∧ μ' ∧ (¬R' ∨ no path')`` — Thm 8 with a
    guessed invariant.

    ``unroll = k > 1`` treats ``k`` iterations of the loop as one (the path system
    composed with itself): ``ρ`` says "from ``S``, some run leaves before completing ``k``
    iterations, or completes them outside ``S``", i.e. ``μ ∧ R ∧ run(h→r1) ∧ μ(r1) ∧
    (no path(r1) ∨ run(r1→r2) ∧ μ(r2) ∧ (… ∨ ¬R(rk) ∨ no path(rk)))``. Unsatisfiable,
    every state of ``S`` takes ``k`` iterations and reaches ``S`` again, so ``S`` is
    recurrent (every iteration in between stays in the loop). This is what invariants
    of loops whose values alternate (a sign flipping every iteration) need: ``R`` only
    has to hold every ``k``-th iteration. ``keep_text``: also return the formulas as text
    (slow for large systems)."""
    if unroll < 1:
        raise ValueError("unroll must be at least 1")
    check_functional(system)
    variables = _Vars()
    mu = _invariant(system, variables, "h") + _box_terms(candidate, variables, "h")
    rho = z3.And(
        *mu,
        _first_run(system, variables, "h", "r1"),
        *_invariant(system, variables, "r1"),
        _leaves_within(system, variables, candidate, 1, unroll),
    )
    sigma = z3.And(*mu, _first_run(system, variables, "h", None))
    rho_session = SmtSession(config)
    rho_session.add(rho)
    rho_answer = rho_session.check()
    sigma_session = SmtSession(config)
    sigma_session.add(sigma)
    sigma_answer = sigma_session.check()
    model: dict[str, int] = {}
    if sigma_answer is SatAnswer.SAT:
        found = sigma_session.model()
        for reference in system.head_refs:
            value = found.eval(variables.get(reference, "h"), model_completion=True)
            model[reference] = value.as_long()
    if not keep_text:  # printing z3 terms costs far more than solving them
        return NonLoopingAnswer(rho_answer, sigma_answer, model)
    return NonLoopingAnswer(rho_answer, sigma_answer, model, str(rho), str(sigma))


def in_recurrent_set(
    system: LoopSystem,
    values: Mapping[str, int],
    config: SmtConfig = SmtConfig(),
    candidate: Box = (),
) -> bool:
    """True iff the head values satisfy ``μ ∧ R ∧ ⋁_j (φ_j ∧ ψ_j)`` (all head references
    must be given; the path values are then determined, so "sat" is a fact about these
    values). The set is the same for every ``unroll`` of :func:`prove_nonlooping`."""
    if any(reference not in values for reference in system.head_refs):
        return False
    check_functional(system)
    variables = _Vars()
    session = SmtSession(config)
    session.add(*_invariant(system, variables, "h"))
    session.add(*_box_terms(candidate, variables, "h"))
    session.add(*[variables.get(r, "h") == values[r] for r in system.head_refs])
    session.add(_first_run(system, variables, "h", None))
    return session.check() is SatAnswer.SAT


def cycle_model(
    steps: Sequence[Sequence[RelationLike]],
    closing: Sequence[tuple[str, str]],
    config: SmtConfig = SmtConfig(),
) -> dict[str, int] | None:
    """Seed 000 §4.1 step 1: a model of the conjunction of the relations of a cycle (each
    step one edge's relations, not encodable ones skipped — this only proposes values,
    the proof checks them) with the closing equalities ``(head ref, ref at the end)``.
    Returns the values of all references, or None."""
    variables = _Vars()
    session = SmtSession(config)
    for relations in steps:
        for relation in relations:
            term = encode_relation(relation, variables, "c")
            if term is not None:
                session.add(term)
    for head, end in closing:
        session.add(variables.get(head, "c") == variables.get(end, "c"))
    if session.check() is not SatAnswer.SAT:
        return None
    model = session.model()
    values: dict[str, int] = {}
    for declaration in model.decls():
        name = declaration.name()
        if name.endswith("@c"):
            value = model[declaration]
            if z3.is_int_value(value):
                values[name[:-2]] = value.as_long()
    return values


__all__ = [
    "Bound",
    "Box",
    "LinearBound",
    "LoopPath",
    "LoopSystem",
    "NonLoopingAnswer",
    "NotEncodable",
    "RelationLike",
    "cycle_model",
    "describe_bound",
    "encode_relation",
    "in_recurrent_set",
    "prove_nonlooping",
]
