"""Splitting ITS locations by the transition that entered them (issue 6; the "transition
graph" refinement of termination tools, e.g. the control-flow refinement of phase-based loops).

A loop whose body behaves in phases (``if (up) i++ else i--`` with ``up`` switched off once)
yields self-loops at one location that no single (lexicographic, multiphase) linear function
ranks, although the phases never alternate: the post-state of one transition never satisfies
the guard of the other.  `split_by_predecessor` makes this explicit:

* every transition ``t: l -> l'`` gets its own location ``l'@t`` ("at ``l'``, just after ``t``");
* for each pair ``a: _ -> l`` and ``b: l -> l''`` there is a transition ``b@a: l@a -> l''@b``
  with the guard of ``b``, kept only when ``a`` followed by ``b`` is satisfiable over the
  integers (the composition, with ``a``'s post-state as ``b``'s pre-state and the auxiliary
  variables of both renamed apart).

**Soundness.**  An infinite run ``c0 -a0-> c1 -a1-> c2 ...`` of the original ITS gives the run
``c1 -(a1@a0)-> c2 -(a2@a1)-> ...`` of the split ITS: each pair ``a_k, a_{k+1}`` occurs
consecutively, so its composition is satisfiable and the pair's transition was kept (a pair is
dropped only when z3 answers *unsat*).  Hence termination of the split ITS implies termination
of the original one; the proof found for the split ITS is verified against the split ITS.
"""

from __future__ import annotations

from jhalt.its.linear import LinearConstraint
from jhalt.its.system import ITS, Transition, is_primed, primed
from jhalt.smt.encode import Domain
from jhalt.smt.entailment import check_satisfiable
from jhalt.smt.session import SatAnswer, SmtConfig

MAX_SPLIT_TRANSITIONS = 40
"""ITSs with more transitions are not split (the split is quadratic)."""
SEPARATOR = "@"


def base_location(location: str) -> str:
    """The original location of a split location (``n51@t3`` -> ``n51``)."""
    return location.split(SEPARATOR, 1)[0]


def _renamed_apart(
    transition: Transition, tag: str, its_variables: frozenset[str]
) -> dict[str, str]:
    renaming = {}
    for name in transition.variables():
        if name not in its_variables and not is_primed(name):
            renaming[name] = f"{name}#{tag}"
    return renaming


def _composition(
    first: Transition, second: Transition, its_variables: frozenset[str]
) -> list[LinearConstraint]:
    """``first`` then ``second``: ``first``'s post-state (primed) is ``second``'s pre-state;
    ``second``'s post-state becomes doubly primed; auxiliaries are renamed apart."""
    first_renaming = _renamed_apart(first, "1", its_variables)
    second_renaming = _renamed_apart(second, "2", its_variables)
    for name in its_variables:
        second_renaming[name] = primed(name)
        second_renaming[primed(name)] = primed(primed(name))
    return [c.rename(first_renaming) for c in first.guard] + [
        c.rename(second_renaming) for c in second.guard
    ]


def split_by_predecessor(its: ITS, config: SmtConfig = SmtConfig()) -> ITS | None:
    """The split ITS of the module doc, or None when ``its`` has more than
    `MAX_SPLIT_TRANSITIONS` transitions."""
    transitions = [t for t in its.transitions if not t.is_infeasible_syntactically()]
    if len(transitions) > MAX_SPLIT_TRANSITIONS:
        return None
    feasible = [
        t
        for t in transitions
        if check_satisfiable(t.guard, Domain.INTEGER, config) is not SatAnswer.UNSAT
    ]
    its_variables = frozenset(its.variables)
    split: list[Transition] = []
    for first in feasible:
        for second in feasible:
            if second.source != first.target:
                continue
            answer = check_satisfiable(
                _composition(first, second, its_variables), Domain.INTEGER, config
            )
            if answer is SatAnswer.UNSAT:
                continue
            split.append(
                Transition(
                    f"{second.name}{SEPARATOR}{first.name}",
                    f"{first.target}{SEPARATOR}{first.name}",
                    f"{second.target}{SEPARATOR}{second.name}",
                    second.guard,
                    second.origin,
                )
            )
    start = f"{feasible[0].target}{SEPARATOR}{feasible[0].name}" if feasible else its.start
    return ITS(its.variables, start, tuple(split))


__all__ = ["MAX_SPLIT_TRANSITIONS", "base_location", "split_by_predecessor"]
