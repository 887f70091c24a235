"""How `jhalt prove` replays a NO on the JVM: its witness (observed at the loop head first,
`jhalt.dynamic.confirm`, else waited for and judged by thread dumps, `jhalt.witness.replay`)
and the further witnesses into a recurrent set (``--samples``)."""

from __future__ import annotations

import argparse
import dataclasses

from jhalt.analyses.recurrent import RecurrentSetResult, with_samples
from jhalt.dynamic.confirm import result_observer
from jhalt.findings import NON_TERMINATION, ProveResult
from jhalt.witness.inputs import ConcreteInputs, args_inputs
from jhalt.witness.replay import Claim, Jdk, not_replayed, replay

__all__ = ["ReplayHow", "replay_nontermination", "replay_samples"]

ReplayHow = tuple[str, Jdk | None, str | None]
"""How `prove` replays: the class path given to ``java`` (`ClassPath.runtime_spec`), the
JDK (``--java``, None: none found) and why the JVM cannot run the target, if it cannot."""


def replay_nontermination(
    result: ProveResult, how: ReplayHow, args: argparse.Namespace
) -> ProveResult:
    """Run a NO's witness on a real JVM: first observed at the loop head
    (`jhalt.dynamic.confirm`: an exact repeat, the proved condition, or Looper's proof),
    else still running after ``--replay-wait`` seconds and, by thread dump, inside the
    reported loop → confirmed (`jhalt.witness.replay`). The proof stands either way; the replay is extra evidence and is reported as it came out. ``blocked``
    (in ``how``): why the local JVM cannot run the target (`jhalt.cli.versions`), then "not
    replayed"."""
    witness = result.witness
    assert witness is not None
    classpath, jdk, blocked = how
    if args.no_validate or blocked:
        outcome = not_replayed(blocked or "--no-validate")
    else:
        lines = result.loop.lines if result.loop else None
        method = result.loop.method if result.loop else result.entry
        inputs = (
            ConcreteInputs.from_json(witness.inputs)
            if witness.inputs or witness.args is None
            else args_inputs(witness.args)
        )
        recursive = bool(result.loop.recursion) if result.loop else False
        calls = result.loop.calls if result.loop else ()
        span = (lines[0], lines[1]) if lines else None
        claim = Claim(NON_TERMINATION.name, method, span, recursive, calls)
        observe = result_observer(result, classpath)  # watch the loop first (issue 20)
        outcome = replay(
            classpath, result.entry, inputs, claim, args.replay_wait, jdk, observe=observe
        )
    return dataclasses.replace(result, witness=outcome.applied_to(witness))


def replay_samples(result: ProveResult, how: ReplayHow, args: argparse.Namespace) -> ProveResult:
    """Replay the further witnesses into a NO's recurrent set (``--samples``) as the NO's
    own witness is replayed."""
    proof = result.proof
    if not isinstance(proof, RecurrentSetResult) or not proof.samples:
        return result
    samples = []
    for sample in proof.samples:
        single = dataclasses.replace(result, witness=sample.witness, proof=None)
        replayed = replay_nontermination(single, how, args).witness
        samples.append(dataclasses.replace(sample, witness=replayed or sample.witness))
    return dataclasses.replace(result, proof=with_samples(proof, tuple(samples)))
