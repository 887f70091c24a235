"""Lock-step concolic execution of one loop iteration, driven by the VM's stops.

Seed 003 §3.3 (and §5: "our implementation soundly handles object field accesses,
array accesses, virtual method calls, calls to certain pure native methods").
`ConcolicIteration.on_event` is called with the location where the observed thread
stopped, *before* the VM executes the instruction there; `next_location` says where
it must stop next (the observer puts a breakpoint there). It checks that the VM went
where the model predicted (a mismatch is a `Divergence`: an exception, class loading
or initialisation — the iteration is discarded), then executes that instruction
concretely and symbolically: operand stack and locals of every frame are modelled
(JDWP cannot read operand stacks), locals of the loop's frame are read lazily from
the VM, heap reads come from the VM at the moment of the read. Calls are resolved as
the JVM selects them and followed into Java code (the JDK's included); a native
method must be one of the modelled pure natives (`jhalt.dynamic.natives`), otherwise
the iteration is `UnsupportedStep`. ``ldc`` of a String constant pushes the interned String
(JLS §3.10.5), obtained once per text by invoking ``String.intern()`` on a copy in the
suspended thread (`VmView.interned`): the only code jhalt runs in the target, and one the
program cannot tell from its own ``ldc`` (the same interned object results).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jhalt.bytecode.instructions import Instruction
from jhalt.bytecode.opcodes import Kind
from jhalt.bytecode.semantics import condition_holds, wrap
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import (
    DoubleConst,
    FloatConst,
    IntegerConst,
    LongConst,
    MemberRef,
    StringConst,
)
from jhalt.dynamic import natives
from jhalt.dynamic.jdwp import JdwpClient, MethodDecl
from jhalt.dynamic.jdwp_wire import Location, ObjectValue
from jhalt.dynamic.memory import (
    FreshObject,
    IterationMemory,
    Value,
    constant,
    kind_of_descriptor,
)
from jhalt.dynamic.operations import arith, compare_values, convert, int_arith, stack_op
from jhalt.dynamic.symbolic import ArrayLoc, FieldLoc, LocalLoc, StaticLoc
from jhalt.dynamic.symbolic import Location as MemLocation
from jhalt.dynamic.vmview import MethodCode, UnsupportedStep, VmView
from jhalt.errors import JhaltError
from jhalt.its.terms import Atom, Term

CONTINUE, ITERATION_DONE, LOOP_EXITED = "continue", "done", "exited"
_CLOBBERED = None  # a local overwritten by half of a long/double: no symbolic value


class Divergence(JhaltError):
    """The VM did not go where the model of the iteration predicted."""


class IterationTooLong(JhaltError):
    """The iteration executed more bytecodes than its budget without returning to the
    loop header: the observation of this loop ends (observing it again would cost as much)."""

    def __init__(self, budget: int) -> None:
        super().__init__(f"iteration longer than {budget} bytecodes")
        self.budget = budget


@dataclass
class Frame:
    method: MethodCode
    pc: int
    locals: dict[int, Value | None] = field(default_factory=dict)
    stack: list[Value] = field(default_factory=list)


@dataclass(frozen=True)
class _PendingCall:
    """An invoke executed by the model: the VM's next stop is the selected method's
    first instruction, or — for a native method — the instruction after the invoke."""

    instruction: Instruction
    arguments: tuple[Value, ...]
    declaring_class: int
    method: MethodDecl


_ZERO_BRANCHES = frozenset({"ifeq", "ifne", "iflt", "ifge", "ifgt", "ifle"})
_PREFIX_KIND = {"i": "I", "l": "J", "f": "F", "d": "D", "a": "A"}
_JUMPS = frozenset({Kind.BRANCH, Kind.GOTO, Kind.SWITCH})
_HEAP_KINDS = frozenset(
    {
        Kind.ARRAYLOAD, Kind.ARRAYSTORE, Kind.FIELD, Kind.NEW, Kind.NEWARRAY, Kind.ARRAYLENGTH,
        Kind.CHECKCAST, Kind.INSTANCEOF, Kind.MONITOR,
    }
)  # fmt: skip


class ConcolicIteration:
    """Executes one iteration of the loop with header ``header`` in ``loop_method``.

    Call `on_event` with each step location; it returns CONTINUE, ITERATION_DONE (the
    loop frame is back at the header: the iteration is complete and the instruction at
    the header is *not* executed) or LOOP_EXITED. It raises `IterationTooLong` at the
    bytecode after ``max_steps``. The interpreter keeps no Python recursion that grows with
    the bytecodes executed: frames are a list, events drive it one instruction at a time,
    and every symbolic expression stays small (`jhalt.dynamic.bounded`)."""

    def __init__(
        self,
        view: VmView,
        thread: int,
        loop_method: MethodCode,
        header: int,
        loop_pcs: frozenset[int],
        label: str,
        max_steps: int = 20_000,
    ) -> None:
        self.view = view
        self.client: JdwpClient = view.client
        self.thread = thread
        self.header = header
        self.loop_pcs = loop_pcs
        self.frames: list[Frame] = [Frame(loop_method, header)]
        self.memory = IterationMemory(label)
        self.pending_call: _PendingCall | None = None
        self.loop_path: list[int] = []
        self.steps = 0
        self.max_steps = max_steps
        self.entered_methods: set[str] = set()
        self.volatile_reads: set[str] = set()
        self.synchronizes = False  # entered a monitor: another thread may be involved

    # ------------------------------------------------------------ event protocol
    def on_event(self, loc: Location) -> str:
        self._follow(loc)
        top = self.frames[-1]
        if len(self.frames) == 1:
            if top.pc == self.header and self.steps > 0:
                return ITERATION_DONE
            if top.pc not in self.loop_pcs:
                return LOOP_EXITED
            self.loop_path.append(top.pc)
        self.steps += 1
        if self.steps > self.max_steps:
            raise IterationTooLong(self.max_steps)
        instruction = top.method.by_pc.get(top.pc)
        if instruction is None:
            raise Divergence(f"{top.method.qualified_name}: no instruction at {top.pc}")
        outcome = self._execute(top, instruction)
        return outcome

    def next_location(self) -> tuple[int, int, int]:
        """(class id, method id, index) of the instruction the VM executes next."""
        pending = self.pending_call
        top = self.frames[-1]
        if pending is not None and not pending.method.is_native:
            return (pending.declaring_class, pending.method.method_id, 0)
        if pending is not None:
            return (top.method.class_id, top.method.method_id, pending.instruction.next_pc)
        return (top.method.class_id, top.method.method_id, top.pc)

    def _follow(self, loc: Location) -> None:
        """Check the event against the prediction; complete a pending call."""
        want = self.next_location()
        got = (loc.class_id, loc.method_id, loc.index)
        if got != want:
            try:
                where = f"{self.view.method_at(loc).qualified_name} at {loc.index}"
            except (UnsupportedStep, JhaltError):
                where = f"index {loc.index}"
            raise Divergence(f"expected to stop at {want}, the VM stopped in {where}")
        pending = self.pending_call
        if pending is None:
            return
        self.pending_call = None
        caller = self.frames[-1]
        if pending.method.is_native:
            self._native_call(caller, pending)
            return
        callee = self.view.method(pending.declaring_class, pending.method.method_id)
        self.entered_methods.add(callee.qualified_name)
        if callee.modifiers & 0x0020:  # ACC_SYNCHRONIZED
            self.synchronizes = True
        frame = Frame(callee, 0)
        slot = 0
        for argument in pending.arguments:
            frame.locals[slot] = argument
            slot += argument.category
        self.frames.append(frame)

    # ------------------------------------------------------------ helpers
    def _frame0_id(self) -> int:
        return self.client.frames(self.thread, 0, 1)[0].frame_id

    def _local(self, frame: Frame, slot: int, kind: str) -> Value:
        if slot in frame.locals:
            value = frame.locals[slot]
            if value is None:
                raise UnsupportedStep(f"local {slot} read after being clobbered")
            return value
        if frame is not self.frames[0] or len(self.frames) != 1:
            raise Divergence(f"local {slot} of {frame.method.qualified_name} is not initialised")
        tag = {"I": "I", "J": "J", "F": "F", "D": "D", "A": "L"}[kind]
        raw = self.client.frame_values(self.thread, self._frame0_id(), [(slot, tag)])[0]
        value = self.memory.input(LocalLoc(slot), self._concrete(raw), kind)
        frame.locals[slot] = value
        return value

    def _set_local(self, frame: Frame, slot: int, value: Value) -> None:
        previous = frame.locals.get(slot - 1)
        if previous is not None and previous.category == 2:
            frame.locals[slot - 1] = _CLOBBERED
        frame.locals[slot] = value
        if value.category == 2:
            frame.locals[slot + 1] = _CLOBBERED

    @staticmethod
    def _concrete(raw: object) -> int | float:
        if isinstance(raw, ObjectValue):
            return raw.object_id
        if isinstance(raw, bool):
            return int(raw)
        if raw is None:
            return 0
        return raw  # type: ignore[return-value]

    def _pin(self, value: Value) -> Value:
        return self.memory.pin(value)

    def _deref(self, value: Value, what: str) -> Value:
        """A reference about to be dereferenced: non-null, pinned to its object (§3.3)."""
        if value.concrete == 0:
            raise UnsupportedStep(f"{what} on null (a NullPointerException is not modelled)")
        return self._pin(value)

    def _runtime_type(self, ref: Value) -> int:
        if isinstance(ref.concrete, FreshObject):
            return self.view.class_id(ref.concrete.type_name)
        return self.view.object_type(ref.as_int())

    # ------------------------------------------------------------ heap
    def _field_key(self, ref: Value, owner: str, name: str) -> tuple[object, str]:
        declaring, decl = self.view.instance_field(self._runtime_type(ref), owner, name)
        declaring_name = self.view.class_name(declaring)
        if decl.is_volatile:
            self.volatile_reads.add(f"{declaring_name}.{name}")
        if isinstance(ref.concrete, FreshObject):
            return ("field", ref.concrete, declaring_name, name), decl.signature
        return FieldLoc(ref.as_int(), declaring_name, name), decl.signature

    def _read_field(self, ref: Value, member: MemberRef) -> Value:
        key, signature = self._field_key(ref, member.owner, member.name)
        kind = kind_of_descriptor(signature)
        known = self.memory.known(key)
        if known is not None:
            return known
        if isinstance(ref.concrete, FreshObject):
            return constant(0.0 if kind in "FD" else 0, kind)
        assert isinstance(key, FieldLoc)
        _, decl = self.view.instance_field(self._runtime_type(ref), member.owner, member.name)
        raw = self.client.object_values(ref.as_int(), [decl.field_id])[0]
        return self.memory.input(key, self._concrete(raw), kind)

    def _static_key(self, member: MemberRef) -> tuple[StaticLoc, int, str]:
        declaring, decl = self.view.static_field(member.owner, member.name)
        name = self.view.class_name(declaring)
        self.view.require_initialized(name)
        if decl.is_volatile:
            self.volatile_reads.add(f"{name}.{member.name}")
        return StaticLoc(name, member.name), declaring, decl.signature

    def _array_cell(self, array: Value, index: Value, what: str) -> object:
        array = self._deref(array, what)
        index = self._pin(index)
        i = index.as_int()
        if isinstance(array.concrete, FreshObject):
            length = array.concrete.length or 0
            key: object = ("cell", array.concrete, i)
        else:
            length = self.view.array_length(array.as_int())
            key = ArrayLoc(array.as_int(), i)
        if not 0 <= i < length:
            raise UnsupportedStep(f"{what} index {i} out of bounds (exception not modelled)")
        return key

    def _read_cell(self, array: Value, index: Value, kind: str) -> Value:
        key = self._array_cell(array, index, "array load")
        known = self.memory.known(key)
        if known is not None:
            return known
        if isinstance(key, tuple):
            return constant(0.0 if kind in "FD" else 0, kind)
        assert isinstance(key, ArrayLoc)
        raw = self.client.array_values(key.array, key.index, 1)[0]
        return self.memory.input(key, self._concrete(raw), kind)

    def array_elements(self, array: Value, first: int, count: int, kind: str) -> list[Value]:
        """Cells [first, first+count) of an array (used by the arraycopy model)."""
        return [self._read_cell(array, constant(first + k, "I"), kind) for k in range(count)]

    def write_cell(self, array: Value, index: int, value: Value) -> None:
        self.memory.write(self._array_cell(array, constant(index, "I"), "array store"), value)

    # ------------------------------------------------------------ execution
    def _execute(self, frame: Frame, ins: Instruction) -> str:
        """Execute ``ins`` in ``frame`` concretely and symbolically; the outcome."""
        kind = ins.kind
        if kind is Kind.RETURN:
            return self._return(frame, ins)
        if kind is Kind.INVOKE:
            self._invoke(frame, ins)
            return CONTINUE
        if kind in _JUMPS:
            frame.pc = self._jump(frame, ins)
            return CONTINUE
        if kind in _HEAP_KINDS:
            self._heap_step(frame.stack, ins)
        else:
            self._value_step(frame, ins)
        frame.pc = ins.next_pc
        return CONTINUE

    def _jump(self, frame: Frame, ins: Instruction) -> int:
        """The pc a branch, goto or switch continues at."""
        if ins.kind is Kind.BRANCH:
            return self._branch(ins, frame.stack)
        if ins.kind is Kind.GOTO:
            return ins.target  # type: ignore[return-value]
        key = self._pin(frame.stack.pop()).as_int()
        return dict(ins.cases).get(key, ins.default)  # type: ignore[return-value]

    def _value_step(self, frame: Frame, ins: Instruction) -> None:
        """Constants, locals, the operand stack, arithmetic, conversions and compares."""
        op, kind, stack = ins.op, ins.kind, frame.stack
        letter = _PREFIX_KIND.get(op[0], "")
        if kind is Kind.CONST:
            if op == "aconst_null":
                stack.append(constant(0, "A"))
            elif op == "ldc":
                stack.append(self._ldc(ins))
            else:
                stack.append(constant(ins.value, letter))  # type: ignore[arg-type]
        elif kind is Kind.LOAD:
            stack.append(self._local(frame, ins.local, letter))  # type: ignore[arg-type]
        elif kind is Kind.STORE:
            self._set_local(frame, ins.local, stack.pop())  # type: ignore[arg-type]
        elif kind is Kind.IINC:
            current = self._local(frame, ins.local, "I")  # type: ignore[arg-type]
            increment = constant(ins.value, "I")  # type: ignore[arg-type]
            self._set_local(frame, ins.local, int_arith(self.memory, "add", current, increment))  # type: ignore[arg-type]
        elif kind is Kind.STACK:
            stack_op(op, stack)
        elif kind is Kind.ARITH:
            arith(self.memory, op, stack)
        elif kind is Kind.CONVERT:
            stack.append(convert(self.memory, op, stack.pop()))
        elif kind is Kind.COMPARE:
            following = frame.method.by_pc.get(ins.next_pc)
            feeds_branch = following is not None and following.mnemonic in _ZERO_BRANCHES
            compare_values(self.memory, op, stack, feeds_branch)
        elif kind is not Kind.NOP:
            raise UnsupportedStep(f"{ins.mnemonic} is not modelled")

    def _heap_step(self, stack: list[Value], ins: Instruction) -> None:
        """Arrays, fields, allocation, type tests and monitors."""
        op, kind = ins.op, ins.kind
        if kind is Kind.ARRAYLOAD:
            index, array = stack.pop(), stack.pop()
            stack.append(self._read_cell(array, index, _PREFIX_KIND.get(op[0], "I")))
        elif kind is Kind.ARRAYSTORE:
            value, index, array = stack.pop(), stack.pop(), stack.pop()
            key = self._array_cell(array, index, "array store")
            if op[0] in "bcs":
                value = self._narrow(value, op[0], array)
            self.memory.write(key, value)
        elif kind is Kind.FIELD:
            self._field_op(op, ins.member, stack)
        elif kind is Kind.NEW:
            self.view.require_initialized(ins.class_name or "?")
            stack.append(constant(self.memory.new_object(ins.class_name or "?"), "A"))
        elif kind is Kind.NEWARRAY and op != "multianewarray":
            if op == "anewarray":
                self.view.require_loaded(ins.class_name or "?")
            count = self._pin(stack.pop()).as_int()
            if count < 0:
                raise UnsupportedStep("negative array size (exception not modelled)")
            stack.append(constant(self.memory.new_object(ins.array_type or "?", count), "A"))
        elif kind is Kind.ARRAYLENGTH:
            array = self._deref(stack.pop(), "arraylength")
            if isinstance(array.concrete, FreshObject):
                stack.append(constant(array.concrete.length or 0, "I"))
            else:
                stack.append(constant(self.view.array_length(array.as_int()), "I"))
        elif kind in (Kind.CHECKCAST, Kind.INSTANCEOF):
            self._type_test(op, ins, stack)
        elif kind is Kind.MONITOR:
            self.synchronizes = True
            self._deref(stack.pop(), op)
        else:
            raise UnsupportedStep(f"{ins.mnemonic} is not modelled")

    def _ldc(self, ins: Instruction) -> Value:
        operand = ins.operand
        if isinstance(operand, IntegerConst):
            return constant(operand.value, "I")
        if isinstance(operand, LongConst):
            return constant(operand.value, "J")
        if isinstance(operand, FloatConst):
            return constant(operand.value, "F")
        if isinstance(operand, DoubleConst):
            return constant(operand.value, "D")
        if isinstance(operand, StringConst):  # the interned String (JLS §3.10.5)
            return constant(self.view.interned(operand.value, self.thread), "A")
        raise UnsupportedStep(
            f"ldc of {type(operand).__name__} (object constants are not modelled)"
        )

    def _narrow(self, value: Value, element: str, array: Value) -> Value:
        """The value a bastore/castore/sastore really stores (truncation: pinned first;
        a bastore into a boolean array keeps the low bit, JVM spec §6.5.bastore)."""
        v = self._pin(value).as_int()
        if element in "cs":
            return constant(wrap(v, element.upper()), "I")
        signature = (
            array.concrete.type_name
            if isinstance(array.concrete, FreshObject)
            else self.client.signature(self.view.object_type(array.as_int()))
        )
        return constant(wrap(v, "Z" if signature == "[Z" else "B"), "I")

    def _branch(self, ins: Instruction, stack: list[Value]) -> int:
        mnemonic = ins.mnemonic
        if mnemonic in ("ifnull", "ifnonnull"):
            a = stack.pop()
            b = constant(0, "A")
            cmp_op = "eq" if mnemonic == "ifnull" else "ne"
        elif mnemonic.startswith("if_acmp") or mnemonic.startswith("if_icmp"):
            b, a = stack.pop(), stack.pop()
            cmp_op = mnemonic[-2:]
        else:
            a = stack.pop()
            cmp_op = mnemonic[2:]
            if a.compared is not None:
                a, b = a.compared
            else:
                b = constant(0, "I")
        if a.kind == "A":
            taken = self._same_object(a, b) == (cmp_op == "eq")
        else:
            taken = condition_holds(cmp_op, a.as_int(), b.as_int())
        atom = Atom(cmp_op, a.expr, b.expr)
        self.memory.assume(atom if taken else atom.negated())
        return ins.target if taken else ins.next_pc  # type: ignore[return-value]

    @staticmethod
    def _same_object(a: Value, b: Value) -> bool:
        if isinstance(a.concrete, FreshObject) or isinstance(b.concrete, FreshObject):
            return a.concrete is b.concrete
        return a.concrete == b.concrete

    # ------------------------------------------------------------ fields, types, calls
    def _field_op(self, op: str, member: MemberRef, stack: list[Value]) -> None:
        if op == "getfield":
            ref = self._deref(stack.pop(), f"getfield {member.name}")
            stack.append(self._read_field(ref, member))
        elif op == "putfield":
            value = stack.pop()
            ref = self._deref(stack.pop(), f"putfield {member.name}")
            key, _ = self._field_key(ref, member.owner, member.name)
            self.memory.write(key, value)
        elif op == "getstatic":
            loc, declaring, signature = self._static_key(member)
            known = self.memory.known(loc)
            if known is None:
                _, decl = self.view.static_field(member.owner, member.name)
                raw = self.client.static_values(declaring, [decl.field_id])[0]
                known = self.memory.input(loc, self._concrete(raw), kind_of_descriptor(signature))
            stack.append(known)
        else:
            value = stack.pop()
            loc, _, _ = self._static_key(member)
            self.memory.write(loc, value)

    def _type_test(self, op: str, ins: Instruction, stack: list[Value]) -> None:
        ref = self._pin(stack.pop())
        target = ins.class_name or ""
        if ref.concrete == 0:  # null: no resolution of the class (JVM spec §6.5.instanceof)
            result = op == "checkcast"
        else:
            self.view.require_loaded(target)
            result = self.view.is_subtype(self._runtime_type(ref), target)
        if op == "checkcast":
            if not result:
                raise UnsupportedStep(f"checkcast to {target} fails (exception not modelled)")
            stack.append(ref)
        else:
            stack.append(constant(int(result), "I"))

    def _invoke(self, frame: Frame, ins: Instruction) -> None:
        if ins.mnemonic == "invokedynamic":
            raise UnsupportedStep("invokedynamic is not modelled")
        ref = ins.member
        params, _ = parse_method_descriptor(ref.descriptor)
        count = len(params) + (0 if ins.mnemonic == "invokestatic" else 1)
        arguments = list(frame.stack[len(frame.stack) - count :]) if count else []
        del frame.stack[len(frame.stack) - count :]
        receiver_type = None
        if ins.mnemonic != "invokestatic":
            receiver = arguments[0]
            if receiver.concrete == 0:
                raise UnsupportedStep(f"call of {ref.name} on null (exception not modelled)")
            if ins.mnemonic in ("invokevirtual", "invokeinterface"):
                arguments[0] = self._pin(receiver)  # the receiver's class selects the method
                receiver_type = self._runtime_type(receiver)
        declaring, method = self.view.resolve_method(
            ref.owner, ref.name, ref.descriptor, ins.mnemonic, receiver_type
        )
        if ins.mnemonic == "invokestatic":
            self.view.require_initialized(self.view.class_name(declaring))
        self.pending_call = _PendingCall(ins, tuple(arguments), declaring, method)

    def _native_call(self, caller: Frame, pending: _PendingCall) -> None:
        ref = pending.instruction.member
        result = natives.model(self, ref, pending.arguments)
        _, returns = parse_method_descriptor(ref.descriptor)
        if returns != "V":
            if result is None:
                raise UnsupportedStep(f"native {ref.owner}.{ref.name} returned no modelled value")
            caller.stack.append(result)
        caller.pc = pending.instruction.next_pc

    def _return(self, frame: Frame, ins: Instruction) -> str:
        value = frame.stack.pop() if ins.op != "return" else None
        self.frames.pop()
        if not self.frames:
            return LOOP_EXITED
        caller = self.frames[-1]
        if value is not None:
            caller.stack.append(value)
        caller.pc = caller.method.by_pc[caller.pc].next_pc
        return CONTINUE

    # ------------------------------------------------------------ result
    def locals_map(self) -> dict[MemLocation, Term | None]:
        """M restricted to the loop frame's locals (None: clobbered, no value)."""
        return {
            LocalLoc(slot): (None if value is None else value.expr)
            for slot, value in self.frames[0].locals.items()
        }
