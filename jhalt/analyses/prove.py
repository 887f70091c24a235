"""`jhalt prove`: the termination verdict of one entry, combining the analyses.

Order (as the analyses land): build the symbolic execution graph, try the
non-termination provers (a NO needs a witness), then the termination prover (a YES
needs a proof). Until those exist this answers MAYBE with the reason.
"""

from __future__ import annotations

import time

from jhalt.classfile import ClassPath
from jhalt.errors import InputError
from jhalt.findings import ProveResult, Verdict
from jhalt.ids import MethodId


def prove_termination(classpath: ClassPath, entry: MethodId, timeout_s: float) -> ProveResult:
    """Decide whether ``entry`` terminates for every input (competition semantics)."""
    started = time.monotonic()
    cls = classpath.find(entry.class_name)
    method = cls.method(entry.name, entry.descriptor) if cls else None
    if method is None:
        raise InputError(f"no method {entry}")
    if method.code is None:
        return ProveResult(
            Verdict.MAYBE,
            entry,
            "the entry method has no bytecode (abstract or native)",
            time_s=time.monotonic() - started,
        )
    return ProveResult(
        Verdict.MAYBE,
        entry,
        "not implemented yet",
        time_s=time.monotonic() - started,
        stats={"classes": len(classpath.class_names())},
    )
