"""What a reader sees around a doc: the sidebar (active page, expanded categories, the collapse
animation and its reduced-motion case), breadcrumbs, previous/next, category index pages."""

from __future__ import annotations

import json
import math
import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.docs_engine import hydrated

SELLER = "/docs/authentication/seller-channel-clients"


def category(page: Page, label: str):  # type: ignore[no-untyped-def]
    return page.locator(".doc-sidebar .menu-category", has=page.locator(
        ".menu-category-row > .menu-link", has_text=re.compile(f"^{label}$")))


def sublist(page: Page, label: str):  # type: ignore[no-untyped-def]
    return category(page, label).locator("> ul")


def expected_duration(height: float) -> int:
    constant = height / 36
    return round((4 + 15 * constant ** 0.25 + constant / 5) * 10)


def test_the_active_page_is_highlighted_and_its_category_expanded_on_load(page: Page, site_url: str) -> None:
    page.goto(site_url + SELLER)
    active = page.locator(".doc-sidebar .menu-link-active")
    expect(active).to_have_count(1)
    expect(active).to_have_text("Seller channel clients")
    expect(active).to_have_attribute("aria-current", "page")
    expect(sublist(page, "Authentication")).to_be_visible()
    expect(category(page, "Authentication")).to_have_class(re.compile(r"\bcontains-active\b"))
    for closed in ("Analytics", "Sales widget", "Catalog API tutorials"):
        expect(sublist(page, closed)).to_be_hidden()
    # the same in the prerendered HTML, before any JavaScript: no flash of a collapsed category
    html = page.request.get(site_url + SELLER).text()
    auth = re.search(r'aria-controls="(sidebar-category-docs-1)"', html)
    assert auth and f'<ul id="{auth.group(1)}" class="collapsible menu-list menu-sublist">' in html
    hydrated(page)
    expect(sublist(page, "Authentication")).to_be_visible()


