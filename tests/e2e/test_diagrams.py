"""Mermaid diagrams in the browser: an SVG made at build time in the colour mode's palette (the other
mode's loaded only when the reader switches), no diagram code downloaded, no CSP violation, the source
as the text alternative (JavaScript off too), and a diagram wider than a phone scrolls in its own box."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.docs_engine import hydrated

DIAGRAM_PAGE = "/docs/api/tutorials/booking-to-purchase"
TOGGLE = ".navbar-items-right .color-mode-toggle"
SHOWN = ".diagram-image:visible"


def report_csp_violations(page: Page) -> list[str]:
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                         "console.error('Content Security Policy: ' + e.violatedDirective + ' ' + e.blockedURI))")
    return violations


def shown_colours(page: Page) -> list[str]:
    """The fill of the first participant box and the colour of the first message, as the SVG file of
    the image on screen draws them."""
    return list(page.locator(SHOWN).first.evaluate(
        """async (image) => {
          if (!image.complete || image.naturalWidth === 0) throw new Error('the image did not load');
          const text = await (await fetch(image.currentSrc)).text();
          const holder = document.createElement('div');
          holder.innerHTML = text;
          document.body.append(holder);
          const svg = holder.querySelector('svg');
          const colours = [getComputedStyle(svg.querySelector('rect.actor')).fill,
                           getComputedStyle(svg.querySelector('text.messageText')).fill];
          holder.remove();
          return colours;
        }"""))


def test_a_diagram_is_an_svg_in_the_colours_of_each_mode_without_a_csp_violation(page: Page, site_url: str) -> None:
    violations = report_csp_violations(page)
    svgs: list[str] = []
    page.on("request", lambda r: svgs.append(r.url.rsplit("-", 1)[1]) if "/assets/diagrams/" in r.url else None)
    page.goto(site_url + DIAGRAM_PAGE)
    hydrated(page)
    figure = page.locator("figure.diagram").first
    image = figure.get_by_role("img", name="Diagram: The payment sequence")
    expect(image).to_have_count(1)  # the other mode's image is not shown
    image.scroll_into_view_if_needed()
    expect(image).to_have_js_property("complete", True)
    assert image.evaluate("i => i.naturalWidth") > 300
    assert image.bounding_box()["width"] > 300  # type: ignore[index]
    assert svgs == ["light.svg"]  # the dark one loads only if the reader switches
    light = shown_colours(page)

    page.locator(TOGGLE).click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(image).to_have_attribute("src", re.compile(r"-dark\.svg$"))
    expect(image).to_have_js_property("complete", True)
    dark = shown_colours(page)
    assert light == ["rgb(246, 247, 249)", "rgb(28, 30, 33)"]  # the site's surface and text colours
    assert dark == ["rgb(36, 37, 38)", "rgb(227, 227, 227)"]
    page.wait_for_load_state("networkidle")
    assert violations == []


def test_the_source_is_the_text_alternative_with_javascript_off(browser: Browser, site_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + DIAGRAM_PAGE)
        figure = page.locator("figure.diagram").first
        image = figure.get_by_role("img", name="Diagram: The payment sequence")
        image.scroll_into_view_if_needed()
        expect(image).to_have_js_property("complete", True)  # drawn without any script
        assert image.evaluate("i => i.naturalWidth") > 300
        expect(image).to_have_accessible_description(re.compile(r"^sequenceDiagram .*Your server"))
        source = figure.locator("details.diagram-source")
        expect(source.locator("pre")).to_be_hidden()
        source.locator("summary").click()
        expect(source.locator("pre")).to_be_visible()
        text = source.locator("pre").inner_text()
        assert text.startswith("sequenceDiagram\n")
        assert "S->>D: 3. POST /distribution/v1/bookings/{orderCode}/purchase" in text
    finally:
        context.close()


def test_no_page_downloads_diagram_code(page: Page, site_url: str) -> None:
    scripts: dict[str, str] = {}
    page.on("response", lambda r: scripts.__setitem__(r.url, r.text())
            if r.request.resource_type == "script" and r.url.startswith(site_url) else None)
    for path in ("/docs/environments", DIAGRAM_PAGE):
        page.goto(site_url + path)
        hydrated(page)
        page.wait_for_load_state("networkidle")
    assert scripts, "the page's scripts were seen"
    # mermaid's parsers and renderer: none of it ships, the SVG is made at build time
    assert [url for url, body in scripts.items() if "sequenceDiagram" in body or "mermaidAPI" in body] == []


def test_a_diagram_wider_than_a_phone_scrolls_in_its_own_focusable_box(browser: Browser, site_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 800})
    try:
        page = context.new_page()
        page.goto(site_url + "/docs/authentication/")
        hydrated(page)
        box = page.locator(".diagram-scroll").first
        expect(box).to_have_attribute("role", "region")
        expect(box).to_have_attribute("tabindex", "0")
        assert box.evaluate("b => b.scrollWidth > b.clientWidth")
        figure = page.locator("figure.diagram").first.bounding_box()
        assert figure is not None and figure["x"] >= 0 and figure["x"] + figure["width"] <= 375  # the page does not
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 375  # scroll sideways
        image = box.locator(SHOWN)
        shown = image.bounding_box()["width"]  # type: ignore[index]
        assert shown >= 0.7 * int(image.get_attribute("width") or 0) - 1  # shrunk to 70 % at most
    finally:
        context.close()
