"""The API reference in Chromium: deep links (on load and after client-side navigation), schema
trees, code samples (copy, synced languages), colour mode, the operations' navigation, and the
lazily loaded API chunk."""

from __future__ import annotations

import itertools
import re
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.conftest import ScriptsHeld, VariantSite

API = "/specification/distribution"


def hydrated(page: Page, timeout: float = 5000) -> None:
    # the colour-mode toggle is enabled only once React has mounted
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled(timeout=timeout)


def assert_just_below_navbar(page: Page, element_id: str) -> None:
    """The element is scrolled into view, its top just below the sticky navbar."""
    page.wait_for_function(
        """(id) => {
            const top = document.getElementById(id)?.getBoundingClientRect().top;
            const bottom = document.querySelector('.navbar').getBoundingClientRect().bottom;
            return top !== undefined && top >= bottom - 1 && top <= bottom + 40;
        }""", arg=element_id, timeout=5000)


def test_api_pages_link_their_chunk_and_stylesheet_and_doc_pages_do_not(site_url: str) -> None:
    def html(route: str) -> str:
        with urllib.request.urlopen(site_url + route) as response:
            return str(response.read().decode())

    api, doc = html(API), html("/docs/environments")
    chunk = re.search(r'<link rel="modulepreload" href="(/assets/ApiPages-[^"]+\.js)">', api)
    css = re.search(r'<link rel="stylesheet" href="(/assets/ApiPages-[^"]+\.css)">', api)
    assert chunk and css
    assert chunk.group(1) not in doc and css.group(1) not in doc
    # nor does an API page load what only docs use (their sidebar, table of contents)
    doc_chunk = re.search(r'<link rel="modulepreload" href="(/assets/doc-[^"]+\.js)">', doc)
    assert doc_chunk and doc_chunk.group(1) not in api
    assert "<template" not in api and "$RC" not in api  # the whole page is in the HTML, not streamed in
    assert 'id="operation-addCartItems"' in api
    # the large page inlines its outline only (its HTML holds the rest), and does not preload its JSON
    assert 'as="fetch"' not in api and "/_data/page/specification/distribution.json" not in api
    inline = re.search(r'<script id="__docsite_data" type="application/json">(.*?)</script>', api)
    assert inline and '"outline":true' in inline.group(1) and '"responses"' not in inline.group(1)
    assert len(inline.group(1)) < 20_000
    assert '"kind":"doc"' in doc


def test_try_it_tapped_before_the_page_hydrates_opens_once_it_has(page: Page, site_url: str) -> None:
    # a slow phone: the reader taps Try it while the page's scripts still load (app/earlyClicks.ts);
    # the tap reaches the operation's part once the page hydrates, and the part holds it until it has
    with ScriptsHeld(page, site_url + API):
        toggle = page.locator(".api-operation").nth(2).get_by_role("button", name="Try it")
        toggle.click()
        expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_attribute("aria-expanded", "true", timeout=15_000)


def test_a_first_load_hydrates_the_article_only_where_the_reader_reaches(
        page: Page, site_url: str, console_errors: list[str]) -> None:
    data_requests: list[str] = []
    page.on("request", lambda request: data_requests.append(request.url)
            if "/_data/page/specification/distribution.json" in request.url else None)
    page.goto(site_url + API)
    hydrated(page)
    page.wait_for_timeout(500)
    assert data_requests == []  # hydrated without the page's data: the article is its prerendered HTML
    # a click on a control of a part not hydrated yet is held, then replayed once the part is
    operation = page.locator("#operation-getCart")
    operation.scroll_into_view_if_needed()
    toggle = operation.get_by_role("button", name="Try it")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(operation.locator(".api-tryit form, .api-tryit-message").first).to_be_visible()
    assert len(data_requests) == 1
    # another part hydrates on its own: its response switcher answers the first click
    response = page.locator("#operation-addCartItems .api-response", has_text="409")
    response.locator(".api-response-head").click()
    expect(response.locator(".code-block")).to_contain_text('"code"')
    assert len(data_requests) == 1  # fetched once
    assert console_errors == []


BLOCKS = ".api-skippable"  # skipped off screen (api.css)
# Each block's top and bottom in the page, in document order.
BLOCK_RECTS = f"""() => [...document.querySelectorAll('{BLOCKS}')].map((block) => {{
    const rect = block.getBoundingClientRect();
    return [rect.top + window.scrollY, rect.bottom + window.scrollY];
}})"""


