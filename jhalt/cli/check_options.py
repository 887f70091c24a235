"""The flags of `jhalt check` for whole-library runs (issue 19) and what they make: the results
cache, the run settings, and the filter of the findings (suppressions, then baseline).

Flags (README, `jhalt check`): ``--quiet`` (no progress line), ``--cache DIR`` /
``--no-cache`` (the results cache, `jhalt.cli.cache`: on by default for ``--all`` in
``$XDG_CACHE_HOME/jhalt``, off for a single entry unless ``--cache`` is given),
``--recheck-partial`` (cached answers cut by time are analysed again),
``--baseline FILE`` (`jhalt.cli.baseline`), ``--config FILE`` (`jhalt.cli.suppressions`),
``--dask ADDRESS`` (`jhalt.cli.dask_runner`), ``--timings FILE`` (`jhalt.cli.check_run`) and
``--only GLOB`` (the entries of ``--all`` whose ``pkg.Cls.method`` or
``pkg.Cls.method(DESCRIPTOR)`` matches a glob; ``[`` of an array descriptor is ``[[]``).
"""

from __future__ import annotations

import argparse
import fnmatch
from collections.abc import Sequence
from pathlib import Path

from jhalt.analyses.check import CheckSettings, ReplaySetup
from jhalt.budget import Deadline
from jhalt.classfile import ClassPath
from jhalt.cli.baseline import load_baseline, new_findings
from jhalt.cli.cache import ResultsCache, run_salt, warn_line
from jhalt.cli.check_run import RunSettings
from jhalt.cli.dask_runner import dask_address
from jhalt.cli.suppressions import Suppressions, apply_suppressions, load_rules
from jhalt.errors import InputError
from jhalt.findings import Finding
from jhalt.ids import MethodId
from jhalt.witness.user_cache import user_cache_dir


def add_library_flags(check: argparse.ArgumentParser) -> None:
    """The flags of this module on ``check``'s parser."""
    check.add_argument(
        "--quiet", "-q", action="store_true", help="no progress line on stderr (drawn only on a terminal)"
    )  # fmt: skip
    check.add_argument(
        "--cache", metavar="DIR",
        help="results cache directory (default with --all: $XDG_CACHE_HOME/jhalt, else ~/.cache/jhalt)",
    )  # fmt: skip
    check.add_argument(
        "--no-cache", action="store_true", help="analyse every entry afresh, store nothing"
    )
    check.add_argument(
        "--recheck-partial", action="store_true",
        help="analyse again the entries whose cached answer was cut by time",
    )  # fmt: skip
    check.add_argument(
        "--baseline", metavar="FILE",
        help="report only findings not in FILE, an earlier check's JSON or SARIF output",
    )  # fmt: skip
    check.add_argument(
        "--config", metavar="FILE",
        help="suppression rules ([[suppress]] tables; default ./.jhalt.toml if present)",
    )  # fmt: skip
    check.add_argument(
        "--dask", metavar="ADDRESS",
        help="run the entries on a Dask cluster: tcp://HOST:PORT, or local:N for N local workers",
    )  # fmt: skip
    check.add_argument(
        "--timings", metavar="FILE", help="write per-entry seconds, source, findings, status"
    )
    check.add_argument(
        "--only", action="append", metavar="GLOB",
        help="with --all: only entries whose pkg.Cls.method or pkg.Cls.method(DESC) matches GLOB",
    )  # fmt: skip


def _selects(glob: str, entry: MethodId) -> bool:
    """Whether ``glob`` matches ``pkg.Cls.method`` or ``pkg.Cls.method(DESCRIPTOR)``."""
    name = f"{entry.dotted_class}.{entry.name}"
    return fnmatch.fnmatchcase(name, glob) or fnmatch.fnmatchcase(name + entry.descriptor, glob)


def selected_entries(entries: Sequence[MethodId], args: argparse.Namespace) -> list[MethodId]:
    """The entries ``--only`` keeps (all without it); an input error when none is left."""
    if not args.only:
        return list(entries)
    if not args.all:
        raise InputError("--only selects among the entries of --all: add --all")
    kept = [entry for entry in entries if any(_selects(glob, entry) for glob in args.only)]
    if not kept:
        raise InputError(f"no entry of --all matches --only {' '.join(args.only)}")
    return kept


def make_cache(
    args: argparse.Namespace,
    classpath: ClassPath,
    setup: ReplaySetup,
    as_method: bool,
    settings: CheckSettings,
) -> ResultsCache | None:
    """The results cache of this run, or None (``--no-cache``, or one entry without
    ``--cache``)."""
    if args.no_cache:
        if args.cache:
            raise InputError("give either --cache or --no-cache, not both")
        return None
    if not args.cache and not args.all:
        return None
    directory = Path(args.cache) if args.cache else user_cache_dir()
    salt = run_salt(args.timeout, as_method, setup, settings, args.unsafe_replay)
    return ResultsCache(directory, classpath, salt, warn_line, args.recheck_partial)


def run_settings(args: argparse.Namespace, deadline: Deadline) -> RunSettings:
    """The `RunSettings` of the flags (``--dask`` checked here: an input error when bad)."""
    dask = dask_address(args.dask) if args.dask else None
    return RunSettings(args.jobs, args.timeout, deadline, args.quiet, dask, args.timings)


class FindingFilter:
    """Suppressions, then the baseline; both read before the run (bad files: exit 2 early)."""

    def __init__(self, args: argparse.Namespace, classpath: ClassPath) -> None:
        roots = [args.source_root] if args.source_root else []
        self._suppressions = Suppressions(classpath, roots, load_rules(args.config))
        self._baseline = load_baseline(args.baseline) if args.baseline else None
        self._baseline_name = args.baseline

    def __call__(self, findings: Sequence[Finding]) -> tuple[list[Finding], list[str]]:
        """The findings to report, and the notes saying what was left out."""
        kept, notes = apply_suppressions(findings, self._suppressions)
        if self._baseline is not None:
            fresh = new_findings(kept, self._baseline)
            if len(fresh) < len(kept):
                notes.append(
                    f"baseline: {len(kept) - len(fresh)} finding(s) already in "
                    f"{self._baseline_name} not reported"
                )
            kept = fresh
        return kept, notes
