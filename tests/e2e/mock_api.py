"""A local stand-in for the Onebox APIs, for the "Try it" browser tests (not part of the site): it
answers every operation of the specs with the operation's own examples.

The first path segment says how it behaves, so one server plays every outcome a reader can meet:

    /ok/<api path>        the operation's first success example, with CORS headers
    /deviate/<api path>   the same example with one field removed and one of the wrong type
    /nocors/<api path>    the success example, without CORS headers (a browser blocks the answer)
    /oauth/token          the client-credentials grant: client `reader`, secret `s3cret`

A call without `Authorization: Bearer <token>` answers 401 with the spec's Unauthorized example.
An operation whose success answer is a PDF (`application/pdf`) answers the PDF its example names
(`externalValue`, a file of content/static), with that content type. The token answer grants the
scopes the request asked for (`scope`), as the OAuth 2.0 client-credentials grant does.
`requests` records what arrived (method, path, headers with lower-case names, body), for tests to
check what was sent; `problems(request)` says how a request departs from its operation in the specs
(unknown operation or parameter, a required parameter or body missing, a value or body that does not
validate against its schema).
"""

from __future__ import annotations

import copy
import json
import re
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from docsite.checks.json_bodies import _Api, _body_schemas
from docsite.errors import Report
from docsite.openapi.page import first_example
from docsite.openapi.resolver import Resolver
from docsite.openapi.spec_validation import dereference, escape
from docsite.openapi.specs import METHODS, ApiSpec, load_specs
from tests.conftest import CONTENT

CLIENT_ID, CLIENT_SECRET, TOKEN = "reader", "s3cret", "mock-token-7f3a"
MODES = ("ok", "deviate", "nocors")
# What the token endpoint grants when the request names no scope: every scope the specs define.
ALL_SCOPES = "catalog.read distribution.write orders.read orders.refund customers.read access-control.read " \
             "access-control.validate management.read management.write"


@dataclass
class Answer:
    status: int
    example: Any
    media: str = "application/json"
    file: bytes | None = None  # the body of a non-JSON answer (a PDF)


@dataclass
class Endpoint:
    method: str
    path: str
    pattern: re.Pattern[str]
    success: Answer
    unauthorized: Answer | None
    spec: ApiSpec
    pointer: str  # the operation's JSON pointer in its spec

    @property
    def literal_segments(self) -> int:
        """How many of its path's segments are not parameters: `/sessions/search` wins over
        `/sessions/{sessionId}` for the same path."""
        return sum(1 for part in self.path.split("/") if part and not part.startswith("{"))


def endpoints() -> list[Endpoint]:
    out = []
    for spec in load_specs(CONTENT / "specs", Report()):
        resolver = Resolver(spec.file, spec.document, spec.lines)
        for path, item in (spec.document.get("paths") or {}).items():
            pattern = re.compile("^" + re.sub(r"\\\{([^}]+)\\\}", r"(?P<\1>[^/]+)", re.escape(path)) + "$")
            for method in METHODS:
                operation = item.get(method)
                if not isinstance(operation, dict):
                    continue
                where = resolver.root.child("paths", path, method, "responses")
                answers = {}
                for status, response in (operation.get("responses") or {}).items():
                    response, at = resolver.follow(response, where.child(status))
                    content = response.get("content") or {}
                    media = content.get("application/json")
                    example = first_example(resolver, media, at.child("content", "application/json")) \
                        if media else None
                    answer = Answer(int(status) if str(status).isdigit() else 200, example)
                    if media is None and "application/pdf" in content:
                        answer.media, answer.file = "application/pdf", _external_file(content["application/pdf"])
                    answers[str(status)] = answer
                success = next((a for s, a in answers.items() if s.startswith("2")), Answer(204, None))
                out.append(Endpoint(method.upper(), path, pattern, success, answers.get("401"), spec,
                                    f"/paths/{escape(path)}/{method}"))
    return out


def _external_file(media: dict[str, Any]) -> bytes:
    """The file a media type's first example names (`externalValue: /downloads/x.pdf`, a file of
    content/static); a one-page PDF when it names none."""
    for example in (media.get("examples") or {}).values():
        value = example.get("externalValue") if isinstance(example, dict) else None
        if isinstance(value, str) and value.startswith("/") and (CONTENT / "static" / value[1:]).is_file():
            return (CONTENT / "static" / value[1:]).read_bytes()
    return b"%PDF-1.7\n%%EOF\n"


