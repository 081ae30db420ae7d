"""The sandbox sales widget's embed contract, as content/docs/widget/installation.md documents it:
the `data-onebox-widget` container and its attributes, `mount()` and `unmount()`, each option's
effect, the documented `TypeError`s, the theme tokens, `height`, the data layer and `onEvent`."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.e2e.test_accessibility import violations
from tests.e2e.widget import embed, event_names, preview_url, pushes, walk_purchase

SANDBOX = 'data-environment="sandbox"'


def widget(page: Page, selector: str = "[data-onebox-widget], #tickets"):  # type: ignore[no-untyped-def]
    return page.locator(selector).first


def test_the_html_embed_mounts_every_container_with_its_attributes(page: Page, site_url: str) -> None:
    embed(page, site_url,
          f'<div data-onebox-widget data-channel-id="812" data-event-id="4521" data-locale="en-GB" {SANDBOX}></div>'
          f'<div id="second" data-onebox-widget data-channel-id="813" data-session-id="10871" {SANDBOX}></div>')
    first = page.locator("[data-onebox-widget]").first
    expect(first.get_by_role("heading", level=2)).to_have_text("Marea Alta — Gira Faro 2026")
    expect(first.get_by_text("Saturday, 14 March 2026")).to_be_visible()  # en-GB formats, the venue's time zone
    second = page.locator("#second")
    expect(second.get_by_role("group", name="Seat map")).to_be_visible()
    loaded = [p for p in pushes(page) if p["event"] == "widget_loaded"]
    assert {(p["onebox_channel_id"], p["onebox_widget_mode"], p["locale"]) for p in loaded} == {
        (812, "event", "en-GB"), (813, "session", "es-ES")}  # no locale: the channel's default


def test_a_bad_attribute_shows_the_type_error_in_its_container(page: Page, site_url: str) -> None:
    embed(page, site_url,
          f'<div data-onebox-widget data-channel-id="abc" {SANDBOX}></div>'
          f'<div id="both" data-onebox-widget data-channel-id="812" data-event-id="1" data-session-id="2" {SANDBOX}>'
          '</div>')
    expect(page.locator("[data-onebox-widget]").first.get_by_role("alert")).to_have_text(
        'OneboxWidget: channelId must be a positive integer, got "abc".')
    expect(page.locator("#both").get_by_role("alert")).to_have_text(
        "OneboxWidget: set at most one of eventId and sessionId.")


def test_mount_throws_the_documented_type_errors(page: Page, site_url: str) -> None:
    embed(page, site_url, '<div id="tickets"></div>')
    errors = page.evaluate("""() => [{}, {channelId: 812, eventId: 4521, sessionId: 10871}].map((options) => {
        try { OneboxWidget.mount(document.getElementById('tickets'), options); return 'mounted'; }
        catch (error) { return error.constructor.name + ': ' + error.message; }
    })""")
    assert errors == ["TypeError: OneboxWidget: channelId is required.",
                      "TypeError: OneboxWidget: set at most one of eventId and sessionId."]


def test_mount_unmount_and_mounting_twice(page: Page, site_url: str) -> None:
    embed(page, site_url, '<div id="tickets"></div>')
    page.evaluate("""() => {
        window.events = [];
        window.w = OneboxWidget.mount(document.getElementById('tickets'),
            {channelId: 812, environment: 'sandbox', onEvent: (e) => window.events.push(e)});
    }""")
    expect(widget(page).get_by_role("heading", name="Events on sale")).to_be_visible()
    twice = page.evaluate("""() => { try { OneboxWidget.mount(document.getElementById('tickets'), {channelId: 812}); }
        catch (error) { return error.message; } }""")
    assert twice == "OneboxWidget.mount: a widget is already mounted in this element; call unmount() on it first."
    assert page.evaluate("window.events.map((e) => e.name)") == ["widget_loaded", "view_item_list"]
    assert page.evaluate("window.events[0].data === window.dataLayer[0]")  # the very object pushed
    page.evaluate("window.w.unmount()")
    expect(widget(page).get_by_role("heading")).to_have_count(0)
    page.evaluate("""window.w = OneboxWidget.mount(document.getElementById('tickets'),
        {channelId: 812, environment: 'sandbox', sessionId: 10871})""")
    expect(widget(page).get_by_role("group", name="Seat map")).to_be_visible()


def test_theme_tokens_style_the_widget(page: Page, site_url: str) -> None:
    embed(page, site_url, '<div id="tickets" style="font-family: Georgia, serif"></div>')
    page.evaluate("""() => OneboxWidget.mount(document.getElementById('tickets'), {
        channelId: 812, environment: 'sandbox',
        theme: {colorPrimary: '#b3261e', colorOnPrimary: '#fffff0', colorBackground: '#fafaf0', colorSurface: '#eeeeee',
                colorText: '#111111', colorBorder: '#777777', borderRadius: 0}})""")
    button = widget(page).get_by_role("button", name="See sessions of Marea Alta — Gira Faro 2026")
    expect(button).to_have_css("background-color", "rgb(179, 38, 30)")
    expect(button).to_have_css("color", "rgb(255, 255, 240)")
    expect(button).to_have_css("border-radius", "0px")
    expect(button).to_have_css("font-family", "Georgia, serif")  # fontFamily "inherit" by default
    card = widget(page).locator(".ob-card").first
    expect(card).to_have_css("background-color", "rgb(238, 238, 238)")
    expect(card).to_have_css("border-color", "rgb(119, 119, 119)")
    root = widget(page).locator(".ob-root")
    expect(root).to_have_css("background-color", "rgb(250, 250, 240)")
    expect(root).to_have_css("color", "rgb(17, 17, 17)")


def test_height_auto_grows_and_fixed_fills_the_container(page: Page, site_url: str) -> None:
    embed(page, site_url, '<div id="auto"></div><div id="fixed" style="height: 300px"></div>')
    page.evaluate("""() => {
        const options = {channelId: 812, environment: 'sandbox', sessionId: 10871};
        OneboxWidget.mount(document.getElementById('auto'), options);
        OneboxWidget.mount(document.getElementById('fixed'), {...options, height: 'fixed'});
    }""")
    expect(page.locator("#fixed").get_by_role("group", name="Seat map")).to_be_visible()
    expect(page.locator("#auto").get_by_role("group", name="Seat map")).to_be_visible()
    sizes = page.evaluate("""() => ['auto', 'fixed'].map((id) => {
        const root = document.getElementById(id).shadowRoot.querySelector('.ob-root');
        return [root.getBoundingClientRect().height, root.clientHeight, root.scrollHeight];
    })""")
    assert sizes[0][0] > 600 and sizes[0][1] == sizes[0][2]  # auto: as tall as the seat map, no scrolling
    assert sizes[1][0] == 300 and sizes[1][2] > 300  # fixed: the container's height, scrolling inside
    region = page.locator("#fixed").get_by_role("region", name="Ticket sales")
    region.focus()  # the scrolling region is reachable by keyboard
    page.keyboard.press("End")
    page.wait_for_function("() => document.getElementById('fixed').shadowRoot.querySelector('.ob-root').scrollTop > 0")


def test_data_layer_name_and_push_to_data_layer(page: Page, site_url: str) -> None:
    embed(page, site_url,
          f'<div data-onebox-widget data-channel-id="812" data-data-layer-name="obLayer" {SANDBOX}></div>'
          '<div id="quiet"></div>')
    page.wait_for_function("() => (window.obLayer || []).length >= 2")
    assert event_names(page, "obLayer") == ["widget_loaded", "view_item_list"]
    assert page.evaluate("window.obLayer[1]") == {"ecommerce": None}  # cleared before each e-commerce event
    assert page.evaluate("typeof window.dataLayer") == "undefined"
    page.evaluate("""() => { window.heard = [];
        OneboxWidget.mount(document.getElementById('quiet'), {channelId: 812, environment: 'sandbox',
            pushToDataLayer: false, onEvent: (e) => window.heard.push(e.name)}); }""")
    page.wait_for_function("() => window.heard.length === 2")
    assert page.evaluate("typeof window.dataLayer") == "undefined"  # still nothing pushed


def test_currency_display_and_locale_change_the_prices(page: Page, site_url: str) -> None:
    embed(page, site_url, '<div id="a"></div><div id="b"></div><div id="c"></div>')
    page.evaluate("""() => [['a', 'symbol', 'es-ES'], ['b', 'code', 'es-ES'], ['c', 'name', 'en-GB']]
        .forEach(([id, currencyDisplay, locale]) => OneboxWidget.mount(document.getElementById(id),
            {channelId: 812, environment: 'sandbox', currencyDisplay, locale}))""")
    # The sandbox's text is English; prices and dates follow the locale.
    for container, price in [("#a", "from 20,00 €"), ("#b", "from 20,00 EUR"), ("#c", "from 20.00 euros")]:
        card = page.locator(container).get_by_text("Marea Alta — Gira Faro 2026").locator("..")
        expect(card).to_contain_text(price)


def test_other_environments_say_the_sandbox_edition_does_not_sell_there(page: Page, site_url: str) -> None:
    embed(page, site_url, '<div data-onebox-widget data-channel-id="812"></div>')
    expect(page.locator("[data-onebox-widget]").get_by_role("status")).to_contain_text(
        'it sells only with environment "sandbox". To sell in production, load https://widget.oneboxtds.com/v2/widget.js')


def focused(page: Page) -> str:
    """The accessible name (or text) of the element focused inside the widget's shadow root."""
    return str(page.evaluate("""() => {
        const host = document.getElementById('onebox-widget');
        const el = host.shadowRoot.activeElement;
        return el ? (el.getAttribute('aria-label') || el.textContent.trim()) : '';
    }"""))


