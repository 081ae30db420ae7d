"""A local stand-in for the Onebox APIs, for the "Try it" browser tests (not part of the site): it
answers every operation of the specs with the operation's own examples.

The first path segment says how it behaves, so one server plays every outcome a reader can meet:

    /ok/<api path>        the operation's first success example, with CORS headers
    /deviate/<api path>   the same example with one field removed and one of the wrong type
    /nocors/<api path>    the success example, without CORS headers (a browser blocks the answer)
    /oauth/token          the client-credentials grant: client `reader`, secret `s3cret`

A call without `Authorization: Bearer <token>` answers 401 with the spec's Unauthorized example.
`requests` records what arrived (method, path, headers with lower-case names, body), for tests to check what was sent.
"""

from __future__ import annotations

import copy
import json
import re
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from docsite.errors import Report
from docsite.openapi.page import first_example
from docsite.openapi.resolver import Resolver
from docsite.openapi.specs import METHODS, load_specs
from tests.conftest import CONTENT

CLIENT_ID, CLIENT_SECRET, TOKEN = "reader", "s3cret", "mock-token-7f3a"
MODES = ("ok", "deviate", "nocors")


@dataclass
class Answer:
    status: int
    example: Any


@dataclass
class Endpoint:
    method: str
    pattern: re.Pattern[str]
    success: Answer
    unauthorized: Answer | None


def endpoints() -> list[Endpoint]:
    out = []
    for spec in load_specs(CONTENT / "specs", Report()):
        resolver = Resolver(spec.file, spec.document, spec.lines)
        for path, item in (spec.document.get("paths") or {}).items():
            pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")
            for method in METHODS:
                operation = item.get(method)
                if not isinstance(operation, dict):
                    continue
                where = resolver.root.child("paths", path, method, "responses")
                answers = {}
                for status, response in (operation.get("responses") or {}).items():
                    response, at = resolver.follow(response, where.child(status))
                    media = (response.get("content") or {}).get("application/json")
                    example = first_example(resolver, media, at.child("content", "application/json")) \
                        if media else None
                    answers[str(status)] = Answer(int(status) if str(status).isdigit() else 200, example)
                success = next((a for s, a in answers.items() if s.startswith("2")), Answer(204, None))
                out.append(Endpoint(method.upper(), pattern, success, answers.get("401")))
    return out


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

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.endpoints = endpoints()
        self.requests: list[dict[str, Any]] = []
        self.thread = threading.Thread(target=self.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

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
        self.server.requests.append({"method": method, "path": url.path, "query": url.query, "headers": headers,
                                     "body": body})
        if url.path == "/oauth/token" and method == "POST":
            form = {k: v[0] for k, v in parse_qs(body).items()}
            if (form.get("grant_type"), form.get("client_id"), form.get("client_secret")) == (
                    "client_credentials", CLIENT_ID, CLIENT_SECRET):
                self._send(200, {"access_token": TOKEN, "token_type": "Bearer", "expires_in": 3600})
            else:
                self._send(401, {"error": "invalid_client",
                                 "error_description": "Unknown client or wrong secret."})
            return
        mode, _, api_path = url.path.lstrip("/").partition("/")
        endpoint = next((e for e in self.server.endpoints
                         if e.method == method and e.pattern.match("/" + api_path)), None)
        if mode not in MODES or endpoint is None:
            self._send(404, {"code": "NOT_FOUND", "message": f"No operation {method} /{api_path}", "status": 404})
            return
        cors = mode != "nocors"
        authorization = self.headers.get("Authorization") or ""
        if not re.fullmatch(r"Bearer \S+", authorization) and endpoint.unauthorized is not None:
            self._send(401, endpoint.unauthorized.example, cors=cors)
            return
        example = endpoint.success.example
        self._send(endpoint.success.status, deviate(example) if mode == "deviate" else example, cors=cors)

    def _send(self, status: int, payload: Any, *, cors: bool = True) -> None:
        data = json.dumps(payload).encode() if payload is not None else b""
        self.send_response(status)
        if cors:
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE")
            self.send_header("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-Id")
            self.send_header("Access-Control-Expose-Headers", "X-Request-Id")
        self.send_header("X-Request-Id", "mock-1")
        if payload is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