def test_a_long_api_page_lays_out_only_the_blocks_near_the_screen(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740})
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})  # a phone's CPU
    page.goto(site_url + API)
    hydrated(page, timeout=30_000)
    # the blocks far below are skipped: each is its placeholder's height (400 px and its padding)
    blocks = page.evaluate(BLOCK_RECTS)
    assert len(blocks) > 100
    far = [bottom - top for top, bottom in blocks if top > 3 * 740]
    assert len(far) > 100 and all(400 <= height <= 440 for height in far)
    # while skipped, what measures their content (as accessibility checkers do) finds each link
    # inside its own block, never over the next one's
    assert page.evaluate(f"""() => [...document.querySelectorAll('{BLOCKS}')].every((block) => {{
        const box = block.getBoundingClientRect();
        return [...block.querySelectorAll('a, button')].every((link) => {{
            const rect = link.getBoundingClientRect();
            return rect.height === 0 || rect.bottom <= box.bottom + 1 || getComputedStyle(block).overflow === 'hidden';
        }});
    }})""")
    # one reached is laid out as it is, and its links are where a click lands
    block = page.locator(".api-operation .api-block:has(.api-type a)").last
    link = block.locator(".api-type a").first
    link.evaluate("(link) => link.scrollIntoView({block: 'center'})")
    expect(link).to_be_visible()
    page.wait_for_function("(el) => { const h = el.getBoundingClientRect().height; return h < 400 || h > 440; }",
                           arg=block.element_handle())
    box = link.bounding_box()
    assert box and page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('a') !== null",
                                 [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    # and the page's blocks never overlap: each starts below the one before
    blocks = page.evaluate(BLOCK_RECTS)
    for (_, bottom), (top, _) in itertools.pairwise(blocks):
        assert top >= bottom - 1
    context.close()


def test_a_part_whose_data_fails_to_load_stays_readable_and_the_next_click_works(page: Page, site_url: str) -> None:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    held: list[Route] = []  # the first request of the page's data, failed once the click is held
    page.route(re.compile(r"/_data/page/specification/distribution\.json"),
               lambda route: held.append(route) if not held else route.continue_())
    page.goto(site_url + API)
    hydrated(page)
    operation = page.locator("#operation-getCart")
    operation.scroll_into_view_if_needed()
    toggle = operation.get_by_role("button", name="Try it")
    toggle.click()
    while not held:
        page.wait_for_timeout(50)
    held[0].abort("internetdisconnected")
    while not any("could not be loaded" in error for error in errors):
        page.wait_for_timeout(50)
    expect(toggle).to_have_attribute("aria-expanded", "false")  # nothing opened
    expect(operation.locator(".api-endpoint")).to_have_text("GET /distribution/v1/carts/{cartId}")  # still readable
    toggle.click()  # tries again
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(operation.locator(".api-tryit form, .api-tryit-message").first).to_be_visible()


def test_a_client_side_navigation_to_an_api_page_renders_all_of_it(page: Page, site_url: str,
                                                                  console_errors: list[str]) -> None:
    page.goto(site_url + API)
    hydrated(page)
    counts = page.evaluate("""() => [document.querySelectorAll('.api-operation').length,
        document.querySelectorAll('.api-schema').length, document.querySelectorAll('.api-errors tr').length]""")
    page.goto(site_url + "/docs/api-distribution/error-codes")
    hydrated(page)
    page.evaluate("window.__marker = 'same document'")
    page.locator(f'article a[href="{API}"]').first.click()
    expect(page.locator("main h1")).to_have_text("Distribution API")
    assert page.evaluate("window.__marker") == "same document"
    assert page.evaluate("""() => [document.querySelectorAll('.api-operation').length,
        document.querySelectorAll('.api-schema').length,
        document.querySelectorAll('.api-errors tr').length]""") == counts and counts[0] > 10
    # and its parts are live at once: a response opens on the first click
    response = page.locator("#operation-addCartItems .api-response", has_text="409")
    response.locator(".api-response-head").click()
    expect(response.locator(".code-block")).to_contain_text('"code"')
    assert console_errors == []


def test_deep_link_to_an_operation_on_load(page: Page, site_url: str, console_errors: list[str]) -> None:
    page.goto(site_url + "/specification/orders#operation-refundOrderItems")
    hydrated(page)
    expect(page.locator("#operation-refundOrderItems h3")).to_have_text(re.compile("^Refund order items"))
    assert_just_below_navbar(page, "operation-refundOrderItems")
    assert console_errors == []


def test_deep_link_to_a_schema_on_load_opens_it(page: Page, site_url: str, console_errors: list[str]) -> None:
    page.goto(site_url + f"{API}#schema-Cart")
    hydrated(page)
    entry = page.locator("#schema-Cart")
    expect(entry.get_by_role("button", name="Cart", exact=True)).to_have_attribute("aria-expanded", "true")
    expect(entry.locator(".api-prop-name", has_text="cartId")).to_be_visible()
    assert_just_below_navbar(page, "schema-Cart")
    assert console_errors == []


def add_links_page(content: Path) -> None:
    (content / "docs" / "api-links.md").write_text(
        "---\ntitle: API links\ndescription: Links into the API reference, for the browser tests.\n---\n\n"
        '::OperationCard{operationId="refundOrderItems"}\n\n'
        "Read the [cart schema](/specification/distribution#schema-Cart).\n")


def test_deep_links_after_client_side_navigation(page: Page, variant_site: VariantSite,
                                                 console_errors: list[str]) -> None:
    url = variant_site("api-links", edit=add_links_page)
    page.goto(url + "/docs/api-links")
    hydrated(page)
    page.evaluate("window.__marker = 'same document'")
    # the lazily loaded API layout never leaves the page without its main content (no fallback flash)
    page.evaluate("""() => { window.__emptied = false;
        new MutationObserver(() => { if (!document.querySelector('main')) window.__emptied = true; })
            .observe(document.getElementById('__docsite'), {childList: true, subtree: true}); }""")
    page.locator(".operation-card").click()
    expect(page).to_have_url(url + "/specification/orders#operation-refundOrderItems")
    expect(page.locator("main h1")).to_have_text("Orders Management API")
    assert_just_below_navbar(page, "operation-refundOrderItems")

    page.go_back()
    expect(page.locator("article h1")).to_have_text("API links")
    page.get_by_role("link", name="cart schema").click()
    expect(page).to_have_url(url + f"{API}#schema-Cart")
    expect(page.locator("#schema-Cart").get_by_role("button", name="Cart", exact=True)).to_have_attribute(
        "aria-expanded", "true")
    assert_just_below_navbar(page, "schema-Cart")
    assert page.evaluate("window.__marker") == "same document"
    assert page.evaluate("window.__emptied") is False
    assert console_errors == []


def test_schema_rows_expand_and_variants_switch(page: Page, site_url: str) -> None:
    page.goto(site_url + f"{API}#operation-addCartItems")
    hydrated(page)
    body = page.locator("#operation-addCartItems .api-block", has_text="Request body")
    expect(body.get_by_role("button", name="NUMBERED")).to_have_attribute("aria-pressed", "true")
    seats = body.get_by_role("button", name="seats")
    expect(seats).to_have_attribute("aria-expanded", "false")
    expect(body.locator(".api-prop-name", has_text="seatId")).to_have_count(0)
    seats.click()
    expect(seats).to_have_attribute("aria-expanded", "true")
    expect(body.locator(".api-prop-name", has_text="seatId")).to_be_visible()
    body.get_by_role("button", name="GENERAL_ADMISSION").click()
    expect(body.locator(".api-prop-name", has_text="priceZoneId")).to_be_visible()
    expect(body.locator(".api-prop-name", has_text="quantity")).to_be_visible()

    # a response other than the first success opens on demand, and shows its example
    response = page.locator("#operation-addCartItems .api-response", has_text="409")
    response.locator(".api-response-head").click()
    expect(response.locator(".code-block")).to_contain_text('"code"')


def test_code_samples_copy_and_switch_language_everywhere(browser: Browser, site_url: str) -> None:
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(site_url + f"{API}#operation-createCart")
    hydrated(page)
    samples = page.locator("#operation-createCart .api-samples")
    copy = samples.locator(".copy-button").locator("visible=true")
    expect(copy).to_have_accessible_name("Copy code to clipboard")
    copy.click()
    expect(copy).to_have_attribute("aria-label", "Copied")  # copied, and said so (held until the part hydrated)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.startswith('curl -X POST "https://api.pre.oneboxtds.com/distribution/v1/carts"')
    assert '-H "Authorization: Bearer $TOKEN"' in copied and '"sessionId": 10871' in copied

    samples.get_by_role("tab", name="Python").click()
    other = page.locator("#operation-getCart .api-samples")
    expect(other.get_by_role("tab", name="Python")).to_have_attribute("aria-selected", "true")
    other.scroll_into_view_if_needed()
    copy = other.locator(".copy-button").locator("visible=true")
    expect(copy).to_have_accessible_name("Copy code to clipboard")
    copy.click()
    expect(copy).to_have_attribute("aria-label", "Copied")
    assert page.evaluate("navigator.clipboard.readText()").startswith("import requests")
    page.reload()
    hydrated(page)
    expect(page.locator("#operation-getCart .api-samples").get_by_role("tab", name="Python")).to_have_attribute(
        "aria-selected", "true")  # remembered, like the guides' tabs
    context.close()


def test_go_picked_by_keyboard_on_one_api_page_is_shown_on_another_and_in_a_guide_after_reload(
        browser: Browser, site_url: str) -> None:
    """The page carries cURL only: the other languages come from the API's samples file, fetched once
    when a reader picks one, and never by a doc page or an API page showing cURL."""
    context = browser.new_context()
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "/_data/samples/" in request.url else None)
    page.goto(site_url + "/docs/environments")
    hydrated(page)
    page.goto(site_url + f"{API}#operation-createCart")
    hydrated(page)
    assert fetched == []
    samples = page.locator("#operation-createCart .api-samples")
    samples.get_by_role("tab", name="cURL").focus()
    page.keyboard.press("End")
    go = samples.get_by_role("tab", name="Go", exact=True)
    expect(go).to_have_attribute("aria-selected", "true")
    expect(go).to_be_focused()
    expect(samples.locator("pre:visible")).to_contain_text(
        'http.NewRequest(http.MethodPost, "https://api.pre.oneboxtds.com/distribution/v1/carts", ')
    page.keyboard.press("ArrowLeft")
    expect(samples.get_by_role("tab", name="C#")).to_have_attribute("aria-selected", "true")
    expect(samples.locator("pre:visible")).to_contain_text("new HttpRequestMessage(HttpMethod.Post, ")
    page.keyboard.press("ArrowRight")
    expect(go).to_have_attribute("aria-selected", "true")
    other = page.locator("#operation-getCart .api-samples")
    expect(other.get_by_role("tab", name="Go", exact=True)).to_have_attribute("aria-selected", "true")
    other.scroll_into_view_if_needed()  # its part hydrates as it nears the screen, showing its Go sample
    expect(other.locator("pre:visible")).to_contain_text("package main")
    assert len(fetched) == 1 and "/_data/samples/distribution.json" in fetched[0], fetched

    page.goto(site_url + "/specification/catalog")
    hydrated(page)
    first = page.locator(".api-operation-aside .api-samples").first
    expect(first.get_by_role("tab", name="Go", exact=True)).to_have_attribute("aria-selected", "true")
    first.scroll_into_view_if_needed()
    expect(first.locator("pre:visible")).to_contain_text("package main")
    page.goto(site_url + "/docs/api/tutorials/tickets-pdf")
    page.reload()
    hydrated(page)
    tabs = page.locator(".tabs-container").first
    expect(tabs.get_by_role("tab", name="Go", exact=True)).to_have_attribute("aria-selected", "true")
    expect(tabs.locator("pre:visible")).to_contain_text("func downloadTickets(")
    context.close()