def test_the_whole_purchase_by_keyboard(page: Page, site_url: str) -> None:
    page.goto(preview_url(site_url, {"channelId": 812, "environment": "sandbox", "eventId": 4521}))
    expect(page.get_by_role("heading", name="Marea Alta — Gira Faro 2026")).to_be_visible()
    page.keyboard.press("Tab")
    assert focused(page).startswith("Choose tickets for Madrid")
    page.keyboard.press("Enter")
    assert focused(page) == "Marea Alta — Gira Faro 2026"  # a new step moves focus to its heading
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "← All sessions"  # before the heading
    page.keyboard.press("Tab")  # "one ticket less" is disabled at 0: skipped
    assert focused(page) == "One ticket more in Pista"
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    assert focused(page) == "One ticket more in Pista"  # focus stays on the control after re-rendering
    expect(page.get_by_label("Tickets in Pista")).to_have_text("2")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Space")
    expect(page.get_by_label("Tickets in Pista")).to_have_text("1")
    page.get_by_role("button", name="Row 8, seat 13, Grada Frontal").focus()
    page.keyboard.press("Space")
    expect(page.get_by_role("button", name="Row 8, seat 13, Grada Frontal")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Add to cart").focus()
    page.keyboard.press("Enter")
    assert focused(page) == "Your cart"
    page.get_by_role("combobox", name="Rate").first.focus()
    page.keyboard.press("ArrowDown")
    expect(page.get_by_role("combobox", name="Rate").first).to_have_value("302")
    page.get_by_label("Promotion code").focus()
    page.keyboard.type("marea10")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status").filter(has_text="Preventa fans 10% applied")).to_be_visible()
    page.get_by_role("button", name="Checkout").focus()
    page.keyboard.press("Enter")
    assert focused(page) == "Checkout"
    page.keyboard.press("Tab")
    page.keyboard.type("Ana García")
    page.keyboard.press("Tab")
    page.keyboard.type("ana@example.com")
    page.keyboard.press("Enter")
    assert focused(page) == "Payment"
    page.get_by_label("Card number").focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Thank you: your order is confirmed")).to_be_focused()


def test_every_step_is_axe_clean_at_375_px(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(preview_url(site_url, {"channelId": 812, "environment": "sandbox"}))
    problems: dict[str, Any] = {}

    def check(step: str) -> None:
        page.get_by_role("heading", level=2).first.wait_for()
        if found := violations(page):
            problems[step] = found
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 375:
            problems[f"{step} width"] = width

    check("events")
    page.get_by_role("button", name="See sessions of Marea Alta — Gira Faro 2026").click()
    check("sessions")
    page.get_by_role("button", name="Choose tickets for Madrid").click()
    page.get_by_role("button", name="Row 7, seat 15, Grada Frontal").click()
    check("seat map")
    page.get_by_role("button", name="Add to cart").click()
    check("cart")
    page.get_by_role("button", name="Checkout").click()
    check("checkout")
    page.get_by_label("Full name").fill("Ana")
    page.get_by_label("Email").fill("ana@example.com")
    page.get_by_role("button", name="Continue to payment").click()
    check("payment")
    page.get_by_role("button", name="Pay").click()
    check("confirmation")
    assert problems == {}, problems


def test_a_purchase_ends_on_its_order_code_and_its_seats_are_sold(page: Page, site_url: str) -> None:
    page.goto(preview_url(site_url, {"channelId": 812, "environment": "sandbox"}))
    order_code = walk_purchase(page)
    assert re.fullmatch(r"OB[A-Z0-9]{8}", order_code)
    expect(page.get_by_role("heading", name="Thank you: your order is confirmed")).to_be_visible()
    # A Grada Frontal seat at Carnet Joven (39.00) and a Pista ticket (42.00), 10% off with MAREA10 (72.90),
    # insured at 1.50 a ticket: 75.90
    expect(page.locator("p", has=page.locator(".ob-order-code"))).to_have_text(
        f"Order code {order_code} · 75,90\u00a0€ paid (simulated).")
    page.get_by_role("button", name="Buy more tickets").click()
    page.get_by_role("button", name="See sessions of Marea Alta — Gira Faro 2026").click()
    page.get_by_role("button", name="Choose tickets for Madrid").click()
    expect(page.get_by_role("button", name="Row 7, seat 15, Grada Frontal, not available")).to_be_disabled()


def test_the_sandbox_edition_reads_a_v1_container(page: Page, site_url: str) -> None:
    embed(page, site_url, '<div class="onebox-widget" data-channel="812" data-event="4602" data-color="#b3261e" '
                          'data-height="500" data-env="sandbox"></div>')
    container = page.locator("div.onebox-widget")
    expect(container.get_by_role("heading", name="La casa de Bernarda Alba")).to_be_visible()
    button = container.get_by_role("button", name="Choose tickets").first
    expect(button).to_have_css("background-color", "rgb(179, 38, 30)")
    expect(container.locator(".ob-root")).to_have_css("height", "500px")


def test_on_event_receives_every_push_of_a_purchase(page: Page, site_url: str) -> None:
    embed(page, site_url, '<div id="tickets"></div>')
    page.evaluate("""() => { window.heard = [];
        OneboxWidget.mount(document.getElementById('tickets'),
            {channelId: 812, environment: 'sandbox', onEvent: (e) => window.heard.push(e)}); }""")
    walk_purchase(page)
    heard = page.evaluate("window.heard")
    assert [e["name"] for e in heard] == event_names(page)
    assert [e["data"] for e in heard] == pushes(page)  # `data` is exactly the object pushed
    assert [e["name"] for e in heard].count("purchase") == 1
