"""Site search in the browser: the box's states and keys, results, the index loading, the search
page, highlights on the destination page, and accessibility.

The tests that take `search_url` run on both search engines: this site's (lunr, spec conformance) and
the same site built with `search.engine: pagefind` (docsite.search.pagefind), built once per session."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from tests.e2e.axe import inject_axe
from tests.e2e.conftest import ScriptsHeld

PLACEHOLDER = ".navbar-search input"
BOX = "#site-search-input"
INDEX_FILES = "**/search-index-*.json*"
# What each engine fetches first: lunr's index files, Pagefind's API (the rest of its bundle follows it).
FIRST_FETCHED = {"lunr": (INDEX_FILES, 3), "pagefind": ("**/pagefind/pagefind.js*", 1)}
PAGEFIND = {"search": {"engine": "pagefind"}}
RECORD_WINDOW_OPEN = "window.__opened = []; window.open = (...args) => { window.__opened.push(args); return null; };"


@pytest.fixture(scope="module", params=["lunr", "pagefind"])
def engine(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def search_url(engine: str, site_url: str, variant_site: Callable[..., str]) -> str:
    """The site, its search on `engine`."""
    return site_url if engine == "lunr" else variant_site("pagefind", config=PAGEFIND)


def open_box(page: Page, site_url: str, route: str = "/docs/environments") -> Locator:
    """Load `route` and click into the navbar's search field: the real box takes over, focused."""
    page.goto(site_url + route)
    page.locator(PLACEHOLDER).click()
    box = page.locator(BOX)
    expect(box).to_be_focused()
    return box


def search(page: Page, site_url: str, query: str, route: str = "/docs/environments") -> Locator:
    box = open_box(page, site_url, route)
    box.fill(query)
    return box


def options(page: Page) -> Locator:
    return page.get_by_role("listbox").get_by_role("option")


def stop_the_clock(page: Page) -> None:
    """From now on the page's timers only fire when the test runs the clock."""
    page.clock.pause_at(START + timedelta(minutes=10))


START = datetime(2025, 6, 1, 12, 0)


def real_errors(errors: list[str]) -> list[str]:
    """Console errors, without the browser's own line for an HTTP error status."""
    return [e for e in errors if not e.startswith("Failed to load resource")]


# -- loading ------------------------------------------------------------------------------------

