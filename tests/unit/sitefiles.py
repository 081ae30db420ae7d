"""Helpers that write small content folders for builder tests."""

from __future__ import annotations

import struct
from pathlib import Path

import yaml

from docsite.build import Paths, Site, load_site
from docsite.errors import Report
from tests.conftest import FRONTEND


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def png(width: int, height: int) -> bytes:
    """The start of a PNG file of that size: enough for its header to be read."""
    header = struct.pack(">I", 13) + b"IHDR" + struct.pack(">II", width, height)
    return b"\x89PNG\r\n\x1a\n" + header + b"\x08\x06\0\0\0"


def doc(title: str, extra: str = "", body: str = "") -> str:
    """A doc with `title`, a description, the `extra` front matter lines and `body`."""
    return f"---\ntitle: {title}\ndescription: About {title}.\n{extra}---\n\n{body or f'Body of {title}.'}\n"


def configure(content: Path, **settings: object) -> None:
    """Merge `settings` into the site.yaml of `content` (one level deep)."""
    file = content / "site.yaml"
    data = yaml.safe_load(file.read_text())
    for key, value in settings.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key] = {**data[key], **value}
        else:
            data[key] = value
    file.write_text(yaml.safe_dump(data))


def load(content: Path, dev: bool = False) -> tuple[Site, Report]:
    """Load, resolve and check `content` like a build does (raises BuildError on errors)."""
    report = Report()
    site = load_site(Paths(content, content.parent / "build", FRONTEND), dev=dev, report=report)
    return site, report


def route_data(site: Site, path: str) -> dict[str, object]:
    return next(r.data for r in site.routes if r.path == path)
