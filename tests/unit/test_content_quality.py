"""The documentation itself: every page complete, described, and written for a reader."""

from __future__ import annotations

import re

import pytest

from docsite.config import load_config
from docsite.content import Content, load_content
from docsite.errors import Report
from docsite.markdown.text import count_words, plain_text
from tests.conftest import CONTENT

MIN_WORDS = 150
PLACEHOLDERS = re.compile(r"\b(TODO|TBD|FIXME|lorem ipsum|coming soon|to be written|will be written|"
                          r"under construction|lorem)\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def content() -> Content:
    report = Report()
    loaded = load_content(CONTENT, load_config(CONTENT), report)
    assert report.errors == []
    return loaded


def pages(content: Content) -> list[tuple[str, str, str | None, str]]:
    """(label, title, description, prose) for every doc, page and post."""
    out = [(f"docs/{d.id}", d.title, d.front.description, plain_text(d.rendered.tree)) for d in content.docs]
    out += [(f"pages{p.route}", p.title, p.front.description, plain_text(p.rendered.tree)) for p in content.pages]
    out += [(f"blog/{p.slug}", p.title, p.front.description, plain_text(p.rendered.tree)) for p in content.posts]
    return out


def test_every_page_has_a_description_of_a_sentence(content: Content) -> None:
    problems = [label for label, _, description, _ in pages(content)
                if not description or len(description) < 30 or len(description) > 200]
    assert problems == []


def test_no_page_is_short_or_a_placeholder(content: Content) -> None:
    short = [(label, count_words(prose)) for label, _, _, prose in pages(content) if count_words(prose) < MIN_WORDS]
    assert short == []
    placeholders = [(label, m.group(0)) for label, title, _, prose in pages(content)
                    for m in [PLACEHOLDERS.search(f"{title} {prose}")] if m]
    assert placeholders == []


def test_docs_have_keywords_and_the_platform_is_named_onebox(content: Content) -> None:
    assert [d.id for d in content.docs if not d.front.keywords] == []
    assert [d.id for d in content.docs if "onebox" not in plain_text(d.rendered.tree).lower()] == []
