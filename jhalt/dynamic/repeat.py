"""A loop proved stuck by an exact repeat of its state, through deterministic JDK calls.

Issue 22. Looper's concolic replay (`jhalt.dynamic.concolic`) follows calls into the JDK's
own bytecode and often stops there (a String constant, a hidden class, a native). A loop
whose progress goes through a library call — ``matcher.find(offset)`` with a pattern that
matches the empty string, ``text.indexOf(s, from)``, ``it.hasNext()`` on an unchanged
collection — is instead proved by observation: the thread is run from one visit of the
loop head to the next, and the state there is compared.

The argument. `repeat_shape` checks the loop's bytecode (read over JDWP) so that the next
visit of the head is a function of the state compared:

* the state is the loop frame's locals the loop reads (typed by the instructions that read
  them), the static fields it reads or writes, the heap reachable from both (objects
  compared up to a renaming of the objects, `jhalt.dynamic.snapshot`), and which of the
  classes the loop may initialise are initialised. Left out, and named with the proof:
  `counters`, locals the loop only reads to update themselves (``count++``), whose values
  reach nothing else; also left out are locals declared in the loop body (the
  LocalVariableTable shows a read outside their scope at the head), which Java's definite
  assignment makes every iteration assign before reading. The operand stack is empty at
  the head (javac's loops; the concolic replay assumes it too);
* between two visits the thread stays in the loop: a visit is a breakpoint at the head in
  the loop's frame, reaching an exit of the loop in that frame or any exception event
  ends the observation without a claim;
* the loop takes no monitor, makes no ``invokedynamic`` and no ``jsr``; every call is one of
  the pure methods of `jhalt.dynamic.loop_shape.PURE_METHODS` or of the allow-list
  `DETERMINISTIC_CALLS` below, and a call through an interface or a non-final class has its
  receiver in a local the loop does not write, whose class is checked at every visit
  (`RECEIVER_CLASSES`).

**Assumption** (printed with every proof): a method of `DETERMINISTIC_CALLS` returns, and
changes its receiver's and arguments' reachable state, as a function of the deep values of
its receiver and arguments (and the JDK's constants): it does no I/O, reads no clock, no
randomness and no other thread's state, calls no program code, and does not use identity
hash codes. This is what the JDK sources of these methods do, for the receiver classes
checked. ``Matcher.modCount`` counts resets; it is written by ``find(int)`` and read by
none of these methods nor by program code (it is private), so it is left out of the
comparison (`IGNORED_FIELDS`); so is ``String.hash``, a cache of a function of the
string's value, written at most once.

Then, if the state at one visit equals the state at an earlier one, the iterations in
between repeat forever: each visit's state determines the next one's. Other application
threads must not write the compared state (the same assumption as Looper's, stated with
the proof); a loop reading a volatile field while other threads live is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import ClassConst, MemberRef
from jhalt.dynamic.jdwp_wire import JdwpError, ObjectValue
from jhalt.dynamic.loop_shape import PURE_METHODS, LoopShape, StateSlot
from jhalt.dynamic.snapshot import Snapshot
from jhalt.dynamic.vmview import MethodCode, UnsupportedStep, VmView
from jhalt.ids import FieldId, MethodId

_ITERATORS = frozenset(
    {
        "java/util/ArrayList$Itr",
        "java/util/ArrayList$ListItr",
        "java/util/LinkedList$ListItr",
        "java/util/ArrayDeque$DeqIterator",
        "java/util/HashMap$KeyIterator",
        "java/util/HashMap$ValueIterator",
        "java/util/HashMap$EntryIterator",
        "java/util/LinkedHashMap$LinkedKeyIterator",
        "java/util/LinkedHashMap$LinkedValueIterator",
        "java/util/TreeMap$KeyIterator",
        "java/util/TreeMap$ValueIterator",
        "java/util/ImmutableCollections$ListItr",
    }
)
_LISTS = frozenset(
    {
        "java/util/ArrayList",
        "java/util/LinkedList",
        "java/util/Arrays$ArrayList",
        "java/util/ImmutableCollections$ListN",
        "java/util/ImmutableCollections$List12",
    }
)
RECEIVER_CLASSES: dict[str, frozenset[str]] = {
    "java/util/Iterator": _ITERATORS,
    "java/util/ListIterator": _ITERATORS,
    "java/util/List": _LISTS,
    "java/util/Collection": _LISTS,
    "java/util/ArrayList": frozenset({"java/util/ArrayList"}),
}
"""For a call through an interface or a non-final class: the runtime classes of the
receiver for which the call is deterministic (JDK classes whose methods call no program
code; a ``Scanner`` is an Iterator too, and is not here)."""

_STRING = [
    "length",
    "charAt",
    "isEmpty",
    "indexOf",
    "lastIndexOf",
    "startsWith",
    "endsWith",
    "equals",
    "compareTo",
    "substring",
    "codePointAt",
    "trim",
    "strip",
    "isBlank",
    "hashCode",
]
DETERMINISTIC_CALLS: frozenset[tuple[str, str]] = frozenset(
    [("java/lang/String", name) for name in _STRING]
    + [
        ("java/util/regex/Matcher", name)
        for name in ("find", "start", "end", "group", "groupCount", "hitEnd", "lookingAt")
    ]
    + [("java/util/regex/Matcher", "matches")]
    + [(box, name) for box in ("java/lang/Integer", "java/lang/Long") for name in ("valueOf",)]
    + [(box, name) for box in ("java/lang/Integer", "java/lang/Long") for name in ("intValue",)]
    + [("java/lang/Long", "longValue")]
    + [("java/lang/Math", name) for name in ("abs", "max", "min", "floorMod", "floorDiv")]
    + [
        (owner, name)
        for owner in ("java/util/Iterator", "java/util/ListIterator")
        for name in ("hasNext", "next")
    ]  # fmt: skip
    + [
        (owner, name)
        for owner in ("java/util/List", "java/util/Collection", "java/util/ArrayList")
        for name in ("size", "isEmpty", "get")
    ]  # fmt: skip
)
"""JDK methods taken as functions of the deep values of receiver and arguments (module
docstring). String, Integer, Long, Matcher and Math are final: the call selects the
method named. Every argument type is primitive or String (a ``CharSequence`` argument
could be program code: ``String.contains`` is not here)."""

MATCHER = "java/util/regex/Matcher"
IGNORED_FIELDS = frozenset(
    {(MATCHER, "modCount"), ("java/lang/String", "hash"), ("java/lang/String", "hashIsZero")}
)
_TAG = {"i": "I", "l": "J", "f": "F", "d": "D", "a": "L"}
_REFUSED = {Kind.MONITOR: "takes a monitor", Kind.JSR: "uses jsr", Kind.RET: "uses ret"}
MAX_VISITS = 12


@dataclass(frozen=True)
class RepeatShape:
    """A loop fit for the exact-repeat argument: its `LoopShape` (what a snapshot reads),
    the allow-listed calls it makes, and the receivers to check at each visit: (local slot,
    allowed runtime classes, or None for a Matcher whose text must be a String)."""

    shape: LoopShape
    calls: tuple[str, ...]
    receivers: tuple[tuple[int, frozenset[str] | None], ...]
    counters: tuple[str, ...] = ()  # source names of the `counters` left out


@dataclass(frozen=True)
class RepeatProof:
    """The state at visit ``repeat`` of the loop head equals the state at visit ``first``."""

    first: int
    repeat: int
    calls: tuple[str, ...]
    state: str  # the locals at the head, in source names
    statics: tuple[str, ...]
    counters: tuple[str, ...] = ()

    @property
    def assumption(self) -> str:
        calls = ", ".join(self.calls)
        return (
            f"the calls {calls} are functions of the deep values of their receiver and "
            "arguments (JDK methods on jhalt's allow-list: no I/O, clock, randomness, "
            "callbacks into program code or identity hash codes)"
        )


def _receiver_push(method: MethodCode, ins: Instruction) -> Instruction | None:
    """The instruction that pushed the receiver of the invoke ``ins``, found by walking back
    through its basic block by stack slots; None when it is not simple to tell."""
    block = method.cfg.block_containing(ins.pc)
    before = [i for i in block.instructions if i.pc < ins.pc]
    depth = ins.pops - 1  # slots above the receiver
    for previous in reversed(before):
        if previous.kind is Kind.STACK:
            return None
        if depth < previous.pushes:
            return previous if previous.pushes == 1 else None
        depth = depth - previous.pushes + previous.pops
    return None


def _call_check(
    method: MethodCode, ins: Instruction, written: set[int]
) -> tuple[tuple[str, str], tuple[int, frozenset[str] | None] | None] | str:
    """((owner, name), receiver check) for an allowed call, or why the loop is refused."""
    ref = ins.member
    key = (ref.owner, ref.name)
    name = f"{ref.owner.replace('/', '.')}.{ref.name}"
    if key in PURE_METHODS:
        return key, None
    if key not in DETERMINISTIC_CALLS:
        return f"the loop calls {name} at pc {ins.pc}"
    params, _ = parse_method_descriptor(ref.descriptor)
    if any(p.startswith("L") and p != "Ljava/lang/String;" or p.startswith("[") for p in params):
        return f"{name} at pc {ins.pc} takes an argument that may be program code"
    allowed = RECEIVER_CLASSES.get(ref.owner)
    if allowed is None and ref.owner != MATCHER:
        return key, None  # a final class, or a static method
    pusher = _receiver_push(method, ins)
    if pusher is None or pusher.kind is not Kind.LOAD or pusher.op != "aload":
        return f"the receiver of {name} at pc {ins.pc} is not a local"
    slot = pusher.local
    if slot is None or slot in written:
        return f"the receiver of {name} at pc {ins.pc} changes in the loop"
    return key, (slot, allowed)


def _state_read(method: MethodCode, ins: Instruction, header: int) -> bool:
    """Whether this read of a local may read the value it had at the head: not when the
    LocalVariableTable shows it reads a variable whose scope excludes the head — a local
    declared in the loop body, which Java's definite assignment (JLS §16) makes the
    iteration assign before it reads it. A read no table row covers (a synthetic local,
    or no table) counts as a read of the head's value."""
    rows = [(start, length) for start, length, slot, _ in method.variables if slot == ins.local]
    covering = [(start, length) for start, length in rows if start <= ins.pc < start + length]
    return not covering or any(start <= header < start + length for start, length in covering)


