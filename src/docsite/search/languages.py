"""Index terms in the language of a locale, exactly as lunr-languages makes them in the browser.

A French page indexed with lunr's English pipeline is found only by the spelling it uses: the
English stemmer does not know that `remboursements` and `remboursé` are one word, and lunr's
trimmer (ASCII `\\W`) cuts `événement` to `vénement`. The browser queries a locale's index with the
lunr-languages pipeline of its language (frontend/src/search/languages.ts), so the builder indexes
with the same one: a trimmer keeping the language's letters, its stop words, French's accent
folding, and its stemmer.

- The stop word lists and each language's letters are read from the lunr-languages package the
  front end bundles (frontend/node_modules), so the two sides cannot drift apart.
- The Snowball stemmers are PyPI's `snowballstemmer`, the algorithms lunr-languages was generated
  from. It is newer in one place that matters here: its French and Italian stemmers first remove
  an elision (`l'`, `qu'`, `dell'`...), lunr.fr's and lunr.it's do not (`l'événement` -> `l'even`),
  so that step is switched off.
  Its Dutch and Russian stemmers are newer algorithms (`betalen` -> `betaal`, lunr.nl `betal`;
  `ё` folded to `е`): those languages are not offered.
- lunr.ar's stemmer is not a Snowball one: it is ported below, step by step.

tests/unit/test_search_languages.py runs both sides over words of every language offered.
A locale whose language is not offered is indexed with lunr's English pipeline (`lunrjs.py`),
as every locale was before; the writers' guide says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import Any

import snowballstemmer
from snowballstemmer.french_stemmer import FrenchStemmer
from snowballstemmer.italian_stemmer import ItalianStemmer

from docsite.errors import BuildError
from docsite.search import lunrjs

LUNR_LANGUAGES = Path(__file__).resolve().parents[3] / "frontend" / "node_modules" / "lunr-languages"
SNOWBALL = {"fr": "french", "de": "german", "es": "spanish", "it": "italian", "pt": "portuguese"}
LANGUAGES = (*SNOWBALL, "ar")  # the languages offered, by their ISO 639-1 code


@dataclass(frozen=True)
class Language:
    """A lunr pipeline: what the index holds of a token, and the labels of the functions the
    browser runs on a query term (the serialized index's `pipeline`)."""

    code: str
    index_term: Callable[[str], str | None]
    search_pipeline: tuple[str, ...]

    def index_terms(self, text: str) -> list[str]:
        return [term for term in map(self.index_term, lunrjs.tokenize(text)) if term is not None]


ENGLISH = Language("en", lunrjs.index_term, ("stemmer",))


def language_of(html_lang: str) -> Language:
    """The pipeline for a locale's `htmlLang` (`fr`, `fr-CA`): its language's, else English's."""
    code = html_lang.split("-")[0].lower()
    return _language(code) if code in LANGUAGES else ENGLISH


@cache
def _language(code: str) -> Language:
    source = _source(code)
    letters = _word_characters(source, code) + "0-9"  # lunr-languages adds ASCII digits to every language's
    leading, trailing = re.compile(f"^[^{letters}]+"), re.compile(f"[^{letters}]+\\Z")
    stop_words = _stop_words(source, code)
    stem = _arabic_stem if code == "ar" else _snowball(code)
    fold = _french_fold if code == "fr" else None

    @lru_cache(maxsize=200_000)
    def index_term(token: str) -> str | None:
        word = trailing.sub("", leading.sub("", token))
        if not word or word in stop_words:
            return None
        return stem(fold(word) if fold else word)

    if code == "ar":  # lunr.ar's search pipeline only stems
        return Language(code, index_term, ("stemmer-ar",))
    folding = (f"accentFold-{code}",) if fold else ()
    return Language(code, index_term, (f"trimmer-{code}", *folding, f"stemmer-{code}"))


def _source(code: str) -> str:
    file = LUNR_LANGUAGES / f"lunr.{code}.js"
    try:
        return file.read_text(encoding="utf-8")
    except OSError as exc:
        raise BuildError.at(f"the search index of a '{code}' locale needs lunr-languages' {file.name}, which "
                            f"cannot be read ({exc.strerror})", file,
                            fix="install the front end's packages: 'npm ci' in frontend/ (make build does)") from None


def _word_characters(source: str, code: str) -> str:
    """`lunr.<code>.wordCharacters = "A-Za-z\\xAA..."`: a JavaScript string of \\x and \\u escapes."""
    found = re.search(rf'lunr\.{code}\.wordCharacters = "([^"]*)"', source)
    if not found:
        raise RuntimeError(f"lunr.{code}.js has no wordCharacters: has lunr-languages changed?")
    return re.sub(r"\\x([0-9A-Fa-f]{2})|\\u([0-9A-Fa-f]{4})",
                  lambda m: re.escape(chr(int(m.group(1) or m.group(2), 16))), found.group(1))


def _stop_words(source: str, code: str) -> frozenset[str]:
    """`lunr.generateStopWordFilter('a b c'.split(' '))`: the words (an empty one included, as in JS)."""
    found = re.search(r"lunr\.generateStopWordFilter\('([^']*)'\.split\(' '\)\)", source)
    if not found:
        raise RuntimeError(f"lunr.{code}.js has no stop word list: has lunr-languages changed?")
    return frozenset(found.group(1).split(" "))


class _FrenchWithoutElisions(FrenchStemmer):  # type: ignore[misc]
    """Snowball's French stemmer as lunr.fr has it: `l'événement` keeps its `l'`."""

    def _FrenchStemmer__r_elisions(self) -> bool:
        return False


class _ItalianWithoutElisions(ItalianStemmer):  # type: ignore[misc]
    """Snowball's Italian stemmer as lunr.it has it: `dell'evento` keeps its `dell'`."""

    def _ItalianStemmer__r_elisions(self) -> bool:
        return False


def _snowball(code: str) -> Callable[[str], str]:
    older: dict[str, Any] = {"fr": _FrenchWithoutElisions, "it": _ItalianWithoutElisions}
    stemmer = older[code]() if code in older else snowballstemmer.stemmer(SNOWBALL[code])
    return stemmer.stemWord  # type: ignore[no-any-return]


_FOLDS = [("àáâäÀÁÂÄ", "a"), ("çÇ", "c"), ("éèêëÉÈÊË", "e"), ("îïÎÏ", "i"), ("ôöÔÖ", "o"), ("ùûüÙÛÜ", "u"),
          ("Ÿÿ", "y"), ("æÆ", "ae"), ("œŒ", "oe")]
_FOLD = str.maketrans({letter: plain for letters, plain in _FOLDS for letter in letters})


def _french_fold(word: str) -> str:
    """lunr.fr.accentFold: accented letters to plain ones, before the stemmer."""
    return word.translate(_FOLD)


# -- lunr.ar's stemmer --------------------------------------------------------------------------
#
# A light stemmer: normalize the letters, strip the longest known prefix, then by the word's length
# try the root patterns (a match maps the word onto its root and stops) and strip suffixes and
# one-letter prefixes. Its quirks are kept: only the first of several alefs with hamza, waw with
# hamza, yeh with hamza and teh marbuta is replaced, and the one-letter steps run once per word.

_PREFIXES = {n: tuple(words.split()) for n, words in {
    1: "ف ك ب و س ل ن ا ي ت", 2: "ال لل", 3: "بال وال فال تال كال ولل", 4: "فبال كبال وبال وكال"}.items()}
_SUFFIXES = {n: tuple(words.split()) for n, words in {
    1: "ه ك ت ن ا ي",
    2: "نك نه ها وك يا اه ون ين تن تم نا وا ان كم كن ني نن ما هم هن تك ته ات يه",
    3: "تين كهم نيه نهم ونه وها يهم ونا ونك وني وهم تكم تنا تها تني تهم كما كها ناه نكم هنا تان يها",
    4: "كموه ناها ونني ونهم تكما تموه تكاه كماه ناكم ناهم نيها وننا"}.items()}


@cache
def _arabic_patterns() -> dict[str, list[dict[str, Any]]]:
    """lunr.ar's root patterns by word and root length (`pt53`): each a list of checks (`pt`: the
    letter at position `l` is one of `c`) and, for some, the root (`mPt`: at position `l`, the
    word's letter `m`, else the letter `c`)."""
    found = re.search(r"self\.patterns = JSON\.parse\('([^']*)'\)", _source("ar"))
    if not found:
        raise RuntimeError("lunr.ar.js has no root patterns: has lunr-languages changed?")
    patterns: dict[str, list[dict[str, Any]]] = json.loads(found.group(1))
    return patterns


class _ArabicWord:
    """One word being stemmed: lunr.ar's state (the word, and whether a step has ended it)."""

    def __init__(self, word: str) -> None:
        self.word = word
        self.done = False
        self.prefix_removed = False
        self.suffix_removed = False

    def strip_prefix(self, length: int, min_length: int) -> bool:
        if len(self.word) >= min_length and self.word.startswith(_PREFIXES[length]):
            self.word = self.word[length:]
            return True
        return False

    def strip_suffix(self, length: int, min_length: int) -> bool:
        if len(self.word) >= min_length and self.word.endswith(_SUFFIXES[length]):
            self.word = self.word[:-length]
            return True
        return False

    def prefixes_432(self) -> None:
        if self.strip_prefix(4, 7) or self.strip_prefix(3, 6) or self.strip_prefix(2, 5):
            self.prefix_removed = True

    def suffixes_432(self) -> None:
        if self.strip_suffix(4, 6) or self.strip_suffix(3, 5) or self.strip_suffix(2, 4):
            self.suffix_removed = True

    def prefix_1(self) -> None:
        if not self.prefix_removed and self.strip_prefix(1, 4):
            self.prefix_removed = True

    def suffix_1(self) -> None:
        if not self.suffix_removed and self.strip_suffix(1, 4):
            self.suffix_removed = True

    def pattern(self, name: str) -> None:
        word = self.word
        for pattern in _arabic_patterns()[name]:
            if all(check["l"] < len(word) and word[check["l"]] in check["c"].split(",") for check in pattern["pt"]):
                if "mPt" in pattern:
                    root = {letter["l"]: (word[letter["m"]] if letter["m"] < len(word) else "") if "m" in letter
                            else letter["c"] for letter in pattern["mPt"]}
                    self.word = "".join(root.get(at, "") for at in range(max(root) + 1))
                self.done = True
                return


def _arabic_stem(token: str) -> str:
    w = _ArabicWord(re.sub("[\u064b-\u065b]", "", token.replace("\u0640", "")))  # tatweel, diacritics
    w.word = re.sub("[\u0622\u0623\u0625\u0671\u0649]", "\u0627", w.word, count=1)  # one alef form
    if w.word in _arabic_stemmer_stop_words():
        return w.word
    w.word = w.word.replace("\u0624", "\u0621", 1).replace("\u0626", "\u0621", 1)
    w.word = re.sub("\u0627{2,}", "\u0627", w.word)
    if len(w.word) > 3 and w.word.startswith("\u0648\u0648"):
        w.word = w.word[1:]
    w.prefixes_432()
    if len(w.word) <= 2:  # removeEndTaa ends the stemming of a short word
        return w.word
    w.word = re.sub("\u0627\\Z", "", w.word).replace("\u0629", "", 1)
    _arabic_word_check(w)
    return w.word


def _arabic_word_check(w: _ArabicWord) -> None:
    """lunr.ar's wordCheck: steps by the word's length, each while the word keeps that length."""
    steps, checked, counter = [w.suffixes_432, w.suffix_1, w.prefix_1], False, 0
    while len(w.word) >= 7 and not w.done and counter < len(steps):
        if len(w.word) == 7 and not checked:
            w.pattern("pt73")
            checked = True
        else:
            steps[counter]()
            counter += 1
            checked = False
    for length, first, last in ((6, "pt63", "pt64"), (5, "pt53", "pt54")):
        by_length: list[Callable[[], None]] = [partial(w.pattern, first), w.suffixes_432, w.suffix_1, w.prefix_1,
                                               partial(w.pattern, last)]
        counter = 0
        while len(w.word) == length and not w.done and counter < len(by_length):
            by_length[counter]()
            counter += 1
    four: list[Callable[[], None]] = [partial(w.pattern, "pt43"), w.suffix_1, w.prefix_1, w.suffixes_432]
    counter = 0
    while len(w.word) == 4 and not w.done and counter < len(four):
        four[counter]()
        counter += 1


@cache
def _arabic_stemmer_stop_words() -> frozenset[str]:
    """The words lunr.ar's stemmer leaves alone (its own list, in its removeStopWords step)."""
    found = re.search(r"var stopWords = '([^']*)'\.split\(' '\)", _source("ar"))
    if not found:
        raise RuntimeError("lunr.ar.js has no stemmer stop words: has lunr-languages changed?")
    return frozenset(found.group(1).split(" "))
