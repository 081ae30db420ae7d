"""Intrinsic image sizes, read from the file's header for every format the site uses."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from docsite.images import image_size
from tests.conftest import CONTENT
from tests.unit.sitefiles import png


def jpeg(width: int, height: int) -> bytes:
    app0 = b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0"
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 11, 8, height, width, 1) + b"\x01\x11\x00"
    return b"\xff\xd8" + app0 + sof + b"\xff\xd9"


CASES = {
    "a.png": (png(640, 360), (640, 360)),
    "a.gif": (b"GIF89a" + struct.pack("<HH", 120, 80) + b"\0" * 8, (120, 80)),
    "a.jpg": (jpeg(1200, 630), (1200, 630)),
    "lossy.webp": (b"RIFF\0\0\0\0WEBPVP8 " + b"\0" * 10 + struct.pack("<HH", 300, 200), (300, 200)),
    "lossless.webp": (b"RIFF\0\0\0\0WEBPVP8L\0\0\0\0\x2f" + ((299) | (199 << 14)).to_bytes(4, "little"), (300, 200)),
    "extended.webp": (b"RIFF\0\0\0\0WEBPVP8X" + b"\0" * 8 + (299).to_bytes(3, "little") + (199).to_bytes(3, "little"),
                      (300, 200)),
    "sized.svg": (b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="48" height="24px">',
                  (48, 24)),
    "box.svg": (b'<svg viewBox="0 0 120.5 60" xmlns="http://www.w3.org/2000/svg"></svg>', (120, 60)),
    "relative.svg": (b'<svg width="100%" height="100%" viewBox="0 0 32 16"></svg>', (32, 16)),
}


@pytest.mark.parametrize("name", CASES)
def test_sizes_are_read_from_the_header(tmp_path: Path, name: str) -> None:
    data, expected = CASES[name]
    file = tmp_path / name
    file.write_bytes(data)
    assert image_size(file) == expected


def test_unknown_or_missing_files_have_no_size(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("not an image")
    assert image_size(tmp_path / "notes.txt") is None
    assert image_size(tmp_path / "missing.png") is None


def test_the_sites_own_images() -> None:
    assert image_size(CONTENT / "static" / "img" / "social-card.jpg") == (1200, 630)
    assert image_size(CONTENT / "static" / "img" / "logo.svg") is not None


def test_a_changed_file_is_read_again(tmp_path: Path) -> None:
    file = tmp_path / "a.png"
    file.write_bytes(png(10, 10))
    assert image_size(file) == (10, 10)
    file.write_bytes(png(20, 10) + b"more")
    assert image_size(file) == (20, 10)
