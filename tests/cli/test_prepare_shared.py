"""What `RecordingCheck.prepare` leaves to the workers of ``check --all`` (issue 36): the
program's shared facts, the call graph's components among them, and every object alive then
out of the garbage collector's generations (`gc.freeze`), so that no worker's full collection
walks them again."""

from __future__ import annotations

import gc
from pathlib import Path

from javac import compile_java, make_jar

from jhalt.analyses.check import CheckedEntry
from jhalt.cli import cache
from jhalt.cli.cache import RecordingCheck

SOURCE = """
public class Shared {
    static int calls;
    static int down(int n) { calls++; return n <= 0 ? 0 : down(n - 1); }
}
"""


def _never_run(program: object, entry: object) -> CheckedEntry:
    raise AssertionError("not called")


def test_prepare_shares_the_components_and_freezes_what_the_workers_inherit(
    tmp_path: Path,
) -> None:
    source = tmp_path / "Shared.java"
    source.write_text(SOURCE)
    jar = str(make_jar(compile_java([source], release=17), "Shared", tmp_path / "Shared.jar"))
    gc.unfreeze()
    try:
        assert gc.get_freeze_count() == 0
        RecordingCheck(_never_run, jar, tmp_path).prepare(share_facts=True)
        facts = cache._FACTS[jar]
        assert ("callee_effects.components",) in facts  # down() calls itself: one component
        assert gc.get_freeze_count() > 0
        assert gc.get_freeze_count() >= len(gc.get_referents(facts))
    finally:
        gc.unfreeze()
        cache._FACTS.pop(jar, None)