def _self_update(method: MethodCode, ins: Instruction) -> bool:
    """Whether the load ``ins`` of local k only feeds ``k = k ± operand`` (``xload k;
    xconst|xload j; xadd|xsub; xstore k`` with j != k)."""
    after = [method.by_pc.get(ins.pc + ins.length)]
    for _ in range(2):
        last = after[-1]
        after.append(None if last is None else method.by_pc.get(last.next_pc))
    operand, operation, store = after
    return (
        operand is not None
        and operation is not None
        and store is not None
        and (operand.kind is Kind.CONST or operand.kind is Kind.LOAD and operand.local != ins.local)
        and operation.op in (ins.op[0] + "add", ins.op[0] + "sub")
        and store.kind is Kind.STORE
        and store.local == ins.local
    )


def counters(method: MethodCode, instructions: list[Instruction]) -> set[int]:
    """Locals the loop only ever reads to update themselves (``count++``, ``n += 2``): their
    values reach nothing else, so the rest of the state evolves without them and they are
    left out of the comparison."""
    reads: dict[int, bool] = {}
    for ins in instructions:
        if ins.local is None or ins.kind not in (Kind.LOAD, Kind.IINC):
            continue
        only_self = ins.kind is Kind.IINC or (
            ins.op in ("iload", "lload") and _self_update(method, ins)
        )
        reads[ins.local] = reads.get(ins.local, True) and only_self
    return {slot for slot, only_self in reads.items() if only_self}


