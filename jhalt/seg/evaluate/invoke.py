"""Method invocation and return (thesis §1.6.5, seed 000 §2.2 states K → L → M).

Calls of program methods push a frame (the seeds' approach for non-recursive programs); a
call of a method that is already on the call stack is recursion: during graph construction
it enters a new call context (:mod:`jhalt.seg.evaluate.recursion`), in concrete runs it
pushes a frame like any call. Virtual calls refine the receiver (existence,
then the exact classes whose selected method differs) unless one method is selected for
every possible receiver. Library methods run their model from the registry, or the
documented fallback :func:`jhalt.seg.library.unknown_library_call` — except when its
arguments reach a lambda object, whose code the library method may call back (Stuck). ``invokedynamic``
supports string concatenation: the call site goes to the registry's model of
``StringConcatFactory`` as ``MethodId(bootstrap owner, call-site name, call-site
descriptor)`` with the dynamic arguments (:mod:`jhalt.models.concat` keeps the length of
the result); without such a model the result is a fresh non-null String. A
``LambdaMetafactory`` site creates an object of the class jhalt spins for it
(:mod:`jhalt.program.lambdas`) holding the captured values; calls on it run that class's
bytecode like any program method. A record's ``ObjectMethods``
call sites go to that class's model like concatenations. Other bootstrap methods are Stuck
with the reason.
"""

from __future__ import annotations

from jhalt.bytecode import Instruction
from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import DynamicConst
from jhalt.domains.state import AbstractState, Frame, reachable_objects
from jhalt.domains.values import NULL, ArrayValue, InstanceValue, Ref, UnknownValue
from jhalt.errors import JhaltError
from jhalt.ids import FieldId, MethodId, ProgramPosition
from jhalt.program.dispatch import DispatchCandidates, select_special
from jhalt.program.lambdas import LAMBDA_MARK, LAMBDA_METAFACTORY, lambda_class_name
from jhalt.program.resolution import LinkageFailure, ResolvedMethod, link_invoke_instruction
from jhalt.program.substitutes import REDIRECTS, STAND_INS, UNDECIDED, is_library_class
from jhalt.seg.context import EvalContext, Split, Step, StepResult, Stuck
from jhalt.seg.environment import inject, input_class_call, returns_input
from jhalt.seg.evaluate.assume import evaluate_assume, is_assume
from jhalt.seg.evaluate.classinit import CLINIT, finish_initialization, initialization_step
from jhalt.seg.evaluate.common import (
    advance,
    bind,
    category,
    may_be_null,
    step,
    throw,
)
from jhalt.seg.evaluate.outcomes import apply_outcomes, outcome_choice
from jhalt.seg.evaluate.recursion import recursive_call
from jhalt.seg.evaluate.summaries import summarised
from jhalt.seg.known_texts import decide
from jhalt.seg.labels import EvalEdge, RefineEdge
from jhalt.seg.library import LibraryCall, LibraryModel, unknown_library_call
from jhalt.seg.refine import refine_existence, replace_ref

NPE = "java/lang/NullPointerException"
STRING_CONCAT_FACTORY = "java/lang/invoke/StringConcatFactory"
OBJECT_METHODS = "java/lang/runtime/ObjectMethods"
OBJECT_INIT = MethodId("java/lang/Object", "<init>", "()V")
_IMMUTABLE_TEXT_TYPES = frozenset(
    "java/lang/" + n
    for n in (
        "String",
        "Integer",
        "Long",
        "Short",
        "Byte",
        "Character",
        "Boolean",
        "Float",
        "Double",
    )
)


def argument_count(descriptor: str, is_static: bool) -> int:
    """Operand-stack entries an invocation consumes (receiver included)."""
    return len(parse_method_descriptor(descriptor)[0]) + (0 if is_static else 1)


