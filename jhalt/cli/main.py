"""The `jhalt` command line: parses arguments, runs the analysis of the command on a `Budget`
of ``--timeout`` seconds, renders its result by ``--format`` name through the tables of
`jhalt.report.formats`, and sets the exit code.

Exit codes (documented in the README):
  0  a result was produced (for `check`: no finding)
  1  `check` found something (or `watch`/`attach` proved a thread stuck)
  2  usage or input error: one clear line on stderr
  3  internal error: one line on stderr naming the file with the details; or `check`
     found something but could replay none of it (`jhalt.cli.exits.unreplayed_exit`)
  130 / 143 / 129  stopped by SIGINT / SIGTERM / SIGHUP: everything jhalt started is killed
     (`jhalt.cli.signals`); an interrupted `check` still prints its findings so far
"""

from __future__ import annotations

import argparse
import dataclasses
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from pathlib import Path

from jhalt import __version__
from jhalt.analyses.check import CheckedEntry, CheckSettings, ReplaySetup, check_and_replay
from jhalt.analyses.prove import ALL, ENGINES, prove_termination
from jhalt.budget import NEVER, Budget, Deadline
from jhalt.classfile import ClassPath, normalise_class_name
from jhalt.cli import clock, clp_command, doctor, dynamic_commands, relevance_command, signals
from jhalt.cli.arguments import (
    OneLineParser,
    class_name,
    existing_directory,
    job_count,
    method_name,
    positive_seconds,
    sample_count,
    writable_directory,
)
from jhalt.cli.batch import BatchInterrupted, EntryOutcome
from jhalt.cli.cache import RecordingCheck, share_classpath
from jhalt.cli.check_flags import (
    add_environment_flags,
    check_settings,
    proved_entries,
    require_proof_exit,
    settings_note,
)
from jhalt.cli.check_options import (
    FindingFilter,
    add_library_flags,
    make_cache,
    run_settings,
    selected_entries,
)
from jhalt.cli.check_run import run_check_entries
from jhalt.cli.check_summary import not_analysed_reason, run_summary
from jhalt.cli.crashlog import log_exception
from jhalt.cli.exits import (
    EXIT_INPUT,
    EXIT_INTERNAL,
    EXIT_OK,
    check_exit,
    prove_exit,
    unreplayed_exit,
)
from jhalt.cli.output import write_output
from jhalt.cli.prove_replay import replay_nontermination, replay_samples
from jhalt.cli.prove_report import prove_report
from jhalt.cli.replay_flags import add_replay_flags, replay_jdk, select_library_jdk, used
from jhalt.cli.target import open_classpath, requested_entries, resolve_entry
from jhalt.cli.versions import replay_blocker
from jhalt.dynamic.confirm import finding_observer
from jhalt.errors import InputError, JhaltError
from jhalt.findings import Finding
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.report.formats import (
    CHECK_FORMATS,
    DISASM_FORMATS,
    GRAPH_FORMATS,
    PROVE_FORMATS,
    CheckReport,
)
from jhalt.report.missing_classes import missing_classes, missing_classes_note
from jhalt.seg.builder import BuildLimits
from jhalt.seg.entry import is_main
from jhalt.seg.field_types import build_with_field_types
from jhalt.seg.library import ModelRegistry
from jhalt.witness.compiler import compile_server
from jhalt.witness.containment import allow_unsafe_replay
from jhalt.witness.junit import ReproducerStyle

"""The replay's claim for an infinite recursion: the JVM's stack runs out in the cycle."""
NO_VALIDATE_HELP = (
    "never execute the target: do not replay {what} on the JVM (a replay runs the analysed "
    "program, contained: temporary directory, -Xmx, CPU limit, minimal environment)"
)


# ------------------------------------------------------------------ commands


