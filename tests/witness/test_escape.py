"""The escape suite of issue 32: programs that try to harm the machine while jhalt replays them,
each run through jhalt and stopped by its containment — on JDK 17 and on JDK 25.

One program per attempt (tests/witness/escape/Escape*.java): ``main`` loads its class
``Attempt`` by name (jhalt's analysis does not follow ``Class.forName``, so the JDK calls of the
attempt do not stop it), whose static initializer tries the harm and catches every Throwable;
then ``main`` divides by ``args.length`` and loops forever. `prove` answers NO for it (a
universal recurrent set of the loop, witness ``args = {""}``) and replays it; `check` reports
the ArithmeticException of ``args = {}`` and replays it (the routes that need `check`: the
compile server runs only around a `check` run). The public-API search runs a library's
constructors: VaultDelete and VaultSocket run an attempt in theirs
(tests/witness/escape/Vault*.java), and `check --entry` searches public calls for their
finding.

Each test runs the program WITHOUT jhalt as well (``java -cp … MAIN x`` on the same JDK, aimed
at copies of the targets through system properties, `escape_kit.ControlRun`, alongside the
jhalt run) and requires the harm to happen there — so a jhalt run that does no harm means that
jhalt stopped it, not that the attack is broken. It runs jhalt as a subprocess (``python -m
jhalt``, ``JAVA_HOME`` and ``PATH`` naming the JDK under test; ``HOME``, ``XDG_CACHE_HOME`` and
``TMPDIR`` the session's, so that jhalt's caches are decoys too) and requires:

* nothing escaped: the attack's decoy directory is as it was (same files, contents, modes),
  the decoy results cache too, no file was written into jhalt's helper caches, the listener on
  127.0.0.1 got no connection, the secret token is nowhere in jhalt's output (text and JSON
  for the secret);
* the attempt ran inside the containment and failed quietly: the program went on, so the replay
  is confirmed (`prove`: NO, replay confirmed; `check`: the ArithmeticException, replay
  confirmed; the search: the finding reproduced by public calls, level error). A containment
  that stops an attempt by ending the JVM leaves the replay unconfirmed: that fails here too.

Where jhalt is not what stops an attack: the shutdown hook (EscapeHook) runs only when a JVM
shuts down normally, and jhalt ends every replay with SIGKILL; the control sends SIGTERM.

The JDK-25 half is skipped only when no JDK 25 is installed (`escape_kit.installed_jdk`); the
JNI case only when gcc is missing. Until the OS sandbox lands every target is a decoy the
session made below its temporary directories (`escape_kit`).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from escape_kit import (
    ControlRun,
    ControlTargets,
    Jdk,
    JhaltRun,
    Listener,
    Session,
    Snapshot,
    await_path,
    end_session,
    escaped_files,
    installed_jdk,
    make_decoy,
    make_results_cache,
    results_cache,
    run_jhalt,
    snapshot,
    start_session,
)

from jhalt.witness.compiler import compile_server

pytestmark = [pytest.mark.jvm]

DECOY, LISTENER, SECRET, CACHES = "decoy", "listener", "secret", "caches"
ARITHMETIC = "java.lang.ArithmeticException"
REPLAY_WAIT_S = "2"


@dataclass(frozen=True)
class Attack:
    """An escape program: ``name`` (test id and decoy directory), its main class, and what its
    control run must show (``harm``: the decoy changed, the listener got bytes, the secret
    was printed, jhalt's caches were written)."""

    name: str
    main: str
    harm: str = DECOY

    def __str__(self) -> str:
        return self.name


PROVE = [
    Attack("delete", "EscapeDelete"),
    Attack("rename", "EscapeRename"),
    Attack("chmod", "EscapeChmod"),
    Attack("write", "EscapeWrite"),
    Attack("append", "EscapeAppend"),
    Attack("walk", "EscapeWalk"),
    Attack("exec", "EscapeExec"),
    Attack("process", "EscapeProcess"),
    Attack("unset-manager", "EscapeUnsetManager"),
    Attack("reflection", "EscapeReflection"),
    Attack("unsafe", "EscapeUnsafe"),
    Attack("jni", "EscapeJni"),
    Attack("hook", "EscapeHook"),
    Attack("delayed", "EscapeDelayed"),
    Attack("secret", "EscapeSecret", SECRET),
    Attack("socket", "EscapeSocket", LISTENER),
    Attack("caches", "EscapeCaches", CACHES),
]
CHECK = [Attack("compile-server", "EscapeCompileServer"), Attack("secret", "EscapeSecret", SECRET)]
SEARCH = {"delete": "VaultDelete", "socket": "VaultSocket"}
BY_NAME = {attack.name: attack for attack in PROVE}


@pytest.fixture(scope="session")
def escape(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Session]:
    """The session's compiled programs, decoy base, jhalt temporary root and listener."""
    compiler = installed_jdk("17")
    if compiler is None:
        pytest.skip("no JDK 17 (/usr/lib/jvm/* or javac on PATH)")
    session = start_session(tmp_path_factory.mktemp("escape"), compiler)
    try:
        yield session
    finally:
        end_session(session)


@pytest.fixture(params=["17", "25"], ids=["jdk17", "jdk25"])
def jdk(request: pytest.FixtureRequest) -> Jdk:
    found = installed_jdk(request.param)
    if found is None:
        pytest.skip(f"no JDK {request.param} installed")
    return found


# ---- the control run: the attack does harm without jhalt ------------------------------------


@contextmanager
def control_targets(tmp_path: Path, with_server: Jdk | None) -> Iterator[ControlTargets]:
    """Copies of the targets for a control run: a base directory, a listener and a temporary
    root holding a stand-in helper cache and, given a JDK, a compile server of jhalt's
    (`jhalt.witness.compiler.compile_server`, started as `check` starts it) whose socket the
    block waits for. The root is short, as jhalt's (`escape_kit.SOCKET_PATH_MAX`)."""
    listener = Listener()
    root = Path(tempfile.mkdtemp(prefix="jesc-control-"))
    (root / "jhalt-sandbox-cache-0000000000000000").mkdir()
    saved = tempfile.tempdir
    try:
        targets = ControlTargets(tmp_path / "control", listener, root)
        if with_server is None:
            yield targets
            return
        tempfile.tempdir = str(root)  # where compile_server puts its socket directory
        with compile_server(with_server.java, with_server.javac) as started:
            assert started
            await_path(root, "jhalt-compile-server-*/socket")
            yield targets
    finally:
        tempfile.tempdir = saved
        listener.close()
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def harm_without_jhalt(attack: Attack, jdk: Jdk, escape: Session, tmp_path: Path) -> Iterator[None]:
    """Run ``attack`` without jhalt against copies while the block runs (the control overlaps
    the jhalt run) and then require its harm (module docstring)."""
    server = jdk if attack.name == "compile-server" else None
    with control_targets(tmp_path, server) as targets:
        decoy = targets.base / attack.name / "decoy"
        before = make_decoy(decoy)
        cache = make_results_cache(targets.base)
        cwd = tmp_path / "control-run"
        cwd.mkdir()
        control = ControlRun(jdk, escape, attack.main, targets, cwd, attack.name == "hook")
        try:
            yield
        finally:
            output = control.finish()
        shown = {
            DECOY: snapshot(decoy) != before,
            LISTENER: targets.listener.drain()[1] != b"",
            SECRET: escape.token in output,
            CACHES: snapshot(targets.base / "cache" / "jhalt") != cache
            and bool(escaped_files(targets.tmp)),
        }
    assert shown[attack.harm], (
        f"{attack.main} did no harm ({attack.harm}) without jhalt on JDK {jdk.label}; "
        f"its output: {output!r}"
    )


# ---- the jhalt run: nothing escapes -----------------------------------------------------------


@dataclass(frozen=True)
class Before:
    """The decoys as a jhalt run starts."""

    decoy: Path
    decoy_files: Snapshot
    cache: Snapshot


def prepare(attack: Attack, escape: Session) -> Before:
    """Fresh decoys for a jhalt run of ``attack``; whatever reached the listener or jhalt's
    helper caches before is cleared away (each test judges its own run)."""
    escape.listener.drain(0.05)
    for leftover in escaped_files(escape.jhalt_tmp) + escaped_files(escape.base / "cache"):
        Path(leftover).unlink()
    decoy = escape.base / attack.name / "decoy"
    return Before(decoy, make_decoy(decoy), make_results_cache(escape.base))


def escapes(escape: Session, before: Before, runs: list[JhaltRun]) -> list[str]:
    """What got out of the containment during ``runs``: changes of the decoys, files in
    jhalt's helper caches, connections to the listener, the secret in jhalt's output."""
    found = []
    after = snapshot(before.decoy)
    if after != before.decoy_files:
        changed = sorted(
            name
            for name in set(after) | set(before.decoy_files)
            if after.get(name) != before.decoy_files.get(name)
        )
        found.append(f"the decoy changed ({', '.join(changed)})")
    if results_cache(escape.base) != before.cache:
        found.append("jhalt's results cache (a decoy) changed")
    if written := escaped_files(escape.jhalt_tmp) + escaped_files(escape.base / "cache"):
        found.append(f"files written into jhalt's caches: {written}")
    connections, received = escape.listener.drain()
    if connections:
        found.append(f"the listener got {connections} connection(s), bytes {received!r}")
    if any(escape.token in run.stdout + run.stderr for run in runs):
        found.append("the secret is in jhalt's output")
    return found


def judged(problems: list[str], runs: list[JhaltRun]) -> str:
    run = runs[0]
    return (
        "; ".join(problems)
        + f"\n--- jhalt exit {run.code} after {run.time_s:.1f} s; stdout:\n{run.stdout[-3000:]}"
        + f"\n--- stderr:\n{run.stderr[-2000:]}"
    )


# ---- the tests -------------------------------------------------------------------------------


@pytest.mark.parametrize("attack", PROVE, ids=str)
def test_prove_replays_the_attack_contained(
    attack: Attack, jdk: Jdk, escape: Session, tmp_path: Path
) -> None:
    if attack.name == "jni" and escape.library is None:
        pytest.skip("no gcc: the JNI library cannot be built")
    before = prepare(attack, escape)
    common = ["prove", str(escape.classes), "--main", attack.main, "--replay-wait", REPLAY_WAIT_S]
    with harm_without_jhalt(attack, jdk, escape, tmp_path):
        runs = [run_jhalt([*common, "--format", "json"], escape, jdk, tmp_path)]
        if attack.harm == SECRET:
            runs.append(run_jhalt(common, escape, jdk, tmp_path))
    problems = escapes(escape, before, runs)
    problems += prove_problems(runs[0])
    assert not problems, judged(problems, runs)


def prove_problems(run: JhaltRun) -> list[str]:
    """Why ``run`` is not a NO whose replay was confirmed (the program went on after its
    attempt and looped)."""
    if run.code != 0:
        return [f"prove ended with exit code {run.code}"]
    answer = json.loads(run.stdout)
    witness = answer.get("witness") or {}
    if answer["verdict"] != "NO":
        return [f"prove answered {answer['verdict']}: {answer['reason']}"]
    if witness.get("replay") != "confirmed":
        return [f"replay {witness.get('replay')}: {witness.get('replay_detail')}"]
    return []


@pytest.mark.parametrize("attack", CHECK, ids=str)
def test_check_replays_the_attack_contained(
    attack: Attack, jdk: Jdk, escape: Session, tmp_path: Path
) -> None:
    before = prepare(attack, escape)
    common = ["check", str(escape.classes), "--main", attack.main]
    with harm_without_jhalt(attack, jdk, escape, tmp_path):
        runs = [run_jhalt([*common, "--format", "json"], escape, jdk, tmp_path)]
        if attack.harm == SECRET:
            runs.append(run_jhalt(common, escape, jdk, tmp_path))
    problems = escapes(escape, before, runs)
    problems += check_problems(runs[0], public=False)
    assert not problems, judged(problems, runs)


@pytest.mark.parametrize("name", sorted(SEARCH))
def test_the_public_api_search_runs_the_attack_contained(
    name: str, jdk: Jdk, escape: Session, tmp_path: Path
) -> None:
    attack = BY_NAME[name]
    before = prepare(attack, escape)
    entry = f"{SEARCH[name]}.pass()I"
    arguments = ["check", str(escape.classes), "--entry", entry, "--format", "json"]
    with harm_without_jhalt(attack, jdk, escape, tmp_path):
        runs = [run_jhalt([*arguments, "--timeout", "30"], escape, jdk, tmp_path)]
    problems = escapes(escape, before, runs)
    problems += check_problems(runs[0], public=True)
    assert not problems, judged(problems, runs)


def check_problems(run: JhaltRun, public: bool) -> list[str]:
    """Why ``run`` did not report the ArithmeticException with a confirmed replay (``public``:
    found through public calls, level error). The programs' loops that run forever (``main``
    with one argument: ``step`` stays 10) may be reported too, but only confirmed: their
    replays run the attack as well."""
    if run.code != 1:
        return [f"check ended with exit code {run.code} (1: a finding)"]
    every = json.loads(run.stdout)["findings"]
    hangs = [finding for finding in every if finding["kind"] == "non-termination"]
    unconfirmed = [
        f["witness"].get("replay") for f in hangs if f["witness"].get("replay") != "confirmed"
    ]
    if unconfirmed:
        return [f"a non-termination finding with replay {unconfirmed}"]
    findings = [finding for finding in every if finding["kind"] != "non-termination"]
    kinds = [finding["kind"] for finding in findings]
    if kinds != [ARITHMETIC]:
        return [f"check reported {kinds}, not one {ARITHMETIC}"]
    (finding,) = findings
    witness = finding["witness"]
    if witness.get("replay") != "confirmed":
        return [f"replay {witness.get('replay')}: {witness.get('replay_detail')}"]
    if public and (finding["level"] != "error" or not witness.get("calls")):
        return [f"not reproduced by public calls: level {finding['level']}, {witness}"]
    return []
