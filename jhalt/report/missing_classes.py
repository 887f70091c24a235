"""The missing classes of a run, said once (issue 34 item 3): the supertypes that classpath
classes name but that are neither on the classpath nor described JDK classes, each with the
classes that need it, and the hint to add their jars with ``--classpath``.

Computed only when some note of the run mentions a missing class (`MENTIONS`): listing them
reads every class of the classpath, which a run whose analyses never met one need not pay.
The entries' own notes still say where a missing class stopped them; this note says what is
missing for the whole run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from jhalt.program import Program

MENTIONS = ("class not found: ", "supertype is missing")
"""Texts of the notes that name a missing class (`jhalt.errors.MissingClassError`'s message,
`jhalt.seg.refine.InstanceClasses.left_out_reason`)."""
MAX_NEEDED_BY = 3
"""Classes named per missing class; the rest are counted."""
MAX_MISSING = 10
"""Missing classes named in the note; the rest are counted (JSON lists them all)."""


def missing_classes(program: Program, notes: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Missing class → the classpath classes that name it as a supertype (dotted names,
    sorted); empty when no note mentions a missing class."""
    if not any(mention in note for note in notes for mention in MENTIONS):
        return {}
    return {
        _dotted(missing): tuple(_dotted(n) for n in needed_by)
        for missing, needed_by in program.missing_supertypes().items()
    }


def missing_classes_note(missing: Mapping[str, Sequence[str]]) -> str | None:
    """``missing classes: a.B (needed by c.D); add their jars with --classpath`` (None when
    nothing is missing)."""
    if not missing:
        return None
    parts = []
    for name, needed_by in list(missing.items())[:MAX_MISSING]:
        shown = ", ".join(needed_by[:MAX_NEEDED_BY])
        if len(needed_by) > MAX_NEEDED_BY:
            shown += f" and {len(needed_by) - MAX_NEEDED_BY} more"
        parts.append(f"{name} (needed by {shown})")
    if len(missing) > MAX_MISSING:
        parts.append(f"and {len(missing) - MAX_MISSING} more")
    return f"missing classes: {'; '.join(parts)}; add their jars with --classpath"


def _dotted(name: str) -> str:
    return name.replace("/", ".")
