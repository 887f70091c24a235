"""Rendering `jhalt check` results as text and JSON (SARIF is in `jhalt.report.sarif`).

The text format is for people (issue 4 item 5). Per finding:

    [1] uncaught java.lang.NullPointerException: dereference of null
        at Loop.main(String[]) (Loop.java:9)
            position += args[position].length();
        entry: Loop.main(String[])
        level: error (from main)
        path:
            Loop.java:6   int position = 0;
            Loop.java:7   int end = args.length;
            Loop.java:8   while (position < end) {
          > Loop.java:9   position += args[position].length();
        witness: args = new String[]{null}
        replay: confirmed (the JVM threw java.lang.NullPointerException at Loop.main(Loop.java:9))
        reproducer: /tmp/jhalt-reproducers-…/Loop_main_05a886_1/Reproduce_Loop_main.java

A non-termination's title says in plain words why the loop never exits (issue 34 item 4);
``--explain`` adds the analysis's ``derivation:`` (the proof's notation), which JSON has as
``"derivation"``.

Findings whose witness did not run on the JVM (``replay: not replayed, because …``: no
sandbox, the JVM refused its options or the class, ``--no-validate``, …) come last, in a
section of their own ("not replayed"): they are neither confirmed nor refuted. JSON marks each
with ``"not_replayed": REASON``; both formats name the JDK that replayed (``jdk``).

The level is the triage of `jhalt.analyses.triage` (README "Triage levels"); a finding
reproduced through the public API lists its calls (``public calls:``) before the replay line, in
place of the witness (the state the analysis reached, shown with ``--explain``).
The path shows each step's source line when the source is found (`jhalt.report.sources`),
else ``File.java:N`` alone; the witness is Java-like (`jhalt.report.witness_text`); the replay
status is said as it is — ``confirmed``, ``UNCONFIRMED`` or ``not replayed`` — with its reason.
JSON and SARIF are machine formats and keep the witness JSON unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.findings import Finding, JdkUsed, Replay, Shown, SourceLocation, kind_of
from jhalt.ids import MethodId
from jhalt.program.substitutes import is_library_class
from jhalt.report.run_summary import CheckSummary, summary_lines
from jhalt.report.sources import SourceLines
from jhalt.report.witness_text import java_class_name, replay_line, type_text, witness_lines
from jhalt.witness.claim import why_not_replayed

__all__ = ["check_json", "check_text", "method_text"]

_PATH_HEAD = 12
_PATH_TAIL = 20
_INDENT = "    "


def method_text(method: MethodId) -> str:
    """``Loop.main(String[])``: the class and parameter types as Java source names."""
    try:
        parameters, _ = parse_method_descriptor(method.descriptor)
        shown = ", ".join(type_text(p) for p in parameters)
    except ValueError:
        shown = method.descriptor
    return f"{java_class_name(method.class_name)}.{method.name}({shown})"


def _short_method(method: MethodId) -> str:
    """``Random.random()``: `method_text` without the package."""
    simple = MethodId(method.class_name.rsplit("/", 1)[-1], method.name, method.descriptor)
    return method_text(simple)


def _file_line(location: SourceLocation) -> str:
    source = location.source_file or (
        location.method.class_name.rsplit("/", 1)[-1].split("$", 1)[0] + ".java"
    )
    return (
        f"{source}:{location.line}" if location.line is not None else f"{source} (pc {location.pc})"
    )


def _title(finding: Finding) -> str:
    kind = kind_of(finding.kind)
    return f"{kind.heading}: {finding.message.removeprefix(kind.message_prefix)}"


def _source_text(sources: SourceLines | None, location: SourceLocation) -> str | None:
    if sources is None:
        return None
    text = sources.line(location)
    return text.strip() if text is not None and text.strip() else None


def _without_library_steps(path: Sequence[SourceLocation]) -> list[SourceLocation]:
    """``path`` without the steps in jhalt's stream library; where some were left out, a line
    then repeated right after itself is shown once."""
    kept = [step for step in path if not is_library_class(step.method.class_name)]
    if len(kept) == len(path):
        return kept
    return [
        step
        for index, step in enumerate(kept)
        if index + 1 == len(kept)
        or (kept[index + 1].method, kept[index + 1].line) != (step.method, step.line)
    ]


def _path_lines(finding: Finding, sources: SourceLines | None) -> list[str]:
    """The path's steps with their source lines; the steps inside jhalt's own stream library
    (`jhalt.program.substitutes`) are left out — the user's code calls the JDK there, and the
    program's call into the pipeline is the step before them (`_without_library_steps`)."""
    steps = _without_library_steps(finding.path) or list(finding.path)
    methods = {step.method for step in steps}
    width = max(len(_file_line(step)) for step in steps)
    last_index = len(steps) - 1
    shown: list[int | None] = list(range(len(steps)))
    if len(steps) > _PATH_HEAD + _PATH_TAIL + 1:
        shown = [*range(_PATH_HEAD), None, *range(len(steps) - _PATH_TAIL, len(steps))]
    lines: list[str] = []
    current: MethodId | None = None
    # a thrown exception's path ends at the site it is thrown at; a loop's path is the loop
    has_site = kind_of(finding.kind).shown is Shown.THROWN
    for index in shown:
        if index is None:
            lines.append(f"{_INDENT}      … {len(steps) - _PATH_HEAD - _PATH_TAIL} more steps …")
            current = None
            continue
        step = steps[index]
        if len(methods) > 1 and step.method != current:
            lines.append(f"{_INDENT}    in {_short_method(step.method)}:")
        current = step.method
        is_site = (
            index == last_index
            and has_site
            and step.method == finding.location.method
            and step.line == finding.location.line
        )
        marker = "  > " if is_site else "    "
        text = _source_text(sources, step)
        where = _file_line(step)
        lines.append(
            f"{_INDENT}{marker}{where.ljust(width)}   {text}"
            if text
            else f"{_INDENT}{marker}{where}"
        )
    return lines


