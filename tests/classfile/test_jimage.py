"""The runtime-image reader (`jhalt.classfile.jimage`) on the images of the installed JDKs
(JDK 17 on PATH, Temurin 25 when present): classes found by name through the image's hash
table and the package-to-module entries, checked against facts the Java SE specification
fixes (a class's superclass and interfaces, its name), absent names, and broken files.

A zip-compressed image (``jlink --compress=2``) is read too; an image compressed with
string sharing (``compact-cp``) refuses its classes with that reason. Both are built by
``jlink`` and marked slow (about 15 s each)."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest
from jdks import JDK25

from jhalt.classfile.jimage import JImage, image_hash
from jhalt.classfile.reader import parse_class
from jhalt.errors import JdkImageError, MissingClassError
from jhalt.program import InMemoryClasses, Program
from jhalt.program.jdk_image import JdkImage
from jhalt.program.jdk_library import default_jdk_home, library_for

HOMES = [default_jdk_home()]
if JDK25 is not None:
    HOMES.append(Path(JDK25).resolve().parent.parent)
IMAGES = [pytest.param(home, id=home.name) for home in HOMES if home is not None]

pytestmark = pytest.mark.skipif(not IMAGES, reason="no JDK installed")


def _class(image: JImage, name: str) -> bytes | None:
    module = image.module_of_package(name.rpartition("/")[0])
    return image.class_bytes(module, name) if module is not None else None


@pytest.mark.parametrize("home", IMAGES)
def test_classes_of_four_modules_read_with_their_specified_shape(home: Path) -> None:
    image = JImage(home / "lib" / "modules")
    assert image.module_of_package("java.util.logging") == "java.logging"
    assert image.module_of_package("java/lang") == "java.base"
    expected = {
        # JLS §4.3.2: Object is the root, with no superclass
        "java/lang/Object": (None, ()),
        # java.util.logging.Logger extends Object and implements nothing (its Javadoc)
        "java/util/logging/Logger": ("java/lang/Object", ()),
        "java/time/LocalDate": ("java/lang/Object", None),
        "java/net/Socket": ("java/lang/Object", ("java/io/Closeable",)),
    }
    for name, (superclass, interfaces) in expected.items():
        data = _class(image, name)
        assert data is not None, name
        parsed = parse_class(data, name)
        assert parsed.name == name  # the class file names the class asked for
        assert parsed.super_name == superclass
        if interfaces is not None:
            assert parsed.interfaces == interfaces
    local_date = parse_class(_class(image, "java/time/LocalDate") or b"")
    assert "java/time/chrono/ChronoLocalDate" in local_date.interfaces


@pytest.mark.parametrize("home", IMAGES)
def test_a_name_the_image_lacks_gives_none(home: Path) -> None:
    image = JImage(home / "lib" / "modules")
    assert image.find("/java.base/java/lang/NoSuchClass.class") is None
    assert image.class_bytes("java.base", "java/util/logging/Logger") is None  # other module
    assert image.module_of_package("com.example.nothing") is None
    assert _class(image, "java/lang/NoSuchClass") is None
    assert image.find("") is None


@pytest.mark.slow
@pytest.mark.parametrize("home", IMAGES)
def test_every_resource_is_found_by_its_name_and_every_class_by_its_package(home: Path) -> None:
    # the lookup goes through the image's perfect hash: a wrong hash or redirect rule would
    # miss names; and the module /packages/<package> names is the module holding the class
    image = JImage(home / "lib" / "modules")
    names = list(image.names())
    assert len(names) == image.table_length > 20000
    assert [n for n in names if (found := image.find(n)) is None or found.name != n] == []
    for name in names:
        module, _, path = name[1:].partition("/")
        package = path.rpartition("/")[0]
        if name.endswith(".class") and package and module not in ("packages", "modules"):
            assert image.module_of_package(package) == module, name


def test_the_hash_is_the_images_own() -> None:
    # an FNV-style hash: "" hashes to the seed itself, masked to 31 bits
    assert image_hash("") == 0x01000193
    assert image_hash("a") == ((0x01000193 * 0x01000193) & 0xFFFFFFFF ^ ord("a")) & 0x7FFFFFFF
    assert image_hash("/a", 7) != image_hash("/a")


@pytest.mark.parametrize("home", IMAGES)
def test_the_library_serves_shapes_like_the_descriptions_and_whole_classes_apart(
    home: Path,
) -> None:
    jdk = JdkImage(home)
    shape = jdk.find("java/util/logging/Logger")
    assert shape is not None and shape.origin == f"jdk {jdk.version} image"
    assert shape.constant_pool == () and all(m.code is None for m in shape.methods)
    # public members only (and <clinit>): Logger.getLogger(String) is public and static
    assert shape.method("getLogger", "(Ljava/lang/String;)Ljava/util/logging/Logger;")
    assert all(m.access & 0x0005 or m.name == "<clinit>" for m in shape.methods)
    whole = jdk.class_file("java/util/logging/Logger")
    assert whole is not None and any(m.code is not None for m in whole.methods)
    assert len(whole.methods) > len(shape.methods)  # it has private methods, left out above


@pytest.mark.parametrize("home", IMAGES)
def test_a_program_finds_jdk_classes_the_descriptions_lack(home: Path) -> None:
    program = Program(InMemoryClasses([]), library_for(home))
    assert program.lookup("java/util/logging/Logger").super_name == "java/lang/Object"
    assert program.is_library("java/io/File")
    # described classes still come from the descriptions, whatever the JDK
    assert program.lookup("java/lang/String").origin.endswith("description")
    with pytest.raises(MissingClassError, match="class not found: java.io.NoSuchFile"):
        program.lookup("java/io/NoSuchFile")


def _broken(tmp_path: Path, data: bytes) -> Path:
    home = tmp_path / "jdk"
    (home / "lib").mkdir(parents=True)
    (home / "lib" / "modules").write_bytes(data)
    return home


def test_a_truncated_or_foreign_file_gives_one_clear_error(tmp_path: Path) -> None:
    home = default_jdk_home()
    if home is None:
        pytest.skip("no JDK installed")
    real = (home / "lib" / "modules").read_bytes()[:4096]
    cases = {
        "truncated": real,
        "short": real[:10],
        "foreign": b"PK\x03\x04" + bytes(100),
        "empty": b"",
    }
    for what, data in cases.items():
        broken = _broken(tmp_path / what, data)
        with pytest.raises(JdkImageError, match="is not readable") as error:
            JImage(broken / "lib" / "modules")
        assert str(broken) in str(error.value)
        library = library_for(broken)
        assert library.image is None
        assert library.status().startswith("descriptions only: the JDK image")
        # the descriptions still answer
        assert library.find("java/lang/Object") is not None
        assert library.find("java/util/logging/Logger") is None


def test_a_missing_image_is_said(tmp_path: Path) -> None:
    library = library_for(tmp_path)
    assert library.image is None and "cannot read the JDK image" in library.status()


def test_a_corrupted_index_gives_a_clear_error_on_lookup(tmp_path: Path) -> None:
    home = default_jdk_home()
    if home is None:
        pytest.skip("no JDK installed")
    with open(home / "lib" / "modules", "rb") as file:
        header = file.read(28)
        _, _, _, _, table_length, locations_size, strings_size = struct.unpack("<7I", header)
        start = 28 + 8 * table_length
        data = bytearray(header + file.read(start + locations_size + strings_size - 28))
    # every location attribute overwritten by a byte naming an attribute kind that does not exist
    data[start : start + locations_size] = b"\xff" * locations_size
    broken = JImage(_broken(tmp_path, bytes(data)) / "lib" / "modules")
    with pytest.raises(JdkImageError, match="not readable"):
        for package in ("java.lang", "java.util", "java.io", "java.net"):
            broken.module_of_package(package)
    jdk = JdkImage(tmp_path / "jdk")
    assert jdk.find("java/util/logging/Logger") is None
    assert "not readable" in (jdk.why_unreadable("java/util/logging/Logger") or "")


def _jlink(tmp_path: Path, compress: str) -> Path:
    home = default_jdk_home()
    jlink = home / "bin" / "jlink" if home is not None else None
    if jlink is None or not jlink.exists():
        pytest.skip("no jlink")
    output = tmp_path / f"image-{compress}"
    subprocess.run(
        [str(jlink), f"--compress={compress}", "--add-modules", "java.base", "--output", output],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return output


@pytest.mark.slow
def test_a_zip_compressed_image_is_read(tmp_path: Path) -> None:
    home = _jlink(tmp_path, "2")  # JDK 17's "zip" level (a deprecated spelling on 21+)
    image = JImage(home / "lib" / "modules")
    location = image.find("/java.base/java/util/HashMap.class")
    assert location is not None and location.compressed > 0  # stored compressed
    parsed = parse_class(image.class_bytes("java.base", "java/util/HashMap") or b"")
    assert parsed.name == "java/util/HashMap" and parsed.super_name == "java/util/AbstractMap"
    shutil.rmtree(home)


@pytest.mark.slow
def test_a_string_sharing_image_refuses_its_classes_with_the_reason(tmp_path: Path) -> None:
    home = _jlink(tmp_path, "1")  # "compact-cp": string sharing, not implemented
    with pytest.raises(JdkImageError, match="compressed with 'compact-cp'"):
        JImage(home / "lib" / "modules").class_bytes("java.base", "java/util/HashMap")
    jdk = JdkImage(home)
    assert jdk.find("java/util/HashMap") is None
    assert "compact-cp" in (jdk.why_unreadable("java/util/HashMap") or "")
    program = Program(InMemoryClasses([]), library_for(home))
    with pytest.raises(MissingClassError, match=r"java\.util\.concurrent\.Phaser \(.*compact-cp"):
        program.lookup("java/util/concurrent/Phaser")
