"""JavaScript an API reference page adds beyond a doc page, gzipped: what Chromium actually loads.

The site is built from content/ and served by the preview server; each page is loaded in a fresh
browser context and every script it fetches (entry, preloaded and lazily imported chunks) is
counted once, gzipped (level 9, as the preview server sends it). Sizes are deterministic: one run.
"""

from __future__ import annotations

import argparse
import gzip
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import sync_playwright

from docsite.build import Paths, build
from docsite.chromium import CHROMIUM, CHROMIUM_FLAGS
from docsite.servers.preview import create_app
from tests.conftest import CONTENT, FRONTEND

NAME = "api_weight"
DESCRIPTION = "JavaScript (gzip) an API page loads beyond a doc page"
TARGETS = "at most 15 KB gzip added by /specification/distribution over /docs/environments"
BUDGET_KB = 15.0
DOC_PAGE = "/docs/environments"
API_PAGES = ["/specification/distribution", "/specification/", "/spec"]


def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="api-weight-") as folder:
        out = Path(folder) / "build"
        build(Paths(CONTENT, out, FRONTEND), log=print)
        with _serve(out) as url:
            return measure(url)


def measure(url: str) -> dict[str, Any]:
    """The scripts and HTML of the API pages against the doc page's, on the site served at `url`."""
    pages = scripts_by_route(url, [DOC_PAGE, *API_PAGES])
    html = {route: _gzip_kb(_fetch(url + route)) for route in [DOC_PAGE, *API_PAGES]}
    doc = pages[DOC_PAGE]
    result: dict[str, Any] = {"targets": TARGETS, "doc_page": DOC_PAGE, "doc_page_js_gzip_kb": _total(doc),
                              "pages": {}}
    for route in API_PAGES:
        added = {name: size for name, size in pages[route].items() if name not in doc}
        result["pages"][route] = {
            "js_gzip_kb": _total(pages[route]),
            "added_js_gzip_kb": _total(added),
            "added_scripts": {name: round(size / 1024, 1) for name, size in added.items()},
            "html_gzip_kb": html[route],
            "within_budget": _total(added) <= BUDGET_KB,
        }
    result["html_gzip_kb_doc_page"] = html[DOC_PAGE]
    return result


def scripts_by_route(url: str, routes: list[str]) -> dict[str, dict[str, int]]:
    """The scripts each route of the site served at `url` loads, in Chromium (see _scripts)."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        pages = {route: _scripts(browser, url + route) for route in routes}
        browser.close()
    return pages


def _scripts(browser: Any, url: str) -> dict[str, int]:
    """Every script the page loads: file name -> gzipped size in bytes."""
    context = browser.new_context()
    page = context.new_page()
    found: dict[str, int] = {}

    def on_response(response: Any) -> None:
        if response.request.resource_type == "script" and response.ok:
            found[response.url.rsplit("/", 1)[-1].split("?")[0]] = len(gzip.compress(response.body(), 9))

    page.on("response", on_response)
    page.goto(url, wait_until="networkidle")
    page.wait_for_function("() => !document.querySelector('.color-mode-toggle')?.disabled")  # hydrated
    context.close()
    return found


def _total(sizes: dict[str, int]) -> float:
    return round(sum(sizes.values()) / 1024, 1)


def _gzip_kb(data: bytes) -> float:
    return round(len(gzip.compress(data, 9)) / 1024, 1)


def _fetch(url: str) -> bytes:
    import urllib.request
    with urllib.request.urlopen(url) as response:
        return bytes(response.read())


class _serve:
    """The preview server on a free port, in a thread."""

    def __init__(self, build_dir: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        config = uvicorn.Config(create_app(build_dir), host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        while not self.server.started:
            time.sleep(0.02)
        return f"http://127.0.0.1:{self.port}"

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
