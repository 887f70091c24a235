"""Human and JSON renderings of an `Examination` (what `jhalt watch`/`attach` print; the data
types stay in `jhalt.dynamic.observer` and `jhalt.dynamic.prover`, docs/dynamic.md).

For a deadlock: each thread of the cycle, the lock it waits for and where, its owner, and
where the thread took the lock it holds (or, when every application thread waits, what
each waits for), with the argument and its assumptions. For a loop proved by closure: the
thread, the loop (method, source lines), the observed iteration paths (Φ_i) and updates
(M_i), the invariants Γ and the closed argument of seed 003 §3.4, and whether the
argument survives Java's 32/64-bit integers; proved by an exact repeat: the visits, the
state compared, the counters left out and the assumptions. For an unproved loop: why,
what was observed, and the thread dump. Each examined thread gets one verdict
(`jhalt.report.thread_verdicts`): a proof's limits are a "caveat:" line under it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from jhalt.analyses.nontermination.overflow import power_hint
from jhalt.dynamic.deadlock import Deadlock, Site
from jhalt.dynamic.observer import Examination, LoopVerdict
from jhalt.dynamic.prover import ClosureProof, Invariant, IterationRecord
from jhalt.dynamic.symbolic import LocalLoc, kept, render, render_location
from jhalt.dynamic.threads import ThreadSnapshot
from jhalt.its.terms import variables
from jhalt.report.thread_verdicts import (
    STUCK_FOREVER,
    ThreadVerdict,
    thread_verdicts,
    verdict_kind,
)

_OPS = {"eq": "==", "le": "<=", "ge": ">="}


def _names(verdict: LoopVerdict) -> dict[int, str]:
    return verdict.site.method.local_names(verdict.site.header)


def _loop_title(verdict: LoopVerdict) -> str:
    site = verdict.site
    method = site.method
    lines = site.lines
    where = (
        f"lines {lines[0]}-{lines[-1]}"
        if len(lines) > 1
        else (f"line {lines[0]}" if lines else "no line numbers")
    )
    source = f" of {method.source_file}" if method.source_file else ""
    return f"{method.qualified_name}, {where}{source} (loop header at bytecode {site.header})"


def _path(record: IterationRecord, names: Mapping[int, str]) -> list[str]:
    return [render(c, names) for c in record.path_constraint]


def _updates(record: IterationRecord, names: Mapping[int, str]) -> dict[str, str]:
    result = {}
    for loc, expr in record.memory_map:
        if expr is None or kept(loc, expr):
            continue
        result[render_location(loc, names)] = render(expr, names)
    return result


def _lines(record: IterationRecord, verdict: LoopVerdict) -> list[int]:
    seen: list[int] = []
    for pc in record.loop_pcs:
        line = verdict.site.method.line_at(pc)
        if line is not None and line not in seen:
            seen.append(line)
    return seen


def _invariant(inv: Invariant, names: Mapping[int, str]) -> str:
    value = ("null" if inv.value == 0 else f"o{inv.value}") if inv.sort == "ref" else str(inv.value)
    return f"{render_location(inv.location, names)} {_OPS[inv.op]} {value}"


def verdict_json(verdict: LoopVerdict) -> dict[str, Any]:
    names = _names(verdict)
    site = verdict.site
    proof = verdict.proof
    result: dict[str, Any] = {
        "thread": site.thread_name,
        "method": site.method.qualified_name,
        "source_file": site.method.source_file,
        "lines": list(site.lines),
        "header_pc": site.header,
        "frame": site.frame_index,
        "proved": proof is not None,
        "verdict": verdict_kind(verdict),
        "reason": verdict.reason,
        "seconds": round(verdict.elapsed, 3),
        "iterations": [
            {
                "number": r.number,
                "bytecodes": r.steps,
                "lines": _lines(r, verdict),
                "path_constraint": _path(r, names),
                "updates": _updates(r, names),
                "methods_entered": list(r.methods),
            }
            for r in verdict.records
        ],
    }
    if verdict.repeat is not None:
        repeat = verdict.repeat
        result["proof"] = {
            "kind": "exact repeat",
            "first_visit": repeat.first,
            "repeat_visit": repeat.repeat,
            "state": repeat.state,
            "statics": list(repeat.statics),
            "counters_not_compared": list(repeat.counters),
            "assumptions": _repeat_assumptions(verdict),
        }
    if proof is not None:
        result["proof"] = {
            "kind": "closure",
            "closed_iterations": list(proof.iterations),
            "invariants": [_invariant(i, names) for i in proof.invariants],
            "current_state_path": proof.current_path,
            "survives_machine_integers": proof.machine_ints,
            "overflow": _overflow_text(proof, names),
            "caveat": _caveat(proof, names),
            "assumes_no_other_thread_writes": _shared_locations(verdict, names),
        }
    return result


def _thread_json(thread: ThreadSnapshot) -> dict[str, Any]:
    return {
        "name": thread.name,
        "status": thread.status,
        "frames": [{"method": m, "pc": pc, "line": line} for m, pc, line in thread.frames],
    }


def _thread_verdict_json(verdict: ThreadVerdict) -> dict[str, Any]:
    """The thread's one verdict; its loops are in "proved"/"unproved" (same thread name)."""
    loop = verdict.proved
    caveat = None
    if loop is not None and loop.proof is not None:
        caveat = _caveat(loop.proof, _names(loop))
    return {
        "thread": verdict.thread,
        "verdict": verdict.kind,
        "method": loop.site.method.qualified_name if loop else None,
        "lines": list(loop.site.lines) if loop else [],
        "caveat": caveat,
        "loops_without_proof": len(verdict.unproved),
    }


