"""Malformed inputs for jhalt, generated from valid class files and jars on a fixed seed.

`base_material` compiles a small program (loops, calls, fields, arrays, strings, a switch, a
try/catch, an exception thrown) with javac; `generate(base, count, seed)` derives ``count``
inputs from it, the same ones for the same seed: class files truncated, bit-flipped, with a
wrong magic number, an unknown constant-pool tag, a bad attribute or code length, a newer
class-file version, huge counts, a corrupt opcode or operand inside a method body; jars
truncated, bit-flipped, holding a corrupted class, a zip bomb (50 MB of zeros compressed),
odd member names or a Main-Class that is not there; and valid targets with odd ``--entry``
/ ``--main`` strings and flag values. Each input is a `FuzzInput`: files to write and a
command line in which ``{dir}`` stands for the directory they are written to.

`run_input` runs one input in-process (`jhalt.cli.main.main`) and returns the exit code,
stderr, whether a traceback appeared and the wall time; a run longer than its bound is
interrupted (SIGALRM) and reported as a hang. Used by tests/fuzz/test_fuzz_inputs.py (CI,
≥ 200 inputs) and benchmarks/fuzz_inputs.py (≥ 2,000).
"""

from __future__ import annotations

import contextlib
import io
import random
import shutil
import signal
import struct
import time
import traceback
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from javac import compile_java

from jhalt.classfile.reader import parse_class
from jhalt.cli.main import main

SOURCE = """
import java.util.ArrayList;
import java.util.List;

public class Fuzz {
    static int counter;
    int value;
    Fuzz next;

    public Fuzz(int value) { this.value = value; }

    public static int sum(int[] values) {
        int total = 0;
        for (int i = 0; i < values.length; i++) { total += values[i]; }
        return total;
    }

    public static int collatz(int n) {
        int steps = 0;
        while (n > 1) { n = (n % 2 == 0) ? n / 2 : 3 * n + 1; steps++; }
        return steps;
    }

    public int chain() {
        int length = 0;
        for (Fuzz f = this; f != null; f = f.next) { length++; }
        return length;
    }

    public static String describe(int kind) {
        switch (kind) {
            case 0: return "zero";
            case 1: return "one";
            case 7: return "seven";
            default: return "many " + kind;
        }
    }

    public static int divide(int a, int b) {
        try { return a / b; } catch (ArithmeticException e) { counter++; return 0; }
    }

    public static void check(String s) {
        if (s.length() > 3) { throw new IllegalArgumentException(s); }
    }

    public static void main(String[] args) {
        // no loop is reached from main: its analysis is quick, the loops are for other entries
        int total = new Fuzz(3).value + divide(7, args.length);
        String text = describe(args.length);
        check(args.length > 0 ? args[0] : text);
    }

    public static int collect(int limit) {
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < limit; i++) { seen.add(describe(i)); }
        return seen.size() + collatz(limit);
    }
}
"""

MAIN = "Fuzz"
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)
BOMB_BYTES = 50 * 1024 * 1024
"""Uncompressed size of the zip bomb's one member (it compresses to about 50 KB)."""


@dataclass(frozen=True)
class Base:
    """The valid material: the class file of `MAIN`, its bytes, and a jar of it."""

    class_bytes: bytes
    jar_bytes: bytes
    bomb_bytes: bytes
    """A jar whose ``Main-Class`` is a 50 MB member of zeros."""
    code_spans: tuple[tuple[str, int, int], ...]
    """(method name, offset, length) of each method's code array in ``class_bytes``."""


@dataclass(frozen=True)
class FuzzInput:
    """One generated input: ``files`` (relative path, content) and the command line, in
    which ``{dir}`` stands for the directory the files are written to."""

    label: str
    files: tuple[tuple[str, bytes], ...]
    argv: tuple[str, ...]


@dataclass(frozen=True)
class Outcome:
    """How jhalt handled one input."""

    label: str
    code: int | None
    """The exit code; None for a hang (interrupted) or an exception escaping `main`."""
    stderr: str
    seconds: float
    traceback: str | None = None
    hang: bool = False


