"""Mermaid diagrams in the browser: an SVG made at build time in the colour mode's palette, no
diagram code downloaded, no CSP violation, the source as the text alternative (JavaScript off too),
and a diagram wider than a phone scrolls in its own box."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.e2e.docs_engine import hydrated

DIAGRAM_PAGE = "/docs/api/tutorials/booking-to-purchase"
TOGGLE = ".navbar-items-right .color-mode-toggle"
SHOWN_SVG = ".diagram-svg:visible svg"


def report_csp_violations(page: Page) -> list[str]:
    violations: list[str] = []
    page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script("document.addEventListener('securitypolicyviolation', e => "
                         "console.error('Content Security Policy: ' + e.violatedDirective + ' ' + e.blockedURI))")
    return violations


def participant_colours(page: Page) -> list[str]:
    """The fill of the first participant box and the colour of the first message of the diagram on screen."""
    return list(page.locator(SHOWN_SVG).first.evaluate(
        """svg => {
          const box = svg.querySelector('rect.actor');
          const label = svg.querySelector('text.messageText');
          return [getComputedStyle(box).fill, getComputedStyle(label).fill];
        }"""))


def test_a_diagram_is_an_svg_in_the_colours_of_each_mode_without_a_csp_violation(page: Page, site_url: str) -> None:
    violations = report_csp_violations(page)
    page.goto(site_url + DIAGRAM_PAGE)
    hydrated(page)
    figure = page.locator("figure.diagram").first
    image = figure.get_by_role("img", name="Diagram: The payment sequence")
    expect(image).to_be_visible()
    expect(figure.locator(SHOWN_SVG)).to_have_count(1)
    expect(figure.locator(SHOWN_SVG)).to_contain_text("POST /distribution/v1/bookings/{orderCode}/purchase")
    assert figure.locator(SHOWN_SVG).bounding_box()["width"] > 300  # type: ignore[index]
    light = participant_colours(page)

    page.locator(TOGGLE).click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(figure.locator(SHOWN_SVG)).to_have_count(1)
    dark = participant_colours(page)
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
        expect(figure.locator(SHOWN_SVG)).to_be_visible()  # drawn without any script
        image = figure.get_by_role("img", name="Diagram: The payment sequence")
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
        svg_width = box.locator(SHOWN_SVG).bounding_box()["width"]  # type: ignore[index]
        assert svg_width >= 0.7 * page.locator(SHOWN_SVG).first.evaluate("s => s.viewBox.baseVal.width") - 1
    finally:
        context.close()