def examination_json(examination: Examination) -> str:
    return (
        json.dumps(
            {
                "stuck": examination.stuck,
                "deadlocks": [deadlock_json(d) for d in examination.deadlocks],
                "proved": [verdict_json(v) for v in examination.verdicts if v.proved],
                "unproved": [verdict_json(v) for v in examination.verdicts if not v.proved],
                "thread_verdicts": [_thread_verdict_json(t) for t in thread_verdicts(examination)],
                "notes": list(examination.notes),
                "threads": [_thread_json(t) for t in examination.threads],
                "seconds": round(examination.elapsed, 3),
            },
            indent=2,
        )
        + "\n"
    )


def _site_json(site: Site | None) -> dict[str, Any] | None:
    if site is None:
        return None
    return {"method": site.method, "line": site.line, "source_file": site.source_file}


def deadlock_json(deadlock: Deadlock) -> dict[str, Any]:
    """A deadlock: per thread, the lock it waits for (where), its owner, and where the
    thread took the lock that the previous thread of the cycle waits for."""
    return {
        "kind": "cycle" if deadlock.cycle else "all threads wait",
        "threads": [
            {
                "thread": wait.thread_name,
                "waits_for": wait.lock_text(),
                "kind": wait.kind,
                "owner": deadlock.waits[(k + 1) % len(deadlock.waits)].thread_name
                if deadlock.cycle
                else None,
                "waits_at": _site_json(wait.waits_at),
                "holds": deadlock.waits[k - 1].lock_text() if deadlock.cycle else None,
                "took_it_at": _site_json(deadlock.taken_at[k]),
            }
            for k, wait in enumerate(deadlock.waits)
        ],
        "assumptions": list(deadlock.assumptions),
    }


def _all_waiting_text(deadlock: Deadlock) -> list[str]:
    out = [f"stuck: all {len(deadlock.waits)} application threads wait, none can wake another"]
    for wait in deadlock.waits:
        where = wait.waits_at.text() if wait.waits_at else "an unknown place"
        out.append(f'  thread "{wait.thread_name}" waits for {wait.lock_text()}')
        out.append(f"    at {where}")
    out.append(
        "  argument: every application thread waits without a timeout (Object.wait(), "
        "Thread.join() of one of them, an untimed LockSupport.park, or a lock one of them "
        "holds); a waiting thread runs no code, so no notify, unpark, release or thread end "
        "can ever come"
    )
    out.extend(f"  assumes {a}" for a in deadlock.assumptions)
    return out


