"""Where things go in `build/`, and writing them.

The same path rules live in `frontend/src/lib/paths.ts` (the browser fetches page data by route);
`tests/unit/test_output.py` keeps the two in step.

    route /docs/environments  ->  docs/environments/index.html     (trailingSlash null or true)
                                  docs/environments.html           (trailingSlash false)
                              ->  _data/page/docs/environments.json
"""

from __future__ import annotations

import json
import shutil
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


def sidebar_data_path(sidebar_id: str) -> str:
    return f"{DATA_DIR}/sidebar/{sidebar_id}.json"


def docs_data_path(plugin_id: str) -> str:
    """The docs plugin's versions (docsite.versions): fetched by the navbar's version items."""
    return f"{DATA_DIR}/docs/{plugin_id}.json"


def html_path(route: str, trailing_slash: bool | None) -> str:
    """A not-found page (`/404`, `/specification/404`: a section's own) is `404.html` in its folder,
    where servers look for it (docsite.delivery.Rules.not_found_page)."""
    key = route.strip("/")
    if route == NOT_FOUND or key.endswith("/404"):
        return f"{key}.html"
    if not key:
        return "index.html"
    return f"{key}.html" if trailing_slash is False else f"{key}/index.html"


def write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def copy_tree(source: Path, target: Path) -> None:
    if source.is_dir():
        shutil.copytree(source, target, dirs_exist_ok=True)


def static_files(static_dir: Path) -> set[str]:
    """Site paths of the files in the static folder: `/img/logo.svg`."""
    if not static_dir.is_dir():
        return set()
    return {"/" + p.relative_to(static_dir).as_posix() for p in static_dir.rglob("*") if p.is_file()}


def html_files(build: Path) -> list[Path]:
    return sorted(build.rglob("*.html"))


def sitemap(routes: Iterable[Route], config: SiteConfig) -> str:
    urls = "".join(
        f"<url><loc>{escape(absolute_url(config, canonical_route(r.path, config.trailingSlash)))}</loc></url>"
        for r in sorted(routes, key=lambda r: r.path) if r.sitemap)
    return ('<?xml version="1.0" encoding="UTF-8"?>'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>\n')


def robots(config: SiteConfig) -> str:
    return f"User-agent: *\nAllow: /\n\nSitemap: {absolute_url(config, '/sitemap.xml')}\n"


def swap_in(staging: Path, out: Path) -> None:
    """Replace `out` with `staging`. Until the rename, `out` holds the previous build untouched."""
    old = out.with_name(out.name + ".old")
    if old.exists():
        shutil.rmtree(old)
    if out.exists():
        out.rename(old)
    staging.rename(out)
    if old.exists():
        shutil.rmtree(old, ignore_errors=True)
