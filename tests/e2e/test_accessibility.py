"""axe-core finds no violations on any route, in either colour mode."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.axe import inject_axe
from tests.e2e.conftest import NewContext
from tests.e2e.routes import ALL_ROUTES


def violations(page: Page) -> list[dict[str, Any]]:
    inject_axe(page)
    found = page.evaluate("""async () => {
        // target-size (WCAG 2.2's 24 px targets) as Lighthouse checks it, whether or not this axe
        // version runs it by default.
        const result = await axe.run(document, {resultTypes: ['violations'], rules: {'target-size': {enabled: true}}});
        return result.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ': '
                + n.failureSummary.split('\\n').slice(1, 2).join('')),
        }));
    }""")
    return list(found)


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_no_axe_violations_on_any_route(new_context: NewContext, site_url: str, mode: str) -> None:
    context = new_context()
    context.add_init_script(f"localStorage.setItem('theme', '{mode}')")
    page = context.new_page()
    problems: dict[str, list[dict[str, Any]]] = {}
    for route in [*ALL_ROUTES, "/no/such/page"]:
        page.goto(site_url + route)
        expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
        assert page.evaluate("document.documentElement.dataset.theme") == mode
        found = violations(page)
        if found:
            problems[route] = found
    assert problems == {}, "\n".join(f"{route}: {v}" for route, found in problems.items() for v in found)


def test_no_axe_violations_in_the_open_menus(new_context: NewContext, site_url: str) -> None:
    for mode in ("light", "dark"):
        context = new_context(viewport={"width": 375, "height": 740})
        context.add_init_script(f"localStorage.setItem('theme', '{mode}')")
        page = context.new_page()
        page.goto(site_url + "/docs/environments")
        expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
        page.get_by_role("button", name="Toggle navigation bar").click()
        expect(page.locator(".navbar-sidebar")).to_be_visible()
        assert violations(page) == [], mode
        page.set_viewport_size({"width": 1280, "height": 800})
        expect(page.locator(".navbar-sidebar")).to_have_count(0)
        page.get_by_role("button", name="API specs").click()
        assert violations(page) == [], mode


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_no_axe_violations_with_a_fetched_code_sample_shown_on_a_phone(new_context: NewContext, site_url: str,
                                                                       mode: str) -> None:
    """A remembered language other than cURL: its samples come from the API's samples file after load
    (api/CodeSample.tsx), in seven tabs that wrap on a 375 px screen."""
    context = new_context(viewport={"width": 375, "height": 800})
    context.add_init_script(f"localStorage.setItem('theme', '{mode}');"
                            " localStorage.setItem('docsite.tab.language', 'go')")
    page = context.new_page()
    page.goto(site_url + "/specification/distribution#operation-createCart")
    samples = page.locator("#operation-createCart .api-samples")
    expect(samples.get_by_role("tab", name="Go", exact=True)).to_have_attribute("aria-selected", "true")
    expect(samples.locator("pre:visible")).to_contain_text("package main")
    assert violations(page) == []
