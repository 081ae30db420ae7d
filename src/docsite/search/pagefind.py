"""The site search on Pagefind, for sites whose lunr index is too large to download at once.

    search documents --section_html--> one small HTML page per section --Pagefind--> pagefind/

Pagefind (https://pagefind.app, the `pagefind[bin]` package: its Python API and its binary) splits
the index into fragments the browser fetches per query: tens of kilobytes at 10,000 pages, where
lunr's whole index is 16.6 MB gzip. It indexes the builder's own section documents, not the
prerendered pages: each section is a record of its own (its route `path#anchor` in its meta), so that results are
sections ranked as sections, as with lunr. (Indexed as pages, with Pagefind's sub-results for their
sections, a long page such as an API reference outranked the page written for a query: 27 of the 31
realistic queries of tests/unit/test_search_ranking.py found their page in the first three, against
lunr's 31.) The weights are lunr's boosts:

- the section's title an `<h1>` of the title boost (5), its text of the content boost (1), the
  page's tags and keywords, in the page's own section, a paragraph of their boosts (3); the
  constants an API section defines are words of its text (Pagefind has no fields), and a section
  that lunr indexes by them only (a schema, an error code) is indexed by them only;
- filter `index`: the tag of the lunr file the page would be in (`docs-default-<version>`, `blog`,
  `default`): the browser searches the same tags as with lunr; filter `tag`: the page's tags;
- meta `doc`: the spec's document fields of the section but its text, and its route (JSON), so that a
  hit has the shape of a lunr hit (frontend/src/search/pagefind.ts).

The sections are written to a temporary folder, one small HTML file each, which Pagefind's binary
indexes (`pagefind --site`): through its Python API, a request per section (`add_html_file`) cost
100 ms each, the time the API waits before reading each answer (2026-11: 11 minutes for the 6,962
sections of 1,000 pages, where the folder takes seconds).

A locale's site has a bundle of its own (`{base}pagefind/`), indexed in its language.
"""

from __future__ import annotations

import html
import json
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from docsite.config import Search
from docsite.errors import BuildError
from docsite.search.documents import SearchDocument

BUNDLE = "pagefind"  # the bundle's folder in the build
# What the browser uses of the bundle: Pagefind's search API and its worker, the WebAssembly, the
# index's chunks, fragments and filters. Not its own UIs (the search UI is the site's).
_UNUSED = ("pagefind-ui", "pagefind-component-ui", "pagefind-modular-ui", "pagefind-highlight")

# `auto` chooses Pagefind when lunr's index would pass this, gzip: the index is downloaded whole on
# first use, and 1 MB is about a second on a phone's 10 Mbit/s connection.
AUTO_THRESHOLD = 1_000_000
# lunr's index, gzip, per byte of the sections' text (titles and text): 0.87 on this site
# (418 KB for 479 KB of text), 0.8 to 0.9 on the benchmark's corpus.
LUNR_GZIP_PER_TEXT_BYTE = 0.87


def estimated_lunr_gzip(documents: list[SearchDocument]) -> int:
    """About how large the lunr index files of `documents` would be, gzip, in bytes."""
    text = sum(len(d.title.encode()) + len(d.content.encode()) for d in documents)
    return round(text * LUNR_GZIP_PER_TEXT_BYTE)


def choose_engine(settings: Search, documents: list[SearchDocument]) -> tuple[str, str]:
    """The engine the site's search uses (`lunr` or `pagefind`) and why, as the build says it."""
    if settings.engine != "auto":
        return settings.engine, f"search.engine is {settings.engine} in site.yaml"
    size = estimated_lunr_gzip(documents)
    figures = f"{len(documents):,} sections, lunr index about {size / 1e6:.1f} MB gzip"
    if size <= AUTO_THRESHOLD:
        return "lunr", f"search.engine auto: {figures}, within {AUTO_THRESHOLD / 1e6:.0f} MB"
    return "pagefind", (f"search.engine auto: {figures}, over {AUTO_THRESHOLD / 1e6:.0f} MB, downloaded whole; "
                        "Pagefind fetches only what each query needs")


