"""The JDK descriptions agree with the installed JDK they describe (JDK 17), as its own
reflection reports it (an oracle independent of jhalt's class-file reader, which generated
them). Another release differs (JDK 21 added ``SequencedCollection`` above ``List``, JDK 25 has
no ``Thread.suspend``): the comparison runs on the ``java`` on PATH when it is of the
described release, else on an installed one of that release, else not at all."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from jdks import installed_java

from jhalt.classfile.model import Access
from jhalt.program import jdk_descriptions
from jhalt.witness.jvm_release import feature_of, jvm_feature

REFLECT = r"""
import java.lang.invoke.MethodType;
import java.lang.reflect.*;
import java.io.*;
public class JdkShape {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        for (String line; (line = in.readLine()) != null; ) {
            Class<?> c = Class.forName(line.replace('/', '.'), false, null);
            StringBuilder interfaces = new StringBuilder();
            for (Class<?> i : c.getInterfaces()) interfaces.append(' ').append(i.getName().replace('.', '/'));
            Class<?> s = c.getSuperclass();
            String superName = s == null ? (c.isInterface() ? "java/lang/Object" : "-") : s.getName().replace('.', '/');
            System.out.println("C " + line + " " + c.getModifiers() + " " + superName + interfaces);
            for (Method m : c.getDeclaredMethods())
                if ((m.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED)) != 0)
                    System.out.println("M " + line + " " + m.getName()
                        + MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString()
                        + " " + Modifier.isStatic(m.getModifiers()));
            for (Constructor<?> k : c.getDeclaredConstructors())
                if ((k.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED)) != 0)
                    System.out.println("M " + line + " <init>"
                        + MethodType.methodType(void.class, k.getParameterTypes()).toMethodDescriptorString() + " false");
            for (Field f : c.getDeclaredFields())
                if ((f.getModifiers() & (Modifier.PUBLIC | Modifier.PROTECTED)) != 0)
                    System.out.println("F " + line + " " + f.getName() + ":" + f.getType().descriptorString()
                        + " " + Modifier.isStatic(f.getModifiers()));
        }
    }
}
"""


def _java_of_release(feature: int | None) -> str | None:
    """The ``java`` on PATH if it is of release ``feature``, else an installed one, else None."""
    if feature is None:
        return None
    if shutil.which("java") and jvm_feature("java") == feature:
        return "java"
    return installed_java(feature)


@pytest.mark.jvm
def test_descriptions_agree_with_installed_jdk_reflection(tmp_path: Path) -> None:
    jdk = jdk_descriptions()
    java = _java_of_release(feature_of(jdk.version))
    if java is None:
        pytest.skip(f"no JDK {jdk.version} installed: the descriptions are of that release")
    names = jdk.class_names()
    source = tmp_path / "JdkShape.java"
    source.write_text(REFLECT)
    done = subprocess.run(
        [java, str(source)],
        check=False,
        input="\n".join(names) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    hierarchy: dict[str, tuple[int, str | None, tuple[str, ...]]] = {}
    members: dict[str, set[tuple[str, str, bool]]] = {name: set() for name in names}
    for line in done.stdout.splitlines():
        kind, owner, *rest = line.split(" ")
        if kind == "C":
            flags, parent, *parents = rest
            hierarchy[owner] = (int(flags), None if parent == "-" else parent, tuple(parents))
        elif kind == "M":
            members[owner].add(("M", rest[0], rest[1] == "true"))
        else:
            members[owner].add(("F", rest[0], rest[1] == "true"))

    assert set(hierarchy) == set(names)
    for name in names:
        cls = jdk.find(name)
        assert cls is not None
        modifiers, superclass, interfaces = hierarchy[name]
        assert (cls.super_name, cls.interfaces) == (superclass, interfaces), name
        assert cls.is_interface == bool(modifiers & 0x200), name
        assert bool(cls.access & Access.FINAL) == bool(modifiers & 0x10), name
        described = {
            ("M", m.name + m.descriptor, m.is_static) for m in cls.methods if m.name != "<clinit>"
        }
        described |= {("F", f.name + ":" + f.descriptor, f.is_static) for f in cls.fields}
        # reflection hides nothing public/protected that the class file declares, and vice versa
        assert described == members[name], name


def test_descriptions_are_closed_under_supertypes() -> None:
    jdk = jdk_descriptions()
    for name in jdk.class_names():
        cls = jdk.find(name)
        assert cls is not None
        for parent in (cls.super_name, *cls.interfaces):
            assert parent is None or parent in jdk, f"{name} -> {parent}"
    assert jdk.find("java/lang/Object").super_name is None  # type: ignore[union-attr]
