"""String concatenation compiled to ``invokedynamic`` (javac --release 9+, JLS §15.18.1):
the call site runs the registry's StringConcatFactory model, so the result's length is
the sum of the pieces' lengths."""

from __future__ import annotations

import pytest
from seg_testkit import compile_source, graph_of, return_values

from jhalt.domains.intervals import Interval
from jhalt.models import default_registry

SOURCE = """
public class Concat {
    static int constantPieces() {
        String s = "xy";
        String t = "a" + s + "b";
        return t.length();
    }

    static int unknownPiece(String s) {
        return ("a" + s).length();
    }
}
"""


@pytest.fixture(scope="module")
def classes(tmp_path_factory):
    return compile_source(tmp_path_factory.mktemp("concat"), "Concat", SOURCE, release=17)


def test_concatenation_is_an_invokedynamic_call_site(classes):
    graph = graph_of(classes, "Concat", "constantPieces", "()I", registry=default_registry())
    assert any(label.mnemonic == "invokedynamic" for _, label, _ in graph.eval_edges())


def test_length_of_a_concatenation_of_known_strings_is_exact(classes):
    graph = graph_of(classes, "Concat", "constantPieces", "()I", registry=default_registry())
    assert graph.is_complete
    assert return_values(graph) == [Interval.const(4)]  # "a" + "xy" + "b" = "axyb"


def test_length_of_a_concatenation_with_an_unknown_string_is_at_least_the_constant_part(classes):
    graph = graph_of(
        classes, "Concat", "unknownPiece", "(Ljava/lang/String;)I", registry=default_registry()
    )
    assert graph.is_complete
    values = return_values(graph)
    assert values
    # "a" + s has length 1 + |s| ≥ 1; "a" + null is "anull" (JLS §5.1.11), length 5
    assert all(v.is_subset_of(Interval.at_least(1)) for v in values)
    assert any(v.contains(5) for v in values)
    assert not any(v.contains(0) for v in values)
