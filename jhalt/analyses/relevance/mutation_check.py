"""The mutation check of every finding (Conjecture 4.17, issue 18): the irrelevant instructions
replaced by neutral code (`mutant`), original and mutant run on the same inputs
(`sample_inputs`) through the `driver` on a real JVM, contained (`jhalt.witness.processes`),
and their observable results compared: the program's output, the driver's rendering of the
result (returned value, uncaught exception class, arguments, receiver, static fields) and the
exit status.

All findings of an entry are checked by one mutant first; if some input shows a difference,
the findings of each method by one mutant, and if that differs too, each finding by a mutant
of its own; the ones that still show a difference are withdrawn (never reported). (A finding
alone may fail where the set passes — a dropped store whose reads are another finding — so
the smallest group that passes is the one that counts.) An input on which the original does not finish within the time
limit proves nothing and is not counted. When no run can start at all (no sandbox, the JVM
refuses its options: `jhalt.witness.startup`), every finding is left unchecked, "not
replayed: …" — a mutant that "behaves like the original" because neither ran proves nothing.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.driver import DRIVER_CLASS, RESULT_MARKER, compile_driver
from jhalt.analyses.relevance.mutant import MUTANT_JVM_FLAGS, mutate_method, patch_class
from jhalt.analyses.relevance.obligations import Obligations
from jhalt.analyses.relevance.result import (
    CONFIRMED,
    NOT_CHECKED,
    WITHDRAWN,
    IrrelevantFinding,
    MutationCheck,
    RelevanceResult,
)
from jhalt.analyses.relevance.sample_inputs import sample_inputs
from jhalt.classfile import ClassPath
from jhalt.ids import MethodId
from jhalt.witness.claim import NOT_REPLAYED
from jhalt.witness.containment import cpu_limit_for
from jhalt.witness.processes import release, scratch_directory
from jhalt.witness.replay import Jdk, absolute_classpath
from jhalt.witness.sandbox import without_notice
from jhalt.witness.startup import NotReplayed, refused_options, start_replay_jvm

_FAST_START = ("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto")
_OUTPUT_LIMIT = 1 << 16


@dataclass(frozen=True)
class MutationSetup:
    """How findings are checked: the classpath and JDK, how many inputs, the wall-clock limit
    of one run, the time the whole check of one entry may take, and the parts of the result
    that are compared (those the analysis was asked about)."""

    classpath: ClassPath
    jdk: Jdk
    inputs: int = 6
    run_timeout_s: float = 5.0
    total_s: float = 120.0
    obligations: Obligations = field(default_factory=Obligations)
    driver: Path | None = None
    """The compiled driver (`driver.compile_driver`), shared by the entries of a run; None:
    each check compiles its own (javac takes seconds: a run compiles it once)."""


@dataclass(frozen=True)
class Observation:
    """What one run showed: ``status`` is ``exit N`` or ``timeout``; ``output`` what the
    program printed (both streams); ``result`` the driver's lines after its marker."""

    status: str
    output: str
    result: tuple[str, ...] = ()

    def seen_as(self, obligations: Obligations, other: Observation) -> tuple[object, ...]:
        """The parts of this observation the result parts name (`obligations`): the returned
        value (when both runs returned), the exception class, termination (a run that did not
        finish), and the effects — output, exit status, arguments, receiver and statics."""
        both_returned = _line(self, "return:") is not None and _line(other, "return:") is not None
        return (
            _line(self, "return:") if obligations.value and both_returned else None,
            _line(self, "exception:") if obligations.exceptions else None,
            (self.status == "timeout") if obligations.termination else None,
            (self.status, self.output, _effect_lines(self)) if obligations.effects else None,
        )


def _line(observation: Observation, prefix: str) -> str | None:
    return next((x for x in observation.result if x.startswith(prefix)), None)


def _effect_lines(observation: Observation) -> tuple[str, ...]:
    return tuple(x for x in observation.result if x.startswith(("argument ", "this: ", "static ")))


def _differs(original: Observation, mutant: Observation, obligations: Obligations) -> bool:
    return original.seen_as(obligations, mutant) != mutant.seen_as(obligations, original)


