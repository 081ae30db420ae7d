"""Behaviour across the site: skip link, keyboard-navigation marker, scrolling after navigation,
the progress bar, prefetching, load failures and the crash screen."""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Request, Route, expect

from tests.e2e.conftest import NewContext

HYDRATED = ".navbar-items-right .color-mode-toggle"


def ready(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator(HYDRATED)).to_be_enabled()


def router_go(page: Page, path: str, key: str) -> None:
    """A history entry the router did not make (as a browser's back/forward would bring)."""
    page.evaluate(
        """([path, key]) => {
            history.pushState({usr: null, key, idx: 1}, '', path);
            window.dispatchEvent(new PopStateEvent('popstate', {state: history.state}));
        }""",
        [path, key],
    )


def sample_scroll_positions(page: Page, frames: int) -> None:
    """Record window.scrollY in window.__ys on each of the next `frames` animation frames."""
    page.evaluate("""(frames) => {
        window.__ys = [];
        const sample = () => {
            window.__ys.push(window.scrollY);
            if (window.__ys.length < frames) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
    }""", frames)


# -- skip link, keyboard-navigation marker ---------------------------------------------------------

def test_skip_link_is_the_first_focusable_element(page: Page, site_url: str) -> None:
    ready(page, site_url + "/docs/environments")
    skip = page.get_by_role("link", name="Skip to main content")
    expect(skip).not_to_be_in_viewport()
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "__main"
    assert page.evaluate("document.activeElement.tagName") == "MAIN"


def test_keyboard_navigation_marker(page: Page, site_url: str) -> None:
    ready(page, site_url + "/")
    html = page.locator("html")
    expect(html).not_to_have_class(re.compile("navigation-with-keyboard"))
    page.keyboard.press("Tab")
    expect(html).to_have_class(re.compile("navigation-with-keyboard"))
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"
    page.mouse.down()
    page.mouse.up()
    expect(html).not_to_have_class(re.compile("navigation-with-keyboard"))
    # a focus ring only for keyboard users
    page.locator(".navbar-items-left").get_by_role("link", name="Blog").focus()
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "none"
    page.keyboard.press("Tab")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"


# -- scrolling after navigation ----------------------------------------------------------------

def test_new_page_starts_at_the_top_and_back_restores_the_position(page: Page, site_url: str) -> None:
    ready(page, site_url + "/docs/environments")
    page.evaluate("window.scrollTo({top: 900, behavior: 'instant'})")
    page.wait_for_timeout(100)
    page.locator(".doc-sidebar").get_by_role("link", name="Certification").click()
    expect(page.locator("article h1")).to_have_text(re.compile("Certification"))
    page.wait_for_function("() => window.scrollY === 0")
    page.go_back()
    expect(page.locator("article h1")).to_have_text("Environments")
    page.wait_for_function("() => Math.abs(window.scrollY - 900) < 2")


def test_navigation_to_a_hash_scrolls_to_its_target(page: Page, site_url: str) -> None:
    ready(page, site_url + "/faq")
    router_go(page, "/docs/environments#rate-limits", "to-rate-limits")
    expect(page.locator("article h1")).to_have_text("Environments")
    page.wait_for_timeout(300)
    top = page.locator("#rate-limits").evaluate("h => h.getBoundingClientRect().top")
    navbar = page.locator(".navbar").evaluate("n => n.offsetHeight")
    assert navbar <= top <= navbar + 20, (top, navbar)
    assert page.evaluate("window.scrollY") > 500


