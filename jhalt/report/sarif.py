"""SARIF 2.1.0 output of `jhalt check`, in the shape GitHub code scanning accepts.

One rule per finding kind (exception type, or ``non-termination``: its id and texts are the
`jhalt.findings.FindingKind`'s), results with a
physical location (source file under ``--source-root`` when given, else the class's
SourceFile name), the path as a codeFlow, and a stable partial fingerprint.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from jhalt import __version__
from jhalt.findings import Finding, JdkUsed, Replay, SourceLocation, kind_of
from jhalt.witness.claim import why_not_replayed

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def rule_id(kind: str) -> str:
    """The SARIF rule id of the finding kind named ``kind`` (`FindingKind.rule_id`)."""
    return kind_of(kind).rule_id


def _artifact_uri(location: SourceLocation, source_root: str | None) -> str:
    source = (
        location.source_file
        or (location.method.class_name.rsplit("$", 1)[0] + ".java").rsplit("/", 1)[-1]
    )
    package = location.method.class_name.rpartition("/")[0]
    relative = f"{package}/{source}" if package else source
    if source_root:
        return f"{source_root.rstrip('/')}/{relative}"
    return relative


def _physical(location: SourceLocation, source_root: str | None) -> dict[str, Any]:
    physical: dict[str, Any] = {
        "artifactLocation": {"uri": _artifact_uri(location, source_root)},
    }
    if location.line:
        physical["region"] = {"startLine": location.line}
    return {"physicalLocation": physical}


FINGERPRINT = "jhaltFinding/v1"
"""The name of jhalt's partial fingerprint: the key of ``check --baseline`` (`fingerprint`)."""


def fingerprint_of(kind: str, method: str, pc: int, entry: str) -> str:
    """The fingerprint of a finding of ``kind`` at ``method``/``pc`` reached from ``entry``."""
    key = f"{kind}|{method}|{pc}|{entry}"
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def fingerprint(finding: Finding) -> str:
    """The fingerprint of ``finding``: its kind, site method and pc, and entry."""
    location = finding.location
    return fingerprint_of(finding.kind, str(location.method), location.pc, str(finding.entry))


def _rule(name: str) -> dict[str, Any]:
    """The SARIF rule of the finding kind named ``name``."""
    kind = kind_of(name)
    return {
        "id": kind.rule_id,
        "name": kind.rule_id,
        "shortDescription": {"text": kind.title},
        "fullDescription": {"text": kind.help},
        "help": {"text": kind.help},
        "defaultConfiguration": {"level": "error"},
    }


def _result(finding: Finding, rule_index: int, source_root: str | None) -> dict[str, Any]:
    """The SARIF result of one finding; its path, if any, as one thread flow."""
    result: dict[str, Any] = {
        "ruleId": rule_id(finding.kind),
        "ruleIndex": rule_index,
        "level": finding.level,
        "message": {"text": finding.message},
        "locations": [_physical(finding.location, source_root)],
        "partialFingerprints": {FINGERPRINT: fingerprint(finding)},
        "properties": {"witness": finding.witness.to_json(), "entry": str(finding.entry)},
    }
    if finding.category:
        result["properties"]["category"] = finding.category
    if finding.witness.replay is Replay.NOT_RUN:
        result["properties"]["notReplayed"] = why_not_replayed(finding.witness.replay_detail)
    if finding.path:
        steps = [{"location": _physical(step, source_root)} for step in finding.path]
        result["codeFlows"] = [{"threadFlows": [{"locations": steps}]}]
    return result


def sarif_log(
    findings: list[Finding],
    source_root: str | None = None,
    notes: list[str] | None = None,
    complete: bool = True,
    jdk: JdkUsed | None = None,
) -> dict[str, Any]:
    """A SARIF 2.1.0 log: one rule per finding kind (sorted), one result per finding (one
    whose witness did not run on the JVM has the property ``notReplayed``: why), the notes
    as tool execution notifications, the JDK that replayed as the run's property ``jdk``. An
    incomplete run (stopped by a signal) has an invocation with ``executionSuccessful: false``."""
    kinds = sorted({f.kind for f in findings})
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "jhalt",
                "version": __version__,
                "informationUri": "https://pypi.org/project/jhalt/",
                "rules": [_rule(kind) for kind in kinds],
            }
        },
        "results": [_result(f, kinds.index(f.kind), source_root) for f in findings],
    }
    if jdk is not None:
        run["properties"] = {"jdk": jdk.to_json()}
    if notes or not complete:
        run["invocations"] = [
            {
                "executionSuccessful": complete,
                "toolExecutionNotifications": [
                    {"level": "note", "message": {"text": n}} for n in notes or []
                ],
            }
        ]
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def sarif_text(
    findings: list[Finding],
    source_root: str | None = None,
    notes: list[str] | None = None,
    complete: bool = True,
    jdk: JdkUsed | None = None,
) -> str:
    return json.dumps(sarif_log(findings, source_root, notes, complete, jdk), indent=2) + "\n"
