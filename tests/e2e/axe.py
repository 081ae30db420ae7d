"""axe-core in the page under test."""

from __future__ import annotations

from functools import cache

from playwright.sync_api import Page

from tests.conftest import FRONTEND

AXE = FRONTEND / "node_modules" / "axe-core" / "axe.min.js"


@cache
def _source() -> str:
    return AXE.read_text(encoding="utf-8")


def inject_axe(page: Page) -> None:
    """Evaluated rather than added as a <script>: the site's Content-Security-Policy (rightly) runs no
    inline script it does not list, and evaluating is not subject to it."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_source())
