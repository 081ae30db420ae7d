"""lunr.js in the browser finds exactly what the Python builder indexed: on the real site's indexes,
the same queries give the same hits and scores in lunr.py and in lunr.js (Node), and lunr.js
building the index itself from the same text gives them too.

The JavaScript side runs the front end's own query code (frontend/src/search/engine.ts, whose
scoring is lunr's, computed faster) through tests/unit/lunrjs/run.mjs, and lunr.js's own
Index.query for reference.
"""

from __future__ import annotations

import json
import math
import subprocess
from pathlib import Path
from typing import Any

import pytest
from lunr.index import Index
from lunr.pipeline import Pipeline
from lunr.query import Query
from lunr.stemmer import PorterStemmer
from lunr.token import Token
from lunr.trimmer import trimmer as lunr_py_trimmer

from docsite.build import Paths, load_site
from docsite.frontend import node
from docsite.search import TAGS, index_file_name, indexed_fields, indexed_values, search_index_files
from docsite.search.lunrjs import STOP_WORDS, stem, tokenize, trim
from tests.conftest import ROOT

RUNNER = Path(__file__).parent / "lunrjs" / "run.mjs"

# The words the issue names, lunr.js's own stemmer examples and tokens with trailing punctuation.
EDGE_WORDS = ["deploy", "deployed", "key", "keys", "pay", "payment", "gateway", "display", "by", "say", "cry",
              "sky", "yellow", "happy", "ies", "eed", "sses", "config.yaml,", "(session)", "—", "'quoted'",
              "café", "naïve", "über", "ﬁle", "😀s", "x😀yz"]
EDGE_QUERIES = ["deploy", "key", "pay", "gateway", "display", "config.yaml,", "refund", "Refunds", "pre-production",
                "access control", "session:123", "^~+-*:", "*", "a", "re", "OAuth 2.0", "webhook signature",
                "ORDER_NOT_FOUND", "zzqxv", "  ", ""]


def _lunr_py_stemmer(token: Token, i: int | None = None, tokens: list[Token] | None = None) -> Token:
    return token.update(lambda text, metadata: stem(text))


