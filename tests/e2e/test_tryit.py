"""The operations' "Try it" panels in Chromium, against a local stand-in for the APIs (mock_api.py).

The panels call only the specs' servers: the site's CSP (`connect-src`) allows those hosts and no
other. So the tests build a variant of the site whose Catalog and Distribution specs list, after
their real servers, servers on the mock (one per behaviour, and one where nothing listens) and the
mock's token endpoint: the CSP the build derives from the specs then allows them, as it allows
the real hosts on the real site.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import NewContext, VariantSite, free_port
from tests.e2e.mock_api import CLIENT_ID, CLIENT_SECRET, TOKEN, MockApi
from tests.e2e.test_accessibility import violations

REAL_SERVERS = ("  - url: https://api.oneboxtds.com\n"
                "    description: Production\n")
REAL_TOKEN_URL = "tokenUrl: https://auth.oneboxtds.com/oauth/token"
GET_EVENT = "operation-getEvent"
CREATE_CART = "operation-createCart"


@pytest.fixture(scope="session")
def mock_api() -> Iterator[MockApi]:
    with MockApi() as api:
        yield api


@pytest.fixture(scope="session")
def unreachable() -> str:
    return f"http://127.0.0.1:{free_port()}"  # bound and released: nothing listens there


@pytest.fixture(scope="session")
def tryit_url(variant_site: VariantSite, mock_api: MockApi, unreachable: str) -> str:
    def edit(content: Path) -> None:
        for name in ("catalog", "distribution"):
            spec = content / "specs" / f"{name}.yaml"
            text = spec.read_text()
            assert REAL_SERVERS in text and REAL_TOKEN_URL in text
            mocks = "".join(f"  - url: {url}\n    description: {description}\n" for url, description in [
                (f"{mock_api.url}/ok", "Mock"), (f"{mock_api.url}/deviate", "Mock, deviating"),
                (f"{mock_api.url}/nocors", "Mock without CORS"), (unreachable, "Unreachable")])
            text = text.replace(REAL_SERVERS, REAL_SERVERS + mocks, 1)
            spec.write_text(text.replace(REAL_TOKEN_URL, f"tokenUrl: {mock_api.url}/oauth/token"))

    return variant_site("tryit-mock", edit=edit)


def open_panel(page: Page, url: str, anchor: str) -> Locator:
    page.goto(f"{url}/specification/{'distribution' if anchor == CREATE_CART else 'catalog'}#{anchor}")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    operation = page.locator(f"#{anchor}")
    toggle = operation.get_by_role("button", name="Try it")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    # the panel's chunk and the API's Try-it data load now (slower on a busy machine)
    expect(operation.get_by_role("button", name="Send", exact=True)).to_be_visible(timeout=15_000)
    return operation


def choose_server(operation: Locator, description: str) -> None:
    select = operation.get_by_label("Server")
    value = select.locator("option", has_text=re.compile(f"^{re.escape(description)}: ")).get_attribute("value")
    select.select_option(value)


def sent_code(operation: Locator) -> str:
    return str(operation.locator(".api-tryit-result .api-samples pre:visible").text_content())


def test_the_panel_and_its_validator_load_only_when_a_reader_opens_it(page: Page, tryit_url: str) -> None:
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(f"{tryit_url}/specification/catalog#{GET_EVENT}")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    page.wait_for_load_state("networkidle")
    assert not [url for url in fetched if "/assets/TryIt-" in url or "/_data/tryit/" in url]
    page.locator(f"#{GET_EVENT}").get_by_role("button", name="Try it").click()
    expect(page.locator(f"#{GET_EVENT}").get_by_role("button", name="Send", exact=True)).to_be_visible(timeout=15_000)
    assert [url for url in fetched if "/assets/TryIt-" in url]
    assert [url for url in fetched if "/_data/tryit/catalog.json?v=" in url], "fetched like page data"


def test_a_success_shows_status_time_headers_body_and_the_curl_of_what_was_sent(
        page: Page, tryit_url: str, mock_api: MockApi, console_errors: list[str]) -> None:
    operation = open_panel(page, tryit_url, GET_EVENT)
    expect(operation.get_by_label("eventId")).to_have_value("4521")  # the parameter's example
    choose_server(operation, "Mock")
    operation.get_by_label("Bearer token").fill("pasted-token")
    operation.get_by_role("button", name="Send", exact=True).click()
    result = operation.locator(".api-tryit-result")
    expect(result.locator(".api-tryit-status")).to_have_text(re.compile(r"^200 OK in \d+ ms$"))
    expect(result).to_contain_text("The body matches the 200 response schema.")
    expect(result.locator(".code-block", has_text="Response body")).to_contain_text('"id": 4521,')
    result.get_by_text("Headers (").click()
    expect(result.locator("dl")).to_contain_text("x-request-id")
    assert mock_api.requests[-1]["path"] == "/ok/catalog/v1/events/4521"
    assert mock_api.requests[-1]["headers"]["authorization"] == "Bearer pasted-token"
    assert sent_code(operation) == (f'curl "{mock_api.url}/ok/catalog/v1/events/4521" \\\n'
                                    '  -H "Authorization: Bearer $TOKEN"\n')
    # an edited parameter is what is sent, and what the code shows
    operation.get_by_label("eventId").fill("77 7")
    operation.get_by_role("button", name="Send", exact=True).click()
    expect(result.locator(".api-samples pre:visible")).to_contain_text("/ok/catalog/v1/events/77%207")
    assert mock_api.requests[-1]["path"] == "/ok/catalog/v1/events/77%207"
    result.get_by_role("tab", name="Python").click()
    expect(result.locator(".api-samples pre:visible")).to_contain_text(f'"{mock_api.url}/ok/catalog/v1/events/77%207"')
    assert console_errors == []


def test_an_error_response_is_shown_with_its_error_body_checked_against_its_schema(page: Page, tryit_url: str) -> None:
    operation = open_panel(page, tryit_url, GET_EVENT)
    choose_server(operation, "Mock")
    operation.get_by_role("button", name="Send", exact=True).click()  # no token: the API answers 401
    result = operation.locator(".api-tryit-result")
    expect(result.locator(".api-tryit-status")).to_have_text(re.compile(r"^401 Unauthorized in \d+ ms$"))
    expect(result.locator(".api-status")).to_have_class(re.compile("api-status-4"))
    expect(result).to_contain_text('"code": "UNAUTHORIZED"')
    expect(result).to_contain_text("The body matches the 401 response schema.")


def test_a_response_that_deviates_from_its_schema_lists_each_deviation(page: Page, tryit_url: str) -> None:
    operation = open_panel(page, tryit_url, GET_EVENT)
    choose_server(operation, "Mock, deviating")
    operation.get_by_label("Bearer token").fill("pasted-token")
    operation.get_by_role("button", name="Send", exact=True).click()
    result = operation.locator(".api-tryit-result")
    expect(result.locator(".api-tryit-status")).to_contain_text("200")
    expect(result).to_contain_text("The body does not match the 200 response schema:")
    items = result.locator(".api-tryit-deviations li")
    expect(items.filter(has_text='required property "id"')).to_have_count(1)
    expect(items.filter(has_text="(the body)")).to_have_count(1)
    wrong_type = items.filter(has_text='Instance type "string" is invalid')
    expect(wrong_type).to_have_count(1)
    expect(wrong_type.locator("code")).to_have_text(re.compile(r"^/[a-zA-Z]+(/[\w]+)*$"))


@pytest.mark.parametrize("server", ["Unreachable", "Mock without CORS"])
def test_a_network_or_cors_failure_says_which_two_causes_and_offers_the_curl(
        page: Page, tryit_url: str, server: str) -> None:
    operation = open_panel(page, tryit_url, GET_EVENT)
    choose_server(operation, server)
    operation.get_by_label("Bearer token").fill("pasted-token")
    operation.get_by_role("button", name="Send", exact=True).click()
    alert = operation.get_by_role("alert")
    expect(alert).to_contain_text("No response.")
    expect(alert).to_contain_text("(CORS)")
    expect(alert).to_contain_text("Browsers do not tell pages which of the two happened.")
    expect(alert).to_contain_text("Run the cURL command below from a terminal")
    expect(operation.locator(".api-tryit-status")).to_have_count(0)
    assert sent_code(operation).startswith("curl ")


def test_a_token_from_the_client_credentials_form_is_used_and_nothing_is_stored(
        page: Page, tryit_url: str, mock_api: MockApi) -> None:
    operation = open_panel(page, tryit_url, GET_EVENT)
    operation.get_by_text("Get a token with client credentials").click()
    expect(operation).to_contain_text(f"Token endpoint: {mock_api.url}/oauth/token")
    expect(operation.get_by_label("Scope")).to_have_value("catalog.read")
    operation.get_by_label("Client id").fill(CLIENT_ID)
    operation.get_by_label("Client secret").fill("wrong")
    operation.get_by_role("button", name="Get token").click()
    expect(operation.get_by_role("status")).to_have_text(
        "The token endpoint answered 401: Unknown client or wrong secret.")
    operation.get_by_label("Client secret").fill(CLIENT_SECRET)
    operation.get_by_role("button", name="Get token").click()
    expect(operation.get_by_role("status")).to_have_text("Token received, valid for 3600 s.")
    expect(operation.get_by_label("Bearer token")).to_have_value(TOKEN)
    token_request = mock_api.requests[-1]
    assert token_request["path"] == "/oauth/token" and f"client_secret={CLIENT_SECRET}" in token_request["body"]
    assert "scope=catalog.read" in token_request["body"], "the operation's scopes, prefilled"
    choose_server(operation, "Mock")
    operation.get_by_role("button", name="Send", exact=True).click()
    expect(operation.locator(".api-tryit-status")).to_contain_text("200")
    assert mock_api.requests[-1]["headers"]["authorization"] == f"Bearer {TOKEN}"
    stored = page.evaluate("""() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage),
                                                     document.cookie])""")
    assert CLIENT_SECRET not in stored and TOKEN not in stored and CLIENT_ID not in stored


def test_the_body_is_prefilled_and_validated_as_the_reader_types(page: Page, tryit_url: str, mock_api: MockApi) -> None:
    operation = open_panel(page, tryit_url, CREATE_CART)
    body = operation.get_by_label("Request body")
    expect(body).to_have_value(re.compile(r'^\{\n  "sessionId": \d+'))  # the request body's example
    check = operation.locator(".api-tryit-check")
    expect(check).to_have_text("Valid JSON, matches the request schema.")
    body.fill('{"sessionId": ')
    expect(check).to_contain_text("Not valid JSON:")
    expect(body).to_have_attribute("aria-invalid", "true")
    expect(operation.get_by_role("button", name="Send", exact=True)).to_be_disabled()
    body.fill('{"sessionId": "soon"}')
    expect(check).to_contain_text("The body does not match the request schema:")
    expect(check.locator("li", has_text='Instance type "string" is invalid')).to_contain_text("/sessionId")
    body.fill('{"sessionId": 9001}')
    expect(check).to_have_text("Valid JSON, matches the request schema.")
    choose_server(operation, "Mock")
    operation.get_by_label("Bearer token").fill("pasted-token")
    operation.get_by_role("button", name="Send", exact=True).click()
    expect(operation.locator(".api-tryit-status")).to_contain_text("201")
    assert mock_api.requests[-1]["body"] == '{"sessionId":9001}'
    assert mock_api.requests[-1]["headers"]["content-type"] == "application/json"
    expect(operation.locator(".api-tryit-result .api-samples pre:visible")).to_contain_text(
        "-H \"Content-Type: application/json\" \\\n  -d '{\n  \"sessionId\": 9001\n}'")


@pytest.mark.parametrize("api", ["access-control", "catalog", "customers", "distribution", "management", "orders"])
def test_an_unedited_request_is_exactly_the_references_sample(page: Page, tryit_url: str, api: str) -> None:
    """The panel generates its code in the browser (api/tryit/samples.ts), the reference at build
    time (openapi/samples.py): for every operation of every API, the two agree."""
    page.route(re.compile(r"^https://api(\.pre)?\.oneboxtds\.com/"), lambda route: route.abort())
    page.goto(f"{tryit_url}/specification/{api}")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    operations = page.locator(".api-operation:has(.api-tryit)")
    assert operations.count() >= 3
    for index in range(operations.count()):
        operation = operations.nth(index)
        operation.get_by_role("button", name="Try it").click()
        operation.get_by_role("button", name="Send", exact=True).click()
        expect(operation.locator(".api-tryit-result")).to_be_visible(timeout=15_000)
        reference = operation.locator(".api-operation-aside .api-samples pre:visible").text_content()
        assert sent_code(operation) == reference, operation.get_attribute("id")


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_an_open_panel_with_a_response_is_accessible_and_keyboard_usable(
        new_context: NewContext, tryit_url: str, mode: str) -> None:
    context = new_context()
    context.add_init_script(f"localStorage.setItem('theme', '{mode}')")
    page = context.new_page()
    page.goto(f"{tryit_url}/specification/distribution#{CREATE_CART}")
    expect(page.locator(".navbar-items-right .color-mode-toggle")).to_be_enabled()
    operation = page.locator(f"#{CREATE_CART}")
    toggle = operation.get_by_role("button", name="Try it")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(operation.get_by_role("button", name="Send", exact=True)).to_be_visible(timeout=15_000)
    choose_server(operation, "Mock")
    operation.get_by_label("Bearer token").fill("pasted-token")
    operation.get_by_role("button", name="Send", exact=True).focus()
    page.keyboard.press("Enter")
    expect(operation.locator(".api-tryit-status")).to_contain_text("201")
    expect(operation.locator(".api-tryit-result")).to_be_focused()  # the answer is where the reader is taken
    operation.get_by_text("Get a token with client credentials").click()
    operation.get_by_text("Headers (").click()
    assert violations(page) == []


def test_the_panel_fits_a_375_px_screen(browser: Browser, tryit_url: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    operation = open_panel(page, tryit_url, CREATE_CART)
    choose_server(operation, "Mock, deviating")
    operation.get_by_label("Bearer token").fill("pasted-token")
    operation.get_by_role("button", name="Send", exact=True).click()
    expect(operation.locator(".api-tryit-deviations")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = operation.get_by_label("Request body").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 375
    context.close()


def test_the_csp_allows_the_specs_servers_and_token_endpoints_and_no_other_host(
        page: Page, tryit_url: str, mock_api: MockApi, unreachable: str) -> None:
    response = page.goto(f"{tryit_url}/specification/catalog")
    assert response is not None
    csp = dict(part.split(" ", 1) for part in response.headers["content-security-policy"].split("; "))
    # what only requests may reach (the analytics and help-desk hosts also serve images)
    requests_only = [host for host in csp["connect-src"].split() if host not in csp["img-src"].split()]
    assert requests_only == ["https://api.pre.oneboxtds.com", "https://api.oneboxtds.com", "https://auth.oneboxtds.com",
                             mock_api.url, unreachable]
