"""Writing the build's files, and reading the trees they are written in."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from docsite.content_files import content_files


def json_bytes(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write_bytes(path: Path, data: bytes | Iterable[bytes]) -> None:
    """Write `data`, or its parts one after the other (a file made part by part, such as a search
    index, is never held whole)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, bytes):
        path.write_bytes(data)
        return
    with path.open("wb") as file:
        for part in data:
            file.write(part)


def copy_tree(source: Path, target: Path) -> None:
    if source.is_dir():
        shutil.copytree(source, target, dirs_exist_ok=True)


def static_files(static_dir: Path) -> set[str]:
    """Site paths of the files in the static folder: `/img/logo.svg`."""
    return {"/" + p.relative_to(static_dir).as_posix() for p in content_files(static_dir)}


def html_files(build: Path, folders: list[tuple[Path, set[str]]] | None = None) -> list[Path]:
    """The HTML files of a build (`folders`: its `tree_names`, when they were read already)."""
    return sorted(folder / name for folder, names in (folders if folders is not None else tree_names(build))
                  for name in names if name.endswith(".html"))


def tree_names(root: Path) -> list[tuple[Path, set[str]]]:
    """Every folder of `root` with the names of its files: one walk, no file's status read (a build
    of 1,000 pages holds 10,000 files)."""
    return [(Path(folder), set(names)) for folder, _, names in os.walk(root)]

