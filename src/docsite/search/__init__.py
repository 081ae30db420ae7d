"""The site search, build side: one lunr index file per documentation tag.

    routes --search_documents--> one document per section --search_index_files--> search-index-{tag}.json

Tags follow Docusaurus's names: `docs-default-<version>` (the docs of one version:
`docs-default-current`, `docs-default-1.0`), `blog`, `default` (the other pages). The browser
searches the docs of the version being read (else the preferred one, else the latest).
A file holds the spec's shapes (section 3):

    {"documents": [{"id", "title", "content", "tags", "sidebarParentCategories", "sectionRoute",
                    "sectionTitle", "pageTitle", "type"}, ...],
     "index":     <lunr.js 2.3.9 serialized index; a document's ref is its id, its position>}

`tags` are the page's tags; its keywords are indexed (field `keywords`) but not stored. So are the
constants an API page's section defines (field `defines`, one token per constant: `defined_term`):
its error code, the enum values of its schema or operation, the headers an operation names. A query
typed as a constant (`SOLD_OUT`, `X-RateLimit-Remaining`, `order.purchased`) lists the sections
defining exactly it first, then the others, each group by score (frontend/src/search/engine.ts). The
sections of a schema or an error code are indexed by what they define only, so that they never
crowd the answers to other queries.

Indexed fields and their boosts come from `search:` in site.yaml (title 5, content 1, tags 3,
keywords 3; the sidebar parent categories only when indexSidebarParentCategories is above 0, the
closest n of them, boost 2). Boosts are baked into the index, so the browser only queries.

A locale's text is indexed with its language's lunr-languages pipeline (`languages.py`): the index's
`pipeline` names it (`["trimmer-fr", "accentFold-fr", "stemmer-fr"]`), and the browser loads that
language's code before it reads the index.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from docsite.config import Search
from docsite.gc_pause import collection_paused
from docsite.search.analysis import TermCache
from docsite.search.documents import SearchDocument, SearchPage, search_documents, split_sections
from docsite.search.languages import ENGLISH, Language
from docsite.search.lunr_index import LunrIndexBuilder

__all__ = [
    "TAGS",
    "SearchDocument",
    "SearchPage",
    "TermCache",
    "search_documents",
    "search_index_files",
    "search_index_parts",
    "search_tags",
    "split_sections",
]

TAGS = {"docs": "docs-default-current", "blog": "blog", "other": "default"}


def index_file_name(tag: str) -> str:
    return f"search-index-{tag}.json"


def search_tags(documents: list[SearchDocument]) -> list[str]:
    """The tags that have documents, in a fixed order: the docs versions' (in the order the docs
    are), the blog's, the other pages'."""
    present = list(dict.fromkeys(document.page.tag for document in documents))
    docs = [tag for tag in present if tag.startswith("docs-default-")]
    return docs + [tag for tag in ("blog", "default") if tag in present]


def search_index_files(documents: list[SearchDocument], settings: Search,
                       language: Language = ENGLISH, terms: TermCache | None = None) -> dict[str, bytes]:
    """Site path -> content of every search index file, its text indexed in `language`; `terms`:
    the texts' terms kept from the previous build (docsite.search.analysis), else every text is
    analysed."""
    return {name: b"".join(parts) for name, parts in search_index_parts(documents, settings, language, terms)}


def search_index_parts(documents: list[SearchDocument], settings: Search, language: Language = ENGLISH,
                       terms: TermCache | None = None) -> Iterator[tuple[str, Iterator[bytes]]]:
    """`search_index_files`, each file's content part by part, made as its parts are asked for (read
    each file's parts before the next file): a build writes them as they come, and never holds a
    whole index file (83 MB at 10,000 pages) nor its text."""
    for tag in search_tags(documents):
        yield index_file_name(tag), _index_file([d for d in documents if d.page.tag == tag], settings, language, terms)


def _index_file(documents: list[SearchDocument], settings: Search, language: Language,
                terms: TermCache | None) -> Iterator[bytes]:
    """`search_index(...)` as compact JSON, part by part: the stored documents a thousand at a time,
    then the index as its builder writes it (docsite.search.lunr_index)."""
    with collection_paused():  # millions of postings, no cycle (docsite.gc_pause)
        stored, builder = _indexed(documents, settings, language, terms)
        yield b'{"documents":['
        for start in range(0, len(stored), _STORED_PART):
            yield (b"," if start else b"") + _json(stored[start:start + _STORED_PART])[1:-1].encode()
        del stored
        yield b'],"index":'
        for part in builder.json_parts():
            yield part.encode()
        yield b"}"


_STORED_PART = 1000  # documents


def search_index(documents: list[SearchDocument], settings: Search, language: Language = ENGLISH,
                 terms: TermCache | None = None) -> dict[str, Any]:
    """The content of one index file (see the module's docstring)."""
    stored, builder = _indexed(documents, settings, language, terms)
    return {"documents": stored, "index": builder.serialize()}


def _indexed(documents: list[SearchDocument], settings: Search, language: Language,
             terms: TermCache | None) -> tuple[list[dict[str, Any]], LunrIndexBuilder]:
    """The documents as the index file stores them, and the index of them."""
    builder = LunrIndexBuilder(indexed_fields(settings, documents), k1=settings.k1, b=settings.b, language=language,
                               analyse=(terms or TermCache(None, language)).terms)
    stored: list[dict[str, Any]] = []
    for ref, document in enumerate(documents):
        page = document.page
        builder.add(str(ref), indexed_values(document, settings))
        stored.append({
            "id": ref,
            "title": document.title,
            "content": document.content,
            "tags": list(page.tags),
            "sidebarParentCategories": list(page.parent_categories),
            "sectionRoute": document.section_route,
            "sectionTitle": document.title,
            "pageTitle": page.title,
            "type": page.type,
        })
    return stored, builder


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def indexed_fields(settings: Search, documents: list[SearchDocument]) -> dict[str, float]:
    """The fields of the index of `documents` and their boosts (`defines` only where one defines a
    constant: every term of an index has an entry per field)."""
    boosts = settings.boosts
    fields = {"title": boosts.title, "content": boosts.content, "tags": boosts.tags, "keywords": boosts.keywords}
    if settings.indexSidebarParentCategories > 0:
        fields["sidebarParentCategories"] = boosts.sidebarParentCategories
    if any(document.defines for document in documents):
        fields["defines"] = boosts.defines
    return fields


def indexed_values(document: SearchDocument, settings: Search) -> dict[str, str]:
    """The text of each field of the index for `document`."""
    depth = settings.indexSidebarParentCategories
    page = document.page
    defines = " ".join(defined_term(constant) for constant in document.defines)
    if document.definition_only:
        return {"defines": defines}
    return {
        "title": document.title,
        "content": document.content,
        "tags": " ".join(page.tags) if document.anchor == "" else "",  # page-wide: indexed once
        "keywords": " ".join(page.keywords) if document.anchor == "" else "",
        "sidebarParentCategories": " ".join(page.parent_categories[-depth:]) if depth > 0 else "",
        "defines": defines,
    }


def defined_term(constant: str) -> str:
    """A constant as the `defines` field holds it: one token, lower-cased, its spaces and hyphens
    `_`, and a `_` after it, which lunr's trimmer and stemmer leave as it is (`EXITED` stays
    `exited_`, where its stem `exit` is `EXIT`'s). The browser looks a query typed as a constant up
    the same way (`definedTerm`, frontend/src/search/engine.ts)."""
    return re.sub(r"[\s-]+", "_", constant.lower()) + "_"

