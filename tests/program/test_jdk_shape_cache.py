"""The on-disk cache of JDK image shapes (`jhalt.program.jdk_shape_cache`): a later run reads
the shape the first one stored instead of parsing the class again; the stored shape equals
the parsed one; an unusable file counts as absent; another image gets another directory."""

from __future__ import annotations

from pathlib import Path

import pytest

from jhalt.classfile.model import ClassFile
from jhalt.program.jdk_image import JdkImage
from jhalt.program.jdk_library import default_jdk_home
from jhalt.program.jdk_shape_cache import ShapeCache

HOME = default_jdk_home()
pytestmark = pytest.mark.skipif(HOME is None, reason="no JDK installed")
LOGGER = "java/util/logging/Logger"


def _jdk(cache: Path) -> JdkImage:
    assert HOME is not None
    return JdkImage(HOME, cache)


def test_a_later_run_reads_the_stored_shape_without_parsing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = _jdk(tmp_path).find(LOGGER)
    assert first is not None

    def no_parse(self: JdkImage, name: str) -> ClassFile | None:
        raise AssertionError(f"{name} parsed again")

    monkeypatch.setattr(JdkImage, "_read_shape", no_parse)
    again = _jdk(tmp_path).find(LOGGER)
    assert again == first  # the same shape, members, flags and constants included
    level = "java/util/logging/Level"
    with pytest.raises(AssertionError, match="parsed again"):
        _jdk(tmp_path).find(level)  # never stored: it is parsed


def test_constants_survive_the_round_trip(tmp_path: Path) -> None:
    # Double.NaN and the infinities are no JSON numbers; Integer.MAX_VALUE is a plain one
    shape = _jdk(tmp_path).find("java/lang/Double")
    stored = _jdk(tmp_path).find("java/lang/Double")
    assert shape is not None and stored is not None
    values = {f.name: f.constant_value for f in stored.fields}
    assert values["NaN"] != values["NaN"]  # NaN
    assert values["POSITIVE_INFINITY"] == float("inf")
    assert values["MAX_EXPONENT"] == 1023


def test_an_unusable_file_is_parsed_again_and_replaced(tmp_path: Path) -> None:
    jdk = _jdk(tmp_path)
    assert jdk.find(LOGGER) is not None and jdk.cache is not None
    stored = jdk.cache.directory / "java.util.logging.Logger.json"
    stored.write_text('{"name": "java/util/logging/Logg')  # cut short
    again = _jdk(tmp_path).find(LOGGER)
    assert again is not None and again.super_name == "java/lang/Object"
    assert stored.read_text().endswith("}")  # written again, whole


def test_another_image_gets_another_directory(tmp_path: Path) -> None:
    one, other = tmp_path / "one", tmp_path / "other"
    one.write_bytes(b"x")
    other.write_bytes(b"xy")
    assert ShapeCache(tmp_path, one).directory != ShapeCache(tmp_path, other).directory
    assert ShapeCache(tmp_path, one).directory == ShapeCache(tmp_path, one).directory