def _slots(
    method: MethodCode, instructions: list[Instruction], header: int
) -> list[StateSlot] | str:
    """The locals the loop may read as they were at the head, typed by their reads (the
    `counters` left out)."""
    tags: dict[int, str] = {}
    skipped = counters(method, instructions)
    for ins in instructions:
        if ins.kind in (Kind.LOAD, Kind.IINC) and ins.local is not None:
            if ins.local in skipped or not _state_read(method, ins, header):
                continue
            tag = "I" if ins.kind is Kind.IINC else _TAG[ins.op[0]]
            if tags.setdefault(ins.local, tag) != tag:
                return f"local {ins.local} is read with two types"
    names = method.local_names(header)
    return [StateSlot(s, t, names.get(s, f"local{s}")) for s, t in sorted(tags.items())]


def _volatile(view: VmView, member: MemberRef, static: bool) -> bool:
    """Whether the field ``member`` is volatile (unknown fields count as volatile)."""
    try:
        if static:
            return view.static_field(member.owner, member.name)[1].is_volatile
        owner = view.class_id(member.owner)
        return view.instance_field(owner, member.owner, member.name)[1].is_volatile
    except (JdwpError, UnsupportedStep, KeyError):
        return True


def _written_locals(instructions: list[Instruction]) -> set[int]:
    return {
        i.local for i in instructions if i.kind in (Kind.STORE, Kind.IINC) and i.local is not None
    }


