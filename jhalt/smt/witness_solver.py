"""Integer values for a path's variables with Z3 (seed 000 §3: "choose small values"; Thm 5).

The constraints of `jhalt.witness.search.path.PathFacts` are formulas of the one integer
term language (`jhalt.its.terms`; ``formulas``, built from the path's SEG relations by
`jhalt.seg.labels.Relation.formula`), encoded by the one translation to z3,
`jhalt.smt.terms.TermEncoder`, over mathematical integers with shifts and bitwise
operations computed on the bits of their sort (``Semantics(bitwise=True)``) — exact here
because every variable is kept inside the range of its JVM type, so a model never relies
on overflow, and Java's wrapping arithmetic agrees with it on the path. ``div``/``rem``
truncate toward zero (JVMS idiv/irem) and add their definedness (a non-zero divisor);
``conv:T`` wraps to ``T``. A formula the encoder refuses (``len``) constrains nothing;
relations without a formula (``float``, ``havoc``, ``ref==``, array reads) are not among
the formulas — object relations are left to the forward check.

Variables are named by the path (``v0``, ``v1``, …); a variable whose JVM type letter is
``J`` has the sort ``long``, every other one ``int`` (:func:`variable_sort`, which the
path's formulas use too). The model gives a value to every variable some relation of the
path mentions, with or without a formula. The z3 terms of each relation's operands are
made before its formula, in the order of the relation: z3 numbers its terms in creation
order, and that order steers which model it finds (and what later checks in the same
process find), so this order keeps the values jhalt reports stable.

Small values: input variables are first bounded by ±4, then ±64, then ±65536, then not at
all; the first satisfiable tier gives the model. Strings (`jhalt.smt.strings`, when the path's
content relations are given: :func:`solve_path`) are encoded after the integers, so a path
without content conditions is solved exactly as before; input Strings are printable ASCII in
those tiers, and any UTF-16 text in one last tier. Array reads of one array at equal indices
must give equal elements (functional consistency of the input array).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import z3

from jhalt.domains.intervals import type_range
from jhalt.domains.values import NULL as NULL_VAR
from jhalt.its.terms import INT, LONG, Atom, Sort
from jhalt.smt.session import SatAnswer, SmtConfig, SmtSession
from jhalt.smt.strings import ContentRelation, StringEncoder, relevant
from jhalt.smt.terms import NotEncodable, Semantics, TermEncoder

BOUND_TIERS: tuple[int | None, ...] = (4, 64, 65536, None)
IN_RANGE = Semantics(bitwise=True)
"""The reading of the path formulas (module docstring)."""


def variable_sort(int_types: Mapping[str, str], name: str) -> Sort:
    """The sort of the path variable ``name``: ``long`` for type letter ``J``, else ``int``."""
    return LONG if int_types.get(name) == "J" else INT


PathFormula = tuple[tuple[str | int, ...], Atom | None]
"""One relation of a path: the operands it mentions (its arguments, then its result; path
variables or integers) and its integer formula over variables of the sorts of
:func:`variable_sort` (None: the relation has none)."""


class PathFacts(Protocol):
    """What the solver reads of `jhalt.witness.search.path.PathFacts` (declared here so that
    `smt` does not import `witness`). Read-only members; ``formulas`` a `Sequence` of the
    path's relations as :data:`PathFormula`."""

    @property
    def int_types(self) -> dict[str, str]: ...

    @property
    def intervals(self) -> list[tuple[str, int | None, int | None]]: ...

    @property
    def formulas(self) -> Sequence[PathFormula]: ...

    @property
    def objects(self) -> dict[str, Any]: ...

    @property
    def reads(self) -> list[tuple[str, str, str]]: ...

    @property
    def inputs(self) -> set[str]: ...


class _Variables:
    """The z3 constants of the path variables (one `TermEncoder`)."""

    def __init__(self, facts: PathFacts) -> None:
        self.facts = facts
        self.encoder = TermEncoder(IN_RANGE)

    def term(self, name: str) -> z3.ArithRef | None:
        """The constant of ``name``; None for the null reference and unknown (``?``) names."""
        if name.startswith("?") or name == NULL_VAR:
            return None
        return self.encoder.var(name, variable_sort(self.facts.int_types, name))

    def known(self, name: str) -> z3.ArithRef | None:
        """The constant of ``name`` if some constraint used it."""
        return self.encoder.variables.get((name, ""))

    def operand(self, operand: str | int) -> z3.ArithRef | None:
        """An integer's value, or the constant of a variable (`term`)."""
        if isinstance(operand, int):
            return self.encoder.literal(int(operand), INT)
        return self.term(operand)

    def formula(self, atom: Atom) -> list[z3.BoolRef]:
        """``atom`` with its definedness conditions; nothing when it is not encodable."""
        try:
            return [*self.encoder.defined(atom), self.encoder.atom(atom)]
        except NotEncodable:
            return []


class StringFacts(Protocol):
    """What the solver reads of a path's Strings (`jhalt.witness.search.path.PathFacts`):
    content relations in path order, each String's length variable, the aliases of the
    path, its environment values ((call site, variable): their Strings are inputs too) and its
    variables found null."""

    @property
    def strings(self) -> Sequence[ContentRelation]: ...

    @property
    def string_lengths(self) -> dict[str, str]: ...

    @property
    def aliases(self) -> list[tuple[str, str]]: ...

    @property
    def environment(self) -> Sequence[tuple[object, str]]: ...

    @property
    def null_vars(self) -> set[str]: ...


