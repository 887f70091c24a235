"""The CLP engine's procedure (seed 001 §4–5): translate the entry and the methods it calls
(`translate`), unfold the program into binary clauses power by power (`unfold`), and after
each power try the criterion (`criterion`) on every new recursive binary clause that a stem
from the entry reaches; the first proof whose model gives a witness input (`inputs`) and
whose side conditions stand an independent re-check (`ClpResult.verify`: Props 4 and 5 with
fresh solver calls) is the answer. A loop's clause and an infinite recursion (a recursive clause that enters calls)
are told apart by the calls the clause enters.

Time: the search stops at the sooner of ``ClpConfig.timeout_s`` after its start and
``ClpConfig.deadline``; every solver call is bounded by both (`jhalt.smt.session`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from jhalt.analyses.clp.abstraction import Refusal
from jhalt.analyses.clp.clauses import Clause, ClpProgram, Predicate
from jhalt.analyses.clp.criterion import Proof, prove
from jhalt.analyses.clp.inputs import witness_input
from jhalt.analyses.clp.result import LOOP, RECURSION, ClpResult
from jhalt.analyses.clp.translate import translate_program
from jhalt.analyses.clp.unfold import Unfolding, UnfoldLimits, unfold
from jhalt.budget import NEVER, Deadline
from jhalt.bytecode import analyze_method
from jhalt.classfile import ClassPath
from jhalt.classfile.model import Access
from jhalt.errors import describe_internal
from jhalt.ids import MethodId
from jhalt.smt.clp import satisfiable
from jhalt.smt.session import DEFAULT_RLIMIT, SatAnswer, SmtConfig

PHASE = "CLP non-termination search"


@dataclass(frozen=True)
class ClpConfig:
    """The engine's bounds: wall-clock time, the run's deadline, the unfolding's limits and
    z3's resource limit per check."""

    timeout_s: float = 20.0
    deadline: Deadline = NEVER
    limits: UnfoldLimits = field(default_factory=UnfoldLimits)
    rlimit: int = DEFAULT_RLIMIT


@dataclass(frozen=True)
class ClpSearch:
    """What the engine did: a result, or the reasons why there is none (MAYBE)."""

    result: ClpResult | None
    reasons: tuple[str, ...] = ()
    stats: dict[str, Any] = field(default_factory=dict)


class _Search:
    """The criterion tried after each power of the unfolding (module doc)."""

    def __init__(self, program: ClpProgram, smt: SmtConfig, deadline: Deadline) -> None:
        self.program, self.smt, self.deadline = program, smt, deadline
        self.pending: list[Clause] = []  # recursive clauses without a stem yet
        self.tried: set[str] = set()
        self.found: tuple[Proof, MethodId] | None = None
        self.iterations = 0
        self.checks = 0

    def keep(self, clause: Clause) -> bool:
        return satisfiable(clause.constraint, self.smt) is not SatAnswer.UNSAT

    def on_iteration(self, unfolding: Unfolding, new: list[Clause]) -> bool:
        self.iterations += 1
        self.pending += [c for c in new if c.body and c.body[0].predicate == c.head.predicate]
        self.pending.sort(key=lambda c: len(c.constraint))
        waiting: list[Clause] = []
        for loop in self.pending:
            if self.deadline.expired():
                return True
            stems = self._stems(unfolding, loop.head.predicate)
            if not stems:
                waiting.append(loop)
                continue
            if str(loop) in self.tried:
                continue
            self.tried.add(str(loop))
            self.checks += 1
            proof = prove(loop, stems, self.program.entry, self.program.entry_constraint, self.smt)
            if proof is not None:
                self.found = (proof, self.program.predicate(loop.head.predicate).method)
                return True
        self.pending = waiting
        return self.deadline.expired()

    def _stems(self, unfolding: Unfolding, predicate: str) -> list[Clause | None]:
        entry = self.program.entry.predicate
        stems: list[Clause | None] = [None] if predicate == entry else []
        stems += [c for c in unfolding.binary.get(entry, []) if c.body[0].predicate == predicate]
        return stems


def find_clp_nontermination(
    classpath: ClassPath, entry: MethodId, config: ClpConfig = ClpConfig()
) -> ClpSearch:
    """A CLP non-termination proof of ``entry`` with its witness, or the reasons for none.
    An unexpected error is caught and named in the reasons (`jhalt.errors.describe_internal`:
    the command then ends with exit 3)."""
    try:
        return _search(classpath, entry, config)
    except Exception as error:
        return ClpSearch(None, (f"CLP: {describe_internal(error)}",))


