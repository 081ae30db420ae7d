"""validate_spec_file: YAML, OpenAPI, examples and the project's conventions, with pointers and lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from docsite.cache import results, use_cache
from docsite.errors import Problem, Report
from docsite.openapi import specs as spec_module
from docsite.openapi.spec_validation import validate_spec_file

# A small spec that follows every convention of content/specs/README.md.
VALID = """\
openapi: 3.1.0
info:
  title: Carts API
  version: 1.1.0
  summary: Carts for the tests.
  description: Create carts.
  x-changelog:
    - version: 1.1.0
      date: "2026-02-01"
      changes: [Add general-admission seats.]
    - version: 1.0.0
      date: 2026-01-15
      changes: [First version.]
  x-error-codes:
    - {code: INVALID_REQUEST, status: 400, description: The request is invalid.}
    - {code: UNAUTHORIZED, status: 401, description: Missing or expired token.}
    - {code: FORBIDDEN, status: 403, description: Scope missing.}
    - {code: NOT_FOUND, status: 404, description: Not found.}
    - {code: CONFLICT, status: 409, description: Conflict.}
    - {code: RATE_LIMIT_EXCEEDED, status: 429, description: Too many requests.}
    - {code: INTERNAL_ERROR, status: 500, description: Unexpected error.}
    - {code: SERVICE_UNAVAILABLE, status: 503, description: Try again later.}
    - {code: SESSION_NOT_FOUND, status: 404, description: The session does not exist.}
tags:
  - name: Carts
    description: Working baskets.
paths:
  /carts:
    post:
      operationId: createCart
      summary: Create a cart
      description: Creates a cart for one session.
      tags: [Carts]
      parameters:
        - name: limit
          in: query
          description: Page size.
          schema: {type: integer, minimum: 1, maximum: 100}
          example: 20
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/CartRequest'}
            examples:
              gaSeats:
                summary: Two general-admission seats
                value:
                  sessionId: 8812
                  quantity: 2
      responses:
        '201':
          description: The cart.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Cart'}
              example:
                cartId: c_5f2a
                expiresAt: "2026-03-14T21:15:00+01:00"
        '204':
          description: Nothing.
        '404':
          description: Session not found.
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Error'}
              example: {code: SESSION_NOT_FOUND, message: No session 8812., status: 404, traceId: b7e1}
  /tickets.pdf:
    get:
      operationId: getTicketsPdf
      summary: Get the tickets as PDF
      description: Answers a PDF.
      tags: [Carts]
      responses:
        '200':
          description: The PDF.
          content:
            application/pdf:
              schema: {type: string, format: binary, description: The PDF document.}
components:
  schemas:
    CartRequest:
      type: object
      required: [sessionId, quantity]
      properties:
        sessionId: {type: integer, description: The session.}
        quantity: {type: integer, minimum: 1, description: How many seats.}
    Cart:
      type: object
      required: [cartId, expiresAt]
      properties:
        cartId: {type: string, description: The cart id.}
        expiresAt: {type: string, format: date-time, description: When it expires.}
    Error:
      type: object
      required: [code, message, status, traceId]
      properties:
        code: {type: string, description: Code., example: SESSION_NOT_FOUND}
        message: {type: string, description: Message.}
        status: {type: integer, description: Status.}
        traceId: {type: string, description: Trace.}
