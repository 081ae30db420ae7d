"""The widget simulators (/docs/widget/simulator, v2 mode by default; /docs/widget/v2/simulator, v1
mode): every option changes the live preview, the embed code and the preview agree, the options
live in the query string, invalid values are flagged, the code copies, and both pages are axe-clean
in light and dark."""

from __future__ import annotations

import gzip
import json
import re
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import FrameLocator, Page, Response, expect

from tests.e2e.conftest import NewContext
from tests.e2e.test_widget_tests_page import axe_violations

SIMULATOR = "/docs/widget/simulator"
V2_PAGE = "/docs/widget/v2/simulator"
FRAME = ".widget-simulator iframe"


def preview(page: Page) -> FrameLocator:
    return page.frame_locator(FRAME)


def options_of_preview(page: Page) -> dict[str, Any]:
    src = page.locator(FRAME).get_attribute("src") or ""
    return dict(json.loads(urllib.parse.parse_qs(urllib.parse.urlsplit(src).query)["options"][0]))


def open_simulator(page: Page, site_url: str, path: str = SIMULATOR) -> None:
    page.goto(site_url + path)
    expect(preview(page).get_by_role("heading", level=2)).to_be_visible()


def css_of(frame: FrameLocator, role: str, name: str, prop: str) -> str:
    return str(frame.get_by_role(role, name=name).first.evaluate(f"(e) => getComputedStyle(e)['{prop}']"))  # type: ignore[arg-type]


def test_every_option_changes_the_preview(page: Page, site_url: str) -> None:
    page.route(re.compile(r"^https://widget\.oneboxtds\.com/"), lambda route: route.abort())
    open_simulator(page, site_url)
    sim = page.locator(".widget-simulator")
    log = sim.get_by_role("list", name="Data-layer events")
    frame = preview(page)
    expect(frame.get_by_role("heading", name="Marea Alta — Gira Faro 2026")).to_be_visible()

    sim.get_by_label("Channel id").fill("900")
    expect(log.get_by_label("Parameters of widget_loaded")).to_contain_text('"onebox_channel_id": 900')

    sim.get_by_label("Channel events").check()
    expect(frame.get_by_role("heading", name="Events on sale")).to_be_visible()
    sim.get_by_label("Session").check()
    sim.get_by_label("Session id").fill("10871")
    expect(frame.get_by_role("group", name="Seat map")).to_be_visible()

    sim.get_by_label("Locale").select_option("es-ES")
    expect(frame.get_by_text("sábado, 14 de marzo de 2026, 21:00")).to_be_visible()
    sim.get_by_label("Currency display").select_option("code")
    expect(frame.get_by_text("Pista · 42,00 EUR")).to_be_visible()

    sim.get_by_label("Height", exact=True).select_option("fixed")
    sim.get_by_label("Preview height (px)").fill("300")
    page.wait_for_function(f"() => document.querySelector('{FRAME}').src.includes('height=300')")
    expect(frame.locator(".ob-root")).to_have_css("height", "300px")

    sim.get_by_role("textbox", name="Primary", exact=True).fill("#b3261e")
    expect(frame.get_by_role("button", name="Add to cart")).to_have_css("background-color", "rgb(179, 38, 30)")
    sim.get_by_role("textbox", name="On primary", exact=True).fill("#fffff0")
    expect(frame.get_by_role("button", name="Add to cart")).to_have_css("color", "rgb(255, 255, 240)")
    sim.get_by_role("textbox", name="Background", exact=True).fill("#fafaf0")
    expect(frame.locator(".ob-root")).to_have_css("background-color", "rgb(250, 250, 240)")
    sim.get_by_role("textbox", name="Surface", exact=True).fill("#eeeeee")
    expect(frame.locator(".ob-stage")).to_have_css("background-color", "rgb(238, 238, 238)")
    sim.get_by_role("textbox", name="Text", exact=True).fill("#111111")
    expect(frame.locator(".ob-root")).to_have_css("color", "rgb(17, 17, 17)")
    sim.get_by_role("textbox", name="Border", exact=True).fill("#777777")
    expect(frame.locator(".ob-root")).to_have_css("border-top-color", "rgb(119, 119, 119)")
    sim.get_by_label("Font family").fill("Georgia, serif")
    expect(frame.locator(".ob-root")).to_have_css("font-family", "Georgia, serif")
    slider = sim.get_by_label(re.compile("Corner radius"))
    slider.focus()
    page.keyboard.press("Home")
    expect(frame.get_by_role("button", name="Add to cart")).to_have_css("border-radius", "0px")

    sim.get_by_label("Data layer name").fill("obLayer")
    expect(log.get_by_label("Parameters of widget_loaded")).to_be_visible()
    page.wait_for_function(f"() => document.querySelector('{FRAME}').src.includes('obLayer')")
    handle = page.locator(FRAME).element_handle()
    assert handle is not None and handle.content_frame() is not None
    page.wait_for_timeout(300)
    content = handle.content_frame()
    assert content is not None
    content.wait_for_function("() => (window.obLayer || []).length > 0")
    sim.get_by_label("Push to the data layer").uncheck()
    expect(log).to_have_text("No events yet: use the widget above.")
    expect(frame.get_by_role("group", name="Seat map")).to_be_visible()

    sim.get_by_label("Environment").select_option("pre-production")
    expect(sim.get_by_role("alert")).to_have_text(
        "The widget script could not be loaded from https://widget.oneboxtds.com/v2/widget.js: "
        "check your connection and that nothing blocks it.")