def find_endpoint(endpoints: list[Endpoint], method: str, path: str) -> Endpoint | None:
    found = [e for e in endpoints if e.method == method and e.pattern.match(path)]
    return max(found, key=lambda e: e.literal_segments, default=None)


class RequestChecker:
    """How a request departs from its operation in the specs, in words (nothing when it matches)."""

    def __init__(self, endpoints: list[Endpoint]) -> None:
        self.endpoints = endpoints
        self.apis: dict[str, _Api] = {}

    def problems(self, request: dict[str, Any]) -> list[str]:
        method, path = request["method"], request["path"]
        mode, _, api_path = path.lstrip("/").partition("/")
        if path == "/oauth/token":
            form = parse_qs(request["body"])
            return [] if method == "POST" and form.get("grant_type") == ["client_credentials"] else \
                [f"{method} /oauth/token is not a client-credentials grant (form body: grant_type, client_id, "
                 "client_secret, scope)"]
        endpoint = find_endpoint(self.endpoints, method, "/" + api_path)
        if mode not in MODES or endpoint is None:
            return [f"no operation {method} /{api_path} in the specs"]
        document = endpoint.spec.document
        api = self.apis.setdefault(endpoint.spec.name, _Api.of(endpoint.spec))
        where = f"{method} {endpoint.path} ({endpoint.spec.name}.yaml)"
        problems = []
        match = endpoint.pattern.match("/" + api_path)
        assert match is not None
        values: dict[tuple[str, str], list[str]] = {("path", name): [unquote(value)]
                                                    for name, value in match.groupdict().items()}
        for name, listed in parse_qs(request["query"], keep_blank_values=True).items():
            values[("query", name)] = listed
        declared: set[tuple[str, str]] = set()
        for pointer, parameter in _parameters(document, endpoint.pointer):
            place, name = str(parameter.get("in")), str(parameter.get("name"))
            key = (place, name.lower() if place == "header" else name)
            declared.add(key)
            given: list[str] | None = [request["headers"][key[1]]] \
                if place == "header" and key[1] in request["headers"] else values.get(key)
            if given is None:
                if parameter.get("required"):
                    problems.append(f"{where}: the required {place} parameter {name} is missing")
                continue
            schema = f"{pointer}/schema"
            for value in _typed(given, dereference(document, schema)[1]):
                errors = list(api.validator_at(schema).iter_errors(value))
                if errors:
                    problems.append(f"{where}: {place} parameter {name}={value!r}: {errors[0].message}")
        problems += [f"{where}: the spec defines no {place} parameter {name}"
                     for place, name in values if (place, name) not in declared]
        problems += self._body_problems(request, endpoint, api, where)
        return problems

    def _body_problems(self, request: dict[str, Any], endpoint: Endpoint, api: _Api, where: str) -> list[str]:
        document = endpoint.spec.document
        _, body_spec = dereference(document, f"{endpoint.pointer}/requestBody")
        schemas = _body_schemas(document, endpoint.pointer) if isinstance(body_spec, dict) else []
        if not request["body"]:
            return [f"{where}: the request body is required"] \
                if isinstance(body_spec, dict) and body_spec.get("required") else []
        if not schemas:
            return [f"{where}: the operation takes no request body, and one was sent"]
        media = request["headers"].get("content-type", "").split(";")[0].strip()
        if media != "application/json":
            return [f"{where}: the body is sent as {media or 'no content type'}, the spec takes application/json"]
        try:
            body = json.loads(request["body"])
        except ValueError as exc:
            return [f"{where}: the body is not JSON ({exc})"]
        errors = api.errors_for(body, schemas)
        return [] if errors is None else [
            f"{where}: the body does not match the request schema: "
            + "; ".join(f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}" for e in errors[:3])]


def _parameters(document: dict[str, Any], operation: str) -> list[tuple[str, dict[str, Any]]]:
    """(pointer, parameter) of the operation's parameters and its path item's, references followed;
    the operation's win over the path item's of the same name and place."""
    found: dict[tuple[str, str], tuple[str, dict[str, Any]]] = {}
    for owner in (operation.rsplit("/", 1)[0], operation):
        _, listed = dereference(document, f"{owner}/parameters")
        for index in range(len(listed) if isinstance(listed, list) else 0):
            pointer, parameter = dereference(document, f"{owner}/parameters/{index}")
            if isinstance(parameter, dict):
                found[(str(parameter.get("in")), str(parameter.get("name")))] = (pointer, parameter)
    return list(found.values())


def _typed(given: list[str], schema: Any) -> list[Any]:
    """A parameter's values as the schema reads them: numbers and booleans from their text, an
    array from repeated or comma-separated values (`form` style)."""
    schema = schema if isinstance(schema, dict) else {}
    if schema.get("type") == "array":
        items = [part for value in given for part in value.split(",")]
        return [[_scalar(item, schema.get("items") or {}) for item in items]]
    return [_scalar(value, schema) for value in given]


def _scalar(value: str, schema: dict[str, Any]) -> Any:
    kind = schema.get("type")
    try:
        if kind == "integer":
            return int(value)
        if kind == "number":
            return float(value)
    except ValueError:
        return value
    if kind == "boolean" and value in ("true", "false"):
        return value == "true"
    return value


def deviate(example: Any) -> Any:
    """The example with its first field removed and its first number turned into a string."""
    changed = copy.deepcopy(example)
    if isinstance(changed, dict) and changed:
        changed.pop(next(iter(changed)))

    def first_number(value: Any) -> bool:
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
        for key, child in items:
            if isinstance(child, (int, float)) and not isinstance(child, bool):
                value[key] = "not a number"
                return True
            if first_number(child):
                return True
        return False

    first_number(changed)
    return changed


class MockApi(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, same_as: MockApi | None = None) -> None:
        """A mock; `same_as` another one whose specs it answers from (read once for both)."""
        super().__init__(("127.0.0.1", 0), _Handler)
        self.endpoints: list[Endpoint] = same_as.endpoints if same_as else endpoints()
        self.checker: RequestChecker = same_as.checker if same_as else RequestChecker(self.endpoints)
        self.requests: list[dict[str, Any]] = []
        self.block = ""  # the docs' code block that is running (the examples test says which)
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def problems(self, request: dict[str, Any]) -> list[str]:
        return self.checker.problems(request)

    def __enter__(self) -> MockApi:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: MockApi

    def log_message(self, format: str, *args: Any) -> None:
        return None

    def do_OPTIONS(self) -> None:
        self._send(204, None, cors=not self.path.startswith("/nocors/"))

    def do_GET(self) -> None:
        self._answer("GET")

    def do_POST(self) -> None:
        self._answer("POST")

    def do_PUT(self) -> None:
        self._answer("PUT")

    def do_PATCH(self) -> None:
        self._answer("PATCH")

    def do_DELETE(self) -> None:
        self._answer("DELETE")

    def _answer(self, method: str) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length).decode() if length else ""
        url = urlsplit(self.path)
        headers = {name.lower(): value for name, value in self.headers.items()}
        if url.path == "/__block__":  # the examples test: which block of the docs runs from now on
            self.server.block = unquote(url.query)
            self._send(204, None)
            return
        self.server.requests.append({"method": method, "path": url.path, "query": url.query, "headers": headers,
                                     "body": body, "block": self.server.block})
        if url.path == "/oauth/token" and method == "POST":
            form = {k: v[0] for k, v in parse_qs(body).items()}
            if (form.get("grant_type"), form.get("client_id"), form.get("client_secret")) == (
                    "client_credentials", CLIENT_ID, CLIENT_SECRET):
                self._send(200, {"access_token": TOKEN, "token_type": "Bearer", "expires_in": 3600,
                                 "scope": form.get("scope") or ALL_SCOPES})
            else:
                self._send(401, {"error": "invalid_client",
                                 "error_description": "Unknown client or wrong secret."})
            return
        mode, _, api_path = url.path.lstrip("/").partition("/")
        endpoint = find_endpoint(self.server.endpoints, method, "/" + api_path)
        if mode not in MODES or endpoint is None:
            self._send(404, {"code": "NOT_FOUND", "message": f"No operation {method} /{api_path}", "status": 404})
            return
        cors = mode != "nocors"
        authorization = self.headers.get("Authorization") or ""
        if not re.fullmatch(r"Bearer \S+", authorization) and endpoint.unauthorized is not None:
            self._send(401, endpoint.unauthorized.example, cors=cors)
            return
        example = endpoint.success.example
        if endpoint.success.file is not None:
            self._send(endpoint.success.status, endpoint.success.file, cors=cors, media=endpoint.success.media)
            return
        self._send(endpoint.success.status, deviate(example) if mode == "deviate" else example, cors=cors)

    def _send(self, status: int, payload: Any, *, cors: bool = True, media: str = "application/json") -> None:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode() if payload is not None else b""
        self.send_response(status)
        if cors:
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE")
            self.send_header("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-Id")
            self.send_header("Access-Control-Expose-Headers", "X-Request-Id")
        self.send_header("X-Request-Id", "mock-1")
        if payload is not None:
            self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
