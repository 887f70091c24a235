"""Exception ends of a Symbolic Execution Graph that no run reaches, shown path by path.

The graph over-approximates: a state may throw although no run gets there, because a state's
values are intervals and what a model knows of a call's result is a relation on the edge, not
a narrower interval (``free = Math.max(0, 3 - args.length); assert free >= 0``: the state
after the call holds ``free`` in ``(-∞, +∞)``, its edge says ``free ≥ 0``). The conditions of
one *path* are exact enough: the intervals of its states and the relations of its edges
(`jhalt.witness.search.path.collect_path_facts`), all of which every run along the path
satisfies. When they have no integer solution, no run follows the path.

`Refuter.unreached` shows that no run reaches an exception end by the *simple suffixes* of the paths to
it. Walking a path from the end backwards, the longest tail without a repeated node either
starts at the entry or at a node whose predecessor on the path occurs in the tail again (the
path went around a loop there). These tails are finitely many; a tail's conditions start from
its first state, whose intervals hold at every visit of it (the graph over-approximates), and
add its edges' relations — so a run that reaches the end meets the conditions of its path's
tail. When every tail has no integer solution, no run reaches the end. It holds when

* there are at most `MAX_PATHS` tails (found within `MAX_EXPANSIONS` steps), all checked;
* the graph has no recursive call contexts (their ends are reached through summaries, not
  along the graph's edges from its entry);
* every suffix's integer conditions are unsatisfiable (Z3: ``unsat``, not ``unknown``), read
  with the JVM's integers kept in their types' ranges — which a caller must have shown
  (`jhalt.analyses.absence`: no computed integer leaves its range, so no run overflows) — and
  without the paths' String contents or heap shapes (fewer conditions: an ``unsat`` only
  says more).

A path whose conditions the collection cannot express (``unsupported``) is not refuted — also
not one the collection notes as showing a reference both null and an object: the TPDB check
sweep shows that note on paths of feasible-looking shapes (even for the null reference's own
variable), so it is no proof that no run follows the path.

Where no run changes an entry of an array of Strings after reading it
(`jhalt.analyses.stable_arrays`), two reads ``e = a[i]``, ``f = a[j]`` of one array on a path
give one String when ``i = j``: the path is refuted when it is with ``i ≠ j`` and with ``i = j``
and ``len(e) = len(f)`` (for at most `MAX_READ_PAIRS` pairs of reads, each case checked; a
pair left out only drops conditions). `Refuter.used` then names the fact. Two ``str.eq``
relations of a path over the same two Strings have one answer (`_same_comparisons`: Strings
are immutable).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from itertools import product

from jhalt.analyses.stable_arrays import STABLE_STRING_ARRAYS, stable_string_arrays
from jhalt.budget import NEVER, Deadline
from jhalt.domains.intervals import type_range
from jhalt.its.contents import EQUALS
from jhalt.its.terms import INT, LONG, App, Atom, Lit, Term, Var
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import TERM_OPS, Relation
from jhalt.smt.session import SatAnswer, SmtConfig
from jhalt.smt.witness_solver import PathFormula, solve_path, variable_sort
from jhalt.witness.search.path import PathFacts, collect_path_facts, edge_labels

MAX_PATHS = 48
"""Suffixes of the paths to one exception end checked at most (more: not refuted)."""
MAX_EXPANSIONS = 4_000
"""Partial suffixes built at most for one exception end (more: not refuted)."""
MAX_OVERFLOW_CHECKS = 16
"""Computations of one graph whose first overflow is refuted at most (more: not refuted)."""
MAX_ENDS = 12
"""Exception ends of one graph refuted at most (more: none is tried)."""
RLIMIT = 4_000_000
"""Z3 resource limit of one path's check."""
MAX_READ_PAIRS = 3
"""Pairs of String reads of one array whose cases one path's refutation splits at most."""


