"""`jhalt relevance`: the irrelevant code of one entry or of every public method (issue 18,
`jhalt.analyses.relevance`), each finding mutation-checked on the JVM unless ``--no-validate``;
a finding no mutant could check is not reported (listed as such) unless ``--include-unchecked``.
``--java`` and ``--unsafe-replay`` as for `prove` and `check` (`jhalt.cli.replay_flags`); a
note names the JDK the mutants ran on.

Every entry runs in its own worker process (`jhalt.cli.batch`) with a fresh ``--timeout``
budget: the graph gets `RELEVANCE_GRAPH` of it, the termination proof of the loops (asked only
when a loop would otherwise be reported) the time left, and the mutation check up to
`MUTATION_SHARE` of the budget (at least `MUTATION_MIN_S` seconds); the checks' Java driver is
compiled once per run. The report is written
first; the exit code is then that of `check` without findings: 2 when an entry reached corrupt
input, 3 when one failed internally or none finished, else 0.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jhalt.analyses.relevance import RelevanceConfig, RelevanceResult, analyse_relevance
from jhalt.analyses.relevance.code import Bodies
from jhalt.analyses.relevance.driver import compile_driver
from jhalt.analyses.relevance.mutation_check import MutationSetup, check_mutations
from jhalt.analyses.relevance.obligations import PARTS, Obligations
from jhalt.analyses.relevance.result import hold_back_unchecked
from jhalt.analyses.termination import TerminationConfig, prove_graph_terminates
from jhalt.budget import Budget
from jhalt.classfile import ClassPath
from jhalt.cli.arguments import existing_directory, job_count, positive_seconds
from jhalt.cli.batch import INPUT_ERROR, NOT_ANALYSED, EntryOutcome, run_entries
from jhalt.cli.exits import EXIT_INTERNAL, EXIT_OK
from jhalt.cli.output import write_output
from jhalt.cli.replay_flags import add_replay_flags, replay_jdk, used
from jhalt.cli.target import open_classpath, requested_entries
from jhalt.cli.versions import replay_blocker
from jhalt.errors import InputError
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.report.formats import RELEVANCE_FORMATS
from jhalt.report.relevance_output import RelevanceReport
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.witness import isolation
from jhalt.witness.processes import scratch_directory
from jhalt.witness.replay import Jdk

RELEVANCE_GRAPH = 0.5
MUTATION_SHARE = 0.5
MUTATION_MIN_S = 20.0


@dataclass(frozen=True)
class _EntryRelevance:
    """One entry of `jhalt relevance`, run in a worker process."""

    classpath: ClassPath
    obligations: Obligations
    timeout_s: float
    jdk: Jdk | None
    inputs: int
    driver: Path | None = None
    assume_inputs: bool = False
    include_unchecked: bool = False

    def __call__(self, entry: MethodId) -> RelevanceResult:
        budget = Budget(self.timeout_s)
        deadline = budget.deadline()
        program = Program(self.classpath)
        config = RelevanceConfig(
            self.obligations, budget.share(RELEVANCE_GRAPH), deadline,
            assume_input_invariants=self.assume_inputs,
        )  # fmt: skip

        def loops_terminate(graph: SymbolicExecutionGraph) -> bool:
            outcome = prove_graph_terminates(graph, program, TerminationConfig(deadline=deadline))
            return outcome.proved

        result = analyse_relevance(program, entry, default_registry(), config, loops_terminate)
        if self.jdk is None:
            return result
        setup = MutationSetup(
            self.classpath, self.jdk, self.inputs,
            total_s=max(MUTATION_MIN_S, self.timeout_s * MUTATION_SHARE), obligations=self.obligations,
            driver=self.driver,
        )  # fmt: skip
        checked = check_mutations(result, Bodies(program), setup)
        return checked if self.include_unchecked else hold_back_unchecked(checked)


def cmd_relevance(args: argparse.Namespace) -> int:
    """Analyse the entries, check the findings, print the report (module docstring)."""
    classpath = open_classpath(args.target, args.classpath)
    try:
        obligations = Obligations.of(args.result_parts)
    except ValueError as error:
        raise InputError(f"--for: {error}") from None
    entries = requested_entries(classpath, args.all, args.entry, args.main)
    found = None if args.no_validate else replay_jdk(args)
    blocked = None if args.no_validate else replay_blocker(classpath, found)
    jdk = None if blocked else found
    with scratch_directory("jhalt-relevance-driver-") as scratch:
        driver = compile_driver(jdk.javac, scratch) if jdk and jdk.javac else None
        work = _EntryRelevance(
            classpath, obligations, args.timeout, jdk, args.inputs, driver,
            args.assume_field_invariants, args.include_unchecked,
        )  # fmt: skip
        isolation.chosen()  # probed once here: the forked workers inherit the answer
        outcomes = run_entries(entries, work, jobs=args.jobs, timeout_s=args.timeout * 2)
    results = [o.result for o in outcomes if o.result is not None]
    errors = [(str(o.entry), o.error or "no result") for o in outcomes if o.result is None]
    ran_on = used(jdk)
    notes = [f"jdk: {ran_on.text()}"] if ran_on is not None else []
    if args.no_validate or blocked or jdk is None:
        notes.append(
            f"findings not mutation-checked: {blocked or '--no-validate' if args.no_validate or blocked else 'no JVM found'}"
        )
    report = RelevanceReport(results, errors, notes, classpath, args.source_root)
    write_output(RELEVANCE_FORMATS.render(args.format, report), args.out)
    return _exit_code(outcomes)


def _exit_code(outcomes: Sequence[EntryOutcome[MethodId, RelevanceResult]]) -> int:
    """As `check` without findings (module docstring); the report is already written."""
    errors = [o.error or "no result" for o in outcomes if o.result is None]
    inputs = [e for e in errors if e.startswith(INPUT_ERROR)]
    if inputs:
        raise InputError(inputs[0].removeprefix(f"{INPUT_ERROR}: "))
    failed = [e for e in errors if not e.startswith("timeout") and e != NOT_ANALYSED]
    if failed:
        print(
            f"jhalt: internal error in {len(failed)} of {len(outcomes)} entries: {failed[0]}",
            file=sys.stderr,
        )
        return EXIT_INTERNAL
    if outcomes and len(errors) == len(outcomes):
        print("jhalt: incomplete: no entry finished within --timeout", file=sys.stderr)
        return EXIT_INTERNAL
    return EXIT_OK


def register(sub: argparse._SubParsersAction, add_target: object) -> None:
    """Add ``relevance``; ``add_target`` is the CLI's TARGET/--entry/--main/--out adder."""
    parser = sub.add_parser(
        "relevance", help="irrelevant code: instructions that cannot change the result"
    )
    add_target(parser)  # type: ignore[operator]
    parser.add_argument(
        "--all", action="store_true", help="every public method of every class is an entry"
    )
    parser.add_argument(
        "--for", dest="result_parts", default="all", metavar="PARTS",
        help=f"the parts of the result that matter: all, or a comma list of {', '.join(PARTS)} (default all)",
    )  # fmt: skip
    parser.add_argument(
        "--format", choices=RELEVANCE_FORMATS.names(), default=RELEVANCE_FORMATS.default
    )
    parser.add_argument(
        "--source-root", type=existing_directory, metavar="DIR",
        help="source directory: the text output shows the source lines",
    )  # fmt: skip
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=60.0,
        metavar="S",
        help="seconds per entry (default 60)",
    )
    parser.add_argument(
        "--no-validate", action="store_true",
        help="do not run mutants on the JVM (findings are then not mutation-checked)",
    )  # fmt: skip
    add_replay_flags(parser)
    parser.add_argument(
        "--include-unchecked", action="store_true",
        help="also report findings no mutant could check on the JVM (marked as such)",
    )  # fmt: skip
    parser.add_argument(
        "--assume-field-invariants", action="store_true",
        help="precondition: objects the entry gets from outside have their constructor-set "
        "fields non-null, as the graph proves for the objects it builds",
    )  # fmt: skip
    parser.add_argument(
        "--inputs",
        type=job_count,
        default=6,
        metavar="N",
        help="inputs per mutation check (default 6)",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=job_count,
        default=1,
        metavar="N",
        help="entries analysed in parallel (default 1)",
    )
    parser.set_defaults(handler=cmd_relevance)
