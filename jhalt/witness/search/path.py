"""One path of the Symbolic Execution Graph as constraints over versioned values
(seed 000 §3, Thm 5; thesis §1.5 for the intersection at instance edges).

Walking a path ``s_0 → … → s_n`` forward, every reference of every state on it is mapped to a
*path variable* (``v0``, ``v1``, …). References keep their variable along evaluation and
refinement edges (the graph names values in single static assignment form, seed 000 §2.2);
a refinement's renaming (``o1 → o2``, ``o1 → null``) and an instance edge's renaming
(general reference → instance reference, completed by matching state positions) keep the
variable too — this is Thm 5's "intersect at instance edges": the general state's values are
the instance's values. A reference that appears fresh gets a fresh variable, so a loop
traversed twice gets two sets of variables (one per iteration).

What is collected:

* integer facts: the interval (and JVM type) of each integer variable in every state on the
  path, every relation on evaluation edges and every relation a refinement assumes — as
  SEG relations over path variables, and as formulas of the integer term language
  (`PathFacts.formulas`, what `jhalt.smt.witness_solver` solves);
* heap facts about *input* objects — those that exist in the entry state and those read from
  an input object before the program wrote the field, element or static field
  (:class:`ObjectFacts`): exact class or type bound, nullness, array length and entries,
  fields;
* array reads ``e = a[i]`` of input arrays (the index is only known once the integers are
  solved);
* the environment values the path's calls take (`jhalt.seg.environment`), in order, with
  their call sites;
* one length per String: a length realised again for the same String variable equals the first
  (Strings are immutable);
* the content relations of Strings and builders (`jhalt.its.contents`, an evaluation edge's
  ``strings``) over path variables, in path order, and the length variable of each String
  the path shows; a builder whose value an evaluation edge changes without a content relation
  about it (a call the models do not describe) gets ``sb.change`` there, so that its old
  content is not taken for its new one (what `jhalt.smt.strings` solves).

:func:`collect_path_facts` never decides anything; :mod:`jhalt.smt.witness_solver` and
:mod:`jhalt.witness.search.concretize` turn the facts into values, and the forward check of
:mod:`jhalt.witness.search.backward` confirms them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from jhalt.domains.state import AbstractState
from jhalt.domains.strings import STRING_CLASS, STRING_LENGTH
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    FloatValue,
    InstanceValue,
    IntValue,
    Ref,
    UnknownValue,
)
from jhalt.ids import FieldId, ProgramPosition
from jhalt.its.contents import BUILDER_OPS, CHANGE
from jhalt.its.terms import Lit, Term, Var
from jhalt.models.text import BUILDERS
from jhalt.seg.environment import INPUT
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import (
    EdgeLabel,
    EvalEdge,
    InstanceEdge,
    Operand,
    RefineEdge,
    Relation,
    check,
)
from jhalt.smt.witness_solver import PathFormula, variable_sort

NULL_VAR = "null"
"""The path variable of the null reference."""


@dataclass
class ObjectFacts:
    """What the path shows about one object variable at its first observations."""

    type_name: str | None = None
    exact: bool = False
    """True when ``type_name`` is the exact class (an instance or array value)."""
    non_null: bool = False
    is_array: bool = False
    length: str | None = None
    entries: dict[int, str] = field(default_factory=dict)
    fields: dict[FieldId, str] = field(default_factory=dict)


@dataclass
class PathFacts:
    """Everything :func:`collect_path_facts` learns from one path (module docstring)."""

    int_types: dict[str, str] = field(default_factory=dict)
    intervals: list[tuple[str, int | None, int | None]] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    float_values: dict[str, float] = field(default_factory=dict)
    objects: dict[str, ObjectFacts] = field(default_factory=dict)
    null_vars: set[str] = field(default_factory=set)
    aliases: list[tuple[str, str]] = field(default_factory=list)
    reads: list[tuple[str, str, str]] = field(default_factory=list)
    """(array variable, index variable, element variable) of input arrays read before any write."""
    statics: dict[FieldId, str] = field(default_factory=dict)
    """Static fields read before the path wrote them: their initial variable."""
    entry_locals: tuple[str | None, ...] = ()
    """Variables of the entry frame's local variables in the first state."""
    inputs: set[str] = field(default_factory=set)
    """Variables of input values (entry state, and read from inputs before any write)."""
    environment: list[tuple[ProgramPosition, str]] = field(default_factory=list)
    """Environment values in path order (`jhalt.seg.environment`): (call site, variable)."""
    strings: list[Relation] = field(default_factory=list)
    """Content relations (`jhalt.its.contents`) over path variables, in path order."""
    string_lengths: dict[str, str] = field(default_factory=dict)
    """The length variable of each String variable (pseudo-field ``count``)."""
    unsupported: list[str] = field(default_factory=list)
    final_env: dict[Ref, str] = field(default_factory=dict)
    """The variable of each reference of the path's last state."""
    extra: list[PathFormula] = field(default_factory=list)
    """Formulas a caller adds over the path variables (a goal's condition, e.g. a
    recurrent set at the last state: `find_witness`'s ``constraints``)."""

    @property
    def formulas(self) -> list[PathFormula]:
        """``relations`` for `jhalt.smt.witness_solver`: each relation's operands (its
        arguments, then its result) and its formula (`Relation.formula`), in which a path
        variable is a `Var` of its `variable_sort` and a literal a `Lit`; a relation that
        reads an unknown (``?``) variable or the null reference, or has no integer
        meaning, has no formula."""
        return [
            (
                relation.args + ((relation.result,) if relation.result is not None else ()),
                relation.formula(self._term),
            )
            for relation in self.relations
        ] + list(self.extra)

    def _term(self, operand: Operand) -> Term | None:
        if isinstance(operand, int):
            return Lit(int(operand))
        if operand.startswith("?") or operand == NULL_VAR:
            return None
        return Var(operand, variable_sort(self.int_types, operand))


