"""The result of the relevance analysis of one entry: the irrelevant instructions grouped by
source line into findings, each with the mutation check of its report (Conjecture 4.17)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from jhalt.ids import MethodId

DEAD_STORE = "dead-store"
DEAD_WRITE = "dead-write"
UNUSED_VALUE = "unused-value"
IRRELEVANT_BRANCH = "irrelevant-branch"
IRRELEVANT_CALL = "irrelevant-call"
KINDS = {
    DEAD_STORE: "a value stored into a variable that nothing relevant reads afterwards",
    DEAD_WRITE: "a write into an object whose contents nothing relevant reads",
    UNUSED_VALUE: "a value computed but used by nothing relevant",
    IRRELEVANT_BRANCH: "a branch after which the same relevant code runs whichever way it goes",
    IRRELEVANT_CALL: "a call of a method that executes nothing relevant, its result unused",
}
"""Finding kind → what it means (the SARIF rules and the JSON ``kind``)."""

CONFIRMED = "confirmed"
WITHDRAWN = "withdrawn"
NOT_CHECKED = "not checked"


@dataclass(frozen=True)
class IrrelevantInstruction:
    """One irrelevant instruction: where, what, and in source terms (``subject``: the variable,
    field or method it concerns, when it has one)."""

    method: MethodId
    pc: int
    mnemonic: str
    line: int | None
    kind: str
    subject: str
    reason: str
    exit_pc: int | None = None
    """For an irrelevant branch: the target a mutant always takes (a loop's exit)."""

    def describe(self) -> str:
        about = f" {self.subject}" if self.subject else ""
        return f"{self.mnemonic}{about} ({self.kind})"


@dataclass(frozen=True)
class MutationCheck:
    """How the finding fared when its instructions were replaced by neutral code and the
    mutant run against the original on the same inputs: ``status`` is `CONFIRMED` (same
    observable result on every input), `WITHDRAWN` (some input differs: the finding is not
    reported) or `NOT_CHECKED` (``detail`` says why)."""

    status: str
    inputs: int = 0
    detail: str = ""

    def describe(self) -> str:
        if self.status == CONFIRMED:
            return f"mutation-confirmed on {self.inputs} input(s)"
        if self.status == WITHDRAWN:
            return f"withdrawn: {self.detail}"
        return f"not mutation-checked: {self.detail}"


@dataclass(frozen=True)
class IrrelevantFinding:
    """The irrelevant instructions of one source line of one method."""

    method: MethodId
    line: int | None
    source_file: str | None
    instructions: tuple[IrrelevantInstruction, ...]
    mutation: MutationCheck = MutationCheck(NOT_CHECKED, 0, "no JVM run requested")

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(sorted({i.kind for i in self.instructions}))

    def with_mutation(self, check: MutationCheck) -> IrrelevantFinding:
        return replace(self, mutation=check)


@dataclass(frozen=True)
class RelevanceResult:
    """The analysis of one entry. ``result`` names the parts of the result that were relevant
    (`obligations`); ``complete`` whether the graph covers every execution (if not, only what
    the explored part proves is reported); ``counts`` the instructions per class (relevant,
    neutral, irrelevant, unreached); ``withdrawn`` the findings a mutant refuted;
    ``unchecked`` those no mutant could check (not reported: `hold_back_unchecked`)."""

    entry: MethodId
    result: str
    complete: bool
    graph_states: int
    findings: tuple[IrrelevantFinding, ...] = ()
    withdrawn: tuple[IrrelevantFinding, ...] = ()
    unchecked: tuple[IrrelevantFinding, ...] = ()
    counts: dict[str, int] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    time_s: float = 0.0


def hold_back_unchecked(result: RelevanceResult) -> RelevanceResult:
    """``result`` with the findings whose mutation check could not run moved to ``unchecked``:
    a finding is reported only when a mutant confirmed it on the JVM (issue 18: never report
    what no run has checked; ``jhalt relevance --include-unchecked`` keeps them)."""
    kept = tuple(f for f in result.findings if f.mutation.status != NOT_CHECKED)
    held = tuple(f for f in result.findings if f.mutation.status == NOT_CHECKED)
    return replace(result, findings=kept, unchecked=result.unchecked + held)
