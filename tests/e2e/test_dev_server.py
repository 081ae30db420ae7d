"""`docsite dev`: a save updates the open page in place (its new data fetched and re-rendered; the
scroll position, the open tab and collapsibles kept, no document reload); and the server never dies:
whatever a rebuild raises, it keeps watching, shows the error in every open tab (and in a tab opened
after the failure), keeps serving the last good build, and recovers on the next good save."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from docsite.servers.incremental import DevBuilder
from tests.e2e.docs_engine import hydrated
from tests.e2e.test_docs_navigation import category
from tests.e2e.test_search_dev import NEW_DOC

BANNER = "#__docsite_dev_error"
MARK_DOCUMENT = "() => { window.__sameDocument = true; }"
SAME_DOCUMENT = "() => window.__sameDocument === true"


def test_an_edit_updates_the_open_page_in_place(page: Page, dev_site: tuple[str, Path]) -> None:
    url, content = dev_site
    page.goto(url + "/docs/environments")
    hydrated(page)
    analytics = category(page, "Analytics").locator(".menu-caret")
    analytics.click()  # a collapsible the reader opened (a reload would close it again)
    expect(analytics).to_have_attribute("aria-expanded", "true")
    python_tab = page.get_by_role("tab", name="Python").first
    python_tab.click()
    expect(python_tab).to_have_attribute("aria-selected", "true")
    page.evaluate("() => window.scrollTo(0, 900)")
    page.wait_for_timeout(200)
    scrolled = page.evaluate("() => window.scrollY")
    assert scrolled > 500
    page.evaluate(MARK_DOCUMENT)

    doc = content / "docs" / "environments.md"
    doc.write_text(doc.read_text(encoding="utf-8").replace(
        "\n## ", "\nA sentence the writer just added.\n\n## ", 1), encoding="utf-8")
    expect(page.get_by_text("A sentence the writer just added.")).to_be_attached(timeout=60_000)

    assert page.evaluate(SAME_DOCUMENT), "the page was updated in place, not reloaded"
    expect(analytics).to_have_attribute("aria-expanded", "true")
    expect(python_tab).to_have_attribute("aria-selected", "true")
    assert abs(page.evaluate("() => window.scrollY") - scrolled) < 2, "the reader stays where they were"


def test_an_error_in_a_rebuild_is_shown_the_last_good_page_served_and_the_fix_updates_in_place(
        context: BrowserContext, dev_site: tuple[str, Path]) -> None:
    url, content = dev_site
    page = context.new_page()
    page.goto(url + "/docs/environments")
    hydrated(page)
    page.evaluate(MARK_DOCUMENT)
    doc = content / "docs" / "environments.md"
    good = doc.read_text(encoding="utf-8")
    doc.write_text(good.replace("title:", "titel:", 1), encoding="utf-8")
    expect(page.locator(BANNER)).to_contain_text("environments.md", timeout=60_000)
    expect(page.locator(BANNER)).to_contain_text("titel")

    later = context.new_page()  # opened after the failure: the last good page, and the error
    later.goto(url + "/docs/environments")
    expect(later.locator(BANNER)).to_contain_text("titel")
    expect(later.locator("article h1")).to_have_text("Environments")

    doc.write_text(good.replace("\n## ", "\nFixed, and a new sentence.\n\n## ", 1), encoding="utf-8")
    expect(page.get_by_text("Fixed, and a new sentence.")).to_be_attached(timeout=60_000)
    expect(page.locator(BANNER)).to_have_count(0)
    assert page.evaluate(SAME_DOCUMENT), "recovering updates the page in place"


def test_an_unexpected_error_is_shown_everywhere_and_the_next_good_save_recovers(
        context: BrowserContext, dev_site: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    url, content = dev_site
    real_rebuild = DevBuilder.rebuild

    def crashing_rebuild(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the renderer tripped over a table")

    first = context.new_page()
    first.goto(url + "/docs/environments")
    monkeypatch.setattr(DevBuilder, "rebuild", crashing_rebuild)
    (content / "docs" / "open-air-seat-maps.md").write_text(NEW_DOC, encoding="utf-8")
    expect(first.locator(BANNER)).to_contain_text("internal error: RuntimeError: the renderer tripped over a table",
                                                  timeout=30_000)

    later = context.new_page()  # opened after the failure
    later.goto(url + "/docs/environments")
    expect(later.locator(BANNER)).to_contain_text("the renderer tripped over a table")
    expect(later.locator("article h1")).to_have_text("Environments")  # the last good build is served

    monkeypatch.setattr(DevBuilder, "rebuild", real_rebuild)
    (content / "docs" / "open-air-seat-maps.md").write_text(NEW_DOC + "\nMore.\n", encoding="utf-8")
    expect(first.locator(BANNER)).to_have_count(0, timeout=120_000)
    first.goto(url + "/docs/open-air-seat-maps")
    expect(first.locator("article h1")).to_have_text("Seat maps for open-air venues")
