"""Large loop nests within the solver budget: `jhalt.smt.farkas` leaves out guard rows implied
by the variable bounds (`essential_rows`) and template coefficients that the Farkas conditions
force to 0 (a variable free in some transition at a location).  Both are exact, so a loop nest
with many heads in one SCC (corpus twin: Julia_10_Iterative/Gauss) is ranked with a smaller
budget, and a non-terminating variant still gets no proof."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from javac import compile_java

from jhalt.analyses.termination import TerminationConfig, prove_graph_terminates
from jhalt.analyses.termination.processors.ranking import RankingConfig
from jhalt.ids import MethodId
from jhalt.its.linear import eq, ge, le, var
from jhalt.its.system import Transition
from jhalt.models import default_registry
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.smt.farkas import _location_variables, essential_rows, synthesize_ranking
from jhalt.smt.session import SmtConfig

JAVA = Path(__file__).parent / "java"
SMALL_BUDGET = 300_000
"""Enough for ManyLoopHeads with the reduced Farkas problems (they need less than 200 000),
not enough without them (they needed more than 300 000)."""


def outcome_of(
    name: str, config: TerminationConfig = TerminationConfig(), source: Path | None = None
):
    classes = compile_java(source or JAVA / f"{name}.java")
    program = Program.from_spec(str(classes))
    graph = build_graph(
        program,
        MethodId(name, "main", "([Ljava/lang/String;)V"),
        default_registry(),
        limits=BuildLimits(timeout_s=20),
    )
    return prove_graph_terminates(graph, program, config)


def test_many_loop_heads_in_one_scc_are_ranked_within_a_small_budget():
    outcome = outcome_of(
        "ManyLoopHeads", TerminationConfig(ranking=RankingConfig(3, SmtConfig(SMALL_BUDGET)))
    )
    assert outcome.proved, outcome.reason


def test_a_loop_that_stops_advancing_is_not_proved(tmp_path: Path):
    # ManyLoopHeads with run()'s inner loop advancing only while ll == l: it stops at ll = l + 1,
    # so any run with at least two arguments calls subtract(0, 1) forever
    text = (JAVA / "ManyLoopHeads.java").read_text()
    advancing = "for (int ll = 0; ll < n; ll++)"
    assert text.count(advancing) == 1
    stuck = text.replace(advancing, "for (int ll = 0; ll < n; ll += (ll == l) ? 1 : 0)")
    source = tmp_path / "ManyLoopHeadsStuck.java"
    source.write_text(stuck.replace("ManyLoopHeads", "ManyLoopHeadsStuck"))
    outcome = outcome_of("ManyLoopHeadsStuck", source=source)
    assert not outcome.proved, outcome.describe()


def test_essential_rows_keep_exactly_the_integer_points():
    x, y, z = var("x"), var("y"), var("z")
    guard = (
        ge(x, 0),
        ge(x, 1),
        le(x, 3),
        ge(y, 2),
        le(y, 2),
        ge(x + y, 1),
        le(x + y, 5),
        le(x - z, 0),
        eq(z, y + 1),
        ge(x + y, 4),
    )
    kept = essential_rows(guard)
    assert ge(x, 0) not in kept and ge(x + y, 1) not in kept and le(x + y, 5) not in kept
    assert ge(x + y, 4) in kept and le(x - z, 0) in kept and eq(z, y + 1) in kept
    for point in itertools.product(range(-2, 7), repeat=3):
        valuation = dict(zip("xyz", point))
        assert all(c.holds(valuation) for c in guard) == all(c.holds(valuation) for c in kept)


def test_essential_rows_on_random_guards():
    rng = random.Random(6)
    names = ("a", "b", "c")
    for _ in range(200):
        guard = []
        for _ in range(rng.randint(1, 7)):
            size = rng.randint(1, 3)
            chosen = rng.sample(names, size)
            expr = sum(
                (var(n) * rng.choice((-2, -1, 1, 2)) for n in chosen), start=var(chosen[0]) * 0
            )
            bound = rng.randint(-3, 3)
            guard.append(rng.choice((le, ge, le, ge, eq))(expr, bound))
        kept = essential_rows(guard)
        assert set(kept) <= set(guard)
        for point in itertools.product(range(-4, 5), repeat=3):
            valuation = dict(zip(names, point))
            assert all(c.holds(valuation) for c in guard) == all(c.holds(valuation) for c in kept)


def test_a_variable_free_in_a_transition_gets_no_coefficient_at_its_ends():
    x, y = var("x"), var("y")
    down = Transition("down", "l", "m", (ge(x, 1), eq(var("x'"), x - 1), eq(var("y'"), y)))
    back = Transition("back", "m", "l", (eq(var("x'"), x),))  # y is havocked here
    rows = {t.name: essential_rows(t.guard) for t in (down, back)}
    at = _location_variables((down, back), rows, ("l", "m"), ("x", "y"))
    assert at == {"l": frozenset({"x"}), "m": frozenset({"x"})}
    result = synthesize_ranking((down, back), ("l", "m"), ("x", "y"), {"down"})
    assert result.phases is not None
