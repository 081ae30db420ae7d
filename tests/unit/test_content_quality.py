"""The documentation itself: every page complete, described, and written for a reader."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from docsite.config import load_config
from docsite.content import Content, load_content
from docsite.errors import Report
from docsite.markdown import Rendered
from docsite.markdown.text import count_words, plain_text
from docsite.openapi.specs import load_specs
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


def test_docs_have_keywords_sidebar_label_and_position_and_name_onebox(content: Content) -> None:
    assert [d.id for d in content.docs if not d.front.keywords] == []
    assert [d.id for d in content.docs if not d.front.sidebar_label or d.front.sidebar_position is None] == []
    assert [d.id for d in content.docs if "onebox" not in plain_text(d.rendered.tree).lower()] == []


# Names in capitals the pages write in inline code that are not the APIs' values: the environment
# variables the examples read.
ENVIRONMENT_VARIABLES = {"BASE_URL", "ONEBOX_BASE_URL", "ONEBOX_TOKEN", "ONEBOX_TOKEN_URL"}
CONSTANT = re.compile(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")


def test_error_codes_and_constants_in_the_text_are_the_specs(content: Content) -> None:
    """`EVENT_NOT_FOUND` or `SOLD_OUT` in a page's text is a documented error code or a value of
    an enum of the specs (JSON bodies are checked by the build: openapi/bodies.py)."""
    specs = load_specs(CONTENT / "specs", Report())
    known = set(ENVIRONMENT_VARIABLES)
    for spec in specs:
        known |= {str(entry["code"]) for entry in spec.info.get("x-error-codes") or []}
        known |= {value for value in _enum_values(spec.document) if isinstance(value, str)}
    written = [(label, span.line, span.text) for label, rendered in _rendered(content)
               for span in rendered.code if not span.block and CONSTANT.match(span.text)]
    assert len(written) > 100  # the pages do name codes and values: the check reads them
    assert [(label, line, text) for label, line, text in written if text not in known] == []


def _rendered(content: Content) -> list[tuple[str, Rendered]]:
    out = [(f"docs/{d.id}", d.rendered) for d in content.docs]
    return out + [(f"pages{p.route}", p.rendered) for p in content.pages]


def _enum_values(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        yield from value.get("enum") or [] if isinstance(value.get("enum"), list) else ()
        if "const" in value:
            yield value["const"]
        for child in value.values():
            yield from _enum_values(child)
    elif isinstance(value, list):
        for child in value:
            yield from _enum_values(child)