def test_api_pages_follow_the_colour_mode(page: Page, site_url: str) -> None:
    page.goto(site_url + f"{API}#operation-getCart")
    hydrated(page)

    def colours() -> list[str]:
        return list(page.evaluate("""() => [
            getComputedStyle(document.querySelector('#operation-getCart .code-block')).backgroundColor,
            getComputedStyle(document.querySelector('.api-nav')).borderRightColor,
            getComputedStyle(document.querySelector('#operation-getCart .http-method')).color]"""))

    light = colours()
    assert light[0] == "rgb(246, 248, 250)"
    page.locator(".navbar-items-right .color-mode-toggle").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    dark = colours()
    assert dark[0] == "rgb(22, 27, 34)" and dark[1] != light[1] and dark[2] != light[2]


def test_operation_navigation_jumps_and_highlights_the_operation_in_view(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site_url + API)
    hydrated(page)
    nav = page.locator("nav.api-nav")
    nav.get_by_role("link", name="Convert a cart into a booking").click()
    expect(page).to_have_url(re.compile("#operation-createBooking$"))
    assert_just_below_navbar(page, "operation-createBooking")
    active = nav.locator("[aria-current=location]")
    expect(active).to_have_text(re.compile("Convert a cart into a booking"))
    assert nav.evaluate("""(box) => {
        const a = box.querySelector('[aria-current]').getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return a.top >= b.top && a.bottom <= b.bottom }""")  # the highlighted entry is kept visible
    # the reader scrolls on: a wheel first, as a reader's scrolling ends the jump's settling (within
    # 3 s, app/scroll.ts `keepInPlace` would put a scroll made by a script back on the target)
    page.mouse.move(640, 450)
    page.mouse.wheel(0, 1)
    page.locator("#operation-getTicketsPdf").scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 1)")
    expect(active).to_have_text(re.compile("Get an order's tickets as PDF"))


def test_the_mobile_menu_lists_the_operations(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(site_url + API)
    hydrated(page)
    expect(page.locator("nav.api-nav")).to_be_hidden()
    toggle = page.get_by_role("button", name="Operations and sections")
    toggle.click()
    menu = page.locator(".api-nav-mobile nav")
    menu.get_by_role("link", name="Get a booking").click()
    expect(page).to_have_url(re.compile("#operation-getBooking$"))
    assert_just_below_navbar(page, "operation-getBooking")
    expect(toggle).to_have_attribute("aria-expanded", "false")
