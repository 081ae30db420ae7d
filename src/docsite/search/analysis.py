"""The terms of every text a search index holds, kept between builds: a warm build analyses only
the sections it has not seen.

Analysing a text (lunr.js's tokenizer, trimmer, stop words and stemmer: docsite.search.lunrjs) is
most of the cost of making the indexes: 0.5 s of CPU per 1,000 pages here. The terms of each text
are kept by a hash of the text in `.docsite-cache/search-terms-<site>.pickle` (a locale's site of a
content folder: docsite.cache.site_name), with the builder's version: terms made by other code are never read.
The file is written again with the texts of the last build only, so it does not grow with edits.

Terms are kept in order, joined by spaces (the tokenizer splits on spaces: no term holds one), so
an index made from them is the index made from the text, byte for byte: the order in which terms
are first seen numbers them in the index (docsite.search.lunr_index).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from docsite.cache import keep, kept
from docsite.search.languages import ENGLISH, Language


class TermCache:
    """Terms by text in `language`, read from and written back to `file` (None: kept for this run
    only)."""

    def __init__(self, file: Path | None, language: Language = ENGLISH) -> None:
        self.file = file
        self.language = language
        self.known: dict[bytes, str] = _read(file)
        self.used: dict[bytes, str] = {}
        self.analysed = 0  # texts not found in the file

    @classmethod
    def of_site(cls, folder: Path | None, site: str, language: Language) -> TermCache:
        """The terms kept for one site (docsite.cache.site_name) in the result cache's `folder`."""
        return cls(folder / f"search-terms-{site}.pickle" if folder is not None else None, language)

    def terms(self, text: str) -> list[str]:
        """`language.index_terms(text)`, analysed once per distinct text (and language: a locale's
        `htmlLang` may change)."""
        if not text:
            return []
        digest = hashlib.blake2b(self.language.code.encode() + b"\0", digest_size=16)
        digest.update(text.encode("utf-8", "surrogatepass"))
        key = digest.digest()
        joined = self.used.get(key)
        if joined is None:
            joined = self.known.get(key)
            if joined is None:
                joined = " ".join(self.language.index_terms(text))
                self.analysed += 1
            self.used[key] = joined
        return joined.split(" ") if joined else []

    def again(self) -> None:
        """Start another run knowing this run's terms, without reading the file again (the dev
        server keeps its cache in memory between rebuilds, and saves it when it stops)."""
        if self.used:
            self.known, self.used = self.used, {}
        self.analysed = 0

    def save(self) -> None:
        """Keep the terms of this run's texts (only those: the file does not grow with edits)."""
        if self.analysed or len(self.used) != len(self.known):
            keep(self.file, self.used)


def _read(file: Path | None) -> dict[bytes, str]:
    terms = kept(file)
    return terms if isinstance(terms, dict) else {}