def _search(classpath: ClassPath, entry: MethodId, config: ClpConfig) -> ClpSearch:
    started = time.monotonic()
    deadline = config.deadline.within(config.timeout_s)
    smt = SmtConfig(config.rlimit, deadline)
    try:
        program = translate_program(classpath, entry, smt)
    except Refusal as refusal:
        return ClpSearch(None, (f"CLP translation: {refusal}",))
    search = _Search(program, smt, deadline)
    unfolding = unfold(
        program.clauses, config.limits, search.keep, search.on_iteration, deadline.expired
    )
    stats: dict[str, Any] = {
        "clp_clauses": len(program.clauses),
        "clp_binary_clauses": unfolding.size(),
        "clp_iterations": search.iterations,
        "clp_criterion_checks": search.checks,
        "clp_time_s": round(time.monotonic() - started, 3),
    }
    if search.found is None:
        return ClpSearch(None, _reasons(program, unfolding, deadline), stats)
    proof, method = search.found
    result = _result(classpath, program, entry, proof, stats)
    if result is None:
        return ClpSearch(
            None, ("CLP: proof found, but the entry's inputs have no witness form",), stats
        )
    if not result.verify(smt):  # fresh solver calls: Props 4 and 5 once more
        return ClpSearch(None, ("CLP: the proof did not stand its independent re-check",), stats)
    return ClpSearch(result, (), stats)


def _reasons(program: ClpProgram, unfolding: Unfolding, deadline: Deadline) -> tuple[str, ...]:
    reasons = []
    if deadline.expired():
        reasons.append(f"timeout in {PHASE}")
    elif unfolding.stopped:
        reasons.append(f"CLP: no binary clause satisfies the criterion ({unfolding.stopped})")
    else:
        reasons.append("CLP: no binary clause satisfies the criterion")
    if program.refused:
        reasons.append(
            f"CLP: {len(program.refused)} path(s) without an exact abstraction, e.g. {program.refused[0]}"
        )
    return tuple(reasons)


def _result(
    classpath: ClassPath,
    program: ClpProgram,
    entry: MethodId,
    proof: Proof,
    stats: dict[str, Any],
) -> ClpResult | None:
    cls = classpath.find(entry.class_name)
    info = cls.method(entry.name, entry.descriptor) if cls else None
    concrete = cls is not None and not cls.access & (Access.ABSTRACT | Access.INTERFACE)
    witness = witness_input(program, entry, proof.values, bool(info and info.is_static), concrete)
    if witness is None:
        return None
    predicate = program.predicate(proof.loop.head.predicate)
    calls = proof.loop.calls
    if calls:
        cycle = tuple(
            dict.fromkeys([predicate.method, *(program.predicate(c).method for c in calls)])
        )
        lines = _method_lines(classpath, predicate.method)
        return ClpResult(
            RECURSION,
            predicate,
            proof,
            witness,
            program.entry,
            program.entry_constraint,
            cycle,
            lines,
            stats,
            program.assumptions,
        )
    lines = _loop_lines(classpath, predicate)
    return ClpResult(
        LOOP,
        predicate,
        proof,
        witness,
        program.entry,
        program.entry_constraint,
        (),
        lines,
        stats,
        program.assumptions,
    )


def _loop_lines(classpath: ClassPath, predicate: Predicate) -> tuple[int, int] | None:
    """The source lines of the loop headed at the predicate's pc (of the whole method when the
    pc heads no natural loop)."""
    method = predicate.method
    cls = classpath.find(method.class_name)
    info = cls.method(method.name, method.descriptor) if cls else None
    if cls is None or info is None or info.code is None:
        return None
    body = analyze_method(info, cls)
    loops = {loop.header: loop for loop in body.loops.loops}
    header = body.cfg.block_containing(predicate.pc).start
    blocks = loops[header].body if header in loops else {b.start for b in body.cfg.blocks}
    lines = [
        line
        for start in blocks
        for ins in body.cfg.block(start).instructions
        if (line := info.code.line_at(ins.pc)) is not None
    ]
    return (min(lines), max(lines)) if lines else None


def _method_lines(classpath: ClassPath, method: MethodId) -> tuple[int, int] | None:
    cls = classpath.find(method.class_name)
    info = cls.method(method.name, method.descriptor) if cls else None
    if info is None or info.code is None:
        return None
    lines = [line for _, line in info.code.line_numbers]
    return (min(lines), max(lines)) if lines else None