def snippet_options(code: str) -> dict[str, Any]:
    """The options of the generated `mount()` call."""
    body = code[code.index("), {\n") + 4:code.rindex("});")]
    as_json = re.sub(r"^(\s*)(\w+):", r'\1"\2":', body, flags=re.M)
    as_json = re.sub(r",(\s*[}\]])", r"\1", "{" + as_json.rstrip().rstrip(",") + "}")
    return dict(json.loads(as_json))


def test_the_code_and_the_preview_agree(page: Page, site_url: str) -> None:
    open_simulator(page, site_url)
    sim = page.locator(".widget-simulator")
    sim.get_by_label("Session").check()
    sim.get_by_label("Session id").fill("10872")
    sim.get_by_label("Locale").select_option("ca-ES")
    sim.get_by_role("textbox", name="Primary", exact=True).fill("#0b6e4f")
    sim.get_by_label("Push to the data layer").uncheck()
    code = sim.get_by_label("Generated embed code")
    expect(code).to_contain_text('sessionId: 10872')
    page.wait_for_function(f"() => document.querySelector('{FRAME}').src.includes('10872')")
    expected = {"channelId": 812, "sessionId": 10872, "environment": "sandbox", "locale": "ca-ES",
                "currencyDisplay": "symbol", "height": "auto", "dataLayerName": "dataLayer",
                "pushToDataLayer": False, "theme": {"colorPrimary": "#0b6e4f"}}
    assert snippet_options(code.text_content() or "") == expected
    assert options_of_preview(page) == expected
    expect(code).to_contain_text('<script async src="https://developers.oneboxtds.com/widget/onebox-widget.js"')
    sim.get_by_label("HTML").check()
    expect(code).to_contain_text('data-session-id="10872"')
    expect(code).to_contain_text('data-push-to-data-layer="false"')
    expect(sim.get_by_text("The HTML embed can't carry the theme")).to_be_visible()


def test_the_copy_button_copies_the_code(new_context: NewContext, site_url: str) -> None:
    context = new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    open_simulator(page, site_url)
    code = page.get_by_label("Generated embed code")
    page.locator(".widget-simulator").get_by_role("button", name="Copy code to clipboard").click()
    assert page.evaluate("navigator.clipboard.readText()") == (code.text_content() or "").rstrip("\n")


def test_the_options_are_in_the_query_string(page: Page, site_url: str) -> None:
    open_simulator(page, site_url)
    sim = page.locator(".widget-simulator")
    sim.get_by_label("Event id").fill("4602")
    sim.get_by_label("Currency display").select_option("name")
    expect(page).to_have_url(re.compile(r"\?channelId=812&eventId=4602&currencyDisplay=name$"))
    shared = page.url
    page.goto("about:blank")
    page.goto(shared)
    expect(sim.get_by_label("Event id")).to_have_value("4602")
    expect(sim.get_by_label("Currency display")).to_have_value("name")
    expect(preview(page).get_by_role("heading", name="La casa de Bernarda Alba")).to_be_visible()
    expect(preview(page).get_by_text("from 20.00 euros")).to_be_visible()


@pytest.mark.parametrize(("query", "field", "message"), [
    ("channelId=abc", "Channel id", 'Channel id must be a positive whole number; "abc" is not.'),
    ("channelId=812&eventId=4521&sessionId=10871", None, "Set an event id or a session id, not both."),
    ("channelId=812&theme.colorPrimary=red", "Primary",
     'Theme token colorPrimary must be a hex color such as "#1a56db"; got "red".'),
])
def test_invalid_values_are_flagged_and_hold_the_preview(page: Page, site_url: str, query: str, field: str | None,
                                                         message: str) -> None:
    page.goto(f"{site_url}{SIMULATOR}?{query}")
    sim = page.locator(".widget-simulator")
    expect(sim.get_by_text(message)).to_be_visible()
    if field:
        expect(sim.get_by_role("textbox", name=field, exact=True)).to_have_attribute("aria-invalid", "true")
    expect(sim.get_by_role("alert")).to_have_text("Fix the fields marked above to get the embed code and the preview.")
    expect(sim.locator("iframe")).to_have_count(0)
    expect(sim.get_by_text("The preview shows once the options above are valid.")).to_be_visible()


