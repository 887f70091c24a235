"""The Java statements that give a reproducer's JUnit test the witness's invocation (issue 33,
item 4): the files it reads, created relative to the working directory; its standard input
(``System.setIn``); its system properties (``System.setProperty``/``clearProperty``).

Environment variables cannot be set from Java: the test's comment (``// run as: X=1 java …``)
says them, and a test whose witness needs one reproduces only when run with it set. Java 8
source, fully qualified names (no import needed). Assumption: the test runs in a directory
where the witness's files may be created (a build's working directory; the files are left
there, as the replay's scratch directory holds them).
"""

from __future__ import annotations

from jhalt.witness.invocation import Invocation
from jhalt.witness.java_literals import string_literal

__all__ = ["invocation_statements"]

_UTF8 = "java.nio.charset.StandardCharsets.UTF_8"


def invocation_statements(invocation: Invocation | None) -> list[str]:
    """The statements that feed ``invocation`` (module docstring), in order: files, standard
    input, properties; empty for no invocation."""
    if invocation is None:
        return []
    statements: list[str] = []
    for index, (name, text) in enumerate(invocation.files):
        path = f"jhaltFile{index}"
        statements += [
            f"java.nio.file.Path {path} = java.nio.file.Paths.get({string_literal(name)});",
            f"if ({path}.getParent() != null) java.nio.file.Files.createDirectories({path}.getParent());",
            f"java.nio.file.Files.write({path}, {string_literal(text)}.getBytes({_UTF8}));",
        ]
    if invocation.stdin is not None:
        statements.append(
            "System.setIn(new java.io.ByteArrayInputStream("
            f"{string_literal(invocation.stdin)}.getBytes({_UTF8})));"
        )
    for key, value in invocation.properties:
        if value is None:
            statements.append(f"System.clearProperty({string_literal(key)});")
        else:
            statements.append(
                f"System.setProperty({string_literal(key)}, {string_literal(value)});"
            )
    return statements
