"""Result lemmas of recursive methods (issue 14): ``sz(result) <= sz(argument k)``,
``sz(result) >= sz(argument k)``, ``result <= argument k`` or ``result >= 0`` for every call of a method ``M`` that returns
normally, proved on the graph by induction over the depth of the calls — the bounds the
termination proofs of ``div(minus(x, y), y)`` and ``nest(nest(x - 1))`` need.

**The claims** (`result_bounds`). For a method ``M`` and an argument position ``k``
(receiver 0, then the parameters): in every activation of ``M`` that the graph represents in
a call context (`jhalt.seg.evaluate.recursion`) and that returns normally, the size of the
returned object (the longest path through represented fields, `sizes`) is at most — or at
least — the size of the ``k``-th argument at the start of the activation (a method returning
a reference, a reference argument); or the returned integer is at most the ``k``-th argument's value at
the start (an integral result and argument); or the returned integer is non-negative.

**The proof.** The nodes of ``M``'s contexts are the *region*: everything reachable from a
context entry (the target of an edge that enters a call of ``M``, the graph's entry when it
is ``M``'s, and the generalisations of these by instance edges) without entering another
call. A method whose activation comes back to its start (an instance edge into an entry
from another node) gets no lemma: an entry's locals would no longer be its arguments. The region's ITS is
extracted with the entries and the ``areturn`` nodes of ``M``'s own frame as cut points
(`extract`), with the claims as hypotheses at the summary edges of nested calls of ``M``
(`result_bounds`). The *runs* are the paths of transitions from an entry to a return; a
path through other cut points (states merged inside an activation) is composed in sequence
(`entry_to_return_runs`); a path into an entry is no run (a generalised entry, whose paths
are checked from there); other cut points on a cycle (a loop inside ``M``) give no lemma. A
claim holds when every run entails it — e.g. ``sz'(returned) <= sz(argument k)`` (both
references have sizes there: an argument without a size at an entry, or a return whose value
has none, refutes it; integers must be variables of the cut points likewise). Claims that
fail are dropped and the rest checked again until none fails (the greatest fixpoint): then
they hold together by induction on the depth of nested calls — an activation's nested calls
returned earlier, so they satisfy the claims the hypotheses stand for.

A method that moves the objects it is given — the in-place ``reverse`` of a list, which
returns a cell the activation wrote into — gets ``sz(result) <= sz(argument)`` when every
heap is acyclic: a write ``p.f = v`` makes no longest path longer than its old size plus
``sz(v)`` (`growth`), so ``sz(rest) <= sz(l.next)`` from the nested call, then ``l.next =
null`` and ``second.next = l`` (``second`` the old ``l.next``; ``sz(l) = 1`` there) give
``sz(rest) <= sz(l.next) + 1 <= sz(l)``.  That every heap is acyclic although such a method
stores an object it did not allocate is the acyclicity rule's (`acyclicity`, rule 3:
``second.next = l`` closes no cycle, ``l.next`` being null and ``second`` not ``l`` — it
could not reach ``l``, which the nested call on it does not change, `heap.must_not_reach`).

Each lemma keeps its obligations (premises ⇒ goal over the integers), re-checked by `verify`.
The sizes may rely on the whole-program acyclicity rule (`acyclicity`, decided by the
caller): a lemma proved with it names it in ``heap_facts``. Integers are mathematical here,
as in every termination proof (the prover states it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from jhalt.analyses.termination.cutpoints import ComponentSystem, CutPoint, size_name
from jhalt.analyses.termination.extract import PathExtractor
from jhalt.analyses.termination.heap.acyclicity import ACYCLIC_HEAP_FACT
from jhalt.analyses.termination.lemmas.result_bounds import (
    AT_MOST,
    INTEGER_RELATIONS,
    NON_NEGATIVE,
    SIZE_AT_LEAST,
    SIZE_AT_MOST,
    SIZE_RELATIONS,
    TERM_AT_MOST,
    ResultBound,
    ResultBounds,
)
from jhalt.analyses.termination.norms.termsize import TermSizeNorm
from jhalt.budget import NEVER, Deadline
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, Ref
from jhalt.its.linear import LinearConstraint, LinearExpr, const, ge, le, var
from jhalt.its.system import Transition, is_primed, primed, unprimed
from jhalt.program import Program
from jhalt.seg.evaluate.recursion import summary_callee
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.smt.entailment import Validity, check_entailment
from jhalt.smt.session import SmtConfig

Obligation = tuple[tuple[LinearConstraint, ...], LinearConstraint]
MAX_METHODS = 8
"""At most this many recursive methods get lemmas (each costs an extraction per round)."""
_INTEGRAL = "IJSBC"
"""Type letters of the integral values a lemma relates (``boolean`` results are left out)."""
_DESCRIPTIONS = {
    SIZE_AT_MOST: "is no larger than its {} (size)",
    SIZE_AT_LEAST: "is no smaller than its {} (size)",
    AT_MOST: "is at most its {}",
    NON_NEGATIVE: "is non-negative",
    TERM_AT_MOST: "is no larger than {}",
}


@dataclass(frozen=True)
class ResultLemma:
    """A bound of a method's result (`result_bounds`), proved (module docstring)."""

    method: str
    bound: ResultBound
    arguments: int
    obligations: tuple[Obligation, ...]
    heap_facts: tuple[str, ...] = ()
    """Facts of the whole program's heaps the sizes rely on (`ACYCLIC_HEAP_FACT`)."""

    @property
    def position(self) -> int:
        return self.bound.position

    def verify(self, config: SmtConfig = SmtConfig()) -> bool:
        """Re-check every obligation over the integers."""
        return all(
            check_entailment(p, goal, config=config, counterexample=False).validity
            is Validity.VALID
            for p, goal in self.obligations
        )

    def describe(self) -> str:
        instance = self._instance()
        named = [
            "receiver" if instance and k == 0 else f"argument {k + (0 if instance else 1)}"
            for k in self.bound.positions or (self.position,)
        ]
        which = named[0] if len(named) == 1 else "the sum of its " + " and ".join(named)
        if self.bound.relation == TERM_AT_MOST:
            which = (which if len(named) > 1 else f"its {which}") + f", {self.bound.norm}"
        return f"the result of {self.method} " + _DESCRIPTIONS[self.bound.relation].format(which)

    def _instance(self) -> bool:
        return self.arguments > len(parse_method_descriptor(_descriptor(self.method))[0])

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "relation": self.bound.relation,
            "argument": self.position if self.position >= 0 else None,
            "summed_with": list(self.bound.others),
            "norm": self.bound.norm or None,
            "heap_facts": list(self.heap_facts),
            "obligations": [
                {"premises": [str(c) for c in p], "goal": str(goal)} for p, goal in self.obligations
            ],
        }


