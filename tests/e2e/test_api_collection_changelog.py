"""Each API's Postman collection and changelog in Chromium, on the built site: the collection downloads
from the reference, the landing and the downloads page as a valid collection of the right name;
the changelog page is linked from the reference and the landing, lists the computed changes, and is
in the HTML before any script runs, and in Markdown for machines (its `.md` twin, listed in llms.txt)."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import NewContext
from tests.e2e.test_accessibility import violations
from tests.e2e.test_api_reference import hydrated

SCHEMA = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"


def test_the_postman_collection_downloads_from_the_reference(page: Page, site_url: str,
                                                              console_errors: list[str]) -> None:
    page.goto(site_url + "/specification/catalog")
    hydrated(page)
    with page.expect_download() as download:
        page.locator(".api-header").get_by_role("link", name="Postman collection").click()
    assert download.value.suggested_filename == "catalog.postman_collection.json"
    collection = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert collection["info"]["name"] == "Catalog API" and collection["info"]["schema"] == SCHEMA
    assert [folder["name"] for folder in collection["item"]][:2] == ["Events", "Sessions"]
    assert console_errors == []


def test_the_landing_and_downloads_page_offer_every_collection_and_environment(page: Page, site_url: str) -> None:
    page.goto(site_url + "/specification/")
    hydrated(page)
    cards = page.locator(".api-card")
    expect(cards).to_have_count(6)
    for index in range(6):
        card = cards.nth(index)
        collection = card.get_by_role("link", name="Postman collection")
        assert re.fullmatch(r"/spec/[a-z-]+\.postman_collection\.json", collection.get_attribute("href") or "")
        assert collection.get_attribute("download") is not None
        expect(card.get_by_role("link", name="Changelog")).to_have_attribute(
            "href", re.compile(r"^/specification/[a-z-]+/changelog$"))
    page.goto(site_url + "/spec")
    hydrated(page)
    section = page.locator("section.spec-download", has=page.locator("#orders"))
    with page.expect_download() as download:
        section.get_by_role("link", name="Production environment", exact=True).click()
    assert download.value.suggested_filename == "orders.production.postman_environment.json"
    environment = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert {value["key"]: value["value"] for value in environment["values"]} == {
        "baseUrl": "https://api.oneboxtds.com", "tokenUrl": "https://auth.oneboxtds.com/oauth/token",
        "clientId": "", "clientSecret": ""}


def test_the_changelog_is_linked_from_the_reference_and_lists_the_changes(page: Page, site_url: str,
                                                                          console_errors: list[str]) -> None:
    page.goto(site_url + "/specification/catalog")
    hydrated(page)
    page.locator(".api-header").get_by_role("link", name="Changelog").click()
    expect(page).to_have_url(site_url + "/specification/catalog/changelog")
    expect(page.get_by_role("heading", level=1)).to_have_text("Catalog API changelog")
    latest = page.locator("section.api-release").first
    expect(latest.get_by_role("heading", level=2)).to_have_text("1.3.0 2026-01-19")
    expect(latest.get_by_role("heading", level=3)).to_have_text("Compared with 1.2.0: 0 breaking, 7 other")
    expect(latest.locator(".api-change").first).to_have_text(
        "GET /catalog/v1/events: New optional query parameter city.")
    expect(latest.locator(".api-change", has_text="saleStatus")).to_have_count(3)
    expect(page.locator("#v1-0-0")).to_have_text("1.0.0 2025-06-02")
    assert console_errors == []


def test_the_changelog_is_in_the_html_and_the_sitemap(site_url: str, built_site: Path) -> None:
    with urllib.request.urlopen(site_url + "/specification/customers/changelog") as response:
        html = response.read().decode()
    assert "<h1>Customers Management API changelog</h1>" in html
    assert "<code>data[].orderCount</code>" in html and 'id="v1-1-0"' in html
    sitemap = (built_site / "sitemap.xml").read_text(encoding="utf-8")
    assert "/specification/customers/changelog</loc>" in sitemap
    assert "/spec/" not in sitemap, "downloads are files, not pages"


def test_the_changelog_and_the_collection_are_in_the_markdown_for_machines(site_url: str) -> None:
    def text(path: str) -> str:
        with urllib.request.urlopen(site_url + path) as response:
            return str(response.read().decode())

    changelog = text("/specification/catalog/changelog.md")
    assert "## 1.2.0 (2025-11-17)\n\n- Seat-level availability:" in changelog
    assert ("Compared with 1.1.0:\n\n- `GET /catalog/v1/sessions/{sessionId}`: New 200 response field `limits`."
            in changelog)
    reference = text("/specification/catalog.md")
    assert "Postman: [collection](https://developers.oneboxtds.com/spec/catalog.postman_collection.json)" in reference
    assert "[changelog](https://developers.oneboxtds.com/specification/catalog/changelog.md)" in reference
    assert "(https://developers.oneboxtds.com/specification/catalog/changelog.md)" in text("/llms.txt")


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_no_axe_violations_on_the_changelog_and_the_pages_with_the_new_links(new_context: NewContext, site_url: str,
                                                                              mode: str) -> None:
    context = new_context()
    context.add_init_script(f"localStorage.setItem('theme', '{mode}')")
    page = context.new_page()
    for route in ["/specification/catalog/changelog", "/specification/customers/changelog", "/specification/",
                  "/spec", "/specification/catalog"]:
        page.goto(site_url + route)
        hydrated(page)
        assert violations(page) == [], route
