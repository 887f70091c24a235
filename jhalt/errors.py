"""Error types shared by every layer, each mapped to a documented exit code.

Exit codes (the CLI contract, see README):
  0  a result was produced (for `check`: no finding)
  1  `check` / `watch` found something
  2  usage or input error: one clear line on stderr
  3  internal error: one line on stderr, details in a log file
  130 / 143 / 129  stopped by SIGINT / SIGTERM / SIGHUP (`jhalt.cli.signals`)
"""


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


class MissingClassError(InputError):
    """A class needed by the analysis is neither on the classpath nor described in jhalt."""

    def __init__(self, class_name: str) -> None:
        self.class_name = class_name
        super().__init__(f"class not found: {class_name.replace('/', '.')}")


class UnsupportedError(JhaltError):
    """A construct jhalt cannot analyse; analyses turn it into MAYBE with this reason."""

    exit_code = 2
