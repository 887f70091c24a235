"""Files read by name (issue 33, item 3): the objects that name a file — ``new File(name)``,
``Path.of(name)``, ``Paths.get(name)``, ``File.toPath()`` — and the readers opened on it —
``new FileReader(…)``, ``new FileInputStream(…)``, ``new Scanner(File | Path)``,
``Files.newBufferedReader(path)`` —, and the reads that return the file's content:
``Files.readString(path)`` (an environment value: any String) and ``FileInputStream.read()``
(a byte 0..255 or -1 at the end). A ``BufferedReader`` or ``Scanner`` on such a reader reads
through their own models (`jhalt.models.environment`); which file a read site reads is decided
by the witness (`jhalt.models.sources`, `jhalt.witness.search.feeds`), which creates it.

``Files.readString`` has its exceptions as outcomes: ``NoSuchFileException`` for a missing
file (a witness that needs it creates no file) and any other ``IOException`` (unreadable, not
UTF-8; not reported, but no proof of absence ignores it); assumption on its edges: reading
terminates and changes no program object. For the readers, assumptions stated on every
edge: the named file exists and can be read — the
``FileNotFoundException`` / ``NoSuchFileException`` of a missing file and the ``IOException``
of an unreadable one are not modelled (the witness creates the file the path needs; a missing
input file is the user's mistake, not the program's flaw), and a name is a valid path (no
``InvalidPathException``); opening and reading terminate and change no program object. A
null name or file throws ``NullPointerException`` as the JDK does. Not modelled:
``Files.readAllLines`` and ``Files.lines`` (their results are collections and streams).
"""

from __future__ import annotations

from collections.abc import Sequence

from jhalt.domains.intervals import Interval
from jhalt.domains.strings import unknown_length
from jhalt.domains.values import UnknownValue
from jhalt.models.support import fresh_int, model, need_non_null, new_string
from jhalt.seg.environment import OPENS_FILE, READS_FILE, input_relation
from jhalt.seg.library import (
    LibraryCall,
    ModelRegistry,
    Outcome,
    Returns,
    Throws,
    with_fresh_value,
)

FILE = "java/io/File"
PATH = "java/nio/file/Path"
FILES = "java/nio/file/Files"
STRING = "Ljava/lang/String;"
OPENS = OPENS_FILE
NO_SUCH_FILE = "java/nio/file/NoSuchFileException"
IO_EXCEPTION = "java/io/IOException"


@model
def names_file(call: LibraryCall) -> Sequence[Outcome]:
    """``new File(name)``, ``new FileReader(name | file)``, ``new FileInputStream(name |
    file)``, ``new Scanner(file | path)``: NullPointerException for null, else the object."""
    need_non_null(call, call.parameters[0])
    return [Returns(call.popped_state(), None, assumptions=(OPENS,))]


@model
def path_of(call: LibraryCall) -> Sequence[Outcome]:
    """``Path.of(first, more…)``, ``Paths.get(first, more…)``, ``File.toPath()``,
    ``Files.newBufferedReader(path)``: a fresh non-null object of the returned type (null
    arguments throw NullPointerException)."""
    for argument in call.arguments:
        need_non_null(call, argument)
    returned = call.return_descriptor[1:-1]
    value = UnknownValue(returned, nullable=False)
    state, result = with_fresh_value(call.popped_state(), value, call.fresh)
    return [Returns(state, result, assumptions=(OPENS,))]


@model
def read_string(call: LibraryCall) -> Sequence[Outcome]:
    """``Files.readString(path)``: the file's whole content, any non-null String; or a
    NoSuchFileException (no such file: the witness then creates none), or another IOException
    of an inexact class (an unreadable file, a text that is not UTF-8)."""
    need_non_null(call, call.parameters[0])
    popped = call.popped_state()
    length = call.fresh("i")
    state, result = new_string(popped.with_value(length, unknown_length()), length, call.fresh)
    return [
        Returns(state, result, (input_relation(result),), (READS_FILE,)),
        Throws(popped, NO_SUCH_FILE, assumptions=(READS_FILE,)),
        Throws(popped, IO_EXCEPTION, exact=False, assumptions=(READS_FILE,)),
    ]


@model
def read_file_byte(call: LibraryCall) -> Sequence[Outcome]:
    """``FileInputStream.read()``: the next byte of the file, 0..255, or -1 at its end."""
    state, result = fresh_int(call.popped_state(), Interval(-1, 255), "I", call.fresh)
    return [Returns(state, result, (input_relation(result),), (OPENS,))]


@model
def close(call: LibraryCall) -> Sequence[Outcome]:
    """``close()`` of a file reader: no effect on program objects."""
    return [Returns(call.popped_state(), None, assumptions=(OPENS,))]


def register(registry: ModelRegistry) -> None:
    registry.register(FILE, "<init>", f"({STRING})V", names_file)
    for owner in ("java/io/FileReader", "java/io/FileInputStream"):
        registry.register(owner, "<init>", f"({STRING})V", names_file)
        registry.register(owner, "<init>", "(Ljava/io/File;)V", names_file)
    # FileReader's close is InputStreamReader's (`jhalt.models.environment`)
    registry.register("java/io/FileInputStream", "close", "()V", close)
    registry.register("java/util/Scanner", "<init>", "(Ljava/io/File;)V", names_file)
    registry.register("java/util/Scanner", "<init>", "(Ljava/nio/file/Path;)V", names_file)
    registry.register(PATH, "of", f"({STRING}[{STRING})L{PATH};", path_of)
    registry.register("java/nio/file/Paths", "get", f"({STRING}[{STRING})L{PATH};", path_of)
    registry.register(FILE, "toPath", f"()L{PATH};", path_of)
    registry.register(FILES, "newBufferedReader", f"(L{PATH};)Ljava/io/BufferedReader;", path_of)
    registry.register(FILES, "readString", f"(L{PATH};){STRING}", read_string)
    registry.register("java/io/FileInputStream", "read", "()I", read_file_byte)
