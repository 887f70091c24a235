"""The security manager is an extra layer used only where the JDK accepts it (issue 32):
JDK 24 removed it (JEP 486), so a JVM of release 24 or later gets no security-manager options,
whatever its ``javac`` could build. The JVMs here are fake installations (a ``release`` file
and an executable ``bin/java`` that is never run)."""

from __future__ import annotations

from pathlib import Path

import pytest
from jdks import fake_jdk

from jhalt.witness.jvm_release import jvm_feature
from jhalt.witness.sandbox import LAST_WITH_SECURITY_MANAGER, Sandbox, sandbox_options


@pytest.mark.parametrize("version", ["24", "25.0.1", "26-ea"])
def test_a_jvm_without_a_security_manager_gets_no_sandbox_options(
    tmp_path: Path, version: str
) -> None:
    java = fake_jdk(tmp_path / f"jdk-{version}", version)
    assert sandbox_options(java, tmp_path, Sandbox.HALT) == []
    assert sandbox_options(java, tmp_path, Sandbox.REFUSE) == []


def test_the_release_is_read_from_the_installation(tmp_path: Path) -> None:
    assert jvm_feature(fake_jdk(tmp_path / "a", "23.0.2")) == LAST_WITH_SECURITY_MANAGER
    assert jvm_feature(fake_jdk(tmp_path / "b", "1.8.0_292")) == 8