"""


def validate(tmp_path: Path, text: str) -> list[Problem]:
    path = tmp_path / "spec.yaml"
    path.write_text(text, encoding="utf-8")
    return validate_spec_file(path)


def replace(old: str, new: str, text: str = VALID) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def line_of(text: str, fragment: str) -> int:
    """The 1-based line of the only line containing `fragment`."""
    lines = [number for number, line in enumerate(text.splitlines(), 1) if fragment in line]
    assert len(lines) == 1, (fragment, lines)
    return lines[0]


def only(problems: list[Problem]) -> Problem:
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


def test_a_valid_spec_has_no_problems(tmp_path: Path) -> None:
    assert validate(tmp_path, VALID) == []


def test_a_yaml_syntax_error_names_the_file_and_line(tmp_path: Path) -> None:
    text = replace("      summary: Create a cart\n", "      summary: [Create a cart\n")
    problem = only(validate(tmp_path, text))
    assert problem.message == "YAML syntax error: did not find expected ',' or ']' while parsing a flow sequence"
    assert problem.file == tmp_path / "spec.yaml"
    assert problem.line == line_of(text, "[Create a cart")  # where it opens, not the next line where it fails
    assert problem.fix == "close the quote or the bracket opened on this line (a quote inside '...' is written '')"


def test_an_unquoted_response_code_and_a_duplicate_key_are_reported(tmp_path: Path) -> None:
    text = replace("        '204':\n", "        204:\n")
    text = replace("      summary: Create a cart\n",
                   "      summary: Create a cart\n      summary: Again\n", text)
    problems = validate(tmp_path, text)
    messages = {p.message: p for p in problems}
    key = messages["/paths/~1carts/post/responses/204: the key 204 is read as int, not a string"]
    assert key.line == line_of(text, "204:")
    assert key.fix == "quote the key: '204':"
    duplicate = messages[
        "/paths/~1carts/post/summary: duplicate key 'summary' (YAML keeps only the last one)"]
    assert duplicate.line == line_of(text, "summary: Again")
    assert len(problems) == 2


def test_an_invalid_openapi_document_names_the_pointer_and_line(tmp_path: Path) -> None:
    text = replace("          in: query\n", "          in: querystring\n")
    problems = validate(tmp_path, text)
    assert problems
    pointers = [p.message.split(": ", 1)[0] for p in problems]
    assert "/paths/~1carts/post/parameters/0/in" in pointers
    located = problems[pointers.index("/paths/~1carts/post/parameters/0/in")]
    assert "'querystring' is not one of" in located.message
    assert located.line == line_of(text, "in: querystring")
    assert located.fix is not None and "OpenAPI 3.1.0" in located.fix


def test_a_schema_error_behind_a_ref_is_reported_where_the_schema_is_written(tmp_path: Path) -> None:
    text = replace("      required: [cartId, expiresAt]\n", "      required: cartId\n")
    problem = only(validate(tmp_path, text))
    assert problem.message.startswith("/components/schemas/Cart/required: ")
    assert problem.line == line_of(text, "required: cartId")


def test_an_unresolved_path_parameter_is_located_at_its_operation(tmp_path: Path) -> None:
    text = replace("  /carts:\n", "  /carts/{cartId}:\n")
    problem = only(validate(tmp_path, text))
    assert problem.message == (
        "/paths/~1carts~1{cartId}/post: Path parameter 'cartId' for 'post' operation in "
        "'/carts/{cartId}' was not resolved"
    )
    assert problem.line == line_of(text, "    post:")


def test_a_request_example_that_does_not_match_its_schema(tmp_path: Path) -> None:
    text = replace("                  quantity: 2\n", "")
    problem = only(validate(tmp_path, text))
    assert problem.message == (
        "/paths/~1carts/post/requestBody/content/application~1json/examples/gaSeats/value: "
        "'quantity' is a required property"
    )
    assert problem.line == line_of(text, "value:")
    assert problem.fix == "make the example match the schema, or fix the schema"


def test_a_response_example_that_does_not_match_its_schema(tmp_path: Path) -> None:
    text = replace('expiresAt: "2026-03-14T21:15:00+01:00"', 'expiresAt: "2026-03-14 21:15"')
    problem = only(validate(tmp_path, text))
    assert problem.message == (
        "/paths/~1carts/post/responses/201/content/application~1json/example/expiresAt: "
        "'2026-03-14 21:15' is not a 'date-time'"
    )
    assert problem.line == line_of(text, "expiresAt: \"2026-03-14 21:15\"")


def test_a_parameter_example_that_does_not_match_its_schema(tmp_path: Path) -> None:
    text = replace("          example: 20\n", "          example: 500\n")
    problem = only(validate(tmp_path, text))
    assert problem.message == (
        "/paths/~1carts/post/parameters/0/example: 500 is greater than the maximum of 100")
    assert problem.line == line_of(text, "example: 500")


def test_an_example_in_components_examples_is_checked_where_it_is_written(tmp_path: Path) -> None:
    text = replace(
        "              gaSeats:\n"
        "                summary: Two general-admission seats\n"
        "                value:\n"
        "                  sessionId: 8812\n"
        "                  quantity: 2\n",
        "              gaSeats: {$ref: '#/components/examples/GaSeats'}\n",
    )
    text = replace(
        "components:\n",
        "components:\n  examples:\n    GaSeats:\n      value: {sessionId: '8812', quantity: 2}\n",
        text,
    )
    problem = only(validate(tmp_path, text))
    assert problem.message == "/components/examples/GaSeats/value/sessionId: '8812' is not of type 'integer'"
    assert problem.line == line_of(text, "value: {sessionId: '8812'")


def test_a_shared_error_example_is_reported_once(tmp_path: Path) -> None:
    reference = "{$ref: '#/components/examples/SessionNotFound'}"
    text = replace(
        "              example: {code: SESSION_NOT_FOUND, message: No session 8812., status: 404, "
        "traceId: b7e1}\n",
        f"              examples:\n                notFound: {reference}\n",
    )
    text = replace(
        "      responses:\n        '200':\n          description: The PDF.\n",
        "      responses:\n"
        "        '404':\n"
        "          description: Session not found.\n"
        "          content:\n"
        "            application/json:\n"
        "              schema: {$ref: '#/components/schemas/Error'}\n"
        f"              examples:\n                notFound: {reference}\n"
        "        '200':\n          description: The PDF.\n",
        text,
    )
    text = replace(
        "components:\n",
        "components:\n  examples:\n    SessionNotFound:\n"
        "      value: {code: SESSION_NOT_FOUND, message: No session 8812., status: 404, traceId: 42}\n",
        text,
    )
    problem = only(validate(tmp_path, text))
    assert problem.message == "/components/examples/SessionNotFound/value/traceId: 42 is not of type 'string'"
    assert problem.line == line_of(text, "traceId: 42")


def test_an_external_ref_is_reported(tmp_path: Path) -> None:
    text = replace("{$ref: '#/components/schemas/Cart'}", "{$ref: 'common.yaml#/Cart'}")
    problem = only(validate(tmp_path, text))
    assert problem.message == "/paths/~1carts/post/responses/201/content/application~1json/schema/$ref: " \
        "$ref 'common.yaml#/Cart' points outside this file"


def test_a_missing_operation_id(tmp_path: Path) -> None:
    text = replace("      operationId: createCart\n", "")
    problem = only(validate(tmp_path, text))
    assert problem.message == "/paths/~1carts/post: the operation has no operationId"
    assert problem.line == line_of(text, "    post:")
    assert problem.fix is not None and "camelCase" in problem.fix


def test_a_duplicate_operation_id(tmp_path: Path) -> None:
    text = replace("      operationId: getTicketsPdf\n", "      operationId: createCart\n")
    problem = only(validate(tmp_path, text))
    assert problem.message == (
        "/paths/~1tickets.pdf/get: Operation ID 'createCart' for 'get' in '/tickets.pdf' is not unique"
    )
    assert problem.line == line_of(text, "  /tickets.pdf:") + 1


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("      summary: Create a cart\n", "", "/paths/~1carts/post: the operation has no summary"),
        ("      summary: Create a cart\n", "      summary: Create a cart.\n",
         "/paths/~1carts/post/summary: the summary ends with a dot"),
        ("      description: Creates a cart for one session.\n", "",
         "/paths/~1carts/post: the operation has no description"),
        ("      tags: [Carts]\n      parameters", "      parameters",
         "/paths/~1carts/post: the operation has no tags"),
        ("          example: 20\n", "",
         "/paths/~1carts/post/parameters/0: the parameter 'limit' has no example"),
        ("              example:\n                cartId: c_5f2a\n"
         "                expiresAt: \"2026-03-14T21:15:00+01:00\"\n", "",
         "/paths/~1carts/post/responses/201/content/application~1json: "
         "the 201 response (application/json) has no example"),
        ("    - {code: SESSION_NOT_FOUND, status: 404, description: The session does not exist.}\n", "",
         "/paths/~1carts/post/responses/404/content/application~1json/example/code: "
         "the error code 'SESSION_NOT_FOUND' is not in `x-error-codes`"),
        ("{code: SESSION_NOT_FOUND, status: 404, description: The session does not exist.}",
         "{code: SESSION_NOT_FOUND, status: 404}",
         "/info/x-error-codes/8: SESSION_NOT_FOUND: no `description`"),
        ("    - {code: CONFLICT, status: 409, description: Conflict.}\n", "",
         "/info/x-error-codes: the list does not start with the generic error codes"),
        ("  version: 1.1.0\n", "  version: 1.2.0\n",
         "/info/x-changelog/0: the newest changelog entry is '1.1.0', `info.version` is '1.2.0'"),
    ],
)
def test_conventions(tmp_path: Path, old: str, new: str, message: str) -> None:
    problem = only(validate(tmp_path, replace(old, new)))
    assert problem.message == message
    assert problem.line is not None
    assert problem.fix


def to_openapi_3_0(text: str) -> str:
    """VALID as OpenAPI 3.0 (whose `info` has no `summary`)."""
    text = replace("openapi: 3.1.0\n", "openapi: 3.0.3\n", text)
    return replace("  summary: Carts for the tests.\n", "", text)


def test_an_openapi_3_0_spec_uses_the_3_0_dialect(tmp_path: Path) -> None:
    text = to_openapi_3_0(VALID)
    text = replace("        cartId: {type: string, description: The cart id.}\n",
                   "        cartId: {type: string, nullable: true, description: The cart id.}\n", text)
    text = replace("                cartId: c_5f2a\n", "                cartId: null\n", text)
    assert validate(tmp_path, text) == []

    # `nullable` is not a 3.1 keyword: the same example fails there.
    problem = only(validate(tmp_path, replace("openapi: 3.0.3\n", "openapi: 3.1.0\n", text)))
    assert problem.message.endswith("/example/cartId: None is not of type 'string'")


def test_an_openapi_3_0_example_mismatch(tmp_path: Path) -> None:
    text = to_openapi_3_0(VALID)
    text = replace("                  quantity: 2\n", "                  quantity: 0\n", text)
    problem = only(validate(tmp_path, text))
    assert problem.message == (
        "/paths/~1carts/post/requestBody/content/application~1json/examples/gaSeats/value/quantity: "
        "0 is less than the minimum of 1"
    )
    assert problem.line == line_of(text, "quantity: 0")


def test_an_unsupported_openapi_version(tmp_path: Path) -> None:
    problem = only(validate(tmp_path, replace("openapi: 3.1.0\n", "openapi: 2.0\n")))
    assert problem.message.startswith("/openapi: unsupported `openapi` version")
    assert problem.line == 1


def test_a_field_the_schema_does_not_define_fails_an_example_as_it_fails_the_docs_json(tmp_path: Path) -> None:
    """3.1 examples are checked as strictly as the JSON blocks of the docs (docsite.checks.json_bodies)."""
    text = replace("                cartId: c_5f2a\n", "                cartId: c_5f2a\n                seats: 2\n")
    problem = only(validate(tmp_path, text))
    assert problem.message == ("/paths/~1carts/post/responses/201/content/application~1json/example/seats: "
                               "Unevaluated properties are not allowed ('seats' was unexpected)")
    assert problem.line == line_of(text, "seats: 2")


def test_a_composed_schema_sees_the_fields_of_all_its_parts(tmp_path: Path) -> None:
    composed = ("              schema:\n                allOf:\n"
                "                  - {$ref: '#/components/schemas/Cart'}\n"
                "                  - {type: object, properties: {total: {type: integer, description: Total.}}}\n")
    text = replace("              schema: {$ref: '#/components/schemas/Cart'}\n", composed)
    text = replace("                cartId: c_5f2a\n", "                cartId: c_5f2a\n                total: 4550\n",
                   text)
    assert validate(tmp_path, text) == []  # `total` is the second part's, `cartId` the first's
    text = replace("                total: 4550\n", "                total: 4550\n                seats: 2\n", text)
    assert only(validate(tmp_path, text)).message.endswith("('seats' was unexpected)")


CART_ID = "                cartId: c_5f2a\n"  # the first field of the 201 response's example


def test_a_schema_offered_whole_in_an_any_of_is_still_closed(tmp_path: Path) -> None:
    """`anyOf: [Cart, null]` somewhere offers Cart whole: Cart stays closed where it is used alone
    (as a piece of an `allOf` it would not be, and the `allOf` would be closed instead)."""
    text = replace("  schemas:\n", "  schemas:\n    MaybeCart:\n      description: A cart, or none.\n"
                   "      anyOf: [{$ref: '#/components/schemas/Cart'}, {type: 'null'}]\n")
    assert validate(tmp_path, text) == []
    invented = replace(CART_ID, CART_ID + "                seats: 2\n", text)
    problem = only(validate(tmp_path, invented))
    assert problem.message.endswith("/example/seats: Unevaluated properties are not allowed ('seats' was unexpected)")


def test_the_branches_of_a_one_of_beside_fields_of_its_own_are_pieces(tmp_path: Path) -> None:
    pieces = ("              schema:\n                type: object\n"
              "                properties: {cartId: {type: string}}\n"
              "                oneOf:\n                  - {properties: {expiresAt: {type: string}}}\n")
    text = replace("              schema: {$ref: '#/components/schemas/Cart'}\n", pieces)
    assert validate(tmp_path, text) == []  # `expiresAt` is the branch's, `cartId` the whole's
    invented = replace(CART_ID, CART_ID + "                seats: 2\n", text)
    assert only(validate(tmp_path, invented)).message.endswith("('seats' was unexpected)")


def test_a_node_the_openapi_validator_cannot_read_is_reported_at_that_node(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """openapi-spec-validator assumes shapes (it failed with KeyError on `properties: null`): a
    failure of its own is reported at the node it was reading, never raised."""
    from openapi_spec_validator.validation import keywords

    read = keywords.SchemaValidator.__call__

    def fails_on_error(self: object, schema: object, *args: object, **kwargs: object) -> object:
        if str(getattr(schema, "parts", ())).endswith("'Error')"):
            raise KeyError("properties")
        return read(self, schema, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(keywords.SchemaValidator, "__call__", fails_on_error)
    problem, = validate(tmp_path, VALID)
    assert problem.message == ("/components/schemas/Error: cannot be read as OpenAPI: a value in it has the wrong "
                               "type (KeyError: 'properties')")
    assert problem.line == VALID[:VALID.index("    Error:")].count("\n") + 1


def test_an_edit_to_one_spec_validates_that_spec_alone_and_a_cached_result_reports_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    real_check = spec_module.check_spec_file

    def counting_check(path: Path) -> Any:
        checked.append(path.name)
        return real_check(path)

    monkeypatch.setattr(spec_module, "check_spec_file", counting_check)
    folder = tmp_path / "specs"
    folder.mkdir()
    wrong = replace("                  quantity: 2\n", "")  # an example that does not match its schema
    (folder / "carts.yaml").write_text(VALID, encoding="utf-8")
    (folder / "orders.yaml").write_text(wrong, encoding="utf-8")
    previous = results().folder
    try:
        use_cache(tmp_path / "cache")
        first = Report()
        assert [s.name for s in spec_module.load_specs(folder, first)] == ["carts", "orders"]
        assert sorted(checked) == ["carts.yaml", "orders.yaml"]
        (folder / "carts.yaml").write_text(VALID.replace("title: Carts API", "title: Carts API v2"), encoding="utf-8")
        use_cache(None)
        use_cache(tmp_path / "cache")  # a new process: the results come from the disk
        again = Report()
        specs = spec_module.load_specs(folder, again)
        assert sorted(checked) == ["carts.yaml", "carts.yaml", "orders.yaml"]  # only the edited spec again
        assert specs[0].title == "Carts API v2"
        assert [str(p) for p in again.problems] == [str(p) for p in first.problems]
        assert again.problems and again.problems[0].file == folder / "orders.yaml"
    finally:
        use_cache(previous)


def test_a_comma_that_cuts_a_schemas_text_in_a_flow_mapping_is_one_error_at_its_line(tmp_path: Path) -> None:
    text = replace("cartId: {type: string, description: The cart id.}",
                   "cartId: {type: string, description: The cart id, as given, or made., example: c_1}")
    problem = only(validate(tmp_path, text))
    assert problem.severity == "error"  # the page would show a cut text, as a duplicate key loses a value
    assert problem.line == line_of(text, "or made.")
    assert problem.message == ("/components/schemas/Cart/properties/cartId/as given: `as given`, `or made.` are "
                               "read as schema keywords with no value: in a {...} mapping, an unquoted comma ends "
                               "the text before it")
    assert problem.fix == ('quote the text that holds the comma (description: "The cart id, as given, or made."), '
                           "or write the schema one keyword per line")


def test_a_schema_keyword_or_extension_with_no_value_is_no_cut_text(tmp_path: Path) -> None:
    text = replace("cartId: {type: string, description: The cart id.}",
                   "cartId: {type: [string, 'null'], description: The cart id., default: null, x-internal: }")
    assert validate(tmp_path, text) == []


def test_every_schema_is_read_for_cut_texts_nested_and_in_parameters(tmp_path: Path) -> None:
    text = replace("schema: {type: integer, minimum: 1, maximum: 100}",
                   "schema: {type: integer, minimum: 1, description: At most 100, the default.}")
    text = replace("quantity: {type: integer, minimum: 1, description: How many seats.}",
                   "quantity: {anyOf: [{type: integer, description: Seats, at least one.}]}", text)
    text = replace("              schema: {$ref: '#/components/schemas/Cart'}\n",
                   "              schema: {$ref: '#/components/schemas/Cart', description: A cart, new.}\n", text)
    problems = validate(tmp_path, text)
    assert [(p.message.split(":")[0], p.line) for p in problems] == [
        ("/paths/~1carts/post/parameters/0/schema/the default.", line_of(text, "At most 100")),
        ("/paths/~1carts/post/responses/201/content/application~1json/schema/new.", line_of(text, "A cart, new")),
        ("/components/schemas/CartRequest/properties/quantity/anyOf/0/at least one.", line_of(text, "Seats, at")),
    ]


# What a one-off build's process does with specs_ahead (run in a process of its own: the process that
# forks must have no other thread, and the test runner's may have some). It prints, as JSON, whether
# a process was forked, the cache's hits and misses here, and the problems and specs load_specs gave.
AHEAD_SCRIPT = """
import json, os, sys, threading
from pathlib import Path
from docsite.cache import results, use_cache
from docsite.errors import Report
from docsite.openapi import specs as spec_module
from docsite.openapi.reference import specs_ahead