def evaluate_invoke(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    if ins.mnemonic == "invokedynamic":
        return _invokedynamic(ctx, state, ins)
    if ins.mnemonic == "invokestatic":
        pending = initialization_step(ctx, state, ins)
        if pending is not None:
            return pending
    try:
        resolved = link_invoke_instruction(ctx.program, ins.mnemonic, ins.member)
    except LinkageFailure as failure:
        if ins.member.owner in STAND_INS:
            return Stuck(_not_supplied(ins.member.owner, ins.member.name), "unsupported")
        return Stuck(f"linkage error {failure.error_class}: {failure.message}")
    except JhaltError as error:
        return Stuck(str(error), "missing-class")
    is_static = ins.mnemonic == "invokestatic"
    count = argument_count(ins.member.descriptor, is_static)
    arguments = tuple(state.peek(count - 1 - k) for k in range(count))
    if is_static:
        return call(ctx, state, ins, resolved.id, arguments)
    receiver = arguments[0]
    if receiver == NULL:
        return throw(ctx, state, ins, NPE)
    if may_be_null(state, receiver):
        return refine_existence(ctx, state, receiver)
    if ins.mnemonic == "invokespecial":
        try:
            target = select_special(
                ctx.program, state.position.method.class_name, ins.member.owner, resolved
            )
        except LinkageFailure as failure:
            return Stuck(f"linkage error {failure.error_class}: {failure.message}")
        except JhaltError as error:
            return Stuck(str(error), "missing-class")
        return call(ctx, state, ins, target.id, arguments)
    return _virtual(ctx, state, ins, resolved, arguments)


def _virtual(
    ctx: EvalContext,
    state: AbstractState,
    ins: Instruction,
    resolved: ResolvedMethod,
    arguments: tuple[Ref, ...],
) -> StepResult:
    """invokevirtual/invokeinterface on a non-null receiver: the selected method of a known
    instance, the resolved one for arrays, the library model once a "library" split was
    taken here, else :func:`_dispatch` over the candidates of the receiver's static type."""
    receiver = arguments[0]
    value = state.heap[receiver]
    try:
        if isinstance(value, InstanceValue):
            return call(
                ctx, state, ins, ctx.program.select_method(value.class_name, resolved).id, arguments
            )
        if isinstance(value, ArrayValue) or (
            isinstance(value, UnknownValue) and value.type_name.startswith("[")
        ):
            return call(ctx, state, ins, resolved.id, arguments)
        assert isinstance(value, UnknownValue)
        if (
            isinstance(state.split, tuple)
            and state.split[0] == state.position
            and state.split[1] in ("library", "outcome")
        ):
            return call(ctx, state, ins, resolved.id, arguments, library=True)
        static_type = (
            value.type_name
            if ctx.hierarchy.is_subtype(value.type_name, ins.member.owner)
            else ins.member.owner
        )
        candidates = ctx.program.dispatch_candidates(
            static_type, resolved.method.name, resolved.method.descriptor
        )
    except LinkageFailure as failure:
        return Stuck(f"linkage error {failure.error_class}: {failure.message}")
    except JhaltError as error:
        return Stuck(str(error), "missing-class")
    return _dispatch(ctx, state, ins, resolved, arguments, candidates)


def _dispatch(
    ctx: EvalContext,
    state: AbstractState,
    ins: Instruction,
    resolved: ResolvedMethod,
    arguments: tuple[Ref, ...],
    candidates: DispatchCandidates,
) -> StepResult:
    """A virtual call on an unknown receiver with these ``candidates`` (module docstring):
    a direct call when one program method (or only library code) is possible, otherwise a
    split on the receiver's exact class — the program's classes and the classes of its
    lambda objects that run program code for the call (their captured values unknown) —,
    plus a "library class" case when library code may be selected; Stuck for a lambda
    without a class (`jhalt.program.lambdas`) or too many classes."""
    receiver = arguments[0]
    for name in candidates.lambda_classes:
        try:
            ctx.program.lambda_class(name)
        except JhaltError as error:
            return Stuck(f"a lambda may receive the call of {resolved}: {error}", "lambda")
    program_receivers = sorted(
        (cls, method)
        for cls, method in candidates.receivers
        if ctx.is_program_class(method.owner) and not cls.startswith("lambda:")
    )
    library_possible = (
        candidates.library_receivers
        or any(not ctx.is_program_class(method.owner) for _, method in candidates.receivers)
        or bool(candidates.open_reasons)
    )
    targets = {method.id for _, method in program_receivers}
    spun = candidates.lambda_classes
    if not program_receivers and not spun:
        return call(ctx, state, ins, resolved.id, arguments, library=True)
    if len(targets) == 1 and not library_possible and not spun:
        return call(ctx, state, ins, next(iter(targets)), arguments)
    classes = [c for c, _ in program_receivers] + list(spun)
    if len(classes) > ctx.options.max_type_cases:
        return Stuck(f"{len(classes)} possible receiver classes for {resolved}", "limit")
    cases = []
    for class_name in classes:
        refined, new = replace_ref(ctx, state, receiver, InstanceValue(class_name, ()))
        cases.append(
            (
                RefineEdge(
                    "type", (receiver,), class_name.replace("/", "."), renaming=((receiver, new),)
                ),
                refined,
            )
        )
    if library_possible:
        cases.append(
            (
                RefineEdge("type", (receiver,), "library class"),
                state.with_split((state.position, "library")),
            )
        )
    return Split(tuple(cases))


def call(
    ctx: EvalContext, state: AbstractState, ins: Instruction, target: MethodId, arguments: tuple[Ref, ...],
    library: bool = False,
) -> StepResult:  # fmt: skip
    """Run ``target`` with ``arguments`` (receiver first): push a frame for a program
    method with code, otherwise call the library model; a method of an input class that returns
    a primitive or String gives an environment value (:mod:`jhalt.seg.environment`), its
    ``assume(boolean)`` ends the run when false (:mod:`jhalt.seg.evaluate.assume`). A JDK
    entry point of a stream runs jhalt's stream library instead (`jhalt.program.substitutes`),
    undecided when that library could not be built."""
    redirected = REDIRECTS.get(target)
    if redirected is not None or is_library_class(target.class_name):
        missing = ctx.program.streams.unavailable()
        if missing is not None:
            return Stuck(f"{target} needs jhalt's stream library: {missing}", "unsupported")
        target = redirected or target
        if target in UNDECIDED:
            return Stuck(UNDECIDED[target], "unsupported")
    if target.class_name in ctx.options.input_classes and returns_input(target.descriptor):
        return library_call(ctx, state, ins, target, arguments, input_class_call)
    if is_assume(ctx, target, ins.mnemonic):
        return evaluate_assume(ctx, state, ins, target, arguments)
    if not library and ctx.is_program_class(target.class_name):
        classfile = ctx.program.lookup(target.class_name)
        info = classfile.method(target.name, target.descriptor)
        if info is not None and info.code is not None:
            local_vars: list[Ref | None] = []
            for argument in arguments:
                local_vars.append(argument)
                if category(state, argument) == 2:
                    local_vars.append(None)
            local_vars += [None] * max(0, info.code.max_locals - len(local_vars))
            frame = Frame(ProgramPosition(target, 0), tuple(local_vars), ())
            if ctx.options.abstract_recursion and any(
                f.position.method == target for f in state.frames
            ):
                return recursive_call(ctx, state, ins, target, arguments, frame)
            if summarised(ctx, state, target):
                return recursive_call(ctx, state, ins, target, arguments, frame, recursive=False)
            popped, _ = state.pop(len(arguments))
            return step(state, ins, popped.push_frame(frame))
    return library_call(ctx, state, ins, target, arguments)


def _not_supplied(owner: str, name: str) -> str:
    return (
        f"{owner.replace('/', '.')}.{name} is not among the sequential stream operations jhalt "
        "supplies as bytecode (jhalt.program.substitutes)"
    )


def library_call(
    ctx: EvalContext,
    state: AbstractState,
    ins: Instruction,
    target: MethodId,
    arguments: tuple[Ref, ...],
    model: LibraryModel | None = None,
) -> StepResult:
    """Evaluate a call through ``model``, else the registry's model, else the unknown-call
    fallback (its result an unknown value, never an environment value: a witness may not
    choose what deterministic library code returns, `jhalt.seg.environment`). A run with
    recorded environment values (``ctx.environment``) takes the next one of this call site
    (:func:`jhalt.seg.environment.inject`); a run that knows the texts of its input Strings
    (``ctx.texts``) executes the calls that read them (:func:`jhalt.seg.known_texts.decide`)."""
    if target == OBJECT_INIT and ctx.registry.lookup(target) is None:
        popped, _ = state.pop(len(arguments))
        return step(state, ins, advance(popped, ins))
    model = model or ctx.registry.lookup(target)
    if model is None:
        handed = _lambda_reached(state, arguments)
        if handed is not None:
            return Stuck(
                f"library method {target} without a model receives the lambda object "
                f"{handed.replace('/', '.')}, whose program code it may run any number of times",
                "lambda",
            )
        model = unknown_library_call
    clean = state.with_split(None) if outcome_choice(state) is None else state
    lib_call = LibraryCall(
        target, ins.mnemonic, clean, arguments, state.position, ctx.fresh, ctx.program
    )
    outcomes = list(model(lib_call))
    if ctx.environment is not None and outcome_choice(state) is None:
        outcomes = list(inject(ctx.environment, state.position, ctx.fresh, outcomes))
    if ctx.texts and outcome_choice(state) is None:
        outcomes = list(decide(ctx.texts, outcomes))
    if not outcomes:
        return Stuck(f"the model of {target} returned no outcome")
    return apply_outcomes(ctx, state, ins, target, arguments, outcomes)


def _lambda_reached(state: AbstractState, arguments: tuple[Ref, ...]) -> str | None:
    """The class of a lambda object the ``arguments`` reach, if any: the unknown-call
    fallback assumes that library code terminates, which a library method calling back a
    lambda (``IntStream.iterate``, ``forEach``) does only if the program's code lets it."""
    for reference in reachable_objects(state, [a for a in arguments if a != NULL]):
        value = state.heap[reference]
        if isinstance(value, InstanceValue) and LAMBDA_MARK in value.class_name:
            return value.class_name
    return None


def _invokedynamic(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    operand = ins.operand
    assert isinstance(operand, DynamicConst)
    classfile = ctx.program.lookup(state.position.method.class_name)
    bootstrap = classfile.bootstrap_of(operand)
    owner = bootstrap.handle.reference.owner if bootstrap is not None else None
    if owner == LAMBDA_METAFACTORY:
        return _lambda_object(ctx, state, ins, operand)
    if owner == OBJECT_METHODS:
        return _object_methods(ctx, state, ins, operand)
    if owner != STRING_CONCAT_FACTORY:
        return Stuck(
            f"invokedynamic with bootstrap {owner} (method handles) is not supported", "lambda"
        )
    parameters, _ = parse_method_descriptor(operand.descriptor)
    arguments = tuple(state.peek(len(parameters) - 1 - k) for k in range(len(parameters)))
    call_site = MethodId(owner, operand.name, operand.descriptor)
    if ctx.registry.lookup(call_site) is not None:
        # the registry's model keeps the length of the result (jhalt.models.concat)
        return library_call(ctx, state, ins, call_site, arguments)
    popped, _ = state.pop(len(parameters))
    assumptions = tuple(
        f"toString() of {p[1:-1].replace('/', '.')} in string concatenation terminates"
        for p, a in zip(parameters, arguments)
        if p.startswith("L") and p[1:-1] not in _IMMUTABLE_TEXT_TYPES and a != NULL
    )
    new_state, result = bind(ctx, popped, UnknownValue("java/lang/String", nullable=False))
    return step(state, ins, advance(new_state.push(result), ins), (), assumptions)


def _object_methods(
    ctx: EvalContext, state: AbstractState, ins: Instruction, operand: DynamicConst
) -> StepResult:
    """A record's ``toString``/``hashCode``/``equals`` call site (``ObjectMethods.bootstrap``):
    the registry's model of ``MethodId(ObjectMethods, name, call-site descriptor)`` with the
    dynamic arguments (`jhalt.models.records`), else Stuck."""
    call_site = MethodId(OBJECT_METHODS, operand.name, operand.descriptor)
    if ctx.registry.lookup(call_site) is None:
        return Stuck(f"invokedynamic {operand.name} of ObjectMethods is not modelled")
    count = len(parse_method_descriptor(operand.descriptor)[0])
    arguments = tuple(state.peek(count - 1 - k) for k in range(count))
    return library_call(ctx, state, ins, call_site, arguments)


def _lambda_object(
    ctx: EvalContext, state: AbstractState, ins: Instruction, operand: DynamicConst
) -> StepResult:
    """A ``LambdaMetafactory`` call site: a new object of the class jhalt spins for it
    (`jhalt.program.lambdas`) whose fields hold the captured values, as its constructor
    would store them; Stuck with the reason when the site has no such class."""
    name = lambda_class_name(state.position.method.class_name, operand.bootstrap_index)
    try:
        ctx.program.lambda_class(name)
    except JhaltError as error:
        return Stuck(f"lambda not supported: {error}", "lambda")
    captured, _ = parse_method_descriptor(operand.descriptor)
    values = tuple(state.peek(len(captured) - 1 - k) for k in range(len(captured)))
    fields = {FieldId(name, f"arg${k + 1}", d): v for k, (d, v) in enumerate(zip(captured, values))}
    popped, _ = state.pop(len(captured))
    new_state, created = bind(ctx, popped, InstanceValue.of(name, fields))
    return step(state, ins, advance(new_state.push(created), ins))


def evaluate_return(ctx: EvalContext, state: AbstractState, ins: Instruction) -> StepResult:
    """xreturn / return: pop the frame; pass the value to the caller (seed 000 X → Y)."""
    value: Ref | None = None
    if ins.mnemonic != "return":
        value = state.peek()
    method = state.position.method
    callee_popped = state.pop_frame()
    if method.name == CLINIT:
        return step(state, ins, finish_initialization(callee_popped, method.class_name))
    if not callee_popped.frames:
        return step(state, ins, callee_popped.garbage_collected())
    caller = callee_popped.top
    try:
        invoke = ctx.body(caller.position.method).instruction_at[caller.position.pc]
    except (JhaltError, KeyError, ValueError) as error:
        return Stuck(f"cannot return into {caller.position}: {error}")
    result = callee_popped if value is None else callee_popped.push(value)
    return step(state, ins, result.with_pc(invoke.next_pc).garbage_collected())


__all__ = ["EvalEdge", "Step", "evaluate_invoke", "evaluate_return", "call", "library_call"]
