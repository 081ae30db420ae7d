"""Colour mode: default, stored choice, other tabs, system preference (when respected), printing,
the toggle before mounting, and no flash of the wrong mode."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import NewContext, ScriptsHeld, VariantSite
from tests.e2e.variants import CHROME, french

TOGGLE = ".navbar-items-right .color-mode-toggle"
DARK_LABEL = "Switch between dark and light mode (currently dark mode)"


def theme(page: Page) -> str:
    return str(page.evaluate("document.documentElement.dataset.theme"))


def test_light_by_default_and_system_preference_ignored(page: Page, site_url: str) -> None:
    page.emulate_media(color_scheme="dark")
    page.goto(site_url + "/")
    expect(page.locator(TOGGLE)).to_be_enabled()
    assert theme(page) == "light"
    assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") == "rgb(255, 255, 255)"
    page.emulate_media(color_scheme="light")
    page.emulate_media(color_scheme="dark")
    page.wait_for_timeout(100)
    assert theme(page) == "light"


def test_choosing_a_mode_stores_it_and_it_applies_on_every_page(page: Page, site_url: str) -> None:
    page.goto(site_url + "/")
    toggle = page.locator(TOGGLE)
    expect(toggle).to_have_attribute("aria-label", "Switch between dark and light mode (currently light mode)")
    toggle.click()
    assert theme(page) == "dark"
    expect(toggle).to_have_attribute("aria-label", "Switch between dark and light mode (currently dark mode)")
    assert page.evaluate("localStorage.getItem('theme')") == "dark"
    assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") == "rgb(27, 27, 29)"
    page.goto(site_url + "/docs/environments")
    assert theme(page) == "dark"
    expect(page.locator(TOGGLE)).to_have_attribute("aria-label", DARK_LABEL)


def test_follows_a_change_made_in_another_tab(new_context: NewContext, site_url: str) -> None:
    context = new_context()
    first, second = context.new_page(), context.new_page()
    for page in (first, second):
        page.goto(site_url + "/faq")
        expect(page.locator(TOGGLE)).to_be_enabled()
    second.locator(TOGGLE).click()
    first.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
    # clearing it elsewhere reverts to the default (the system preference is not respected here)
    second.evaluate("localStorage.removeItem('theme')")
    first.wait_for_function("() => document.documentElement.dataset.theme === 'light'")


def rendered(page: Page) -> None:
    """Wait until the page has rendered twice: a page tells its media queries' listeners of a change
    when it renders, comparing with what it saw at its last render. (Two emulated changes with no
    render between them, light then dark again, are no change at all: CI once waited 30 s for it.)"""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_respected_system_preference_clearing_and_printing(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    page.emulate_media(color_scheme="dark")
    page.goto(url + "/faq")
    expect(page.locator(TOGGLE)).to_be_enabled()
    assert theme(page) == "dark"
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    # while printing, a system change is not followed
    page.emulate_media(media="print", color_scheme="dark")
    rendered(page)
    assert theme(page) == "light"
    page.emulate_media(media="screen", color_scheme="light")
    rendered(page)
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
    # a stored choice wins over the system; clearing it (another tab) reverts to the system preference
    page.locator(TOGGLE).click()
    assert theme(page) == "light"
    page.emulate_media(color_scheme="light")
    rendered(page)
    page.emulate_media(color_scheme="dark")
    rendered(page)
    assert theme(page) == "light"
    page.evaluate("""() => {
        localStorage.removeItem('theme');
        window.dispatchEvent(new StorageEvent('storage', {key: 'theme', newValue: null, oldValue: 'light'}));
    }""")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")


def test_toggle_disabled_until_mounted_and_no_flash_of_the_wrong_mode(new_context: NewContext, site_url: str) -> None:
    context = new_context()
    context.add_init_script("localStorage.setItem('theme', 'dark')")
    page = context.new_page()
    with ScriptsHeld(page, site_url + "/docs/environments"):
        # no JavaScript of the site has run: the stored mode already applies, the toggle is disabled
        assert theme(page) == "dark"
        assert page.evaluate("getComputedStyle(document.documentElement).backgroundColor") == "rgb(27, 27, 29)"
        expect(page.locator(TOGGLE)).to_be_disabled()
    expect(page.locator(TOGGLE)).to_be_enabled()
    assert theme(page) == "dark"
    expect(page.locator(TOGGLE)).to_have_attribute("aria-label", DARK_LABEL)
