"""The sales widget's weight: the sandbox bundle's gzip size, and the JavaScript (gzip) a widget
simulator page loads beyond a doc page, counted as api_weight counts it (every script Chromium
fetches, the preview frame's included, once each, gzip level 9)."""

from __future__ import annotations

import argparse
import gzip
import tempfile
from pathlib import Path
from typing import Any

from bench.api_weight import DOC_PAGE, _serve, _total, scripts_by_route
from docsite.build import Paths, build
from tests.conftest import CONTENT, FRONTEND

NAME = "widget_weight"
DESCRIPTION = "the sandbox widget bundle (gzip) and the JavaScript a simulator page adds over a doc page"
TARGETS = "widget bundle at most 35 KB gzip; at most 40 KB gzip added by each simulator page over /docs/environments"
BUNDLE_BUDGET_KB = 35.0
PAGE_BUDGET_KB = 40.0
PAGES = ["/docs/widget/simulator", "/docs/widget/v2/simulator", "/widget-tests"]
PREVIEW_SCRIPTS = {"onebox-widget.js", "preview.js"}


def bundle_gzip_kb(build_dir: Path) -> float:
    return round(len(gzip.compress((build_dir / "widget" / "onebox-widget.js").read_bytes(), 9)) / 1024, 1)


def run(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="widget-weight-") as folder:
        out = Path(folder) / "build"
        build(Paths(CONTENT, out, FRONTEND), log=print)
        with _serve(out) as url:
            pages = scripts_by_route(url, [DOC_PAGE, *PAGES])
        bundle = bundle_gzip_kb(out)
    doc = pages[DOC_PAGE]
    result: dict[str, Any] = {"targets": TARGETS, "widget_bundle_gzip_kb": bundle,
                              "bundle_within_budget": bundle <= BUNDLE_BUDGET_KB, "pages": {}}
    for route in PAGES:
        added = {name: size for name, size in pages[route].items() if name not in doc}
        result["pages"][route] = {
            "added_js_gzip_kb": _total(added),
            "added_page_js_gzip_kb": _total({n: s for n, s in added.items() if n not in PREVIEW_SCRIPTS}),
            "added_scripts": {name: round(size / 1024, 1) for name, size in added.items()},
            "within_budget": _total(added) <= PAGE_BUDGET_KB,
        }
    return result
