"""Hypothesis strategies for random states with heaps (sharing, cycles, null, unknowns).

All generated states are at the same program position with the same slot kinds, so any
two of them can be merged: locals 0 and 2 and the single stack entry hold objects or null,
local 1 an int. Objects are ``Node`` instances (fields next, left: Node; val: int),
unknown Nodes, or ``[LNode;`` arrays with listed entries.
"""

from __future__ import annotations

from hypothesis import strategies as st

from jhalt.domains.heap import Heap, HeapPredicates
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import NULL, ArrayValue, HeapValue, InstanceValue, IntValue, UnknownValue
from jhalt.ids import FieldId, MethodId, ProgramPosition

NODE = "Node"
NEXT = FieldId(NODE, "next", "LNode;")
LEFT = FieldId(NODE, "left", "LNode;")
VAL = FieldId(NODE, "val", "I")
POSITION = ProgramPosition(MethodId(NODE, "run", "()V"), 7)

small_ints = st.integers(-3, 3)


@st.composite
def int_values(draw: st.DrawFn, concrete: bool) -> IntValue:
    if concrete:
        return IntValue.const(draw(small_ints))
    lo = draw(st.one_of(st.none(), small_ints))
    hi = draw(st.one_of(st.none(), small_ints))
    if lo is not None and hi is not None and lo > hi:
        lo, hi = hi, lo
    return IntValue(Interval(lo, hi))


@st.composite
def states(draw: st.DrawFn, concrete: bool = False, max_objects: int = 4) -> AbstractState:
    prefix = draw(st.sampled_from(["p", "q"]))  # different inputs often use different names
    object_count = draw(st.integers(0, max_objects))
    objects = [f"{prefix}o{k}" for k in range(object_count)]
    heap: dict[str, HeapValue] = {}
    int_counter = [0]

    def new_int() -> str:
        name = f"{prefix}i{int_counter[0]}"
        int_counter[0] += 1
        heap[name] = draw(int_values(concrete))
        return name

    def object_or_null() -> str:
        return draw(st.sampled_from(objects + [NULL])) if objects else NULL

    kinds = ["instance", "array"] if concrete else ["instance", "array", "unknown"]
    for name in objects:
        kind = draw(st.sampled_from(kinds))
        if kind == "instance":
            heap[name] = InstanceValue.of(
                NODE, {NEXT: object_or_null(), LEFT: object_or_null(), VAL: new_int()}
            )
        elif kind == "array":
            size = draw(st.integers(0, 2))
            length = f"{prefix}len{name}"
            heap[length] = IntValue.const(size)
            heap[name] = ArrayValue("[LNode;", length, tuple(object_or_null() for _ in range(size)))
        else:
            heap[name] = UnknownValue(NODE, draw(st.booleans()))
    locals_ = (object_or_null(), new_int(), object_or_null())
    stack = (object_or_null(),)
    predicates = HeapPredicates()
    if not concrete and objects:
        candidate_pairs = [(a, b) for i, a in enumerate(objects) for b in objects[i:]]
        chosen = draw(st.lists(st.sampled_from(candidate_pairs), max_size=3))
        for a, b in chosen:
            what = draw(st.sampled_from(["eq", "join", "nontree"]))
            if what == "eq" and a != b:
                predicates = predicates.with_maybe_equal(a, b)
            elif what == "join":
                predicates = predicates.with_join(a, b)
            else:
                predicates = predicates.with_non_tree(a)
    state = AbstractState((Frame(POSITION, locals_, stack),), Heap(heap), predicates)
    return state.garbage_collected()
