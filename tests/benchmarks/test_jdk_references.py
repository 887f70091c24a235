"""benchmarks/jdk_references.py: the JDK classes and members a jar names, looked up as the
analysis looks them up (issue 33: no "class not found: java.*")."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from javac import compile_java

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

from jdk_references import audit, named_classes  # noqa: E402

from jhalt.program import Program  # noqa: E402

USES_THE_JDK = """
import java.io.File;
import java.net.ServerSocket;
import java.security.SecureRandom;
import java.util.logging.Logger;

public class UsesTheJdk {
    static final Logger LOG = Logger.getLogger("x");
    static Object[] things() throws Exception {
        return new Object[] {new File("a"), new ServerSocket(0), new SecureRandom(), new int[0][]};
    }
}
"""


def test_the_classes_of_the_issues_report_are_found_and_their_members_resolve(
    tmp_path: Path,
) -> None:
    # the classes that once stopped `prove` with "class not found" (issue 33's report)
    source = tmp_path / "UsesTheJdk.java"
    source.write_text(USES_THE_JDK)
    classes = compile_java(source)
    named = named_classes(Program.from_spec(str(classes)).lookup("UsesTheJdk"))
    assert {"java/io/File", "java/net/ServerSocket", "java/util/logging/Logger"} <= named
    assert "[I" not in named and "int" not in named  # arrays name their element class only
    result = audit(classes)
    assert result["missing"] == [] and result["linkage"] == []


def test_a_class_the_jdk_does_not_have_is_reported(tmp_path: Path) -> None:
    # javax.inject is no JDK package: compiled beside the class, then left off its class path
    source = tmp_path / "Elsewhere.java"
    source.write_text("public class Elsewhere { javax.inject.Provider<String> p; }\n")
    provider = tmp_path / "Provider.java"
    provider.write_text("package javax.inject; public interface Provider<T> { T get(); }\n")
    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy(compile_java([source, provider]) / "Elsewhere.class", alone)
    result = audit(alone)
    assert result["missing"] == ["javax/inject/Provider"] and result["missing_java"] == []
