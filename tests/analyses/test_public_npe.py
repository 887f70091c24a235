"""NullPointerExceptions no public call sequence throws (issue 36): for such a finding of a
forged object `check` starts neither the public-API search nor its fallback replay — the
finding is hidden as it was after both failed — while a look-alike whose null a public call
leaves behind is still searched and confirmed. Expectations come from the Java programs below
(each class says why its answer is what it is)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.analyses.check import CheckedEntry, ReplaySetup, check_and_replay
from jhalt.analyses.never_null_fields import MethodCode, NullFacts, never_null_field
from jhalt.analyses.public_npe import NULL_POINTER, unreachable_null_pointer
from jhalt.budget import Budget
from jhalt.ids import FieldId, MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.witness.api import public as api_public
from jhalt.witness.api.search import (
    DRIVER_STRINGS,
    FoundCalls,
    SearchRequest,
    compiled_driver,
)
from jhalt.witness.claim import Claim
from jhalt.witness.replay import Jdk, find_jdk
from jhalt.witness.sandbox import compiled_sandbox

SOURCES = {
    "Node": "public class Node { int value; }",
    # every constructor stores a new Node first (one after a branch, one by delegation) and
    # nothing else writes `node`: only a forged Holder has null there
    "Holder": """
public class Holder {
    private final Node node;
    public Holder() { this(1); }
    public Holder(int n) {
        if (n < 0) n = 0;
        node = new Node();
        node.value = n;
    }
    public int value() {
        return node.value;
    }
}
""",
    # the same read, but a public call empties the field: new Slot().clear() then value()
    "Slot": """
public class Slot {
    private Node node = new Node();
    public void clear() { node = null; }
    public int value() {
        return node.value;
    }
}
""",
    # the caller's value is stored: new Given(null).value() throws
    "Given": """
public class Given {
    private final Node node;
    public Given(Node node) { this.node = node; }
    public int value() {
        return node.value;
    }
}
""",
    # Base's constructor calls init() before Late's field is set: new Late() throws in init
    "Base": "public class Base { public Base() { init(); } protected void init() {} }",
    "Late": """
public class Late extends Base {
    private final Node node = new Node();
    protected void init() {
        node.value = 1;
    }
}
""",
    # `this` escapes to another method before the write: peek() runs with node null
    "Leaky": """
public class Leaky {
    private final Node node;
    public Leaky() { peek(); node = new Node(); }
    public int peek() {
        return node.value;
    }
}
""",
    # an atomic reference set once and read by a method that throws nothing itself
    "Breaker": """
