"""First-load weight: everything the browser downloads until the page has hydrated (HTML, CSS, JS),
gzip-compressed, measured in Debian's Chromium against the built site."""

from __future__ import annotations

import argparse
import gzip
import urllib.request
from typing import Any

from playwright.sync_api import sync_playwright

from bench.site import served_site
from docsite.chromium import CHROMIUM, CHROMIUM_FLAGS

NAME = "weight"
DESCRIPTION = "bytes downloaded until hydrated (HTML + CSS + JS, gzip) on a first load"
TARGETS = "/docs/environments: at most 130 KB gzip (Docusaurus 3.10's version of this site: 239 KB, 12 requests)"
PAGES = ["/docs/environments", "/", "/blog/welcome"]
BUDGET_KB = 130
GZIP_LEVEL = 6  # what servers and CDNs commonly use

# Marks the moment the page has hydrated: the colour-mode toggle is enabled once React has mounted.
HYDRATION_PROBE = """
window.__hydratedAt = null;
new MutationObserver((records, observer) => {
    if (document.querySelector('.color-mode-toggle:enabled')) {
        window.__hydratedAt = performance.now();
        observer.disconnect();
    }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ['disabled']});
"""


def _gzip_size(url: str) -> int:
    with urllib.request.urlopen(url) as response:
        return len(gzip.compress(response.read(), GZIP_LEVEL))


def measure(site: str, path: str) -> dict[str, Any]:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        page = browser.new_page()
        page.add_init_script(HYDRATION_PROBE)
        page.route(lambda url: not url.startswith(site), lambda route: route.abort("blockedbyclient"))
        page.goto(site + path)
        page.wait_for_function("() => window.__hydratedAt !== null")
        resources = page.evaluate("""() => performance.getEntriesByType('resource')
            .filter((r) => r.startTime < window.__hydratedAt)
            .map((r) => r.name)""")
        browser.close()
    files = [site + path, *[url for url in resources if url.startswith(site) and url.endswith((".js", ".css"))]]
    sizes = {url.removeprefix(site): _gzip_size(url) for url in dict.fromkeys(files)}
    kinds = {"html": sizes[path], "css": sum(v for k, v in sizes.items() if k.endswith(".css")),
             "js": sum(v for k, v in sizes.items() if k.endswith(".js"))}
    return {
        "total_kb": round(sum(sizes.values()) / 1024, 1),
        "by_kind_kb": {kind: round(size / 1024, 1) for kind, size in kinds.items()},
        "requests": len(sizes),
        "files_bytes": sizes,
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    results: dict[str, Any] = {"targets": TARGETS, "gzip_level": GZIP_LEVEL, "pages": {}}
    with served_site(getattr(args, "built", None)) as site:
        for path in PAGES:
            results["pages"][path] = measure(site, path)
            print(f"  {path}: {results['pages'][path]['total_kb']} KB in {results['pages'][path]['requests']} requests")
    docs = results["pages"]["/docs/environments"]["total_kb"]
    results["budget_kb"] = BUDGET_KB
    results["ratio_to_budget"] = round(docs / BUDGET_KB, 3)
    return results
