"""The cycle collector around the load and the search indexes (docsite.gc_pause)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from docsite.gc_pause import collection_paused
from docsite.markdown import render_markdown
from docsite.markdown.to_markdown import to_markdown
from docsite.search.documents import split_sections


@pytest.fixture
def collector() -> Iterator[None]:
    """The collector on, nothing frozen, before and after the test."""
    gc.unfreeze()
    gc.enable()
    yield
    gc.unfreeze()
    gc.enable()


def test_a_paused_block_restores_the_collector_and_freezes_only_when_asked(collector: None) -> None:
    with collection_paused():
        assert not gc.isenabled()
        made = [[] for _ in range(1000)]
    assert gc.isenabled() and gc.get_freeze_count() == 0
    with collection_paused(freeze=True):
        made += [[] for _ in range(1000)]
    assert gc.isenabled() and gc.get_freeze_count() >= 2000, "what the block made is out of the collections"
    with collection_paused(freeze=True):
        assert gc.get_freeze_count() == 0, "the next such block lets the previous one's in again"
    gc.disable()
    with collection_paused():
        pass
    assert not gc.isenabled(), "a caller's collector left as it was"


def test_what_the_load_derives_from_a_page_leaves_no_reference_cycle(collector: None) -> None:
    """With the collector paused while the site is loaded (and what it made frozen after), a cycle
    made per page would keep its objects until the build returns: split_sections and to_markdown's
    tables each kept every page's texts alive that way (75 MB of a cold build of 10,000 pages)."""
    page = "Intro.\n\n## One\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n:::note\n\n### Two\n\nText.\n\n:::\n"
    rendered = render_markdown(page, Path("page.md"))
    gc.collect()
    sections = split_sections(rendered)
    markdown = to_markdown(rendered.tree, lambda path: path)
    assert [section.anchor for section in sections] == ["", "one", "two"] and "| 1 | 2 |" in markdown
    assert gc.collect() == 0
