"""The first line of standard input and the comparison of Strings as exact steps of the CLP
abstraction (issue 33 item 3: a ``BufferedReader`` over ``System.in``, after the models of
`jhalt.models.sources`).

* ``System.in`` (kind ``stdin``, only where nothing may call ``System.setIn``:
  `StepContext.standard_streams`), ``new InputStreamReader(System.in)`` (``stdin reader``)
  and ``new BufferedReader`` of that (``lines``): the constructors read nothing. Every copy
  of the new object on the path becomes the reader (`containers.update`).
* ``readLine()`` of it, at the one call site the entry may run at most once
  (`jhalt.analyses.clp.scope.Scope.line_site`: in ``main``, outside every loop, ``main``
  called by no program method): the first line, the String of the ghosts ``gl`` (its size)
  and ``chl`` (its one character). ``System.in.read()`` at such a site: the first byte, the
  character ``chl`` of a line that is not empty. The inputs are restricted to a standard input of one
  line of one repeated printable character (fewer inputs: an under-approximation), which the
  witness feeds (`jhalt.analyses.clp.inputs`).
* ``a.equals(b)`` of two Strings that carry their one character (`abstraction.Slot.content`):
  true when the sizes agree and the Strings are empty or of the same one character; false
  when the sizes differ, or both are of one character and the characters differ, or one is
  of one character and the other not. Two Strings of several characters each (two
  constants of one length, content ``-1``) have no clause: the abstraction cannot tell.
"""

from __future__ import annotations

from jhalt.analyses.clp.abstraction import (
    INT,
    STRING,
    PathState,
    Refusal,
    Slot,
    StepContext,
    Successor,
)
from jhalt.analyses.clp.containers import exact_step as container_step
from jhalt.analyses.clp.containers import update
from jhalt.bytecode.instructions import Instruction
from jhalt.its.linear import LinearConstraint, const, eq, ge, gt, le, lt, var

STDIN, STDIN_READER, LINES, PENDING = "stdin", "stdin reader", "lines", "new reader"
STANDARD_INPUT = ("java/lang/System", "in", "Ljava/io/InputStream;")
READER_CLASSES = frozenset(("java/io/InputStreamReader", "java/io/BufferedReader"))
INPUT_STREAM_READER = ("java/io/InputStreamReader", "<init>", "(Ljava/io/InputStream;)V")
BUFFERED_READER = ("java/io/BufferedReader", "<init>", "(Ljava/io/Reader;)V")
READ_LINE = ("java/io/BufferedReader", "readLine", "()Ljava/lang/String;")
READ_BYTE = ("java/io/InputStream", "read", "()I")
FIRST_READS = frozenset((READ_LINE, READ_BYTE))
"""The reads of standard input whose first call the abstraction knows (module doc)."""
EQUALS = ("java/lang/String", "equals", "(Ljava/lang/Object;)Z")
LINE_SIZE, LINE_CHAR = "gl", "chl"
"""The ghosts of the first line: its size (length + 1) and its one character."""
LIBRARY_CALLS = frozenset((INPUT_STREAM_READER, BUFFERED_READER, *FIRST_READS, EQUALS))
"""The calls this module abstracts (`jhalt.analyses.clp.translate`'s library calls)."""


def exact_step(state: PathState, ins: Instruction, ctx: StepContext) -> list[Successor]:
    """`jhalt.analyses.clp.containers.exact_step`, with standard input and ``equals``."""
    if ins.op == "getstatic" and ctx.standard_streams:
        member = ins.member
        if (member.owner, member.name, member.descriptor) == STANDARD_INPUT:
            return [(state.push(Slot(const(1), STDIN)), ins.next_pc)]
    if ins.op == "new" and ins.class_name in READER_CLASSES:
        state, identity = state.new_variable("e")
        return [(state.push(Slot(const(1), PENDING, identity)), ins.next_pc)]
    if ins.op in ("invokespecial", "invokevirtual"):
        member = ins.member
        key = (member.owner, member.name, member.descriptor)
        if key in (INPUT_STREAM_READER, BUFFERED_READER):
            state, (reader, source) = state.pop(2)
            wanted, made = (
                (STDIN, STDIN_READER)
                if key == INPUT_STREAM_READER
                else (
                    STDIN_READER,
                    LINES,
                )
            )
            if reader.kind != PENDING or source.kind != wanted:
                raise Refusal(f"{member.owner}.<init> of a source other than System.in")
            return [(update(state, reader, Slot(const(1), made)), ins.next_pc)]
        if key == READ_LINE:
            state, (reader,) = state.pop()
            if reader.kind != LINES or ctx.line_site != ins.pc:
                raise Refusal("readLine() other than the first line of System.in")
            line = Slot(var(LINE_SIZE), STRING, var(LINE_CHAR))
            return [(state.push(line), ins.next_pc)]
        if key == READ_BYTE:
            state, (stream,) = state.pop()
            if stream.kind != STDIN or ctx.line_site != ins.pc:
                raise Refusal("read() other than the first byte of System.in")
            first = state.assume(ge(var(LINE_SIZE), 2))  # the line's character, not its end
            return [(first.push(Slot(var(LINE_CHAR), INT)), ins.next_pc)]
        if key == EQUALS:
            return _equals(state, ins)
    return container_step(state, ins, ctx)


def _equals(state: PathState, ins: Instruction) -> list[Successor]:
    """``a.equals(b)`` (module doc): one path per case the abstraction decides."""
    state, (a, b) = state.pop(2)
    if a.kind != STRING or b.kind != STRING or a.content is None or b.content is None:
        raise Refusal("String.equals of values whose characters are not tracked")
    size, other = a.expr, b.expr
    one, two = a.content, b.content
    state = state.assume(ge(size, 1))  # a non-null receiver
    same_size = (eq(size, other),)
    cases: list[tuple[tuple[LinearConstraint, ...], int]] = [
        ((eq(size, 1), *same_size), 1),  # both empty
        ((ge(size, 2), *same_size, ge(one, 0), eq(one, two)), 1),
        ((lt(other, size),), 0),  # null (size 0) included
        ((gt(other, size),), 0),
        ((ge(size, 2), *same_size, ge(one, 0), ge(two, 0), lt(one, two)), 0),
        ((ge(size, 2), *same_size, ge(one, 0), ge(two, 0), gt(one, two)), 0),
        ((ge(size, 2), *same_size, ge(one, 0), le(two, -1)), 0),
        ((ge(size, 2), *same_size, le(one, -1), ge(two, 0)), 0),
    ]
    return [
        (state.assume(*constraints).push(Slot(const(result), INT)), ins.next_pc)
        for constraints, result in cases
    ]
