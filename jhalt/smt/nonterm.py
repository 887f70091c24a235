"""z3 encodings for non-termination proofs (seed 000 §4.2, Thm 8; §4.1 step 1).

The symbolic execution graph states its edge labels as formulas of the one integer term
language (`jhalt.seg.labels.Relation.formula`, `jhalt.its.terms`): a checked relation is a
comparison `Atom`, a computation the `Atom` ``ref == term``. They are encoded by the one
translation to z3, `jhalt.smt.terms.TermEncoder`, over mathematical integers with array
lengths (``Semantics(lengths=True)``); each copy of a path gets its own label, and the z3
constants are named ``ref@label``.

Exactness rule (soundness of Thm 8): a formula is encoded only if the encoding is the
*exact* mathematical-integer meaning of its operations — ``add sub mul neg = cmp``,
``div rem`` truncating toward zero (JVMS idiv/irem), narrowing conversions
``conv:B/C/S/I`` as the exact modular wrap, ``len`` as an uninterpreted (hence functional)
array length, and the six comparisons. Everything else (shifts and bitwise operations,
``havoc``, ``float``) is *not encodable*: the encoder raises `NotEncodable` and callers
refuse the proof — an unconstrained value would let the first run of ``σ`` pick a
behaviour the program does not have. (Labels without any formula — floats, ``havoc``,
array element reads, reference comparisons — are refused by the caller before.)

:class:`LoopSystem` is the loop of one head node: the integer references of the head with
their intervals (the invariant ``μ``), and every path back to the head with its
conditions (``φ_j``), its computations (``ψ_j``) and the back-links ``ι_j`` from the head
references to the values that reach the head again. :func:`prove_nonlooping` builds

* ``ρ = μ ∧ ⋁_j(φ_j ∧ ψ_j ∧ ι_j) ∧ μ' ∧ ⋀_k(ψ_k' ∧ ¬φ_k')`` — "one run through some
  path, after which no path can be taken" — where the primed copies are per path
  (``r.k``) so that values defined differently on different paths never clash (the paper
  shares one label ``r``, which is only safe without joins inside the loop). ``ψ`` must
  be total and functional (:func:`check_functional`), so ``ψ_k' ∧ ¬φ_k'`` says "path k
  is not taken"; the definedness conditions of the computations (non-zero divisors,
  `TermEncoder.defined`) go into ``φ``. ``μ'`` holds because the states reaching the head
  again are instances of it;
* ``σ = μ ∧ ⋁_j(φ_j ∧ ψ_j)``.

ρ unsatisfiable and σ satisfiable prove that the set ``{x | μ(x) ∧ ⋁_j (φ_j ∧ ψ_j)(x)}`` is
recurrent (seed 000 Thm 8). :func:`in_recurrent_set` decides membership of concrete
values (used to check that a concrete run reaches the set).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import z3

from jhalt.its.terms import INFIX, INT, App, Atom, Var, render, variables
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession
from jhalt.smt.terms import NotEncodable, Semantics, TermEncoder

EXACT = Semantics(lengths=True)
"""The reading of the loop formulas (module docstring, exactness rule)."""


def _encoder() -> TermEncoder:
    return TermEncoder(EXACT)


def _ref(encoder: TermEncoder, reference: str, label: str) -> z3.ArithRef:
    """The z3 constant ``reference@label``."""
    return encoder.var(reference, INT, label)


# ---------------------------------------------------------------- loop systems
@dataclass(frozen=True)
class LoopPath:
    """One path from the head back to the head (seed 000 §4.2 ``p_j``)."""

    conditions: tuple[Atom, ...]
    """``φ_j``: the comparisons that hold on the path (refinement cases, checked relations)."""
    computations: tuple[Atom, ...]
    """``ψ_j``: the computations ``Atom("eq", Var(ref), term)``, including the equalities of
    renamings on the path."""
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


def formula_text(atom: Atom) -> str:
    """The text of a loop formula as the SEG prints its label (``y = x + 1``, ``x <= 3``):
    ``ref = term`` for a computation, the comparison otherwise (`render`)."""
    if atom.op != "eq" or not isinstance(atom.left, Var) or not isinstance(atom.right, App):
        return render(atom)
    value, args = atom.right, [render(a) for a in atom.right.args]
    if value.op == "=":
        text = args[0]
    elif value.op == "neg":
        text = f"-{args[0]}"
    elif value.op in INFIX and len(args) == 2:
        text = f"{args[0]} {INFIX[value.op]} {args[1]}"
    else:
        text = render(value)
    return f"{atom.left.name} = {text}"


def _invariant(system: LoopSystem, encoder: TermEncoder, label: str) -> list[z3.BoolRef]:
    """``μ`` under copy ``label``: the head's intervals are a box."""
    return _box_terms(system.invariants, encoder, label)


