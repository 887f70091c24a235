"""`jhalt watch` and `jhalt attach`: the dynamic non-termination prover's commands.

Exit codes as for `check`: 1 when a thread is proved stuck, 0 when nothing was proved
(the program was resumed), 2 on usage errors. See docs/dynamic.md.
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import threading
import time
from types import FrameType

from jhalt.cli.arguments import non_negative_seconds, positive_count, positive_seconds
from jhalt.cli.output import write_output
from jhalt.dynamic.observer import Examination, Limits
from jhalt.dynamic.session import (
    address_of_pid,
    examine_at,
    launch_watched,
    parse_address,
    stop_process,
)
from jhalt.errors import InputError
from jhalt.report.formats import EXAMINATION_FORMATS
from jhalt.witness.processes import hand_over

EXIT_NOTHING_PROVED = 0
EXIT_STUCK = 1


def _limits(args: argparse.Namespace) -> Limits:
    """The examination's limits (both checked by the parser: `jhalt.cli.arguments`)."""
    return Limits(
        max_iterations=args.iterations, timeout=args.timeout, max_bytecodes=args.max_bytecodes
    )


def _emit(examination: Examination, args: argparse.Namespace) -> None:
    write_output(EXAMINATION_FORMATS.render(args.format, examination), args.out)


def _progress(args: argparse.Namespace):  # type: ignore[no-untyped-def]
    if not args.verbose:
        return None
    return lambda message: print(f"jhalt: {message}", file=sys.stderr, flush=True)


def cmd_attach(args: argparse.Namespace) -> int:
    if (args.address is None) == (args.pid is None):
        raise InputError("give the agent's [HOST:]PORT or --pid PID (one of them)")
    text = args.address if args.pid is None else address_of_pid(args.pid)
    address = parse_address(text, args.host)
    examination = examine_at(address, _limits(args), progress=_progress(args))
    _emit(examination, args)
    return EXIT_STUCK if examination.stuck else EXIT_NOTHING_PROVED


def _after_report(
    examination: Examination,
    args: argparse.Namespace,
    process: subprocess.Popen[bytes],
    interrupted: bool,
) -> int | None:
    """watch's exit code after a report, or None to keep watching (only with
    --keep-running when nothing was proved); stops the program as the options say."""
    if examination.stuck:
        if not args.keep_running:
            stop_process(process)
        return EXIT_STUCK
    if interrupted or not (args.keep_running or args.once):
        stop_process(process)
        print(
            "jhalt: watch ends after its report; the program was stopped "
            "(--keep-running keeps watching it, --once leaves it running)",
            file=sys.stderr,
        )
        return EXIT_NOTHING_PROVED
    return EXIT_NOTHING_PROVED if args.once else None


