"""Shared by the docs engine's browser tests: the fixture pages, and waiting for hydration."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import Page, expect

FIXTURES = Path(__file__).parent / "fixtures" / "docs-engine"
SHOWCASE = "/docs/e2e/showcase"
TABS_ELSEWHERE = "/docs/e2e/tabs-elsewhere"
DOCUSAURUS = "/docs/e2e/docusaurus"


def add_fixture_pages(content: Path) -> None:
    """The fixture pages (every Markdown construct) as docs outside the sidebar, and their images."""
    shutil.copytree(FIXTURES / "img", content / "static" / "img" / "e2e")
    target = content / "docs" / "e2e"
    target.mkdir(parents=True)
    for page in FIXTURES.glob("*.md"):
        shutil.copy(page, target / page.name)


def hydrated(page: Page) -> None:
    """Wait until React has hydrated the page (the colour-mode toggle is enabled once it has mounted)."""
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
