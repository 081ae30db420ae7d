"""The operations' "Try it" panels in Chromium, against a local stand-in for the APIs (mock_api.py).

The panels call only the specs' servers and their token endpoints: the site's CSP (`connect-src`)
allows those hosts and no other. So the tests build a variant of the site whose Catalog and
Distribution specs list, after their real servers, servers on the mock (one per behaviour, each
naming the mock's token endpoint, and one where nothing listens): the CSP the build derives from
the specs then allows them, as it allows the real hosts on the real site. What a panel sends to the
real servers and token endpoints (pre-production and production) is intercepted in the browser.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from tests.e2e.conftest import NewContext, VariantSite, free_port
from tests.e2e.mock_api import CLIENT_ID, CLIENT_SECRET, TOKEN, MockApi
from tests.e2e.test_accessibility import violations

REAL_SERVERS = ("  - url: https://api.oneboxtds.com\n"
                "    description: Production\n"
                "    x-onebox-token-url: https://auth.oneboxtds.com/oauth/token\n")
PRE_TOKEN_URL = "https://auth.pre.oneboxtds.com/oauth/token"
PRO_TOKEN_URL = "https://auth.oneboxtds.com/oauth/token"
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
            assert REAL_SERVERS in text
            mocks = "".join(f"  - url: {mock_api.url}/{path}\n    description: {description}\n"
                            f"    x-onebox-token-url: {mock_api.url}/oauth/token\n" for path, description in [
                                ("ok", "Mock"), ("deviate", "Mock, deviating"), ("nocors", "Mock without CORS")])
            mocks += f"  - url: {unreachable}\n    description: Unreachable\n"
            spec.write_text(text.replace(REAL_SERVERS, REAL_SERVERS + mocks, 1))

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
    choose_server(operation, "Mock")
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
    choose_server(operation, "Mock, deviating")  # another server of the same token endpoint
    expect(operation.get_by_label("Bearer token")).to_have_value(TOKEN)
    choose_server(operation, "Mock")
    operation.get_by_role("button", name="Send", exact=True).click()
    expect(operation.locator(".api-tryit-status")).to_contain_text("200")
    assert mock_api.requests[-1]["headers"]["authorization"] == f"Bearer {TOKEN}"
    stored = page.evaluate("""() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage),
                                                     document.cookie])""")
    assert CLIENT_SECRET not in stored and TOKEN not in stored and CLIENT_ID not in stored


def test_a_typed_token_and_client_secret_are_in_no_attribute_of_the_page_and_in_no_storage(
        page: Page, tryit_url: str, mock_api: MockApi) -> None:
    """A page's HTML (read by extensions, saved with the page, shown by the inspector) never holds
    them: the inputs keep them as their value only, not as a `value` attribute."""
    typed_token = "typed-token-Q8v2kX"
    operation = open_panel(page, tryit_url, GET_EVENT)
    choose_server(operation, "Mock")
    operation.get_by_label("Bearer token").press_sequentially(typed_token)
    operation.get_by_role("button", name="Send", exact=True).click()
    expect(operation.locator(".api-tryit-status")).to_contain_text("200")
    assert mock_api.requests[-1]["headers"]["authorization"] == f"Bearer {typed_token}"
    operation.get_by_text("Get a token with client credentials").click()
    operation.get_by_label("Client id").fill(CLIENT_ID)
    operation.get_by_label("Client secret").press_sequentially(CLIENT_SECRET)
    operation.get_by_role("button", name="Get token").click()
    expect(operation.get_by_role("status")).to_have_text("Token received, valid for 3600 s.")
    expect(operation.get_by_label("Bearer token")).to_have_value(TOKEN)
    expect(operation.get_by_label("Client secret")).to_have_value(CLIENT_SECRET)
    operation.get_by_role("button", name="Send", exact=True).click()
    expect(operation.locator(".api-tryit-status")).to_contain_text("200")
    assert mock_api.requests[-1]["headers"]["authorization"] == f"Bearer {TOKEN}"
    attributes = page.evaluate("""() => [...document.querySelectorAll('*')].flatMap(
        (element) => [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`))""")
    html = page.evaluate("() => document.documentElement.outerHTML")
    for secret in (typed_token, TOKEN, CLIENT_SECRET):
        assert not [attribute for attribute in attributes if secret in attribute], secret
        assert secret not in html, secret
    stored = page.evaluate("""async () => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage),
        document.cookie, await caches.keys(), (await indexedDB.databases()).map((db) => db.name)])""")
    cookies = json.dumps(page.context.cookies())
    for secret in (typed_token, TOKEN, CLIENT_SECRET):
        assert secret not in stored and secret not in cookies, secret


def test_client_credentials_go_to_the_selected_environments_token_endpoint_and_its_token_to_it_only(
        page: Page, tryit_url: str, console_errors: list[str]) -> None:
    """Pre-production credentials posted to the production auth host answer 401 invalid_client: the
    panel posts them to the token endpoint of the server selected, and sends each environment's
    token to that environment's API only."""
    posted: list[tuple[str, str]] = []  # token endpoint, form body
    called: list[tuple[str, str | None]] = []  # API URL, Authorization header

    def token_endpoint(route: Route) -> None:
        posted.append((route.request.url, route.request.post_data or ""))
        environment = "pre" if route.request.url == PRE_TOKEN_URL else "pro"
        route.fulfill(status=200, headers={"Access-Control-Allow-Origin": "*"}, content_type="application/json",
                      body=json.dumps({"access_token": f"{environment}-token", "token_type": "Bearer",
                                       "expires_in": 3600, "scope": "catalog.read"}))

    def api(route: Route) -> None:
        called.append((route.request.url, route.request.headers.get("authorization")))
        route.fulfill(status=200, headers={"Access-Control-Allow-Origin": "*"}, content_type="application/json",
                      body="{}")

    page.route(re.compile(r"^https://auth(\.pre)?\.oneboxtds\.com/"), token_endpoint)
    page.route(re.compile(r"^https://api(\.pre)?\.oneboxtds\.com/"), api)
    operation = open_panel(page, tryit_url, GET_EVENT)
    expect(operation.get_by_label("Server")).to_have_value("https://api.pre.oneboxtds.com")  # the default
    operation.get_by_text("Get a token with client credentials").click()
    bearer, status = operation.get_by_label("Bearer token"), operation.get_by_role("status")

    def get_token(client: str, endpoint: str) -> None:
        expect(operation).to_contain_text(f"Token endpoint: {endpoint}")
        operation.get_by_label("Client id").fill(f"{client}-client")
        operation.get_by_label("Client secret").fill(f"{client}-secret")
        operation.get_by_role("button", name="Get token").click()
        expect(status).to_have_text("Token received, valid for 3600 s.")

    def send() -> None:
        count = len(called)
        with page.expect_response(lambda response: response.request.method == "GET"
                                  and "oneboxtds.com/catalog/" in response.url):
            operation.get_by_role("button", name="Send", exact=True).click()
        expect(operation.locator(".api-tryit-status")).to_contain_text("200")
        assert len(called) == count + 1

    get_token("pre", PRE_TOKEN_URL)
    expect(bearer).to_have_value("pre-token")
    send()
    assert called[-1] == ("https://api.pre.oneboxtds.com/catalog/v1/events/4521", "Bearer pre-token")

    choose_server(operation, "Production")
    # another environment: no token yet, and the credentials form starts empty
    expect(bearer).to_have_value("")
    expect(operation.get_by_label("Client id")).to_have_value("")
    expect(operation.get_by_label("Client secret")).to_have_value("")
    send()
    assert called[-1] == ("https://api.oneboxtds.com/catalog/v1/events/4521", None), "the pre-production token"
    get_token("pro", PRO_TOKEN_URL)
    expect(bearer).to_have_value("pro-token")
    send()
    assert called[-1] == ("https://api.oneboxtds.com/catalog/v1/events/4521", "Bearer pro-token")

    choose_server(operation, "Pre-production")  # each environment keeps its own token
    expect(bearer).to_have_value("pre-token")
    send()
    assert called[-1] == ("https://api.pre.oneboxtds.com/catalog/v1/events/4521", "Bearer pre-token")

    assert [url for url, _ in posted] == [PRE_TOKEN_URL, PRO_TOKEN_URL]
    assert "client_id=pre-client&client_secret=pre-secret" in posted[0][1] and "pro-" not in posted[0][1]
    assert "client_id=pro-client&client_secret=pro-secret" in posted[1][1] and "pre-" not in posted[1][1]
    assert console_errors == []


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


def test_what_was_sent_is_shown_in_the_language_the_reader_chose_as_the_reference_makes_it(
        page: Page, tryit_url: str, mock_api: MockApi) -> None:
    operation = open_panel(page, tryit_url, CREATE_CART)
    reference = operation.locator(".api-operation-aside .api-samples")
    reference.get_by_role("tab", name="Go", exact=True).click()
    expect(reference.locator("pre:visible")).to_contain_text("package main")
    choose_server(operation, "Mock")
    operation.get_by_label("Bearer token").fill("pasted-token")
    operation.get_by_role("button", name="Send", exact=True).click()
    result = operation.locator(".api-tryit-result")
    expect(result.get_by_role("tab", name="Go", exact=True)).to_have_attribute("aria-selected", "true")
    assert sent_code(operation).startswith("package main")
    assert f'"{mock_api.url}/ok/distribution/v1/carts"' in sent_code(operation)
    for label in ("cURL", "Python", "JavaScript", "Java", "PHP", "C#", "Go"):
        result.get_by_role("tab", name=label, exact=True).click()
        expect(reference.get_by_role("tab", name=label, exact=True)).to_have_attribute("aria-selected", "true")
        expect(reference.locator("pre:visible")).to_be_visible()  # fetched with the API's other samples
        expected = str(reference.locator("pre:visible").text_content())
        assert sent_code(operation) == expected.replace("https://api.pre.oneboxtds.com", f"{mock_api.url}/ok"), label


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
    # the API servers, then each environment's token endpoint (the mock's is the mock servers' host)
    assert requests_only == ["https://api.pre.oneboxtds.com", "https://api.oneboxtds.com", mock_api.url, unreachable,
                             "https://auth.pre.oneboxtds.com", "https://auth.oneboxtds.com"]
