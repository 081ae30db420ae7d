"""Search works under `docsite dev`: a page added while the dev server runs is found after the
rebuild (the indexes are rebuilt with the site, not only by production builds), without reloading
the open page (it drops the indexes it had loaded)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

WORD = "zanzibarquokka"
NEW_DOC = f"""---
title: Seat maps for open-air venues
description: How seat maps of open-air venues are published.
---

Open-air venues publish their {WORD} seat map one week before the event.
"""


def test_a_page_added_under_dev_is_found_after_the_rebuild(page: Page, dev_site: tuple[str, Path]) -> None:
    url, content = dev_site
    page.goto(url + "/docs/environments")
    page.locator(".navbar-search input").click()
    box = page.locator("#site-search-input")
    box.fill(WORD)
    expect(page.get_by_text("No results found.")).to_be_visible()

    page.evaluate("() => window.addEventListener('docsite:search-update', () => { window.__searchUpdated = true; })")
    (content / "docs" / "open-air-seat-maps.md").write_text(NEW_DOC, encoding="utf-8")
    page.wait_for_function("() => window.__searchUpdated === true", timeout=120_000)
    page.keyboard.press("Escape")

    page.locator(".navbar-search input").click()
    page.locator("#site-search-input").fill(WORD)
    hit = page.get_by_role("option").first
    expect(hit.locator(".search-hit-title")).to_have_text("Seat maps for open-air venues")
    page.locator("#site-search-input").press("Enter")
    expect(page).to_have_url(url + "/docs/open-air-seat-maps")
    expect(page.locator("mark.search-highlight")).to_have_text(WORD)