Pipeline.register_function(_lunr_py_stemmer, "lunrjs-stemmer")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The real site's documents and index files, and lunr.js's answers about them."""
    loaded = load_site(Paths.default(ROOT))
    settings = loaded.config.search
    out = tmp_path_factory.mktemp("search-index")
    for name, data in search_index_files(loaded.search, settings).items():
        (out / name).write_bytes(data)
    contents = [d.content for d in loaded.search]
    vocabulary = sorted({token for text in contents for token in tokenize(text)})
    queries = [*EDGE_QUERIES, *vocabulary[::7], *(word[:3] for word in vocabulary[::41])]
    changed = [w for w in vocabulary if _lunr_py_stem(w) != stem(w) or _lunr_py_trim(w) != trim(w)]
    queries += changed
    tags: dict[str, Any] = {}
    for tag in {TAGS[d.page.type] for d in loaded.search}:
        documents = [d for d in loaded.search if TAGS[d.page.type] == tag]
        tags[tag] = {
            "indexFile": str(out / index_file_name(tag)),
            "fields": indexed_fields(settings, documents),
            "k1": settings.k1,
            "b": settings.b,
            "documents": [{"ref": str(ref), **indexed_values(d, settings)} for ref, d in enumerate(documents)],
        }
    words = [*EDGE_WORDS, *vocabulary]
    request = {"words": words, "texts": contents, "queries": queries, "tags": tags}
    (out / "request.json").write_text(json.dumps(request), encoding="utf-8")
    answer = subprocess.run([node(), str(RUNNER), str(out / "request.json")], capture_output=True, text=True,
                            check=False, cwd=ROOT)
    assert answer.returncode == 0, answer.stderr
    return {"request": request, "answer": json.loads(answer.stdout), "changed": changed, "out": out}


def _lunr_py_stem(word: str) -> str:
    return str(PorterStemmer().stem(word))


def _lunr_py_trim(word: str) -> str:
    return str(lunr_py_trimmer(Token(word)))


def _lunr_py_search(index: Index, terms: list[str]) -> list[tuple[str, float]]:
    """What the search worker asks lunr.js, asked of lunr.py."""
    if not terms:
        return []
    query = index.create_query()
    for term in terms:
        query.term(term)
        query.term(term, wildcard=Query.WILDCARD_TRAILING, use_pipeline=False)
    return [(result["ref"], result["score"]) for result in index.query(query)]


def _same_hits(expected: list[tuple[str, float]], actual: list[list[Any]], context: str) -> None:
    """Same documents with the same scores (order among equal scores may differ)."""
    assert sorted(ref for ref, _ in expected) == sorted(ref for ref, _ in actual), context
    scores = dict(expected)
    for ref, score in actual:
        assert math.isclose(scores[ref], score, rel_tol=1e-9), f"{context}: {ref} scores {scores[ref]}, not {score}"
    assert [s for _, s in expected] == sorted((s for _, s in expected), reverse=True), context


def test_the_text_pipeline_is_lunr_js(site: dict[str, Any]) -> None:
    words, answer = site["request"]["words"], site["answer"]
    assert [stem(w) for w in words] == answer["stems"]
    assert [trim(w) for w in words] == answer["trims"]
    assert [tokenize(t) for t in site["request"]["texts"]] == answer["tokens"]
    assert len(words) > 2000  # the real site's vocabulary, not a handful of words


def test_the_site_has_words_lunr_py_would_index_differently(site: dict[str, Any]) -> None:
    """The queries below include them: without the port, lunr.js would not find these."""
    changed = set(site["changed"])
    assert {"deploy", "key", "display"} <= changed
    assert any(_lunr_py_trim(w) != trim(w) for w in changed)


def test_lunr_js_finds_what_lunr_py_finds_with_the_same_scores(site: dict[str, Any]) -> None:
    queries = site["request"]["queries"]
    found = 0
    for tag in site["request"]["tags"]:
        index = Index.load(json.loads((site["out"] / index_file_name(tag)).read_text(encoding="utf-8"))["index"])
        index.pipeline = Pipeline.load(["lunrjs-stemmer"])
        for query, js in zip(queries, site["answer"]["searches"][tag], strict=True):
            expected = _lunr_py_search(index, js["terms"])
            _same_hits(expected, js["hits"], f"{tag}: {query!r}")
            found += bool(expected)
    assert found > len(queries)  # most queries find something in some index


def test_the_search_worker_scores_as_lunr_js_does(site: dict[str, Any]) -> None:
    queries = site["request"]["queries"]
    for tag in site["request"]["tags"]:
        searches, reference = site["answer"]["searches"][tag], site["answer"]["lunrQuery"][tag]
        for query, ours, lunr_js in zip(queries, searches, reference, strict=True):
            _same_hits([(ref, score) for ref, score in lunr_js["hits"]], ours["hits"], f"{tag}: {query!r}")


def test_every_changed_word_is_found_by_lunr_js(site: dict[str, Any]) -> None:
    queries = site["request"]["queries"]
    hits = {q: 0 for q in site["changed"] if trim(q) and trim(q) not in STOP_WORDS}
    for tag in site["request"]["tags"]:
        for query, js in zip(queries, site["answer"]["searches"][tag], strict=True):
            if query in hits:
                hits[query] += len(js["hits"])
    assert hits and all(hits.values()), [q for q, n in hits.items() if not n]


def test_an_index_built_by_lunr_js_answers_the_same(site: dict[str, Any]) -> None:
    queries = site["request"]["queries"]
    for tag in site["request"]["tags"]:
        searches, rebuilt = site["answer"]["searches"][tag], site["answer"]["rebuilt"][tag]
        for query, ours, theirs in zip(queries, searches, rebuilt, strict=True):
            _same_hits([(ref, score) for ref, score in theirs["hits"]], ours["hits"], f"{tag}: {query!r}")


def test_query_syntax_never_reaches_lunr(site: dict[str, Any]) -> None:
    terms = {q: r["terms"] for q, r in zip(site["request"]["queries"], site["answer"]["searches"]["blog"], strict=True)}
    assert terms["^~+-*:"] == [] and terms["*"] == [] and terms[""] == [] and terms["  "] == []
    assert terms["session:123"] == ["session", "123"]
    assert terms["config.yaml,"] == ["config.yaml"]
    assert terms["pre-production"] == ["pre", "production"]