def as_bounds(lemmas: tuple[ResultLemma, ...]) -> ResultBounds:
    """The lemmas as the extractor's hypotheses."""
    found: dict[str, tuple[int, tuple[ResultBound, ...]]] = {}
    for lemma in lemmas:
        count, bounds = found.get(lemma.method, (lemma.arguments, ()))
        found[lemma.method] = (count, (*bounds, lemma.bound))
    return found


Claim = tuple[str, ResultBound, int]
"""(method, bound, number of values a call pops)."""


def result_lemmas(
    graph: SymbolicExecutionGraph,
    program: Program | None = None,
    deadline: Deadline = NEVER,
    acyclic_heap: Callable[[], bool] = lambda: False,
) -> tuple[ResultLemma, ...]:
    """The result lemmas that hold for the recursive methods of ``graph`` (module
    docstring); none without ``program`` (it says which methods are static).
    ``acyclic_heap`` decides the whole-program acyclicity rule, asked only when a claim is
    about sizes. Raises `OutOfTime` once ``deadline`` has passed."""
    candidates = _candidates(graph, program) if program is not None else []
    sizes = any(bound.relation in SIZE_RELATIONS for _, bound, _ in candidates)
    facts = (ACYCLIC_HEAP_FACT,) if sizes and acyclic_heap() else ()
    return prove_claims(graph, program, deadline, candidates, facts)


