"""Browser storage: local storage or none; unavailable storage; failing reads, writes and deletes."""

from __future__ import annotations

import re

from playwright.sync_api import ConsoleMessage, Page, expect

from tests.e2e.conftest import NewContext, VariantSite
from tests.e2e.variants import BARE

TOGGLE = ".navbar-items-right .color-mode-toggle"


def test_keys_in_local_storage(page: Page, site_url: str) -> None:
    page.goto(site_url + "/faq")
    page.locator(TOGGLE).click()
    page.locator(".announcement-bar").get_by_role("button", name="Close").click()
    stored = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    assert stored == {
        "theme": "dark",
        "docsite.announcement.id": "portal-launch-2025",
        "docsite.announcement.dismiss": "true",
    }


def test_storage_none_remembers_nothing(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("bare", config=BARE)
    page.goto(url + "/faq")
    page.locator(TOGGLE).click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.locator(".announcement-bar").get_by_role("button", name="Close").click()
    expect(page.locator(".announcement-bar")).to_have_count(0)
    assert page.evaluate("localStorage.length") == 0
    page.reload()
    expect(page.locator(TOGGLE)).to_be_enabled()
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    expect(page.locator(".announcement-bar")).to_be_visible()
    # a value left in local storage from before is not read either
    page.evaluate("localStorage.setItem('theme', 'dark')")
    page.reload()
    expect(page.locator(TOGGLE)).to_be_enabled()
    assert page.evaluate("document.documentElement.dataset.theme") == "light"


def test_storage_none_holds_through_a_load_failure_and_its_reload(page: Page, variant_site: VariantSite) -> None:
    """The reload-once guard after a failed load lives in the history entry, not in any storage."""
    url = variant_site("bare", config=BARE)
    page.route(re.compile(r"/assets/BlogPages-[\w-]+\.js"), lambda route: route.abort("internetdisconnected"))
    page.goto(url + "/blog/welcome")
    expect(page.get_by_role("alert")).to_contain_text("This page could not be loaded.")
    assert page.evaluate("() => [localStorage.length, sessionStorage.length]") == [0, 0]
    assert page.evaluate("() => history.state.docsiteReloadedAfterLoadFailure") == url + "/blog/welcome"


def collect(page: Page) -> list[ConsoleMessage]:
    messages: list[ConsoleMessage] = []
    page.on("console", lambda message: messages.append(message))
    return messages


def test_unavailable_storage_warns_once_and_the_site_works(new_context: NewContext, site_url: str) -> None:
    context = new_context()
    context.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The document is sandboxed', 'SecurityError'); },
    });""")
    page = context.new_page()
    messages = collect(page)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url + "/faq")
    expect(page.locator(TOGGLE)).to_be_enabled()
    page.locator(TOGGLE).click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.locator(".announcement-bar").get_by_role("button", name="Close").click()
    expect(page.locator(".announcement-bar")).to_have_count(0)
    page.locator(".navbar-items-left").get_by_role("link", name="Blog").click()
    expect(page).to_have_url(site_url + "/blog")
    warnings = [m.text for m in messages if m.type == "warning"]
    assert len([w for w in warnings if "Browser storage is not available" in w]) == 1, warnings
    assert [m.text for m in messages if m.type == "error"] == []
    assert errors == []


def test_failing_read_write_and_delete_are_logged(new_context: NewContext, site_url: str) -> None:
    context = new_context()
    context.add_init_script("""(() => {
        const fail = (what) => { throw new DOMException(what + ' refused', 'QuotaExceededError'); };
        const { getItem, setItem, removeItem } = Storage.prototype;
        Storage.prototype.getItem = function (key) {
            return key === 'docsite.announcement.id' ? fail('read') : getItem.call(this, key);
        };
        Storage.prototype.setItem = function (key, value) {
            return key === 'theme' ? fail('write') : setItem.call(this, key, value);
        };
        Storage.prototype.removeItem = function (key) {
            return key === 'docsite.announcement.dismiss' ? fail('delete') : removeItem.call(this, key);
        };
    })();""")
    page = context.new_page()
    messages = collect(page)
    page.goto(site_url + "/faq")
    expect(page.locator(TOGGLE)).to_be_enabled()
    page.locator(TOGGLE).click()
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"  # still switches
    errors = [m.text for m in messages if m.type == "error"]
    assert any(re.search(r'Could not write "theme" to browser storage', e) for e in errors), errors
    assert any(re.search(r'Could not read "docsite.announcement.id" from browser storage', e) for e in errors), errors
    assert any(re.search(r'Could not delete "docsite.announcement.dismiss" from browser storage', e)
               for e in errors), errors