class Refuter:
    """The refutations of one graph (module docstring), its edges indexed once and each
    tail's facts collected once: the tails to an exception end and to a computation checked
    for overflow overlap (several computations on the edges out of one node), and a tail's
    facts depend on the graph and the tail alone."""

    def __init__(self, graph: SymbolicExecutionGraph, deadline: Deadline = NEVER) -> None:
        self.graph = graph
        self.predecessors: dict[int, list[int]] = {}
        for source, _, target in graph.edges:
            self.predecessors.setdefault(target, []).append(source)
        self.labels = edge_labels(graph)
        self.config = SmtConfig(RLIMIT, deadline)
        self.overflow_checks = 0
        self.tail_facts: dict[tuple[int, ...], PathFacts] = {}
        self._stable: bool | None = None
        self.used: set[str] = set()
        """The facts of other modules a refutation relied on (their assumption texts)."""

    def unreached(self, ends: Iterable[int]) -> set[int]:
        """The nodes of ``ends`` that no run reaches (module docstring)."""
        ends = list(ends)
        if self.graph.context_ends or len(ends) > MAX_ENDS:
            return set()
        refuted: set[int] = set()
        for end in ends:
            paths = _all_paths(self.graph.entry, end, self.predecessors)
            if paths and all(self._infeasible(path) for path in paths):
                refuted.add(end)
        return refuted

    def facts_of(self, path: tuple[int, ...]) -> PathFacts:
        """The facts of the tail ``path``, collected at its first use (callers add formulas
        to a copy, never to these)."""
        facts = self.tail_facts.get(path)
        if facts is None:
            facts = self.tail_facts[path] = collect_path_facts(self.graph, path, self.labels)
        return facts

    def _infeasible(self, path: tuple[int, ...]) -> bool:
        facts = self.facts_of(path)
        if facts.unsupported or self.config.deadline.expired():
            return False
        same = _same_comparisons(facts)
        pairs = self._read_pairs(facts)
        if not pairs:
            return self._unsat(replace(facts, extra=same))
        for cases in product(*pairs):
            extra = same + [formula for case in cases for formula in case]
            if not self._unsat(replace(facts, extra=extra)):
                return False
        self.used.add(STABLE_STRING_ARRAYS)
        return True

    def _read_pairs(self, facts: PathFacts) -> list[tuple[list[PathFormula], list[PathFormula]]]:
        """For each pair of String reads of one array on the path (module docstring): the
        formulas of its two cases, different indices or one String."""
        pairs = list(_string_read_pairs(facts))[:MAX_READ_PAIRS]
        if not pairs:
            return []
        if self._stable is None:
            self._stable = stable_string_arrays(self.graph)
        if not self._stable:
            return []
        cases: list[tuple[list[PathFormula], list[PathFormula]]] = []
        for first, second, length, other in pairs:
            i, j = _index_term(facts, first), _index_term(facts, second)
            mentioned: tuple[str | int, ...] = tuple(
                n for n in (first, second) if not _is_literal(n)
            )
            lengths: tuple[str | int, ...] = (length, other)
            equal: list[PathFormula] = [
                (mentioned, Atom("eq", i, j)),
                (lengths, Atom("eq", _var(facts, length), _var(facts, other))),
            ]
            cases.append(([(mentioned, Atom("ne", i, j))], equal))
        return cases

    def _unsat(self, facts: PathFacts) -> bool:
        """Whether Z3 shows ``facts`` unsatisfiable; an error on the way (a model it could not
        read back) is no refutation."""
        try:
            return solve_path(facts, self.config) is SatAnswer.UNSAT
        except Exception:  # only an ``unsat`` refutes (a model read back as a Bool, seen once)
            return False

    def no_first_overflow(self, source: int, relation: Relation, letter: str) -> bool:
        """Whether no run's first overflow is the computation ``relation`` (``+``, ``-``,
        ``*``, ``neg`` on the edge out of ``source``, of JVM type ``letter``): every tail of
        the paths to ``source`` has no integers whose mathematical result leaves the type's
        range. Before a run's first overflow the graph's values are the JVM's, so its tail's
        conditions hold there (`jhalt.analyses.absence` applies this to every computation)."""
        op = TERM_OPS.get(relation.op, ("", -1))[0]
        if self.graph.context_ends or op not in ("add", "sub", "mul", "neg"):
            return False
        self.overflow_checks += 1
        if self.overflow_checks > MAX_OVERFLOW_CHECKS:
            return False
        paths = _all_paths(self.graph.entry, source, self.predecessors)
        if not paths:
            return False
        sort = LONG if letter == "J" else INT
        low, high = type_range(letter)
        for path in paths:
            facts = self.facts_of(path)
            if facts.unsupported or self.config.deadline.expired():
                return False
            names = [a if isinstance(a, int) else facts.final_env.get(a) for a in relation.args]
            if any(name is None for name in names):
                return False
            terms = tuple(
                Lit(n, sort) if isinstance(n, int) else Var(n, sort) for n in names if n is not None
            )
            value = App(op, terms, sort)
            mentioned = tuple(n for n in names if n is not None)
            for atom in (Atom("gt", value, Lit(high, sort)), Atom("lt", value, Lit(low, sort))):
                if not self._unsat(replace(facts, extra=[(mentioned, atom)])):
                    return False
        return True