@dataclass(frozen=True)
class PathModel:
    """A model of a path: integer values and the contents of the Strings the solver
    encoded (`jhalt.smt.strings`; a String whose content no condition reads is absent)."""

    integers: dict[str, int]
    strings: dict[str, str] = field(default_factory=dict)


def solve_integers(
    facts: PathFacts, config: SmtConfig = SmtConfig(), small: frozenset[str] | None = None
) -> dict[str, int] | None:
    """A model of the path's integer constraints (module docstring), or None when there is
    none (unsat, or unknown within the resource limit). ``small`` are the variables the
    bound tiers apply to (default: the input variables of ``facts``)."""
    model = solve_path(facts, config, small)
    return model.integers if isinstance(model, PathModel) else None


def solve_path(
    facts: PathFacts,
    config: SmtConfig = SmtConfig(),
    small: frozenset[str] | None = None,
    contents: StringFacts | None = None,
) -> PathModel | SatAnswer:
    """A model of the path, else the answer of the last (unbounded) tier: `SatAnswer.UNSAT`
    (no model exists) or `SatAnswer.UNKNOWN` (none found within the solver's budget).
    :func:`solve_integers` with the contents of the path's Strings (``contents``, module
    docstring of `jhalt.smt.strings`): their relations constrain the integers too, and the
    model gives the encoded Strings' characters. Input Strings (those of ``small``) are
    printable ASCII in every tier, and after the last tier any UTF-16 text once more. Two
    reads of one input array at equal indices are one object: one content, and not one null
    and the other not."""
    terms = _Variables(facts)
    session = SmtSession(config)
    _add_integer_facts(facts, terms, session)
    strings: StringEncoder | None = None
    if contents is not None:
        same = _same_reads(facts, terms)
        for i, j, e, f in same:  # one element is null, the other not: different indices
            if (e in contents.null_vars) != (f in contents.null_vars):
                if _non_null(facts, e) or _non_null(facts, f):
                    session.add(i != j)
        links = [*contents.aliases, *((e, f) for _, _, e, f in same)]
        kept = relevant(contents.strings, links)
        if kept:
            strings = StringEncoder(terms.operand)
            for index in kept:
                strings.add(contents.strings[index])
            strings.same_reads(same)
            strings.lengths(contents.string_lengths)
            strings.aliases(contents.aliases)
            session.add(*strings.constraints)
    bounded = small if small is not None else frozenset(facts.inputs)
    tiers: list[tuple[int | None, bool]] = [(bound, True) for bound in BOUND_TIERS]
    if strings is not None:
        tiers.append((None, False))
    answer = SatAnswer.UNKNOWN
    for bound, printable in tiers:
        with session.scope():
            if bound is not None:
                for var in sorted(bounded):
                    term = terms.known(var)
                    if term is not None:
                        session.add(term >= -bound, term <= bound)
            if strings is not None and contents is not None:
                chosen = bounded | {var for _, var in contents.environment}
                session.add(*strings.input_characters(chosen, printable))
            answer = session.check()
            if answer is SatAnswer.SAT:
                model = session.model()
                integers = {
                    str(name): model.eval(term, model_completion=True).as_long()
                    for (name, _), term in terms.encoder.variables.items()
                }
                texts = strings.values(model) if strings is not None else {}
                return PathModel(integers, texts)
    return answer


def _same_reads(
    facts: PathFacts, terms: _Variables
) -> list[tuple[z3.ArithRef, z3.ArithRef, str, str]]:
    """Pairs of reads of one input array whose elements are not integers: (index, index,
    element, element)."""
    pairs = []
    by_array: dict[str, list[tuple[str, str]]] = {}
    for array, index, element in facts.reads:
        if element not in facts.int_types:
            by_array.setdefault(array, []).append((index, element))
    for reads in by_array.values():
        for position, (index, element) in enumerate(reads):
            for other_index, other_element in reads[:position]:
                i, j = terms.term(index), terms.term(other_index)
                if i is not None and j is not None:
                    pairs.append((i, j, element, other_element))
    return pairs


def _non_null(facts: PathFacts, var: str) -> bool:
    found = facts.objects.get(var)
    return bool(found is not None and getattr(found, "non_null", False))


def _add_integer_facts(facts: PathFacts, terms: _Variables, session: SmtSession) -> None:
    """The formulas, intervals, type ranges and array reads of ``facts``."""
    for operands, atom in facts.formulas:
        for operand in operands:  # z3 numbers its terms in creation order (module docstring)
            terms.operand(operand)
        if atom is not None:
            session.add(*terms.formula(atom))
    for var, lo, hi in facts.intervals:
        term = terms.term(var)
        if term is None:
            continue
        if lo is not None:
            session.add(term >= lo)
        if hi is not None:
            session.add(term <= hi)
    for var, letter in facts.int_types.items():
        term = terms.term(var)
        if term is not None:
            low, high = type_range(letter)
            session.add(term >= low, term <= high)
    reads_by_array: dict[str, list[tuple[str, str]]] = {}
    for array, index, element in facts.reads:
        reads_by_array.setdefault(array, []).append((index, element))
    for array, reads in reads_by_array.items():
        length = facts.objects.get(array)
        for position, (index, element) in enumerate(reads):
            index_term = terms.term(index)
            if index_term is not None and length is not None and length.length is not None:
                length_term = terms.term(length.length)
                if length_term is not None:
                    session.add(index_term >= 0, index_term < length_term)
            for other_index, other_element in reads[:position]:
                i, j = terms.term(index), terms.term(other_index)
                e, f = terms.term(element), terms.term(other_element)
                if None not in (i, j, e, f) and element in facts.int_types:
                    session.add(z3.Implies(i == j, e == f))
