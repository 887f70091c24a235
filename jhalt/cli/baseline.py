"""``jhalt check --baseline FILE``: report only the findings that a previous run did not report
(issue 19).

FILE is the output of an earlier `jhalt check` in JSON or SARIF (``--format json|sarif``,
told apart by their content). Two findings are the same when they have the same *key*: the
kind (the exception class, e.g. ``java.lang.NullPointerException``, or ``non-termination``),
the method and bytecode position (pc) of the site, and the entry method — exactly what the
SARIF ``partialFingerprints["jhaltFinding/v1"]`` hashes (`jhalt.report.sarif.fingerprint`),
so a SARIF baseline is matched by that fingerprint and a JSON baseline by the same hash of its
``kind``, ``location.method``, ``location.pc`` and ``entry``. The position is the bytecode
position, not the line: edits elsewhere in the file keep the key; a change of the method's
code before the site moves the pc and reports the finding again, as new.

A FILE that cannot be read or is neither format is an input error (exit 2).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jhalt.errors import InputError
from jhalt.findings import Finding
from jhalt.report.sarif import FINGERPRINT, fingerprint, fingerprint_of

__all__ = ["load_baseline", "new_findings"]


def load_baseline(path: str) -> frozenset[str]:
    """The keys (fingerprints) of the findings in the JSON or SARIF file ``path``."""
    try:
        document = json.loads(Path(path).read_text())
    except OSError as exc:
        raise InputError(f"--baseline {path}: cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"--baseline {path}: not JSON: {exc}") from None
    try:
        if isinstance(document, dict) and "runs" in document:
            return frozenset(_sarif_keys(document))
        if isinstance(document, dict) and "findings" in document:
            return frozenset(_json_keys(document["findings"]))
    except (KeyError, TypeError, AttributeError) as exc:
        raise InputError(f"--baseline {path}: a finding lacks {exc}") from None
    raise InputError(f"--baseline {path}: neither jhalt's JSON nor SARIF output")


def _sarif_keys(document: dict[str, Any]) -> list[str]:
    return [
        result["partialFingerprints"][FINGERPRINT]
        for run in document["runs"]
        for result in run.get("results", [])
    ]


def _json_keys(findings: Sequence[dict[str, Any]]) -> list[str]:
    return [
        fingerprint_of(f["kind"], f["location"]["method"], f["location"]["pc"], f["entry"])
        for f in findings
    ]


def new_findings(findings: Sequence[Finding], baseline: frozenset[str]) -> list[Finding]:
    """The findings whose key is not in ``baseline``, in their order."""
    return [finding for finding in findings if fingerprint(finding) not in baseline]