import java.util.concurrent.atomic.AtomicReference;
public class Breaker {
    private final AtomicReference<String> state = new AtomicReference<>("closed");
    public boolean open() {
        return "open" == state.get();
    }
    public int hash() {
        return java.util.Objects.hashCode(state.get());
    }
}
""",
}

needs_jdk = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("public_npe")
    sources = []
    for name, text in SOURCES.items():
        sources.append(directory / f"{name}.java")
        sources[-1].write_text(text)
    return Path(compile_java(sources))


@pytest.fixture(scope="module")
def program(classes: Path) -> Program:
    return Program.from_spec(str(classes))


def _claim(program: Program, method: MethodId, op: str) -> Claim:
    """A NullPointerException claimed at the line of the first ``op`` of ``method``."""
    classfile = program.find(method.class_name)
    assert classfile is not None
    info = classfile.method(method.name, method.descriptor)
    assert info is not None and info.code is not None
    pc = next(i.pc for i in MethodCode.of(classfile, info).instructions if i.op == op)
    line = info.code.line_at(pc)
    assert line is not None
    return Claim(NULL_POINTER, method, (line, line))


def _value(owner: str) -> MethodId:
    return MethodId(owner, "value", "()I")


def test_a_field_every_constructor_sets_is_never_null(program: Program) -> None:
    facts = NullFacts(program)
    assert never_null_field(facts, FieldId("Holder", "node", "LNode;"))
    assert never_null_field(facts, FieldId("Breaker", "state", _ATOMIC))
    # a public call writes null; a caller's value; a superclass constructor runs first;
    # `this` is passed on before the write
    for owner in ("Slot", "Given", "Late", "Leaky"):
        assert not never_null_field(facts, FieldId(owner, "node", "LNode;")), owner
    # a field whose name a search may pass (to a reflective writer) is not vouched for
    named = NullFacts(program, frozenset({"node"}))
    assert not never_null_field(named, FieldId("Holder", "node", "LNode;"))


def test_only_lines_whose_dereferences_are_never_null_are_unreachable(program: Program) -> None:
    holder = _claim(program, _value("Holder"), "getfield")
    assert unreachable_null_pointer(program, holder) is not None
    for owner in ("Slot", "Given"):
        assert unreachable_null_pointer(program, _claim(program, _value(owner), "getfield")) is None
    init = MethodId("Late", "init", "()V")
    assert unreachable_null_pointer(program, _claim(program, init, "getfield")) is None
    peek = MethodId("Leaky", "peek", "()I")
    assert unreachable_null_pointer(program, _claim(program, peek, "getfield")) is None
    # AtomicReference.get throws nothing; Objects.hashCode is JDK code the rule does not read
    opened = _claim(program, MethodId("Breaker", "open", "()Z"), "getfield")
    assert unreachable_null_pointer(program, opened) is not None
    hashed = _claim(program, MethodId("Breaker", "hash", "()I"), "getfield")
    assert unreachable_null_pointer(program, hashed) is None
    # another exception, or a claim without lines, is not decided here
    other = Claim("java.lang.ArithmeticException", holder.method, holder.lines)
    assert unreachable_null_pointer(program, other) is None
    assert unreachable_null_pointer(program, Claim(NULL_POINTER, holder.method, None)) is None


_ATOMIC = "Ljava/util/concurrent/atomic/AtomicReference;"


@pytest.fixture()
def searches(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The entries of the public-API searches started (each still runs)."""
    started: list[str] = []
    search = api_public.search_calls

    def recorded(request: SearchRequest, classpath: str, jdk: object) -> FoundCalls | None:
        started.append(str(request.entry))
        return search(request, classpath, jdk)  # type: ignore[arg-type]

    monkeypatch.setattr(api_public, "search_calls", recorded)
    return started


@pytest.fixture(scope="module")
def jdk() -> Jdk:
    found = find_jdk()
    assert found is not None
    compiled_driver(found)  # once, outside the entries' time
    compiled_sandbox(found.java)
    return found


def _checked(classes: Path, jdk: Jdk, owner: str, reproducers: Path) -> CheckedEntry:
    setup = ReplaySetup(str(classes), jdk, reproducers)
    return check_and_replay(
        Program.from_spec(str(classes)), _value(owner), command_line=False,
        registry=default_registry(), budget=Budget(30.0), setup=setup,
    )  # fmt: skip


@needs_jdk
def test_a_hopeless_search_is_not_started(
    classes: Path, jdk: Jdk, tmp_path: Path, searches: list[str]
) -> None:
    """Holder.value's NullPointerException needs a Holder with node null, which no
    constructor makes: hidden without a search (before: a search and a replay, then hidden)."""
    checked = _checked(classes, jdk, "Holder", tmp_path)
    assert searches == []
    assert checked.kept == ()
    assert checked.stats["internal_states"] == 1


@needs_jdk
def test_a_look_alike_is_still_searched_and_confirmed(
    classes: Path, jdk: Jdk, tmp_path: Path, searches: list[str]
) -> None:
    """Slot.value throws after the public call clear(): searched, found, replayed."""
    checked = _checked(classes, jdk, "Slot", tmp_path)
    assert searches == ["Slot.value()I"]
    (finding,) = checked.kept
    assert finding.kind == NULL_POINTER and finding.category == "public API"
    assert finding.witness.replay.name == "CONFIRMED"
    assert any(".clear()" in call for call in finding.witness.calls)


def test_the_driver_strings_are_the_java_drivers_own() -> None:
    """A field is vouched for only when no string a search passes names it: the Python list
    must hold every literal of the driver's string pools (JhaltLiterals.java)."""
    source = (Path(api_public.__file__).with_name("JhaltLiterals.java")).read_text()
    pools = source.split("static final List<String[]> STRING_ARRAYS", 1)
    strings = pools[0].split("static final List<String> STRINGS", 1)[1].split(";", 1)[0]
    arrays = pools[1].split("));", 1)[0]
    literals = set(re.findall(r'"((?:[^"\\]|\\.)*)"', strings + arrays))
    assert literals and literals <= DRIVER_STRINGS
