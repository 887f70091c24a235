"""``jhalt doctor`` (issue 32): what this machine offers jhalt, on one screen — the JDKs found
and their versions, the JDK class library the analysis reads (a runtime image, else the
descriptions only, and why), which OS sandbox layers work, where the caches live, and whether replays
(the runs that confirm every NO and finding) would run. Exit 0 when they would, 1 when not."""

from __future__ import annotations

import argparse
import glob
import os
from pathlib import Path

from jhalt.cli.replay_flags import add_replay_flags, replay_jdk
from jhalt.program import jdk_library
from jhalt.program.substitutes import selected_stream_library
from jhalt.witness.claim import Jdk
from jhalt.witness.isolation import Isolation, chosen, probes, unsafe_replay_allowed
from jhalt.witness.jail.landlock import abi as landlock_abi
from jhalt.witness.jvm_release import jvm_feature
from jhalt.witness.sandbox import LAST_WITH_SECURITY_MANAGER
from jhalt.witness.user_cache import user_cache_dir

__all__ = ["register"]

_JVM_DIRECTORIES = ("/usr/lib/jvm/*/bin/java", "/opt/*/bin/java", "/opt/java/*/bin/java")


def register(sub: argparse._SubParsersAction) -> None:
    doctor = sub.add_parser(
        "doctor", help="JDKs, OS sandbox layers and caches here; whether replays would run"
    )
    add_replay_flags(doctor)
    doctor.set_defaults(handler=cmd_doctor)


def cmd_doctor(args: argparse.Namespace) -> int:
    library = f"JDK class library: {jdk_library().status()}"
    streams = f"stream library: {selected_stream_library().status()}"
    lines = [
        *_jdk_lines(replay_jdk(args)),
        library,
        streams,
        "",
        *_sandbox_lines(),
        "",
        *_cache_lines(),
    ]
    layer = chosen()
    runs = layer is not Isolation.NONE or unsafe_replay_allowed()
    verdict = (
        f"replays: would run, in the {layer.value} sandbox"
        if layer is not Isolation.NONE
        else "replays: would run WITHOUT an OS sandbox (--unsafe-replay)"
        if runs
        else "replays: would NOT run (no OS sandbox works here; findings are reported "
        "'not replayed'; --unsafe-replay runs them unsandboxed)"
    )
    print("\n".join([*lines, "", verdict]))
    return 0 if runs else 1


def _jdk_lines(jdk: Jdk | None) -> list[str]:
    selected = os.path.realpath(jdk.java) if jdk else None
    lines = ["JDKs (the one replays use is marked *: --java, else JAVA_HOME, else PATH):"]
    found = {os.path.realpath(path) for pattern in _JVM_DIRECTORIES for path in glob.glob(pattern)}
    if selected:
        found.add(selected)
    if not found:
        return [*lines, "  none found: install a JDK (17 or newer) or set JAVA_HOME"]
    for java in sorted(found):
        feature = jvm_feature(java)
        version = f"JDK {feature}" if feature else "version unknown"
        manager = (
            "security manager layer: yes"
            if feature is not None and feature <= LAST_WITH_SECURITY_MANAGER
            else "security manager layer: no (JDK 24+ has none)"
        )
        home = Path(java).parent.parent
        mark = "*" if java == selected else " "
        tools = "javac" if (Path(java).parent / "javac").exists() else "no javac (a JRE)"
        lines.append(f" {mark} {version:<8} {home}  ({tools}; {manager})")
    return lines


def _sandbox_lines() -> list[str]:
    lines = ["OS sandbox layers (strongest first):"]
    for probe in probes():
        state = "works" if probe.works else "unavailable"
        detail = f": {probe.detail}" if probe.detail else ""
        lines.append(f"  {probe.layer.value:<11} {state}{detail}")
    version = landlock_abi()
    lines.append(f"  Landlock ABI: {version}" if version else "  Landlock: not in this kernel")
    lines.append(f"  uses: {chosen().value}; runs as: {_jail_user()}")
    return lines


def _jail_user() -> str:
    if os.geteuid() == 0:
        return "nobody (jhalt runs as root: the class path must be readable by others)"
    return f"your own user (uid {os.geteuid()}), without privileges"


def _cache_lines() -> list[str]:
    root = user_cache_dir()
    return [
        "Caches:",
        f"  results:        {root / 'results'}",
        f"  helper classes: {root / 'helpers'} (checked by content hash before each use)",
    ]