def prove_claims(
    graph: SymbolicExecutionGraph,
    program: Program | None,
    deadline: Deadline,
    candidates: list[Claim],
    facts: tuple[str, ...],
    norm: TermSizeNorm | None = None,
) -> tuple[ResultLemma, ...]:
    """The greatest set of ``candidates`` that hold together (module docstring, "The
    proof"), over longest-path sizes or, with ``norm``, its term sizes (`lemmas.term_sizes`);
    ``facts``: the extractions use the whole-program acyclicity rule (`ACYCLIC_HEAP_FACT`)."""
    config = SmtConfig(deadline=deadline)
    regions = {m: _Region(graph, m, facts, norm) for m in sorted({m for m, _, _ in candidates})}
    while candidates:
        bounds = as_bounds(tuple(ResultLemma(m, b, n, ()) for m, b, n in candidates))
        proved: list[ResultLemma] = []
        for method in sorted({m for m, _, _ in candidates}):
            claims = [(b, n) for m, b, n in candidates if m == method]
            proved += regions[method].lemmas(claims, bounds, program, config)
        if len(proved) == len(candidates):
            return tuple(proved)
        candidates = [(lemma.method, lemma.bound, lemma.arguments) for lemma in proved]
    return ()


def _candidates(graph: SymbolicExecutionGraph, program: Program) -> list[Claim]:
    """The claims for every recursive method whose calls are summarised in ``graph``: size
    bounds by its reference arguments when it returns a reference; bounds by its integral
    arguments and non-negativity when it returns an integral value."""
    found: list[Claim] = []
    for method in recursive_methods(graph):
        types = argument_types(program, method)
        result = result_letter(method)
        if types is None:
            continue
        if result in "L[":
            found += [
                (method, ResultBound(relation, k), len(types))
                for k, t in enumerate(types)
                if t[0] in "L["
                for relation in (SIZE_AT_MOST, SIZE_AT_LEAST)
            ]
        elif result in _INTEGRAL:
            found += [
                (method, ResultBound(AT_MOST, k), len(types))
                for k, t in enumerate(types)
                if t in _INTEGRAL
            ]
            found.append((method, ResultBound(NON_NEGATIVE, -1), len(types)))
    return found


def recursive_methods(graph: SymbolicExecutionGraph) -> list[str]:
    """The recursive methods whose calls are summarised in ``graph``, at most
    `MAX_METHODS` (sorted)."""
    return sorted(
        {
            callee
            for _, label, _ in graph.eval_edges()
            if (callee := summary_callee(label.assumptions)) is not None
        }
    )[:MAX_METHODS]


def result_letter(method: str) -> str:
    """The first letter of the result type of ``method`` (``str(MethodId)``)."""
    return _descriptor(method).rsplit(")", 1)[1][0]


def _descriptor(method: str) -> str:
    return method[method.index("(") :]


def argument_types(program: Program, method: str) -> tuple[str, ...] | None:
    """The types of the values a call of ``method`` (``str(MethodId)``) pops, receiver
    first; None when the method is not found."""
    head, descriptor = method[: method.index("(")], _descriptor(method)
    class_name, name = head.rsplit(".", 1)
    found = program.find(class_name.replace(".", "/"))
    info = found.method(name, descriptor) if found is not None else None
    if info is None:
        return None
    parameters = parse_method_descriptor(descriptor)[0]
    return parameters if info.is_static else ("L", *parameters)