def _encoded(encoder: TermEncoder, atom: Atom, label: str) -> z3.BoolRef:
    try:
        return encoder.atom(atom, label)
    except NotEncodable as error:
        raise NotEncodable(f"relation {formula_text(atom)} has no exact encoding") from error


def _path_terms(path: LoopPath, encoder: TermEncoder, label: str) -> tuple[z3.BoolRef, z3.BoolRef]:
    """(φ with the definedness of ψ, ψ) of one path under copy ``label``."""
    conditions = [_encoded(encoder, atom, label) for atom in path.conditions]
    computations: list[z3.BoolRef] = []
    for atom in path.computations:
        computations.append(_encoded(encoder, atom, label))
        conditions += encoder.defined(atom, label)
    return z3.And(conditions), z3.And(computations)


def _defined_ref(atom: Atom) -> str:
    """The reference a computation defines (raises `NotEncodable` for anything else)."""
    if atom.op != "eq" or not isinstance(atom.left, Var) or not isinstance(atom.left.name, str):
        raise NotEncodable(f"{formula_text(atom)} is not a computation")
    return atom.left.name


def check_functional(system: LoopSystem) -> None:
    """Raise `NotEncodable` unless every path is a function of the head values: each
    reference it reads is a head reference or defined on the path, each is defined at
    most once, and no head reference is redefined. Without this a free value would let
    ``σ`` choose a behaviour the program need not have (module docstring)."""
    heads = set(system.head_refs)
    for path in system.paths:
        defined: set[str] = set()
        used: set[object] = set()
        for atom in path.computations:
            result = _defined_ref(atom)
            if result in defined or result in heads:
                raise NotEncodable(f"{result} is defined twice on a path ({formula_text(atom)})")
            defined.add(result)
            used |= variables(atom.right)
        for atom in path.conditions:
            used |= variables(atom)
        used |= {reference for _, reference in path.back_links}
        free = used - defined - heads
        if free:
            names = ", ".join(sorted(map(str, free)))
            raise NotEncodable(f"values not determined by the head: {names}")


def _link_head(system: LoopSystem, encoder: TermEncoder, head_label: str, label: str) -> z3.BoolRef:
    return z3.And(
        [_ref(encoder, r, head_label) == _ref(encoder, r, label) for r in system.head_refs]
    )


def _first_run(
    system: LoopSystem, encoder: TermEncoder, head: str, successor: str | None
) -> z3.BoolRef:
    """⋁_j (φ_j ∧ ψ_j ∧ ι_j): one run of some path from the head copy ``head``; with
    ``successor`` the head references of that copy get the values reaching the head."""
    options = []
    for index, path in enumerate(system.paths):
        label = f"{head}.{index}"
        condition, body = _path_terms(path, encoder, label)
        links = [_link_head(system, encoder, head, label)]
        if successor is not None:
            links += [
                _ref(encoder, h, successor) == _ref(encoder, v, label) for h, v in path.back_links
            ]
        options.append(z3.And(condition, body, *links))
    return z3.Or(options) if options else z3.BoolVal(False)


def _no_path(system: LoopSystem, encoder: TermEncoder, head: str) -> z3.BoolRef:
    """⋀_k (ψ_k ∧ ¬φ_k) for the head copy ``head``: no path can be taken."""
    blocked = []
    for index, path in enumerate(system.paths):
        label = f"{head}.{index}"
        condition, body = _path_terms(path, encoder, label)
        # ψ is total and functional: asserting it fixes the path's values, then ¬φ.
        blocked.append(z3.And(body, _link_head(system, encoder, head, label), z3.Not(condition)))
    return z3.And(blocked)


