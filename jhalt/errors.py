"""Error types shared by every layer, each mapped to a documented exit code.

Exit codes (the CLI contract, see README):
  0  a result was produced (for `check`: no finding)
  1  `check` / `watch` found something; `check --require-proof`: an entry neither proved nor found
  2  usage or input error: one clear line on stderr
  3  internal error: one line on stderr, details in a log file
  130 / 143 / 129  stopped by SIGINT / SIGTERM / SIGHUP (`jhalt.cli.signals`)

Internal errors caught inside an analysis (an exception while building the graph, in a
non-termination technique's run or in the witness search's forward check) do not crash the
run: the answer says "internal error …" (`INTERNAL_ERROR`) in its MAYBE reason or notes.
The rule (README "Exit codes"): such a run still ends with 3, after its output is written,
unless it produced an answer anyway — `prove` a YES or NO, `check` a finding (exit 1).
`check` also ends with 3 when an entry's worker failed and nothing was found, and when no
entry finished at all (every one timed out); with 2 when an entry reached corrupt input
(`MalformedCodeError`), whatever else was found. For `check`, exit 1 and 0 count only the
findings reported: those suppressed (``@SuppressWarnings("jhalt")``, ``--config``) or already
in ``--baseline`` do not make it 1; an interrupted `check --all` writes what it finished, marked
incomplete, and ends with 130/143/129; a corrupt results-cache file is a warning, never an
error; an unreadable ``--baseline``/``--config`` or a bad ``--dask`` address is 2.
"""

INTERNAL_ERROR = "internal error"
"""How a caught internal error starts in a reason or note (module docstring)."""


class JhaltError(Exception):
    """Base class of every error jhalt reports deliberately."""

    exit_code = 3


class InputError(JhaltError):
    """The user's input is unusable: a missing file, a corrupt class, a wrong entry name."""

    exit_code = 2


class ClassFormatError(InputError):
    """A class file violates the class-file format (JVM spec ch. 4)."""

    def __init__(self, message: str, source: str | None = None) -> None:
        self.source = source
        super().__init__(f"{source}: {message}" if source else message)


class MalformedCodeError(ClassFormatError):
    """The code of a method of the analysed program breaks the static constraints of the
    class-file format (JVM spec §4.9.1, §4.10.1: an undefined opcode, a truncated instruction,
    an invalid constant-pool index, a jump into the middle of an instruction, an exception
    handler outside the code). Raised when the analysis first reaches the method; it is
    corrupt input (exit 2), never a MAYBE. Code jhalt can decode but not analyse (a library
    method it has no model for, a construct it does not support) is not this error."""

    def __init__(self, method: str, defect: str, source: str | None = None) -> None:
        self.method = method
        self.defect = defect
        super().__init__(f"malformed code in {method}: {defect}", source)


class JdkImageError(InputError):
    """The JDK's runtime image (``lib/modules``) or one resource in it cannot be read: not an
    image, truncated, corrupted, or compressed in a way jhalt does not decompress. jhalt then
    falls back to its JDK descriptions (`jhalt.program.jdk_library`) and says why."""


class MissingClassError(InputError):
    """A class needed by the analysis is neither on the classpath nor in the JDK's class
    library (the runtime image, else jhalt's descriptions). ``reason`` says why a JDK class
    that exists could not be read, when that is the case."""

    def __init__(self, class_name: str, reason: str | None = None) -> None:
        self.class_name = class_name
        self.reason = reason
        text = f"class not found: {class_name.replace('/', '.')}"
        super().__init__(f"{text} ({reason})" if reason else text)


class UnsupportedError(JhaltError):
    """A construct jhalt cannot analyse; analyses turn it into MAYBE with this reason."""

    exit_code = 2


def describe_internal(error: BaseException) -> str:
    """``internal error: KeyError: 'x' (at module.py:123 in function)`` for an exception an
    analysis catches (module docstring): the text of its reason or note, with the place the
    exception was raised so that the log of the run locates it."""
    where = ""
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is not None:
        code = tb.tb_frame.f_code
        file = code.co_filename.rsplit("/", 1)[-1]
        where = f" (at {file}:{tb.tb_lineno} in {code.co_name})"
    return f"{INTERNAL_ERROR}: {type(error).__name__}: {error}{where}"
