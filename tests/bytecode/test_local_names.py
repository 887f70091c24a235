"""Readable names of javac's hidden for-each locals and of locals the class file does not name
(`jhalt.bytecode.local_names`, issue 34 item 4)."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.bytecode import decode
from jhalt.bytecode.local_names import hidden_locals, parameter_name, readable_local
from jhalt.classfile import parse_class
from jhalt.classfile.model import ClassFile, MethodInfo

# javac compiles each enhanced for to hidden locals without LocalVariableTable entries: over an
# array a copy of the array, its length and an index; over an Iterable the iterator.
SOURCE = """
import java.util.List;
public class Loops {
    int[] items = new int[3];
    static int total(int[] shapes) {
        int sum = 0;
        for (int s : shapes) { sum += s; }
        return sum;
    }
    static int count(List<String> names) {
        int n = 0;
        for (String s : names) { n += s.length(); }
        return n;
    }
    int fields() {
        int sum = 0;
        for (int s : items) { sum += s; }
        return sum;
    }
    static int plain(int a, long b, int c) {
        int d = a + c;
        return d + (int) b;
    }
}
"""


def _method(tmp_path: Path, name: str, debug: bool = True) -> tuple[ClassFile, MethodInfo]:
    source = tmp_path / "Loops.java"
    source.write_text(SOURCE)
    classes = compile_java(source, debug=debug)
    classfile = parse_class((classes / "Loops.class").read_bytes())
    method = next(m for m in classfile.methods if m.name == name)
    return classfile, method


def _names(classfile: ClassFile, method: MethodInfo) -> set[str]:
    assert method.code is not None
    instructions = decode(method.code.bytecode, classfile.constant_pool)
    found = hidden_locals(instructions, method.code, method.descriptor, method.is_static)
    return {local.name for local in found}


def test_an_array_for_each_names_its_copy_length_and_index_after_the_array(tmp_path) -> None:
    assert _names(*_method(tmp_path, "total")) == {
        "the array of the for-each over shapes",
        "the length of shapes",
        "the index of the for-each over shapes",
    }


def test_an_iterable_for_each_names_its_iterator_after_the_collection(tmp_path) -> None:
    assert _names(*_method(tmp_path, "count")) == {"the iterator of the for-each over names"}


def test_a_for_each_over_a_field_is_named_by_the_field(tmp_path) -> None:
    assert "the length of items" in _names(*_method(tmp_path, "fields"))


def test_without_debug_names_the_collection_is_the_parameter(tmp_path) -> None:
    # javac without -g writes no LocalVariableTable: `shapes` is the static method's arg0
    assert "the index of the for-each over arg0" in _names(*_method(tmp_path, "total", False))


def test_hidden_names_hold_only_inside_their_loop(tmp_path) -> None:
    classfile, method = _method(tmp_path, "total")
    assert method.code is not None
    hidden = hidden_locals(
        decode(method.code.bytecode, classfile.constant_pool),
        method.code,
        method.descriptor,
        method.is_static,
    )
    index = next(local for local in hidden if local.name.startswith("the index"))
    inside = readable_local(method.code, hidden, method.descriptor, True, index.slot, index.start)
    assert inside == ("the index of the for-each over shapes", False)
    after = readable_local(method.code, hidden, method.descriptor, True, index.slot, index.end)
    assert after[0] != inside[0]  # the slot is javac's to reuse after the loop


def test_parameters_and_other_locals_without_names(tmp_path) -> None:
    # plain(int a, long b, int c): slots 0 (a), 1-2 (b, a long), 3 (c); d is slot 4
    _, method = _method(tmp_path, "plain", debug=False)
    descriptor = method.descriptor
    assert [parameter_name(descriptor, True, slot) for slot in (0, 1, 3)] == [
        "arg0",
        "arg1",
        "arg2",
    ]
    assert parameter_name(descriptor, True, 2) is None  # the long's second slot
    assert method.code is not None
    assert readable_local(method.code, (), descriptor, True, 4, 0) == ("local #4", False)
    assert parameter_name("(I)V", False, 0) == "this"
    assert parameter_name("(I)V", False, 1) == "arg0"