def section_html(section: SearchDocument, settings: Search, language: str) -> str:
    """The HTML Pagefind indexes for one section, a record of its own."""
    page = section.page
    boosts = settings.boosts
    doc = {"sectionTitle": section.title, "pageTitle": page.title, "type": page.type, "tags": list(page.tags),
           "sidebarParentCategories": list(page.parent_categories), "sectionRoute": section.section_route}
    # what it defines, as one word each (`SOLD_OUT`: `_` is a word's letter here, `include_characters`);
    # a schema's or an error code's section by that alone, as in lunr's index (docsite.search): its
    # title is in its meta
    text = " ".join(filter(None, [*([] if section.definition_only else [section.content]), *section.defines]))
    out = [f'<!doctype html><html lang="{html.escape(language)}"><head><meta charset="utf-8"></head><body>',
           f'<span data-pagefind-meta="doc">{html.escape(_json(doc))}</span>',
           f'<span data-pagefind-filter="index">{html.escape(page.tag)}</span>',
           *(f'<span data-pagefind-filter="tag">{html.escape(tag)}</span>' for tag in page.tags),
           "<main data-pagefind-body>"]
    if not section.definition_only:
        out.append(f'<h1 data-pagefind-weight="{_weight(boosts.title)}">{html.escape(section.title)}</h1>')
    if text:
        out.append(f'<p data-pagefind-weight="{_weight(boosts.content)}">{html.escape(text)}</p>')
    if not section.anchor:  # page-wide: indexed once, with the page's own section (as in lunr's index)
        for words, boost in ((page.tags, boosts.tags), (page.keywords, boosts.keywords)):
            if words and boost > 0:
                out.append(f'<p data-pagefind-weight="{_weight(boost)}">{html.escape(" ".join(words))}</p>')
    out.append("</main></body></html>")
    return "".join(out)


def _weight(boost: float) -> str:
    return f"{min(max(boost, 0.0), 10.0):g}"  # Pagefind's weights go from 0 to 10


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def pagefind_files(documents: list[SearchDocument], settings: Search, language: str) -> Iterator[tuple[str, bytes]]:
    """The Pagefind bundle of `documents` indexed in `language` (an ISO 639-1 code such as `en`):
    path in the site (`pagefind/...`) -> content."""
    with tempfile.TemporaryDirectory(prefix="docsite-pagefind-") as folder:
        sections, out = Path(folder) / "sections", Path(folder) / BUNDLE
        for number, section in enumerate(documents):
            file = sections / str(number // 1000) / f"{number}.html"
            if number % 1000 == 0:
                file.parent.mkdir(parents=True)
            file.write_text(section_html(section, settings, language), encoding="utf-8")
        _run_pagefind(sections, out, language.split("-")[0].lower() or "en", len(documents))
        for file in sorted(out.rglob("*")):
            if file.is_file() and not file.name.startswith(_UNUSED):
                yield f"{BUNDLE}/{file.relative_to(out).as_posix()}", file.read_bytes()


def _run_pagefind(sections: Path, out: Path, language: str, count: int) -> None:
    """Index the folder `sections` into `out` with Pagefind's binary, as `pagefind --site` (it exits
    once every file is written: through the Python API's service, the bundle's last file,
    `pagefind-entry.json`, was still empty at 10,000 pages when the service was closed)."""
    from pagefind.service import get_executable  # the `pagefind[bin]` package's binary

    binary = get_executable()
    if binary is None:
        raise BuildError.at("Pagefind's binary was not found (search.engine: pagefind)",
                            fix="install the builder's packages again: `uv sync --frozen`")
    command = [str(binary), "--site", str(sections), "--output-path", str(out), "--force-language", language,
               "--include-characters", "_", "--silent"]
    result = subprocess.run(command, capture_output=True, text=True, stdin=subprocess.DEVNULL, check=False)
    entry = out / "pagefind-entry.json"
    indexed = json.loads(entry.read_text(encoding="utf-8")) if entry.is_file() and entry.stat().st_size else {}
    pages = sum(found["page_count"] for found in indexed.get("languages", {}).values())
    if result.returncode != 0 or pages != count:
        tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
        raise BuildError.at(f"Pagefind indexed {pages} of {count} sections (exit status {result.returncode}):\n{tail}",
                            fix="fix the error above, or set search.engine: lunr in site.yaml")
