"""`docsite dev`: a save updates the open page in place (its new data fetched and re-rendered; the
scroll position, the open tab and collapsibles kept, no document reload); and the server never dies:
whatever a rebuild raises, it keeps watching, shows the error in every open tab (and in a tab opened
after the failure), keeps serving the last good build, and recovers on the next good save. The
content folder removed and created again, or moved away and back (a `git checkout` of another
branch), is said in the terminal and the page, and watched again: the next edit is served."""

from __future__ import annotations

import io
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from rich.console import Console

from docsite.build import Paths
from docsite.servers.dev import create_dev_app
from docsite.servers.incremental import DevBuilder
from tests.conftest import FRONTEND, LINT_OFF
from tests.e2e.conftest import Server
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


GONE = "was removed or moved away"
GUIDE = "---\ntitle: Guide\ndescription: How to start.\n---\n\n{body}\n"


def small_content(content: Path, guide: str = "The first words of the guide.") -> None:
    """A site of two docs (built in seconds, where content/ takes minutes here)."""
    (content / "docs").mkdir(parents=True)
    (content / "site.yaml").write_text("title: Test Site\nurl: https://example.com\nthemeConfig:\n  navbar:\n"
                                       "    items:\n      - {label: Docs, to: /docs/, position: left}\n" + LINT_OFF)
    (content / "sidebars.yaml").write_text("docs:\n  - intro\n  - guide\n")
    (content / "docs" / "intro.md").write_text("---\ntitle: Intro\ndescription: The start.\nslug: /\n---\n\nHi.\n")
    (content / "docs" / "guide.md").write_text(GUIDE.format(body=guide))


@pytest.fixture
def small_dev_site(tmp_path: Path) -> Iterator[tuple[str, Path, Callable[[], str]]]:
    """`docsite dev` on a small site: its URL, its content folder, and what it printed so far."""
    content = tmp_path / "content"
    small_content(content)
    paths = Paths(content, tmp_path / "build", FRONTEND)
    builder = DevBuilder(paths, log=lambda line: None)
    builder.rebuild()
    terminal = io.StringIO()
    with Server(paths.out, create_dev_app(paths, Console(file=terminal, width=400), builder)) as url:
        yield url, content, terminal.getvalue


def printed(terminal: Callable[[], str], text: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while text not in terminal():
        assert time.monotonic() < deadline, f"never printed {text!r}; printed:\n{terminal()}"
        time.sleep(0.05)


def test_the_content_folder_removed_and_created_again_is_said_and_watched_again(
        context: BrowserContext, small_dev_site: tuple[str, Path, Callable[[], str]], tmp_path: Path) -> None:
    url, content, terminal = small_dev_site
    page = context.new_page()
    page.goto(url + "/docs/guide")
    hydrated(page)
    page.evaluate(MARK_DOCUMENT)

    shutil.rmtree(content)
    expect(page.locator(BANNER)).to_contain_text(GONE, timeout=30_000)
    expect(page.locator(BANNER)).to_contain_text(str(content))
    printed(terminal, f"The content folder {content} {GONE}")
    later = context.new_page()  # opened while it is gone: the last good page, and the notice
    later.goto(url + "/docs/guide")
    expect(later.locator(BANNER)).to_contain_text(GONE)
    expect(later.get_by_text("The first words of the guide.")).to_be_visible()

    small_content(content, guide="The guide as another branch has it.")  # a checkout writes it again
    expect(page.get_by_text("The guide as another branch has it.")).to_be_visible(timeout=60_000)
    expect(page.locator(BANNER)).to_have_count(0)
    printed(terminal, f"{content} is back: watching it again.")
    assert page.evaluate(SAME_DOCUMENT), "the page was updated in place"

    (content / "docs" / "guide.md").write_text(GUIDE.format(body="An edit after it came back."))
    expect(page.get_by_text("An edit after it came back.")).to_be_visible(timeout=60_000)
    expect(later.get_by_text("An edit after it came back.")).to_be_visible(timeout=60_000)
    expect(later.locator(BANNER)).to_have_count(0)


def test_the_content_folder_moved_away_and_back_is_said_and_watched_again(
        page: Page, small_dev_site: tuple[str, Path, Callable[[], str]], tmp_path: Path) -> None:
    url, content, terminal = small_dev_site
    page.goto(url + "/docs/guide")
    hydrated(page)
    away = content.rename(tmp_path / "elsewhere")
    expect(page.locator(BANNER)).to_contain_text(GONE, timeout=30_000)
    printed(terminal, "Content folder gone")
    (away / "docs" / "guide.md").write_text(GUIDE.format(body="Written while it was away."))

    away.rename(content)
    expect(page.get_by_text("Written while it was away.")).to_be_visible(timeout=60_000)
    expect(page.locator(BANNER)).to_have_count(0)
    (content / "docs" / "guide.md").write_text(GUIDE.format(body="An edit once it is back."))
    expect(page.get_by_text("An edit once it is back.")).to_be_visible(timeout=60_000)
    assert "Traceback" not in terminal() and "internal error" not in terminal()