class _Region:
    """The nodes of the call contexts of one method (module docstring): its entries with
    their argument references, its returns with the returned reference. ``heap_facts``:
    the extraction may use the whole-program acyclicity rule (`ACYCLIC_HEAP_FACT`);
    ``norm``: its sizes are that norm's term sizes (`lemmas.term_sizes`)."""

    def __init__(
        self,
        graph: SymbolicExecutionGraph,
        method: str,
        heap_facts: tuple[str, ...] = (),
        norm: TermSizeNorm | None = None,
    ) -> None:
        self.graph, self.method, self.heap_facts, self.norm = graph, method, heap_facts, norm
        self.entries: dict[int, tuple[Ref | None, ...]] = {}
        self.returns: dict[int, Ref] = {}
        starts = [t for _, label, t in graph.eval_edges() if label.enters_call] + [graph.entry]
        instances = graph.instance_edges()
        while starts:
            node = starts.pop()
            state = graph.states[node]
            if node in self.entries or not _activation_of(state, method):
                continue
            if state.position.pc == 0:
                self.entries[node] = state.frames[0].locals
                starts += [t for s, _, t in instances if s == node]
        for node, state in graph.states.items():
            if _activation_of(state, method) and any(
                label.mnemonic in _RETURNS for label in _evaluations(graph, node)
            ):
                self.returns[node] = state.peek()
        self.loops_to_start = any(
            t in self.entries and s not in self.entries for s, _, t in instances
        )
        """Whether a path inside an activation comes back to the method's start."""

    def lemmas(
        self,
        claims: list[tuple[ResultBound, int]],
        bounds: ResultBounds,
        program: Program | None,
        config: SmtConfig,
    ) -> list[ResultLemma]:
        if not self.entries or not self.returns or self.loops_to_start:
            return []
        system = extract_region(
            self.graph,
            sorted(self.entries),
            sorted(self.returns),
            program,
            config.deadline,
            bounds,
            bool(self.heap_facts),
            self.norm,
        )
        points = {c.node: c for c in system.cut_points}
        runs = entry_to_return_runs(system, set(self.entries), set(self.returns))
        if runs is None:
            return []  # a loop inside the method, or too many paths
        obligations: dict[ResultBound, list[Obligation]] = {b: [] for b, _ in claims}
        for source, target, guard in runs:
            for bound in list(obligations):
                goal = _goal(
                    bound, self.entries[source], self.returns[target], points, source, target
                )
                if goal is None:
                    del obligations[bound]
                else:
                    obligations[bound].append((guard, goal))
        found = [
            ResultLemma(self.method, b, n, tuple(obligations[b]), self._facts(b))
            for b, n in claims
            if b in obligations
        ]
        return [lemma for lemma in found if lemma.verify(config)]

    def _facts(self, bound: ResultBound) -> tuple[str, ...]:
        return self.heap_facts if bound.relation not in INTEGER_RELATIONS else ()


_RETURNS = frozenset({"areturn", "ireturn", "lreturn"})
MAX_RUNS = 64
"""At most this many paths from the entries to the returns of one method are composed."""

Run = tuple[int, int, tuple[LinearConstraint, ...]]
"""(entry node, return node, the composed guard of a path between them)."""


def entry_to_return_runs(
    system: ComponentSystem, entries: set[int], returns: set[int]
) -> list[Run] | None:
    """Every path of transitions from an entry to a return whose inner cut points are
    neither (merge points inside an activation), with its composed guard; None when those
    inner cut points lie on a cycle (a loop inside the method) or there are more than
    `MAX_RUNS` paths. Paths into an entry are left out: a generalised entry's own paths
    are among the runs."""
    node_of = {c.location: c.node for c in system.cut_points}
    outgoing: dict[int | None, list[Transition]] = {}
    for transition in system.its.transitions:
        outgoing.setdefault(node_of.get(transition.source), []).append(transition)
    variables = frozenset(system.its.variables)
    found: list[Run] = []
    todo: list[tuple[int, int, tuple[Transition, ...]]] = [(e, e, ()) for e in sorted(entries)]
    while todo:
        entry, node, chain = todo.pop()
        for transition in outgoing.get(node, ()):
            target = node_of.get(transition.target)
            if target is None or target in entries:
                continue
            path = (*chain, transition)
            if target in returns:
                found.append((entry, target, _composed(path, variables)))
            elif any(node_of.get(t.source) == target for t in path) or len(path) > len(node_of):
                return None
            else:
                todo.append((entry, target, path))
            if len(found) + len(todo) > MAX_RUNS:
                return None
    return found


