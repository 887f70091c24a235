"""Decoding sweeps: every class of the TPDB benchmarks and >= 5,000 classes of the JDK's
java.base decode; their CFGs are well-formed; loops, frames and stack depths are computed
without error; inferred frames agree with the StackMapTable where both exist."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

import pytest
from bytecode_testkit import check_cfg_well_formed
from test_bytecode_frames import (
    assert_frames_match_local_variable_table,
    assert_inference_agrees_with_stack_map,
)

from jhalt.bytecode import analyze_method, compute_stack_depths
from jhalt.classfile.reader import parse_class

TPDB = Path("/work/shared/benchmarks/tpdb")
JDK_SHARDS = 4


def check_class(classfile, cross_check: bool) -> int:
    """Run every analysis on every method; return how many methods had code."""
    methods = 0
    for method in classfile.methods:
        if method.code is None:
            continue
        methods += 1
        body = analyze_method(method, classfile)
        check_cfg_well_formed(body.cfg, method.code.exception_table)
        loops = body.loops
        for loop in loops.loops:
            assert loop.header in loop.body
            for source, header in loop.back_edges:
                assert loops.dominates(header, source)
        depths = compute_stack_depths(body.cfg, method.code.max_stack)
        frames = body.frames
        for pc, depth in depths.items():
            assert len(frames.at(pc).stack) == depth
        if cross_check:
            if method.code.stack_map is not None:
                assert_inference_agrees_with_stack_map(body)
            assert_frames_match_local_variable_table(body)
    return methods


def _tpdb_jars() -> list[Path]:
    return sorted(TPDB.rglob("*.jar"))


@pytest.mark.skipif(not TPDB.is_dir(), reason="TPDB benchmarks not present")
def test_every_tpdb_class_decodes_with_well_formed_cfgs():
    classes = methods = 0
    for jar in _tpdb_jars():
        with zipfile.ZipFile(jar) as archive:
            for name in archive.namelist():
                if name.endswith(".class"):
                    classfile = parse_class(archive.read(name), f"{jar}!/{name}")
                    methods += check_class(classfile, cross_check=True)
                    classes += 1
    assert len(_tpdb_jars()) == 317 and classes > 1900 and methods > 9000


def _java_home() -> Path | None:
    home = os.environ.get("JAVA_HOME")
    if home and (Path(home) / "lib" / "modules").is_file():
        return Path(home)
    java = shutil.which("java")
    if java is None:
        return None
    return Path(os.path.realpath(java)).parent.parent  # <home>/bin/java


@pytest.fixture(scope="session")
def java_base_dir() -> Path:
    """java.base extracted with ``jimage extract``, cached under the temp dir by JDK identity."""
    home = _java_home()
    if home is None or not (home / "lib" / "modules").is_file():
        pytest.skip("no JDK runtime image found")
    modules = home / "lib" / "modules"
    stat = modules.stat()
    key = hashlib.sha256(f"{modules}:{stat.st_size}:{stat.st_mtime_ns}".encode()).hexdigest()[:16]
    target = Path(tempfile.gettempdir()) / f"jhalt-java-base-{key}"
    if not target.is_dir():
        work = Path(tempfile.mkdtemp(prefix=".jhalt-java-base-", dir=tempfile.gettempdir()))
        try:
            jimage = home / "bin" / "jimage"
            subprocess.run(
                [str(jimage), "extract", "--include", "glob:/java.base/**", "--dir", str(work), str(modules)],
                check=True, capture_output=True, timeout=300,
            )  # fmt: skip
            try:
                os.rename(work / "java.base", target)
            except OSError:
                if not target.is_dir():  # not a lost race with another worker
                    raise
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return target


def _java_base_classes(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.class") if p.name != "module-info.class")


def test_java_base_has_at_least_5000_classes(java_base_dir):
    assert len(_java_base_classes(java_base_dir)) >= 5000


@pytest.mark.parametrize("shard", range(JDK_SHARDS))
def test_jdk_java_base_classes_decode_with_well_formed_cfgs(java_base_dir, shard):
    paths = _java_base_classes(java_base_dir)[shard::JDK_SHARDS]
    methods = 0
    for path in paths:
        methods += check_class(parse_class(path.read_bytes(), str(path)), cross_check=False)
    assert methods > 5000


@pytest.mark.parametrize("shard", range(JDK_SHARDS))
def test_disassembler_renders_every_java_base_class(java_base_dir, shard):
    """`jhalt disasm` output for every class of java.base: no error, every method listed."""
    from jhalt.report.disasm import render_class

    for path in _java_base_classes(java_base_dir)[shard::JDK_SHARDS]:
        classfile = parse_class(path.read_bytes(), str(path))
        text = render_class(classfile)
        for method in classfile.methods:
            assert method.name in text, (path, method.name)
