"""The search index builder: sections, documents and their fields, boosts, ids, tags, files."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from lunr.index import Index

from docsite.build import Paths, Site, load_site
from docsite.config import Search, SearchBoosts
from docsite.markdown import render_markdown
from docsite.routes import Route, SearchSection
from docsite.search import (
    SearchDocument,
    SearchPage,
    search_documents,
    search_index,
    search_index_files,
    search_index_parts,
    search_tags,
    split_sections,
)
from docsite.search.lunr_index import LunrIndexBuilder
from docsite.search.lunrjs import index_terms, stem, tokenize, trim
from docsite.sidebars import Sidebars
from tests.conftest import FRONTEND

PAGE = """---
title: Refund order items
description: Refund some items of an order.
keywords: [refundOrderItems, partial refund]
tags: [orders]
---

Refunds give the buyer their money back.

## Before you start

You need the `orders.refund` scope.

```bash
curl https://api.example.com/secretcodeword
```

:::note Good to know

### Refund fees

Fees are refunded too.

:::

## Errors

REFUND_NOT_ALLOWED: the session has started.
"""


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@pytest.fixture
def site(mini_site: Path, tmp_path: Path) -> Site:
    docs = mini_site / "docs"
    write(docs / "orders" / "refund-order-items.md", PAGE)
    write(docs / "orders" / "hidden.md", "---\ntitle: Hidden\nunlisted: true\n---\n\nHidden text.\n")
    write(docs / "orders" / "draft.md", "---\ntitle: Draft\ndraft: true\n---\n\nDraft text.\n")
    write(mini_site / "sidebars.yaml", "docs:\n  - intro\n  - type: category\n    label: Orders\n    items:\n"
          "      - type: category\n        label: Refunds\n        items: [orders/refund-order-items]\n")
    write(mini_site / "blog" / "2025-01-02-news.md", "---\ntitle: News\ntags: [Onebox]\n---\n\nSome news.\n")
    write(mini_site / "blog" / "authors.yaml", "{}\n")
    write(mini_site / "pages" / "faq.md", "---\ntitle: FAQ\n---\n\n## How do refunds work?\n\nLike this.\n")
    return load_site(Paths(mini_site, tmp_path / "build", FRONTEND))


def by_route(site: Site) -> dict[str, Any]:
    return {d.section_route: d for d in site.search}


# -- sections -----------------------------------------------------------------------------------

def test_a_page_is_split_at_its_headings() -> None:
    rendered = render_markdown(PAGE.split("---\n", 2)[2], Path("page.md"))
    sections = split_sections(rendered)
    assert [(s.anchor, s.title) for s in sections] == [
        ("", ""), ("before-you-start", "Before you start"), ("refund-fees", "Refund fees"), ("errors", "Errors")]
    assert sections[0].text == "Refunds give the buyer their money back."
    assert sections[1].text == "You need the orders.refund scope. Good to know"  # the admonition's title is text
    assert sections[2].text == "Fees are refunded too."  # a heading inside an admonition starts a section
    assert sections[3].text == "REFUND_NOT_ALLOWED: the session has started."


def test_code_blocks_and_heading_links_are_not_indexed(site: Site) -> None:
    text = " ".join(d.content + " " + d.title for d in site.search)
    assert "secretcodeword" not in text and "curl" not in text
    assert "Direct link" not in text and "#" not in text


def test_one_document_per_section_with_the_specs_fields(site: Site) -> None:
    documents = by_route(site)
    page = documents["/docs/orders/refund-order-items"]
    assert page.title == page.page.title == "Refund order items"
    assert page.page.type == "docs"
    assert page.page.tags == ("orders",) and page.page.keywords == ("refundOrderItems", "partial refund")
    assert page.page.parent_categories == ("Orders", "Refunds")
    section = documents["/docs/orders/refund-order-items#before-you-start"]
    assert section.title == "Before you start" and section.page is page.page
    assert documents["/blog/news"].page.type == "blog" and documents["/blog/news"].page.tags == ("Onebox",)
    assert documents["/faq#how-do-refunds-work"].page.type == "other"


def test_unlisted_drafts_and_lists_are_not_indexed(site: Site) -> None:
    routes = {d.page.route for d in site.search}
    # the API reference landing page is indexed too: it lists the APIs and what each is for
    assert routes == {"/docs/", "/docs/orders/refund-order-items", "/blog/news", "/faq", "/specification/"}


def test_routes_without_markdown_give_their_own_sections() -> None:
    route = Route("/specification/orders", "apiReference", {"title": "Orders API"}, search="docs",
                  sections=[SearchSection("", "", "The Orders API."),
                            SearchSection("operation/refundOrder", "Refund an order", "POST /orders/{id}/refunds")])
    documents = search_documents([route], Sidebars())
    assert [(d.section_route, d.title, d.content) for d in documents] == [
        ("/specification/orders", "Orders API", "The Orders API."),
        ("/specification/orders#operation/refundOrder", "Refund an order", "POST /orders/{id}/refunds")]


# -- the index file -----------------------------------------------------------------------------

def test_the_file_stores_documents_in_the_specs_shape_and_ids_are_positions(site: Site) -> None:
    docs = [d for d in site.search if d.page.type == "docs"]
    data = search_index(docs, Search())
    assert sorted(data) == ["documents", "index"]
    stored = data["documents"]
    assert stored[1] == {"id": 1, "title": "Refund order items", "content": "Refunds give the buyer their money back.",
                         "tags": ["orders"], "sidebarParentCategories": ["Orders", "Refunds"],
                         "sectionRoute": "/docs/orders/refund-order-items", "sectionTitle": "Refund order items",
                         "pageTitle": "Refund order items", "type": "docs"}
    assert stored[2] == {"id": 2, "title": "Before you start",
                         "content": "You need the orders.refund scope. Good to know",
                         "tags": ["orders"], "sidebarParentCategories": ["Orders", "Refunds"],
                         "sectionRoute": "/docs/orders/refund-order-items#before-you-start",
                         "sectionTitle": "Before you start", "pageTitle": "Refund order items", "type": "docs"}
    refs = {ref for ref, _ in data["index"]["fieldVectors"]}
    assert {r.split("/", 1)[1] for r in refs} == {str(i) for i in range(len(stored))}


def test_fields_and_boosts_come_from_the_configuration(site: Site) -> None:
    docs = [d for d in site.search if d.page.type == "docs"]
    plain = search_index(docs, Search(boosts=SearchBoosts(title=1, content=1, tags=1, keywords=1)))["index"]
    boosted = search_index(docs, Search())["index"]
    assert boosted["fields"] == ["title", "content", "tags", "keywords"]  # parent categories: not indexed (0)
    plain_vectors, boosted_vectors = dict(plain["fieldVectors"]), dict(boosted["fieldVectors"])
    for ref, boost in (("title/1", 5), ("content/1", 1), ("tags/1", 3), ("keywords/1", 3)):
        scores, scaled = plain_vectors[ref][1::2], boosted_vectors[ref][1::2]
        assert scaled == pytest.approx([s * boost for s in scores], abs=0.003), ref


def test_tags_are_indexed_on_the_pages_own_section_only(site: Site) -> None:
    docs = [d for d in site.search if d.page.type == "docs"]
    vectors = dict(search_index(docs, Search())["index"]["fieldVectors"])
    assert "tags/1" in vectors and "tags/2" not in vectors
    assert "keywords/1" in vectors and "keywords/2" not in vectors


def test_sidebar_parent_categories_are_indexed_when_configured(site: Site) -> None:
    docs = [d for d in site.search if d.page.type == "docs"]
    index = search_index(docs, Search(indexSidebarParentCategories=1))["index"]
    assert index["fields"] == ["title", "content", "tags", "keywords", "sidebarParentCategories"]
    postings = dict(index["invertedIndex"])
    assert set(postings["refund"]["sidebarParentCategories"]) == {"1", "2", "3", "4"}  # the closest: Refunds
    assert "order" not in {t for t, p in postings.items() if p["sidebarParentCategories"]}  # not the outer one
    # boosted 2 by default
    plain = dict(search_index(docs, Search(indexSidebarParentCategories=1,
                                           boosts=SearchBoosts(sidebarParentCategories=1)))["index"]["fieldVectors"])
    boosted = dict(index["fieldVectors"])
    scores, scaled = plain["sidebarParentCategories/1"][1::2], boosted["sidebarParentCategories/1"][1::2]
    assert scores and scaled == pytest.approx([s * 2 for s in scores], abs=0.003)


def test_bm25_uses_k1_and_b() -> None:
    """One document's score, computed by hand with lunr's formula."""
    builder = LunrIndexBuilder({"content": 2}, k1=1.5, b=0.5)
    builder.add("a", {"content": "tickets tickets venue"})
    builder.add("b", {"content": "venue"})
    vectors = dict(builder.serialize()["fieldVectors"])
    idf = math.log(1 + abs((2 - 1 + 0.5) / (1 + 0.5)))
    average = (3 + 1) / 2
    score = idf * (2.5 * 2) / (1.5 * (1 - 0.5 + 0.5 * (3 / average)) + 2) * 2
    assert vectors["content/a"][:2] == [0, round(score, 3)]


def test_lunr_py_loads_and_queries_the_index(site: Site) -> None:
    docs = [d for d in site.search if d.page.type == "docs"]
    index = Index.load(search_index(docs, Search())["index"])
    refs = [r["ref"] for r in index.search("scope")]
    assert refs == ["2"]


def test_terms_are_sorted_as_javascript_sorts_strings() -> None:
    """lunr.js's Index.load throws on terms out of (UTF-16) order: an emoji sorts before U+FF5E."""
    builder = LunrIndexBuilder({"content": 1})
    builder.add("a", {"content": "a～b a😀b"})
    assert [term for term, _ in builder.serialize()["invertedIndex"]] == ["a😀b", "a～b"]


