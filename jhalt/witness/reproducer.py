"""Java reproducers for witnesses: a main class and a JUnit 5 test (seed 000 §3; issues 4, 5).

`generate_reproducer` turns an entry method, its `ConcreteInputs` and the expected behaviour
(the name of a `jhalt.findings.FindingKind`: an exception class, or ``non-termination``) into
Java source (Java 8 language level, no
dependency but the JDK; the test class also needs JUnit 5):

* ``Reproduce_<Class>_<method>`` — ``main`` calls ``run()``, which builds the inputs and calls
  the entry. Construction is two-phase so that shared and cyclic graphs come out right: first
  every object-table entry is allocated (objects with ``sun.misc.Unsafe.allocateInstance``, so
  no constructor runs and unlisted fields keep their JVM defaults; arrays with
  ``Array.newInstance``; strings with ``new String(…)`` so each is a distinct object), then
  fields and elements are stored (``Field.setAccessible(true)``: private, inherited and final
  instance fields; static final fields through ``Unsafe.putXxx``), then static fields are set
  (each class is initialised first, so its static initialiser cannot overwrite the witness),
  then the entry is called **through reflection** whatever its access (one code path that works
  for private methods and package-private classes in any package on JDK 8–17). An
  ``InvocationTargetException`` is unwrapped and its cause rethrown unchanged, so the analysed
  method's exception escapes ``main`` with its own stack trace; the reproducer's frames only
  appear below the analysed ones.
* ``Reproduce_<Class>_<method>Test`` — its JUnit 5 test (`jhalt.witness.junit`), by default
  one that *fails while the bug is present* and passes once it is fixed: given ``calls`` (the
  plain public statements of the witness: `jhalt.witness.call_text.compact_call`, or those of
  the public-API search), the test makes them and asserts on the last; without them the test
  holds the reflective builder above and says why (``reflection``). In the characterising
  style the test holds the builder and *passes while the behaviour is present*.

Strings are emitted with Java escapes (``\\n``, ``\\"``, ``\\uXXXX`` for every other control or
non-ASCII UTF-16 unit), never raw. Class, field and method names only appear inside string
literals (reflection by binary name) or sanitised comments, so any JVM name is safe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from jhalt.classfile.descriptors import parse_method_descriptor
from jhalt.findings import kind_of
from jhalt.ids import MethodId
from jhalt.witness.call_text import input_text
from jhalt.witness.inputs import (
    ArrayInput,
    ConcreteInputs,
    FloatInput,
    IntInput,
    NullInput,
    ObjectInput,
    Ref,
    StringInput,
    Value,
    main_args,
)
from jhalt.witness.invocation import shell_line
from jhalt.witness.invocation_java import invocation_statements
from jhalt.witness.java_literals import boxed_literal, string_literal
from jhalt.witness.junit import (
    FIRST_FRAME_HELPER,
    JUnitBody,
    Reported,
    ReproducerStyle,
    junit_test,
    needed_imports,
    needed_members,
    regression_source,
    split_calls,
)

__all__ = [
    "NO_PUBLIC_CALLS",
    "JUnitRequest",
    "Reproducer",
    "generate_reproducer",
    "reproducer_class_name",
    "value_literal",
]

NO_PUBLIC_CALLS = "no public calls are known to build this witness (the entry or a value it needs)"
"""Why a regression test uses reflection when its caller gives no other reason."""


def _comment(text: str) -> str:
    """``text`` made safe inside a ``//`` comment: no line breaks, no unicode escapes."""
    return re.sub(r"[^ -~]", "?", text).replace("\\", "/")


def reproducer_class_name(entry: MethodId) -> str:
    """``Reproduce_<SimpleClass>_<method>`` as a Java identifier (``<init>`` -> ``init``)."""
    simple = entry.class_name.rsplit("/", 1)[-1]
    raw = f"Reproduce_{simple}_{entry.name.strip('<>')}"
    return re.sub(r"[^A-Za-z0-9_]", "_", raw)


