"""The intrinsic size of an image file: PNG, JPEG, GIF, WebP and SVG, read from their headers.

Images in pages get `width` and `height` from their file so the browser reserves their space
before they load (no layout shift); CSS scales them down to the column (`max-width: 100%;
height: auto`). Returns None for a format or a file it cannot read: the image then has no size.
"""

from __future__ import annotations

import re
import struct
from functools import lru_cache
from pathlib import Path

_SVG_LENGTH = re.compile(r"^\s*([\d.]+)\s*(px)?\s*$")
_SVG_ROOT = re.compile(rb"<svg\b[^>]*>", re.IGNORECASE | re.DOTALL)


def image_size(file: Path) -> tuple[int, int] | None:
    """(width, height) in CSS pixels, or None."""
    try:
        stat = file.stat()
    except OSError:
        return None
    return _cached_size(file, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=4096)
def _cached_size(file: Path, mtime: int, size: int) -> tuple[int, int] | None:
    try:
        with file.open("rb") as handle:
            head = handle.read(64 * 1024)
    except OSError:
        return None
    for reader in (_png, _gif, _webp, _jpeg, _svg):
        found = reader(head)
        if found:
            return found
    return None


def _png(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return int(width), int(height)
    return None


def _gif(data: bytes) -> tuple[int, int] | None:
    if data[:6] in (b"GIF87a", b"GIF89a"):
        width, height = struct.unpack("<HH", data[6:10])
        return int(width), int(height)
    return None


def _webp(data: bytes) -> tuple[int, int] | None:
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP":
        return None
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return int(width & 0x3FFF), int(height & 0x3FFF)
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    if chunk == b"VP8X" and len(data) >= 30:
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    return None


def _jpeg(data: bytes) -> tuple[int, int] | None:
    if data[:2] != b"\xff\xd8":
        return None
    pos = 2
    while pos + 9 < len(data):
        if data[pos] != 0xFF:
            pos += 1
            continue
        marker = data[pos + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            pos += 2
            continue
        length = struct.unpack(">H", data[pos + 2:pos + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):  # start of frame
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            return int(width), int(height)
        pos += 2 + length
    return None


def _svg(data: bytes) -> tuple[int, int] | None:
    root = _SVG_ROOT.search(data)
    if not root:
        return None
    tag = root.group(0).decode("utf-8", "replace")
    width, height = _svg_attr(tag, "width"), _svg_attr(tag, "height")
    if width and height:
        return round(width), round(height)
    box = re.search(r'viewBox\s*=\s*["\']([^"\']+)["\']', tag)
    if box:
        parts = [float(p) for p in re.split(r"[\s,]+", box.group(1).strip()) if p]
        if len(parts) == 4 and parts[2] > 0 and parts[3] > 0:
            return round(parts[2]), round(parts[3])
    return None


def _svg_attr(tag: str, name: str) -> float | None:
    match = re.search(rf'\s{name}\s*=\s*["\']([^"\']+)["\']', tag)
    if not match:
        return None
    length = _SVG_LENGTH.match(match.group(1))
    return float(length.group(1)) if length else None