content, cache, mode = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
use_cache(cache, memory=False)
if mode == "thread":
    stop = threading.Event()
    threading.Thread(target=stop.wait).start()
if mode == "no process":
    def fork():
        raise BlockingIOError(11, "Resource temporarily unavailable")
    os.fork = fork
report, names, forked = Report(), [], False
try:
    with specs_ahead(content, cache):
        forked = bool(spec_module._AHEAD)
        if mode == "fails":
            raise RuntimeError("a page failed to load")
        names = [spec.name for spec in spec_module.load_specs(content / "specs", report)]
except RuntimeError:
    pass
if mode == "thread":
    stop.set()
try:
    left = os.waitpid(-1, os.WNOHANG)  # a child not reaped
except ChildProcessError:
    left = None
print(json.dumps({"forked": forked, "hits": results().hits, "misses": results().misses, "left": left,
                  "ahead": len(spec_module._AHEAD), "problems": [repr(p) for p in report.problems],
                  "specs": names}))
"""


def _run_ahead(tmp_path: Path, mode: str) -> dict[str, Any]:
    import json
    import subprocess
    import sys

    folder = tmp_path / "content" / "specs"
    if not folder.is_dir():
        folder.mkdir(parents=True)
        (folder / "carts.yaml").write_text(VALID, encoding="utf-8")
        (folder / "orders.yaml").write_text(replace("                  quantity: 2\n", ""), encoding="utf-8")
    done = subprocess.run([sys.executable, "-c", AHEAD_SCRIPT, str(tmp_path / "content"), str(tmp_path / mode),
                           mode], capture_output=True, text=True, timeout=120, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def test_specs_validated_ahead_by_a_forked_process_report_what_the_build_would_itself(tmp_path: Path) -> None:
    ahead = _run_ahead(tmp_path, "fork")
    report = Report()
    previous = results().folder
    try:
        use_cache(None)
        names = [spec.name for spec in spec_module.load_specs(tmp_path / "content" / "specs", report)]
    finally:
        use_cache(previous)
    assert ahead["forked"]
    assert (ahead["hits"], ahead["misses"]) == (2, 0)  # both read from what the forked process stored
    assert ahead["specs"] == names == ["carts", "orders"]
    assert report.problems and ahead["problems"] == [repr(p) for p in report.problems]  # same order, file, line
    assert ahead["left"] is None and ahead["ahead"] == 0


def test_no_process_is_forked_for_specs_whose_validation_the_cache_holds(tmp_path: Path) -> None:
    first = _run_ahead(tmp_path, "fork")
    again = _run_ahead(tmp_path, "fork")  # a warm build: the same cache folder
    assert first["forked"] and not again["forked"]
    assert (again["hits"], again["misses"]) == (2, 0) and again["problems"] == first["problems"]


def test_a_build_that_stops_before_its_specs_kills_the_process_validating_them(tmp_path: Path) -> None:
    ahead = _run_ahead(tmp_path, "fails")
    assert ahead["forked"]
    assert ahead["left"] is None and ahead["ahead"] == 0  # killed and reaped: nothing left running


@pytest.mark.parametrize("mode", ["thread", "no process"])
def test_specs_are_validated_in_the_builds_process_when_none_can_be_forked(tmp_path: Path, mode: str) -> None:
    ahead = _run_ahead(tmp_path, mode)  # a lock another thread holds at a fork stays held in the child
    assert (ahead["hits"], ahead["misses"]) == (0, 2)
    assert ahead["specs"] == ["carts", "orders"] and ahead["problems"]
    assert ahead["left"] is None and ahead["ahead"] == 0


@pytest.fixture
def metaschema_checks(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The schemas checked against their dialect's metaschema from now on (none remembered as valid yet)."""
    from openapi_spec_validator.validation import keywords

    from docsite.openapi import spec_validation as validation

    monkeypatch.setattr(validation, "_VALID_SCHEMAS", set())
    checked: list[object] = []
    check = keywords.SchemaValidator._validate_schema_meta

    def counting(self: Any, schema: Any, schema_value: Any) -> Any:
        checked.append(schema_value)
        return check(self, schema, schema_value)

    monkeypatch.setattr(keywords.SchemaValidator, "_validate_schema_meta", counting)
    return checked


