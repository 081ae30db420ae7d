"""Where the build puts each route's files and data: the paths the builder writes and the front end
fetches.

The same path rules live in `frontend/src/lib/paths.ts` (the browser fetches page data by route);
`tests/unit/test_output.py` keeps the two in step.

    route /docs/environments  ->  docs/environments/index.html     (trailingSlash null or true)
                                  docs/environments.html           (trailingSlash false)
                              ->  _data/page/docs/environments.json
"""

from __future__ import annotations

from typing import Any

NOT_FOUND = "/404"


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


def samples_data_path(api: str) -> str:
    """An API's code samples beyond the first language (docsite.openapi.samples): fetched when a
    reader picks another language."""
    return f"{DATA_DIR}/samples/{api}.json"


def html_path(route: str, trailing_slash: bool | None) -> str:
    """A not-found page (`/404`, `/specification/404`: a section's own) is `404.html` in its folder,
    where servers look for it (docsite.outputs.delivery.Rules.not_found_page)."""
    key = route.strip("/")
    if route == NOT_FOUND or key.endswith("/404"):
        return f"{key}.html"
    if not key:
        return "index.html"
    return f"{key}.html" if trailing_slash is False else f"{key}/index.html"