@dataclass(frozen=True)
class Reproducer:
    """Generated Java sources: the main class and the JUnit 5 test, both in the default package."""

    class_name: str
    source: str
    test_class_name: str
    test_source: str

    def write(self, directory: Path | str) -> tuple[Path, Path]:
        """Write ``<class_name>.java`` and ``<test_class_name>.java`` into ``directory``."""
        target = Path(directory)
        target.mkdir(parents=True, exist_ok=True)
        main = target / f"{self.class_name}.java"
        test = target / f"{self.test_class_name}.java"
        main.write_text(self.source, encoding="utf-8")
        test.write_text(self.test_source, encoding="utf-8")
        return main, test


def _main_source(header: list[str], class_name: str, body: list[str]) -> str:
    """The stand-alone class ``class_name``: its ``main`` runs ``body``'s ``run()``."""
    return "\n".join(
        [
            *header,
            _IMPORTS,
            f"public class {class_name} {{",
            "    public static void main(String[] args) throws Throwable {",
            "        run();",
            "    }",
            "",
            *body,
            _HELPERS.replace("__CLASS__", class_name),
            "}",
            "",
        ]
    )


def _characterising_source(
    header: list[str], test_class: str, test_method: list[str], body: list[str]
) -> str:
    """The characterising JUnit 5 class ``test_class``: ``test_method`` checks the reported
    behaviour of ``body``'s ``run()``."""
    return "\n".join(
        [
            *header,
            "// JUnit 5 test: passes while the reported behaviour is present.",
            _IMPORTS,
            "import org.junit.jupiter.api.Test;",
            "import static org.junit.jupiter.api.Assertions.*;",
            "",
            f"public class {test_class} {{",
            *test_method,
            "",
            *body,
            _HELPERS.replace("__CLASS__", test_class),
            FIRST_FRAME_HELPER,
            "}",
            "",
        ]
    )


@dataclass(frozen=True)
class JUnitRequest:
    """How the JUnit test of a reproducer is made: its ``style``; ``calls``: the witness as
    plain public statements (the last one shows the finding; empty: none known), ``reflection``
    why there are none, ``lines`` the finding's source lines, for the failure message."""

    style: ReproducerStyle = ReproducerStyle.REGRESSION
    calls: tuple[str, ...] = ()
    reflection: str = NO_PUBLIC_CALLS
    lines: tuple[int, int] | None = None


def generate_reproducer(
    entry: MethodId,
    inputs: ConcreteInputs,
    expected: str,
    location: MethodId | None = None,
    hang_timeout_s: float = 10.0,
    test: JUnitRequest = JUnitRequest(),
) -> Reproducer:
    """Java sources that call ``entry`` with ``inputs`` (see the module docstring).

    ``expected`` names the finding's kind (`jhalt.findings.kind_of`; an exception class may be
    given as an internal name);
    ``location`` is the method the finding reports (where the exception is thrown or the loop
    is; default: ``entry``), named by the JUnit test; ``test`` says which test (`JUnitRequest`).
    Raises ValueError when the inputs do not fit the entry's descriptor."""
    inputs.check_against(entry, is_static=inputs.receiver is None)
    kind = kind_of(expected.replace("/", "."))
    reported = location or entry
    class_name = reproducer_class_name(entry)
    body = _RunBody(inputs).build(entry)
    header = [
        "// Generated by jhalt: replays a witness (seed 000 §3). Do not edit.",
        f"// entry:    {_comment(str(entry))}",
        f"// expected: {_comment(kind.name)} in {_comment(str(reported))}",
    ]
    main_source = _main_source(header, class_name, body)
    test_class = class_name + "Test"
    if test.style is ReproducerStyle.CHARACTERISE:
        test_method = junit_test(kind, reported, hang_timeout_s, test_class)
        test_source = _characterising_source(header, test_class, test_method, body)
    else:
        facts = Reported(kind, reported, test.lines, input_text(entry, inputs))
        test_body = _regression_body(inputs, test, body, test_class)
        test_source = regression_source(test_class, facts, test_body, hang_timeout_s)
    return Reproducer(class_name, main_source, test_class, test_source)