def cmd_prove(args: argparse.Namespace) -> int:
    """Termination of one entry (`jhalt.analyses.prove`), a NO replayed on the JVM."""
    classpath = open_classpath(args.target, args.classpath)
    entry = resolve_entry(classpath, args.entry, args.main)
    budget = Budget(args.timeout)
    result = prove_termination(
        classpath, entry, budget, model_registry(), args.engine, args.samples
    )
    if result.witness is not None:
        jdk = None if args.no_validate else replay_jdk(args)
        blocked = None if args.no_validate else replay_blocker(classpath, jdk)
        how = (classpath.runtime_spec(), jdk, blocked)
        started = time.monotonic()
        result = replay_nontermination(result, how, args)
        result = replay_samples(result, how, args)
        replayed = None if args.no_validate or blocked else time.monotonic() - started
        jdk_used = None if args.no_validate else used(jdk)
        result = dataclasses.replace(result, jdk=jdk_used, replay_s=replayed)
    result = dataclasses.replace(result, wall_s=clock.wall_s())
    report = prove_report(result, classpath, args, float(args.timeout))
    explain = getattr(args, "explain", False)
    write_output(PROVE_FORMATS.render(args.format, report, explain), args.out)
    return prove_exit(result)


@dataclass(frozen=True)
class _EntryCheck:
    """One entry of `jhalt check`, run in a worker process: a fresh ``--timeout`` budget, cut
    to the time left before the run's ``--max-time`` deadline (its share of the run).
    ``--main``/Main-Class entries and the ``main`` methods ``--all`` finds get the
    command-line semantics (the ``java`` launcher passes non-null strings: a ``main(null)``
    is no way a user runs a program); ``--entry`` entries and every other method are called
    as methods (any arguments). Given the
    `Program` with the entry (`jhalt.cli.cache.RecordingCheck` makes one per entry)."""

    setup: ReplaySetup
    timeout_s: float
    as_method: bool
    deadline: Deadline = NEVER
    settings: CheckSettings = CheckSettings()
    unsafe_replay: bool = False
    """``--unsafe-replay``, set again in the worker (a ``--dask`` worker is no fork of ours)."""

    def __call__(self, program: Program, entry: MethodId) -> CheckedEntry:
        if self.unsafe_replay:
            allow_unsafe_replay(True)
        budget = Budget(min(self.timeout_s, self.deadline.remaining()))
        return check_and_replay(
            program, entry, command_line=not self.as_method and is_main(entry),
            registry=model_registry(), budget=budget, setup=self.setup, settings=self.settings,
        )  # fmt: skip


_TOTAL_OF = {"timeout": "timeouts", "error": "errors", "max time": "not_analysed"}
"""The stats note's total for each reason an entry was not analysed (`not_analysed_reason`)."""


def _summarise(
    outcomes: Sequence[EntryOutcome[MethodId, CheckedEntry]],
    reproducer_dir: Path,
    keep: FindingFilter,
) -> tuple[list[Finding], list[str]]:
    """The findings of all entries that ``keep`` keeps (suppressions, baseline), and the
    notes: totals first, then the reproducer directory (when something was found), then per
    entry its errors, drops and notes, then what ``keep`` left out."""
    findings: list[Finding] = []
    notes: list[str] = []
    totals = dict.fromkeys(("findings", "not_reported", "errors", "timeouts"), 0)
    totals = {"entries": len(outcomes), **totals}
    for outcome in outcomes:
        if outcome.result is None:
            kind = _TOTAL_OF[not_analysed_reason(outcome.error)]
            totals[kind] = totals.get(kind, 0) + 1
            notes.append(f"{outcome.entry}: {outcome.error}")
            continue
        findings.extend(outcome.result.kept)
        unreplayed = outcome.result.stats.get("not_replayed_budget", 0)  # no JVM verdict
        totals["not_reported"] += len(outcome.result.dropped) - unreplayed
        if unreplayed:
            totals["not_replayed_budget"] = totals.get("not_replayed_budget", 0) + unreplayed
        if hidden := outcome.result.stats.get("internal_states", 0):  # issue 19: not reported
            totals["internal_states"] = totals.get("internal_states", 0) + hidden
        notes.extend(f"not reported: {line}" for line in outcome.result.dropped)
        notes.extend(outcome.result.notes)
    findings, left_out = keep(findings)
    notes.extend(left_out)
    totals["findings"] = len(findings)
    notes.insert(0, "stats: " + ", ".join(f"{key}={value}" for key, value in totals.items()))
    if findings:
        notes.insert(1, f"reproducers: {reproducer_dir}")
    return findings, notes


def _compile_server(setup: ReplaySetup) -> AbstractContextManager[object]:
    """The run's compile server (`jhalt.witness.compiler`) when witnesses are replayed."""
    if setup.jdk is None or setup.skip_reason is not None:
        return nullcontext()
    return compile_server(setup.jdk.java, setup.jdk.javac)


