"""Every route of the specification is prerendered, served, hydrated without errors, and navigable."""

from __future__ import annotations

import re
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import CONTENT
from tests.e2e.conftest import NewContext
from tests.e2e.routes import ALL_ROUTES, DOCS, TOP_LEVEL


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def min_words(route: str) -> int:
    """Words a page's <main> holds at least: lists of posts and of tags are short."""
    return 5 if (route.startswith("/blog/") and route != "/blog/welcome") or route == "/docs/tags" else 20


@pytest.mark.parametrize("route", ALL_ROUTES)
def test_route_is_prerendered_with_title_and_content(site_url: str, route: str) -> None:
    status, html = fetch(site_url + route)
    assert status == 200
    assert '<html lang="en" dir="ltr"' in html
    title = re.search(r"<title>(.*?)</title>", html)
    assert title and "Onebox Developers" in title.group(1)
    assert re.search(r'<meta data-head="name=description" name="description" content="[^"]{20,}"', html)
    assert re.search(r'<link data-head="rel=canonical" rel="canonical" href="https://developers\.oneboxtds\.com/', html)
    main = re.search(r"<main[^>]*>(.*?)</main>", html, re.S)
    assert main, "the page has a <main> element with its content"
    text = re.sub(r"<[^>]+>", " ", main.group(1))
    minimum = min_words(route)
    assert len(text.split()) >= minimum, f"{route} prerenders its content, not an empty shell"
    if route in TOP_LEVEL:
        assert TOP_LEVEL[route].replace('"', "&quot;") in html or TOP_LEVEL[route] in html


def test_docs_render_their_title_as_h1(site_url: str) -> None:
    for route in DOCS:
        _, html = fetch(site_url + route)
        assert re.search(r"<h1[^>]*>[^<]+</h1>", html), route


def test_pages_are_readable_with_javascript_disabled(new_context: NewContext, site_url: str) -> None:
    context = new_context(java_script_enabled=False)
    page = context.new_page()
    for route in ["/", "/docs/environments", "/blog/welcome", "/specification/distribution", "/faq"]:
        page.goto(site_url + route)
        expect(page.locator("main h1")).to_be_visible()
        assert len(page.locator("main").inner_text().split()) > 50, route
    for route in ALL_ROUTES:  # every route: its title and content show without JavaScript
        page.goto(site_url + route)
        expect(page.locator("main")).to_be_visible()
        assert page.title().endswith("Onebox Developers"), route
        minimum = min_words(route)
        assert len(page.locator("main").inner_text().split()) >= minimum, route


def test_robots_txt_allows_crawling_and_names_the_sitemap(site_url: str) -> None:
    status, robots = fetch(site_url + "/robots.txt")
    assert status == 200
    assert robots.splitlines()[:2] == ["User-agent: *", "Allow: /"]
    assert "Sitemap: https://developers.oneboxtds.com/sitemap.xml" in robots
    status, sitemap = fetch(site_url + "/sitemap.xml")
    assert status == 200 and "<loc>https://developers.oneboxtds.com/docs/environments</loc>" in sitemap


def test_no_console_errors_or_hydration_warnings_on_any_route(page: Page, site_url: str) -> None:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"{page.url}: {m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    page.on("pageerror", lambda e: problems.append(f"{page.url}: uncaught: {e}"))
    for route in ALL_ROUTES:
        page.goto(site_url + route, wait_until="networkidle")
        # hydrated: the colour-mode toggle is enabled only once React has mounted
        expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    assert problems == []


def test_internal_link_navigates_without_reloading_the_document(page: Page, site_url: str) -> None:
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(site_url + "/docs/")
    page.evaluate("window.__marker = 'same document'")
    page.locator(".doc-sidebar a", has_text="Environments").click()
    expect(page).to_have_url(site_url + "/docs/environments")
    expect(page.locator("article h1")).to_have_text("Environments")
    assert page.evaluate("window.__marker") == "same document"
    # its data came as JSON (prefetched when the link came into view, or fetched on the click)
    assert any(re.search(r"/_data/page/docs/environments\.json", url) for url in requested)
    expect(page).to_have_title(re.compile(r"^Environments \| Onebox Developers$"))
    canonical = page.locator('link[rel="canonical"]').get_attribute("href")
    assert canonical == "https://developers.oneboxtds.com/docs/environments"