def test_a_schema_found_valid_is_not_checked_against_the_metaschema_again(
        tmp_path: Path, metaschema_checks: list[object]) -> None:
    """The metaschema check is most of the OpenAPI stage: a spec edited in `docsite dev` has all its
    schemas but the edited one checked already, and the same small schemas recur in every spec."""
    assert validate(tmp_path, VALID) == []
    assert metaschema_checks
    metaschema_checks.clear()
    edited = replace("        quantity: {type: integer, minimum: 1, description: How many seats.}\n",
                     "        quantity: {type: integer, minimum: 2, description: How many seats.}\n")
    assert validate(tmp_path, edited) == []
    assert metaschema_checks == [{"type": "object", "required": ["sessionId", "quantity"], "properties": {
        "sessionId": {"type": "integer", "description": "The session."},
        "quantity": {"type": "integer", "minimum": 2, "description": "How many seats."}}}]


def test_a_schema_that_fails_the_metaschema_fails_it_every_time(
        tmp_path: Path, metaschema_checks: list[object]) -> None:
    text = replace("      required: [cartId, expiresAt]\n", "      required: cartId\n")
    first = validate(tmp_path, text)
    again = validate(tmp_path, text)
    assert [str(p) for p in again] == [str(p) for p in first]
    assert only(again).message.startswith("/components/schemas/Cart/required: ")
    assert only(again).line == line_of(text, "required: cartId")


