"""/widget-tests: the options in the query string mount the widget for QA, the form writes them
there, a bad value is a message on the page instead of a blank preview, and pre-production loads the
configured widget script."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.axe import inject_axe
from tests.e2e.conftest import NewContext

REAL_SCRIPT = "https://widget.oneboxtds.com/v2/widget.js"


def preview(page: Page):  # type: ignore[no-untyped-def]
    return page.frame_locator("iframe[title='Sales widget under test']")


def test_the_defaults_mount_the_sandbox_widget_and_its_code(page: Page, site_url: str) -> None:
    page.goto(site_url + "/widget-tests")
    expect(preview(page).get_by_role("heading", name="Marea Alta — Gira Faro 2026")).to_be_visible()
    code = page.get_by_label("Embed code")
    expect(code).to_contain_text('data-event-id="4521"')
    expect(code).to_contain_text('data-environment="sandbox"')
    expect(code).to_contain_text("/widget/onebox-widget.js")
    expect(code).not_to_contain_text("data-height")  # options this page does not set keep their defaults
    log = page.get_by_role("list", name="Data-layer events")
    expect(log.get_by_role("listitem")).to_have_count(2)
    expect(log).to_contain_text("widget_loaded")


def test_options_come_from_the_query_string(page: Page, site_url: str) -> None:
    page.goto(site_url + "/widget-tests?channelId=900&sessionId=10871&locale=es-ES")
    expect(page.get_by_label("Channel id")).to_have_value("900")
    expect(page.get_by_label("Session id")).to_have_value("10871")
    expect(page.get_by_label("Event id")).to_have_value("")
    expect(preview(page).get_by_role("group", name="Seat map")).to_be_visible()
    expect(preview(page).get_by_text("sábado, 14 de marzo de 2026")).to_be_visible()
    loaded = page.get_by_role("list", name="Data-layer events").get_by_label("Parameters of widget_loaded")
    expect(loaded).to_contain_text('"onebox_channel_id": 900')
    expect(page.get_by_label("Embed code")).to_contain_text('data-session-id="10871"')


def test_the_form_writes_the_query_string_and_remounts(page: Page, site_url: str) -> None:
    page.goto(site_url + "/widget-tests")
    expect(preview(page).get_by_role("heading", name="Marea Alta — Gira Faro 2026")).to_be_visible()
    page.get_by_label("Event id").fill("4602")
    page.get_by_role("button", name="Load the widget").click()
    expect(page).to_have_url(re.compile(r"/widget-tests\?channelId=812&eventId=4602$"))
    expect(preview(page).get_by_role("heading", name="La casa de Bernarda Alba")).to_be_visible()
    page.get_by_label("Event id").fill("")
    page.get_by_role("button", name="Load the widget").click()
    expect(page).to_have_url(re.compile(r"/widget-tests\?channelId=812$"))
    expect(preview(page).get_by_role("heading", name="Events on sale")).to_be_visible()


@pytest.mark.parametrize(("query", "message"), [
    ("channelId=abc&eventId=4521", 'Channel id must be a positive whole number; "abc" is not.'),
    ("channelId=812&eventId=4521&sessionId=10871", "Set an event id or a session id, not both."),
    ("channelId=812&eventId=12x", 'Event id must be a positive whole number; "12x" is not.'),
    ("channelId=812&environment=staging",
     'Environment must be "production", "pre-production", "sandbox"; got "staging".'),
])
def test_a_bad_value_is_a_message_not_a_blank_preview(page: Page, site_url: str, query: str, message: str) -> None:
    page.goto(f"{site_url}/widget-tests?{query}")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("The widget is not loaded: the options in this page's address are not valid.")
    expect(alert).to_contain_text(message)
    expect(page.locator("iframe")).to_have_count(0)
    expect(page.get_by_label("Embed code")).to_have_count(0)  # no code for options that do not work


def test_pre_production_loads_the_configured_script(page: Page, site_url: str) -> None:
    requested: list[str] = []

    def offline(route: Route) -> None:
        requested.append(route.request.url)
        route.abort()

    page.route(re.compile(r"^https://widget\.oneboxtds\.com/"), offline)
    page.goto(site_url + "/widget-tests?channelId=812&eventId=4521&environment=pre-production")
    expect(page.get_by_role("alert")).to_have_text(
        f"The widget script could not be loaded from {REAL_SCRIPT}: check your connection and that nothing blocks it.")
    assert requested == [REAL_SCRIPT]
    expect(page.get_by_label("Embed code")).to_contain_text(f'<script async src="{REAL_SCRIPT}"></script>')


def axe_violations(page: Page, frame_selector: str | None = None) -> list[dict[str, Any]]:
    """axe in the page, and in the preview frame (axe does not run in a frame it was not injected into)."""
    targets = [page.main_frame]
    if frame_selector:
        handle = page.locator(frame_selector).element_handle()
        frame = handle.content_frame() if handle else None
        assert frame is not None
        targets.append(frame)
    found: list[dict[str, Any]] = []
    for frame in targets:
        if not frame.evaluate("typeof window.axe !== 'undefined'"):
            inject_axe(frame)  # type: ignore[arg-type]
        found += frame.evaluate("""async () => {
            const result = await axe.run(document, {resultTypes: ['violations'], iframes: false,
                rules: {'target-size': {enabled: true}}});
            return result.violations.map((v) => ({id: v.id, help: v.help,
                nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' '))}));
        }""")
    return found


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_axe_clean_in_both_colour_modes(new_context: NewContext, site_url: str, mode: str) -> None:
    context = new_context()
    context.add_init_script(f"localStorage.setItem('theme', '{mode}')")
    page = context.new_page()
    page.goto(site_url + "/widget-tests")
    expect(preview(page).get_by_role("heading", name="Marea Alta — Gira Faro 2026")).to_be_visible()
    assert axe_violations(page, "iframe[title='Sales widget under test']") == []
    page.goto(site_url + "/widget-tests?channelId=abc")
    expect(page.get_by_role("alert")).to_be_visible()
    assert axe_violations(page) == []