def test_v1_mode_writes_the_v1_container(page: Page, site_url: str) -> None:
    open_simulator(page, site_url, V2_PAGE)
    sim = page.locator(".widget-simulator")
    expect(sim.get_by_label("Widget version")).to_have_value("v1")
    sim.get_by_role("textbox", name="Color", exact=True).fill("#b3261e")
    sim.get_by_label("Height (px)").fill("700")
    sim.get_by_label("Environment").select_option("pre-production")
    code = sim.get_by_label("Generated embed code")
    expect(code).to_have_text(
        '<div class="onebox-widget" data-channel="812" data-event="4521" data-color="#b3261e" data-height="700" '
        'data-env="pre"></div>\n<script src="https://widget.oneboxtds.com/v1/widget.js"></script>')
    expect(sim.get_by_role("list", name="Data-layer events")).to_have_count(0)
    sim.get_by_label("Environment").select_option("sandbox")  # the sandbox edition reads v1's container
    expect(code).to_contain_text('data-env="sandbox"></div>\n<script src="https://developers.oneboxtds.com/widget/onebox-widget.js">')
    expect(preview(page).get_by_role("heading", name="Marea Alta — Gira Faro 2026")).to_be_visible()
    expect(preview(page).get_by_role("button", name="Choose tickets").first).to_have_css(
        "background-color", "rgb(179, 38, 30)")
    sim.get_by_label("Environment").select_option("pre-production")
    sim.get_by_label("Widget version").select_option("v2")  # common fields keep their values
    expect(code).to_contain_text('environment: "pre-production"')
    expect(code).to_contain_text('colorPrimary: "#b3261e"')


@pytest.mark.parametrize("mode", ["light", "dark"])
@pytest.mark.parametrize("path", [SIMULATOR, V2_PAGE])
def test_axe_clean(new_context: NewContext, site_url: str, mode: str, path: str) -> None:
    context = new_context(viewport={"width": 375, "height": 800} if mode == "dark" else None)
    context.add_init_script(f"localStorage.setItem('theme', '{mode}')")
    page = context.new_page()
    open_simulator(page, site_url, path)
    assert axe_violations(page, FRAME) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]  # type: ignore[index]




def scripts(page: Page, url: str) -> dict[str, int]:
    """The scripts a page loads (its preview frame's included): file name -> gzip size in bytes."""
    # the bodies are read once the page is quiet: read in the event handler, a body could still be
    # pending when the test read the list (CI, on a busy machine)
    responses: list[Response] = []
    page.on("response", lambda r: responses.append(r) if r.request.resource_type == "script" and r.ok else None)
    page.goto(url, wait_until="networkidle")
    return {r.url.rsplit("/", 1)[-1]: len(gzip.compress(r.body(), 9)) for r in responses}


def test_the_simulator_code_loads_only_on_its_pages_within_budget(new_context: NewContext, site_url: str) -> None:
    doc = scripts(new_context().new_page(), site_url + "/docs/environments")
    assert not [name for name in doc if name.startswith(("WidgetSimulator", "form-")) or name == "onebox-widget.js"]
    simulator = scripts(new_context().new_page(), site_url + SIMULATOR)
    added = {name: size for name, size in simulator.items() if name not in doc}
    assert any(name.startswith("WidgetSimulator") for name in added) and "onebox-widget.js" in added
    assert sum(added.values()) <= 40 * 1024, added  # README: the simulator pages' budget


def test_the_widget_bundle_is_within_its_budget(built_site: Path) -> None:
    bundle = (built_site / "widget" / "onebox-widget.js").read_bytes()
    assert len(gzip.compress(bundle, 9)) <= 35 * 1024
    assert b"react" not in bundle.lower().replace(b"reactive", b"")  # no framework imposed on the host page


def test_the_form_works_by_keyboard(page: Page, site_url: str) -> None:
    open_simulator(page, site_url)
    sim = page.locator(".widget-simulator")
    sim.get_by_label("Widget version").focus()
    page.keyboard.press("Tab")
    expect(sim.get_by_label("Channel id")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("700")
    page.keyboard.press("Tab")
    expect(sim.get_by_label("Environment")).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # the Start on radios: one tab stop, arrows move the choice
    expect(sim.get_by_label("Event", exact=True)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(sim.get_by_label("Channel events")).to_be_checked()
    expect(preview(page).get_by_role("heading", name="Events on sale")).to_be_visible()
    expect(sim.get_by_label("Generated embed code")).to_contain_text("channelId: 700,")
    sim.get_by_label("HTML").focus()
    page.keyboard.press("Space")
    expect(sim.get_by_label("Generated embed code")).to_contain_text('data-channel-id="700"')