def cmd_check(args: argparse.Namespace) -> int:
    """Uncaught exceptions and non-termination with witnesses (issues 4, 5): every entry runs in
    its own process (``run_entries``); each finding gets a reproducer and is replayed on the
    JVM unless ``--no-validate`` (`jhalt.analyses.check.check_and_replay`). A witness the JVM
    does not confirm is dropped from the findings and listed in the notes; one that could not
    be replayed stays, marked "not run" and listed apart ("not replayed"); when none could,
    the run ends with 3 (`unreplayed_exit`)."""
    classpath = open_classpath(args.target, args.classpath)
    entries = selected_entries(requested_entries(classpath, args.all, args.entry, args.main), args)
    keep = FindingFilter(args, classpath)
    reproducer_dir = (
        writable_directory(args.reproducers)
        if args.reproducers
        else Path(tempfile.mkdtemp(prefix="jhalt-reproducers-"))
    )
    jdk = None if args.no_validate else replay_jdk(args)
    setup = ReplaySetup(
        classpath.runtime_spec(),
        jdk,
        reproducer_dir,
        "--no-validate" if args.no_validate else replay_blocker(classpath, jdk),
        observe=finding_observer,
        include_internal=args.include_internal_states,
        reproducer_style=ReproducerStyle(args.reproducer_style),
    )
    run_deadline = Budget(args.max_time).deadline() if args.max_time is not None else NEVER
    as_method = bool(args.entry)  # --all: a main is run as `java` runs it (_EntryCheck)
    deadline = NEVER if args.dask else run_deadline  # on dask, the client keeps --max-time
    check = _EntryCheck(
        setup, args.timeout, as_method, deadline, check_settings(args), args.unsafe_replay
    )
    share_classpath(classpath)
    cache = make_cache(args, classpath, setup, as_method, check.settings)
    settings = run_settings(args, run_deadline)
    try:
        with _compile_server(setup):
            outcomes = run_check_entries(
                entries, RecordingCheck(check, classpath.spec, reproducer_dir), cache, settings
            )
    except BatchInterrupted as stop:
        return _report_interrupted(stop, args, classpath, reproducer_dir, keep)
    findings, notes = _summarise(outcomes, reproducer_dir, keep)
    notes.insert(1, settings_note(args))
    missing = missing_classes(Program(classpath), notes)  # said once (issue 34 item 3)
    if missing_note := missing_classes_note(missing):
        notes.insert(1, missing_note)
    _discard_unreferenced(reproducer_dir, args, findings)
    proved = proved_entries(outcomes)
    safe = bool(outcomes) and len(proved) == len(outcomes)
    report = CheckReport(
        findings, notes, classpath, args.source_root, proved=proved, safe=safe, jdk=used(jdk),
        summary=run_summary(outcomes, clock.wall_s()), missing_classes=missing,
    )  # fmt: skip
    write_output(
        CHECK_FORMATS.render(args.format, report, getattr(args, "explain", False)), args.out
    )
    code = check_exit(outcomes, len(findings), args.exit_zero, args.timeout)
    code = unreplayed_exit(findings, outcomes, args.no_validate) or code
    return require_proof_exit(args, outcomes, code)


def _report_interrupted(
    stop: BatchInterrupted,
    args: argparse.Namespace,
    classpath: ClassPath,
    reproducer_dir: Path,
    keep: FindingFilter,
) -> int:
    """A `check` stopped by a signal: the findings of the entries analysed so far, marked
    incomplete (first note "interrupted: N of M entries analysed"), and 128 + the signal."""
    findings, notes = _summarise(stop.outcomes, reproducer_dir, keep)
    notes.insert(0, str(stop))
    _discard_unreferenced(reproducer_dir, args, findings)
    summary = run_summary(stop.outcomes, clock.wall_s())
    report = CheckReport(
        findings, notes, classpath, args.source_root, complete=False, summary=summary
    )
    write_output(
        CHECK_FORMATS.render(args.format, report, getattr(args, "explain", False)), args.out
    )
    return signals.exit_code(stop.cause)


