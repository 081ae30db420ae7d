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

`serialize_json` (`json_parts`, part by part) writes the index's JSON itself, the bytes
`json.dumps(serialize(), ensure_ascii=False, separators=(",", ":"))` makes
(tests/unit/test_search_index.py compares them): the inverted index holds an empty object per
posting (`"12":{}`), millions of them at 10,000 pages, and the encoder spent 8 s on its 21 MB there,
where joining the refs' ready-made strings takes a tenth of a second.
"""

from __future__ import annotations

import json
import math
from array import array
from collections import _count_elements  # type: ignore[attr-defined]  # Counter's counting loop, in C
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from typing import Any

from docsite.search.languages import ENGLISH, Language

LUNR_VERSION = "2.3.9"
_NO_TERMS = array("l")


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
        # term -> the refs of the documents having it, per field (in `fields`' order); a term's
        # `_index` in the index is its position here (the order terms were first seen)
        self.postings: dict[str, list[list[str]]] = {}
        self.numbers: dict[str, int] = {}  # term -> its `_index`
        # (field's position, ref, its terms' `_index`es, their counts): numbers in arrays, not a dict of
        # strings per document and field (hundreds of MB at 10,000 pages)
        self.frequencies: list[tuple[int, str, array[int], array[int]]] = []
        self.total_length = [0] * len(fields)
        self.refs: list[str] = []  # the documents', in the order they were added

    def add(self, ref: str, values: dict[str, str]) -> None:
        """Index one document: `values` maps each field to its text (a missing field is empty)."""
        self.refs.append(ref)
        postings, width = self.postings, len(self.fields)
        for position, field in enumerate(self.fields):
            terms = self.analyse(values.get(field, ""))
            if not terms:  # most sections' tags and keywords
                self.frequencies.append((position, ref, _NO_TERMS, _NO_TERMS))
                continue
            self.total_length[position] += len(terms)
            # term -> count, in the order terms first appear (Counter(terms) without its isinstance
            # check of an abstract class: 20 % of the index's time here)
            counts: dict[str, int] = {}
            _count_elements(counts, terms)
            numbers = array("l")
            for term in counts:
                posting = postings.get(term)
                if posting is None:
                    self.numbers[term] = len(postings)
                    posting = postings[term] = [[] for _ in range(width)]
                posting[position].append(ref)
                numbers.append(self.numbers[term])
            self.frequencies.append((position, ref, numbers, array("l", counts.values())))

    def serialize(self) -> dict[str, Any]:
        """The index as lunr.js's `Index.toJSON` writes it."""
        names = list(self.fields)
        return {
            "version": LUNR_VERSION,
            "fields": list(self.fields),
            "fieldVectors": [[f"{names[position]}/{ref}", [value for index, millis in zip(indexes, scores, strict=True)
                                                           for value in (index, millis / 1000)]]
                             for position, ref, indexes, scores in self._field_vectors()],
            "invertedIndex": [[term, {"_index": index, **{field: {ref: {} for ref in refs} for field, refs
                                                         in zip(self.fields, posting, strict=True)}}]
                              for term, index, posting in self._sorted_postings()],
            "pipeline": list(self.language.search_pipeline),  # what the browser runs on a query term
        }

    def serialize_json(self) -> str:
        """`serialize()` as compact JSON (`json.dumps(..., ensure_ascii=False, separators=(",", ":"))`)."""
        return "".join(self.json_parts())

    def json_parts(self) -> Iterator[str]:
        """`serialize_json`'s text, part by part (a thousand field vectors or terms each): a build
        writes each part as it comes, and never holds the whole text (42 MB at 10,000 pages), nor
        its bytes."""
        # JSON escapes character by character: a string's JSON is its parts', joined
        quoted = {ref: _json(ref) for ref in self.refs}
        entry = {ref: f"{text}:{{}}" for ref, text in quoted.items()}.__getitem__  # `"ref":{}`
        fields = [_json(field) for field in self.fields]

        def postings(posting: list[list[str]]) -> str:
            return ",".join([f"{field}:{{{','.join(map(entry, refs))}}}"
                             for field, refs in zip(fields, posting, strict=True)])

        # a vector's numbers: term indexes, and scores in thousandths (`_field_vectors`) written as
        # `repr(millis / 1000)` does, each text made once (4 million numbers at 10,000 pages: 0.8 s of repr)
        indexes = [f"{index}," for index in range(len(self.postings))]
        scores: dict[int, str] = {}

        def score(millis: int) -> str:
            text = scores.get(millis)
            if text is None:
                text = scores[millis] = repr(millis / 1000)
            return text

        def vector(terms: list[int], millis: list[int]) -> str:
            return ",".join([indexes[index] + score(value) for index, value in zip(terms, millis, strict=True)])

        yield f'{{"version":{_json(LUNR_VERSION)},"fields":{_json(list(self.fields))},"fieldVectors":['
        yield from _joined(f"[{fields[position][:-1]}/{quoted[ref][1:]},[{vector(terms, millis)}]]"
                           for position, ref, terms, millis in self._field_vectors())
        yield '],"invertedIndex":['
        yield from _joined(f'[{_json(term)},{{"_index":{index},{postings(posting)}}}]'
                           for term, index, posting in self._sorted_postings())
        yield f'],"pipeline":{_json(list(self.language.search_pipeline))}}}'

    def _sorted_postings(self) -> list[tuple[str, int, list[list[str]]]]:
        """(term, its `_index`, its refs per field), in JavaScript's string order."""
        numbered = [(term, index, posting) for index, (term, posting) in enumerate(self.postings.items())]
        numbered.sort(key=lambda item: _utf16(item[0]))
        return numbered

    def _field_vectors(self) -> Iterator[tuple[int, str, list[int], list[int]]]:
        """(field's position, ref, its terms' indexes in order, their scores in thousandths) of every
        non-empty field: its vector is named `field/ref`, and its values are each term's index then
        its score (`millis / 1000`). Made one at a time: at 10,000 pages, all of them as Python
        numbers would take hundreds of MB (serialize_json holds only their text)."""
        count = len(self.refs)
        average = [total / count if count else 0.0 for total in self.total_length]
        idfs = [_idf(posting, count) for posting in self.postings.values()]  # by term index
        k1, b, floor = self.k1, self.b, math.floor
        k1_plus_1 = k1 + 1
        boosts = list(self.fields.values())
        for position, ref, numbers, counts in self.frequencies:
            if not numbers:
                continue
            length = sum(counts)
            boost = boosts[position]
            # lunr.js's operations in its order (the same floats): idf * ((k1 + 1) * tf) / (k1 * (1 - b
            # + b * (length / average)) + tf), times the boost, rounded half up to 3 decimals
            norm = k1 * (1 - b + b * (length / average[position]))
            by_index = dict(zip(numbers, counts, strict=True))
            indexes = sorted(by_index)  # (integers sort faster than pairs)
            scores = []
            for index in indexes:
                tf = by_index[index]
                score = idfs[index] * (k1_plus_1 * tf) / (norm + tf) * boost
                scores.append(floor(score * 1000 + 0.5))
            yield position, ref, indexes, scores


def _idf(posting: list[list[str]], document_count: int) -> float:
    """lunr's idf (lunr.idf, lunr.js's `lunr.idf`): a document is counted once per field having the term."""
    with_term = sum(len(refs) for refs in posting)
    x = (document_count - with_term + 0.5) / (with_term + 0.5)
    return math.log(1 + abs(x))


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _joined(texts: Iterable[str], size: int = 1000) -> Iterator[str]:
    """`",".join(texts)`, `size` texts at a time."""
    items = iter(texts)
    for number, batch in enumerate(iter(lambda: list(islice(items, size)), [])):
        yield ("," if number else "") + ",".join(batch)


def _utf16(text: str) -> bytes:
    """A sort key giving JavaScript's string order (UTF-16 code units)."""
    return text.encode("utf-16-be", "surrogatepass")