# -- tags and files -----------------------------------------------------------------------------

def test_one_file_per_tag_listed_in_the_site_data(site: Site) -> None:
    files = search_index_files(site.search, site.config.search)
    assert sorted(files) == ["search-index-blog.json", "search-index-default.json",
                             "search-index-docs-default-current.json"]
    assert site.site_data["search"]["tags"] == ["docs-default-current", "blog", "default"] == search_tags(site.search)
    blog = json.loads(files["search-index-blog.json"])
    assert [d["sectionRoute"] for d in blog["documents"]] == ["/blog/news"]


def test_search_can_be_disabled(mini_site: Path, tmp_path: Path) -> None:
    config = mini_site / "site.yaml"
    config.write_text(config.read_text() + "search:\n  enabled: false\n")
    site = load_site(Paths(mini_site, tmp_path / "build", FRONTEND))
    assert site.search == [] and site.site_data["search"]["tags"] == []
    assert search_index_files(site.search, site.config.search) == {}


def test_an_unknown_boost_is_a_configuration_error(mini_site: Path, tmp_path: Path) -> None:
    config = mini_site / "site.yaml"
    config.write_text(config.read_text() + "search:\n  boosts: {titel: 5}\n")
    with pytest.raises(Exception, match="titel"):
        load_site(Paths(mini_site, tmp_path / "build", FRONTEND))