def _discard_unreferenced(
    reproducer_dir: Path, args: argparse.Namespace, findings: Sequence[Finding]
) -> None:
    """Remove the temporary reproducer directory when no finding is reported (the notes name
    it only then); a ``--reproducers`` directory is the user's and stays."""
    if not args.reproducers and not findings:
        shutil.rmtree(reproducer_dir, ignore_errors=True)


def cmd_graph(args: argparse.Namespace) -> int:
    """The symbolic execution graph of one entry, built within ``--timeout`` seconds."""
    classpath = open_classpath(args.target, args.classpath)
    entry = resolve_entry(classpath, args.entry, args.main)
    limits = BuildLimits(timeout_s=float(args.timeout))
    graph, _ = build_with_field_types(Program(classpath), entry, model_registry(), limits)
    write_output(GRAPH_FORMATS.render(args.format, graph), args.out)
    return EXIT_OK


def model_registry() -> ModelRegistry:
    """The JDK library models, all of them: the one place (with `jhalt.models`' aggregator)
    that knows the full set of plug-ins."""
    return default_registry()


def cmd_disasm(args: argparse.Namespace) -> int:
    """Decoded bytecode of one class (``CLASS``) or of every class of the target."""
    classpath = open_classpath(args.target, args.classpath)
    if args.class_name:
        names = [normalise_class_name(args.class_name)]
        if names[0] not in classpath:
            raise InputError(f"class {args.class_name} is not in {classpath.spec}")
    else:
        names = classpath.class_names()
    classes = []
    for name in names:
        cls = classpath.find(name)
        assert cls is not None
        classes.append(cls)
    write_output(DISASM_FORMATS.render(DISASM_FORMATS.default, classes), args.out)
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
            type=method_name,
            metavar="METHOD",
            help="entry method: pkg.Cls.name(DESCRIPTOR), e.g. 'pkg.Main.run(Ljava/lang/String;I)V'",
        )
        parser.add_argument(
            "--main", type=class_name, metavar="CLASS", help="entry: CLASS.main(String[])"
        )
    parser.add_argument(
        "--out", "-o", metavar="FILE", help="write the output to FILE instead of stdout"
    )


def _add_format(parser: argparse.ArgumentParser, names: list[str]) -> None:
    """``--format``, its choices the command's format table, the first one the default."""
    parser.add_argument("--format", choices=names, default=names[0])


