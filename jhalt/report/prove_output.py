"""Rendering `jhalt prove` results: text (first line YES/NO/MAYBE) and JSON."""

from __future__ import annotations

import json

from jhalt.analyses.recurrent import RecurrentSetResult
from jhalt.classfile import ClassPath
from jhalt.findings import ProveResult
from jhalt.report.run_summary import RunTimes
from jhalt.report.verdict_text import derivation_lines, plain_proof_lines, plain_reason
from jhalt.report.witness_text import replay_line, witness_lines


def prove_text(
    result: ProveResult, explain: bool = False, classpath: ClassPath | None = None
) -> str:
    """First line exactly YES, NO or MAYBE (termination-competition convention), then evidence:
    the reason in plain words, the witness as Java-like inputs with its replay status and the
    JDK it was given to, the proof in plain words (`jhalt.report.verdict_text`), statistics,
    and the times (analysis, replay, wall: `jhalt.report.run_summary.RunTimes`). With
    ``explain`` (``--explain``) the derivation follows: the reason and the evidence as the
    analysis renders them (`jhalt.findings.Evidence.text_lines`), notation and all. The
    ``classpath`` analysed says how the witness's command line starts (`java_words`)."""
    lines = [result.verdict.value, f"entry: {result.entry}", f"reason: {plain_reason(result)}"]
    if result.witness is not None:
        inputs = witness_lines(result.witness, result.entry, classpath=classpath)
        lines.append(f"witness: {inputs[0]}")
        lines.extend(f"         {line}" for line in inputs[1:])
        lines.append(replay_line(result.witness))
        if result.jdk is not None:
            lines.append(f"jdk: {result.jdk.text()}")
        if result.witness.reproducer:
            lines.append(f"reproducer: {result.witness.reproducer}")
    if isinstance(result.proof, RecurrentSetResult):
        lines.append(f"recurrent set: {result.proof.plain_set()}")
    lines.extend(plain_proof_lines(result))
    if explain:
        lines.extend(derivation_lines(result))
    if result.stats:
        lines.append("stats: " + ", ".join(f"{k}={v}" for k, v in sorted(result.stats.items())))
    lines.append(f"time: {prove_times(result)}")
    return "\n".join(lines) + "\n"


def prove_times(result: ProveResult) -> str:
    """``analysis 0.53s, replay 12.10s, wall 14.31s``; without a wall clock (a result made
    in-process) the analysis alone."""
    if result.wall_s is None:
        return f"analysis {result.time_s:.2f}s"
    return RunTimes(result.time_s, result.replay_s, result.wall_s).text()


def explained_prove_text(result: ProveResult, classpath: ClassPath | None = None) -> str:
    """`prove_text` with the derivation (``--explain``)."""
    return prove_text(result, explain=True, classpath=classpath)


def prove_json(result: ProveResult) -> str:
    """The answer as JSON; a NO with a universal recurrent set also has it under the
    top-level key ``recurrent_set`` (`RecurrentSetResult.recurrent_set_json`). ``plain``
    holds the plain reason and proof of the text output (issue 34 item 4), next to the
    analysis's own ``reason`` and ``proof``."""
    data = result.to_json()
    data["plain"] = [f"reason: {plain_reason(result)}", *plain_proof_lines(result)]
    if isinstance(result.proof, RecurrentSetResult):
        data["recurrent_set"] = result.proof.recurrent_set_json()
    return json.dumps(data, indent=2, sort_keys=True) + "\n"
