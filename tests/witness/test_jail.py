"""The OS sandbox itself (issue 32, `jhalt.witness.jail`), tried with shell commands against
decoy directories this test makes — world-writable, so that only the sandbox can stop a write.
Each attempt is first made without the sandbox (the control: it does harm), then inside it.
Both layers are tried where they work here: namespaces, and Landlock alone."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from jhalt.witness.isolation import Isolation, jailed, prepare_scratch, probes
from jhalt.witness.jail.launch import NOBODY, Spec

WORKING = [probe.layer for probe in probes() if probe.works]
pytestmark = pytest.mark.skipif(not WORKING, reason="no OS sandbox layer works here")
LAYERS = [pytest.param(layer, id=layer.value) for layer in (Isolation.NAMESPACES,
          Isolation.LANDLOCK)]  # fmt: skip
HARM = (
    'ls "$1" >/dev/null 2>&1 && echo saw; cat "$1/secret" 2>/dev/null; '
    'echo changed > "$1/kept.txt"; rm -f "$1/removed.txt"; mkdir "$1/added"; '
    'chmod 0 "$1/kept.txt"; echo mine > "$2/out.txt"; id -u'
)


def _decoy(root: Path) -> Path:
    decoy = root / "decoy"
    decoy.mkdir()
    for name, text in (("kept.txt", "original\n"), ("removed.txt", "x\n"), ("secret", "s3cr3t\n")):
        (decoy / name).write_text(text)
        (decoy / name).chmod(0o666)
    decoy.chmod(0o777)
    return decoy


def _state(decoy: Path) -> dict[str, tuple[int, bytes]]:
    return {
        path.name: (path.stat().st_mode, path.read_bytes() if path.is_file() else b"")
        for path in sorted(decoy.iterdir())
    }


def _scratch(root: Path, layer: Isolation) -> Path:
    scratch = root / "scratch"
    scratch.mkdir()
    prepare_scratch(scratch, layer)
    return scratch


def _needs(layer: Isolation) -> None:
    if layer not in WORKING:
        pytest.skip(f"the {layer.value} layer does not work here")


@pytest.fixture
def base() -> Iterator[Path]:
    """A directory every user may enter (the Landlock jail sees the host's directories and,
    under a root jhalt, runs as nobody, who cannot enter pytest's private temporary root)."""
    directory = Path(tempfile.mkdtemp(prefix="jhalt-test-jail-"))
    directory.chmod(0o755)
    yield directory
    shutil.rmtree(directory, ignore_errors=True)


def test_the_control_harms_the_decoy(tmp_path: Path) -> None:
    decoy = _decoy(tmp_path)
    before = _state(decoy)
    done = subprocess.run(["/bin/sh", "-c", HARM, "sh", str(decoy), str(tmp_path)],
                          capture_output=True, text=True, timeout=30)  # fmt: skip
    assert "saw" in done.stdout and "s3cr3t" in done.stdout
    assert _state(decoy) != before


@pytest.mark.parametrize("layer", LAYERS)
def test_the_jail_leaves_the_decoy_alone_and_writes_only_its_scratch(
    base: Path, layer: Isolation
) -> None:
    _needs(layer)
    decoy = _decoy(base)
    before = _state(decoy)
    scratch = _scratch(base, layer)
    command = ["/bin/sh", "-c", HARM, "sh", str(decoy), str(scratch)]
    done = subprocess.run(jailed(command, Spec(str(scratch), mode=layer.value)),
                          capture_output=True, text=True, timeout=30)  # fmt: skip
    assert _state(decoy) == before, done.stderr
    assert "s3cr3t" not in done.stdout + done.stderr
    assert (scratch / "out.txt").read_text() == "mine\n", done.stderr
    if layer is Isolation.NAMESPACES:
        assert "saw" not in done.stdout  # not even visible
        if os.geteuid() == 0:
            assert done.stdout.split()[-1] == str(NOBODY)  # not root outside either


@pytest.mark.parametrize("layer", LAYERS)
def test_what_the_jail_is_given_to_read_it_reads_but_cannot_change(
    base: Path, layer: Isolation
) -> None:
    _needs(layer)
    given = base / "classes"
    given.mkdir()
    (given / "A.class").write_text("class bytes\n")
    (given / "A.class").chmod(0o666)
    given.chmod(0o777)
    scratch = _scratch(base, layer)
    script = f'cat "{given}/A.class"; echo x > "{given}/A.class"; touch "{given}/B.class"'
    spec = Spec(str(scratch), read_only=(str(given),), mode=layer.value)
    done = subprocess.run(jailed(["/bin/sh", "-c", script], spec),
                          capture_output=True, text=True, timeout=30)  # fmt: skip
    assert done.stdout == "class bytes\n", done.stderr
    assert (given / "A.class").read_text() == "class bytes\n"
    assert not (given / "B.class").exists()


PROBE_NETWORK = r"""
import socket, sys
try:
    socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=3).sendall(b"leak")
    print("host reached")
except OSError as error:
    print("host unreachable:", error)
own = socket.socket()
own.bind(("127.0.0.1", 0))
own.listen(1)
socket.create_connection(own.getsockname(), timeout=3).sendall(b"hi")
print("own loopback:", own.accept()[0].recv(2).decode())
"""


def test_no_network_but_its_own_loopback(tmp_path: Path) -> None:
    _needs(Isolation.NAMESPACES)
    python = shutil.which("python3", path="/usr/bin:/bin")
    if python is None:
        pytest.skip("no system python3 to probe the network with")
    received: list[bytes] = []
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(8)

    def serve() -> None:
        try:
            connection, _ = listener.accept()
            received.append(connection.recv(16))
        except OSError:
            pass

    server = threading.Thread(target=serve)
    server.start()
    port = str(listener.getsockname()[1])
    control = subprocess.run([python, "-c", PROBE_NETWORK, port], capture_output=True,
                             text=True, timeout=30)  # fmt: skip
    assert "host reached" in control.stdout
    server.join(10)
    received.clear()
    server = threading.Thread(target=serve)
    server.start()
    scratch = _scratch(tmp_path, Isolation.NAMESPACES)
    done = subprocess.run(jailed([python, "-c", PROBE_NETWORK, port], Spec(str(scratch))),
                          capture_output=True, text=True, timeout=30)  # fmt: skip
    server.join(10)
    listener.close()
    assert "host unreachable" in done.stdout, done.stderr
    assert "own loopback: hi" in done.stdout
    assert received == []


def test_a_command_that_cannot_start_is_a_failure_of_the_jail_not_of_the_command(
    tmp_path: Path,
) -> None:
    _needs(Isolation.NAMESPACES)
    scratch = _scratch(tmp_path, Isolation.NAMESPACES)
    missing = str(tmp_path / "no-such-program")
    done = subprocess.run(jailed([missing], Spec(str(scratch))), capture_output=True,
                          text=True, timeout=30)  # fmt: skip
    assert done.returncode == 125
    assert done.stderr.startswith("jhalt sandbox: ")
