"""String concatenation by ``invokedynamic`` (issue 3 item 6), modelled like
``StringBuilder`` appends.

javac (JDK 9+) compiles ``a + b`` on Strings to an ``invokedynamic`` whose bootstrap
method is ``StringConcatFactory.makeConcatWithConstants`` (recipe: the first static
argument, ``\\u0001`` marks a dynamic argument, ``\\u0002`` the next static constant) or
``makeConcat`` (the dynamic arguments only). The evaluator hands such a call to the class
model of ``java/lang/invoke/StringConcatFactory`` with ``call.method`` =
(bootstrap owner, call-site name, call-site descriptor) and the dynamic arguments.

The recipe is read from the class file of ``call.position`` (the ``LibraryCall`` carries no
bootstrap arguments): the constant text of the recipe adds its exact length. When the
recipe cannot be read, constant text adds an unknown length ≥ 0 (still sound).

The result is a new String (JLS §15.18.1) whose length is the sum of the pieces'
lengths, recorded as a chain of ``+`` relations, and whose characters are the pieces in the
recipe's order (a content relation, `jhalt.seg.contents`; none when the recipe is unknown).
A sum beyond ``Integer.MAX_VALUE`` is no String: the JVM throws an OutOfMemoryError there
(a VirtualMachineError, outside the graph's semantics like every allocation failure), so the
lengths of a returned result lie in ``[0, Integer.MAX_VALUE]`` (`within_string_length`). Each argument contributes the length of
``String.valueOf(arg)`` (:mod:`jhalt.models.lengths`; objects via
:func:`jhalt.models.text.object_text`).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.classfile.model import StringConst
from jhalt.domains.intervals import Interval
from jhalt.domains.strings import constant_length
from jhalt.domains.values import InstanceValue, Ref, UnknownValue
from jhalt.models.lengths import NULL_TEXT_LENGTH, text_length_of_descriptor
from jhalt.models.support import (
    fresh_int,
    instruction_at,
    interval_of,
    model,
    need_known_nullness,
    need_string_length,
    new_string,
)
from jhalt.models.text import BUILDERS, need_builder_count, object_text, within_string_length
from jhalt.seg.contents import (
    Piece,
    any_piece,
    join,
    string_piece,
    text_piece,
    value_piece,
)
from jhalt.seg.labels import Relation, compute
from jhalt.seg.library import LibraryCall, ModelRegistry, Outcome, Returns, Unsupported

STRING_CONCAT_FACTORY = "java/lang/invoke/StringConcatFactory"
ARGUMENT_TAG = "\u0001"
CONSTANT_TAG = "\u0002"


def read_recipe(call: LibraryCall) -> tuple[str, tuple[object, ...]] | None:
    """The recipe and the further static arguments of the invokedynamic at
    ``call.position``, or None when the class file cannot be consulted."""
    found = instruction_at(call)
    if found is None:
        return None
    classfile, instruction = found
    bootstrap = classfile.bootstrap_of(instruction.operand)
    if bootstrap is None:
        return None
    if bootstrap.handle.reference.name != "makeConcatWithConstants" or not bootstrap.arguments:
        return None
    recipe = bootstrap.arguments[0]
    if not isinstance(recipe, StringConst):
        return None
    return recipe.value, tuple(bootstrap.arguments[1:])


def _constant_text_length(value: object) -> Interval:
    if isinstance(value, StringConst):
        return constant_length(value.value).interval
    return Interval.at_least(0)  # a numeric or other constant: its text, length unknown


def _argument_text(
    call: LibraryCall, reference: Ref, descriptor: str
) -> tuple[Ref | Interval, Piece]:
    """The length of the argument's text and that text as a piece (`jhalt.seg.contents`)."""
    if descriptor == "Ljava/lang/String;":
        if need_known_nullness(call, reference) is None:
            return Interval.const(NULL_TEXT_LENGTH), text_piece("null")
        return need_string_length(call, reference), string_piece(reference)
    if descriptor.startswith("L") or descriptor.startswith("["):
        value = need_known_nullness(call, reference)
        if isinstance(value, InstanceValue) and value.class_name in BUILDERS:
            return need_builder_count(call, reference), string_piece(reference)
        if isinstance(value, UnknownValue) and value.type_name in BUILDERS:
            return need_builder_count(call, reference), string_piece(reference)
        kind, text = object_text(call, reference)
        pieces = {"null": text_piece("null"), "same": string_piece(reference)}
        return text, pieces.get(kind, any_piece())
    length = text_length_of_descriptor(descriptor, call.state.heap[reference])
    return length, value_piece(descriptor, reference)


def _recipe_pieces(
    recipe: str, constants: tuple[object, ...], arguments: list[Piece]
) -> list[Piece]:
    """The pieces of the result in the recipe's order (module docstring)."""
    result: list[Piece] = []
    remaining_arguments, remaining_constants = list(arguments), list(constants)
    literal = ""
    for char in recipe:
        if char not in (ARGUMENT_TAG, CONSTANT_TAG):
            literal += char
            continue
        if literal:
            result.append(text_piece(literal))
            literal = ""
        if char == ARGUMENT_TAG:
            result.append(remaining_arguments.pop(0) if remaining_arguments else any_piece())
        else:
            constant = remaining_constants.pop(0) if remaining_constants else None
            if isinstance(constant, StringConst):
                result.append(text_piece(constant.value))
            else:
                result.append(any_piece())
    if literal:
        result.append(text_piece(literal))
    return result


@model
def concatenate(call: LibraryCall) -> Sequence[Outcome]:
    """``makeConcatWithConstants``/``makeConcat`` call sites (module docstring)."""
    if call.method.name not in ("makeConcatWithConstants", "makeConcat"):
        return [
            Unsupported(f"invokedynamic {call.method.name} of StringConcatFactory is not modelled")
        ]
    parameters, _ = parse_method_descriptor(call.method.descriptor)
    texts = [
        _argument_text(call, reference, descriptor)
        for reference, descriptor in zip(call.arguments, parameters)
    ]
    pieces: list[Ref | Interval] = [length for length, _ in texts]
    content: list[Piece] | None = [piece for _, piece in texts]
    if call.method.name == "makeConcatWithConstants":
        found = read_recipe(call)
        if found is None:
            pieces.append(Interval.at_least(0))
            content = None
        else:
            recipe, constants = found
            content = _recipe_pieces(recipe, constants, [piece for _, piece in texts])
            literal = recipe.replace(ARGUMENT_TAG, "").replace(CONSTANT_TAG, "")
            pieces.append(constant_length(literal).interval)
            remaining = list(constants)
            for _ in range(recipe.count(CONSTANT_TAG)):
                pieces.append(
                    _constant_text_length(remaining.pop(0)) if remaining else Interval.at_least(0)
                )
    state = call.popped_state()
    relations: list[Relation] = []
    total: Ref | None = None
    for piece in pieces:
        if isinstance(piece, Interval):
            state, piece = fresh_int(state, piece, "I", call.fresh)
        if total is None:
            total = piece
            continue
        summed = interval_of(state, total).add(interval_of(state, piece))
        state, new_total = fresh_int(state, within_string_length(summed), "I", call.fresh)
        relations.append(compute("+", new_total, total, piece))
        total = new_total
    if total is None:
        state, total = fresh_int(state, Interval.const(0), "I", call.fresh)
    state, result = new_string(state, total, call.fresh)
    if content is not None:
        relations.append(join(result, *content))
    return [Returns(state, result, tuple(relations))]


def register(registry: ModelRegistry) -> None:
    registry.register_class(STRING_CONCAT_FACTORY, concatenate)
