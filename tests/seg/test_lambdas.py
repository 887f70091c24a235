"""Lambdas and method references (issue 33 item 5): a ``LambdaMetafactory`` call site creates
an object of the class jhalt spins for it (`jhalt.program.lambdas`), and calling its
functional method runs the implementation with the metafactory's adaptations. Each method
below returns a value fixed by the program's meaning; the graph's returned intervals must be
exactly that value. A library method without a model that is handed a lambda is left
undecided (it may call the lambda any number of times: ``Arrays.setAll``; streams are not such
methods: jhalt supplies them as bytecode, `jhalt.program.substitutes`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from seg_testkit import compile_source, graph_of, return_values

from jhalt.analyses.exceptions import check_exceptions
from jhalt.domains.intervals import Interval
from jhalt.ids import MethodId
from jhalt.models import default_registry
from jhalt.program import Program

SOURCE = """
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;

public class Lambdas {
    final int base;

    Lambdas(int base) { this.base = base; }

    int plus(int x) { return base + x; }

    static int captured() {               // x -> x + k with k = 3, applied to 4: 7
        int k = 3;
        IntUnaryOperator add = x -> x + k;
        return add.applyAsInt(4);
    }

    static int bound() {                  // c::plus on a c with base 10, applied to 5: 15
        Lambdas c = new Lambdas(10);
        IntUnaryOperator f = c::plus;
        return f.applyAsInt(5);
    }

    static int unbound() {                // String::length through ToIntFunction<String>: a
        ToIntFunction<String> f = String::length;   // cast of the Object argument, 4
        return f.applyAsInt("abcd");
    }

    static int boxed() {                  // Long.valueOf(long) as Function<Integer, Long>:
        Function<Integer, Long> f = Long::valueOf;  // unboxing and widening of 7, the Long 7
        return f.apply(7).intValue();
    }

    static int boxedResult() {            // String::length as Function<String, Integer>: the
        Function<String, Integer> f = String::length;   // int result boxed, 3
        return f.apply("abc");
    }

    static int created() {                // Lambdas::new as IntFunction: base 9
        IntFunction<Lambdas> make = Lambdas::new;
        return make.apply(9).base;
    }

    static int parse(String text) {       // Integer::parseInt throws in the lambda's hidden
        ToIntFunction<String> p = Integer::parseInt;   // class: the JVM names this line
        return p.applyAsInt(text);
    }

    static int filled(int size) {         // setAll calls the lambda once per element (a
        int[] a = new int[size];          // library method without a model: undecided)
        java.util.Arrays.setAll(a, i -> i - 2);
        return a.length;
    }
}
"""


RECEIVERS = """
import java.util.function.IntUnaryOperator;

public class Receivers {
    static int use(IntUnaryOperator f) {  // f: one of the two lambdas below, or a JDK object
        return f.applyAsInt(1);
    }

    static void make() {
        use(x -> 0);
        use(x -> 5);
    }
}
"""


RECURSIVE = """
public class Recursive {
    static int hits;

    static void down(int n, Runnable r) {   // runs r once, at the bottom of the recursion
        if (n > 1) {
            down(n - 1, r);
        } else {
            r.run();
        }
    }

    static int run(int n) {                 // for n >= 2 the lambda runs inside the recursion
        if (n < 2) {                        // and sets hits to 7: 7 is returned
            return 0;
        }
        hits = 0;
        down(n, () -> hits = 7);
        return hits;
    }
}
"""


@pytest.fixture(scope="module")
def classes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compile_source(tmp_path_factory.mktemp("lambdas"), "Lambdas", SOURCE, release=17)


@pytest.mark.parametrize(
    ("method", "value"),
    [
        ("captured", 7),
        ("bound", 15),
        ("unbound", 4),
        ("boxed", 7),
        ("boxedResult", 3),
        ("created", 9),
    ],
)
def test_the_lambda_runs_its_implementation(classes: Path, method: str, value: int) -> None:
    graph = graph_of(classes, "Lambdas", method, "()I", default_registry())
    assert graph.is_complete, graph.incomplete
    assert return_values(graph) == [Interval.const(value)]


def test_the_spun_class_implements_the_interface_and_holds_the_captures(classes: Path) -> None:
    program = Program.from_spec(str(classes))
    bound = [
        program.lambda_class(f"Lambdas$$Lambda${index}")
        for index in range(len(program.lookup("Lambdas").bootstrap_methods))
    ]
    by_interface = {(c.interfaces, tuple(f.descriptor for f in c.fields)) for c in bound}
    assert (("java/util/function/IntUnaryOperator",), ("I",)) in by_interface  # x -> x + k
    assert (("java/util/function/IntUnaryOperator",), ("LLambdas;",)) in by_interface  # c::plus
    assert program.is_program_class(bound[0].name)
    assert not program.is_program_class("Lambdas$$Lambda$99")


def test_a_library_method_handed_a_lambda_is_left_undecided(classes: Path) -> None:
    graph = graph_of(classes, "Lambdas", "filled", "(I)I", default_registry())
    assert not graph.is_complete
    reasons = [i.reason for i in graph.incomplete if i.category == "lambda"]
    assert any("Arrays.setAll" in reason for reason in reasons), graph.incomplete


def test_an_exception_in_the_hidden_class_is_located_at_the_call(classes: Path) -> None:
    program = Program.from_spec(str(classes))
    entry = MethodId("Lambdas", "parse", "(Ljava/lang/String;)I")
    report = check_exceptions(program, entry, registry=default_registry())
    number_format = [f for f in report.findings if f.kind.endswith("NumberFormatException")]
    assert number_format, report.findings
    assert {f.location.method for f in number_format} == {entry}
    source = SOURCE.splitlines()
    assert all("p.applyAsInt(text)" in source[f.location.line - 1] for f in number_format)


def test_an_unknown_receiver_may_be_each_lambda_of_its_interface(tmp_path: Path) -> None:
    classes = compile_source(tmp_path, "Receivers", RECEIVERS, release=17)
    signature = "(Ljava/util/function/IntUnaryOperator;)I"
    graph = graph_of(classes, "Receivers", "use", signature, default_registry())
    assert graph.is_complete, graph.incomplete
    results = return_values(graph)
    assert Interval.const(0) in results and Interval.const(5) in results  # each lambda's answer
    assert any(not r.is_singleton for r in results)  # and a JDK class's unknown one


def test_a_recursive_call_has_the_effects_of_the_lambdas_it_runs(tmp_path: Path) -> None:
    classes = compile_source(tmp_path, "Recursive", RECURSIVE, release=17)
    graph = graph_of(classes, "Recursive", "run", "(I)I", default_registry())
    assert graph.is_complete, graph.incomplete
    assert any(r.contains(7) for r in return_values(graph)), return_values(graph)
