"""Arrays of Strings whose entries no run of a graph changes (issue 33: ``args[0]`` read twice).

``if (args.length == 0 || args[0].isEmpty()) return; args[0].charAt(0)`` reads ``args[0]``
twice; the graph keeps no entry of the command line, so the second read is a fresh String whose
length the first read's ``isEmpty()`` says nothing about, and ``charAt(0)`` seems to throw. Two
reads of one array at equal indices give one object when nothing wrote that entry in between —
and a String's length never changes.

**Fact** (`stable_string_arrays`). In a complete graph of ``main(String[])``, when

1. no ``aastore`` edge stores into an array that may hold a String (an array value whose
   component type is ``String`` or a supertype of it, or an object not known to be an array of
   another type);
2. no ``aastore``, ``putfield`` or ``putstatic`` edge stores an array that may hold a String;
3. no edge that runs library code in the current frame (an ``invoke…`` that pushes no frame of
   the program: a modelled or unknown library call, a summary) has such an array among the
   operand stack's references of its source;
4. no edge but the program's ``anewarray``/``multianewarray`` makes one (a reference of its
   target that its source does not hold: returned by library code, read from a field or an
   array) —

then no run changes an entry of an array that may hold a String after the program read it.
The program writes array entries only by ``aastore`` (1). Library code writes only arrays it
can reach: one handed to it (3: never, and by 2 no object, array or static field holds one, so
nothing handed to it reaches one), or one it made and kept — every array that may hold a String
in the graph comes from the launcher (``args``, held by no library code while ``main`` runs)
or from the program's own ``anewarray`` (4).
Every step of every run is simulated by an edge of the complete graph (seed 000 Thm. 1), so the
conditions hold for every step of every run.

The refutation (`jhalt.analyses.refutation`) then takes two reads ``e = a[i]``, ``f = a[j]`` of
one array variable on a path with ``i = j`` to give one String: ``len(e) = len(f)``.
"""

from __future__ import annotations

from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, ArrayValue, HeapValue, Ref, UnknownValue
from jhalt.models.support import STRING_SUPERTYPES
from jhalt.seg.entry import is_main
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge

STABLE_STRING_ARRAYS = (
    "two reads of one array of Strings at equal indices give one String: no edge of the graph "
    "stores into such an array, stores one anywhere or hands one to library code, and no "
    "library call makes one (jhalt.analyses.stable_arrays)"
)
"""The assumption a refutation names when it used the fact."""

STORES = ("aastore", "putfield", "putstatic")
ARRAY_SUPERTYPES = frozenset({"java/lang/Object", "java/lang/Cloneable", "java/io/Serializable"})
"""The class types an array is an instance of (JLS §4.10.3)."""
CREATIONS = ("anewarray", "multianewarray")
"""The instructions by which the program makes its own arrays of references."""
STRING_HOLDERS = STRING_SUPERTYPES | {"java/lang/String"}
"""Component types of the arrays that may hold a String."""


def _may_hold_strings(value: HeapValue | None) -> bool:
    """Whether ``value`` may be an array that holds a String (module docstring); a reference
    without a value is taken to be one."""
    if value is None:
        return True
    if isinstance(value, ArrayValue):
        component = value.component_type
        return component.startswith("L") and component[1:-1] in STRING_HOLDERS
    if isinstance(value, UnknownValue):
        name = value.type_name
        if name.startswith("["):
            return name[1:].startswith("L") and name[2:-1] in STRING_HOLDERS
        return name in ARRAY_SUPERTYPES
    return False


def _holds_one(state: AbstractState, references: tuple[Ref, ...]) -> bool:
    return any(r != NULL and _may_hold_strings(state.heap.get(r)) for r in references)


def _edge_problem(before: AbstractState, after: AbstractState, label: EvalEdge) -> bool:
    """Whether the edge breaks a condition of the module docstring."""
    if not before.frames:
        return False
    stack = before.top.stack
    made = tuple(r for r in after.heap if r not in before.heap)
    if label.mnemonic not in CREATIONS and _holds_one(after, made):
        return True  # an array that may hold Strings from elsewhere than the program's own
    if label.mnemonic == "aastore":
        array = before.heap.get(before.peek(2))
        return _may_hold_strings(array) or _holds_one(before, stack[-1:])
    if label.mnemonic in STORES:
        return _holds_one(before, stack[-1:])
    if not label.mnemonic.startswith("invoke"):
        return False
    entered = len(after.frames) > len(before.frames) or label.enters_call
    if entered and after.frames and after.top.position.pc == 0:
        return False  # a program method's frame: its own edges are in the graph
    return _holds_one(before, stack)


def stable_string_arrays(graph: SymbolicExecutionGraph) -> bool:
    """Whether the fact of the module docstring holds for ``graph``."""
    entry = graph.states.get(graph.entry)
    if not graph.is_complete or entry is None or not entry.frames:
        return False
    if not is_main(entry.frames[-1].position.method) or graph.context_ends:
        return False
    for source, label, target in graph.edges:
        if isinstance(label, EvalEdge) and _edge_problem(
            graph.states[source], graph.states[target], label
        ):
            return False
    return True