def check_mutations(
    result: RelevanceResult, bodies: Bodies, setup: MutationSetup
) -> RelevanceResult:
    """``result`` with every finding's `MutationCheck`; refuted findings moved to
    ``withdrawn`` (module docstring)."""
    if not result.findings:
        return result
    if setup.jdk.javac is None:
        return _all(result, MutationCheck(NOT_CHECKED, 0, "no javac to compile the driver"))
    with scratch_directory("jhalt-relevance-") as scratch:
        driver = setup.driver or compile_driver(setup.jdk.javac, _fresh(scratch / "driver"))
        if driver is None:
            return _all(result, MutationCheck(NOT_CHECKED, 0, "the driver did not compile"))
        runner = _Runner(setup, result.entry, scratch, driver)
        try:
            return runner.check(result, bodies)
        except NotReplayed as refusal:
            return _all(result, MutationCheck(NOT_CHECKED, 0, f"{NOT_REPLAYED}{refusal.why}"))


def _all(result: RelevanceResult, check: MutationCheck) -> RelevanceResult:
    return replace(result, findings=tuple(f.with_mutation(check) for f in result.findings))


def _fresh(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


NO_REPLACEMENT = "no neutral replacement for every instruction (no room for a jump)"


class _Runner:
    """Runs of the original and of mutants on the inputs of one entry."""

    def __init__(self, setup: MutationSetup, entry: MethodId, scratch: Path, driver: Path) -> None:
        self.setup = setup
        self.entry = entry
        self.scratch = scratch
        self.driver = driver
        self.deadline = time.monotonic() + setup.total_s
        self.statics = scratch / "statics.txt"
        self.statics.write_text("\n".join(setup.classpath.class_names()) + "\n")
        self.mutants = 0
        # what java is given: a single class file replays from its package root, and every
        # entry is absolute (the runs' working directories are scratch directories)
        self.spec = absolute_classpath(setup.classpath.runtime_spec())

    def check(self, result: RelevanceResult, bodies: Bodies) -> RelevanceResult:
        vectors = sample_inputs(self.entry, self.setup.inputs)
        originals = [self.run(self.spec, v, mutant=False) for v in vectors]
        if originals and all(o.status in ("exit 97", "exit 98") for o in originals):
            return _all(result, MutationCheck(NOT_CHECKED, 0, "the driver cannot call the entry"))
        cases = [(v, o) for v, o in zip(vectors, originals) if o.status != "timeout"]
        if not cases:
            return _all(
                result, MutationCheck(NOT_CHECKED, 0, "the original timed out on every input")
            )
        checks = self._groups(result.findings, bodies, cases)
        kept = [
            f.with_mutation(c) for f, c in zip(result.findings, checks) if c.status != WITHDRAWN
        ]
        gone = [
            f.with_mutation(c) for f, c in zip(result.findings, checks) if c.status == WITHDRAWN
        ]
        return replace(result, findings=tuple(kept), withdrawn=result.withdrawn + tuple(gone))

    def _groups(
        self, findings: Sequence[IrrelevantFinding], bodies: Bodies,
        cases: list[tuple[tuple[str, ...], Observation]],
    ) -> list[MutationCheck]:  # fmt: skip
        """All findings by one mutant; if it differs, the findings of each method by one
        mutant; if that differs, each finding by its own."""
        together = self.judge(findings, bodies, cases)
        if together.status == CONFIRMED:
            return [self._partial(f, together, bodies) for f in findings]
        methods = list(dict.fromkeys(f.method for f in findings))
        if len(methods) == 1:
            return [self.judge((f,), bodies, cases) for f in findings]
        checks: dict[int, MutationCheck] = {}
        for method in methods:
            group = [(i, f) for i, f in enumerate(findings) if f.method == method]
            done = self._groups([f for _, f in group], bodies, cases)
            checks.update((i, check) for (i, _), check in zip(group, done))
        return [checks[i] for i in range(len(findings))]

    def _partial(
        self, finding: IrrelevantFinding, together: MutationCheck, bodies: Bodies
    ) -> MutationCheck:
        skipped = _mutation_plan(bodies, (finding,), self.setup.classpath)[1]
        if skipped:
            return MutationCheck(NOT_CHECKED, 0, NO_REPLACEMENT)
        return together

    def judge(
        self, findings: Sequence[IrrelevantFinding], bodies: Bodies,
        cases: list[tuple[tuple[str, ...], Observation]],
    ) -> MutationCheck:  # fmt: skip
        """Run the mutant of ``findings`` on every case and compare with the original."""
        classes, skipped = _mutation_plan(bodies, findings, self.setup.classpath)
        if not classes or (len(findings) == 1 and skipped):
            # a mutant of part of a finding is no test of it (the rest may now see the
            # replacement's constants: e.g. an array store kept after its operands replaced)
            return MutationCheck(NOT_CHECKED, 0, NO_REPLACEMENT)
        self.mutants += 1
        directory = _fresh(self.scratch / f"mutant{self.mutants}")
        for name, data in classes.items():
            target = directory / f"{name}.class"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        spec = f"{directory}:{self.spec}"
        for vector, original in cases:
            if time.monotonic() > self.deadline:
                return MutationCheck(NOT_CHECKED, 0, "time limit of the mutation check")
            seen = self.run(spec, vector, mutant=True)
            if _differs(original, seen, self.setup.obligations):
                shown = " ".join(vector) or "no arguments"
                return MutationCheck(
                    WITHDRAWN, len(cases), f"the mutant differs on input [{shown}]"
                )
        return MutationCheck(CONFIRMED, len(cases))

    def run(self, spec: str, vector: tuple[str, ...], mutant: bool) -> Observation:
        """One contained run of the driver on ``vector``; raises `NotReplayed` when the JVM
        could not run it."""
        work = _fresh(self.scratch / f"run{time.monotonic_ns()}")
        statics = shutil.copy(self.statics, work / self.statics.name)  # the OS sandbox shows
        flags = [*_FAST_START, *(MUTANT_JVM_FLAGS if mutant else ())]  # only the run's own
        arguments = [
            *flags, "-cp", f"{self.driver}:{spec}", DRIVER_CLASS,
            self.entry.class_name, self.entry.name, self.entry.descriptor, str(statics), *vector,
        ]  # fmt: skip
        timeout = self.setup.run_timeout_s
        with open(work / "out", "wb") as out_file, open(work / "err", "wb") as err_file:
            process = start_replay_jvm(
                self.setup.jdk.java, arguments, work, cpu_limit_for(timeout),
                stdout=out_file, stderr=err_file,
            )  # fmt: skip
            code = None
            try:
                code = process.wait(timeout=timeout)
                status = f"exit {code}"
            except subprocess.TimeoutExpired:
                status = "timeout"
            finally:
                release(process)
        out = (work / "out").read_bytes()[:_OUTPUT_LIMIT].decode("utf-8", "replace")
        err = without_notice((work / "err").read_bytes()[:_OUTPUT_LIMIT].decode("utf-8", "replace"))
        refused = refused_options(code, err, out)
        if refused is not None:
            raise NotReplayed(refused)
        printed, _, result = out.partition(RESULT_MARKER)
        errors = [x for x in err.splitlines() if "VM warning" not in x]
        return Observation(status, printed + "\n".join(errors), tuple(result.splitlines()))


def _mutation_plan(
    bodies: Bodies, findings: Sequence[IrrelevantFinding], classpath: ClassPath
) -> tuple[dict[str, bytes], set[int]]:
    """The mutated class files (internal name → bytes) and the pcs left unmutated."""
    by_method: dict[MethodId, list[int]] = defaultdict(list)
    exits: dict[MethodId, dict[int, int]] = defaultdict(dict)
    for finding in findings:
        for ins in finding.instructions:
            by_method[ins.method].append(ins.pc)
            if ins.exit_pc is not None:
                exits[ins.method][ins.pc] = ins.exit_pc
    classes: dict[str, bytes] = {}
    skipped: set[int] = set()
    for method, pcs in by_method.items():
        body = bodies.body(method)
        mutation = mutate_method(body, pcs, exits[method])
        skipped |= mutation.skipped
        if not mutation.mutated:
            continue
        name = method.class_name
        data = classes.get(name) or classpath.class_bytes(name)
        patched = patch_class(data, body.code.bytecode, mutation.code) if data else None
        if patched is None:
            skipped |= mutation.mutated
            continue
        classes[name] = patched
    return classes, skipped
