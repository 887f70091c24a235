"""The answer of the CLP engine (a `jhalt.findings.Evidence`): the binary clause that
satisfies Prop. 4, the stem that reaches it from the entry (Prop. 5), what it means — a loop
that runs forever, or an infinite recursion through the named call cycle — and the witness
input. The replay of the witness on a JVM is the command line's (`jhalt.cli.main`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from jhalt.analyses.clp.clauses import Atom, Predicate
from jhalt.analyses.clp.criterion import Proof, entry_model, is_recurrent
from jhalt.findings import LoopSite, Witness
from jhalt.ids import MethodId
from jhalt.its.linear import LinearConstraint
from jhalt.smt.session import SmtConfig

LOOP = "loop"
RECURSION = "recursion"
MATHEMATICAL = (
    "non-terminating for mathematical integers; with Java ints a value may leave its range"
)


@dataclass(frozen=True)
class ClpResult:
    """A CLP non-termination proof with its witness (module doc). ``cycle`` names the methods
    of an infinite recursion; ``lines`` the loop's (or the recursive method's) source lines."""

    kind: str
    predicate: Predicate
    proof: Proof
    witness: Witness
    entry: Atom
    entry_constraint: tuple[LinearConstraint, ...]
    cycle: tuple[MethodId, ...] = ()
    lines: tuple[int, int] | None = None
    stats: dict[str, Any] = field(default_factory=dict, compare=False)
    assumptions: tuple[str, ...] = ()
    """What the translation assumed of the library (a logging call's configuration)."""

    @property
    def method(self) -> MethodId:
        return self.predicate.method

    def where(self) -> str:
        method = f"{self.method.dotted_class}.{self.method.name}"
        if self.lines:
            low, high = self.lines
            return f"{method}, line {low}" if low == high else f"{method}, lines {low}-{high}"
        return f"{method} pc {self.predicate.pc}"

    def explanation(self) -> str:
        if self.kind == RECURSION:
            names = " → ".join(f"{m.dotted_class}.{m.name}" for m in self.cycle)
            text = f"infinite recursion {names} (CLP, seed 001 Prop. 5)"
        else:
            text = f"non-terminating loop in {self.where()} (CLP, seed 001 Prop. 5)"
        text += f": the binary clause {self.proof.loop} satisfies Prop. 4"
        if not self.proof.java_ints:
            text += f" ({MATHEMATICAL})"
        return text

    def plain(self) -> str:
        """The verdict in the user's terms (issue 34 item 4), without the engine's notation
        (that is `explanation`): the loop or recursion by its source lines, which the witness's
        input (shown with the witness: the proof's own variable names are the CLP's) makes run
        forever."""
        method = f"{self.method.dotted_class.rsplit('.', 1)[-1]}.{self.method.name}"
        source = method.split(".", 1)[0].split("$", 1)[0] + ".java"
        if self.lines:
            low, high = self.lines
            at = f"{source}:{low}" if low == high else f"{source}:{low}-{high}"
        else:
            at = f"pc {self.predicate.pc}"
        given = " with the witness's input" if self.inputs() else ""
        if self.kind == RECURSION:
            names = " → ".join(f"{m.dotted_class.rsplit('.', 1)[-1]}.{m.name}" for m in self.cycle)
            text = f"the recursion {names} at {at} never ends when the entry is called{given}"
        else:
            text = f"the loop at {at} (in {method}) never exits when the entry is called{given}"
        if not self.proof.java_ints:
            text += f" ({MATHEMATICAL})"
        return text

    def site(self) -> LoopSite:
        return LoopSite(self.method, self.lines, self.cycle)

    def inputs(self) -> dict[str, int]:
        """The entry's input values in the proof's model (not the result variable ``r``)."""
        arguments = set(self.entry.arguments) - {"r"}
        return {k: v for k, v in self.proof.values.items() if k in arguments}

    def to_json(self) -> dict[str, Any]:
        proof = self.proof
        return {
            "engine": "clp",
            "kind": self.kind,
            "method": str(self.method),
            "predicate": self.predicate.name,
            "head_pc": self.predicate.pc,
            "lines": list(self.lines) if self.lines else None,
            "cycle": [str(m) for m in self.cycle],
            "binary_clause": str(proof.loop),
            "stem": str(proof.stem) if proof.stem else None,
            "entry_values": {k: v for k, v in proof.values.items() if k in self.entry.arguments},
            "java_ints": proof.java_ints,
            "stats": self.stats,
            "plain": self.plain(),
        }

    def text_lines(self) -> list[str]:
        proof = self.proof
        lines = [
            "proof (CLP engine, seed 001):",
            f"  {self.kind} in {self.where()}",
            f"  binary clause (Prop. 4): {proof.loop}",
        ]
        if proof.stem is not None:
            lines.append(f"  reached from the entry by (Prop. 5): {proof.stem}")
        values = ", ".join(f"{k}={v}" for k, v in self.inputs().items())
        lines.append(f"  entry values: {values or '-'}")
        if not proof.java_ints:
            lines.append(f"  note: {MATHEMATICAL}")
        return lines

    def assumed(self) -> tuple[str, ...]:
        return self.assumptions + (() if self.proof.java_ints else (MATHEMATICAL,))

    def verify(self, config: SmtConfig | None = None) -> bool:
        """Re-checks the proof with fresh solver calls: Prop. 4 for the binary clause (with
        Java ints when the proof says so) and Prop. 5 for its stem from the entry."""
        config = config or SmtConfig()
        proof = self.proof
        loop = proof.loop
        if not loop.body or loop.body[0].predicate != loop.head.predicate:
            return False
        if not is_recurrent(loop, proof.java_ints, config):
            return False
        found = entry_model(
            self.entry, self.entry_constraint, proof.stem, loop, proof.java_ints, config
        )
        return found is not None