class _PathWalker:
    def __init__(self) -> None:
        self.facts = PathFacts()
        self.counter = 0
        self.written_fields: set[tuple[str, FieldId]] = set()
        self.written_arrays: set[str] = set()
        self.written_statics: set[FieldId] = set()
        self.observed: set[tuple[str, object]] = set()
        self.inputs: set[str] = set()

    def fresh(self) -> str:
        name = f"v{self.counter}"
        self.counter += 1
        return name

    # ------------------------------------------------------------ environments
    def initial_env(self, state: AbstractState) -> dict[Ref, str]:
        env = {reference: self.fresh() for reference in sorted(state.heap)}
        env[NULL] = NULL_VAR
        for _, reference in state.roots():
            if reference != NULL:
                self.inputs.add(env[reference])
        for _, reference in state.static_fields:
            if reference != NULL:
                self.inputs.add(env[reference])
        return env

    def carry(
        self,
        source_env: dict[Ref, str],
        source: AbstractState,
        target: AbstractState,
        renaming: dict[Ref, Ref] | None = None,
        positional: bool = False,
    ) -> dict[Ref, str]:
        env: dict[Ref, str] = {NULL: NULL_VAR}
        for new, old in (renaming or {}).items():
            if old in source_env:
                env[new] = source_env[old]
        if positional:
            for position, reference in target.positions():
                if reference in env or reference == NULL:
                    continue
                held = source.value_at(position)
                if held is not None and held in source_env:
                    env[reference] = source_env[held]
        for reference in sorted(target.heap):
            if reference not in env:
                env[reference] = (
                    source_env[reference]
                    if reference in source.heap and reference in source_env
                    else self.fresh()
                )
        return env

    # ------------------------------------------------------------ observations
    def observe(self, state: AbstractState, env: dict[Ref, str]) -> None:
        facts = self.facts
        for reference, value in state.heap.items():
            var = env[reference]
            if isinstance(value, IntValue):
                facts.int_types.setdefault(var, value.type_letter)
                interval = value.interval
                if interval.lo is not None or interval.hi is not None:
                    facts.intervals.append((var, interval.lo, interval.hi))
            elif isinstance(value, FloatValue):
                if value.bits is not None:
                    facts.float_values.setdefault(var, value.value)
            else:
                self._observe_object(var, value, env)
        for field_id, reference in state.static_fields:
            if field_id in self.written_statics or field_id in facts.statics:
                continue
            facts.statics[field_id] = env[reference]
            if reference != NULL:
                self.inputs.add(env[reference])

    def _observe_object(self, var: str, value: object, env: dict[Ref, str]) -> None:
        facts = self.facts.objects.setdefault(var, ObjectFacts())
        if isinstance(value, UnknownValue):
            if facts.type_name is None:
                facts.type_name = value.type_name
            facts.non_null = facts.non_null or not value.nullable
            return
        facts.non_null = True
        if isinstance(value, InstanceValue):
            length = value.field(STRING_LENGTH) if value.class_name == STRING_CLASS else None
            if length is not None:
                known = self.facts.string_lengths.setdefault(var, env[length])
                if known != env[length]:  # realised again: a String's length never changes
                    self.facts.relations.append(check("==", known, env[length]))
            if not facts.exact:
                facts.type_name, facts.exact = value.class_name, True
            for field_id, child in value.fields:
                key = (var, field_id)
                if key in self.observed or key in self.written_fields:
                    continue
                self.observed.add(key)
                facts.fields[field_id] = env[child]
                if var in self.inputs and child != NULL:
                    self.inputs.add(env[child])
        elif isinstance(value, ArrayValue):
            if not facts.exact:
                facts.type_name, facts.exact = value.array_type, True
            facts.is_array = True
            if facts.length is None:
                facts.length = env[value.length]
                if var in self.inputs:
                    self.inputs.add(facts.length)
            if value.entries is not None and var not in self.written_arrays:
                for index, child in enumerate(value.entries):
                    if index not in facts.entries:
                        facts.entries[index] = env[child]
                        if var in self.inputs and child != NULL:
                            self.inputs.add(env[child])

    # ------------------------------------------------------------ edges
    def eval_edge(
        self,
        label: EvalEdge,
        source: AbstractState,
        target: AbstractState,
        source_env: dict[Ref, str],
        target_env: dict[Ref, str],
    ) -> None:
        def var_of(operand: Operand, prefer_target: bool = False) -> Operand:
            if isinstance(operand, int):
                return operand
            first, second = (target_env, source_env) if prefer_target else (source_env, target_env)
            return first.get(operand, second.get(operand, f"?{operand}"))

        for relation in label.constraints:
            result = (
                None
                if relation.result is None
                else target_env.get(relation.result, f"?{relation.result}")
            )
            args = tuple(var_of(a) for a in relation.args)
            if relation.op == "[]":
                array_var = args[0]
                if (
                    isinstance(array_var, str)
                    and array_var in self.inputs
                    and array_var not in self.written_arrays
                    and result
                ):
                    self.facts.reads.append((array_var, str(args[1]), result))
                    if result != NULL_VAR:
                        self.inputs.add(result)
            elif relation.op == "[]=":
                if isinstance(args[0], str):
                    self.written_arrays.add(args[0])
            elif relation.op == INPUT and result:
                self.facts.environment.append((label.position, result))
            self.facts.relations.append(Relation(relation.op, result, args))  # type: ignore[arg-type]
        described = self.contents(label, target_env, var_of)
        # writes: fields that changed or appeared on an evaluation edge, static fields
        for reference, value in target.heap.items():
            if not isinstance(value, InstanceValue) or reference not in source.heap:
                continue
            before = source.heap[reference]
            before_fields = before.field_map() if isinstance(before, InstanceValue) else {}
            for field_id, child in value.fields:
                if before_fields.get(field_id) != child:
                    self.written_fields.add((target_env[reference], field_id))
            if value.class_name in BUILDERS and before != value:
                if target_env[reference] not in described:
                    self.facts.strings.append(Relation(CHANGE, None, (target_env[reference],)))
        before_statics = dict(source.static_fields)
        for field_id, reference in target.static_fields:
            if (
                field_id in before_statics
                and before_statics[field_id] != reference
                or field_id not in before_statics
                and label.mnemonic == "putstatic"
            ):
                self.written_statics.add(field_id)

    def contents(
        self,
        label: EvalEdge,
        target_env: dict[Ref, str],
        var_of: Callable[[Operand], Operand],
    ) -> set[Operand]:
        """Collect the edge's content relations over path variables; the builders they
        describe are returned."""
        described: set[Operand] = set()
        for relation in label.strings:
            result = None
            if relation.result is not None:
                result = target_env.get(relation.result, f"?{relation.result}")
            args = tuple(var_of(a) for a in relation.args)
            if relation.op in BUILDER_OPS:
                described.add(args[0])
            self.facts.strings.append(Relation(relation.op, result, args))
        return described

    def refine_edge(self, label: RefineEdge, target_env: dict[Ref, str]) -> None:
        for old, new in label.renaming:
            if new == NULL:
                continue
            if label.refinement == "equality" and old in target_env and new in target_env:
                self.facts.aliases.append((target_env[old], target_env[new]))
        for relation in label.assumed:
            args = tuple(
                a if isinstance(a, int) else target_env.get(a, f"?{a}") for a in relation.args
            )
            result = None if relation.result is None else target_env.get(relation.result)
            self.facts.relations.append(Relation(relation.op, result, args))  # type: ignore[arg-type]


