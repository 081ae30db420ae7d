"""`docsite dev` never dies: whatever a rebuild raises, it keeps watching, shows the error in every
open tab (and in a tab opened after the failure), and recovers on the next good save."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect

from docsite import devserver
from tests.e2e.test_search_dev import NEW_DOC

BANNER = "#__docsite_dev_error"


def test_an_unexpected_error_is_shown_everywhere_and_the_next_good_save_recovers(
        context: BrowserContext, dev_site: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    url, content = dev_site
    real_build: Callable[..., Any] = devserver.build

    def crashing_build(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the renderer tripped over a table")

    first = context.new_page()
    first.goto(url + "/docs/environments")
    monkeypatch.setattr(devserver, "build", crashing_build)
    (content / "docs" / "open-air-seat-maps.md").write_text(NEW_DOC, encoding="utf-8")
    expect(first.locator(BANNER)).to_contain_text("internal error: RuntimeError: the renderer tripped over a table",
                                                  timeout=30_000)

    later = context.new_page()  # opened after the failure
    later.goto(url + "/docs/environments")
    expect(later.locator(BANNER)).to_contain_text("the renderer tripped over a table")
    expect(later.locator("article h1")).to_have_text("Environments")  # the last good build is served

    monkeypatch.setattr(devserver, "build", real_build)
    with first.expect_event("load", timeout=120_000):  # the next good save reloads the page
        (content / "docs" / "open-air-seat-maps.md").write_text(NEW_DOC + "\nMore.\n", encoding="utf-8")
    expect(first.locator(BANNER)).to_have_count(0)
    first.goto(url + "/docs/open-air-seat-maps")
    expect(first.locator("article h1")).to_have_text("Seat maps for open-air venues")
