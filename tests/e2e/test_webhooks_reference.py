"""The Orders Management API's webhooks in its reference, in Chromium against the built site: each is
in the page's navigation under Webhooks, a deep link lands on it, and it shows what an integrator
needs to receive it: the event name, when it is sent, its payload schema and example, the answer
expected and the retries (the spec's `x-retries`)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_api_reference import assert_just_below_navbar, hydrated

ORDERS = "/specification/orders"
WEBHOOKS = [("order.purchased", "notifyOrderPurchased", "Order purchased"),
            ("order.cancelled", "notifyOrderCancelled", "Order canceled"),
            ("refund.requested", "notifyRefundRequested", "Refund requested"),
            ("refund.completed", "notifyRefundCompleted", "Refund completed")]


def test_the_navigation_lists_the_webhooks_and_jumps_to_them(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(site_url + ORDERS)
    hydrated(page)
    nav = page.locator("nav.api-nav")
    group = nav.locator("li", has=page.locator("a[href='#webhooks']")).last
    expect(group.locator("ul a")).to_have_text([re.compile(label) for _, _, label in WEBHOOKS])
    nav.get_by_role("link", name="Refund completed").click()
    assert_just_below_navbar(page, "operation-notifyRefundCompleted")
    assert page.url.endswith("#operation-notifyRefundCompleted")


@pytest.mark.parametrize(("event", "operation_id", "title"), WEBHOOKS)
def test_a_deep_link_shows_the_webhook_whole(page: Page, site_url: str, event: str, operation_id: str,
                                             title: str) -> None:
    page.goto(f"{site_url}{ORDERS}#operation-{operation_id}")
    hydrated(page)
    section = page.locator(f"#operation-{operation_id}")
    assert_just_below_navbar(page, f"operation-{operation_id}")
    expect(section.locator("h3")).to_have_text(re.compile(f"^{title}"))
    expect(section.locator(".api-endpoint")).to_have_text(re.compile(rf"POST\s*{re.escape(event)}"))
    expect(section.locator(".api-security")).to_have_text("Sent by the platform to your endpoint.")
    expect(section).to_contain_text("Sent when")  # when it is sent
    payload = section.locator(".api-block", has=page.get_by_role("heading", name="Payload"))
    expect(payload).to_contain_text("createdAt")  # the payload schema
    expect(section.locator(".api-operation-aside")).to_contain_text(f'"type": "{event}"')  # its example
    expect(section.locator(".api-responses")).to_contain_text("Any 2xx answer within 10 seconds")
    retries = section.locator(".api-block", has=page.get_by_role("heading", name="Retries"))
    expect(retries).to_contain_text("delivered at most 8 times in all")