def test_a_schema_valid_in_one_dialect_is_checked_again_in_another(
        tmp_path: Path, metaschema_checks: list[object]) -> None:
    """What a schema may hold depends on its JSON Schema dialect: plain 2020-12 has no `externalDocs`,
    the OpenAPI dialect wants it an object."""
    odd = replace("        traceId: {type: string, description: Trace.}\n",
                  "        traceId: {type: string, description: Trace.}\n"
                  "    Odd: {type: object, externalDocs: 5}\n")
    plain = replace("info:\n", "jsonSchemaDialect: https://json-schema.org/draft/2020-12/schema\ninfo:\n", odd)
    assert validate(tmp_path, plain) == []
    problem = only(validate(tmp_path, odd))
    assert problem.message.startswith("/components/schemas/Odd/externalDocs: 5 is not of type 'object'")
    assert problem.line == line_of(odd, "Odd:")


def test_a_value_whose_fields_its_schema_declares_is_not_searched_for_unevaluated_fields(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """jsonschema's `unevaluatedProperties` walks the whole schema again (every `$ref`, `allOf`, `if`)
    for the fields it evaluates, a tenth of the structure and example checks. When the schema's own `properties`
    and `patternProperties` name every field, that walk is skipped; a field they do not name still
    takes it, and fails as before."""
    from jsonschema import _keywords

    searched: list[object] = []
    search = _keywords.find_evaluated_property_keys_by_schema

    def counting(validator: Any, instance: Any, schema: Any) -> Any:
        searched.append(instance)
        return search(validator, instance, schema)

    monkeypatch.setattr(_keywords, "find_evaluated_property_keys_by_schema", counting)
    example = {"cartId": "c_5f2a", "expiresAt": "2026-03-14T21:15:00+01:00"}
    assert validate(tmp_path, VALID) == []
    assert example not in searched  # the 201 example: both fields are the Cart's properties
    invented = replace("                cartId: c_5f2a\n", "                cartId: c_5f2a\n                seats: 2\n")
    assert only(validate(tmp_path, invented)).message.endswith("('seats' was unexpected)")
    assert {**example, "seats": 2} in searched


# -- webhooks (OpenAPI 3.1) --------------------------------------------------------------------------

WEBHOOK = """\
webhooks:
  cart.expired:
    post:
      operationId: notifyCartExpired
      summary: Cart expired
      description: Sent when a cart expires.
      tags: [Carts]
      security: []
      x-retries: &retries |
        Retried 3 times within an hour.
      parameters:
        - name: X-Event-Id
          in: header
          required: true
          description: The event's id.
          schema: {type: string, format: uuid}
          example: 6f1d2c3b-8e4a-4b7c-9d2e-1a3f5b7c9e0d
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/CartExpiredEvent'}
            example: {type: cart.expired, cartId: c_5f2a}
      responses:
        '200':
          description: Any 2xx within 10 seconds acknowledges the event.
  cart.renewed:
    post:
      operationId: notifyCartRenewed
      summary: Cart renewed
      description: Sent when a cart is renewed.
      tags: [Carts]
      x-retries: *retries
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Cart'}
            example: {cartId: c_5f2a, expiresAt: "2026-03-14T21:15:00+01:00"}
      responses:
        '204':
          description: Acknowledged.
components:
  schemas:
    CartExpiredEvent:
      type: object
      required: [type, cartId]
      properties:
        type: {const: cart.expired, description: The event type.}
        cartId: {type: string, description: The expired cart.}
"""
WITH_WEBHOOKS = replace("components:\n  schemas:\n", WEBHOOK)


def test_webhooks_that_follow_the_conventions_pass(tmp_path: Path) -> None:
    assert validate(tmp_path, WITH_WEBHOOKS) == []


def test_a_webhook_payload_example_is_checked_against_its_schema_at_its_line(tmp_path: Path) -> None:
    text = replace("example: {type: cart.expired, cartId: c_5f2a}", "example: {type: cart.expird, cartId: c_5f2a}",
                   WITH_WEBHOOKS)
    problem = only(validate(tmp_path, text))
    assert problem.message == ("/webhooks/cart.expired/post/requestBody/content/application~1json/example/type: "
                               "'cart.expired' was expected")
    assert problem.line == line_of(text, "cart.expird")
    assert problem.fix == "make the example match the schema, or fix the schema"


def test_a_webhook_header_example_is_checked(tmp_path: Path) -> None:
    text = replace("example: 6f1d2c3b-8e4a-4b7c-9d2e-1a3f5b7c9e0d", "example: not-a-uuid", WITH_WEBHOOKS)
    problem = only(validate(tmp_path, text))
    assert problem.message.startswith("/webhooks/cart.expired/post/parameters/0/example: 'not-a-uuid' is not a")
    assert problem.line == line_of(text, "not-a-uuid")


@pytest.mark.parametrize(
    ("old", "new", "message", "line_after"),
    [  # line_after: the problem is on the line before the only line holding it
        ("      x-retries: *retries\n", "", "/webhooks/cart.renewed/post: the webhook has no `x-retries`",
         "operationId: notifyCartRenewed"),
        ("      x-retries: *retries\n", "      x-retries: [3 times]\n",
         "/webhooks/cart.renewed/post/x-retries: `x-retries` must be Markdown text", "requestBody:\n        content"),
        ("        '204':\n          description: Acknowledged.\n", "        '410':\n          description: Gone.\n",
         "/webhooks/cart.renewed/post: the webhook has no 2xx response", "operationId: notifyCartRenewed"),
        ("      summary: Cart renewed\n", "", "/webhooks/cart.renewed/post: the operation has no summary",
         "operationId: notifyCartRenewed"),
        ("      operationId: notifyCartRenewed\n", "      operationId: notifyCartExpired\n",
         "/webhooks/cart.renewed/post/operationId: operationId 'notifyCartExpired' is already used by "
         "/webhooks/cart.expired/post", "summary: Cart renewed"),
    ],
)
def test_webhook_conventions(tmp_path: Path, old: str, new: str, message: str, line_after: str) -> None:
    text = replace(old, new, WITH_WEBHOOKS)
    problem = only(validate(tmp_path, text))
    assert problem.message == message
    assert problem.fix
    assert problem.line == text[:text.index(line_after)].count("\n")


def test_a_webhook_without_a_payload_is_reported(tmp_path: Path) -> None:
    start = WITH_WEBHOOKS.index("      requestBody:\n        content:\n          application/json:\n"
                                "            schema: {$ref: '#/components/schemas/Cart'}")
    end = WITH_WEBHOOKS.index("      responses:\n        '204'")
    text = WITH_WEBHOOKS[:start] + WITH_WEBHOOKS[end:]
    problem = only(validate(tmp_path, text))
    assert problem.message == "/webhooks/cart.renewed/post: the webhook has no requestBody"
    assert problem.line == line_of(text, "operationId: notifyCartRenewed") - 1


def test_webhooks_in_an_openapi_3_0_spec_are_an_error_at_their_line(tmp_path: Path) -> None:
    text = to_openapi_3_0(WITH_WEBHOOKS)
    problems = validate(tmp_path, text)
    assert problems and any(p.line == line_of(text, "webhooks:") for p in problems), problems
