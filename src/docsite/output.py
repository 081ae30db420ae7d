"""Where things go in `build/`, and writing them.

The same path rules live in `frontend/src/lib/paths.ts` (the browser fetches page data by route);
`tests/unit/test_output.py` keeps the two in step.

    route /docs/environments  ->  docs/environments/index.html     (trailingSlash null or true)
                                  docs/environments.html           (trailingSlash false)
                              ->  _data/page/docs/environments.json
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from docsite.config import SiteConfig
from docsite.routes import NOT_FOUND, Route, absolute_url, canonical_route

DATA_DIR = "_data"


def data_key(route: str) -> str:
    """`/docs/environments` -> `docs/environments`; `/` -> `index`."""
    return route.strip("/") or "index"


def page_data_path(route: str) -> str:
    return f"{DATA_DIR}/page/{data_key(route)}.json"


def sidebar_data_path(sidebar_id: str, version: str = "current") -> str:
    """A sidebar's data: `_data/sidebar/docs.json`, a released version's `_data/sidebar/version-1.0/docs.json`."""
    folder = "" if version == "current" else f"version-{version}/"
    return f"{DATA_DIR}/sidebar/{folder}{sidebar_id}.json"


def page_sidebar(data: dict[str, Any]) -> tuple[str | None, str]:
    """The id of a page's sidebar (None: it has none) and its docs version, from its page data."""
    doc = data.get("doc")
    if not isinstance(doc, dict):
        return None, "current"
    sidebar, version = doc.get("sidebar"), doc.get("version")
    return (sidebar if isinstance(sidebar, str) else None), (version if isinstance(version, str) else "current")


def page_sidebar_path(data: dict[str, Any]) -> str | None:
    """A page's sidebar data file (each docs version has its own), as prerender.mjs reads it."""
    sidebar, version = page_sidebar(data)
    return sidebar_data_path(sidebar, version) if sidebar is not None else None


def docs_data_path(plugin_id: str) -> str:
    """The docs plugin's versions (docsite.versions): fetched by the navbar's version items."""
    return f"{DATA_DIR}/docs/{plugin_id}.json"


def tryit_data_path(api: str) -> str:
    """An API's Try-it data (docsite.openapi.tryit): fetched when a reader opens a Try it panel."""
    return f"{DATA_DIR}/tryit/{api}.json"


def html_path(route: str, trailing_slash: bool | None) -> str:
    """A not-found page (`/404`, `/specification/404`: a section's own) is `404.html` in its folder,
    where servers look for it (docsite.delivery.Rules.not_found_page)."""
    key = route.strip("/")
    if route == NOT_FOUND or key.endswith("/404"):
        return f"{key}.html"
    if not key:
        return "index.html"
    return f"{key}.html" if trailing_slash is False else f"{key}/index.html"


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
    if not static_dir.is_dir():
        return set()
    return {"/" + p.relative_to(static_dir).as_posix() for p in static_dir.rglob("*") if p.is_file()}


def html_files(build: Path, folders: list[tuple[Path, set[str]]] | None = None) -> list[Path]:
    """The HTML files of a build (`folders`: its `tree_names`, when they were read already)."""
    return sorted(folder / name for folder, names in (folders if folders is not None else tree_names(build))
                  for name in names if name.endswith(".html"))


def tree_names(root: Path) -> list[tuple[Path, set[str]]]:
    """Every folder of `root` with the names of its files: one walk, no file's status read (a build
    of 1,000 pages holds 10,000 files)."""
    return [(Path(folder), set(names)) for folder, _, names in os.walk(root)]


def sitemap(routes: Iterable[Route], config: SiteConfig) -> str:
    urls = "".join(
        f"<url><loc>{escape(absolute_url(config, canonical_route(r.path, config.trailingSlash)))}</loc></url>"
        for r in sorted(routes, key=lambda r: r.path) if r.sitemap)
    return ('<?xml version="1.0" encoding="UTF-8"?>'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>\n')


def robots(config: SiteConfig) -> str:
    return f"User-agent: *\nAllow: /\n\nSitemap: {absolute_url(config, '/sitemap.xml')}\n"


def swap_in(staging: Path, out: Path) -> None:
    """Replace `out` with `staging`, in one step where the system allows: there is no moment when
    `out` is missing or half-written (a server keeps serving the previous build until the swap)."""
    if out.exists() and _exchange(staging, out):
        # now the previous build: renamed first, so the caller's cleanup of its staging folder does
        # not delete it in the foreground while the detached process does (a second per 1,000 pages)
        previous = staging.with_name(f"{staging.name.rsplit('-', 1)[0]}-previous-{time.time_ns()}-{os.getpid()}")
        staging.rename(previous)
        delete_detached(previous)
        return
    old = out.with_name(out.name + ".old")
    if old.exists():
        shutil.rmtree(old)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)


def delete_detached(folder: Path) -> None:
    """Delete `folder` in a process of its own that outlives this one: a previous build of 1,000
    pages (10,000 files with their twins) takes a second to delete, one of 10,000 pages ten (a minute
    on a busy disk), and nothing needs to wait for it. The process first renames the folder to a
    staging folder's name carrying its own id, so that the next build leaves it alone while it
    deletes, and deletes (detached too) what an interrupted deletion left (`remove_stale_staging`).
    A folder another process renamed first is that one's to delete."""
    subprocess.Popen([sys.executable, "-c", _DELETE, str(folder)], stdin=subprocess.DEVNULL,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)


_DELETE = """import os, shutil, sys
folder = sys.argv[1]
mine = f"{folder.rsplit('-', 1)[0]}-{os.getpid()}"
try:
    os.rename(folder, mine)
except OSError:
    sys.exit()
shutil.rmtree(mine, ignore_errors=True)
"""


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two directories atomically (Linux's renameat2 with RENAME_EXCHANGE); False where the
    system or the file system cannot."""
    if sys.platform != "linux":
        return False
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    return int(renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)) == 0


def staging_dir(out: Path) -> Path:
    """Where a build is written before the swap: beside `out`, named for this process."""
    return out.with_name(f".{out.name}.staging-{os.getpid()}")


def remove_stale_staging(out: Path) -> None:
    """Staging folders left by builds that were killed (their process is gone), and previous builds
    whose deletion was interrupted: deleted in a detached process (`delete_detached`), not in the
    build's time."""
    for folder in out.parent.glob(f".{out.name}.staging-*"):
        pid = folder.name.rsplit("-", 1)[-1]
        if pid.isdigit() and not _alive(int(pid)):
            delete_detached(folder)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def outside_links(folder: Path, root: Path) -> list[Path]:
    """Files and folders under `folder` that are symbolic links resolving outside `root`."""
    if not folder.is_dir():
        return []
    root = root.resolve()
    found = []
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() and not path.resolve().is_relative_to(root):
            found.append(path)
    return found