def _regression_body(
    inputs: ConcreteInputs, test: JUnitRequest, run: list[str], test_class: str
) -> JUnitBody:
    """The regression test's calls: the public ones, else ``run()`` with its builder."""
    if test.calls:
        setup, call = split_calls(test.calls)
        setup = (*invocation_statements(inputs.invocation), *setup)
        comments = tuple(environment_comment(inputs, None))
        return JUnitBody(setup, call, assertions=bool(inputs.assertions), comments=comments)
    # only the helpers the builder calls: the test stays as short as reflection lets it
    helpers = needed_members(_HELPERS.replace("__CLASS__", test_class), "\n".join(run))
    imports = needed_imports(_IMPORTS, "\n".join(run) + helpers)
    return JUnitBody((), "run();", test.reflection, ("", *run, helpers), imports)


_IMPORTS = """
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
"""


class _RunBody:
    """Emits ``run()``: allocate the object table, fill it, set statics, call the entry."""

    def __init__(self, inputs: ConcreteInputs) -> None:
        self.inputs = inputs
        self.variables = {key: f"h{index}" for index, (key, _) in enumerate(inputs.heap)}

    def build(self, entry: MethodId) -> list[str]:
        lines = [
            "    /** Builds the witness inputs and calls the entry; its exceptions propagate. */",
            "    public static void run() throws Throwable {",
        ]
        args = main_args(self.inputs)
        if entry.name == "main" and entry.descriptor == "([Ljava/lang/String;)V" and args:
            lines.append(f"        // command line: {_comment(repr(list(args)))}")
        if self.inputs.assertions is not None:
            lines.append(
                "        // assert statements run as with java -ea (classes loaded from now on)"
                if self.inputs.assertions
                else "        // assert statements off, as without java -ea"
            )
            lines.append(
                f"        LOADER.setDefaultAssertionStatus({str(self.inputs.assertions).lower()});"
            )
        lines.extend(
            f"        {line}"
            for line in environment_comment(self.inputs, reproducer_class_name(entry))
        )
        fed = invocation_statements(self.inputs.invocation)
        if fed:
            lines.append("        // 0. the invocation's files, standard input and properties")
            lines.extend(f"        {statement}" for statement in fed)
        if self.inputs.heap:
            lines.append("        // 1. the object table, allocated before it is filled in")
        for key, entry_value in self.inputs.heap:
            lines.append(
                f"        Object {self.variables[key]} = {self._allocation(entry_value)};"
                f"  // {_comment(key)}"
            )
        filling = self._filling()
        if filling:
            lines.append("        // 2. fields and array elements")
            lines.extend(filling)
        if self.inputs.statics:
            lines.append("        // 3. static fields, after the class's own initialisation")
        for static in self.inputs.statics:
            field = static.field
            lines.append(
                f"        setStatic({string_literal(field.class_name.replace('/', '.'))}, "
                f"{string_literal(field.name)}, {string_literal(field.descriptor)}, "
                f"{self._expression(static.value)});"
            )
        lines.append("        // 4. the call")
        lines.append(f"        {self._call(entry)}")
        lines.append("    }")
        return lines

    def _allocation(self, entry: ObjectInput | ArrayInput | StringInput) -> str:
        if isinstance(entry, ObjectInput):
            return f"allocate({string_literal(entry.class_name.replace('/', '.'))})"
        if isinstance(entry, ArrayInput):
            return f"newArray({string_literal(entry.component)}, {len(entry.elements)})"
        return f"new String({string_literal(entry.text())})"

    def _filling(self) -> list[str]:
        lines = []
        for key, entry in self.inputs.heap:
            variable = self.variables[key]
            if isinstance(entry, ObjectInput):
                for item in entry.fields:
                    field = item.field
                    lines.append(
                        f"        setField({variable}, "
                        f"{string_literal(field.class_name.replace('/', '.'))}, "
                        f"{string_literal(field.name)}, "
                        f"{string_literal(field.descriptor)}, "
                        f"{self._expression(item.value)});"
                    )
            elif isinstance(entry, ArrayInput):
                for index, element in enumerate(entry.elements):
                    if _is_default(element):
                        continue
                    lines.append(
                        f"        Array.set({variable}, {index}, {self._expression(element)});"
                    )
        return lines

    def _expression(self, value: Value) -> str:
        """A Java expression of static type Object (boxed with the exact primitive type)."""
        if isinstance(value, Ref):
            return self.variables[value.id]
        if isinstance(value, NullInput):
            return "null"
        if isinstance(value, StringInput):
            return f"new String({string_literal(value.text())})"
        return boxed_literal(value)

    def _call(self, entry: MethodId) -> str:
        parameters, result = parse_method_descriptor(entry.descriptor)
        owner = string_literal(entry.dotted_class)
        types = "new String[] {" + ", ".join(string_literal(p) for p in parameters) + "}"
        arguments = (
            "new Object[] {" + ", ".join(self._expression(v) for v in self.inputs.arguments) + "}"
        )
        if entry.name == "<clinit>":
            return f"initialise({owner});"
        if entry.name == "<init>":
            return f"construct({owner}, {types}, {arguments});"
        receiver = self.inputs.receiver
        receiver_code = "null" if receiver is None else self._expression(receiver)
        return (
            f"invoke({owner}, {string_literal(entry.name)}, {types}, "
            f"{string_literal(result)}, {receiver_code}, {arguments});"
        )