def test_opening_a_page_on_a_hash_shows_its_target(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/environments#going-live-checklist")
    expect(page.locator(HYDRATED)).to_be_enabled()
    page.wait_for_timeout(800)
    top = page.locator("#going-live-checklist").evaluate("h => h.getBoundingClientRect().top")
    assert 0 < top < 120


def test_same_page_target_scrolls_smoothly(page: Page, site_url: str) -> None:
    ready(page, site_url + "/docs/environments")
    sample_scroll_positions(page, 120)
    router_go(page, "/docs/environments#next-steps", "to-next-steps")
    page.wait_for_function("() => window.__ys.length >= 120")
    ys = page.evaluate("window.__ys")
    moving = [y for y in ys if 0 < y < ys[-1]]
    assert ys[-1] > 1000
    assert len(moving) >= 3, "several frames between the start and the target: smooth, not a jump"


@pytest.mark.parametrize(("route", "target", "reduced_motion"), [
    ("/docs/environments", "next-steps", "reduce"),  # the reader prefers reduced motion
    ("/specification/distribution", "operation-getBooking", "no-preference"),  # an API page (api.css)
])
def test_same_page_target_jumps_where_the_page_says_so(new_context: NewContext, site_url: str, route: str,
                                                      target: str, reduced_motion: str) -> None:
    page = new_context(reduced_motion=reduced_motion).new_page()
    ready(page, site_url + route)
    sample_scroll_positions(page, 60)
    router_go(page, f"{route}#{target}", "jump")
    page.wait_for_function("() => window.__ys.length >= 60")
    ys = page.evaluate("window.__ys")
    assert ys[-1] > 1000
    # a jump (the API page may correct it once, when sections above the target have rendered)
    assert len({y for y in ys if 0 < y < ys[-1] - 1}) <= 1, ys
    top = page.locator(f"#{target}").evaluate("h => h.getBoundingClientRect().top")
    navbar = page.locator(".navbar").evaluate("n => n.getBoundingClientRect().bottom")
    assert navbar - 1 <= top <= navbar + 40, (top, navbar)


def test_smooth_scroll_fallback_moves_85_percent_of_the_rest_each_frame(new_context: NewContext, site_url: str) -> None:
    context = new_context()
    # a browser without smooth scrolling
    context.add_init_script("""(() => {
        const style = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'style');
        Object.defineProperty(HTMLHtmlElement.prototype, 'style', {
            get() {
                const real = style.get.call(this);
                return new Proxy(real, {
                    has: (target, name) => name !== 'scrollBehavior' && name in target,
                    get: (target, name) => {
                        const value = Reflect.get(target, name, target);
                        return typeof value === 'function' ? value.bind(target) : value;
                    },
                    set: (target, name, value) => Reflect.set(target, name, value, target),
                });
            },
        });
    })();""")
    page = context.new_page()
    ready(page, site_url + "/docs/environments")
    assert page.evaluate("'scrollBehavior' in document.documentElement.style") is False
    page.add_style_tag(content="html { scroll-behavior: auto !important }")  # nor the CSS property
    target = page.evaluate("""() => {
        const h = document.getElementById('next-steps');
        const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
        const max = document.documentElement.scrollHeight - innerHeight;
        return Math.min(max, h.getBoundingClientRect().top + scrollY - padding);
    }""")
    sample_scroll_positions(page, 30)
    router_go(page, "/docs/environments#next-steps", "fallback")
    page.wait_for_function("() => window.__ys.length >= 30")
    ys = [y for y in page.evaluate("window.__ys")]
    rests = [target - y for y in ys if target - y > 20]
    ratios = [after / before for before, after in itertools.pairwise(rests) if after != before]
    assert len(ratios) >= 2, ys
    for ratio in ratios:
        assert 0.1 < ratio < 0.2, (ratios, ys)  # 15% of the distance left after each frame
    assert abs(ys[-1] - target) <= 1


# -- progress bar ----------------------------------------------------------------------------------

# Records the bar's value each time it changes, with the time since the click that started the
# navigation (in the page: on a busy machine, Playwright's click can land a few hundred ms after
# the call, which is no part of the bar's delay).
PROGRESS_RECORDER = """() => {
    window.__progress = [];
    let start = null;
    document.addEventListener('click', () => { start ??= performance.now(); }, {capture: true, once: true});
    new MutationObserver(() => {
        const bar = document.querySelector('[role=progressbar]');
        const value = bar ? Number(bar.getAttribute('aria-valuenow')) : null;
        const last = window.__progress[window.__progress.length - 1];
        if (!last || last[1] !== value) window.__progress.push([performance.now() - (start ?? NaN), value]);
    }).observe(document.body, {subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow']});
}"""


@pytest.mark.parametrize("cpu_slowdown", [1, 4], ids=["full-speed", "cpu-4x-slower"])
def test_progress_bar_only_for_slow_navigations(page: Page, site_url: str, cpu_slowdown: int) -> None:
    """The bar's timings hold on a slow phone too (Chromium's CPU throttled): timers wait for the
    main thread, so a bar that shows late on one would show here."""
    held: list[Route] = []
    page.route(re.compile(r"/_data/page/faq\.json"), lambda route: held.append(route))
    ready(page, site_url + "/docs/environments")
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu_slowdown})
    page.evaluate(PROGRESS_RECORDER)
    page.locator(".navbar-items-left").get_by_role("link", name="FAQ").click()
    page.wait_for_timeout(2200)
    assert held, "the page data request is held"
    samples = page.evaluate("window.__progress")
    shown = [(t, v) for t, v in samples if v is not None]
    assert shown, samples
    first_time, first_value = shown[0]
    assert 200 <= first_time < 700, samples
    assert first_value == 0.08
    values = [v for _, v in shown]
    steps = [round(b - a, 4) for a, b in itertools.pairwise(values)]
    assert steps and all(step == 0.02 for step in steps), samples  # trickle: +0.02 ...
    times = [t for t, _ in shown]
    assert all(b - a >= 700 for a, b in itertools.pairwise(times)), samples  # ... every 800 ms
    expect(page.locator("[role=progressbar] .progress-bar-fill")).to_have_css("transition-duration", "0.2s")
    for route in held:
        route.continue_()
    expect(page.locator("main h1")).to_have_text("Frequently asked questions")
    expect(page.locator("[role=progressbar]")).to_have_count(0)
    # a fast navigation shows no bar at all
    page.unroute(re.compile(r"/_data/page/faq\.json"))
    page.evaluate(PROGRESS_RECORDER)
    page.locator(".navbar-items-left").get_by_role("link", name="Blog").click()
    expect(page.locator("main h1").first).to_be_visible()
    page.wait_for_timeout(300)
    assert [v for _, v in page.evaluate("window.__progress") if v is not None] == []