def _composed(
    path: tuple[Transition, ...], variables: frozenset[str]
) -> tuple[LinearConstraint, ...]:
    """The guard of ``path`` run in sequence: the post-state of each transition is the next
    one's pre-state (named ``v@@k`` in between), auxiliaries renamed apart per step."""
    guard: list[LinearConstraint] = []
    last = len(path) - 1
    for step, transition in enumerate(path):
        renaming = {}
        for name in transition.variables():
            if is_primed(name):
                if step < last:
                    renaming[name] = f"{unprimed(name)}@@{step + 1}"
            elif name in variables:
                if step > 0:
                    renaming[name] = f"{name}@@{step}"
            else:
                renaming[name] = f"{name}#{step}"
        guard += [c.rename(renaming) for c in transition.guard]
    return tuple(guard)


def _goal(
    bound: ResultBound,
    arguments: tuple[Ref | None, ...],
    returned: Ref,
    points: dict[int, CutPoint],
    source: int,
    target: int,
) -> LinearConstraint | None:
    """What a transition from the entry ``source`` to the return ``target`` must entail for
    ``bound``; None when a value it relates has no variable there (the claim fails)."""
    if bound.relation not in INTEGER_RELATIONS:
        summed = [_argument(arguments, k) for k in bound.positions]
        if any(a is None or a not in points[source].sized_refs for a in summed):
            return None
        if returned == NULL:
            result: LinearExpr = const(0)
        elif returned not in points[target].sized_refs:
            return None
        else:
            result = var(primed(size_name(returned)))
        total = sum((var(size_name(a)) for a in summed if a is not None), const(0))
        return ge(result, total) if bound.relation == SIZE_AT_LEAST else le(result, total)
    if returned not in points[target].int_refs:
        return None
    result = var(primed(returned))
    if bound.relation == NON_NEGATIVE:
        return le(const(0), result)
    argument = _argument(arguments, bound.position)
    if argument is None or argument not in points[source].int_refs:
        return None
    return le(result, var(argument))


def _activation_of(state: AbstractState, method: str) -> bool:
    """Whether ``state`` is inside an activation of ``method`` alone (a call context's
    frame, no call below it), not throwing."""
    return (
        len(state.frames) == 1
        and state.exception is None
        and str(state.frames[0].position.method) == method
    )


def _evaluations(graph: SymbolicExecutionGraph, node: int) -> list[EvalEdge]:
    return [label for label, _ in graph.successors(node) if isinstance(label, EvalEdge)]


def _argument(slots: tuple[Ref | None, ...], k: int) -> Ref | None:
    """The reference of the ``k``-th argument among an entry's locals: the arguments fill
    the first slots in order, a ``long`` or ``double`` two of them (the second ``None``)."""
    values = [slot for slot in slots if slot is not None]
    return values[k] if k < len(values) else None


def extract_region(
    graph: SymbolicExecutionGraph,
    entries: list[int],
    returns: list[int],
    program: Program | None,
    deadline: Deadline,
    bounds: ResultBounds,
    acyclic_heap: bool = False,
    norm: TermSizeNorm | None = None,
) -> ComponentSystem:
    """The ITS of the activations that start at ``entries`` (call-context entries of one
    method), with ``entries`` and ``returns`` as cut points, over the nodes reachable from
    the entries without entering a call (`lemmas.longest_paths`); ``bounds`` at the summary edges;
    ``acyclic_heap`` and ``norm`` as for `extract.extract_component`."""
    region: set[int] = set()
    todo = list(entries)
    while todo:
        node = todo.pop()
        if node in region or not graph.states[node].frames:
            continue
        region.add(node)
        todo += [t for label, t in graph.successors(node) if not getattr(label, "enters_call", 0)]
    extractor = PathExtractor(
        graph,
        frozenset(region),
        (*entries, *returns),
        program,
        deadline,
        bounds,
        follow_calls=False,
        acyclic_heap=acyclic_heap,
        norm=norm,
    )
    return extractor.extract()
