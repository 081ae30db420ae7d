"""Docs agree with the specs: API calls in pages' code, found with their lines and checked."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from docsite.checks.api_calls import ApiIndex, check_api_calls, find_api_calls, route_code
from docsite.errors import Problem, Report
from docsite.markdown import render_markdown
from docsite.openapi.specs import ApiSpec
from docsite.routes import Route

SPEC = ApiSpec("catalog", Path("catalog.yaml"), {
    "openapi": "3.1.0",
    "info": {"title": "Catalog API", "version": "1.0.0"},
    "servers": [{"url": "https://api.pre.example.com"}, {"url": "https://api.example.com"}],
    "paths": {
        "/catalog/v1/events": {"get": {}},
        "/catalog/v1/events/{eventId}": {"get": {}, "patch": {}},
        "/catalog/v1/sessions/{sessionId}/availability/seats": {"get": {}},
    },
})
OTHER = ApiSpec("carts", Path("carts.yaml"), {
    "openapi": "3.1.0",
    "info": {"title": "Carts API", "version": "1.0.0"},
    "servers": [{"url": "https://api.pre.example.com"}],
    "paths": {"/distribution/v1/carts": {"post": {}}, "/distribution/v1/carts/{cartId}/items": {"post": {}}},
})
PAGE = Path("docs/page.md")


def check(markdown: str, first_line: int = 5) -> list[Problem]:
    rendered = render_markdown(textwrap.dedent(markdown), PAGE, first_line)
    report = Report()
    check_api_calls(route_code([Route("/docs/page", "doc", {}, PAGE, rendered)]), [SPEC, OTHER], report)
    return report.problems


def calls(markdown: str) -> list[tuple[int, str | None, str]]:
    rendered = render_markdown(textwrap.dedent(markdown), PAGE, 1)
    index = ApiIndex([SPEC, OTHER])
    return [(c.line, c.method, c.path) for span in rendered.code for c in find_api_calls(span, index)]


def test_calls_the_specs_define_pass() -> None:
    assert check("""\
        Call `GET /catalog/v1/events/{eventId}`, then `PATCH /catalog/v1/events/{eventId}`.

        ```bash
        curl https://api.pre.example.com/catalog/v1/events/4521 -H "Authorization: Bearer $TOKEN"
        curl -X POST "https://api.example.com/distribution/v1/carts" -d '{"sessionId": 10871}'
        curl -G https://api.pre.example.com/catalog/v1/events --data-urlencode "from=2026-03-01T00:00:00Z"
        ```

        ```python
        events = requests.get(f"{BASE_URL}/catalog/v1/events", params={"limit": 20})
        items = api.post(
            f"{BASE_URL}/distribution/v1/carts/{cart['cartId']}/items", json=seats)
        ```

        ```javascript
        const seats = await fetch(`${BASE_URL}/catalog/v1/sessions/${sessionId}/availability/seats?sectorId=6104`);
        const added = await fetch(`${BASE_URL}/distribution/v1/carts/${cartId}/items`, {
          method: "POST",
          body: JSON.stringify({ type: "NUMBERED" }),
        });
        ```
        """) == []


def test_a_path_no_spec_defines_fails_with_file_line_and_the_closest_call() -> None:
    problem, = check("Then call `GET /catalog/v1/event/{eventId}` for its details.\n")
    assert problem.severity == "error"
    assert (problem.file, problem.line) == (PAGE, 5)
    assert problem.message == "API call `GET /catalog/v1/event/{eventId}`: no API spec defines this path"
    assert problem.fix is not None and "did you mean `GET /catalog/v1/events/{eventId}` (Catalog API)?" in problem.fix


def test_a_method_the_path_does_not_have_fails_naming_the_methods_it_has() -> None:
    problem, = check("""\
        Intro.

        ```bash
        # delete the event
        curl -X DELETE https://api.pre.example.com/catalog/v1/events/4521 \\
          -H "Authorization: Bearer $TOKEN"
        ```
        """)
    assert problem.line == 5 + 4  # the curl line inside the block
    assert "no API spec defines DELETE for this path" in problem.message
    assert problem.fix is not None
    assert "GET /catalog/v1/events/{eventId}, PATCH /catalog/v1/events/{eventId}" in problem.fix


@pytest.mark.parametrize(("code", "method"), [
    ('requests.put(f"{BASE_URL}/catalog/v1/events")', "PUT"),
    ('fetch(`${BASE_URL}/catalog/v1/events`, { method: "DELETE" })', "DELETE"),
    ("curl -d '{}' https://api.pre.example.com/catalog/v1/events", "POST"),
])
def test_the_method_comes_from_the_client_call(code: str, method: str) -> None:
    problem, = check(f"```\n{code}\n```\n")
    assert f"no API spec defines {method} for this path" in problem.message


def test_what_is_not_an_api_call_is_not_checked() -> None:
    assert calls("""\
        The base path is `/catalog/v1`; servers are `https://api.pre.example.com` and `https://api.example.com`.
        Tokens: `POST https://auth.pre.example.com/oauth/token`; your endpoint: `POST /webhooks/onebox`.

        ```javascript
        script.src = "https://widget.example.com/v2/widget.js";
        app.post("/webhooks/onebox", handler);
        ```
        """) == []


def test_calls_are_found_with_their_lines_methods_and_paths() -> None:
    found = calls("""\
        1. `POST /distribution/v1/carts`
        2. `GET /catalog/v1/events?limit=20`

        ```http
        GET /catalog/v1/events/4521 HTTP/1.1
        Host: api.pre.example.com
        ```

        ```json
        {"self": "https://api.pre.example.com/catalog/v1/events/4521", "next": "/catalog/v1/events?offset=20"}
        ```

        ```python
        response = requests.post(
            f"{BASE_URL}/distribution/v1/carts",
            json={"sessionId": 10871},
        )
        url = f"{base}/orders/v1/orders/{code}"
        ```
        """)
    assert found == [
        (1, "POST", "/distribution/v1/carts"),
        (2, "GET", "/catalog/v1/events"),
        (5, "GET", "/catalog/v1/events/4521"),
        (10, None, "/catalog/v1/events/4521"),
        (10, None, "/catalog/v1/events"),
        (15, "POST", "/distribution/v1/carts"),
        (18, None, "/orders/v1/orders/{code}"),  # after a placeholder: checked even under an unknown base
    ]


def test_a_path_parameter_named_differently_from_the_spec_warns() -> None:
    problem, = check("Read it with `GET /catalog/v1/events/{id}`.\n")
    assert problem.severity == "warning"
    assert "names path parameters differently from the spec ({id} for {eventId})" in problem.message
    assert problem.fix == "write the path as the spec does: `GET /catalog/v1/events/{eventId}`"
    assert check("```python\nrequests.get(f\"{BASE}/catalog/v1/events/{event_id}\")\n```\n") == []


def test_the_real_docs_agree_with_the_specs() -> None:
    from docsite.build import Paths
    from docsite.build import check as check_site
    from tests.conftest import CONTENT
    warnings = check_site(Paths(CONTENT, Path("/nonexistent")))
    assert not [w for w in warnings if w.message.startswith("API call")]
