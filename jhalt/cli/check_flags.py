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

from jhalt.analyses.check import CheckSettings
from jhalt.cli.arguments import class_name


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


__all__ = ["add_environment_flags", "check_settings", "class_list", "settings_note"]