# -- prefetching -------------------------------------------------------------------------------------

def data_requests(page: Page) -> list[str]:
    requests: list[str] = []

    def record(request: Request) -> None:
        if "/_data/page/" in request.url or "/assets/" in request.url:
            requests.append(request.url)

    page.on("request", record)
    return requests


def soon(page: Page, condition: Callable[[], bool], seconds: float = 5.0) -> bool:
    """Whether `condition` holds within `seconds`, the page's events handled meanwhile (requests
    made in the browser's idle time come late on a busy machine)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(50)
    return True


def test_links_in_view_and_hovered_are_prefetched_with_their_code(page: Page, site_url: str) -> None:
    requests = data_requests(page)
    page.set_viewport_size({"width": 1280, "height": 800})
    ready(page, site_url + "/docs/environments")
    # in view: the navbar's Blog link, with the blog layout's chunk (in idle time: later on a busy machine)
    assert soon(page, lambda: any(u.split("?")[0].endswith("/_data/page/blog.json") for u in requests)), requests
    assert soon(page, lambda: any(re.search(r"/assets/BlogPages-[\w-]+\.js$", u) for u in requests)), requests
    # below the fold, not yet in view: the footer's "Download the specs"
    assert not any(u.split("?")[0].endswith("/_data/page/spec.json") for u in requests)
    page.locator("footer").get_by_role("link", name="Download the specs").dispatch_event("mouseover")
    assert soon(page, lambda: any(u.split("?")[0].endswith("/_data/page/spec.json") for u in requests)), requests
    # a prefetched page then opens without fetching again
    count = len(requests)
    page.locator(".navbar-items-left").get_by_role("link", name="Blog").click()
    expect(page).to_have_url(site_url + "/blog")
    page.wait_for_timeout(200)
    assert not any(u.split("?")[0].endswith("/_data/page/blog.json") for u in requests[count:])


def test_no_prefetching_on_2g_or_save_data(new_context: NewContext, site_url: str) -> None:
    for connection in ("{effectiveType: '2g', saveData: false}", "{effectiveType: 'slow-2g', saveData: false}",
                       "{effectiveType: '4g', saveData: true}"):
        context = new_context()
        context.add_init_script(
            f"Object.defineProperty(Navigator.prototype, 'connection', {{get: () => ({connection})}});")
        page = context.new_page()
        requests = data_requests(page)
        ready(page, site_url + "/docs/environments")
        page.locator("footer").get_by_role("link", name="Download the specs").dispatch_event("mouseover")
        page.wait_for_timeout(600)
        assert not [u for u in requests if "/_data/page/" in u], (connection, requests)
        # navigation still works
        page.locator(".navbar-items-left").get_by_role("link", name="Blog").click()
        expect(page).to_have_url(site_url + "/blog")
        context.close()


# -- load failure, crash ---------------------------------------------------------------------------

@pytest.mark.parametrize(("failing", "link", "path", "title"), [
    (r"/_data/page/blog\.json", ".navbar-items-left >> text=Blog", "/blog", "Onebox developer blog"),  # its data
    (r"/assets/ApiPages-[\w-]+\.js", "footer >> text=API reference", "/specification/", "API reference"),  # its code
])
def test_a_page_that_fails_to_load_reloads_from_the_server(page: Page, site_url: str, failing: str, link: str,
                                                           path: str, title: str) -> None:
    page.route(re.compile(failing), lambda route: route.abort("internetdisconnected"))
    ready(page, site_url + "/docs/environments")
    page.evaluate("window.__sameDocument = true")
    page.locator(link).click()
    page.wait_for_function("() => window.__sameDocument === undefined")  # a new document
    expect(page).to_have_url(site_url + path)
    expect(page.locator("main h1").first).to_have_text(title)


BLOG_CODE = re.compile(r"/assets/BlogPages-[\w-]+\.js")


def count_documents(page: Page) -> list[str]:
    """The documents the tab loads (its first one and each reload)."""
    loads: list[str] = []
    page.on("request", lambda request: loads.append(request.url) if request.resource_type == "document" else None)
    return loads


def test_load_failure_box_offers_retry_after_the_one_reload(page: Page, site_url: str) -> None:
    """The blog's code cannot be fetched: the link's page reloads once from the server, which fails
    the same way, then the box offers Retry; the guard is kept in the history entry, no storage."""
    page.route(BLOG_CODE, lambda route: route.abort("internetdisconnected"))
    ready(page, site_url + "/docs/environments")
    loads = count_documents(page)
    page.locator(".navbar-items-left").get_by_role("link", name="Blog").click()
    box = page.get_by_role("alert")
    expect(box).to_contain_text("This page could not be loaded.")
    expect(box.get_by_role("button", name="Retry")).to_be_visible()
    expect(page).to_have_url(site_url + "/blog")
    page.wait_for_timeout(500)
    assert loads == [site_url + "/blog"], "one reload, no loop"
    expect(page.locator("main h1").first).to_contain_text("blog")  # the prerendered page stays readable
    assert page.evaluate("() => sessionStorage.length") == 0
    assert set(page.evaluate("() => Object.keys(localStorage)")) <= {"docsite.announcement.id"}
    page.unroute(BLOG_CODE)
    with page.expect_navigation():
        box.get_by_role("button", name="Retry").click()
    expect(page.locator(HYDRATED)).to_be_enabled()
    expect(page.get_by_role("alert")).to_have_count(0)
    assert "docsiteReloadedAfterLoadFailure" not in (page.evaluate("() => history.state") or {}), "guard cleared"


# Its code: a large API page's data is not loaded on a first load (test_api_reference.py holds
# what happens when it fails later).
@pytest.mark.parametrize("failing", [r"/assets/ApiPages-[\w-]+\.js"])
def test_a_first_load_that_fails_reloads_once_and_then_works(page: Page, site_url: str, failing: str) -> None:
    documents: list[str] = []  # requested, before their resources are
    page.on("request", lambda request: documents.append(request.url) if request.resource_type == "document" else None)
    failed: list[str] = []

    def fails_for_the_first_document(route: Route) -> None:
        if len(documents) == 1:
            failed.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route(re.compile(failing), fails_for_the_first_document)
    page.goto(site_url + "/specification/catalog")
    expect(page.locator(HYDRATED)).to_be_enabled()  # hydrated after the reload
    assert failed and documents == [site_url + "/specification/catalog"] * 2
    expect(page.get_by_role("alert")).to_have_count(0)


def test_a_first_load_that_keeps_failing_shows_the_box_over_the_readable_page(page: Page, site_url: str) -> None:
    page.route(BLOG_CODE, lambda route: route.abort("internetdisconnected"))
    loads = count_documents(page)
    page.goto(site_url + "/blog/welcome")
    box = page.get_by_role("alert")
    expect(box).to_contain_text("This page could not be loaded.")
    expect(box).to_contain_text("Its content is shown")
    page.wait_for_timeout(500)
    assert loads == [site_url + "/blog/welcome"] * 2, "reloaded once, then stopped"
    expect(page.locator("article h1")).to_have_text("Welcome to the Onebox developer portal")
    page.unroute(BLOG_CODE)
    with page.expect_navigation():
        box.get_by_role("button", name="Retry").click()
    expect(page.locator(HYDRATED)).to_be_enabled()
    expect(page.get_by_role("alert")).to_have_count(0)


CRASHING_BLOG_LAYOUT = """
function crash() {
    if (window.__tryAgain) return 'The post, after trying again';
    throw new Error('Could not render the post', {
        cause: new Error('Its table of contents is broken', {cause: new TypeError('toc.map is not a function')}),
    });
}
export const BlogPostPage = crash, BlogListPage = crash, BlogArchivePage = crash;
export const loadContent = () => Promise.resolve(); // the content's components: none needed here
"""


def test_a_crashing_page_shows_the_crash_screen_with_its_causes(page: Page, site_url: str) -> None:
    page.route(re.compile(r"/assets/BlogPages-[\w-]+\.js"),
               lambda route: route.fulfill(status=200, content_type="text/javascript", body=CRASHING_BLOG_LAYOUT))
    ready(page, site_url + "/docs/environments")
    page.locator(".navbar-items-left").get_by_role("link", name="Blog").click()
    crash = page.get_by_role("alert")
    expect(crash.get_by_role("heading")).to_have_text("This page crashed.")
    expect(crash.locator(".crash-causes li")).to_have_text([
        "Error: Could not render the post",
        "Cause: Error: Its table of contents is broken",
        "Cause: TypeError: toc.map is not a function",
    ])
    # the chrome still works; Try again renders the page again
    expect(page.locator("nav.navbar")).to_be_visible()
    page.evaluate("window.__tryAgain = true")
    crash.get_by_role("button", name="Try again").click()
    expect(page.locator(".main-wrapper")).to_contain_text("The post, after trying again")
    expect(page.get_by_role("alert")).to_have_count(0)
