"""The `jhalt` command line: argument parsing, output selection and exit codes.

Exit codes (documented in the README):
  0  a result was produced (for `check`: no finding)
  1  `check` found something (or `watch`/`attach` proved a thread stuck)
  2  usage or input error: one clear line on stderr
  3  internal error: one line on stderr naming the file with the details
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from jhalt import __version__
from jhalt.errors import InputError, JhaltError
from jhalt.ids import MethodId

if TYPE_CHECKING:
    from jhalt.findings import ProveResult
    from jhalt.seg.library import ModelRegistry

EXIT_OK = 0
EXIT_FOUND = 1
EXIT_INPUT = 2
EXIT_INTERNAL = 3


def _write_output(text: str, out: str | None) -> None:
    if out:
        try:
            Path(out).write_text(text)
        except OSError as exc:
            raise InputError(f"{out}: cannot write: {exc.strerror or exc}") from None
    else:
        sys.stdout.write(text)
        sys.stdout.flush()


# ------------------------------------------------------------------ commands


def cmd_prove(args: argparse.Namespace) -> int:
    from jhalt.analyses.prove import prove_termination
    from jhalt.cli.target import open_classpath, resolve_entry
    from jhalt.report.prove_output import prove_json, prove_text

    classpath = open_classpath(args.target, args.classpath)
    entry = resolve_entry(classpath, args.entry, args.main)
    result = prove_termination(classpath, entry, args.timeout, model_registry())
    if result.witness is not None:
        result = _replay_nontermination(result, classpath.spec, args)
    _write_output(prove_json(result) if args.format == "json" else prove_text(result), args.out)
    return EXIT_OK


def _replay_nontermination(
    result: ProveResult, classpath: str, args: argparse.Namespace
) -> ProveResult:
    """Run a NO's witness on a real JVM (issue 5): still running after ``--replay-wait``
    seconds and, by thread dump, inside the reported loop → confirmed. The proof stands
    either way; the replay is extra evidence and is reported as it came out."""
    import dataclasses

    from jhalt.witness.inputs import ConcreteInputs, args_inputs
    from jhalt.witness.replay import Claim, replay, skipped
    from jhalt.witness.reproducer import NON_TERMINATION

    witness = result.witness
    assert witness is not None
    if args.no_validate:
        outcome = skipped("replay skipped: --no-validate")
    else:
        lines = result.loop.lines if result.loop else None
        method = result.loop.method if result.loop else result.entry
        inputs = (
            args_inputs(witness.args)
            if witness.args is not None
            else ConcreteInputs.from_json(witness.inputs)
        )
        claim = Claim(NON_TERMINATION, method, (lines[0], lines[1]) if lines else None)
        outcome = replay(classpath, result.entry, inputs, claim, timeout_s=args.replay_wait)
    return dataclasses.replace(result, witness=outcome.applied_to(witness))


def cmd_check(args: argparse.Namespace) -> int:
    """Uncaught exceptions and non-termination with witnesses (issues 4, 5): every entry runs in
    its own process (``run_entries``); each finding gets a reproducer and is replayed on the
    JVM unless ``--no-validate``. A witness the JVM does not confirm is dropped from the
    findings and listed in the notes; one that could not be replayed stays, marked "not run".
    ``--main``/Main-Class entries get the command-line semantics (non-null strings);
    ``--entry`` and ``--all`` entries are called as methods (any arguments)."""
    from jhalt.analyses.check import check_entry
    from jhalt.cli.batch import run_entries
    from jhalt.cli.target import open_classpath, public_entries, resolve_entry
    from jhalt.findings import Finding, Replay
    from jhalt.program import Program
    from jhalt.report.check_output import check_json, check_text
    from jhalt.report.sarif import sarif_text
    from jhalt.seg.entry import is_main
    from jhalt.witness.replay import find_jdk
    from jhalt.witness.validate import validate_finding

    classpath = open_classpath(args.target, args.classpath)
    if args.all:
        if args.entry or args.main:
            raise InputError("--all analyses every public method: leave out --entry and --main")
        entries = public_entries(classpath)
        if not entries:
            raise InputError(f"{classpath.spec} has no public methods with code")
    else:
        entries = [resolve_entry(classpath, args.entry, args.main)]
    program = Program.from_classpath(classpath)
    jdk = None if args.no_validate else find_jdk()
    reproducer_dir = (
        Path(args.reproducers)
        if args.reproducers
        else Path(tempfile.mkdtemp(prefix="jhalt-reproducers-"))
    )
    registry = model_registry()
    analysis_share = 0.5 if jdk else 0.9

    def analyse(entry: MethodId) -> tuple[list[Finding], list[str], list[str], dict[str, object]]:
        started = time.monotonic()
        command_line = not args.all and not args.entry and is_main(entry)
        report = check_entry(
            program, entry, command_line=command_line, registry=registry,
            timeout_s=args.timeout * analysis_share,
        )  # fmt: skip
        kept: list[Finding] = []
        dropped = list(report.dropped)
        for number, finding in enumerate(report.findings, 1):
            remaining = args.timeout - (time.monotonic() - started)
            finding, result = validate_finding(
                finding,
                classpath=classpath.spec,
                entry=entry,
                command_line=command_line,
                reproducer_dir=reproducer_dir
                / f"{entry.class_name.replace('/', '_')}_{entry.name.strip('<>')}_{number}",
                jdk=jdk,
                skip_reason="--no-validate" if args.no_validate else None,
                timeout_s=max(2.0, min(10.0, remaining / 2)),
            )
            if result.status is Replay.UNCONFIRMED:
                dropped.append(
                    f"{finding.kind} at {finding.location.method}@{finding.location.pc}: "
                    f"witness not confirmed by the JVM ({result.detail})"
                )
            else:
                kept.append(finding)
        stats = dict(report.stats)
        stats["replay_unconfirmed"] = len(report.findings) - len(kept)
        return kept, dropped, list(report.notes), stats

    outcomes = run_entries(entries, analyse, jobs=args.jobs, timeout_s=args.timeout, describe=str)
    findings: list[Finding] = []
    notes: list[str] = []
    totals = {"entries": len(entries), "findings": 0, "unconfirmed": 0, "errors": 0, "timeouts": 0}
    for outcome in outcomes:
        if outcome.result is None:
            kind = "timeouts" if outcome.error and outcome.error.startswith("timeout") else "errors"
            totals[kind] += 1
            notes.append(f"{outcome.entry}: {outcome.error}")
            continue
        kept, dropped, entry_notes, _ = outcome.result
        findings.extend(kept)
        totals["unconfirmed"] += len(dropped)
        notes.extend(f"unconfirmed (not reported): {line}" for line in dropped)
        notes.extend(entry_notes)
    totals["findings"] = len(findings)
    notes.insert(0, "stats: " + ", ".join(f"{key}={value}" for key, value in totals.items()))
    if findings:
        notes.insert(1, f"reproducers: {reproducer_dir}")
    if args.format == "json":
        text = check_json(findings, notes)
    elif args.format == "sarif":
        text = sarif_text(findings, args.source_root, notes)
    else:
        from jhalt.report.sources import SourceLines

        roots = [args.source_root] if args.source_root else []
        text = check_text(findings, notes, SourceLines(classpath, roots))
    _write_output(text, args.out)
    return EXIT_FOUND if findings and not args.exit_zero else EXIT_OK


def cmd_graph(args: argparse.Namespace) -> int:
    from jhalt.cli.target import open_classpath, resolve_entry
    from jhalt.program import Program
    from jhalt.report.graph_output import to_dot, to_json
    from jhalt.seg.builder import BuildLimits, build_graph

    classpath = open_classpath(args.target, args.classpath)
    entry = resolve_entry(classpath, args.entry, args.main)
    graph = build_graph(
        Program(classpath), entry, model_registry(), BuildLimits(timeout_s=float(args.timeout))
    )
    _write_output(to_json(graph) if args.format == "json" else to_dot(graph), args.out)
    return EXIT_OK


def model_registry() -> ModelRegistry:
    """The JDK library models, all of them: the one place (with `jhalt.models`' aggregator)
    that knows the full set of plug-ins."""
    from jhalt.models import default_registry

    return default_registry()


def cmd_disasm(args: argparse.Namespace) -> int:
    from jhalt.classfile import normalise_class_name
    from jhalt.cli.target import open_classpath
    from jhalt.report.disasm import render_class

    classpath = open_classpath(args.target, args.classpath)
    if args.class_name:
        names = [normalise_class_name(args.class_name)]
        if names[0] not in classpath:
            raise InputError(f"class {args.class_name} is not in {classpath.spec}")
    else:
        names = classpath.class_names()
    parts = []
    for name in names:
        cls = classpath.find(name)
        assert cls is not None
        parts.append(render_class(cls))
    _write_output("\n".join(parts), args.out)
    return EXIT_OK


# ------------------------------------------------------------------ parser


def _add_target(parser: argparse.ArgumentParser, entry: bool = True) -> None:
    parser.add_argument(
        "target",
        metavar="TARGET",
        help="a jar, a directory of classes, a .class file, or a classpath of these (a.jar:dir)",
    )
    parser.add_argument(
        "--classpath", "-cp", metavar="PATH", help="more classpath entries (a.jar:dir)"
    )
    if entry:
        parser.add_argument(
            "--entry",
            metavar="METHOD",
            help="entry method: pkg.Cls.name(DESCRIPTOR), e.g. 'pkg.Main.run(Ljava/lang/String;I)V'",
        )
        parser.add_argument("--main", metavar="CLASS", help="entry: CLASS.main(String[])")
    parser.add_argument(
        "--out", "-o", metavar="FILE", help="write the output to FILE instead of stdout"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jhalt",
        description="Will this Java program stop? Proofs (YES), witnesses (NO), and exception findings.",
    )
    parser.add_argument("--version", action="version", version=f"jhalt {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    prove = sub.add_parser("prove", help="termination of one entry: YES, NO or MAYBE")
    _add_target(prove)
    prove.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="seconds (default 60)"
    )
    prove.add_argument("--format", choices=["text", "json"], default="text")
    prove.add_argument(
        "--no-validate", action="store_true", help="do not replay a NO witness on the JVM"
    )
    prove.add_argument(
        "--replay-wait",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds a NO witness must keep running on the JVM (default 10)",
    )
    prove.set_defaults(handler=cmd_prove)

    check = sub.add_parser("check", help="uncaught exceptions and non-termination, with witnesses")
    _add_target(check)
    check.add_argument(
        "--all", action="store_true", help="every public method of every class is an entry"
    )
    check.add_argument("--format", choices=["text", "json", "sarif"], default="text")
    check.add_argument(
        "--source-root",
        metavar="DIR",
        help="source directory: SARIF uris are relative to it; text output shows its lines",
    )
    check.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="seconds per entry (default 60)"
    )
    check.add_argument(
        "--exit-zero", action="store_true", help="exit 0 even when something is found"
    )
    check.add_argument(
        "--no-validate", action="store_true", help="do not replay witnesses on the JVM"
    )
    check.add_argument(
        "--jobs",
        "-j",
        type=int,
        default=1,
        metavar="N",
        help="entries analysed in parallel (default 1)",
    )
    check.add_argument(
        "--reproducers",
        metavar="DIR",
        help="write reproducers here (default: a new temporary directory)",
    )
    check.set_defaults(handler=cmd_check)

    graph = sub.add_parser("graph", help="the symbolic execution graph of an entry (DOT or JSON)")
    _add_target(graph)
    graph.add_argument("--format", choices=["dot", "json"], default="dot")
    graph.add_argument(
        "--timeout", type=float, default=60.0, metavar="S", help="seconds (default 60)"
    )
    graph.set_defaults(handler=cmd_graph)

    disasm = sub.add_parser("disasm", help="decoded bytecode with line numbers, loops and types")
    _add_target(disasm, entry=False)
    disasm.add_argument("class_name", nargs="?", metavar="CLASS", help="only this class (pkg.Cls)")
    disasm.set_defaults(handler=cmd_disasm)

    for register in _plugin_registrars():
        register(sub)
    return parser


def _plugin_registrars() -> list[Callable[[argparse._SubParsersAction], None]]:
    """Subcommands that live in their own modules (the dynamic prover's watch/attach)."""
    from jhalt.cli import dynamic_commands

    return [dynamic_commands.register]


def _report_internal_error(exc: BaseException) -> int:
    log = Path(tempfile.gettempdir()) / f"jhalt-crash-{os.getpid()}-{int(time.time())}.log"
    try:
        log.write_text("".join(traceback.format_exception(exc)))
        where = f"details in {log}"
    except OSError:
        where = "no log could be written"
    print(f"jhalt: internal error: {type(exc).__name__}: {exc} ({where})", file=sys.stderr)
    return EXIT_INTERNAL


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except InputError as exc:
        print(f"jhalt: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except JhaltError as exc:
        if exc.exit_code == EXIT_INPUT:
            print(f"jhalt: error: {exc}", file=sys.stderr)
            return EXIT_INPUT
        return _report_internal_error(exc)
    except KeyboardInterrupt:
        print("jhalt: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except RecursionError as exc:
        return _report_internal_error(exc)
    except Exception as exc:
        return _report_internal_error(exc)


if __name__ == "__main__":
    raise SystemExit(main())
