"""Translated sites in the browser (issue 15): CHROME's French locale (tests/e2e/variants.py
`french`: one doc, a navbar label and the copyright translated) and a right-to-left Arabic one
with nothing translated yet."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import VariantSite
from tests.e2e.test_delivery import request
from tests.e2e.variants import CHROME, FRENCH_INFLECTED, FRENCH_MOVED, FRENCH_WORD, RTL, arabic, french

NOTICE = "This page has not been translated yet: it is shown in English."


def test_a_translated_page_is_served_below_its_locale(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    page.goto(url + "/fr/docs/environments")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    expect(page.locator("h1")).to_have_text("Environnements")
    expect(page.get_by_role("note").filter(has_text="not been translated")).to_have_count(0)
    # navbar and footer labels from i18n/fr/docusaurus-theme-classic/*.json; links stay in French
    expect(page.locator(".navbar-items-right").get_by_role("link", name="Blogue")).to_have_attribute("href", "/fr/blog")
    expect(page.locator("footer")).to_contain_text("Droits d'auteur © 2025 Variant Inc.")
    expect(page.locator(".doc-sidebar .menu-link-active")).to_have_attribute("href", "/fr/docs/environments")
    # the page in every locale, for search engines
    alternates = page.locator('link[rel="alternate"][hreflang]').evaluate_all(
        "links => links.map(l => [l.hreflang, new URL(l.href).pathname])")
    assert alternates == [["en", "/docs/environments"], ["fr", "/fr/docs/environments"],
                          ["x-default", "/docs/environments"]]
    page.goto(url + "/docs/environments")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator('link[rel="alternate"][hreflang="fr"]')).to_have_count(1)


def test_an_untranslated_page_is_the_default_locales_with_a_notice(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    response = page.goto(url + "/fr/docs/certification")
    assert response is not None and response.status == 200
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("note").filter(has_text="not been translated")).to_have_text(NOTICE)
    for path in ("/fr/faq", "/fr/blog/welcome", "/fr/"):  # a Markdown page, a blog post, a React page (YAML)
        page.goto(url + path)
        expect(page.get_by_role("note").filter(has_text="not been translated")).to_have_text(NOTICE)
    expect(page.get_by_role("complementary", name="Translation")).to_be_visible()  # a landmark: above <main>
    for path in ("/docs/certification", "/", "/fr/docs/environments"):
        page.goto(url + path)
        expect(page.get_by_role("note").filter(has_text="not been translated")).to_have_count(0)


def test_search_in_each_locale_finds_its_own_pages(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    for path, found in (("/fr/docs/environments", True), ("/docs/environments", False)):
        page.goto(url + path)
        page.locator(".navbar-search input").click()
        box = page.locator("#site-search-input")
        expect(box).to_be_focused()
        box.fill(FRENCH_WORD)
        if found:
            expect(page.locator(".search-hit").first).to_have_attribute("href", re.compile("^/fr/docs/environments"))
        else:
            expect(page.get_by_text("No results found.")).to_be_visible()


def test_french_search_finds_another_inflection_and_english_pages_load_no_language(
        page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    scripts: list[str] = []
    page.on("request", lambda request: scripts.append(request.url) if request.resource_type == "script" else None)
    for path in ("/docs/environments", "/fr/docs/environments"):
        page.goto(url + path)
        page.locator(".navbar-search input").click()
        page.locator("#site-search-input").fill(FRENCH_INFLECTED[1])
        if path.startswith("/fr/"):
            expect(page.locator(".search-hit").first).to_have_attribute("href", "/fr/docs/environments#events")
        else:
            expect(page.get_by_text("No results found.")).to_be_visible()
            assert not [s for s in scripts if "lunr." in s.rsplit("/", 1)[-1]], scripts  # no language code fetched
    assert [s for s in scripts if "lunr.fr" in s.rsplit("/", 1)[-1]], scripts  # French's, for the French site


def test_a_right_to_left_locale(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("rtl", config=RTL, edit=arabic)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(url + "/ar/docs/environments")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    expect(page.get_by_role("note").filter(has_text="not been translated")).to_have_text(NOTICE)
    # the page is mirrored: the docs sidebar on the right of the article
    sidebar = page.locator(".doc-sidebar").bounding_box()
    article = page.locator("article").bounding_box()
    assert sidebar is not None and article is not None and sidebar["x"] > article["x"]
    page.get_by_role("button", name="Languages").click()
    page.get_by_role("link", name="English").click()
    expect(page).to_have_url(url + "/docs/environments")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")


def test_redirects_apply_in_every_locale(variant_site: VariantSite) -> None:
    """site.yaml's `redirects` and a translated page's `redirect_from`, below the locale's path, on the
    preview server (which applies the build's `_redirects`, as nginx and the hosts do)."""
    url = variant_site("chrome", config=CHROME, edit=french)
    for path, location in (("/docs/intro?from=mail", "/docs/?from=mail"),  # site.yaml: /docs/intro -> /docs/
                           ("/fr/docs/intro?from=mail", "/fr/docs/?from=mail"),
                           (f"/fr{FRENCH_MOVED}", "/fr/docs/environments")):
        answer = request(url, path)
        assert (answer.status, answer.header("Location")) == (301, location), path
    assert request(url, FRENCH_MOVED).status == 404  # the English page was not moved
