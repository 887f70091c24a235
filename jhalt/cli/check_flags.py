"""The flags of `jhalt check` about the program's environment (issue 21): ``--inputs``,
``--assertions`` and ``--require-proof``, and the `CheckSettings` they make.

* ``--inputs CLASS[,CLASS…]`` — stub classes whose methods returning a primitive or String are
  inputs (environment values, `jhalt.seg.environment`), e.g. ``Verifier`` with
  ``nondetInt()``; a static ``void`` method of such a class taking one boolean is an
  ``assume``: the run ends when it is false;
* ``--assertions on|off`` — whether ``assert`` statements run (as ``java -ea`` / without it;
  default ``on``, said in the output);
* ``--require-proof`` — exit 1 when an entry is neither proved free of uncaught exceptions
  nor has a finding (README "Exit codes").
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from jhalt.analyses.check import CheckedEntry, CheckSettings
from jhalt.cli.arguments import class_name
from jhalt.cli.batch import EntryOutcome
from jhalt.cli.exits import EXIT_FOUND
from jhalt.ids import MethodId


def class_list(text: str) -> frozenset[str]:
    """``--inputs``: comma-separated class names (dotted or internal), as internal names."""
    names = [name.strip() for name in text.split(",")]
    return frozenset(class_name(name).replace(".", "/") for name in names)


def add_environment_flags(check: argparse.ArgumentParser) -> None:
    """Add the module's flags to the ``check`` parser."""
    check.add_argument(
        "--inputs",
        type=class_list,
        default=frozenset(),
        metavar="CLASS[,CLASS...]",
        help="stub classes whose methods returning a primitive or String are program inputs "
        "(a static void method taking a boolean is an assume)",
    )
    check.add_argument(
        "--assertions",
        choices=("on", "off"),
        default="on",
        help="whether assert statements run, as with java -ea (default on)",
    )
    check.add_argument(
        "--require-proof",
        action="store_true",
        help="exit 1 when an entry is neither proved free of uncaught exceptions nor has a finding",
    )


def check_settings(args: argparse.Namespace) -> CheckSettings:
    """The settings the flags give."""
    return CheckSettings(input_classes=args.inputs, assertions=args.assertions == "on")


def settings_note(args: argparse.Namespace) -> str:
    """The run-level note that states the settings: ``assertions: on (as java -ea)``, and the
    input classes when given."""
    note = "assertions: on (as java -ea)" if args.assertions == "on" else "assertions: off"
    if args.inputs:
        note += "; input classes: " + ", ".join(sorted(n.replace("/", ".") for n in args.inputs))
    return note


def proved_entries(outcomes: Sequence[EntryOutcome[MethodId, CheckedEntry]]) -> list[str]:
    """The entries proved free of uncaught exceptions (`CheckedEntry.proved`)."""
    return [str(o.entry) for o in outcomes if o.result is not None and o.result.proved]


def require_proof_exit(
    args: argparse.Namespace, outcomes: Sequence[EntryOutcome[MethodId, CheckedEntry]], code: int
) -> int:
    """``code``, or 1 (with a line on stderr) under ``--require-proof`` when it is 0 and some
    entry is neither proved nor has a finding."""
    if not args.require_proof or code != 0:
        return code
    open_entries = [
        str(o.entry)
        for o in outcomes
        if o.result is None or (not o.result.proved and not o.result.kept)
    ]
    if not open_entries:
        return code
    more = f" (and {len(open_entries) - 1} more)" if len(open_entries) > 1 else ""
    print(f"jhalt: --require-proof: not proved: {open_entries[0]}{more}", file=sys.stderr)
    return EXIT_FOUND


__all__ = [
    "add_environment_flags",
    "check_settings",
    "class_list",
    "proved_entries",
    "require_proof_exit",
    "settings_note",
]