def _add_explain(parser: argparse.ArgumentParser) -> None:
    """``--explain``: the text output adds the derivation (issue 34 item 4)."""
    parser.add_argument(
        "--explain",
        action="store_true",
        help="text output: after the plain explanation, the derivation in the analysis's own "
        "terms (the proof's notation and the papers' theorems)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="jhalt",
        description="Will this Java program stop? Proofs (YES), witnesses (NO), and exception findings.",
    )
    parser.add_argument("--version", action="version", version=f"jhalt {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for register in (_add_prove, _add_check, _add_graph, _add_disasm, *_plugin_registrars()):
        register(sub)
    return parser


def _add_prove(sub: argparse._SubParsersAction) -> None:
    prove = sub.add_parser("prove", help="termination of one entry: YES, NO or MAYBE")
    _add_target(prove)
    prove.add_argument(
        "--timeout", type=positive_seconds, default=60.0, metavar="S", help="seconds (default 60)"
    )
    _add_format(prove, PROVE_FORMATS.names())
    _add_explain(prove)
    prove.add_argument(
        "--source-root", type=existing_directory, metavar="DIR",
        help="source directory: the html page shows its lines",
    )  # fmt: skip
    prove.add_argument(
        "--no-validate",
        action="store_true",
        help=NO_VALIDATE_HELP.format(what="a NO witness"),
    )
    prove.add_argument(
        "--replay-wait",
        type=positive_seconds,
        default=10.0,
        metavar="S",
        help="seconds a NO witness must keep running on the JVM (default 10)",
    )
    prove.add_argument(
        "--engine",
        choices=ENGINES,
        default=ALL,
        help="the graph engine, the CLP engine (seed 001) alone, the recurrent-set engine "
        "(seed 002) alone, or all (default all)",
    )
    add_replay_flags(prove)
    prove.add_argument(
        "--samples",
        type=sample_count,
        default=0,
        metavar="N",
        help="with a recurrent set: replay N further witnesses into it (default 0)",
    )
    prove.set_defaults(handler=cmd_prove)


def _add_check(sub: argparse._SubParsersAction) -> None:
    check = sub.add_parser("check", help="uncaught exceptions and non-termination, with witnesses")
    _add_target(check)
    check.add_argument(
        "--all", action="store_true", help="every public method of every class is an entry"
    )
    _add_format(check, CHECK_FORMATS.names())
    _add_explain(check)
    check.add_argument(
        "--source-root",
        type=existing_directory,
        metavar="DIR",
        help="source directory: SARIF uris are relative to it; text output shows its lines",
    )
    check.add_argument(
        "--timeout",
        type=positive_seconds,
        default=60.0,
        metavar="S",
        help="seconds per entry (default 60)",
    )
    check.add_argument(
        "--max-time", type=float, metavar="S",
        help="seconds for the whole run: then stop and report what was found so far",
    )  # fmt: skip
    check.add_argument(
        "--exit-zero", action="store_true", help="exit 0 even when something is found"
    )
    check.add_argument(
        "--no-validate", action="store_true", help=NO_VALIDATE_HELP.format(what="witnesses")
    )
    check.add_argument(
        "--jobs",
        "-j",
        type=job_count,
        default=1,
        metavar="N",
        help="entries analysed in parallel (default 1)",
    )
    check.add_argument(
        "--include-internal-states", action="store_true",
        help="also report findings only forged private state reaches (as notes)",
    )  # fmt: skip
    check.add_argument(
        "--reproducers",
        metavar="DIR",
        help="write reproducers here (default: a new temporary directory)",
    )
    check.add_argument(
        "--reproducer-style", choices=[style.value for style in ReproducerStyle],
        default=ReproducerStyle.REGRESSION.value,
        help="the reproducers' JUnit tests: regression (default: fails while the bug is "
        "present) or characterise (passes while the reported behaviour is present)",
    )  # fmt: skip
    add_replay_flags(check)
    add_environment_flags(check)
    add_library_flags(check)
    check.set_defaults(handler=cmd_check)


def _add_graph(sub: argparse._SubParsersAction) -> None:
    graph = sub.add_parser("graph", help="the symbolic execution graph of an entry (DOT or JSON)")
    _add_target(graph)
    _add_format(graph, GRAPH_FORMATS.names())
    graph.add_argument(
        "--timeout", type=positive_seconds, default=60.0, metavar="S", help="seconds (default 60)"
    )
    graph.set_defaults(handler=cmd_graph)


def _add_disasm(sub: argparse._SubParsersAction) -> None:
    disasm = sub.add_parser("disasm", help="decoded bytecode with line numbers, loops and types")
    _add_target(disasm, entry=False)
    disasm.add_argument("class_name", nargs="?", metavar="CLASS", help="only this class (pkg.Cls)")
    disasm.set_defaults(handler=cmd_disasm)


def _plugin_registrars() -> list[Callable[[argparse._SubParsersAction], None]]:
    """Subcommands that live in their own modules (the dynamic prover's watch/attach)."""
    return [
        dynamic_commands.register,
        clp_command.register,
        doctor.register,
        lambda sub: relevance_command.register(sub, _add_target),
    ]


def _report_internal_error(exc: BaseException) -> int:
    where = log_exception(exc)
    print(f"jhalt: internal error: {type(exc).__name__}: {exc} ({where})", file=sys.stderr)
    return EXIT_INTERNAL


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    clock.start(from_process=argv is None)  # the command line: from the process's start
    args = parser.parse_args(argv)
    with signals.handling():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    """The command's handler; every exception becomes its exit code (module docstring)."""
    try:
        select_library_jdk(args)
        return int(args.handler(args))
    except InputError as exc:
        print(f"jhalt: error: {exc}", file=sys.stderr)
        return EXIT_INPUT
    except JhaltError as exc:
        if exc.exit_code == EXIT_INPUT:
            print(f"jhalt: error: {exc}", file=sys.stderr)
            return EXIT_INPUT
        return _report_internal_error(exc)
    except KeyboardInterrupt as exc:
        print("jhalt: interrupted", file=sys.stderr)
        return signals.exit_code(exc)
    except BrokenPipeError:
        return EXIT_OK
    except RecursionError as exc:
        return _report_internal_error(exc)
    except Exception as exc:
        return _report_internal_error(exc)


if __name__ == "__main__":
    raise SystemExit(main())
