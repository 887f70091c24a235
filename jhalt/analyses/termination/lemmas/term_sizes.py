"""Term-size result lemmas of recursive methods (issue 14): for one term-size norm ``ts``
(`termsize`), ``ts(result) <= ts(argument k)`` and ``ts(result) <= ts(argument j) + ts(argument
k) + ...`` (all reference arguments summed) for every call of a recursive method that
returns a reference and returns normally — the bounds a loop ranked over term sizes needs
when its next argument is built by a recursive call, e.g. ``lessleaves(append(x.l, x.r),
...)``: ``append`` copies the right spine of its first argument onto its second, so
``ts(append(x, y)) <= ts(x) + ts(y)``, hence ``ts(append(x.l, x.r)) < ts(x)``.

**Why a lemma of its own norm.** The longest-path lemmas (`lemmas.longest_paths`) say nothing about term
sizes (a DAG of the same longest path has more nodes), and a term size under one weighting
says nothing about another: a lemma is proved over the term sizes of exactly one norm and
names it (`ResultBound.norm`); the extractor applies it only under that norm
(`result_bounds.size_limits`).

**The proof** is the one of `lemmas.longest_paths` (`lemmas.longest_paths.prove_claims`): the region of the method's
call contexts extracted with the norm's term sizes (`termsize.term_size_facts`, the norm's
write rule under acyclicity), the claims as hypotheses at nested summary edges, every
entry-to-return run entailing the claim, the greatest fixpoint; induction over the depth of
the calls. Every obligation (premises ⇒ goal over the integers) is kept and re-checked by
`ResultLemma.verify`, like the loops' proofs.

**Assumptions.** Term sizes exist (are natural numbers) for the references the extraction
tracks: those acyclic by the states' annotations, or every reference when the
whole-program acyclicity rule holds — then the lemma names that rule in its heap facts
(`ACYCLIC_HEAP_FACT`). Integers are mathematical, as in every termination proof.
"""

from __future__ import annotations

from collections.abc import Callable

from jhalt.analyses.termination.heap.acyclicity import ACYCLIC_HEAP_FACT
from jhalt.analyses.termination.lemmas.longest_paths import (
    Claim,
    ResultLemma,
    argument_types,
    as_bounds,
    prove_claims,
    recursive_methods,
    result_letter,
)
from jhalt.analyses.termination.lemmas.result_bounds import (
    TERM_AT_MOST,
    ResultBound,
    ResultBounds,
    integer_bounds_only,
)
from jhalt.analyses.termination.norms.termsize import TermSizeNorm
from jhalt.budget import Deadline
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph


def term_size_claims(
    graph: SymbolicExecutionGraph, program: Program, norm: TermSizeNorm
) -> list[Claim]:
    """For every recursive method of ``graph`` that returns a reference: its result's term
    size under ``norm`` at most that of each reference argument, and at most their sum
    when it has two or more."""
    found: list[Claim] = []
    for method in recursive_methods(graph):
        types = argument_types(program, method)
        if types is None or result_letter(method) not in "L[":
            continue
        positions = [k for k, t in enumerate(types) if t[0] in "L["]
        claims = [ResultBound(TERM_AT_MOST, k, (), norm.describe()) for k in positions]
        if len(positions) > 1:
            first, *others = positions
            claims.append(ResultBound(TERM_AT_MOST, first, tuple(others), norm.describe()))
        found += [(method, claim, len(types)) for claim in claims]
    return found


def term_size_lemmas(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    deadline: Deadline,
    norm: TermSizeNorm,
    acyclic_heap: Callable[[], bool],
) -> tuple[ResultLemma, ...]:
    """The claims of `term_size_claims` that hold (module docstring); ``acyclic_heap``
    decides the whole-program acyclicity rule (asked only when there are claims). Raises
    `OutOfTime` once ``deadline`` has passed."""
    claims = term_size_claims(graph, program, norm) if program is not None else []
    if not claims:
        return ()
    facts = (ACYCLIC_HEAP_FACT,) if acyclic_heap() else ()
    return prove_claims(graph, program, deadline, claims, facts, norm)


class NormLemmas:
    """The term-size lemmas of one graph per norm, proved when a loop first needs them, and
    those of the norms whose loop proofs used them (to be reported and re-checked)."""

    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        program: Program | None,
        deadline: Deadline,
        acyclic_heap: Callable[[], bool],
    ) -> None:
        self.graph, self.program, self.deadline = graph, program, deadline
        self.acyclic_heap = acyclic_heap
        self._found: dict[str, tuple[ResultLemma, ...]] = {}
        self._used: dict[str, tuple[ResultLemma, ...]] = {}

    def lemmas(self, norm: TermSizeNorm) -> tuple[ResultLemma, ...]:
        key = norm.describe()
        if key not in self._found:
            self._found[key] = term_size_lemmas(
                self.graph, self.program, self.deadline, norm, self.acyclic_heap
            )
        return self._found[key]

    def bounds(self, norm: TermSizeNorm, bounds: ResultBounds) -> ResultBounds:
        """The integer bounds among ``bounds`` (the graph's result lemmas) with the term-size
        lemmas of ``norm``: the hypotheses of an extraction under ``norm``."""
        merged = dict(integer_bounds_only(bounds))
        for method, (count, found) in as_bounds(self.lemmas(norm)).items():
            merged[method] = (count, merged.get(method, (count, ()))[1] + found)
        return merged

    def use(self, norm: TermSizeNorm) -> None:
        """A loop proof extracted under ``norm`` stands: its lemmas become part of the proof."""
        self._used[norm.describe()] = self.lemmas(norm)

    def used(self) -> tuple[ResultLemma, ...]:
        return tuple(lemma for found in self._used.values() for lemma in found)