def test_a_category_page_is_active_and_open(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/category/catalog-api-tutorials")
    expect(page.locator(".doc-sidebar .menu-link-active")).to_have_text("Catalog API tutorials")
    expect(sublist(page, "Catalog API tutorials")).to_be_visible()


# Clicks a sidebar caret, then samples the list's height every frame until the animation is over.
RECORD_ANIMATION = """async ([caret, list]) => {
  caret.click();
  const frames = [];
  const started = performance.now();
  let sawAnimation = false;
  while (performance.now() - started < 3000) {
    await new Promise(requestAnimationFrame);
    const animating = list.dataset.collapseDuration !== undefined;
    frames.push({t: performance.now() - started, height: list.getBoundingClientRect().height,
                 duration: list.dataset.collapseDuration, transition: list.style.transition,
                 content: list.scrollHeight});
    if (animating) sawAnimation = true;
    else if (sawAnimation) break;
  }
  return frames;
}"""


def test_collapsing_animates_the_height_with_a_duration_from_the_content_height(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/environments")
    hydrated(page)
    caret = category(page, "Analytics").locator(".menu-caret")
    expect(caret).to_have_attribute("aria-expanded", "false")
    handles = [caret.element_handle(), sublist(page, "Analytics").element_handle()]

    frames = page.evaluate(RECORD_ANIMATION, handles)
    expect(caret).to_have_attribute("aria-expanded", "true")
    moving = [f for f in frames if f["duration"] is not None]
    content = moving[0]["content"]
    assert moving[0]["transition"] == f"height {expected_duration(content)}ms ease-in-out"
    heights = [f["height"] for f in moving]
    assert heights == sorted(heights) and heights[0] < content / 2, "the list grows from closed, frame by frame"
    assert any(0 < h < content - 1 for h in heights), "there are in-between heights: an animation, not a jump"
    assert math.isclose(frames[-1]["height"], content, abs_tol=1), "it ends at its resting height, no jump"

    frames = page.evaluate(RECORD_ANIMATION, handles)
    expect(caret).to_have_attribute("aria-expanded", "false")
    heights = [f["height"] for f in frames if f["duration"] is not None]
    assert heights == sorted(heights, reverse=True) and any(0 < h < content - 1 for h in heights), \
        "closing animates too"
    expect(sublist(page, "Analytics")).to_be_hidden()
    assert sublist(page, "Analytics").evaluate("e => getComputedStyle(e).display") == "none", \
        "collapsed links are not tabbable"


def test_with_reduced_motion_the_animation_takes_1_ms(browser: Browser, site_url: str) -> None:
    context = browser.new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(site_url + "/docs/environments")
    hydrated(page)
    handles = [category(page, "Analytics").locator(".menu-caret").element_handle(),
               sublist(page, "Analytics").element_handle()]
    frames = page.evaluate(RECORD_ANIMATION, handles)
    moving = [f for f in frames if f["duration"] is not None]
    assert moving and {f["transition"] for f in moving} == {"height 1ms ease-in-out"}
    assert len(moving) <= 5, "over almost at once (the timer that ends it allows 50 ms)"
    expect(sublist(page, "Analytics")).to_be_visible()
    context.close()


def test_a_category_without_a_page_toggles_from_its_label(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/environments")
    hydrated(page)
    expect(page.locator(".doc-sidebar .menu-category-row > button.menu-link-category")).to_have_count(0)
    # every category of the spec's sidebar has a page; its label is a link that also opens it
    page.locator(".doc-sidebar .menu-link", has_text="Sales widget").click()
    expect(page).to_have_url(site_url + "/docs/widget/")
    expect(sublist(page, "Sales widget")).to_be_visible()


def test_the_sidebar_keeps_the_readers_choices_across_doc_pages(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 400})
    page.goto(site_url + "/docs/environments")
    hydrated(page)
    category(page, "Analytics").locator(".menu-caret").click()
    expect(sublist(page, "Analytics")).to_be_visible()
    nav = page.locator(".doc-sidebar-nav")
    # (once the opening category has grown the list enough for it: until then the browser clamps it)
    page.wait_for_function("nav => (nav.scrollTop = 120) && nav.scrollTop === 120", arg=nav.element_handle())
    # (a click event without Playwright's scrolling of the link into view)
    page.locator(".doc-sidebar .menu-link", has_text="Certification").dispatch_event("click")
    expect(page.locator("article h1")).to_have_text(re.compile("Certification"))
    expect(sublist(page, "Analytics")).to_be_visible()
    assert nav.evaluate("e => e.scrollTop") == 120


def test_breadcrumbs_follow_the_sidebar_path(page: Page, site_url: str) -> None:
    page.goto(site_url + SELLER)
    crumbs = page.locator("nav.breadcrumbs li")
    expect(crumbs).to_have_count(3)
    expect(crumbs.nth(0).locator("a")).to_have_attribute("href", "/")
    expect(crumbs.nth(0).get_by_role("img", name="Home page")).to_be_visible()
    expect(crumbs.nth(1).locator("a")).to_have_attribute("href", "/docs/authentication/")
    expect(crumbs.nth(1)).to_have_text("Authentication")
    last = crumbs.nth(2).locator("[aria-current=page]")
    expect(last).to_have_text("Seller channel clients")
    hydrated(page)
    crumbs.nth(1).locator("a").click()
    expect(page).to_have_url(site_url + "/docs/authentication/")


def test_docs_outside_the_sidebar_have_breadcrumbs_to_home_and_no_sidebar(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/webhooks/webhooks-info")
    expect(page.locator(".doc-sidebar")).to_have_count(0)
    crumbs = page.locator("nav.breadcrumbs li")
    expect(crumbs).to_have_count(2)
    expect(crumbs.nth(0).locator("a")).to_have_attribute("href", "/")
    expect(crumbs.nth(1)).to_have_text(page.locator("article h1").inner_text())


def test_previous_and_next_follow_the_sidebar(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/environments")
    prev = page.locator(".paginator-prev")
    nxt = page.locator(".paginator-next")
    expect(prev).to_have_attribute("href", "/docs/authentication/event-and-channel-managers")
    expect(nxt).to_have_attribute("href", "/docs/category/catalog-api-tutorials")
    expect(nxt.locator(".paginator-sublabel")).to_have_text("Next")
    expect(nxt.locator(".paginator-label")).to_have_text("Catalog API tutorials")
    hydrated(page)
    nxt.click()
    expect(page).to_have_url(site_url + "/docs/category/catalog-api-tutorials")
    expect(page.locator("article h1")).to_have_text("Catalog API tutorials")
    expect(page.locator(".paginator-next")).to_have_attribute("href", "/docs/api-catalog/tutorials/events")
    page.goto(site_url + "/docs/")
    expect(page.locator(".paginator-prev")).to_have_count(0)


def test_a_category_index_page_shows_a_card_per_item(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/category/catalog-api-tutorials")
    cards = page.locator(".category-card")
    expect(cards).to_have_count(6)
    expect(cards.first).to_have_attribute("href", "/docs/api-catalog/tutorials/events")
    for index in range(6):
        expect(cards.nth(index).locator(".card-description")).not_to_be_empty()
        assert cards.nth(index).locator(".category-card-icon").bounding_box() is not None
    tops = {round(box["y"]) for box in (cards.nth(i).bounding_box() for i in range(3)) if box}
    assert len(tops) == 1, "the cards of a row line up"


def test_doc_pages_carry_social_tags_and_json_ld_breadcrumbs(page: Page, site_url: str) -> None:
    html = page.request.get(site_url + SELLER).text()
    head = html.split("</head>", 1)[0]
    url = "https://developers.oneboxtds.com" + SELLER
    for tag in [f'property="og:url" content="{url}"', 'property="og:type" content="article"',
                'property="og:image" content="https://developers.oneboxtds.com/img/social-card.jpg"',
                'name="twitter:card" content="summary_large_image"', f'rel="canonical" href="{url}"']:
        assert tag in head, tag
    title = re.search(r'property="og:title" content="([^"]+)"', head)
    assert title and title.group(1).endswith(" | Onebox Developers")
    assert re.search(r'name="keywords" content="[^"]+"', head)
    data = json.loads(re.search(r'<script type="application/ld\+json"[^>]*>(.*?)</script>', html).group(1))  # type: ignore[union-attr]
    assert data["@type"] == "BreadcrumbList"
    assert [item["item"] for item in data["itemListElement"]] == [
        "https://developers.oneboxtds.com/", "https://developers.oneboxtds.com/docs/authentication/",
        "https://developers.oneboxtds.com" + SELLER]


def test_json_ld_follows_client_side_navigation(page: Page, site_url: str) -> None:
    def json_ld() -> list[str] | None:
        text = page.evaluate("document.head.querySelector('script[type=\"application/ld+json\"]')?.textContent")
        return [item["item"] for item in json.loads(text)["itemListElement"]] if text else None

    page.goto(site_url + SELLER)
    hydrated(page)
    assert json_ld() == ["https://developers.oneboxtds.com/", "https://developers.oneboxtds.com/docs/authentication/",
                         "https://developers.oneboxtds.com" + SELLER]
    page.evaluate("window.__sameDocument = true")
    page.locator(".doc-sidebar a[href='/docs/environments']").click()
    expect(page).to_have_url(site_url + "/docs/environments")
    page.wait_for_function("() => document.title.startsWith('Environments')")
    assert json_ld() == ["https://developers.oneboxtds.com/", "https://developers.oneboxtds.com/docs/environments"]
    page.locator(".navbar a[href='/faq']").first.click()
    expect(page).to_have_url(site_url + "/faq")
    page.wait_for_function("() => !document.head.querySelector('script[type=\"application/ld+json\"]')")
    assert page.evaluate("window.__sameDocument") is True, "client-side navigation, no reload"


def test_the_versions_data_is_served_for_the_navbar(page: Page, site_url: str) -> None:
    data = page.request.get(site_url + "/_data/docs/default.json").json()
    [current] = data["versions"]
    summary = (current["name"], current["label"], current["path"], current["isLast"])
    assert summary == ("current", "Next", "/docs/", True)
    assert {"id": "environments", "path": "/docs/environments", "sidebar": "docs"} in current["docs"]
    assert current["sidebars"]["docs"]["link"]["path"] == "/docs/"
    html = page.request.get(site_url + "/docs/environments").text()
    assert '"draftIds"' not in html, "the versions data is not inlined into every page"
