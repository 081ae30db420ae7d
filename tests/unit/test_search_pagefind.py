"""The search on Pagefind (docsite.search.pagefind): which engine a build chooses and why, the
configuration's errors, and the bundle the builder writes. Its search in the browser is proven by
tests/e2e/test_search.py, which runs on both engines."""

from __future__ import annotations

import gzip
import html as html_module
import json
import re
from pathlib import Path

import pytest

from docsite.config import Search
from docsite.errors import BuildError
from docsite.search import SearchDocument, SearchPage
from docsite.search.pagefind import AUTO_THRESHOLD, choose_engine, estimated_lunr_gzip, pagefind_files, section_html
from tests.unit.sitefiles import load


def document(route: str, anchor: str, title: str, content: str, tag_version: str | None = "current",
             type_: str = "docs") -> SearchDocument:
    page = SearchPage(route, "Refund <order> items", type_, ("Orders",), ("refund", "money back"),  # type: ignore[arg-type]
                      ("Tutorials",), tag_version)
    return SearchDocument(page, anchor, title, content)


def test_a_wrong_engine_is_an_error_at_its_line(mini_site: Path) -> None:
    config = mini_site / "site.yaml"
    config.write_text(config.read_text() + "search:\n  engine: elastic\n")
    with pytest.raises(BuildError) as error:
        load(mini_site)
    [problem] = error.value.problems
    line = config.read_text().splitlines().index("  engine: elastic") + 1
    assert (problem.file, problem.line) == (config, line)
    assert problem.message == "search.engine: Input should be 'lunr', 'pagefind' or 'auto'"
    assert problem.fix == "use 'lunr', 'pagefind' or 'auto'"


def test_auto_keeps_lunr_while_its_index_stays_small_and_says_why() -> None:
    small = [document("/docs/a", "", "A", "word " * 1000)]
    engine, reason = choose_engine(Search(), small)
    assert engine == "lunr"
    assert re.fullmatch(r"search\.engine auto: 1 sections, lunr index about 0\.0 MB gzip, within 1 MB", reason)

    large = [document(f"/docs/p{n}", "", "A", "word " * 2000) for n in range(150)]  # 1.5 MB of text
    assert estimated_lunr_gzip(large) > AUTO_THRESHOLD
    engine, reason = choose_engine(Search(), large)
    assert engine == "pagefind"
    assert reason.startswith("search.engine auto: 150 sections, lunr index about 1.3 MB gzip, over 1 MB")


@pytest.mark.parametrize("engine", ["lunr", "pagefind"])
def test_a_chosen_engine_is_kept_whatever_the_size(engine: str) -> None:
    large = [document(f"/docs/p{n}", "", "A", "word " * 2000) for n in range(150)]
    assert choose_engine(Search(engine=engine), large) == (engine, f"search.engine is {engine} in site.yaml")


def test_a_section_is_a_record_with_lunrs_weights_its_filters_and_its_fields() -> None:
    own = section_html(document("/docs/refund", "", "Refund <order> items", "How to refund."), Search(), "en")
    assert '<h1 data-pagefind-weight="5">Refund &lt;order&gt; items</h1>' in own  # title 5, above the text
    assert '<p data-pagefind-weight="1">How to refund.</p>' in own
    assert '<p data-pagefind-weight="3">Orders</p>' in own  # tags
    assert '<p data-pagefind-weight="3">refund money back</p>' in own  # keywords
    assert '<span data-pagefind-filter="index">docs-default-current</span>' in own
    assert '<span data-pagefind-filter="tag">Orders</span>' in own
    meta = re.search(r'<span data-pagefind-meta="doc">(.*?)</span>', own)
    assert meta is not None
    assert json.loads(html_module.unescape(meta[1])) == {
        "sectionTitle": "Refund <order> items", "pageTitle": "Refund <order> items", "type": "docs",
        "tags": ["Orders"], "sidebarParentCategories": ["Tutorials"], "sectionRoute": "/docs/refund"}
    other = section_html(document("/docs/refund", "partial", "Partial refund", "Refund a few items."), Search(), "en")
    assert '<h1 data-pagefind-weight="5">Partial refund</h1>' in other
    assert "money back" not in other  # the page's tags and keywords: in its own section only


def test_the_bundle_holds_what_the_browser_loads_and_no_pagefind_ui() -> None:
    documents = [document("/docs/refund", "", "Refund order items", "How to refund."),
                 document("/docs/refund", "partial", "Partial refund", "Refund a few items."),
                 document("/docs/1.0/refund", "", "Refund order items", "The old way.", tag_version="1.0"),
                 document("/blog/post", "", "A post", "Refunds are faster.", tag_version=None, type_="blog")]
    files = dict(pagefind_files(documents, Search(), "en-GB"))
    names = set(files)
    assert {"pagefind/pagefind.js", "pagefind/pagefind-worker.js", "pagefind/pagefind-entry.json",
            "pagefind/wasm.en.pagefind"} <= names
    assert not [name for name in names if "-ui" in name or "highlight" in name]
    entry = json.loads(files["pagefind/pagefind-entry.json"])
    assert set(entry["languages"]) == {"en"}
    assert entry["languages"]["en"]["page_count"] == 4  # a record per section
    assert any(name.startswith("pagefind/fragment/") for name in names)
    assert any(name.startswith("pagefind/filter/") for name in names)
    fragments = [json.loads(gzip.decompress(data).removeprefix(b"pagefind_dcd")) for name, data in files.items()
                 if name.startswith("pagefind/fragment/")]
    routes = sorted(json.loads(fragment["meta"]["doc"])["sectionRoute"] for fragment in fragments)
    assert routes == ["/blog/post", "/docs/1.0/refund", "/docs/refund", "/docs/refund#partial"]