def collect_path_facts(
    graph: SymbolicExecutionGraph,
    path: tuple[int, ...],
    labels: dict[tuple[int, int], EdgeLabel] | None = None,
) -> PathFacts:
    """The facts of ``path`` (node ids from the entry, consecutive nodes joined by an edge;
    ``labels`` maps (source, target) to the edge label, computed when not given)."""
    if labels is None:
        labels = edge_labels(graph)
    walker = _PathWalker()
    first = graph.states[path[0]]
    env = walker.initial_env(first)
    if first.frames:
        walker.facts.entry_locals = tuple(
            None if r is None else env.get(r, NULL_VAR) for r in first.frames[-1].locals
        )
    walker.observe(first, env)
    for source_node, target_node in zip(path, path[1:]):
        label = labels[(source_node, target_node)]
        source, target = graph.states[source_node], graph.states[target_node]
        if isinstance(label, EvalEdge):
            target_env = walker.carry(env, source, target)
            walker.eval_edge(label, source, target, env, target_env)
        elif isinstance(label, RefineEdge):
            renaming = {new: old for old, new in label.renaming if new != NULL}
            target_env = walker.carry(env, source, target, renaming, positional=True)
            for old, new in label.renaming:
                if new == NULL and old in env:
                    walker.facts.null_vars.add(env[old])
            if label.refinement == "existence" and label.case == "null":
                walker.facts.null_vars.update(env[r] for r in label.refs if r in env)
            walker.refine_edge(label, target_env)
        else:
            assert isinstance(label, InstanceEdge)
            renaming = {general: instance for general, instance in label.renaming}
            target_env = walker.carry(env, source, target, renaming, positional=True)
        walker.observe(target, target_env)
        env = target_env
    facts = walker.facts
    for var, object_facts in facts.objects.items():
        if object_facts.non_null and var in facts.null_vars:
            facts.unsupported.append(f"{var} is both null and non-null on the path")
    facts.inputs = walker.inputs
    facts.final_env = dict(env)
    return facts


def edge_labels(graph: SymbolicExecutionGraph) -> dict[tuple[int, int], EdgeLabel]:
    """(source, target) → label for every edge (the graph has at most one edge per pair)."""
    return {(source, target): label for source, label, target in graph.edges}
