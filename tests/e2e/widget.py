"""Helpers for the sales widget's browser tests: an integrator's page that embeds the sandbox widget
built from this repository, and the data layer it pushes to."""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

from playwright.sync_api import Page, Route

EMBED_PAGE = "/__integrator-page.html"


def embed(page: Page, site_url: str, body: str) -> None:
    """Open an integrator's page (served on the site's origin, with no CSP of the portal's) holding
    `body` and the sandbox widget's script tag."""
    html = (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Integrator page</title></head>'
            f'<body><main>{body}</main><script async src="/widget/onebox-widget.js"></script></body></html>')

    def fulfil(route: Route) -> None:
        route.fulfill(status=200, content_type="text/html", body=html)

    page.route(site_url + EMBED_PAGE, fulfil)
    page.goto(site_url + EMBED_PAGE)
    page.wait_for_function("() => !!window.OneboxWidget")


def preview_url(site_url: str, options: dict[str, Any], **params: str) -> str:
    query = urllib.parse.urlencode({"options": json.dumps(options), **params})
    return f"{site_url}/widget/preview.html?{query}"


def pushes(page: Page, name: str = "dataLayer") -> list[dict[str, Any]]:
    """The data layer's event pushes (the `{ecommerce: null}` resets left out)."""
    return [p for p in page.evaluate(f"() => window[{json.dumps(name)}] || []") if "event" in p]


def event_names(page: Page, name: str = "dataLayer") -> list[str]:
    return [p["event"] for p in pushes(page, name)]
