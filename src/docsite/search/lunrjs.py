"""Text to index terms, exactly as lunr.js 2.3.9 does it: tokenizer, trimmer, stop words, stemmer.

The browser stems what the reader types with lunr.js; the builder must have stemmed the pages the
same way or the terms never meet. lunr.py 0.8.0 differs from lunr.js in two places, measured on
100,000 English words and identifiers:

- its Porter stemmer is Martin Porter's C version: step 1c turns a final `y` into `i` after any
  stem with a vowel (`deploy` -> `deploi`, `key` -> `kei`, `gateway` -> `gatewai`: 1.3% of the
  words), where lunr.js only does so after a consonant (`/^(.+?[^aeiou])y$/`), and it stems the
  bare words `ies` and `eed`;
- its trimmer only trims a token that is one run of word characters, so `config.yaml,` keeps its
  comma, where lunr.js strips leading and trailing non-word characters (`\\W`, ASCII only).

So this module is lunr.js's code ported line by line (its regular expressions are kept as they
are), and tests/unit/test_search_parity.py runs it against lunr.js in Node. The stop word list is
lunr.py's, which is lunr.js's.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lunr.stop_word_filter import WORDS

# lunr.tokenizer.separator = /[\s\-]+/ where JavaScript's \s is this set (not Python's).
_SEPARATOR = re.compile("[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\\-]+")
# Where Python's whitespace (`str.split()`) is not JavaScript's: these are Python's only, the BOM
# JavaScript's only. A text without them splits as lunr.js's by `str.split()`, at a third of the cost.
_NOT_BOTH_WHITESPACE = re.compile("[\x1c-\x1f\x85\ufeff]")
_TRIM = re.compile(r"^\W+|\W+\Z", re.ASCII)
STOP_WORDS = frozenset(WORDS)


def tokenize(text: str) -> list[str]:
    """lunr.tokenizer: lower-case, then split on whitespace and hyphens."""
    lowered = text.lower()
    if _NOT_BOTH_WHITESPACE.search(lowered) is None:
        return lowered.replace("-", " ").split()
    return [token for token in _SEPARATOR.split(lowered) if token]


def trim(token: str) -> str:
    """lunr.trimmer: strip leading and trailing non-word characters."""
    return _TRIM.sub("", token)


@lru_cache(maxsize=200_000)
def index_term(token: str) -> str | None:
    """The term lunr.js's indexing pipeline (trimmer, stopWordFilter, stemmer) makes of a token;
    None when it drops it. A token of punctuation only trims to nothing: lunr.js would index it as
    the empty term, which no query can reach, so it is dropped here."""
    word = trim(token)
    if not word or word in STOP_WORDS:
        return None
    return stem(word)


def index_terms(text: str) -> list[str]:
    return [term for term in map(index_term, tokenize(text)) if term is not None]


# -- lunr.stemmer -------------------------------------------------------------------------------

_STEP2 = {
    "ational": "ate", "tional": "tion", "enci": "ence", "anci": "ance", "izer": "ize", "bli": "ble",
    "alli": "al", "entli": "ent", "eli": "e", "ousli": "ous", "ization": "ize", "ation": "ate",
    "ator": "ate", "alism": "al", "iveness": "ive", "fulness": "ful", "ousness": "ous", "aliti": "al",
    "iviti": "ive", "biliti": "ble", "logi": "log",
}
_STEP3 = {"icate": "ic", "ative": "", "alize": "al", "iciti": "ic", "ical": "ic", "ful": "", "ness": ""}

_c = "[^aeiou]"          # consonant
_v = "[aeiouy]"          # vowel
_C = _c + "[^aeiouy]*"   # consonant sequence
_V = _v + "[aeiou]*"     # vowel sequence

_MGR0 = re.compile("^(" + _C + ")?" + _V + _C)                          # [C]VC... is m>0
_MEQ1 = re.compile("^(" + _C + ")?" + _V + _C + "(" + _V + r")?\Z")    # [C]VC[V] is m=1
_MGR1 = re.compile("^(" + _C + ")?" + _V + _C + _V + _C)                # [C]VCVC... is m>1
_S_V = re.compile("^(" + _C + ")?" + _v)                                 # vowel in stem

_1A = re.compile(r"^(.+?)(ss|i)es\Z")
_1A_2 = re.compile(r"^(.+?)([^s])s\Z")
_1B = re.compile(r"^(.+?)eed\Z")
_1B_2 = re.compile(r"^(.+?)(ed|ing)\Z")
_LAST = re.compile(r".\Z")
_1B_AT = re.compile(r"(at|bl|iz)\Z")
_1B_DOUBLE = re.compile(r"([^aeiouylsz])\1\Z")
_1B_CVC = re.compile("^" + _C + _v + r"[^aeiouwxy]\Z")
_1C = re.compile(r"^(.+?[^aeiou])y\Z")
_2 = re.compile(r"^(.+?)(" + "|".join(_STEP2) + r")\Z")
_3 = re.compile(r"^(.+?)(" + "|".join(_STEP3) + r")\Z")
_4 = re.compile(r"^(.+?)(al|ance|ence|er|ic|able|ible|ant|ement|ment|ent|ou|ism|ate|iti|ous|ive|ize)\Z")
_4_2 = re.compile(r"^(.+?)(s|t)(ion)\Z")
_5 = re.compile(r"^(.+?)e\Z")
_5_LL = re.compile(r"ll\Z")
_5_CVC = re.compile("^" + _C + _v + r"[^aeiouwxy]\Z")


def stem(word: str) -> str:
    """lunr.js 2.3.9's Porter stemmer. JavaScript strings are UTF-16: a word with characters
    outside the Basic Multilingual Plane (emoji) is stemmed as its code units, like lunr.js does."""
    if word.isascii() or max(word) <= "\uffff":
        return _porter(word)
    units = word.encode("utf-16-le", "surrogatepass")
    as_units = "".join(chr(int.from_bytes(units[i:i + 2], "little")) for i in range(0, len(units), 2))
    return _porter(as_units).encode("utf-16-le", "surrogatepass").decode("utf-16-le")


def _porter(w: str) -> str:
    if len(w) < 3:
        return w
    first = w[0]
    if first == "y":
        w = "Y" + w[1:]

    # Step 1a
    if (m := _1A.match(w)) or (m := _1A_2.match(w)):
        w = m.group(1) + m.group(2)

    # Step 1b
    if m := _1B.match(w):
        if _MGR0.match(m.group(1)):
            w = _LAST.sub("", w)
    elif m := _1B_2.match(w):
        stem_ = m.group(1)
        if _S_V.match(stem_):
            w = stem_
            if _1B_AT.search(w):
                w += "e"
            elif _1B_DOUBLE.search(w):
                w = _LAST.sub("", w)
            elif _1B_CVC.match(w):
                w += "e"

    # Step 1c: a final y after a consonant that is not the first letter becomes i
    if m := _1C.match(w):
        w = m.group(1) + "i"

    # Step 2
    if (m := _2.match(w)) and _MGR0.match(m.group(1)):
        w = m.group(1) + _STEP2[m.group(2)]

    # Step 3
    if (m := _3.match(w)) and _MGR0.match(m.group(1)):
        w = m.group(1) + _STEP3[m.group(2)]

    # Step 4
    if m := _4.match(w):
        if _MGR1.match(m.group(1)):
            w = m.group(1)
    elif m := _4_2.match(w):
        stem_ = m.group(1) + m.group(2)
        if _MGR1.match(stem_):
            w = stem_

    # Step 5
    if m := _5.match(w):
        stem_ = m.group(1)
        if _MGR1.match(stem_) or (_MEQ1.match(stem_) and not _5_CVC.match(stem_)):
            w = stem_
    if _5_LL.search(w) and _MGR1.match(w):
        w = _LAST.sub("", w)

    if first == "y":
        w = "y" + w[1:]
    return w
