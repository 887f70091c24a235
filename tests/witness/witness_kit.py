"""Shared helpers of the witness tests: the compiled test programs and their marked lines."""

from __future__ import annotations

import re
import shutil
from concurrent.futures import Future, ThreadPoolExecutor
from functools import cache
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.ids import FieldId, MethodId
from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    FieldValue,
    FloatInput,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StaticValue,
    StringInput,
)

PROGRAMS = Path(__file__).resolve().parent / "programs"

needs_jdk = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)


@cache
def program_classes() -> str:
    """The directory with every program under ``programs/`` compiled (javac -g, release 8)."""
    return str(compile_java(sorted(PROGRAMS.glob("*.java"))))


@cache
def line(file_name: str, marker: str) -> int:
    """The 1-based line of ``file_name`` carrying the comment ``// @line:<marker>``."""
    lines = (PROGRAMS / file_name).read_text(encoding="utf-8").splitlines()
    pattern = re.compile(rf"@line:{re.escape(marker)}\b")
    hits = [n for n, text in enumerate(lines, 1) if pattern.search(text)]
    assert len(hits) == 1, f"marker {marker} in {file_name}: {hits}"
    return hits[0]


def span(file_name: str, start: str, end: str) -> tuple[int, int]:
    return line(file_name, start), line(file_name, end)


# ---- the entries of the test programs and witness inputs for them ----

NPE = "java.lang.NullPointerException"
ARITH = "java.lang.ArithmeticException"

PROBE = MethodId("SharedGraph", "probe", "(LCell;)I")
OUTER = MethodId("SharedGraph", "outer", "(LCell;)I")
INNER = MethodId("SharedGraph", "inner", "(LCell;)I")
SWEEP = MethodId("CyclicList", "sweep", "(LLink;)V")
LENGTH = MethodId("CyclicList", "length", "(LLink;)I")
PICK = MethodId("Arrays2", "pick", "([II)I")
EXACT = MethodId("Arrays2", "exact", "([[JBCSZDFLjava/lang/String;[Ljava/lang/Object;)V")
RATIO = MethodId("Pair", "ratio", "()I")
CHECK = MethodId("pkg/Hidden", "check", "(Lpkg/Hidden;)V")
COMPUTE = MethodId("Statics", "compute", "(I)I")
MAIN = "([Ljava/lang/String;)V"
ARGS_LOOP = MethodId("ArgsLoop", "main", MAIN)
ARGS_FAULT = MethodId("ArgsFault", "main", MAIN)
SPIN_MAIN = MethodId("Spin", "main", MAIN)
OUTER_LOOP = MethodId("Spin", "outerLoop", "()V")
INNER_SPIN = MethodId("Spin", "innerSpin", "()V")


def field(owner: str, name: str, descriptor: str) -> FieldId:
    return FieldId(owner, name, descriptor)


LEFT, RIGHT = field("Cell", "left", "LCell;"), field("Cell", "right", "LCell;")
VALUE = field("Cell", "value", "Ljava/lang/Object;")
NEXT = field("Link", "next", "LLink;")


def graph(shared: bool) -> ConcreteInputs:
    """root.left and root.right: one cell (shared) or two distinct cells; values non-null."""
    cell = ObjectInput("Cell", (FieldValue(VALUE, StringInput(1)),))
    right = Ref("c") if shared else Ref("d")
    heap = [("root", ObjectInput("Cell", (FieldValue(LEFT, Ref("c")), FieldValue(RIGHT, right))))]
    heap.append(("c", cell))
    if not shared:
        heap.append(("d", cell))
    return ConcreteInputs(arguments=(Ref("root"),), heap=tuple(heap))


def null_value_cell() -> ConcreteInputs:
    return ConcreteInputs(arguments=(Ref("c"),), heap=(("c", ObjectInput("Cell")),))