@dataclass(frozen=True)
class LinearBound:
    """A bound ``low <= Σ coefficient·reference <= high`` on head references (None:
    unbounded) — e.g. ``i - w = 1``, a relation a plain box cannot express."""

    terms: tuple[tuple[str, int], ...]
    low: int | None
    high: int | None

    def __str__(self) -> str:
        return self.describe({})

    def describe(self, names: Mapping[str, str]) -> str:
        """The text with each reference shown by its name in ``names`` (when it has one)."""
        text = ""
        for reference, coefficient in self.terms:
            shown = names.get(reference, reference)
            sign = "-" if coefficient < 0 else "+" if text else ""
            factor = "" if abs(coefficient) == 1 else f"{abs(coefficient)}·"
            text += f" {sign} {factor}{shown}" if text else f"{sign}{factor}{shown}"
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


def describe_bound(bound: Bound, names: Mapping[str, str] | None = None) -> str:
    """Human-readable text of one bound, references shown by their ``names`` (source names
    where the caller knows them)."""
    if not isinstance(bound, LinearBound):
        reference, low, high = bound
        bound = LinearBound(((reference, 1),), low, high)
    return bound.describe(names or {})


def _box_terms(box: Box, encoder: TermEncoder, label: str) -> list[z3.BoolRef]:
    terms: list[z3.BoolRef] = []
    for bound in box:
        if isinstance(bound, LinearBound):
            value: z3.ArithRef = z3.Sum([c * _ref(encoder, r, label) for r, c in bound.terms])
            low, high = bound.low, bound.high
        else:
            reference, low, high = bound
            value = _ref(encoder, reference, label)
        if low is not None:
            terms.append(value >= low)
        if high is not None:
            terms.append(value <= high)
    return terms


def _leaves_within(
    system: LoopSystem, encoder: TermEncoder, candidate: Box, copy: int, unroll: int
) -> z3.BoolRef:
    """From head copy ``r<copy>`` (reached after ``copy`` runs), the run leaves the set
    before completing ``unroll`` runs in total: no path can be taken now, or (after the
    last run) ``R`` fails, or a further run is taken and the run leaves later."""
    label = f"r{copy}"
    blocked = _no_path(system, encoder, label)
    if copy == unroll:
        after = _box_terms(candidate, encoder, label)
        return z3.Or(z3.Not(z3.And(after)), blocked) if after else blocked
    successor = f"r{copy + 1}"
    further = z3.And(
        _first_run(system, encoder, label, successor),
        *_invariant(system, encoder, successor),
        _leaves_within(system, encoder, candidate, copy + 1, unroll),
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
    encoder = _encoder()
    mu = _invariant(system, encoder, "h") + _box_terms(candidate, encoder, "h")
    rho = z3.And(
        *mu,
        _first_run(system, encoder, "h", "r1"),
        *_invariant(system, encoder, "r1"),
        _leaves_within(system, encoder, candidate, 1, unroll),
    )
    sigma = z3.And(*mu, _first_run(system, encoder, "h", None))
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
            value = found.eval(_ref(encoder, reference, "h"), model_completion=True)
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
    encoder = _encoder()
    session = SmtSession(config)
    session.add(*_invariant(system, encoder, "h"))
    session.add(*_box_terms(candidate, encoder, "h"))
    session.add(*[_ref(encoder, r, "h") == values[r] for r in system.head_refs])
    session.add(_first_run(system, encoder, "h", None))
    return session.check() is SatAnswer.SAT


def cycle_model(
    steps: Sequence[Sequence[Atom]],
    closing: Sequence[tuple[str, str]],
    config: SmtConfig = SmtConfig(),
) -> dict[str, int] | None:
    """Seed 000 §4.1 step 1: a model of the conjunction of the formulas of a cycle (each
    step one edge's formulas, not encodable ones skipped — this only proposes values,
    the proof checks them) with the closing equalities ``(head ref, ref at the end)``.
    Returns the values of all references, or None."""
    encoder = _encoder()
    session = SmtSession(config)
    for formulas in steps:
        for atom in formulas:
            try:
                session.add(encoder.atom(atom, "c"))
            except NotEncodable:
                continue
    for head, end in closing:
        session.add(_ref(encoder, head, "c") == _ref(encoder, end, "c"))
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
    "check_functional",
    "cycle_model",
    "describe_bound",
    "formula_text",
    "in_recurrent_set",
    "prove_nonlooping",
]
