"""Docs agree with the specs: the JSON pages show (blocks, curl bodies, errors, webhooks) is the specs' JSON."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from typing import Any

import yaml

from docsite.checks.api_calls import check_api_calls, route_code
from docsite.checks.json_bodies import check_json_bodies
from docsite.errors import Problem, Report
from docsite.markdown import render_markdown
from docsite.openapi.specs import ApiSpec
from docsite.routes import Route
from tests.conftest import CONTENT

MONEY: dict[str, Any] = {"type": "object", "required": ["amount", "currency"],
                         "properties": {"amount": {"type": "integer"}, "currency": {"type": "string"}}}
ERROR: dict[str, Any] = {"type": "object", "required": ["code", "message"],
                         "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}


def error_response(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


SPEC = ApiSpec("distribution", Path("distribution.yaml"), {
    "openapi": "3.1.0",
    "info": {"title": "Distribution API", "version": "1.0.0",
             "x-error-codes": [{"code": "CART_NOT_FOUND", "status": 404}, {"code": "SEAT_UNAVAILABLE", "status": 409}]},
    "servers": [{"url": "https://api.pre.example.com"}],
    "paths": {
        "/distribution/v1/carts/{cartId}/items": {"post": {
            "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/AddItems"}}}},
            "responses": {
                "201": {"description": "The cart",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cart"}}}},
                "404": {"$ref": "#/components/responses/NotFound"},
                "409": error_response("Taken"),
            },
        }},
        "/distribution/v1/carts/{cartId}/booking": {"post": {"responses": {"201": {"description": "Booked"}}}},
        "/distribution/v1/carts/{cartId}": {"get": {"responses": {
            "200": {"description": "The cart",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cart"}}}},
        }}},
    },
    "webhooks": {"cart.expired": {"post": {
        "requestBody": {"content": {"application/json": {"schema": {
            "type": "object", "required": ["type", "cartId"],
            "properties": {"type": {"const": "cart.expired"}, "cartId": {"type": "string"}}}}}},
        "responses": {"200": {"description": "Received"}},
    }}},
    "components": {
        "schemas": {
            "Money": MONEY,
            "Error": ERROR,
            "AddItems": {"type": "object", "required": ["type"], "properties": {
                "type": {"type": "string", "enum": ["NUMBERED", "GENERAL_ADMISSION"]},
                "seats": {"type": "array", "items": {"type": "object", "properties": {"seatId": {"type": "integer"}}}},
            }},
            "Item": {"type": "object", "required": ["itemId"], "properties": {
                "itemId": {"type": "integer"}, "price": {"$ref": "#/components/schemas/Money"}}},
            "Cart": {"allOf": [{"$ref": "#/components/schemas/CartBase"}, {
                "type": "object", "properties": {"totals": {"type": "object", "properties": {
                    "total": {"$ref": "#/components/schemas/Money"}}}}}]},
            "CartBase": {"type": "object", "required": ["cartId", "items"], "properties": {
                "cartId": {"type": "string"},
                "items": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}}}},
        },
        "responses": {"NotFound": error_response("No such cart")},
    },
})
PAGE = Path("docs/cart.md")
CART = '{"cartId": "crt_1", "items": [{"itemId": 9, "price": {"amount": 3900, "currency": "EUR"}}]}'


def check(markdown: str) -> list[Problem]:
    rendered = render_markdown(textwrap.dedent(markdown), PAGE, 1)
    routes = [Route("/docs/cart", "doc", {}, PAGE, rendered)]
    report = Report()
    check_json_bodies(routes, [SPEC], check_api_calls(route_code(routes), [SPEC], Report()), report)
    return report.problems


def test_request_bodies_responses_and_their_excerpts_pass() -> None:
    assert check(f"""\
        ## Add seats

        ```bash
        curl https://api.pre.example.com/distribution/v1/carts/crt_1/items \\
          -H "Authorization: Bearer $TOKEN" \\
          -d '{{"type": "NUMBERED", "seats": [{{"seatId": 5510715}}]}}'
        ```

        ```json title="201 Created"
        {CART}
        ```

        ```json title="The item's price"
        {{"amount": 3900, "currency": "EUR"}}
        ```

        ```json title="totals, from the allOf's second part"
        {{"total": {{"amount": 3900, "currency": "EUR"}}}}
        ```
        """) == []


def test_a_field_the_spec_does_not_define_fails_with_the_file_line_and_field() -> None:
    problem, = check(f"""\
        Read the cart with `GET /distribution/v1/carts/{{cartId}}`:

        ```json
        {CART[:-1]}, "expiresIn": 900}}
        ```
        """)
    assert problem.severity == "error"
    assert (problem.file, problem.line) == (PAGE, 4)
    assert problem.message.startswith("this JSON (after `GET /distribution/v1/carts/{cartId}`) does not match the "
                                      "Distribution API spec as a request body or a response of "
                                      "`GET /distribution/v1/carts/{cartId}`, whole or in part: ")
    assert "'expiresIn' was unexpected" in problem.message
    assert problem.fix == ("correct the JSON to match the spec, or the spec if the page is right "
                           "(see /specification/distribution); JSON that is not the API's is ```jsonc or "
                           "```json skip-check (not checked)")


def test_an_allof_part_alone_does_not_make_the_whole_strict() -> None:
    """CartBase is an allOf part of Cart: a cart with totals (from the other part) passes, a cart with a
    field of neither part fails."""
    assert check(f"`GET /distribution/v1/carts/{{cartId}}`\n\n```json\n{CART[:-1]}, \"totals\": {{}}}}\n```\n") == []
    problem, = check(f"`GET /distribution/v1/carts/{{cartId}}`\n\n```json\n{CART[:-1]}, \"total\": {{}}}}\n```\n")
    assert "'total' was unexpected" in problem.message


def test_a_wrong_type_or_a_value_outside_the_enum_fails() -> None:
    problem, = check("""\
        ```bash
        curl https://api.pre.example.com/distribution/v1/carts/crt_1/items \\
          -d '{"type": "SEATED", "seats": [{"seatId": "5510715"}]}'
        ```
        """)
    assert problem.line == 3  # the line of the body, inside the block
    assert problem.message.startswith("the request body this curl command sends to `POST "
                                      "/distribution/v1/carts/{cartId}/items` does not match the Distribution API spec")
    assert "type: 'SEATED' is not one of ['NUMBERED', 'GENERAL_ADMISSION']" in problem.message
    assert "seats[0].seatId: '5510715' is not of type 'integer'" in problem.message


def test_a_multiline_curl_body_is_read_whole() -> None:
    problem, = check("""\
        ```bash
        curl https://api.pre.example.com/distribution/v1/carts/crt_1/items \\
          -d '{
            "type": "NUMBERED",
            "seatIds": [5510715]
          }'
        ```
        """)
    assert problem.line == 3
    assert "'seatIds' was unexpected" in problem.message


def test_a_body_sent_to_an_operation_that_takes_none_fails() -> None:
    curl = "curl https://api.pre.example.com/distribution/v1/carts/crt_1/booking -d '{\"hold\": 1}'"
    problem, = check(f"```bash\n{curl}\n```\n")
    assert problem.message == ("this curl command sends a JSON body, but "
                               "`POST /distribution/v1/carts/{cartId}/booking` takes none")


def test_an_error_code_the_api_does_not_document_fails_naming_the_ones_it_does() -> None:
    problem, = check("""\
        `POST /distribution/v1/carts/{cartId}/items` can answer:

        ```json
        {"code": "SEAT_TAKEN", "message": "Seat 5510715 is not available."}
        ```
        """)
    assert problem.message == "error code `SEAT_TAKEN` is not documented by Distribution API"
    assert problem.fix == ("use one of the documented codes (CART_NOT_FOUND, SEAT_UNAVAILABLE), "
                           "or add it to `x-error-codes` of the spec")
    assert check("""\
        `POST /distribution/v1/carts/{cartId}/items` can answer:

        ```json
        {"code": "SEAT_UNAVAILABLE", "message": "Seat 5510715 is not available."}
        ```
        """) == []


def test_an_error_body_with_no_call_before_it_is_checked_against_every_api() -> None:
    assert check('```json\n{"code": "CART_NOT_FOUND", "message": "No cart crt_1."}\n```\n') == []
    unknown, = check('```json\n{"code": "CART_GONE", "message": "No cart crt_1."}\n```\n')
    assert unknown.message == "error code `CART_GONE` is not documented by any API"
    shape, = check('```json\n{"code": "CART_NOT_FOUND", "message": "No cart crt_1.", "hint": "retry"}\n```\n')
    assert shape.message.startswith("this error body does not match the Distribution API spec")
    assert "'hint' was unexpected" in shape.message


def test_a_webhook_payload_is_checked_against_the_webhook() -> None:
    assert check('```json\n{"type": "cart.expired", "cartId": "crt_1"}\n```\n') == []
    problem, = check('```json\n{"type": "cart.expired", "cart": "crt_1"}\n```\n')
    assert problem.message.startswith("the `cart.expired` webhook payload does not match the Distribution API spec")
    assert "'cartId' is a required property" in problem.message


def test_a_block_tied_to_a_webhook_by_its_meta_is_checked_whatever_its_type_says() -> None:
    assert check('Intro.\n\n```json webhook="cart.expired"\n{"type": "cart.expired", "cartId": "crt_1"}\n```\n') == []
    # a typo in `type` no longer unties the payload from its webhook: the const catches it
    problem, = check('Intro.\n\n```json webhook="cart.expired"\n'
                     '{\n  "type": "cart.expird",\n  "cartId": "crt_1"\n}\n```\n')
    assert (problem.file, problem.line, problem.severity) == (PAGE, 4, "error")
    assert problem.message.startswith("the `cart.expired` webhook payload does not match the Distribution API spec: "
                                      "type: 'cart.expired' was expected")
    assert problem.fix is not None and "/specification/distribution" in problem.fix
    # without the meta, the same block names no webhook and is only checked for syntax
    assert check('```json\n{"type": "cart.expird", "cartId": "crt_1"}\n```\n') == []


def test_a_webhook_meta_naming_no_webhook_is_an_error_with_the_closest_names() -> None:
    problem, = check('Intro.\n\n```json webhook="cart.expire"\n{"type": "cart.expired", "cartId": "crt_1"}\n```\n')
    assert (problem.line, problem.severity) == (4, "error")
    assert problem.message == 'webhook="cart.expire": no API spec declares this webhook'
    assert problem.fix == "name one of the specs' webhooks (cart.expired), or declare it under `webhooks` in its spec"


def test_a_webhook_meta_is_read_as_such_and_not_warned_about() -> None:
    rendered = render_markdown('```json webhook="cart.expired"\n{}\n```\n', PAGE, 1)
    assert rendered.problems == [] and rendered.code[0].webhook == "cart.expired"


def test_a_json_block_must_be_json() -> None:
    problem, = check('Intro.\n\n```json\n{\n  "cartId": "crt_1",\n  // the items\n}\n```\n')
    assert (problem.line, problem.severity) == (6, "error")
    assert problem.message.startswith("this json code block is not valid JSON: ")
    assert problem.fix is not None and "```jsonc" in problem.fix and "```json skip-check" in problem.fix
    assert "`text`" not in problem.fix  # it would lose the colours


def test_jsonc_and_a_json_block_marked_skip_check_are_not_checked() -> None:
    """Two ways out for one block: a fragment with comments, and JSON that is not the call's."""
    assert check('## Add seats\n\n```bash\ncurl https://api.pre.example.com/distribution/v1/carts/crt_1/items '
                 '-d \'{"type": "NUMBERED"}\'\n```\n\n```jsonc title="A fragment"\n"seats": [ // the seats\n'
                 '  {"seatId": 1}\n]\n```\n\n```json skip-check title="What our server logs"\n{"cart": 1}\n```\n'
                 ) == []
    [mismatch] = check('## Add seats\n\n```bash\ncurl https://api.pre.example.com/distribution/v1/carts/crt_1/items'
                       ' -d \'{"type": "NUMBERED"}\'\n```\n\n```json\n{"cart": 1}\n```\n')
    assert mismatch.fix is not None and "```json skip-check" in mismatch.fix


