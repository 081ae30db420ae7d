"""The navbar: its items, their active states, dropdowns, the failing-item boundary, hideOnScroll."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, Route, expect

from tests.e2e.conftest import NewContext, VariantSite
from tests.e2e.variants import CHROME, SWITCHES_OFF, french, hide_footer

NAVBAR = ".navbar"
TOP_LEVEL_LEFT = ".navbar-items-left > a, .navbar-items-left > .navbar-dropdown > button"
ACTIVE_LEFT = ".navbar-items-left > a.navbar-link-active, .navbar-items-left > .navbar-dropdown > .navbar-link-active"


def test_this_sites_navbar_items_in_order(page: Page, site_url: str) -> None:
    page.goto(site_url + "/")
    left = page.locator(TOP_LEVEL_LEFT)
    expect(left).to_have_text(["Docs", "API specs", "Blog", "FAQ", "Contact"])
    right = page.locator(".navbar-items-right")
    expect(right.get_by_role("link", name="Help center")).to_be_visible()
    expect(right.locator(".color-mode-toggle")).to_be_visible()
    expect(right.locator("input[placeholder='Search...']")).to_be_visible()
    page.get_by_role("button", name="API specs").click()
    menu = page.locator(".navbar-dropdown .dropdown-menu a")
    expect(menu).to_have_text(["Catalog", "Orders", "Access control", "Management", "Customers", "Distribution"])
    for link in menu.all():
        assert (link.get_attribute("href") or "").startswith("/specification/")


def test_site_title_links_home_with_logo_for_each_colour_mode(page: Page, site_url: str) -> None:
    logos: list[str] = []
    page.on("request", lambda request: logos.append(request.url) if "/img/logo" in request.url else None)
    page.goto(site_url + "/docs/environments")
    brand = page.locator(".navbar .navbar-brand")
    expect(brand).to_have_attribute("href", "/")
    expect(brand).to_contain_text("Onebox Developers")
    light, dark = brand.locator("img.light-only"), brand.locator("img.dark-only")
    loaded = "img => img.complete && img.naturalWidth > 0"
    expect(light).to_be_visible()
    expect(dark).to_be_hidden()
    page.wait_for_function(loaded, arg=light.element_handle())
    page.wait_for_load_state("networkidle")
    assert logos == [site_url + "/img/logo.svg"], "only the logo shown is downloaded"
    page.locator(".navbar-items-right .color-mode-toggle").click()
    expect(dark).to_be_visible()
    expect(light).to_be_hidden()
    assert (dark.get_attribute("src") or "").endswith("logo-dark.svg")
    page.wait_for_function(loaded, arg=dark.element_handle())
    brand.click()
    expect(page).to_have_url(site_url + "/")


def test_without_a_search_item_the_search_box_comes_last_and_disabled_search_has_none(
        page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)  # its navbar has no search item
    page.goto(url + "/docs/environments")
    right = page.locator(".navbar-items-right")
    box = right.locator("input[placeholder='Search...']")
    expect(box).to_be_visible()
    assert right.evaluate("r => r.lastElementChild.contains(r.querySelector('input'))"), "after the toggle"
    box.click()
    right.get_by_role("combobox").fill("rate limits")
    expect(page.locator("[role=listbox] [role=option]").first).to_be_visible()


def test_switched_off_search_toggle_close_button_and_footer(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("switches-off", config=SWITCHES_OFF, edit=hide_footer)
    page.goto(url + "/faq")
    page.wait_for_function("() => Object.keys(document.querySelector('nav.navbar')).some(k => k.startsWith('__react'))")
    expect(page.locator(".navbar-search")).to_have_count(0)  # search: {enabled: false}, though a search item is set
    expect(page.locator(".color-mode-toggle")).to_have_count(0)  # disableSwitch
    bar = page.locator(".announcement-bar")
    expect(bar).to_be_visible()
    expect(bar.get_by_role("button")).to_have_count(0)  # isCloseable: false
    expect(page.locator("footer.footer")).to_have_count(0)  # hide_footer
    page.locator(".navbar a[href='/blog']").first.click()
    expect(page).to_have_url(url + "/blog")
    expect(page.locator("footer.footer")).to_be_visible()


def test_navbar_styles_dark_and_primary(page: Page, variant_site: VariantSite) -> None:
    def colours(selector: str) -> tuple[str, str]:
        background, colour = page.locator(".navbar").evaluate(
            f"n => [getComputedStyle(n).backgroundColor, getComputedStyle(n.querySelector('{selector}')).color]")
        return background, colour

    page.emulate_media(color_scheme="light")
    page.goto(variant_site("chrome", config=CHROME, edit=french) + "/faq")  # style: dark, on a light page
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    assert colours(".navbar-items-left .navbar-link") == ("rgb(36, 37, 38)", "rgb(227, 227, 227)")
    expect(page.locator(".navbar-brand img.dark-only")).to_be_visible()  # the logo for dark backgrounds
    expect(page.locator(".navbar-brand img.light-only")).to_be_hidden()
    page.goto(variant_site("switches-off", config=SWITCHES_OFF, edit=hide_footer) + "/docs/environments")
    assert colours(".navbar-items-left .navbar-link") == ("rgb(200, 16, 46)", "rgb(255, 255, 255)")  # primary
    page.get_by_role("button", name="API specs").click()
    menu_link = page.locator(".navbar .dropdown-menu a").first
    assert menu_link.evaluate("a => getComputedStyle(a).color") == "rgb(28, 30, 33)"  # menus keep the page's


def test_site_title_goes_to_the_configured_logo_link(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)  # navbar.logo.href: /docs/
    page.goto(url + "/faq")
    expect(page.locator(".navbar .navbar-brand")).to_have_attribute("href", "/docs/")


def test_external_link_is_marked_and_opens_safely(page: Page, site_url: str) -> None:
    page.goto(site_url + "/")
    link = page.locator(".navbar-items-right a", has_text="Help center")
    expect(link).to_have_attribute("href", "https://support.oneboxtds.com")
    expect(link).to_have_attribute("target", "_blank")
    expect(link).to_have_attribute("rel", re.compile(r"\bnoopener\b"))
    expect(link.locator("svg.external-icon")).to_have_attribute("aria-label", "(opens in a new tab)")


def test_active_states_follow_sidebar_base_path_and_page(page: Page, site_url: str) -> None:
    def active() -> list[str]:
        return page.locator(ACTIVE_LEFT).all_inner_texts()

    page.goto(site_url + "/docs/api-faq")
    expect(page.locator(ACTIVE_LEFT)).to_have_text(["Docs"])
    page.goto(site_url + "/specification/catalog")
    expect(page.locator(ACTIVE_LEFT)).to_have_text(["API specs"])
    page.get_by_role("button", name="API specs").click()
    expect(page.locator(".dropdown-menu .navbar-link-active")).to_have_text("Catalog")
    page.goto(site_url + "/faq")
    expect(page.locator(ACTIVE_LEFT)).to_have_text(["FAQ"])
    expect(page.locator(".navbar-link-active[aria-current=page]")).to_have_text("FAQ")
    page.goto(site_url + "/")
    expect(page.locator(TOP_LEVEL_LEFT)).to_have_count(5)
    assert active() == []
    # a doc outside the sidebar: the Docs item is not active
    page.goto(site_url + "/docs/webhooks/webhooks-info")
    expect(page.locator("article h1")).to_be_visible()
    assert "Docs" not in active()


def test_dropdown_opens_on_click_and_closes_on_outside_press(page: Page, site_url: str) -> None:
    page.goto(site_url + "/")
    toggle = page.get_by_role("button", name="API specs")
    menu = page.locator(".navbar-dropdown .dropdown-menu")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(menu).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    page.mouse.click(700, 400)  # a press outside
    expect(menu).to_be_hidden()
    toggle.click()
    expect(menu).to_be_visible()
    toggle.click()
    expect(menu).to_be_hidden()


def test_dropdown_closes_on_outside_touch(new_context: NewContext, site_url: str) -> None:
    context = new_context(has_touch=True, viewport={"width": 1280, "height": 800})  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(site_url + "/")
    page.get_by_role("button", name="API specs").tap()
    menu = page.locator(".navbar-dropdown .dropdown-menu")
    expect(menu).to_be_visible()
    page.touchscreen.tap(1100, 600)
    expect(menu).to_be_hidden()


def test_dropdown_is_keyboard_operable(page: Page, site_url: str) -> None:
    page.goto(site_url + "/")
    toggle = page.get_by_role("button", name="API specs")
    toggle.focus()
    page.keyboard.press("Enter")
    menu = page.locator(".navbar-dropdown .dropdown-menu")
    expect(menu).to_be_visible()
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Catalog")
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(toggle).to_be_focused()
    # focus leaving the dropdown closes it
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    for _ in range(7):
        page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Blog")
    expect(menu).to_be_hidden()
    # following a link from the menu navigates and closes it
    toggle.click()
    page.locator(".dropdown-menu a", has_text="Orders").click()
    expect(page).to_have_url(site_url + "/specification/orders")
    expect(menu).to_be_hidden()


def test_every_item_kind_from_configuration(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    page.goto(url + "/docs/authentication/")
    left = page.locator(".navbar-items-left")
    right = page.locator(".navbar-items-right")
    # plain link without a position goes right
    expect(right.get_by_role("link", name="Blog")).to_be_visible()
    expect(left.get_by_role("link", name="Blog")).to_have_count(0)
    # docs link by doc id, docs sidebar link by sidebar id (to the sidebar's first link)
    expect(left.get_by_role("link", name="Envs")).to_have_attribute("href", "/docs/environments")
    expect(left.get_by_role("link", name="Docs")).to_have_attribute("href", "/docs/")
    # raw HTML
    expect(left.locator(".navbar-html .status-html b")).to_have_text("all systems go")
    # activeBaseRegex: Guides is active on /docs/authentication/ and /docs/widget/...
    expect(left.get_by_role("link", name="Guides")).to_have_class(re.compile("navbar-link-active"))
    # docs sidebar and doc items are active on any doc of their sidebar
    expect(left.get_by_role("link", name="Docs")).to_have_class(re.compile("navbar-link-active"))
    expect(left.get_by_role("link", name="Envs")).to_have_class(re.compile("navbar-link-active"))
    # docs version link: labelled with the version, to its path, active below it
    version = right.get_by_role("link", name="Next")
    expect(version).to_have_attribute("href", "/docs/")
    expect(version).to_have_class(re.compile("navbar-link-active"))
    page.goto(url + "/docs/widget/installation")
    expect(page.locator(".navbar-items-left").get_by_role("link", name="Guides")).to_have_class(
        re.compile("navbar-link-active"))
    page.goto(url + "/faq")
    expect(page.locator(ACTIVE_LEFT)).to_have_count(0)
    expect(page.locator(".navbar-items-right").get_by_role("link", name="Next")).not_to_have_class(
        re.compile("navbar-link-active"))


def test_locale_dropdown_keeps_query_and_hash(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    page.goto(url + "/docs/environments?from=nav#rate-limits")
    page.get_by_role("button", name="Languages").click()
    links = page.locator(".navbar-items-right .navbar-dropdown", has_text="Languages").locator(".dropdown-menu a")
    expect(links).to_have_text(["English", "Français"])
    expect(links.nth(0)).to_have_attribute("href", "/docs/environments?from=nav#rate-limits")
    expect(links.nth(1)).to_have_attribute("href", "/fr/docs/environments?from=nav#rate-limits")
    expect(links.nth(1)).to_have_attribute("lang", "fr")
    # it leads to the French page, a real one, and back
    links.nth(1).click()
    expect(page).to_have_url(url + "/fr/docs/environments?from=nav#rate-limits")
    expect(page.locator("h1")).to_have_text("Environnements")
    page.get_by_role("button", name="Languages").click()
    languages = page.locator(".navbar-items-right .navbar-dropdown", has_text="Languages")
    english = languages.get_by_role("link", name="English")
    expect(english).to_have_attribute("href", "/docs/environments?from=nav#rate-limits")


def test_docs_version_dropdown_remembers_the_preferred_version(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    key = "docs-preferred-version-default"
    page.goto(url + "/faq")
    # a stored version that no longer exists is cleared
    page.evaluate(f"localStorage.setItem('{key}', 'v0.9')")
    page.reload()
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    page.wait_for_function(f"() => localStorage.getItem('{key}') === null")
    dropdown = page.locator(".navbar-items-right .navbar-dropdown").first
    dropdown.get_by_role("button").click()
    dropdown.get_by_role("link", name="Next").click()
    expect(page).to_have_url(url + "/docs/")
    assert page.evaluate(f"localStorage.getItem('{key}')") == "current"
    page.reload()
    assert page.evaluate(f"localStorage.getItem('{key}')") == "current"


def test_docs_version_dropdown_links_to_this_page_in_each_version(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    dropdown = page.locator(".navbar-items-right .navbar-dropdown").first
    page.goto(url + "/docs/environments")
    expect(dropdown.get_by_role("link", name="Next", include_hidden=True)).to_have_attribute(
        "href", "/docs/environments")
    page.goto(url + "/faq")  # off the docs: the version's main doc
    expect(dropdown.get_by_role("link", name="Next", include_hidden=True)).to_have_attribute("href", "/docs/")


def _break_navbar_item(page: Page, site_url: str, path: str, item: dict[str, object]) -> None:
    """Serve `path` with the first navbar item of its inlined site data replaced by `item`."""
    def handle(route: Route) -> None:
        response = route.fetch()
        html = response.text()
        start = html.index('<script id="__docsite_data" type="application/json">') + len(
            '<script id="__docsite_data" type="application/json">')
        end = html.index("</script>", start)
        data = json.loads(html[start:end])
        data["site"]["navbar"]["items"][0] = item
        route.fulfill(response=response, body=html[:start] + json.dumps(data).replace("</", "<\\/") + html[end:])

    page.route(site_url + path, handle)


def test_an_item_that_fails_to_render_leaves_the_rest_working(page: Page, site_url: str) -> None:
    _break_navbar_item(page, site_url, "/faq",
                       {"type": "default", "label": "Broken", "to": "/faq", "position": "left", "activeBaseRegex": "("})
    page.goto(site_url + "/faq")
    error = page.locator(".navbar .navbar-item-error")
    expect(error).to_contain_text("Please double-check the following navbar item")
    expect(error).to_contain_text("site config")
    expect(error).to_contain_text('"label":"Broken"')
    # the rest of the navbar works
    page.get_by_role("button", name="API specs").click()
    page.locator(".dropdown-menu a", has_text="Catalog").click()
    expect(page).to_have_url(site_url + "/specification/catalog")


def test_an_unknown_item_type_names_the_type(page: Page, site_url: str) -> None:
    _break_navbar_item(page, site_url, "/faq", {"type": "fancyWidget", "label": "X", "position": "left"})
    page.goto(site_url + "/faq")
    error = page.locator(".navbar .navbar-item-error")
    expect(error).to_contain_text('No NavbarItem component found for type "fancyWidget"')
    expect(page.locator(".navbar-items-left").get_by_role("link", name="Blog")).to_be_visible()


def test_hide_on_scroll(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(url + "/docs/environments")
    navbar = page.locator(NAVBAR)
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    height = navbar.evaluate("n => n.offsetHeight")

    def scroll_to(y: int) -> None:
        page.evaluate(f"window.scrollTo({{top: {y}, behavior: 'instant'}})")
        page.wait_for_timeout(100)

    scroll_to(height // 2)  # down, but not past its own height
    expect(navbar).not_to_have_class(re.compile("navbar-hidden"))
    scroll_to(height + 400)
    expect(navbar).to_have_class(re.compile("navbar-hidden"))
    page.wait_for_timeout(400)  # its 200 ms slide
    assert navbar.evaluate("n => n.getBoundingClientRect().bottom") <= 0
    scroll_to(height + 200)  # up
    expect(navbar).not_to_have_class(re.compile("navbar-hidden"))
    scroll_to(height + 800)
    expect(navbar).to_have_class(re.compile("navbar-hidden"))


def test_hide_on_scroll_keeps_the_navbar_on_a_hash_target(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(url + "/docs/environments#going-live-checklist")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") > 500
    expect(page.locator(NAVBAR)).not_to_have_class(re.compile("navbar-hidden"))
    # following a link to a target further down the same page keeps it too
    page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
    page.locator(".toc-column a", has_text="Next steps").click()
    page.wait_for_timeout(800)
    assert page.evaluate("window.scrollY") > 500
    expect(page.locator(NAVBAR)).not_to_have_class(re.compile("navbar-hidden"))


def test_without_hide_on_scroll_the_navbar_stays(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/environments")
    page.evaluate("window.scrollTo({top: 1500, behavior: 'instant'})")
    page.wait_for_timeout(100)
    expect(page.locator(NAVBAR)).not_to_have_class(re.compile("navbar-hidden"))
    assert page.locator(NAVBAR).evaluate("n => n.getBoundingClientRect().top") == 0