def jar_of(members: list[tuple[str, bytes]], main_class: str | None = MAIN) -> bytes:
    """A deterministic jar (fixed timestamps, manifest first) of ``members``."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as jar:
        manifest = "Manifest-Version: 1.0\r\n"
        if main_class is not None:
            manifest += f"Main-Class: {main_class}\r\n"
        jar.writestr(zipfile.ZipInfo("META-INF/MANIFEST.MF", ZIP_EPOCH), manifest + "\r\n")
        for name, data in members:
            info = zipfile.ZipInfo(name, ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            jar.writestr(info, data)
    return buffer.getvalue()


def base_material(work: Path) -> Base:
    """Compile `SOURCE` (javac, cached) and build the valid class, jar and zip bomb."""
    source = work / "Fuzz.java"
    source.write_text(SOURCE)
    data = (compile_java(source) / "Fuzz.class").read_bytes()
    spans = []
    for method in parse_class(data).methods:
        if method.code is not None:
            at = data.find(method.code.bytecode)
            spans.append((method.name, at, len(method.code.bytecode)))
    bomb = jar_of([("Fuzz.class", bytes(BOMB_BYTES))])
    return Base(data, jar_of([("Fuzz.class", data)]), bomb, tuple(spans))


# ---------------------------------------------------------------- class-file mutations

ClassMutation = Callable[[random.Random, Base], tuple[str, bytes]]


def _truncate(rng: random.Random, base: Base) -> tuple[str, bytes]:
    cut = rng.randrange(len(base.class_bytes))
    return f"truncate@{cut}", base.class_bytes[:cut]


def _bit_flips(rng: random.Random, base: Base) -> tuple[str, bytes]:
    data = bytearray(base.class_bytes)
    flips = [rng.randrange(len(data) * 8) for _ in range(rng.randint(1, 8))]
    for bit in flips:
        data[bit // 8] ^= 1 << (bit % 8)
    return f"bitflip{flips[:3]}", bytes(data)


def _wrong_magic(rng: random.Random, base: Base) -> tuple[str, bytes]:
    magic = rng.choice([b"\xca\xfe\xba\xbf", b"PK\x03\x04", b"\x00\x00\x00\x00", b"\xfe\xed"])
    return f"magic={magic.hex()}", magic + base.class_bytes[4:]


def _unknown_tag(rng: random.Random, base: Base) -> tuple[str, bytes]:
    # the first constant-pool entry's tag is the byte after the count (offset 10)
    tag = rng.choice([0, 2, 13, 14, 21, 22, 99, 255])
    data = bytearray(base.class_bytes)
    data[10] = tag
    return f"cp-tag={tag}", bytes(data)


def _version(rng: random.Random, base: Base) -> tuple[str, bytes]:
    major = rng.choice([44, 62, 65, 69, 70, 100, 65535])
    minor = rng.choice([0, 0, 1, 65535])
    data = bytearray(base.class_bytes)
    data[4:8] = struct.pack(">HH", minor, major)
    return f"version={major}.{minor}", bytes(data)


def _huge_count(rng: random.Random, base: Base) -> tuple[str, bytes]:
    data = bytearray(base.class_bytes)
    what = rng.choice(["cp_count", "code_length", "attribute_length", "max_stack"])
    name, at, _ = rng.choice(base.code_spans)
    value = rng.choice([0, 1, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, rng.randrange(1 << 32)])
    if what == "cp_count":
        data[8:10] = struct.pack(">H", value & 0xFFFF)
    elif what == "code_length":  # the u4 just before the code array
        data[at - 4 : at] = struct.pack(">I", value)
    elif what == "attribute_length":  # Code: name u2, length u4, max_stack u2, max_locals u2
        data[at - 12 : at - 8] = struct.pack(">I", value)
    else:
        data[at - 8 : at - 6] = struct.pack(">H", value & 0xFFFF)
    return f"{what}({name})={value}", bytes(data)


def _body(rng: random.Random, base: Base) -> tuple[str, bytes]:
    """One byte of a method's code array changed: an opcode or an operand (a constant-pool
    index, a jump offset, a local slot)."""
    data = bytearray(base.class_bytes)
    name, at, length = rng.choice(base.code_spans)
    position = at + rng.randrange(length)
    value = rng.choice([0x00, 0xFF, 0xCB, 0xFE, 0xA7, 0xC4, rng.randrange(256)])
    data[position] = value
    return f"body({name}+{position - at})={value:#x}", bytes(data)


def _append(rng: random.Random, base: Base) -> tuple[str, bytes]:
    extra = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
    return f"append{len(extra)}", base.class_bytes + extra


CLASS_MUTATIONS: tuple[ClassMutation, ...] = (
    _truncate, _bit_flips, _bit_flips, _wrong_magic, _unknown_tag, _version, _huge_count,
    _huge_count, _body, _body, _body, _append,
)  # fmt: skip


# ---------------------------------------------------------------- jar mutations


def _jar_input(rng: random.Random, base: Base) -> tuple[str, list[tuple[str, bytes]]]:
    """A jar-shaped input: (label, files); the jar is ``t.jar``."""
    kind = rng.choice(
        ["truncate", "bitflip", "class", "class", "bomb", "names", "no-main", "empty", "nested"]
    )
    jar = base.jar_bytes
    if kind == "truncate":
        cut = rng.randrange(len(jar))
        return f"jar-truncate@{cut}", [("t.jar", jar[:cut])]
    if kind == "bitflip":
        data = bytearray(jar)
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return "jar-bitflip", [("t.jar", bytes(data))]
    if kind == "class":
        label, data = rng.choice(CLASS_MUTATIONS)(rng, base)
        return f"jar-with-{label}", [("t.jar", jar_of([("Fuzz.class", data)]))]
    if kind == "bomb":
        return "jar-zip-bomb", [("t.jar", base.bomb_bytes)]
    if kind == "names":
        name = rng.choice(
            ["../../evil.class", "/abs/Fuzz.class", "Fuzz.class/", "a\\b.class", "Fuzz.CLASS",
             "META-INF/Fuzz.class", "sp ace/Fuzz.class", "ü/Fuzz.class"]
        )  # fmt: skip
        return f"jar-name={name!r}", [("t.jar", jar_of([(name, base.class_bytes)]))]
    if kind == "no-main":
        main_class = rng.choice([None, "Missing", "", "Fuzz.class", "a..b", "Fuzz\x01"])
        members = [("Fuzz.class", base.class_bytes)]
        return f"jar-main={main_class!r}", [("t.jar", jar_of(members, main_class))]
    if kind == "empty":
        return "jar-empty", [("t.jar", jar_of([], None))]
    return "jar-nested", [("t.jar", jar_of([("lib/inner.jar", jar), ("x.txt", b"hello")]))]


# ---------------------------------------------------------------- odd strings and flags

ODD_ENTRIES = (
    "", " ", "\t", ".", "Fuzz", "Fuzz.", ".main", "Fuzz.main(", "Fuzz.main(((", "Fuzz.main)V",
    "Fuzz.main(I)V", "Fuzz.main([Ljava/lang/String;)V extra", "Fuzz.<init>", "Fuzz.<clinit>",
    "Fuzz.sum", "Fuzz.sum([I)I", "Fuzz.collatz(I)I", "Fuzz.chain", "Fuzz.describe(I)Ljava/lang/String;",
    "Fuzz.divide", "Fuzz.check(Ljava/lang/String)V", "java.lang.Object.hashCode", "Mäin.mäin",
    "a/b/c/D.e()V", "Fuzz.main\n", "Fuzz." + "x" * 5000, "F" * 3000 + ".main", "--", "-x",
    "Fuzz.main([Ljava/lang/String;)V", "fuzz.main", "Fuzz.Main", "Fuzz.main(\x00)V", "𝔽.main",
)  # fmt: skip
ODD_MAINS = ("", "Fuzz", "Fuzz.class", "fuzz", "Missing", "Fuzz$1", "java.lang.Object", "..", "/")
ODD_NUMBERS = ("0", "-1", "nan", "inf", "1e309", "0x10", "1_0", "", " 2", "١", "1e-9", "3")


def _odd_arguments(rng: random.Random) -> tuple[str, tuple[str, ...]]:
    flag = rng.choice(["--entry", "--entry", "--main", "--timeout", "--replay-wait", "--jobs"])
    if flag == "--entry":
        value = rng.choice(ODD_ENTRIES)
    elif flag == "--main":
        value = rng.choice(ODD_MAINS)
    else:
        value = rng.choice(ODD_NUMBERS)
    command = "check" if flag == "--jobs" else rng.choice(["prove", "check", "graph"])
    if flag == "--replay-wait":
        command = "prove"
    extra: tuple[str, ...] = ()
    if flag != "--timeout":
        extra = ("--timeout", "2" if command == "check" else "0.5")
    if command == "check":
        extra += ("--no-validate", "--reproducers", "{dir}/reproducers")
    elif command == "prove" and flag != "--replay-wait":
        extra += ("--no-validate",)
    return f"{command} {flag}={value[:40]!r}", (command, "{dir}/t.jar", f"{flag}={value}", *extra)


# ---------------------------------------------------------------- generation


def _command(rng: random.Random, target: str) -> tuple[str, ...]:
    """A command on ``target`` with short limits and no replay (nothing is executed)."""
    command = rng.choice(["prove", "prove", "prove", "disasm", "graph", "check"])
    common: tuple[str, ...] = (target,)
    if command == "disasm":
        return (command, *common)
    if command == "graph":
        return (command, *common, "--timeout", "0.5", "--format", "json")
    flags = ("--timeout", "0.5", "--no-validate")
    if command == "check":  # a worker per entry: more time, so that valid entries finish
        flags = ("--timeout", "2", "--no-validate", "--reproducers", "{dir}/reproducers")
        if rng.random() < 0.2:
            return (command, *common, "--all", *flags)
    return (command, *common, *flags)


def generate(base: Base, count: int, seed: int) -> Iterator[FuzzInput]:
    """``count`` inputs derived from ``base``; the same ones for the same ``seed``."""
    rng = random.Random(seed)
    for number in range(count):
        roll = rng.random()
        if roll < 0.55:
            label, data = rng.choice(CLASS_MUTATIONS)(rng, base)
            files: tuple[tuple[str, bytes], ...] = (("Fuzz.class", data),)
            argv = _command(rng, "{dir}/Fuzz.class" if rng.random() < 0.5 else "{dir}")
            if argv[0] not in ("disasm",) and "--all" not in argv:
                argv += ("--main", MAIN)
        elif roll < 0.85:
            label, jar_files = _jar_input(rng, base)
            files = tuple(jar_files)
            argv = _command(rng, "{dir}/t.jar")
        else:
            label, argv = _odd_arguments(rng)
            files = (("t.jar", base.jar_bytes),)
        yield FuzzInput(f"{number}:{label}", files, argv)


# ---------------------------------------------------------------- running


class Hang(BaseException):
    """Raised by the alarm when a run exceeds its time bound (not caught by `main`)."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def run_input(item: FuzzInput, work: Path, bound_s: float) -> Outcome:
    """Write ``item``'s files to a fresh ``work``, run `main` on its command line in this
    process with stdout/stderr captured, within ``bound_s`` seconds (SIGALRM)."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for name, data in item.files:
        (work / name).write_bytes(data)
    argv = [part.replace("{dir}", str(work)) for part in item.argv]
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, bound_s)
    started = time.monotonic()
    code: int | None = None
    escaped = None
    hang = False
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:
                code = exit_.code if isinstance(exit_.code, int) else 2
    except Hang:
        hang = True
    except Exception:
        escaped = traceback.format_exc()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    seconds = time.monotonic() - started
    stderr = err.getvalue()
    if escaped is None and "Traceback (most recent call last)" in stderr:
        escaped = stderr
    return Outcome(item.label, code, stderr, seconds, escaped, hang)


def justified(outcome: Outcome) -> bool:
    """Exit 3 without a defect: `check` whose every entry timed out (README "Exit codes");
    the inputs run with ``--timeout 0.5``, which a valid entry may need more than."""
    return outcome.code == 3 and outcome.stderr.startswith("jhalt: incomplete: no entry finished")


def problems(outcome: Outcome) -> list[str]:
    """What is wrong with an outcome: a hang, a traceback, an exit code outside {0, 1, 2}
    (3 is an internal error: a defect too, unless `justified`), more than one stderr line."""
    found = []
    if outcome.hang:
        found.append("hang")
    if outcome.traceback:
        found.append("traceback: " + outcome.traceback.strip().splitlines()[-1])
    if outcome.code is not None and outcome.code not in (0, 1, 2) and not justified(outcome):
        found.append(f"exit {outcome.code}: {outcome.stderr.strip()}")
    if len(outcome.stderr.splitlines()) > 1:
        found.append(f"{len(outcome.stderr.splitlines())} lines on stderr: {outcome.stderr!r}")
    return found