def _deadlock_text(deadlock: Deadlock) -> list[str]:
    if not deadlock.cycle:
        return _all_waiting_text(deadlock)
    waits = deadlock.waits
    out = [f"deadlock: {len(waits)} threads wait for each other forever"]
    for k, wait in enumerate(waits):
        owner = waits[(k + 1) % len(waits)].thread_name
        where = wait.waits_at.text() if wait.waits_at else "an unknown place"
        out.append(f'  thread "{wait.thread_name}" waits for {wait.lock_text()}')
        out.append(f'    at {where}; it is held by thread "{owner}"')
        taken = deadlock.taken_at[k]
        held = waits[k - 1].lock_text()
        if taken:
            took = f"taken at {taken.text()}"
        elif waits[k - 1].kind == "lock":
            took = "taken by a lock() call that has returned (its frame is gone)"
        else:
            took = "taken in a frame that holds several monitors (the stack does not say which)"
        out.append(f"    it holds {held}, {took}")
    out.append(
        "  argument: each thread waits, without a timeout, to enter a monitor or in the "
        "acquire of a ReentrantLock/ReentrantReadWriteLock held by the next thread of the "
        "cycle, which waits itself; only the owner can release these locks, so none is ever "
        "released (JDWP thread status, contended monitor, MonitorInfo; "
        "AbstractOwnableSynchronizer.exclusiveOwnerThread of Thread.parkBlocker)"
    )
    out.extend(f"  assumes {a}" for a in deadlock.assumptions)
    return out


def _shared_locations(verdict: LoopVerdict, names: Mapping[int, str]) -> list[str]:
    """Heap locations the argument depends on, when other threads could write them."""
    if verdict.proof is None or not verdict.other_threads:
        return []
    found: set[str] = set()
    members = set(verdict.proof.iterations)
    for record in verdict.records:
        if record.number in members:
            for atom in record.path_constraint:
                found |= {
                    render_location(loc, names)
                    for loc in variables(atom)
                    if not isinstance(loc, LocalLoc)
                }
    for inv in verdict.proof.invariants:
        if not isinstance(inv.location, LocalLoc):
            found.add(render_location(inv.location, names))
    return sorted(found)


def _caveat(proof: ClosureProof, names: Mapping[int, str]) -> str | None:
    """What limits a closure proof made over mathematical integers only (None when it
    also holds with Java's wrapping arithmetic): a sentence under the verdict."""
    if proof.machine_ints:
        return None
    if not proof.overflows:
        return (
            "proved with mathematical integers only; with Java's wrapping arithmetic the "
            "argument does not close, so the loop may exit once one of its integers wraps around"
        )
    return (
        "proved with mathematical integers only; with Java's wrapping arithmetic "
        f"{_overflow_text(proof, names)}"
    )


def _overflow_text(proof: ClosureProof, names: Mapping[int, str]) -> str | None:
    if proof.machine_ints:
        return None
    if not proof.overflows:
        return "the argument needs unbounded integers; it does not close with wrapping arithmetic"
    return "; ".join(
        f"{render_location(o.location, names)} changes by {o.step:+d} per iteration and overflows "
        f"(as a {'32-bit int' if o.sort == 'int' else '64-bit long'}) after at most "
        f"{o.iterations_left} more iterations{power_hint(o.iterations_left)}, after which the "
        "loop may exit"
        for o in proof.overflows
    )


MAX_CONJUNCTS_SHOWN = 12


def _conjunction(conjuncts: list[str]) -> str:
    """A path constraint as text; a long one (an inner loop unrolled in the iteration)
    shows its first `MAX_CONJUNCTS_SHOWN` conjuncts and the count of the rest (the JSON
    report lists them all)."""
    if not conjuncts:
        return "true"
    shown = " && ".join(conjuncts[:MAX_CONJUNCTS_SHOWN])
    rest = len(conjuncts) - MAX_CONJUNCTS_SHOWN
    return shown + (f" && ... ({rest} more conjuncts; --format json lists all)" if rest > 0 else "")


def _repeat_assumptions(verdict: LoopVerdict) -> list[str]:
    repeat = verdict.repeat
    assert repeat is not None
    found = [repeat.assumption]
    if verdict.other_threads:
        found.append(
            f"the {verdict.other_threads} other application thread(s) do not write the loop's "
            "state (its locals, the static fields it uses, the heap reachable from them)"
        )
    return found


def _repeat_text(verdict: LoopVerdict) -> list[str]:
    repeat = verdict.repeat
    assert repeat is not None
    statics = f"; static fields {', '.join(repeat.statics)}" if repeat.statics else ""
    out = [
        f'thread "{verdict.site.thread_name}" is stuck: it never leaves the loop in',
        f"  {_loop_title(verdict)}",
        f"  the state at the loop head repeats exactly: visit #{repeat.repeat} equals visit "
        f"#{repeat.first} (in {verdict.elapsed:.2f} s)",
        f"  state compared: {repeat.state}{statics}, and the heap reachable from them",
        *(
            [f"  not compared: {', '.join(repeat.counters)} (only ever updated from itself)"]
            if repeat.counters
            else []
        ),
        "  argument: the loop takes no monitor and calls only deterministic methods, so each "
        "visit's state determines the next; a repeated state repeats forever",
    ]
    out.extend(f"  assumes {a}" for a in _repeat_assumptions(verdict))
    return out


