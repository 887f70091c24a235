"""`jhalt prove --format html`: one termination answer as a page (`jhalt.report.html_page`).

* The answer: YES, NO or MAYBE in colour, the entry, the reason, the times.
* A NO: the witness as Java inputs with its replay, the loop over the source lines (its head
  marked; `html_code`), the proof as the text format states it, and the symbolic execution
  graph by source line with the loop highlighted (`html_seg`) when the command passes the
  graph.
* A YES: per loop its source lines, each head's ranking functions in source names (beside the
  head's line, and in a table), the invariants, the lemmas and the assumptions.
* A MAYBE: the reason and what the evidence says.
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.analyses.loop_location import LoopLocation
from jhalt.analyses.nontermination.result import NonTerminationResult
from jhalt.analyses.recurrent import RecurrentSetResult
from jhalt.analyses.termination import TerminationOutcome
from jhalt.analyses.termination.prover import LoopProof
from jhalt.classfile import ClassPath
from jhalt.findings import ProveResult, Verdict
from jhalt.ids import MethodId
from jhalt.report.check_output import method_text
from jhalt.report.html_check import replay_badge, witness_block
from jhalt.report.html_code import LoopSpot, listings, loop_marks
from jhalt.report.html_page import badge, esc, facts, page, section
from jhalt.report.html_seg import seg_figure
from jhalt.report.prove_output import prove_times
from jhalt.report.sources import SourceLines
from jhalt.report.verdict_text import plain_reason
from jhalt.report.witness_text import replay_line, witness_lines
from jhalt.seg.graph import SymbolicExecutionGraph

__all__ = ["loop_spot", "prove_html"]


def _method_of(text: str, fallback: MethodId) -> MethodId:
    """``p.C.m(I)V`` (`MethodId.__str__`) back to a `MethodId`; ``fallback`` if malformed."""
    head, paren, rest = text.partition("(")
    owner, dot, name = head.rpartition(".")
    if not (paren and dot and owner and name):
        return fallback
    return MethodId(owner.replace(".", "/"), name, paren + rest)


def loop_spot(result: ProveResult) -> tuple[LoopSpot, int | None] | None:
    """The loop of a NO and its head's pc (None: unknown): from the proof's `LoopLocation`
    when it has one (the graph's and the recurrent-set engine's), else from the answer's
    `LoopSite` (method and lines: the CLP engine's)."""
    proof = result.proof
    location: LoopLocation | None = None
    if isinstance(proof, (NonTerminationResult, RecurrentSetResult)):
        location = proof.loop
    if location is not None:
        return LoopSpot(location.method, frozenset(location.pcs), location.lines), location.head_pc
    if result.loop is not None and result.loop.lines is not None:
        return LoopSpot(result.loop.method, lines=result.loop.lines), None
    return None


def _answer(result: ProveResult) -> str:
    verdict = badge(result.verdict.value, f"verdict v-{result.verdict.value}")
    pairs = [
        ("entry", f"<code>{esc(method_text(result.entry))}</code>"),
        ("reason", esc(plain_reason(result))),
        ("time", esc(prove_times(result))),
    ]
    return section(f"{verdict} termination of {esc(method_text(result.entry))}", [facts(pairs)])


def _witness(result: ProveResult, sources: SourceLines) -> str:
    witness = result.witness
    assert witness is not None
    names = sources.parameter_names(result.entry)
    pairs = [
        ("inputs", witness_block(witness_lines(witness, result.entry, names, sources.classpath))),
        (
            "replay",
            f"{replay_badge(witness.replay)} {esc(replay_line(witness).removeprefix('replay: '))}",
        ),
    ]
    if result.jdk is not None:
        pairs.append(("jdk", esc(result.jdk.text())))
    if witness.reproducer:
        pairs.append(("reproducer", f"<code>{esc(witness.reproducer)}</code>"))
    return section("the witness: an input that never terminates", [facts(pairs)])


def _no_sections(
    result: ProveResult,
    sources: SourceLines,
    classpath: ClassPath | None,
    graph: SymbolicExecutionGraph | None,
) -> list[str]:
    parts = [_witness(result, sources)]
    spot = loop_spot(result)
    proof_lines = result.proof.text_lines() if result.proof is not None else []
    loop_content = []
    if spot is not None:
        marks = loop_marks(classpath, spot[0], {spot[1]: "head"} if spot[1] is not None else {})
        loop_content.append(listings(marks, sources, classpath))
    if proof_lines:  # the derivation, in the analysis's notation: folded away
        loop_content.append(
            "<details><summary>derivation (the analysis's notation)</summary>"
            f"<pre>{esc(chr(10).join(proof_lines))}</pre></details>"
        )
    recursion = result.loop is not None and bool(result.loop.recursion)
    heading = "the recursion that never ends" if recursion else "the loop that never exits"
    parts.append(section(heading, loop_content, "loop"))
    if graph is not None and spot is not None:
        figure = seg_figure(graph, spot[0], sources, classpath)
        parts.append(section("symbolic execution graph", [figure], "graph"))
    return parts


def _ranking_table(loop: LoopProof) -> str:
    rows = []
    for head in loop.heads:
        at = f"line {head.line}" if head.line is not None else f"pc {head.pc}"
        ranking = ", ".join(head.ranking) if head.ranking else "left within the loop's other heads"
        rows.append(f'<tr><td>{esc(at)}</td><td class="ranking mono">{esc(ranking)}</td></tr>')
    return (
        '<table class="findings"><thead><tr><th>head</th><th>ranking functions (most '
        f"significant first)</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _loop_proof_section(
    loop: LoopProof, entry: MethodId, sources: SourceLines, classpath: ClassPath | None
) -> str:
    method = _method_of(loop.method, entry)
    where = "lines {}-{}".format(*loop.lines) if loop.lines else "lines unknown"
    content = [_ranking_table(loop)]
    if loop.lines is not None:
        heads = {h.pc: "ranking: " + ", ".join(h.ranking) for h in loop.heads if h.ranking}
        content.append(
            listings(
                loop_marks(classpath, LoopSpot(method, lines=loop.lines), heads), sources, classpath
            )
        )
    if loop.invariants:
        items = "".join(f"<li><code>{esc(i)}</code></li>" for i in loop.invariants)
        content.append(f'<h3>invariants</h3><ul class="plain">{items}</ul>')
    title = f"{loop.kind} in <code>{esc(method_text(method))}</code> ({esc(where)})"
    return section(title, content)


def _yes_sections(
    proof: TerminationOutcome, entry: MethodId, sources: SourceLines, classpath: ClassPath | None
) -> list[str]:
    parts = [_loop_proof_section(loop, entry, sources, classpath) for loop in proof.loops]
    if not proof.loops:
        parts.append(section("no loop", ["<p>the program has no loop and no recursion</p>"]))
    extra = [f"lemma: {lemma.describe()}" for lemma in proof.lemmas]
    extra += [f"assuming {assumption}" for assumption in proof.assumptions]
    if extra:
        items = "".join(f"<li>{esc(text)}</li>" for text in extra)
        parts.append(section("lemmas and assumptions", [f'<ul class="plain">{items}</ul>']))
    return parts


def _evidence(lines: Sequence[str]) -> str:
    return section("evidence", [f"<pre>{esc(chr(10).join(lines))}</pre>"])


def prove_html(
    result: ProveResult,
    sources: SourceLines,
    classpath: ClassPath | None,
    graph: SymbolicExecutionGraph | None = None,
) -> str:
    """The page (module doc); ``graph`` is the entry's graph (drawn for a NO)."""
    body = [_answer(result)]
    if result.verdict is Verdict.NO and result.witness is not None:
        body.extend(_no_sections(result, sources, classpath, graph))
    elif isinstance(result.proof, TerminationOutcome):
        body.extend(_yes_sections(result.proof, result.entry, sources, classpath))
    elif result.proof is not None and result.proof.text_lines():
        body.append(_evidence(result.proof.text_lines()))
    if result.stats:
        stats = ", ".join(f"{k}={v}" for k, v in sorted(result.stats.items()))
        body.append(section("statistics", [f"<p class='mono'>{esc(stats)}</p>"]))
    title = f"jhalt prove: {result.verdict.value}"
    return page(title, method_text(result.entry), body)
