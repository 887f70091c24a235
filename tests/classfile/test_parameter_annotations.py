"""Parameter annotations (JVM spec §4.7.18–19) read from class files: per parameter the
annotation types, visible and invisible, whatever element values they carry (issue 19 reads
``@Nullable`` from them). The expectations are the annotations written in the source."""

from __future__ import annotations

from pathlib import Path

from javac import compile_java

from jhalt.classfile import parse_class

SOURCE = """
package ann;

import java.lang.annotation.*;

public class Annotated {
    @Retention(RetentionPolicy.CLASS) @interface Hidden {
        int n() default 1; String[] names(); Class<?> type(); ElementType kind(); Visible inner();
    }
    @Retention(RetentionPolicy.RUNTIME) @interface Visible { char c() default 'x'; double d() default 2.5; }

    public static int f(@Hidden(names = {"a", "b"}, type = String.class, kind = ElementType.FIELD,
                                inner = @Visible(c = 'y')) int a,
                        long b,
                        @Visible @Hidden(n = 3, names = {}, type = int[].class, kind = ElementType.TYPE,
                                         inner = @Visible) String c) {
        return a;
    }

    public static void plain(int x) { }
}
"""


def test_parameter_annotations_per_parameter(tmp_path: Path) -> None:
    source = tmp_path / "ann" / "Annotated.java"
    source.parent.mkdir()
    source.write_text(SOURCE)
    classes = compile_java(source)
    classfile = parse_class((classes / "ann" / "Annotated.class").read_bytes())
    method = classfile.method("f", "(IJLjava/lang/String;)I")
    assert method is not None
    hidden, visible = "Lann/Annotated$Hidden;", "Lann/Annotated$Visible;"
    assert [sorted(p) for p in method.parameter_annotations] == [
        [hidden],
        [],
        sorted([visible, hidden]),
    ]
    plain = classfile.method("plain", "(I)V")
    assert plain is not None and plain.parameter_annotations == ()
