"""Property tests (hypothesis) for the stack-effect table and the decoder.

Random structured programs (statements that leave the stack as they found it, int
expressions that push one value, conditional expressions that merge at a non-empty stack,
loops, switches, long arithmetic) are assembled; the decoded stack depth must never be
negative, must be equal where paths meet, and must equal the depth the generator knows
from the program's structure. Random byte strings either decode or raise
ClassFormatError, never anything else."""

from __future__ import annotations

from bytecode_testkit import assemble
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from jhalt.bytecode import build_cfg, compute_frames, compute_stack_depths, decode
from jhalt.classfile.model import ClassConst, IntegerConst, LongConst, MemberRef, StringConst
from jhalt.errors import ClassFormatError

LOCALS = 4  # int locals 0..3


class Program:
    """Assembler items plus the expected stack depth at each "mark" label."""

    def __init__(self) -> None:
        self.items: list[object] = []
        self.expected: dict[str, int] = {}
        self.labels = 0

    def label(self) -> str:
        self.labels += 1
        return f"L{self.labels}"

    def mark(self, depth: int) -> None:
        name = self.label()
        self.items.append(name + ":")
        self.expected[name] = depth


@st.composite
def int_expression(draw, program: Program, depth: int, budget: int) -> None:
    """Emit code that pushes one int onto a stack of ``depth`` slots."""
    program.mark(depth)
    choice = draw(st.integers(0, 5 if budget > 0 else 1))
    if choice == 0:
        program.items.append(("bipush", draw(st.integers(-128, 127))))
    elif choice == 1:
        program.items.append(("iload", draw(st.integers(0, LOCALS - 1))))
    elif choice in (2, 3):  # binary operation
        draw(int_expression(program, depth, budget - 1))
        draw(int_expression(program, depth + 1, budget - 1))
        program.items.append(("iadd",) if choice == 2 else ("isub",))
    elif choice == 4:  # conditional expression: the branches merge with depth + 1 slots
        otherwise, end = program.label(), program.label()
        draw(int_expression(program, depth, budget - 1))
        program.items.append(("ifeq", otherwise))
        draw(int_expression(program, depth, budget - 1))
        program.items.append(("goto", end))
        program.items.append(otherwise + ":")
        draw(int_expression(program, depth, budget - 1))
        program.items.append(end + ":")
        program.expected[end] = depth + 1
    else:  # long arithmetic, narrowed back to an int: l2i via pop2 + constant
        program.items.extend(
            [("raw", [0x09]), ("raw", [0x0A]), ("raw", [0x61]), ("dup2",), ("pop2",), ("pop2",)]
        )
        draw(int_expression(program, depth, budget - 1))


@st.composite
def statement(draw, program: Program, budget: int) -> None:
    """Emit code that leaves the (empty) stack as it found it."""
    program.mark(0)
    choice = draw(st.integers(0, 4 if budget > 0 else 1))
    if choice == 0:
        draw(int_expression(program, 0, budget))
        program.items.append(("istore", draw(st.integers(0, LOCALS - 1))))
    elif choice == 1:
        draw(int_expression(program, 0, budget))
        program.items.append(("pop",))
    elif choice == 2:  # if
        end = program.label()
        draw(int_expression(program, 0, budget - 1))
        program.items.append(("ifne", end))
        draw(block(program, budget - 1))
        program.items.append(end + ":")
        program.expected[end] = 0
    elif choice == 3:  # while
        head, end = program.label(), program.label()
        program.items.append(head + ":")
        program.expected[head] = 0
        draw(int_expression(program, 0, budget - 1))
        program.items.append(("ifeq", end))
        draw(block(program, budget - 1))
        program.items.append(("goto", head))
        program.items.append(end + ":")
        program.expected[end] = 0
    else:  # switch
        count = draw(st.integers(1, 3))
        cases = [program.label() for _ in range(count)]
        default, end = program.label(), program.label()
        draw(int_expression(program, 0, budget - 1))
        if draw(st.booleans()):
            program.items.append(("tableswitch", draw(st.integers(-5, 5)), cases, default))
        else:
            keys = draw(
                st.lists(st.integers(-1000, 1000), min_size=count, max_size=count, unique=True)
            )
            program.items.append(("lookupswitch", dict(zip(keys, cases)), default))
        for case in [*cases, default]:
            program.items.append(case + ":")
            program.expected[case] = 0
            draw(block(program, budget - 1))
            program.items.append(("goto", end))
        program.items.append(end + ":")
        program.expected[end] = 0


@st.composite
def block(draw, program: Program, budget: int) -> None:
    for _ in range(draw(st.integers(0, 3))):
        draw(statement(program, budget))


@st.composite
def programs(draw) -> Program:
    program = Program()
    leading_nops = draw(st.integers(0, 3))  # shifts switch padding
    program.items.extend([("nop",)] * leading_nops)
    draw(block(program, 3))
    program.mark(0)
    program.items.append(("return",))
    return program


def _label_pcs(items: list[object]) -> dict[str, int]:
    """Where each label lands: assemble the prefix before it."""
    pcs = {}
    for index, item in enumerate(items):
        if isinstance(item, str):
            pcs[item.rstrip(":")] = len(assemble(*items[:index]))  # lengths ignore label values
    return pcs


@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(programs())
def test_stack_depth_never_negative_equal_at_merges_and_as_the_structure_says(program):
    code = assemble(*program.items)
    instructions = decode(code, (None,))
    cfg = build_cfg(instructions)
    depths = compute_stack_depths(cfg)  # raises on negative depth or unequal depths at a merge
    assert all(d >= 0 for d in depths.values())
    for block_ in cfg.blocks:
        for predecessor in cfg.predecessors(block_.start):
            last = cfg.block(predecessor).terminator
            if last.pc in depths:
                assert depths[last.pc] - last.pops + last.pushes == depths[block_.start]
    pcs = _label_pcs(program.items)
    for name, expected in program.expected.items():
        if pcs[name] in depths:  # code after a loop without exit is unreachable
            assert depths[pcs[name]] == expected, name
    frames = compute_frames(
        cfg, class_name="T", method_name="f", descriptor="(IIII)V", is_static=True,
        max_stack=max(depths.values()) + 4, max_locals=LOCALS, stack_map=None,
    )  # fmt: skip
    for pc, depth in depths.items():
        assert len(frames.at(pc).stack) == depth


POOL = (
    None,
    IntegerConst(1),
    StringConst("s"),
    LongConst(2),
    None,
    ClassConst("java/lang/Object"),
    MemberRef("method", "A", "m", "(I)I"),
    MemberRef("field", "A", "f", "J"),
    MemberRef("interface_method", "I", "n", "()V"),
)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.binary(min_size=0, max_size=40))
def test_random_bytes_decode_or_raise_class_format_error(data):
    try:
        instructions = decode(data, POOL)
    except ClassFormatError:
        return
    assert sum(i.length for i in instructions) == len(data)
    starts = {i.pc for i in instructions}
    for instruction in instructions:
        assert set(instruction.jump_targets) <= starts
        assert instruction.pops >= 0 and instruction.pushes >= 0
    try:
        cfg = build_cfg(instructions)
        compute_stack_depths(cfg, 10)
        compute_frames(cfg, class_name="T", method_name="f", descriptor="(I)V", is_static=False,
                       max_stack=10, max_locals=300, stack_map=None)  # fmt: skip
    except ClassFormatError:
        pass
