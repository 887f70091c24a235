"""Parsing JVM stack traces and thread dumps (formats: StackTraceElement.toString, JDK 9+;
HotSpot thread dumps)."""

from __future__ import annotations

from jhalt.ids import MethodId
from jhalt.witness.stacks import (
    StackFrame,
    first_application_frame,
    main_thread_frames,
    parse_frame,
    parse_uncaught_exception,
)


def test_class_path_frame() -> None:
    frame = parse_frame("\tat p.Node.walk(Node.java:11)")
    assert frame == StackFrame("p.Node", "walk", "Node.java", 11)


def test_module_prefixed_frames_are_platform_frames() -> None:
    frame = parse_frame("\tat java.base/java.lang.String.charAt(String.java:1515)")
    assert frame == StackFrame("java.lang.String", "charAt", "String.java", 1515, "java.base")
    assert frame.is_platform
    native = parse_frame(
        "\tat java.base/jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)"
    )
    assert native == StackFrame(
        "jdk.internal.reflect.NativeMethodAccessorImpl", "invoke0", None, None, "java.base"
    )
    # loader/module@version/ and loader// forms (StackTraceElement.toString javadoc)
    named = parse_frame("\tat com.foo.loader/foo@9.0/com.foo.Main.run(Main.java:101)")
    assert named.module == "foo"
    unnamed = parse_frame("\tat com.foo.loader//com.foo.bar.App.run(App.java:12)")
    assert unnamed.module is None and unnamed.class_name == "com.foo.bar.App"


def test_thread_dump_frames_carry_the_module_in_parentheses() -> None:
    frame = parse_frame("\tat java.lang.Thread.sleep(java.base@17.0.15/Native Method)")
    assert frame == StackFrame("java.lang.Thread", "sleep", None, None, "java.base")
    assert parse_frame("\tat H.main(H.java:1)") == StackFrame("H", "main", "H.java", 1)
    assert parse_frame("\t- locked <0x1> (a java.lang.Object)") is None


def test_uncaught_exception_takes_the_last_report() -> None:
    stderr = (
        'Exception in thread "main" java.lang.Error: printed by the program\n'
        "\tat Fake.frame(Fake.java:1)\n"
        "ordinary output\n"
        'Exception in thread "main" java.lang.NullPointerException: Cannot read field "x"\n'
        "\tat java.base/java.util.Objects.requireNonNull(Objects.java:208)\n"
        "\tat Outer$Inner.<init>(Outer.java:7)\n"
        "\tat Reproduce.main(Reproduce.java:3)\n"
    )
    uncaught = parse_uncaught_exception(stderr)
    assert uncaught.type == "java.lang.NullPointerException"
    assert uncaught.message == 'Cannot read field "x"'
    assert len(uncaught.frames) == 3
    top = first_application_frame(uncaught.frames)
    assert top.is_in(MethodId("Outer$Inner", "<init>", "()V")) and top.line == 7
    assert parse_uncaught_exception("all fine\n") is None


def test_main_thread_of_a_dump() -> None:
    dump = (
        "Full thread dump OpenJDK 64-Bit Server VM:\n\n"
        '"main" #1 prio=5 os_prio=0 tid=0x1 nid=0x2 runnable  [0x3]\n'
        "   java.lang.Thread.State: RUNNABLE\n"
        "\tat Spin.innerSpin(Spin.java:15)\n"
        "\tat Spin.main(Spin.java:4)\n\n"
        '"Reference Handler" #2 daemon prio=10\n'
        "\tat java.lang.ref.Reference.waitForReferencePendingList(java.base@17/Native Method)\n"
    )
    frames = main_thread_frames(dump)
    assert [f.method for f in frames] == ["innerSpin", "main"]
    assert main_thread_frames('"DestroyJavaVM" #20 prio=5\n\n"worker" #9\n') is None
