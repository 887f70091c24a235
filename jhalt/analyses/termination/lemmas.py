"""Size lemmas of recursive methods (issue 14): ``sz(result) <= sz(argument k)`` for every
call of a method ``M`` that returns normally, proved on the graph by induction over the
depth of the calls — the bound the termination proof of ``div(minus(x, y), y)`` needs.

**The claim.** For a method ``M`` returning a reference and an argument position ``k``
(receiver 0, then the parameters): in every activation of ``M`` that the graph represents in
a call context (`jhalt.seg.evaluate.recursion`) and that returns normally, the size of the
returned object (the longest path through represented fields, `sizes`) is at most the size
of the ``k``-th argument at the start of the activation.

**The proof.** The nodes of ``M``'s contexts are the *region*: everything reachable from a
context entry (the target of an edge that enters a call of ``M``, the graph's entry when it
is ``M``'s, and the generalisations of these by instance edges) without entering another
call. A method whose activation comes back to its start (an instance edge into an entry
from another node) gets no lemma: an entry's locals would no longer be its arguments. The region's ITS is
extracted with the entries and the ``areturn`` nodes of ``M``'s own frame as cut points
(`extract`), with the claims as hypotheses at the summary edges of nested calls of ``M``
(`result_bounds`). The claim holds when every transition from an entry to a return entails
``sz'(returned) <= sz(argument k)`` (both references have sizes there: an argument without a
size at an entry, or a return whose value has none, refutes it), and no transition from an
entry reaches another cut point than an entry (a generalised entry, whose paths are checked
from there) or a return (a loop inside ``M``: not handled). Claims that fail are dropped and
the rest checked again until none fails (the greatest fixpoint): then they hold together by
induction on the depth of nested calls — an activation's nested calls returned earlier, so
they satisfy the claims the hypotheses stand for.

Each lemma keeps its obligations (premises ⇒ goal over the integers), re-checked by `verify`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jhalt.analyses.termination.cutpoints import ComponentSystem, size_name
from jhalt.analyses.termination.extract import PathExtractor
from jhalt.analyses.termination.result_bounds import ResultBounds
from jhalt.budget import NEVER, Deadline
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, Ref
from jhalt.its.linear import LinearConstraint, const, le, var
from jhalt.its.system import primed
from jhalt.program import Program
from jhalt.seg.evaluate.recursion import summary_callee
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge
from jhalt.smt.entailment import Validity, check_entailment
from jhalt.smt.session import SmtConfig

Obligation = tuple[tuple[LinearConstraint, ...], LinearConstraint]
MAX_METHODS = 8
"""At most this many recursive methods get lemmas (each costs an extraction per round)."""


@dataclass(frozen=True)
class SizeLemma:
    """``sz(result of method) <= sz(argument position)`` (module docstring)."""

    method: str
    position: int
    arguments: int
    obligations: tuple[Obligation, ...]

    def verify(self, config: SmtConfig = SmtConfig()) -> bool:
        """Re-check every obligation over the integers."""
        return all(
            check_entailment(p, goal, config=config, counterexample=False).validity
            is Validity.VALID
            for p, goal in self.obligations
        )

    def describe(self) -> str:
        instance = self._instance()
        if instance and self.position == 0:
            which = "receiver"
        else:
            which = f"argument {self.position + (0 if instance else 1)}"
        return f"the result of {self.method} is no larger than its {which} (size)"

    def _instance(self) -> bool:
        return self.arguments > len(parse_method_descriptor(_descriptor(self.method))[0])

    def to_json(self) -> dict[str, Any]:
        return {
            "method": self.method,
            "argument": self.position,
            "obligations": [
                {"premises": [str(c) for c in p], "goal": str(goal)} for p, goal in self.obligations
            ],
        }


def as_bounds(lemmas: tuple[SizeLemma, ...]) -> ResultBounds:
    """The lemmas as the extractor's hypotheses."""
    found: dict[str, tuple[int, tuple[int, ...]]] = {}
    for lemma in lemmas:
        count, positions = found.get(lemma.method, (lemma.arguments, ()))
        found[lemma.method] = (count, (*positions, lemma.position))
    return found


