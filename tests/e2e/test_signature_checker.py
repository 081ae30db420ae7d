"""The webhook signature checker on /docs/webhooks/webhooks-info, in Chromium against the built site:
the page's test vector verifies; an altered body and a wrong secret fail with the same honest
message; the vector's old timestamp is reported against the 5-minute window with the gap; nothing is
stored, put in the URL or sent; and its code is a chunk only the webhooks page loads."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.request import urlopen

import pytest
from playwright.sync_api import Locator, Page, Request, expect

from tests.e2e.conftest import NewContext
from tests.e2e.test_widget_tests_page import axe_violations

WEBHOOKS = "/docs/webhooks/webhooks-info"
CONTENT = Path(__file__).parents[2] / "content" / "docs" / "webhooks" / "webhooks-info.md"
# The page's test vector (its table "Check your code with the test vector").
BODY = '{"id":"6f1d2c3b-8e4a-4b7c-9d2e-1a3f5b7c9e0d","type":"order.purchased"}'
SECRET = "whsec_test_5f2b8c1d9e4a7b3c6d0e2f8a"
T = 1770745340
HEADER = f"t={T},v1=dd2486fdc83362fe41c6fa9800474ea6d9f6cfa88688f4151ab662e5fa6d5d75"
MISMATCH = "Signature does not match: the body was changed or the secret is wrong."


def open_checker(page: Page, site_url: str) -> Locator:
    page.goto(site_url + WEBHOOKS)
    checker = page.get_by_role("region", name="Webhook signature checker")
    expect(checker).to_be_visible()
    # prerendered with its buttons disabled: they come to life once its lazy chunk has hydrated it
    expect(checker.get_by_role("button", name="Check signature")).to_be_enabled()
    return checker


def check(checker: Locator, body: str = BODY, header: str = HEADER, secret: str = SECRET, now: str = str(T)) -> str:
    """Type the inputs as a reader would, press Check, and return the verdict shown."""
    checker.get_by_label("Raw body").fill(body)
    checker.get_by_label("X-Onebox-Signature header").fill(header)
    checker.get_by_label("Webhook secret").fill(secret)
    checker.get_by_label("Check against (Unix seconds)").fill(now)
    checker.get_by_role("button", name="Check signature").click()
    result = checker.get_by_role("status")
    expect(result.locator(".signature-verdict")).to_be_visible()
    return result.inner_text()


def test_the_page_documents_the_vector_the_checker_is_tested_with() -> None:
    text = CONTENT.read_text(encoding="utf-8")
    assert all(value in text for value in (f"`{SECRET}`", f"`{T}`", f"`{BODY}`", f"X-Onebox-Signature: {HEADER}"))


def test_the_test_vector_verifies(page: Page, site_url: str) -> None:
    checker = open_checker(page, site_url)
    verdict = check(checker)
    assert verdict.startswith("Verified: the signature matches this body and secret.")
    assert "The timestamp equals the time checked against: within the 5-minute window." in verdict
    expect(checker.locator(".signature-result")).to_have_class(re.compile(r"\bsignature-ok\b"))


def test_the_button_fills_in_the_vector_and_its_time(page: Page, site_url: str) -> None:
    checker = open_checker(page, site_url)
    checker.get_by_role("button", name="Fill in the test vector").click()
    expect(checker.get_by_label("Check against (Unix seconds)")).to_have_value(str(T))
    checker.get_by_role("button", name="Check signature").click()
    expect(checker.get_by_role("status")).to_contain_text("Verified")


@pytest.mark.parametrize(("change", "value"), [("body", BODY.replace("purchased", "cancelled")),
                                               ("body", BODY + "\n"),
                                               ("secret", SECRET[:-1] + "b")])
def test_an_altered_body_or_a_wrong_secret_fails_alike(page: Page, site_url: str, change: str, value: str) -> None:
    checker = open_checker(page, site_url)
    verdict = check(checker, **{change: value})
    assert verdict.startswith(MISMATCH)
    assert "HMAC cannot tell these two apart" in verdict
    assert "v1=dd2486fd" not in verdict  # the v1 this body and secret give is another
    expect(checker.locator(".signature-result")).to_have_class(re.compile(r"\bsignature-failed\b"))


def test_the_old_timestamp_is_reported_against_the_window_with_the_gap(page: Page, site_url: str) -> None:
    checker = open_checker(page, site_url)
    verdict = check(checker, now=str(T + 301))
    assert verdict.startswith("Timestamp outside the 5-minute window: t is 5 minutes 1 second older than the time "
                              f"checked against, {T + 301} (301 seconds apart; at most 300 are allowed).")
    assert "The signature itself matches this body and secret" in verdict

    now = page.evaluate("Math.floor(Date.now() / 1000)")  # empty: this device's clock
    verdict = check(checker, now="")
    gap = int(re.search(r"\(([\d,]+) seconds apart", verdict).group(1).replace(",", ""))  # type: ignore[union-attr]
    assert verdict.startswith("Timestamp outside the 5-minute window") and abs(gap - (now - T)) <= 5

    checker.get_by_label("Check the 5-minute timestamp window").uncheck()
    checker.get_by_role("button", name="Check signature").click()
    expect(checker.get_by_role("status")).to_contain_text("Verified")
    expect(checker.get_by_role("status")).to_contain_text("The timestamp window was not checked.")


def test_a_malformed_header_says_what_is_wrong(page: Page, site_url: str) -> None:
    checker = open_checker(page, site_url)
    assert check(checker, header=f"t={T}").startswith("Malformed header: it has no v1= (the signature).")
    assert check(checker, header=f"X-Onebox-Signature: {HEADER}").startswith("Verified")


def test_nothing_is_stored_sent_or_put_in_the_url(page: Page, site_url: str) -> None:
    checker = open_checker(page, site_url)
    page.wait_for_load_state("networkidle")
    storage = page.evaluate("() => [JSON.stringify(localStorage), JSON.stringify(sessionStorage), document.cookie]")
    url = page.url
    requests: list[Request] = []
    page.on("request", lambda request: requests.append(request))
    for secret in (SECRET, "a-wrong-secret"):
        check(checker, secret=secret)
        page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    # The only requests are the site's own prefetches of the pages its links point to (the pointer passes
    # over links on its way to the fields): GETs of its data and chunks, carrying none of the inputs.
    sent = [(r.method, r.url, r.post_data or "") for r in requests]
    own = re.compile(rf"{re.escape(site_url)}/(_data|assets)/")
    assert all(method == "GET" and own.match(url) for method, url, _ in sent), sent
    inputs = (SECRET, "a-wrong-secret", "dd2486fd", "6f1d2c3b")
    assert not [s for s in sent if any(value in s[1] + s[2] for value in inputs)]
    assert page.evaluate("() => [JSON.stringify(localStorage), JSON.stringify(sessionStorage), document.cookie]") \
        == storage
    assert page.url == url
    assert checker.get_by_label("Webhook secret").get_attribute("type") == "password"
    assert checker.locator("form").count() == 0  # nothing to submit anywhere


def test_the_prerendered_buttons_are_disabled_until_the_checker_hydrates(site_url: str) -> None:
    html = urlopen(site_url + WEBHOOKS).read().decode()
    buttons = re.findall(r"<button[^>]*>(?:Check signature|Fill in the test vector)</button>", html)
    assert len(buttons) == 2 and all(" disabled" in button for button in buttons), buttons


def test_only_the_webhooks_page_loads_its_code(page: Page, site_url: str) -> None:
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    page.goto(site_url + "/docs/environments")
    page.wait_for_load_state("networkidle")
    assert not [url for url in loaded if "SignatureChecker" in url]
    open_checker(page, site_url)
    assert [url for url in loaded if "SignatureChecker" in url]


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_the_page_with_a_verdict_is_axe_clean(new_context: NewContext, site_url: str, mode: str) -> None:
    context = new_context(viewport={"width": 375, "height": 800} if mode == "dark" else None)
    context.add_init_script(f"localStorage.setItem('theme', '{mode}')")
    page = context.new_page()
    checker = open_checker(page, site_url)
    check(checker, secret="wrong")
    assert axe_violations(page) == []
