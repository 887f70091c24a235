"""`SourceLines`: source text for report paths, from --source-root, from a jar's own .java files
or its nested source.zip (as the TPDB jars carry), and parameter names from the class file."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from javac import compile_java

from jhalt.classfile import ClassPath
from jhalt.findings import SourceLocation
from jhalt.ids import MethodId
from jhalt.report.sources import SourceLines, parameter_names

SOURCE = """package p;

public class Calc {
    public static int divide(int x, int y) {
        return x / y;
    }
}
"""
DIVIDE = MethodId("p/Calc", "divide", "(II)I")
LINE_5 = SourceLocation(DIVIDE, 2, "Calc.java", 5)


def _compiled(tmp_path: Path, debug: bool = True) -> Path:
    source = tmp_path / "src" / "p" / "Calc.java"
    source.parent.mkdir(parents=True)
    source.write_text(SOURCE)
    return compile_java([source], debug=debug)


def _jar(tmp_path: Path, classes: Path, extra: dict[str, bytes]) -> Path:
    jar = tmp_path / "calc.jar"
    with zipfile.ZipFile(jar, "w") as out:
        out.write(classes / "p" / "Calc.class", "p/Calc.class")
        for name, data in extra.items():
            out.writestr(name, data)
    return jar


def _zip(members: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name, text in members.items():
            out.writestr(name, text)
    return buffer.getvalue()


def test_source_root_directory(tmp_path: Path) -> None:
    classes = _compiled(tmp_path)
    lines = SourceLines(ClassPath.from_spec(str(classes)), [tmp_path / "src"])
    assert lines.line(LINE_5) == "        return x / y;"


def test_nested_source_zip_in_the_jar(tmp_path: Path) -> None:
    jar = _jar(tmp_path, _compiled(tmp_path), {"source.zip": _zip({"p/Calc.java": SOURCE})})
    assert SourceLines(ClassPath.from_spec(str(jar))).line(LINE_5) == "        return x / y;"


def test_flat_source_zip_is_matched_by_file_name(tmp_path: Path) -> None:
    jar = _jar(tmp_path, _compiled(tmp_path), {"source.zip": _zip({"Calc.java": SOURCE})})
    assert SourceLines(ClassPath.from_spec(str(jar))).line(LINE_5) == "        return x / y;"


def test_java_files_inside_the_jar(tmp_path: Path) -> None:
    jar = _jar(tmp_path, _compiled(tmp_path), {"p/Calc.java": SOURCE.encode()})
    assert SourceLines(ClassPath.from_spec(str(jar))).line(LINE_5) == "        return x / y;"


def test_no_source_or_no_such_line(tmp_path: Path) -> None:
    jar = _jar(tmp_path, _compiled(tmp_path), {})
    lines = SourceLines(ClassPath.from_spec(str(jar)))
    assert lines.line(LINE_5) is None
    with_source = SourceLines(ClassPath.from_spec(str(jar)), [tmp_path / "src"])
    assert with_source.line(SourceLocation(DIVIDE, 2, "Calc.java", 99)) is None
    assert with_source.line(SourceLocation(DIVIDE, 2, "Calc.java", None)) is None


def test_parameter_names_need_a_local_variable_table(tmp_path: Path) -> None:
    assert parameter_names(ClassPath.from_spec(str(_compiled(tmp_path))), DIVIDE) == ["x", "y"]
    plain = tmp_path / "plain"
    plain.mkdir()
    assert parameter_names(ClassPath.from_spec(str(_compiled(plain, debug=False))), DIVIDE) is None


def test_a_class_file_given_alone_finds_the_source_beside_it(tmp_path: Path) -> None:
    # `jhalt check Calc.class`: Calc.java lies in the same folder as the class file
    folder = tmp_path / "flat"
    folder.mkdir()
    (folder / "Calc.class").write_bytes((_compiled(tmp_path) / "p" / "Calc.class").read_bytes())
    (folder / "Calc.java").write_text(SOURCE)
    lines = SourceLines(ClassPath.from_spec(str(folder / "Calc.class")))
    assert lines.line(LINE_5) == "        return x / y;"