def environment_comment(inputs: ConcreteInputs, class_name: str | None) -> list[str]:
    """How to run the main class ``class_name`` (None: not a main class) with the witness's
    standard input, variables and properties (`jhalt.witness.invocation`), then the values the invocation cannot feed, as
    comment lines: a run needs the rewritten classes of `jhalt.witness.inject` on the class
    path to get them (`jhalt.witness.validate` writes them next to the reproducer)."""
    lines = []
    invocation = inputs.invocation
    if class_name is not None and invocation is not None and not invocation.empty:
        line = shell_line(invocation, ["java", "-cp", "CLASSPATH", class_name])
        shown = re.sub(r"[^ -~]", "?", line).replace("\\u", "/u")  # no unicode escape
        lines.append(f"// run as: {shown}")
    injected = [env for env in inputs.environment if not env.fed]
    if injected:
        lines.append(
            "// environment values, in call order per site: the classes in injected/"
            " next to this file return them (put it first on the class path)"
        )
    for env in injected:
        values = ", ".join(value_literal(v) for v in env.values)
        site = f"{env.site.dotted_class}.{env.site.name}@{env.pc}"
        lines.append(f"//   {_comment(str(env.callee))} at {_comment(site)}: {_comment(values)}")
    return lines


def _is_default(value: Value) -> bool:
    if isinstance(value, NullInput):
        return True
    if isinstance(value, IntInput):
        return value.value == 0
    return False


def value_literal(value: Value) -> str:
    """A Java expression of an inline value (integers and floats boxed, exact; strings
    escaped; ``null``); ValueError for a reference to the object table."""
    if isinstance(value, (IntInput, FloatInput)):
        return boxed_literal(value)
    if isinstance(value, StringInput):
        return string_literal(value.text())
    if isinstance(value, NullInput):
        return "null"
    raise ValueError(f"no inline literal for {value!r}")