def links(cyclic: bool) -> ConcreteInputs:
    last = Ref("n1") if cyclic else NullInput()
    return ConcreteInputs(
        arguments=(Ref("n1"),),
        heap=(
            ("n1", ObjectInput("Link", (FieldValue(NEXT, Ref("n2")),))),
            ("n2", ObjectInput("Link", (FieldValue(NEXT, last),))),
        ),
    )


EXACT_TEXT = 'a\n"\\\u00e9\U0001f600\x00'


def exact_inputs(shared_rows: bool) -> ConcreteInputs:
    row = ArrayInput("J", (IntInput(0, "J"), IntInput(-(2**63), "J"), IntInput(0, "J")))
    rows = (Ref("row"), Ref("row" if shared_rows else "copy"))
    heap = [
        ("rows", ArrayInput("[J", rows)),
        ("row", row),
        ("self", ArrayInput("Ljava/lang/Object;", (Ref("self"),))),
    ]
    if not shared_rows:
        heap.append(("copy", row))
    return ConcreteInputs(
        arguments=(
            Ref("rows"),
            IntInput(-128, "B"),
            IntInput(0xE9, "C"),
            IntInput(300, "S"),
            IntInput(1, "Z"),
            FloatInput(float("nan"), "D"),
            FloatInput(-0.0, "F"),
            StringInput(8, EXACT_TEXT),
            Ref("self"),
        ),
        heap=tuple(heap),
    )


def pair_inputs() -> ConcreteInputs:
    a, other = field("Pair", "a", "I"), field("Pair", "other", "LPair;")
    return ConcreteInputs(
        receiver=Ref("p"),
        heap=(
            ("p", ObjectInput("Pair", (FieldValue(a, IntInput(3)), FieldValue(other, Ref("q"))))),
            ("q", ObjectInput("Pair", (FieldValue(a, IntInput(3)),))),
        ),
    )


def hidden_inputs() -> ConcreteInputs:
    limit, name = field("pkg/Base", "limit", "I"), field("pkg/Hidden", "name", "Ljava/lang/String;")
    fields = (FieldValue(limit, IntInput(7)), FieldValue(name, StringInput(2)))
    return ConcreteInputs(arguments=(Ref("h"),), heap=(("h", ObjectInput("pkg/Hidden", fields)),))


def statics_inputs(zero_divisor: bool) -> ConcreteInputs:
    statics = [StaticValue(field("Statics", "mode", "I"), IntInput(42))]
    if zero_divisor:
        statics.append(StaticValue(field("Statics", "DIVISOR", "I"), IntInput(0)))
    return ConcreteInputs(arguments=(IntInput(10),), statics=tuple(statics))


class Prefetcher:
    """Runs ``work(name)`` in a thread pool, on demand, starting the next ``lookahead`` names
    of ``order`` as well. Tests of a module thus overlap their JVM runs, and under
    pytest-xdist a worker only runs (about) the scenarios of the tests it was given, instead of
    every scenario of the module."""

    def __init__(self, work, order: list[str], lookahead: int = 3, workers: int = 3) -> None:
        self._work = work
        self._order = order
        self._lookahead = lookahead
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="witness")
        self._futures: dict[str, Future] = {}

    def result(self, name: str, timeout: float = 180):
        position = self._order.index(name) if name in self._order else len(self._order)
        for upcoming in [name, *self._order[position + 1 : position + 1 + self._lookahead]]:
            if upcoming not in self._futures:
                self._futures[upcoming] = self._pool.submit(self._work, upcoming)
        return self._futures[name].result(timeout=timeout)

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


def parametrized_order(request, known: list[str]) -> list[str]:
    """The values of the ``name`` parameter in this module's collected tests, in run order,
    followed by the other ``known`` names."""
    order: list[str] = []
    for item in request.session.items:
        callspec = getattr(item, "callspec", None)
        if item.module is request.module and callspec and "name" in callspec.params:
            if callspec.params["name"] not in order:
                order.append(callspec.params["name"])
    return order + [name for name in known if name not in order]
