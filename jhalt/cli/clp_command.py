"""`jhalt clp TARGET`: the CLP program of an entry (issue 15; seed 001 §4), printed as the
seed's figures print clauses — for researchers who want to read or reuse the translation.
Exit 0 with the program on stdout (or ``--out``); 2 on a bad target; a translation that is
refused as a whole (the entry has no exact abstraction) is one line on stderr, exit 2."""

from __future__ import annotations

import argparse

from jhalt.analyses.clp import translate_program
from jhalt.analyses.clp.abstraction import Refusal
from jhalt.cli.arguments import class_name, method_name
from jhalt.cli.output import write_output
from jhalt.cli.target import open_classpath, resolve_entry
from jhalt.errors import InputError


def cmd_clp(args: argparse.Namespace) -> int:
    classpath = open_classpath(args.target, args.classpath)
    entry = resolve_entry(classpath, args.entry, args.main)
    try:
        program = translate_program(classpath, entry)
    except Refusal as refusal:
        raise InputError(f"no CLP program for {entry}: {refusal}") from refusal
    write_output(program.text(), args.out)
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``clp`` subcommand."""
    clp = subparsers.add_parser(
        "clp", help="print the constraint logic program of an entry (seed 001)"
    )
    clp.add_argument("target", metavar="TARGET", help="a jar, class directory or class file")
    clp.add_argument("--classpath", "-cp", metavar="PATH", help="more classpath entries")
    clp.add_argument(
        "--entry", type=method_name, metavar="METHOD", help="entry: pkg.Cls.name(DESCRIPTOR)"
    )
    clp.add_argument("--main", type=class_name, metavar="CLASS", help="entry: CLASS.main(String[])")
    clp.add_argument("--out", "-o", metavar="FILE", help="write to FILE instead of stdout")
    clp.set_defaults(handler=cmd_clp)
