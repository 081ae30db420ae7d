"""Below 996 px: the navbar toggle and the mobile sidebar with its primary and secondary menus."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .routes import ALL_ROUTES

MOBILE = {"width": 375, "height": 740}
SIDEBAR = ".navbar-sidebar"


def open_sidebar(page: Page) -> None:
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()  # hydrated
    page.get_by_role("button", name="Toggle navigation bar").click()
    expect(page.locator(SIDEBAR)).to_be_visible()


def test_desktop_has_no_toggle_and_mobile_hides_items_and_search(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site_url + "/")
    expect(page.get_by_role("button", name="Toggle navigation bar")).to_be_hidden()
    page.set_viewport_size({"width": 996, "height": 800})
    expect(page.get_by_role("button", name="Toggle navigation bar")).to_be_visible()
    expect(page.locator(".navbar-items-left").get_by_role("link", name="Blog")).to_be_hidden()
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_hidden()


def test_primary_and_secondary_menus_with_back_button(page: Page, site_url: str) -> None:
    page.set_viewport_size(MOBILE)
    page.goto(site_url + "/docs/environments")
    open_sidebar(page)
    sidebar = page.locator(SIDEBAR)
    # on a doc page the secondary menu (the docs sidebar) shows first
    secondary = sidebar.locator(".navbar-sidebar-panel").nth(1)
    primary = sidebar.locator(".navbar-sidebar-panel").nth(0)
    expect(secondary.get_by_role("link", name="Environments")).to_be_in_viewport()
    expect(primary).to_have_attribute("aria-hidden", "true")
    back = sidebar.get_by_role("button", name="← Back to main menu")
    expect(back).to_be_visible()
    back.click()
    expect(primary.get_by_role("link", name="Blog")).to_be_in_viewport()
    expect(secondary).to_have_attribute("aria-hidden", "true")
    # search is not in the mobile menu; the colour-mode toggle is
    expect(primary.locator(".navbar-search")).to_have_count(0)
    expect(sidebar.locator(".color-mode-toggle")).to_be_visible()
    # following a link closes the sidebar
    primary.get_by_role("link", name="Blog").click()
    expect(page).to_have_url(site_url + "/blog")
    expect(sidebar).to_have_count(0)


def test_no_secondary_menu_outside_docs(page: Page, site_url: str) -> None:
    page.set_viewport_size(MOBILE)
    page.goto(site_url + "/faq")
    open_sidebar(page)
    expect(page.locator(SIDEBAR).get_by_role("link", name="Contact")).to_be_in_viewport()
    expect(page.locator(SIDEBAR).get_by_role("button", name="← Back to main menu")).not_to_be_in_viewport()


def test_body_scroll_is_locked_while_open(page: Page, site_url: str) -> None:
    page.set_viewport_size(MOBILE)
    page.goto(site_url + "/docs/environments")
    open_sidebar(page)
    assert page.evaluate("getComputedStyle(document.body).overflow") == "hidden"
    page.mouse.move(350, 600)  # over the backdrop
    page.mouse.wheel(0, 800)
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") == 0
    page.get_by_role("button", name="Close navigation bar").click()
    expect(page.locator(SIDEBAR)).to_have_count(0)
    assert page.evaluate("getComputedStyle(document.body).overflow") == "visible"
    page.mouse.wheel(0, 800)
    page.wait_for_function("() => window.scrollY > 0")


def test_closes_on_back_navigation(page: Page, site_url: str) -> None:
    page.set_viewport_size(MOBILE)
    page.goto(site_url + "/faq")
    page.evaluate("window.__sameDocument = true")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    page.locator("footer").get_by_role("link", name="Environments").click()
    expect(page).to_have_url(site_url + "/docs/environments")
    open_sidebar(page)
    page.go_back()
    expect(page).to_have_url(site_url + "/faq")
    expect(page.locator(SIDEBAR)).to_have_count(0)
    assert page.evaluate("window.__sameDocument") is True
    assert page.evaluate("getComputedStyle(document.body).overflow") == "visible"


def test_closes_when_the_window_becomes_desktop(page: Page, site_url: str) -> None:
    page.set_viewport_size(MOBILE)
    page.goto(site_url + "/docs/environments")
    open_sidebar(page)
    page.set_viewport_size({"width": 1200, "height": 740})
    expect(page.locator(SIDEBAR)).to_have_count(0)
    assert page.evaluate("getComputedStyle(document.body).overflow") == "visible"


def test_mobile_dropdowns_start_collapsed_unless_a_child_matches(page: Page, site_url: str) -> None:
    page.set_viewport_size(MOBILE)
    page.goto(site_url + "/faq")
    open_sidebar(page)
    dropdown = page.locator(SIDEBAR).locator(".menu-dropdown")
    toggle = dropdown.get_by_role("button", name="API specs")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(dropdown.get_by_role("link", name="Catalog")).to_be_hidden()
    toggle.click()
    expect(dropdown.get_by_role("link", name="Catalog")).to_be_visible()
    dropdown.get_by_role("link", name="Orders").click()
    expect(page).to_have_url(site_url + "/specification/orders")
    open_sidebar(page)
    dropdown = page.locator(SIDEBAR).locator(".menu-dropdown")
    expect(dropdown.get_by_role("button", name="API specs")).to_have_attribute("aria-expanded", "true")
    expect(dropdown.get_by_role("link", name="Orders")).to_be_visible()
    expect(dropdown.get_by_role("link", name="Orders")).to_have_class(re.compile("active"))


def test_no_page_is_wider_than_a_phone(page: Page, site_url: str) -> None:
    """At 375 px nothing makes the page scroll sideways: wide tables, code and diagrams scroll in
    their own boxes, and long API paths (operation cards, inline code) wrap."""
    page.set_viewport_size(MOBILE)
    too_wide = {}
    for route in ALL_ROUTES:
        page.goto(site_url + route)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        if width > MOBILE["width"]:
            too_wide[route] = width
    assert too_wide == {}
