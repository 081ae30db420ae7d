"""Versioned docs in the browser (issue 15): a site with three versions (tests/e2e/variants.py's
VERSIONS): the version dropdown and link, the preferred version, banners and badge, sidebars and
search per version."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import VariantSite
from tests.e2e.test_delivery import request
from tests.e2e.variants import VERSION_WORDS, VERSIONS, three_versions

KEY = "docs-preferred-version-default"


def versions_site(variant_site: VariantSite) -> str:
    return variant_site("versions", config=VERSIONS, edit=three_versions)


def dropdown(page: Page) -> Locator:
    return page.locator(".navbar-items-right .navbar-dropdown").first


def hydrated(page: Page) -> None:
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()


def test_each_version_is_served_at_its_path_with_its_sidebar(page: Page, variant_site: VariantSite) -> None:
    url = versions_site(variant_site)
    for path, label in (("/docs/environments", "2.0"), ("/docs/next/environments", "Next"),
                        ("/docs/1.0/environments", "1.0.x")):
        page.goto(url + path)
        expect(page.locator("h1")).to_have_text("Environments")
        expect(page.locator(".doc-version-badge")).to_have_text(f"Version: {label}")
        prefix = path.removesuffix("environments")
        expect(page.locator(".doc-sidebar .menu-link-active")).to_have_attribute("href", path)
        for links in (".doc-sidebar a.menu-link", ".paginator a"):
            hrefs = page.locator(links).evaluate_all("links => links.map(a => a.getAttribute('href'))")
            assert hrefs and all(h.startswith(prefix) for h in hrefs), (path, links, hrefs)
    page.goto(url + "/docs/1.0/authentication/access-control-clients")
    expect(page.locator(".breadcrumbs a.breadcrumb-link").nth(1)).to_have_attribute("href", "/docs/1.0/authentication/")


def test_banners_link_to_the_same_page_in_the_latest_version(page: Page, variant_site: VariantSite) -> None:
    url = versions_site(variant_site)
    page.goto(url + "/docs/next/environments")
    banner = page.locator(".doc-version-banner")
    expect(banner).to_contain_text("This is documentation for version Next, which is not yet released.")
    banner.get_by_role("link", name="latest version").click()
    expect(page).to_have_url(url + "/docs/environments")
    expect(page.locator(".doc-version-banner")).to_have_count(0)  # the latest has none
    page.goto(url + "/docs/1.0/environments")
    expect(page.locator(".doc-version-banner")).to_contain_text(
        "This is documentation for version 1.0.x, which is no longer maintained. See the latest version (2.0).")
    page.goto(url + "/docs/next/whats-next")  # not in 2.0: to its main doc
    expect(page.locator(".doc-version-banner").get_by_role("link")).to_have_attribute("href", "/docs/")


def test_the_dropdown_leads_to_this_page_in_each_version(page: Page, variant_site: VariantSite) -> None:
    url = versions_site(variant_site)
    page.goto(url + "/docs/next/environments")
    hydrated(page)
    menu = dropdown(page)
    expect(menu.get_by_role("button")).to_have_text(re.compile("Next"))
    links = menu.locator(".dropdown-menu a")
    expect(links).to_have_text(["Next", "2.0", "1.0.x"])
    expect(links.nth(0)).to_have_attribute("href", "/docs/next/environments")
    expect(links.nth(1)).to_have_attribute("href", "/docs/environments")
    expect(links.nth(2)).to_have_attribute("href", "/docs/1.0/environments")
    page.goto(url + "/docs/next/whats-next")  # only in Next: the others' main doc
    hydrated(page)
    expect(dropdown(page).locator(".dropdown-menu a").nth(2)).to_have_attribute("href", "/docs/1.0/")


def test_choosing_a_version_stores_it_and_the_version_link_opens_it(page: Page, variant_site: VariantSite) -> None:
    """Issue 17's missing browser test: from a doc page, the dropdown's choice is the preferred
    version, and off the docs the docs version link then opens that version."""
    url = versions_site(variant_site)
    page.goto(url + "/docs/environments")
    hydrated(page)
    menu = dropdown(page)
    menu.get_by_role("button").click()
    menu.get_by_role("link", name="1.0.x").click()
    expect(page).to_have_url(url + "/docs/1.0/environments")
    assert page.evaluate(f"localStorage.getItem('{KEY}')") == "1.0"
    page.goto(url + "/faq")
    hydrated(page)
    # labelled with the version it leads to, as Docusaurus's docs version item
    version_link = page.locator(".navbar-items-right").get_by_role("link", name="1.0.x", exact=True)
    expect(version_link).to_have_attribute("href", "/docs/1.0/")
    version_link.click()
    expect(page).to_have_url(url + "/docs/1.0/")
    expect(page.locator(".doc-version-badge")).to_have_text("Version: 1.0.x")


def test_search_finds_the_docs_of_the_version_being_read(page: Page, variant_site: VariantSite) -> None:
    url = versions_site(variant_site)
    for path, version in (("/docs/1.0/environments", "1.0"), ("/docs/next/environments", "current"),
                          ("/docs/environments", "2.0")):
        page.goto(url + path)
        page.locator(".navbar-search input").click()
        box = page.locator("#site-search-input")
        expect(box).to_be_focused()
        for other, word in VERSION_WORDS.items():
            box.fill(word)
            hits = page.locator(".search-hit")
            if other == version:
                expect(hits.first).to_have_attribute("href", re.compile(f"^{re.escape(path)}#version-words"))
            else:
                expect(page.get_by_text("No results found.")).to_be_visible()
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")


def test_the_versions_data_and_sitemap(page: Page, variant_site: VariantSite) -> None:
    url = versions_site(variant_site)
    data = page.request.get(url + "/_data/docs/default.json").json()
    assert [(v["name"], v["path"], v["isLast"]) for v in data["versions"]] == [
        ("current", "/docs/next/", False), ("2.0", "/docs/", True), ("1.0", "/docs/1.0/", False)]
    sitemap = page.request.get(url + "/sitemap.xml").text()
    assert "/docs/environments<" in sitemap and "/docs/1.0/environments<" in sitemap
    assert "/docs/next/" not in sitemap, "the unreleased version is not in the sitemap"
    html = page.request.get(url + "/docs/1.0/environments").text()
    assert '<link rel="canonical" href="http://' not in html or "/docs/environments" in html


def test_llms_txt_leads_to_every_versions_docs(variant_site: VariantSite) -> None:
    """What an LLM reader fetches: the root llms.txt (the latest version's docs) names each other
    version's llms.txt, which lists that version's pages as Markdown, all served."""
    url = versions_site(variant_site)
    root = request(url, "/llms.txt")
    assert root.status == 200 and root.media_type == "text/plain"
    listed = re.findall(r"\(https://[^/)]+(/docs/[^)]*/llms\.txt)\)", root.body.decode())
    assert listed == ["/docs/next/llms.txt", "/docs/1.0/llms.txt"]
    for path in listed:
        pages = re.findall(r"\(https://[^/)]+(/docs/[^)]*\.md)\)", request(url, path).body.decode())
        assert pages and all(p.startswith(path.removesuffix("/llms.txt")) for p in pages), (path, pages)
        assert all(request(url, p).status == 200 for p in pages), pages
