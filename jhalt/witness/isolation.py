"""Which OS sandbox the JVMs that run analysed code get (issue 32), and the command that puts
one there (`jailed`).

The layers, strongest first (`Isolation`), chosen once per process by trying them (`chosen`;
measured on this project's machines: both work, and ``unshare -U -r -m -n`` and ``setpriv`` do
too; bubblewrap is not installed, and the jail needs nothing but Python and the kernel):

1. ``namespaces`` — the jail of `jhalt.witness.jail.launch`: new user, mount, PID, network,
   IPC and UTS namespaces; a read-only root holding only the system directories, the JDK and
   the class path; one writable scratch directory; no network but its own loopback; an
   unprivileged user (``nobody`` when jhalt is root); resource limits; and Landlock on top
   where the kernel has it. Needs unprivileged user namespaces (``unshare -U`` works).
2. ``landlock`` — where user namespaces are refused: Landlock alone (reads of the system
   directories, the JDK and the class path; writes of the scratch directory; TCP on the
   debugger's port only), as ``nobody`` when jhalt is root, resource limits. Needs Landlock
   (Linux 5.13+).
3. ``none`` — no replay runs: `SandboxUnavailable` says why ("see ``jhalt doctor``"), and the
   findings are reported *not replayed*, unless the user passed ``--unsafe-replay``
   (`allow_unsafe_replay`), which runs them with the containment of
   `jhalt.witness.containment` alone.

The Security Manager (`jhalt.witness.sandbox`) is an extra layer inside, on JDKs that still
accept it (≤ 23). Assumption: the class path and the JDK are readable by the jail's user (when
jhalt runs as root, ``nobody``: files and directories readable by others; for the Landlock
layer, below directories others may enter); `unreadable` names an entry that is not, and the
replay is then not run, saying so."""

from __future__ import annotations

import enum
import functools
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jhalt.witness import processes
from jhalt.witness.jail.landlock import abi as landlock_abi
from jhalt.witness.jail.launch import NOBODY, Spec
from jhalt.witness.sandbox import SandboxUnavailable

__all__ = [
    "Isolation",
    "Probe",
    "SandboxUnavailable",
    "allow_unsafe_replay",
    "chosen",
    "jailed",
    "probes",
    "prepare_scratch",
    "unenterable",
    "unreadable",
    "unsafe_replay_allowed",
]

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
_BOOT = f"import sys; sys.path.insert(0, {_PACKAGE_ROOT!r}); from jhalt.witness.jail.launch import main; main()"
_PROBE_TIMEOUT_S = 20.0
_unsafe: list[bool] = [False]


class Isolation(enum.Enum):
    """The OS sandbox layer in use (module docstring)."""

    NAMESPACES = "namespaces"
    LANDLOCK = "landlock"
    NONE = "none"


@dataclass(frozen=True)
class Probe:
    """Whether one layer works here, and what was seen."""

    layer: Isolation
    works: bool
    detail: str


def allow_unsafe_replay(allowed: bool) -> None:
    """``--unsafe-replay``: without an OS sandbox, run replays anyway (module docstring)."""
    _unsafe[0] = allowed


def unsafe_replay_allowed() -> bool:
    return _unsafe[0]


def jailed(command: Sequence[str], spec: Spec) -> list[str]:
    """``command`` run in the jail ``spec`` describes (`jhalt.witness.jail.launch`)."""
    return [sys.executable, "-I", "-S", "-c", _BOOT, spec.to_json(), "--", *command]


def probes() -> tuple[Probe, ...]:
    """Each layer tried (a jail running ``true``), strongest first (`jhalt doctor`)."""
    return tuple(_probe(layer) for layer in _LAYERS)


def chosen() -> Isolation:
    """The strongest layer that works here, `Isolation.NONE` when none does (weaker layers are
    tried only when the stronger ones fail)."""
    return next((layer for layer in _LAYERS if _probe(layer).works), Isolation.NONE)


_LAYERS = (Isolation.NAMESPACES, Isolation.LANDLOCK)


@functools.cache
def _probe(layer: Isolation) -> Probe:
    """Whether ``layer`` works here: tried once per process (forked workers inherit it)."""
    return _try(layer)


def _try(layer: Isolation) -> Probe:
    if sys.platform != "linux":
        return Probe(layer, False, "not Linux")
    if layer is Isolation.LANDLOCK and landlock_abi() < 1:
        return Probe(layer, False, "the kernel has no Landlock (Linux 5.13+, enabled)")
    true = "/bin/true" if os.path.exists("/bin/true") else "/usr/bin/true"
    with processes.scratch_directory("jhalt-probe-") as scratch:
        prepare_scratch(scratch, layer)
        command = jailed([true], Spec(scratch=str(scratch), mode=layer.value))
        try:
            process = processes.start_group(
                command, "sandbox probe", stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            )  # fmt: skip
        except OSError as error:
            return Probe(layer, False, str(error))
        try:
            _, stderr = process.communicate(timeout=_PROBE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return Probe(layer, False, f"the probe took over {_PROBE_TIMEOUT_S} s")
        finally:
            processes.release(process)
    if process.returncode != 0:
        said = stderr.decode(errors="replace").strip().splitlines()
        said = said or [f"exit code {process.returncode}"]
        return Probe(layer, False, said[-1].removeprefix("jhalt sandbox: "))
    landlock = landlock_abi()
    on_top = landlock and layer is Isolation.NAMESPACES
    return Probe(layer, True, f"with Landlock ABI {landlock} inside" if on_top else "")


def prepare_scratch(scratch: Path, layer: Isolation) -> None:
    """Give the scratch directory to the jail's user (``nobody`` when jhalt runs as root). The
    Landlock jail sees the host's directories: there ``nobody`` must also be able to enter the
    directories above the scratch directory that jhalt made below the temporary root (entering
    only: they stay unlistable)."""
    if layer is Isolation.NONE or os.geteuid() != 0:
        return
    os.chown(scratch, NOBODY, NOBODY)
    if layer is Isolation.LANDLOCK:
        root = Path(tempfile.gettempdir()).resolve()
        for parent in scratch.resolve().parents:
            if parent == root or root not in parent.parents:
                break
            os.chmod(parent, os.stat(parent).st_mode | 0o001)


def unreadable(paths: Sequence[str], layer: Isolation) -> str | None:
    """The first of ``paths`` the jail's user cannot read, when jhalt runs as root (then the
    jail runs as ``nobody``, which reads only what others may read; in the Landlock jail, which
    sees the host's directories, also only below directories others may enter); None when it
    can read them all."""
    if os.geteuid() != 0 or layer is Isolation.NONE:
        return None
    for path in paths:
        try:
            mode = os.stat(path).st_mode
        except OSError:
            continue
        wanted = 0o005 if os.path.isdir(path) else 0o004
        if mode & wanted != wanted:
            return path
        closed = unenterable(path, layer)
        if closed:
            return closed
    return None


def unenterable(path: str, layer: Isolation) -> str | None:
    """In the Landlock jail of a root jhalt: the first directory above ``path`` that ``nobody``
    may not enter (None when there is none, or another layer binds ``path`` itself)."""
    if os.geteuid() != 0 or layer is not Isolation.LANDLOCK:
        return None
    for parent in Path(path).parents:
        if os.stat(parent).st_mode & 0o001 == 0:
            return str(parent)
    return None