def test_json_in_another_section_than_the_call_is_only_parsed() -> None:
    """A heading ends what a call's JSON can be: an analytics event or a token answer after it is
    not compared with the call's schemas."""
    assert check("""\
        Read the cart with `GET /distribution/v1/carts/{cartId}`.

        ## The token endpoint's answer

        ```json
        {"access_token": "eyJ...", "token_type": "Bearer", "expires_in": 3600}
        ```
        """) == []


def test_the_real_docs_show_the_specs_json() -> None:
    from docsite.build import Paths
    from docsite.build import check as check_site
    from tests.conftest import CONTENT
    warnings = check_site(Paths(CONTENT, Path("/nonexistent")))  # raises on any error
    assert not [w for w in warnings if "JSON" in w.message or "error code" in w.message]


def test_the_webhooks_page_shows_each_webhook_the_example_its_spec_gives() -> None:
    page = (CONTENT / "docs" / "webhooks" / "webhooks-info.md").read_text(encoding="utf-8")
    shown = {name: json.loads(body) for name, body in
             re.findall(r'^```json [^\n]*webhook="([^"]+)"[^\n]*\n(.*?)^```$', page, re.M | re.S)}
    spec = yaml.safe_load((CONTENT / "specs" / "orders.yaml").read_text(encoding="utf-8"))
    given = {name: item["post"]["requestBody"]["content"]["application/json"]["example"]
             for name, item in spec["webhooks"].items()}
    assert sorted(shown) == sorted(given) == ["order.cancelled", "order.purchased", "refund.completed",
                                              "refund.requested"]
    assert shown == given
