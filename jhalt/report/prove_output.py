"""Rendering `jhalt prove` results: text (first line YES/NO/MAYBE) and JSON."""

from __future__ import annotations

import json
from typing import Any

from jhalt.findings import ProveResult
from jhalt.report.witness_text import replay_line, witness_lines


def prove_text(result: ProveResult) -> str:
    """First line exactly YES, NO or MAYBE (termination-competition convention), then evidence:
    the witness as Java-like inputs with its replay status, the proof object, statistics."""
    lines = [result.verdict.value, f"entry: {result.entry}", f"reason: {result.reason}"]
    if result.witness is not None:
        inputs = witness_lines(result.witness, result.entry)
        lines.append(f"witness: {inputs[0]}")
        lines.extend(f"         {line}" for line in inputs[1:])
        lines.append(replay_line(result.witness))
        if result.witness.reproducer:
            lines.append(f"reproducer: {result.witness.reproducer}")
    if isinstance(result.proof, dict) and "loops" in result.proof:
        lines.extend(_termination_proof_lines(result.proof))
    elif isinstance(result.proof, dict) and "evidence" in result.proof and "loop" in result.proof:
        lines.extend(_nontermination_proof_lines(result.proof))
    elif result.proof is not None:
        proof = (
            result.proof if isinstance(result.proof, str) else json.dumps(result.proof, indent=2)
        )
        lines.append("proof:")
        lines.extend("  " + line for line in proof.splitlines())
    if result.stats:
        lines.append("stats: " + ", ".join(f"{k}={v}" for k, v in sorted(result.stats.items())))
    lines.append(f"time: {result.time_s:.2f}s")
    return "\n".join(lines) + "\n"


def _termination_proof_lines(proof: dict[str, Any]) -> list[str]:
    """A YES proof for a reader: each loop with its source lines and, per loop head, its
    ranking functions in source names (most significant first); then the assumptions.  The
    whole proof object (ITSs, inductive invariants, proof steps) is in the JSON output."""
    lines = ["proof:"]
    if not proof["loops"]:
        lines.append("  the program has no loop and no recursion")
    for loop in proof["loops"]:
        where = "lines {}-{}".format(*loop["lines"]) if loop.get("lines") else "lines unknown"
        lines.append(f"  loop in {loop['method']} ({where})")
        for head in loop["heads"]:
            at = f"line {head['line']}" if head.get("line") is not None else f"pc {head['pc']}"
            ranking = (
                ", ".join(head["ranking"])
                if head["ranking"]
                else "left within the loop's other heads"
            )
            lines.append(f"    at {at}: ranking ({ranking})")
    lines.extend(f"  assuming {assumption}" for assumption in proof.get("assumptions", ()))
    lines.append("  (--format json gives the integer transition systems and every proof step)")
    return lines


def _nontermination_proof_lines(proof: dict[str, Any]) -> list[str]:
    """A NO proof for a reader: its kind, the loop (method, source lines, file) and the
    solver's evidence; the overflow note when the argument needs mathematical integers."""
    loop = proof["loop"]
    where = "lines {}-{}".format(*loop["lines"]) if loop.get("lines") else f"pc {loop['head_pc']}"
    source = f" of {loop['source_file']}" if loop.get("source_file") else ""
    lines = [
        "proof:",
        f"  {proof['kind']} non-termination in {loop['method']} ({where}{source})",
        f"  evidence: {proof['evidence']}",
    ]
    if proof.get("overflow_note"):
        lines.append(f"  note: {proof['overflow_note']}")
    lines.append("  (--format json gives the loop's instructions and the solver's data)")
    return lines


def prove_json(result: ProveResult) -> str:
    return json.dumps(result.to_json(), indent=2, sort_keys=True) + "\n"
