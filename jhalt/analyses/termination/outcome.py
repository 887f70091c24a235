"""The answer of a termination proof (`TerminationOutcome`, a `jhalt.findings.Evidence`):
proved or not with a reason, the loops' proofs, the lemmas they use and the assumptions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jhalt.analyses.termination.lemmas.longest_paths import ResultLemma
from jhalt.analyses.termination.loop_proof import LoopProof


@dataclass(frozen=True)
class TerminationOutcome:
    """The answer of `prove_graph_terminates`: ``proved`` only with every loop proved."""

    proved: bool
    reason: str
    loops: tuple[LoopProof, ...] = ()
    assumptions: tuple[str, ...] = ()
    integer_semantics: str = "mathematical"
    lemmas: tuple[ResultLemma, ...] = ()
    """The result lemmas of recursive methods the loop proofs rely on (`lemmas.longest_paths`)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "proved": self.proved,
            "reason": self.reason,
            "integer_semantics": self.integer_semantics,
            "assumptions": list(self.assumptions),
            "loops": [loop.to_json() for loop in self.loops],
            "lemmas": [lemma.to_json() for lemma in self.lemmas],
        }

    def text_lines(self) -> list[str]:
        """A YES proof for a reader: each loop with its source lines and, per loop head, its
        ranking functions in source names (most significant first); then the assumptions.
        The whole proof object (ITSs, inductive invariants, proof steps) is in the JSON."""
        lines = ["proof:"]
        if not self.loops:
            lines.append("  the program has no loop and no recursion")
        for loop in self.loops:
            where = "lines {}-{}".format(*loop.lines) if loop.lines else "lines unknown"
            lines.append(f"  {loop.kind} in {loop.method} ({where})")
            for head in loop.heads:
                at = f"line {head.line}" if head.line is not None else f"pc {head.pc}"
                ranking = (
                    ", ".join(head.ranking)
                    if head.ranking
                    else "left within the loop's other heads"
                )
                lines.append(f"    at {at}: ranking ({ranking})")
        lines.extend(f"  lemma: {lemma.describe()}" for lemma in self.lemmas)
        facts = [*(f for loop in self.loops for f in loop.heap_facts)]
        facts += [f for lemma in self.lemmas for f in lemma.heap_facts]
        lines.extend(f"  heap fact: {fact}" for fact in dict.fromkeys(facts))
        lines.extend(f"  assuming {assumption}" for assumption in self.assumptions)
        lines.append("  (--format json gives the integer transition systems and every proof step)")
        return lines

    def assumed(self) -> tuple[str, ...]:
        return self.assumptions

    def verify(self) -> bool:
        """Proved, every loop's proof re-checked against its ITS (`LoopProof.verify`) and
        every lemma's obligations re-checked (`ResultLemma.verify`)."""
        return (
            self.proved
            and all(loop.verify() for loop in self.loops)
            and all(lemma.verify() for lemma in self.lemmas)
        )

    def describe(self) -> str:
        if not self.proved:
            return f"not proved: {self.reason}"
        lines = [f"terminates: {self.reason}"]
        lines += [loop.describe() for loop in self.loops]
        lines += [f"assuming {a}" for a in self.assumptions]
        return "\n".join(lines)
