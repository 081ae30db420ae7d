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


def walk_purchase(page: Page, code: str = "marea10") -> str:
    """A buyer's whole journey in a widget mounted with no event or session: an event, a session, a
    general-admission ticket and a seat on the map, a rate changed, a ticket removed, a promotion code
    (one rejected, one applied), insurance, a declined card then a paying one. Returns the order code."""
    page.get_by_role("button", name="See sessions of Marea Alta — Gira Faro 2026").click()
    page.get_by_role("button", name="Choose tickets for Madrid").click()
    page.get_by_role("button", name="One ticket more in Pista").click()
    page.get_by_role("button", name="One ticket more in Pista").click()
    page.get_by_role("button", name="Row 7, seat 15, Grada Frontal").click()
    page.get_by_role("button", name="Add to cart").click()
    page.get_by_role("button", name="Remove ticket 2: Pista, general admission").click()
    page.get_by_role("combobox", name="Rate").first.select_option(label="Carnet Joven · 39,00 €")
    page.get_by_label("Promotion code").fill("nope")
    page.get_by_role("button", name="Apply").click()
    page.get_by_label("Promotion code").fill(code)
    page.get_by_role("button", name="Apply").click()
    page.get_by_role("button", name="Checkout").click()
    page.get_by_label("Full name").fill("Ana García")
    page.get_by_label("Email").fill("ana@example.com")
    page.get_by_label("Seguro de cancelación: 1,50 € per ticket").check()
    page.get_by_role("button", name="Continue to payment").click()
    page.get_by_label("Card number").fill("4000 0000 0000 0002")
    page.get_by_role("button", name="Pay").click()
    page.get_by_role("alert").filter(has_text="declined").wait_for()
    page.get_by_label("Card number").fill("4242 4242 4242 4242")
    page.get_by_role("button", name="Pay").click()
    return str(page.locator(".ob-order-code").text_content(timeout=5000))
