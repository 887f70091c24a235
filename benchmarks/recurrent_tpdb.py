#!/usr/bin/env python3
"""Measure the recurrent-set engine (issue 17, seed 002) on the Invel set, with the
wrong-set check.

Usage:
    nice -n 10 python benchmarks/recurrent_tpdb.py [ROOT] [--folder F] [--timeout S]
                                                 [--iterations N] [--samples K]
                                                 [--replay-wait S] [--markdown OUT.md]

One process, one program after the other (in this process): the graph of the jar's
Main-Class ``main``, then `jhalt.analyses.recurrent.find_recurrent_nontermination` with
``--timeout`` seconds — a universal recurrent set ``R`` that passed the z3 check and a
witness input whose run reaches it. Per program the report gives whether a checked set was
found, the set, its domain, the engine's time, and:

* the *wrong-set check*: ``--samples`` states of ``R`` (z3 models, distinct) and the
  witness's head values are run on the loop's transitions in Python, mathematical integers,
  for ``--iterations`` iterations each (a deterministic run that repeats a state stops
  early: it is periodic; so does a run whose values pass 2^256); a state from which an exit path is enabled, or no path is, is a
  wrong set. Free values (library results read in the loop) and several enabled paths are
  chosen at random (seeded);
* the witness's replay on the JVM (``--replay-wait`` s; ``confirmed`` when still running in
  the loop) — Java's 32-bit ints may end a run that mathematical integers keep in ``R``
  (the overflow column says when a step from ``R`` can overflow).

Exit 1 when a set fails the wrong-set check.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from run_tpdb import load_expected

from jhalt.analyses.recurrent import RecurrentConfig, find_recurrent_nontermination
from jhalt.analyses.recurrent.sets import CheckedSet
from jhalt.budget import Deadline
from jhalt.cli.target import open_classpath, resolve_entry
from jhalt.findings import NON_TERMINATION, Witness
from jhalt.its.terms import App, Atom, Lit, Term, Var
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.smt.recurrent import RecurrentLoop, sample_points
from jhalt.smt.session import SmtConfig
from jhalt.witness.inputs import ConcreteInputs, args_inputs
from jhalt.witness.replay import Claim, replay

REPO = Path(__file__).resolve().parent.parent
DEFAULT_ROOT = REPO.parent / "shared" / "benchmarks" / "tpdb"
FOLDER = "Java_Bytecode/BSOG_FoVeOOS_11"
NOT_IN_SEED = {"LoopingNonterm", "NonPeriodicNonterm2", "Velroyen08-collatz",
               "Velroyen08-factorial", "Velroyen08-whileDecr"}  # fmt: skip
"""Not among seed 002's 52 non-terminating Invel programs (App. C: the two seed 000 examples,
Collatz, the program without text, the terminating one)."""
HUGE = 2**256
"""A run whose values grow beyond this magnitude is stopped as staying in the loop (the
wrong-set check cannot afford 10^6 multiplications of such numbers)."""
FREE_RANGE = 20
"""Free values (read in the loop) are drawn from ``[-FREE_RANGE, FREE_RANGE]``."""

# ---------------------------------------------------------------- terms as Python code
_BINARY = {"add": "+", "sub": "-", "mul": "*"}
_COMPARE = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def _div(a: int, b: int) -> int:
    quotient = abs(a) // abs(b)
    return quotient if (a >= 0) == (b > 0) else -quotient


def _rem(a: int, b: int) -> int:
    return a - b * _div(a, b)


def _bits(op: str, a: int, b: int) -> int:
    mask = (1 << 32) - 1
    x, y = a & mask, b & mask
    value = {"and": x & y, "or": x | y, "xor": x ^ y}[op]
    return value - (1 << 32) if value >= 1 << 31 else value


def _code(term: Term) -> str:
    """Python source of ``term`` over the dict ``v`` (mathematical integers; Java's
    truncating ``/`` and ``%``)."""
    if isinstance(term, Lit):
        return repr(term.value)
    if isinstance(term, Var):
        return f"v[{str(term.name)!r}]"
    assert isinstance(term, App)
    args = [_code(a) for a in term.args]
    if term.op in _BINARY:
        return f"({args[0]} {_BINARY[term.op]} {args[1]})"
    if term.op == "neg":
        return f"(-{args[0]})"
    if term.op == "=":
        return args[0]
    if term.op in ("div", "rem"):
        return f"_{term.op}({args[0]}, {args[1]})"
    if term.op in ("and", "or", "xor"):
        return f"_bits({term.op!r}, {args[0]}, {args[1]})"
    raise ValueError(f"no Python code for {term.op}")


def _compile(source: str) -> Callable[[dict[str, int]], object]:
    scope = {"_div": _div, "_rem": _rem, "_bits": _bits}
    return eval(f"lambda v: {source}", scope)


@dataclass
class _Path:
    exits: bool
    free: tuple[str, ...]
    condition: Callable[[dict[str, int]], object]
    post: Callable[[dict[str, int]], dict[str, int]]
    havoc: tuple[str, ...]
    """Head variables the path leaves any value (drawn at random)."""


def _free(atom: Atom, names: set[str]) -> set[str]:
    found: set[str] = set()

    def visit(term: Term) -> None:
        if isinstance(term, Var) and str(term.name) not in names:
            found.add(str(term.name))
        elif isinstance(term, App):
            for arg in term.args:
                visit(arg)

    visit(atom.left)
    visit(atom.right)
    return found


def _paths(loop: RecurrentLoop) -> list[_Path] | str:
    """Each path as compiled Python: its condition and its post values (one dict)."""
    names = set(loop.names)
    compiled = []
    try:
        for path in loop.paths:
            atoms = [
                f"({_code(a.left)} {_COMPARE[a.op]} {_code(a.right)})" for a in path.conditions
            ]
            free = sorted(set().union(*(_free(a, names) for a in path.conditions)))
            items = ", ".join(f"{n!r}: {_code(v)}" for n, v in path.post if v is not None)
            havoc = tuple(n for n, v in path.post if v is None)
            condition = _compile(" and ".join(atoms) or "True")
            compiled.append(
                _Path(path.exits, tuple(free), condition, _compile(f"{{{items}}}"), havoc)
            )
    except ValueError as error:
        return str(error)
    return compiled


def _enabled(path: _Path, values: dict[str, int], rng: random.Random) -> bool:
    env = values
    if path.free:
        env = dict(values)
        for name in path.free:
            env[name] = rng.randint(-FREE_RANGE, FREE_RANGE)
    try:
        return bool(path.condition(env))
    except ZeroDivisionError:
        return False


def simulate(loop: RecurrentLoop, start: dict[str, int], iterations: int, seed: int) -> str | None:
    """None when the run from ``start`` stays in the loop for ``iterations`` iterations (or
    repeats a state deterministically), else what happened."""
    paths = _paths(loop)
    if isinstance(paths, str):
        return f"not simulated: {paths}"
    rng = random.Random(seed)
    exits = [p for p in paths if p.exits]
    steps = [p for p in paths if not p.exits]
    values = dict(start)
    mark, power, deterministic = dict(values), 1, True
    for step in range(1, iterations + 1):
        if any(_enabled(p, values, rng) for p in exits):
            return f"leaves the loop after {step - 1} iterations from {start}"
        enabled = [p for p in steps if _enabled(p, values, rng)]
        if not enabled:
            return f"no step after {step - 1} iterations from {start}"
        chosen = enabled[0] if len(enabled) == 1 else rng.choice(enabled)
        deterministic = deterministic and len(enabled) == 1 and not chosen.free and not chosen.havoc
        values = chosen.post(values)
        for name in chosen.havoc:
            values[name] = rng.randint(-100, 100)
        if deterministic and values == mark:
            return None  # periodic
        if step % 64 == 0 and any(abs(v) > HUGE for v in values.values()):
            return None  # still in the loop; far beyond any machine integer (factorials)
        if step == power:
            mark, power = dict(values), power * 2
    return None


# ---------------------------------------------------------------- one program
@dataclass
class Row:
    problem: str
    expected: str
    found: bool
    text: str
    domain: str
    time_s: float
    check: str
    replay: str
    overflow: bool
    reason: str

    @property
    def wrong(self) -> bool:
        return self.found and self.check != "ok"


def _replay(spec: str, found: object, witness: Witness, entry: object, wait: float) -> str:
    inputs = (
        args_inputs(witness.args)
        if witness.args is not None
        else ConcreteInputs.from_json(witness.inputs)
    )
    lines = found.loop.lines  # type: ignore[attr-defined]
    claim = Claim(NON_TERMINATION.name, found.loop.method, lines)  # type: ignore[attr-defined]
    return replay(spec, entry, inputs, claim, timeout_s=wait).status.value  # type: ignore[arg-type]


def _wrong_set_check(
    checked: CheckedSet, witness_values: dict[str, int], args: argparse.Namespace
) -> str:
    loop = checked.head.loop
    points = sample_points(loop, checked.states, args.samples, SmtConfig())
    by_name = {checked.name(ref): ref for ref in loop.names}
    start = {**points[0], **{by_name[n]: v for n, v in witness_values.items()}} if points else {}
    for index, point in enumerate([start, *points]):
        problem = simulate(loop, point, args.iterations, seed=index)
        if problem is not None:
            return problem
    return "ok"


def run_one(jar: Path, root: Path, expected: dict[str, str], args: argparse.Namespace) -> Row:
    problem = jar.relative_to(root).with_suffix("").as_posix()
    name = jar.stem
    reference = expected.get(problem, "?") + ("" if name not in NOT_IN_SEED else " (not in seed)")
    classpath = open_classpath(str(jar))
    entry = resolve_entry(classpath, None, None)
    program = Program(classpath)
    registry = default_registry()
    started = time.monotonic()
    graph = build_graph(program, entry, registry, BuildLimits(timeout_s=args.timeout))
    config = RecurrentConfig(deadline=Deadline(time.monotonic() + args.timeout))
    outcome = find_recurrent_nontermination(graph, program, registry, config)
    elapsed = time.monotonic() - started
    found, checked = outcome.result, outcome.checked
    if found is None or checked is None:
        reason = "; ".join(outcome.reasons[:2]) or "no loop"
        return Row(name, reference, False, "-", "-", elapsed, "-", "-", False, reason)
    check = _wrong_set_check(checked, found.values, args)
    status = _replay(classpath.spec, found, found.witness, entry, args.replay_wait)
    return Row(
        name, reference, True, found.text, found.domain, elapsed, check, status,
        found.overflow_note is not None, "",
    )  # fmt: skip


def report(rows: list[Row], args: argparse.Namespace) -> str:
    lines = [
        "| program | reference | checked set | R (source names) | domain | time s | "
        "wrong-set check | witness replay | overflow |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        text = row.text if len(row.text) <= 90 else row.text[:87] + "…"
        lines.append(
            f"| {row.problem} | {row.expected} | {'yes' if row.found else 'no'} | "
            f"{text.replace('|', '/')} | {row.domain} | {row.time_s:.2f} | {row.check} | "
            f"{row.replay} | {'yes' if row.overflow else '-'} |"
        )
    seed_rows = [r for r in rows if "not in seed" not in r.expected]
    lines += [
        "",
        f"Seed 002's 52 non-terminating Invel programs: {sum(r.found for r in seed_rows)} of "
        f"{len(seed_rows)} with a checked set (seed 002: 39); all {len(rows)} jars: "
        f"{sum(r.found for r in rows)}.",
        f"Wrong sets: {sum(r.wrong for r in rows)} ({args.samples} sampled states of R and the "
        f"witness's, {args.iterations} iterations each, mathematical ints).",
        f"Witness replays confirmed on the JVM: {sum(r.replay == 'confirmed' for r in rows)}.",
    ]
    missing = [f"{r.problem} ({r.reason})" for r in rows if not r.found]
    if missing:
        lines.append("No set: " + "; ".join(missing))
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("root", nargs="?", type=Path, default=DEFAULT_ROOT)
    parser.add_argument("--folder", default=FOLDER)
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds per program")
    parser.add_argument("--iterations", type=int, default=10**6)
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--replay-wait", type=float, default=3.0)
    parser.add_argument("--only", nargs="*", help="jar names (stems) to run")
    parser.add_argument("--markdown", type=Path, help="also write the report to this file")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    expected = load_expected(root.parent / "expected.csv")
    jars = sorted((root / args.folder).glob("*.jar"))
    if args.only:
        jars = [j for j in jars if j.stem in args.only]
    if not jars:
        print(f"recurrent_tpdb: no jars under {root / args.folder}", file=sys.stderr)
        return 2
    started = time.monotonic()
    rows = []
    for jar in jars:
        rows.append(run_one(jar, root, expected, args))
        print(
            f"{jar.stem}: {rows[-1].found} {rows[-1].time_s:.1f}s {rows[-1].check}", file=sys.stderr
        )
    text = report(rows, args) + f"\nwall {time.monotonic() - started:.0f} s\n"
    print(text)
    if args.markdown:
        args.markdown.write_text(text)
    return 1 if any(r.wrong for r in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
