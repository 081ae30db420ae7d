"""What a reader sees on a doc page: the table of contents (highlight while scrolling, "On this page"
on narrow screens), code blocks and their copy button, synced tabs remembered across a reload,
admonitions in both colour modes, heading anchors, tables, <details> and images.

The page is tests/e2e/fixtures/docs-engine/showcase.md, added to a copy of the site."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.conftest import ScriptsHeld, VariantSite, stub_third_parties
from tests.e2e.docs_engine import (
    DOCUSAURUS,
    DOCUSAURUS_INTRO,
    DOCUSAURUS_PARTIALS,
    EMBED_HOST,
    SHOWCASE,
    TABS_ELSEWHERE,
    add_fixture_pages,
    hydrated,
)

ADMONITIONS = ["note", "tip", "info", "warning", "danger"]


@pytest.fixture(scope="session")
def showcase_site(variant_site: VariantSite) -> str:
    return variant_site("docs-engine", edit=add_fixture_pages)


def open_page(page: Page, url: str, theme: str | None = None) -> None:
    if theme:
        page.add_init_script(f"localStorage.setItem('theme', '{theme}')")
    page.goto(url)
    hydrated(page)


# -- table of contents -------------------------------------------------------------------------

def active_toc_entry(page: Page) -> str:
    return page.locator(".toc-desktop .toc-link-active").inner_text()


def test_the_table_of_contents_highlights_the_heading_in_view(page: Page, showcase_site: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 700})
    open_page(page, showcase_site + SHOWCASE)
    toc = page.locator(".toc-desktop")
    expect(toc.locator(".toc-link")).to_have_text(
        ["Admonitions", "Code", "Tabs", "Tables", "Details", "Images", "Lists", "A long section", "A subsection",
         "The last section"])
    expect(toc.locator(".toc-link-active")).to_have_text("Admonitions")
    for heading in ["Tabs", "Details", "A subsection"]:
        page.locator(f"h2:text-is('{heading}'), h3:text-is('{heading}')").evaluate(
            "h => window.scrollTo({top: h.getBoundingClientRect().top + window.scrollY - 120, behavior: 'instant'})")
        expect(toc.locator(".toc-link-active")).to_have_text(heading)
        expect(toc.locator(".toc-link-active")).to_have_attribute("aria-current", "location")
        expect(toc.locator(".toc-link-active")).to_have_count(1)
    page.evaluate("window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'})")
    expect(toc.locator(".toc-link-active")).to_have_text("The last section")


def test_a_toc_entry_scrolls_to_its_heading_below_the_navbar(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + SHOWCASE)
    page.locator(".toc-desktop .toc-link", has_text="Tables").click()
    expect(page).to_have_url(re.compile(r"#tables$"))
    heading = page.locator("h2#tables")
    page.wait_for_function("() => Math.abs(document.getElementById('tables').getBoundingClientRect().top - "
                           "document.querySelector('.navbar').getBoundingClientRect().bottom) < 40")
    expect(heading).to_be_in_viewport()


def test_on_narrow_screens_on_this_page_is_collapsible(page: Page, showcase_site: str) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    open_page(page, showcase_site + SHOWCASE)
    expect(page.locator(".toc-desktop")).to_be_hidden()
    toggle = page.get_by_role("button", name="On this page")
    expect(toggle).to_be_visible()
    assert toggle.bounding_box()["y"] > page.locator("article h1").bounding_box()["y"], "under the title"  # type: ignore[index]
    entries = page.locator(".toc-mobile .toc-link")
    expect(entries.first).to_be_hidden()
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(entries.first).to_be_visible()
    entries.filter(has_text="Details").click()
    expect(page).to_have_url(re.compile(r"#details$"))
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(entries.first).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "nothing overflows the screen sideways"


# -- code --------------------------------------------------------------------------------------

def test_code_blocks_have_a_title_highlighted_lines_line_numbers_and_scroll(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + SHOWCASE)
    block = page.locator(".code-block").first
    expect(block.locator(".code-block-title")).to_have_text("Request a token")
    lines = block.locator(".line")
    expect(lines).to_have_count(3)
    expect(lines.nth(1)).to_have_class(re.compile(r"\bhighlighted\b"))
    assert lines.nth(0).evaluate("l => getComputedStyle(l, '::before').content") == "counter(line)"
    pre = block.locator("pre")
    assert pre.evaluate("p => p.scrollWidth > p.clientWidth"), "the long line scrolls inside the block"
    assert pre.evaluate("p => getComputedStyle(p).overflowX") == "auto"


def test_the_copy_button_copies_the_code_and_confirms(browser: Browser, showcase_site: str) -> None:
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    open_page(page, showcase_site + SHOWCASE)
    block = page.locator(".code-block").first
    block.hover()
    button = block.locator(".copy-button")
    expect(button).to_have_accessible_name("Copy code to clipboard")
    expect(button).to_be_visible()
    button.click()
    expect(button).to_have_attribute("aria-label", "Copied")
    expect(button).to_contain_text("Copied")
    expect(block.locator("[aria-live=polite]")).to_have_text("Copied to clipboard")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith("curl -X POST https://auth.pre.oneboxtds.com/oauth/token \\\n  -d grant_type=")
    assert not copied.endswith("\n")
    expect(button).to_have_attribute("aria-label", "Copy code to clipboard", timeout=4000)
    context.close()


def test_copy_page_copies_the_pages_markdown_and_view_as_markdown_opens_it(browser: Browser, site_url: str) -> None:
    context = stub_third_parties(browser.new_context(permissions=["clipboard-read", "clipboard-write"]))
    page = context.new_page()
    open_page(page, site_url + "/docs/environments")
    markdown = page.evaluate("() => fetch('/docs/environments.md').then(r => r.text())")
    assert markdown.startswith('---\ntitle: "Environments"\n') and "\n## " in markdown
    page.get_by_role("button", name="Copy page").click()
    expect(page.get_by_role("button", name="Copied")).to_be_visible()
    expect(page.locator(".page-actions [aria-live=polite]")).to_have_text("The page is on the clipboard as Markdown")
    assert page.evaluate("navigator.clipboard.readText()") == markdown
    expect(page.get_by_role("button", name="Copy page")).to_be_visible(timeout=4000)
    view = page.get_by_role("link", name="View as Markdown")
    expect(view).to_have_attribute("href", "/docs/environments.md")
    view.click()
    expect(page).to_have_url(site_url + "/docs/environments.md")
    assert page.locator("body").inner_text().startswith("---\ntitle: \"Environments\"")
    context.close()


# -- tabs --------------------------------------------------------------------------------------

def selected_labels(page: Page) -> list[str]:
    return page.locator(".tabs-container [role=tab][aria-selected=true]").all_inner_texts()


def expect_selected(page: Page, labels: list[str]) -> None:
    """The selected tabs become these: a click on the content before it hydrates is done once it has."""
    expect(page.locator(".tabs-container [role=tab][aria-selected=true]")).to_have_text(labels)


def test_synced_tabs_switch_together_and_are_remembered_across_a_reload_and_pages(page: Page,
                                                                                   showcase_site: str) -> None:
    open_page(page, showcase_site + SHOWCASE)
    assert selected_labels(page) == ["cURL", "cURL"]
    groups = page.locator(".tabs-container")
    groups.nth(1).get_by_role("tab", name="Python").click()
    expect_selected(page, ["Python", "Python"])
    expect(groups.nth(0).locator("[role=tabpanel]:not([hidden])")).to_contain_text("requests.get")
    page.reload()
    hydrated(page)
    expect(groups.nth(0).get_by_role("tab", name="Python")).to_have_attribute("aria-selected", "true")
    assert selected_labels(page) == ["Python", "Python"]
    page.goto(showcase_site + TABS_ELSEWHERE)
    hydrated(page)
    expect(page.locator("[role=tabpanel]:not([hidden])")).to_have_text("Elsewhere, Python.")


# -- the content of a first load: its prerendered HTML, hydrated when the reader reaches for it --------

SHOWCASE_DATA = re.compile(r"/_data/page/docs/e2e/showcase\.json")
CONTENT_CHUNK = re.compile(r"/assets/content-[^/]+\.js$")

# Whether React has hydrated the content: its elements then carry React's own properties.
CONTENT_HYDRATED = """() => Object.keys(document.querySelector('.article-content .code-block'))
    .some((key) => key.startsWith('__react'))"""


def test_a_first_load_carries_the_content_once_and_hydrates_it_when_the_reader_reaches_for_it(
        page: Page, showcase_site: str, console_errors: list[str]) -> None:
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    html = page.request.get(showcase_site + SHOWCASE).text()
    inline = re.search(r'<script id="__docsite_data" type="application/json">(.*?)</script>', html)
    assert inline
    data = json.loads(inline.group(1))["page"]
    assert data["content"] == [] and data["prerendered"] is True
    assert "Second group, Python." in html and "Second group, Python." not in inline.group(1)  # in the HTML only
    assert not re.search(r'modulepreload" href="/assets/content-', html)
    page.goto(showcase_site + SHOWCASE)
    hydrated(page)
    page.wait_for_timeout(500)
    # the page hydrated without the content's data or components (which may come later, with the
    # layouts of the pages it links to: prefetched when the browser is idle)
    assert not [url for url in fetched if SHOWCASE_DATA.search(url)]
    assert page.evaluate(CONTENT_HYDRATED) is False
    page.locator(".article-content p").first.hover()  # the pointer over it
    page.wait_for_function(CONTENT_HYDRATED)
    assert len([url for url in fetched if SHOWCASE_DATA.search(url)]) == 1
    assert [url for url in fetched if CONTENT_CHUNK.search(url)]
    expect(page.locator(".article-content .code-block").first).to_contain_text("curl -X POST")
    assert console_errors == []  # hydrated as the HTML has it: no mismatch


def test_what_the_reader_does_to_the_content_before_it_hydrates_is_done_once_it_has(
        browser: Browser, showcase_site: str) -> None:
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    held: list[Route] = []  # the page's data, answered once the clicks below are held
    page.route(SHOWCASE_DATA, lambda route: held.append(route))
    page.goto(showcase_site + SHOWCASE)
    hydrated(page)
    groups = page.locator(".tabs-container")
    groups.nth(1).get_by_role("tab", name="Python").click()
    copy = page.locator(".code-block").first.locator(".copy-button")
    copy.click()
    while not held:
        page.wait_for_timeout(50)
    # held: nothing happened yet, nor did the browser do anything of its own
    assert selected_labels(page) == ["cURL", "cURL"]
    expect(copy).to_have_attribute("aria-label", "Copy code to clipboard")
    assert page.url == showcase_site + SHOWCASE
    held[0].continue_()
    expect_selected(page, ["Python", "Python"])  # the tab click, with its group in step
    expect(copy).to_have_attribute("aria-label", "Copied")  # and the copy
    assert page.evaluate("navigator.clipboard.readText()").startswith("curl -X POST")
    assert page.evaluate("localStorage.getItem('docsite.tab.language')") == "python"
    context.close()


def test_taps_on_buttons_before_the_page_hydrates_are_done_once_it_has(page: Page, showcase_site: str) -> None:
    # a slow phone: the page is on screen, its scripts still loading; the reader taps a tab of the
    # content, then the menu button. Once the page has hydrated both are done, each once.
    page.set_viewport_size({"width": 375, "height": 740})
    with ScriptsHeld(page, showcase_site + SHOWCASE):
        page.locator(".tabs-container").nth(1).get_by_role("tab", name="Python").click()
        page.get_by_role("button", name="Toggle navigation bar").click()
        assert selected_labels(page) == ["cURL", "cURL"]
        expect(page.locator(".navbar-sidebar")).to_have_count(0)
    expect(page.locator(".navbar-sidebar")).to_be_visible()
    expect_selected(page, ["Python", "Python"])
    page.wait_for_timeout(500)
    expect(page.locator(".navbar-sidebar")).to_be_visible()  # opened, not toggled twice


def test_the_content_before_it_hydrates_shows_the_remembered_tab_and_follows_other_browser_tabs(
        browser: Browser, showcase_site: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if SHOWCASE_DATA.search(request.url) else None)
    page.add_init_script("localStorage.setItem('docsite.tab.language', 'javascript')")
    page.goto(showcase_site + SHOWCASE)
    hydrated(page)
    assert selected_labels(page) == ["JavaScript", "JavaScript"]
    second = page.locator(".tabs-container").nth(1)
    expect(second.locator("[role=tabpanel]:not([hidden])")).to_have_text("Second group, JavaScript.")
    expect(second.get_by_role("tab", name="JavaScript")).to_have_attribute("tabindex", "0")
    other = context.new_page()  # the reader picks another tab elsewhere
    other.goto(showcase_site + TABS_ELSEWHERE)
    hydrated(other)
    other.get_by_role("tab", name="cURL").click()
    expect(second.locator("[role=tabpanel]:not([hidden])")).to_have_text("Second group, cURL.")
    assert selected_labels(page) == ["cURL", "cURL"]
    assert fetched == []  # all of it on the prerendered content
    context.close()


def test_a_page_opened_from_search_keeps_its_highlight_when_its_content_hydrates(
        page: Page, showcase_site: str, console_errors: list[str]) -> None:
    page.goto(showcase_site + SHOWCASE)
    hydrated(page)
    # as a search result leaves the page's history entry, which a reload keeps
    page.evaluate("""() => history.replaceState({...history.state,
        usr: {searchHighlight: {terms: ['group'], type: 'docs'}}}, '')""")
    page.reload()
    hydrated(page)
    marks = page.locator(".article-content mark.search-highlight")
    expect(marks.first).to_be_visible()
    count = marks.count()
    page.locator(".article-content p").first.hover()
    page.wait_for_function(CONTENT_HYDRATED)
    expect(marks).to_have_count(count)
    assert console_errors == []


def test_a_client_side_navigation_to_a_doc_renders_its_content(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/environments")
    hydrated(page)
    page.evaluate("window.__marker = 'same document'")
    page.locator(".paginator-next").click()
    expect(page).not_to_have_url(re.compile(r"/docs/environments$"))
    assert page.evaluate("window.__marker") == "same document"
    # rendered by React with the page's data: its elements carry React's own properties
    page.wait_for_function("""() => [...document.querySelectorAll('.article-content > *')].every(
        (element) => Object.keys(element).some((key) => key.startsWith('__react')))""")


def test_docusaurus_mdx_tabs_and_admonitions_render_as_the_sites(page: Page, showcase_site: str) -> None:
    """<Tabs groupId>/<TabItem default> are the site's tabs, synced with the ::::tabs of the same group;
    :::caution[Title with **Markdown**] and :::important are admonitions; magic comments highlight."""
    open_page(page, showcase_site + DOCUSAURUS)
    caution = page.locator(".admonition-caution")
    expect(caution.locator(".admonition-heading")).to_have_text("Keep your client secret private")
    expect(caution.locator(".admonition-heading strong")).to_have_text("client secret")
    expect(page.locator(".admonition-important .admonition-heading")).to_have_text("Important")
    group = page.locator(".tabs-container").first  # the page's npm2yarn and code tabs follow it
    expect(group.get_by_role("tab", name="Python")).to_have_attribute("aria-selected", "true")  # default
    python = group.locator("[role=tabpanel]:not([hidden])")
    expect(python.locator(".line.highlighted")).to_contain_text("events = requests.get")
    expect(python).not_to_contain_text("highlight-next-line")
    group.get_by_role("tab", name="cURL").click()
    expect(group.locator("[role=tabpanel]:not([hidden])")).to_contain_text("curl https://api.pre.oneboxtds.com")
    page.goto(showcase_site + TABS_ELSEWHERE)  # the same group, written with ::::tabs
    hydrated(page)
    expect(page.locator("[role=tabpanel]:not([hidden])")).to_have_text("Elsewhere, cURL.")


def test_npm2yarn_blocks_and_code_tab_blocks_are_tabs_that_switch_together(page: Page, showcase_site: str) -> None:
    """```bash npm2yarn is npm, Yarn and pnpm tabs with the commands converted; consecutive ```js tab /
    ```ts tab blocks are one set of tabs; each kind is synced across its blocks and remembered."""
    open_page(page, showcase_site + DOCUSAURUS)
    managers = page.locator(".tabs-container").filter(has=page.get_by_role("tab", name="Yarn", exact=True))
    languages = page.locator(".tabs-container").filter(has=page.get_by_role("tab", name="TypeScript"))
    expect(managers).to_have_count(2)
    expect(languages).to_have_count(2)
    expect(managers.first.get_by_role("tab")).to_have_text(["npm", "Yarn", "pnpm"])
    expect(managers.first.locator("[role=tabpanel]:not([hidden]) pre")).to_have_text(
        "npm install --save-dev @onebox/example-client")
    managers.first.get_by_role("tab", name="Yarn").click()
    expect(managers.first.locator("[role=tabpanel]:not([hidden]) pre")).to_have_text(
        "yarn add --dev @onebox/example-client")
    second = managers.nth(1)  # the other npm2yarn block switched with it
    expect(second.get_by_role("tab", name="Yarn")).to_have_attribute("aria-selected", "true")
    expect(second.locator("[role=tabpanel]:not([hidden]) .code-block-title")).to_have_text("Start")
    expect(second.locator("[role=tabpanel]:not([hidden]) pre")).to_have_text("yarn start")
    second.get_by_role("tab", name="pnpm").click()
    expect(managers.first.locator("[role=tabpanel]:not([hidden]) pre")).to_have_text(
        "pnpm add --save-dev @onebox/example-client")
    expect(languages.first.get_by_role("tab")).to_have_text(["JavaScript", "TypeScript"])
    expect(languages.first.locator("[role=tabpanel]:not([hidden]) pre")).to_have_text(
        "const events = await client.listEvents();")
    languages.first.get_by_role("tab", name="TypeScript").click()
    expect(languages.nth(1).get_by_role("tab", name="TypeScript")).to_have_attribute("aria-selected", "true")
    expect(languages.nth(1).locator("[role=tabpanel]:not([hidden]) pre")).to_have_text(
        "console.log(events.length satisfies number);")
    page.reload()
    hydrated(page)
    expect(managers.nth(1).get_by_role("tab", name="pnpm")).to_have_attribute("aria-selected", "true")
    expect(languages.first.get_by_role("tab", name="TypeScript")).to_have_attribute("aria-selected", "true")


# -- Docusaurus habits (tests/e2e/fixtures/docusaurus, its own autogenerated sidebar) --------------

DOCUSAURUS_ADMONITIONS = {"note": "Note", "tip": "Tip with a title", "info": "Info in brackets",
                          "warning": "Warning title", "danger": "Danger title", "caution": "Caution title",
                          "important": "Important title"}


def test_docusaurus_admonitions_of_every_kind_and_hide_title(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + DOCUSAURUS_INTRO)
    for kind, title in DOCUSAURUS_ADMONITIONS.items():
        expect(page.locator(f".admonition-{kind} .admonition-heading")).to_have_text(title)
    expect(page.locator(".admonition-info .admonition-heading strong")).to_have_text("brackets")
    # hide_title: the front matter's title is in <title> only; the page's own # heading is its h1
    expect(page.locator("article h1")).to_have_count(1)
    expect(page.locator("article h1")).to_have_text(re.compile(r"^Welcome, Docusaurus writer"))
    expect(page).to_have_title(re.compile(r"^Docusaurus habits \|"))


def test_docusaurus_partials_toc_inline_and_an_allowed_iframe_render(page: Page, showcase_site: str) -> None:
    """An .mdx page as Docusaurus writes it: its partials' content where they are placed (one from
    @site/, one given a prop), their headings in the page's table of contents; <TOCInline> a list of
    links to the headings; the <iframe> sandboxed at 16:9, its host allowed by the CSP's frame-src."""
    response = page.goto(showcase_site + DOCUSAURUS_PARTIALS)
    hydrated(page)
    article = page.locator("article")
    assert article.locator("h2[id], h3[id]").evaluate_all("all => all.map(h => h.id)") == [
        "before-you-start", "install-the-client", "watch-the-walkthrough", "getting-help"]
    expect(article).to_contain_text("Install the client for the Python client, then read the guides overview.")
    expect(article.locator(".code-block")).to_contain_text("pip install requests")
    expect(article).to_contain_text("Write to the support team")
    for source in ("import ", "@theme/", "props.", "<Setup", "TOCInline"):
        expect(article).not_to_contain_text(source)
    expect(page.locator(".toc-desktop .toc-link")).to_have_text(
        ["Before you start", "Install the client", "Watch the walkthrough", "Getting help"])
    inline = article.locator(".toc-inline")
    expect(inline.locator(":scope > ul > li > a")).to_have_text(
        ["Before you start", "Install the client", "Watch the walkthrough"])
    expect(inline.locator("ul ul a")).to_have_text(["Getting help"])
    inline.get_by_role("link", name="Getting help").click()
    landed(page, "getting-help")
    frame = article.locator(".embed iframe")
    expect(frame).to_have_attribute("src", re.compile(r"^https://www\.youtube-nocookie\.com/embed/"))
    expect(frame).to_have_attribute("sandbox", "allow-scripts allow-same-origin allow-presentation")
    expect(frame).to_have_attribute("loading", "lazy")
    expect(frame).to_have_attribute("title", "Walkthrough of the setup")
    box = frame.bounding_box()
    assert box is not None and abs(box["width"] / box["height"] - 16 / 9) < 0.02
    assert response is not None
    policy = dict(part.split(" ", 1) for part in response.headers["content-security-policy"].split("; "))
    assert f"https://{EMBED_HOST}" in policy["frame-src"].split()
    assert EMBED_HOST not in policy["script-src"]


def landed(page: Page, anchor: str) -> None:
    expect(page).to_have_url(re.compile(re.escape(f"#{anchor}") + "$"))
    page.wait_for_function("id => { const e = document.getElementById(id); const top = e && "
                           "e.getBoundingClientRect().top; return top !== null && top >= 0 && top < 200; }",
                           arg=anchor)


def test_legacy_anchors_and_dotted_heading_ids_are_where_links_land(page: Page, showcase_site: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 600})
    open_page(page, showcase_site + DOCUSAURUS_INTRO)
    for text, anchor in [("To the dotted heading", "v1.2-changes"), ("To the inline anchor", "older-anchor"),
                         ("To the old anchor", "old-anchor")]:
        page.get_by_role("link", name=text).click()
        landed(page, anchor)
    # from another page: a client-side navigation lands on the anchor, and so does a first load
    page.goto(showcase_site + "/docs/docusaurus/reference/anchors")
    hydrated(page)
    page.get_by_role("link", name="The old anchor").click()
    landed(page, "old-anchor")
    page.goto(showcase_site + DOCUSAURUS_INTRO + "#v1.2-changes")
    hydrated(page)
    landed(page, "v1.2-changes")


def test_raw_html_renders_and_hydrates_without_a_mismatch(page: Page, showcase_site: str,
                                                          console_errors: list[str]) -> None:
    open_page(page, showcase_site + DOCUSAURUS_INTRO)
    expect(page.locator("article table tbody tr")).to_have_count(3)  # two raw rows (in the tbody added), one Markdown
    expect(page.locator("article td br")).to_have_count(2)
    expect(page.locator("article span[style]")).to_have_css("font-variant", "small-caps")
    expect(page.locator("article")).to_contain_text("an entity (© —)")
    expect(page.locator("article")).not_to_contain_text("not shown")
    # after a client-side navigation too, SVG attributes keep their case (viewBox)
    page.get_by_role("link", name="Writing guides", exact=True).click()
    expect(page.locator("article h1")).to_have_text("Guides overview")
    page.go_back()
    expect(page.locator("article svg")).to_have_attribute("viewBox", "0 0 20 10")
    assert page.locator("article svg rect").first.get_attribute("stroke-width") == "1"
    assert page.locator("article svg defs > *").evaluate("e => [e.localName, e.firstElementChild.getAttribute("
                                                         "'stop-color')]") == ["linearGradient", "currentColor"]
    assert console_errors == []


def test_category_files_shape_the_autogenerated_sidebar(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + DOCUSAURUS_INTRO)
    sidebar = page.locator(".doc-sidebar-nav")
    expect(sidebar.locator(".menu-level-1 > .menu-link, .menu-level-1 > .menu-category-row > .menu-link")).to_have_text(
        ["Docusaurus habits", "Writing guides", "Reference"])  # by position
    guides = sidebar.locator(".menu-category.guides-category")  # className
    expect(guides.locator(".menu-sublist")).to_be_visible()  # collapsed: false
    expect(guides.locator(".menu-sublist .menu-link")).to_have_text(
        ["Written the Docusaurus way", "Shared setup steps"])
    reference = sidebar.locator(".menu-category", has_text="Reference")
    expect(reference.locator(".menu-sublist")).to_be_hidden()
    reference.locator(".menu-link").first.click()
    expect(page).to_have_url(re.compile(r"/docs/docusaurus/reference$"))
    expect(page.locator("article h1")).to_have_text("All the reference")
    expect(page.locator("article .lead")).to_have_text("Every reference page, generated from the folder.")
    expect(page.locator(".category-card")).to_have_text(re.compile("Anchors from elsewhere"))


def test_doc_tags_link_to_their_tag_pages(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + DOCUSAURUS_INTRO)
    tags = page.locator(".doc-footer .doc-tags .tag")
    expect(tags).to_have_text(["docusaurus", "Legacy anchors"])
    tags.last.click()
    expect(page).to_have_url(re.compile(r"/docs/tags/legacy-anchors$"))
    expect(page.locator("h1")).to_have_text('1 doc tagged with "Legacy anchors"')
    expect(page).to_have_title(re.compile(r'^1 doc tagged with "Legacy anchors" \|'))
    expect(page.locator(".tag-page-doc h2")).to_have_text(["Docusaurus habits"])
    expect(page.locator(".tag-page-doc p")).to_have_text(
        ["A page written as in Docusaurus, for the compatibility tests of what it renders."])
    page.get_by_role("link", name="View all tags").click()
    expect(page.locator("h1")).to_have_text("Tags")
    expect(page.locator(".tag-list .tag", has_text="docusaurus")).to_have_text("docusaurus 2")
    page.goto(showcase_site + "/docs/tags/tabs-and-code")  # prerendered, readable before hydration
    expect(page.locator(".tag-page-doc h2")).to_have_text(["Guides overview", "Written the Docusaurus way"])
    sitemap = page.request.get(showcase_site + "/sitemap.xml").text()
    assert "/docs/tags<" in sitemap and "/docs/tags/legacy-anchors<" in sitemap


def test_tabs_are_keyboard_operable(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + SHOWCASE)
    group = page.locator(".tabs-container").first
    curl = group.get_by_role("tab", name="cURL")
    curl.focus()
    page.keyboard.press("ArrowRight")
    python = group.get_by_role("tab", name="Python")
    expect(python).to_be_focused()
    expect(python).to_have_attribute("aria-selected", "true")
    page.keyboard.press("End")
    expect(group.get_by_role("tab", name="JavaScript")).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(curl).to_be_focused()
    expect(curl).to_have_attribute("tabindex", "0")
    expect(python).to_have_attribute("tabindex", "-1")
    panel = group.locator("[role=tabpanel]:not([hidden])")
    expect(panel).to_have_attribute("aria-labelledby", curl.get_attribute("id") or "")


def test_switching_a_tab_keeps_the_clicked_tab_where_it_was(page: Page, showcase_site: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 600})
    open_page(page, showcase_site + SHOWCASE)
    second = page.locator(".tabs-container").nth(1)
    second.scroll_into_view_if_needed()
    tab = second.get_by_role("tab", name="JavaScript")
    before = tab.bounding_box()["y"]  # type: ignore[index]
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")
    after = tab.bounding_box()["y"]  # type: ignore[index]
    assert abs(after - before) <= 1, "the group above changed height, the page scrolled to compensate"


# -- admonitions -------------------------------------------------------------------------------

def admonition_styles(page: Page) -> dict[str, dict[str, Any]]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.admonition')].map(a => {
        const kind = [...a.classList].find(c => c.startsWith('admonition-')).slice(11);
        const icon = a.querySelector('.admonition-icon');
        const style = getComputedStyle(a), iconStyle = getComputedStyle(icon);
        return [kind, {bg: style.backgroundColor, border: style.borderLeftColor, text: style.color,
                       iconColor: iconStyle.backgroundColor, iconMask: iconStyle.maskImage || iconStyle.webkitMaskImage,
                       iconWidth: icon.getBoundingClientRect().width,
                       title: a.querySelector('.admonition-heading').innerText}];
    }))""")


def luminance(css: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    channel = lambda c: c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4  # noqa: E731
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_admonitions_have_their_icon_and_colour_in_both_modes(browser: Browser, showcase_site: str, theme: str) -> None:
    page = browser.new_page()
    open_page(page, showcase_site + SHOWCASE, theme)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    styles = admonition_styles(page)
    assert list(styles) == ADMONITIONS
    assert [s["title"] for s in styles.values()] == ["NOTE", "PRO TIP", "INFO", "WARNING", "DANGER"]
    assert len({s["bg"] for s in styles.values()}) == 5, "each kind has its own background"
    assert len({s["border"] for s in styles.values()}) == 5, "and its own accent"
    assert len({s["iconMask"] for s in styles.values()}) == 5, "and its own icon"
    for kind, style in styles.items():
        assert style["iconWidth"] > 10 and style["iconMask"].startswith('url("data:image/svg+xml'), kind
        assert style["iconColor"] == style["border"], kind
        assert contrast(style["text"], style["bg"]) >= 4.5, f"{kind} text is readable in {theme} mode"
        assert luminance(style["bg"]) > 0.6 if theme == "light" else luminance(style["bg"]) < 0.1, kind
    page.close()


def test_admonition_colours_follow_the_colour_mode_toggle_without_a_reload(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + SHOWCASE, "light")
    light = admonition_styles(page)
    page.evaluate("window.__marker = 1")
    page.locator(".navbar-items-right .color-mode-toggle").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    dark = admonition_styles(page)
    assert all(light[k]["bg"] != dark[k]["bg"] for k in ADMONITIONS)
    code_bg = page.locator(".code-block").first.evaluate("b => getComputedStyle(b).backgroundColor")
    assert luminance(code_bg) < 0.1, "code blocks switch to the dark token theme"
    assert page.evaluate("window.__marker") == 1


# -- headings, tables, details, images ------------------------------------------------------------

def test_heading_anchors_show_on_hover_and_keyboard_focus(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + SHOWCASE)
    anchor = page.locator("h2#code .hash-link")
    expect(anchor).to_have_attribute("href", "#code")
    expect(anchor).to_have_attribute("aria-label", "Direct link to Code")
    assert anchor.evaluate("a => getComputedStyle(a).opacity") == "0"
    page.locator("h2#code").hover()
    expect(anchor).to_have_css("opacity", "1")
    page.mouse.move(0, 0)
    expect(anchor).to_have_css("opacity", "0")
    page.locator("h2#admonitions .hash-link").focus()
    page.keyboard.press("Tab")  # keyboard focus (focus-visible) moves on through the page...
    for _ in range(40):
        if page.evaluate("document.activeElement.getAttribute('href')") == "#code":
            break
        page.keyboard.press("Tab")
    expect(anchor).to_be_focused()
    expect(anchor).to_have_css("opacity", "1")


def test_wide_tables_scroll_sideways_on_small_screens(page: Page, showcase_site: str) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    open_page(page, showcase_site + SHOWCASE)
    wrapper = page.locator(".table-wrapper").first
    assert wrapper.evaluate("w => getComputedStyle(w).overflowX") == "auto"
    assert wrapper.evaluate("w => w.scrollWidth > w.clientWidth"), "the table is wider than the screen..."
    assert page.evaluate("document.documentElement.scrollWidth") <= 375, "...and scrolls inside its wrapper"
    description = wrapper.locator("tbody tr").first.locator("td").last
    width = description.evaluate("td => td.getBoundingClientRect().width")
    assert width >= 0.55 * 375, "the description stays readable"
    # a keyboard reader reaches the scroll box, named after the table, and scrolls it
    region = page.get_by_role("region", name="Table with columns Key, Type, Description")
    expect(region).to_have_attribute("tabindex", "0")
    region.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("w => w.scrollLeft > 0", arg=wrapper.element_handle())
    # once the table fits, it is no stop on the way: no tab stop, no landmark
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(wrapper).not_to_have_attribute("tabindex", "0")
    expect(wrapper).not_to_have_attribute("role", "region")


def test_details_open_and_close_with_the_animation(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + SHOWCASE)
    details = page.locator("details")
    summary = details.locator("summary")
    body = details.get_by_text("Tokens last 3600 seconds")
    expect(body).to_be_hidden()
    summary.click()
    expect(details).to_have_attribute("open", "")
    expect(body).to_be_visible()
    # whether it is still open when its body starts to animate closed, read in the page at that
    # moment (read afterwards, a busy machine had finished the 200 ms animation in between)
    details.evaluate("""(d) => {
        window.openWhenCollapsing = null;
        new MutationObserver(() => {
            if (d.dataset.collapsed === 'true' && window.openWhenCollapsing === null) {
                window.openWhenCollapsing = d.open;
            }
        }).observe(d, {attributes: true, attributeFilter: ['data-collapsed']});
    }""")
    summary.click()
    expect(details).to_have_attribute("data-collapsed", "true")
    assert page.evaluate("window.openWhenCollapsing") is True, "stays open while its body animates closed"
    expect(details).not_to_have_attribute("open", re.compile(".*"))
    expect(body).to_be_hidden()
    page.keyboard.press("Shift+Tab")
    summary.focus()
    page.keyboard.press("Enter")
    expect(body).to_be_visible()


def test_math_is_mathml_from_the_build_without_javascript(browser: Browser, showcase_site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(showcase_site + SHOWCASE)
    inline = page.locator("span.math math")
    expect(inline).to_have_attribute("display", "inline")
    expect(inline.locator("mo").first).to_have_text("=")
    block = page.locator("div.math-block math")
    expect(block).to_have_attribute("display", "block")
    expect(block.locator("mfrac")).to_have_count(1)
    assert block.bounding_box()["height"] > inline.bounding_box()["height"]  # drawn as math, not as text
    scripts = [s for s in page.evaluate("() => [...document.scripts].map(s => s.src)") if s]
    assert not any("math" in s.lower() for s in scripts)
    context.close()


def test_details_work_without_javascript(browser: Browser, showcase_site: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(showcase_site + SHOWCASE)
    body = page.get_by_text("Tokens last 3600 seconds")
    expect(body).to_be_hidden()
    page.locator("details summary").click()
    expect(body).to_be_visible()
    context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_images_reserve_their_size_load_lazily_and_follow_the_colour_mode(browser: Browser, showcase_site: str,
                                                                          theme: str) -> None:
    page = browser.new_page()
    open_page(page, showcase_site + SHOWCASE, theme)
    images = page.locator("article img")
    expect(images).to_have_count(2)
    for index in range(2):
        image = images.nth(index)
        expect(image).to_have_attribute("width", "480")
        expect(image).to_have_attribute("height", "200")
        expect(image).to_have_attribute("loading", "lazy")
    shown = page.locator("article img:visible")
    expect(shown).to_have_count(1)
    expect(shown).to_have_attribute("src", "/img/e2e/flow.svg" if theme == "light" else "/img/e2e/flow-dark.svg")
    page.close()


def test_the_page_has_no_console_errors(page: Page, showcase_site: str, console_errors: list[str]) -> None:
    open_page(page, showcase_site + SHOWCASE)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_load_state("networkidle")
    assert console_errors == []


def test_an_unlisted_doc_says_so_and_is_not_indexed(page: Page, showcase_site: str) -> None:
    open_page(page, showcase_site + "/docs/e2e/unlisted")
    banner = page.locator(".doc-visibility")
    expect(banner).to_contain_text("Unlisted page")
    expect(page.locator('meta[name="robots"]')).to_have_attribute("content", "noindex, nofollow")
    sitemap = page.request.get(showcase_site + "/sitemap.xml").text()
    assert "/docs/e2e/showcase<" in sitemap and "/docs/e2e/unlisted" not in sitemap
    open_page(page, showcase_site + SHOWCASE)
    expect(page.locator(".doc-visibility")).to_have_count(0)
