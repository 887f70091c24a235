"""The Java driver that runs an entry on one input and prints its observable result — the
returned value, the uncaught exception's class, the final contents of the arguments, of the
receiver and of the static fields of the program's classes — in a form that does not depend on
object identities (objects are printed by their fields, shared or cyclic objects by a number
in the order they are met). What the program itself prints comes first, on the same stream.

``java JhaltRelevanceDriver CLASS NAME DESCRIPTOR STATICS ARG…``: ``STATICS`` a file naming
one program class a line; arguments as `sample_inputs` encodes them. An instance method runs
on an object made by the class's no-argument constructor (exit 98 when there is none).
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

DRIVER_CLASS = "JhaltRelevanceDriver"
RESULT_MARKER = "\n--- result\n"
DRIVER_SOURCE = r"""
import java.lang.reflect.*;
import java.nio.file.*;
import java.util.*;

public class JhaltRelevanceDriver {
    private final IdentityHashMap<Object, Integer> seen = new IdentityHashMap<>();

    public static void main(String[] a) throws Throwable {
        Class<?> c = Class.forName(a[0].replace('/', '.'));
        Method target = null;
        for (Method m : c.getDeclaredMethods())
            if (m.getName().equals(a[1]) && descriptor(m).equals(a[2])) target = m;
        if (target == null) { System.out.println("driver: no such method"); System.exit(97); }
        target.setAccessible(true);
        Class<?>[] ps = target.getParameterTypes();
        Object[] args = new Object[ps.length];
        for (int i = 0; i < ps.length; i++) args[i] = parse(ps[i], a[4 + i]);
        Object receiver = null;
        if (!Modifier.isStatic(target.getModifiers())) {
            try { Constructor<?> k = c.getDeclaredConstructor(); k.setAccessible(true); receiver = k.newInstance(); }
            catch (NoSuchMethodException e) { System.out.println("driver: no constructor"); System.exit(98); }
        }
        JhaltRelevanceDriver d = new JhaltRelevanceDriver();
        StringBuilder out = new StringBuilder("\n--- result\n");
        try {
            Object r = target.invoke(receiver, args);
            out.append("return: ").append(target.getReturnType() == void.class ? "void" : d.render(r, 0));
        } catch (InvocationTargetException e) {
            out.append("exception: ").append(e.getCause().getClass().getName());
        }
        System.out.flush();
        for (int i = 0; i < args.length; i++) out.append("\nargument ").append(i).append(": ").append(d.render(args[i], 0));
        if (receiver != null) out.append("\nthis: ").append(d.render(receiver, 0));
        for (String name : Files.readAllLines(Paths.get(a[3]))) d.statics(name, out);
        System.out.println(out);
        System.exit(0);
    }

    static String descriptor(Method m) {
        StringBuilder b = new StringBuilder("(");
        for (Class<?> p : m.getParameterTypes()) b.append(type(p));
        return b.append(")").append(type(m.getReturnType())).toString();
    }

    static String type(Class<?> c) {
        if (c.isArray()) return c.getName().replace('.', '/');
        if (c == int.class) return "I"; if (c == long.class) return "J"; if (c == boolean.class) return "Z";
        if (c == byte.class) return "B"; if (c == char.class) return "C"; if (c == short.class) return "S";
        if (c == float.class) return "F"; if (c == double.class) return "D"; if (c == void.class) return "V";
        return "L" + c.getName().replace('.', '/') + ";";
    }

    static Object parse(Class<?> t, String s) {
        if (s.equals("@null")) return null;
        if (t.isArray()) {
            String inner = s.substring(1, s.length() - 1);
            String[] parts = inner.isEmpty() ? new String[0] : inner.split("\\|", -1);
            Object array = Array.newInstance(t.getComponentType(), parts.length);
            for (int i = 0; i < parts.length; i++) Array.set(array, i, parse(t.getComponentType(), parts[i]));
            return array;
        }
        if (t == int.class) return Integer.parseInt(s); if (t == long.class) return Long.parseLong(s);
        if (t == short.class) return Short.parseShort(s); if (t == byte.class) return Byte.parseByte(s);
        if (t == boolean.class) return Boolean.parseBoolean(s); if (t == char.class) return s.charAt(0);
        if (t == float.class) return Float.parseFloat(s); if (t == double.class) return Double.parseDouble(s);
        if (t == String.class) return s;
        return null;
    }

    void statics(String name, StringBuilder out) {
        try {
            Class<?> c = Class.forName(name.replace('/', '.'), false, JhaltRelevanceDriver.class.getClassLoader());
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
                f.setAccessible(true);
                out.append("\nstatic ").append(name).append('.').append(f.getName()).append(": ").append(render(f.get(null), 0));
            }
        } catch (Throwable e) {
            out.append("\nstatic ").append(name).append(": ").append(e.getClass().getName());
        }
    }

    String render(Object o, int depth) {
        if (o == null) return "null";
        Class<?> c = o.getClass();
        if (o instanceof String || o instanceof Number || o instanceof Boolean || o instanceof Character) return String.valueOf(o);
        Integer known = seen.get(o);
        if (known != null) return "#" + known;
        seen.put(o, seen.size());
        if (depth > 8) return c.getName() + "{...}";
        StringBuilder b = new StringBuilder();
        if (c.isArray()) {
            int n = Array.getLength(o);
            b.append(c.getComponentType().getName()).append('[').append(n).append("]{");
            for (int i = 0; i < Math.min(n, 64); i++) b.append(i > 0 ? ", " : "").append(render(Array.get(o, i), depth + 1));
            return b.append(n > 64 ? ", ...}" : "}").toString();
        }
        if (c.getName().startsWith("java.")) return c.getName() + "{" + safeString(o) + "}";
        b.append(c.getName()).append('{');
        boolean first = true;
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) continue;
                try { f.setAccessible(true); b.append(first ? "" : ", ").append(f.getName()).append('=').append(render(f.get(o), depth + 1)); }
                catch (Throwable e) { b.append(first ? "" : ", ").append(f.getName()).append("=?"); }
                first = false;
            }
        }
        return b.append('}').toString();
    }

    static String safeString(Object o) {
        try { return String.valueOf(o); } catch (Throwable e) { return e.getClass().getName(); }
    }
}
"""


def compile_driver(javac: str, directory: Path) -> Path | None:
    """Compile the driver into ``directory``; the directory, or None when javac fails.

    The directory and its files are made readable by others (the directory enterable too),
    whatever the umask or `tempfile.mkdtemp`'s owner-only mode: the runs see the driver on
    their class path from inside the OS sandbox, whose user is ``nobody`` when jhalt runs as
    root (`jhalt.witness.isolation`; it sees the directory through a read-only bind or, in the
    Landlock jail, through ``/tmp``). It holds jhalt's own driver only, nothing private."""
    source = directory / f"{DRIVER_CLASS}.java"
    source.write_text(DRIVER_SOURCE)
    done = subprocess.run(
        [javac, "-nowarn", "-d", str(directory), str(source)],
        capture_output=True,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        return None
    os.chmod(directory, 0o755)
    for compiled in directory.iterdir():
        os.chmod(compiled, 0o755 if compiled.is_dir() else 0o644)
    return directory
