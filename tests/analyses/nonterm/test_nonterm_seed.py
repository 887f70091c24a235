"""Seed 000's two programs (Fig. 1 `Loop`, Fig. 10 `nonLoop`): proved NO with the kind of
§4.1 / §4.2 and a witness that replays as a hang on the JVM."""

from __future__ import annotations

import pytest
from nonterm_testkit import prove

from jhalt.findings import NON_TERMINATION, Replay
from jhalt.ids import MethodId
from jhalt.witness.inputs import ConcreteInputs, args_inputs
from jhalt.witness.replay import Claim, find_jdk, replay

needs_jdk = pytest.mark.skipif(find_jdk() is None, reason="no JDK")


def test_loop_is_looping_with_an_empty_string(compiled_program) -> None:
    compiled = compiled_program("Loop")
    search = prove(str(compiled.classes_dir), "Loop")
    result = search.result
    assert result is not None, search.reasons
    assert result.kind == "looping"
    args = result.witness.args
    # i += a[i].length() makes no progress exactly when a[0] is empty (i starts at 0 < len)
    assert args is not None and len(args) >= 1 and args[0] == ""
    assert result.loop.method.name == "main"
    assert result.overflow_note is None  # the values repeat: no overflow


def test_nonloop_is_non_looping_with_a_diverging_witness(compiled_program) -> None:
    compiled = compiled_program("NonLoop")
    search = prove(str(compiled.classes_dir), "NonLoop", "nonLoop", "(II)V")
    result = search.result
    assert result is not None, search.reasons
    assert result.kind == "non-looping"
    assert result.evidence_data["rho"] == "unsat" and result.evidence_data["sigma"] == "sat"
    x, y = (argument["value"] for argument in result.witness.inputs["arguments"])
    # Fig. 10 runs forever iff y >= 0 and x >= y (mathematical integers)
    assert y >= 0 and x >= y
    assert result.overflow_note and "mathematical integers" in result.overflow_note


@needs_jdk
@pytest.mark.slow
def test_seed_witnesses_replay_as_hangs(compiled_program) -> None:
    loop = compiled_program("Loop")
    result = prove(str(loop.classes_dir), "Loop").result
    assert result is not None
    outcome = replay(
        str(loop.classes_dir),
        MethodId("Loop", "main", "([Ljava/lang/String;)V"),
        args_inputs(result.witness.args or ()),
        Claim(NON_TERMINATION.name, result.loop.method, result.loop.lines),
        timeout_s=2.0,
    )
    assert outcome.status is Replay.CONFIRMED, outcome.detail
    nonloop = compiled_program("NonLoop")
    entry = MethodId("NonLoop", "nonLoop", "(II)V")
    result = prove(str(nonloop.classes_dir), "NonLoop", "nonLoop", "(II)V").result
    assert result is not None
    outcome = replay(
        str(nonloop.classes_dir),
        entry,
        ConcreteInputs.from_json(result.witness.inputs),
        Claim(NON_TERMINATION.name, result.loop.method, result.loop.lines),
        timeout_s=2.0,
    )
    assert outcome.status is Replay.CONFIRMED, outcome.detail