# -- lunr.js's text pipeline --------------------------------------------------------------------

def test_text_becomes_terms_as_in_lunr_js() -> None:
    assert tokenize("Pre-production\u00a0and\u2009the  API") == ["pre", "production", "and", "the", "api"]
    # whitespace to Python only (\x1c-\x1f, \x85) or to JavaScript only (the BOM), as lunr.js splits it
    assert tokenize("A\x1cB c\ufeffD-e\x85f\u2029g") == ["a\x1cb", "c", "d", "e\x85f", "g"]
    assert trim("config.yaml,") == "config.yaml" and trim("(café)") == "caf"  # \W: ASCII only
    assert [stem(w) for w in ["deploy", "key", "pay", "gateway", "display", "happy", "sky", "by"]] == [
        "deploy", "key", "pay", "gateway", "display", "happi", "ski", "by"]
    assert index_terms("The refunds — of config.yaml, are deployed") == ["refund", "config.yaml", "deploy"]


def test_the_builders_json_is_the_json_encoders() -> None:
    """`serialize_json` writes the index itself (fast); its bytes are json.dumps's of `serialize()`."""
    builder = LunrIndexBuilder({"title": 5, "content": 1, "tags": 3})
    builder.add("0", {"title": 'Quotes "q" and \\ back', "content": "a😀b tab\there é \u0001 ctrl", "tags": ""})
    builder.add('we"ird\\ref', {"title": "", "content": "tab tab quotes é", "tags": "x y"})
    builder.add("2", {"title": "Empty", "content": "", "tags": ""})
    expected = json.dumps(builder.serialize(), ensure_ascii=False, separators=(",", ":"))
    assert builder.serialize_json() == expected
    assert json.loads(expected)["invertedIndex"]  # a real index, not two empty ones


def test_a_large_index_file_is_made_part_by_part_with_the_same_bytes() -> None:
    """A build writes an index file part by part as it is made (83 MB at 10,000 pages: never held
    whole, nor its text); the parts joined are json.dumps's of `search_index`, commas between
    batches included."""
    pages = [SearchPage(f"/docs/page-{number}", f"Page {number}", "docs", ("payments",) if number % 7 else (),
                        (), ("Guides",), None) for number in range(1_200)]
    documents = [SearchDocument(page, anchor, f"{page.title} {anchor}".strip(),
                                f"Refund {page.route} orders in state {anchor or 'open'} within {number} days.")
                 for number, page in enumerate(pages) for anchor in ("", "refunds")]
    settings = Search()
    [(name, parts)] = search_index_parts(documents, settings)
    pieces = list(parts)
    whole = b"".join(pieces)
    assert name == "search-index-docs-default-current.json"
    assert whole == json.dumps(search_index(documents, settings), ensure_ascii=False,
                               separators=(",", ":")).encode()
    assert whole == search_index_files(documents, settings)[name]
    assert len(pieces) > 6 and max(map(len, pieces)) < len(whole) / 4


def test_an_index_files_bytes_are_the_json_of_search_index(site: Site) -> None:
    files = search_index_files(site.search, site.config.search)
    docs = [d for d in site.search if d.page.type == "docs"]
    expected = json.dumps(search_index(docs, site.config.search), ensure_ascii=False, separators=(",", ":"))
    assert files["search-index-docs-default-current.json"] == expected.encode()
