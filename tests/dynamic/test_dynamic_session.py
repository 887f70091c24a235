"""Addresses and the watched command line (no JVM)."""

from __future__ import annotations

from pathlib import Path

import pytest
from jdks import fake_jdk

from jhalt.dynamic.session import parse_address, watched_command
from jhalt.errors import InputError


def test_port_alone_means_loopback() -> None:
    address = parse_address("5005")
    assert (address.host, address.port) == ("127.0.0.1", 5005)


@pytest.mark.parametrize(
    "text", ["localhost:5005", "127.0.0.1:5005", "[::1]:5005", "127.1.2.3:5005"]
)
def test_loopback_hosts_are_accepted(text: str) -> None:
    assert parse_address(text).port == 5005


def test_remote_host_needs_explicit_consent() -> None:
    with pytest.raises(InputError, match="--host 10.0.0.5"):
        parse_address("10.0.0.5:5005")
    assert parse_address("10.0.0.5:5005", allowed_host="10.0.0.5").host == "10.0.0.5"
    assert parse_address("5005", allowed_host="10.0.0.5").host == "10.0.0.5"


@pytest.mark.parametrize("text", ["", "host:", "5005x", "70000"])
def test_bad_addresses_are_input_errors(text: str) -> None:
    with pytest.raises(InputError):
        parse_address(text)


def test_agent_is_inserted_after_the_executable_and_nothing_else_changes(tmp_path: Path) -> None:
    java = fake_jdk(tmp_path / "jdk-17", "17.0.15")
    command = watched_command([java, "-Xmx1g", "-cp", "app.jar", "Main", "a"], 4321)
    assert command[0] == java
    assert command[1] == (
        "-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,quiet=y,address=127.0.0.1:4321"
    )
    assert command[2:] == ["-Xmx1g", "-cp", "app.jar", "Main", "a"]


@pytest.mark.parametrize(
    ("version", "listed"), [("17.0.15", False), ("21.0.2", True), ("25", True)]
)
def test_from_jdk_21_the_agent_lists_virtual_threads(
    tmp_path: Path, version: str, listed: bool
) -> None:
    java = fake_jdk(tmp_path / f"jdk-{version}", version)
    option = watched_command([java, "Main"], 4321)[1]
    assert ("includevirtualthreads=y," in option) == listed


@pytest.mark.parametrize(
    "argv",
    [[], ["python", "x.py"], ["java", "-agentlib:jdwp=transport=dt_socket", "Main"]],
)
def test_bad_watch_commands_are_input_errors(argv: list[str]) -> None:
    with pytest.raises(InputError):
        watched_command(argv, 1)
