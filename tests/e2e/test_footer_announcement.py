"""The footer in both styles, and the announcement bar."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.conftest import NewContext, ScriptsHeld, VariantSite
from tests.e2e.variants import CHROME, french

DISMISSED = "docsite.announcement.dismiss"
BAR_ID = "docsite.announcement.id"


def test_multi_column_footer(page: Page, site_url: str) -> None:
    page.goto(site_url + "/docs/environments")
    footer = page.locator("footer")
    expect(footer.locator(".footer-title")).to_have_text(["Documentation", "More", "API specs"])
    more = footer.locator(".footer-column", has_text="More")
    expect(more.get_by_role("link")).to_have_text(["Website", "Book a demo", "About Onebox", "Contact"])
    expect(more.get_by_role("link", name="Website")).to_have_attribute("href", "https://www.oneboxtds.com")
    expect(more.get_by_role("link", name="Book a demo")).to_be_visible()
    expect(more.get_by_role("link", name="About Onebox")).to_be_visible()
    expect(more.get_by_role("link", name="Contact")).to_have_attribute("href", "/contact/")
    expect(more.get_by_role("link", name="Website")).to_have_attribute("target", "_blank")
    expect(footer.locator(".footer-copyright")).to_have_text("Copyright © 2025 Onebox TDS. All rights reserved.")
    expect(footer.locator(".footer-separator")).to_have_count(0)


def test_single_row_footer_with_logo_for_each_colour_mode(page: Page, variant_site: VariantSite) -> None:
    url = variant_site("chrome", config=CHROME, edit=french)
    page.emulate_media(color_scheme="light")
    page.goto(url + "/faq")
    footer = page.locator("footer")
    expect(footer.locator(".footer-column")).to_have_count(0)
    row = footer.locator(".footer-row")
    expect(row).to_have_text("Docs · Blog · Website")
    expect(row.locator(".footer-separator")).to_have_count(2)
    logo_link = footer.locator(".footer-logo-link")
    expect(logo_link).to_have_attribute("href", "https://www.oneboxtds.com")
    light, dark = logo_link.locator("img.light-only"), logo_link.locator("img.dark-only")
    expect(light).to_be_visible()
    expect(light).to_have_attribute("alt", "Onebox logo")
    expect(dark).to_be_hidden()
    page.locator(".navbar-items-right .color-mode-toggle").click()
    expect(dark).to_be_visible()
    expect(light).to_be_hidden()
    assert (dark.get_attribute("src") or "").endswith("/img/logo-dark.svg")
    expect(footer.locator(".footer-copyright")).to_have_text("Copyright © 2025 Variant Inc.")


def test_announcement_bar_content_colours_and_dismissal(page: Page, site_url: str) -> None:
    page.goto(site_url + "/faq")
    bar = page.locator(".announcement-bar")
    expect(bar).to_contain_text("The new Onebox developer portal is live")
    expect(bar.get_by_role("link", name="what is new")).to_have_attribute("href", "/blog/welcome")
    assert bar.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(28, 30, 33)"
    assert bar.evaluate("b => getComputedStyle(b).color") == "rgb(255, 255, 255)"
    bar.get_by_role("button", name="Close").click()
    expect(bar).to_have_count(0)
    assert page.evaluate(f"localStorage.getItem('{DISMISSED}')") == "true"
    assert page.evaluate(f"localStorage.getItem('{BAR_ID}')") == "portal-launch-2025"
    page.reload()
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    expect(page.locator(".announcement-bar")).to_be_hidden()


def test_a_changed_bar_id_shows_the_bar_again(page: Page, site_url: str) -> None:
    page.goto(site_url + "/faq")
    page.evaluate(f"localStorage.setItem('{BAR_ID}', 'last-years-news'); localStorage.setItem('{DISMISSED}', 'true')")
    page.reload()
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    expect(page.locator(".announcement-bar")).to_be_visible()
    page.wait_for_function(f"() => localStorage.getItem('{BAR_ID}') === 'portal-launch-2025'")
    assert page.evaluate(f"localStorage.getItem('{DISMISSED}')") is None


def test_no_layout_shift_for_a_returning_reader_who_dismissed_it(new_context: NewContext, site_url: str) -> None:
    context = new_context()
    context.add_init_script(f"""
        localStorage.setItem('{BAR_ID}', 'portal-launch-2025');
        localStorage.setItem('{DISMISSED}', 'true');
    """)
    page = context.new_page()
    with ScriptsHeld(page, site_url + "/docs/environments"):
        # before any of the site's JavaScript ran: the bar is already hidden, the navbar at the top
        expect(page.locator(".announcement-bar")).to_be_hidden()
        assert page.locator(".navbar").evaluate("n => n.getBoundingClientRect().top") == 0
        title_top = page.locator("article h1").evaluate("h => h.getBoundingClientRect().top")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    page.wait_for_timeout(300)
    expect(page.locator(".announcement-bar")).to_have_count(0)
    assert page.locator(".navbar").evaluate("n => n.getBoundingClientRect().top") == 0
    assert page.locator("article h1").evaluate("h => h.getBoundingClientRect().top") == title_top
