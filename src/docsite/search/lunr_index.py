"""A lunr index built in Python, serialized for lunr.js 2.3.9's `lunr.Index.load`.

This is lunr.js's `lunr.Builder` (BM25 field vectors with k1 and b, field boosts baked into the
vectors, inverted index with one posting per field) over lunr.js's own text pipeline (`lunrjs.py`),
using lunr.py's `idf`. lunr.py's Builder is not used as is because, measured here:

- it spends 14 µs per token (43 s for the 10,000-page bench corpus): tokenizing character by
  character and stemming every occurrence. Here a token is stemmed once per distinct spelling;
- it rounds scores with Python's `round` (half to even), lunr.js with `Math.round` (half up);
- it sorts the terms by code point; lunr.js's `Index.load` needs them in JavaScript's UTF-16 order
  and throws "Cannot insert word out of order" otherwise (a term with an emoji is enough);
- its tokenizer and pipeline differ from lunr.js's (see `lunrjs.py`).

Field vectors of empty fields are left out: lunr.js only reads the vector of a field a term matched.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from typing import Any

from lunr.idf import idf

from docsite.search.languages import ENGLISH, Language

LUNR_VERSION = "2.3.9"


class LunrIndexBuilder:
    def __init__(self, fields: dict[str, float], *, k1: float = 1.2, b: float = 0.75,
                 language: Language = ENGLISH, analyse: Callable[[str], list[str]] | None = None) -> None:
        """`fields`: field name -> boost; `language`: the text pipeline (search/languages.py);
        `analyse`: a text's terms in it (docsite.search.analysis keeps them between builds)."""
        self.fields = fields
        self.language = language
        self.analyse = analyse or language.index_terms
        self.k1 = k1
        self.b = min(max(b, 0.0), 1.0)  # lunr.js clamps b to 0..1
        self.inverted_index: dict[str, dict[str, Any]] = {}
        self.frequencies: list[tuple[str, str, Counter[str]]] = []  # (field, ref, term -> count)
        self.total_length = dict.fromkeys(fields, 0)
        self.document_count = 0

    def add(self, ref: str, values: dict[str, str]) -> None:
        """Index one document: `values` maps each field to its text (a missing field is empty)."""
        self.document_count += 1
        for field in self.fields:
            terms = self.analyse(values.get(field, ""))
            self.total_length[field] += len(terms)
            counts = Counter(terms)
            self.frequencies.append((field, ref, counts))
            for term in counts:
                posting = self.inverted_index.get(term)
                if posting is None:
                    posting = {"_index": len(self.inverted_index), **{name: {} for name in self.fields}}
                    self.inverted_index[term] = posting
                posting[field][ref] = {}

    def serialize(self) -> dict[str, Any]:
        """The index as lunr.js's `Index.toJSON` writes it."""
        return {
            "version": LUNR_VERSION,
            "fields": list(self.fields),
            "fieldVectors": self._field_vectors(),
            "invertedIndex": sorted(self.inverted_index.items(), key=lambda item: _utf16(item[0])),
            "pipeline": list(self.language.search_pipeline),  # what the browser runs on a query term
        }

    def _field_vectors(self) -> list[list[Any]]:
        count = self.document_count
        average = {field: total / count if count else 0.0 for field, total in self.total_length.items()}
        idfs: dict[str, float] = {}
        vectors: list[list[Any]] = []
        k1, b = self.k1, self.b
        for field, ref, counts in self.frequencies:
            if not counts:
                continue
            length = sum(counts.values())
            boost = self.fields[field]
            elements: list[tuple[int, float]] = []
            for term, tf in counts.items():
                posting = self.inverted_index[term]
                term_idf = idfs.get(term)
                if term_idf is None:
                    term_idf = idfs[term] = idf(posting, count)
                # Same operations in the same order as lunr.js, so the floats are the same.
                score = term_idf * ((k1 + 1) * tf) / (k1 * (1 - b + b * (length / average[field])) + tf)
                score *= boost
                elements.append((posting["_index"], math.floor(score * 1000 + 0.5) / 1000))
            elements.sort()
            vectors.append([f"{field}/{ref}", [value for pair in elements for value in pair]])
        return vectors


def _utf16(text: str) -> bytes:
    """A sort key giving JavaScript's string order (UTF-16 code units)."""
    return text.encode("utf-16-be", "surrogatepass")
