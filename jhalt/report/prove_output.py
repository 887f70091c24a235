"""Rendering `jhalt prove` results: text (first line YES/NO/MAYBE) and JSON."""

from __future__ import annotations

import json

from jhalt.findings import ProveResult


def prove_text(result: ProveResult) -> str:
    """First line exactly YES, NO or MAYBE (termination-competition convention), then evidence."""
    lines = [result.verdict.value, f"entry: {result.entry}", f"reason: {result.reason}"]
    if result.witness is not None:
        lines.append(f"witness: {json.dumps(result.witness.to_json(), sort_keys=True)}")
    if result.proof is not None:
        proof = result.proof if isinstance(result.proof, str) else json.dumps(result.proof, indent=2)
        lines.append("proof:")
        lines.extend("  " + line for line in proof.splitlines())
    if result.stats:
        lines.append("stats: " + ", ".join(f"{k}={v}" for k, v in sorted(result.stats.items())))
    lines.append(f"time: {result.time_s:.2f}s")
    return "\n".join(lines) + "\n"


def prove_json(result: ProveResult) -> str:
    return json.dumps(result.to_json(), indent=2, sort_keys=True) + "\n"