def _scan(
    view: VmView, method: MethodCode, instructions: list[Instruction], threads_alive: bool
) -> (
    tuple[list[tuple[str, str]], list[tuple[int, frozenset[str] | None]], set[FieldId], set[str]]
    | str
):
    """Calls, receiver checks, statics and classes to initialise, or why not."""
    calls: list[tuple[str, str]] = []
    receivers: list[tuple[int, frozenset[str] | None]] = []
    statics: set[FieldId] = set()
    classes: set[str] = set()
    written = _written_locals(instructions)
    for ins in instructions:
        refused = _REFUSED.get(ins.kind)
        if refused or ins.mnemonic == "invokedynamic":
            return f"the loop {refused or 'makes a dynamic call'} at pc {ins.pc}"
        operand = ins.operand
        if ins.kind is Kind.INVOKE:
            checked = _call_check(method, ins, written)
            if isinstance(checked, str):
                return checked
            calls.append(checked[0])
            if checked[1] is not None:
                receivers.append(checked[1])
            if ins.mnemonic == "invokestatic":
                classes.add(ins.member.owner)
        elif ins.kind is Kind.FIELD and isinstance(operand, MemberRef):
            static = ins.mnemonic in ("getstatic", "putstatic")
            if (
                threads_alive
                and ins.mnemonic.startswith("get")
                and _volatile(view, operand, static)
            ):
                return (
                    f"the loop reads volatile {operand.owner}.{operand.name} (other threads live)"
                )
            if static:
                statics.add(FieldId(operand.owner, operand.name, operand.descriptor))
                classes.add(operand.owner)
        elif ins.kind is Kind.NEW and isinstance(operand, ClassConst):
            classes.add(operand.name)
    return calls, receivers, statics, classes


def repeat_shape(
    view: VmView, method: MethodCode, header: int, loop_pcs: frozenset[int], threads_alive: bool
) -> RepeatShape | str:
    """The loop's `RepeatShape` when its next head visit is a function of the compared state
    and it calls at least one allow-listed library method; else why not."""
    instructions = [method.by_pc[pc] for pc in sorted(loop_pcs)]
    slots = _slots(method, instructions, header)
    if isinstance(slots, str):
        return slots
    scanned = _scan(view, method, instructions, threads_alive)
    if isinstance(scanned, str):
        return scanned
    calls, receivers, statics, classes = scanned
    library = sorted(
        {f"{o.replace('/', '.')}.{n}" for o, n in calls if (o, n) in DETERMINISTIC_CALLS}
    )
    if not library:
        return "the loop calls no library method"
    shape = LoopShape(
        method=MethodId(method.class_name, method.name, method.descriptor),
        head_pc=header,
        pcs=loop_pcs,
        exits=(),
        slots=tuple(slots),
        stack_empty=True,
        statics=tuple(sorted(statics, key=str)),
        init_classes=tuple(sorted(classes)),
        deterministic=None,
        reads_heap=True,
        source_file=method.source_file,
        line=method.line_at(header),
    )
    names = method.local_names(header)
    skipped = tuple(names.get(k, f"local{k}") for k in sorted(counters(method, instructions)))
    return RepeatShape(shape, tuple(library), tuple(dict.fromkeys(receivers)), skipped)


def receivers_ok(view: VmView, shape: RepeatShape, snapshot: Snapshot) -> str | None:
    """None when every checked receiver has an allowed class now, else why not."""
    values = dict(zip((s.slot for s in shape.shape.slots), snapshot.values))
    for slot, allowed in shape.receivers:
        value = values.get(slot)
        if not isinstance(value, ObjectValue) or value.is_null:
            return f"local {slot} is not an object at the head"
        name = view.class_name(view.object_type(value.object_id))
        if allowed is None:
            _, decl = view.instance_field(view.object_type(value.object_id), MATCHER, "text")
            text = view.client.object_values(value.object_id, [decl.field_id])[0]
            if not isinstance(text, ObjectValue) or text.is_null:
                return "a matcher without text"
            text_class = view.class_name(view.object_type(text.object_id))
            if text_class != "java/lang/String":
                return f"a matcher over a {text_class.replace('/', '.')}, not a String"
        elif name not in allowed:
            return f"a receiver of class {name.replace('/', '.')} is not on the allow-list"
    return None


def find_repeat(
    next_visit: Callable[[], Snapshot | None],
    check: Callable[[Snapshot], str | None],
    max_visits: int = MAX_VISITS,
) -> tuple[int, int, Snapshot] | str:
    """Visit the head up to ``max_visits`` times (``next_visit`` runs the thread there and
    reads the state; None: too large); the (first, repeat) visit numbers of equal states and
    the repeated state, or why there are none."""
    seen: dict[tuple[object, ...], int] = {}
    for visit in range(1, max_visits + 1):
        snapshot = next_visit()
        if snapshot is None:
            return "the state at the loop head is too large to compare"
        refused = check(snapshot)
        if refused:
            return refused
        earlier = seen.get(snapshot.key)
        if earlier is not None:
            return earlier, visit, snapshot
        seen[snapshot.key] = visit
    return f"the state at the loop head did not repeat in {max_visits} visits"


__all__ = [
    "DETERMINISTIC_CALLS",
    "IGNORED_FIELDS",
    "RECEIVER_CLASSES",
    "RepeatProof",
    "RepeatShape",
    "find_repeat",
    "receivers_ok",
    "repeat_shape",
]
