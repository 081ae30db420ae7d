"""A locale's search index holds the terms lunr-languages makes in the browser: for every language
offered, the builder's pipeline (src/docsite/search/languages.py) and lunr-languages' (Node) make
the same term of each word, the index names the query pipeline lunr.js would, and the front end's
own search (frontend/src/search/engine.ts, languages.ts) finds a word by its other inflections in
the index the builder wrote."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from docsite.errors import BuildError
from docsite.frontend import node
from docsite.search import languages
from docsite.search.languages import ENGLISH, LANGUAGES, language_of
from docsite.search.lunr_index import LunrIndexBuilder
from docsite.search.lunrjs import tokenize
from tests.conftest import ROOT

RUNNER = Path(__file__).parent / "lunrjs" / "languages.mjs"

# Accents, capitals, elisions, punctuation around words, stop words, digits, words of other scripts.
WORDS = {
    "fr": "événement Événements évènement l'événement qu'il d'accès s'authentifier aujourd'hui «remboursement», "
          "remboursés (annulation) annulées payé paiements contrôleurs cœur Œuvre naïve Noël où déjà le la les "
          "des et été clé API v2 2026 ÉVÉNEMENT ÇA",
    "de": "Zahlungen Zahlung bezahlen „Veranstaltungen“ Veranstaltung Häuser größte schön Straße Schlüssel "
          "Eintrittskarten Verkäufer und der die das API 2026",
    "es": "eventos evento pagos pagado ¿compras? ¡comprar! vendedores autenticación niño años corazón está "
          "el los configuración API 2026",
    "it": "eventi evento pagamenti pagare biglietti venditori autenticazione città perché il la dell'evento",
    "pt": "eventos pagamentos pagar ingressos vendedores autenticação ações coração não o a",
    "ar": "الفعاليات فعالية المدفوعات الدفع تذكرة التذاكر والتذاكر بالتذاكر استرداد المستخدمين يستخدم مستخدم "
          "الكتاب فسيكتبونها أحمد إلى في من هذا المبيعات البائعين ـــكتاب مُستخدَم سيارة مؤسسة قائمة الإصدار "
          "«التذاكر»، API 2026",
}

# Per language: sections of a page, and queries with the section each must find (another inflection).
SECTIONS = {
    "fr": [("/fr/docs/refunds", "Les remboursements sont définitifs une fois acceptés."),
           ("/fr/docs/events", "Chaque événement a ses séances et ses tarifs.")],
    "de": [("/de/docs/payments", "Zahlungen werden sofort bestätigt."),
           ("/de/docs/events", "Jede Veranstaltung hat Vorstellungen.")],
    "es": [("/es/docs/refunds", "Los reembolsos son definitivos."), ("/es/docs/events", "Cada evento tiene sesiones.")],
    "it": [("/it/docs/payments", "I pagamenti sono confermati."), ("/it/docs/events", "Ogni evento ha sessioni.")],
    "pt": [("/pt/docs/payments", "Os pagamentos são confirmados."), ("/pt/docs/events", "Cada evento tem sessões.")],
    "ar": [("/ar/docs/tickets", "تباع التذاكر عبر القنوات."), ("/ar/docs/users", "المستخدمين يحتاجون إلى رمز.")],
}
QUERIES = {
    "fr": [("remboursement", "/fr/docs/refunds"), ("Évènements", "/fr/docs/events"), ("évén", "/fr/docs/events")],
    "de": [("Zahlung", "/de/docs/payments"), ("Veranstaltungen", "/de/docs/events")],
    "es": [("reembolso", "/es/docs/refunds"), ("eventos", "/es/docs/events")],
    "it": [("pagamento", "/it/docs/payments"), ("eventi", "/it/docs/events")],
    "pt": [("pagamento", "/pt/docs/payments"), ("eventos", "/pt/docs/events")],
    "ar": [("والتذاكر", "/ar/docs/tickets"), ("مستخدم", "/ar/docs/users")],
}


@pytest.fixture(scope="module")
def answers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("languages")
    request = {}
    for code in LANGUAGES:
        builder = LunrIndexBuilder({"content": 1}, language=language_of(code))
        for ref, (_, text) in enumerate(SECTIONS[code]):
            builder.add(str(ref), {"content": text})
        documents = [{"id": ref, "title": route, "content": text, "tags": [], "sidebarParentCategories": [],
                      "sectionRoute": route, "sectionTitle": route, "pageTitle": route, "type": "docs"}
                     for ref, (route, text) in enumerate(SECTIONS[code])]
        index_file = out / f"{code}.json"
        index_file.write_text(json.dumps({"documents": documents, "index": builder.serialize()}), encoding="utf-8")
        request[code] = {"words": tokenize(WORDS[code]), "indexFile": str(index_file),
                         "queries": [query for query, _ in QUERIES[code]]}
    (out / "request.json").write_text(json.dumps(request), encoding="utf-8")
    answer = subprocess.run([node(), str(RUNNER), str(out / "request.json")], capture_output=True, text=True,
                            check=False, cwd=ROOT)
    assert answer.returncode == 0, answer.stderr
    return {"request": request, "answer": json.loads(answer.stdout)}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_builder_makes_the_terms_lunr_languages_makes(answers: dict[str, Any], code: str) -> None:
    words = answers["request"][code]["words"]
    ours = [language_of(code).index_term(word) for word in words]
    assert dict(zip(words, ours, strict=True)) == dict(zip(words, answers["answer"][code]["terms"], strict=True))
    assert len({term for term in ours if term}) > len(words) // 2  # most words are indexed, not dropped


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_index_names_the_query_pipeline_lunr_js_would(answers: dict[str, Any], code: str) -> None:
    assert list(language_of(code).search_pipeline) == answers["answer"][code]["pipeline"]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_browser_finds_a_word_by_another_inflection(answers: dict[str, Any], code: str) -> None:
    hits = answers["answer"][code]["hits"]
    assert [found[:1] for found in hits] == [[route] for _, route in QUERIES[code]]


def test_what_the_english_pipeline_would_miss() -> None:
    """Why a locale gets its language's pipeline: lunr's English trimmer cuts accented and Arabic
    letters off, its stemmer does not know French endings."""
    assert ENGLISH.index_term("événement") == "vénement"
    assert ENGLISH.index_term("التذاكر") is None
    french = language_of("fr")
    assert french.index_term("remboursements") == french.index_term("remboursé") != ENGLISH.index_term("remboursé")


def test_a_locale_is_indexed_in_its_language_or_else_english() -> None:
    assert language_of("fr-CA").code == "fr" and language_of("AR").code == "ar"
    assert language_of("en-GB") is ENGLISH
    assert language_of("nl") is ENGLISH and language_of("ja") is ENGLISH  # no stemmer offered: English


def test_without_the_front_ends_packages_the_error_says_how_to_install_them(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(languages, "LUNR_LANGUAGES", tmp_path)
    languages._language.cache_clear()
    try:
        with pytest.raises(BuildError) as raised:
            language_of("de")
    finally:
        languages._language.cache_clear()
    [problem] = raised.value.problems
    assert problem.file == tmp_path / "lunr.de.js" and "cannot be read" in problem.message
    assert "'npm ci' in frontend/" in (problem.fix or "")