def test_a_doc_page_loads_no_search_code_until_the_box_is_used(page: Page, site_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(site_url + "/docs/environments")
    page.wait_for_load_state("networkidle")
    lazy = re.compile(r"SearchBox|worker|highlight|SearchPage|search-index")
    assert [u for u in requests if lazy.search(u)] == []

    with page.expect_request(re.compile(r"search-index-")):
        page.locator(PLACEHOLDER).focus()  # first use: the indexes are fetched, before any query
    expect(page.locator(BOX)).to_be_focused()
    page.locator(BOX).fill("refund")
    expect(options(page).first).to_be_visible()
    indexes = [u for u in requests if "search-index-" in u]
    assert sorted(re.sub(r"\?.*", "", u.rsplit("/", 1)[1]) for u in indexes) == [
        "search-index-blog.json", "search-index-default.json", "search-index-docs-default-current.json"]
    page.locator(BOX).blur()
    page.locator(BOX).focus()
    page.locator(BOX).fill("token")
    expect(options(page).first).to_be_visible()
    assert len([u for u in requests if "search-index-" in u]) == 3  # fetched once, then cached


def test_the_index_files_are_listed_in_the_site_data(page: Page, site_url: str) -> None:
    site = page.request.get(site_url + "/_data/site.json").json()
    assert site["search"]["tags"] == ["docs-default-current", "blog", "default"]
    assert site["search"]["maxResults"] == 8 and site["search"]["maxInputLength"] == 512
    for tag in site["search"]["tags"]:
        data = page.request.get(f"{site_url}/search-index-{tag}.json").json()
        assert set(data) == {"documents", "index"} and data["index"]["version"] == "2.3.9"
        spec_fields = {"id", "title", "content", "tags", "sidebarParentCategories", "sectionRoute", "sectionTitle",
                       "pageTitle", "type"}  # spec section 3
        assert all(set(document) == spec_fields for document in data["documents"]), tag


def test_a_pagefind_site_fetches_its_bundle_on_first_use_and_no_index_file(page: Page, variant_site: Any) -> None:
    url = variant_site("pagefind", config=PAGEFIND)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    response = page.goto(url + "/docs/environments")
    assert response is not None and "'wasm-unsafe-eval'" in response.headers["content-security-policy"]
    page.wait_for_load_state("networkidle")
    assert [u for u in requests if re.search(r"/pagefind/|search-index|worker", u)] == []
    site = page.request.get(url + "/_data/site.json").json()
    assert site["search"]["engine"] == "pagefind"
    assert site["search"]["tags"] == ["docs-default-current", "blog", "default"]  # Pagefind's filter `index`

    with page.expect_request(re.compile(r"/pagefind/pagefind\.js")):
        page.locator(PLACEHOLDER).focus()  # first use: the bundle's API loads, before any query
    page.locator(BOX).fill("refund")
    expect(options(page).first).to_be_visible()
    assert [u for u in requests if "search-index-" in u] == []
    fragments = [u for u in requests if "/pagefind/fragment/" in u]
    assert 1 <= len(fragments) <= 8  # the pages of the first results only
    assert page.request.get(url + "/search-index-default.json").status == 404


def test_the_lunr_site_has_no_pagefind_bundle(page: Page, site_url: str) -> None:
    response = page.goto(site_url + "/docs/environments")
    assert response is not None and "wasm-unsafe-eval" not in response.headers["content-security-policy"]
    assert page.request.get(site_url + "/_data/site.json").json()["search"]["engine"] == "lunr"
    assert page.request.get(site_url + "/pagefind/pagefind.js").status == 404


# -- results ------------------------------------------------------------------------------------

def test_results_show_page_section_categories_and_marked_snippet(page: Page, search_url: str) -> None:
    box = search(page, search_url, "refund order items")
    hits = options(page)
    expect(hits.first).to_be_visible()
    assert 1 <= hits.count() <= 8
    expect(hits.first).to_have_attribute("aria-selected", "true")  # the first result is active
    tutorial = hit(page, "Refund order items", "Orders management tutorials")  # a page: its category
    expect(tutorial).to_have_count(1)
    expect(tutorial.locator(".search-hit-snippet mark").first).to_have_text(re.compile(r"^(refund|order|item)", re.I))
    box.fill("refund part")
    question = page.locator(".search-hit", has=page.locator(".search-hit-title", has_text="Can I refund part"))
    expect(question.locator(".search-hit-path")).to_have_text("Frequently asked questions")  # a section: its page


def test_a_snippet_cut_from_its_section_shows_ellipses(page: Page, search_url: str) -> None:
    # 'hardware': once in the site, in the middle of a long section (Double reads and second scans)
    page.goto(search_url + "/search?q=hardware")
    snippet = page.locator(".search-page-hit .search-hit-snippet").first
    expect(snippet).to_have_text(re.compile(r"^… \S.*\bhardware\b.*\S …$", re.S))
    expect(snippet.locator("mark")).to_have_text(re.compile(r"^hardware\W?$"))
    page.goto(search_url + "/search?q=refund")  # whole sections, and sections cut at one end
    snippets = page.locator(".search-page-hit .search-hit-snippet")
    expect(snippets.first).to_be_visible()
    texts = snippets.all_inner_texts()
    assert all(re.fullmatch(r"(… )?\S.*\S( …)?", text, re.S) for text in texts), texts


def test_a_query_typed_fast_ends_on_its_own_results(page: Page, search_url: str) -> None:
    box = open_box(page, search_url)
    box.press_sequentially("refund order items")  # each keystroke a search, most superseded by the next
    expect(box).to_have_value("refund order items")
    expect(hit(page, *TUTORIAL)).to_have_count(1)
    expect(page.locator(".search-box")).to_have_attribute("data-status", "idle")
    box.press("Control+a")
    box.press_sequentially("webhook")
    expect(options(page).first.locator(".search-hit-title")).to_contain_text(re.compile("webhook", re.I))


# The tutorial and the API operation are both titled "Refund order items": the path tells them apart.
TUTORIAL = ("Refund order items", "Orders management tutorials")


def hit(page: Page, title: str, path: str) -> Locator:
    """The result titled `title` whose path (categories or page) is `path`."""
    return (page.locator(".search-hit", has=page.locator(".search-hit-title", has_text=re.compile(f"^{title}$")))
            .filter(has=page.locator(".search-hit-path", has_text=re.compile(f"^{path}$"))))


def open_result(page: Page, title: str, path: str) -> None:
    """Click the result titled `title` under `path`."""
    hit(page, title, path).click()


def test_at_most_eight_results_best_first(page: Page, search_url: str) -> None:
    search(page, search_url, "api")
    expect(options(page)).to_have_count(8)


def test_arrow_keys_move_the_active_result(page: Page, search_url: str) -> None:
    box = search(page, search_url, "refund")
    hits = options(page)
    expect(hits.first).to_have_attribute("aria-selected", "true")
    box.press("ArrowDown")
    expect(hits.nth(1)).to_have_attribute("aria-selected", "true")
    expect(hits.first).to_have_attribute("aria-selected", "false")
    expect(box).to_have_attribute("aria-activedescendant", hits.nth(1).get_attribute("id") or "")
    box.press("ArrowUp")
    expect(hits.first).to_have_attribute("aria-selected", "true")


def test_no_results(page: Page, search_url: str) -> None:
    search(page, search_url, "zqxjvw")
    expect(page.get_by_text("No results found.")).to_be_visible()
    expect(options(page)).to_have_count(0)


def test_query_syntax_and_long_input_never_break_search(page: Page, search_url: str,
                                                        console_errors: list[str]) -> None:
    box = search(page, search_url, "title:refund^2 ~+-* scope:")
    expect(options(page).first).to_be_visible()
    box.fill("^~+-*:")
    expect(page.get_by_text("No results found.")).to_be_visible()
    expect(box).to_have_attribute("maxlength", "512")
    box.fill("x" * 600)
    assert len(box.input_value()) == 512
    assert console_errors == []


# -- states -------------------------------------------------------------------------------------

def test_a_slow_index_shows_the_loading_indicator_after_300_ms(page: Page, search_url: str, engine: str) -> None:
    held: list[Route] = []
    files, count = FIRST_FETCHED[engine]
    page.route(files, lambda route: held.append(route))
    page.clock.install(time=START)
    box = open_box(page, search_url)
    stop_the_clock(page)
    box.fill("refund")
    loading = page.locator(".search-loading")
    page.clock.run_for(290)
    expect(loading).to_have_count(0)  # loading: no indicator yet
    page.clock.run_for(20)
    expect(loading).to_be_visible()  # stalled
    expect(loading).to_have_attribute("role", "status")
    page.wait_for_timeout(200)
    assert len(held) == count
    for route in held:
        route.continue_()
    expect(options(page).first).to_be_visible()
    expect(loading).to_have_count(0)  # idle


@pytest.mark.parametrize("failure", ["status 500", "network error"])
def test_an_index_that_fails_to_load_is_silently_empty(page: Page, search_url: str, engine: str, failure: str,
                                                        console_errors: list[str]) -> None:
    files, _ = FIRST_FETCHED[engine]
    if failure == "status 500":
        page.route(files, lambda route: route.fulfill(status=500, body="broken"))
    else:
        page.route(files, lambda route: route.abort("failed"))
    search(page, search_url, "refund")
    expect(page.get_by_text("No results found.")).to_be_visible()
    expect(page.get_by_role("alert")).to_have_count(0)
    assert real_errors(console_errors) == []


def test_one_failed_index_leaves_the_others(page: Page, site_url: str) -> None:
    page.route("**/search-index-docs-default-current.json*", lambda route: route.fulfill(status=404))
    search(page, site_url, "refund part")
    expect(page.locator(".search-hit-path", has_text="Frequently asked questions").first).to_be_visible()
    expect(page.locator(".search-hit-path", has_text="tutorials")).to_have_count(0)  # the docs' index


# -- keys ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("shortcut", ["Control+k", "Meta+k", "/"])
def test_shortcuts_focus_the_search_box(page: Page, search_url: str, shortcut: str) -> None:
    page.goto(search_url + "/docs/environments")
    page.locator("main h1").click()
    page.keyboard.press(shortcut)
    expect(page.locator(BOX)).to_be_focused()
    page.keyboard.type("token")
    expect(page.locator(BOX)).to_have_value("token")  # nothing typed is lost while the box loads
    expect(options(page).first).to_be_visible()


def test_a_search_started_before_the_page_hydrates_goes_on_once_it_has(page: Page, site_url: str) -> None:
    # a slow phone: the reader taps the field and types while the page's scripts still load
    with ScriptsHeld(page, site_url + "/docs/environments"):
        page.locator(PLACEHOLDER).click()
        page.keyboard.type("token")
    box = page.locator(BOX)
    expect(box).to_be_focused()
    expect(box).to_have_value("token")
    expect(options(page).first).to_be_visible()


def test_slash_in_a_text_field_is_typed(page: Page, search_url: str) -> None:
    box = open_box(page, search_url)
    box.fill("a")
    box.press("/")
    expect(box).to_have_value("a/")


def test_escape_closes_the_panel_then_clears_the_query(page: Page, search_url: str) -> None:
    box = search(page, search_url, "refund")
    expect(page.get_by_role("listbox")).to_be_visible()
    box.press("Escape")
    expect(page.get_by_role("listbox")).to_have_count(0)
    expect(box).to_have_attribute("aria-expanded", "false")
    expect(box).to_have_value("refund")
    box.press("Escape")
    expect(box).to_have_value("")
    expect(box).to_be_focused()


def test_tab_or_a_click_outside_closes_the_panel(page: Page, search_url: str) -> None:
    box = search(page, search_url, "refund")
    expect(page.get_by_role("listbox")).to_be_visible()
    box.press("Tab")
    expect(page.get_by_role("listbox")).to_have_count(0)
    box.focus()
    expect(page.get_by_role("listbox")).to_be_visible()  # focus reopens it with the query
    page.locator("main h1").click()
    expect(page.get_by_role("listbox")).to_have_count(0)


def test_enter_opens_the_active_result_without_reloading(page: Page, search_url: str) -> None:
    box = search(page, search_url, "refund")
    page.evaluate("window.__samePage = true")
    expect(options(page).first).to_be_visible()
    box.press("ArrowDown")
    expect(options(page).nth(1)).to_have_attribute("aria-selected", "true")
    second = options(page).nth(1).locator(".search-hit-title").inner_text()
    box.press("Enter")
    expect(page).not_to_have_url(re.compile(r"/docs/environments$"))
    expect(page.locator("main")).to_contain_text(second)
    assert page.evaluate("window.__samePage") is True  # client-side navigation
    expect(page.get_by_role("listbox")).to_have_count(0)


@pytest.mark.parametrize(("keys", "features"), [("Control+Enter", "noopener"), ("Meta+Enter", "noopener"),
                                                ("Shift+Enter", "noopener,popup")])
def test_modified_enter_opens_a_new_tab_or_window(page: Page, search_url: str, keys: str, features: str) -> None:
    page.add_init_script(RECORD_WINDOW_OPEN)
    box = search(page, search_url, "refund")
    expect(options(page).first).to_have_attribute("aria-selected", "true")
    box.press(keys)
    opened = page.evaluate("window.__opened")
    assert len(opened) == 1 and opened[0][1:] == ["_blank", features]
    assert page.url.endswith("/docs/environments")  # this tab stays
    box.press("Enter")  # the same result, in this tab
    expect(page).to_have_url(search_url + opened[0][0])


def test_clicking_a_result_opens_it(page: Page, search_url: str) -> None:
    search(page, search_url, "refund")
    open_result(page, *TUTORIAL)
    expect(page).to_have_url(re.compile(r"/docs/api-orders-mgmt/tutorials/refund-order-items$"))


def test_results_are_real_links_a_middle_click_opens_in_a_new_tab(page: Page, search_url: str) -> None:
    """Each result is an <a href> to its section: the status bar, the context menu, copying its
    address and a middle-click work as on any link, and the page itself stays."""
    search(page, search_url, "refund")
    result = hit(page, *TUTORIAL)
    expect(result).to_have_attribute("href", "/docs/api-orders-mgmt/tutorials/refund-order-items")
    expect(result).to_have_attribute("role", "option")
    with page.context.expect_page() as opened:
        result.click(button="middle")
    expect(opened.value).to_have_url(search_url + "/docs/api-orders-mgmt/tutorials/refund-order-items")
    assert page.url == search_url + "/docs/environments"
    with page.context.expect_page() as opened:
        result.click(modifiers=["Control"])
    expect(opened.value).to_have_url(search_url + "/docs/api-orders-mgmt/tutorials/refund-order-items")
    assert page.url == search_url + "/docs/environments"
    first = options(page).first
    anchor = first.get_attribute("href") or ""
    assert anchor.startswith("/") and first.evaluate("el => el.tagName") == "A"


def test_enter_without_results_and_submit_open_the_search_page(page: Page, search_url: str) -> None:
    box = search(page, search_url, "zqxjvw")
    expect(page.get_by_text("No results found.")).to_be_visible()
    box.press("Enter")
    expect(page).to_have_url(re.compile(r"/search\?q=zqxjvw$"))
    box = search(page, search_url, "refund order")
    page.get_by_role("button", name="Submit").click()
    expect(page).to_have_url(re.compile(r"/search\?q=refund%20order$"))


def test_clear_and_cancel(page: Page, search_url: str) -> None:
    box = search(page, search_url, "refund")
    page.get_by_role("button", name="Cancel").click()
    expect(page.get_by_role("listbox")).to_have_count(0)
    box.fill("refund")
    page.get_by_role("button", name="Clear").click()
    expect(box).to_have_value("")
    expect(box).to_be_focused()


def test_an_operation_opens_from_search_at_its_anchor(page: Page, search_url: str) -> None:
    from tests.e2e.test_api_reference import assert_just_below_navbar
    search(page, search_url, "refund order items")
    open_result(page, "Refund order items", "Orders Management API")  # the operation, not the tutorial
    expect(page).to_have_url(search_url + "/specification/orders#operation-refundOrderItems")
    assert_just_below_navbar(page, "operation-refundOrderItems")


def test_an_error_code_typed_as_it_is_opens_its_reference_entry_first(page: Page, site_url: str) -> None:
    from tests.e2e.test_api_reference import assert_just_below_navbar
    search(page, site_url, "BOOKING_ALREADY_PURCHASED")
    first = options(page).first
    expect(first.locator(".search-hit-title")).to_have_text("BOOKING_ALREADY_PURCHASED")
    expect(first.locator(".search-hit-path")).to_have_text("Distribution API")
    expect(options(page).nth(1)).to_be_visible()  # then the pages that explain it
    page.keyboard.press("Enter")
    expect(page).to_have_url(site_url + "/specification/distribution#error-BOOKING_ALREADY_PURCHASED")
    assert_just_below_navbar(page, "error-BOOKING_ALREADY_PURCHASED")


def test_an_enum_value_typed_as_it_is_lists_the_schemas_declaring_it_first(page: Page, site_url: str) -> None:
    search(page, site_url, "SOLD_OUT")  # SaleStatus and AvailabilityStatus (Catalog), Session (Management)
    titles = options(page).locator(".search-hit-title")
    expect(titles.nth(2)).to_be_visible()
    assert sorted(titles.all_inner_texts()[:3]) == ["AvailabilityStatus", "SaleStatus", "Session"]


# -- highlight on the destination ---------------------------------------------------------------

def text_of(page: Page, site_url: str, route: str, selector: str) -> str:
    """The text of `selector` on `route` opened directly, for comparison."""
    other = page.context.new_page()
    other.goto(site_url + route)
    text = other.locator(selector).inner_text()
    other.close()
    return text


def test_terms_are_highlighted_in_the_article_and_removed_after_navigating_on(page: Page, search_url: str) -> None:
    search(page, search_url, "refund")
    open_result(page, *TUTORIAL)
    route = "/docs/api-orders-mgmt/tutorials/refund-order-items"
    expect(page).to_have_url(re.compile(route + "$"))
    marks = page.locator("mark.search-highlight")
    expect(marks.first).to_be_visible()
    assert marks.count() == page.locator("main article mark.search-highlight").count()  # in the article only
    expect(page.locator(".code-block").first).to_contain_text("refund")
    expect(page.locator(".code-block mark")).to_have_count(0)  # code is not indexed, nor marked
    assert page.locator("main article").inner_text() == text_of(page, search_url, route, "main article")

    page.locator(".paginator-prev").click()  # the previous doc: same layout, new content
    expect(page).not_to_have_url(re.compile(route + "$"))
    next_route = page.url.removeprefix(search_url)
    expect(page.locator("main h1")).not_to_have_text("Refund order items")
    expect(marks).to_have_count(0)
    assert page.locator("main").inner_text() == text_of(page, search_url, next_route, "main")


def test_terms_are_highlighted_in_the_article_of_blog_posts(page: Page, search_url: str) -> None:
    search(page, search_url, "organized")
    open_result(page, "How the docs are organized", "Welcome to the Onebox developer portal")
    expect(page).to_have_url(re.compile(r"/blog/welcome#how-the-docs-are-organized$"))
    marks = page.locator("mark.search-highlight")
    expect(marks.first).to_have_text(re.compile(r"^organi", re.I))  # the stem marks "organization" too
    assert marks.count() == page.locator("main article mark.search-highlight").count()  # in the post only


def test_terms_are_highlighted_in_the_main_area_of_other_pages(page: Page, search_url: str) -> None:
    search(page, search_url, "refund part")
    faq = page.locator(".search-hit-path", has_text="Frequently asked questions")
    page.locator(".search-hit", has=faq).first.click()
    expect(page).to_have_url(re.compile(r"/faq#"))
    expect(page.locator("main mark.search-highlight").first).to_be_visible()


# -- the search page ----------------------------------------------------------------------------

def test_the_search_page_lists_every_result(page: Page, search_url: str, console_errors: list[str]) -> None:
    page.goto(search_url + "/search?q=api")
    count = page.locator(".search-page-count")
    expect(count).to_have_text(re.compile(r"^\d+ results for “api”$"))
    total = int(count.inner_text().split()[0])
    assert total > 20
    hits = page.locator(".search-page-hit")
    expect(hits).to_have_count(20)
    page.get_by_role("button", name="Show more results").click()
    expect(hits).to_have_count(min(total, 40))
    expect(hits.first.locator("a")).to_have_attribute("href", re.compile(r"^/"))
    expect(page.locator(".search-page-hit mark").first).to_be_visible()
    assert console_errors == []  # hydrated from the prerendered shell without a mismatch


def test_the_search_page_searches_as_you_type_and_keeps_the_query_in_the_url(page: Page, search_url: str) -> None:
    page.goto(search_url + "/search")
    field = page.get_by_role("searchbox", name="Search terms")
    expect(field).to_be_focused()
    field.fill("refund")
    expect(page).to_have_url(re.compile(r"/search\?q=refund$"))
    expect(page.locator(".search-page-hit").first).to_be_visible()
    page.locator(".search-page-hit a").first.click()
    expect(page.locator("mark.search-highlight").first).to_be_visible()


def test_the_search_page_prerenders_its_shell(page: Page, search_url: str) -> None:
    html = page.request.get(search_url + "/search").text()
    assert "<h1>Search the documentation</h1>" in html and 'placeholder="Search..."' in html


# -- mobile, accessibility ----------------------------------------------------------------------

def test_search_is_hidden_on_mobile(browser: Any, search_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    page.goto(search_url + "/docs/environments")
    expect(page.locator(".navbar-search")).to_be_hidden()
    page.keyboard.press("Control+k")
    expect(page.locator(PLACEHOLDER)).not_to_be_focused()
    page.get_by_role("button", name="Toggle navigation bar").click()
    expect(page.locator(".navbar-sidebar .navbar-search")).to_have_count(0)
    context.close()


def axe_violations(page: Page, selector: str) -> list[dict[str, Any]]:
    inject_axe(page)
    violations: list[dict[str, Any]] = page.evaluate(
        "async (selector) => (await axe.run(selector)).violations"
        ".map(v => ({id: v.id, nodes: v.nodes.map(n => n.html)}))", selector)
    return violations


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_search_box_is_an_accessible_combobox(page: Page, search_url: str, theme: str) -> None:
    page.add_init_script(f"localStorage.setItem('theme', '{theme}')")
    box = search(page, search_url, "refund")
    expect(box).to_have_attribute("role", "combobox")
    expect(box).to_have_attribute("aria-expanded", "true")
    expect(box).to_have_attribute("aria-controls", page.get_by_role("listbox").get_attribute("id") or "")
    expect(page.get_by_role("combobox", name="Search the documentation")).to_be_visible()
    assert axe_violations(page, ".navbar-search") == []
    box.fill("zqxjvw")
    expect(page.get_by_text("No results found.")).to_be_visible()
    assert axe_violations(page, ".navbar-search") == []


def test_the_search_page_is_accessible(page: Page, search_url: str) -> None:
    page.goto(search_url + "/search?q=refund")
    expect(page.locator(".search-page-hit").first).to_be_visible()
    assert axe_violations(page, "main") == []


# -- search analytics ---------------------------------------------------------------------------

ANALYTICS = {"search": {"maxResults": 30, "analytics": {"appId": "TESTAPP", "apiKey": "search-key",
                                                        "indexName": "onebox-docs"}}}
INSIGHTS_SCRIPT = "**/search-insights*/dist/search-insights.min.js"
# Stands in for Algolia's search-insights: records the calls the page queued and makes.
FAKE_INSIGHTS = """(function () {
  var aa = window[window.AlgoliaAnalyticsObject || 'aa'];
  var calls = (window.__insights = []);
  var queued = aa.queue || [];
  aa.queue = { push: function (args) { calls.push({ method: args[0], params: args[1] }); } };
  queued.forEach(function (args) { aa.queue.push(args); });
})();"""


@pytest.fixture
def analytics_url(variant_site: Callable[..., str]) -> str:
    return variant_site("search-analytics", config=ANALYTICS)


def views(page: Page) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = page.evaluate("window.__insights || []")
    return [call["params"] for call in calls if call["method"] == "viewedObjectIDs"]


def test_viewed_results_are_reported_in_batches_of_20_after_400_ms(page: Page, analytics_url: str) -> None:
    page.route(INSIGHTS_SCRIPT, lambda route: route.fulfill(body=FAKE_INSIGHTS, content_type="text/javascript"))
    page.clock.install(time=START)
    box = open_box(page, analytics_url)
    page.wait_for_function("() => window.__insights !== undefined")  # the (fake) script has loaded
    stop_the_clock(page)
    box.fill("a")
    expect(options(page).first).to_be_visible()
    page.clock.run_for(200)
    box.fill("api")  # a new query within 400 ms: the first results are never reported
    expect(options(page)).to_have_count(30)
    page.clock.run_for(390)
    assert views(page) == []
    page.clock.run_for(30)
    batches = views(page)
    assert [len(b["objectIDs"]) for b in batches] == [20, 10]
    assert all(b["index"] == "onebox-docs" and b["eventName"] == "Items Viewed" for b in batches)
    routes = [oid for b in batches for oid in b["objectIDs"]]
    assert len(set(routes)) == 30 and all(r.startswith("/") for r in routes)
    calls: list[dict[str, Any]] = page.evaluate("window.__insights")
    assert {"method": "init", "params": {"partial": True, "appId": "TESTAPP", "apiKey": "search-key"}} in calls


def test_a_search_analytics_script_that_fails_to_load_is_logged_and_search_works(
        page: Page, analytics_url: str, console_errors: list[str]) -> None:
    page.route(INSIGHTS_SCRIPT, lambda route: route.abort("failed"))
    search(page, analytics_url, "refund")
    open_result(page, *TUTORIAL)
    expect(page).to_have_url(re.compile(r"/docs/api-orders-mgmt/tutorials/refund-order-items$"))
    assert any("Could not load search-insights.js" in e for e in console_errors), console_errors


# -- ranking: Pagefind against lunr -------------------------------------------------------------

def top_three(page: Page, url: str, queries: list[str]) -> dict[str, list[str]]:
    """The first three results' routes for each query, from the search page (the box's order)."""
    page.goto(url + "/search")
    field = page.get_by_role("searchbox", name="Search terms")
    found: dict[str, list[str]] = {}
    for query in queries:
        field.fill(query)
        expect(page.locator(".search-page-count")).to_have_text(
            re.compile(f"(for “{re.escape(query)}”|No results found\\.)$"))
        found[query] = page.locator(".search-page-hit a").evaluate_all(
            "links => links.slice(0, 3).map((a) => a.getAttribute('href'))")
    return found


def test_pagefind_ranks_the_realistic_queries_no_worse_than_lunr(page: Page, site_url: str,
                                                                  variant_site: Any) -> None:
    """tests/unit/test_search_ranking.py's queries, each with the page written for it: as many of
    them find it among the first three results on Pagefind as on lunr, or more."""
    from tests.unit.test_search_ranking import QUERIES

    found = {engine: top_three(page, url, list(QUERIES)) for engine, url in
             [("lunr", site_url), ("pagefind", variant_site("pagefind", config=PAGEFIND))]}
    found_page = {engine: {q for q, hits in answers.items() if {h.split("#")[0] for h in hits} & set(QUERIES[q])}
                  for engine, answers in found.items()}
    print("\n".join(f"{q!r}: lunr {found['lunr'][q]} | pagefind {found['pagefind'][q]}" for q in QUERIES))
    print({engine: len(hits) for engine, hits in found_page.items()})
    assert len(found_page["pagefind"]) >= len(found_page["lunr"]), sorted(found_page["lunr"] - found_page["pagefind"])
