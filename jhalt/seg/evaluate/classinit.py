"""Class initialisation during symbolic evaluation (JVMS §5.5; thesis Def. 1.1
InitializedClasses).

Before ``new``, ``getstatic``, ``putstatic`` and ``invokestatic`` the target class must be
initialised. :func:`initialization_step` returns None when it is (or is being initialised
by this thread, §5.5 step 3); otherwise one evaluation step that prepares the next class
of the initialisation sequence (static fields get their default or ``ConstantValue``
values, §5.4.2 and §5.5 step 6) and pushes the ``<clinit>`` frames of the whole sequence
(each such class is ``RUNNING``; the first of the sequence on top, so superclasses run
first); classes without an initialiser are marked initialised. The triggering instruction
is evaluated again afterwards. Library classes are marked initialised without running
anything (their initialisers are JDK code; the edge records that assumption).
Returning from ``<clinit>`` marks the class initialised and does not advance the caller.
"""

from __future__ import annotations

from jhalt.bytecode import Instruction
from jhalt.classfile.model import MemberRef
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, Frame, InitState
from jhalt.domains.values import FloatValue
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, MethodId, ProgramPosition
from jhalt.program.initialization import initialization_target
from jhalt.program.resolution import LinkageFailure
from jhalt.seg.context import EvalContext, StepResult, Stuck
from jhalt.seg.evaluate.common import bind, bind_int, default_value_ref, step

CLINIT = "<clinit>"


def is_initialized(ctx: EvalContext, state: AbstractState, class_name: str) -> bool:
    recorded = state.class_init_state(class_name)
    if recorded is None:
        return (
            ctx.assume_classes_initialized
            and ctx.is_program_class(class_name)
            or _library_done(ctx, class_name)
        )
    return recorded in (InitState.YES, InitState.RUNNING)


def _library_done(ctx: EvalContext, class_name: str) -> bool:
    return not ctx.is_program_class(class_name)


def target_class(ctx: EvalContext, ins: Instruction) -> str | None | Stuck:
    """The class ``ins`` initialises (None: none), or Stuck when linking fails."""
    operand: str | MemberRef
    if ins.mnemonic == "new":
        assert ins.class_name is not None
        operand = ins.class_name
    elif ins.mnemonic in ("getstatic", "putstatic", "invokestatic"):
        operand = ins.member
    else:
        return None
    try:
        return initialization_target(ctx.program, ins.mnemonic, operand)
    except LinkageFailure as failure:
        return Stuck(f"linkage error {failure.error_class}: {failure.message}", "unsupported")
    except JhaltError as error:
        return Stuck(str(error), "missing-class")


def initialization_step(
    ctx: EvalContext, state: AbstractState, ins: Instruction
) -> StepResult | None:
    """None if ``ins`` may run now; else the next initialisation step (module docstring)."""
    target = target_class(ctx, ins)
    if isinstance(target, Stuck):
        return target
    if target is None or is_initialized(ctx, state, target):
        return None
    return start_initialization(ctx, state, target, ins.mnemonic)


def start_initialization(
    ctx: EvalContext, state: AbstractState, target: str, mnemonic: str
) -> StepResult:
    """Prepare the first class of ``target``'s initialisation sequence that is not done."""
    done = frozenset(name for name, _ in state.class_init)
    try:
        sequence = ctx.program.initialization_sequence(target, done)
    except JhaltError as error:
        return Stuck(str(error), "missing-class")
    new_state = state
    assumptions: list[str] = []
    frames: list[Frame] = []
    for class_name in sequence:
        if (
            is_initialized(ctx, new_state, class_name)
            and new_state.class_init_state(class_name) is not None
        ):
            continue
        if not ctx.is_program_class(class_name):
            new_state = new_state.with_class_init(class_name, InitState.YES)
            continue
        new_state = _prepare_statics(ctx, new_state, class_name)
        initializer = ctx.program.static_initializer(class_name)
        if initializer is None or initializer.code is None:
            new_state = new_state.with_class_init(class_name, InitState.YES)
            continue
        new_state = new_state.with_class_init(class_name, InitState.RUNNING)
        clinit = MethodId(class_name, CLINIT, "()V")
        frames.append(Frame(ProgramPosition(clinit, 0), (None,) * initializer.code.max_locals, ()))
    for frame in reversed(frames):  # the first initialiser of the sequence runs first (on top)
        new_state = new_state.push_frame(frame)
    label_ins = _Pseudo(f"initialize {target.replace('/', '.')} ({mnemonic})")
    return step(state, label_ins, new_state, (), tuple(assumptions))  # type: ignore[arg-type]


class _Pseudo:
    """Stands in for an instruction in an evaluation label (only ``mnemonic`` is read)."""

    def __init__(self, mnemonic: str) -> None:
        self.mnemonic = mnemonic


def _prepare_statics(ctx: EvalContext, state: AbstractState, class_name: str) -> AbstractState:
    """JVMS §5.4.2 preparation plus the ConstantValue attributes (§5.5 step 6)."""
    classfile = ctx.program.lookup(class_name)
    for field in classfile.fields:
        if not field.is_static:
            continue
        field_id = FieldId(class_name, field.name, field.descriptor)
        constant = field.constant_value
        if isinstance(constant, int) and field.descriptor in ("Z", "B", "C", "S", "I", "J"):
            state, reference = bind_int(ctx, state, Interval.const(constant), field.descriptor)
        elif isinstance(constant, float) and field.descriptor in ("F", "D"):
            state, reference = bind(ctx, state, FloatValue.of(constant, field.descriptor))
        elif isinstance(constant, str) and field.descriptor == "Ljava/lang/String;":
            state, reference = ctx.registry.string_constant(state, constant, ctx.fresh)
        else:
            state, reference = default_value_ref(ctx, state, field.descriptor)
        state = state.with_static(field_id, reference)
    return state


def finish_initialization(state: AbstractState, class_name: str) -> AbstractState:
    """After ``<clinit>`` of ``class_name`` returned (its frame already popped)."""
    return state.with_class_init(class_name, InitState.YES)
