"""Boxes and deques of boxes as exact steps of the CLP abstraction (seed 001 Def. 11; issue 33:
autoboxing and collection-heavy programs), after the models of `jhalt.models.boxing` and
`jhalt.models.deques`.

* An ``Integer`` (kind ``box``) is its size (0 for null, 1 otherwise) and, as its ``content``,
  its value: ``Integer.valueOf(int)`` makes a non-null box of the value, ``intValue()`` reads
  it back (the ``NullPointerException`` path has no clause), ``checkcast Integer`` keeps a box.
  Identity is not represented: ``if_acmp`` stays refused (whether two boxes of one value are
  one object depends on the cache and on where they were made).
* A ``java.util.ArrayDeque`` made by ``new ArrayDeque()`` (kind ``deque``) is its number of
  elements + 1 and, as its ``content``, the one value of all its elements (boxes, never null
  in an ``ArrayDeque``). Adding a box of that value adds one; removing from a non-empty deque
  gives a box of it; ``isEmpty``, ``size``, ``poll…``/``peek…`` read the count. Runs that add
  another value have no clause (an under-approximation: the deques represented hold copies of
  one value, and a new deque's value is the first one added). A deque changes, so every
  copy of it on the path (equal slots: the value variable is the deque's own, made at its
  ``new`` or at a cut point) is updated; `jhalt.analyses.clp.translate` refuses a deque
  passed to a call, returned, or reaching a cut point twice (an alias it could not update).
"""

from __future__ import annotations

from dataclasses import replace

from jhalt.analyses.clp.abstraction import (
    INT,
    PathState,
    Refusal,
    Slot,
    StepContext,
    Successor,
    step,
)
from jhalt.bytecode.instructions import Instruction
from jhalt.its.linear import LinearExpr, const, eq, ge

BOX, DEQUE = "box", "deque"
BOX_CLASS, DEQUE_CLASS = "java/lang/Integer", "java/util/ArrayDeque"
DEQUE_TYPES = frozenset((DEQUE_CLASS, "java/util/Deque", "java/util/Queue"))
"""The declared types through which a program calls an ``ArrayDeque``'s methods."""
VALUE_OF = ("java/lang/Integer", "valueOf", "(I)Ljava/lang/Integer;")
INT_VALUE = ("java/lang/Integer", "intValue", "()I")
_OBJECT = "Ljava/lang/Object;"
ADDING = {"addLast": "V", "addFirst": "V", "push": "V", "add": "Z", "offer": "Z"}
ADDING |= {"offerFirst": "Z", "offerLast": "Z"}
"""Adding methods (one ``Object``) and what they return (``true`` for the ``Z`` ones)."""
TAKING = frozenset(("removeFirst", "removeLast", "pop", "remove", "element", "getFirst"))
TAKING |= {"getLast"}
"""Methods of no argument that throw on an empty deque and return an element."""
REMOVING = frozenset(("removeFirst", "removeLast", "pop", "remove", "pollFirst", "pollLast"))
REMOVING |= {"poll"}
"""The taking and polling methods that remove the element they return."""
POLLING = frozenset(("pollFirst", "pollLast", "poll", "peek", "peekFirst", "peekLast"))
"""Methods of no argument that return null for an empty deque."""
DEQUE_CALLS = frozenset(
    (owner, name, descriptor)
    for owner in DEQUE_TYPES
    for name, descriptor in (
        *((n, f"({_OBJECT}){r}") for n, r in ADDING.items()),
        *((n, f"(){_OBJECT}") for n in TAKING | POLLING),
        ("isEmpty", "()Z"),
        ("size", "()I"),
    )
) | {(DEQUE_CLASS, "<init>", "()V")}
LIBRARY_CALLS = DEQUE_CALLS | {VALUE_OF, INT_VALUE}
"""The calls this module abstracts (`jhalt.analyses.clp.translate`'s library calls)."""


def exact_step(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """`jhalt.analyses.clp.abstraction.step`, with boxes and deques (module doc)."""
    if ins.op == "new" and ins.class_name == DEQUE_CLASS:
        state, element = state.new_variable("e")
        return [(state.push(Slot(const(1), DEQUE, element)), ins.next_pc)]
    if ins.op == "checkcast" and ins.class_name == BOX_CLASS:
        if state.stack and state.stack[-1].kind == BOX:
            return [(state, ins.next_pc)]
        raise Refusal("checkcast Integer of a value not known to be a box")
    if ins.op in ("invokestatic", "invokevirtual", "invokeinterface", "invokespecial"):
        member = ins.member
        key = (member.owner, member.name, member.descriptor)
        if key == VALUE_OF:
            state, (value,) = state.pop()
            return [(state.push(Slot(const(1), BOX, value.expr)), ins.next_pc)]
        if key == INT_VALUE:
            state, (box,) = state.pop()
            if box.kind != BOX or box.content is None:
                raise Refusal("Integer.intValue() of a value not known to be a box")
            return [(state.assume(ge(box.expr, 1)).push(Slot(box.content, INT)), ins.next_pc)]
        if key in DEQUE_CALLS:
            return _deque_call(state, ins, member.name)
    return step(state, ins, ctx)


def _deque_call(state: PathState, ins: Instruction, name: str) -> list[Successor]:
    state, popped = state.pop(2 if name in ADDING else 1)
    deque = popped[0]
    if deque.kind != DEQUE or deque.content is None:
        raise Refusal(f"{ins.mnemonic} {name} on a deque not made by new ArrayDeque() here")
    value, count = deque.content, deque.expr - 1
    state = state.assume(ge(deque.expr, 1))  # not null
    if name == "<init>":
        return [(state, ins.next_pc)]
    if name in ADDING:
        box = popped[1]
        if box.kind != BOX or box.content is None:
            raise Refusal(f"{name} of a value not known to be a box")
        state = state.assume(ge(box.expr, 1), eq(box.content, value))
        state = update(state, deque, replace(deque, expr=deque.expr + 1))
        returned = () if ADDING[name] == "V" else (Slot(const(1), INT),)
        return [(state.push(*returned), ins.next_pc)]
    if name == "size":
        return [(state.push(Slot(count, INT)), ins.next_pc)]
    if name == "isEmpty":
        return [
            (state.assume(eq(count, 0)).push(Slot(const(1), INT)), ins.next_pc),
            (state.assume(ge(count, 1)).push(Slot(const(0), INT)), ins.next_pc),
        ]
    taken = _taken(state.assume(ge(count, 1)), deque, name, value)
    if name in TAKING:  # NoSuchElementException for an empty deque: no clause
        return [(taken, ins.next_pc)]
    empty = state.assume(eq(count, 0)).push(Slot(const(0), BOX, const(0)))
    return [(empty, ins.next_pc), (taken, ins.next_pc)]


def _taken(state: PathState, deque: Slot, name: str, value: LinearExpr) -> PathState:
    """The state after ``name`` returned an element of the non-empty ``deque``."""
    if name in REMOVING:
        state = update(state, deque, replace(deque, expr=deque.expr - 1))
    return state.push(Slot(const(1), BOX, value))


def update(state: PathState, old: Slot, new: Slot) -> PathState:
    """Every copy of the deque ``old`` in ``state`` replaced by ``new`` (module doc)."""
    locals_ = tuple(new if s == old else s for s in state.locals)
    stack = tuple(new if s == old else s for s in state.stack)
    return replace(state, locals=locals_, stack=stack)


def may_alias(kind: str) -> bool:
    """Whether values of ``kind`` may not be copied to two cut-point positions or into a
    call (module doc: a deque changes)."""
    return kind == DEQUE
