"""A real browser for the HTML report tests: Debian's ``chromium``, headless, driven by its
command line (``--screenshot``, ``--dump-dom``), and a small PNG reader to check screenshots.

`browser()` answers the chromium executable, or None with the reason (the tests skip then and
say why; `.ci/run` installs the package). Each run gets its own profile directory (tests run
in parallel) and a timeout. `read_png` decodes the 8-bit RGB/RGBA, non-interlaced PNGs
chromium writes (zlib and the five scanline filters of the PNG specification, §9), so the
tests can count pixels of a colour without an imaging library.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import zlib
from dataclasses import dataclass
from pathlib import Path

BROWSER_TIMEOUT_S = 120
NAMES = ("chromium", "chromium-browser")


def browser() -> tuple[str | None, str]:
    """The chromium executable and "", or None and why not."""
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found, ""
    return None, (
        "no chromium on PATH: the HTML reports are not checked in a browser "
        "(install Debian's package: apt-get install chromium; .ci/run does)"
    )


def _run(executable: str, profile: Path, arguments: list[str]) -> subprocess.CompletedProcess[str]:
    command = [
        executable,
        "--headless",
        "--disable-gpu",
        "--no-sandbox",
        "--hide-scrollbars",
        "--no-first-run",
        f"--user-data-dir={profile}",
        *arguments,
    ]
    return subprocess.run(
        command, capture_output=True, text=True, timeout=BROWSER_TIMEOUT_S, check=False
    )


def screenshot(executable: str, url: str, png: Path, width: int, height: int) -> Path:
    """The page at ``url`` drawn into ``png`` at ``width``×``height``."""
    profile = png.parent / f".profile-{png.stem}"
    size = f"--window-size={width},{height}"
    done = _run(executable, profile, [f"--screenshot={png}", size, url])
    assert png.is_file(), f"chromium wrote no screenshot: {done.stderr[-2000:]}"
    return png


def dump_dom(executable: str, url: str, scratch: Path) -> str:
    """The document of ``url`` after its scripts ran, as chromium serialises it."""
    profile = scratch / f".profile-dom-{abs(hash(url))}"
    done = _run(executable, profile, ["--dump-dom", url])
    assert done.stdout.strip(), f"chromium dumped no DOM: {done.stderr[-2000:]}"
    return done.stdout


@dataclass(frozen=True)
class Image:
    width: int
    height: int
    pixels: list[tuple[int, int, int]]
    """Row by row, RGB (alpha dropped)."""

    def count(self, colour: tuple[int, int, int], tolerance: int = 8) -> int:
        """Pixels within ``tolerance`` of ``colour`` in each channel."""
        red, green, blue = colour
        return sum(
            1
            for r, g, b in self.pixels
            if abs(r - red) <= tolerance
            and abs(g - green) <= tolerance
            and abs(b - blue) <= tolerance
        )


def _paeth(left: int, up: int, corner: int) -> int:
    estimate = left + up - corner
    distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
    return (left, up, corner)[distances.index(min(distances))]


def _unfilter(data: bytes, width: int, height: int, channels: int) -> list[bytearray]:
    stride = width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    offset = 0
    for _ in range(height):
        kind, line = data[offset], bytearray(data[offset + 1 : offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            predictor = (0, left, up, (left + up) // 2, _paeth(left, up, corner))[kind]
            line[i] = (line[i] + predictor) & 0xFF
        rows.append(line)
        previous = line
    return rows


def read_png(path: Path) -> Image:
    """The pixels of an 8-bit RGB or RGBA, non-interlaced PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    offset, compressed, header = 8, b"", b""
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset : offset + 4])
        kind = data[offset + 4 : offset + 8]
        body = data[offset + 8 : offset + 8 + length]
        header = body if kind == b"IHDR" else header
        compressed += body if kind == b"IDAT" else b""
        offset += 12 + length
    width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour_type in (2, 6) and interlace == 0, "unsupported PNG"
    channels = 3 if colour_type == 2 else 4
    rows = _unfilter(zlib.decompress(compressed), width, height, channels)
    pixels = [
        (row[i], row[i + 1], row[i + 2]) for row in rows for i in range(0, len(row), channels)
    ]
    return Image(width, height, pixels)
