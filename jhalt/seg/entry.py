"""Initial states of the graph (issue 3 item 7; seed 000 §2.1 Fig. 3 state A).

* ``public static void main(String[])`` with the competition's input: a non-null
  ``String[]`` of unknown length ``≥ 0`` whose entries are not represented (reading one
  gives an unknown String, seed 000 state A → G). **Assumption of a JVM launch**: the
  entries are non-null Strings (the launcher makes one String per command-line word), so the
  array is marked ``non_null_entries`` (`jhalt.domains.values.ArrayValue`) until the program
  stores ``null`` into it or unknown code may change it. The JVM initialises the main class
  before ``main`` runs (JVMS §5.2): the ``<clinit>`` frames of the initialisation
  sequence are pushed on top of the ``main`` frame.
* Any other method: ``this`` a non-null unknown object of the declaring class, each
  parameter an unknown value of its declared type (objects possibly null). Following the
  seeds' convention (seed 000 §2.1, state A) the inputs are tree-shaped and do not share;
  classes are taken to be initialised already with unknown static fields
  (:attr:`EvalContext.assume_classes_initialized`).
"""

from __future__ import annotations

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.domains.intervals import Interval
from jhalt.domains.state import AbstractState, Frame
from jhalt.domains.values import ArrayValue, IntValue, Ref, UnknownValue
from jhalt.errors import InputError
from jhalt.ids import MethodId, ProgramPosition
from jhalt.seg.context import EvalContext, Step, Stuck
from jhalt.seg.evaluate.classinit import is_initialized, start_initialization
from jhalt.seg.evaluate.common import bind
from jhalt.seg.library import unknown_value

MAIN_DESCRIPTOR = "([Ljava/lang/String;)V"


def is_main(method: MethodId) -> bool:
    return method.name == "main" and method.descriptor == MAIN_DESCRIPTOR


def entry_state(ctx: EvalContext, method: MethodId) -> AbstractState:
    """The initial state for ``method`` (module docstring); raises InputError when the
    method does not exist or has no code."""
    classfile = ctx.program.find(method.class_name)
    info = classfile.method(method.name, method.descriptor) if classfile else None
    if info is None or info.code is None:
        raise InputError(f"no method with code {method}")
    state = AbstractState(frames=())
    local_vars: list[Ref | None] = []
    if is_main(method) and info.is_static and ctx.options.competition_main:
        state, length = bind(ctx, state, IntValue(Interval.at_least(0), "I"))
        command_line = ArrayValue("[Ljava/lang/String;", length, non_null_entries=True)
        state, array = bind(ctx, state, command_line)
        local_vars.append(array)
    else:
        ctx.assume_classes_initialized = True
        if not info.is_static:
            state, this = bind(ctx, state, UnknownValue(method.class_name, nullable=False))
            local_vars.append(this)
        for parameter in parse_method_descriptor(method.descriptor)[0]:
            state, reference = bind(ctx, state, unknown_value(parameter))
            local_vars.append(reference)
            if parameter in ("J", "D"):
                local_vars.append(None)
    local_vars += [None] * max(0, info.code.max_locals - len(local_vars))
    state = state.push_frame(Frame(ProgramPosition(method, 0), tuple(local_vars), ()))
    if not ctx.assume_classes_initialized and not is_initialized(ctx, state, method.class_name):
        started = start_initialization(ctx, state, method.class_name, "startup")
        if isinstance(started, Step):
            state = started.state
        elif isinstance(started, Stuck):
            raise InputError(f"cannot initialise {method.class_name}: {started.reason}")
    return state