def _proof_text(verdict: LoopVerdict) -> list[str]:
    if verdict.repeat is not None:
        return _repeat_text(verdict)
    proof = verdict.proof
    assert proof is not None
    names = _names(verdict)
    by_number = {r.number: r for r in verdict.records}
    out = [_headline(verdict), f"  {_loop_title(verdict)}"]
    steps = sum(r.steps for r in verdict.records)
    out.append(
        f"  observed {len(verdict.records)} iteration(s), {steps} bytecodes, in {verdict.elapsed:.2f} s"
    )
    for number in proof.iterations:
        record = by_number[number]
        lines = _lines(record, verdict)
        out.append(
            f"  path #{number}" + (f" (lines {', '.join(map(str, lines))})" if lines else "") + ":"
        )
        out.append("    when   " + _conjunction(_path(record, names)))
        updates = _updates(record, names)
        out.append(
            "    then   "
            + (", ".join(f"{k} := {v}" for k, v in updates.items()) or "nothing changes")
        )
    invariants = [_invariant(i, names) for i in proof.invariants]
    out.append("  invariants: " + (", ".join(invariants) if invariants else "none needed"))
    paths = ", ".join(f"#{n}" for n in proof.iterations)
    out.append(
        f"  argument: from any state satisfying the invariants and one of the paths {paths}, one "
        "iteration leads to such a state again (checked by Z3); the "
        f"current state satisfies the invariants and path #{proof.current_path}"
    )
    caveat = _caveat(proof, names)
    if caveat is None:
        out.append("  Java integers: the argument also holds with 32/64-bit wrapping arithmetic")
    shared = _shared_locations(verdict, names)
    if shared:
        out.append(
            f"  assumes the {verdict.other_threads} other application thread(s) do not write "
            + ", ".join(shared)
        )
    if caveat is not None:
        out.append(f"  caveat: {caveat}")
    return out


def _headline(verdict: LoopVerdict) -> str:
    """The thread's verdict, the first line of its proof."""
    thread = f'thread "{verdict.site.thread_name}"'
    if verdict_kind(verdict) == STUCK_FOREVER:
        return f"{thread} is stuck: it never leaves the loop in"
    return f"{thread} is stuck until an integer overflows; until then it never leaves the loop in"


def _unproved_text(verdict: LoopVerdict) -> list[str]:
    out = [f"  {_loop_title(verdict)}", f"    {verdict.reason}"]
    names = _names(verdict)
    for record in verdict.records[:3]:
        path = " && ".join(_path(record, names)) or "true"
        if len(path) > 300:
            path = path[:300] + " ..."
        out.append(f"    iteration #{record.number} ({record.steps} bytecodes): {path}")
    if len(verdict.records) > 3:
        out.append(f"    ... {len(verdict.records) - 3} more iteration(s)")
    return out


def examination_text(examination: Examination) -> str:
    out: list[str] = []
    for deadlock in examination.deadlocks:
        out.extend(_deadlock_text(deadlock))
        out.append("")
    per_thread = thread_verdicts(examination)
    for one in per_thread:
        if one.proved is not None:
            out.extend(_proof_text(one.proved))
            if one.unproved:
                out.append("  tried first, without a proof (the loops it runs inside this one):")
                out.extend("  " + line for v in one.unproved for line in _unproved_text(v))
            out.append("")
    if not examination.stuck:
        out.append("could not prove that any thread is stuck; the program was resumed untouched")
    for one in per_thread:
        if one.proved is None:
            out.append(f'thread "{one.thread}" is not proved stuck; loops observed:')
            for verdict in one.unproved:
                out.extend(_unproved_text(verdict))
    out.extend(f"note: {n}" for n in examination.notes)
    if not examination.proved:  # a deadlock's threads are shown with the dump
        out.append("thread dump:")
        for thread in examination.threads:
            out.append(f'  "{thread.name}" {thread.status}')
            for method, pc, line in thread.frames[:12]:
                where = f"line {line}" if line is not None else ("native" if pc < 0 else f"pc {pc}")
                out.append(f"      at {method} ({where})")
    out.append(f"examined in {examination.elapsed:.2f} s")
    return "\n".join(out) + "\n"
