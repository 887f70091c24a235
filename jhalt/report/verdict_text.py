"""The verdicts of `jhalt prove` in plain words (issue 34 item 4): what a user reads by default.

A YES says, per loop head, why the loop ends, in source names and lines: "the loop at line 6
of Shapes.total ends because (the length of shapes) - (the index of the for-each over shapes)
decreases by at least 1 each time around and stays ≥ 0". The ranking functions are rendered
again from the proof's steps (`jhalt.its.proof`): positive terms first, a name of several
words in parentheses. A lexicographic ranking (several steps at one head) and a multiphase
one (``f1 ; f2``) are said as what they mean; a bounded-run step as the number of passes.

A NO says it with the evidence's own ``plain()`` (the loop, and the state that repeats or the
condition the loop never leaves); a MAYBE keeps its reason. The papers' notation (ρ, σ, the
theorem and proposition numbers, the seed documents) and the derivation stay in ``--explain``
and JSON: `derivation_lines`. Assumptions and heap facts lose their references to the seeds
and to jhalt's modules (`plain_words`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from fractions import Fraction

from jhalt.analyses.termination.cutpoints import location_name
from jhalt.analyses.termination.loop_proof import LoopHead, LoopProof
from jhalt.analyses.termination.outcome import TerminationOutcome
from jhalt.analyses.termination.processors.chaining import base_location
from jhalt.analyses.termination.prover import MATHEMATICAL_INTEGERS
from jhalt.findings import Evidence, ProveResult, Verdict
from jhalt.its.linear import LinearExpr
from jhalt.its.proof import BoundedRunStep, RankingStep

_REFERENCES = re.compile(r"\s*\((?:seed \d+|thesis|jhalt\.)[^()]*\)")
"""A parenthesised reference to a seed document, the thesis or a module of jhalt."""

_ASSUMPTIONS = {
    MATHEMATICAL_INTEGERS: "no integer overflows (the proof counts with unbounded integers; "
    "Java's int and long wrap around)",
}


def plain_words(text: str) -> str:
    """``text`` without its references to the seeds, the thesis and jhalt's modules."""
    return _REFERENCES.sub("", text)


_MAYBE_WORDS = (
    (re.compile(r"no \(multiphase\) linear ranking function for the SCC\(s\) \{[^}]*\}"),
     "no ranking function found"),
    (re.compile(r"(loop at [\w$/.]+\.[\w$<>]+)\([^)]*\)[^@\s]*@(\d+)"), r"\1 pc \2"),
    (re.compile(r"CLP: no binary clause satisfies the criterion"),
     "the CLP engine found no input that runs forever"),
    (re.compile(r"CLP: (\d+) path\(s\) without an exact abstraction"),
     r"the CLP engine could not model \1 path(s) exactly"),
    (re.compile(r"\bno recurrent set\b"), "no set of values the loop never leaves"),
)  # fmt: skip
"""The notation of a MAYBE's reason and its plain words (the reason itself is under
``--explain`` and in JSON)."""


def plain_reason(result: ProveResult) -> str:
    """The ``reason:`` line: a NO's plain sentence (`plain_evidence`); a MAYBE's reason
    opened by what it means and said without the proof's notation (`_MAYBE_WORDS`); else
    the reason."""
    if result.verdict is Verdict.NO and result.proof is not None:
        sentence = plain_evidence(result.proof)
        if sentence is not None:
            return sentence
    reason = plain_words(result.reason)
    if result.verdict is Verdict.MAYBE:
        for pattern, words in _MAYBE_WORDS:
            reason = pattern.sub(words, reason)
        return (
            "not decided: found neither a proof that every run ends nor an input that runs "
            f"forever ({reason})"
        )
    return reason


def plain_evidence(proof: Evidence) -> str | None:
    """The plain sentence of a NO's evidence, when it has one (``plain()``)."""
    plain = getattr(proof, "plain", None)
    return plain() if callable(plain) else None


def plain_proof_lines(result: ProveResult) -> list[str]:
    """The ``proof:`` section in plain words: a YES's loops (`termination_lines`); for a NO
    whose evidence has a plain sentence the reason already says it all, so only where the
    derivation is; other evidence as it renders itself (`Evidence.text_lines`)."""
    proof = result.proof
    if isinstance(proof, TerminationOutcome):
        return termination_lines(proof)
    if proof is None or not proof.text_lines():
        return []
    if plain_evidence(proof) is None:
        return proof.text_lines()
    return ["(--explain gives the derivation, --format json the solver's data)"]


def derivation_lines(result: ProveResult) -> list[str]:
    """What ``--explain`` adds: the analysis's own reason and proof, notation and all."""
    lines = ["derivation:", f"  reason: {result.reason}"]
    if result.proof is not None:
        lines.extend(f"  {line}" for line in result.proof.text_lines())
    return lines