def _all_paths(
    entry: int, end: int, predecessors: dict[int, list[int]]
) -> list[tuple[int, ...]] | None:
    """The simple suffixes that every path ``entry`` → ``end`` ends with (module docstring):
    those that start at ``entry`` or at a node one of whose predecessors they hold. None when
    ``entry`` does not lead to ``end``, or past `MAX_PATHS` suffixes or `MAX_EXPANSIONS`."""
    reaching = _backward_closure(end, predecessors)
    if entry not in reaching:
        return None
    paths: list[tuple[int, ...]] = []
    stack: list[tuple[int, ...]] = [(end,)]
    expansions = 0
    while stack:
        suffix = stack.pop()
        first = suffix[0]
        before = [p for p in predecessors.get(first, ()) if p in reaching]
        if first == entry or any(p in suffix for p in before):
            paths.append(suffix)
            if len(paths) > MAX_PATHS:
                return None
        for previous in before:
            if previous not in suffix:
                expansions += 1
                if expansions > MAX_EXPANSIONS:
                    return None
                stack.append((previous, *suffix))
    return paths


def _backward_closure(end: int, predecessors: dict[int, list[int]]) -> set[int]:
    seen = {end}
    todo = [end]
    while todo:
        for previous in predecessors.get(todo.pop(), ()):
            if previous not in seen:
                seen.add(previous)
                todo.append(previous)
    return seen


def _string_read_pairs(facts: PathFacts) -> Iterator[tuple[str, str, str, str]]:
    """(index, index, length, length) of two reads of one array variable on the path whose
    elements are Strings with a known length variable."""
    seen: dict[str, list[tuple[str, str]]] = {}
    for array, index, element in facts.reads:
        length = facts.string_lengths.get(element)
        if length is None:
            continue
        for other_index, other_length in seen.get(array, ()):
            if other_length != length:
                yield index, other_index, length, other_length
        seen.setdefault(array, []).append((index, length))


def _same_comparisons(facts: PathFacts) -> list[PathFormula]:
    """``r = s`` for two ``str.eq`` relations of the path over the same two Strings (in either
    order): a String's content never changes, so comparing the same two gives one answer. An
    answer the states no longer hold (``?i9``: a model's fresh result that nothing kept) is
    read from the edge's check ``?i9 == c``; a tail passes each edge once, so the name means
    one value there."""
    answers = {
        str(r.args[0]): int(r.args[1])
        for r in facts.relations
        if r.is_check and r.op == "==" and isinstance(r.args[1], int) and isinstance(r.args[0], str)
    }
    first: dict[frozenset[str], Term] = {}
    formulas: list[PathFormula] = []
    for relation in facts.strings:
        if relation.op != EQUALS or relation.result is None or len(relation.args) != 2:
            continue
        if not all(isinstance(a, str) and not a.startswith("?") for a in relation.args):
            continue
        result = str(relation.result)
        term = _answer_term(facts, result, answers)
        if term is None:
            continue
        known = first.setdefault(frozenset(str(a) for a in relation.args), term)
        if known != term:
            mentioned: tuple[str | int, ...] = tuple(
                str(t.name) for t in (known, term) if isinstance(t, Var)
            )
            formulas.append((mentioned, Atom("eq", known, term)))
    return formulas


def _answer_term(facts: PathFacts, result: str, answers: dict[str, int]) -> Term | None:
    if not result.startswith("?"):
        return _var(facts, result)
    return Lit(answers[result]) if result in answers else None


def _is_literal(name: str) -> bool:
    return name.lstrip("-").isdigit()


def _var(facts: PathFacts, name: str) -> Term:
    return Var(name, variable_sort(facts.int_types, name))


def _index_term(facts: PathFacts, name: str) -> Term:
    return Lit(int(name)) if _is_literal(name) else _var(facts, name)