_HELPERS = r"""
    // ---- helpers (reflection; no constructor of the analysed program is run) ----

    private static final ClassLoader LOADER = __CLASS__.class.getClassLoader();

    /** The class with this binary name, not initialised. */
    private static Class<?> klass(String binaryName) throws ClassNotFoundException {
        return Class.forName(binaryName, false, LOADER);
    }

    /** The class denoted by a JVM type descriptor (V, I, [I, Lp/C;), not initialised. */
    private static Class<?> type(String descriptor) throws ClassNotFoundException {
        switch (descriptor.charAt(0)) {
            case 'V': return void.class;
            case 'Z': return boolean.class;
            case 'B': return byte.class;
            case 'S': return short.class;
            case 'C': return char.class;
            case 'I': return int.class;
            case 'J': return long.class;
            case 'F': return float.class;
            case 'D': return double.class;
            case 'L':
                String name = descriptor.substring(1, descriptor.length() - 1);
                return klass(name.replace('/', '.'));
            default: return klass(descriptor.replace('/', '.'));
        }
    }

    private static Class<?>[] types(String[] descriptors) throws ClassNotFoundException {
        Class<?>[] result = new Class<?>[descriptors.length];
        for (int i = 0; i < descriptors.length; i++) {
            result[i] = type(descriptors[i]);
        }
        return result;
    }

    private static Object unsafe() throws Exception {
        Field theUnsafe = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        return theUnsafe.get(null);
    }

    private static Object callUnsafe(String name, Class<?>[] parameters, Object... arguments)
            throws Throwable {
        Object unsafe = unsafe();
        Method method = unsafe.getClass().getMethod(name, parameters);
        try {
            return method.invoke(unsafe, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** A new instance of the class, all fields at their defaults; no constructor runs. */
    private static Object allocate(String binaryName) throws Throwable {
        return callUnsafe("allocateInstance", new Class<?>[] {Class.class}, klass(binaryName));
    }

    private static Object newArray(String componentDescriptor, int length) throws Throwable {
        return Array.newInstance(type(componentDescriptor), length);
    }

    private static Field field(String owner, String name, String descriptor) throws Throwable {
        Class<?> fieldType = type(descriptor);
        for (Field candidate : klass(owner).getDeclaredFields()) {
            if (candidate.getName().equals(name) && candidate.getType() == fieldType) {
                candidate.setAccessible(true);
                return candidate;
            }
        }
        throw new NoSuchFieldException(owner + "." + name + ":" + descriptor);
    }

    private static void setField(Object target, String owner, String name, String descriptor,
            Object value) throws Throwable {
        field(owner, name, descriptor).set(target, value);
    }

    /** Sets a static field after the class is initialised; final ones through Unsafe. */
    private static void setStatic(String owner, String name, String descriptor, Object value)
            throws Throwable {
        Class.forName(owner, true, LOADER);
        Field target = field(owner, name, descriptor);
        if (!Modifier.isFinal(target.getModifiers())) {
            target.set(null, value);
            return;
        }
        Object base = callUnsafe("staticFieldBase", new Class<?>[] {Field.class}, target);
        Object offset = callUnsafe("staticFieldOffset", new Class<?>[] {Field.class}, target);
        Class<?> kind = target.getType();
        String primitive = kind.getName();
        String put = kind.isPrimitive()
                ? "put" + Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1)
                : "putObject";
        Class<?> slot = kind.isPrimitive() ? kind : Object.class;
        callUnsafe(put, new Class<?>[] {Object.class, long.class, slot}, base, offset, value);
    }

    /** Calls the method reflectively; the method's own exception propagates unchanged. */
    private static Object invoke(String owner, String name, String[] parameters, String result,
            Object receiver, Object[] arguments) throws Throwable {
        Class<?>[] parameterTypes = types(parameters);
        Class<?> resultType = type(result);
        Method target = null;
        for (Method candidate : klass(owner).getDeclaredMethods()) {
            if (candidate.getName().equals(name) && candidate.getReturnType() == resultType
                    && java.util.Arrays.equals(candidate.getParameterTypes(), parameterTypes)) {
                target = candidate;
            }
        }
        if (target == null) {
            throw new NoSuchMethodException(owner + "." + name);
        }
        target.setAccessible(true);
        try {
            return target.invoke(receiver, arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Calls the constructor reflectively; its own exception propagates unchanged. */
    private static Object construct(String owner, String[] parameters, Object[] arguments)
            throws Throwable {
        Constructor<?> target = klass(owner).getDeclaredConstructor(types(parameters));
        target.setAccessible(true);
        try {
            return target.newInstance(arguments);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Runs the class's static initialiser; an exception it throws propagates unwrapped. */
    private static void initialise(String owner) throws Throwable {
        try {
            Class.forName(owner, true, LOADER);
        } catch (ExceptionInInitializerError e) {
            throw e.getCause() != null ? e.getCause() : e;
        }
    }
"""