def finding_text(
    number: int, finding: Finding, sources: SourceLines | None = None, explain: bool = False
) -> list[str]:
    """The lines of one finding (module docstring); with ``explain`` its derivation too."""
    location = finding.location
    lines = [f"[{number}] {_title(finding)}"]
    lines.append(f"{_INDENT}at {method_text(location.method)} ({_file_line(location)})")
    site_text = _source_text(sources, location)
    if site_text:
        lines.append(f"{_INDENT}    {site_text}")
    lines.append(f"{_INDENT}entry: {method_text(finding.entry)}")
    if finding.category:  # triaged (`jhalt check` always triages)
        lines.append(f"{_INDENT}level: {finding.level} ({finding.category})")
    if finding.path:
        lines.append(f"{_INDENT}path:")
        lines.extend(_path_lines(finding, sources))
    names = sources.parameter_names(finding.entry) if sources is not None else None
    classpath = sources.classpath if sources is not None else None
    witness = witness_lines(finding.witness, finding.entry, names, classpath)
    # public calls are the input a user runs; the state the analysis reached (objects made
    # without their constructors) would contradict them, so it is shown only on request
    label = "analysed state" if finding.witness.calls else "witness"
    if not finding.witness.calls or explain:
        lines.append(f"{_INDENT}{label}: {witness[0]}")
        lines.extend(f"{_INDENT}{' ' * (len(label) + 2)}{more}" for more in witness[1:])
    if finding.witness.calls:
        lines.append(f"{_INDENT}public calls:")
        lines.extend(f"{_INDENT}    {call}" for call in finding.witness.calls)
    lines.append(f"{_INDENT}{replay_line(finding.witness)}")
    lines.append(f"{_INDENT}reproducer: {finding.witness.reproducer or 'none'}")
    if explain and finding.derivation:
        lines.append(f"{_INDENT}derivation: {finding.derivation}")
    return lines


def check_text(
    findings: list[Finding],
    notes: list[str],
    sources: SourceLines | None = None,
    jdk: JdkUsed | None = None,
    summary: CheckSummary | None = None,
    explain: bool = False,
) -> str:
    """All findings (`finding_text`), those not replayed last under their own heading, their
    count, the JDK that replayed, the notes, then the run's summary (`summary_lines`), the last
    thing a long run prints. ``sources`` finds source lines and parameter names; without it
    the path shows ``File.java:N`` only. ``explain`` (``--explain``) adds each finding's
    derivation (`Finding.derivation`)."""
    replayed = [f for f in findings if f.witness.replay is not Replay.NOT_RUN]
    unreplayed = [f for f in findings if f.witness.replay is Replay.NOT_RUN]
    lines: list[str] = []
    for number, finding in enumerate(replayed, 1):
        lines.extend(finding_text(number, finding, sources, explain) + [""])
    if unreplayed:
        lines.extend([_unreplayed_heading(unreplayed), ""])
    for number, finding in enumerate(unreplayed, len(replayed) + 1):
        lines.extend(finding_text(number, finding, sources, explain) + [""])
    apart = f", {len(unreplayed)} of them not replayed" if unreplayed else ""
    lines.append(f"{len(findings)} finding(s){apart}")
    if jdk is not None:
        lines.append(f"jdk: {jdk.text()}")
    lines.extend(f"note: {note}" for note in notes)
    if summary is not None:
        lines.extend(["", *summary_lines(summary, findings)])
    return "\n".join(lines) + "\n"


def _unreplayed_heading(findings: list[Finding]) -> str:
    """``not replayed, because …: N finding(s) …`` (the reason when they share one)."""
    reasons = {why_not_replayed(f.witness.replay_detail) for f in findings}
    because = f", because {reasons.pop()}" if len(reasons) == 1 else " (each says why)"
    return (
        f"not replayed{because}: {len(findings)} finding(s) whose witness did not run on the "
        "JVM — neither confirmed nor refuted"
    )


def check_json(
    findings: list[Finding],
    notes: list[str],
    complete: bool = True,
    proved: list[str] | None = None,
    safe: bool = False,
    jdk: JdkUsed | None = None,
    summary: CheckSummary | None = None,
    missing_classes: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """``{"findings": […], "notes": […]}``; a run stopped before every entry was analysed also
    has ``"complete": false`` (absent when complete, so complete runs read as before). Entries
    proved free of uncaught exceptions are listed under ``"proved"``, and ``"safe": true`` says
    that every entry was (both absent otherwise, issue 21). A finding whose witness did not run
    has ``"not_replayed": REASON``; ``"jdk"`` names the JDK that replayed (issue 32);
    ``"summary"`` holds the run's summary (`CheckSummary.to_json`, issue 34);
    ``"missing_classes"`` maps each missing class to the classes that need it (when any)."""
    document: dict[str, object] = {"findings": [_finding_json(f) for f in findings], "notes": notes}
    if not complete:
        document["complete"] = False
    if proved:
        document["proved"] = proved
    if safe:
        document["safe"] = True
    if jdk is not None:
        document["jdk"] = jdk.to_json()
    if summary is not None:
        document["summary"] = summary.to_json(findings)
    if missing_classes:
        document["missing_classes"] = {k: list(v) for k, v in missing_classes.items()}
    return json.dumps(document, indent=2, sort_keys=True) + "\n"


def _finding_json(finding: Finding) -> dict[str, object]:
    data: dict[str, object] = finding.to_json()
    if finding.witness.replay is Replay.NOT_RUN:
        data["not_replayed"] = why_not_replayed(finding.witness.replay_detail)
    return data