def size_lemmas(
    graph: SymbolicExecutionGraph, program: Program | None = None, deadline: Deadline = NEVER
) -> tuple[SizeLemma, ...]:
    """The size lemmas that hold for the recursive methods of ``graph`` (module docstring);
    none without ``program`` (it says which methods are static). Raises `OutOfTime` once
    ``deadline`` has passed."""
    candidates = _candidates(graph, program) if program is not None else []
    config = SmtConfig(deadline=deadline)
    regions = {m: _Region(graph, m) for m in sorted({m for m, _, _ in candidates})}
    while candidates:
        bounds = as_bounds(tuple(SizeLemma(m, k, n, ()) for m, k, n in candidates))
        proved: list[SizeLemma] = []
        for method in sorted({m for m, _, _ in candidates}):
            positions = [(k, n) for m, k, n in candidates if m == method]
            proved += regions[method].lemmas(positions, bounds, program, config)
        if len(proved) == len(candidates):
            return tuple(proved)
        candidates = [(lemma.method, lemma.position, lemma.arguments) for lemma in proved]
    return ()


def _candidates(graph: SymbolicExecutionGraph, program: Program) -> list[tuple[str, int, int]]:
    """(method, position, argument count) for the reference arguments of every recursive
    method returning a reference whose calls are summarised in ``graph``."""
    methods = sorted(
        {
            callee
            for _, label, _ in graph.eval_edges()
            if (callee := summary_callee(label.assumptions)) is not None
        }
    )[:MAX_METHODS]
    found = []
    for method in methods:
        types = _argument_types(program, method)
        if types is None or _descriptor(method).rsplit(")", 1)[1][0] not in "L[":
            continue
        found += [(method, k, len(types)) for k, t in enumerate(types) if t[0] in "L["]
    return found


def _descriptor(method: str) -> str:
    return method[method.index("(") :]


def _argument_types(program: Program, method: str) -> tuple[str, ...] | None:
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
    their argument references, its returns with the returned reference."""

    def __init__(self, graph: SymbolicExecutionGraph, method: str) -> None:
        self.graph, self.method = graph, method
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
                label.mnemonic == "areturn" for label in _evaluations(graph, node)
            ):
                self.returns[node] = state.peek()
        self.loops_to_start = any(
            t in self.entries and s not in self.entries for s, _, t in instances
        )
        """Whether a path inside an activation comes back to the method's start."""

    def lemmas(
        self,
        positions: list[tuple[int, int]],
        bounds: ResultBounds,
        program: Program | None,
        config: SmtConfig,
    ) -> list[SizeLemma]:
        if not self.entries or not self.returns or self.loops_to_start:
            return []
        system = extract_region(
            self.graph, sorted(self.entries), sorted(self.returns), program, config.deadline, bounds
        )
        sized = {c.node: c.sized_refs for c in system.cut_points}
        node_of = {c.location: c.node for c in system.cut_points}
        obligations: dict[int, list[Obligation]] = {k: [] for k, _ in positions}
        for transition in system.its.transitions:
            source, target = node_of.get(transition.source), node_of.get(transition.target)
            if source not in self.entries or target in self.entries:
                continue
            if target not in self.returns:
                return []  # a loop inside the method
            returned = self.returns[target]
            for k in list(obligations):
                argument = _argument(self.entries[source], k)
                size = const(0) if returned == NULL else var(primed(size_name(returned)))
                if (
                    argument is None
                    or argument not in sized[source]
                    or (returned != NULL and returned not in sized[target])
                ):
                    del obligations[k]
                    continue
                goal = le(size, var(size_name(argument)))
                obligations[k].append((transition.guard, goal))
        found = [
            SizeLemma(self.method, k, n, tuple(obligations[k]))
            for k, n in positions
            if k in obligations
        ]
        return [lemma for lemma in found if lemma.verify(config)]


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
) -> ComponentSystem:
    """The ITS of the activations that start at ``entries`` (call-context entries of one
    method), with ``entries`` and ``returns`` as cut points, over the nodes reachable from
    the entries without entering a call (`lemmas`); ``bounds`` at the summary edges."""
    region: set[int] = set()
    todo = list(entries)
    while todo:
        node = todo.pop()
        if node in region or not graph.states[node].frames:
            continue
        region.add(node)
        todo += [t for label, t in graph.successors(node) if not getattr(label, "enters_call", 0)]
    extractor = PathExtractor(
        graph, frozenset(region), (*entries, *returns), program, deadline, bounds, False
    )
    return extractor.extract()