def cmd_watch(args: argparse.Namespace) -> int:
    command = list(args.command)
    if command and command[0] == "--":
        command = command[1:]
    limits = _limits(args)
    process, address = launch_watched(command)
    trigger = threading.Event()
    interrupted = {"count": 0}

    def on_usr1(signum: int, frame: FrameType | None) -> None:
        trigger.set()

    def on_int(signum: int, frame: FrameType | None) -> None:
        interrupted["count"] += 1
        if interrupted["count"] > 1:
            raise KeyboardInterrupt
        trigger.set()

    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGUSR1, signal.SIGINT)}
    signal.signal(signal.SIGUSR1, on_usr1)
    signal.signal(signal.SIGINT, on_int)
    try:
        deadline = None if args.after is None else time.monotonic() + args.after
        while True:
            while not trigger.is_set():
                if process.poll() is not None:
                    print(
                        f"jhalt: the program exited with status {process.returncode}; nothing proved",
                        file=sys.stderr,
                    )
                    return EXIT_NOTHING_PROVED
                if deadline is not None and time.monotonic() >= deadline:
                    deadline = None
                    break
                trigger.wait(0.05)
            trigger.clear()
            examination = examine_at(address, limits, process, _progress(args))
            _emit(examination, args)
            code = _after_report(examination, args, process, bool(interrupted["count"]))
            if code is not None:
                return code
    except BaseException:
        stop_process(process)  # interrupted or failed: the program does not outlive jhalt
        raise
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if process.poll() is None and not (args.keep_running or args.once):
            stop_process(process)
        elif process.poll() is None:
            hand_over(process)  # --keep-running / --once: left running on purpose


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--iterations", type=positive_count, default=20, metavar="K",
        help="give up on a loop after K observed iterations (default 20)",
    )  # fmt: skip
    parser.add_argument(
        "--timeout", type=positive_seconds, default=10.0, metavar="T",
        help="seconds for one examination of all threads (default 10)",
    )  # fmt: skip
    parser.add_argument(
        "--max-bytecodes", type=positive_count, default=Limits.max_bytecodes, metavar="N",
        help="budget of one observed iteration in bytecodes (default %(default)s); a longer "
        "iteration is reported as 'iteration longer than N bytecodes'",
    )  # fmt: skip
    formats = EXAMINATION_FORMATS.names()
    parser.add_argument("--format", choices=formats, default=formats[0])
    parser.add_argument(
        "--out", "-o", metavar="FILE", help="write the report to FILE instead of stdout"
    )
    parser.add_argument("--verbose", "-v", action="store_true", help="progress messages on stderr")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``watch`` and ``attach`` subcommands."""
    watch = subparsers.add_parser(
        "watch",
        help="run a Java program; on demand, prove that a thread is stuck (a loop or a deadlock)",
        description=(
            "Runs `java ARGS...` with the JDWP agent listening on a loopback port (nothing "
            "else changes; no overhead until jhalt acts). After --after seconds, on SIGUSR1, "
            "or on Ctrl-C, jhalt suspends the program, looks for a deadlock, observes the loops "
            "its threads are in and tries to prove one never exits (Looper, exact repeats). "
            "watch ends after its report: exit 1 when a thread is proved stuck, 0 when "
            "nothing was proved; the program is stopped then, unless --keep-running (keep "
            "watching it and leave it running) or --once (leave it running)."
        ),
    )
    watch.add_argument(
        "--after", type=non_negative_seconds, metavar="S", help="examine after S seconds"
    )
    watch.add_argument(
        "--once",
        action="store_true",
        help="exit after the first examination, leaving the program running",
    )
    watch.add_argument(
        "--keep-running",
        action="store_true",
        help="never stop the program; after a report that proves nothing, keep watching it",
    )
    _common(watch)
    watch.add_argument(
        "command", nargs=argparse.REMAINDER, metavar="-- java ARGS", help="the program to run"
    )
    watch.set_defaults(handler=cmd_watch)

    attach = subparsers.add_parser(
        "attach",
        help="prove that a thread of a running JVM (JDWP agent) is stuck: a loop or a deadlock",
        description=(
            "Attaches to a JVM started with -agentlib:jdwp=transport=dt_socket,server=y,"
            "suspend=n,address=127.0.0.1:PORT (up to JDK 23 also with onjcmd=y and later "
            "`jcmd PID VM.start_java_debugging`), examines it once, resumes it and detaches. "
            "Exit 1: a thread is proved stuck; 0: nothing proved."
        ),
    )
    attach.add_argument(
        "address", nargs="?", metavar="[HOST:]PORT", help="the JDWP agent's address (loopback)"
    )
    attach.add_argument(
        "--pid", type=positive_count, metavar="PID",
        help="find the agent of this local JVM with jcmd (starting it when the agent has "
        "onjcmd=y, up to JDK 23)",
    )  # fmt: skip
    attach.add_argument("--host", metavar="HOST", help="allow connecting to this non-loopback host")
    _common(attach)
    attach.set_defaults(handler=cmd_attach)
