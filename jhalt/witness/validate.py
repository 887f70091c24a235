"""Turn an analysis finding into a validated one: reproducer source written, witness replayed.

`validate_finding` writes the reproducer (`jhalt.witness.reproducer`; for a witness with
environment values also the classes that return them, in ``injected/`` next to it,
`jhalt.witness.inject`) — its JUnit test in the style asked for, making the witness by plain
calls when the entry is public and the witness needs nothing else (`compact_call`, else
`plain_calls`), by reflection otherwise — and, unless replay is
off or no JDK is found, runs it (`jhalt.witness.replay`): an exception finding is confirmed
only when that exception escapes with the reported method on top; a non-termination
finding only when the program is still running after the wait and a thread dump shows it
in the reported loop. The result is the finding with its witness updated; the caller
decides what to do with unconfirmed ones (``jhalt check`` drops them and says so).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from jhalt.budget import NEVER, Deadline
from jhalt.findings import Finding, Replay, Shown, kind_of
from jhalt.ids import MethodId
from jhalt.witness.api.plain import plain_calls
from jhalt.witness.call_text import compact_call
from jhalt.witness.inject import inject_environment
from jhalt.witness.inputs import ConcreteInputs, args_inputs, main_args
from jhalt.witness.junit import ReproducerStyle
from jhalt.witness.replay import Claim, Jdk, Observer, ReplayResult, not_replayed, replay
from jhalt.witness.reproducer import NO_PUBLIC_CALLS, JUnitRequest, generate_reproducer


def finding_inputs(finding: Finding) -> ConcreteInputs:
    witness = finding.witness
    if witness.inputs:
        return ConcreteInputs.from_json(witness.inputs)
    return args_inputs(witness.args or ())


def finding_claim(finding: Finding) -> Claim:
    if kind_of(finding.kind).shown is Shown.LOOPING:
        # the loop's lines: the steps in its method (the path may start with the calls to it)
        method = finding.location.method
        lines = [s.line for s in finding.path if s.line is not None and s.method == method]
        span = (min(lines), max(lines)) if lines else None
        return Claim(finding.kind, finding.location.method, span, calls=finding.calls)
    line = finding.location.line
    return Claim(finding.kind, finding.location.method, (line, line) if line else None)


def junit_request(
    finding: Finding,
    entry: MethodId,
    inputs: ConcreteInputs,
    style: ReproducerStyle,
    public_entry: bool,
) -> JUnitRequest:
    """The reproducer's JUnit test: plain calls when ``public_entry`` (a public method of a
    public class) and the witness is only values (module docstring), else why reflection."""
    lines = finding_claim(finding).lines
    reason = NO_PUBLIC_CALLS
    if not public_entry:
        reason = f"{entry.dotted_class}.{entry.name} is not public in a public class"
    elif inputs.receiver is not None:
        reason = "the receiver's fields are set as the witness has them"
    elif inputs.statics:
        reason = "static fields are set as the witness has them"
    else:
        compact = compact_call(entry, inputs)
        calls = (compact,) if compact is not None else plain_calls(entry, inputs)
        if calls:
            return JUnitRequest(style, calls, lines=lines)
    return JUnitRequest(style, reflection=reason, lines=lines)


def validate_finding(
    finding: Finding,
    *,
    classpath: str,
    entry: MethodId,
    command_line: bool,
    reproducer_dir: Path,
    jdk: Jdk | None,
    skip_reason: str | None,
    timeout_s: float,
    observe: Observer | None = None,
    deadline: Deadline = NEVER,
    style: ReproducerStyle = ReproducerStyle.REGRESSION,
    public_entry: bool = False,
) -> tuple[Finding, ReplayResult]:
    """The finding with reproducer path and replay status in its witness, and the replay result.

    ``skip_reason`` (e.g. "--no-validate") or ``jdk=None`` mean: do not run, mark "not run"
    ("not replayed: SKIP_REASON").
    ``observe``: a hang is first watched by it (`jhalt.witness.replay.replay`); the replay
    ends by ``deadline``. ``style`` and ``public_entry``: the JUnit test (`junit_request`)."""
    inputs = finding_inputs(finding)
    witness = finding.witness
    # the analysis's own forward check (e.g. "inconclusive: …"): kept when the JVM does not run
    analysis_detail = witness.replay_detail
    if command_line and witness.args is None:
        witness = dataclasses.replace(witness, args=main_args(inputs))
    try:
        expected = finding.kind
        test = junit_request(finding, entry, inputs, style, public_entry)
        sources = generate_reproducer(entry, inputs, expected, finding.location.method, test=test)
        main_source, _ = sources.write(reproducer_dir)
        witness = dataclasses.replace(witness, reproducer=str(main_source))
        injected = inputs.injected
        if injected:  # the classes that return them, for a run of the reproducer
            inject_environment(classpath, injected, reproducer_dir)
    except (ValueError, OSError) as error:
        witness = dataclasses.replace(witness, replay_detail=f"no reproducer: {error}")
    if skip_reason is not None:
        result = not_replayed(skip_reason)
    elif jdk is None:
        result = not_replayed("no JDK found")
    else:
        result = replay(
            classpath,
            entry,
            inputs,
            finding_claim(finding),
            timeout_s=timeout_s,
            jdk=jdk,
            observe=observe,
            deadline=deadline,
        )
    validated = result.applied_to(witness)
    if result.status is Replay.NOT_RUN and analysis_detail:
        validated = dataclasses.replace(
            validated, replay_detail=f"{result.detail}; symbolic check {analysis_detail}"
        )
    return dataclasses.replace(finding, witness=validated), result
