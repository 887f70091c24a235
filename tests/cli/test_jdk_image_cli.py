"""JDK classes outside jhalt's descriptions come from the installed JDK's runtime image
(issue 33 item 1), through the command line: a program whose class merely holds a
``static final Logger`` (or a ``File`` and a ``Properties``) is analysed instead of stopping
at "class not found: java.util.logging.Logger" (exit 2), with the default JDK and with
``--java`` naming JDK 25; ``jhalt doctor`` names the image it reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from javac import compile_java, make_jar
from jdks import JDK25, needs_jdk25

from jhalt.analyses.check import CheckedEntry
from jhalt.cli.cache import RecordingCheck
from jhalt.cli.main import main
from jhalt.program import jdk_library, use_jdk_home

LOGGED = """
import java.util.logging.Logger;

public class Logged {
    static final Logger LOG = Logger.getLogger("x");

    public static void main(String[] args) {
        int n = args.length;
        int sum = 0;
        for (int i = 0; i < n; i++) {  // runs args.length times: terminates
            sum += i;
        }
        if (sum < 0) LOG.warning("negative");
    }
}
"""

HALVER = """
public class Halver {
    public static void main(String[] args) {
        int x = args.length * 100;
        while (x > 0) {  // halves x until 0: terminates
            x = Support.half(x);
        }
    }
}
"""

SUPPORT = """
import java.util.logging.Logger;

class Support {  // a shared support class whose static field is a Logger
    static Logger log = Logger.getLogger("support");

    static int half(int x) {
        return x / 2;
    }
}
"""

CONFIGURED = """
import java.io.File;
import java.util.Properties;

public class Configured {
    static final File HOME = new File("/tmp");
    static final Properties PROPS = new Properties();

    public static void main(String[] args) {
        int i = 0;
        while (i < args.length) {  // one step per argument: terminates
            PROPS.setProperty("key", "value");
            i++;
        }
        System.out.println(HOME.getName());
    }
}
"""


def _jar(tmp_path: Path, name: str, source: str, **others: str) -> str:
    paths = []
    for class_name, text in {name: source, **others}.items():
        paths.append(tmp_path / f"{class_name}.java")
        paths[-1].write_text(text)
    return str(make_jar(compile_java(paths, release=17), name, tmp_path / f"{name}.jar"))


def _prove(jar: str, capsys: pytest.CaptureFixture, *extra: str) -> dict:
    code = main(["prove", jar, "--format", "json", "--no-validate", *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "class not found: java." not in out + err
    return dict(json.loads(out))


@pytest.mark.parametrize(("name", "source"), [("Logged", LOGGED), ("Configured", CONFIGURED)])
def test_prove_reads_the_jdk_classes_the_descriptions_lack(
    name: str, source: str, tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    answer = _prove(_jar(tmp_path, name, source), capsys)
    assert answer["verdict"] == "YES", answer["reason"]  # each loop is bounded by args.length


def test_a_logger_in_a_support_class_leaves_the_graph_complete(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    # before the image: MAYBE, "graph incomplete: class not found: java.util.logging.Logger"
    answer = _prove(_jar(tmp_path, "Halver", HALVER, Support=SUPPORT), capsys)
    assert answer["verdict"] == "YES", answer["reason"]


@needs_jdk25
def test_prove_reads_the_image_of_the_jdk_given_by_java(
    tmp_path: Path, capsys: pytest.CaptureFixture
) -> None:
    answer = _prove(_jar(tmp_path, "Logged", LOGGED), capsys, "--java", str(JDK25))
    assert answer["verdict"] == "YES", answer["reason"]


def test_check_reports_no_missing_jdk_class(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    jar = _jar(tmp_path, "Configured", CONFIGURED)
    code = main(["check", jar, "--all", "--no-validate", "--no-cache"])
    out, err = capsys.readouterr()
    assert code != 2, err
    assert "class not found: java." not in out + err
    assert "incomplete" not in out


def test_doctor_names_the_class_library(capsys: pytest.CaptureFixture) -> None:
    main(["doctor"])
    out = capsys.readouterr().out
    line = next(text for text in out.splitlines() if text.startswith("JDK class library: "))
    assert line.startswith("JDK class library: image of /") and "lib/modules (JDK " in line


@needs_jdk25
def test_doctor_names_the_image_of_the_jdk_given_by_java(capsys: pytest.CaptureFixture) -> None:
    main(["doctor", "--java", str(JDK25)])
    out = capsys.readouterr().out
    assert "JDK class library: image of " in out and "(JDK 25" in out


@needs_jdk25
def test_a_check_made_with_java_reads_that_image_in_another_process(tmp_path: Path) -> None:
    # a dask worker runs the RecordingCheck it is sent: the JDK chosen by --java goes with it
    assert JDK25 is not None
    home = Path(JDK25).resolve().parent.parent
    try:
        use_jdk_home(home, tmp_path / "shapes")
        made = RecordingCheck(_never_run, _jar(tmp_path, "Logged", LOGGED), tmp_path)
        use_jdk_home(None)  # as in a fresh worker process
        assert "(JDK 25" not in jdk_library().status()
        made.prepare(share_facts=False)
        assert "(JDK 25" in jdk_library().status()
    finally:
        use_jdk_home(None)


def _never_run(program: object, entry: object) -> CheckedEntry:
    raise AssertionError("not called")
