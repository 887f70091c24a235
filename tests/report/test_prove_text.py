"""`jhalt prove` text output: verdict first, then the witness as Java inputs with its replay."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as dataclasses_replace
from pathlib import Path
from typing import Any

from jhalt.classfile import ClassPath
from jhalt.findings import Evidence, MaybeReason, ProveResult, Replay, Verdict, Witness
from jhalt.ids import MethodId
from jhalt.report.prove_output import prove_json, prove_text

MAIN = MethodId("Loop", "main", "([Ljava/lang/String;)V")


@dataclass(frozen=True)
class _Stated:
    """A minimal evidence kind: the reporter only asks it to render itself."""

    claim: str

    def text_lines(self) -> list[str]:
        return ["proof:", f"  {self.claim}"]

    def to_json(self) -> dict[str, Any] | None:
        return {"claim": self.claim}

    def assumed(self) -> tuple[str, ...]:
        return ()

    def verify(self) -> bool:
        return True


def _no(replay: Replay, detail: str) -> str:
    witness = Witness(args=("",), replay=replay, replay_detail=detail)
    return prove_text(
        ProveResult(Verdict.NO, MAIN, "loop repeats", witness=witness, proof=_Stated("looping"))
    )


def test_no_shows_the_command_line_witness_as_java_and_its_replay() -> None:
    lines = _no(Replay.CONFIRMED, "still running after 10 s").splitlines()
    assert lines[0] == "NO"
    assert 'witness: args = new String[]{""}' in lines
    assert "         command line: java Loop ''" in lines
    assert "replay: confirmed (still running after 10 s)" in lines


def test_an_unreplayed_witness_is_never_shown_as_confirmed() -> None:
    text = _no(Replay.UNCONFIRMED, "the program ended after 2 s")
    assert "replay: UNCONFIRMED (the JVM did not show it) (the program ended after 2 s)" in text
    assert "confirmed (" not in text.replace("UNCONFIRMED (", "")


def test_yes_has_its_proof_and_no_witness() -> None:
    result = ProveResult(Verdict.YES, MAIN, "1 loop(s) ranked", proof=_Stated("rank n - i"))
    text = prove_text(result)
    assert text.splitlines()[0] == "YES"
    assert "witness:" not in text and "  rank n - i" in text
    assert '"claim": "rank n - i"' in prove_json(result)
    assert isinstance(result.proof, Evidence)


def test_maybe_evidence_is_its_reason_only() -> None:
    result = ProveResult(Verdict.MAYBE, MAIN, "graph incomplete", proof=MaybeReason("x"))
    assert "proof:" not in prove_text(result)
    assert result.to_json()["proof"] is None and result.proof.verify()


def _prove_text_of(capsys, name: str, *options: str) -> str:
    from corpus import compile_program

    from jhalt.cli.main import main

    compiled = compile_program(name)
    assert main(["prove", str(compiled.classes_dir), "--main", compiled.main_class, *options]) == 0
    return capsys.readouterr().out


def test_yes_text_lists_each_loop_with_its_ranking_in_source_names(capsys) -> None:
    lines = _prove_text_of(capsys, "CountDown").splitlines()
    assert lines[0] == "YES"
    # `while (n > 0) n--;` on line 6 of CountDown.java: n itself ranks the loop, said in words
    # (issue 34 item 4: where the loop is and why it ends, not the proof's notation)
    assert (
        "  the loop at line 6 of CountDown.main ends because n decreases by at least 1 each "
        "time around and stays ≥ 0" in lines
    )
    assert (
        "  assuming no integer overflows (the proof counts with unbounded integers; Java's int "
        "and long wrap around)" in lines
    )
    assert '"its"' not in "\n".join(lines)  # the ITS is for --format json


def test_yes_text_of_a_bounded_loop_says_how_many_passes_it_allows(capsys) -> None:
    lines = _prove_text_of(capsys, "RemainderRound").splitlines()
    assert lines[0] == "YES"
    # x % 3 reaches 0 after at most two increments: the proof bounds the passes in a row
    assert (
        "  the loop at line 6 of RemainderRound.main ends because it cannot go around more "
        "than 2 times in a row" in lines
    )


def test_yes_derivation_keeps_the_ranking_functions_under_explain(capsys) -> None:
    lines = _prove_text_of(capsys, "CountDown", "--explain").splitlines()
    derivation = lines[lines.index("derivation:") + 1 :]
    assert any(line.startswith("    loop in CountDown.main(") for line in derivation)
    assert "      at line 6: ranking (n)" in derivation


def test_no_text_says_in_plain_words_where_the_loop_is_and_why_it_never_exits(capsys) -> None:
    lines = _prove_text_of(capsys, "NontermCounterStuck", "--no-validate").splitlines()
    assert lines[0] == "NO"
    reason = next(line for line in lines if line.startswith("reason: "))
    # the corpus header says kind=looping: with a short argument the loop's state repeats,
    # running lines 6-7 only (the `i++` of line 8 is never reached)
    assert reason.startswith(
        "reason: the loop at NontermCounterStuck.java:6-7 (in NontermCounterStuck.main) never "
        "exits: the witness brings it to a state that comes back unchanged"
    )
    assert "i = 0" in reason


def test_no_derivation_names_the_kind_the_loop_and_the_evidence_under_explain(capsys) -> None:
    lines = _prove_text_of(capsys, "NontermCounterStuck", "--no-validate", "--explain")
    derivation = lines.splitlines()[lines.splitlines().index("derivation:") + 1 :]
    assert derivation[0].startswith("  reason: looping non-termination in NontermCounterStuck.main")
    assert derivation[2].startswith("    looping non-termination in NontermCounterStuck.main(")
    assert "NontermCounterStuck.java" in derivation[2]
    assert derivation[3].startswith("    evidence: ")


def test_no_evidence_speaks_in_source_names(capsys) -> None:
    text = _prove_text_of(capsys, "NontermCounterStuck", "--no-validate", "--explain")
    evidence = next(line for line in text.splitlines() if line.startswith("    evidence: "))
    assert "LV0," not in evidence and " = " in evidence


def test_a_jar_that_names_the_entry_is_run_with_java_jar() -> None:
    """The command line a user copies: ``java -jar app.jar …`` when the analysed target is a
    jar whose manifest's Main-Class is the entry's class (the README's first example); any
    other target keeps ``java Loop …``, run from its classes' root."""
    examples = Path(__file__).resolve().parents[2] / "examples"
    jar = ClassPath.from_spec(str(examples / "Loop.jar"))
    result = ProveResult(
        Verdict.NO,
        MAIN,
        "loop repeats",
        witness=Witness(args=("",), replay=Replay.CONFIRMED, replay_detail="repeats"),
        proof=_Stated("looping"),
    )
    text = prove_text(result, classpath=jar).splitlines()
    assert f"         command line: java -jar {examples / 'Loop.jar'} ''" in text
    other = MethodId("Other", "main", MAIN.descriptor)
    text = prove_text(dataclasses_replace(result, entry=other), classpath=jar).splitlines()
    assert "         command line: java Other ''" in text