def test_unknown_path_answers_404_with_the_not_found_page(page: Page, site_url: str) -> None:
    status, html = fetch(site_url + "/no/such/page")
    assert status == 404
    assert "Page not found" in html
    response = page.goto(site_url + "/no/such/page")
    assert response is not None and response.status == 404
    expect(page.locator("main h1")).to_have_text("Page not found")


def test_client_side_navigation_to_a_missing_page_shows_not_found(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()  # hydrated: the router listens
    page.evaluate("window.__marker = 1")
    # go through the router (as a link of the site would), not a full page load
    page.evaluate("window.history.pushState({}, '', '/docs/does-not-exist');"
                  "window.dispatchEvent(new PopStateEvent('popstate'))")
    expect(page.locator("main h1")).to_have_text("Page not found")
    assert page.evaluate("window.__marker") == 1


@pytest.mark.parametrize("path", ["/specification/foo", "/specification/catalog/extra"])
def test_a_path_below_the_api_reference_shows_its_landing_with_404(page: Page, site_url: str, path: str,
                                                                   console_errors: list[str]) -> None:
    """/specification/ is a non-exact route (spec section 2): its landing, with a note, status 404."""
    response = page.goto(site_url + path)
    assert response is not None and response.status == 404
    expect(page.locator("main h1")).to_have_text("API reference")
    note = page.locator(".api-not-found")
    expect(note).to_contain_text("API not found")
    expect(note.locator("code")).to_have_text(path)  # the address, once hydrated
    expect(page.locator(".api-card")).to_have_count(6)
    expect(page).to_have_title("API not found | Onebox Developers")
    page_itself = "the server responded with a status of 404"  # Chromium logs the document's own 404
    assert [e for e in console_errors if page_itself not in e] == [], "hydrates without a mismatch"


def test_client_side_navigation_below_the_api_reference_shows_its_landing(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    page.evaluate("window.__marker = 1")
    page.evaluate("window.history.pushState({}, '', '/specification/nope');"
                  "window.dispatchEvent(new PopStateEvent('popstate'))")
    expect(page.locator(".api-not-found code")).to_have_text("/specification/nope")
    expect(page.locator(".api-card").first).to_be_visible()
    assert page.evaluate("window.__marker") == 1
    page.evaluate("window.history.pushState({}, '', '/elsewhere/nope');"
                  "window.dispatchEvent(new PopStateEvent('popstate'))")
    expect(page.locator("main h1")).to_have_text("Page not found")


@pytest.mark.parametrize(("path", "title"), [
    ("/docs/environments.html", "Environments"),
    ("/docs/authentication/index.html", "Authentication"),
    ("/docs/environments/", "Environments"),
])
def test_html_suffixes_are_stripped(page: Page, site_url: str, path: str, title: str,
                                    console_errors: list[str]) -> None:
    response = page.goto(site_url + path, wait_until="networkidle")
    assert response is not None and response.status == 200
    expect(page.locator("article h1")).to_have_text(title)
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    assert console_errors == []


def test_widget_tests_page_links_to_the_installation_guide(page: Page, site_url: str) -> None:
    page.goto(site_url + "/widget-tests")
    link = page.locator("main li").get_by_role("link", name="the installation guide")
    expect(link).to_have_attribute("href", "/docs/widget/installation")


def test_widget_tests_snippet_has_the_installation_guides_shape(page: Page, site_url: str) -> None:
    """The container, then the script, attributes in the guide's order: only the values differ."""
    guide = (CONTENT / "docs" / "widget" / "installation.md").read_text()
    block = re.search(r'```html title="Embed the widget for one event"\n(.*?)```', guide, re.S)
    assert block
    page.goto(site_url + "/widget-tests?channelId=812&eventId=4521&environment=pre-production&locale=es-ES")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    expect(page.locator("main pre code").first).to_contain_text("pre-production")
    snippet = (page.locator("main pre code").first.text_content() or "").rstrip("\n")

    def shape(html: str) -> list[str]:
        return [re.sub(r'="[^"]*"', '=""', line.strip()) for line in html.strip().split("\n")]

    assert shape(snippet) == shape(block[1])
    assert snippet.split("\n")[-1] == '<script async src="https://widget.oneboxtds.com/v2/widget.js"></script>'


@pytest.mark.parametrize("doc", ["/docs/widget/", "/docs/widget/installation"])
def test_the_widget_docs_link_the_widget_test_page(page: Page, site_url: str, doc: str) -> None:
    page.goto(site_url + doc)
    link = page.locator("article").get_by_role("link", name="widget test page")
    expect(link).to_have_attribute("href", "/widget-tests")

