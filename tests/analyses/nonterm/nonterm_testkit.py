"""Shared helpers of the non-termination tests: build the graph of a corpus program and run
the prover with test budgets."""

from __future__ import annotations

from jhalt.analyses.nontermination import (
    NonTerminationConfig,
    NonTerminationSearch,
    search_nontermination,
)
from jhalt.ids import MethodId
from jhalt.models import string_builder, strings
from jhalt.program import Program
from jhalt.seg.builder import BuildLimits, build_graph
from jhalt.seg.library import ModelRegistry

MAIN = "([Ljava/lang/String;)V"
TEST_CONFIG = NonTerminationConfig(
    timeout_s=4.0, max_args=12, max_run_steps=3000, max_closure_checks=10
)


def registry() -> ModelRegistry:
    models = ModelRegistry()
    strings.register(models)
    string_builder.register(models)
    return models


def prove(
    classes_dir: str,
    class_name: str,
    name: str = "main",
    descriptor: str = MAIN,
    config: NonTerminationConfig = TEST_CONFIG,
) -> NonTerminationSearch:
    program = Program.from_spec(classes_dir)
    models = registry()
    graph = build_graph(
        program, MethodId(class_name, name, descriptor), models, BuildLimits(timeout_s=10)
    )
    return search_nontermination(graph, program, models, config)
