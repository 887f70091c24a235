"""The non-termination criterion for binary clauses (seed 001 §5, Props 4 and 5).

A *recursive* binary clause ``p(x) :- c, p(y)`` of the unfolding satisfies Prop. 4 when every
input that can enter it has an output that can enter it again (`jhalt.smt.clp.recurrent`);
then ``p(x)`` runs forever from every ``x`` with ``∃y. c``. Prop. 5 joins it to the entry: a
*stem* ``e(z) :- d, p(x')`` (or the identity when ``p`` is the entry itself) whose ``d``, the
entry's constraint for every input, and ``c`` at ``x'`` have a common model; its values of ``z``
are the witness input.

Integers: the criterion is first checked with every variable of both clauses and every
expression of their ``ranges`` inside Java's ``int`` range. Then the mathematical run is the
run of the JVM (no operation wraps), so the answer holds on the JVM; otherwise it is checked
over the mathematical integers (the competition's semantics) and the proof says that Java's
``int``s may leave their range.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from jhalt.analyses.clp.clauses import Atom, Clause
from jhalt.analyses.clp.unfold import Fresh, instance
from jhalt.its.linear import LinearConstraint, eq, ge, le, var
from jhalt.smt.clp import recurrent, small_model
from jhalt.smt.session import SatAnswer, SmtConfig

INT_MIN, INT_MAX = -(2**31), 2**31 - 1


@dataclass(frozen=True)
class Proof:
    """A proved binary clause ``loop``, its ``stem`` from the entry (None: the loop's
    predicate is the entry's), the entry's values in the common model, and whether the
    argument holds with Java's ``int`` (``java_ints``) or only for mathematical integers."""

    loop: Clause
    stem: Clause | None
    values: Mapping[str, int]
    java_ints: bool


def _separated(clause: Clause) -> tuple[tuple[LinearConstraint, ...], tuple[str, ...]]:
    """The constraint and output variables of a recursive clause with outputs renamed apart
    from its inputs (and from each other): ``y_k = name`` where they coincide."""
    inputs = set(clause.head.arguments)
    constraint = list(clause.constraint)
    outputs: list[str] = []
    for index, name in enumerate(clause.body[0].arguments):
        if name in inputs or name in outputs:
            fresh = f"_y{index}"
            constraint.append(eq(var(fresh), var(name)))
            name = fresh
        outputs.append(name)
    return tuple(constraint), tuple(outputs)


def in_int_range(clause: Clause) -> tuple[LinearConstraint, ...]:
    """Every variable and every 32-bit obligation of ``clause`` inside ``int``'s range."""
    bounds: list[LinearConstraint] = []
    for name in sorted(clause.variables()):
        bounds += [ge(var(name), INT_MIN), le(var(name), INT_MAX)]
    for expr in clause.ranges:
        bounds += [ge(expr, INT_MIN), le(expr, INT_MAX)]
    return tuple(bounds)


def is_recurrent(clause: Clause, java_ints: bool, config: SmtConfig) -> bool:
    """Prop. 4 for the recursive binary clause ``clause`` (module doc)."""
    bounded = Clause(
        clause.head,
        clause.constraint + (in_int_range(clause) if java_ints else ()),
        clause.body,
    )
    constraint, outputs = _separated(bounded)
    answer = recurrent(constraint, clause.head.arguments, outputs, config)
    return answer is SatAnswer.UNSAT


@dataclass(frozen=True)
class EntryModel:
    """Prop. 5's common model: the entry's values and the loop's input values in it."""

    values: Mapping[str, int]
    loop_inputs: Mapping[str, int]


def entry_model(
    entry: Atom,
    entry_constraint: tuple[LinearConstraint, ...],
    stem: Clause | None,
    loop: Clause,
    java_ints: bool,
    config: SmtConfig,
) -> EntryModel | None:
    """Prop. 5: small values of ``entry``'s arguments from which ``stem`` reaches an input of
    ``loop`` (module doc); None when there are none."""
    fresh = Fresh("_w")
    constraints = list(entry_constraint)
    target = entry
    if stem is not None:
        stem_here = instance(stem, entry, fresh)
        constraints += stem_here.constraint
        if java_ints:
            constraints += in_int_range(stem_here)
        target = stem_here.body[0]
    loop_here = instance(loop, target, fresh)
    constraints += loop_here.constraint
    if java_ints:
        constraints += in_int_range(loop_here)
    chosen = list(dict.fromkeys((*entry.arguments, *target.arguments)))
    values = small_model(constraints, chosen, config)
    if values is None:
        return None
    inputs = {
        name: values.get(at, 0)
        for name, at in zip(loop.head.arguments, target.arguments, strict=True)
    }
    return EntryModel({k: values.get(k, 0) for k in entry.arguments}, inputs)


def pinned(loop: Clause, inputs: Mapping[str, int], every: bool) -> Clause:
    """``loop`` with its inputs fixed to ``inputs``: those the clause passes on unchanged
    (``every``: all of them). A stronger constraint only removes derivations, so the pinned
    clause is as exact as ``loop`` (`jhalt.analyses.clp.abstraction`'s module doc) and Prop.
    4 may hold for it where it does not for every input of ``loop``."""
    head, body = loop.head.arguments, loop.body[0].arguments
    fixed = [
        eq(var(name), inputs[name])
        for name, passed in zip(head, body, strict=True)
        if every or name == passed
    ]
    return Clause(
        loop.head, loop.constraint + tuple(fixed), loop.body, loop.ranges, loop.origin, loop.calls
    )


def prove(
    loop: Clause,
    stems: list[Clause | None],
    entry: Atom,
    entry_constraint: tuple[LinearConstraint, ...],
    config: SmtConfig,
) -> Proof | None:
    """The proof of ``loop`` with the first of ``stems`` that reaches it: with Java ints when
    it holds so, else for mathematical integers (module doc). When Prop. 4 fails for every
    input of ``loop``, it is tried on the clause pinned at the inputs a stem reaches
    (`pinned`: the unchanged inputs, then all)."""
    for java_ints in (True, False):
        recurrent = is_recurrent(loop, java_ints, config)
        for stem in stems:
            found = entry_model(entry, entry_constraint, stem, loop, java_ints, config)
            if found is None:
                continue
            if recurrent:
                return Proof(loop, stem, found.values, java_ints)
            for every in (False, True):
                candidate = pinned(loop, found.loop_inputs, every)
                if candidate == loop or not is_recurrent(candidate, java_ints, config):
                    continue
                again = entry_model(entry, entry_constraint, stem, candidate, java_ints, config)
                if again is not None:
                    return Proof(candidate, stem, again.values, java_ints)
    return None