def termination_lines(outcome: TerminationOutcome) -> list[str]:
    """A YES: why each loop ends (module docstring), then what the proof assumes."""
    lines = ["proof:"]
    if not outcome.loops:
        lines.append("  the program has no loop and no recursion")
    for loop in outcome.loops:
        lines.extend(f"  {sentence}" for sentence in loop_sentences(loop))
    lines.extend(
        f"  it uses that {_without_descriptors(lemma.describe())}" for lemma in outcome.lemmas
    )
    facts = [fact for loop in outcome.loops for fact in loop.heap_facts]
    facts += [fact for lemma in outcome.lemmas for fact in lemma.heap_facts]
    lines.extend(f"  it uses that {plain_words(fact)}" for fact in dict.fromkeys(facts))
    for assumption in outcome.assumptions:
        lines.append(f"  assuming {_ASSUMPTIONS.get(assumption) or plain_words(assumption)}")
    lines.append("  (--explain gives the proof's steps, --format json every transition system)")
    return lines


def loop_sentences(loop: LoopProof) -> list[str]:
    """One sentence per head of ``loop``: where it is and why it ends."""
    method = loop.method.split("(", 1)[0]
    method = ".".join(method.split(".")[-2:])
    sentences = []
    for head in loop.heads:
        at = f"line {head.line}" if head.line is not None else f"pc {head.pc}"
        where = f"the {loop.kind} at {at} of {method}"
        around = "with each nested call" if loop.recursive else "each time around"
        sentences.append(f"{where} ends because {_why(loop, head, around)}")
    return sentences


def _why(loop: LoopProof, head: LoopHead, around: str) -> str:
    """Why the loop ends at ``head``: its ranking components, most significant first."""
    render = _renderer(head.variables)
    components: list[str] = []
    bounded: int | None = None
    for step in loop.proof.steps:
        for location in step.ranked_locations():
            if base_location(location) != location_name(head.node):
                continue
            if isinstance(step, RankingStep):
                phases = [render(phase.at(location)) for phase in step.phases]
                text = _phases([p for p in phases if p is not None])
                if text and text not in components:
                    components.append(text)
            elif isinstance(step, BoundedRunStep):
                bounded = step.length - 1
    if not components and bounded is not None:
        return f"it cannot go around more than {bounded} times in a row"
    if not components:
        return "every way around it passes another head of the loop, where it is ranked"
    if len(components) == 1:
        return f"{components[0]} decreases by at least 1 {around} and stays ≥ 0"
    listed = "; ".join(components)
    return (
        f"{around}, one of these decreases by at least 1 and stays ≥ 0 while the ones before "
        f"it do not grow: {listed}"
    )


def _phases(phases: Sequence[str]) -> str:
    """A multiphase ranking said as its phases: ``a, then (once a ≤ 0) b``."""
    if not phases:
        return ""
    text = phases[0]
    for earlier, later in zip(phases, phases[1:]):
        text += f", then (once {earlier} ≤ 0) {later}"
    return text


def _renderer(names: dict[str, str]) -> Callable[[LinearExpr], str | None]:
    """Renders an expression over ITS variables in source names (None for a constant)."""

    def render(expr: LinearExpr) -> str | None:
        if expr.is_constant():
            return None
        terms = sorted(expr.terms, key=lambda term: (term[1] < 0, _name(names, term[0])))
        pieces: list[str] = []
        for variable, coefficient in terms:
            name = _name(names, variable)
            magnitude = abs(coefficient)
            shown = name if magnitude == 1 else f"{_number(magnitude)}*{name}"
            if not pieces:
                pieces.append(shown if coefficient > 0 else f"-{shown}")
            else:
                pieces.append(f"+ {shown}" if coefficient > 0 else f"- {shown}")
        if expr.constant:
            sign = "+" if expr.constant > 0 else "-"
            pieces.append(f"{sign} {_number(abs(expr.constant))}")
        return " ".join(pieces)

    return render


_UNNAMED = re.compile(r"local #\d+")
_DESCRIPTOR = re.compile(r"(\b[\w$.]+)\([^()\s]*\)[^\s]*")
"""A method with its descriptor, ``Parts.parts(II)I``: said as ``Parts.parts``."""


def _without_descriptors(text: str) -> str:
    return _DESCRIPTOR.sub(r"\1", text)


def _name(names: dict[str, str], variable: str) -> str:
    """A variable's source name; one of several words in parentheses inside an expression."""
    name = names.get(variable, variable)
    return f"({name})" if " " in name and not _UNNAMED.fullmatch(name) else name


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value}"
