"""Java sources and JVM/javac helpers of the program-model tests (imported by conftest.py
and the tests; a unique module name, so it cannot clash with other test directories)."""

from __future__ import annotations

import subprocess
from pathlib import Path

JavaSources = dict[str, str]  # relative path ("p/A.java") -> source text


def compile_sources(sources: JavaSources, out: Path, classpath: str | None = None) -> Path:
    """javac ``sources`` into directory ``out`` (sources are written next to it); ``out``."""
    src = out.parent / (out.name + "-src")
    for relative, text in sources.items():
        path = src / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    command = ["javac", "-nowarn", "-d", str(out)]
    if classpath is not None:
        command += ["-cp", str(classpath)]
    command += [str(src / relative) for relative in sources]
    done = subprocess.run(command, check=False, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"javac failed:\n{done.stderr}")
    return out


def run_java(classpath: Path | str, main: str) -> str:
    """Run ``main`` on the real JVM; its stdout and stderr."""
    done = subprocess.run(
        ["java", "-Xshare:auto", "-cp", str(classpath), main],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout + done.stderr


# ---------------------------------------------------------------- the shapes program
# Interfaces with default methods, an abstract class, overriding, private, static and
# package-private methods, field shadowing, interface fields, constructors.

SHAPES: JavaSources = {
    "Shape.java": """
interface Shape {
    double area();
    default String name() { return "shape"; }
}
""",
    "Named.java": """
interface Named { String name(); }
""",
    "Polygon.java": """
interface Polygon extends Shape {
    int sides();
    default String name() { return "polygon"; }
}
""",
    "Base.java": """
abstract class Base implements Polygon {
    int x = 1;
    static int counter = 0;
    Base() {}
    Base(String label) {}
    public abstract int sides();
    public double area() { return 0; }
    private int secret() { return 1; }
    static int util() { return 2; }
    int pkg() { return 3; }
    String callSecret() { return "base" + secret(); }
}
""",
    "Square.java": """
class Square extends Base implements Named {
    int x = 2;  // shadows Base.x
    public int sides() { return 4; }
    public String name() { return "square"; }
    int pkg() { return 4; }
    private int secret() { return 5; }
    String superName() { return super.name(); }
}
""",
    "Triangle.java": """
class Triangle extends Base {
    public int sides() { return 3; }
}
""",
    "Hexagon.java": """
class Hexagon implements Polygon {
    public int sides() { return 6; }
    public double area() { return 1; }
    public String name() { return "hex/" + Polygon.super.name(); }
}
""",
    "Circle.java": """
final class Circle implements Shape {
    public double area() { return 3.14; }
}
""",
    "Consts.java": """
interface Consts { int K = Integer.parseInt("7"); }
""",
    "Holder.java": """
class Holder { int f; }
""",
    "Both.java": """
class Both extends Holder implements Consts { }
""",
    "Fn.java": """
interface Fn {
    int apply(int x);
    default int twice(int x) { return apply(apply(x)); }
}
""",
    "Main.java": """
public class Main {
    public static void main(String[] args) {
        Shape[] shapes = { new Square(), new Triangle(), new Circle(), new Hexagon() };
        for (Shape s : shapes) System.out.println(s.getClass().getName() + " name=" + s.name());
        Base b = new Square();
        System.out.println("Square pkg=" + b.pkg() + " Triangle pkg=" + new Triangle().pkg());
        System.out.println("super.name=" + ((Square) b).superName());
        System.out.println("secret=" + b.callSecret());
        Fn inc = x -> x + 1;
        System.out.println("twice=" + inc.twice(1));
    }
}
""",
}
