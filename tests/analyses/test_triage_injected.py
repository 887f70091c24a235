"""A public-API witness that needs an injected environment value is *reproduced*, never
confirmed (issue 33's rule, issue 34's triage).

``Dice.roll()`` divides 100 by ``face == 7 ? 0 : 1`` where ``face = new Random().nextInt(10)``:
it throws ArithmeticException at line 7 exactly when the random source gives 7. ``new
Dice().roll()`` is a public call sequence, so the finding is an error of the public API — but
the calls alone do not decide the outcome (one run in ten throws): the witness holds only with
``Random.nextInt`` returning 7, which the replay can only arrange by rewriting the call site.
Such a run is not the user's program as it is, so the replay status must be ``reproduced``
(with the rewritten call named), whether or not a run of the unmodified program happens to
throw. Before the public search and replay injected the value, the finding was either
"confirmed" by a lucky unmodified run or hidden as internal state when no run was lucky.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from javac import compile_java

from jhalt.cli.main import main
from jhalt.witness.api.search import compiled_driver
from jhalt.witness.replay import find_jdk
from jhalt.witness.sandbox import compiled_sandbox

pytestmark = pytest.mark.skipif(
    shutil.which("java") is None or shutil.which("javac") is None, reason="no JDK on PATH"
)

DICE = """\
import java.util.Random;

public class Dice {
    public int roll() {
        int face = new Random().nextInt(10);
        int divisor = face == 7 ? 0 : 1;
        return 100 / divisor;
    }
}
"""


def test_a_public_witness_with_an_injected_random_value_is_reproduced(tmp_path: Path) -> None:
    source = tmp_path / "Dice.java"
    source.write_text(DICE)
    classes = tmp_path / "classes"
    shutil.copytree(compile_java([source]), classes)
    jdk = find_jdk()
    assert jdk is not None
    compiled_driver(jdk)  # outside the entry's time
    compiled_sandbox(jdk.java)
    out = tmp_path / "check.json"
    command = ["check", str(classes), "--all", "--no-cache", "--timeout", "20"]
    code = main([*command, "--format", "json", "-o", str(out)])
    assert code == 1  # a finding
    (finding,) = json.loads(out.read_text())["findings"]
    assert finding["kind"] == "java.lang.ArithmeticException"
    assert finding["location"]["line"] == 7
    assert finding["level"] == "error"  # new Dice().roll() is public API
    witness = finding["witness"]
    assert [c.strip() for c in witness["calls"]][-1].endswith(".roll();")
    assert witness["replay"] == "reproduced"
    assert "java.util.Random.nextInt rewritten" in witness["replay_detail"]
    assert witness["replay_detail"].startswith("public calls: ")
